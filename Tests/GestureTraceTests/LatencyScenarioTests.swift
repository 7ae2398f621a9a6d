import Foundation
import GestureArbiter
import GestureArbiterTesting
import Testing

/// Latency accounting on scenarios (R122): the lines `gesture-trace --latency` prints, written
/// from the rules, and the option's behaviour on every scenario file of the repository.
@Suite struct LatencyScenarioTests {
    /// A conformance scenario and the latency lines the rules give for it.
    struct Expectation: CustomTestStringConvertible, Sendable {
        let file: String
        let rules: String
        let lines: [String]
        var testDescription: String { "\(file) (\(rules))" }
    }

    static let conformance: [Expectation] = [
        // R61, R67: the tap withholds the began, then recognizes: the view gets nothing.
        Expectation(file: "S04", rules: "R61, R67", lines: ["T recognized at 0.080: no delay"]),
        // R61, R85, R65, R66: the began (0.000) is withheld until the tap fails at 0.060; the
        // catch-up move counts from the began; the end comes on time.
        Expectation(
            file: "S05", rules: "R61, R65, R66, R85",
            lines: [
                "view V began 1 at 0.060: ready at 0.000, withheld 0.060 by T (delaysTouchesBegan)",
                "view V moved 1 at 0.060: ready at 0.000, withheld 0.060 by T (delaysTouchesBegan)",
                "view V ended 1 at 0.080: no delay",
            ]),
        // R62, R87, R88: the end (0.100) waits for the double tap's 0.35 s to run out.
        Expectation(
            file: "S07", rules: "R62, R87, R88",
            lines: [
                "view V began 1 at 0.000: no delay",
                "view V ended 1 at 0.450: ready at 0.100, withheld 0.350 by D (delaysTouchesEnded)",
            ]),
        // R62, R63, R67: what was withheld is discarded at recognition: only prompt events.
        Expectation(
            file: "S09", rules: "R62, R63, R67",
            lines: [
                "view V began 1 at 0.000: no delay", "D recognized at 0.280: no delay", "view V cancelled 1 at 0.280: no delay",
            ]),
        // R54, R56, R88: S recognized at the lift (0.100), held until D gives up at 0.450.
        Expectation(
            file: "S11", rules: "R54, R56, R88",
            lines: [
                "view V began 1 at 0.000: no delay",
                "S recognized at 0.450: ready at 0.100, waited 0.350 on D (require(toFail:))",
                "view V cancelled 1 at 0.450: no delay",
            ]),
        // R55: D recognizes, S fails: no action of S, nothing late.
        Expectation(
            file: "S12", rules: "R55, R60",
            lines: [
                "view V began 1 at 0.000: no delay", "D recognized at 0.280: no delay", "view V cancelled 1 at 0.280: no delay",
            ]),
        // R54, R56, R88: two slow taps, each single tap waits 0.35 s after its lift.
        Expectation(
            file: "S15", rules: "R54, R56, R88",
            lines: [
                "view V began 1 at 0.000: no delay",
                "S recognized at 0.450: ready at 0.100, waited 0.350 on D (require(toFail:))",
                "view V cancelled 1 at 0.450: no delay",
                "view V began 2 at 0.600: no delay",
                "S recognized at 1.050: ready at 0.700, waited 0.350 on D (require(toFail:))",
                "view V cancelled 2 at 1.050: no delay",
            ]),
        // R94, R54, R85, R56: the pan began at 0.020 (10 pt) and waits on the tap, which fails
        // at 0.060 (50 pt > 45 pt).
        Expectation(
            file: "S26", rules: "R54, R56, R85, R94",
            lines: [
                "view V began 1 at 0.000: no delay",
                "view V moved 1 at 0.020: no delay",
                "view V moved 1 at 0.040: no delay",
                "P began at 0.060: ready at 0.020, waited 0.040 on T (require(toFail:))",
                "view V cancelled 1 at 0.060: no delay",
                "P changed at 0.080: no delay",
                "P ended at 0.100: no delay",
            ]),
        // R53: the same wait as S11, set up by S's delegate.
        Expectation(
            file: "S34", rules: "R53, R54, R56",
            lines: [
                "view V began 1 at 0.000: no delay",
                "S recognized at 0.450: ready at 0.100, waited 0.350 on D (delegate shouldRequireFailureOf)",
                "view V cancelled 1 at 0.450: no delay",
            ]),
        // R109, R61, R108: the edge pan withholds the began until it fails at 0.100.
        Expectation(
            file: "S51", rules: "R61, R66, R108, R109",
            lines: [
                "view R began 1 at 0.100: ready at 0.000, withheld 0.100 by E (delaysTouchesBegan)",
                "view R moved 1 at 0.100: ready at 0.000, withheld 0.100 by E (delaysTouchesBegan)",
                "view R ended 1 at 0.150: no delay",
            ]),
        // R61, R66, R87: the began (0.000) and the end (0.100) both wait for the timer at 0.450.
        Expectation(
            file: "S55", rules: "R61, R66, R87",
            lines: [
                "view V began 1 at 0.450: ready at 0.000, withheld 0.450 by D (delaysTouchesBegan)",
                "view V ended 1 at 0.450: ready at 0.100, withheld 0.350 by D (delaysTouchesBegan)",
            ]),
        // R113, R116: the content-touch delay holds the began exactly 0.15 s.
        Expectation(
            file: "S59", rules: "R113, R116",
            lines: [
                "view V began 1 at 0.150: ready at 0.000, withheld 0.150 by D (content touch delay)",
                "view V ended 1 at 0.400: no delay",
            ]),
        // R116 (b), R66: the touch ends at 0.050: the began is let through, then the end on time.
        Expectation(
            file: "S61", rules: "R66, R116",
            lines: [
                "view V began 1 at 0.050: ready at 0.000, withheld 0.050 by D (content touch delay)",
                "view V ended 1 at 0.050: no delay",
            ]),
        // R54, R56: the long press began at 0.500 and waits on the resting pan, which fails at
        // the lift (1.000); then both its actions, and the cancel (R67). The drag: the pan runs
        // and cancels touch 2. V handles no touches, so the log shows no view line, but it does
        // receive the calls and forwards them (R10, R75): they are deliveries.
        Expectation(
            file: "S70", rules: "R10, R54, R56, R67, R100, R143",
            lines: [
                "view V began 1 at 0.000: no delay",
                "LP began at 1.000: ready at 0.500, waited 0.500 on PAN (require(toFail:))",
                "LP ended at 1.000: no delay",
                "view V cancelled 1 at 1.000: no delay",
                "view V began 2 at 2.000: no delay",
                "PAN began at 2.100: no delay",
                "view V cancelled 2 at 2.100: no delay",
                "PAN changed at 2.200: no delay",
                "PAN ended at 2.300: no delay",
            ]),
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func conformanceText(_ prefix: String) throws -> String {
        let folder = root.appendingPathComponent("Tests/ConformanceTests/Scenarios")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let name = try #require(names.first { $0.hasPrefix(prefix + "-") }, "no scenario \(prefix)")
        return try String(contentsOfFile: folder.appendingPathComponent(name).path, encoding: .utf8)
    }

    /// The latency lines of `text`'s scenario, through a ``LatencyTracer``.
    static func latencyLines(_ text: String) throws -> [String] {
        let scenario = try ScenarioParser.parse(text)
        let tracer = LatencyTracer()
        _ = try ScenarioRunner.run(scenario, observer: tracer)
        return tracer.records.map(\.description)
    }

    @Test("The latency lines of conformance scenarios, written from the rules", arguments: conformance)
    func conformanceLatency(_ expectation: Expectation) throws {
        #expect(try Self.latencyLines(Self.conformanceText(expectation.file)) == expectation.lines)
    }

    @Test("R62, R65, R54: a phase withheld by a held recognizer carries the recognizer's own wait (S11 with cancelsTouchesInView off)")
    func withheldByHeldRecognizerChains() throws {
        let text = try Self.conformanceText("S11").replacingOccurrences(
            of: #""requireToFail": ["D"] }"#, with: #""requireToFail": ["D"], "cancelsTouchesInView": false }"#)
        // S and D both withhold the end (0.100, R62); S is held on D (R54) until D fails at
        // 0.450; S publishes without cancelling and both release (R65).
        #expect(
            try Self.latencyLines(text) == [
                "view V began 1 at 0.000: no delay",
                "S recognized at 0.450: ready at 0.100, waited 0.350 on D (require(toFail:))",
                "view V ended 1 at 0.450: ready at 0.100, withheld 0.350 by S (delaysTouchesEnded), "
                    + "S waited 0.350 on D (require(toFail:)); withheld 0.350 by D (delaysTouchesEnded)",
            ])
    }

    /// A double tap D whose second finger lands at 0.200 and slides 50 pt at 0.250.
    static let touchOrder = #"""
        { "name": "touch order",
          "views": [ { "id": "V", "parent": "window", "frame": [50, 50, 200, 200] } ],
          "gestures": [ { "id": "D", "type": "tap", "view": "V", "taps": 2 } ],
          "input": [ { "t": 0.0, "touches": [ { "id": 1, "phase": "began", "x": 100, "y": 100 } ] },
                     { "t": 0.08, "touches": [ { "id": 1, "phase": "ended", "x": 100, "y": 100 } ] },
                     { "t": 0.2, "touches": [ { "id": 2, "phase": "began", "x": 100, "y": 100 } ] },
                     { "t": 0.25, "touches": [ { "id": 2, "phase": "moved", "x": 150, "y": 100 } ] },
                     { "t": 0.3, "touches": [ { "id": 2, "phase": "ended", "x": 150, "y": 100 } ] } ] }
        """#

    @Test("R62, R63, R65, R66, R85: a began held for touch order waits with the end before it")
    func touchOrderHold() throws {
        // D withholds touch 1's end (R62) and so touch 2's began (R63); it fails when touch 2
        // moves 50 pt (R85) and releases both in timestamp order, with touch 2's catch-up (R66).
        #expect(
            try Self.latencyLines(Self.touchOrder) == [
                "view V began 1 at 0.000: no delay",
                "view V ended 1 at 0.250: ready at 0.080, withheld 0.170 by D (delaysTouchesEnded)",
                "view V began 2 at 0.250: ready at 0.200, withheld 0.050 by D (touch order)",
                "view V moved 2 at 0.250: ready at 0.200, withheld 0.050 by D (touch order)",
                "view V ended 2 at 0.300: no delay",
            ])
    }

    // MARK: - gesture-trace --latency on every scenario file

    static func run(_ arguments: [String], file: String) -> TraceCommand.Result {
        TraceCommand.run(arguments, readFile: { _ in file }, readStandardInput: { nil }, meters: .unavailable)
    }

    /// Every conformance scenario and every example: `docs/examples` and the conformance
    /// corpus.
    static func scenarioFiles() throws -> [(String, String)] {
        var files: [(String, String)] = []
        for folder in ["Tests/ConformanceTests/Scenarios", "docs/examples"] {
            let base = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: base.path).sorted() where name.hasSuffix(".json") {
                files.append((folder + "/" + name, try String(contentsOfFile: base.appendingPathComponent(name).path, encoding: .utf8)))
            }
        }
        return files
    }

    @Test("R122: --latency works on every conformance scenario and example: the log is unchanged, one line per action and delivery, and the tracer agrees with a report from recorded records")
    func everyScenarioFile() throws {
        let files = try Self.scenarioFiles()
        #expect(files.count > 40)
        for (name, text) in files {
            let plain = Self.run(["f.json", "--check"], file: text)
            let withLatency = Self.run(["f.json", "--check", "--latency"], file: text)
            #expect(withLatency.status == plain.status, "\(name)")
            #expect(withLatency.status == 0, "\(name): \(withLatency.errorOutput)")
            let lines = withLatency.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let start = try #require(lines.firstIndex { $0.hasPrefix("# latency: ") }, "\(name)")
            let section = lines[(start + 1)...].prefix { $0.hasPrefix("# ") && !$0.hasPrefix("# check:") }
            // Without the section, the output is the plain one: stdout stays a valid log.
            var rest = lines
            rest.removeSubrange(start..<(start + 1 + section.count))
            #expect(rest.joined(separator: "\n") == plain.output, "\(name)")
            // One record per action: the log's gesture lines other than "failed".
            let scenario = try ScenarioParser.parse(text)
            let recorder = RecordingTracer()
            let tracer = LatencyTracer(next: recorder)
            let run = try ScenarioRunner.run(scenario, observer: tracer)
            let actions = run.log.filter { $0.split(separator: " ").dropFirst().first == "gesture" && !$0.hasSuffix(" failed") }
            let actionRecords = tracer.records.filter { if case .action = $0.event { true } else { false } }
            #expect(actionRecords.count == actions.count, "\(name)")
            #expect(section.count == tracer.records.count, "\(name)")
            #expect(section.map { String($0.dropFirst(2)) } == tracer.records.map(\.description), "\(name)")
            // The same records from the recorded trace, as a list.
            #expect(LatencyReport(recorder.records).records == tracer.records, "\(name)")
            // Every delay has a cause, and no cause outlasts the delay it explains.
            for record in tracer.records {
                #expect((record.delay > .zero) == !record.causes.isEmpty, "\(name): \(record)")
                for cause in record.causes {
                    #expect(cause.start >= record.readyAt && cause.end <= record.deliveredAt, "\(name): \(record)")
                }
            }
        }
    }

    @Test("--latency combines with --explain, keeps exit 3 for a rejected input, and refuses --bench")
    func options() {
        let explained = Self.run(["f.json", "--explain", "--latency"], file: BuiltInScenarios.singleRequiresDoubleFourFastTaps)
        #expect(explained.status == 0)
        #expect(explained.output.contains("\n# latency: "))
        #expect(explained.output.contains("\n# --- pass at "))
        #expect(explained.output.split(separator: "\n").allSatisfy { $0.hasPrefix("#") || $0.first?.isNumber == true })

        let rejected = Self.run(["r.json", "--latency"], file: GestureTraceOptionsTests.rejected)
        #expect(rejected.status == TraceCommand.ExitStatus.rejected)
        // Touch 1 began and ended on V with no recognizer (R15): two prompt deliveries, then the stop.
        #expect(
            rejected.output.hasSuffix(
                "# latency: 2 records (actions and view deliveries), 0 delayed by arbitration\n"
                    + "# view V began 1 at 0.000: no delay\n# view V ended 1 at 0.050: no delay\n"
                    + "# run stopped: input[2] was rejected by the engine\n"))

        let bench = Self.run(["f.json", "--bench", "--latency"], file: BuiltInScenarios.singleRequiresDoubleFourFastTaps)
        #expect(bench.status == TraceCommand.ExitStatus.invalid)
        #expect(bench.errorOutput.hasPrefix("gesture-trace: --bench cannot be combined with --latency\n"))
        #expect(TraceCommand.usage.contains("--latency"))
    }
}
