/// A tracer that measures how long arbitration delayed each action and each view delivery, and
/// why (R122), then hands every record on to ``next``.
///
/// Attach it as the environment's ``GestureEnvironment/tracer`` (keep your own tracer as
/// ``next``); ``records`` grows by one ``LatencyRecord`` per action sent and per touch callback
/// a view receives. The accounting follows the rules:
///
/// - An action of a recognizer that was held by failure requirements (R54) was ready when the
///   recognizer reached the state it sends, and waited on each recognizer it required until
///   that one stopped being active (R52, R55, R56). When a recognizer it waited on was itself
///   held meanwhile, that wait is chained under it.
/// - A delayed delivery (a released began with its catch-up, or a released end, R66) was ready
///   when the touch phase happened: the touch's began, or its end. Each recognizer that withheld
///   it (R61-R64, R116) is a cause for as long as it held the phase (until it failed, was
///   cancelled, published or was reset, R65), with its own waits chained under it.
/// - A catch-up `moved` sums up moves the engine reports no time for (R66): it counts from the
///   touch's began, an upper bound of the wait.
/// - Everything else, the usual case, has no delay and no cause.
///
/// It reads each record's objects only while handling the record and keeps only names,
/// numbers and `ObjectIdentifier`s it never turns back into objects: it keeps no view,
/// recognizer or touch alive, and a touch object the environment reuses later starts afresh.
/// It remembers a little for each recognizer it has seen, and for each touch until its last
/// phase reaches its view or is discarded.
///
/// Costs nothing while not attached; attached, it allocates as any tracer does.
public final class LatencyTracer: Tracer {
    /// The records so far, oldest first.
    public private(set) var records: [LatencyRecord] = []
    /// A tracer that receives every record after this one (for example a ``RecordingTracer`` or
    /// a log), or nil.
    public var next: (any Tracer)?

    /// The time of the pass running now (from its `passStarted` record).
    private var now = Timestamp.zero
    /// Counts passes, so that "in this pass" is exact even for several passes at one time (R119).
    private var pass = 0
    private var recognizers: [ObjectIdentifier: RecognizerHistory] = [:]
    private var touches: [ObjectIdentifier: TouchHistory] = [:]

    /// Creates a tracer with no records that forwards every record to `next`.
    public init(next: (any Tracer)? = nil) {
        self.next = next
    }

    /// The records so far as a report.
    public var report: LatencyReport { LatencyReport(records: records) }

    /// Forgets every latency record (what it knows of running passes stays).
    public func removeAll() {
        records.removeAll()
    }

    /// Accounts for `record`, then forwards it to ``next``.
    public func record(_ record: TraceRecord) {
        account(record)
        next?.record(record)
    }

    // MARK: - Accounting

    private func account(_ record: TraceRecord) {
        switch record {
        case let .passStarted(_, time):
            now = time
            pass += 1
        case let .hitTest(touch, view):
            let key = ObjectIdentifier(touch)
            if view == nil { touches[key] = nil } else { touches[key] = TouchHistory(beganAt: now) }
        case let .viewDeliverySuppressed(touch, _):
            touches[ObjectIdentifier(touch)] = nil
        case let .dynamicRequirement(recognizer, other, source):
            history(of: recognizer).dynamicSources.append((ObjectIdentifier(other), source))
        case let .stateChanged(recognizer, _, to, _):
            stateChanged(recognizer, to: to)
        case let .held(recognizer, waitingFor):
            held(recognizer, waitingFor: waitingFor)
        case let .releasedByRequirements(recognizer):
            let key = ObjectIdentifier(recognizer)
            recognizers[key]?.closeEpisode(at: now, releasedInPass: pass)
        case let .actionSent(recognizer, state, isDiscrete):
            actionSent(recognizer, state: state, isDiscrete: isDiscrete)
        case let .withheld(touch, phase, by):
            withheld(touch, phase: phase, by: by)
        case let .delivered(view, phase, delivered, delayed):
            self.delivered(view: view, phase: phase, touches: delivered, delayed: delayed)
        case let .cancelledInView(_, _, discarded), let .viewRemoved(_, _, discarded):
            for touch in discarded { touches[ObjectIdentifier(touch)] = nil }
        case let .reset(recognizer):
            let key = ObjectIdentifier(recognizer)
            stoppedHolding(key)
            stoppedBeingActive(key)
            recognizers[key]?.reset(at: now)
        case .hitTestSkipped, .touchBound, .touchRefused, .requirementCycle, .resetBlocked, .deferredInputRejected, .inputReceived,
            .delegateAnswered, .relationApplied, .controlEventSent, .scrolled, .hoverReceived, .scrollReceived,
            .transformReceived:
            break
        }
    }

    private func history(of recognizer: GestureRecognizer) -> RecognizerHistory {
        let key = ObjectIdentifier(recognizer)
        if let history = recognizers[key] {
            history.name = traceName(recognizer)
            return history
        }
        let history = RecognizerHistory(name: traceName(recognizer))
        recognizers[key] = history
        return history
    }

    private func stateChanged(_ recognizer: GestureRecognizer, to state: GestureRecognizer.State) {
        let key = ObjectIdentifier(recognizer)
        let history = history(of: recognizer)
        switch state {
        case .began, .ended:
            history.enteredAt[state] = now
            // R52: a recognizer in ended is no longer active for those that require it.
            if state == .ended { stoppedBeingActive(key) }
        case .failed, .cancelled:
            stoppedBeingActive(key)
            stoppedHolding(key)
            history.closeEpisode(at: now, releasedInPass: nil)
        case .possible, .changed:
            break
        }
    }

    private func held(_ recognizer: GestureRecognizer, waitingFor required: [GestureRecognizer]) {
        let history = history(of: recognizer)
        let waits = required.map { other -> Wait in
            let otherKey = ObjectIdentifier(other)
            let source = history.dynamicSources.first { $0.key == otherKey }?.source
            let reason: LatencyCause.Reason = source.map { .dynamicFailureRequirement($0) } ?? .failureRequirement
            return Wait(key: otherKey, name: traceName(other), reason: reason, end: nil)
        }
        history.openEpisode(HoldEpisode(start: now, waits: waits))
    }

    private func actionSent(_ recognizer: GestureRecognizer, state: GestureRecognizer.State, isDiscrete: Bool) {
        let key = ObjectIdentifier(recognizer)
        let history = history(of: recognizer)
        let event = LatencyRecord.Event.action(recognizer: history.name, state: state, isDiscrete: isDiscrete)
        var readyAt = now
        var causes: [LatencyCause] = []
        if state == .began || state == .ended, let episode = history.episodes.last, episode.releasedInPass == pass {
            readyAt = min(now, max(episode.start, history.enteredAt[state] ?? episode.start))
            if readyAt < now {
                causes = waitCauses(of: episode, from: readyAt, to: now, visited: [key])
            }
        }
        records.append(LatencyRecord(event: event, readyAt: readyAt, deliveredAt: now, causes: causes))
        // R65, R67: publishing releases or discards the recognizer's holds.
        if state == .began || state == .ended { stoppedHolding(key) }
    }

    private func withheld(_ touch: Touch, phase: TouchPhase, by holders: [GestureRecognizer]) {
        let key = ObjectIdentifier(touch)
        guard var history = touches[key] else { return }
        let holds = holders.map { holder -> Hold in
            let reason: LatencyCause.Reason
            if phase == .ended {
                reason = .delaysTouchesEnded
            } else if holder is DelayedTouchesBeganGestureRecognizer {
                reason = .contentTouchDelay
            } else {
                reason = holder.delaysTouchesBegan ? .delaysTouchesBegan : .touchOrder
            }
            return Hold(key: ObjectIdentifier(holder), name: traceName(holder), reason: reason, start: now, end: nil)
        }
        if phase == .began {
            history.beganHolds = holds
        } else {
            history.endedAt = now
            history.endedHolds = holds
        }
        touches[key] = history
    }

    private func delivered(view: View, phase: TouchPhase, touches delivered: [Touch], delayed: Bool) {
        let event = LatencyRecord.Event.delivery(view: traceName(view), phase: phase, touchIDs: delivered.map(\.id))
        var readyAt = now
        var holds: [Hold] = []
        if delayed {
            for touch in delivered {
                guard let history = touches[ObjectIdentifier(touch)] else { continue }
                let ready: Timestamp
                switch phase {
                case .ended:
                    if let endedAt = history.endedAt {
                        ready = endedAt
                        holds += history.endedHolds
                    } else {
                        // The end came behind a withheld began: it happened at the touch's time.
                        ready = touch.timestamp
                        holds += history.beganHolds
                    }
                default:
                    ready = history.beganAt
                    holds += history.beganHolds
                }
                readyAt = min(readyAt, ready)
            }
        }
        var causes: [LatencyCause] = []
        if readyAt < now {
            var seen: [ObjectIdentifier] = []
            for hold in holds where !seen.contains(hold.key) {
                seen.append(hold.key)
                let start = max(hold.start, readyAt)
                let end = min(holds.filter { $0.key == hold.key }.map { $0.end ?? now }.max() ?? now, now)
                guard end > start else { continue }
                let chain = episodeCauses(of: hold.key, from: start, to: end, visited: [hold.key])
                causes.append(LatencyCause(recognizer: hold.name, reason: hold.reason, start: start, end: end, causes: chain))
            }
        }
        records.append(LatencyRecord(event: event, readyAt: readyAt, deliveredAt: now, causes: causes))
        if phase == .ended || phase == .cancelled {
            for touch in delivered { touches[ObjectIdentifier(touch)] = nil }
        }
    }

    /// The recognizer no longer holds touch phases (R65): its open holds end now.
    private func stoppedHolding(_ key: ObjectIdentifier) {
        for touchKey in touches.keys {
            touches[touchKey]?.endHolds(by: key, at: now)
        }
    }

    /// The recognizer is no longer active (R52): the waits on it end now.
    private func stoppedBeingActive(_ key: ObjectIdentifier) {
        for history in recognizers.values {
            history.endWaits(on: key, at: now)
        }
    }

    /// The waits of `episode` over `start...end`, each with its own chain.
    private func waitCauses(of episode: HoldEpisode, from start: Timestamp, to end: Timestamp, visited: [ObjectIdentifier])
        -> [LatencyCause]
    {
        var causes: [LatencyCause] = []
        for wait in episode.waits where !visited.contains(wait.key) {
            let waitStart = max(start, episode.start)
            let waitEnd = min(end, wait.end ?? episode.end ?? now)
            guard waitEnd > waitStart else { continue }
            let chain = episodeCauses(of: wait.key, from: waitStart, to: waitEnd, visited: visited + [wait.key])
            causes.append(LatencyCause(recognizer: wait.name, reason: wait.reason, start: waitStart, end: waitEnd, causes: chain))
        }
        return causes
    }

    /// What the recognizer with `key` waited on while held during `start...end` (R54), if it
    /// was held then.
    private func episodeCauses(of key: ObjectIdentifier, from start: Timestamp, to end: Timestamp, visited: [ObjectIdentifier])
        -> [LatencyCause]
    {
        guard let history = recognizers[key] else { return [] }
        var causes: [LatencyCause] = []
        for episode in history.episodes where episode.start < end && (episode.end ?? now) > start {
            causes += waitCauses(of: episode, from: max(start, episode.start), to: min(end, episode.end ?? now), visited: visited)
        }
        return causes
    }
}

/// A recognizer the held one waits on, until it stops being active (R52).
private struct Wait {
    var key: ObjectIdentifier
    var name: String
    var reason: LatencyCause.Reason
    var end: Timestamp?
}

/// A span in which a recognizer was held by failure requirements (R54).
private struct HoldEpisode {
    var start: Timestamp
    var waits: [Wait]
    var end: Timestamp?
    /// The pass that released it to publish (R56), or nil when it failed or is still held.
    var releasedInPass: Int?
}

/// What the tracer knows of one recognizer: its name, when it reached began and ended in this
/// attempt, where its dynamic requirements came from (R53), and its latest hold episodes.
private final class RecognizerHistory {
    var name: String
    var enteredAt: [GestureRecognizer.State: Timestamp] = [:]
    var dynamicSources: [(key: ObjectIdentifier, source: RequirementSource)] = []
    /// Oldest first, at most ``episodeLimit``: a chain only looks back over spans that are still
    /// being accounted.
    var episodes: [HoldEpisode] = []
    static let episodeLimit = 4

    init(name: String) {
        self.name = name
    }

    func openEpisode(_ episode: HoldEpisode) {
        if let last = episodes.last, last.end == nil { return }  // held once per attempt
        episodes.append(episode)
        if episodes.count > Self.episodeLimit { episodes.removeFirst(episodes.count - Self.episodeLimit) }
    }

    func closeEpisode(at time: Timestamp, releasedInPass pass: Int?) {
        guard let index = episodes.indices.last, episodes[index].end == nil else { return }
        episodes[index].end = time
        episodes[index].releasedInPass = pass
        for wait in episodes[index].waits.indices where episodes[index].waits[wait].end == nil {
            episodes[index].waits[wait].end = time
        }
    }

    func endWaits(on key: ObjectIdentifier, at time: Timestamp) {
        guard let index = episodes.indices.last, episodes[index].end == nil else { return }
        for wait in episodes[index].waits.indices
        where episodes[index].waits[wait].key == key && episodes[index].waits[wait].end == nil {
            episodes[index].waits[wait].end = time
        }
    }

    func reset(at time: Timestamp) {
        closeEpisode(at: time, releasedInPass: nil)
        enteredAt = [:]
        dynamicSources = []
    }
}

/// A recognizer withholding a touch phase, from when until when (R61-R65).
private struct Hold {
    var key: ObjectIdentifier
    var name: String
    var reason: LatencyCause.Reason
    var start: Timestamp
    var end: Timestamp?
}

/// What the tracer knows of one touch that reached a view's hit-testing.
private struct TouchHistory {
    var beganAt: Timestamp
    var beganHolds: [Hold] = []
    var endedAt: Timestamp?
    var endedHolds: [Hold] = []

    mutating func endHolds(by key: ObjectIdentifier, at time: Timestamp) {
        for index in beganHolds.indices where beganHolds[index].key == key && beganHolds[index].end == nil {
            beganHolds[index].end = time
        }
        for index in endedHolds.indices where endedHolds[index].key == key && endedHolds[index].end == nil {
            endedHolds[index].end = time
        }
    }
}
