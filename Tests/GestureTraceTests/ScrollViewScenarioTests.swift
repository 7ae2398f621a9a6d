import Foundation
import GestureArbiter
import GestureArbiterTesting
import Testing

/// Scroll views in scenario files: the `scrollView` type and its fields with their defaults and
/// checks, the built-in ids `ID.delay` and `ID.pan` and where a file may name them, the writer,
/// and runs whose expected logs are worked out from R230-R256 by hand.
@Suite struct ScrollViewScenarioTests {
    /// A file with a plain container `V` filling the window, then `views`, and the other parts
    /// as given.
    static func file(views: String, gestures: String = "", delegate: String? = nil, relations: String? = nil, input: String) -> String {
        """
        { "name": "scroll views", "window": { "width": 400, "height": 800 },
          "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 400, 800] }, \(views) ],
          "gestures": [\(gestures)],
          \(delegate.map { #""delegate": \#($0),"# } ?? "")
          \(relations.map { #""relations": \#($0),"# } ?? "")
          "input": [\(input)] }
        """
    }

    /// `SV`, a scroll view filling the window that scrolls vertically (content 400 x 2400), with
    /// the extra fields given.
    static func scrollView(_ fields: String = "") -> String {
        #"{ "id": "SV", "type": "scrollView", "parent": "V", "frame": [0, 0, 400, 800], "contentSize": [400, 2400]\#(fields) }"#
    }

    /// Plain content `P` of `SV`, filling its content.
    static let content = #"{ "id": "P", "parent": "SV", "frame": [0, 0, 400, 2400] }"#
    /// A button `B` in `SV`'s content: a touch at (100, 300) hits it.
    static let button = #"{ "id": "B", "type": "button", "parent": "SV", "frame": [40, 250, 200, 100] }"#
    static let idle = #"{ "t": 0, "idle": true }"#

    /// Touch entries: `touch(0.05, 1, "moved", 100, 290)`.
    static func touch(_ t: Double, _ id: Int, _ phase: String, _ x: Double, _ y: Double) -> String {
        #"{ "t": \#(t), "touches": [ { "id": \#(id), "phase": "\#(phase)", "x": \#(x), "y": \#(y) } ] }"#
    }

    /// Parses `text` and runs it; the run must end idle.
    static func run(_ text: String) throws -> [String] {
        let run = try ScenarioRunner.run(try ScenarioParser.parse(text))
        #expect(run.endedIdle)
        return run.log
    }

    // MARK: - Fields

    @Test("scenario-format, R231: a scroll view's fields have the format's defaults; its built-in ids are ID.delay then ID.pan")
    func defaults() throws {
        let scenario = try ScenarioParser.parse(Self.file(
            views: #"{ "id": "SV", "type": "scrollView", "parent": "V", "frame": [0, 0, 400, 800] }"#, input: Self.idle))
        #expect(scenario.views.map(\.type) == [.view, .scrollView])
        let scroll = scenario.views[1].scroll
        #expect(scroll == Scenario.ScrollViewSpec())
        #expect(scroll.contentSize == .zero && scroll.contentOffset == .zero)
        #expect(scroll.delaysContentTouches && scroll.canCancelContentTouches && scroll.scrollEnabled)
        #expect(!scroll.directionalLockEnabled && !scroll.decelerating)
        #expect(scroll.transfersHorizontalScrollingToParent && scroll.transfersVerticalScrollingToParent)
        #expect(scroll.touchesShouldBegin && scroll.touchesShouldCancel == nil)
        #expect(scenario.views[1].handlesTouches)
        #expect(scenario.builtInGestureIDs == ["SV.delay", "SV.pan"])
        #expect(Scenario.ScrollViewSpec.builtInGestureIDs(of: "list") == ["list.delay", "list.pan"])
    }

    @Test("scenario-format: every scroll view field is read")
    func everyFieldIsRead() throws {
        let scenario = try ScenarioParser.parse(Self.file(
            views: #"""
                { "id": "SV", "type": "scrollView", "parent": "V", "frame": [0, 0, 400, 800], "contentSize": [1200.5, 2400],
                  "contentOffset": [-10, 35.25], "delaysContentTouches": false, "canCancelContentTouches": false, "scrollEnabled": false,
                  "directionalLockEnabled": true, "transfersHorizontalScrollingToParent": false,
                  "transfersVerticalScrollingToParent": false, "decelerating": true, "touchesShouldBegin": false,
                  "touchesShouldCancel": true, "handlesTouches": false }
                """#,
            input: Self.idle))
        let scroll = scenario.views[1].scroll
        #expect(scroll.contentSize == Size(width: 1200.5, height: 2400))
        #expect(scroll.contentOffset == Point(x: -10, y: 35.25))
        #expect(!scroll.delaysContentTouches && !scroll.canCancelContentTouches && !scroll.scrollEnabled)
        #expect(scroll.directionalLockEnabled && scroll.decelerating)
        #expect(!scroll.transfersHorizontalScrollingToParent && !scroll.transfersVerticalScrollingToParent)
        #expect(!scroll.touchesShouldBegin && scroll.touchesShouldCancel == true)
        #expect(!scenario.views[1].handlesTouches)
        // touchesShouldCancel false is an answer of its own, not the default.
        let refusing = try ScenarioParser.parse(Self.file(views: Self.scrollView(#", "touchesShouldCancel": false"#), input: Self.idle))
        #expect(refusing.views[1].scroll.touchesShouldCancel == false)
    }

    @Test("scenario-format: a scroll view round-trips through the writer, which leaves the defaults out")
    func roundTrip() throws {
        let text = Self.file(
            views: """
                \(Self.scrollView()),
                { "id": "H", "type": "scrollView", "parent": "SV", "frame": [0, 100, 400, 200], "contentSize": [1600, 200],
                  "contentOffset": [40, 0], "delaysContentTouches": false, "canCancelContentTouches": false, "scrollEnabled": false,
                  "directionalLockEnabled": true, "transfersHorizontalScrollingToParent": false,
                  "transfersVerticalScrollingToParent": false, "decelerating": true, "touchesShouldBegin": false,
                  "touchesShouldCancel": false, "gestureRecognizerShouldBegin": { "SV.pan": false } },
                { "id": "E", "type": "scrollView", "parent": "V", "frame": [0, 0, 10, 10] },
                \(Self.content)
                """,
            gestures: #"{ "id": "T", "type": "tap", "view": "P", "requireToFail": ["H.pan", "SV.delay"] }"#,
            delegate: #"{ "simultaneous": [["T", "SV.pan"]] }"#,
            input: Self.idle)
        let scenario = try ScenarioParser.parse(text)
        let written = scenario.jsonText()
        #expect(try ScenarioParser.parse(written) == scenario)
        #expect(written.contains(#""id": "E", "type": "scrollView", "parent": "V", "frame": [0, 0, 10, 10] }"#))
        for field in ["contentOffset", "delaysContentTouches", "canCancelContentTouches", "scrollEnabled", "directionalLockEnabled",
                      "transfersHorizontalScrollingToParent", "transfersVerticalScrollingToParent", "decelerating",
                      "touchesShouldBegin", "touchesShouldCancel"] {
            #expect(written.components(separatedBy: "\"\(field)\"").count == 2, "\(field) is written once, for H only")
        }
    }

    /// Every field of a scroll view entry beyond a view's.
    static let scrollFields = [
        #""contentSize": [1, 1]"#, #""contentOffset": [0, 0]"#, #""delaysContentTouches": true"#, #""canCancelContentTouches": true"#,
        #""scrollEnabled": true"#, #""directionalLockEnabled": false"#, #""transfersHorizontalScrollingToParent": true"#,
        #""transfersVerticalScrollingToParent": true"#, #""decelerating": false"#, #""touchesShouldBegin": true"#,
        #""touchesShouldCancel": true"#,
    ]

    @Test("scenario-format: a scroll view field on another kind of view names the field and the kind", arguments: ["view", "control", "button"], scrollFields)
    func scrollFieldOnAnotherKind(kind: String, field: String) {
        let entry = #"{ "id": "S", "type": "\#(kind)", "parent": "V", "frame": [0, 0, 1, 1], \#(field) }"#
        let name = String(field.split(separator: ":")[0])
        #expect {
            _ = try ScenarioParser.parse(Self.file(views: entry, input: Self.idle))
        } throws: { error in
            "\(error)".contains(#"views[1] (id "S"): \#(name) belongs to a scrollView, not a \#(kind)"#)
        }
    }

    @Test(
        "scenario-format: invalid scroll view entries name the problem",
        arguments: [
            (#""boundsOrigin": [0, 10]"#, #""boundsOrigin" is not allowed on a scrollView"#),
            (#""contentSize": [-1, 10]"#, #""contentSize" must not be negative"#),
            (#""contentSize": [10, -0.5]"#, #""contentSize" must not be negative"#),
            (#""contentSize": [10]"#, #""contentSize" must be a list of two numbers"#),
            (#""contentSize": [10, 20, 30]"#, #""contentSize" must be a list of two numbers"#),
            (#""contentSize": ["10", 20]"#, #""contentSize" must be a list of two numbers"#),
            (#""contentSize": [true, 20]"#, #""contentSize" must be a list of two numbers"#),
            (#""contentSize": 10"#, #""contentSize" must be a list of two numbers"#),
            (#""contentOffset": [0]"#, #""contentOffset" must be a list of two numbers"#),
            (#""contentOffset": { "x": 0, "y": 0 }"#, #""contentOffset" must be a list of two numbers"#),
            (#""delaysContentTouches": 1"#, #""delaysContentTouches" must be true or false"#),
            (#""decelerating": "yes""#, #""decelerating" must be true or false"#),
            (#""touchesShouldCancel": null"#, #""touchesShouldCancel" must be true or false"#),
            (#""actions": []"#, #""actions" belongs to a control or button, not a scrollView"#),
            (#""enabled": true"#, #""enabled" belongs to a control or button, not a scrollView"#),
        ])
    func invalidScrollView(field: String, message: String) {
        let entry = #"{ "id": "S", "type": "scrollView", "parent": "V", "frame": [0, 0, 1, 1], \#(field) }"#
        #expect {
            _ = try ScenarioParser.parse(Self.file(views: entry, input: Self.idle))
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains(#"views[1] (id "S")"#)
        }
    }

    // MARK: - The built-in ids

    @Test(
        "scenario-format, R230: a built-in id named where the file would set the recognizer up is an error that names the place and the id",
        arguments: [
            // A gesture of the file may not take a built-in id.
            (#"{ "id": "SV.pan", "type": "pan", "view": "P" }"#, nil, nil, idle,
             #"gestures[0] (id "SV.pan"): id "SV.pan" is the id of a scroll view's built-in recognizer (R230)"#),
            (#"{ "id": "SV.delay", "type": "tap", "view": "P" }"#, nil, nil, idle,
             #"gestures[0] (id "SV.delay"): id "SV.delay" is the id of a scroll view's built-in recognizer (R230)"#),
            // The scroll view is their delegate.
            (tap, #"{ "shouldBegin": { "SV.pan": false } }"#, nil, idle, #"delegate.shouldBegin: "SV.pan" is a scroll view's built-in recognizer"#),
            (tap, #"{ "shouldReceive": { "SV.delay": false } }"#, nil, idle, #"delegate.shouldReceive: "SV.delay" is a scroll view's built-in recognizer"#),
            (tap, #"{ "simultaneous": [["SV.pan", "T"]] }"#, nil, idle, #"delegate.simultaneous[0]: "SV.pan" is a scroll view's built-in recognizer"#),
            (tap, #"{ "requireFailure": [["SV.delay", "T"]] }"#, nil, idle, #"delegate.requireFailure[0]: "SV.delay" is a scroll view's built-in recognizer"#),
            (tap, #"{ "requiredToFailBy": [["SV.pan", "T"]] }"#, nil, idle, #"delegate.requiredToFailBy[0]: "SV.pan" is a scroll view's built-in recognizer"#),
            (tap, nil, #"{ "simultaneous": [["T", "SV.pan"]] }"#, idle, #"relations.simultaneous[0]: "SV.pan" is a scroll view's built-in recognizer"#),
            (tap, nil, #"{ "exclusive": [["SV.delay", "T"]] }"#, idle, #"relations.exclusive[0]: "SV.delay" is a scroll view's built-in recognizer"#),
            (tap, nil, nil, #"{ "t": 0, "disable": "SV.pan" }"#, #"input[0]: "SV.pan" is a scroll view's built-in recognizer"#),
            (tap, nil, nil, #"{ "t": 0, "enable": "SV.pan" }"#, #"input[0]: "SV.pan" is a scroll view's built-in recognizer"#),
            (tap, nil, nil, #"{ "t": 0, "removeGesture": "SV.delay" }"#, #"input[0]: "SV.delay" is a scroll view's built-in recognizer"#),
            (tap, nil, nil, #"{ "t": 0, "ignore": { "gesture": "SV.pan", "touch": 1 } }"#,
             #"input[0].ignore: "SV.pan" is a scroll view's built-in recognizer"#),
            // Only the ids of the file's scroll views are built in.
            (#"{ "id": "T", "type": "tap", "view": "P", "requireToFail": ["P.pan"] }"#, nil, nil, idle,
             #"gestures[0] (id "T"): requireToFail names unknown gesture "P.pan""#),
        ] as [(String, String?, String?, String, String)])
    func builtInNamedWhereItMayNotBe(gestures: String, delegate: String?, relations: String?, input: String, message: String) {
        #expect {
            _ = try ScenarioParser.parse(Self.file(
                views: "\(Self.scrollView()), \(Self.content)", gestures: gestures, delegate: delegate, relations: relations, input: input))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    static let tap = #"{ "id": "T", "type": "tap", "view": "P" }"#

    @Test("scenario-format, R230: a built-in id may be named in requireToFail, as the second gesture of a delegate pair and in gestureRecognizerShouldBegin")
    func builtInNamedWhereItMay() throws {
        let scenario = try ScenarioParser.parse(Self.file(
            views: #"\#(Self.scrollView()), { "id": "P", "parent": "SV", "frame": [0, 0, 400, 2400], "gestureRecognizerShouldBegin": { "SV.pan": false, "SV.delay": true } }"#,
            gestures: #"{ "id": "T", "type": "tap", "view": "P", "requireToFail": ["SV.pan", "SV.delay"] }"#,
            delegate: #"{ "simultaneous": [["T", "SV.pan"]], "requireFailure": [["T", "SV.delay"]], "requiredToFailBy": [["T", "SV.pan"]] }"#,
            input: Self.idle))
        #expect(scenario.gestures.map(\.requireToFail) == [["SV.pan", "SV.delay"]])
        #expect(scenario.views[2].gestureRecognizerShouldBegin == ["SV.pan": false, "SV.delay": true])
        #expect(scenario.delegate.simultaneous == [["T", "SV.pan"]])
        #expect(scenario.delegate.requireFailure == [["T", "SV.delay"]])
        #expect(scenario.delegate.requiredToFailBy == [["T", "SV.pan"]])
    }

    // MARK: - Runs

    @Test("R237, R230: a quick tap on the scroll view itself, outside its content, reaches it at the lift as view lines")
    func tapOnTheScrollViewItself() throws {
        let log = try Self.run(Self.file(
            views: Self.scrollView(),
            input: [Self.touch(0, 1, "began", 100, 300), Self.touch(0.06, 1, "ended", 100, 300), #"{ "t": 1, "idle": true }"#].joined(separator: ", ")))
        #expect(log == [
            "0.000 touch 1 hit SV",
            "0.060 gesture SV.delay failed", "0.060 gesture SV.pan failed", "0.060 view SV began 1", "0.060 view SV ended 1",
        ])
    }

    @Test("R247, R248, R44, R48, R245: a carousel in a list: a horizontal drag scrolls the carousel, a vertical one the list")
    func nestedScrollViews() throws {
        let views = """
            { "id": "O", "type": "scrollView", "parent": "V", "frame": [0, 0, 400, 800], "contentSize": [400, 3000] },
            { "id": "H", "type": "scrollView", "parent": "O", "frame": [0, 100, 400, 200], "contentSize": [1600, 200] },
            { "id": "P", "parent": "H", "frame": [0, 0, 1600, 200] }
            """
        let input = [
            Self.touch(0, 1, "began", 200, 200), Self.touch(0.05, 1, "moved", 190, 200), Self.touch(0.1, 1, "moved", 150, 200),
            Self.touch(0.12, 1, "ended", 150, 200),
            Self.touch(1, 2, "began", 200, 200), Self.touch(1.05, 2, "moved", 200, 190), Self.touch(1.1, 2, "moved", 200, 160),
            Self.touch(1.12, 2, "ended", 200, 160), #"{ "t": 2, "idle": true }"#,
        ]
        let log = try Self.run(Self.file(views: views, input: input.joined(separator: ", ")))
        #expect(log == [
            // H can scroll across and is deepest: at 10 pt its pan begins with zero translation and
            // excludes both delays and O's pan, listed in processing order.
            "0.000 touch 1 hit P",
            "0.050 gesture H.delay failed", "0.050 gesture O.delay failed", "0.050 gesture O.pan failed", "0.050 gesture H.pan began",
            "0.100 gesture H.pan changed", "0.100 scroll H offset 40.000,0.000",
            "0.120 gesture H.pan ended",
            // H cannot scroll down: its pan stays possible; O's begins and excludes it.
            "1.000 touch 2 hit P",
            "1.050 gesture H.delay failed", "1.050 gesture H.pan failed", "1.050 gesture O.delay failed", "1.050 gesture O.pan began",
            "1.100 gesture O.pan changed", "1.100 scroll O offset 0.000,30.000",
            "1.120 gesture O.pan ended",
        ])
    }

    @Test("R236, R253: touchesShouldBegin false: the delay recognizes at 0.15 s and the content never hears of the touch; a later drag still scrolls")
    func touchesShouldBeginFalse() throws {
        let input = [
            Self.touch(0, 1, "began", 100, 300), Self.touch(0.3, 1, "ended", 100, 300),
            Self.touch(1, 2, "began", 100, 300), Self.touch(1.05, 2, "moved", 100, 270), Self.touch(1.1, 2, "ended", 100, 270),
            #"{ "t": 2, "idle": true }"#,
        ]
        let log = try Self.run(Self.file(
            views: "\(Self.scrollView(#", "touchesShouldBegin": false"#)), \(Self.content)", input: input.joined(separator: ", ")))
        #expect(log == [
            "0.000 touch 1 hit P", "0.150 gesture SV.delay recognized", "0.300 gesture SV.pan failed",
            "1.000 touch 2 hit P",
            "1.050 gesture SV.delay failed", "1.050 gesture SV.pan began", "1.050 scroll SV offset 0.000,20.000",
            "1.100 gesture SV.pan ended",
        ])
    }

    /// A drag that starts on button B: 10 pt up at 0.05, 50 pt at 0.1, lifted at 0.12.
    static let dragOnButton = [
        touch(0, 1, "began", 100, 300), touch(0.05, 1, "moved", 100, 290), touch(0.1, 1, "moved", 100, 250),
        touch(0.12, 1, "ended", 100, 250), #"{ "t": 1, "idle": true }"#,
    ].joined(separator: ", ")

    @Test("R242, R241, R235: delaysContentTouches false: the button gets touchDown at once and a drag never scrolls")
    func noDelayWithAButton() throws {
        let log = try Self.run(Self.file(
            views: "\(Self.scrollView(#", "delaysContentTouches": false"#)), \(Self.button)", input: Self.dragOnButton))
        #expect(log == [
            "0.000 touch 1 hit B", "0.000 gesture SV.delay failed", "0.000 view B began 1", "0.000 control B touchDown",
            "0.050 gesture SV.pan failed", "0.050 view B moved 1", "0.050 control B touchDragInside",
            "0.100 view B moved 1", "0.100 control B touchDragInside",
            "0.120 view B ended 1", "0.120 control B touchUpInside", "0.120 control B primaryActionTriggered",
        ])
    }

    @Test("R242, R241, R67, R208: delaysContentTouches false and touchesShouldCancel true: the drag scrolls and the button gets touchCancel")
    func noDelayWithAButtonThatMayBeCancelled() throws {
        let log = try Self.run(Self.file(
            views: "\(Self.scrollView(#", "delaysContentTouches": false, "touchesShouldCancel": true"#)), \(Self.button)",
            input: Self.dragOnButton))
        #expect(log == [
            "0.000 touch 1 hit B", "0.000 gesture SV.delay failed", "0.000 view B began 1", "0.000 control B touchDown",
            "0.050 gesture SV.pan began", "0.050 view B cancelled 1", "0.050 control B touchCancel",
            "0.100 gesture SV.pan changed", "0.100 scroll SV offset 0.000,40.000",
            "0.120 gesture SV.pan ended",
        ])
    }

    @Test("R243, R245: the directional lock: locked across, a diagonal keeps the offset's y; after a 0.6 s rest a steep move locks it down")
    func directionalLock() throws {
        let views = """
            { "id": "SV", "type": "scrollView", "parent": "V", "frame": [0, 0, 400, 800], "contentSize": [2000, 3000],
              "contentOffset": [100, 200], "directionalLockEnabled": true },
            { "id": "P", "parent": "SV", "frame": [0, 0, 2000, 3000] }
            """
        let input = [
            Self.touch(0, 1, "began", 200, 400), Self.touch(0.02, 1, "moved", 180, 398), Self.touch(0.04, 1, "moved", 140, 360),
            Self.touch(0.06, 1, "moved", 140, 300), Self.touch(0.7, 1, "moved", 140, 240), Self.touch(0.72, 1, "moved", 100, 190),
            Self.touch(0.74, 1, "ended", 100, 190), #"{ "t": 2, "idle": true }"#,
        ]
        let log = try Self.run(Self.file(views: views, input: input.joined(separator: ", ")))
        #expect(log == [
            "0.000 touch 1 hit P",
            // (-20, -2): about 5.7 degrees, locked across; tx -20 begins with (-10, 0).
            "0.020 gesture SV.delay failed", "0.020 gesture SV.pan began", "0.020 scroll SV offset 110.000,200.000",
            "0.040 gesture SV.pan changed", "0.040 scroll SV offset 150.000,200.000",
            // Straight up but no rest: still locked across, nothing moves.
            "0.060 gesture SV.pan changed",
            // After 0.64 s at rest, straight up locks down; then only y counts.
            "0.700 gesture SV.pan changed", "0.700 scroll SV offset 150.000,260.000",
            "0.720 gesture SV.pan changed", "0.720 scroll SV offset 150.000,310.000",
            "0.740 gesture SV.pan ended",
        ])
    }

    @Test("R244, R254: a decelerating scroll view catches every touch-down: the pan begins at once and the button never hears of the taps")
    func decelerating() throws {
        let input = [
            Self.touch(0, 1, "began", 100, 300), Self.touch(0.08, 1, "ended", 100, 300),
            Self.touch(1, 2, "began", 100, 300), Self.touch(1.08, 2, "ended", 100, 300), #"{ "t": 2, "idle": true }"#,
        ]
        let log = try Self.run(Self.file(
            views: "\(Self.scrollView(#", "decelerating": true"#)), \(Self.button)", input: input.joined(separator: ", ")))
        #expect(log == [
            "0.000 touch 1 hit B", "0.000 gesture SV.delay failed", "0.000 gesture SV.pan began", "0.080 gesture SV.pan ended",
            // The file cannot clear the flag and the engine does not (R254): the next tap is caught too.
            "1.000 touch 2 hit B", "1.000 gesture SV.delay failed", "1.000 gesture SV.pan began", "1.080 gesture SV.pan ended",
        ])
    }

    @Test("R239, R13: a content view's gestureRecognizerShouldBegin answer vetoes the scroll pan, which lets the delay go at once")
    func contentVetoesThePan() throws {
        let input = [Self.touch(0, 1, "began", 100, 300), Self.touch(0.05, 1, "moved", 100, 288), Self.touch(0.1, 1, "ended", 100, 288),
                     #"{ "t": 1, "idle": true }"#]
        let log = try Self.run(Self.file(
            views: #"\#(Self.scrollView()), { "id": "P", "parent": "SV", "frame": [0, 0, 400, 2400], "gestureRecognizerShouldBegin": { "SV.pan": false } }"#,
            input: input.joined(separator: ", ")))
        #expect(log == [
            "0.000 touch 1 hit P",
            "0.050 gesture SV.pan failed", "0.050 gesture SV.delay failed", "0.050 view P began 1", "0.050 view P moved 1",
            "0.100 view P ended 1",
        ])
    }

    @Test("R51, R54, R56, R238, R67: requireToFail on SV.pan holds the container's pan until the scroll pan fails at the lift", arguments: [false, true])
    func requireToFailOnTheScrollPan(requires: Bool) throws {
        // A sideways drag on a view that scrolls only vertically: the scroll pan stays possible
        // (R240) and the delay lets go at 15 pt across (R238).
        let input = [
            Self.touch(0, 1, "began", 100, 300), Self.touch(0.05, 1, "moved", 115, 300), Self.touch(0.1, 1, "moved", 130, 300),
            Self.touch(0.3, 1, "ended", 130, 300), #"{ "t": 1, "idle": true }"#,
        ]
        let log = try Self.run(Self.file(
            views: "\(Self.scrollView()), \(Self.content)",
            gestures: requires ? #"{ "id": "VP", "type": "pan", "view": "V", "requireToFail": ["SV.pan"] }"# : #"{ "id": "VP", "type": "pan", "view": "V" }"#,
            input: input.joined(separator: ", ")))
        let expected = requires
            ? [
                // VP begins at 0.05 but is held while the scroll pan is possible; P gets its touch.
                "0.000 touch 1 hit P", "0.050 gesture SV.delay failed", "0.050 view P began 1", "0.050 view P moved 1",
                "0.100 view P moved 1",
                // The lift fails the scroll pan; VP is released: began, then ended, and takes P's touch.
                "0.300 gesture SV.pan failed", "0.300 gesture VP began", "0.300 gesture VP ended", "0.300 view P cancelled 1",
            ]
            : [
                // VP begins and excludes the scroll pan; its cancellation drops the began the delay let go.
                "0.000 touch 1 hit P", "0.050 gesture SV.delay failed", "0.050 gesture SV.pan failed", "0.050 gesture VP began",
                "0.100 gesture VP changed", "0.300 gesture VP ended",
            ]
        #expect(log == expected)
    }
}

/// The timeline picture of a scroll (R245): the scroll view's lane marks each offset change.
@Suite struct ScrollViewPictureTests {
    @Test("R245: the picture marks each content offset change on the scroll view's lane, at the time of its log line, and the legend names it")
    func offsetMarks() throws {
        let scenario = try ScenarioParser.parse(#"""
            { "name": "a scroll", "window": { "width": 400, "height": 800 },
              "views": [ { "id": "SV", "type": "scrollView", "parent": "window", "frame": [0, 0, 400, 800], "contentSize": [400, 2400] } ],
              "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 100, "y": 300 } ] },
                         { "t": 0.05, "touches": [ { "id": 1, "phase": "moved", "x": 100, "y": 280 } ] },
                         { "t": 0.1, "touches": [ { "id": 1, "phase": "moved", "x": 100, "y": 250 } ] },
                         { "t": 0.15, "touches": [ { "id": 1, "phase": "ended", "x": 100, "y": 250 } ] },
                         { "t": 1, "idle": true } ] }
            """#)
        // The pan begins at 20 pt up (R240): translation -10 after the hysteresis (R95), offset 10
        // (R245); at 50 pt up, offset 40.
        let picture = try TimelinePicture(scenario)
        let lane = try #require(picture.lanes.first { $0.name == "SV" })
        let marks = lane.marks.filter { $0.kind == .scrolled }
        #expect(marks.map(\.label) == ["offset 0.0,10.0", "offset 0.0,40.0"])
        #expect(marks.map(\.time) == [Timestamp(seconds: 0.05), Timestamp(seconds: 0.1)])
        #expect(picture.html().contains("content scrolled"))
    }
}
