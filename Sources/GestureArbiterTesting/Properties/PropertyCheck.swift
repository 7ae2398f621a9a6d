import Foundation

/// A property that failed: the seed and case to replay it, the original and shrunk inputs, and
/// how many shrink steps it took.
///
/// A run that could not start (a negative count, or a ``PropertyEnvironment`` variable that is
/// set but is not a number) is a failure too, with `caseIndex` -1 and the reason in `message`.
public struct PropertyFailure: Error, CustomStringConvertible, Sendable {
    /// The property's name.
    public var name: String
    /// The run's seed (``PropertyEnvironment/seedVariable`` when it was set).
    public var seed: UInt64
    /// The failing case's index in the run (its own seed is `SeededGenerator.caseSeed(seed, index:)`),
    /// or -1 when the run could not start.
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
    /// The test that ran the property (the caller's function, `#function`), for the
    /// reproduction line's `--filter`; nil to leave the filter out.
    public var testName: String?
    /// How to replay the shrunk case, when the written file alone is not enough for
    /// `gesture-trace` (it names recognizer types of your own, or the run had a `prepare` hook).
    public var replay: String?

    /// The command that runs this property again up to the failing case:
    /// `GESTURE_ARBITER_SEED=0x... GESTURE_ARBITER_COUNT=n swift test --filter test`. The kit
    /// reads both variables itself (``PropertyEnvironment``), so it holds in any package.
    public var reproduction: String {
        var line = "\(PropertyEnvironment.seedVariable)=0x\(String(seed, radix: 16, uppercase: true)) "
        line += "\(PropertyEnvironment.countVariable)=\(caseIndex + 1) swift test"
        if let testName, !testName.isEmpty { line += " --filter \(testName)" }
        return line
    }

    /// The report: seed, case, reproduction, shrunk and original inputs.
    public var description: String {
        guard caseIndex >= 0 else { return "Property \"\(name)\" did not run: \(message)" }
        var text = "Property \"\(name)\" failed on case \(caseIndex) of \(count), seed 0x\(String(seed, radix: 16, uppercase: true))\n"
        text += "  reproduce: \(reproduction)\n"
        if let replay {
            text += "  replay the shrunk case:\n\(indent(replay))\n"
        } else if let shrunkFile {
            text += "  replay the shrunk case: swift run gesture-trace \(shrunkFile) --explain\n"
        }
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

/// The environment variables every property run reads, so that a failure's reproduction line
/// works in any package: `GESTURE_ARBITER_SEED` replaces the seed a test passes,
/// `GESTURE_ARBITER_COUNT` the number of cases.
///
/// ```sh
/// GESTURE_ARBITER_SEED=0x5EED0001 GESTURE_ARBITER_COUNT=100000 swift test -c release --filter MyPropertyTests
/// ```
public enum PropertyEnvironment {
    /// `GESTURE_ARBITER_SEED`: a seed, decimal or `0x` hexadecimal, for every property of the run.
    public static let seedVariable = "GESTURE_ARBITER_SEED"
    /// `GESTURE_ARBITER_COUNT`: a non-negative number of cases for every property of the run.
    public static let countVariable = "GESTURE_ARBITER_COUNT"

    /// The seed and count a run uses: the variables' values when set, else `seed` and `count`.
    ///
    /// - Parameter environment: the variables (the process's by default).
    /// - Throws: ``PropertyFailure`` (case -1, with an empty name) when a variable is set but is
    ///   not a number of its kind, or the count is negative.
    public static func resolve(
        seed: UInt64,
        count: Int,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(PropertyFailure) -> (seed: UInt64, count: Int) {
        func failure(_ message: String) -> PropertyFailure {
            PropertyFailure(
                name: "", seed: seed, caseIndex: -1, count: 0, message: message, original: "", shrunk: "", shrinkSteps: 0)
        }
        var result = (seed: seed, count: count)
        if let text = environment[seedVariable] {
            let hex = text.lowercased().hasPrefix("0x")
            let digits = hex ? String(text.dropFirst(2)).replacingOccurrences(of: "_", with: "") : text
            guard let value = UInt64(digits, radix: hex ? 16 : 10) else {
                throw failure("\(seedVariable)=\"\(text)\" is not a seed (a decimal or 0x-hexadecimal 64-bit number)")
            }
            result.seed = value
        }
        if let text = environment[countVariable] {
            guard let value = Int(text), value >= 0 else {
                throw failure("\(countVariable)=\"\(text)\" is not a number of cases (a whole number, 0 or more)")
            }
            result.count = value
        }
        guard result.count >= 0 else { throw failure("the count \(result.count) is negative") }
        return result
    }
}

/// Runs `property` on `count` inputs made by `input` from `seed`; on the first failure, shrinks
/// the input while the property keeps failing and throws a ``PropertyFailure`` with the seed, the
/// case, the original and the shrunk input.
///
/// The property fails by throwing (any error). Each case has its own seed derived from `seed`
/// and its index, so a case replays on its own. `GESTURE_ARBITER_SEED` and
/// `GESTURE_ARBITER_COUNT`, when set, replace `seed` and `count` (``PropertyEnvironment``), so
/// the reproduction line of the report holds in your package too.
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
///   - environment: the variables to read (the process's by default).
///   - testName: the test that runs the property, for the reproduction line's `--filter` (the
///     caller's function by default).
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
    environment: [String: String] = ProcessInfo.processInfo.environment,
    testName: String = #function,
    property: (Value) throws -> Void
) throws(PropertyFailure) -> Int {
    let run: (seed: UInt64, count: Int)
    do {
        run = try PropertyEnvironment.resolve(seed: seed, count: count, environment: environment)
    } catch var failure {
        failure.name = name
        throw failure
    }
    for index in 0..<run.count {
        var random = SeededGenerator(seed: SeededGenerator.caseSeed(run.seed, index: index))
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
        var failure = PropertyFailure(
            name: name, seed: run.seed, caseIndex: index, count: run.count, message: "\(error)", original: describe(value),
            shrunk: describe(smallest), shrinkSteps: steps, shrunkFile: save?(smallest))
        failure.testName = testName.split(separator: "(", maxSplits: 1).first.map(String.init)
        throw failure
    }
    return run.count
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
/// as a scenario file (in `directory`, default the temporary directory) and the report names it.
///
/// Every case, shrink candidates included, runs with `registry` and `prepare`, and
/// ``ScenarioInvariant/deterministic`` re-runs it with both. A shrunk case with gestures of your
/// own types names them by their registered type, so the file parses back with the same
/// registry; the report then says how to replay it with the library (`gesture-trace` knows only
/// the format's own types), and reminds you of `prepare` when there is one (a file cannot hold it).
///
/// ```swift
/// var space = ScenarioSpace()
/// space.customGestures = [Scenario.CustomGesture(type: "myapp.longPress")]
/// try checkScenarioProperty("long press", seed: 0x10C, count: 1_000, space: space, registry: registry)
/// ```
///
/// - Parameters:
///   - registry: makes the gestures of your own types, in generated cases (``ScenarioSpace/customGestures``) and re-runs.
///   - environment: the variables to read (the process's by default; ``PropertyEnvironment``).
///   - testName: the test, for the reproduction line (the caller's function by default).
///   - prepare: called with each built world before any input (see ``observe(_:registry:prepare:)``).
/// - Returns: the number of scenarios run.
@discardableResult
public func checkScenarioProperty(
    _ name: String,
    seed: UInt64,
    count: Int,
    space: ScenarioSpace = ScenarioSpace(),
    invariants: [ScenarioInvariant] = ScenarioInvariant.all,
    registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry(),
    directory: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    testName: String = #function,
    prepare: (@Sendable (ScenarioSession) -> Void)? = nil
) throws(PropertyFailure) -> Int {
    for gesture in space.customGestures where !registry.contains(gesture.type) {
        let error = registry.unknownType(gesture.type, at: "space.customGestures")
        throw PropertyFailure(
            name: name, seed: seed, caseIndex: -1, count: 0, message: "\(error)", original: "", shrunk: "", shrinkSteps: 0)
    }
    var shrunkScenario: Scenario?
    do {
        return try checkProperty(
            name, seed: seed, count: count, input: .scenarios(space),
            describe: { $0.jsonText() },
            save: { scenario in
                shrunkScenario = scenario
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
            },
            environment: environment, testName: testName
        ) { scenario in
            let problems = ScenarioInvariant.problems(in: observe(scenario, registry: registry, prepare: prepare), checking: invariants)
            if !problems.isEmpty { throw PropertyViolation(problems.joined(separator: "\n  ")) }
        }
    } catch var failure {
        if let file = failure.shrunkFile, let shrunkScenario {
            failure.replay = replayInstructions(file: file, shrunk: shrunkScenario, hasPrepare: prepare != nil)
        }
        throw failure
    }
}

/// How to replay a written shrunk case when `gesture-trace` alone cannot: with the registry
/// (types of your own) and the same `prepare`.
private func replayInstructions(file: String, shrunk: Scenario, hasPrepare: Bool) -> String? {
    let usesRegistry = shrunk.gestures.contains { if case .custom = $0.kind { return true } else { return false } }
    guard usesRegistry || hasPrepare else { return nil }
    let registryArgument = usesRegistry ? ", registry: registry" : ""
    let prepareArgument = hasPrepare ? ", prepare: prepare" : ""
    var text: String
    if usesRegistry {
        text = "(it names types of your own, which gesture-trace does not know: replay it in a test, with the same registry"
        text += hasPrepare ? " and prepare)" : ")"
    } else {
        text = "(the run had a prepare hook, which the file cannot hold: replay it in a test, with the same prepare)"
    }
    text += "\nlet scenario = try ScenarioParser.parse(contentsOf: \"\(file)\"\(registryArgument))"
    text += "\nprint(try ScenarioRunner.run(scenario\(registryArgument), explain: true\(prepareArgument))"
    text += ".explained.joined(separator: \"\\n\"))"
    text += "\n#expect(ScenarioInvariant.problems(in: observe(scenario\(registryArgument)\(prepareArgument))) == [])"
    return text
}
