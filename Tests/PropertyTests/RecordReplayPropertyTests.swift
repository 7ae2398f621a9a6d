import GestureArbiter
import GestureArbiterTesting
import Testing

/// Record and replay over generated scenarios (issue 16, item 4): whatever a live run does, the
/// file `ScenarioRecorder` writes replays to the same log, or the recorder says why it cannot.
@Suite struct RecordReplayPropertyTests {
    /// Whether the scenario changes its window while it runs (`disable`, `enable`,
    /// `removeGesture`, `removeView`): the recorder refuses such a run, by design.
    static func changesItsWindow(_ scenario: Scenario) -> Bool {
        scenario.input.contains { entry in
            switch entry.action {
            case .touches, .idle, .hover, .scroll, .transform: return false
            case .disable, .enable, .removeGesture, .removeView, .ignore, .disableControl, .enableControl: return true
            }
        }
    }

    /// Generated scenarios without controls or scroll views: a scenario's controls, buttons and
    /// scroll views are subclasses of the library's (they log their callbacks and answer
    /// `beginTracking` or `touchesShouldCancel` from the file), which the recorder refuses by
    /// design, as it does any view class that may hit-test in its own way.
    static var space: ScenarioSpace {
        var space = ScenarioSpace()
        space.includesControls = false
        space.includesScrollViews = false
        return space
    }

    @Test("R10, R118, R122: a recorded run of a generated scenario replays with --check, and its expect is the live log")
    func recordedRunsReplay() {
        var recorded = 0
        var exact = 0
        do {
            let ran = try checkProperty(
                "a recorded run replays to the live log", seed: PropertyRun.seed(0x2EC0_2D00), count: PropertyRun.count(500),
                input: .scenarios(Self.space), describe: { $0.jsonText() }
            ) { scenario in
                let session = try ScenarioSession(scenario)
                let recorder = try ScenarioRecorder(environment: session.environment, name: scenario.name)
                for entry in scenario.input {
                    do throws(DispatchError) {
                        try session.play(entry)
                    } catch {
                        // The generator makes valid input; a rejection is the engine's finding, not this property's.
                        throw PropertyViolation("the live run rejected an entry: \(error)")
                    }
                }
                let written: Scenario
                do {
                    written = try recorder.finish()
                } catch ScenarioRecordingError.changedWhileRecording where Self.changesItsWindow(scenario) {
                    return  // refused by design: the format has no entry for a change made while recording
                } catch {
                    throw PropertyViolation("the recorder refused a run it can describe: \(error)")
                }
                // The recorder cannot see whether a view's touch methods pass touches up the
                // chain (R10), so it writes every view as handling its touches and logs each
                // callback the engine made. Where every view does handle them, the two logs are
                // one; otherwise they agree on every line that is not a view's.
                let everyViewHandles = scenario.views.allSatisfy(\.handlesTouches)
                let live = everyViewHandles ? session.log.logLines : Self.withoutViewLines(session.log.logLines)
                let kept = everyViewHandles ? written.expect ?? [] : Self.withoutViewLines(written.expect ?? [])
                guard kept == live else {
                    throw PropertyViolation(
                        "the recorded expect is not the live log\(everyViewHandles ? "" : " (view lines left out)"):\n"
                            + ScenarioCheck.differences(expected: live, actual: kept, order: .strict).joined(separator: "\n"))
                }
                if everyViewHandles { exact += 1 }
                let text = written.jsonText()
                let replay = TraceCommand.run(["recorded.json", "--check"]) { $0 == "recorded.json" ? text : nil }
                guard replay.status == TraceCommand.ExitStatus.success else {
                    throw PropertyViolation("the recorded file does not replay (status \(replay.status)):\n\(replay.errorOutput)\n\(text)")
                }
                recorded += 1
            }
            #expect(ran == PropertyRun.count(500))
        } catch {
            Issue.record("\(error)")
        }
        // Not vacuous: most generated runs change nothing while they run, and are recorded.
        #expect(recorded > PropertyRun.count(500) / 2, "only \(recorded) runs were recorded")
        #expect(exact > PropertyRun.count(500) / 10, "only \(exact) runs compared line for line")
    }

    /// The log without the lines of view callbacks (`<t> view ...`).
    static func withoutViewLines(_ lines: [String]) -> [String] {
        lines.filter { line in line.split(separator: " ", maxSplits: 2).dropFirst().first != "view" }
    }

    // MARK: - Hostile worlds (issue 26, item 6)

    /// A world built with the plain API, with what a host may do that the format cannot hold:
    /// names with `|`, control or bidi characters, white space or repeats; a window of zero size;
    /// views of negative size; touch ids of 10^15 and more; static delegate answers per pair.
    struct HostileWorld: Sendable, CustomStringConvertible {
        struct ViewPart: Sendable {
            var name: String?
            var frame: Rect
        }
        struct GesturePart: Sendable {
            var name: String?
            var isPan: Bool
            var view: Int
        }
        struct TouchPart: Sendable {
            var id: Int
            var x: Double
            var y: Double
            var moves: Int
        }
        var windowSize: Size
        var views: [ViewPart]
        var gestures: [GesturePart]
        /// (asking, other) gesture indices whose delegate answers yes to simultaneity.
        var simultaneous: [[Int]]
        var touches: [TouchPart]

        var description: String {
            "window \(windowSize); views \(views.map { "\($0.name.debugDescription) \($0.frame)" }); "
                + "gestures \(gestures.map { "\($0.name.debugDescription) \($0.isPan ? "pan" : "tap") on \($0.view)" }); "
                + "simultaneous \(simultaneous); touches \(touches.map { "\($0.id) at (\($0.x), \($0.y)) moves \($0.moves)" })"
        }

        static let names: [String?] = [
            nil, nil, "a", "c", "a|simultaneous|b", "b|simultaneous|c", "x|shouldBegin|", "V\u{1B}[2J", "G\u{202E}", "N\u{0}",
            "with space", "window", "a",
        ]
        static let ids = [1, 2, 7, 999_999_999_999_999, 1_000_000_000_000_000, -999_999_999_999_999, Int.max, Int.min]

        static let generator = Generator<HostileWorld>(
            generate: { random in
                func name() -> String? { names.randomElement(using: &random)! }
                let window = Size(
                    width: Double.random(in: 0...1, using: &random) < 0.9 ? 400 : 0, height: Double.random(in: 0...1, using: &random) < 0.9 ? 800 : 0)
                let views = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    ViewPart(
                        name: name(),
                        frame: Rect(
                            x: 0, y: 0, width: Double.random(in: 0...1, using: &random) < 0.93 ? 400 : -10,
                            height: Double.random(in: 0...1, using: &random) < 0.93 ? 800 : -1))
                }
                let gestures = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    GesturePart(name: name(), isPan: Bool.random(using: &random), view: Int.random(in: 0..<views.count, using: &random))
                }
                var simultaneous: [[Int]] = []
                for asking in gestures.indices {
                    for other in gestures.indices where asking != other && Bool.random(using: &random) {
                        simultaneous.append([asking, other])
                    }
                }
                let touches = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    TouchPart(
                        id: Double.random(in: 0...1, using: &random) < 0.8 ? Int.random(in: 1...3, using: &random) : ids.randomElement(using: &random)!,
                        x: 100, y: 100, moves: Int.random(in: 0...3, using: &random))
                }
                return HostileWorld(windowSize: window, views: views, gestures: gestures, simultaneous: simultaneous, touches: touches)
            },
            shrink: { world in
                var candidates: [HostileWorld] = []
                for index in world.touches.indices.reversed() where world.touches.count > 1 {
                    var smaller = world
                    smaller.touches.remove(at: index)
                    candidates.append(smaller)
                }
                for index in world.gestures.indices.reversed() where world.gestures.count > 1 {
                    var smaller = world
                    smaller.gestures.remove(at: index)
                    smaller.simultaneous = world.simultaneous.filter { !$0.contains(index) }.map { $0.map { $0 > index ? $0 - 1 : $0 } }
                    candidates.append(smaller)
                }
                for index in world.simultaneous.indices.reversed() {
                    var smaller = world
                    smaller.simultaneous.remove(at: index)
                    candidates.append(smaller)
                }
                return candidates
            })
    }

    /// Answers simultaneity from a fixed table of (asking, other) recognizers.
    final class TableDelegate: GestureRecognizerDelegate {
        var yes: Set<[ObjectIdentifier]> = []
        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer)
            -> Bool
        { yes.contains([ObjectIdentifier(gestureRecognizer), ObjectIdentifier(other)]) }
    }

    @Test("R122: every recording of a hostile world that finishes replays equal; the rest is refused with the reason the world gives")
    func hostileRecordingsReplayOrAreRefused() {
        var written = 0
        var refused = 0
        do {
            let ran = try checkProperty(
                "a hostile recording that finishes replays equal", seed: PropertyRun.seed(0x0026_0006), count: PropertyRun.count(300),
                input: HostileWorld.generator
            ) { world in
                let clock = VirtualClock()
                let environment = GestureEnvironment(scheduler: clock)
                let window = Window(width: world.windowSize.width, height: world.windowSize.height)
                environment.addWindow(window)
                let views = world.views.map { part in
                    let view = View(frame: part.frame)
                    view.name = part.name
                    window.addSubview(view)
                    return view
                }
                let delegate = TableDelegate()
                let recognizers = world.gestures.map { part -> GestureRecognizer in
                    let recognizer: GestureRecognizer = part.isPan ? PanGestureRecognizer() : TapGestureRecognizer()
                    recognizer.name = part.name
                    recognizer.delegate = delegate
                    views[part.view].addGestureRecognizer(recognizer)
                    return recognizer
                }
                delegate.yes = Set(world.simultaneous.map { $0.map { ObjectIdentifier(recognizers[$0]) } })
                let unwritableSize = world.windowSize.width <= 0 || world.windowSize.height <= 0
                    || world.views.contains { $0.frame.width < 0 || $0.frame.height < 0 }
                let recorder: ScenarioRecorder
                do throws(ScenarioRecordingError) {
                    recorder = try ScenarioRecorder(environment: environment, name: "hostile")
                } catch {
                    guard unwritableSize, case .unsupportedView = error else {
                        throw PropertyViolation("recording could not start: \(error)")
                    }
                    refused += 1
                    return
                }
                if unwritableSize { throw PropertyViolation("recording started in a world of a size the format refuses") }
                var t = 0.0
                for touch in world.touches {
                    func send(_ phase: TouchPhase, _ y: Double) throws {
                        try environment.dispatch(
                            TouchEvent(timestamp: Timestamp(seconds: t), touches: [TouchInput(id: touch.id, phase: phase, x: touch.x, y: y)]))
                        t += 0.03
                    }
                    try send(.began, touch.y)
                    for step in 0..<touch.moves { try send(.moved, touch.y + Double(step + 1) * 15) }
                    try send(.ended, touch.y + Double(touch.moves) * 15)
                    t += 0.5
                }
                try environment.advance(to: Timestamp(seconds: t + 1))
                let scenario: Scenario
                do throws(ScenarioRecordingError) {
                    scenario = try recorder.finish()
                } catch {
                    guard case .touchIDNotRepresentable = error, world.touches.contains(where: { abs(Double($0.id)) >= 1e15 }) else {
                        throw PropertyViolation("the recorder refused a run it can write: \(error)")
                    }
                    refused += 1
                    return
                }
                let text = scenario.jsonText()
                let replay = TraceCommand.run(["recorded.json", "--check"]) { $0 == "recorded.json" ? text : nil }
                guard replay.status == TraceCommand.ExitStatus.success else {
                    throw PropertyViolation("the recording finished but does not replay equal (status \(replay.status)):\n\(replay.errorOutput)\n\(text)")
                }
                written += 1
            }
            #expect(ran == PropertyRun.count(300))
        } catch {
            Issue.record("\(error)")
        }
        // Not vacuous: both outcomes happen.
        #expect(written > PropertyRun.count(300) / 4, "only \(written) recordings were written")
        #expect(refused > PropertyRun.count(300) / 10, "only \(refused) recordings were refused")
    }
}
