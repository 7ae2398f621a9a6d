import Foundation
import GestureArbiter
import GestureArbiterTesting
import Testing

/// `TraceCommand.run(..., registry:)`: gesture-trace for a user's own recognizer types. Every
/// option works on a file that names one; without the registry the file is invalid.
@Suite struct CustomTraceCommandTests {
    /// Begins 0.3 s after one finger lands; ends at the lift (the example tool's type).
    final class Hold: GestureRecognizer {
        override func touchesBegan(_ touches: TouchSet, with event: Event) { startTimer(after: .milliseconds(300)) }
        override func touchesEnded(_ touches: TouchSet, with event: Event) { state = state == .possible ? .failed : .ended }
        override func timerDidFire() { state = .began }
    }

    static func registry() throws -> ScenarioRecognizerRegistry {
        try ScenarioRecognizerRegistry().registering("example.hold") { _ in Hold() }
    }

    static func exampleFile() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOfFile: root.appendingPathComponent("Examples/custom-gesture-trace/hold.json").path, encoding: .utf8)
    }

    static func run(_ arguments: [String], _ file: String, registry: ScenarioRecognizerRegistry, written: inout [String: String]) -> TraceCommand.Result {
        var pages: [String: String] = [:]
        let result = TraceCommand.run(
            arguments, readFile: { _ in file }, readStandardInput: { nil }, meters: .unavailable,
            writeFile: { path, contents in pages[path] = contents; return nil }, registry: registry)
        written.merge(pages) { $1 }
        return result
    }

    @Test("R44, R67: with the registry, --check, --explain, --latency, --html, --lint and --bench work on a file naming a type of one's own")
    func everyOptionWorks() throws {
        let file = try Self.exampleFile()
        let registry = try Self.registry()
        var written: [String: String] = [:]
        let checked = Self.run(["hold.json", "--check", "--explain", "--latency", "--html", "hold.html"], file, registry: registry, written: &written)
        #expect(checked.status == TraceCommand.ExitStatus.success, "\(checked.errorOutput)")
        #expect(checked.output.contains("0.300 gesture hold began\n"))
        #expect(checked.output.contains("# latency:"))
        #expect(checked.output.contains("# picture: hold.html\n"))
        #expect(written["hold.html"]?.contains("<svg") == true)
        let lint = Self.run(["hold.json", "--lint"], file, registry: registry, written: &written)
        #expect(lint.status == TraceCommand.ExitStatus.success)
        #expect(lint.output.hasSuffix("# lint: no findings\n"))
        let bench = Self.run(["hold.json", "--bench", "--bench-iterations", "3"], file, registry: registry, written: &written)
        #expect(bench.status == TraceCommand.ExitStatus.success, "\(bench.errorOutput)")
        // Without the registry the type is unknown: exit 2, naming the type and how to register it.
        let plain = TraceCommand.run(["hold.json"], readFile: { _ in file })
        #expect(plain.status == TraceCommand.ExitStatus.invalid)
        #expect(plain.errorOutput.contains(#"unknown type "example.hold""#))
    }
}
