import Foundation
import GestureArbiterTesting
import Testing

@Suite struct GestureTraceCommandTests {
    /// The built-in demo's log, derived from the rules: the single tap is held after each odd tap
    /// (R54) and never sees the even touch (R24, R60); the double tap recognizes at each even
    /// lift and fails the single tap (R55, R83); the view's even began is withheld behind the
    /// double tap's hold on the odd touch's end (R62, R63) and is discarded, while the odd touch
    /// is cancelled (R67, R68).
    static let demoLog = [
        "# Single tap requires double tap: four fast taps",
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

    static func noFiles(_ path: String) -> String? { nil }

    @Test("gesture-trace with no file prints the built-in demo's timeline, whole")
    func builtInDemo() {
        let result = TraceCommand.run([], readFile: Self.noFiles)
        #expect(result.status == 0)
        #expect(result.output == Self.demoLog.map { $0 + "\n" }.joined())
    }

    @Test("gesture-trace --explain adds # reasons and keeps every log line")
    func explain() {
        let result = TraceCommand.run(["--explain"], readFile: Self.noFiles)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { !$0.hasPrefix("#") } == Array(Self.demoLog.dropFirst()))
        #expect(lines.contains("# S held: requires D to fail"))
        #expect(lines.contains("# S ended -> failed: D, which it requires to fail, began or recognized"))
        #expect(lines.contains("# touch 1 hit V (path window > R > V)"))
    }

    @Test("gesture-trace --check: 0 when equal, 1 with a diff when not, 2 for an invalid file or no expect")
    func checkStatuses() {
        let good = BuiltInScenarios.singleRequiresDoubleFourFastTaps
        let bad = good.replacingOccurrences(of: "\"0.500 gesture D recognized\"", with: "\"0.500 gesture S recognized\"")
        let files = ["good.json": good, "bad.json": bad, "broken.json": "{", "bare.json": #"{ "name": "n" }"#]
        let read: (String) -> String? = { files[$0] }
        #expect(TraceCommand.run(["good.json", "--check"], readFile: read).status == 0)
        let failing = TraceCommand.run(["bad.json", "--check"], readFile: read)
        #expect(failing.status == 1)
        #expect(failing.errorOutput.contains("- 0.500 gesture S recognized"))
        #expect(failing.errorOutput.contains("+ 0.500 gesture D recognized"))
        #expect(TraceCommand.run(["broken.json", "--check"], readFile: read).status == 2)
        #expect(TraceCommand.run(["bare.json", "--check"], readFile: read).status == 2)
        #expect(TraceCommand.run(["missing.json"], readFile: read).status == 2)
        #expect(TraceCommand.run(["--frobnicate"], readFile: read).status == 2)
        #expect(TraceCommand.run(["--help"], readFile: read).output.hasPrefix("usage: gesture-trace"))
    }

    @Test("the real gesture-trace executable exits 0, 1 and 2 as documented")
    func executable() throws {
        let products = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/gesture-trace")
        let path = products.resolvingSymlinksInPath().path
        try #require(FileManager.default.isExecutableFile(atPath: path), "build the tool first: swift build --product gesture-trace")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.json")
        try BuiltInScenarios.singleRequiresDoubleFourFastTaps.write(to: good, atomically: true, encoding: .utf8)
        let bad = directory.appendingPathComponent("bad.json")
        try BuiltInScenarios.singleRequiresDoubleFourFastTaps
            .replacingOccurrences(of: "\"0.200 view V cancelled 1\"", with: "\"0.200 view V ended 1\"")
            .write(to: bad, atomically: true, encoding: .utf8)
        let broken = directory.appendingPathComponent("broken.json")
        try "{ \"name\": 3 }".write(to: broken, atomically: true, encoding: .utf8)

        func status(_ arguments: [String]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, output)
        }
        let (demoStatus, demoOutput) = try status([])
        #expect(demoStatus == 0)
        #expect(demoOutput == Self.demoLog.map { $0 + "\n" }.joined())
        #expect(try status([good.path, "--check"]).0 == 0)
        #expect(try status([bad.path, "--check"]).0 == 1)
        #expect(try status([broken.path]).0 == 2)
    }
}
