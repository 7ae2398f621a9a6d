/// Why the environment rejected input. A rejected event changes nothing, and the environment
/// stays usable (R117).
///
/// An error is a ``kind`` plus what it is about: the touch id (``touchID``) or the two times
/// (``clockTime`` and ``requestedTime``). Make or match one with the static members, which
/// compare equal when kind and details are equal:
///
/// ```swift
/// #expect(throws: DispatchError.unknownTouch(7)) { try environment.dispatch(event) }
/// ```
///
/// To react to a kind, switch over ``kind`` with a `default` branch. The kinds are static
/// members, not enum cases, so a kind added in a later version of the library never breaks a
/// client's `switch` (the compiler asks for the `default` from the start):
///
/// ```swift
/// do {
///     try environment.dispatch(event)
/// } catch {
///     switch error.kind {
///     case .timeWentBackwards: resynchronize()
///     case .unknownTouch, .duplicateBegan: resetTouchTracking()
///     default: log(error)
///     }
/// }
/// ```
///
/// Rule: R117.
public struct DispatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with the input, without the details.
    ///
    /// The kinds are static members; more may be added in later versions, so a `switch` over a
    /// kind needs a `default` branch, and keeps compiling when one is added.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kinds this version knows. Not public, so that adding one is not a breaking change.
        fileprivate enum Value: Hashable, Sendable {
            case timeWentBackwards, duplicateBegan, unknownTouch, nonFiniteLocation, emptyEvent, duplicateTouchInEvent
        }

        fileprivate let value: Value

        private init(_ value: Value) {
            self.value = value
        }

        /// The input is stamped before the clock's current time.
        public static let timeWentBackwards = Kind(.timeWentBackwards)
        /// A `began` for a touch id that is live.
        public static let duplicateBegan = Kind(.duplicateBegan)
        /// A phase other than `began` for a touch id that is not live.
        public static let unknownTouch = Kind(.unknownTouch)
        /// A coordinate is NaN or infinite.
        public static let nonFiniteLocation = Kind(.nonFiniteLocation)
        /// The event lists no touches.
        public static let emptyEvent = Kind(.emptyEvent)
        /// The same touch id appears twice in one event.
        public static let duplicateTouchInEvent = Kind(.duplicateTouchInEvent)

        /// The kind's name, as its static member is spelled: `unknownTouch`.
        public var description: String {
            switch value {
            case .timeWentBackwards: return "timeWentBackwards"
            case .duplicateBegan: return "duplicateBegan"
            case .unknownTouch: return "unknownTouch"
            case .nonFiniteLocation: return "nonFiniteLocation"
            case .emptyEvent: return "emptyEvent"
            case .duplicateTouchInEvent: return "duplicateTouchInEvent"
            }
        }
    }

    /// What was wrong.
    public let kind: Kind
    /// The id of the touch at fault, for the kinds about one touch (``Kind/duplicateBegan``,
    /// ``Kind/unknownTouch``, ``Kind/nonFiniteLocation``, ``Kind/duplicateTouchInEvent``);
    /// nil otherwise.
    public let touchID: Int?
    /// The clock's time when the input arrived, for ``Kind/timeWentBackwards``; nil otherwise.
    public let clockTime: Timestamp?
    /// The time the input asked for (an event's timestamp, or the time given to `advance`), for
    /// ``Kind/timeWentBackwards``; nil otherwise.
    public let requestedTime: Timestamp?

    private init(_ kind: Kind, touchID: Int? = nil, clockTime: Timestamp? = nil, requestedTime: Timestamp? = nil) {
        self.kind = kind
        self.touchID = touchID
        self.clockTime = clockTime
        self.requestedTime = requestedTime
    }

    /// The input is stamped `requested`, before the clock's time `now`.
    public static func timeWentBackwards(now: Timestamp, requested: Timestamp) -> DispatchError {
        DispatchError(.timeWentBackwards, clockTime: now, requestedTime: requested)
    }

    /// A `began` for touch `id`, which is live.
    public static func duplicateBegan(_ id: Int) -> DispatchError {
        DispatchError(.duplicateBegan, touchID: id)
    }

    /// A phase other than `began` for touch `id`, which is not live.
    public static func unknownTouch(_ id: Int) -> DispatchError {
        DispatchError(.unknownTouch, touchID: id)
    }

    /// Touch `id` has a NaN or infinite coordinate.
    public static func nonFiniteLocation(_ id: Int) -> DispatchError {
        DispatchError(.nonFiniteLocation, touchID: id)
    }

    /// The event lists no touches.
    public static let emptyEvent = DispatchError(.emptyEvent)

    /// Touch `id` appears twice in one event.
    public static func duplicateTouchInEvent(_ id: Int) -> DispatchError {
        DispatchError(.duplicateTouchInEvent, touchID: id)
    }

    /// A sentence saying what was wrong, with the touch id or the times.
    public var description: String {
        let id = touchID.map(String.init) ?? "?"
        switch kind.value {
        case .timeWentBackwards:
            let now = clockTime.map { "\($0)" } ?? "?"
            let requested = requestedTime.map { "\($0)" } ?? "?"
            return "time went backwards: the clock is at \(now) s and the input is stamped \(requested) s"
        case .duplicateBegan: return "touch \(id) began while it is already down"
        case .unknownTouch: return "touch \(id) is not down (no began, or it already ended)"
        case .nonFiniteLocation: return "touch \(id) has a non-finite coordinate"
        case .emptyEvent: return "the event lists no touches"
        case .duplicateTouchInEvent: return "touch \(id) appears twice in one event"
        }
    }
}
