/// An error from moving a clock: a ``Scheduler`` throws it from ``Scheduler/advance(to:)``.
///
/// For ``Kind/timeWentBackwards`` the clock's time and timers stay as they were. For
/// ``Kind/timersDidNotSettle`` the clock stopped at the instant where timers kept scheduling
/// timers due at once: what fired keeps its effects, the rest stays pending (R78).
///
/// An error is a ``kind`` plus the clock's time (``clockTime``) and, when it was asked to go to
/// one, the time it was asked to go to (``requestedTime``), or the number of timers that fired
/// at one instant (``firings``). Make or match one with the static
/// members, which compare equal when kind and times are equal:
///
/// ```swift
/// #expect(throws: ClockError.timeWentBackwards(now: Timestamp(seconds: 1), requested: .zero)) {
///     try clock.advance(to: .zero)
/// }
/// ```
///
/// The kinds are static members, not enum cases: a `switch` over ``kind`` needs a `default`
/// branch, so a kind added in a later version of the library never breaks it.
///
/// Rule: R117.
public struct ClockError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, without the times.
    ///
    /// The kinds are static members; more may be added in later versions, so a `switch` over a
    /// kind needs a `default` branch, and keeps compiling when one is added.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kinds this version knows. Not public, so that adding one is not a breaking change
        /// (internal, so that the engine's own switches over it stay exhaustive).
        enum Value: Hashable, Sendable {
            case timeWentBackwards, timersDidNotSettle
        }

        let value: Value

        private init(_ value: Value) {
            self.value = value
        }

        /// The requested time is earlier than the clock's current time (R117).
        public static let timeWentBackwards = Kind(.timeWentBackwards)
        /// Timers kept scheduling timers due at once, past ``VirtualClock/timerChainLimit``
        /// firings at one instant, and the clock stopped there (R78).
        public static let timersDidNotSettle = Kind(.timersDidNotSettle)

        /// The kind's name, as its static member is spelled: `timeWentBackwards`.
        public var description: String {
            switch value {
            case .timeWentBackwards: return "timeWentBackwards"
            case .timersDidNotSettle: return "timersDidNotSettle"
            }
        }
    }

    /// What went wrong.
    public let kind: Kind
    /// The clock's time when the error arose.
    public let clockTime: Timestamp
    /// The time the clock was asked to go to, for the kinds that come from a request to move to
    /// a time (``Kind/timeWentBackwards``); nil for a kind that does not.
    public let requestedTime: Timestamp?
    /// For ``Kind/timersDidNotSettle``: how many timers scheduled at ``clockTime`` fired there
    /// before the clock stopped; nil for the other kinds.
    public let firings: Int?

    private init(_ kind: Kind, clockTime: Timestamp, requestedTime: Timestamp?, firings: Int? = nil) {
        self.kind = kind
        self.clockTime = clockTime
        self.requestedTime = requestedTime
        self.firings = firings
    }

    /// The clock, at `now`, was asked to go back to `requested` (R117).
    public static func timeWentBackwards(now: Timestamp, requested: Timestamp) -> ClockError {
        ClockError(.timeWentBackwards, clockTime: now, requestedTime: requested)
    }

    /// Timers scheduled at `instant` and due at it fired `firings` times there, and more were
    /// still due: the clock stopped at `instant` (R78, R117).
    public static func timersDidNotSettle(at instant: Timestamp, firings: Int) -> ClockError {
        ClockError(.timersDidNotSettle, clockTime: instant, requestedTime: nil, firings: firings)
    }

    /// A sentence saying what went wrong, with the times.
    public var description: String {
        switch kind.value {
        case .timeWentBackwards:
            let requested = requestedTime.map { "\($0)" } ?? "?"
            return "time went backwards: the clock is at \(clockTime) s and was asked to go to \(requested) s"
        case .timersDidNotSettle:
            let count = firings.map(String.init) ?? "?"
            return "timers did not settle: \(count) timers scheduled at \(clockTime) s fired at that instant and still more were due"
        }
    }
}
