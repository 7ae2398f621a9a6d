import GestureArbiter
import GestureArbiterTesting
import Testing

/// Pointer input in scenario files: click fields on touches, `hover` and `scroll` entries, the
/// `hover` gesture type, a pan's `allowedScrollTypes` and a tap's `buttonMaskRequired`
/// (R260-R284), and the entries `disableControl` and `enableControl` (R202, R213).
@Suite struct PointerScenarioTests {
    /// A file with a view `V`, a button `B` in it, `gestures` and `input`.
    static func file(gestures: String = "", input: String) -> String {
        """
        { "name": "pointer", "window": { "width": 400, "height": 800 },
          "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 400, 800] },
                     { "id": "B", "type": "button", "parent": "V", "frame": [40, 600, 100, 40] } ],
          "gestures": [\(gestures)],
          "input": [\(input)] }
        """
    }

    @Test("scenario-format, R262, R264, R273: pointer fields are read with their defaults and round-trip through the writer")
    func fieldsRoundTrip() throws {
        let text = Self.file(
            gestures: """
                { "id": "H", "type": "hover", "view": "V" },
                { "id": "P", "type": "pan", "view": "V", "allowedScrollTypes": ["discrete"] },
                { "id": "R", "type": "tap", "view": "V", "buttonMaskRequired": ["secondary"] },
                { "id": "T", "type": "tap", "view": "V" }
                """,
            input: """
                { "t": 0, "hover": { "phase": "entered", "x": 10, "y": 10 } },
                { "t": 0.1, "touches": [ { "id": 1, "phase": "began", "x": 10, "y": 10, "type": "indirectPointer", "buttons": ["primary", "secondary"], "modifiers": ["shift", "command"] } ] },
                { "t": 0.2, "touches": [ { "id": 1, "phase": "ended", "x": 10, "y": 10 } ] },
                { "t": 0.3, "scroll": { "phase": "began", "x": 10, "y": 10, "type": "discrete", "delta": [0, -30] } },
                { "t": 0.3, "scroll": { "phase": "ended", "x": 10, "y": 10 } },
                { "t": 0.4, "hover": { "phase": "exited", "x": 10, "y": 10 } },
                { "t": 0.5, "disableControl": "B" },
                { "t": 0.6, "enableControl": "B" },
                { "t": 1, "idle": true }
                """)
        let scenario = try ScenarioParser.parse(text)
        #expect(scenario.gestures.map(\.kind.typeName) == ["hover", "pan", "tap", "tap"])
        #expect(scenario.gestures[1].tuning.allowedScrollTypes == ["discrete"])
        #expect(scenario.gestures[2].tuning.buttonMaskRequired == ["secondary"])
        #expect(scenario.gestures[3].tuning.buttonMaskRequired == ["primary"] && scenario.gestures[3].tuning.allowedScrollTypes.isEmpty)
        guard case let .touches(touches) = scenario.input[1].action else {
            Issue.record("input[1] is not a touch entry")
            return
        }
        #expect(touches[0].type == .indirectPointer && touches[0].buttons == ["primary", "secondary"] && touches[0].modifiers == ["shift", "command"])
        #expect(scenario.input[3].action == .scroll(Scenario.ScrollSpec(phase: .began, x: 10, y: 10, type: .discrete, delta: Point(x: 0, y: -30))))
        #expect(scenario.input[6].action == .disableControl("B") && scenario.input[7].action == .enableControl("B"))
        let written = scenario.jsonText()
        #expect(try ScenarioParser.parse(written) == scenario)
        #expect(!written.contains("buttonMaskRequired\": [\"primary\"]"))
    }

    @Test(
        "scenario-format, R261, R262, R268, R272, R279, R283: an invalid pointer entry names the entry and the problem",
        arguments: [
            (#"{ "t": 0, "touches": [ { "id": 1, "phase": "moved", "x": 1, "y": 1, "type": "indirectPointer" } ] }"#,
             #"input[0].touches[0]: "type" is given with "phase": "began" only"#),
            (#"{ "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 1, "y": 1, "buttons": ["secondary"] } ] }"#,
             #""buttons" belongs to a pointer touch"#),
            (#"{ "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 1, "y": 1, "type": "mouse" } ] }"#, #"unknown touch type "mouse""#),
            (#"{ "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 1, "y": 1, "type": "indirectPointer", "buttons": [] } ] }"#,
             #""buttons" must not be empty"#),
            (#"{ "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 1, "y": 1, "type": "indirectPointer", "buttons": ["middle"] } ] }"#,
             #"unknown name "middle" in "buttons""#),
            (#"{ "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 1, "y": 1, "type": "indirectPointer", "modifiers": ["shift", "shift"] } ] }"#,
             #""modifiers" lists a name twice"#),
            (#"{ "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 1, "y": 1, "type": "indirectPointer" }, { "id": 2, "phase": "began", "x": 5, "y": 5 } ] }"#,
             "an entry that lists one lists no other touch"),
            (#"{ "t": 0, "hover": { "phase": "moved", "x": 1, "y": 1 } }"#, #"hover "moved" before the pointer entered"#),
            (#"{ "t": 0, "hover": { "phase": "hovering", "x": 1, "y": 1 } }"#, #"unknown hover phase "hovering""#),
            (#"{ "t": 0, "scroll": { "phase": "began", "x": 1, "y": 1 } }"#, #"a scroll "began" needs "type""#),
            (#"{ "t": 0, "scroll": { "phase": "changed", "x": 1, "y": 1, "delta": [0, 1] } }"#, #"scroll "changed" with no scroll going on"#),
            (#"{ "t": 0, "scroll": { "phase": "began", "x": 1, "y": 1, "type": "continuous", "delta": [0, 1] } }"#,
             #""delta" is given with "changed" or a discrete "began" only"#),
            (#"{ "t": 0, "scroll": { "phase": "began", "x": 1, "y": 1, "type": "wheel" } }"#, #"unknown scroll type "wheel""#),
            (#"{ "t": 0, "disableControl": "V" }"#, #""disableControl" names "V", which is not a control or button"#),
        ])
    func invalidEntries(entry: String, message: String) {
        #expect {
            _ = try ScenarioParser.parse(Self.file(input: entry))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test(
        "scenario-format, R261, R268, R272: entries that do not fit the pointer's sequence are invalid",
        arguments: [
            ("""
             { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 1, "y": 1, "type": "indirectPointer" } ] },
             { "t": 0.1, "touches": [ { "id": 2, "phase": "began", "x": 5, "y": 5, "type": "indirectPointer" } ] }
             """, "input[1]: touch 2 is a second pointer touch while pointer touch 1 is down"),
            ("""
             { "t": 0, "hover": { "phase": "entered", "x": 1, "y": 1 } },
             { "t": 0.1, "touches": [ { "id": 1, "phase": "began", "x": 1, "y": 1, "type": "indirectPointer" } ] },
             { "t": 0.2, "hover": { "phase": "moved", "x": 2, "y": 1 } }
             """, "input[2]: a hover entry while pointer touch 1 is down"),
            ("""
             { "t": 0, "hover": { "phase": "entered", "x": 1, "y": 1 } },
             { "t": 0.1, "hover": { "phase": "entered", "x": 2, "y": 1 } }
             """, #"input[1]: hover "entered" while the pointer is already in the window"#),
            ("""
             { "t": 0, "scroll": { "phase": "began", "x": 1, "y": 1, "type": "continuous" } },
             { "t": 0.1, "scroll": { "phase": "began", "x": 1, "y": 1, "type": "continuous" } }
             """, #"input[1]: a scroll "began" while another scroll goes on"#),
            ("""
             { "t": 0, "scroll": { "phase": "began", "x": 1, "y": 1, "type": "continuous" } },
             { "t": 0.1, "scroll": { "phase": "changed", "x": 1, "y": 1, "type": "continuous" } }
             """, #"input[1].scroll: "type" is given with "phase": "began" only"#),
        ])
    func invalidSequences(input: String, message: String) {
        #expect {
            _ = try ScenarioParser.parse(Self.file(input: input))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test(
        "scenario-format, R264, R273: a tap's buttonMaskRequired and a pan's allowedScrollTypes are checked",
        arguments: [
            (#"{ "id": "T", "type": "tap", "view": "V", "buttonMaskRequired": [] }"#, #""buttonMaskRequired" must not be empty"#),
            (#"{ "id": "T", "type": "tap", "view": "V", "buttonMaskRequired": ["left"] }"#, #"unknown name "left" in "buttonMaskRequired""#),
            (#"{ "id": "P", "type": "pan", "view": "V", "allowedScrollTypes": ["discrete", "discrete"] }"#, #""allowedScrollTypes" lists a name twice"#),
            (#"{ "id": "P", "type": "pan", "view": "V", "allowedScrollTypes": ["wheel"] }"#, #"unknown name "wheel" in "allowedScrollTypes""#),
            (#"{ "id": "H", "type": "hover", "view": "V", "taps": 2 }"#, #"unknown field "taps""#),
        ])
    func invalidGestureFields(gesture: String, message: String) {
        #expect {
            _ = try ScenarioParser.parse(Self.file(gestures: gesture, input: #"{ "t": 0, "idle": true }"#))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test("R202, R213: disableControl makes a button unhittable (the tap reaches V), enableControl brings it back; neither logs a line")
    func disableAndEnableControl() throws {
        let text = Self.file(input: """
            { "t": 0, "disableControl": "B" },
            { "t": 0.1, "touches": [ { "id": 1, "phase": "began", "x": 50, "y": 610 } ] },
            { "t": 0.2, "touches": [ { "id": 1, "phase": "ended", "x": 50, "y": 610 } ] },
            { "t": 1, "enableControl": "B" },
            { "t": 1.1, "touches": [ { "id": 2, "phase": "began", "x": 50, "y": 610 } ] },
            { "t": 1.2, "touches": [ { "id": 2, "phase": "ended", "x": 50, "y": 610 } ] },
            { "t": 2, "idle": true }
            """)
        let run = try ScenarioRunner.run(try ScenarioParser.parse(text))
        #expect(run.log == [
            "0.100 touch 1 hit V", "0.100 view V began 1", "0.200 view V ended 1",
            "1.100 touch 2 hit B", "1.100 view B began 2", "1.100 control B touchDown",
            "1.200 view B ended 2", "1.200 control B touchUpInside", "1.200 control B primaryActionTriggered",
        ])
    }
}
