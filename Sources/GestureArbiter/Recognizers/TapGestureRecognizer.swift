/// A discrete recognizer for one or more taps of one or more fingers: UIKit's
/// `UITapGestureRecognizer`. Double tap is this class with ``numberOfTapsRequired`` = 2.
///
/// A tap is: the required number of fingers down (never more at once), then all lifted. The
/// recognizer counts taps itself (R82):
/// - each tap must lift within ``maximumTapDuration`` of its first touch-down (R84, R89);
/// - the next tap must touch down within ``maximumIntervalBetweenSuccessiveTaps`` of the last
///   lift-off (R86, R88);
/// - one finger must stay within ``allowableMovement`` of the first tap's start, moving
///   strictly farther fails (R84, R85, R90); several fingers fail when the centroid of those
///   still down moves strictly farther than that from where those same fingers landed, and
///   lifting a finger is never movement, so the fingers may lift one at a time whatever their
///   distance apart (R124);
/// - the required number of taps is recognized at the last lift-off (R86); a timer that
///   expires fails it at exactly its deadline, and so does a cancelled touch (the inherited
///   `touchesCancelled`) (R87).
///
/// Example, double tap: `down 1 @0ms, up 1 @80ms, down 2 @200ms, up 2 @280ms` → recognized at
/// 280 ms. `down 1 @0ms, up 1 @100ms` and nothing more → failed at 450 ms.
///
/// A tap never prevents a tap of the same finger count that needs more taps (R83), so a
/// recognized single tap does not fail a pending double tap; a double tap does fail a single
/// tap. To get only one of them, make the single tap `require(toFail:)` the double tap (R58).
/// Nor does it prevent a ``LongPressGestureRecognizer`` with the same
/// ``numberOfTouchesRequired`` whose ``LongPressGestureRecognizer/numberOfTapsRequired`` is at
/// least its own (R264): a single tap recognized at the first lift leaves a tap-then-press long
/// press waiting for its press. A long press with fewer taps (the default, none) it does prevent.
/// (The long press says so, in its ``LongPressGestureRecognizer/canBePrevented(by:)``, so that a
/// tap's ``canPrevent(_:)`` stays one class test on the hot path.)
///
/// A click of a mouse or trackpad (a pointer touch) counts as a finger when it holds exactly
/// ``buttonMaskRequired`` (R281, R284).
///
/// Rule: R81-R92, R124, R264, R281, R284.
open class TapGestureRecognizer: GestureRecognizer {
    /// The stored state of this class that the dispatch path reads and writes at every event,
    /// in one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let tapFields = UncheckedExclusivityCell(TapFields())
    /// The fields of `tapFields`: the stored properties they replace, with their defaults.
    private struct TapFields: ~Copyable {
        var numberOfTapsRequired: Int = 1
        var numberOfTouchesRequired: Int = 1
        var maximumIntervalBetweenSuccessiveTaps: Duration = GestureDefaults.maximumIntervalBetweenSuccessiveTaps
        var maximumTapDuration: Duration = GestureDefaults.maximumTapDuration
        var allowableMovement: Double = GestureDefaults.tapAllowableMovement
        var buttonMaskRequired: Event.ButtonMask = .primary
        var progress: Progress = .idle
        /// The fingers down, unowned: each is also among the recognizer's tracked touches,
        /// which the environment keeps alive until the recognizer resets.
        var activeTouches = UnownedList<Touch>()
        /// The attempt (``GestureRecognizer/attempt``) whose fingers `activeTouches` lists.
        var activeAttempt: UInt64 = 0
        var startPoint: Point?
        var recognizedLocation: Point?
    }

    /// How many taps make the gesture. Default 1.
    public final var numberOfTapsRequired: Int {
        @inline(__always) get { tapFields.value.numberOfTapsRequired }
        @inline(__always) set { tapFields.value.numberOfTapsRequired = newValue }
    }
    /// How many fingers each tap needs. Default 1.
    public final var numberOfTouchesRequired: Int {
        @inline(__always) get { tapFields.value.numberOfTouchesRequired }
        @inline(__always) set { tapFields.value.numberOfTouchesRequired = newValue }
    }
    /// The longest wait from a lift-off to the next tap's touch-down. Default 0.35 s (R88).
    public final var maximumIntervalBetweenSuccessiveTaps: Duration {
        @inline(__always) get { tapFields.value.maximumIntervalBetweenSuccessiveTaps }
        @inline(__always) set { tapFields.value.maximumIntervalBetweenSuccessiveTaps = newValue }
    }
    /// The longest a tap's fingers may stay down. Default 1.5 s (R89).
    public final var maximumTapDuration: Duration {
        @inline(__always) get { tapFields.value.maximumTapDuration }
        @inline(__always) set { tapFields.value.maximumTapDuration = newValue }
    }
    /// How far, in points, a tap's fingers may move: one finger from the first tap's start
    /// (R85), several fingers as the centroid of those still down from where they landed
    /// (R124). Default 45 (R90).
    public final var allowableMovement: Double {
        @inline(__always) get { tapFields.value.allowableMovement }
        @inline(__always) set { tapFields.value.allowableMovement = newValue }
    }
    /// The buttons a click must hold for the tap: a pointer touch whose touch-down holds other
    /// buttons fails the tap there. No effect on finger and stylus touches. Default `.primary`;
    /// an empty mask is ignored (UIKit asserts). Unless ``GestureRecognizer/allowedButtonMask`` is
    /// set, the tap takes exactly the clicks of these buttons, so a `.secondary` tap catches a
    /// right click (R284).
    ///
    /// Rule: R264, R281, R284.
    public final var buttonMaskRequired: Event.ButtonMask {
        @inline(__always) get { tapFields.value.buttonMaskRequired }
        set {
            let oldValue = tapFields.value.buttonMaskRequired
            tapFields.value.buttonMaskRequired = newValue
            if buttonMaskRequired.isEmpty { tapFields.value.buttonMaskRequired = oldValue }
        }
    }

    override var defaultAllowedButtonMask: Event.ButtonMask { buttonMaskRequired }

    /// Where the gesture is in its taps.
    private enum Progress {
        /// No tap has started.
        case idle
        /// A tap is under way: `completed` taps done before it, `touches` fingers took part so
        /// far, `maximumDown` the most that were down at once.
        case down(completed: Int, touches: Int, maximumDown: Int)
        /// `completed` taps done; waiting for the next touch-down.
        case waitingForNext(completed: Int)
    }

    private final var progress: Progress {
        @inline(__always) get { tapFields.value.progress }
        @inline(__always) set { tapFields.value.progress = newValue }
    }
    private final var activeTouches: UnownedList<Touch> {
        @inline(__always) _read { yield tapFields.value.activeTouches }
        @inline(__always) _modify { yield &tapFields.value.activeTouches }
    }
    private final var startPoint: Point? {
        @inline(__always) get { tapFields.value.startPoint }
        @inline(__always) set { tapFields.value.startPoint = newValue }
    }
    private final var recognizedLocation: Point? {
        @inline(__always) get { tapFields.value.recognizedLocation }
        @inline(__always) set { tapFields.value.recognizedLocation = newValue }
    }

    /// Creates a single-tap, single-finger recognizer.
    public override init() {
        super.init()
    }

    /// The centroid at recognition once recognized (R42), else the centroid of the touches.
    open override func location(in view: View?) -> Point {
        guard let recognizedLocation else { return super.location(in: view) }
        guard let view else { return recognizedLocation }
        return view.convert(recognizedLocation, from: nil)
    }

    /// R84.
    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        // R281: a click of other buttons than the required ones fails the tap at its touch-down.
        if touches[0].type == .indirectPointer, touches[0].buttonMaskAtBegan != buttonMaskRequired {
            setState(.failed, because: "the click's buttons are not its buttonMaskRequired (R281)")
            return
        }
        // Fingers of an earlier attempt, left by a subclass whose `reset()` skipped super's,
        // are dropped unread: the list does not keep them alive.
        if tapFields.value.activeAttempt != attempt {
            activeTouches.removeAll()
            tapFields.value.activeAttempt = attempt
        }
        let wasIdleBetweenTaps = activeTouches.isEmpty
        for index in touches.indices { activeTouches.append(UnownedReference(touches[index])) }
        guard activeTouches.count <= numberOfTouchesRequired else {
            state = .failed
            return
        }
        var completed = 0
        var tapTouches = 0
        var maximumDown = 0
        switch progress {
        case .idle: break
        case let .waitingForNext(done): completed = done
        case let .down(done, count, most):
            completed = done
            tapTouches = count
            maximumDown = most
        }
        if wasIdleBetweenTaps {
            // The duration timer replaces the inter-tap timer.
            startTimer(after: maximumTapDuration)
            tapTouches = 0
            maximumDown = 0
        }
        tapTouches += touches.count
        maximumDown = max(maximumDown, activeTouches.count)
        progress = .down(completed: completed, touches: tapTouches, maximumDown: maximumDown)
        if activeTouches.count == numberOfTouchesRequired {
            let centroid = activeTouches.centroid
            if completed == 0, startPoint == nil {
                startPoint = centroid
            } else if let startPoint, centroid.distance(to: startPoint) > allowableMovement {
                state = .failed
            }
        }
    }

    /// R85, R124: moving strictly farther than ``allowableMovement`` fails. One finger: its
    /// distance from the first tap's start point (R85). Several fingers: the centroid of the
    /// fingers still down against the centroid of where those same fingers landed (R124).
    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        guard !activeTouches.isEmpty, hasMovedTooFar() else { return }
        state = .failed
    }

    /// R86, R124: a lift is not movement for a tap of several fingers; one finger lifting away
    /// from the start point still fails (R85).
    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        if numberOfTouchesRequired == 1, let startPoint,
            activeTouches.centroid.distance(to: startPoint) > allowableMovement
        {
            state = .failed
            return
        }
        for index in touches.indices {
            if let position = activeTouches.firstIndex(of: touches[index]) { activeTouches.remove(at: position) }
        }
        guard activeTouches.isEmpty else { return }
        guard case let .down(completed, tapTouches, maximumDown) = progress else { return }
        guard tapTouches == numberOfTouchesRequired, maximumDown == numberOfTouchesRequired else {
            state = .failed
            return
        }
        let done = completed + 1
        if done >= numberOfTapsRequired {
            recognizedLocation = centroidInWindow()
            cancelTimer()
            state = .recognized
        } else {
            progress = .waitingForNext(completed: done)
            startTimer(after: maximumIntervalBetweenSuccessiveTaps)
        }
    }

    /// An ignored finger that is down fails the tap (R26): the tap can no longer see it lift,
    /// so the fingers it counted can never all lift (R82, R86). Ignoring a finger of an earlier
    /// tap, already lifted, changes nothing.
    open override func ignore(_ touch: Touch, for event: Event?) {
        super.ignore(touch, for: event)
        guard let index = activeTouches.firstIndex(of: touch) else { return }
        activeTouches.remove(at: index)
        state = .failed
    }

    /// R87: a tap or inter-tap timer expired.
    open override func timerDidFire() {
        state = .failed
    }

    /// R92: the tap count restarts.
    open override func reset() {
        super.reset()
        progress = .idle
        activeTouches.removeAll()
        startPoint = nil
        recognizedLocation = nil
    }

    /// R83: a tap never prevents a tap with the same number of fingers that needs more taps
    /// (and the same buttons, R264). (R264's long-press clause is the long press's own
    /// ``LongPressGestureRecognizer/canBePrevented(by:)``.)
    open override func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool {
        if let tap = preventedGestureRecognizer.asTapGestureRecognizer,
            tap.numberOfTouchesRequired == numberOfTouchesRequired,
            tap.numberOfTapsRequired > numberOfTapsRequired,
            tap.buttonMaskRequired == buttonMaskRequired  // R264
        {
            return false
        }
        return super.canPrevent(preventedGestureRecognizer)
    }

    /// Whether the fingers down have moved farther than ``allowableMovement`` (R85, R124).
    @inline(__always)
    private func hasMovedTooFar() -> Bool {
        guard numberOfTouchesRequired > 1 else {
            guard let startPoint else { return false }
            return activeTouches.centroid.distance(to: startPoint) > allowableMovement
        }
        // R124: per finger, so that a lift (which changes the set) is never movement; a finger
        // lifting in this same event is already not down.
        var dx = 0.0
        var dy = 0.0
        var count = 0
        for index in 0..<activeTouches.count {
            activeTouches[index].withUnsafeUnretained { touch in
                guard touch.currentPhase != .ended, touch.currentPhase != .cancelled else { return }
                dx += touch.currentLocation.x - touch.beganLocation.x
                dy += touch.currentLocation.y - touch.beganLocation.y
                count += 1
            }
        }
        guard count > 0 else { return false }
        return Point(x: dx / Double(count), y: dy / Double(count)).distance(to: .zero) > allowableMovement
    }
}

extension GestureRecognizer {
    /// This recognizer as a ``TapGestureRecognizer``, nil when it is not one: the conditional
    /// cast `as? TapGestureRecognizer`, answered by the flag read at creation
    /// (``isTapGestureRecognizer``) instead of a runtime call.
    @inline(__always)
    final var asTapGestureRecognizer: TapGestureRecognizer? {
        isTapGestureRecognizer ? uncheckedDowncast(self, to: TapGestureRecognizer.self) : nil
    }
}
