import Testing

@testable import GestureArbiter

/// Mistakes the Swift API used to take silently, each with its documented outcome: a typed error
/// for a touch with no window (R1, R117), a lint finding for a failure requirement across windows
/// or environments (R49, R123), and the documented precondition on `state`.
@Suite struct MisuseTests {
    @Test("R1, R117: a touch that begins while the environment has no window throws noWindow and changes nothing")
    func dispatchWithNoWindow() throws {
        let environment = GestureEnvironment()
        let down = TouchEvent(timestamp: Timestamp(seconds: 0.5), touches: [TouchInput(id: 1, phase: .began, x: 10, y: 10)])
        #expect(throws: DispatchError.noWindow(1)) { try environment.dispatch(down) }
        do {
            try environment.dispatch(down)
        } catch {
            #expect(error.kind == .noWindow)
            #expect(error.touchID == 1)
            #expect(error.description == "touch 1 began while the environment has no window: add a window before dispatching")
            #expect(error.kind.description == "noWindow")
        }
        #expect(environment.touches.isEmpty)
        #expect(environment.now == .zero)  // the clock did not move either
        #expect(environment.isIdle)
        // With a window the same event is taken.
        let window = Window(width: 100, height: 100)
        environment.addWindow(window)
        try environment.dispatch(down)
        #expect(environment.touches.map(\.id) == [1])
        // A move of an unknown touch is still unknownTouch, with or without windows.
        environment.removeWindow(window)
        let move = TouchEvent(timestamp: Timestamp(seconds: 0.6), touches: [TouchInput(id: 9, phase: .moved, x: 10, y: 10)])
        #expect(throws: DispatchError.unknownTouch(9)) { try environment.dispatch(move) }
    }

    /// Two windows of one environment, each with a full-size view and a tap on it; in the first,
    /// `waiting` requires `other` (in the second window) to fail.
    static func twoWindows() -> (GestureEnvironment, TapGestureRecognizer, TapGestureRecognizer) {
        let environment = GestureEnvironment()
        let first = Window(width: 200, height: 200)
        let second = Window(width: 200, height: 200)
        environment.addWindow(first)
        environment.addWindow(second)
        let a = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        a.name = "A"
        first.addSubview(a)
        let b = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        b.name = "B"
        second.addSubview(b)
        let waiting = TapGestureRecognizer()
        waiting.name = "waiting"
        let other = TapGestureRecognizer()
        other.name = "other"
        a.addGestureRecognizer(waiting)
        b.addGestureRecognizer(other)
        waiting.require(toFail: other)
        return (environment, waiting, other)
    }

    @Test("R49, R123: the lint reports a require(toFail:) on a recognizer in another window, naming both, and nothing for the other window")
    func lintReportsRequirementAcrossWindows() throws {
        let (environment, waiting, other) = Self.twoWindows()
        let findings = GestureLint.findings(in: environment)
        #expect(findings.map(\.kind) == [.requirementAcrossWindows])
        let finding = try #require(findings.first)
        #expect(finding.recognizers.count == 2 && finding.recognizers[0] === waiting && finding.recognizers[1] === other)
        #expect(finding.views.compactMap(\.name) == ["A", "B"])
        #expect(finding.rules == ["R49", "R123"])
        #expect(finding.message.hasPrefix("waiting requires other to fail, but other is on B, outside this window"))
        #expect(finding.kind.rawValue == "requirement-across-windows")
    }

    @Test("R123: such a requirement indeed has no effect: the tap fires though the required tap is still possible in its window")
    func requirementAcrossWindowsHasNoEffect() throws {
        let (environment, waiting, _) = Self.twoWindows()
        var fired: [String] = []
        waiting.addAction { [unowned environment] _ in fired.append("\(environment.now)") }
        // The second window is moved aside, so that touch 1 lands in the first and touch 2, held
        // down, keeps the required tap possible in the second (R1, R52).
        environment.windows[1].frame = Rect(x: 300, y: 0, width: 200, height: 200)
        try environment.dispatch(TouchEvent(timestamp: .zero, touches: [
            TouchInput(id: 1, phase: .began, x: 50, y: 50), TouchInput(id: 2, phase: .began, x: 350, y: 50),
        ]))
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.08), touches: [TouchInput(id: 1, phase: .ended, x: 50, y: 50)]))
        #expect(fired == ["0.080"])
    }

    @Test("R49, R123: a requirement on a recognizer of another environment is reported the same way")
    func lintReportsRequirementAcrossEnvironments() throws {
        let (environment, waiting, _) = Self.twoWindows()
        let elsewhere = GestureEnvironment()
        let window = Window(width: 100, height: 100)
        elsewhere.addWindow(window)
        let far = TapGestureRecognizer()
        far.name = "far"
        window.addGestureRecognizer(far)
        waiting.require(toFail: far)
        let findings = GestureLint.findings(in: environment).filter { $0.kind == .requirementAcrossWindows }
        #expect(findings.map { $0.recognizers.compactMap(\.name) } == [["waiting", "other"], ["waiting", "far"]])
    }

    @Test("R49: a requirement on a recognizer attached to no view yet is not flagged (it may join the window)")
    func unattachedRequirementIsNotFlagged() {
        let window = Window(width: 200, height: 200)
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let waiting = TapGestureRecognizer()
        view.addGestureRecognizer(waiting)
        let loose = TapGestureRecognizer()
        waiting.require(toFail: loose)
        #expect(GestureLint.findings(in: window).filter { $0.kind == .requirementAcrossWindows }.isEmpty)
    }

    @Test("R34, R39: the documented outcome of setting a built-in tap's state from outside: it is published (its action runs, with no touch), then reset")
    func stateSetFromOutsideIsPublished() {
        let environment = GestureEnvironment()
        let window = Window(width: 200, height: 200)
        environment.addWindow(window)
        let tap = TapGestureRecognizer()
        window.addGestureRecognizer(tap)
        var actions = 0
        tap.addAction { _ in actions += 1 }
        tap.state = .recognized
        #expect(actions == 1)
        #expect(tap.state == .possible)  // published, then reset (R39)
    }
}
