// The scenario fuzzer: reads the input as a scenario file, parses it with `ScenarioParser` and,
// when it parses, plays it with `ScenarioRunner` and writes it back with `jsonText()`.
//
// It checks, besides "no crash, no hang" (AddressSanitizer is on, Scripts/fuzz.sh sets a
// timeout): a scenario that parses can be written back and the text parses again, and writing
// that parsed copy gives the same text (scenario files round-trip). A thrown `ScenarioError` is
// an expected outcome, not a failure.
//
// Built and run by Scripts/fuzz.sh, seeded with Tests/ConformanceTests/Scenarios and
// docs/examples; see Fuzz/README.md. Option (libFuzzer ignores arguments that start with `--`):
//   --avoid=round-trip   skips the round-trip check while its finding is open.

import Foundation
import GestureArbiter
import GestureArbiterTesting

nonisolated(unsafe) var checkRoundTrip = true

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> CInt {
    for argument in fuzzerArguments(argc, argv) {
        switch argument {
        case "--avoid=round-trip": checkRoundTrip = false
        case let other where other.hasPrefix("--avoid="):
            print("scenarios fuzzer: unknown \(other); known: --avoid=round-trip")
            exit(2)
        default: break
        }
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let scenario = try? ScenarioParser.parse(bytes) else { return 0 }
    _ = try? ScenarioRunner.run(scenario, explain: true)
    if checkRoundTrip {
        let text = scenario.jsonText()
        let again: Scenario
        do {
            again = try ScenarioParser.parse(text)
        } catch {
            fatalError("round trip: jsonText() of a parsed scenario does not parse: \(error)\n\(text)")
        }
        let textAgain = again.jsonText()
        if textAgain != text {
            fatalError("round trip: writing the parsed copy changes the text\n--- first\n\(text)\n--- second\n\(textAgain)")
        }
    }
    return 0
}
