/// A continuous recognizer for two fingers moving apart or together: UIKit's
/// `UIPinchGestureRecognizer`.
///
/// It tracks exactly two fingers (R168): from the touch-down that puts two fingers down it takes
/// no other touch, which then goes to its view as if the pinch were not there. It begins in a
/// move of both fingers once their distance has changed by more than 8 pt and the motion is
/// mostly a pinch (R171, R174); the 8 pt are taken out of ``scale``, so fingers 100 pt apart
/// spread to 110 pt report 110 / 108 = 1.0185, not 1.1. It changes while the fingers move
/// (values update only while both are down), keeps running when one finger lifts, and ends when
/// the last one lifts (R169). A possible pinch whose fingers lift fails. The scale is measured
/// from the touches on screen (window coordinates), so a ``View/transform`` on the view leaves it
/// as it is; ``location(in:)`` converts the centroid into the view's space (R173, R287).
///
/// ```swift
/// let pinch = PinchGestureRecognizer { pinch in
///     photo.scale = startScale * pinch.scale   // absolute since the gesture began
/// }
/// photo.addGestureRecognizer(pinch)
/// ```
///
/// > UIKit: the reported location is the exact centroid; the decompiled base class may round it
/// > to whole points (R187). Setting ``scale`` resets ``velocity``, as Apple documents (R177).
///
/// Rule: R168-R177, R187, R287.
public final class PinchGestureRecognizer: GestureRecognizer, TwoFingerGesture {
    /// The stored state of this class that a two-finger move reads and writes, in one cell that
    /// the runtime does not check for overlapping access (Support/UncheckedExclusivityCell.swift;
    /// Scripts/check-exclusivity.sh proves that none is formed). The properties of the same names
    /// forward to it.
    private let pinchFields = UncheckedExclusivityCell(PinchFields())
    /// The fields of `pinchFields`: the stored properties they replace, with their defaults.
    private struct PinchFields: ~Copyable {
        var transform: TwoFingerTransform = TwoFingerTransform(weights: GestureDefaults.pinchAnalyzerWeights)
        var multiplier: Double = 1.0
        var referenceDistance: Double = 0.0
        var storedScale: Double = 1.0
        var filteredVelocity: TransformVelocity = TransformVelocity()
        var holdBack: HoldBack = HoldBack.noTwoFingerMove
        var trackpadDistance: Double? = nil
    }

    /// The two fingers' geometry and their analysis (R169-R171).
    var transform: TwoFingerTransform {
        @inline(__always) _read { yield pinchFields.value.transform }
        @inline(__always) _modify { yield &pinchFields.value.transform }
    }
    /// scale = multiplier x distance / referenceDistance, once tracking (R174, R177).
    var multiplier: Double {
        @inline(__always) get { pinchFields.value.multiplier }
        @inline(__always) set { pinchFields.value.multiplier = newValue }
    }
    var referenceDistance: Double {
        @inline(__always) get { pinchFields.value.referenceDistance }
        @inline(__always) set { pinchFields.value.referenceDistance = newValue }
    }
    var storedScale: Double {
        @inline(__always) get { pinchFields.value.storedScale }
        @inline(__always) set { pinchFields.value.storedScale = newValue }
    }
    var filteredVelocity: TransformVelocity {
        @inline(__always) _read { yield pinchFields.value.filteredVelocity }
        @inline(__always) _modify { yield &pinchFields.value.filteredVelocity }
    }
    /// Why the last two-finger pass of a possible pinch did not begin it, for `--explain`.
    var holdBack: HoldBack {
        @inline(__always) get { pinchFields.value.holdBack }
        @inline(__always) set { pinchFields.value.holdBack = newValue }
    }
    /// A trackpad transform's scale as the distance of two virtual fingers (R292), or nil.
    var trackpadDistance: Double? {
        @inline(__always) get { pinchFields.value.trackpadDistance }
        @inline(__always) set { pinchFields.value.trackpadDistance = newValue }
    }

    /// Creates a pinch recognizer.
    public override init() {
        super.init()
    }

    /// The scale factor of the fingers' distance since the pinch began, less the 8 pt dead zone
    /// (R173, R174): absolute, not per action. Reads 1.0 before the pinch begins and after reset
    /// (R177).
    ///
    /// Setting it makes the current scale the value set; later values scale from there
    /// (scale = value x distance / distance when set) and ``velocity`` becomes 0 (R177). A
    /// value that is not finite is ignored.
    public var scale: Double {
        get { storedScale }
        set {
            guard newValue.isFinite else { return }
            storedScale = newValue
            multiplier = newValue
            if let geometry = transform.geometry(), transform.isTracking { referenceDistance = geometry.distance }
            if let trackpadDistance { referenceDistance = trackpadDistance }
            filteredVelocity.clear()
        }
    }

    /// How fast ``scale`` changes, in scale factor per second (R176): each update's change over
    /// the time since the previous update, filtered as 0.75 x the previous sample + 0.25 x the
    /// latest when the previous one is not zero. 0 before the pinch begins.
    public var velocity: Double { filteredVelocity.value }

    /// While its fingers are down (or one lifts in the current event), their centroid; after
    /// that, the centroid at the last update of both fingers (R172).
    public override func location(in view: View?) -> Point {
        twoFingerLocation(in: view)
    }

    override var acceptsNewTouches: Bool { transform.isAccepting }

    /// Takes the fingers; two down start the tracking (R168).
    public override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if transform.add(touches, at: event.timestamp) {
            referenceDistance = transform.startDistance
            multiplier = storedScale
            filteredVelocity.lastUpdate = event.timestamp
        }
    }

    /// R169, R171, R174-R176: updates when both fingers moved in; begins past the dead zone.
    public override func touchesMoved(_ touches: TouchSet, with event: Event) {
        guard let geometry = transform.moveGeometry() else { return }
        let leader = transform.analyze(geometry)
        switch state {
        case .possible:
            let hysteresis = transform.isIndirectPointer ? GestureDefaults.pinchPointerHysteresis : GestureDefaults.pinchHysteresis
            guard abs(geometry.distance - referenceDistance) > hysteresis else {
                holdBack = .deadZone
                return
            }
            guard transform.touchesAreInsideWindow() else {
                holdBack = .outsideWindow
                return
            }
            guard leader == .scale else {
                holdBack = .notPinchDominant
                return
            }
            // R174: the dead zone is taken out of the scale.
            referenceDistance += geometry.distance > referenceDistance ? hysteresis : -hysteresis
            update(to: geometry.distance, at: event.timestamp)
            if transform.isIndirectPointer {
                setState(.began, because: "the pointer touches' distance changed by more than 2 pt and the motion is mostly a pinch")
            } else {
                setState(.began, because: "the fingers' distance changed by more than 8 pt and the motion is mostly a pinch")
            }
        case .began, .changed:
            if leader == .scale {
                update(to: geometry.distance, at: event.timestamp)
            } else {
                // R175: the scale holds; the reference follows the fingers.
                rebase(at: geometry.distance)
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

    /// R170: cancelling one of the two fingers counts as a lift; cancelling the last one fails a
    /// possible pinch and cancels a running one.
    public override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        for index in touches.indices { _ = transform.remove(touches[index]) }
        guard transform.touches.isEmpty else { return }
        setState(.failed, because: "its touches were cancelled")
    }

    /// An ignored finger leaves the pinch as a lifted one does (R26, R169).
    public override func ignore(_ touch: Touch, for event: Event?) {
        super.ignore(touch, for: event)
        twoFingerIgnore(touch)
    }

    /// Back to scale 1, velocity 0, no fingers (R39, R177).
    public override func reset() {
        super.reset()
        transform.reset()
        multiplier = 1
        referenceDistance = 0
        storedScale = 1
        filteredVelocity = TransformVelocity()
        holdBack = .noTwoFingerMove
        trackpadDistance = nil
        isDrivenByPointer = false
    }

    // MARK: - Trackpad (R291, R292)

    /// R292: the trackpad's scale reads as two virtual fingers 100 pt apart at its `began`.
    func trackpadStarted(at time: Timestamp) {
        trackpadDistance = GestureDefaults.trackpadPinchSpan
        referenceDistance = GestureDefaults.trackpadPinchSpan
        multiplier = storedScale
        filteredVelocity.lastUpdate = time
    }

    /// R292: past the pointer dead zone (2 pt of the virtual fingers' distance, so a 2 % change)
    /// the pinch begins with the dead zone taken out of its scale, as R174; then it follows.
    func trackpadChanged(scale: Double, rotation: Double, at time: Timestamp) {
        let distance = GestureDefaults.trackpadPinchSpan * scale
        guard distance.isFinite else { return }
        trackpadDistance = distance
        switch state {
        case .possible:
            let hysteresis = GestureDefaults.pinchPointerHysteresis
            guard abs(distance - referenceDistance) > hysteresis else { return }
            referenceDistance += distance > referenceDistance ? hysteresis : -hysteresis
            update(to: distance, at: time)
            setState(.began, because: "the trackpad's scale changed by more than 2 % (the pointer dead zone)")
        case .began, .changed:
            update(to: distance, at: time)
            reportChange()
        case .ended, .cancelled, .failed:
            break
        }
    }

    static let trackpadEndedEarlyReason: StaticString = "the trackpad gesture ended before its scale changed by more than 2 %"

    /// A new scale from the fingers' distance, with its velocity sample (R174-R176).
    @inline(__always)
    private func update(to distance: Double, at time: Timestamp) {
        let next = referenceDistance > 0 ? multiplier * distance / referenceDistance : Double.nan
        guard next.isFinite else {
            rebase(at: distance)
            filteredVelocity.add(0, at: time)
            return
        }
        filteredVelocity.add((next - storedScale) / filteredVelocity.sampleInterval(to: time), at: time)
        storedScale = next
    }

    /// Keeps the scale and measures later changes from `distance` (R175).
    private func rebase(at distance: Double) {
        multiplier = storedScale
        referenceDistance = distance
    }

    static let needsTwoFingersReason: StaticString = "its finger lifted before a second one came down (a pinch needs two)"

    var holdBackReason: StaticString? {
        switch holdBack {
        case .noTwoFingerMove: return nil
        case .deadZone: return "its fingers lifted before their distance changed by more than 8 pt"
        case .outsideWindow: return "its fingers lifted; past the dead zone a finger was outside the window"
        case .notPinchDominant: return "its fingers lifted; past the dead zone the motion was mostly a drag or a turn"
        }
    }

    /// Why a possible pinch has not begun yet.
    enum HoldBack {
        case noTwoFingerMove
        case deadZone
        case outsideWindow
        case notPinchDominant
    }
}
