/// An error from moving a clock: a ``Scheduler`` throws it from ``Scheduler/advance(to:)`` and
/// leaves its time and timers as they were.
///
/// An error is a ``kind`` plus the clock's time (``clockTime``) and, when it was asked to go to
/// one, the time it was asked to go to (``requestedTime``). Make or match one with the static
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
        /// The kinds this version knows. Not public, so that adding one is not a breaking change.
        fileprivate enum Value: Hashable, Sendable {
            case timeWentBackwards
        }

        fileprivate let value: Value

        private init(_ value: Value) {
            self.value = value
        }

        /// The requested time is earlier than the clock's current time (R117).
        public static let timeWentBackwards = Kind(.timeWentBackwards)

        /// The kind's name, as its static member is spelled: `timeWentBackwards`.
        public var description: String {
            switch value {
            case .timeWentBackwards: return "timeWentBackwards"
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

    private init(_ kind: Kind, clockTime: Timestamp, requestedTime: Timestamp?) {
        self.kind = kind
        self.clockTime = clockTime
        self.requestedTime = requestedTime
    }

    /// The clock, at `now`, was asked to go back to `requested` (R117).
    public static func timeWentBackwards(now: Timestamp, requested: Timestamp) -> ClockError {
        ClockError(.timeWentBackwards, clockTime: now, requestedTime: requested)
    }

    /// A sentence saying what went wrong, with the times.
    public var description: String {
        switch kind.value {
        case .timeWentBackwards:
            let requested = requestedTime.map { "\($0)" } ?? "?"
            return "time went backwards: the clock is at \(clockTime) s and was asked to go to \(requested) s"
        }
    }
}
