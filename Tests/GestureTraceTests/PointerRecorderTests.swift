import GestureArbiter
import GestureArbiterTesting
import Testing

/// ``ScenarioRecorder`` with pointer input (R260-R284): clicks with their buttons and modifier
/// keys, hover and scroll entries, hover recognizers, a pan's scroll types and a tap's
/// `buttonMaskRequired` are written, and the file replays with the live log; what the format has
/// no field for is refused with a clear error.
@Suite struct PointerRecorderTests {
    typealias Host = ScenarioRecorderTests.Host

    /// A world on the host: V (the whole window) with a default tap T, a tap R for right clicks
    /// (R264, R284), a hover recognizer H (R267) and a pan P taking wheel ticks (R273); B a button
    /// in V, W a view in V.
    static func world(_ host: Host) -> (view: View, tap: TapGestureRecognizer, button: Button) {
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        view.name = "V"
        let inner = View(frame: Rect(x: 0, y: 400, width: 400, height: 200))
        inner.name = "W"
        let button = Button(frame: Rect(x: 200, y: 100, width: 120, height: 44))
        button.name = "B"
        host.window.addSubview(view)
        view.addSubview(button)
        view.addSubview(inner)
        let tap = TapGestureRecognizer()
        tap.name = "T"
        let right = TapGestureRecognizer()
        right.name = "R"
        right.buttonMaskRequired = .secondary
        let hover = HoverGestureRecognizer()
        hover.name = "H"
        let pan = PanGestureRecognizer()
        pan.name = "P"
        pan.allowedScrollTypesMask = .discrete
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(right)
        inner.addGestureRecognizer(hover)
        inner.addGestureRecognizer(pan)
        return (view, tap, button)
    }

    static func click(_ host: Host, _ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double, at t: Double,
                      buttons: Event.ButtonMask = .primary, modifiers: KeyModifierFlags = []) throws {
        try host.environment.dispatch(
            TouchEvent(
                timestamp: host.time(t), touches: [TouchInput(id: id, phase: phase, x: x, y: y, type: .indirectPointer)],
                buttonMask: buttons, modifierFlags: modifiers))
    }

    static func hover(_ host: Host, _ phase: HoverInput.Phase, _ x: Double, _ y: Double, at t: Double) throws {
        try host.environment.dispatch(HoverInput(timestamp: host.time(t), phase: phase, location: Point(x: x, y: y)))
    }

    static func scroll(_ host: Host, _ phase: ScrollInput.Phase, _ x: Double, _ y: Double, at t: Double, dy: Double = 0) throws {
        try host.environment.dispatch(
            ScrollInput(timestamp: host.time(t), phase: phase, type: .discrete, location: Point(x: x, y: y), delta: Point(x: 0, y: dy)))
    }

    @Test("R260-R268, R273, R274, R279, R283, R284: a live run with clicks, hover and a wheel tick is written, read back and replayed with the same log")
    func recordsPointerRun() throws {
        let host = Host()
        _ = Self.world(host)
        let recorder = try ScenarioRecorder(environment: host.environment, name: "pointer")
        try Self.hover(host, .entered, 100, 300, at: 0)
        try Self.hover(host, .moved, 100, 450, at: 0.1)
        try Self.scroll(host, .began, 100, 450, at: 0.2, dy: -30)
        try Self.scroll(host, .ended, 100, 450, at: 0.21)
        // A right click with shift (R264), moved with both held, the end carrying no button and
        // no key (R278).
        try Self.click(host, 1, .began, 100, 300, at: 0.5, buttons: .secondary, modifiers: .shift)
        try Self.click(host, 1, .moved, 101, 300, at: 0.54, buttons: .secondary, modifiers: .shift)
        try Self.click(host, 1, .ended, 101, 300, at: 0.58, buttons: [])
        // A primary click on the button (R265).
        try Self.click(host, 2, .began, 250, 120, at: 1.0)
        try Self.click(host, 2, .ended, 250, 120, at: 1.08)
        try Self.hover(host, .moved, 100, 300, at: 1.2)
        try Self.hover(host, .exited, 100, 300, at: 1.3)
        try host.idle(until: 2)
        let scenario = try recorder.finish()
        // From the rules: H begins when the pointer comes over W and ends when it leaves it
        // (R268); the tick begins and ends P (R274, R283); R takes the right click and cancels V's
        // touch (R284, R67); T refuses it (R280); the primary click presses B (R203, R206), whose
        // veto fails T at the lift (R215); R refuses the primary click (R284).
        let expected = [
            "0.100 gesture H began",
            "0.200 gesture P began",
            "0.210 gesture P ended",
            "0.500 touch 1 hit V",
            "0.500 view V began 1",
            "0.540 view V moved 1",
            "0.580 gesture R recognized",
            "0.580 view V cancelled 1",
            "1.000 touch 2 hit B",
            "1.000 view B began 2",
            "1.000 control B touchDown",
            "1.080 gesture T failed",
            "1.080 view B ended 2",
            "1.080 control B touchUpInside",
            "1.080 control B primaryActionTriggered",
            "1.200 gesture H ended",
        ]
        #expect(scenario.expect == expected)
        let text = scenario.jsonText()
        let read = try ScenarioParser.parse(text)
        #expect(read.input == scenario.input)
        #expect(read.gestures.first { $0.id == "R" }?.tuning.buttonMaskRequired == ["secondary"])
        #expect(read.gestures.first { $0.id == "P" }?.tuning.allowedScrollTypes == ["discrete"])
        #expect(read.gestures.first { $0.id == "H" }?.kind == .hover)
        let click = read.input.compactMap { entry -> Scenario.TouchSpec? in
            guard case let .touches(touches) = entry.action else { return nil }
            return touches.first
        }.first
        #expect(click?.type == .indirectPointer)
        #expect(click?.buttons == ["secondary"])
        #expect(click?.modifiers == ["shift"])
        let run = try ScenarioRunner.run(read)
        #expect(run.log == scenario.expect)
        let result = ScenarioRecorderTests.replay(read)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    /// The error `body`'s run throws at ``ScenarioRecorder/finish()`` or when recording starts.
    static func refusal(prepare: (Host) -> Void, body: (Host) throws -> Void = { _ in }) throws -> ScenarioRecordingError? {
        let host = Host()
        prepare(host)
        do {
            let recorder = try ScenarioRecorder(environment: host.environment)
            try body(host)
            _ = try recorder.finish()
        } catch let error as ScenarioRecordingError {
            return error
        }
        return nil
    }

    @Test("R262: a click with a third button or an unnamed modifier bit, or whose buttons change while down, is refused")
    func refusesClicksTheFormatCannotHold() throws {
        let third = try Self.refusal(prepare: { _ = Self.world($0) }) { host in
            try Self.click(host, 1, .began, 10, 10, at: 0, buttons: [.primary, .button(3)])
        }
        // R262: a click may hold primary and secondary together; only a button the format does not name is refused.
        #expect(third?.description.contains("(the format names the primary and secondary buttons only)") == true, "\(String(describing: third))")
        let both = try Self.refusal(prepare: { _ = Self.world($0) }) { host in
            try Self.click(host, 1, .began, 10, 10, at: 0, buttons: [.primary, .secondary])
            try Self.click(host, 1, .ended, 10, 10, at: 0.1, buttons: [.primary, .secondary])
        }
        #expect(both == nil, "\(String(describing: both))")
        let modifier = try Self.refusal(prepare: { _ = Self.world($0) }) { host in
            try Self.click(host, 1, .began, 10, 10, at: 0, modifiers: KeyModifierFlags(rawValue: 1 << 24))
        }
        #expect(modifier?.description.contains("six named") == true, "\(String(describing: modifier))")
        let changed = try Self.refusal(prepare: { _ = Self.world($0) }) { host in
            try Self.click(host, 1, .began, 10, 10, at: 0)
            try Self.click(host, 1, .moved, 20, 10, at: 0.1, buttons: [.primary, .secondary])
        }
        #expect(changed?.description.contains("changed while it was down") == true, "\(String(describing: changed))")
        let stylus = try Self.refusal(prepare: { _ = Self.world($0) }) { host in
            try host.environment.dispatch(TouchEvent(timestamp: host.time(0), touches: [TouchInput(id: 1, phase: .began, x: 10, y: 10, type: .pencil)]))
        }
        #expect(stylus == .touchType(at: 0))
    }

    @Test("R271: hover input while a click is down is refused (the format has none)")
    func refusesHoverDuringClick() throws {
        let error = try Self.refusal(prepare: { _ = Self.world($0) }) { host in
            try Self.hover(host, .entered, 10, 10, at: 0)
            try Self.click(host, 1, .began, 10, 10, at: 0.01)
            try Self.hover(host, .moved, 20, 10, at: 0.05)
        }
        #expect(error?.description.contains("while a click is down") == true, "\(String(describing: error))")
    }

    @Test("R272: a cancelled scroll sequence is refused (the format's scroll phases are began, changed and ended)")
    func refusesCancelledScroll() throws {
        let error = try Self.refusal(prepare: { _ = Self.world($0) }) { host in
            try Self.scroll(host, .began, 10, 10, at: 0)
            try Self.scroll(host, .cancelled, 10, 10, at: 0.1)
        }
        #expect(error?.description.contains("was cancelled") == true, "\(String(describing: error))")
    }

    @Test("R223, R280, R284: an allowedButtonMask set away from its default and a control's requiredButtonMask are refused")
    func refusesSettingsWithoutField() throws {
        let tapMask = try Self.refusal(prepare: { Self.world($0).tap.allowedButtonMask = [.primary, .secondary] })
        #expect(tapMask == .unsupportedSetting(gesture: "T", setting: "allowedButtonMask primary|secondary (the format keeps the default, primary; R280, R284)"))
        let control = try Self.refusal(prepare: { Self.world($0).button.requiredButtonMask = .secondary })
        if case let .unsupportedView(id, reason)? = control {
            #expect(id == "B")
            #expect(reason.contains("requiredButtonMask"))
        } else {
            Issue.record("not refused: \(String(describing: control))")
        }
        // A tap whose allowedButtonMask follows its buttonMaskRequired (R284) is written.
        let following = try Self.refusal(prepare: { Self.world($0).tap.buttonMaskRequired = .secondary })
        #expect(following == nil)
    }
}
