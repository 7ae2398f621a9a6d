import Testing

@testable import GestureArbiter

/// Unnamed recognizers get a default name (class, index on the view, view) wherever they are
/// named: `description`, traces, `busyReasons` and lint findings. Expected names are written
/// from ``GestureRecognizer/defaultName``'s definition.
@Suite struct DefaultNameTests {
    /// A window with a 200 x 200 view named "card" at its origin.
    static func windowWithCard() -> (Window, View) {
        let window = Window(width: 400, height: 800)
        let card = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        card.name = "card"
        window.addSubview(card)
        return (window, card)
    }

    @Test("An unnamed recognizer is named by class, index in its view's gestureRecognizers and view; a name replaces it")
    func defaultNameFormat() {
        let (window, card) = Self.windowWithCard()
        let first = TapGestureRecognizer()
        let second = TapGestureRecognizer()
        #expect(first.description == "TapGestureRecognizer")  // not attached yet
        card.addGestureRecognizer(first)
        card.addGestureRecognizer(second)
        #expect(first.description == "TapGestureRecognizer[0] on View(card)")
        #expect(second.description == "TapGestureRecognizer[1] on View(card)")
        #expect(first.description != second.description)
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(pan)
        #expect(pan.defaultName == "PanGestureRecognizer[0] on \(window.description)")
        second.name = "double"
        #expect(second.description == "TapGestureRecognizer(double)")
        #expect(second.defaultName == "TapGestureRecognizer[1] on View(card)")
    }

    @Test("R39, R62, R88: busyReasons tells two unnamed taps apart while a double tap waits")
    func busyReasonsTellUnnamedApart() throws {
        let environment = GestureEnvironment()
        let (window, card) = Self.windowWithCard()
        environment.addWindow(window)
        let single = TapGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        card.addGestureRecognizer(single)
        card.addGestureRecognizer(double)
        try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 50, y: 50)]))
        try environment.dispatch(
            TouchEvent(timestamp: Timestamp(seconds: 0.08), touches: [TouchInput(id: 1, phase: .ended, x: 50, y: 50)]))
        // The single tap recognized and is held for the double tap (R54), which waits for its
        // second tap with a timer (R88).
        let reasons = environment.busyReasons
        #expect(reasons.contains("TapGestureRecognizer[0] on View(card) is ended, held"))
        #expect(reasons.contains("TapGestureRecognizer[1] on View(card) is possible with a pending timer"))
    }

    @Test("R28, R48: the lint's duplicate finding names the copy and the original apart when neither is named")
    func lintNamesUnnamedApart() {
        let (window, card) = Self.windowWithCard()
        card.addGestureRecognizer(TapGestureRecognizer())
        card.addGestureRecognizer(TapGestureRecognizer())
        let findings = GestureLint.findings(in: window).filter { $0.kind == .shadowedDuplicate }
        #expect(findings.count == 1)
        #expect(
            findings.first?.message.hasPrefix("TapGestureRecognizer[1] on View(card) is an exact copy of TapGestureRecognizer[0] on View(card)")
                == true)
    }
}
