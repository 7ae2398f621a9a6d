/// A deterministic ``Scheduler`` whose time moves only when you advance it.
///
/// Timers fire in `(deadline, scheduling order)`: two timers due at the same instant fire in the
/// order they were scheduled. Before each callback runs, `now` is set to that timer's deadline. A
/// callback may schedule further timers; one due within the current advance fires in the same
/// advance. Advancing to an earlier time throws and changes nothing. A deadline before `now` is
/// treated as `now`: the timer is due at once and fires after the timers already due.
///
/// Time cannot run away at one instant: a callback that keeps scheduling a timer due at once (a
/// zero delay) fires at most ``timerChainLimit`` times at that instant before
/// ``advance(to:)`` throws ``ClockError/timersDidNotSettle(at:firings:)``.
///
/// ```swift
/// let clock = VirtualClock()
/// _ = clock.schedule(at: Timestamp(seconds: 0.45)) { print("double-tap window closed") }
/// try clock.advance(by: .milliseconds(449))   // nothing yet
/// try clock.advance(by: .milliseconds(1))     // prints, with clock.now == 0.450
/// ```
///
/// Scheduling and cancelling allocate nothing once the queue has grown to its working size.
///
/// Rule: R78, R117, R118.
public final class VirtualClock: Scheduler {
    /// The stored state of this class that the dispatch path reads and writes at every event,
    /// in one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let clockFields: UncheckedExclusivityCell<ClockFields>
    /// The fields of `clockFields`: the stored properties they replace, with their defaults.
    private struct ClockFields: ~Copyable {
        var queue: TimerQueue = TimerQueue()
        var nextSequence: UInt64 = 0
        var now: Timestamp
    }

    private var queue: TimerQueue {
        @inline(__always) _read { yield clockFields.value.queue }
        @inline(__always) _modify { yield &clockFields.value.queue }
    }
    private var nextSequence: UInt64 {
        @inline(__always) get { clockFields.value.nextSequence }
        @inline(__always) set { clockFields.value.nextSequence = newValue }
    }
    /// The current time.
    public private(set) var now: Timestamp {
        @inline(__always) get { clockFields.value.now }
        @inline(__always) set { clockFields.value.now = newValue }
    }

    /// Creates a clock at `start` (default 0 s) with no timers.
    public init(start: Timestamp = .zero) {
        clockFields = UncheckedExclusivityCell(ClockFields(now: start))
    }

    /// The number of timers scheduled and not yet fired or cancelled.
    public var pendingTimerCount: Int { queue.count }

    /// Whether no timer is pending.
    public var isIdle: Bool { queue.isEmpty }

    /// The deadline of the earliest pending timer, if any.
    public var nextDeadline: Timestamp? { queue.peek()?.deadline }

    /// The most timers scheduled at one instant that fire at that same instant in one
    /// ``advance(to:)`` or ``runUntilIdle(limit:)``: 10,000.
    ///
    /// A timer whose callback schedules another due at once (a zero or negative delay), over and
    /// over, would otherwise keep the clock at one instant forever. Timers that were already
    /// pending when the clock reached the instant do not count, however many there are.
    public static let timerChainLimit = 10_000

    /// The most timers ``runUntilIdle(limit:)`` fires by default: 100,000. A timer whose callback
    /// always schedules another, later one would otherwise keep the clock running forever.
    public static let runUntilIdleLimit = 100_000

    /// Schedules `action` to run once at `deadline`; a deadline before ``now`` is treated as
    /// ``now`` (due at once, after the timers already due).
    ///
    /// - Complexity: O(n) in the number of pending timers (they are few: one per recognizer
    ///   waiting on a timeout, and the host's own).
    public func schedule(at deadline: Timestamp, _ action: @escaping () -> Void) -> TimerHandle {
        let sequence = nextSequence
        nextSequence += 1
        queue.insert(deadline: Swift.max(deadline, now), sequence: sequence, body: action)
        return TimerHandle(rawValue: sequence)
    }

    /// Schedules an engine timer without a closure: at `deadline`, `token` goes to `receiver`
    /// (the environment's path when its scheduler is a virtual clock).
    func schedule(token: UInt64, for receiver: TimerTokenReceiver, at deadline: Timestamp) -> TimerHandle {
        let sequence = nextSequence
        nextSequence += 1
        queue.insert(deadline: Swift.max(deadline, now), sequence: sequence, token: token, receiver: receiver)
        return TimerHandle(rawValue: sequence)
    }

    /// Cancels every pending engine timer of `receiver` (its owner is going away).
    func cancelTimers(for receiver: TimerTokenReceiver) {
        queue.removeAll(for: receiver)
    }

    /// Cancels a pending timer; a handle that already fired or was cancelled is ignored.
    ///
    /// - Complexity: O(n) in the number of pending timers (they are few: one per recognizer
    ///   waiting on a timeout).
    public func cancel(_ handle: TimerHandle) {
        queue.remove(sequence: handle.rawValue)
    }

    /// Fires every timer due at or before `time`, in `(deadline, scheduling order)`, then sets
    /// `now` to `time`.
    ///
    /// - Throws: ``ClockError/timeWentBackwards(now:requested:)`` when `time < now`, changing
    ///   nothing; ``ClockError/timersDidNotSettle(at:firings:)`` when more than
    ///   ``timerChainLimit`` timers scheduled at one instant come due at that instant: the clock
    ///   stops there, the timers that fired keep their effects and the rest stay pending, so a
    ///   later advance carries on (after the host has removed what kept rescheduling).
    public func advance(to time: Timestamp) throws(ClockError) {
        guard time >= now else { throw .timeWentBackwards(now: now, requested: time) }
        var chain = Chain(at: now, from: nextSequence)
        while let first = queue.peek(), first.deadline <= time {
            if first.deadline > now { now = first.deadline }
            guard chain.admit(first.sequence, now: now, nextSequence: nextSequence) else {
                throw .timersDidNotSettle(at: now, firings: chain.firings)
            }
            queue.popFirst()!.action.run()
        }
        // A callback may itself have advanced the clock further.
        if time > now { now = time }
    }

    /// Counts the timers scheduled at the current instant that fire at it (``timerChainLimit``).
    private struct Chain {
        var instant: Timestamp
        /// Timers with this sequence number or later were scheduled at `instant`.
        var firstSequence: UInt64
        var firings = 0

        init(at instant: Timestamp, from firstSequence: UInt64) {
            self.instant = instant
            self.firstSequence = firstSequence
        }

        /// Whether the timer `sequence` may fire at `now`; counts it if it is part of the chain.
        @inline(__always)
        mutating func admit(_ sequence: UInt64, now: Timestamp, nextSequence: UInt64) -> Bool {
            if now != instant {
                self = Chain(at: now, from: nextSequence)
                return true
            }
            guard sequence >= firstSequence else { return true }
            guard firings < VirtualClock.timerChainLimit else { return false }
            firings += 1
            return true
        }
    }

    /// Sets `now` to `time` when no timer is due by then and `time` is not in the past; returns
    /// whether it did (the engine's shortcut for the usual event, which fires nothing).
    @inline(__always)
    func advanceIfNothingDue(to time: Timestamp) -> Bool {
        guard time >= now else { return false }
        if let next = queue.peek(), next.deadline <= time { return false }
        now = time
        return true
    }

    /// Moves time forward by `duration`, firing due timers.
    ///
    /// - Throws: ``ClockError/timeWentBackwards(now:requested:)`` when `duration` is negative.
    public func advance(by duration: Duration) throws(ClockError) {
        try advance(to: now + duration)
    }

    /// Fires every pending timer, including those scheduled while running, advancing `now` to
    /// each deadline; returns when no timer is pending, or early at either guard below.
    ///
    /// - Parameter limit: the most timers to fire, a guard against a timer that always schedules
    ///   another later one (default ``runUntilIdleLimit``, 100 000). It also stops, as ``advance(to:)`` throws, when more
    ///   than ``timerChainLimit`` timers scheduled at one instant come due at that instant.
    /// - Returns: the number of timers fired; check ``isIdle`` to tell a guard from the end.
    @discardableResult
    public func runUntilIdle(limit: Int = runUntilIdleLimit) -> Int {
        var fired = 0
        var chain = Chain(at: now, from: nextSequence)
        while fired < limit, let first = queue.peek() {
            if first.deadline > now { now = first.deadline }
            guard chain.admit(first.sequence, now: now, nextSequence: nextSequence) else { break }
            queue.popFirst()!.action.run()
            fired += 1
        }
        return fired
    }
}
