import GestureArbiter
import GestureArbiterTesting
import Testing

/// Scroll views in recorded runs (issue 24): the library's `ScrollView` is written as a
/// `scrollView` entry, its built-in recognizers are named `ID.delay` and `ID.pan`, the answers of
/// its own methods become its fields, and what the format cannot hold is refused.
@Suite struct ScenarioRecorderScrollViewTests {
    typealias Host = ScenarioRecorderTests.Host

    /// A scroll view SV (400 x 800, content 400 x 2400: it scrolls vertically) filling the
    /// host's window, with a button B at (40, 200, 200, 60) and a plain view P at
    /// (40, 400, 200, 60) in its content. Content and window coordinates agree at offset 0.
    struct Scene {
        let host = Host()
        let scrollView: ScrollView
        let button = Button(frame: Rect(x: 40, y: 200, width: 200, height: 60))
        let plain = View(frame: Rect(x: 40, y: 400, width: 200, height: 60))

        init(_ scrollView: ScrollView = ScrollView()) {
            self.scrollView = scrollView
            scrollView.frame = Rect(x: 0, y: 0, width: 400, height: 800)
            scrollView.contentSize = Size(width: 400, height: 2400)
            scrollView.name = "SV"
            button.name = "B"
            plain.name = "P"
            host.window.addSubview(scrollView)
            scrollView.addSubview(button)
            scrollView.addSubview(plain)
        }

        /// A press on B held 0.25 s, then dragged up, then lifted: touchesShouldCancel(in: B)
        /// is asked (R241).
        func holdAndDragButton(_ id: Int, at t: Double) throws {
            try host.touch(id, .began, 100, 230, at: t)
            try host.touch(id, .moved, 100, 212, at: t + 0.25)
            try host.touch(id, .moved, 100, 150, at: t + 0.35)
            try host.touch(id, .ended, 100, 150, at: t + 0.45)
        }

        /// The same on P (content y 400-460), wherever the content is now.
        func holdAndDragPlain(_ id: Int, at t: Double) throws {
            let y = 430 - scrollView.contentOffset.y
            try host.touch(id, .began, 100, y, at: t)
            try host.touch(id, .moved, 100, y - 18, at: t + 0.25)
            try host.touch(id, .moved, 100, y - 30, at: t + 0.35)
            try host.touch(id, .ended, 100, y - 30, at: t + 0.45)
        }
    }

    /// The scenario file's text read back and run: its log.
    static func rerun(_ scenario: Scenario) throws -> [String] {
        try ScenarioRunner.run(try ScenarioParser.parse(scenario.jsonText())).log
    }

    @Test(
        "R122, R230, R236, R241, R242, R245: a live run with a scroll view and a button is written, read back and run to the live log"
    )
    func liveRunReplays() throws {
        let scene = Scene()
        let tap = TapGestureRecognizer()
        tap.name = "T"
        scene.plain.addGestureRecognizer(tap)
        tap.require(toFail: scene.scrollView.panGestureRecognizer)
        let recorder = try ScenarioRecorder(environment: scene.host.environment, name: "a button and a tap in a scroll view")
        // A quick tap on B: the content gets it at the lift (R237, R242).
        try scene.host.touch(1, .began, 100, 230, at: 0)
        try scene.host.touch(1, .ended, 100, 230, at: 0.06)
        // A press on B held past the delay, then dragged: B keeps the touch (R241, R242).
        try scene.holdAndDragButton(2, at: 1)
        // A quick drag on P: 12 pt up within 0.15 s begins the scroll; translation -2, then -40.
        try scene.host.touch(3, .began, 100, 430, at: 2)
        try scene.host.touch(3, .moved, 100, 418, at: 2.05)
        try scene.host.touch(3, .moved, 100, 380, at: 2.1)
        try scene.host.touch(3, .ended, 100, 380, at: 2.15)
        // A quick tap on P, now at window y 360-420: T may recognize once SV.pan failed.
        try scene.host.touch(4, .began, 100, 380, at: 3)
        try scene.host.touch(4, .ended, 100, 380, at: 3.05)
        try scene.host.idle(until: 4)
        let scenario = try recorder.finish()

        #expect(scenario.views.map(\.id) == ["SV", "B", "P"])
        #expect(scenario.views.map(\.type) == [.scrollView, .button, .view])
        let scroll = scenario.views[0].scroll
        #expect(scroll.contentSize == Size(width: 400, height: 2400))
        // The offset as recording started, not as the drag left it.
        #expect(scroll.contentOffset == .zero)
        #expect(scenario.views[0].boundsOrigin == .zero)
        // Every answer was the default (touchesShouldCancel(in: B) said no, B being a control).
        #expect(scroll.touchesShouldBegin)
        #expect(scroll.touchesShouldCancel == nil)
        // The built-ins are not gestures of the file; T names SV.pan (R230).
        #expect(scenario.gestures.map(\.id) == ["T"])
        #expect(scenario.gestures[0].requireToFail == ["SV.pan"])
        // Lines the rules give: R242's quick tap, R241's refusal on a control, R245's offsets.
        for line in [
            "0.060 control B touchUpInside", "1.250 gesture SV.pan failed", "1.450 control B touchUpInside",
            "2.050 gesture SV.pan began", "2.050 scroll SV offset 0.000,2.000", "2.100 scroll SV offset 0.000,40.000",
            "2.150 gesture SV.pan ended", "3.050 gesture T recognized",
        ] {
            #expect((scenario.expect ?? []).contains(line), "\(line)")
        }
        #expect(!(scenario.expect ?? []).contains { $0.hasPrefix("2.") && $0.contains("view P") }, "a scroll within the delay: P hears nothing")
        #expect(try Self.rerun(scenario) == scenario.expect)
        let result = ScenarioRecorderTests.replay(scenario)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test("R122, R245: the file holds the content offset as recording starts; the drag's offsets are logged from there")
    func startingOffset() throws {
        let scene = Scene()
        scene.scrollView.contentOffset = Point(x: 0, y: 100)
        let recorder = try ScenarioRecorder(environment: scene.host.environment)
        try scene.host.touch(1, .began, 100, 600, at: 0)
        try scene.host.touch(1, .moved, 100, 580, at: 0.05)
        try scene.host.touch(1, .ended, 100, 580, at: 0.1)
        let scenario = try recorder.finish()
        #expect(scenario.views[0].scroll.contentOffset == Point(x: 0, y: 100))
        // R95, R245: translation -20 less the 10 pt hysteresis: 100 + 10.
        #expect((scenario.expect ?? []).contains("0.050 scroll SV offset 0.000,110.000"))
        #expect(try Self.rerun(scenario) == scenario.expect)
    }

    /// A scenario with SV (content 400 x 2400) and a plain view P in it, its scroll view's own
    /// fields given. (A scenario's buttons are subclasses that log their callbacks, which the
    /// recorder refuses; its scroll views are not.)
    static func buttonInScrollView(_ fields: String, input: String) -> String {
        """
        { "name": "recorded session", "window": { "width": 400, "height": 800 },
          "views": [
            { "id": "SV", "type": "scrollView", "parent": "window", "frame": [0, 0, 400, 800], "contentSize": [400, 2400]\(fields) },
            { "id": "P", "parent": "SV", "frame": [40, 200, 200, 60] }
          ],
          "input": [\(input)] }
        """
    }

    static let holdAndDrag = """
        { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 100, "y": 230 } ] },
        { "t": 0.25, "touches": [ { "id": 1, "phase": "moved", "x": 100, "y": 212 } ] },
        { "t": 0.3, "touches": [ { "id": 1, "phase": "ended", "x": 100, "y": 212 } ] },
        { "t": 1, "idle": true }
        """

    @Test(
        "R236, R241, R122: a scroll view's touchesShouldBegin and touchesShouldCancel answers are recorded as its fields and replay",
        arguments: [
            (", \"touchesShouldCancel\": false", Scenario.ScrollViewSpec.answers(shouldBegin: true, shouldCancel: false)),
            // A yes for a plain view is UIKit's default: the field is left out.
            (", \"touchesShouldCancel\": true", Scenario.ScrollViewSpec.answers(shouldBegin: true, shouldCancel: nil)),
            (", \"touchesShouldBegin\": false", Scenario.ScrollViewSpec.answers(shouldBegin: false, shouldCancel: nil)),
            ("", Scenario.ScrollViewSpec.answers(shouldBegin: true, shouldCancel: nil)),
        ])
    func answersRecorded(fields: String, expected: Scenario.ScrollViewSpec) throws {
        let example = try ScenarioParser.parse(Self.buttonInScrollView(fields, input: Self.holdAndDrag))
        let session = try ScenarioSession(example)
        let recorder = try ScenarioRecorder(environment: session.environment, name: example.name)
        for entry in example.input { try session.play(entry) }
        let scenario = try recorder.finish()
        #expect(scenario.views[0].scroll.touchesShouldBegin == expected.touchesShouldBegin)
        #expect(scenario.views[0].scroll.touchesShouldCancel == expected.touchesShouldCancel)
        #expect(scenario.expect == session.log.logLines)
        #expect(try Self.rerun(scenario) == scenario.expect)
    }

    /// A scroll view subclass that hit-tests by the rules and answers as its closures say.
    final class Answering: ScrollView {
        override class var usesDefaultHitTesting: Bool { true }
        var shouldBegin: (Touch) -> Bool = { _ in true }
        var shouldCancel: (View) -> Bool = { !($0 is Control) }
        override func touchesShouldBegin(_ touches: TouchSet, with event: GestureArbiter.Event?, in view: View) -> Bool {
            touches.allSatisfy(shouldBegin)
        }
        override func touchesShouldCancel(in view: View) -> Bool { shouldCancel(view) }
    }

    /// A scroll view subclass that says nothing about its hit-testing.
    final class Unknown: ScrollView {}

    @Test("R241, R122: a subclass whose touchesShouldCancel answers one answer for every view is written with that answer")
    func constantCancelAnswer() throws {
        let answering = Answering()
        answering.shouldCancel = { _ in true }
        let scene = Scene(answering)
        let recorder = try ScenarioRecorder(environment: scene.host.environment)
        try scene.holdAndDragButton(1, at: 0)
        try scene.holdAndDragPlain(2, at: 1)
        let scenario = try recorder.finish()
        #expect(scenario.views[0].type == .scrollView)
        #expect(scenario.views[0].scroll.touchesShouldCancel == true)
        // R241: the yes for B lets the scroll take B's touch: B hears touchCancel.
        #expect((scenario.expect ?? []).contains("0.250 control B touchCancel"))
        #expect(try Self.rerun(scenario) == scenario.expect)
    }

    @Test("R241, R122: touchesShouldCancel answering yes for a button and no for a plain view is refused, naming both")
    func inexpressibleCancelAnswers() throws {
        let answering = Answering()
        answering.shouldCancel = { $0 is Button }
        let scene = Scene(answering)
        let recorder = try ScenarioRecorder(environment: scene.host.environment)
        try scene.holdAndDragButton(1, at: 0)
        try scene.holdAndDragPlain(2, at: 1)
        let refusal = ScenarioRecorderTests.refusedView { _ = try recorder.finish() }
        #expect(refusal?.id == "SV")
        #expect(refusal?.reason.contains("true for B (a control) and false for P") == true, "\(String(describing: refusal))")
    }

    @Test("R236, R122: touchesShouldBegin answering differently for two touches is refused as a changed answer")
    func changedBeginAnswer() throws {
        let answering = Answering()
        answering.shouldBegin = { $0.id == 1 }
        let scene = Scene(answering)
        let recorder = try ScenarioRecorder(environment: scene.host.environment)
        for (id, t) in [(1, 0.0), (2, 1.0)] {
            try scene.host.touch(id, .began, 100, 230, at: t)
            try scene.host.touch(id, .ended, 100, 230, at: t + 0.05)
        }
        #expect(throws: ScenarioRecordingError.answerChanged(gesture: "SV.delay", question: "touchesShouldBegin of scroll view SV")) {
            try recorder.finish()
        }
    }

    @Test("R230, R122: a scroll view subclass that does not say it hit-tests by the rules is refused, naming its class")
    func unknownSubclass() throws {
        let scene = Scene(Unknown())
        let refusal = ScenarioRecorderTests.refusedView { _ = try ScenarioRecorder(environment: scene.host.environment) }
        #expect(refusal?.id == "SV")
        #expect(refusal?.reason.contains("Unknown") == true, "\(String(describing: refusal))")
        #expect(refusal?.reason.contains("usesDefaultHitTesting") == true, "\(String(describing: refusal))")
    }

    @Test("R245, R122: a content offset set by the program while recording is refused; the drag's own offsets are not")
    func programmaticScroll() throws {
        let scene = Scene()
        let recorder = try ScenarioRecorder(environment: scene.host.environment)
        try scene.host.touch(1, .began, 100, 600, at: 0)
        try scene.host.touch(1, .moved, 100, 580, at: 0.05)
        try scene.host.touch(1, .ended, 100, 580, at: 0.1)
        scene.scrollView.contentOffset = Point(x: 0, y: 300)
        #expect(throws: ScenarioRecordingError.changedWhileRecording(at: 0.1)) { try recorder.finish() }
    }

    @Test("R230, R232, R254, R122: built-in settings and scroll view properties the format has no field for are refused, naming them")
    func unwritableScrollSettings() throws {
        let pan = Scene()
        pan.scrollView.panGestureRecognizer.minimumNumberOfTouches = 2
        #expect(
            throws: ScenarioRecordingError.unsupportedSetting(
                gesture: "SV.pan", setting: "minimumNumberOfTouches of a scroll view's built-in recognizer (a scenario gives it the scroll view's own)")
        ) { try ScenarioRecorder(environment: pan.host.environment) }
        let inset = Scene()
        inset.scrollView.bounces = false
        #expect(
            throws: ScenarioRecordingError.unsupportedView(id: "SV", reason: "bounces is off; the scenario format has no field for it (R232, R254)")
        ) { try ScenarioRecorder(environment: inset.host.environment) }
        let removed = Scene()
        removed.scrollView.removeGestureRecognizer(removed.scrollView.delayGestureRecognizer)
        #expect(throws: ScenarioRecordingError.self) { try ScenarioRecorder(environment: removed.host.environment) }
        // Turning scrolling off turns both built-ins off, as the file's scrollEnabled does (R233).
        let disabled = Scene()
        disabled.scrollView.isScrollEnabled = false
        let scenario = try ScenarioRecorder(environment: disabled.host.environment).finish()
        #expect(scenario.views[0].scroll.scrollEnabled == false)
    }

    @Test("R45, R53, R230, R122: relations with a built-in are written from the other recognizer's side; its id is not a gesture's")
    func relationsWithBuiltIns() throws {
        let scene = Scene()
        let pan = PanGestureRecognizer()
        pan.name = "SV.pan"  // the built-in's id: the file calls it gesture1
        scene.plain.addGestureRecognizer(pan)
        pan.recognizesSimultaneously(with: scene.scrollView.panGestureRecognizer)
        let tap = TapGestureRecognizer()
        tap.name = "T"
        scene.button.addGestureRecognizer(tap)
        GestureRecognizer.exclusive([tap, scene.scrollView.panGestureRecognizer])
        let recorder = try ScenarioRecorder(environment: scene.host.environment)
        try scene.host.touch(1, .began, 100, 430, at: 0)
        try scene.host.touch(1, .moved, 100, 410, at: 0.05)
        try scene.host.touch(1, .ended, 100, 410, at: 0.1)
        try scene.host.touch(2, .began, 100, 230, at: 1)
        try scene.host.touch(2, .moved, 100, 210, at: 1.05)
        try scene.host.touch(2, .ended, 100, 210, at: 1.1)
        try scene.host.idle(until: 2)
        let scenario = try recorder.finish()
        #expect(scenario.gestures.map(\.id) == ["T", "gesture1"])
        // R45: one yes is enough, from either side; R53: the requirement asked the other way round.
        #expect(scenario.delegate.simultaneous.allSatisfy { $0 == ["gesture1", "SV.pan"] })
        #expect(!scenario.delegate.simultaneous.isEmpty)
        #expect(scenario.delegate.requiredToFailBy == [["T", "SV.pan"]])
        #expect(try Self.rerun(scenario) == scenario.expect)
    }
}

extension Scenario.ScrollViewSpec {
    /// A spec with the given answers (the rest default), as a test's expected value.
    static func answers(shouldBegin: Bool, shouldCancel: Bool?) -> Self {
        var spec = Self()
        spec.touchesShouldBegin = shouldBegin
        spec.touchesShouldCancel = shouldCancel
        return spec
    }
}
