import GestureArbiter
import Testing

/// Input queued from inside a callback and rejected when it runs reaches the host through
/// `rejectedDeferredInputs`, with no tracer attached.
@Suite struct RejectedDeferredInputTests {
    /// A window with one view and a tap recognizer on it whose action runs `body` once; no tracer.
    private static func world(_ body: @escaping (GestureEnvironment) -> Void) -> GestureEnvironment {
        let environment = GestureEnvironment()
        let window = Window(width: 100, height: 100)
        environment.addWindow(window)
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        // Weak: the environment owns the window, and so the action (LeakSanitizer runs this suite).
        view.addGestureRecognizer(TapGestureRecognizer { [weak environment] _ in
            if let environment { body(environment) }
        })
        return environment
    }

    private static func tap(_ id: Int, at seconds: Double, in environment: GestureEnvironment) throws {
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: seconds), touches: [TouchInput(id: id, phase: .began, x: 50, y: 50)]))
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: seconds + 0.05), touches: [TouchInput(id: id, phase: .ended, x: 50, y: 50)]))
    }

    @Test("R119, R117: a queued event rejected when it runs is kept, in order, with no tracer, and clears when set to []")
    func rejectedInputIsKept() throws {
        let environment = Self.world { environment in
            // Well formed and not in the past, so queued; touch 7 was never down, and touch 8 is
            // not live by the time the second event runs.
            try? environment.dispatch(TouchEvent(timestamp: environment.now, touches: [TouchInput(id: 7, phase: .moved, x: 1, y: 1)]))
            try? environment.dispatch(TouchEvent(timestamp: environment.now, touches: [TouchInput(id: 8, phase: .ended, x: 1, y: 1)]))
        }
        #expect(environment.tracer == nil)
        #expect(environment.rejectedDeferredInputs.isEmpty)
        try Self.tap(1, at: 0, in: environment)
        #expect(environment.rejectedDeferredInputs == [.unknownTouch(7), .unknownTouch(8)])
        environment.rejectedDeferredInputs = []
        // The next tap's action queues the same two events: only the new errors are there.
        try Self.tap(2, at: 1, in: environment)
        #expect(environment.rejectedDeferredInputs == [.unknownTouch(7), .unknownTouch(8)])
        #expect(environment.isIdle)
    }

    @Test("R119: input queued by a callback and accepted leaves nothing in rejectedDeferredInputs")
    func acceptedInputLeavesNothing() throws {
        var queued = false
        let environment = Self.world { environment in
            // Once: the queued tap lands on the same recognizer, whose action runs again.
            guard !queued else { return }
            queued = true
            try? environment.dispatch(TouchEvent(timestamp: environment.now, touches: [TouchInput(id: 9, phase: .began, x: 5, y: 5)]))
            try? environment.dispatch(TouchEvent(timestamp: environment.now + .milliseconds(1), touches: [TouchInput(id: 9, phase: .ended, x: 5, y: 5)]))
        }
        try Self.tap(1, at: 0, in: environment)
        #expect(queued)
        #expect(environment.rejectedDeferredInputs.isEmpty)
        #expect(environment.isIdle)
    }

    /// A window with one view and a long press on it (0.5 s, R146) whose began action runs
    /// `body` once.
    private static func pressWorld(_ body: @escaping (GestureEnvironment) -> Void) -> GestureEnvironment {
        let environment = GestureEnvironment()
        let window = Window(width: 100, height: 100)
        environment.addWindow(window)
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        var ran = false
        view.addGestureRecognizer(LongPressGestureRecognizer { [weak environment] press in
            guard press.state == .began, !ran, let environment else { return }
            ran = true
            body(environment)
        })
        return environment
    }

    /// The press begins in its timer's pass at 0.5 s; its action queues `queued` at 1 s (it runs
    /// once the timers due by the host's event have fired, the clock then at 1 s). The host's
    /// `event` at 1 s was valid when it arrived (touch 1 live, touch 2 not): it is checked again
    /// after the queued one, and rejected with `error`. Ending touch 1 leaves the environment
    /// idle; beginning touch 2 leaves both touches down.
    @Test("R117, R119, R146: input that a timer's action queues runs before the event whose time fired the timer, which is then checked against it", arguments: [
        (TouchInput(id: 1, phase: .ended, x: 50, y: 50), TouchInput(id: 1, phase: .moved, x: 51, y: 50), DispatchError.unknownTouch(1), true),
        (TouchInput(id: 2, phase: .began, x: 10, y: 10), TouchInput(id: 2, phase: .began, x: 20, y: 20), DispatchError.duplicateBegan(2), false),
    ])
    func eventCheckedAgainstWhatTimersQueued(queued: TouchInput, event: TouchInput, error: DispatchError, idleAfter: Bool) throws {
        let environment = Self.pressWorld { environment in
            try? environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 1), touches: [queued]))
        }
        try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 50, y: 50)]))
        #expect(throws: error) {
            try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 1), touches: [event]))
        }
        #expect(environment.rejectedDeferredInputs.isEmpty)
        #expect(environment.isIdle == idleAfter)
    }

    @Test("R119: rejectedDeferredInputs keeps the latest 100 errors, dropping the oldest")
    func keepsTheLatestHundred() throws {
        let environment = Self.world { environment in
            for id in 1000..<1105 {
                try? environment.dispatch(TouchEvent(timestamp: environment.now, touches: [TouchInput(id: id, phase: .moved, x: 1, y: 1)]))
            }
        }
        try Self.tap(1, at: 0, in: environment)
        #expect(environment.rejectedDeferredInputs.count == 100)
        #expect(environment.rejectedDeferredInputs.first == .unknownTouch(1005))
        #expect(environment.rejectedDeferredInputs.last == .unknownTouch(1104))
    }
}
