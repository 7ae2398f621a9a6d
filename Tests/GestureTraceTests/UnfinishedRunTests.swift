import GestureArbiter
import GestureArbiterTesting
import Testing

/// A run whose input stops while work is pending says so: `# unfinished:` lines in the log, a
/// failing `--check` (exit 6) unless the file says `"endsUnfinished": true`, and a `--lint`
/// finding. Expected outcomes come from the rules (R62, R88), not from a run.
@Suite struct UnfinishedRunTests {
    /// One tap on a card with a double tap: after the lift, the double tap waits 0.35 s for a
    /// second tap (R88: due at 0.080 + 0.350 = 0.430) and withholds the touch's end from the
    /// view meanwhile (R62). `tail` is appended to the input; `extra` to the top-level fields.
    static func doubleTapFile(tail: String = "", extra: String = "") -> String {
        """
        {
          "name": "one tap, then the input stops",
          "views": [ { "id": "card", "parent": "window", "frame": [0, 0, 200, 200] } ],
          "gestures": [ { "id": "D", "type": "tap", "view": "card", "taps": 2 } ],
          "input": [
            { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 50, "y": 50 } ] },
            { "t": 0.08, "touches": [ { "id": 1, "phase": "ended", "x": 50, "y": 50 } ] }\(tail)
          ],
          "expect": ["0.000 touch 1 hit card", "0.000 view card began 1"\(tail.isEmpty ? "" : ", \"0.430 gesture D failed\", \"0.430 view card ended 1\"")]\(extra)
        }
        """
    }

    static func run(_ arguments: [String], _ file: String) -> TraceCommand.Result {
        TraceCommand.run(arguments, readFile: { _ in file })
    }

    @Test("R62, R88: an input that stops while a double tap waits prints what is pending as # lines; exit 0 without --check")
    func logSaysWhatIsPending() {
        let result = Self.run(["f.json"], Self.doubleTapFile())
        #expect(result.status == TraceCommand.ExitStatus.success)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == ["# scenario: one tap, then the input stops", "0.000 touch 1 hit card", "0.000 view card began 1"])
        #expect(lines.dropFirst(3).first == "# unfinished: the input ends with work pending")
        let pending = lines.dropFirst(4)
        #expect(pending.allSatisfy { $0.hasPrefix("#   ") })
        #expect(pending.contains { $0.contains("D is possible with a pending timer") })
        #expect(pending.contains { $0.contains("touch 1 still referenced (holds began 0, ended 1") })
        #expect(pending.last == "#   a recognizer timer is due at 0.430")
    }

    @Test("R62, R88: --check fails with exit 6 when the log matches but the run ends unfinished, naming what is pending")
    func checkFailsUnfinished() {
        let result = Self.run(["f.json", "--check"], Self.doubleTapFile())
        #expect(result.status == TraceCommand.ExitStatus.unfinished)
        #expect(result.status == 6)
        #expect(result.errorOutput.contains("the run ended unfinished"))
        #expect(result.errorOutput.contains("a recognizer timer is due at 0.430"))
        #expect(result.errorOutput.contains("\"endsUnfinished\": true"))
        #expect(!result.output.contains("# check: the log matches"))
    }

    @Test("R88: --check passes an unfinished run whose file says \"endsUnfinished\": true, and still prints what is pending")
    func checkPassesDeclaredUnfinished() {
        let result = Self.run(["f.json", "--check"], Self.doubleTapFile(extra: ",\n  \"endsUnfinished\": true"))
        #expect(result.status == TraceCommand.ExitStatus.success, "\(result.errorOutput)")
        #expect(result.output.contains("# unfinished: the input ends with work pending\n"))
        #expect(result.output.contains("# check: the log matches"))
    }

    @Test("R62, R88: with an idle entry past the deadline the run finishes (at 0.430 D fails and the withheld end reaches the view): no # unfinished line, --check passes")
    func idleEntryFinishes() {
        let file = Self.doubleTapFile(tail: ",\n    { \"t\": 1, \"idle\": true }")
        let result = Self.run(["f.json", "--check"], file)
        #expect(result.status == TraceCommand.ExitStatus.success, "\(result.errorOutput)")
        #expect(!result.output.contains("# unfinished"))
    }

    @Test("A file that says \"endsUnfinished\": true but whose run ends idle fails --check (exit 6)")
    func staleDeclarationFails() {
        let file = Self.doubleTapFile(tail: ",\n    { \"t\": 1, \"idle\": true }", extra: ",\n  \"endsUnfinished\": true")
        let result = Self.run(["f.json", "--check"], file)
        #expect(result.status == TraceCommand.ExitStatus.unfinished)
        #expect(result.errorOutput.contains("ended idle"))
    }

    @Test("A log that differs is reported as different (exit 1) even when the run also ends unfinished")
    func differenceComesFirst() {
        let file = Self.doubleTapFile().replacingOccurrences(of: "\"0.000 view card began 1\"", with: "\"0.000 view card began 2\"")
        #expect(Self.run(["f.json", "--check"], file).status == TraceCommand.ExitStatus.different)
    }

    @Test("A finger left down is pending too: the live touch is named")
    func liveTouchIsPending() {
        let file = """
            { "name": "down", "views": [ { "id": "v", "parent": "window", "frame": [0, 0, 100, 100] } ],
              "input": [ { "t": 0, "touches": [ { "id": 7, "phase": "began", "x": 5, "y": 5 } ] } ],
              "expect": ["0.000 touch 7 hit v", "0.000 view v began 7"] }
            """
        let result = Self.run(["f.json", "--check"], file)
        #expect(result.status == TraceCommand.ExitStatus.unfinished)
        #expect(result.errorOutput.contains("live touches [7]"))
    }

    @Test("R62, R88: --lint plays the input once and reports the unfinished end as a finding with its fix (exit 5); declared, nothing")
    func lintReportsUnfinished() {
        let result = Self.run(["f.json", "--lint"], Self.doubleTapFile())
        #expect(result.status == TraceCommand.ExitStatus.findings)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("unfinished: the input ends with work pending: ") && $0.contains("a recognizer timer is due at 0.430") })
        #expect(lines.contains { $0.hasPrefix("  fix: add input that finishes the run") })
        #expect(lines.last == "# lint: 1 finding")
        let declared = Self.run(["f.json", "--lint"], Self.doubleTapFile(extra: ",\n  \"endsUnfinished\": true"))
        #expect(declared.status == TraceCommand.ExitStatus.success)
        #expect(declared.output.hasSuffix("# lint: no findings\n"))
    }

    @Test("\"endsUnfinished\" is read, written back by jsonText() and read again equal; it must be true or false")
    func roundTrip() throws {
        let scenario = try ScenarioParser.parse(Self.doubleTapFile(extra: ",\n  \"endsUnfinished\": true"))
        #expect(scenario.endsUnfinished)
        #expect(try ScenarioParser.parse(scenario.jsonText()) == scenario)
        #expect(try ScenarioParser.parse(Self.doubleTapFile()).endsUnfinished == false)
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(Self.doubleTapFile(extra: ",\n  \"endsUnfinished\": 1")) }
    }
}
