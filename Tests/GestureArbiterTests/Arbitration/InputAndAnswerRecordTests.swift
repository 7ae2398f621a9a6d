import GestureArbiter
import Testing

/// The trace records a recorder is built from: each input pass names its touches, and every
/// answer user code gives is reported with its question (R122).
@Suite struct InputAndAnswerRecordTests {
    final class Answers: GestureRecognizerDelegate {
        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer)
            -> Bool
        { true }
        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { touch.id != 9 }
    }

    final class Denying: View {
        override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { false }
    }

    @Test("R122, R76: an input pass's record follows passStarted and holds the touches, the single-move path too")
    func inputReceived() throws {
        let environment = GestureEnvironment()
        let window = Window(width: 100, height: 100)
        environment.addWindow(window)
        let tracer = RecordingTracer()
        environment.tracer = tracer
        let began = TouchInput(id: 1, phase: .began, x: 10, y: 10)
        let moved = TouchInput(id: 1, phase: .moved, x: 12, y: 10)
        try environment.dispatch(TouchEvent(timestamp: .zero, touches: [began]))
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.01), touches: [moved]))
        var events: [TouchEvent] = []
        for (index, record) in tracer.records.enumerated() {
            guard case let .inputReceived(event) = record else { continue }
            events.append(event)
            guard index > 0, case .passStarted(.input, let time) = tracer.records[index - 1] else {
                Issue.record("inputReceived does not follow its passStarted")
                continue
            }
            #expect(time == event.timestamp)
        }
        #expect(events == [TouchEvent(timestamp: .zero, touches: [began]), TouchEvent(timestamp: Timestamp(seconds: 0.01), touches: [moved])])
        #expect(tracer.records.contains { $0.description == "input: 1 moved (12.0, 10.0)" })
    }

    @Test("R13, R24, R45, R122: the delegate's and the view's answers are reported with their questions")
    func answers() throws {
        let environment = GestureEnvironment()
        let window = Window(width: 400, height: 400)
        environment.addWindow(window)
        let outer = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        outer.name = "outer"
        let inner = Denying(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        inner.name = "inner"
        window.addSubview(outer)
        outer.addSubview(inner)
        let outerPan = PanGestureRecognizer()
        outerPan.name = "O"
        let innerTap = TapGestureRecognizer()
        innerTap.name = "T"
        outer.addGestureRecognizer(outerPan)
        inner.addGestureRecognizer(innerTap)
        let answers = Answers()
        outerPan.delegate = answers
        let tracer = RecordingTracer()
        environment.tracer = tracer
        // Touch 9 is refused by O's delegate; touch 1 is taken by both; the tap's lift asks the
        // hit view, which says no (R13).
        try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 9, phase: .began, x: 300, y: 300)]))
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.01), touches: [TouchInput(id: 9, phase: .ended, x: 300, y: 300)]))
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 1), touches: [TouchInput(id: 1, phase: .began, x: 50, y: 50)]))
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 1.05), touches: [TouchInput(id: 1, phase: .ended, x: 50, y: 50)]))
        let lines = tracer.records.compactMap { record -> String? in
            guard case .delegateAnswered = record else { return nil }
            return record.description
        }
        #expect(lines.contains("O delegate shouldReceive touch 9 answered false"))
        #expect(lines.contains("O delegate shouldReceive touch 1 answered true"))
        #expect(lines.contains("inner.gestureRecognizerShouldBegin(T) answered false"))
        // The tap never began, so nothing asked about simultaneity with it.
        #expect(!lines.contains { $0.contains("shouldRecognizeSimultaneouslyWith") })
    }
}
