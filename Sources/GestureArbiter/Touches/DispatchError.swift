/// Why the environment rejected input. A rejected event changes nothing, and the environment
/// stays usable (R117); the one exception is ``Kind/timersDidNotSettle``, where the timers that
/// fired before the clock stopped keep their effects (R78).
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
            case timersDidNotSettle
            case noWindow
            case pointerWithoutButton, pointerSequence
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
        /// While the clock moved towards the input's time, timers kept scheduling timers due at
        /// once, past ``VirtualClock/timerChainLimit`` firings at one instant; the clock stopped
        /// there (R78).
        public static let timersDidNotSettle = Kind(.timersDidNotSettle)
        /// A touch began while the environment has no window: it could reach no view and no
        /// recognizer (R1). Add a window first (``GestureEnvironment/addWindow(_:)``).
        public static let noWindow = Kind(.noWindow)
        /// The event lists a pointer touch (``TouchType/indirectPointer``) but holds no button: a
        /// pointer with no button down is hover input, not a touch (R278).
        public static let pointerWithoutButton = Kind(.pointerWithoutButton)
        /// A hover or scroll input that does not fit the pointer's state: a hover move before the
        /// pointer entered, a second scroll began, a scroll change with no scroll going on, hover
        /// while a pointer touch is down, and the like (R268, R272, R279).
        public static let pointerSequence = Kind(.pointerSequence)

        /// The kind's name, as its static member is spelled: `unknownTouch`.
        public var description: String {
            switch value {
            case .timeWentBackwards: return "timeWentBackwards"
            case .duplicateBegan: return "duplicateBegan"
            case .unknownTouch: return "unknownTouch"
            case .nonFiniteLocation: return "nonFiniteLocation"
            case .emptyEvent: return "emptyEvent"
            case .duplicateTouchInEvent: return "duplicateTouchInEvent"
            case .timersDidNotSettle: return "timersDidNotSettle"
            case .noWindow: return "noWindow"
            case .pointerWithoutButton: return "pointerWithoutButton"
            case .pointerSequence: return "pointerSequence"
            }
        }
    }

    /// What was wrong.
    public let kind: Kind
    /// The id of the touch at fault, for the kinds about one touch (``Kind/duplicateBegan``,
    /// ``Kind/unknownTouch``, ``Kind/nonFiniteLocation``, ``Kind/duplicateTouchInEvent``,
    /// ``Kind/noWindow``);
    /// nil otherwise.
    public let touchID: Int?
    /// The clock's time when the input arrived, for ``Kind/timeWentBackwards``; the instant where
    /// the clock stopped, for ``Kind/timersDidNotSettle``; nil otherwise.
    public let clockTime: Timestamp?
    /// The time the input asked for (an event's timestamp, or the time given to `advance`), for
    /// ``Kind/timeWentBackwards``; nil otherwise.
    public let requestedTime: Timestamp?
    /// For ``Kind/timersDidNotSettle``: how many timers fired at ``clockTime`` before the clock
    /// stopped; nil otherwise.
    public let firings: Int?
    /// For ``Kind/pointerSequence``: what did not fit, in words; nil otherwise.
    public let detail: String?

    private init(
        _ kind: Kind, touchID: Int? = nil, clockTime: Timestamp? = nil, requestedTime: Timestamp? = nil, firings: Int? = nil,
        detail: String? = nil
    ) {
        self.kind = kind
        self.touchID = touchID
        self.clockTime = clockTime
        self.requestedTime = requestedTime
        self.firings = firings
        self.detail = detail
    }

    /// The same error for input: a scheduler's refusal to move the clock.
    init(_ error: ClockError) {
        switch error.kind.value {
        case .timersDidNotSettle:
            self.init(.timersDidNotSettle, clockTime: error.clockTime, firings: error.firings)
        case .timeWentBackwards:
            self.init(.timeWentBackwards, clockTime: error.clockTime, requestedTime: error.requestedTime)
        }
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

    /// Timers scheduled at `instant` and due at it fired `firings` times there while the clock
    /// moved towards the input's time, and more were still due: the clock stopped at `instant`
    /// (R78).
    public static func timersDidNotSettle(at instant: Timestamp, firings: Int) -> DispatchError {
        DispatchError(.timersDidNotSettle, clockTime: instant, firings: firings)
    }

    /// Touch `id` appears twice in one event.
    public static func duplicateTouchInEvent(_ id: Int) -> DispatchError {
        DispatchError(.duplicateTouchInEvent, touchID: id)
    }

    /// Touch `id` began while the environment has no window (R1).
    public static func noWindow(_ id: Int) -> DispatchError {
        DispatchError(.noWindow, touchID: id)
    }

    /// Touch `id` is a pointer touch, but its event holds no button (R278).
    public static func pointerWithoutButton(_ id: Int) -> DispatchError {
        DispatchError(.pointerWithoutButton, touchID: id)
    }

    /// A hover or scroll input that does not fit the pointer's state (R268, R272, R279);
    /// `problem` says what.
    public static func pointerSequence(_ problem: String) -> DispatchError {
        DispatchError(.pointerSequence, detail: problem)
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
        case .noWindow: return "touch \(id) began while the environment has no window: add a window before dispatching"
        case .pointerWithoutButton:
            return "touch \(id) is a pointer touch but its event holds no button (a pointer with no button down is hover input)"
        case .pointerSequence: return "pointer input out of sequence: \(detail ?? "?")"
        case .timersDidNotSettle:
            let instant = clockTime.map { "\($0)" } ?? "?"
            let count = firings.map(String.init) ?? "?"
            return "timers did not settle: \(count) timers scheduled at \(instant) s fired at that instant and still more were due"
        }
    }
}
