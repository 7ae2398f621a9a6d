/// How long arbitration delayed one action or one view delivery, and why (R122).
///
/// ``LatencyTracer`` and ``LatencyReport`` make one record for every action sent (R34) and every
/// touch callback a view receives (R15, R66, R67), zero delays included: a record whose
/// ``readyAt`` equals its ``deliveredAt`` has no ``causes``.
///
/// A record holds names and numbers, never the engine's objects: the recognizer's or view's
/// `name` (else its `description`) as it was when the event happened, and the touches' host ids.
/// Keep records as long as you like; they keep nothing alive and never read freed memory.
///
/// ``description`` reads, for example,
/// `S recognized at 0.450: ready at 0.100, waited 0.350 on D (require(toFail:))`.
public struct LatencyRecord: Hashable, Sendable, CustomStringConvertible {
    /// What happened: an action, or a delivery to a view.
    public enum Event: Hashable, Sendable, CustomStringConvertible {
        /// The recognizer named `recognizer` sent its actions with `state`; `isDiscrete` is true
        /// for a recognition without a prior began action (`recognized` in the log) (R34-R37).
        case action(recognizer: String, state: GestureRecognizer.State, isDiscrete: Bool)
        /// The view named `view` received `phase` for the touches with these host ids, in one
        /// callback (R15, R79).
        case delivery(view: String, phase: TouchPhase, touchIDs: [Int])

        /// `S recognized`, `P began`, or `view V began 1,2`: the subject and verb of the
        /// timeline log.
        public var description: String {
            switch self {
            case let .action(recognizer, state, isDiscrete):
                return "\(recognizer) \(isDiscrete && state == .ended ? "recognized" : state.description)"
            case let .delivery(view, phase, touchIDs):
                let ids = touchIDs.isEmpty ? "no touch" : touchIDs.map(String.init).joined(separator: ",")
                return "view \(view) \(phase) \(ids)"
            }
        }
    }

    /// What happened.
    public var event: Event
    /// When it would have happened had arbitration made nothing wait: the pass in which the
    /// recognizer reached the state it sends (it was then held, R54), or the time of the touch
    /// phase a view receives (the phase was withheld, R61-R64, R116). Equal to ``deliveredAt``
    /// when nothing waited.
    public var readyAt: Timestamp
    /// When it happened: the time of the pass that sent the action or made the callback (R35,
    /// R66).
    public var deliveredAt: Timestamp
    /// What made it wait, each with the span it waited; empty when ``delay`` is zero.
    public var causes: [LatencyCause]

    /// Makes a record.
    public init(event: Event, readyAt: Timestamp, deliveredAt: Timestamp, causes: [LatencyCause]) {
        self.event = event
        self.readyAt = readyAt
        self.deliveredAt = deliveredAt
        self.causes = causes
    }

    /// How long it waited: ``deliveredAt`` minus ``readyAt``, never negative.
    public var delay: Duration { deliveredAt > readyAt ? deliveredAt - readyAt : .zero }

    /// One line: `S recognized at 0.450: ready at 0.100, waited 0.350 on D (require(toFail:))`,
    /// `view V began 1 at 0.150: ready at 0.000, withheld 0.150 by C (content touch delay)`, or
    /// `view V ended 1 at 0.080: no delay`. Several causes are joined by `; `; a cause's own
    /// causes follow it after `, ` naming their subject (`..., S waited 0.350 on D (...)`).
    public var description: String {
        let head = "\(event) at \(deliveredAt): "
        guard delay > .zero else { return head + "no delay" }
        var text = head + "ready at \(readyAt)"
        if !causes.isEmpty { text += ", " + causes.map { $0.phrase(subject: nil) }.joined(separator: "; ") }
        return text
    }
}

/// One reason an action or delivery waited: a recognizer it waited on, or a recognizer that
/// withheld a touch phase, over a span of virtual time, with what kept that recognizer busy
/// (R54, R61-R64, R116).
///
/// Like ``LatencyRecord``, it holds names, not objects.
public struct LatencyCause: Hashable, Sendable, CustomStringConvertible {
    /// Why the recognizer made the event wait.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The waiting recognizer requires this one to fail, by `require(toFail:)` (R51, R54,
        /// R56).
        case failureRequirement
        /// The waiting recognizer requires this one to fail for this attempt, set up by the
        /// given method (R53, R54, R56).
        case dynamicFailureRequirement(RequirementSource)
        /// The recognizer withheld the touch's began (and so its later phases) with
        /// `delaysTouchesBegan` while possible or held (R61).
        case delaysTouchesBegan
        /// The recognizer is a ``DelayedTouchesBeganGestureRecognizer``: its content-touch delay
        /// withheld the began (R113, R116).
        case contentTouchDelay
        /// The recognizer withheld the began of a new touch because it was withholding another
        /// phase, so that the view sees touches in order (R63).
        case touchOrder
        /// The recognizer withheld the touch's end with `delaysTouchesEnded` while possible or
        /// held (R62).
        case delaysTouchesEnded

        /// `require(toFail:)`, `shouldRequireFailure(of:)` (and the other sources),
        /// `delaysTouchesBegan`, `content touch delay`, `touch order`, `delaysTouchesEnded`.
        public var description: String {
            switch self {
            case .failureRequirement: return "require(toFail:)"
            case let .dynamicFailureRequirement(source): return source.rawValue
            case .delaysTouchesBegan: return "delaysTouchesBegan"
            case .contentTouchDelay: return "content touch delay"
            case .touchOrder: return "touch order"
            case .delaysTouchesEnded: return "delaysTouchesEnded"
            }
        }

        /// Whether the event waited on the recognizer's failure (rather than on a withheld phase).
        public var isFailureRequirement: Bool {
            switch self {
            case .failureRequirement, .dynamicFailureRequirement: return true
            default: return false
            }
        }
    }

    /// The recognizer's name (its `name`, else its `description`).
    public var recognizer: String
    /// Why it made the event wait.
    public var reason: Reason
    /// When the wait on it began.
    public var start: Timestamp
    /// When the wait on it ended: the recognizer failed or stopped tracking (a requirement,
    /// R52, R56), or it released the phase (R65).
    public var end: Timestamp
    /// What kept this recognizer from finishing earlier, when it was itself held by failure
    /// requirements during the span (R54): the chain of causes. Empty otherwise.
    public var causes: [LatencyCause]

    /// Makes a cause.
    public init(recognizer: String, reason: Reason, start: Timestamp, end: Timestamp, causes: [LatencyCause]) {
        self.recognizer = recognizer
        self.reason = reason
        self.start = start
        self.end = end
        self.causes = causes
    }

    /// ``end`` minus ``start``, never negative.
    public var duration: Duration { end > start ? end - start : .zero }

    /// `waited 0.350 on D (require(toFail:))` or `withheld 0.150 by C (delaysTouchesBegan)`,
    /// followed by its own causes (`, C waited 0.300 on D (require(toFail:))`).
    public var description: String { phrase(subject: nil) }

    /// The phrase, with `subject` (the recognizer this cause belongs to) named in front when
    /// it is one of another cause's causes.
    func phrase(subject: String?) -> String {
        let seconds = Timestamp(nanoseconds: 0) + duration
        let verb = reason.isFailureRequirement ? "waited \(seconds) on" : "withheld \(seconds) by"
        var text = (subject.map { "\($0) " } ?? "") + "\(verb) \(recognizer) (\(reason))"
        for cause in causes { text += ", " + cause.phrase(subject: recognizer) }
        return text
    }
}

/// The latency records of a run, in the order the events happened (R122).
///
/// Make one from trace records, for example those a ``RecordingTracer`` kept, or take
/// ``LatencyTracer/report`` from a tracer attached while the engine ran.
public struct LatencyReport: Sendable, CustomStringConvertible {
    /// One record per action sent and per view delivery, oldest first.
    public var records: [LatencyRecord]

    /// A report of `records`.
    public init(records: [LatencyRecord]) {
        self.records = records
    }

    /// Computes the records from trace records, in the order the engine made them (every
    /// record of a run, from its first `passStarted`): the same as a ``LatencyTracer`` that
    /// received them.
    ///
    /// Times come from the `passStarted` records. The one fact records do not carry, when a
    /// touch ended whose end reached its view late behind a withheld began (R61, R66), is read
    /// from that touch's `timestamp` now; a touch that has ended keeps that time for as long as
    /// a record refers to it (the environment reuses no touch object something else refers to).
    public init(_ traceRecords: some Sequence<TraceRecord>) {
        let tracer = LatencyTracer()
        for record in traceRecords { tracer.record(record) }
        self.records = tracer.records
    }

    /// The longest delay among the records, or zero when there is none.
    public var longestDelay: Duration { records.map(\.delay).max() ?? .zero }

    /// One line per record (``LatencyRecord/description``), each ending in a newline.
    public var description: String { records.map { "\($0)\n" }.joined() }
}
