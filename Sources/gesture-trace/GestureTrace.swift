import Foundation
import GestureArbiterTesting
import GestureTraceAllocations

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `gesture-trace [FILE | -] [--check] [--explain] [--bench [--bench-iterations N]] [--help]`:
/// see `TraceCommand` (its `usage` is the `--help` text).
@main
struct GestureTrace {
    static func main() {
        let result = TraceCommand.run(
            Array(CommandLine.arguments.dropFirst()),
            readFile: { path in FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) } },
            readStandardInput: { String(data: FileHandle.standardInput.readDataToEndOfFile(), encoding: .utf8) },
            meters: TraceCommand.BenchMeters(cpuNanoseconds: processCPUNanoseconds, allocationCount: allocationCount),
            writeFile: writeFile
        )
        FileHandle.standardOutput.write(Data(result.output.utf8))
        FileHandle.standardError.write(Data(result.errorOutput.utf8))
        exit(result.status)
    }

    /// Writes `contents` to the file at `path` as UTF-8 (`--html`): nil when written, else why not.
    static func writeFile(_ path: String, _ contents: String) -> String? {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "no such directory: \(directory)"
        }
        do {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
            return nil
        } catch let error as CocoaError {
            let underlying = (error.userInfo[NSUnderlyingErrorKey] as? NSError).map { ": \($0.localizedDescription)" } ?? ""
            return error.localizedDescription + underlying
        } catch {
            return error.localizedDescription
        }
    }

    /// The CPU time this process has used, from `clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`, or nil
    /// where that clock does not exist or fails.
    static func processCPUNanoseconds() -> UInt64? {
        #if canImport(Glibc) || canImport(Darwin)
            var time = timespec()
            guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return nil }
            return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
        #else
            return nil
        #endif
    }

    /// The heap allocations made so far, counted by the tool's wrappers around glibc's allocator
    /// (GestureTraceAllocations), or nil where they are not counted.
    static func allocationCount() -> UInt64? {
        let count = gesture_trace_allocation_count()
        return count < 0 ? nil : UInt64(count)
    }
}
