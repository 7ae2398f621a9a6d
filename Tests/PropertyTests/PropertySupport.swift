import Foundation
import GestureArbiterTesting

/// Seeds and counts for property runs: fixed by default, widened from the environment for long
/// runs (`GESTURE_ARBITER_SEED=0x... GESTURE_ARBITER_COUNT=1000000 swift test -c release --filter PropertyTests`).
enum PropertyRun {
    static func seed(_ fixed: UInt64) -> UInt64 {
        guard let text = ProcessInfo.processInfo.environment["GESTURE_ARBITER_SEED"] else { return fixed }
        let digits = text.hasPrefix("0x") ? String(text.dropFirst(2)) : text
        return UInt64(digits, radix: text.hasPrefix("0x") ? 16 : 10) ?? fixed
    }

    static func count(_ fixed: Int) -> Int {
        ProcessInfo.processInfo.environment["GESTURE_ARBITER_COUNT"].flatMap { Int($0) } ?? fixed
    }
}

/// An invariant as a test argument.
struct InvariantCase: CustomTestStringConvertible, Sendable {
    let invariant: ScenarioInvariant
    let seed: UInt64
    var testDescription: String { invariant.name }
}

import Testing

/// The repository's conformance scenarios (`Tests/ConformanceTests/Scenarios`).
enum ConformanceFiles {
    static var all: [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ConformanceTests/Scenarios").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
    }
}
