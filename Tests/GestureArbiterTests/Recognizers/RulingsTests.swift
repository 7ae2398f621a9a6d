@testable import GestureArbiter
import Testing

private func down(_ id: Int, _ x: Double, _ y: Double) -> TouchInput { TouchInput(id: id, phase: .began, x: x, y: y) }
private func move(_ id: Int, _ x: Double, _ y: Double) -> TouchInput { TouchInput(id: id, phase: .moved, x: x, y: y) }
private func up(_ id: Int, _ x: Double, _ y: Double) -> TouchInput { TouchInput(id: id, phase: .ended, x: x, y: y) }

private typealias ScriptedEvent = RulingsTests.ScriptedEvent
private typealias RulingCase = RulingsTests.RulingCase

fileprivate extension TestWorld {
    func play(_ events: [ScriptedEvent]) throws {
        for event in events {
            try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: event.time), touches: event.touches))
        }
    }

    var gestureLines: [String] { log.lines.filter { $0.contains(" gesture ") } }
}

/// The rulings on cases the first rules left open (R124-R131), one test or more each.
@Suite struct RulingsTests {
    /// One event of a scripted input: its time and its touches.
    struct ScriptedEvent: Sendable {
        let time: Double
        let touches: [TouchInput]

        init(_ time: Double, _ touches: TouchInput...) {
            self.init(time: time, touches: touches)
        }

        init(time: Double, touches: [TouchInput]) {
            self.time = time
            self.touches = touches
        }
    }

    /// A named input script with the lines a test expects from it.
    struct RulingCase: CustomTestStringConvertible, Sendable {
        let name: String
        let events: [ScriptedEvent]
        let expected: [String]
        var testDescription: String { name }
    }

    /// A delegate that refuses the touches whose ids it lists (R24).
    final class RefusingDelegate: GestureRecognizerDelegate {
        let refused: Set<Int>

        init(refusing refused: Set<Int>) {
            self.refused = refused
        }

        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
            !refused.contains(touch.id)
        }
    }

    /// A world with one 400 x 400 view V that takes several touches.
    static func world() -> (TestWorld, RecordingView) {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 400))
        view.isMultipleTouchEnabled = true
        return (world, view)
    }

    // MARK: - R124: a tap of several fingers measures movement per finger

    static func twoFingerTap(taps: Int = 1) -> (TestWorld, TapGestureRecognizer) {
        let (world, view) = world()
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        tap.numberOfTapsRequired = taps
        world.attach(tap, "T", to: view)
        return (world, tap)
    }

    @Test("R124: a two-finger tap, fingers 100 pt apart and still, is recognized at the last lift whatever the order of the lifts", arguments: [
        RulingCase(name: "finger 1 lifts first", events: [
            ScriptedEvent(0, down(1, 100, 200), down(2, 200, 200)), ScriptedEvent(0.05, up(1, 100, 200)), ScriptedEvent(0.07, up(2, 200, 200)),
        ], expected: ["0.070 gesture T recognized"]),
        RulingCase(name: "finger 2 lifts first", events: [
            ScriptedEvent(0, down(1, 100, 200), down(2, 200, 200)), ScriptedEvent(0.05, up(2, 200, 200)), ScriptedEvent(0.07, up(1, 100, 200)),
        ], expected: ["0.070 gesture T recognized"]),
        RulingCase(name: "both lift together", events: [
            ScriptedEvent(0, down(1, 100, 200), down(2, 200, 200)), ScriptedEvent(0.05, up(1, 100, 200), up(2, 200, 200)),
        ], expected: ["0.050 gesture T recognized"]),
        RulingCase(name: "fingers land 20 ms apart and lift one at a time", events: [
            ScriptedEvent(0, down(1, 100, 200)), ScriptedEvent(0.02, down(2, 200, 200)),
            ScriptedEvent(0.05, up(2, 200, 200)), ScriptedEvent(0.07, up(1, 100, 200)),
        ], expected: ["0.070 gesture T recognized"]),
    ])
    func multiFingerTapLiftOrder(_ row: RulingCase) throws {
        let (world, _) = Self.twoFingerTap()
        try world.play(row.events)
        #expect(world.gestureLines == row.expected)
        try world.advance(to: 3)
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R124: a two-finger double tap whose fingers lift one at a time is recognized at its last lift")
    func multiFingerDoubleTap() throws {
        let (world, _) = Self.twoFingerTap(taps: 2)
        try world.play([
            ScriptedEvent(0, down(1, 100, 200), down(2, 200, 200)), ScriptedEvent(0.05, up(1, 100, 200)), ScriptedEvent(0.07, up(2, 200, 200)),
            ScriptedEvent(0.2, down(3, 100, 200), down(4, 200, 200)), ScriptedEvent(0.25, up(4, 200, 200)), ScriptedEvent(0.27, up(3, 100, 200)),
        ])
        #expect(world.gestureLines == ["0.270 gesture T recognized"])
    }

    @Test("R124, R90: the centroid of the fingers still down may move 45 pt from where those fingers landed; 45.0001 pt fails at that move; a lift is not movement", arguments: [
        // Finger 1 moves 90 pt with finger 2 resting: the centroid of both moves 45 pt.
        RulingCase(name: "both down, centroid 45 pt", events: [
            ScriptedEvent(0, down(1, 100, 200), down(2, 200, 200)), ScriptedEvent(0.02, move(1, 190, 200)),
            ScriptedEvent(0.04, up(1, 190, 200)), ScriptedEvent(0.06, up(2, 200, 200)),
        ], expected: ["0.060 gesture T recognized"]),
        RulingCase(name: "both down, centroid 45.0001 pt", events: [
            ScriptedEvent(0, down(1, 100, 200), down(2, 200, 200)), ScriptedEvent(0.02, move(1, 190.0002, 200)),
            ScriptedEvent(0.04, up(1, 190.0002, 200)), ScriptedEvent(0.06, up(2, 200, 200)),
        ], expected: ["0.020 gesture T failed"]),
        // After finger 2 lifts, finger 1 alone is measured against where finger 1 landed.
        RulingCase(name: "one left, 45 pt from its landing", events: [
            ScriptedEvent(0, down(1, 100, 200), down(2, 200, 200)), ScriptedEvent(0.02, up(2, 200, 200)),
            ScriptedEvent(0.04, move(1, 145, 200)), ScriptedEvent(0.06, up(1, 145, 200)),
        ], expected: ["0.060 gesture T recognized"]),
        RulingCase(name: "one left, 45.0001 pt from its landing", events: [
            ScriptedEvent(0, down(1, 100, 200), down(2, 200, 200)), ScriptedEvent(0.02, up(2, 200, 200)),
            ScriptedEvent(0.04, move(1, 145.0001, 200)), ScriptedEvent(0.06, up(1, 145.0001, 200)),
        ], expected: ["0.040 gesture T failed"]),
        // Finger 1 moves 60 pt while finger 2 rests (centroid 30 pt); finger 2's lift leaves finger 1
        // alone 60 pt from its landing, but a lift is not movement and nothing is measured at a lift.
        RulingCase(name: "a lift that leaves the finger still down 60 pt from its landing", events: [
            ScriptedEvent(0, down(1, 100, 200), down(2, 200, 200)), ScriptedEvent(0.02, move(1, 160, 200)),
            ScriptedEvent(0.04, up(2, 200, 200)), ScriptedEvent(0.06, up(1, 160, 200)),
        ], expected: ["0.060 gesture T recognized"]),
        // Finger 2 lifts 100 pt from where it landed in the event in which finger 1 moves 10 pt:
        // finger 2 is no longer down, so only finger 1's 10 pt is measured.
        RulingCase(name: "a finger lifting elsewhere in the event in which the other moves", events: [
            ScriptedEvent(0, down(1, 100, 200), down(2, 200, 200)), ScriptedEvent(0.02, move(1, 110, 200), up(2, 300, 200)),
            ScriptedEvent(0.04, up(1, 110, 200)),
        ], expected: ["0.040 gesture T recognized"]),
    ])
    func multiFingerTapMovement(_ row: RulingCase) throws {
        let (world, _) = Self.twoFingerTap()
        try world.play(row.events)
        #expect(world.gestureLines == row.expected)
    }

    // MARK: - R125: a touch a pan ignores sends no action

    @Test("R125: a pan with maximumNumberOfTouches 1 sends nothing for a finger it ignores, and changed when its own finger moves in the same event",
          arguments: [false, true])
    func ignoredFingerSendsNoChanged(_ movesWithTheExtraFinger: Bool) throws {
        let (world, view) = Self.world()
        let pan = world.attach(PanGestureRecognizer(), "P", to: view)
        pan.maximumNumberOfTouches = 1
        var landing = [down(2, 300, 300)]
        if movesWithTheExtraFinger { landing.append(move(1, 135, 100)) }
        try world.play([
            ScriptedEvent(0, down(1, 100, 100)), ScriptedEvent(0.02, move(1, 130, 100)),
            ScriptedEvent(time: 0.04, touches: landing),
        ])
        #expect(pan.numberOfTouches == 1)
        try world.play([ScriptedEvent(0.06, up(2, 300, 300)), ScriptedEvent(0.08, move(1, 140, 100)), ScriptedEvent(0.1, up(1, 140, 100))])
        let expected = ["0.020 gesture P began"] + (movesWithTheExtraFinger ? ["0.040 gesture P changed"] : [])
            + ["0.080 gesture P changed", "0.100 gesture P ended"]
        #expect(world.gestureLines == expected)
    }

    @Test("R125, R105: an edge pan (one touch) sends nothing for a second finger landing and lifting")
    func edgePanIgnoresSecondFinger() throws {
        let (world, view) = Self.world()
        let pan = ScreenEdgePanGestureRecognizer()
        pan.edges = .left
        world.attach(pan, "E", to: view)
        try world.play([
            ScriptedEvent(0, down(1, 5, 100)), ScriptedEvent(0.02, move(1, 40, 100)),
            ScriptedEvent(0.04, down(2, 300, 300)), ScriptedEvent(0.06, up(2, 300, 300)),
            ScriptedEvent(0.08, move(1, 60, 100)), ScriptedEvent(0.1, up(1, 60, 100)),
        ])
        #expect(world.gestureLines == ["0.020 gesture E began", "0.080 gesture E changed", "0.100 gesture E ended"])
    }

    // MARK: - R126: a view without multiple touch takes one touch at a time

    @Test("R126: a second touch reaches a view without multiple touch only once the first is physically up, even while that end is withheld",
          arguments: [
              RulingCase(name: "touch 2 lands while touch 1 is down", events: [
                  ScriptedEvent(0, down(1, 100, 100)), ScriptedEvent(0.04, down(2, 110, 100)),
                  ScriptedEvent(0.05, up(1, 100, 100)), ScriptedEvent(0.06, up(2, 110, 100)),
              ], expected: [
                  "0.000 touch 1 hit V", "0.000 view V began 1", "0.040 touch 2 hit V",
                  "0.400 gesture D failed", "0.400 view V ended 1",
              ]),
              RulingCase(name: "touch 2 lands after touch 1 lifted, its end withheld", events: [
                  ScriptedEvent(0, down(1, 100, 100)), ScriptedEvent(0.05, up(1, 100, 100)),
                  ScriptedEvent(0.1, down(2, 110, 100)), ScriptedEvent(0.12, up(2, 110, 100)),
              ], expected: [
                  "0.000 touch 1 hit V", "0.000 view V began 1", "0.100 touch 2 hit V", "0.100 view V began 2",
                  "0.120 view V ended 2", "0.400 gesture D failed", "0.400 view V ended 1",
              ]),
          ])
    func singleTouchViewAfterWithheldEnd(_ row: RulingCase) throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 400))
        // D withholds touch 1's end while it waits for a second tap (R62) and refuses touch 2, so
        // touch 2 reaches the view unless R126 keeps it out.
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        let delegate = RefusingDelegate(refusing: [2])
        world.retained.append(delegate)
        doubleTap.delegate = delegate
        world.attach(doubleTap, "D", to: view)
        try world.play(row.events)
        try world.advance(to: 1)
        #expect(world.log.lines == row.expected)
    }

    @Test("R126, R18: a touch the view received and a recognizer then cancelled in it still keeps others out while it is down; a touch the view never received does not")
    func singleTouchViewAfterCancelledTouch() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 400))
        let pan = world.attach(PanGestureRecognizer(), "P", to: view)
        pan.maximumNumberOfTouches = 1
        try world.play([
            ScriptedEvent(0, down(1, 100, 100)), ScriptedEvent(0.02, move(1, 130, 100)),
            // Touch 1 was cancelled in V but is still down: touch 2 does not reach V.
            ScriptedEvent(0.04, down(2, 200, 200)), ScriptedEvent(0.08, up(1, 130, 100)),
            // Touch 2 is down, but V never received it: touch 3 reaches V.
            ScriptedEvent(0.1, down(3, 150, 150)), ScriptedEvent(0.11, up(2, 200, 200)), ScriptedEvent(0.12, up(3, 150, 150)),
        ])
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.020 gesture P began", "0.020 view V cancelled 1",
            "0.040 touch 2 hit V", "0.080 gesture P ended", "0.100 touch 3 hit V", "0.100 view V began 3",
            "0.120 gesture P failed", "0.120 view V ended 3",
        ])
    }

    // MARK: - R127: a touch that joins a published recognizer never reaches its view

    struct JoinCase: CustomTestStringConvertible, Sendable {
        let cancelsTouchesInView: Bool
        let maximumNumberOfTouches: Int
        let reachesView: Bool
        var testDescription: String {
            "cancelsTouchesInView \(cancelsTouchesInView), maximumNumberOfTouches \(maximumNumberOfTouches == .max ? "unlimited" : String(maximumNumberOfTouches))"
        }
    }

    @Test("R127, R74, R125: a finger that joins a began pan with cancelsTouchesInView never reaches the view; with the flag off, or ignored, it does", arguments: [
        JoinCase(cancelsTouchesInView: true, maximumNumberOfTouches: .max, reachesView: false),
        JoinCase(cancelsTouchesInView: false, maximumNumberOfTouches: .max, reachesView: true),
        JoinCase(cancelsTouchesInView: true, maximumNumberOfTouches: 1, reachesView: true),
    ])
    func joinedTouchNeverReachesView(_ row: JoinCase) throws {
        let (world, view) = Self.world()
        let pan = world.attach(PanGestureRecognizer(), "P", to: view)
        pan.cancelsTouchesInView = row.cancelsTouchesInView
        pan.maximumNumberOfTouches = row.maximumNumberOfTouches
        try world.play([
            ScriptedEvent(0, down(1, 100, 100)), ScriptedEvent(0.02, move(1, 130, 100)),
            ScriptedEvent(0.04, down(2, 200, 200)), ScriptedEvent(0.06, move(2, 210, 200)),
            ScriptedEvent(0.08, up(2, 210, 200)), ScriptedEvent(0.1, up(1, 130, 100)),
        ])
        let touch2 = world.log.lines.filter { $0.contains(" view V ") && $0.hasSuffix(" 2") }
        #expect(touch2 == (row.reachesView ? ["0.040 view V began 2", "0.060 view V moved 2", "0.080 view V ended 2"] : []))
    }

    // MARK: - R128: a newcomer to a sequence with a published recognizer is excluded at once

    struct NewcomerCase: CustomTestStringConvertible, Sendable {
        let maximumNumberOfTouches: Int
        let simultaneous: Bool
        let expected: [String]
        var testDescription: String {
            "pan maximum \(maximumNumberOfTouches == .max ? "unlimited" : String(maximumNumberOfTouches)), simultaneous \(simultaneous)"
        }
    }

    @Test("R128, R44, R125: a tap that starts tracking a finger after a related pan began fails in that finger's binding pass, even when the pan ignores the finger", arguments: [
        NewcomerCase(maximumNumberOfTouches: 1, simultaneous: false, expected: ["0.020 gesture P began", "0.040 gesture T failed", "0.100 gesture P ended"]),
        NewcomerCase(maximumNumberOfTouches: .max, simultaneous: false, expected: [
            "0.020 gesture P began", "0.040 gesture T failed", "0.040 gesture P changed", "0.060 gesture P changed", "0.100 gesture P ended",
        ]),
        NewcomerCase(maximumNumberOfTouches: 1, simultaneous: true, expected: ["0.020 gesture P began", "0.060 gesture T recognized", "0.100 gesture P ended"]),
    ])
    func newcomerIsExcluded(_ row: NewcomerCase) throws {
        let (world, view) = Self.world()
        let child = world.addView("C", Rect(x: 200, y: 200, width: 100, height: 100), to: view)
        child.isMultipleTouchEnabled = true
        let pan = world.attach(PanGestureRecognizer(), "P", to: view)
        pan.maximumNumberOfTouches = row.maximumNumberOfTouches
        world.attach(TapGestureRecognizer(), "T", to: child)
        if row.simultaneous {
            let delegate = TestDelegate()
            delegate.simultaneousWith = ["T"]
            world.retained.append(delegate)
            pan.delegate = delegate
        }
        try world.play([
            ScriptedEvent(0, down(1, 100, 100)), ScriptedEvent(0.02, move(1, 130, 100)),
            ScriptedEvent(0.04, down(2, 250, 250)), ScriptedEvent(0.06, up(2, 250, 250)), ScriptedEvent(0.1, up(1, 130, 100)),
        ])
        #expect(world.gestureLines == row.expected)
    }

    // MARK: - R129: an exclusive-touch view refused a touch; its recognizers still get it

    @Test("R129, R20: a finger landing on an exclusive-touch view while another view tracks a touch skips the view but reaches its recognizers",
          arguments: [true, false])
    func exclusiveViewRefusesButRecognizersGet(_ otherViewTracking: Bool) throws {
        let world = TestWorld()
        world.addView("O", Rect(x: 0, y: 0, width: 200, height: 400))
        let exclusive = world.addView("E", Rect(x: 200, y: 0, width: 200, height: 400))
        exclusive.isExclusiveTouch = true
        world.attach(TapGestureRecognizer(), "T", to: exclusive)
        if otherViewTracking { try world.down(1, at: 0, 100, 100) }
        try world.play([ScriptedEvent(0.02, down(2, 300, 100)), ScriptedEvent(0.06, up(2, 300, 100))])
        if otherViewTracking { try world.up(1, at: 0.1, 100, 100) }
        #expect(world.log.lines == (otherViewTracking
            ? ["0.000 touch 1 hit O", "0.000 view O began 1", "0.020 touch 2 hit E", "0.060 gesture T recognized", "0.100 view O ended 1"]
            : ["0.020 touch 2 hit E", "0.020 view E began 2", "0.060 gesture T recognized", "0.060 view E cancelled 2"]))
    }

    // MARK: - R130: a move in the event that changes a pan's fingers counts

    /// Pan values per action: state, translation and velocity (window points, points per second).
    static func valuesWorld(minimum: Int = 1) -> (TestWorld, Log) {
        let (world, view) = world()
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = minimum
        view.addGestureRecognizer(pan)
        let values = Log()
        pan.addAction { [clock = world.clock] pan in
            values.lines.append("\(clock.now) \(pan.state) tr=\(pan.translation(in: nil)) v=\(pan.velocity(in: nil))")
        }
        return (world, values)
    }

    @Test("R130, R94, R95, R97, R99: only the change of the finger set is re-based; a move in the same event counts toward the translation and the hysteresis", arguments: [
        // Finger 1's 20 pt move counts first, over the fingers as they were (finger 1 alone):
        // tr 20, began with 10 after the hysteresis, sample 20 pt / 20 ms = 1000 pt/s. Finger 2's
        // landing then takes the centroid from 120 to 210, re-based. At 0.04 the centroid of both
        // moves 10 pt: tr 20, sample 500, v = 0.2 * 500 + 0.8 * 1000 = 900.
        RulingCase(name: "a finger lands while the other moves", events: [
            ScriptedEvent(0, down(1, 100, 100)), ScriptedEvent(0.02, move(1, 120, 100), down(2, 300, 100)),
            ScriptedEvent(0.04, move(1, 140, 100)), ScriptedEvent(0.06, up(1, 140, 100), up(2, 300, 100)),
        ], expected: [
            "0.020 began tr=(10.0, 0.0) v=(1000.0, 0.0)", "0.040 changed tr=(20.0, 0.0) v=(900.0, 0.0)",
            "0.060 ended tr=(20.0, 0.0) v=(900.0, 0.0)",
        ]),
        // Centroid 200 -> 225 begins the pan (25 - 10 = 15; 1250 pt/s). At 0.04 finger 1 moves 20 pt
        // while finger 2 lifts: finger 2 stays where it was last seen (300; its lift location 340 is
        // not movement), so the centroid of the two moves 225 -> 235: tr 25, sample 500,
        // v = 0.2 * 500 + 0.8 * 1250 = 1100; the lift then takes the centroid to 170, re-based.
        RulingCase(name: "a finger lifts elsewhere while the other moves", events: [
            ScriptedEvent(0, down(1, 100, 100), down(2, 300, 100)), ScriptedEvent(0.02, move(1, 150, 100)),
            ScriptedEvent(0.04, move(1, 170, 100), up(2, 340, 100)), ScriptedEvent(0.06, up(1, 170, 100)),
        ], expected: [
            "0.020 began tr=(15.0, 0.0) v=(1250.0, 0.0)", "0.040 changed tr=(25.0, 0.0) v=(1100.0, 0.0)",
            "0.060 ended tr=(25.0, 0.0) v=(1100.0, 0.0)",
        ]),
        // Finger 1 moves 20 pt while finger 2 lifts 20 pt back from where it was: the centroid of
        // the two moves 200 -> 210, and the pan begins in that event (10 - 10 = 0; 500 pt/s).
        RulingCase(name: "a lift and a 20 pt move of the other begin the pan", events: [
            ScriptedEvent(0, down(1, 100, 100), down(2, 300, 100)), ScriptedEvent(0.02, move(1, 120, 100), up(2, 280, 100)),
            ScriptedEvent(0.04, up(1, 120, 100)),
        ], expected: ["0.020 began tr=(0.0, 0.0) v=(500.0, 0.0)", "0.040 ended tr=(0.0, 0.0) v=(500.0, 0.0)"]),
        // 19.998 pt moves the centroid of the two 9.999 pt: short of the 10 pt.
        RulingCase(name: "a lift and a 19.998 pt move of the other do not", events: [
            ScriptedEvent(0, down(1, 100, 100), down(2, 300, 100)), ScriptedEvent(0.02, move(1, 119.998, 100), up(2, 280, 100)),
            ScriptedEvent(0.04, up(1, 119.998, 100)),
        ], expected: []),
    ])
    func moveInTheEventThatChangesTheFingers(_ row: RulingCase) throws {
        let (world, values) = Self.valuesWorld()
        try world.play(row.events)
        #expect(values.lines == row.expected)
    }

    // MARK: - R131: the order and grouping of phases released together

    @Test("R131, R66: begans released in one pass go out by began time, then touch id; one call per view for touches that began together, each followed by its catch-up")
    func releasedBegansOrderAndGrouping() throws {
        let world = TestWorld()
        let left = world.addView("A", Rect(x: 0, y: 0, width: 200, height: 400))
        left.isMultipleTouchEnabled = true
        world.addView("B", Rect(x: 200, y: 0, width: 200, height: 400))
        // A five-finger tap that withholds begans (R61) and gets four fingers: it fails when its
        // 1.5 s duration timer fires (R87, R89), releasing every withheld phase in that pass.
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 5
        tap.delaysTouchesBegan = true
        world.attach(tap, "T", to: world.window)
        try world.play([
            ScriptedEvent(0, down(1, 50, 100)),
            ScriptedEvent(0.01, down(4, 70, 100), down(2, 250, 100), down(3, 60, 100)),
            ScriptedEvent(0.02, move(1, 55, 100)), ScriptedEvent(0.03, up(2, 250, 100)),
        ])
        try world.advance(to: 2)
        #expect(world.log.lines.filter { !$0.contains(" hit ") } == [
            "1.500 gesture T failed",
            "1.500 view A began 1", "1.500 view A moved 1",
            "1.500 view B began 2", "1.500 view B ended 2",
            "1.500 view A began 3,4",
        ])
        #expect(left.seenTimestamps.map { "\($0.phase) \($0.id) \($0.time)" } == [
            "began 1 0.000", "moved 1 0.020", "began 3 0.010", "began 4 0.010",
        ])
    }

    @Test("R131, R62, R66: ends of one view released in one pass go out in one call, each with its own timestamp")
    func releasedEndsGrouping() throws {
        let (world, tap) = Self.twoFingerTap(taps: 2)
        try world.play([
            ScriptedEvent(0, down(1, 100, 200), down(2, 120, 200)), ScriptedEvent(0.05, up(1, 100, 200)), ScriptedEvent(0.07, up(2, 120, 200)),
        ])
        try world.advance(to: 1)
        // The inter-tap timer started at the last lift: 0.07 + 0.35 = 0.42 (R86, R88).
        #expect(world.log.lines.filter { !$0.contains(" hit ") } == [
            "0.000 view V began 1,2", "0.420 gesture T failed", "0.420 view V ended 1,2",
        ])
        let recorded = (tap.view as? RecordingView)?.seenTimestamps.filter { $0.phase == .ended }.map { "\($0.id) \($0.time)" }
        #expect(recorded == ["1 0.050", "2 0.070"])
    }
}
