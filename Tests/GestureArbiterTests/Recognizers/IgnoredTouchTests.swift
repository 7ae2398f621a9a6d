@testable import GestureArbiter
import Testing

/// `ignore(_:for:)` leaves every recognizer's own bookkeeping right: the recognizer forgets the
/// touch as the engine does, so it never waits for an end it will not be told of (R26, R115).
@Suite struct IgnoredTouchTests {
    /// The live touch with `id`.
    static func liveTouch(_ id: Int, in world: TestWorld) throws -> Touch {
        try #require(world.environment.touches.first { $0.id == id })
    }

    @Test("R26, R100: a pan whose only finger is ignored after it began ends at once; a later tap reaches its view")
    func panEndsWhenItsOnlyFingerIsIgnored() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let pan = world.attach(PanGestureRecognizer(), "P", to: view)
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.02, 70, 50)
        #expect(pan.state == .began)
        pan.ignore(try Self.liveTouch(1, in: world), for: nil)
        #expect(pan.state == .possible)  // ended, sent, reset (R39)
        try world.up(1, at: 0.1, 70, 50)
        try world.advance(to: 10)
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
        // The pan takes the next touch as a new attempt, and does not swallow it.
        try world.tap(2, at: 11, 50, 50)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1",
            "0.020 gesture P began", "0.020 view V cancelled 1",
            "0.020 gesture P ended",
            "11.000 touch 2 hit V", "11.000 view V began 2",
            "11.080 gesture P failed", "11.080 view V ended 2",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R26, R62, R100: a possible pan with one of its two fingers ignored fails when the other lifts, releasing that end")
    func possiblePanDoesNotWithholdAnEndForEver() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        view.isMultipleTouchEnabled = true
        let pan = world.attach(PanGestureRecognizer(), "P", to: view)
        try world.down(1, at: 0, 50, 50)
        try world.down(2, at: 0.01, 60, 50)
        pan.ignore(try Self.liveTouch(1, in: world), for: nil)
        #expect(pan.numberOfTouches == 1)
        try world.up(2, at: 0.1, 60, 50)
        try world.up(1, at: 0.2, 50, 50)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.010 touch 2 hit V", "0.010 view V began 2",
            "0.100 gesture P failed", "0.100 view V ended 2",
            "0.200 view V ended 1",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R26, R99: ignoring one finger of a running pan keeps its translation; it goes on with the other")
    func panKeepsTranslationWhenOneOfTwoFingersIsIgnored() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
        view.isMultipleTouchEnabled = true
        let pan = world.attach(PanGestureRecognizer(), "P", to: view)
        try world.down(1, at: 0, 50, 50)
        try world.down(2, at: 0.01, 150, 50)
        try world.send(0.03, TouchInput(id: 1, phase: .moved, x: 70, y: 50), TouchInput(id: 2, phase: .moved, x: 170, y: 50))
        // Centroid moved 20 pt: began with the 10 pt hysteresis taken out (R95).
        #expect(pan.state == .began)
        #expect(pan.translation(in: nil) == Point(x: 10, y: 0))
        pan.ignore(try Self.liveTouch(1, in: world), for: nil)
        #expect(pan.numberOfTouches == 1)
        #expect(pan.translation(in: nil) == Point(x: 10, y: 0))
        #expect(pan.location(in: nil) == Point(x: 170, y: 50))
        try world.move(2, at: 0.05, 180, 50)
        #expect(pan.translation(in: nil) == Point(x: 20, y: 0))
        try world.up(2, at: 0.1, 180, 50)
        try world.up(1, at: 0.11, 70, 50)
        #expect(world.log.lines.filter { $0.contains("gesture") } == [
            "0.030 gesture P began", "0.030 gesture P changed", "0.050 gesture P changed", "0.100 gesture P ended",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R26, R115, R119: a pan that ignores its finger from its own began action ends after the pass; the view keeps the touch")
    func panIgnoringItsFingerFromItsActionEndsInTheNextPass() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let pan = world.attach(PanGestureRecognizer(), "P", to: view)
        pan.addAction { [unowned world] pan in
            guard pan.state == .began, let touch = world.environment.touches.first else { return }
            pan.ignore(touch, for: nil)
        }
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.02, 70, 50)
        try world.up(1, at: 0.1, 70, 50)
        // The finger left the pan before its cancelsTouchesInView ran: never cancelled in V.
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1",
            "0.020 gesture P began", "0.020 view V moved 1",
            "0.020 gesture P ended",
            "0.100 view V ended 1",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R26, R105, R109: an edge pan whose finger is ignored after it began ends at once")
    func edgePanEndsWhenItsFingerIsIgnored() throws {
        let world = TestWorld()
        world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
        let edgePan = ScreenEdgePanGestureRecognizer()
        edgePan.edges = .left
        world.attach(edgePan, "E", to: world.window)
        try world.down(1, at: 0, 5, 300)
        try world.move(1, at: 0.05, 30, 300)
        #expect(edgePan.state == .began)
        edgePan.ignore(try Self.liveTouch(1, in: world), for: nil)
        try world.up(1, at: 0.1, 30, 300)
        // The began was withheld (R109) and discarded when the edge pan began (R67): V never
        // hears of touch 1.
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.050 gesture E began", "0.050 gesture E ended",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    /// Calls `onBegan` from its touchesBegan; fails when a touch ends.
    final class Hook: GestureRecognizer {
        var onBegan: (TouchSet, Event) -> Void = { _, _ in }

        override init() {
            super.init()
            delaysTouchesEnded = false
        }

        override func touchesBegan(_ touches: TouchSet, with event: Event) { onBegan(touches, event) }
        override func touchesEnded(_ touches: TouchSet, with event: Event) { state = .failed }
    }

    @Test("R26, R105, R65: a possible edge pan whose finger another recognizer ignores for it in a pass fails, releasing its hold")
    func possibleEdgePanFailsWhenItsFingerIsIgnored() throws {
        let world = TestWorld()
        world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
        let edgePan = ScreenEdgePanGestureRecognizer()
        edgePan.edges = .left
        world.attach(edgePan, "E", to: world.window)
        // Added after the edge pan: gets the touch after it (R28) and makes it let go.
        let hook = world.attach(Hook(), "S", to: world.window)
        hook.onBegan = { touches, event in
            for touch in touches { edgePan.ignore(touch, for: event) }
        }
        try world.down(1, at: 0, 5, 300)
        #expect(edgePan.state == .possible)
        try world.up(1, at: 0.1, 5, 300)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 gesture E failed", "0.000 view V began 1",
            "0.100 gesture S failed", "0.100 view V ended 1",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R26, R86, R87: a tap whose finger is ignored while down fails at once, not at its timer")
    func tapFailsWhenItsFingerIsIgnored() throws {
        let world = TestWorld()
        world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let tap = world.attach(TapGestureRecognizer(), "T", to: world.window)
        try world.down(1, at: 0, 50, 50)
        tap.ignore(try Self.liveTouch(1, in: world), for: nil)
        try world.up(1, at: 0.08, 50, 50)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.000 gesture T failed", "0.080 view V ended 1",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R26, R86: ignoring the lifted finger of a double tap's first tap changes nothing")
    func doubleTapIgnoresALiftedFinger() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        world.attach(doubleTap, "D", to: view)
        var firstTouch: Touch?
        view.onCallback = { phase, touches in
            if phase == .began, firstTouch == nil { firstTouch = touches.first }
        }
        // The touch keeps its window, and so the view and this closure, alive: drop the closure
        // when the test ends, or the four would keep each other alive.
        defer { view.onCallback = nil }
        try world.tap(1, at: 0, 50, 50)
        doubleTap.ignore(try #require(firstTouch), for: nil)
        try world.tap(2, at: 0.2, 50, 50)
        #expect(world.log.lines.filter { $0.contains("gesture") } == ["0.280 gesture D recognized"])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R26, R66, R116: ignoring the delayed recognizer's only touch delivers its began at once and fails it")
    func delayedTouchesBeganReleasesAnIgnoredTouch() throws {
        let world = TestWorld()
        world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
        let delayed = world.attach(DelayedTouchesBeganGestureRecognizer(), "D", to: world.window)
        try world.down(1, at: 0, 50, 50)
        delayed.ignore(try Self.liveTouch(1, in: world), for: nil)
        #expect(!delayed.hasPendingTimer)
        try world.up(1, at: 0.05, 50, 50)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.000 gesture D failed", "0.050 view V ended 1",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R26, R116: the delayed recognizer keeps withholding its other touches when one is ignored")
    func delayedTouchesBeganKeepsItsOtherTouches() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
        view.isMultipleTouchEnabled = true
        let delayed = world.attach(DelayedTouchesBeganGestureRecognizer(), "D", to: world.window)
        try world.down(1, at: 0, 50, 50)
        try world.down(2, at: 0.01, 80, 50)
        delayed.ignore(try Self.liveTouch(1, in: world), for: nil)
        #expect(delayed.state == .possible)
        try world.advance(to: 0.2)
        try world.send(0.3, TouchInput(id: 1, phase: .ended, x: 50, y: 50), TouchInput(id: 2, phase: .ended, x: 80, y: 50))
        // Touch 1's began is released at once; touch 2's when the delay, started by the first
        // touch, runs out at 0.15 s (R113).
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.010 touch 2 hit V", "0.010 view V began 1",
            "0.150 gesture D failed", "0.150 view V began 2",
            "0.300 view V ended 1,2",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    /// A custom recognizer with a list of its own, following the rule of `ignore(_:for:)`'s
    /// documentation and the custom-recognizer guide: override, call super, forget, finish.
    final class OwnFingers: GestureRecognizer {
        var fingers: [Touch] = []
        var touchesSeenInOverride: [Int] = []

        override func touchesBegan(_ touches: TouchSet, with event: Event) {
            fingers.append(contentsOf: touches)
            if state == .possible { state = .began }
        }

        override func touchesEnded(_ touches: TouchSet, with event: Event) {
            fingers.removeAll { touches.contains($0) }
            if fingers.isEmpty { state = .ended }
        }

        override func ignore(_ touch: Touch, for event: Event?) {
            super.ignore(touch, for: event)
            touchesSeenInOverride.append(numberOfTouches)
            guard let index = fingers.firstIndex(where: { $0 === touch }) else { return }
            fingers.remove(at: index)
            if fingers.isEmpty { state = .cancelled }
        }

        override func reset() {
            super.reset()
            fingers.removeAll()
        }
    }

    @Test("R26, R39: a custom recognizer's ignore override runs after the engine dropped the touch; what it sets then is published")
    func customRecognizerOverridesIgnore() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let custom = world.attach(OwnFingers(), "C", to: view)
        try world.down(1, at: 0, 50, 50)
        custom.ignore(try Self.liveTouch(1, in: world), for: nil)
        #expect(custom.touchesSeenInOverride == [0])
        #expect(custom.state == .possible)
        try world.up(1, at: 0.1, 50, 50)
        #expect(world.log.lines == [
            // The began was still to be delivered when C began: discarded (R67).
            "0.000 touch 1 hit V", "0.000 gesture C began", "0.000 gesture C cancelled",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }
}
