import Foundation
import GestureArbiterTesting

/// `gesture-trace [FILE] [--check] [--explain] [--help]`: see `TraceCommand`.
@main
struct GestureTrace {
    static func main() {
        let result = TraceCommand.run(Array(CommandLine.arguments.dropFirst())) { path in
            FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
        }
        FileHandle.standardOutput.write(Data(result.output.utf8))
        FileHandle.standardError.write(Data(result.errorOutput.utf8))
        exit(result.status)
    }
}
