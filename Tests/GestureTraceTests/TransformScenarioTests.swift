import Foundation
import GestureArbiter
import GestureArbiterTesting
import Testing

/// The scenario types `pinch` and `rotation`: parsed, written back, run, and explained.
@Suite struct TransformScenarioTests {
    /// Two fingers on a multiple-touch view with a `type` recognizer, moved to `to` and lifted.
    static func file(_ type: String, extra: String = "", to: (Double, Double, Double, Double) = (95, 300, 205, 300)) -> String {
        """
        { "name": "\(type)", "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 400, 600], "multipleTouchEnabled": true } ],
          "gestures": [ { "id": "G", "type": "\(type)", "view": "V"\(extra) } ],
          "input": [
            { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 100, "y": 300 }, { "id": 2, "phase": "began", "x": 200, "y": 300 } ] },
            { "t": 0.02, "touches": [ { "id": 1, "phase": "moved", "x": \(to.0), "y": \(to.1) }, { "id": 2, "phase": "moved", "x": \(to.2), "y": \(to.3) } ] },
            { "t": 0.04, "touches": [ { "id": 1, "phase": "ended", "x": \(to.0), "y": \(to.1) }, { "id": 2, "phase": "ended", "x": \(to.2), "y": \(to.3) } ] },
            { "t": 1, "idle": true } ] }
        """
    }

    @Test("R168, R173, R178: pinch and rotation parse as their kinds with the format's flag defaults, and write back unchanged", arguments: ["pinch", "rotation"])
    func parseAndWriteBack(_ type: String) throws {
        let scenario = try ScenarioParser.parse(Self.file(type))
        let gesture = try #require(scenario.gestures.first)
        #expect(gesture.kind == (type == "pinch" ? .pinch : .rotation))
        #expect(gesture.kind.typeName == type)
        #expect(!gesture.delaysTouchesBegan && gesture.delaysTouchesEnded && gesture.cancelsTouchesInView)
        let text = scenario.jsonText()
        #expect(text.contains("\"type\": \"\(type)\""))
        #expect(try ScenarioParser.parse(text) == scenario)
        var changed = scenario
        changed.gestures[0].delaysTouchesBegan = true
        changed.gestures[0].cancelsTouchesInView = false
        #expect(try ScenarioParser.parse(changed.jsonText()) == changed)
    }

    @Test("A pinch or rotation has no fields of its own: any other field makes the file invalid", arguments: ["pinch", "rotation"])
    func unknownFieldRejected(_ type: String) {
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(Self.file(type, extra: #", "scale": 2"#)) }
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(Self.file(type, extra: #", "touches": 2"#)) }
    }

    @Test("R174, R180: the runner makes the recognizers; a 10 pt spread begins the pinch, a 16 degree turn the rotation", arguments: [
        ("pinch", (95.0, 300.0, 205.0, 300.0)), ("rotation", (102.0, 286.0, 198.0, 314.0)),
    ])
    func runs(_ type: String, _ to: (Double, Double, Double, Double)) throws {
        let run = try ScenarioRunner.run(ScenarioParser.parse(Self.file(type, to: to)))
        #expect(run.log == [
            "0.000 touch 1 hit V", "0.000 touch 2 hit V", "0.000 view V began 1,2", "0.020 gesture G began",
            "0.020 view V cancelled 1,2", "0.040 gesture G ended",
        ])
    }

    @Test("R169, R174, R180: --explain says why a pinch or rotation failed", arguments: [
        ("pinch", "G possible -> failed: its own touch handling: its fingers lifted before their distance changed by more than 8 pt"),
        ("rotation", "G possible -> failed: its own touch handling: its fingers lifted before they turned past the threshold (5 to 10 degrees)"),
    ])
    func explainsFailure(_ type: String, _ reason: String) {
        let result = TraceCommand.run(["s.json", "--explain"], readFile: { _ in Self.file(type, to: (97, 300, 203, 300)) })
        #expect(result.status == TraceCommand.ExitStatus.success)
        #expect(result.output.contains("# \(reason)\n"), "\(result.output)")
        #expect(result.output.contains("0.040 gesture G failed\n"))
    }
}
