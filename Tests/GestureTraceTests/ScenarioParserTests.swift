import GestureArbiter
import GestureArbiterTesting
import Testing

/// A row of the invalid-file table: what is wrong, the JSON, and the expected error.
struct InvalidFile: CustomTestStringConvertible, Sendable {
    let what: String
    let json: String
    /// The whole expected message, or its start (the rest is an explanation).
    let error: String
    var testDescription: String { what }
}

@Suite struct ScenarioParserTests {
    @Test("scenario-format: defaults of an omitted window, order and view and gesture fields")
    func defaults() throws {
        let scenario = try ScenarioParser.parse(#"""
            { "name": "d", "views": [ { "id": "V", "parent": "window", "frame": [1, 2, 3, 4] } ],
              "gestures": [ { "id": "E", "type": "edgePan", "view": "V", "edges": ["left"] },
                            { "id": "T", "type": "tap", "view": "V" },
                            { "id": "P", "type": "pan", "view": "window" },
                            { "id": "C", "type": "delayedTouchesBegan", "view": "V" } ],
              "input": [ { "t": 0, "idle": true } ] }
            """#)
        #expect(scenario.windowSize == Size(width: 400, height: 800))
        #expect(scenario.order == .strict)
        #expect(scenario.expect == nil)
        #expect(scenario.delegate == Scenario.DelegateSpec())
        #expect(scenario.controllersHandlingTouches.isEmpty)
        let view = try #require(scenario.views.first)
        #expect(view.frame == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(view.boundsOrigin == .zero)
        #expect(view.alpha == 1)
        #expect(view.controller == nil)
        #expect(view.handlesTouches && view.userInteractionEnabled)
        #expect(!view.hidden && !view.clipsToBounds && !view.multipleTouchEnabled && !view.exclusiveTouch)
        #expect(scenario.gestures.map(\.delaysTouchesBegan) == [true, false, false, true])
        #expect(scenario.gestures.map(\.delaysTouchesEnded) == [true, true, true, true])
        #expect(scenario.gestures.map(\.cancelsTouchesInView) == [true, true, true, true])
        #expect(scenario.gestures.map(\.enabled) == [true, true, true, true])
        #expect(scenario.gestures.map(\.kind) == [
            .edgePan(edges: ["left"]), .tap(taps: 1, touches: 1), .pan(minTouches: 1, maxTouches: nil),
            .delayedTouchesBegan(delay: 0.15),
        ])
    }

    @Test("scenario-format: a file using every field parses to those values")
    func everyField() throws {
        let scenario = try ScenarioParser.parse(#"""
            {
              "name": "all", "rules": ["R13", "R45"], "comment": "people only",
              "window": { "width": 320, "height": 480 },
              "views": [
                { "id": "R", "parent": "window", "frame": [0, 0, 320, 480], "boundsOrigin": [0, 10],
                  "hidden": false, "userInteractionEnabled": true, "alpha": 0.5, "clipsToBounds": true,
                  "controller": "vc", "handlesTouches": false, "multipleTouchEnabled": true,
                  "exclusiveTouch": true, "gestureRecognizerShouldBegin": { "P": false } },
                { "id": "V", "parent": "R", "frame": [10.5, 20, 30, 40] }
              ],
              "gestures": [
                { "id": "T", "type": "tap", "view": "V", "taps": 2, "touches": 2, "enabled": false,
                  "cancelsTouchesInView": false, "delaysTouchesBegan": true, "delaysTouchesEnded": false,
                  "requireToFail": ["P", "E"] },
                { "id": "P", "type": "pan", "view": "R", "minTouches": 2, "maxTouches": 3 },
                { "id": "E", "type": "edgePan", "view": "window", "edges": ["right", "top", "bottom"],
                  "delaysTouchesBegan": false },
                { "id": "C", "type": "delayedTouchesBegan", "view": "R", "delay": 0.2 }
              ],
              "delegate": { "shouldReceive": { "T": false }, "shouldBegin": { "P": true },
                            "simultaneous": [["T", "P"]], "requireFailure": [["P", "E"]],
                            "requiredToFailBy": [["E", "C"]] },
              "controllersHandlingTouches": ["vc"],
              "input": [
                { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 1, "y": 2 },
                                       { "id": 2, "phase": "began", "x": 3.5, "y": 4 } ] },
                { "t": 0.1, "touches": [ { "id": 1, "phase": "stationary", "x": 1, "y": 2 },
                                         { "id": 2, "phase": "moved", "x": 5, "y": 6 } ] },
                { "t": 0.1, "disable": "T" }, { "t": 0.2, "enable": "T" },
                { "t": 0.3, "touches": [ { "id": 1, "phase": "ended", "x": 1, "y": 2 },
                                         { "id": 2, "phase": "cancelled", "x": 5, "y": 6 } ] },
                { "t": 0.4, "removeGesture": "P" }, { "t": 0.5, "removeView": "V" }, { "t": 2, "idle": true }
              ],
              "order": "by-time",
              "expect": ["0.000 touch 1 hit V"]
            }
            """#)
        #expect(scenario.name == "all")
        #expect(scenario.rules == ["R13", "R45"])
        #expect(scenario.comment == "people only")
        #expect(scenario.windowSize == Size(width: 320, height: 480))
        var root = Scenario.ViewSpec(id: "R", parent: "window", frame: Rect(x: 0, y: 0, width: 320, height: 480))
        root.boundsOrigin = Point(x: 0, y: 10)
        root.alpha = 0.5
        root.clipsToBounds = true
        root.controller = "vc"
        root.handlesTouches = false
        root.multipleTouchEnabled = true
        root.exclusiveTouch = true
        root.gestureRecognizerShouldBegin = ["P": false]
        let inner = Scenario.ViewSpec(id: "V", parent: "R", frame: Rect(x: 10.5, y: 20, width: 30, height: 40))
        #expect(scenario.views == [root, inner])
        var tap = Scenario.GestureSpec(id: "T", kind: .tap(taps: 2, touches: 2), view: "V")
        tap.enabled = false
        tap.cancelsTouchesInView = false
        tap.delaysTouchesBegan = true
        tap.delaysTouchesEnded = false
        tap.requireToFail = ["P", "E"]
        var edge = Scenario.GestureSpec(id: "E", kind: .edgePan(edges: ["right", "top", "bottom"]), view: "window")
        edge.delaysTouchesBegan = false
        #expect(scenario.gestures == [
            tap, Scenario.GestureSpec(id: "P", kind: .pan(minTouches: 2, maxTouches: 3), view: "R"), edge,
            Scenario.GestureSpec(id: "C", kind: .delayedTouchesBegan(delay: 0.2), view: "R"),
        ])
        var delegate = Scenario.DelegateSpec()
        delegate.shouldReceive = ["T": false]
        delegate.shouldBegin = ["P": true]
        delegate.simultaneous = [["T", "P"]]
        delegate.requireFailure = [["P", "E"]]
        delegate.requiredToFailBy = [["E", "C"]]
        #expect(scenario.delegate == delegate)
        #expect(scenario.controllersHandlingTouches == ["vc"])
        #expect(scenario.input == [
            Scenario.InputEntry(t: 0, action: .touches([
                Scenario.TouchSpec(id: 1, phase: .began, x: 1, y: 2), Scenario.TouchSpec(id: 2, phase: .began, x: 3.5, y: 4),
            ])),
            Scenario.InputEntry(t: 0.1, action: .touches([
                Scenario.TouchSpec(id: 1, phase: .stationary, x: 1, y: 2), Scenario.TouchSpec(id: 2, phase: .moved, x: 5, y: 6),
            ])),
            Scenario.InputEntry(t: 0.1, action: .disable("T")),
            Scenario.InputEntry(t: 0.2, action: .enable("T")),
            Scenario.InputEntry(t: 0.3, action: .touches([
                Scenario.TouchSpec(id: 1, phase: .ended, x: 1, y: 2), Scenario.TouchSpec(id: 2, phase: .cancelled, x: 5, y: 6),
            ])),
            Scenario.InputEntry(t: 0.4, action: .removeGesture("P")),
            Scenario.InputEntry(t: 0.5, action: .removeView("V")),
            Scenario.InputEntry(t: 2, action: .idle),
        ])
        #expect(scenario.order == .byTime)
        #expect(scenario.expect == ["0.000 touch 1 hit V"])
    }

    @Test("scenario-format: equal times are allowed (input in non-decreasing t)")
    func equalTimes() throws {
        let scenario = try ScenarioParser.parse(#"""
            { "name": "e", "gestures": [ { "id": "T", "type": "tap", "view": "window" } ],
              "input": [ { "t": 0.5, "idle": true }, { "t": 0.5, "disable": "T" } ] }
            """#)
        #expect(scenario.input.map(\.t) == [0.5, 0.5])
    }

    /// One valid view, for rows that need something to attach to.
    static let view = #"{ "id": "V", "parent": "window", "frame": [0, 0, 10, 10] }"#
    /// One valid tap on `V`.
    static let tap = #"{ "id": "T", "type": "tap", "view": "V" }"#

    static func file(views: String = "", gestures: String = "", rest: String = "") -> String {
        #"{ "name": "x", "views": [\#(views)], "gestures": [\#(gestures)]\#(rest.isEmpty ? "" : ", " + rest) }"#
    }

    static func touch(_ fields: String) -> String {
        file(rest: #""input": [ { "t": 0, "touches": [ { \#(fields) } ] } ]"#)
    }

    static let invalidFiles: [InvalidFile] = [
        // The file as a whole.
        InvalidFile(what: "bad JSON", json: "{ not json", error: "file: not valid JSON"),
        InvalidFile(what: "not an object", json: "[1, 2]", error: "file: expected an object"),
        InvalidFile(what: "unknown top-level field", json: #"{ "name": "x", "colour": 1 }"#, error: #"file: unknown field "colour""#),
        InvalidFile(what: "field given twice", json: #"{ "name": "x", "name": "y" }"#, error: #"file: field "name" appears twice"#),
        InvalidFile(what: "no name", json: #"{ "views": [] }"#, error: #"file: missing "name""#),
        InvalidFile(what: "name not a string", json: #"{ "name": 3 }"#, error: #"file: "name" must be a string"#),
        InvalidFile(what: "rules not strings", json: #"{ "name": "x", "rules": [1] }"#, error: #"file: "rules" must list strings"#),
        InvalidFile(what: "views not a list", json: #"{ "name": "x", "views": {} }"#, error: #"file: "views" must be a list"#),
        InvalidFile(what: "unknown order", json: #"{ "name": "x", "order": "loose" }"#, error: #"order: unknown value "loose""#),
        InvalidFile(what: "expect not strings", json: #"{ "name": "x", "expect": ["0.000 touch 1 hit V", 2] }"#,
                    error: #"file: "expect" must list strings"#),
        // window
        InvalidFile(what: "unknown window field", json: #"{ "name": "x", "window": { "width": 1, "depth": 2 } }"#,
                    error: #"window: unknown field "depth""#),
        InvalidFile(what: "window size not positive", json: #"{ "name": "x", "window": { "width": 0, "height": 2 } }"#,
                    error: "window: width and height must be positive"),
        // views
        InvalidFile(what: "unknown view field", json: file(views: #"{ "id": "V", "parent": "window", "frame": [0, 0, 1, 1], "colour": "red" }"#),
                    error: #"views[0] (id "V"): unknown field "colour""#),
        InvalidFile(what: "unknown parent", json: file(views: #"{ "id": "V", "parent": "W", "frame": [0, 0, 1, 1] }"#),
                    error: #"views[0] (id "V"): parent "W" is not the window or an earlier view"#),
        InvalidFile(what: "parent defined later",
                    json: file(views: #"{ "id": "A", "parent": "B", "frame": [0, 0, 1, 1] }, { "id": "B", "parent": "window", "frame": [0, 0, 1, 1] }"#),
                    error: #"views[0] (id "A"): parent "B" is not the window or an earlier view"#),
        InvalidFile(what: "frame of three numbers", json: file(views: #"{ "id": "V", "parent": "window", "frame": [0, 0, 1] }"#),
                    error: #"views[0] (id "V"): "frame" must be [x, y, width, height], a list of four numbers, not a list of 3 items"#),
        InvalidFile(what: "frame with a string", json: file(views: #"{ "id": "V", "parent": "window", "frame": [0, 0, "1", 1] }"#),
                    error: #"views[0] (id "V"): "frame" must be [x, y, width, height]: width is a string, not a number"#),
        InvalidFile(what: "no frame", json: file(views: #"{ "id": "V", "parent": "window" }"#),
                    error: #"views[0] (id "V"): missing "frame""#),
        InvalidFile(what: "boundsOrigin of one number", json: file(views: #"{ "id": "V", "parent": "window", "frame": [0, 0, 1, 1], "boundsOrigin": [1] }"#),
                    error: #"views[0] (id "V"): "boundsOrigin" must be [x, y]"#),
        InvalidFile(what: "duplicate view id", json: file(views: view + ", " + view), error: #"views[1] (id "V"): duplicate id "V""#),
        InvalidFile(what: "reserved id window", json: file(views: #"{ "id": "window", "parent": "window", "frame": [0, 0, 1, 1] }"#),
                    error: #"views[0] (id "window"): id "window" is reserved"#),
        InvalidFile(what: "reserved id application", json: file(views: #"{ "id": "application", "parent": "window", "frame": [0, 0, 1, 1] }"#),
                    error: #"views[0] (id "application"): id "application" is reserved"#),
        InvalidFile(what: "id with a space", json: file(views: #"{ "id": "my card", "parent": "window", "frame": [0, 0, 1, 1] }"#),
                    error: #"views[0] (id "my card"): "id" "my card" must not contain whitespace"#),
        InvalidFile(what: "flag given as a number", json: file(views: #"{ "id": "V", "parent": "window", "frame": [0, 0, 1, 1], "hidden": 1 }"#),
                    error: #"views[0] (id "V"): "hidden" must be true or false"#),
        InvalidFile(what: "alpha above 1", json: file(views: #"{ "id": "V", "parent": "window", "frame": [0, 0, 1, 1], "alpha": 2 }"#),
                    error: #"views[0] (id "V"): "alpha" must be between 0 and 1"#),
        InvalidFile(what: "view's shouldBegin names unknown gesture",
                    json: file(views: #"{ "id": "V", "parent": "window", "frame": [0, 0, 1, 1], "gestureRecognizerShouldBegin": { "Q": false } }"#),
                    error: #"views[0] (id "V"): gestureRecognizerShouldBegin names unknown gesture "Q""#),
        InvalidFile(what: "one controller, two root views",
                    json: file(views: #"{ "id": "A", "parent": "window", "frame": [0, 0, 1, 1], "controller": "vc" }, { "id": "B", "parent": "window", "frame": [0, 0, 1, 1], "controller": "vc" }"#),
                    error: #"views[1] (id "B"): controller "vc" already has a root view"#),
        InvalidFile(what: "controllersHandlingTouches names unknown controller", json: file(rest: #""controllersHandlingTouches": ["vc"]"#),
                    error: #"controllersHandlingTouches: no view has controller "vc""#),
        // gestures
        InvalidFile(what: "unknown gesture field", json: file(views: view, gestures: #"{ "id": "D", "type": "tap", "view": "V", "tapz": 2 }"#),
                    error: #"gestures[0] (id "D"): unknown field "tapz""#),
        InvalidFile(what: "a field of another type", json: file(views: view, gestures: #"{ "id": "P", "type": "pan", "view": "V", "taps": 2 }"#),
                    error: #"gestures[0] (id "P"): unknown field "taps""#),
        InvalidFile(what: "a gesture field given twice",
                    json: file(views: view, gestures: tap + #", { "id": "D", "type": "tap", "view": "V", "taps": 2, "taps": 3 }"#),
                    error: #"gestures[1]: field "taps" appears twice"#),
        InvalidFile(what: "unknown type", json: file(gestures: #"{ "id": "D", "type": "wobble", "view": "window" }"#),
                    error: #"gestures[0] (id "D"): unknown type "wobble""#),
        InvalidFile(what: "no type", json: file(gestures: #"{ "id": "D", "view": "window" }"#), error: #"gestures[0] (id "D"): missing "type""#),
        InvalidFile(what: "unknown view", json: file(gestures: #"{ "id": "D", "type": "tap", "view": "nowhere" }"#),
                    error: #"gestures[0] (id "D"): unknown view "nowhere""#),
        InvalidFile(what: "duplicate gesture id", json: file(views: view, gestures: tap + ", " + tap), error: #"gestures[1] (id "T"): duplicate id "T""#),
        InvalidFile(what: "taps not whole", json: file(gestures: #"{ "id": "D", "type": "tap", "view": "window", "taps": 1.5 }"#),
                    error: #"gestures[0] (id "D"): "taps" must be a whole number"#),
        InvalidFile(what: "zero taps", json: file(gestures: #"{ "id": "D", "type": "tap", "view": "window", "taps": 0 }"#),
                    error: #"gestures[0] (id "D"): taps and touches must be at least 1"#),
        InvalidFile(what: "maxTouches below minTouches", json: file(gestures: #"{ "id": "P", "type": "pan", "view": "window", "minTouches": 2, "maxTouches": 1 }"#),
                    error: #"gestures[0] (id "P"): minTouches must be at least 1 and at most maxTouches"#),
        InvalidFile(what: "requireToFail names unknown gesture",
                    json: file(gestures: #"{ "id": "D", "type": "tap", "view": "window", "requireToFail": ["Q"] }"#),
                    error: #"gestures[0] (id "D"): requireToFail names unknown gesture "Q""#),
        InvalidFile(what: "unknown edge", json: file(gestures: #"{ "id": "E", "type": "edgePan", "view": "window", "edges": ["middle"] }"#),
                    error: #"gestures[0] (id "E"): unknown edge "middle""#),
        InvalidFile(what: "edgePan without edges", json: file(gestures: #"{ "id": "E", "type": "edgePan", "view": "window" }"#),
                    error: #"gestures[0] (id "E"): edgePan needs a non-empty "edges" list"#),
        InvalidFile(what: "edgePan with no edge", json: file(gestures: #"{ "id": "E", "type": "edgePan", "view": "window", "edges": [] }"#),
                    error: #"gestures[0] (id "E"): edgePan needs a non-empty "edges" list"#),
        InvalidFile(what: "negative delay", json: file(gestures: #"{ "id": "C", "type": "delayedTouchesBegan", "view": "window", "delay": -1 }"#),
                    error: #"gestures[0] (id "C"): "delay" must be between 0 and"#),
        // delegate
        InvalidFile(what: "unknown delegate field", json: file(views: view, gestures: tap, rest: #""delegate": { "shouldRecieve": {} }"#),
                    error: #"delegate: unknown field "shouldRecieve""#),
        InvalidFile(what: "simultaneous names unknown gesture", json: file(views: view, gestures: tap, rest: #""delegate": { "simultaneous": [["T", "B"]] }"#),
                    error: #"delegate.simultaneous[0]: unknown gesture "B""#),
        InvalidFile(what: "shouldReceive names unknown gesture", json: file(rest: #""delegate": { "shouldReceive": { "A": false } }"#),
                    error: #"delegate.shouldReceive: unknown gesture "A""#),
        InvalidFile(what: "requiredToFailBy not a pair", json: file(views: view, gestures: tap, rest: #""delegate": { "requiredToFailBy": [["T"]] }"#),
                    error: #"delegate: "requiredToFailBy"[0] must be a pair of gesture ids"#),
        InvalidFile(what: "shouldBegin answer not a flag", json: file(views: view, gestures: tap, rest: #""delegate": { "shouldBegin": { "T": "no" } }"#),
                    error: #"delegate: "shouldBegin"."T" must be true or false"#),
        // input
        InvalidFile(what: "time going backwards", json: file(rest: #""input": [ { "t": 1, "idle": true }, { "t": 0.5, "idle": true } ]"#),
                    error: "input[1]: time goes backwards"),
        InvalidFile(what: "negative time", json: file(rest: #""input": [ { "t": -1, "idle": true } ]"#), error: #"input[0]: "t" must be between 0 and"#),
        InvalidFile(what: "time too large for the clock", json: file(rest: #""input": [ { "t": 1e12, "idle": true } ]"#),
                    error: #"input[0]: "t" must be between 0 and"#),
        InvalidFile(what: "no time", json: file(rest: #""input": [ { "idle": true } ]"#), error: #"input[0]: missing "t""#),
        InvalidFile(what: "no action", json: file(rest: #""input": [ { "t": 0 } ]"#), error: "input[0]: needs one of touches, hover, scroll, transform, idle"),
        InvalidFile(what: "two actions", json: file(views: view, gestures: tap, rest: #""input": [ { "t": 0, "idle": true, "disable": "T" } ]"#),
                    error: "input[0]: has more than one of"),
        InvalidFile(what: "unknown input field", json: file(rest: #""input": [ { "t": 0, "idle": true, "wait": 1 } ]"#),
                    error: #"input[0]: unknown field "wait""#),
        InvalidFile(what: "idle false", json: file(rest: #""input": [ { "t": 0, "idle": false } ]"#), error: #"input[0]: "idle" must be true when present"#),
        InvalidFile(what: "disable names unknown gesture", json: file(rest: #""input": [ { "t": 0, "disable": "T" } ]"#),
                    error: #"input[0]: "disable" names unknown gesture "T""#),
        InvalidFile(what: "enable names unknown gesture", json: file(rest: #""input": [ { "t": 0, "enable": "T" } ]"#),
                    error: #"input[0]: "enable" names unknown gesture "T""#),
        InvalidFile(what: "removeGesture names unknown gesture", json: file(rest: #""input": [ { "t": 0, "removeGesture": "T" } ]"#),
                    error: #"input[0]: "removeGesture" names unknown gesture "T""#),
        InvalidFile(what: "removeView names unknown view", json: file(rest: #""input": [ { "t": 0, "removeView": "V" } ]"#),
                    error: #"input[0]: "removeView" names unknown view "V""#),
        InvalidFile(what: "empty touches", json: file(rest: #""input": [ { "t": 0, "touches": [] } ]"#), error: #"input[0]: "touches" is empty"#),
        InvalidFile(what: "unknown phase", json: touch(#""id": 1, "phase": "pressed", "x": 0, "y": 0"#),
                    error: #"input[0].touches[0]: unknown phase "pressed""#),
        InvalidFile(what: "touch without y", json: touch(#""id": 1, "phase": "began", "x": 0"#), error: #"input[0].touches[0]: missing "x" or "y""#),
        InvalidFile(what: "touch id not whole", json: touch(#""id": 1.5, "phase": "began", "x": 0, "y": 0"#),
                    error: #"input[0].touches[0]: "id" must be a whole number"#),
        InvalidFile(what: "unknown touch field", json: touch(#""id": 1, "phase": "began", "x": 0, "y": 0, "force": 1"#),
                    error: #"input[0].touches[0]: unknown field "force""#),
        InvalidFile(what: "same touch twice in one event",
                    json: file(rest: #""input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 0, "y": 0 }, { "id": 1, "phase": "began", "x": 1, "y": 1 } ] } ]"#),
                    error: "input[0].touches[1]: touch 1 appears twice in one event"),
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

    @Test("scenario-format: an entry the engine rejects is an error naming the input entry, and the run stops")
    func engineRejection() throws {
        let scenario = try ScenarioParser.parse(#"""
            { "name": "r", "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 1, "y": 1 } ] },
                                      { "t": 0.1, "touches": [ { "id": 2, "phase": "ended", "x": 1, "y": 1 } ] } ] }
            """#)
        do {
            _ = try ScenarioRunner.run(scenario)
            Issue.record("the run accepted an ended phase for a touch that never began")
        } catch {
            #expect(error.location == "input[1]")
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
