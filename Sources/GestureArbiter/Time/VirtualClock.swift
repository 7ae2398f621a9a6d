/// A deterministic ``Scheduler`` whose time moves only when you advance it.
///
/// Timers fire in `(deadline, scheduling order)`: two timers due at the same instant fire in the
/// order they were scheduled. Before each callback runs, `now` is set to that timer's deadline. A
/// callback may schedule further timers; one due within the current advance fires in the same
/// advance. Advancing to an earlier time throws and changes nothing.
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
    @exclusivity(unchecked) private var queue = TimerQueue()
    @exclusivity(unchecked) private var nextSequence: UInt64 = 0
    /// The current time.
    @exclusivity(unchecked) public private(set) var now: Timestamp

    /// Creates a clock at `start` (default 0 s) with no timers.
    public init(start: Timestamp = .zero) {
        self.now = start
    }

    /// The number of timers scheduled and not yet fired or cancelled.
    public var pendingTimerCount: Int { queue.count }

    /// Whether no timer is pending.
    public var isIdle: Bool { queue.isEmpty }

    /// The deadline of the earliest pending timer, if any.
    public var nextDeadline: Timestamp? { queue.peek()?.deadline }

    /// Schedules `action` to run once at `deadline`.
    ///
    /// - Complexity: O(n) in the number of pending timers (they are few: one per recognizer
    ///   waiting on a timeout, and the host's own).
    public func schedule(at deadline: Timestamp, _ action: @escaping () -> Void) -> TimerHandle {
        let sequence = nextSequence
        nextSequence += 1
        queue.insert(deadline: deadline, sequence: sequence, body: action)
        return TimerHandle(rawValue: sequence)
    }

    /// Schedules `recognizer`'s timer (``GestureRecognizer/startTimer(after:)``) without a
    /// closure: the environment's path when its scheduler is a virtual clock. The recognizer is
    /// not retained; its environment cancels the timer before the recognizer stops being active.
    func scheduleTimer(of recognizer: GestureRecognizer, at deadline: Timestamp) -> TimerHandle {
        let sequence = nextSequence
        nextSequence += 1
        queue.insert(deadline: deadline, sequence: sequence, recognizer: recognizer)
        return TimerHandle(rawValue: sequence)
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
    /// - Throws: ``ClockError/timeWentBackwards(now:requested:)`` when `time < now`.
    public func advance(to time: Timestamp) throws(ClockError) {
        guard time >= now else { throw .timeWentBackwards(now: now, requested: time) }
        while let first = queue.peek(), first.deadline <= time {
            let entry = queue.popFirst()!
            if entry.deadline > now { now = entry.deadline }
            entry.action.run()
        }
        // A callback may itself have advanced the clock further.
        if time > now { now = time }
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
    /// each deadline; returns when no timer is pending.
    ///
    /// - Parameter limit: the most timers to fire, a guard against a timer that always schedules
    ///   another (default 100 000).
    /// - Returns: the number of timers fired.
    @discardableResult
    public func runUntilIdle(limit: Int = 100_000) -> Int {
        var fired = 0
        while fired < limit, let entry = queue.popFirst() {
            if entry.deadline > now { now = entry.deadline }
            entry.action.run()
            fired += 1
        }
        return fired
    }
}
