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
            case .touches, .idle: return false
            case .disable, .enable, .removeGesture, .removeView, .ignore: return true
            }
        }
    }

    @Test("R10, R118, R122: a recorded run of a generated scenario replays with --check, and its expect is the live log")
    func recordedRunsReplay() {
        var recorded = 0
        var exact = 0
        do {
            let ran = try checkProperty(
                "a recorded run replays to the live log", seed: PropertyRun.seed(0x2EC0_2D00), count: PropertyRun.count(500),
                input: .scenarios(), describe: { $0.jsonText() }
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
}
