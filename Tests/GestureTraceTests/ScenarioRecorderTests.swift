import GestureArbiter
import GestureArbiterTesting
import Testing

/// Live runs recorded with ``ScenarioRecorder`` replay through `gesture-trace --check` with the
/// live log; what the format cannot hold is refused with a typed error (issue 16, item 4).
@Suite struct ScenarioRecorderTests {
    /// A host's world built with the plain API on a virtual clock that does not start at 0.
    final class Host {
        let clock: VirtualClock
        let environment: GestureEnvironment
        let window = Window(width: 400, height: 800)

        let start: Timestamp

        init(start: Double = 3.25) {
            self.start = Timestamp(seconds: start)
            clock = VirtualClock(start: self.start)
            environment = GestureEnvironment(scheduler: clock)
            environment.addWindow(window)
        }

        /// `t` seconds after the host's start.
        func time(_ t: Double) -> Timestamp { start + .nanoseconds(Int64((t * 1e9).rounded())) }

        func touch(_ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double, at t: Double) throws {
            try environment.dispatch(TouchEvent(timestamp: time(t), touches: [TouchInput(id: id, phase: phase, x: x, y: y)]))
        }

        func idle(until t: Double) throws { try environment.advance(to: time(t)) }

        /// Touch 1 down at (100, 200), four 10 pt moves down 20 ms apart, up at 0.1 s; idle to 1 s.
        func dragDown() throws {
            try touch(1, .began, 100, 200, at: 0)
            for step in 1...4 { try touch(1, .moved, 100, 200 + Double(step) * 10, at: Double(step) * 0.02) }
            try touch(1, .ended, 100, 240, at: 0.1)
            try idle(until: 1)
        }
    }

    /// A delegate whose answers a test sets.
    final class Answers: GestureRecognizerDelegate {
        var simultaneous = false
        var shouldBegin = true
        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer)
            -> Bool
        { simultaneous }
        func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { shouldBegin }
    }

    /// The view id and reason of the ``ScenarioRecordingError/unsupportedView(id:reason:)`` that
    /// `body` throws; nil, with an issue recorded, when it throws nothing or something else.
    static func refusedView(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> (id: String, reason: String)? {
        do {
            try body()
        } catch let ScenarioRecordingError.unsupportedView(id, reason) {
            return (id, reason)
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
            return nil
        }
        Issue.record("the recorder took what it should refuse", sourceLocation: sourceLocation)
        return nil
    }

    /// `gesture-trace recorded.json --check` on the scenario's file text.
    static func replay(_ scenario: Scenario) -> TraceCommand.Result {
        let text = scenario.jsonText()
        return TraceCommand.run(["recorded.json", "--check"], readFile: { $0 == "recorded.json" ? text : nil })
    }

    /// The built-in demo's scene with the plain API: root R, view V, single tap S requiring
    /// double tap D; four fast taps.
    static func doubleTapRun(start: Double = 3.25) throws -> Scenario {
        let host = Host(start: start)
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        root.name = "R"
        let view = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        view.name = "V"
        host.window.addSubview(root)
        root.addSubview(view)
        let single = TapGestureRecognizer()
        single.name = "S"
        let double = TapGestureRecognizer()
        double.name = "D"
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        single.require(toFail: double)
        let recorder = try ScenarioRecorder(environment: host.environment, name: "single tap requires double tap, four fast taps")
        let taps: [(Int, Double, Double, Double)] = [(1, 0, 100, 100), (2, 0.15, 101, 100), (3, 0.3, 100, 101), (4, 0.45, 101, 101)]
        for (id, t, x, y) in taps {
            try host.touch(id, .began, x, y, at: t)
            try host.touch(id, .ended, x, y, at: t + 0.05)
        }
        try host.idle(until: 1.5)
        return try recorder.finish()
    }

    @Test("R122, R54, R55, R63, R67: a recorded double-tap run has the rules' log and replays with --check")
    func doubleTap() throws {
        let scenario = try Self.doubleTapRun()
        let demo = try ScenarioParser.parse(BuiltInScenarios.singleRequiresDoubleFourFastTaps)
        // The live log, written relative to the start of the recording, is the demo's log, which
        // was written from the rules.
        #expect(scenario.expect == demo.expect)
        #expect(scenario.gestures.map(\.id) == ["S", "D"])
        #expect(scenario.gestures[0].requireToFail == ["D"])
        #expect(scenario.input.first?.t == 0)
        #expect(scenario.input.last == Scenario.InputEntry(t: 1.5, action: .idle))
        let result = Self.replay(scenario)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test("R122: the same run gives the same bytes, wherever the host's clock started")
    func determinism() throws {
        let first = try Self.doubleTapRun(start: 3.25).jsonText()
        let second = try Self.doubleTapRun(start: 3.25).jsonText()
        let later = try Self.doubleTapRun(start: 7_200.125).jsonText()
        #expect(first == second)
        #expect(first == later)
    }

    @Test("R122, R113, R116: a pan in a scroll view, run by a scenario session with its own tracer, records its own log")
    func panInScrollView() throws {
        let text = try #require(
            try? String(contentsOfFile: #filePath.replacingOccurrences(of: "Tests/GestureTraceTests/ScenarioRecorderTests.swift", with: "docs/examples/pan-in-scroll-view.json"), encoding: .utf8))
        let example = try ScenarioParser.parse(text)
        let session = try ScenarioSession(example)
        let earlierTracer = session.environment.tracer
        let recorder = try ScenarioRecorder(environment: session.environment, name: example.name)
        #expect(recorder.forwardedTracer === earlierTracer)
        for entry in example.input { try session.play(entry) }
        let scenario = try recorder.finish()
        // The tracer attached before kept receiving every record, and is attached again.
        #expect(session.environment.tracer === earlierTracer)
        #expect(session.log.logLines == example.expect)
        #expect(scenario.expect == example.expect)
        #expect(scenario.gestures.map(\.kind) == [.pan(minTouches: 1, maxTouches: nil), .delayedTouchesBegan(delay: 0.15)])
        let result = Self.replay(scenario)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test("R45, R122: a delegate's simultaneity answer is recorded per pair and replayed")
    func delegateSimultaneity() throws {
        let host = Host()
        let outer = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let inner = View(frame: Rect(x: 0, y: 100, width: 400, height: 300))
        host.window.addSubview(outer)
        outer.addSubview(inner)
        let outerPan = PanGestureRecognizer()
        let innerPan = PanGestureRecognizer()
        outer.addGestureRecognizer(outerPan)
        inner.addGestureRecognizer(innerPan)
        let answers = Answers()
        answers.simultaneous = true
        innerPan.delegate = answers
        let recorder = try ScenarioRecorder(environment: host.environment)
        try host.dragDown()
        let scenario = try recorder.finish()
        // Unnamed views and recognizers get ids in the file's order.
        #expect(scenario.views.map(\.id) == ["view1", "view2"])
        #expect(scenario.gestures.map(\.id) == ["gesture1", "gesture2"])
        #expect(scenario.delegate.simultaneous == [["gesture2", "gesture1"]])
        // Both pans began together at the first 10 pt move (R45, R94): neither excluded the other.
        let expect = try #require(scenario.expect)
        #expect(expect.contains("0.020 gesture gesture1 began"))
        #expect(expect.contains("0.020 gesture gesture2 began"))
        #expect(!expect.contains { $0.hasSuffix("failed") })
        let result = Self.replay(scenario)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test("R122, R267, R269, R279: a hover recognizer is recorded as a hover gesture and a finger tap beside it replays")
    func hoverRecognizer() throws {
        let host = Host()
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        view.name = "V"
        host.window.addSubview(view)
        let hover = HoverGestureRecognizer()
        hover.name = "H"
        let tap = TapGestureRecognizer()
        tap.name = "T"
        view.addGestureRecognizer(hover)
        view.addGestureRecognizer(tap)
        let recorder = try ScenarioRecorder(environment: host.environment)
        // Touches never reach a hover recognizer and it prevents nothing (R268, R269): the tap
        // recognizes at the lift.
        try host.touch(1, .began, 100, 100, at: 0)
        try host.touch(1, .ended, 100, 100, at: 0.05)
        try host.idle(until: 1)
        let scenario = try recorder.finish()
        #expect(scenario.gestures.map(\.kind) == [.hover, .tap(taps: 1, touches: 1)])
        let expect = try #require(scenario.expect)
        #expect(expect.filter { $0.contains("gesture") } == ["0.050 gesture T recognized"])
        let result = Self.replay(scenario)
        #expect(result.status == 0, "\(result.errorOutput)")

    }

    @Test("R140, R142, R122: a long press that begins on its timer replays with --check")
    func longPressTimer() throws {
        let host = Host()
        let card = View(frame: Rect(x: 20, y: 20, width: 200, height: 200))
        card.name = "card"
        host.window.addSubview(card)
        let press = LongPressGestureRecognizer()
        press.name = "press"
        press.minimumPressDuration = .milliseconds(400)
        card.addGestureRecognizer(press)
        let recorder = try ScenarioRecorder(environment: host.environment)
        try host.touch(7, .began, 50, 50, at: 0)
        try host.idle(until: 0.6)
        try host.touch(7, .ended, 50, 50, at: 0.7)
        try host.idle(until: 1.7)
        let scenario = try recorder.finish()
        #expect(scenario.gestures.first?.kind == .longPress(duration: 0.4, allowableMovement: 10, taps: 0, touches: 1))
        // The timer's pass: the press begins at 0.4 s and cancels the card's touch (R67).
        #expect(
            scenario.expect == [
                "0.000 touch 7 hit card", "0.000 view card began 7", "0.400 gesture press began", "0.400 view card cancelled 7",
                "0.700 gesture press ended",
            ])
        let result = Self.replay(scenario)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    /// A recognizer type of a user's own.
    final class Nudge: GestureRecognizer {}

    @Test("R122: an unregistered recognizer of the user's own is refused, naming it")
    func unregisteredCustomRecognizer() throws {
        let host = Host()
        let nudge = Nudge()
        nudge.name = "nudge"
        host.window.addGestureRecognizer(nudge)
        #expect(throws: ScenarioRecordingError.unsupportedRecognizer(gesture: "nudge", type: "Nudge")) {
            try ScenarioRecorder(environment: host.environment)
        }
        let registryWithout = ScenarioRecognizerRegistry()
        #expect(throws: ScenarioRecordingError.unregisteredType(gesture: "nudge", type: "myapp.nudge")) {
            try ScenarioRecorder(environment: host.environment, registry: registryWithout) { _ in Scenario.CustomGesture(type: "myapp.nudge") }
        }
        // The environment is left as it was.
        #expect(host.environment.tracer == nil)
    }

    @Test("R122: a registered recognizer of the user's own is recorded by its type name and replays")
    func registeredCustomRecognizer() throws {
        let registry = try ScenarioRecognizerRegistry().registering("myapp.nudge", settings: ["strength"]) { _ in Nudge() }
        let host = Host()
        let nudge = Nudge()
        nudge.name = "nudge"
        host.window.addGestureRecognizer(nudge)
        let recorder = try ScenarioRecorder(environment: host.environment, registry: registry) { recognizer in
            recognizer is Nudge ? Scenario.CustomGesture(type: "myapp.nudge", settings: ["strength": .number(2)]) : nil
        }
        try host.touch(1, .began, 10, 10, at: 0)
        try host.touch(1, .ended, 10, 10, at: 0.1)
        let scenario = try recorder.finish()
        #expect(scenario.gestures.first?.kind == .custom(Scenario.CustomGesture(type: "myapp.nudge", settings: ["strength": .number(2)])))
        let reparsed = try ScenarioParser.parse(scenario.jsonText(), registry: registry)
        let run = try ScenarioRunner.run(reparsed, registry: registry)
        #expect(run.log == scenario.expect)
    }

    @Test("R33, R122: an answer that changes during the run is refused")
    func answerChanged() throws {
        let host = Host()
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        host.window.addGestureRecognizer(tap)
        let answers = Answers()
        tap.delegate = answers
        let recorder = try ScenarioRecorder(environment: host.environment)
        try host.touch(1, .began, 10, 10, at: 0)
        try host.touch(1, .ended, 10, 10, at: 0.05)
        answers.shouldBegin = false
        try host.touch(2, .began, 10, 10, at: 1)
        try host.touch(2, .ended, 10, 10, at: 1.05)
        #expect(throws: ScenarioRecordingError.answerChanged(gesture: "tap", question: "gestureRecognizerShouldBegin")) {
            try recorder.finish()
        }
        #expect(throws: ScenarioRecordingError.notRecording) { try recorder.finish() }
    }

    @Test("R33, R122: a static no is recorded as the delegate's answer")
    func staticNo() throws {
        let host = Host()
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        host.window.addGestureRecognizer(tap)
        let answers = Answers()
        answers.shouldBegin = false
        tap.delegate = answers
        let recorder = try ScenarioRecorder(environment: host.environment)
        try host.touch(1, .began, 10, 10, at: 0)
        try host.touch(1, .ended, 10, 10, at: 0.05)
        let scenario = try recorder.finish()
        #expect(scenario.delegate.shouldBegin == ["tap": false])
        #expect(scenario.expect == ["0.000 touch 1 hit window", "0.050 gesture tap failed"])
        let result = Self.replay(scenario)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test("R40, R122: a change made while recording is refused; a busy environment cannot start")
    func changesAndBusy() throws {
        let host = Host()
        let tap = TapGestureRecognizer()
        host.window.addGestureRecognizer(tap)
        let recorder = try ScenarioRecorder(environment: host.environment)
        try host.touch(1, .began, 10, 10, at: 0)
        #expect(throws: ScenarioRecordingError.notIdle(host.environment.busyReasons)) {
            try ScenarioRecorder(environment: host.environment)
        }
        tap.isEnabled = false
        try host.touch(1, .ended, 10, 10, at: 0.05)
        #expect(throws: ScenarioRecordingError.self) { try recorder.finish() }
        #expect(host.environment.tracer == nil)
    }

    @Test("R122: settings the format has no field for are refused, naming the setting")
    func unsupportedSetting() throws {
        let host = Host()
        let tap = TapGestureRecognizer()
        tap.name = "slow"
        tap.maximumTapDuration = .seconds(3)
        host.window.addGestureRecognizer(tap)
        #expect(throws: ScenarioRecordingError.unsupportedSetting(gesture: "slow", setting: "maximumTapDuration")) {
            try ScenarioRecorder(environment: host.environment)
        }
    }

    @Test("R105, R108, R122: a screen-edge pan with its own defaults (one finger) is recorded and replays; two fingers are refused")
    func screenEdgePan() throws {
        let host = Host()
        let edge = ScreenEdgePanGestureRecognizer()
        edge.name = "back"
        edge.edges = [.left]
        host.window.addGestureRecognizer(edge)
        let recorder = try ScenarioRecorder(environment: host.environment, name: "a swipe in from the left edge")
        try host.touch(1, .began, 5, 400, at: 0)
        for step in 1...4 { try host.touch(1, .moved, 5 + Double(step) * 10, 400, at: 0.02 * Double(step)) }
        try host.touch(1, .ended, 45, 400, at: 0.1)
        try host.idle(until: 0.5)
        let scenario = try recorder.finish()
        #expect(scenario.gestures.map(\.kind) == [.edgePan(edges: ["left"])])
        // R108: 20 pt inward, past the 15 pt the edge pan needs, so it began before the lift.
        #expect(scenario.expect?.contains("0.020 gesture back began") == false)
        #expect(scenario.expect?.contains("0.040 gesture back began") == true)
        let result = Self.replay(scenario)
        #expect(result.status == 0, "\(result.errorOutput)")

        let other = Host()
        let twoFingers = ScreenEdgePanGestureRecognizer()
        twoFingers.name = "two"
        twoFingers.maximumNumberOfTouches = 2
        other.window.addGestureRecognizer(twoFingers)
        #expect(throws: ScenarioRecordingError.unsupportedSetting(gesture: "two", setting: "maximumNumberOfTouches")) {
            try ScenarioRecorder(environment: other.environment)
        }
    }

    // MARK: - What the format cannot hold (issue 26, item 6)

    /// Answers simultaneity by the two recognizers' names.
    final class NameTable: GestureRecognizerDelegate {
        let yes: Set<[String]>
        init(yes: Set<[String]>) { self.yes = yes }
        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer)
            -> Bool
        { yes.contains([gestureRecognizer.name ?? "", other.name ?? ""]) }
    }

    @Test("R45, R122: answers are kept per pair of ids, whatever characters the ids hold: a|simultaneous|b and c never meet a and b|simultaneous|c")
    func answersKeyedStructurally() throws {
        let host = Host()
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        host.window.addSubview(view)
        // Joined with "|", the pair (a, b|simultaneous|c) and the pair (a|simultaneous|b, c)
        // are one string.
        let names = ["a", "b|simultaneous|c", "a|simultaneous|b", "c"]
        // a and b|simultaneous|c run with everything; a|simultaneous|b and c say no, so the
        // first of those two to begin excludes the other: both pairs are asked, with different
        // answers.
        let table = NameTable(yes: Set(names.flatMap { other in [["a", other], ["b|simultaneous|c", other]] }))
        for name in names {
            let pan = PanGestureRecognizer()
            pan.name = name
            pan.delegate = table
            view.addGestureRecognizer(pan)
        }
        let recorder = try ScenarioRecorder(environment: host.environment)
        try host.dragDown()
        let scenario = try recorder.finish()
        #expect(scenario.gestures.map(\.id) == names)
        #expect(scenario.delegate.simultaneous.contains(["a", "b|simultaneous|c"]))
        #expect(!scenario.delegate.simultaneous.contains(["a|simultaneous|b", "c"]))
        let expect = try #require(scenario.expect)
        #expect(expect.contains("0.020 gesture c failed"))
        let result = Self.replay(scenario)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test("R122: a name holding a control or bidi character is not kept as an id: the file names it view1 or gesture1")
    func unprintableNames() throws {
        let host = Host()
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        view.name = "V\u{1B}[2J"
        host.window.addSubview(view)
        let tap = TapGestureRecognizer()
        tap.name = "T\u{202E}"
        view.addGestureRecognizer(tap)
        let recorder = try ScenarioRecorder(environment: host.environment)
        try host.touch(1, .began, 100, 200, at: 0)
        try host.touch(1, .ended, 100, 200, at: 0.05)
        let scenario = try recorder.finish()
        #expect(scenario.views.map(\.id) == ["view1"])
        #expect(scenario.gestures.map(\.id) == ["gesture1"])
        #expect(!scenario.jsonText().unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        let result = Self.replay(scenario)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test("R122: a window of zero size, a view of negative size, a name with a newline and a touch id of 10^15 are refused while recording, naming them")
    func unwritableValues() throws {
        let empty = GestureEnvironment()
        empty.addWindow(Window(width: 0, height: 800))
        #expect(throws: ScenarioRecordingError.unsupportedView(id: "window", reason: "its size is 0.0 x 800.0; a scenario's window has a positive size")) {
            try ScenarioRecorder(environment: empty)
        }
        let host = Host()
        let view = View(frame: Rect(x: 0, y: 0, width: -5, height: 800))
        view.name = "V"
        host.window.addSubview(view)
        #expect(throws: ScenarioRecordingError.unsupportedView(id: "V", reason: "its size is -5.0 x 800.0; a scenario's view has no negative size")) {
            try ScenarioRecorder(environment: host.environment)
        }
        view.removeFromSuperview()
        #expect(
            throws: ScenarioRecordingError.notReplayable(
                "the scenario's name holds U+A, a control or bidirectional formatting character, which no scenario string may hold")
        ) { try ScenarioRecorder(environment: host.environment, name: "run\n# check: the log matches") }
        let recorder = try ScenarioRecorder(environment: host.environment)
        try host.touch(1_000_000_000_000_000, .began, 10, 10, at: 0.25)
        try host.touch(1_000_000_000_000_000, .ended, 10, 10, at: 0.3)
        #expect(throws: ScenarioRecordingError.touchIDNotRepresentable(1_000_000_000_000_000, at: 0.25)) { try recorder.finish() }
    }
}
