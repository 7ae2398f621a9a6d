@testable import GestureArbiter
import Testing

/// The views' side of a recognition (R67, R68, R73), and the steps a pass skips when they would
/// change nothing: a recognizer with one touch to cancel in its view takes a path of its own
/// when no tracer is attached (`cancelSoleTouchInView`), and a pass whose recognizers are all
/// possible or failed skips arbitration and actions. Each case runs traced and untraced and
/// must give the same views' callbacks and actions, the ones the rules give.
@Suite struct CancelInViewTests {
    enum Case: String, CaseIterable, Sendable {
        /// A tap on V: its one finger is cancelled in V after the action (R67, R68).
        case tap
        /// A tap and a double tap on V, tapped twice: the tap recognizes at each lift and
        /// cancels that finger (R86, R67); at the second lift the double tap recognizes, excludes
        /// the tap, which cannot prevent it (R83, R44), and cancels the second finger alone: the
        /// first was cancelled in V at the first lift (R73).
        case doubleTap
        /// A tap that delays touches began: its finger's began is withheld until it recognizes,
        /// then discarded, so V hears nothing of the finger (R61, R67).
        case withheldBegan
        /// A two-finger tap: both fingers cancelled in V in one call (R67).
        case twoFingers
        /// A tap that requires a double tap to fail: the touch-down leaves both possible, so the
        /// pass skips arbitration whatever they require; at the lift the tap is held (R54) and
        /// V's ended withheld (R62, R63), until the double tap fails 0.35 s later (R87); then the
        /// tap is released (R56) and V gets the finger cancelled, its withheld ended discarded
        /// (R67).
        case requiresDoubleTapToFail
    }

    /// The views' callbacks and the actions of one run (the tracer's own lines left out, so
    /// that traced and untraced runs compare).
    static func log(_ scenario: Case, traced: Bool) throws -> [String] {
        let world = TestWorld()
        if !traced { world.environment.tracer = nil }
        let v = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        v.isMultipleTouchEnabled = true
        switch scenario {
        case .tap:
            world.attach(TapGestureRecognizer(), "T", to: v)
            try world.tap(1, at: 0, 50, 50)
        case .doubleTap:
            world.attach(TapGestureRecognizer(), "T", to: v)
            let double = world.attach(TapGestureRecognizer(), "D", to: v)
            double.numberOfTapsRequired = 2
            try world.tap(1, at: 0, 50, 50)
            try world.tap(2, at: 0.2, 50, 50)
        case .withheldBegan:
            world.attach(TapGestureRecognizer(), "T", to: v).delaysTouchesBegan = true
            try world.tap(1, at: 0, 50, 50)
        case .twoFingers:
            world.attach(TapGestureRecognizer(), "T", to: v).numberOfTouchesRequired = 2
            try world.send(0, TouchInput(id: 1, phase: .began, x: 40, y: 50), TouchInput(id: 2, phase: .began, x: 80, y: 50))
            try world.send(0.08, TouchInput(id: 1, phase: .ended, x: 40, y: 50), TouchInput(id: 2, phase: .ended, x: 80, y: 50))
        case .requiresDoubleTapToFail:
            let tap = world.attach(TapGestureRecognizer(), "T", to: v)
            let double = world.attach(TapGestureRecognizer(), "D", to: v)
            double.numberOfTapsRequired = 2
            tap.require(toFail: double)
            try world.tap(1, at: 0, 50, 50)
        }
        try world.advance(to: 1)
        let lines = world.log.lines.filter { $0.contains(" view ") || ($0.contains(" gesture ") && !$0.hasSuffix(" failed")) }
        return lines + ["idle \(world.environment.isIdle)"]
    }

    @Test("R67, R68, R73: a recognition cancels its touches in their view after its action, traced or not", arguments: Case.allCases)
    func sameCallbacksTracedOrNot(scenario: Case) throws {
        let expected: [String]
        switch scenario {
        case .tap:
            expected = ["0.000 view V began 1", "0.080 gesture T recognized", "0.080 view V cancelled 1"]
        case .doubleTap:
            expected = [
                "0.000 view V began 1", "0.080 gesture T recognized", "0.080 view V cancelled 1",
                "0.200 view V began 2", "0.280 gesture D recognized", "0.280 view V cancelled 2",
            ]
        case .withheldBegan:
            expected = ["0.080 gesture T recognized"]
        case .twoFingers:
            expected = ["0.000 view V began 1,2", "0.080 gesture T recognized", "0.080 view V cancelled 1,2"]
        case .requiresDoubleTapToFail:
            expected = ["0.000 view V began 1", "0.430 gesture T recognized", "0.430 view V cancelled 1"]
        }
        for traced in [true, false] {
            #expect(try Self.log(scenario, traced: traced) == expected + ["idle true"], "\(scenario), traced: \(traced)")
        }
    }

    @Test("R55: a finger that lands while a requirement runs fails the recognizer it binds in that pass: its arbitration is not skipped")
    func requirementRunningAtTouchDown() throws {
        let world = TestWorld()
        let v = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let w = world.addView("W", Rect(x: 200, y: 0, width: 200, height: 200))
        let pan = world.attach(PanGestureRecognizer(), "P", to: w)
        let tap = world.attach(TapGestureRecognizer(), "T", to: v)
        tap.require(toFail: pan)
        try world.down(1, at: 0, 250, 50)
        try world.move(1, at: 0.05, 280, 50)
        #expect(pan.state == .began)
        // All the recognizers the touch-down binds are possible, but the pan, which the tap
        // requires to fail, has begun: the tap fails in the touch-down's pass (R55), not at its
        // lift, and never recognizes.
        try world.down(2, at: 0.1, 50, 50)
        try world.up(2, at: 0.15, 50, 50)
        try world.up(1, at: 0.2, 280, 50)
        #expect(world.log.lines.filter { $0.contains("gesture T") } == ["0.100 gesture T failed"])
        #expect(world.transitions(of: tap).count == 1)
        #expect(world.transitions(of: tap).first?.hasPrefix("possible -> failed") == true)
        #expect(world.environment.isIdle)
    }

    /// Waits 1 s from its first touch-down, then fails: still possible after a quick lift, it
    /// withholds the lift's ended from the view (R62) until then. No other recognizer can
    /// exclude it (R44), so it outlives a recognition of the same finger.
    final class WaitsOneSecond: GestureRecognizer {
        override func touchesBegan(_ touches: TouchSet, with event: Event) {
            if !hasPendingTimer { startTimer(after: .seconds(1)) }
        }

        override func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { false }

        override func timerDidFire() {
            state = .failed
        }
    }

    @Test("R67: a recognition that cancels a touch in its view drops every other recognizer's hold on it, traced or not")
    func cancellationDropsOtherHolds() throws {
        for traced in [true, false] {
            let world = TestWorld()
            if !traced { world.environment.tracer = nil }
            let v = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
            let tap = world.attach(TapGestureRecognizer(), "T", to: v)
            let double = world.attach(TapGestureRecognizer(), "D", to: v)
            double.numberOfTapsRequired = 2
            tap.require(toFail: double)
            world.attach(WaitsOneSecond(), "H", to: v)
            try world.tap(1, at: 0, 50, 50)
            // At the lift the tap, held by the double tap (R54), the double tap and H all
            // withhold the ended (R62, R63).
            #expect(world.environment.busyReasons.first == #"touch 1 still referenced (holds began 0, ended 3; recognizers ["T", "D", "H"])"#, "traced: \(traced)")
            // The double tap fails at 0.430 (R87) and lets go of its hold (R65); the tap is
            // released (R56), recognizes and cancels the finger in V (R67), which drops H's hold
            // too: H still tracks the finger, but withholds nothing.
            try world.advance(to: 0.5)
            #expect(world.environment.busyReasons == [
                #"touch 1 still referenced (holds began 0, ended 0; recognizers ["H"])"#, "H is possible with a pending timer",
            ], "traced: \(traced)")
            try world.advance(to: 1.5)
            #expect(world.log.lines.filter { $0.contains(" view ") || $0.hasSuffix(" recognized") } == [
                "0.000 view V began 1", "0.430 gesture T recognized", "0.430 view V cancelled 1",
            ], "traced: \(traced)")
            #expect(world.environment.isIdle, "traced: \(traced)")
        }
    }
}
