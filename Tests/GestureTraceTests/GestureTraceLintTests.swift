import Foundation
import GestureArbiterTesting
import Testing

/// `gesture-trace FILE --lint`: the recognizer-graph lint on scenario files.
///
/// Expected findings are derived from the rules and the scenario's set-up, never from a run.
@Suite struct GestureTraceLintTests {
    static func run(_ arguments: [String], file: String? = nil) -> TraceCommand.Result {
        TraceCommand.run(arguments, readFile: { _ in file })
    }

    /// The finding lines (`kind ids: ...`) of an output, without the fix and `#` lines.
    static func findingLines(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.hasPrefix("  fix: ") }
    }

    /// `kind ids` of each finding line.
    static func findingHeads(_ output: String) -> [String] {
        findingLines(output).map { line in String(line[..<(line.range(of: ": ")?.lowerBound ?? line.endIndex)]) }
    }

    static func repositoryFile(_ relative: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOfFile: root.appendingPathComponent(relative).path, encoding: .utf8)
    }

    @Test("--lint runs on every scenario file of the repository (conformance corpus, docs/examples): each finding has its fix line, then a count")
    func everyRepositoryScenario() {
        let corpus = ExplainTextTests.repositoryScenarios()
        #expect(corpus.contains { $0.0.hasPrefix("Tests/ConformanceTests/Scenarios/S54") })
        #expect(corpus.contains { $0.0 == "docs/examples/double-tap.json" })
        for (name, text) in corpus {
            let result = Self.run(["f.json", "--lint"], file: text)
            #expect(result.errorOutput == "", "\(name)")
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first?.hasPrefix("# scenario: ") == true, "\(name)")
            let body = Array(lines.dropFirst().dropLast(2))
            #expect(body.count % 2 == 0, "\(name)")
            for pair in stride(from: 0, to: body.count - 1, by: 2) {
                #expect(!body[pair].hasPrefix("#") && body[pair].hasSuffix(")"), "\(name): \(body[pair])")
                #expect(body[pair + 1].hasPrefix("  fix: "), "\(name): \(body[pair + 1])")
            }
            let count = body.count / 2
            let expectedCount = count == 0 ? "# lint: no findings" : count == 1 ? "# lint: 1 finding" : "# lint: \(count) findings"
            #expect(lines.dropLast().last == expectedCount, "\(name)")
            #expect(result.status == (count == 0 ? TraceCommand.ExitStatus.success : TraceCommand.ExitStatus.findings), "\(name)")
        }
    }

    @Test("R59, R121: --lint finds the edge-pan / pan cycle of S54 (E requires P, P requires E), and nothing else; exit 4")
    func edgePanPanCycle() throws {
        let text = try Self.repositoryFile("Tests/ConformanceTests/Scenarios/S54-edge-pan-pan-cycle.json")
        let result = Self.run(["S54.json", "--lint"], file: text)
        #expect(result.status == TraceCommand.ExitStatus.findings)
        #expect(result.status == 4)
        #expect(Self.findingHeads(result.output) == ["requirement-cycle E,P"])
        #expect(result.output.contains("(E -> P -> E)"))
        #expect(result.output.hasSuffix("# lint: 1 finding\n"))
    }

    @Test("R59: the real executable exits 4 on S54's cycle and 0 on the plain double-tap example")
    func executableStatus() throws {
        let path = try #require(GestureTraceCommandTests.executablePath(), "gesture-trace not found; build it first")
        let cycle = try GestureTraceCommandTests.runExecutable(
            path, ["-", "--lint"], standardInput: try Self.repositoryFile("Tests/ConformanceTests/Scenarios/S54-edge-pan-pan-cycle.json"))
        #expect(cycle.status == 4)
        #expect(Self.findingHeads(cycle.output) == ["requirement-cycle E,P"])
        let clean = try GestureTraceCommandTests.runExecutable(
            path, ["-", "--lint"], standardInput: try Self.repositoryFile("docs/examples/double-tap.json"))
        #expect(clean.status == 0)
        #expect(clean.output.hasSuffix("# lint: no findings\n"))
    }

    @Test("R51, R58, R62: the plain double-tap example and the built-in demo (single waits for double on one leaf view) have no finding; exit 0")
    func doubleTapDemosAreClean() throws {
        let example = Self.run(["double-tap.json", "--lint"], file: try Self.repositoryFile("docs/examples/double-tap.json"))
        #expect(example.status == TraceCommand.ExitStatus.success)
        #expect(Self.findingLines(example.output) == [])
        #expect(example.output.hasSuffix("# lint: no findings\n"))
        let demo = Self.run(["--lint"])
        #expect(demo.status == 0)
        #expect(demo.output == "# scenario: single tap requires double tap, four fast taps\n# lint: no findings\n")
    }

    @Test("R103, R143: S70's long press waits for a pan that a resting finger never settles")
    func longPressWaitingOnPan() throws {
        let text = try Self.repositoryFile("Tests/ConformanceTests/Scenarios/S70-long-press-waiting-on-resting-pan.json")
        #expect(Self.findingHeads(Self.run(["S70.json", "--lint"], file: text).output) == ["waits-while-resting LP,PAN"])
    }

    @Test("R2, R3: S39's tap on a hidden view is unreachable")
    func hiddenView() throws {
        let text = try Self.repositoryFile("Tests/ConformanceTests/Scenarios/S39-hidden-view-skipped.json")
        #expect(Self.findingHeads(Self.run(["S39.json", "--lint"], file: text).output) == ["unreachable T1"])
    }

    @Test("R45: S24's pan says yes to the tap and the tap's delegate (the scenario's) says no: the no is overruled")
    func overruledNo() throws {
        let text = try Self.repositoryFile("Tests/ConformanceTests/Scenarios/S24-simultaneous-via-pan-delegate.json")
        #expect(Self.findingHeads(Self.run(["S24.json", "--lint"], file: text).output) == ["overruled-no P,T"])
    }

    static func disabledScenario(enabledLater: Bool) -> String {
        let enable = enabledLater ? #"{ "t": 0.5, "enable": "T" },"# : ""
        return #"""
            { "name": "disabled tap",
              "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 100, 100] } ],
              "gestures": [ { "id": "T", "type": "tap", "view": "V", "enabled": false } ],
              "input": [ \#(enable) { "t": 1, "idle": true } ] }
            """#
    }

    @Test("R24, R40: a gesture disabled in the file is reported unless the input enables it later")
    func disabledUnlessEnabledLater() {
        let never = Self.run(["d.json", "--lint"], file: Self.disabledScenario(enabledLater: false))
        #expect(Self.findingHeads(never.output) == ["disabled T"])
        #expect(never.status == 4)
        let later = Self.run(["d.json", "--lint"], file: Self.disabledScenario(enabledLater: true))
        #expect(Self.findingLines(later.output) == [])
        #expect(later.status == 0)
    }

    @Test("--lint takes no other option, and an invalid file is exit 2 as always")
    func optionsAndErrors() {
        let demo = BuiltInScenarios.singleRequiresDoubleFourFastTaps
        for other in ["--check", "--explain", "--bench"] {
            let result = Self.run(["d.json", "--lint", other], file: demo)
            #expect(result.status == TraceCommand.ExitStatus.invalid, "\(other)")
            #expect(result.errorOutput.hasPrefix("gesture-trace: --lint cannot be combined with --check, --explain or --bench\n"))
        }
        #expect(Self.run(["d.json", "--lint"], file: "{").status == TraceCommand.ExitStatus.invalid)
        #expect(Self.run(["missing.json", "--lint"], file: nil).status == TraceCommand.ExitStatus.invalid)
        #expect(TraceCommand.usage.contains("--lint"))
        #expect(TraceCommand.usage.contains("4  under --lint"))
    }
}
