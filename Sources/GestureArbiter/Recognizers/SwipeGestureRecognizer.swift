/// A discrete recognizer for a quick straight flick in one or more directions: UIKit's
/// `UISwipeGestureRecognizer`.
///
/// The swipe recognizes **during** a move, fingers still down, once every required finger has
/// travelled far enough along an allowed direction while staying close enough to its axis (R160).
/// Both limits decay over the first 0.5 s after the touch-down (R157): with `t` capped at 0.5 s,
/// a finger must travel at least `50 × (1 − 0.94 t)` pt along the direction and may stray at most
/// `50 × (1 − 0.98 t)` pt across it. A fast swipe needs a long path but may be sloppy; a slow
/// one needs less travel but a straighter path:
///
/// | t (s) | 0 | 0.1 | 0.25 | 0.5 and later |
/// |---|---|---|---|---|
/// | least travel along the direction (pt) | 50 | 45.3 | 38.25 | 26.5 |
/// | most travel across it (pt) | 50 | 45.1 | 37.75 | 25.5 |
///
/// It fails (R158-R162):
/// - at a move more than 0.5 s after the start (strictly more: a move at exactly 0.5 s may
///   still recognize);
/// - at a move that takes a finger behind its touch-down against a single direction of an axis
///   (any amount: a swipe right fails on 0.1 pt to the left), or farther across the axis than the
///   limit above;
/// - when its last finger lifts or is cancelled before it recognized: the position a lift carries
///   is never tested, so a swipe must recognize on a move.
///
/// A finger more than ``numberOfTouchesRequired``, or a finger lifting while others stay, marks
/// the swipe as failing: it then never recognizes and fails at the next move after 0.5 s or when
/// its last finger lifts (R162). There is **no timer** (R158, R185): a swipe whose fingers rest
/// stays possible, so a recognizer that requires it to fail waits for a move or a lift.
///
/// Example: `down (100,300) @0`, `move (115,300) @16ms`, `move (135,300) @33ms`,
/// `move (160,300) @50ms` → recognized at 50 ms (60 pt ≥ 47.65 pt), finger still down.
///
/// Use one recognizer per axis: a ``direction`` with a horizontal and a vertical bit recognizes
/// horizontal swipes only (R161).
///
/// A value no swipe can satisfy is accepted, never trapped on, and gives a swipe that never
/// recognizes (R188): an empty ``direction`` or one with no known bit stays possible until its
/// fingers lift, then fails; a ``numberOfTouchesRequired`` below 1 is marked failing by its first
/// finger and fails when that finger lifts. Touch coordinates are always finite (the environment
/// rejects NaN and infinite locations), so the limits never compare with NaN.
///
/// > UIKit: ``location(in:)`` with a nil view returns where the swipe began in window
/// > coordinates, as nil means for every other recognizer; UIKit's swipe returns (0, 0) (R186).
/// > ``GestureRecognizer/numberOfTouches`` counts every finger the swipe receives, including one
/// > that arrived beyond ``numberOfTouchesRequired`` and marked it failing; UIKit counts only the
/// > fingers it tracks (R164).
///
/// Rule: R155-R167, R185, R186, R188.
public final class SwipeGestureRecognizer: GestureRecognizer {
    /// The stored state of this class that the dispatch path reads and writes at every event,
    /// in one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let swipeFields = UncheckedExclusivityCell(SwipeFields())
    /// The fields of `swipeFields`: the stored properties they replace, with their defaults.
    private struct SwipeFields: ~Copyable {
        var direction: Direction = .right
        var numberOfTouchesRequired: Int = 1
        var failureReason: FailureReason?
        var tracks: [Track] = []
        var startLocation: Point = .zero
        var startTime: Timestamp = .zero
        var previousTime: Timestamp = .zero
        var isMarkedFailed: Bool = false
        var lastTravel: Double = 0.0
        var lastNeeded: Double = 0.0
    }

    /// The directions a swipe may go: UIKit's `UISwipeGestureRecognizer.Direction` (R155).
    ///
    /// Raw values as in UIKit: right 1, left 2, up 4, down 8. Any raw value is accepted; bits other
    /// than these four are ignored, and a value with none of them never recognizes (R161, R188).
    public struct Direction: OptionSet, Hashable, Sendable, CustomStringConvertible {
        /// The bits of the set.
        public let rawValue: UInt

        /// Creates a set from raw bits (unknown bits are kept, and never match a swipe).
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Toward larger x.
        public static let right = Direction(rawValue: 1)
        /// Toward smaller x.
        public static let left = Direction(rawValue: 2)
        /// Toward smaller y (up the screen).
        public static let up = Direction(rawValue: 4)
        /// Toward larger y (down the screen).
        public static let down = Direction(rawValue: 8)

        /// The known directions joined with `+` (`right+down`), or `none`.
        public var description: String {
            var names: [String] = []
            if contains(.right) { names.append("right") }
            if contains(.left) { names.append("left") }
            if contains(.up) { names.append("up") }
            if contains(.down) { names.append("down") }
            return names.isEmpty ? "none" : names.joined(separator: "+")
        }
    }

    /// An axis of the screen, for ``FailureReason/offAxis(touchID:offset:limit:axis:)``.
    public enum Axis: Hashable, Sendable, CustomStringConvertible {
        /// Left-right.
        case horizontal
        /// Up-down.
        case vertical

        /// `horizontal` or `vertical`.
        public var description: String { self == .horizontal ? "horizontal" : "vertical" }
    }

    /// Why the current attempt failed, or was marked to fail (R158-R162, R188).
    ///
    /// `gesture-trace --explain` prints it after the line of the swipe's failure.
    public enum FailureReason: Hashable, Sendable, CustomStringConvertible {
        /// More fingers arrived than ``SwipeGestureRecognizer/numberOfTouchesRequired`` (R162).
        case tooManyTouches(count: Int, required: Int)
        /// ``SwipeGestureRecognizer/numberOfTouchesRequired`` is below 1: no swipe can satisfy it (R188).
        case noTouchRequired(required: Int)
        /// A move came more than 0.5 s after the start without a recognition (R158): too slow.
        case tooSlow(elapsed: Duration)
        /// A finger went behind its touch-down against a single direction of an axis (R159).
        case movedBackward(touchID: Int, distance: Double, direction: Direction)
        /// A finger strayed farther across the axis than the limit at that time (R159, R161).
        case offAxis(touchID: Int, offset: Double, limit: Double, axis: Axis)
        /// A finger lifted or was cancelled while others stayed (R162).
        case fingerLifted(touchID: Int)
        /// A finger was passed to ``GestureRecognizer/ignore(_:for:)`` (R26, R162).
        case touchIgnored(touchID: Int)
        /// The last finger lifted or was cancelled before a move recognized the swipe (R158,
        /// R162): at the last move the farthest travel along an allowed direction was `travel`
        /// pt where `needed` pt were needed (both 0 when no move came).
        case liftedBeforeRecognizing(travel: Double, needed: Double)
        /// ``SwipeGestureRecognizer/direction`` has none of the four known bits (R161, R188).
        case noDirection(rawValue: UInt)

        /// The reason in words, for `--explain`.
        public var description: String {
            switch self {
            case let .tooManyTouches(count, required):
                return "\(count) fingers where \(required) \(required == 1 ? "is" : "are") required"
            case let .noTouchRequired(required):
                return "numberOfTouchesRequired is \(required), which no swipe can satisfy"
            case let .tooSlow(elapsed):
                return "too slow: a move \(Self.format(elapsed.secondsValue)) s after the start, past the 0.5 s limit"
            case let .movedBackward(touchID, distance, direction):
                return "wrong direction: touch \(touchID) moved \(Self.format(distance)) pt against \(direction)"
            case let .offAxis(touchID, offset, limit, axis):
                return "touch \(touchID) is \(Self.format(offset)) pt off the \(axis) axis, more than the \(Self.format(limit)) pt allowed then"
            case let .fingerLifted(touchID):
                return "touch \(touchID) lifted while other fingers stayed down"
            case let .touchIgnored(touchID):
                return "touch \(touchID) was ignored"
            case let .liftedBeforeRecognizing(travel, needed):
                if needed == 0 { return "too short: the fingers lifted before any move" }
                return "too short: the fingers lifted before a move recognized it; the last move reached "
                    + "\(Self.format(travel)) pt along an allowed direction of the \(Self.format(needed)) pt needed then"
            case let .noDirection(rawValue):
                return "direction \(rawValue) has no right, left, up or down bit"
            }
        }

        /// At most three decimals, no trailing zeros: `47.65`, `5`, `0.52`.
        private static func format(_ value: Double) -> String {
            let thousandths = (value * 1000).rounded()
            guard thousandths.magnitude < 1e15 else { return "\(value)" }
            let whole = Int64(thousandths)
            let sign = whole < 0 ? "-" : ""
            let magnitude = whole.magnitude
            var fraction = String(magnitude % 1000)
            while fraction.count < 3 { fraction = "0" + fraction }
            while fraction.last == "0" { fraction.removeLast() }
            return sign + String(magnitude / 1000) + (fraction.isEmpty ? "" : "." + fraction)
        }
    }

    /// The directions the swipe may go. Default ``Direction/right`` (R155). Any value is stored
    /// unchanged; see the type's overview for values that never recognize.
    public final var direction: Direction {
        @inline(__always) get { swipeFields.value.direction }
        @inline(__always) set { swipeFields.value.direction = newValue }
    }
    /// How many fingers must swipe together, each on its own (R160). Default 1 (R155). A value
    /// below 1 never recognizes (R188).
    public final var numberOfTouchesRequired: Int {
        @inline(__always) get { swipeFields.value.numberOfTouchesRequired }
        @inline(__always) set { swipeFields.value.numberOfTouchesRequired = newValue }
    }

    /// Why the current attempt failed or was marked to fail; nil while nothing went wrong, and
    /// after the reset that follows the failure (R39). Read it where the failure is reported: a
    /// ``Tracer``'s state-change record, or a delegate or action called in the same pass.
    public private(set) final var failureReason: FailureReason? {
        @inline(__always) get { swipeFields.value.failureReason }
        @inline(__always) set { swipeFields.value.failureReason = newValue }
    }

    /// A finger the swipe tracks: its touch-down and its location at the previous move pass.
    private struct Track {
        let touch: Touch
        let start: Point
        var previous: Point
    }

    private final var tracks: [Track] {
        @inline(__always) _read { yield swipeFields.value.tracks }
        @inline(__always) _modify { yield &swipeFields.value.tracks }
    }
    /// Centroid of the tracked fingers at the last accepted touch-down, window coordinates (R164).
    private final var startLocation: Point {
        @inline(__always) get { swipeFields.value.startLocation }
        @inline(__always) set { swipeFields.value.startLocation = newValue }
    }
    /// Time of the last accepted touch-down (R163).
    private final var startTime: Timestamp {
        @inline(__always) get { swipeFields.value.startTime }
        @inline(__always) set { swipeFields.value.startTime = newValue }
    }
    private final var previousTime: Timestamp {
        @inline(__always) get { swipeFields.value.previousTime }
        @inline(__always) set { swipeFields.value.previousTime = newValue }
    }
    /// R162: set by an extra finger or a partial lift; the swipe can no longer recognize.
    private final var isMarkedFailed: Bool {
        @inline(__always) get { swipeFields.value.isMarkedFailed }
        @inline(__always) set { swipeFields.value.isMarkedFailed = newValue }
    }
    /// For ``FailureReason/liftedBeforeRecognizing(travel:needed:)``: the last move pass's best
    /// travel along an allowed direction and the travel it needed.
    private final var lastTravel: Double {
        @inline(__always) get { swipeFields.value.lastTravel }
        @inline(__always) set { swipeFields.value.lastTravel = newValue }
    }
    private final var lastNeeded: Double {
        @inline(__always) get { swipeFields.value.lastNeeded }
        @inline(__always) set { swipeFields.value.lastNeeded = newValue }
    }

    private static let maximumDurationNanoseconds = GestureDefaults.swipeMaximumDuration.wholeNanoseconds
    private static let decayCapSeconds = GestureDefaults.swipeDecayTimeCap.secondsValue
    private static let minimumRateIntervalSeconds = GestureDefaults.swipeMinimumRateInterval.secondsValue

    /// Creates a one-finger swipe to the right (R155).
    public override init() {
        super.init()
    }

    /// Where the swipe began: the centroid of its fingers at the last accepted touch-down (R164),
    /// in `view`'s space, or in window coordinates when `view` is nil (R186). It does not follow
    /// the fingers. (0, 0) in the window before any finger is accepted.
    ///
    /// > UIKit: a nil view gives (0, 0) in UIKit; here it gives window coordinates (R186).
    public override func location(in view: View?) -> Point {
        guard let view else { return startLocation }
        return view.convert(startLocation, from: nil)
    }

    /// Where tracked finger `index` touched down (R164), fingers in the order the swipe accepted
    /// them (by id within one event). An `index` outside the tracked fingers gives
    /// ``location(in:)`` instead of trapping.
    public override func location(ofTouch index: Int, in view: View?) -> Point {
        guard index >= 0, index < tracks.count else { return location(in: view) }
        let start = tracks[index].start
        guard let view else { return start }
        return view.convert(start, from: nil)
    }

    /// R162, R163: accepts the fingers up to ``numberOfTouchesRequired``; a finger beyond marks it
    /// failing and is not tracked. Each accepted touch-down restarts the clock and the start point.
    public override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if numberOfTouchesRequired < 1 {
            mark(.noTouchRequired(required: numberOfTouchesRequired))
            return
        }
        guard !isMarkedFailed, tracks.count + touches.count <= numberOfTouchesRequired else {
            mark(.tooManyTouches(count: tracks.count + touches.count, required: numberOfTouchesRequired))
            return
        }
        for index in touches.indices {
            let touch = touches[index]
            let location = touch.location(in: nil)
            tracks.append(Track(touch: touch, start: location, previous: location))
        }
        var sumX = 0.0
        var sumY = 0.0
        for track in tracks {
            let location = track.touch.location(in: nil)
            sumX += location.x
            sumY += location.y
        }
        startLocation = Point(x: sumX / Double(tracks.count), y: sumY / Double(tracks.count))
        startTime = event.timestamp
        previousTime = event.timestamp
    }

    /// R157-R161: the duration limit, then every tracked finger against the decayed limits.
    public override func touchesMoved(_ touches: TouchSet, with event: Event) {
        guard !tracks.isEmpty, state == .possible else { return }
        // The newest time among the tracked fingers: the event's time when one of them moved.
        var now = tracks[0].touch.timestamp
        for track in tracks where track.touch.timestamp > now { now = track.touch.timestamp }
        let (gap, overflow) = now.nanoseconds.subtractingReportingOverflow(startTime.nanoseconds)
        let elapsed = overflow ? Int64.max : gap
        if elapsed > Self.maximumDurationNanoseconds {
            fail(.tooSlow(elapsed: .nanoseconds(elapsed)))
            return
        }
        defer { previousTime = now }
        guard !isMarkedFailed else { return }
        let limits = Self.limits(elapsedSeconds: Double(elapsed) / 1e9)
        let (stepGap, stepOverflow) = now.nanoseconds.subtractingReportingOverflow(previousTime.nanoseconds)
        let step = max(stepOverflow ? Double(Int64.max) / 1e9 : Double(stepGap) / 1e9, Self.minimumRateIntervalSeconds)
        var allQualified = tracks.count == numberOfTouchesRequired
        lastTravel = 0
        lastNeeded = limits.minimumPrimary
        for index in tracks.indices {
            let track = tracks[index]
            let location = track.touch.location(in: nil)
            let qualified = evaluate(track, at: location, limits: limits, step: step)
            allQualified = allQualified && qualified
            tracks[index].previous = location
        }
        if allQualified {
            failureReason = nil
            state = .recognized
        } else if isMarkedFailed {
            state = .failed
        }
    }

    /// R162: a lift marks the swipe failing while fingers stay, and fails it with the last one.
    public override func touchesEnded(_ touches: TouchSet, with event: Event) {
        fingersLeft(touches, reason: FailureReason.fingerLifted)
    }

    /// R162: a cancelled finger is handled as a lift.
    public override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        fingersLeft(touches, reason: FailureReason.fingerLifted)
    }

    /// An ignored finger leaves the swipe as a lifted one does while others stay: it marks the
    /// swipe failing (R26, R162). A swipe left with no finger at all, tracked or not, is reset by
    /// the environment at the end of the pass, as every recognizer left without touches is.
    public override func ignore(_ touch: Touch, for event: Event?) {
        let before = attempt
        super.ignore(touch, for: event)
        // Outside a pass, `super` ran a pass of its own, which may have reset this attempt.
        guard attempt == before, state == .possible, let index = tracks.firstIndex(where: { $0.touch === touch }) else { return }
        tracks.remove(at: index)
        mark(.touchIgnored(touchID: touch.id))
    }

    /// Clears the fingers, the start point and the failure mark (R39).
    public override func reset() {
        super.reset()
        tracks.removeAll(keepingCapacity: true)
        startLocation = .zero
        startTime = .zero
        previousTime = .zero
        isMarkedFailed = false
        failureReason = nil
        lastTravel = 0
        lastNeeded = 0
    }

    // MARK: - Private

    /// The limits of R157 at `elapsedSeconds` after the start.
    private struct Limits {
        var minimumPrimary: Double
        var maximumPrimary: Double
        var minimumSecondary: Double
        var maximumSecondary: Double
    }

    private static func limits(elapsedSeconds: Double) -> Limits {
        let tau = min(elapsedSeconds, decayCapSeconds)
        let minimumFactor = 1 - tau * (1 - GestureDefaults.swipeRateOfMinimumMovementDecay)
        let maximumFactor = 1 - tau * (1 - GestureDefaults.swipeRateOfMaximumMovementDecay)
        return Limits(
            minimumPrimary: GestureDefaults.swipeMinimumPrimaryMovement * minimumFactor,
            maximumPrimary: GestureDefaults.swipeMaximumPrimaryMovement * maximumFactor,
            minimumSecondary: GestureDefaults.swipeMinimumSecondaryMovement * minimumFactor,
            maximumSecondary: GestureDefaults.swipeMaximumSecondaryMovement * maximumFactor
        )
    }

    /// R159 for one finger: marks the swipe failing on backward or off-axis movement; returns
    /// whether the finger qualifies on an axis.
    private func evaluate(_ track: Track, at location: Point, limits: Limits, step: Double) -> Bool {
        let dx = location.x - track.start.x
        let dy = location.y - track.start.y
        let id = track.touch.id
        let horizontal = direction.rawValue & 3
        let vertical = direction.rawValue & 12
        let opposite = GestureDefaults.swipeMaximumOppositeMovement
        // Step 1: against a single direction of an axis.
        if horizontal == Direction.right.rawValue, dx < -opposite {
            mark(.movedBackward(touchID: id, distance: -dx, direction: .right))
            return false
        }
        if horizontal == Direction.left.rawValue, dx > opposite {
            mark(.movedBackward(touchID: id, distance: dx, direction: .left))
            return false
        }
        if vertical == Direction.down.rawValue, dy < -opposite {
            mark(.movedBackward(touchID: id, distance: -dy, direction: .down))
            return false
        }
        if vertical == Direction.up.rawValue, dy > opposite {
            mark(.movedBackward(touchID: id, distance: dy, direction: .up))
            return false
        }
        let rate = GestureDefaults.swipeMinimumPrimaryMovementRate
        var qualified = false
        // Step 2: horizontal. A failure here skips the vertical test.
        if horizontal != 0 {
            if abs(dx) > limits.maximumPrimary || abs(dy) > limits.maximumSecondary {
                mark(.offAxis(touchID: id, offset: abs(dy), limit: limits.maximumSecondary, axis: .horizontal))
                return false
            }
            lastTravel = max(lastTravel, abs(dx))
            qualified = abs(dx) >= limits.minimumPrimary && abs(dy) >= limits.minimumSecondary
                && abs(location.x - track.previous.x) / step >= rate
        }
        // Step 3: vertical. A failure here keeps a horizontal qualification.
        if vertical != 0 {
            if abs(dy) > limits.maximumPrimary || abs(dx) > limits.maximumSecondary {
                mark(.offAxis(touchID: id, offset: abs(dx), limit: limits.maximumSecondary, axis: .vertical))
                return qualified
            }
            lastTravel = max(lastTravel, abs(dy))
            if abs(dy) >= limits.minimumPrimary && abs(dx) >= limits.minimumSecondary
                && abs(location.y - track.previous.y) / step >= rate
            {
                qualified = true
            }
        }
        return qualified
    }

    /// Marks the attempt failing (R162); the first reason stays.
    private func mark(_ reason: FailureReason) {
        isMarkedFailed = true
        if failureReason == nil { failureReason = reason }
    }

    /// Fails now with `reason` unless an earlier mark gave one.
    private func fail(_ reason: FailureReason) {
        if failureReason == nil { failureReason = reason }
        state = .failed
    }

    /// R162 (b) for lifted, cancelled fingers.
    private func fingersLeft(_ touches: TouchSet, reason: (Int) -> FailureReason) {
        guard state == .possible else { return }
        var leaving: Int?
        for index in touches.indices {
            let touch = touches[index]
            if let position = tracks.firstIndex(where: { $0.touch === touch }) {
                tracks.remove(at: position)
                leaving = leaving ?? touch.id
            }
        }
        if !tracks.isEmpty {
            if let leaving { mark(reason(leaving)) } else { isMarkedFailed = true }
            return
        }
        if direction.rawValue & 15 == 0 {
            fail(.noDirection(rawValue: direction.rawValue))
        } else {
            fail(.liftedBeforeRecognizing(travel: lastTravel, needed: lastNeeded))
        }
    }
}
