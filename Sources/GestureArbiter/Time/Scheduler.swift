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
/// runs, and in `(deadline, scheduling order)` order.
///
/// > Important: The environment is confined to one thread; the scheduler's callbacks must run on
/// > that thread and never while another engine call is on the stack.
public protocol Scheduler: AnyObject {
    /// The current time.
    var now: Timestamp { get }

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

/// An error from moving a clock.
public enum ClockError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The requested time is earlier than the clock's current time. Rule: R117.
    case timeWentBackwards(now: Timestamp, requested: Timestamp)
    /// Timers kept scheduling timers due at once: `firings` of them fired at `at` without the
    /// clock moving, and the clock stopped there with the next one still pending (see
    /// ``VirtualClock/timerChainLimit``). Rule: R78, R117.
    case timersDidNotSettle(at: Timestamp, firings: Int)

    /// A sentence naming the times (or the instant and the count).
    public var description: String {
        switch self {
        case let .timeWentBackwards(now, requested):
            return "time went backwards: the clock is at \(now) s and was asked to go to \(requested) s"
        case let .timersDidNotSettle(instant, firings):
            return "timers did not settle: \(firings) timers scheduled at \(instant) s fired at that instant and still more were due"
        }
    }
}
