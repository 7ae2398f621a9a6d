import Foundation

/// A property that failed: the seed and case to replay it, the original and shrunk inputs, and
/// how many shrink steps it took.
public struct PropertyFailure: Error, CustomStringConvertible, Sendable {
    /// The property's name.
    public var name: String
    /// The run's seed.
    public var seed: UInt64
    /// The failing case's index in the run (its own seed is `SeededGenerator.caseSeed(seed, index:)`).
    public var caseIndex: Int
    /// How many cases ran.
    public var count: Int
    /// Why the shrunk input fails.
    public var message: String
    /// The original failing input, described.
    public var original: String
    /// The smallest failing input found, described.
    public var shrunk: String
    /// Accepted shrink steps from the original to the shrunk input.
    public var shrinkSteps: Int
    /// Where the shrunk case was written, if it was (a scenario file `gesture-trace` replays).
    public var shrunkFile: String?

    /// The report: seed, case, reproduction, shrunk and original inputs.
    public var description: String {
        var text = "Property \"\(name)\" failed on case \(caseIndex) of \(count), seed 0x\(String(seed, radix: 16, uppercase: true))\n"
        text += "  reproduce: GESTURE_ARBITER_SEED=0x\(String(seed, radix: 16, uppercase: true)) GESTURE_ARBITER_COUNT=\(caseIndex + 1) swift test\n"
        if let shrunkFile { text += "  replay the shrunk case: swift run gesture-trace \(shrunkFile) --explain\n" }
        text += "  \(message)\n"
        text += "  shrunk in \(shrinkSteps) steps to:\n\(indent(shrunk))\n"
        text += "  original:\n\(indent(original))"
        return text
    }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}

/// A property's verdict on one input, thrown by the property closure.
public struct PropertyViolation: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var message: String

    /// Creates a violation.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// Runs `property` on `count` inputs made by `input` from `seed`; on the first failure, shrinks
/// the input while the property keeps failing and throws a ``PropertyFailure`` with the seed, the
/// case, the original and the shrunk input.
///
/// The property fails by throwing (any error). Each case has its own seed derived from `seed`
/// and its index, so a case replays on its own.
///
/// ```swift
/// try checkProperty("taps never fail twice", seed: 0x5EED_0001, count: 2_000,
///                   input: .scenarios()) { scenario in
///     let observation = observe(scenario)
///     if observation.log.contains("...") { throw PropertyViolation("...") }
/// }
/// ```
///
/// - Parameters:
///   - maximumShrinkSteps: a bound on accepted shrink steps (the search always ends).
///   - describe: how to print an input in the report.
///   - save: called with the shrunk input; returns where it was written, for the report.
/// - Returns: the number of cases run.
@discardableResult
public func checkProperty<Value>(
    _ name: String,
    seed: UInt64,
    count: Int,
    input: Generator<Value>,
    maximumShrinkSteps: Int = 1_000,
    describe: (Value) -> String = { "\($0)" },
    save: ((Value) -> String?)? = nil,
    property: (Value) throws -> Void
) throws(PropertyFailure) -> Int {
    for index in 0..<count {
        var random = SeededGenerator(seed: SeededGenerator.caseSeed(seed, index: index))
        let value = input.generate(&random)
        guard let firstError = failure(of: property, on: value) else { continue }
        var smallest = value
        var error = firstError
        var steps = 0
        var improved = true
        while improved, steps < maximumShrinkSteps {
            improved = false
            for candidate in input.shrink(smallest) {
                if let candidateError = failure(of: property, on: candidate) {
                    smallest = candidate
                    error = candidateError
                    steps += 1
                    improved = true
                    break
                }
            }
        }
        throw PropertyFailure(
            name: name, seed: seed, caseIndex: index, count: count, message: "\(error)", original: describe(value),
            shrunk: describe(smallest), shrinkSteps: steps, shrunkFile: save?(smallest))
    }
    return count
}

private func failure<Value>(of property: (Value) throws -> Void, on value: Value) -> (any Error)? {
    do {
        try property(value)
        return nil
    } catch {
        return error
    }
}

/// Checks `invariants` on `count` generated scenarios; on failure the shrunk scenario is written
/// as a scenario file (in `directory`, default the temporary directory) that `gesture-trace`
/// replays, and the report names it.
///
/// - Returns: the number of scenarios run.
@discardableResult
public func checkScenarioProperty(
    _ name: String,
    seed: UInt64,
    count: Int,
    space: ScenarioSpace = ScenarioSpace(),
    invariants: [ScenarioInvariant] = ScenarioInvariant.all,
    directory: String? = nil
) throws(PropertyFailure) -> Int {
    try checkProperty(
        name, seed: seed, count: count, input: .scenarios(space),
        describe: { $0.jsonText() },
        save: { scenario in
            let folder = directory ?? FileManager.default.temporaryDirectory.path
            let slug = name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
            let path = folder + "/shrunk-\(String(slug))-\(String(seed, radix: 16)).json"
            var named = scenario
            named.name = "shrunk case of \"\(name)\" (seed 0x\(String(seed, radix: 16)))"
            do {
                try named.jsonText().write(toFile: path, atomically: true, encoding: .utf8)
                return path
            } catch {
                return nil
            }
        }
    ) { scenario in
        let observation = observe(scenario)
        var problems: [String] = []
        for invariant in invariants {
            problems += invariant.check(observation).map { "[\(invariant.name)] \($0)" }
        }
        if !problems.isEmpty { throw PropertyViolation(problems.joined(separator: "\n  ")) }
    }
}
