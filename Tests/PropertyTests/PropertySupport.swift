import Foundation
import GestureArbiterTesting

/// The seed and count a property run uses: the kit itself replaces both with
/// `GESTURE_ARBITER_SEED` and `GESTURE_ARBITER_COUNT` when they are set (`PropertyEnvironment`),
/// so these only give a test the same values, for checks that depend on them
/// (`GESTURE_ARBITER_SEED=0x... GESTURE_ARBITER_COUNT=1000000 swift test -c release --filter PropertyTests`).
enum PropertyRun {
    static func seed(_ fixed: UInt64) -> UInt64 {
        (try? PropertyEnvironment.resolve(seed: fixed, count: 0).seed) ?? fixed
    }

    static func count(_ fixed: Int) -> Int {
        (try? PropertyEnvironment.resolve(seed: 0, count: fixed).count) ?? fixed
    }
}

/// An invariant as a test argument.
struct InvariantCase: CustomTestStringConvertible, Sendable {
    let invariant: ScenarioInvariant
    let seed: UInt64
    var testDescription: String { invariant.name }

    /// Runs the invariant alone over `count` generated scenarios from the seed, recording the
    /// failure (seed, shrunk case) as an issue.
    func holds(count: Int = 2_000, testName: String = #function) {
        do {
            let ran = try checkScenarioProperty(invariant.name, seed: PropertyRun.seed(seed), count: PropertyRun.count(count),
                                                invariants: [invariant], testName: testName)
            #expect(ran == PropertyRun.count(count))
        } catch {
            Issue.record("\(error)")
        }
    }
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
