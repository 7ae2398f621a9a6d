/// Why the environment rejected input. A rejected event changes nothing, and the environment
/// stays usable (R117).
///
/// ```swift
/// #expect(throws: DispatchError.unknownTouch(7)) { try environment.dispatch(event) }
/// ```
///
/// Rule: R117.
public enum DispatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The event is stamped before the clock's current time.
    case timeWentBackwards(now: Timestamp, requested: Timestamp)
    /// A `began` for a touch id that is live.
    case duplicateBegan(Int)
    /// A phase other than `began` for a touch id that is not live.
    case unknownTouch(Int)
    /// A coordinate is NaN or infinite.
    case nonFiniteLocation(Int)
    /// The event lists no touches.
    case emptyEvent
    /// The same touch id appears twice in one event.
    case duplicateTouchInEvent(Int)
    /// While the clock moved towards the requested time, timers kept scheduling timers due at
    /// once: `firings` of them fired at `at` and the clock stopped there (R78, R117). The timers
    /// that fired keep their effects; the rest stay pending. See ``VirtualClock/timerChainLimit``.
    case timersDidNotSettle(at: Timestamp, firings: Int)

    /// A sentence saying what was wrong.
    public var description: String {
        switch self {
        case let .timeWentBackwards(now, requested):
            return "time went backwards: the clock is at \(now) s and the input is stamped \(requested) s"
        case let .duplicateBegan(id): return "touch \(id) began while it is already down"
        case let .unknownTouch(id): return "touch \(id) is not down (no began, or it already ended)"
        case let .nonFiniteLocation(id): return "touch \(id) has a non-finite coordinate"
        case .emptyEvent: return "the event lists no touches"
        case let .duplicateTouchInEvent(id): return "touch \(id) appears twice in one event"
        case let .timersDidNotSettle(instant, firings):
            return "timers did not settle: \(firings) timers scheduled at \(instant) s fired at that instant and still more were due"
        }
    }

    /// The same error for input: a scheduler's refusal to move the clock.
    init(_ error: ClockError) {
        switch error {
        case let .timeWentBackwards(now, requested): self = .timeWentBackwards(now: now, requested: requested)
        case let .timersDidNotSettle(instant, firings): self = .timersDidNotSettle(at: instant, firings: firings)
        }
    }
}
