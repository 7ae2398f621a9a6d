// The tools fuzzer: reads the input as a scenario file and runs `gesture-trace` on it, in-process
// (`TraceCommand`), with `--check --latency --html OUT`: the picture is written to a counting
// sink, never to disk.
//
// It checks, besides "no crash, no hang" (AddressSanitizer is on; Scripts/fuzz.sh sets a timeout
// per input and a memory limit):
// - the exit status is one of the documented ones (0 to 4; 5 belongs to --lint);
// - the output stays near-linear in the run: the page is at most 1 MB plus 200 bytes per byte of
//   the input and of the printed log (a mark's title and label are bounded, an idle break is a
//   few shapes), and standard error at most 64 KB plus 4 bytes per byte of input and log (the
//   --check diff lists each line once);
// - nothing printed holds a control character other than newline, nor a bidirectional
//   formatting character (scenario strings cannot carry them to a terminal).
//
// Built and run by Scripts/fuzz.sh, seeded like the scenarios target; see Fuzz/README.md.

import Foundation
import GestureArbiterTesting

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> CInt {
    for argument in fuzzerArguments(argc, argv) where argument.hasPrefix("--avoid=") {
        print("tools fuzzer: unknown \(argument); it has nothing to avoid")
        exit(2)
    }
    return 0
}

/// Whether `text` holds a character that must not reach a terminal raw (newline excepted).
func holdsUnprintable(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
        switch scalar.value {
        case 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var pageBytes = 0
    var pageWrites = 0
    let host = TraceCommand.Host(
        readFile: { $0 == "input.json" ? bytes : nil }, readStandardInput: { nil }, meters: .unavailable,
        writeFile: { _, contents in
            contents { piece in
                pageBytes += piece.utf8.count
                pageWrites += 1
            }
            return nil
        })
    let result = TraceCommand.run(["input.json", "--check", "--latency", "--html", "out.html"], host: host)
    guard (0...4).contains(result.status) else { fatalError("exit status \(result.status) is not one of 0 to 4") }
    let printed = result.output.utf8.count
    let pageLimit = 1_000_000 + 200 * (size + printed)
    if pageBytes > pageLimit {
        fatalError("the page is \(pageBytes) bytes, over 1 MB + 200 x (input \(size) + log \(printed)) = \(pageLimit)")
    }
    let errorLimit = 65_536 + 4 * (size + printed)
    if result.errorOutput.utf8.count > errorLimit {
        fatalError("standard error is \(result.errorOutput.utf8.count) bytes, over 64 KB + 4 x (input + log) = \(errorLimit)")
    }
    if holdsUnprintable(result.output) || holdsUnprintable(result.errorOutput) {
        fatalError("a control or bidi formatting character was printed:\n\(result.output.debugDescription)\n\(result.errorOutput.debugDescription)")
    }
    if result.status != 2, pageWrites == 0 { fatalError("a run that was not refused wrote no page (status \(result.status))") }
    return 0
}
