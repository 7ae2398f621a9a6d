import GestureArbiter

/// A ``Tracer`` that writes the scenario timeline log: one line per observable
/// outcome, `<t> <subject> <what>`, t in seconds with exactly three decimals.
///
/// It writes `touch N hit ID` lines from hit-test records, `gesture ID failed` lines from state
/// changes to failed, and `gesture ID <state>` lines from actions (`recognized` for a recognition
/// with no prior began). View and controller lines are added by the scenario's own responders
/// through ``append(subject:what:)``. With ``explains`` on, every trace record is also written as
/// a `# ...` comment line, just before the lines it explains.
public final class TimelineLog: Tracer {
    /// The lines so far, comments included when ``explains`` is on.
    public private(set) var lines: [String] = []
    /// Whether to add `#` comment lines with the engine's reasons.
    public let explains: Bool
    /// The clock whose time stamps each line.
    private let now: () -> Timestamp
    private var names: [ObjectIdentifier: String] = [:]
    /// Another tracer that receives every record after this log.
    public var observer: (any Tracer)?
    /// Whether lines are written (default true). `gesture-trace --bench` switches the log off
    /// while it times dispatch, so that the timing counts the engine, not the log's strings: an
    /// ``append(subject:what:)`` then does not even build its text.
    public var isRecording = true

    /// Creates a log stamped by `now`.
    public init(explains: Bool = false, now: @escaping () -> Timestamp) {
        self.explains = explains
        self.now = now
    }

    /// Registers the id a view or recognizer has in the scenario.
    public func name(_ object: AnyObject, _ id: String) {
        names[ObjectIdentifier(object)] = id
    }

    /// The log lines without comments.
    public var logLines: [String] { lines.filter { !$0.hasPrefix("#") } }

    /// Appends `<t> <subject> <what>` at the current time (nothing while not ``isRecording``;
    /// `what` is then not evaluated).
    public func append(subject: String, what: @autoclosure () -> String) {
        guard isRecording else { return }
        lines.append("\(now()) \(subject) \(what())")
    }

    /// Turns a trace record into log lines.
    public func record(_ record: TraceRecord) {
        guard isRecording else {
            observer?.record(record)
            return
        }
        if explains {
            switch record {
            case .passStarted: lines.append("# --- \(record)")
            default: lines.append("# \(record)")
            }
            if case let .stateChanged(recognizer, _, .failed, cause) = record, cause.isOwnDecision,
                let reason = ownFailureReason(of: recognizer)
            {
                lines.append("# \(id(of: recognizer)) failed because \(reason)")
            }
        }
        switch record {
        case let .hitTest(touch, view):
            append(subject: "touch", what: "\(touch.id) hit \(view.map(id(of:)) ?? "none")")
        case let .stateChanged(recognizer, _, to, _) where to == .failed:
            append(subject: "gesture", what: "\(id(of: recognizer)) failed")
        case let .actionSent(recognizer, state, isDiscrete):
            let what = isDiscrete && state == .ended ? "recognized" : state.description
            append(subject: "gesture", what: "\(id(of: recognizer)) \(what)")
        case let .scrolled(scrollView, offset):
            append(subject: "scroll", what: "\(id(of: scrollView)) offset \(Self.coordinate(offset.x)),\(Self.coordinate(offset.y))")
        default:
            break
        }
        observer?.record(record)
    }

    /// A coordinate of an `offset` line: exactly three decimals, rounded to the nearest
    /// thousandth (half away from zero), `-` for a negative value and never `-0.000`.
    static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let thousandths = (abs(value) * 1000).rounded(.toNearestOrAwayFromZero)
        guard thousandths < 1e15 else { return "\(value)" }
        let whole = Int64(thousandths)
        let sign = value < 0 && whole != 0 ? "-" : ""
        let fraction = String(whole % 1000)
        return "\(sign)\(whole / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// The registered id, else the object's own `name`, else `?`.
    private func id(of object: AnyObject) -> String {
        if let id = names[ObjectIdentifier(object)] { return id }
        if let view = object as? View, let name = view.name { return name }
        if let recognizer = object as? GestureRecognizer, let name = recognizer.name { return name }
        return "?"
    }
}

extension StateChangeCause {
    /// The recognizer decided it itself, in its touch handling or its timer.
    var isOwnDecision: Bool {
        switch self {
        case .recognizerLogic, .timer: return true
        default: return false
        }
    }
}
