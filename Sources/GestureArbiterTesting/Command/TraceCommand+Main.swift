import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TraceCommand {
    /// Runs `gesture-trace` as a program and exits with its status: the arguments from the
    /// command line, files and standard input read as bytes (an unreadable one is an error, not a
    /// crash), `--html` pictures written as a stream, the log on
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
        let host = Host(
            readFile: readFile,
            readStandardInput: { readAll(from: 0) },
            meters: BenchMeters(cpuNanoseconds: processCPUNanoseconds, allocationCount: allocationCount),
            writeFile: writeFile
        )
        let result = run(Array(CommandLine.arguments.dropFirst()), host: host, registry: registry)
        FileHandle.standardOutput.write(Data(result.output.utf8))
        FileHandle.standardError.write(Data(result.errorOutput.utf8))
        exit(result.status)
    }

    /// The bytes of the file at `path`, or nil when it cannot be opened or read (a directory
    /// included).
    static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return readAll(from: descriptor)
    }

    /// Everything `descriptor` gives until its end, or nil when a read fails (a closed
    /// descriptor, a directory, an I/O error). `read(2)` directly: Foundation's file handle stops
    /// the process on such errors instead of reporting them.
    static func readAll(from descriptor: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            bytes += buffer[0..<count]
        }
    }

    /// Writes the file at `path` as UTF-8, piece by piece (`--html`): nil when written, else why not.
    static func writeFile(_ path: String, _ contents: (_ write: (String) -> Void) -> Void) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "\(path) is a directory"
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "no such directory: \(directory)"
        }
        guard let file = fopen(path, "w") else { return String(cString: strerror(errno)) }
        var failed = false
        contents { text in
            guard !failed else { return }
            var text = text
            text.withUTF8 { bytes in
                if bytes.count > 0, fwrite(bytes.baseAddress, 1, bytes.count, file) != bytes.count { failed = true }
            }
        }
        let error = failed || ferror(file) != 0 ? errno : 0
        if fclose(file) != 0, error == 0 { return String(cString: strerror(errno)) }
        return error == 0 ? nil : String(cString: strerror(error))
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
