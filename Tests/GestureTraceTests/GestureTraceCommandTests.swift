import Foundation
import GestureArbiterTesting
import Testing

@Suite struct GestureTraceCommandTests {
    /// The built-in scenario's log, derived from the rules, not from the program: the single tap S
    /// ends at each odd lift but is held, as it requires D to fail (R54), and never receives the
    /// even touch (R24, R60); D recognizes at each even lift and S fails because of it (R55, R63
    /// for the withheld second began); D's cancelsTouchesInView cancels the odd touch in V and
    /// discards the even one, whose began V never saw (R67, R68). S's failure comes before D's
    /// action (R76: failed lines, then actions, then the cancellations they cause).
    static let demoLog = [
        "0.000 touch 1 hit V",
        "0.000 view V began 1",
        "0.150 touch 2 hit V",
        "0.200 gesture S failed",
        "0.200 gesture D recognized",
        "0.200 view V cancelled 1",
        "0.300 touch 3 hit V",
        "0.300 view V began 3",
        "0.450 touch 4 hit V",
        "0.500 gesture S failed",
        "0.500 gesture D recognized",
        "0.500 view V cancelled 3",
    ]

    /// What `gesture-trace` prints with no file: a `#` header naming the scenario, then the log.
    static let demoOutput = (["# scenario: single tap requires double tap, four fast taps"] + demoLog).map { $0 + "\n" }.joined()

    static func noFiles(_ path: String) -> String? { nil }

    @Test("R54, R55, R60, R63, R67: gesture-trace with no file prints the built-in scenario's log, whole")
    func builtInScenario() {
        let result = TraceCommand.run([], readFile: Self.noFiles)
        #expect(result.status == 0)
        #expect(result.errorOutput.isEmpty)
        #expect(result.output == Self.demoOutput)
    }

    @Test("R54, R55, R60, R63, R67: the built-in scenario passes its own --check")
    func builtInScenarioChecks() {
        let result = TraceCommand.run(["--check"], readFile: Self.noFiles)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test("scenario-format: --explain adds # reasons before the lines they explain and keeps every log line")
    func explain() throws {
        let result = TraceCommand.run(["--explain"], readFile: Self.noFiles)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { !$0.hasPrefix("#") } == Self.demoLog)
        // The hit-test path, just before the hit line.
        let hit = try #require(lines.firstIndex(of: "0.000 touch 1 hit V"))
        #expect(lines[hit - 1] == "# touch 1 hit V (path window > R > V)")
        // State changes with their causes, and the hold behind them (R54, R55).
        #expect(lines.contains("# S possible -> ended: its own touch handling"))
        #expect(lines.contains("# S held: requires D to fail"))
        let failed = try #require(lines.firstIndex(of: "0.200 gesture S failed"))
        #expect(lines[failed - 1] == "# S ended -> failed: D, which it requires to fail, began or recognized")
        // Withheld and delivered phases (R61-R63, R66, R67).
        #expect(lines.contains("# touch 1 ended withheld by S, D"))
        #expect(lines.contains("# touch 2 began withheld by D"))
        #expect(lines.contains("# D cancels 1 in the view; discards withheld 2 (cancelsTouchesInView)"))
        let began = try #require(lines.firstIndex(of: "0.000 view V began 1"))
        #expect(lines[began - 1] == "# V began 1")
    }

    @Test("scenario-format --check: 0 when equal, 1 with a diff when not, 2 for an invalid file or no expect")
    func checkStatuses() {
        let good = BuiltInScenarios.singleRequiresDoubleFourFastTaps
        let bad = good.replacingOccurrences(of: "\"0.500 gesture D recognized\"", with: "\"0.500 gesture S recognized\"")
        let files = ["good.json": good, "bad.json": bad, "broken.json": "{", "bare.json": #"{ "name": "n" }"#]
        let read: (String) -> String? = { files[$0] }
        #expect(TraceCommand.run(["good.json", "--check"], readFile: read).status == 0)
        let failing = TraceCommand.run(["bad.json", "--check"], readFile: read)
        #expect(failing.status == 1)
        #expect(failing.errorOutput.contains("\n- 0.500 gesture S recognized\n"))
        #expect(failing.errorOutput.contains("\n+ 0.500 gesture D recognized\n"))
        #expect(failing.errorOutput.contains("\n  0.500 gesture S failed\n"))
        // The log on stdout stays a valid log: only # lines and log lines.
        #expect(failing.output.split(separator: "\n").allSatisfy { $0.hasPrefix("#") || $0.first?.isNumber == true })
        let broken = TraceCommand.run(["broken.json", "--check"], readFile: read)
        #expect(broken.status == 2)
        #expect(broken.errorOutput.contains("file: not valid JSON"))
        let bare = TraceCommand.run(["bare.json", "--check"], readFile: read)
        #expect(bare.status == 2)
        #expect(bare.errorOutput.contains("\"expect\""))
        #expect(TraceCommand.run(["bare.json"], readFile: read).status == 0)
        #expect(TraceCommand.run(["missing.json"], readFile: read).status == 2)
        #expect(TraceCommand.run(["--frobnicate"], readFile: read).status == 2)
        #expect(TraceCommand.run(["good.json", "bad.json"], readFile: read).status == 2)
    }

    @Test("gesture-trace --help prints the usage")
    func help() {
        let result = TraceCommand.run(["--help"], readFile: Self.noFiles)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("usage: gesture-trace [FILE | -] [--check] [--explain] [--latency] [--help]"))
    }

    // MARK: - The real executable

    /// The built `gesture-trace`: `GESTURE_TRACE_PATH`, else beside the test bundle in the build
    /// products, else in the package's `.build/debug`.
    static func executablePath() -> String? {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["GESTURE_TRACE_PATH"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        for executable in [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap({ $0 }) {
            var directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            // Inside an .xctest bundle directory (macOS layout), go up to the products directory.
            while directory.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
                directory = directory.deletingLastPathComponent()
            }
            candidates.append(directory.appendingPathComponent("gesture-trace"))
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/gesture-trace"))
        return candidates.map { $0.resolvingSymlinksInPath().path }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Outcome {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    static func runExecutable(_ path: String, _ arguments: [String], standardInput: String? = nil) throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-trace-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Files, not pipes: neither stream can fill up and block the tool.
        let out = directory.appendingPathComponent("stdout")
        let err = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        if let standardInput {
            let input = directory.appendingPathComponent("stdin")
            try standardInput.write(to: input, atomically: true, encoding: .utf8)
            process.standardInput = try FileHandle(forReadingFrom: input)
        }
        try process.run()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            output: try String(contentsOf: out, encoding: .utf8),
            errorOutput: try String(contentsOf: err, encoding: .utf8)
        )
    }

    @Test("scenario-format: the real gesture-trace executable prints the log and exits 0, 1 and 2 as documented")
    func executable() throws {
        let path = try #require(Self.executablePath(), "gesture-trace not found; build it first: swift build --product gesture-trace")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ name: String, _ text: String) throws -> String {
            let file = directory.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }
        let scenario = BuiltInScenarios.singleRequiresDoubleFourFastTaps
        let good = try write("good.json", scenario)
        let bad = try write("bad.json", scenario.replacingOccurrences(of: "\"0.200 view V cancelled 1\"", with: "\"0.200 view V ended 1\""))
        let broken = try write("broken.json", #"{ "name": "x", "gestures": [ { "id": "D", "type": "tap", "view": "window", "tapz": 2 } ] }"#)
        let bare = try write("bare.json", #"{ "name": "x", "input": [ { "t": 0, "idle": true } ] }"#)

        let demo = try Self.runExecutable(path, [])
        #expect(demo.status == 0)
        #expect(demo.output == Self.demoOutput)
        #expect(demo.errorOutput.isEmpty)

        let equal = try Self.runExecutable(path, [good, "--check"])
        #expect(equal.status == 0, "\(equal.errorOutput)")

        let different = try Self.runExecutable(path, [bad, "--check"])
        #expect(different.status == 1)
        #expect(different.errorOutput.contains("\n- 0.200 view V ended 1\n"))
        #expect(different.errorOutput.contains("\n+ 0.200 view V cancelled 1\n"))

        let invalid = try Self.runExecutable(path, [broken, "--check"])
        #expect(invalid.status == 2)
        #expect(invalid.errorOutput.contains(#"gestures[0] (id "D"): unknown field "tapz""#))
        #expect(invalid.output.isEmpty)

        let noExpect = try Self.runExecutable(path, [bare, "--check"])
        #expect(noExpect.status == 2)
        #expect(noExpect.errorOutput.contains("\"expect\""))
        #expect(try Self.runExecutable(path, [bare]).status == 0)

        let help = try Self.runExecutable(path, ["--help"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("usage: gesture-trace"))
        #expect(try Self.runExecutable(path, ["--no-such-option"]).status == 2)
    }
}
