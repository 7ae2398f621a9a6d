import GestureArbiter

/// What a scenario run showed, for invariants to judge.
public struct ScenarioObservation: Sendable {
    /// The scenario that ran.
    public var scenario: Scenario
    /// Its timeline log.
    public var log: [String]
    /// Every trace record, in words, in order.
    public var trace: [String]
    /// Whether the environment was idle at the end.
    public var endedIdle: Bool
    /// What kept it busy, when it was not.
    public var busyReasons: [String]
    /// The engine rejected an input entry (a generated scenario is always valid, so this is a
    /// finding in itself).
    public var rejection: String?
    /// Problems found while the scenario ran, by invariant name.
    public var findings: [String: [String]]
    /// The registry the scenario ran with, so that a re-run (``ScenarioInvariant/deterministic``)
    /// makes the same recognizers of your own.
    public var registry: ScenarioRecognizerRegistry
    /// The `prepare` hook the scenario ran with, so that a re-run attaches the same things.
    public var prepare: (@Sendable (ScenarioSession) -> Void)?
}

/// A rule every run must obey, as a value you can combine with your own.
///
/// ```swift
/// let mine = ScenarioInvariant(name: "the card never sees a cancel") { observation in
///     observation.log.filter { $0.contains("view card cancelled") }
/// }
/// try checkScenarioProperty("cards", seed: 0x5EED, count: 500, invariants: ScenarioInvariant.all + [mine])
/// ```
public struct ScenarioInvariant: Sendable {
    /// A short name, used in failure reports.
    public let name: String
    /// The problems this run shows; empty when the invariant holds.
    public let check: @Sendable (ScenarioObservation) -> [String]

    /// Creates an invariant.
    public init(name: String, check: @escaping @Sendable (ScenarioObservation) -> [String]) {
        self.name = name
        self.check = check
    }

    private static func findings(_ name: String) -> ScenarioInvariant {
        ScenarioInvariant(name: name) { observation in
            (observation.rejection.map { ["input rejected: \($0)"] } ?? []) + (observation.findings[name] ?? [])
        }
    }

    /// R73: every touch a view saw begin gets exactly one ended or cancelled, and nothing after.
    public static let everyBeganTouchEndsOnce = findings("every began touch ends once")
    /// R61-R67: a view never gets a callback for a touch whose began it did not get.
    public static let noCallbackWithoutBegan = findings("no callback without began")
    /// R31, R32, R34, R37: transitions are legal; actions go began, changed*, ended|cancelled, or
    /// one recognized; none for possible or failed.
    public static let legalTransitions = findings("legal transitions")
    /// R43-R48: two recognizers of related views sharing a touch never both publish unless
    /// simultaneity or a prevention override allows it.
    public static let exclusivity = findings("exclusivity")
    /// R51-R56: a recognizer never publishes while one it requires to fail is undecided, nor
    /// after one it requires has begun or recognized.
    public static let failureRequirements = findings("failure requirements")
    /// R39, R70: after all touches end and the clock runs idle, every recognizer is possible
    /// again, no timer is pending and nothing is withheld. A hover recognizer that began or
    /// changed stays so while the pointer is still in the window at the end (the input ends with
    /// no hover `exited`), which is no fault: it ends only when the pointer leaves (R267, R268).
    public static let idleAfterwards = ScenarioInvariant(name: "idle afterwards") { observation in
        guard !observation.endedIdle else { return [] }
        let hovering = Set(HoverLog.stillHovering(observation.scenario).flatMap { ["\($0) is began", "\($0) is changed"] })
        let reasons = observation.busyReasons.filter { !hovering.contains($0) }
        return reasons.isEmpty ? [] : ["not idle at the end: \(reasons)"]
    }
    /// R118: the same input gives the same log and trace twice. The second run uses the first's
    /// registry and `prepare` hook, so it builds the same world, your recognizers included.
    public static let deterministic = ScenarioInvariant(name: "deterministic") { observation in
        let again = observe(observation.scenario, registry: observation.registry, prepare: observation.prepare)
        var problems: [String] = []
        if again.log != observation.log { problems.append("a second run logged differently") }
        if again.trace != observation.trace { problems.append("a second run traced differently") }
        return problems
    }

    /// All the ready invariants.
    public static let all: [ScenarioInvariant] = [
        everyBeganTouchEndsOnce, noCallbackWithoutBegan, legalTransitions, exclusivity, failureRequirements,
        idleAfterwards, deterministic, controlTouchDownEndsOnce, buttonPrimaryActionAfterTouchUpInside,
        scrollTakesNoContentTouch, hoverNeverFailsAndEndsAtExit, translatedContentLogsTheSame,
    ]

    /// What `invariants` find wrong with `observation`, each problem prefixed with the
    /// invariant's name in brackets (`[exclusivity] ...`); empty when they all hold.
    ///
    /// ```swift
    /// let observation = observe(scenario, registry: registry)
    /// #expect(ScenarioInvariant.problems(in: observation) == [])
    /// ```
    public static func problems(in observation: ScenarioObservation, checking invariants: [ScenarioInvariant] = all) -> [String] {
        invariants.flatMap { invariant in invariant.check(observation).map { "[\(invariant.name)] \($0)" } }
    }
}

/// Runs `scenario` and gathers what the invariants need.
///
/// A gesture the world cannot be built with (a type not in `registry`, settings its factory
/// rejects) is reported like rejected input: in ``ScenarioObservation/rejection`` and by every
/// invariant but ``ScenarioInvariant/deterministic``.
///
/// - Parameters:
///   - registry: makes the gestures of types of your own (none by default).
///   - prepare: called with the built world before any input, to attach your own actions,
///     delegates or recognizers (for example ones that call back into the engine, R119). It runs
///     once per run, and again when ``ScenarioInvariant/deterministic`` re-runs the scenario, so
///     keep any state it needs inside it.
public func observe(
    _ scenario: Scenario,
    registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry(),
    prepare: (@Sendable (ScenarioSession) -> Void)? = nil
) -> ScenarioObservation {
    let observer = InvariantObserver(scenario: scenario)
    var observation = ScenarioObservation(
        scenario: scenario, log: [], trace: [], endedIdle: false, busyReasons: [], rejection: nil, findings: [:],
        registry: registry, prepare: prepare)
    let session: ScenarioSession
    do {
        session = try ScenarioSession(scenario, registry: registry, observer: observer)
    } catch {
        observation.rejection = "\(error)"
        observation.busyReasons = ["the scenario's world could not be built: \(error)"]
        return observation
    }
    prepare?(session)
    for (index, entry) in scenario.input.enumerated() {
        do {
            try session.play(entry)
        } catch {
            observation.rejection = "input[\(index)]: rejected by the engine: \(error)"
            break
        }
    }
    observation.log = session.log.logLines
    observation.endedIdle = session.environment.isIdle
    observation.busyReasons = session.environment.busyReasons
    observer.finish()
    observation.trace = observer.trace
    observation.findings = observer.findings
    return observation
}

/// Watches the trace as the scenario runs and notes broken rules.
final class InvariantObserver: Tracer {
    let scenario: Scenario
    var trace: [String] = []
    var findings: [String: [String]] = [:]
    private var time = Timestamp.zero

    // Touches: a key per touch (touch objects are reused, ids too).
    private var touchKeys: [ObjectIdentifier: Int] = [:]
    private var nextKey = 0
    private var viewPhases: [Int: [TouchPhase]] = [:]
    private var keyLabels: [Int: String] = [:]

    // Recognizers, by scenario id.
    private struct Attempt {
        var state = GestureRecognizer.State.possible
        var touches: Set<Int> = []
        var actions: [GestureRecognizer.State] = []
        var published = false
        var running = false
    }
    private var attempts: [String: Attempt] = [:]
    private var publishedThisPass: [String] = []
    /// The recognizers bound to touches, by scenario id, to ask a custom type's class-wide
    /// rules (R50).
    private var recognizers: [String: GestureRecognizer] = [:]

    init(scenario: Scenario) {
        self.scenario = scenario
    }

    private func note(_ invariant: String, _ problem: String) {
        findings[invariant, default: []].append("\(time) \(problem)")
    }

    private func key(_ touch: Touch) -> Int { touchKeys[ObjectIdentifier(touch)] ?? -1 }

    func record(_ record: TraceRecord) {
        trace.append(record.description)
        switch record {
        case let .passStarted(_, at):
            time = at
            publishedThisPass.removeAll()
        case let .hitTest(touch, _):
            nextKey += 1
            touchKeys[ObjectIdentifier(touch)] = nextKey
            keyLabels[nextKey] = "touch \(touch.id) (began \(touch.timestamp))"
        case let .delivered(_, phase, touches, _):
            for touch in touches { delivered(phase, key(touch)) }
        case let .touchBound(touch, recognizer):
            let id = recognizer.name ?? "?"
            attempts[id, default: Attempt()].touches.insert(key(touch))
            recognizers[id] = recognizer
        case let .stateChanged(recognizer, from, to, _):
            let id = recognizer.name ?? "?"
            checkTransition(id, from, to)
            attempts[id, default: Attempt()].state = to
        case let .actionSent(recognizer, state, isDiscrete):
            sent(recognizer.name ?? "?", state, isDiscrete: isDiscrete)
        case let .reset(recognizer):
            attempts[recognizer.name ?? "?"] = Attempt()
        default:
            break
        }
    }

    func finish() {
        for (key, phases) in viewPhases.sorted(by: { $0.key < $1.key }) where phases.first == .began {
            let ends = phases.filter { $0 == .ended || $0 == .cancelled }.count
            if ends != 1 { note("every began touch ends once", "\(keyLabels[key] ?? "?"): the view got \(phases) (\(ends) ends)") }
        }
    }

    private func delivered(_ phase: TouchPhase, _ key: Int) {
        var phases = viewPhases[key, default: []]
        let label = keyLabels[key] ?? "touch ?"
        if phase == .began {
            if !phases.isEmpty { note("every began touch ends once", "\(label): began after \(phases)") }
        } else if phases.first != .began {
            note("no callback without began", "\(label): \(phase) without a began")
        } else if phases.contains(where: { $0 == .ended || $0 == .cancelled }) {
            note("every began touch ends once", "\(label): \(phase) after its end (\(phases))")
        }
        phases.append(phase)
        viewPhases[key] = phases
    }

    private func checkTransition(_ id: String, _ from: GestureRecognizer.State, _ to: GestureRecognizer.State) {
        let attempt = attempts[id] ?? Attempt()
        let legal: Bool
        switch (from, to) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): legal = true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): legal = true
        case (.began, .failed), (.ended, .failed): legal = !attempt.published
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): legal = attempt.published
        default: legal = false
        }
        if !legal { note("legal transitions", "\(id) went \(from) -> \(to)\(attempt.published ? " after publishing" : "")") }
        if from != attempt.state, !(from == .changed && attempt.state == .began) {
            note("legal transitions", "\(id) left \(from) but was \(attempt.state)")
        }
    }

    private func sent(_ id: String, _ state: GestureRecognizer.State, isDiscrete: Bool) {
        var attempt = attempts[id] ?? Attempt()
        let previous = attempt.actions
        switch state {
        case .began:
            if !previous.isEmpty { note("legal transitions", "\(id) sent began after \(previous)") }
        case .changed:
            if previous.first != .began || previous.contains(.ended) || previous.contains(.cancelled) {
                note("legal transitions", "\(id) sent changed after \(previous)")
            }
        case .ended, .cancelled:
            let discreteOK = isDiscrete && previous.isEmpty && state == .ended
            if !discreteOK, previous.first != .began || previous.contains(.ended) || previous.contains(.cancelled) {
                note("legal transitions", "\(id) sent \(state) after \(previous)")
            }
        case .possible, .failed:
            note("legal transitions", "\(id) sent an action for \(state)")
        }
        let firstPublish = !attempt.published && (state == .began || state == .ended)
        attempt.actions.append(state)
        if firstPublish {
            checkRequirements(id)
            checkExclusivity(id)
            attempt.published = true
            publishedThisPass.append(id)
        }
        attempt.running = state == .began || state == .changed
        attempts[id] = attempt
    }

    // MARK: Failure requirements (R51-R56)

    private func requirements(of id: String) -> [String] {
        var result = scenario.gestures.first { $0.id == id }?.requireToFail ?? []
        result += scenario.delegate.requireFailure.filter { $0[0] == id }.map { $0[1] }
        result += scenario.delegate.requiredToFailBy.filter { $0[1] == id }.map { $0[0] }
        return result
    }

    private func checkRequirements(_ id: String) {
        for required in requirements(of: id) where required != id {
            guard let other = attempts[required], !other.touches.isEmpty else { continue }
            switch other.state {
            case .possible, .began, .changed:
                if !other.published { note("failure requirements", "\(id) published while \(required), which it requires to fail, was \(other.state)") }
                else { note("failure requirements", "\(id) published after \(required), which it requires to fail, began") }
            case .ended:
                if other.published { note("failure requirements", "\(id) published after \(required), which it requires to fail, recognized") }
            case .cancelled, .failed:
                break
            }
        }
    }

    // MARK: Exclusion (R43-R48)

    private func isCustom(_ gesture: String) -> Bool {
        if case .custom? = scenario.gestures.first(where: { $0.id == gesture })?.kind { return true }
        return false
    }

    private func viewID(of gesture: String) -> String? { scenario.gestures.first { $0.id == gesture }?.view }

    private func related(_ first: String, _ second: String) -> Bool {
        guard let a = viewID(of: first), let b = viewID(of: second) else { return false }
        return scenario.ancestry(of: a).contains(b) || scenario.ancestry(of: b).contains(a)
    }

    private func simultaneous(_ first: String, _ second: String) -> Bool {
        scenario.delegate.simultaneous.contains([first, second]) || scenario.delegate.simultaneous.contains([second, first])
    }

    /// Whether `preventer` may exclude `prevented` by the class rules (R83, R153; R50 for a custom
    /// type, whose own `canPrevent(_:)` and `canBePrevented(by:)` are asked) and requirements (R44.5).
    private func mayExclude(_ preventer: String, _ prevented: String) -> Bool {
        if requirements(of: preventer).contains(prevented) { return false }
        if isCustom(preventer) || isCustom(prevented), let a = recognizers[preventer], let b = recognizers[prevented] {
            return a.canPrevent(b) && b.canBePrevented(by: a)
        }
        let kinds = (scenario.gestures.first { $0.id == preventer }?.kind, scenario.gestures.first { $0.id == prevented }?.kind)
        if case let (.tap(taps, touches)?, .tap(otherTaps, otherTouches)?) = kinds, touches == otherTouches, otherTaps > taps {
            return false
        }
        // R153: the long-press mirror of R83.
        if case let (.longPress(_, _, taps, touches)?, .longPress(_, _, otherTaps, otherTouches)?) = kinds, touches == otherTouches,
            otherTaps > taps
        {
            return false
        }
        return true
    }

    private func checkExclusivity(_ id: String) {
        guard let mine = attempts[id] else { return }
        for (other, attempt) in attempts.sorted(by: { $0.key < $1.key }) where other != id {
            let sameTime = publishedThisPass.contains(other)
            guard sameTime || attempt.running, !attempt.touches.isDisjoint(with: mine.touches), related(id, other),
                !simultaneous(id, other)
            else { continue }
            // A recognizer published earlier (and still running) should have excluded this one;
            // one published in this same pass could have gone either way.
            let violated = sameTime ? (mayExclude(other, id) || mayExclude(id, other)) : mayExclude(other, id)
            if violated { note("exclusivity", "\(id) and \(other) both published while sharing a touch") }
        }
    }
}
