@testable import GestureArbiter
import Testing

/// A running gesture's request for changed takes a shorter path when no tracer is attached
/// (`GestureRecognizer.requestState`). The test world always traces, so these tests run the same
/// input with and without a tracer and check the actions both give against the rules.
@Suite struct UntracedChangeTests {
    /// The actions a recognizer sends for one drag: down at (100, 100), `moves` moves of 5 pt
    /// to the right 16 ms apart, up at the last place; with a recording tracer or none.
    static func actions(of recognizer: GestureRecognizer, moves: Int, traced: Bool) throws -> [GestureRecognizer.State] {
        let clock = VirtualClock()
        let environment = GestureEnvironment(scheduler: clock)
        if traced { environment.tracer = RecordingTracer() }
        let window = Window(width: 400, height: 400)
        environment.addWindow(window)
        let view = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(view)
        var sent: [GestureRecognizer.State] = []
        recognizer.addAction { sent.append($0.state) }
        view.addGestureRecognizer(recognizer)
        func send(_ phase: TouchPhase, _ step: Int) throws {
            let event = TouchEvent(
                timestamp: Timestamp(nanoseconds: Int64(step) * 16_000_000),
                touches: [TouchInput(id: 1, phase: phase, x: 100 + 5 * Double(min(step, moves)), y: 100)])
            try environment.dispatch(event)
        }
        try send(.began, 0)
        for step in 1...moves { try send(.moved, step) }
        try send(.ended, moves + 1)
        return sent
    }

    @Test("R32, R36, R94, R100: with no tracer, a pan's moves send the actions the rules give, as with one",
          arguments: [2, 3, 6, 20])
    func panWithoutTracer(moves: Int) throws {
        // R94: the pan begins once the finger is 10 pt from where it went down (the 2nd move of
        // 5 pt); R36: every later move sends changed; the lift ends it (R100).
        let expected: [GestureRecognizer.State] = [.began] + Array(repeating: .changed, count: moves - 2) + [.ended]
        #expect(try Self.actions(of: PanGestureRecognizer(), moves: moves, traced: false) == expected)
        #expect(try Self.actions(of: PanGestureRecognizer(), moves: moves, traced: true) == expected)
    }

    @Test("R32, R36: a running recognizer that asks for began or changed at every move sends one changed per move, traced or not")
    func repeatedRequestsWithoutTracer() throws {
        for traced in [false, true] {
            // Began at the down; each move asks for began (R32: changed, once running); the lift ends it.
            let scripted = ScriptedRecognizer("A", log: Log(), script: [.began(1): .began, .moved(1): .began, .ended(1): .ended])
            #expect(try Self.actions(of: scripted, moves: 3, traced: traced) == [.began, .changed, .changed, .changed, .ended])
            let asking = ScriptedRecognizer("B", log: Log(), script: [.began(1): .began, .moved(1): .changed, .ended(1): .ended])
            #expect(try Self.actions(of: asking, moves: 3, traced: traced) == [.began, .changed, .changed, .changed, .ended])
        }
    }
}
