@_spi(Testing) @testable import GestureArbiter
import Testing

/// A move of touches that one running recognizer holds, and whose views have had them
/// cancelled, skips the steps of the pass that have nothing to do (`GestureEnvironment+DirectMove`).
/// These tests run the same input with that shortcut on and off (`movesTakeDirectPath`), traced
/// and not, for each thing the recognizer's callback may do to the pass, and check that both
/// give the same log, and what the rules say for the plain case.
@Suite struct DirectMoveTests {
    /// What the running recognizer does in `touchesMoved`.
    enum Reaction: String, CaseIterable, Sendable {
        /// Nothing: still a changed action per move (R36).
        case nothing
        /// Reports a change (R32, R36).
        case reportsChange
        /// Ends at the first move (R37, R39): the pass has to settle.
        case ends
        /// Ends at the first move while C, running in the same window, requires it to fail: its
        /// reset waits for C's (R39), so it holds its fingers, finished, through the next moves,
        /// and gets no callbacks for them (the engine calls no finished recognizer).
        case endsWhileLinked
        /// Fails at the first move (R32: cancelled, once published).
        case fails
        /// Ignores the moved touches at the first move (R125).
        case ignoresTouches
        /// Reports a change of another running recognizer, one that holds another finger (R36).
        case changesOther
        /// Disables itself at the first move (R40).
        case disablesItself
        /// Takes its view out of the window at the first move (R120).
        case removesView
        /// Starts its timer at the first move; the timer ends it (R77, R78).
        case startsTimer
        /// Dispatches a move of its touch from inside the callback, which waits for the pass (R119).
        case dispatchesAgain
    }

    /// A recognizer that begins when its first touch begins (or at its first move), then does
    /// `reaction` at each later move (a one-off reaction at the first of them only).
    final class MoveProbe: GestureRecognizer {
        let reaction: Reaction
        let beginsAtMove: Bool
        let onMove: (MoveProbe, TouchSet, Event) -> Void
        /// Where the probe writes its callbacks and resets, so that the log shows when they ran.
        var note: (String) -> Void = { _ in }
        private var moves = 0

        init(_ reaction: Reaction, beginsAtMove: Bool, onMove: @escaping (MoveProbe, TouchSet, Event) -> Void) {
            self.reaction = reaction
            self.beginsAtMove = beginsAtMove
            self.onMove = onMove
            super.init()
        }

        override func touchesBegan(_ touches: TouchSet, with event: Event) {
            if !beginsAtMove, state == .possible { state = .began }
        }

        override func touchesMoved(_ touches: TouchSet, with event: Event) {
            note("moved \(touches.map { String($0.id) }.joined(separator: ","))")
            moves += 1
            if state == .possible {
                state = .began
                return
            }
            let first = moves == 2
            switch reaction {
            case .nothing: break
            case .reportsChange: state = .changed
            case .ends, .endsWhileLinked: if first { state = .ended }
            case .fails: if first { state = .failed }
            case .ignoresTouches: if first { for touch in touches { ignore(touch, for: event) } }
            case .startsTimer: if first { startTimer(after: .milliseconds(150)) }
            case .changesOther, .disablesItself, .removesView, .dispatchesAgain: if first { onMove(self, touches, event) }
            }
        }

        override func touchesEnded(_ touches: TouchSet, with event: Event) {
            if state == .began || state == .changed { state = .ended }
        }

        override func timerDidFire() {
            if state == .began || state == .changed { state = .ended }
        }

        override func reset() {
            note("reset")
            moves = 0
            super.reset()
        }
    }

    /// The log of one run: fingers 1 (and 2) down on V at 0; finger 9 down on W, in a second
    /// window, at 0.01, where B begins; finger 8 down on X, beside V, at 0.02, where C begins;
    /// four moves of A's fingers, one event each, 100 ms apart: A begins at the first and takes
    /// the fingers from V (R67), so that the next three are the running gesture's moves; the
    /// lifts at 0.5; the clock to 1 s. The log holds the views' callbacks, the actions, the
    /// probes' callbacks and resets, the state changes and whether the environment ends idle.
    static func log(_ reaction: Reaction, fingers: Int, direct: Bool, traced: Bool) throws -> [String] {
        let world = TestWorld()
        if !traced { world.environment.tracer = nil }
        world.environment.movesTakeDirectPath = direct
        let v = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        v.isMultipleTouchEnabled = true
        // W in a window of its own, so that step 4 must visit both windows (R36).
        let front = Window(frame: Rect(x: 400, y: 0, width: 400, height: 800))
        world.environment.addWindow(front)
        let w = world.addView("W", Rect(x: 0, y: 0, width: 200, height: 200), to: front)
        let b = world.attach(MoveProbe(.nothing, beginsAtMove: false) { _, _, _ in }, "B", to: w)
        let x = world.addView("X", Rect(x: 250, y: 0, width: 100, height: 100))
        let c = world.attach(MoveProbe(.nothing, beginsAtMove: false) { _, _, _ in }, "C", to: x)
        let environment = world.environment
        // Weak: V holds A, and the environment its windows (LeakSanitizer runs these tests).
        let a = MoveProbe(reaction, beginsAtMove: true) { [weak b, weak v, weak environment] probe, touches, _ in
            switch probe.reaction {
            case .changesOther: b?.state = .changed
            case .disablesItself: probe.isEnabled = false
            case .removesView: v?.removeFromSuperview()
            case .dispatchesAgain:
                guard let environment else { return }
                let input = TouchInput(id: touches[touches.startIndex].id, phase: .moved, x: 150, y: 150)
                try? environment.dispatch(TouchEvent(timestamp: environment.now, touches: [input]))
            default: break
            }
        }
        world.attach(a, "A", to: v)
        for probe in [a, b, c] {
            let (log, clock, name) = (world.log, world.clock, probe.name ?? "?")
            probe.note = { log.lines.append("\(clock.now) \(name) \($0)") }
        }
        let ids = Array(1...fingers)
        func send(_ seconds: Double, _ touches: [TouchInput]) throws {
            try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: seconds), touches: touches))
        }
        try send(0, ids.map { TouchInput(id: $0, phase: .began, x: 40 * Double($0), y: 50) })
        try world.down(9, at: 0.01, 500, 50)
        try world.down(8, at: 0.02, 300, 50)
        // Added once C runs: C is published, so A's recognition cannot fail it (R55), and the
        // link keeps A from resetting while C is active (R39).
        if reaction == .endsWhileLinked { c.require(toFail: a) }
        for step in 1...4 {
            try send(0.1 * Double(step), ids.map { TouchInput(id: $0, phase: .moved, x: 40 * Double($0) + 5 * Double(step), y: 50) })
        }
        let lifts = [9: 500.0, 8: 300.0]
        try send(0.5, (ids + [8, 9]).map { TouchInput(id: $0, phase: .ended, x: lifts[$0] ?? 40 * Double($0) + 20, y: 50) })
        try world.advance(to: 1)
        return world.log.lines + world.transitions(of: a).map { "A \($0)" } + world.transitions(of: b).map { "B \($0)" }
            + world.transitions(of: c).map { "C \($0)" }
            + ["idle \(environment.isIdle)"]
    }

    @Test("R36, R67, R76: a running gesture's moves give the same log with the shortcut as through the whole pass, whatever its callback does",
          arguments: Reaction.allCases, [1, 2])
    func sameLogEitherWay(reaction: Reaction, fingers: Int) throws {
        for traced in [true, false] {
            let direct = try Self.log(reaction, fingers: fingers, direct: true, traced: traced)
            let general = try Self.log(reaction, fingers: fingers, direct: false, traced: traced)
            #expect(direct == general, "\(reaction), \(fingers) finger(s), traced: \(traced)")
            // A running recognizer that ignored every touch it had keeps running until it ends
            // itself; the others end by the lift, their timer or their cancellation.
            #expect(direct.last == "idle \(reaction != .ignoresTouches)")
        }
    }

    @Test("R26, R39: a recognizer that ignored its fingers, or ended while a linked recognizer blocks its reset, gets none of their later moves, either way", arguments: [1, 2])
    func noMovesAfterIgnoreOrWhileFinished(fingers: Int) throws {
        for direct in [true, false] {
            // R26: the touches ignored at the move of 0.200 are no longer A's.
            let ignored = try Self.log(.ignoresTouches, fingers: fingers, direct: direct, traced: false)
            #expect(ignored.filter { $0.hasSuffix(" A moved \((1...fingers).map(String.init).joined(separator: ","))") }.map { String($0.prefix(5)) }
                    == ["0.100", "0.200"], "direct: \(direct)")
            // R39: A ended at 0.200; C, which requires it to fail, runs until the lift, so A stays
            // finished and bound until then, and is called for none of the moves in between.
            let linked = try Self.log(.endsWhileLinked, fingers: fingers, direct: direct, traced: false)
            #expect(linked.filter { $0.contains(" A moved ") }.map { String($0.prefix(5)) } == ["0.100", "0.200"], "direct: \(direct)")
            #expect(linked.filter { $0.hasSuffix(" A reset") || $0.hasSuffix(" C reset") || $0.hasSuffix("gesture A ended") }
                    == ["0.200 gesture A ended", "0.500 A reset", "0.500 C reset"], "direct: \(direct)")
        }
    }

    @Test("R34, R36, R67, R39: the plain case, by the rules: V has its fingers cancelled when A begins, then A sends changed at each move, ends at the lift and resets", arguments: [1, 2])
    func plainCaseByTheRules(fingers: Int) throws {
        let ids = (1...fingers).map(String.init).joined(separator: ",")
        for direct in [true, false] {
            let lines = try Self.log(.nothing, fingers: fingers, direct: direct, traced: false)
            #expect(lines.filter { $0.contains(" V ") || $0.contains(" A ") } == [
                "0.000 view V began \(ids)",
                "0.100 A moved \(ids)",
                "0.100 gesture A began",  // R34
                "0.100 view V cancelled \(ids)",  // R67: after A's action, in step 4; no moved
                "0.200 A moved \(ids)", "0.200 gesture A changed",  // R36
                "0.300 A moved \(ids)", "0.300 gesture A changed",
                "0.400 A moved \(ids)", "0.400 gesture A changed",
                "0.500 gesture A ended",
                "0.500 A reset",  // R39
            ])
        }
    }

    /// One event that moves two fingers, each held by a running pan of its own: no single
    /// recognizer holds the whole event, so it is no direct move, and each pan must get its own
    /// finger's move.
    @Test("R15, R23, R96, R102: one event moving two fingers that two running pans hold, one each, moves each pan by its own finger, with the shortcut or without, traced or not",
          arguments: [true, false], [true, false])
    func twoRunningPansInOneEvent(direct: Bool, traced: Bool) throws {
        let environment = GestureEnvironment(scheduler: VirtualClock())
        environment.movesTakeDirectPath = direct
        let tracer = RecordCounter()
        if traced { environment.tracer = tracer }
        let window = Window(width: 400, height: 200)
        environment.addWindow(window)
        let left = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let right = View(frame: Rect(x: 200, y: 0, width: 200, height: 200))
        window.addSubview(left)
        window.addSubview(right)
        var actions: [String] = []
        let leftPan = PanGestureRecognizer { actions.append("left \($0.state)") }
        let rightPan = PanGestureRecognizer { actions.append("right \($0.state)") }
        left.addGestureRecognizer(leftPan)
        right.addGestureRecognizer(rightPan)
        func send(_ seconds: Double, _ touches: [TouchInput]) throws {
            try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: seconds), touches: touches))
        }
        try send(0.0, [TouchInput(id: 1, phase: .began, x: 50, y: 100)])
        try send(0.01, [TouchInput(id: 2, phase: .began, x: 250, y: 100)])
        // R94: each pan begins at its own finger's 20 pt move.
        try send(0.02, [TouchInput(id: 1, phase: .moved, x: 70, y: 100)])
        try send(0.03, [TouchInput(id: 2, phase: .moved, x: 250, y: 120)])
        #expect(actions == ["left began", "right began"])
        let leftBefore = leftPan.translation(in: nil)
        let rightBefore = rightPan.translation(in: nil)
        // Finger 1 moves 10 pt right, finger 2 20 pt down, in one event.
        try send(0.04, [TouchInput(id: 1, phase: .moved, x: 80, y: 100), TouchInput(id: 2, phase: .moved, x: 250, y: 140)])
        // R102: each running pan sends changed for the event; R96: each follows its own finger.
        #expect(actions == ["left began", "right began", "left changed", "right changed"])
        #expect(leftPan.translation(in: nil) == Point(x: leftBefore.x + 10, y: leftBefore.y))
        #expect(rightPan.translation(in: nil) == Point(x: rightBefore.x, y: rightBefore.y + 20))
        #expect((tracer.records > 0) == traced)
    }

    /// A tracer that only counts its records.
    final class RecordCounter: Tracer {
        var records = 0
        func record(_ record: TraceRecord) { records += 1 }
    }
}
