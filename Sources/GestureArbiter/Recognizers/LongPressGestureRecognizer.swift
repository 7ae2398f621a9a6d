/// A continuous recognizer for fingers held still: UIKit's `UILongPressGestureRecognizer`.
///
/// The press begins when ``numberOfTouchesRequired`` fingers have been down, without lifting and
/// without their centroid moving more than ``allowableMovement``, for ``minimumPressDuration``
/// (R140-R143). The duration counts from the touch-down that completes the set of fingers
/// (R141). After it began, movement is free: every move of its fingers sends a changed action
/// (R147), and lifting any of its fingers ends it (R148). Fingers that land after it began play
/// no part (R149).
///
/// It fails before it begins when:
/// - the centroid of its fingers moves strictly more than ``allowableMovement`` from where the
///   press started (R144);
/// - more fingers than ``numberOfTouchesRequired`` are down (R145; with 0 required, the first
///   finger is one too many, R188);
/// - a finger lifts (R146), or its touches are cancelled (R150);
/// - with ``numberOfTapsRequired`` > 0, the taps before the press fail or the press does not
///   touch down within 0.35 s of the last tap's lift (R152).
///
/// ``failureReason`` says which, and `gesture-trace --explain` prints it.
///
/// Example: `down @0 (100,100)` and the finger rests → began at 0.5 s, location (100, 100);
/// `move @0.6 (140,100)` → changed; `up @0.7` → ended. The same finger lifted at 0.3 s fails
/// there.
///
/// Its timers (the press duration, and the tap windows when taps are required) are the
/// recognizer's timer (``GestureRecognizer/startTimer(after:)``), so they run on the environment's
/// clock with exact expiry (R184): a lift stamped exactly at the press's deadline comes after the
/// timer, so the press begins and ends at that same time.
///
/// A long press does not prevent a long press with the same number of fingers that needs more
/// taps (R153). Otherwise it is an ordinary exclusive recognizer (R154): when it begins it makes
/// a tap still waiting on the same finger fail, and a pan that requires nothing begins when the
/// finger moves, as the move fails the long press. A long press that requires a pan to fail
/// waits while the finger rests (a resting pan never fails) and publishes only at the lift.
///
/// Values out of range never trap; each property says what it does with them.
///
/// > UIKit: ``GestureRecognizer/numberOfTouches`` counts the live touches the long press tracks
/// > (R42), so it is 1 while one of two required fingers is down, where UIKit reports 0 until
/// > the set is complete; and it leaves out a finger once it has lifted.
///
/// Rule: R140-R154, R184, R188.
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// The stored state of this class that the dispatch path reads and writes at every event,
    /// in one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let longPressFields = UncheckedExclusivityCell(LongPressFields())
    /// The fields of `longPressFields`: the stored properties they replace, with their defaults.
    private struct LongPressFields: ~Copyable {
        var minimumPressDuration: Duration = GestureDefaults.longPressMinimumPressDuration
        var allowableMovement: Double = GestureDefaults.longPressAllowableMovement
        var numberOfTapsRequired: Int = GestureDefaults.longPressNumberOfTapsRequired
        var numberOfTouchesRequired: Int = GestureDefaults.longPressNumberOfTouchesRequired
        var failureReason: FailureReason?
        var phase: Phase = .idle
        var activeTouches: [Touch] = []
        var pressTouches: [Touch] = []
        var startPoint: Point?
        var startTime: Timestamp?
        var tapStart: Point?
        var lastLocation: Point?
    }

    /// How long the fingers must be held, from the touch-down that completes the set of fingers
    /// (R141). Default 0.5 s (R140). Zero or a negative duration: the press begins in that
    /// touch-down's pass, with no timer (R142). An enormous one saturates (the press never begins
    /// in practice).
    public var minimumPressDuration: Duration {
        @inline(__always) get { longPressFields.value.minimumPressDuration }
        @inline(__always) set { longPressFields.value.minimumPressDuration = newValue }
    }
    /// How far, in points, the fingers' centroid may move from where the press started before
    /// it begins; moving strictly farther fails (R144). Default 10 (R140). A negative value,
    /// infinity or NaN turns the check off (as a negative value does in UIKit). It no longer
    /// applies once the press began (R147).
    public var allowableMovement: Double {
        @inline(__always) get { longPressFields.value.allowableMovement }
        @inline(__always) set { longPressFields.value.allowableMovement = newValue }
    }
    /// How many full one-finger taps must come before the press (R152). Default 0 (R140). Zero or
    /// a negative number: no taps.
    public var numberOfTapsRequired: Int {
        @inline(__always) get { longPressFields.value.numberOfTapsRequired }
        @inline(__always) set { longPressFields.value.numberOfTapsRequired = newValue }
    }
    /// How many fingers must be held (R141). Default 1 (R140). Zero or a negative number is
    /// accepted and never recognizes: the first finger is one too many (R145, R188).
    public var numberOfTouchesRequired: Int {
        @inline(__always) get { longPressFields.value.numberOfTouchesRequired }
        @inline(__always) set { longPressFields.value.numberOfTouchesRequired = newValue }
    }

    /// Why a long press failed by its own rules.
    ///
    /// Failures decided by others (excluded by another recognizer, a recognizer it requires to
    /// fail that began or recognized, a `gestureRecognizerShouldBegin` that answered no, disabling
    /// or removal) have no reason here: the trace's state change gives their cause.
    public enum FailureReason: Hashable, Sendable, CustomStringConvertible {
        /// The fingers' centroid moved `distance` points from the press's start, more than
        /// `allowed` (``allowableMovement``), before the press began (R144).
        case tooMuchMovement(distance: Double, allowed: Double)
        /// `count` fingers were down, more than `required` (``numberOfTouchesRequired``) (R145,
        /// R188).
        case tooManyTouches(count: Int, required: Int)
        /// A finger lifted while only `down` of the `required` fingers were down, before the
        /// press could start (R146).
        case liftedBeforeAllFingersDown(down: Int, required: Int)
        /// A finger lifted `heldFor` after the press started, before `minimum`
        /// (``minimumPressDuration``) had passed (R146).
        case liftedTooSoon(heldFor: Duration, minimum: Duration)
        /// Its touches were cancelled before the press began (R150).
        case touchesCancelled
        /// A finger it tracked was passed to ``GestureRecognizer/ignore(_:for:)`` before the press
        /// began, so it could never see that finger lift (R26).
        case touchIgnored
        /// Tap `tap` (counting from 1) moved `distance` points from the first tap's start, more
        /// than the taps' allowance of 45 pt (R152, R90).
        case tapMovedTooFar(tap: Int, distance: Double)
        /// A tap before the press had more than one finger down (R152, R84).
        case tapHadTooManyTouches
        /// A tap's finger stayed down longer than a tap may, 1.5 s (R152, R89).
        case tapHeldTooLong
        /// The next tap did not touch down within 0.35 s of the previous tap's lift (R152, R88).
        case tooLongBetweenTaps
        /// The press did not touch down within 0.35 s of the last tap's lift (R152).
        case pressTooLate

        /// The reason in words, with its rule, for example
        /// `the fingers' centroid moved 11 pt from the press's start, more than allowableMovement (10 pt), before the press began (R144)`.
        public var description: String {
            switch self {
            case let .tooMuchMovement(distance, allowed):
                return "the fingers' centroid moved \(points(distance)) from the press's start, "
                    + "more than allowableMovement (\(points(allowed))), before the press began (R144)"
            case let .tooManyTouches(count, required):
                return "\(count) \(count == 1 ? "finger was" : "fingers were") down, "
                    + "more than numberOfTouchesRequired (\(required)) (R145\(required <= 0 ? ", R188" : ""))"
            case let .liftedBeforeAllFingersDown(down, required):
                return "a finger lifted with \(down) of the \(required) required fingers down, before the press started (R146)"
            case let .liftedTooSoon(heldFor, minimum):
                return "a finger lifted \(seconds(heldFor)) after the press started, "
                    + "before minimumPressDuration (\(seconds(minimum))) had passed (R146)"
            case .touchesCancelled:
                return "its touches were cancelled before the press began (R150)"
            case .touchIgnored:
                return "a finger it tracked was ignored before the press began (R26)"
            case let .tapMovedTooFar(tap, distance):
                return "tap \(tap) before the press moved \(points(distance)) from the first tap's start, more than 45 pt (R152, R90)"
            case .tapHadTooManyTouches:
                return "a second finger touched down during a tap before the press; those taps take one finger (R152, R84)"
            case .tapHeldTooLong:
                return "a tap before the press stayed down longer than 1.5 s (R152, R89)"
            case .tooLongBetweenTaps:
                return "the next tap before the press did not touch down within 0.35 s of the previous lift (R152, R88)"
            case .pressTooLate:
                return "the press did not touch down within 0.35 s of the last tap's lift (R152)"
            }
        }
    }

    /// Why the latest attempt failed by the long press's own rules, or nil: it has not failed,
    /// or something else failed it (see ``FailureReason``). Kept after the reset that follows
    /// the failure, until the next attempt's first touch-down.
    public private(set) var failureReason: FailureReason? {
        @inline(__always) get { longPressFields.value.failureReason }
        @inline(__always) set { longPressFields.value.failureReason = newValue }
    }

    /// Where the attempt is.
    private enum Phase {
        /// No touch yet in this attempt.
        case idle
        /// Taps before the press (R152): `completed` done; `finger` is down in the current tap.
        case taps(completed: Int, finger: Touch?)
        /// The taps are done; the press must touch down before the timer fires.
        case waitingForPress
        /// The press: fingers gather, then the press timer runs.
        case press
    }

    private var phase: Phase {
        @inline(__always) get { longPressFields.value.phase }
        @inline(__always) set { longPressFields.value.phase = newValue }
    }
    /// The press's fingers that are down and not ignored, in touch-down order.
    private var activeTouches: [Touch] {
        @inline(__always) _read { yield longPressFields.value.activeTouches }
        @inline(__always) _modify { yield &longPressFields.value.activeTouches }
    }
    /// The press's tracked set, captured when the required set is complete (R141).
    private var pressTouches: [Touch] {
        @inline(__always) _read { yield longPressFields.value.pressTouches }
        @inline(__always) _modify { yield &longPressFields.value.pressTouches }
    }
    /// The centroid of the tracked set when it was captured (R141).
    private var startPoint: Point? {
        @inline(__always) get { longPressFields.value.startPoint }
        @inline(__always) set { longPressFields.value.startPoint = newValue }
    }
    /// When the tracked set was captured.
    private var startTime: Timestamp? {
        @inline(__always) get { longPressFields.value.startTime }
        @inline(__always) set { longPressFields.value.startTime = newValue }
    }
    /// Where the first tap before the press touched down (R152).
    private var tapStart: Point? {
        @inline(__always) get { longPressFields.value.tapStart }
        @inline(__always) set { longPressFields.value.tapStart = newValue }
    }
    /// The location after every tracked finger was ignored.
    private var lastLocation: Point? {
        @inline(__always) get { longPressFields.value.lastLocation }
        @inline(__always) set { longPressFields.value.lastLocation = newValue }
    }

    /// Creates a one-finger long press with UIKit's defaults: 0.5 s, 10 pt, no taps (R140).
    public override init() {
        super.init()
    }

    /// The centroid of the tracked set's current locations, in `view`'s space (window space when
    /// nil); at the end, the lifting finger counts with its final position (R151). Before the set
    /// is complete, the centroid of the fingers down.
    ///
    /// > UIKit: before the set is complete UIKit reports its internal tap recognizer's location;
    /// > the library reports the fingers' centroid (R151).
    public override func location(in view: View?) -> Point {
        let inWindow: Point
        if !pressTouches.isEmpty {
            inWindow = pressTouches.centroid
        } else if !activeTouches.isEmpty {
            inWindow = activeTouches.centroid
        } else if let lastLocation {
            inWindow = lastLocation
        } else {
            return super.location(in: view)
        }
        guard let view else { return inWindow }
        return view.convert(inWindow, from: nil)
    }

    /// R141, R142, R145, R149, R152, R188: a touch-down counts toward the taps or the press; one
    /// too many fails; after the press began, new fingers are ignored.
    public override func touchesBegan(_ touches: TouchSet, with event: Event) {
        switch state {
        case .began, .changed:
            // R149: extra fingers after Began play no part.
            for index in touches.indices { ignore(touches[index], for: event) }
            return
        case .possible:
            break
        case .ended, .cancelled, .failed:
            return
        }
        if case .idle = phase {
            failureReason = nil
            guard numberOfTouchesRequired > 0 else {
                // R188: a long press that needs no finger fails at its first touch-down.
                fail(.tooManyTouches(count: touches.count, required: numberOfTouchesRequired))
                return
            }
            phase = numberOfTapsRequired > 0 ? .taps(completed: 0, finger: nil) : .press
        }
        switch phase {
        case let .taps(completed, finger):
            tapBegan(touches, completed: completed, fingerDown: finger != nil)
        case .waitingForPress:
            cancelTimer()
            phase = .press
            pressBegan(touches)
        case .press:
            pressBegan(touches)
        case .idle:
            break
        }
    }

    /// R144, R147: before the press began, the centroid must stay within ``allowableMovement``;
    /// after, every move sends a changed action.
    public override func touchesMoved(_ touches: TouchSet, with event: Event) {
        switch state {
        case .possible:
            switch phase {
            case let .taps(completed, finger?):
                checkTapMovement(of: finger, tap: completed + 1)
            case .press:
                // R144 (b): nothing to measure before the set is complete; (c) a negative (or NaN)
                // allowance turns the check off.
                guard let startPoint, allowableMovement >= 0 else { return }
                let distance = pressTouches.centroid.distance(to: startPoint)
                if distance > allowableMovement {
                    fail(.tooMuchMovement(distance: distance, allowed: allowableMovement))
                }
            case .idle, .taps, .waitingForPress:
                break
            }
        case .began, .changed:
            reportChange()
        case .ended, .cancelled, .failed:
            break
        }
    }

    /// R146, R148, R152: a lift before the press began fails it (except the lift that completes a
    /// tap before the press); after, the lift of any of its fingers ends it.
    public override func touchesEnded(_ touches: TouchSet, with event: Event) {
        switch state {
        case .possible:
            if case let .taps(completed, finger?) = phase, touches.contains(finger) {
                tapEnded(finger, completed: completed)
            } else if let startTime, let now = currentTime {
                fail(.liftedTooSoon(heldFor: now - startTime, minimum: minimumPressDuration))
            } else {
                fail(.liftedBeforeAllFingersDown(down: activeTouches.count, required: numberOfTouchesRequired))
            }
        case .began, .changed:
            state = .ended
        case .ended, .cancelled, .failed:
            break
        }
    }

    /// R150: a cancelled touch fails a long press that has not begun and cancels one that has.
    public override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        if state == .possible { failureReason = .touchesCancelled }
        cancelTimer()
        super.touchesCancelled(touches, with: event)
    }

    /// R143, R152: the press timer begins the press; a tap window that expires fails it.
    public override func timerDidFire() {
        guard state == .possible else { return }
        switch phase {
        case .press:
            beginIfComplete()
        case .taps(_, _?):
            fail(.tapHeldTooLong)
        case .taps(_, nil):
            fail(.tooLongBetweenTaps)
        case .waitingForPress:
            fail(.pressTooLate)
        case .idle:
            break
        }
    }

    /// An ignored finger is forgotten (R26): before the press began the long press fails, as it
    /// could never see that finger lift; after, it ends, as a lifted finger ends it (R148).
    /// Ignoring a finger it does not track (one that landed after it began, R149, or a tap's
    /// finger that already lifted) changes nothing.
    public override func ignore(_ touch: Touch, for event: Event?) {
        super.ignore(touch, for: event)
        var wasTracked = false
        if let index = activeTouches.firstIndex(where: { $0 === touch }) {
            activeTouches.remove(at: index)
            wasTracked = true
        }
        if let index = pressTouches.firstIndex(where: { $0 === touch }) {
            lastLocation = pressTouches.centroid
            pressTouches.remove(at: index)
            wasTracked = true
        }
        if case let .taps(completed, finger?) = phase, finger === touch {
            phase = .taps(completed: completed, finger: nil)
            wasTracked = true
        }
        guard wasTracked else { return }
        switch state {
        case .possible: fail(.touchIgnored)
        case .began, .changed: state = .ended
        case .ended, .cancelled, .failed: break
        }
    }

    /// Clears the attempt: taps, fingers, start point (R39). ``failureReason`` stays until the
    /// next attempt begins.
    public override func reset() {
        super.reset()
        phase = .idle
        activeTouches.removeAll(keepingCapacity: true)
        pressTouches.removeAll(keepingCapacity: true)
        startPoint = nil
        startTime = nil
        tapStart = nil
        lastLocation = nil
    }

    /// R153: a long press never prevents a long press with the same number of fingers that
    /// needs more taps.
    public override func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool {
        if let other = preventedGestureRecognizer as? LongPressGestureRecognizer,
            other.numberOfTouchesRequired == numberOfTouchesRequired,
            other.numberOfTapsRequired > numberOfTapsRequired
        {
            return false
        }
        return super.canPrevent(preventedGestureRecognizer)
    }

    /// R264: a tap cannot prevent a long press with the same number of fingers that needs at
    /// least as many taps, whatever its buttons: a single tap recognized at the first lift leaves
    /// a tap-then-press long press waiting for its press. UIKit says so in the tap's
    /// `canPreventGestureRecognizer:`; here the long press says it, so that a tap's
    /// ``TapGestureRecognizer/canPrevent(_:)`` costs nothing more against other recognizers.
    public override func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool {
        if let tap = preventingGestureRecognizer.asTapGestureRecognizer,
            tap.numberOfTouchesRequired == numberOfTouchesRequired,
            numberOfTapsRequired >= tap.numberOfTapsRequired
        {
            return false
        }
        return super.canBePrevented(by: preventingGestureRecognizer)
    }

    // MARK: - Press phase

    /// R141, R142, R145: the fingers gather; the one that completes the set starts the timer.
    private func pressBegan(_ touches: TouchSet) {
        for index in touches.indices { activeTouches.append(touches[index]) }
        guard activeTouches.count <= numberOfTouchesRequired else {
            fail(.tooManyTouches(count: activeTouches.count, required: numberOfTouchesRequired))
            return
        }
        guard activeTouches.count == numberOfTouchesRequired else { return }
        pressTouches.removeAll(keepingCapacity: true)
        for touch in activeTouches { pressTouches.append(touch) }
        startPoint = pressTouches.centroid
        startTime = currentTime
        if minimumPressDuration <= .zero {
            beginIfComplete()
        } else {
            startTimer(after: minimumPressDuration)
        }
    }

    /// R143: the set is complete and nothing failed it: began.
    private func beginIfComplete() {
        guard !pressTouches.isEmpty, activeTouches.count == numberOfTouchesRequired else { return }
        state = .began
    }

    // MARK: - Tap phase (R152)

    /// A tap's finger touched down: one finger per tap, near the first tap's start.
    private func tapBegan(_ touches: TouchSet, completed: Int, fingerDown: Bool) {
        guard !fingerDown, touches.count == 1 else {
            fail(.tapHadTooManyTouches)
            return
        }
        let finger = touches[touches.startIndex]
        phase = .taps(completed: completed, finger: finger)
        if completed == 0 {
            tapStart = finger.currentLocation
        } else if checkTapMovement(of: finger, tap: completed + 1) {
            return
        }
        startTimer(after: GestureDefaults.maximumTapDuration)
    }

    /// Fails the long press when `finger` is strictly more than the taps' allowance from the
    /// first tap's start; returns whether it did.
    @discardableResult
    private func checkTapMovement(of finger: Touch, tap: Int) -> Bool {
        guard let tapStart else { return false }
        let distance = finger.currentLocation.distance(to: tapStart)
        guard distance > GestureDefaults.longPressTapAllowableMovement else { return false }
        fail(.tapMovedTooFar(tap: tap, distance: distance))
        return true
    }

    /// A tap's finger lifted: the tap counts; after the last one the press must follow soon.
    private func tapEnded(_ finger: Touch, completed: Int) {
        if checkTapMovement(of: finger, tap: completed + 1) { return }
        let done = completed + 1
        if done >= numberOfTapsRequired {
            phase = .waitingForPress
            startTimer(after: GestureDefaults.longPressTapToPressInterval)
        } else {
            phase = .taps(completed: done, finger: nil)
            startTimer(after: GestureDefaults.maximumIntervalBetweenSuccessiveTaps)
        }
    }

    // MARK: - Helpers

    /// Fails the attempt with `reason`, stopping its timer.
    private func fail(_ reason: FailureReason) {
        cancelTimer()
        guard state == .possible else { return }
        failureReason = reason
        state = .failed
    }
}

/// `11 pt`, `10.5 pt`: a distance in points, whole numbers without a fraction, others to 0.01.
private func points(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return "\(Int64(value)) pt" }
    let rounded = (value * 100).rounded() / 100
    return "\(rounded) pt"
}

/// `0.5 s`, `0.499999999 s`: a duration in seconds, without trailing zeros, to the nanosecond.
private func seconds(_ duration: Duration) -> String {
    let (whole, attoseconds) = duration.components
    let nanoseconds = attoseconds / 1_000_000_000
    guard nanoseconds != 0 else { return "\(whole) s" }
    var fraction = String(nanoseconds.magnitude)
    fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    let sign = whole < 0 || nanoseconds < 0 ? "-" : ""
    return "\(sign)\(whole.magnitude).\(fraction) s"
}
