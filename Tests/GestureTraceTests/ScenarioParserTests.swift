import GestureArbiter
import GestureArbiterTesting
import Testing

/// A row of the invalid-file table: the JSON and the start of the expected error.
struct InvalidFile: CustomTestStringConvertible, Sendable {
    let json: String
    let error: String
    var testDescription: String { error }
}

@Suite struct ScenarioParserTests {
    static let minimal = #"{ "name": "m", "views": [], "gestures": [], "input": [] }"#

    @Test("scenario-format: defaults of an omitted window, order and view fields")
    func defaults() throws {
        let scenario = try ScenarioParser.parse(#"""
            { "name": "d", "views": [ { "id": "V", "parent": "window", "frame": [1, 2, 3, 4] } ],
              "gestures": [ { "id": "E", "type": "edgePan", "view": "V", "edges": ["left"] },
                            { "id": "T", "type": "tap", "view": "V" } ],
              "input": [ { "t": 0, "idle": true } ] }
            """#)
        #expect(scenario.windowSize == Size(width: 400, height: 800))
        #expect(scenario.order == .strict)
        #expect(scenario.expect == nil)
        let view = try #require(scenario.views.first)
        #expect(view.frame == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(view.handlesTouches && view.userInteractionEnabled && !view.hidden && !view.multipleTouchEnabled)
        #expect(scenario.gestures.map(\.delaysTouchesBegan) == [true, false])
        #expect(scenario.gestures.map(\.delaysTouchesEnded) == [true, true])
        #expect(scenario.gestures[1].kind == .tap(taps: 1, touches: 1))
    }

    static let invalidFiles: [InvalidFile] = [
        InvalidFile(json: "{ not json", error: "file: not valid JSON"),
        InvalidFile(json: #"{ "name": "x", "colour": 1 }"#, error: #"file: unknown field "colour""#),
        InvalidFile(json: #"{ "views": [] }"#, error: #"file: missing "name""#),
        InvalidFile(json: #"{ "name": "x", "views": [ { "id": "V", "parent": "W", "frame": [0, 0, 1, 1] } ] }"#,
                    error: #"views[0] (id "V"): parent "W" is not the window or an earlier view"#),
        InvalidFile(json: #"{ "name": "x", "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 1] } ] }"#,
                    error: #"views[0] (id "V"): "frame" must be [x, y, width, height]"#),
        InvalidFile(json: #"{ "name": "x", "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 1, 1] }, { "id": "V", "parent": "window", "frame": [0, 0, 1, 1] } ] }"#,
                    error: #"views[1] (id "V"): duplicate id "V""#),
        InvalidFile(json: #"{ "name": "x", "views": [ { "id": "window", "parent": "window", "frame": [0, 0, 1, 1] } ] }"#,
                    error: #"views[0] (id "window"): id "window" is reserved"#),
        InvalidFile(json: #"{ "name": "x", "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 1, 1], "hidden": 1 } ] }"#,
                    error: #"views[0] (id "V"): "hidden" must be true or false"#),
        InvalidFile(json: #"{ "name": "x", "gestures": [ { "id": "D", "type": "tap", "view": "window", "tapz": 2 } ] }"#,
                    error: #"gestures[0] (id "D"): unknown field "tapz""#),
        InvalidFile(json: #"{ "name": "x", "gestures": [ { "id": "D", "type": "swipe", "view": "window" } ] }"#,
                    error: #"gestures[0] (id "D"): unknown type "swipe""#),
        InvalidFile(json: #"{ "name": "x", "gestures": [ { "id": "D", "type": "tap", "view": "nowhere" } ] }"#,
                    error: #"gestures[0] (id "D"): unknown view "nowhere""#),
        InvalidFile(json: #"{ "name": "x", "gestures": [ { "id": "D", "type": "tap", "view": "window", "requireToFail": ["Q"] } ] }"#,
                    error: #"gestures[0] (id "D"): requireToFail names unknown gesture "Q""#),
        InvalidFile(json: #"{ "name": "x", "gestures": [ { "id": "E", "type": "edgePan", "view": "window", "edges": ["middle"] } ] }"#,
                    error: #"gestures[0] (id "E"): unknown edge "middle""#),
        InvalidFile(json: #"{ "name": "x", "gestures": [ { "id": "E", "type": "edgePan", "view": "window" } ] }"#,
                    error: #"gestures[0] (id "E"): edgePan needs a non-empty "edges" list"#),
        InvalidFile(json: #"{ "name": "x", "delegate": { "simultaneous": [["A", "B"]] } }"#,
                    error: #"delegate: unknown gesture "A""#),
        InvalidFile(json: #"{ "name": "x", "input": [ { "t": 1, "idle": true }, { "t": 0.5, "idle": true } ] }"#,
                    error: "input[1]: time goes backwards"),
        InvalidFile(json: #"{ "name": "x", "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "pressed", "x": 0, "y": 0 } ] } ] }"#,
                    error: #"input[0].touches[0]: unknown phase "pressed""#),
        InvalidFile(json: #"{ "name": "x", "input": [ { "t": 0, "idle": true, "disable": "T" } ] }"#,
                    error: #"input[0]: "disable" names unknown gesture "T""#),
        InvalidFile(json: #"{ "name": "x", "input": [ { "t": 0 } ] }"#,
                    error: "input[0]: needs one of touches, idle"),
        InvalidFile(json: #"{ "name": "x", "order": "loose" }"#, error: #"order: unknown value "loose""#),
    ]

    @Test("scenario-format: an invalid file is rejected with a message naming the entry", arguments: invalidFiles)
    func rejects(_ row: InvalidFile) {
        do {
            _ = try ScenarioParser.parse(row.json)
            Issue.record("accepted an invalid file: \(row.json)")
        } catch {
            #expect(error.description.hasPrefix(row.error), "got: \(error.description)")
        }
    }

    @Test("scenario-format: every conformance-style field survives a write and a read")
    func roundTrip() throws {
        let text = BuiltInScenarios.singleRequiresDoubleFourFastTaps
        let scenario = try ScenarioParser.parse(text)
        let again = try ScenarioParser.parse(scenario.jsonText())
        #expect(again == scenario)
    }

    @Test("scenario-format: the writer keeps non-default fields")
    func writerKeepsFields() throws {
        var scenario = Scenario(name: "w")
        var view = Scenario.ViewSpec(id: "V", parent: "window", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.hidden = true
        view.alpha = 0.5
        view.controller = "vc"
        view.gestureRecognizerShouldBegin = ["P": false]
        scenario.views = [view]
        var pan = Scenario.GestureSpec(id: "P", kind: .pan(minTouches: 2, maxTouches: 3), view: "V")
        pan.cancelsTouchesInView = false
        scenario.gestures = [pan, Scenario.GestureSpec(id: "C", kind: .delayedTouchesBegan(delay: 0.2), view: "V")]
        scenario.delegate.simultaneous = [["P", "C"]]
        scenario.controllersHandlingTouches = ["vc"]
        scenario.input = [
            Scenario.InputEntry(t: 0.1, action: .touches([Scenario.TouchSpec(id: 1, phase: .began, x: 1.5, y: 2)])),
            Scenario.InputEntry(t: 0.2, action: .removeView("V")),
        ]
        scenario.order = .byTime
        scenario.expect = ["0.100 touch 1 hit none"]
        #expect(try ScenarioParser.parse(scenario.jsonText()) == scenario)
    }
}
