import GestureArbiter
import GestureArbiterTesting
import Testing

/// Controls and buttons in scenario files: the `type`, `enabled`, `beginTracking` and `actions`
/// fields, their checks, the `control ID event` log lines (R224), and the recorder.
@Suite struct ControlScenarioTests {
    /// A file with the given view entries (after a plain container `V`), no gestures unless
    /// given, and `input`.
    static func file(views: String, gestures: String = "", input: String) -> String {
        """
        { "name": "controls", "window": { "width": 400, "height": 800 },
          "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 400, 800] }, \(views) ],
          "gestures": [\(gestures)],
          "input": [\(input)] }
        """
    }

    static let tap = """
        { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 100, "y": 130 } ] },
        { "t": 0.09, "touches": [ { "id": 1, "phase": "ended", "x": 100, "y": 130 } ] },
        { "t": 1, "idle": true }
        """

    @Test("scenario-format: a control's fields have the format's defaults and round-trip through the writer")
    func fieldsAndRoundTrip() throws {
        let text = Self.file(
            views: """
                { "id": "B", "type": "button", "parent": "V", "frame": [40, 100, 200, 60] },
                { "id": "C", "type": "control", "parent": "V", "frame": [40, 300, 200, 60], "enabled": false,
                  "beginTracking": false, "actions": ["touchUpInside", "touchCancel"] },
                { "id": "E", "type": "button", "parent": "V", "frame": [40, 500, 200, 60], "actions": [] }
                """,
            input: #"{ "t": 0, "idle": true }"#)
        let scenario = try ScenarioParser.parse(text)
        #expect(scenario.views.map(\.type) == [.view, .button, .control, .button])
        let button = scenario.views[1].control
        #expect(button.enabled && button.beginTracking)
        #expect(button.actions == Scenario.ControlSpec.eventNames)
        #expect(Scenario.ControlSpec.eventNames.count == 10)
        let control = scenario.views[2].control
        #expect(!control.enabled && !control.beginTracking)
        #expect(control.actions == ["touchUpInside", "touchCancel"])
        #expect(scenario.views[3].control.actions.isEmpty)
        let written = scenario.jsonText()
        #expect(try ScenarioParser.parse(written) == scenario)
        // Defaults are left out; a plain view gets no type.
        #expect(written.contains(#""id": "B", "type": "button", "parent": "V", "frame": [40, 100, 200, 60] }"#))
        #expect(!written.contains(#""type": "view""#))
    }

    @Test(
        "scenario-format: invalid control entries name the problem",
        arguments: [
            (#"{ "id": "S", "type": "scrollView", "parent": "V", "frame": [0, 0, 1, 1], "actions": [] }"#, #""actions" belongs to a control or button, not a scrollView"#),
            (#"{ "id": "S", "type": "button", "parent": "V", "frame": [0, 0, 1, 1], "contentSize": [1, 1] }"#, #""contentSize" belongs to a scrollView, not a button"#),
            (#"{ "id": "S", "type": "slider", "parent": "V", "frame": [0, 0, 1, 1] }"#, "unknown view type \"slider\""),
            (#"{ "id": "S", "type": "button", "parent": "V", "frame": [0, 0, 1, 1], "handlesTouches": false }"#, "\"handlesTouches\" is not allowed"),
            (#"{ "id": "S", "parent": "V", "frame": [0, 0, 1, 1], "actions": [] }"#, "\"actions\" belongs to a control or button"),
            (#"{ "id": "S", "parent": "V", "frame": [0, 0, 1, 1], "enabled": true }"#, "\"enabled\" belongs to a control or button"),
            (#"{ "id": "S", "type": "control", "parent": "V", "frame": [0, 0, 1, 1], "actions": ["tap"] }"#, "unknown control event \"tap\""),
            (#"{ "id": "S", "type": "control", "parent": "V", "frame": [0, 0, 1, 1], "actions": ["touchDown", "touchDown"] }"#, "listed twice"),
        ])
    func invalidEntries(entry: String, message: String) {
        #expect {
            _ = try ScenarioParser.parse(Self.file(views: entry, input: #"{ "t": 0, "idle": true }"#))
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains("views[1] (id \"S\")")
        }
    }

    @Test("R203, R206, R212, R224: a button's callbacks are view lines, each control event a line right after its callback")
    func buttonLines() throws {
        let scenario = try ScenarioParser.parse(Self.file(
            views: #"{ "id": "B", "type": "button", "parent": "V", "frame": [40, 100, 200, 60] }"#, input: Self.tap))
        let run = try ScenarioRunner.run(scenario)
        #expect(run.log == [
            "0.000 touch 1 hit B", "0.000 view B began 1", "0.000 control B touchDown",
            "0.090 view B ended 1", "0.090 control B touchUpInside", "0.090 control B primaryActionTriggered",
        ])
        #expect(run.endedIdle)
    }

    @Test("R204: a control that declines tracking logs its began and no event; the container gets the lift")
    func declinedTracking() throws {
        let scenario = try ScenarioParser.parse(Self.file(
            views: #"{ "id": "C", "type": "control", "parent": "V", "frame": [40, 100, 200, 60], "beginTracking": false }"#,
            input: Self.tap))
        let run = try ScenarioRunner.run(scenario)
        #expect(run.log == ["0.000 touch 1 hit C", "0.000 view C began 1", "0.090 view C ended 1", "0.090 view V ended 1"])
    }

    @Test("R202: a disabled button is not hit: the container gets the touch")
    func disabledButton() throws {
        let scenario = try ScenarioParser.parse(Self.file(
            views: #"{ "id": "B", "type": "button", "parent": "V", "frame": [40, 100, 200, 60], "enabled": false }"#,
            input: Self.tap))
        let run = try ScenarioRunner.run(scenario)
        #expect(run.log == ["0.000 touch 1 hit V", "0.000 view V began 1", "0.090 view V ended 1"])
    }

    @Test("R215: a file's gestureRecognizerShouldBegin answer replaces the button's veto")
    func answerReplacesTheVeto() throws {
        let scenario = try ScenarioParser.parse(Self.file(
            views: #"{ "id": "B", "type": "button", "parent": "V", "frame": [40, 100, 200, 60], "gestureRecognizerShouldBegin": { "T": true } }"#,
            gestures: #"{ "id": "T", "type": "tap", "view": "V" }"#,
            input: Self.tap))
        let run = try ScenarioRunner.run(scenario)
        #expect(run.log == [
            "0.000 touch 1 hit B", "0.000 view B began 1", "0.000 control B touchDown",
            "0.090 gesture T recognized", "0.090 view B cancelled 1", "0.090 control B touchCancel",
        ])
    }

    @Test("R211, R224: each control event is traced before its actions run (--explain) and drawn on the control's lane")
    func tracedAndDrawn() throws {
        let scenario = try ScenarioParser.parse(Self.file(
            views: #"{ "id": "B", "type": "button", "parent": "V", "frame": [40, 100, 200, 60], "actions": ["touchUpInside"] }"#,
            input: Self.tap))
        let run = try ScenarioRunner.run(scenario, explain: true)
        let lines = run.explained
        // Traced also when no action is registered (touchDown here), and before the line of the action.
        let touchDown = try #require(lines.firstIndex(of: "# B sends control event touchDown"))
        let upTraced = try #require(lines.firstIndex(of: "# B sends control event touchUpInside"))
        let upLogged = try #require(lines.firstIndex(of: "0.090 control B touchUpInside"))
        #expect(touchDown < upTraced && upTraced < upLogged)
        #expect(lines.contains("# B sends control event primaryActionTriggered"))
        #expect(!lines.contains("0.000 control B touchDown"))
        let picture = try TimelinePicture(scenario)
        let lane = try #require(picture.lanes.first { $0.name == "B" })
        let marks = lane.marks.filter { $0.kind == .controlEvent }
        #expect(marks.map(\.label) == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(marks.map(\.time) == [Timestamp(seconds: 0), Timestamp(seconds: 0.09), Timestamp(seconds: 0.09)])
    }

    @Test("R224: a recorded button tap has its control lines in expect, and the file replays to the same log")
    func recordedTapReplays() throws {
        let environment = GestureEnvironment()
        let window = Window(width: 400, height: 800)
        environment.addWindow(window)
        let panel = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        panel.name = "panel"
        window.addSubview(panel)
        let button = Button(frame: Rect(x: 40, y: 100, width: 200, height: 60))
        button.name = "buy"
        panel.addSubview(button)
        let recorder = try ScenarioRecorder(environment: environment, name: "a recorded button tap")
        try environment.dispatch(TouchEvent(timestamp: environment.now, touches: [TouchInput(id: 1, phase: .began, x: 100, y: 130)]))
        try environment.advance(by: .milliseconds(90))
        try environment.dispatch(TouchEvent(timestamp: environment.now, touches: [TouchInput(id: 1, phase: .ended, x: 100, y: 130)]))
        let scenario = try recorder.finish()
        #expect(scenario.expect == [
            "0.000 touch 1 hit buy", "0.000 view buy began 1", "0.000 control buy touchDown",
            "0.090 view buy ended 1", "0.090 control buy touchUpInside", "0.090 control buy primaryActionTriggered",
        ])
        let replay = try ScenarioRunner.run(try ScenarioParser.parse(scenario.jsonText()))
        #expect(replay.log == scenario.expect)
    }

    @Test("scenario-format: the recorder writes the library's own controls with their type and enabled flag")
    func recorderWritesControls() throws {
        let environment = GestureEnvironment()
        let window = Window(width: 400, height: 800)
        environment.addWindow(window)
        let button = Button(frame: Rect(x: 10, y: 10, width: 100, height: 40))
        button.name = "buy"
        let control = Control(frame: Rect(x: 10, y: 100, width: 100, height: 40))
        control.name = "knob"
        control.isEnabled = false
        window.addSubview(button)
        window.addSubview(control)
        let recorder = try ScenarioRecorder(environment: environment, name: "recorded")
        let scenario = try recorder.finish()
        #expect(scenario.views.map(\.type) == [.button, .control])
        #expect(scenario.views.map(\.control.enabled) == [true, false])
    }

    /// A control of the user's own that says it hit-tests by the rules.
    final class Knob: Control {
        override class var usesDefaultHitTesting: Bool { true }
    }

    @Test("R203, R224, R122: a control subclass is refused, naming its class, even one that hit-tests by the rules: its events would not replay")
    func recorderRefusesControlSubclass() throws {
        let environment = GestureEnvironment()
        let window = Window(width: 400, height: 800)
        environment.addWindow(window)
        let knob = Knob(frame: Rect(x: 10, y: 10, width: 100, height: 40))
        knob.name = "knob"
        window.addSubview(knob)
        let refusal = ScenarioRecorderTests.refusedView { _ = try ScenarioRecorder(environment: environment) }
        #expect(refusal?.id == "knob")
        #expect(refusal?.reason.contains("Knob") == true, "\(String(describing: refusal))")
    }
}
