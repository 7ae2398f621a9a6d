import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TraceCommand {
    /// Runs `gesture-trace` as a program and exits with its status: the arguments from the
    /// command line, files read and `--html` pictures written with Foundation, the log on
    /// standard output, errors on standard error. The repository's `gesture-trace` is this with
    /// no registry; a `gesture-trace` of your own that knows your recognizer types is an
    /// executable target whose `main.swift` is
    ///
    /// ```swift
    /// import GestureArbiterTesting
    ///
    /// let registry = try ScenarioRecognizerRegistry().registering("myapp.press") { _ in MyPress() }
    /// TraceCommand.main(registry: registry)
    /// ```
    ///
    /// and then `--check`, `--explain`, `--latency`, `--html`, `--lint` and `--bench` work on
    /// files that name those types.
    ///
    /// - Parameters:
    ///   - registry: the recognizer types of your own that files may name.
    ///   - allocationCount: heap allocations made so far, for `--bench` (nil: not counted; the
    ///     repository's tool counts them with a C wrapper of glibc's allocator).
    public static func main(
        registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry(), allocationCount: @escaping () -> UInt64? = { nil }
    ) -> Never {
        let result = run(
            Array(CommandLine.arguments.dropFirst()),
            readFile: { path in FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) } },
            readStandardInput: { String(data: FileHandle.standardInput.readDataToEndOfFile(), encoding: .utf8) },
            meters: BenchMeters(cpuNanoseconds: processCPUNanoseconds, allocationCount: allocationCount),
            writeFile: writeFile, registry: registry
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
}
