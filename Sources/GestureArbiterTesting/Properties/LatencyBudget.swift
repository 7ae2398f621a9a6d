import GestureArbiter

/// A limit on how long arbitration may delay some actions or view deliveries of a scenario
/// (R122), for tests and properties.
///
/// A budget means something only over worlds where it should hold. Over the default generated
/// worlds a single tap may require anything to fail, a pan held still for seconds among them
/// (R54, R103), so no limit on ``singleTaps(within:)`` holds there; a tap that requires nothing
/// is never held and recognizes in the pass of its lift (R86), in every world:
///
/// ```swift
/// let budget = LatencyBudget.singleTapsRequiringNothing(within: .zero)
/// #expect(budget.overruns(in: latencyReport(of: scenario), of: scenario) == [])
/// try checkScenarioProperty("free single taps fire at the lift", seed: 0x5EED, count: 2_000, invariants: [.latency(budget)])
/// ```
///
/// ``singleTaps(within:)`` is for worlds you build, such as a single tap that waits for a double
/// tap (0.35 s, R88).
public struct LatencyBudget: Sendable {
    /// A short name for reports (`single taps`).
    public var name: String
    /// The longest delay allowed: a record's ``LatencyRecord/delay`` may equal it.
    public var limit: Duration
    /// Whether the budget covers a record of a run of the scenario.
    public var covers: @Sendable (LatencyRecord, Scenario) -> Bool

    /// A budget named `name` of `limit` for the records `covers` selects.
    public init(_ name: String, limit: Duration, covers: @escaping @Sendable (LatencyRecord, Scenario) -> Bool) {
        self.name = name
        self.limit = limit
        self.covers = covers
    }

    /// The recognitions of the scenario's single-tap recognizers (`tap` with `taps` 1, any
    /// number of fingers): the action a user waits for after lifting the finger (R86). What
    /// can delay it is a failure requirement (R54, R56); for a tap that requires a double tap,
    /// the double tap's 0.35 s wait after the lift (R88).
    public static func singleTaps(within limit: Duration) -> LatencyBudget {
        LatencyBudget("single taps", limit: limit) { record, scenario in
            guard case let .action(recognizer, .ended, true) = record.event else { return false }
            return scenario.gestures.contains { gesture in
                guard gesture.id == recognizer, case let .tap(taps, _) = gesture.kind else { return false }
                return taps == 1
            }
        }
    }

    /// The recognitions of the scenario's single taps (as ``singleTaps(within:)``) that require
    /// no recognizer to fail: no `requireToFail` and no delegate answer making them wait
    /// (`requireFailure` with the tap first, `requiredToFailBy` with the tap second). Such a tap
    /// is never held (R54), so it recognizes in the pass of its lift (R86): with a limit of
    /// `.zero` the budget holds in every world.
    public static func singleTapsRequiringNothing(within limit: Duration) -> LatencyBudget {
        let taps = singleTaps(within: limit)
        return LatencyBudget("single taps requiring nothing", limit: limit) { record, scenario in
            guard taps.covers(record, scenario), case let .action(id, _, _) = record.event else { return false }
            let requires = scenario.gestures.contains { $0.id == id && !$0.requireToFail.isEmpty }
                || scenario.delegate.requireFailure.contains { $0.first == id }
                || scenario.delegate.requiredToFailBy.contains { $0.last == id }
            return !requires
        }
    }

    /// One line per covered record whose delay is over ``limit``: the record
    /// (``LatencyRecord/description``) and the budget it broke. Empty when the budget holds.
    public func overruns(in report: LatencyReport, of scenario: Scenario) -> [String] {
        report.records.filter { $0.delay > limit && covers($0, scenario) }.map { record in
            "\(record) (over the \(Timestamp.zero + limit) s budget of \(name))"
        }
    }
}

/// Runs `scenario` with a ``LatencyTracer`` attached and returns its latency records (R122).
///
/// When the engine rejects an input entry, the report covers the entries played before it; a
/// world that cannot be built (a gesture type not in `registry`) gives an empty report.
///
/// - Parameters:
///   - registry: makes the gestures of types of your own (none by default).
///   - prepare: called with the built world before any input, as in ``observe(_:registry:prepare:)``.
public func latencyReport(
    of scenario: Scenario,
    registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry(),
    prepare: ((ScenarioSession) -> Void)? = nil
) -> LatencyReport {
    let tracer = LatencyTracer()
    guard let session = try? ScenarioSession(scenario, registry: registry, observer: tracer) else { return LatencyReport(records: []) }
    prepare?(session)
    for entry in scenario.input {
        do {
            try session.play(entry)
        } catch {
            break
        }
    }
    return tracer.report
}

extension ScenarioInvariant {
    /// The scenario keeps `budget`: no record it covers is delayed more than its limit (R122).
    /// Runs the scenario again with a ``LatencyTracer``, with the observation's registry and
    /// `prepare` hook. A rejected input is left to the other invariants.
    public static func latency(_ budget: LatencyBudget) -> ScenarioInvariant {
        ScenarioInvariant(name: "latency budget of \(budget.name)") { observation in
            let report = latencyReport(of: observation.scenario, registry: observation.registry, prepare: observation.prepare)
            return budget.overruns(in: report, of: observation.scenario)
        }
    }
}
