import GestureArbiter
import GestureArbiterTesting
import Testing

/// The `relations` field of scenario files: read, written back, explained, linted, and recorded
/// as the delegate answers it lowers to (R45, R53).
@Suite struct RelationScenarioTests {
    static func file(relations: String) -> String {
        """
        {
          "name": "relations",
          "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 200, 200] } ],
          "gestures": [
            { "id": "S", "type": "tap", "view": "V" },
            { "id": "D", "type": "tap", "view": "V", "taps": 2 }
          ],
          "relations": \(relations),
          "input": [
            { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 50, "y": 50 } ] },
            { "t": 0.08, "touches": [ { "id": 1, "phase": "ended", "x": 50, "y": 50 } ] },
            { "t": 1, "idle": true }
          ],
          "expect": ["0.000 touch 1 hit V", "0.000 view V began 1", "0.430 gesture D failed", "0.430 gesture S recognized", "0.430 view V cancelled 1"]
        }
        """
    }

    @Test("R51, R53, R54, R56, R88: an exclusive relation [D, S] in a file makes S wait for D; --check passes and --explain names the relation")
    func exclusiveInAFile() throws {
        let text = Self.file(relations: #"{ "exclusive": [["D", "S"]] }"#)
        let scenario = try ScenarioParser.parse(text)
        #expect(scenario.relations.exclusive == [["D", "S"]])
        #expect(TraceCommand.run(["f.json", "--check"], readFile: { _ in text }).status == TraceCommand.ExitStatus.success)
        let explained = TraceCommand.run(["f.json", "--explain"], readFile: { _ in text }).output
        #expect(explained.contains("# S requires D to fail for this attempt (exclusive relation)\n"))
    }

    @Test("R45: --explain names a simultaneous relation where it decides")
    func simultaneousIsExplained() throws {
        let text = """
            { "name": "two taps", "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 200, 200] } ],
              "gestures": [ { "id": "A", "type": "tap", "view": "V" }, { "id": "B", "type": "tap", "view": "V" } ],
              "relations": { "simultaneous": [["A", "B"]] },
              "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 5, "y": 5 } ] },
                         { "t": 0.08, "touches": [ { "id": 1, "phase": "ended", "x": 5, "y": 5 } ] } ] }
            """
        let result = TraceCommand.run(["f.json", "--explain"], readFile: { _ in text })
        #expect(result.output.contains("may recognize together (simultaneous relation)"))
        let log = result.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(log == ["0.000 touch 1 hit V", "0.000 view V began 1", "0.080 gesture A recognized", "0.080 view V cancelled 1", "0.080 gesture B recognized"])
    }

    @Test("relations are written back by jsonText() and read again equal; bad ones name the entry", arguments: [
        (#"{ "simultaneous": [["S"]] }"#, "relations.simultaneous[0]: must list two or more gesture ids"),
        (#"{ "race": [["S", "X"]] }"#, "relations.race[0]: unknown gesture \"X\""),
        (#"{ "exclusive": [["S", "S"]] }"#, "relations.exclusive[0]: names \"S\" twice"),
        (#"{ "exclusiv": [["S", "D"]] }"#, "relations: unknown field \"exclusiv\" (did you mean \"exclusive\"?)"),
    ])
    func readWriteAndErrors(_ bad: String, _ message: String) throws {
        let good = try ScenarioParser.parse(Self.file(relations: #"{ "simultaneous": [["S", "D"]], "exclusive": [["D", "S"]], "race": [["S", "D"]] }"#))
        #expect(try ScenarioParser.parse(good.jsonText()) == good)
        #expect { try ScenarioParser.parse(Self.file(relations: bad)) } throws: { "\($0)" == message }
    }

    @Test("R45, R53: a recorded run with relations is written with the delegate answers they lower to, and replays to the same log")
    func recordedAsDelegateAnswers() throws {
        let scenario = try ScenarioParser.parse(Self.file(relations: #"{ "exclusive": [["D", "S"]] }"#))
        let session = try ScenarioSession(scenario)
        let recorder = try ScenarioRecorder(environment: session.environment, name: "recorded")
        for entry in scenario.input { try session.play(entry) }
        let recorded = try recorder.finish()
        #expect(recorded.relations.isEmpty)
        #expect(recorded.delegate.requireFailure == [["S", "D"]])
        #expect(try ScenarioRunner.run(recorded).log == session.log.logLines)
    }
}
