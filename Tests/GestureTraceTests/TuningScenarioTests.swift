import GestureArbiter
import GestureArbiterTesting
import Testing

/// Tuning beyond UIKit in scenario files: `maximumIntervalBetweenSuccessiveTaps` and
/// `allowableMovement` on a tap, `hysteresis` on a pan. Expected logs from R88 and R94.
@Suite struct TuningScenarioTests {
    static let file = """
        {
          "name": "tuned",
          "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 200, 200] } ],
          "gestures": [
            { "id": "S", "type": "tap", "view": "V", "requireToFail": ["D"], "allowableMovement": 20 },
            { "id": "D", "type": "tap", "view": "V", "taps": 2, "maximumIntervalBetweenSuccessiveTaps": 0.2 },
            { "id": "P", "type": "pan", "view": "V", "hysteresis": 30 }
          ],
          "input": [
            { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 50, "y": 50 } ] },
            { "t": 0.04, "touches": [ { "id": 1, "phase": "moved", "x": 65, "y": 50 } ] },
            { "t": 0.08, "touches": [ { "id": 1, "phase": "ended", "x": 65, "y": 50 } ] },
            { "t": 1, "idle": true }
          ],
          "expect": ["0.000 touch 1 hit V", "0.000 view V began 1", "0.040 view V moved 1", "0.080 gesture P failed",
                     "0.280 gesture D failed", "0.280 gesture S recognized", "0.280 view V cancelled 1"]
        }
        """

    @Test("R88, R90, R94: a file's tuning reaches the recognizers: D gives up 0.2 s after the lift, the 15 pt move is within S's 20 pt and below P's 30 pt")
    func tunedFileChecks() throws {
        let scenario = try ScenarioParser.parse(Self.file)
        #expect(scenario.gestures[1].tuning.maximumIntervalBetweenSuccessiveTaps == 0.2)
        #expect(scenario.gestures[0].tuning.allowableMovement == 20)
        #expect(scenario.gestures[2].tuning.hysteresis == 30)
        let result = TraceCommand.run(["f.json", "--check"], readFile: { _ in Self.file })
        #expect(result.status == TraceCommand.ExitStatus.success, "\(result.errorOutput)")
        let session = try ScenarioSession(scenario)
        #expect((session.recognizer("D") as? TapGestureRecognizer)?.maximumIntervalBetweenSuccessiveTaps == .milliseconds(200))
        #expect((session.recognizer("P") as? PanGestureRecognizer)?.hysteresis == 30)
    }

    @Test("Tuning is written back by jsonText() and read again equal; a negative value or a field of another type is an error")
    func roundTripAndErrors() throws {
        let scenario = try ScenarioParser.parse(Self.file)
        #expect(try ScenarioParser.parse(scenario.jsonText()) == scenario)
        let negative = Self.file.replacingOccurrences(of: #""hysteresis": 30"#, with: #""hysteresis": -1"#)
        #expect { try ScenarioParser.parse(negative) } throws: { "\($0)" == #"gestures[2] (id "P"): "hysteresis" must not be negative"# }
        let onPan = Self.file.replacingOccurrences(of: #""hysteresis": 30"#, with: #""allowableMovement": 30"#)
        #expect { try ScenarioParser.parse(onPan) } throws: { "\($0)".hasPrefix(#"gestures[2] (id "P"): unknown field "allowableMovement""#) }
    }

    @Test("R88, R94: the recorder writes a tuned tap and pan as tuning, and the recording replays to the live log")
    func recordedTuning() throws {
        let scenario = try ScenarioParser.parse(Self.file)
        let session = try ScenarioSession(scenario)
        let recorder = try ScenarioRecorder(environment: session.environment, name: "recorded")
        for entry in scenario.input { try session.play(entry) }
        let recorded = try recorder.finish()
        #expect(recorded.gestures.map(\.tuning) == scenario.gestures.map(\.tuning))
        #expect(try ScenarioRunner.run(recorded).log == session.log.logLines)
    }
}
