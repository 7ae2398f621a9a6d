/// An opaque handle to a scheduled timer, used to cancel it.
///
/// Handles are unique per scheduler for its lifetime.
public struct TimerHandle: Hashable, Sendable {
    /// The scheduler's own identifier for the timer.
    public let rawValue: UInt64

    /// Creates a handle; schedulers make these, users only pass them back.
    @inlinable
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }
}

/// The source of time and timers for a ``GestureEnvironment``.
///
/// The engine never reads a wall clock. It asks its scheduler for `now`, schedules timers at
/// exact deadlines (a tap's 0.35 s wait, the 0.15 s content-touch delay), and before each input
/// event asks the scheduler to ``advance(to:)`` the event's time, so that every timer due at or
/// before the event fires first (R78, R118).
///
/// ``VirtualClock`` is the deterministic implementation for tests, replay and benchmarks. A host
/// with its own run loop implements this protocol over its timers: it must fire callbacks on the
/// engine's thread, one at a time, with `now` equal to the timer's deadline while the callback
/// runs, and in `(deadline, scheduling order)` order. Either way the host's loop learns when to
/// wake from ``nextDeadline``.
///
/// > Important: The environment is confined to one thread; the scheduler's callbacks must run on
/// > that thread and never while another engine call is on the stack.
public protocol Scheduler: AnyObject {
    /// The current time.
    var now: Timestamp { get }

    /// The deadline of the earliest pending timer, or `nil` when no timer is pending.
    ///
    /// A host's run loop must wake by this time and call ``advance(to:)`` (or the environment's
    /// ``GestureEnvironment/advance(to:)``) with a time at or after it: until then a recognizer
    /// that waits on a timer (a double tap's 0.35 s, the 0.15 s content-touch delay) cannot
    /// decide (R77, R78). A deadline at or before `now` is due at once. With `nil` the host may
    /// sleep until its next input event. Read it again after every engine call: input, timers
    /// and property changes schedule and cancel timers.
    ///
    /// There is no default implementation: a scheduler that cannot answer would leave a host
    /// asleep while a gesture waits.
    var nextDeadline: Timestamp? { get }

    /// Schedules `action` to run once at `deadline`, and returns a handle to cancel it.
    ///
    /// A deadline at or before `now` is due at once: it fires at the next ``advance(to:)``.
    func schedule(at deadline: Timestamp, _ action: @escaping () -> Void) -> TimerHandle

    /// Cancels a pending timer. Cancelling a timer that already fired or was cancelled does
    /// nothing.
    func cancel(_ handle: TimerHandle)

    /// Fires, in `(deadline, scheduling order)`, every timer due at or before `time`, setting
    /// `now` to each deadline before its callback runs; then sets `now` to `time`.
    ///
    /// - Throws: ``ClockError/timeWentBackwards(now:requested:)`` if `time` is before `now`;
    ///   nothing fires and `now` does not change.
    func advance(to time: Timestamp) throws(ClockError)
}
