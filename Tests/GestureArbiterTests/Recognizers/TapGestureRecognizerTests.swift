@testable import GestureArbiter
import Testing

struct TapShape: CustomTestStringConvertible, Sendable {
    let taps: Int
    let touches: Int
    var testDescription: String { "\(taps) tap(s) of \(touches) finger(s)" }
}

@Suite struct TapGestureRecognizerTests {
    /// A world with view V (0,0,300,300) and a tap T on it.
    static func world(taps: Int = 1, touches: Int = 1) -> (TestWorld, TapGestureRecognizer) {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = taps
        tap.numberOfTouchesRequired = touches
        world.attach(tap, "T", to: view)
        return (world, tap)
    }

    /// One tap of `fingers` fingers at `start`, fingers 10 pt apart, 50 ms down.
    static func multiTap(_ world: TestWorld, firstID: Int, fingers: Int, at start: Double) throws {
        let downs = (0..<fingers).map { TouchInput(id: firstID + $0, phase: .began, x: 100 + Double($0) * 10, y: 100) }
        let ups = (0..<fingers).map { TouchInput(id: firstID + $0, phase: .ended, x: 100 + Double($0) * 10, y: 100) }
        try world.environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: start), touches: downs))
        try world.environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: start + 0.05), touches: ups))
    }

    @Test("R81, R82, R86: taps × fingers are recognized at the last lift-off", arguments: [
        TapShape(taps: 1, touches: 1), TapShape(taps: 2, touches: 1), TapShape(taps: 3, touches: 1),
        TapShape(taps: 1, touches: 2), TapShape(taps: 2, touches: 2), TapShape(taps: 3, touches: 2),
    ])
    func recognized(_ shape: TapShape) throws {
        let (world, _) = Self.world(taps: shape.taps, touches: shape.touches)
        for tap in 0..<shape.taps {
            try Self.multiTap(world, firstID: 1 + tap * shape.touches, fingers: shape.touches, at: Double(tap) * 0.2)
        }
        let lastLift = Double(shape.taps - 1) * 0.2 + 0.05
        #expect(world.log.lines.contains("\(Timestamp(seconds: lastLift)) gesture T recognized"))
        try world.advance(to: 5)
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R86, R88, R78: the next tap must land before 0.35 s after the lift; at the deadline the timer fires first",
          arguments: zip([-1 as Int64, 0, 1], ["recognized", "failed", "failed"]))
    func interTapBoundary(_ offset: Int64, _ outcome: String) throws {
        let (world, _) = Self.world(taps: 2)
        try world.tap(1, at: 0, 100, 100, duration: 0.1)
        let secondDown = Timestamp(nanoseconds: 450_000_000 + offset)
        try world.environment.dispatch(TouchEvent(timestamp: secondDown, touches: [TouchInput(id: 2, phase: .began, x: 100, y: 100)]))
        try world.up(2, at: 0.6, 100, 100)
        let lines = world.log.lines.filter { $0.contains("gesture") }
        #expect(lines == [outcome == "recognized" ? "0.600 gesture T recognized" : "0.450 gesture T failed"])
    }

    @Test("R84, R87, R89: a finger down for 1.5 s fails at exactly 1.500; 1 ns earlier it is still possible",
          arguments: zip([-1 as Int64, 0], [true, false]))
    func durationBoundary(_ offset: Int64, _ recognized: Bool) throws {
        let (world, _) = Self.world()
        try world.down(1, at: 0, 100, 100)
        let lift = Timestamp(nanoseconds: 1_500_000_000 + offset)
        try world.environment.dispatch(TouchEvent(timestamp: lift, touches: [TouchInput(id: 1, phase: .ended, x: 100, y: 100)]))
        let gestureLines = world.log.lines.filter { $0.contains("gesture") }
        #expect(gestureLines == [recognized ? "1.500 gesture T recognized" : "1.500 gesture T failed"])
    }

    @Test("R85, R90: moving the centroid 45 pt keeps the tap; 45.0001 pt fails it", arguments: zip([45.0, 45.0001], [true, false]))
    func movementBoundary(_ distance: Double, _ recognized: Bool) throws {
        let (world, _) = Self.world()
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.02, 100 + distance, 100)
        try world.up(1, at: 0.04, 100 + distance, 100)
        #expect(world.log.lines.contains(recognized ? "0.040 gesture T recognized" : "0.020 gesture T failed"))
    }

    @Test("R84, R90: a later tap landing farther than 45 pt from the FIRST tap's start fails", arguments: zip([45.0, 45.0001], [true, false]))
    func secondTapDistance(_ distance: Double, _ recognized: Bool) throws {
        let (world, _) = Self.world(taps: 2)
        try world.tap(1, at: 0, 100, 100, duration: 0.05)
        try world.tap(2, at: 0.2, 100, 100 + distance, duration: 0.05)
        #expect(world.log.lines.contains(recognized ? "0.250 gesture T recognized" : "0.200 gesture T failed"))
    }

    @Test("R84: more fingers than required fail at once; R86: fewer fail at the lift")
    func fingerCounts() throws {
        let (tooMany, _) = Self.world(touches: 2)
        try Self.multiTap(tooMany, firstID: 1, fingers: 3, at: 0)
        #expect(tooMany.log.lines.filter { $0.contains("gesture") } == ["0.000 gesture T failed"])
        let (tooFew, _) = Self.world(touches: 2)
        try Self.multiTap(tooFew, firstID: 1, fingers: 1, at: 0)
        #expect(tooFew.log.lines.filter { $0.contains("gesture") } == ["0.050 gesture T failed"])
    }

    @Test("R87: a cancelled touch fails the tap")
    func cancelled() throws {
        let (world, _) = Self.world()
        try world.down(1, at: 0, 100, 100)
        try world.send(0.05, TouchInput(id: 1, phase: .cancelled, x: 100, y: 100))
        #expect(world.log.lines == ["0.000 touch 1 hit V", "0.000 view V began 1", "0.050 gesture T failed", "0.050 view V cancelled 1"])
        #expect(world.environment.isIdle)
    }

    @Test("R92: after recognition or failure the count restarts")
    func restarts() throws {
        let (world, _) = Self.world(taps: 2)
        try world.tap(1, at: 0, 100, 100, duration: 0.05)
        try world.tap(2, at: 0.2, 100, 100, duration: 0.05)
        try world.tap(3, at: 0.4, 100, 100, duration: 0.05)
        try world.advance(to: 2)
        try world.tap(4, at: 2, 100, 100, duration: 0.05)
        try world.tap(5, at: 2.2, 100, 100, duration: 0.05)
        #expect(world.log.lines.filter { $0.contains("gesture") } == [
            "0.250 gesture T recognized", "0.800 gesture T failed", "2.250 gesture T recognized",
        ])
    }

    @Test("R42: location(in:) is the centroid at recognition")
    func location() throws {
        let (world, tap) = Self.world(touches: 2)
        var locations: [Point] = []
        tap.addAction { locations.append($0.location(in: nil)) }
        try world.send(0, TouchInput(id: 1, phase: .began, x: 100, y: 100), TouchInput(id: 2, phase: .began, x: 120, y: 140))
        try world.send(0.05, TouchInput(id: 1, phase: .ended, x: 100, y: 100), TouchInput(id: 2, phase: .ended, x: 120, y: 140))
        #expect(locations == [Point(x: 110, y: 120)])
    }

    /// A tap of the given shape, in no view.
    static func tap(_ shape: TapShape) -> TapGestureRecognizer {
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = shape.taps
        tap.numberOfTouchesRequired = shape.touches
        return tap
    }

    struct PreventCase: CustomTestStringConvertible, Sendable {
        let preventer: TapShape
        let prevented: TapShape
        let canPrevent: Bool
        var testDescription: String { "\(preventer.testDescription) vs \(prevented.testDescription)" }
    }

    @Test("R83: a tap never prevents a tap with the same fingers and more taps", arguments: [
        PreventCase(preventer: TapShape(taps: 1, touches: 1), prevented: TapShape(taps: 2, touches: 1), canPrevent: false),
        PreventCase(preventer: TapShape(taps: 2, touches: 1), prevented: TapShape(taps: 1, touches: 1), canPrevent: true),
        PreventCase(preventer: TapShape(taps: 1, touches: 1), prevented: TapShape(taps: 1, touches: 1), canPrevent: true),
        PreventCase(preventer: TapShape(taps: 1, touches: 1), prevented: TapShape(taps: 2, touches: 2), canPrevent: true),
        PreventCase(preventer: TapShape(taps: 2, touches: 2), prevented: TapShape(taps: 3, touches: 2), canPrevent: false),
    ])
    func canPrevent(_ row: PreventCase) {
        let preventer = Self.tap(row.preventer)
        let prevented = Self.tap(row.prevented)
        #expect(preventer.canPrevent(prevented) == row.canPrevent)
        #expect(prevented.canBePrevented(by: preventer))
    }

    @Test("R83: a tap can prevent a pan")
    func tapPreventsPan() {
        #expect(TapGestureRecognizer().canPrevent(PanGestureRecognizer()))
    }

    @Test("R264: a tap cannot prevent a long press with the same fingers and at least as many taps; one with fewer taps or other fingers it can", arguments: [
        // (the tap, the long press's taps and fingers): false exactly when the fingers are the
        // same and the long press's taps are at least the tap's.
        PreventCase(preventer: TapShape(taps: 1, touches: 1), prevented: TapShape(taps: 1, touches: 1), canPrevent: false),
        PreventCase(preventer: TapShape(taps: 1, touches: 1), prevented: TapShape(taps: 2, touches: 1), canPrevent: false),
        PreventCase(preventer: TapShape(taps: 2, touches: 2), prevented: TapShape(taps: 2, touches: 2), canPrevent: false),
        PreventCase(preventer: TapShape(taps: 1, touches: 1), prevented: TapShape(taps: 0, touches: 1), canPrevent: true),
        PreventCase(preventer: TapShape(taps: 2, touches: 1), prevented: TapShape(taps: 1, touches: 1), canPrevent: true),
        PreventCase(preventer: TapShape(taps: 1, touches: 1), prevented: TapShape(taps: 1, touches: 2), canPrevent: true),
    ])
    func canPreventALongPress(_ row: PreventCase) {
        let tap = Self.tap(row.preventer)
        let press = LongPressGestureRecognizer()
        press.numberOfTapsRequired = row.prevented.taps
        press.numberOfTouchesRequired = row.prevented.touches
        // Both must say yes for an exclusion (R44); the long press says no (its own
        // canBePrevented(by:) carries R264's clause), the tap yes.
        #expect((tap.canPrevent(press) && press.canBePrevented(by: tap)) == row.canPrevent)
        #expect(press.canBePrevented(by: tap) == row.canPrevent)
        #expect(tap.canPrevent(press))
        // The buttons play no part here (R264 ties them to the tap-versus-tap rule only).
        tap.buttonMaskRequired = .secondary
        #expect(press.canBePrevented(by: tap) == row.canPrevent)
    }

    @Test("R264, R152, R154, R86, R67: a single tap recognized at the first lift leaves a one-tap long press on the same view waiting; the press held past 0.5 s begins it and fails the tap of the press")
    func singleTapLeavesATapThenPressLongPress() throws {
        let (world, tap) = Self.world()
        let view = try #require(tap.view)
        let press = LongPressGestureRecognizer()
        press.numberOfTapsRequired = 1
        world.attach(press, "LP", to: view)
        // 0: touch 1 lands; neither recognizer delays began (R140), so V gets it at once.
        // 0.1: touch 1 lifts. T counts its one tap and recognizes at this lift (R86); LP counts its
        // one tap and opens the 0.35 s window for the press, deadline 0.45 (R152). T may not
        // prevent LP (R264), so LP stays possible; T cancels touch 1 in V (R67) and resets (R39).
        try world.tap(1, at: 0, 100, 100, duration: 0.1)
        #expect(press.state == .possible)
        // 0.3: touch 2 lands within the window: LP's press starts, its timer due at 0.3 + 0.5 =
        // 0.8 (R141); T starts a new tap, its 1.5 s timer due at 1.8 (R84, R89).
        try world.down(2, at: 0.3, 100, 100)
        try world.advance(to: 0.799)
        #expect(press.state == .possible && tap.state == .possible)
        // 0.8: LP's timer fires and it begins (R143); it excludes T, still possible on touch 2
        // (R154, R44), and cancels touch 2 in V (R67).
        try world.advance(to: 0.8)
        // 0.9: the lift ends LP (R148); V, whose touch was cancelled, hears nothing more.
        try world.up(2, at: 0.9, 100, 100)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1",
            "0.100 gesture T recognized", "0.100 view V cancelled 1",
            "0.300 touch 2 hit V", "0.300 view V began 2",
            "0.800 gesture T failed", "0.800 gesture LP began", "0.800 view V cancelled 2",
            "0.900 gesture LP ended",
        ])
    }

    /// A subclass that forgets to call `super.reset()`: the tap's own state is not cleared by it.
    final class ForgetfulTap: TapGestureRecognizer {
        override func reset() {}
    }

    @Test("R39, R84, R89: a tap subclass whose reset() skips super's still counts only this attempt's fingers")
    func subclassSkippingSuperReset() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
        world.attach(ForgetfulTap(), "T", to: view)
        // Finger 1 stays down past the 1.5 s tap duration: T fails with the finger down (R84,
        // R89) and the engine resets it (R39), so the finger is no longer T's when it lifts.
        try world.down(1, at: 0, 100, 100)
        try world.up(1, at: 2, 100, 100)
        // A new attempt: one finger, a quick tap, recognized at its lift (R81, R86). Had T kept
        // finger 1 among its fingers down, it would count two and fail at the touch-down.
        try world.tap(2, at: 3, 100, 100)
        #expect(world.log.lines.filter { $0.contains("gesture") } == ["1.500 gesture T failed", "3.080 gesture T recognized"])
        try world.advance(to: 5)
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }
}
