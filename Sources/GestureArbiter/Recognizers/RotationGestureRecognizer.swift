/// A continuous recognizer for two fingers turning: UIKit's `UIRotationGestureRecognizer`.
///
/// It tracks exactly two fingers (R168), as ``PinchGestureRecognizer`` does. It begins in a move
/// of both fingers once the line between them has turned by more than a threshold of 5 degrees
/// (growing to 10 when their distance also changed, R180) and the motion is mostly a turn
/// (R171); the threshold is taken out of ``rotation``, so a 16.26 degree turn reports 11.26
/// degrees. Positive rotation is clockwise on screen, the sense of a positive rotation transform
/// in y-down coordinates (R179), and it is unbounded: turns are counted across +/-180 degrees as
/// long as each step between updates is under 90 degrees. It changes while the fingers move
/// (values update only while both are down and the motion is mostly a turn, R181), keeps running
/// when one finger lifts, and ends when the last one lifts (R169). A possible rotation whose
/// fingers lift fails; a cancelled touch fails or cancels it at once (R170). The angle is that
/// of the line between the touches on screen, whatever the view's ``View/transform`` (R178).
///
/// ```swift
/// let rotation = RotationGestureRecognizer { rotation in
///     photo.angle = startAngle + rotation.rotation   // absolute since the gesture began
/// }
/// ```
///
/// > UIKit: when a pass past the threshold is not mostly a turn, UIKit's internal arithmetic
/// > leaves its reference offset by the threshold; here that pass's turn is simply discarded
/// > (R180). Setting ``rotation`` resets ``velocity``, as Apple documents (R182). The location
/// > is the exact centroid (R187).
///
/// Rule: R168-R172, R178-R183, R187.
public final class RotationGestureRecognizer: GestureRecognizer, TwoFingerGesture {
    /// The stored state of this class that a two-finger move reads and writes, in one cell that
    /// the runtime does not check for overlapping access (Support/UncheckedExclusivityCell.swift;
    /// Scripts/check-exclusivity.sh proves that none is formed). The properties of the same names
    /// forward to it.
    private let rotationFields = UncheckedExclusivityCell(RotationFields())
    /// The fields of `rotationFields`: the stored properties they replace, with their defaults.
    private struct RotationFields: ~Copyable {
        var transform: TwoFingerTransform = TwoFingerTransform(weights: GestureDefaults.rotationAnalyzerWeights)
        var offset: Double = 0.0
        var referenceAngle: Double = 0.0
        var unwrappedAngle: Double = 0.0
        var lastAngle: Double = 0.0
        var storedRotation: Double = 0.0
        var filteredVelocity: TransformVelocity = TransformVelocity()
        var holdBack: HoldBack = HoldBack.noTwoFingerMove
    }

    /// The two fingers' geometry and their analysis (R169-R171).
    var transform: TwoFingerTransform {
        @inline(__always) _read { yield rotationFields.value.transform }
        @inline(__always) _modify { yield &rotationFields.value.transform }
    }
    /// rotation = offset + (referenceAngle - angle), angles unwrapped, in radians (R179, R182).
    var offset: Double {
        @inline(__always) get { rotationFields.value.offset }
        @inline(__always) set { rotationFields.value.offset = newValue }
    }
    var referenceAngle: Double {
        @inline(__always) get { rotationFields.value.referenceAngle }
        @inline(__always) set { rotationFields.value.referenceAngle = newValue }
    }
    /// The fingers' angle with the turns counted (R179).
    var unwrappedAngle: Double {
        @inline(__always) get { rotationFields.value.unwrappedAngle }
        @inline(__always) set { rotationFields.value.unwrappedAngle = newValue }
    }
    /// The fingers' angle in -pi...pi at the last pass that had one.
    var lastAngle: Double {
        @inline(__always) get { rotationFields.value.lastAngle }
        @inline(__always) set { rotationFields.value.lastAngle = newValue }
    }
    var storedRotation: Double {
        @inline(__always) get { rotationFields.value.storedRotation }
        @inline(__always) set { rotationFields.value.storedRotation = newValue }
    }
    var filteredVelocity: TransformVelocity {
        @inline(__always) _read { yield rotationFields.value.filteredVelocity }
        @inline(__always) _modify { yield &rotationFields.value.filteredVelocity }
    }
    /// Why the last two-finger pass of a possible rotation did not begin it, for `--explain`.
    var holdBack: HoldBack {
        @inline(__always) get { rotationFields.value.holdBack }
        @inline(__always) set { rotationFields.value.holdBack = newValue }
    }

    /// Creates a rotation recognizer.
    public override init() {
        super.init()
    }

    /// The turn of the line between the fingers since the rotation began, less the begin
    /// threshold, in radians, positive clockwise on screen (R178-R180): absolute, not per
    /// action. 0 before the rotation begins and after reset.
    ///
    /// Setting it makes the current rotation the value set (later turns add to it) and
    /// ``velocity`` becomes 0 (R182). A value that is not finite is ignored.
    public var rotation: Double {
        get { storedRotation }
        set {
            guard newValue.isFinite else { return }
            storedRotation = newValue
            offset = newValue
            referenceAngle = unwrappedAngle
            filteredVelocity.clear()
        }
    }

    /// How fast ``rotation`` changes, in radians per second (R182): each update's change over the
    /// time since the previous update, filtered as 0.75 x the previous sample + 0.25 x the latest
    /// when the previous one is not zero. 0 before the rotation begins.
    public var velocity: Double { filteredVelocity.value }

    /// While its fingers are down (or one lifts in the current event), their centroid; after
    /// that, the centroid at the last update of both fingers (R172).
    public override func location(in view: View?) -> Point {
        twoFingerLocation(in: view)
    }

    override var acceptsNewTouches: Bool { transform.isAccepting }

    /// Takes the fingers; two down start the tracking and fix the reference angle (R168, R179).
    public override func touchesBegan(_ touches: TouchSet, with event: Event) {
        guard transform.add(touches, at: event.timestamp) else { return }
        lastAngle = transform.geometry()?.angle ?? 0
        unwrappedAngle = lastAngle
        referenceAngle = lastAngle
        offset = storedRotation
        filteredVelocity.lastUpdate = event.timestamp
    }

    /// R169, R171, R179-R182: updates when both fingers moved in; begins past the threshold.
    public override func touchesMoved(_ touches: TouchSet, with event: Event) {
        guard let geometry = transform.moveGeometry() else { return }
        let leader = transform.analyze(geometry)
        let step = turnStep(to: geometry.angle)
        switch state {
        case .possible:
            let turn = referenceAngle - unwrappedAngle
            guard abs(turn) > threshold(at: geometry.distance) else {
                holdBack = .threshold
                return
            }
            guard leader == .rotation else {
                // R180: no began; this pass's turn is discarded.
                referenceAngle += step
                holdBack = .notRotationDominant
                return
            }
            // R180: the threshold is taken out of the rotation.
            referenceAngle += turn > 0 ? -threshold(at: geometry.distance) : threshold(at: geometry.distance)
            update(at: event.timestamp)
            setState(.began, because: "the fingers turned past the threshold and the motion is mostly a turn")
        case .began, .changed:
            if leader == .rotation {
                update(at: event.timestamp)
            } else {
                // R181: the rotation holds; the reference absorbs this pass's turn.
                referenceAngle += step
                filteredVelocity.add(0, at: event.timestamp)
            }
            reportChange()
        case .ended, .cancelled, .failed:
            break
        }
    }

    /// R169: ends (or fails, if it had not begun) when its last finger lifts.
    public override func touchesEnded(_ touches: TouchSet, with event: Event) {
        twoFingerTouchesEnded(touches)
    }

    /// R170: a cancelled touch fails a possible rotation and cancels a running one at once.
    public override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        for index in touches.indices { _ = transform.remove(touches[index]) }
        setState(.failed, because: "its touches were cancelled")
    }

    /// An ignored finger leaves the rotation as a lifted one does (R26, R169).
    public override func ignore(_ touch: Touch, for event: Event?) {
        super.ignore(touch, for: event)
        twoFingerIgnore(touch)
    }

    /// Back to rotation 0, velocity 0, no fingers (R39).
    public override func reset() {
        super.reset()
        transform.reset()
        offset = 0
        referenceAngle = 0
        unwrappedAngle = 0
        lastAngle = 0
        storedRotation = 0
        filteredVelocity = TransformVelocity()
        holdBack = .noTwoFingerMove
        isDrivenByPointer = false
    }

    /// R180: 5 degrees + 5 degrees x sqrt(min(|d - d0| / d0, 1)), in radians (1 degree for an
    /// indirect pointer). Fingers that started on one point count as fully changed once apart.
    func threshold(at distance: Double) -> Double {
        let degrees: Double
        if transform.isIndirectPointer {
            degrees = GestureDefaults.rotationPointerThresholdDegrees
        } else {
            let start = transform.startDistance
            let change = start > 0 ? min(abs(distance - start) / start, 1) : (distance > 0 ? 1 : 0)
            degrees = GestureDefaults.rotationMinimumThresholdDegrees
                + GestureDefaults.rotationThresholdGrowthDegrees * change.squareRoot()
        }
        return degrees * Double.pi / 180
    }

    /// R179: moves ``unwrappedAngle`` to `angle`, reading a jump of more than 90 degrees as a
    /// crossing of the +/-180 degree line; returns the step. Fingers on one point (no angle) do
    /// not turn.
    private func turnStep(to angle: Double?) -> Double {
        guard let angle else { return 0 }
        var step = angle - lastAngle
        let wrap = GestureDefaults.rotationWrapJumpDegrees * Double.pi / 180
        if step > wrap { step -= 2 * Double.pi } else if step < -wrap { step += 2 * Double.pi }
        lastAngle = angle
        unwrappedAngle += step
        return step
    }

    /// A new rotation from the current angle, with its velocity sample (R182: only when time
    /// passed since the previous update).
    private func update(at time: Timestamp) {
        let next = offset + referenceAngle - unwrappedAngle
        guard next.isFinite else { return }
        if let interval = filteredVelocity.interval(to: time) {
            filteredVelocity.add((next - storedRotation) / interval, at: time)
        }
        storedRotation = next
    }

    // MARK: - Trackpad (R291, R293)

    /// R293: the trackpad's turn starts from 0 at its `began`.
    func trackpadStarted(at time: Timestamp) {
        lastAngle = 0
        unwrappedAngle = 0
        referenceAngle = 0
        offset = storedRotation
        filteredVelocity.lastUpdate = time
    }

    /// R293: past the pointer threshold (1 degree) the rotation begins with the threshold taken
    /// out, as R180; then it follows the trackpad's turn (already unwrapped by the host).
    func trackpadChanged(scale: Double, rotation: Double, at time: Timestamp) {
        guard rotation.isFinite else { return }
        // rotation = offset + reference - angle, positive clockwise: the angle is minus the turn.
        unwrappedAngle = -rotation
        lastAngle = unwrappedAngle
        switch state {
        case .possible:
            let turn = referenceAngle - unwrappedAngle
            let threshold = GestureDefaults.rotationPointerThresholdDegrees * Double.pi / 180
            guard abs(turn) > threshold else { return }
            referenceAngle += turn > 0 ? -threshold : threshold
            update(at: time)
            setState(.began, because: "the trackpad turned by more than 1 degree (the pointer threshold)")
        case .began, .changed:
            update(at: time)
            reportChange()
        case .ended, .cancelled, .failed:
            break
        }
    }

    static let trackpadEndedEarlyReason: StaticString = "the trackpad gesture ended before it turned by more than 1 degree"

    static let needsTwoFingersReason: StaticString = "its finger lifted before a second one came down (a rotation needs two)"

    var holdBackReason: StaticString? {
        switch holdBack {
        case .noTwoFingerMove: return nil
        case .threshold: return "its fingers lifted before they turned past the threshold (5 to 10 degrees)"
        case .notRotationDominant: return "its fingers lifted; past the threshold the motion was mostly a drag or a pinch"
        }
    }

    /// Why a possible rotation has not begun yet.
    enum HoldBack {
        case noTwoFingerMove
        case threshold
        case notRotationDominant
    }
}
