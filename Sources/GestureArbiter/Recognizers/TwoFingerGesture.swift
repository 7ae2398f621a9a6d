/// The skeleton that ``PinchGestureRecognizer`` and ``RotationGestureRecognizer`` share: which
/// touches they take, where they are, how their fingers leave, and why a possible one fails
/// when they do (R168-R170, R172, R187). Each recognizer keeps a ``TwoFingerTransform`` and its
/// own measure (a scale, an angle); its touch methods call the shared steps below, and its
/// differences are the hooks: what a cancelled touch does (R170) and the words of its failure
/// reasons.
///
/// A protocol rather than a common superclass, so that both keep UIKit's place in the class
/// hierarchy (direct subclasses of ``GestureRecognizer``).
protocol TwoFingerGesture: GestureRecognizer {
    /// The tracked pair and its analysis.
    var transform: TwoFingerTransform { get set }
    /// For `--explain`: why the last two-finger pass of a possible gesture did not begin it, as
    /// the reason its failure gives when its fingers lift now. Nil when no pass has moved both
    /// fingers yet.
    var holdBackReason: StaticString? { get }
    /// The failure reason when its only finger lifts before a second one came down.
    static var needsTwoFingersReason: StaticString { get }

    /// R291: a trackpad transform starts driving the recognizer (its own measure starts here).
    func trackpadStarted(at time: Timestamp)
    /// R292, R293: the trackpad's scale and rotation since the transform began.
    func trackpadChanged(scale: Double, rotation: Double, at time: Timestamp)
    /// The failure reason when the trackpad gesture ends before the recognizer began.
    static var trackpadEndedEarlyReason: StaticString { get }
}

extension TwoFingerGesture {
    /// While its fingers are down (or one lifts in the current event), their centroid; after
    /// that, the centroid at the last update of both fingers (R172, R187).
    func twoFingerLocation(in view: View?) -> Point {
        let inWindow = transform.location(fallback: centroidInWindow())
        guard let view else { return inWindow }
        return view.convert(inWindow, from: nil)
    }

    // MARK: - Trackpad transforms (R277, R291-R293)

    /// Whether a trackpad transform may drive the recognizer now: enabled, possible, with no
    /// finger and no other transform.
    var takesTrackpadTransform: Bool {
        isEnabled && storedState == .possible && trackedTouches.isEmpty && transform.touches.isEmpty
            && transform.trackpadStart == nil
    }

    /// R291: a transform input began at `location` (window coordinates): the recognizer follows
    /// it and takes no finger until it resets.
    func trackpadBegan(_ input: TransformInput, at location: Point) {
        transform.trackpadStart = (input.scale, input.rotation)
        transform.isAccepting = false
        transform.anchor = location
        isDrivenByPointer = true
        trackpadStarted(at: input.timestamp)
    }

    /// R292, R293: the transform moved; the recognizer measures from the values of its `began`.
    func trackpadMoved(_ input: TransformInput, at location: Point) {
        guard let start = transform.trackpadStart else { return }
        transform.anchor = location
        trackpadChanged(scale: input.scale / start.scale, rotation: input.rotation - start.rotation, at: input.timestamp)
    }

    /// R291: the trackpad gesture ended: a running recognizer ends, a possible one fails.
    func trackpadEnded() {
        guard transform.trackpadStart != nil else { return }
        switch state {
        case .possible: setState(.failed, because: Self.trackpadEndedEarlyReason)
        case .began, .changed: setState(.ended, because: "the trackpad gesture ended")
        case .ended, .cancelled, .failed: break
        }
    }

    /// R291: the system took the trackpad gesture away: a possible recognizer fails, a running
    /// one is cancelled.
    func trackpadCancelled() {
        guard transform.trackpadStart != nil else { return }
        switch state {
        case .possible: setState(.failed, because: "the trackpad gesture was cancelled")
        case .began, .changed: setState(.cancelled, because: "the trackpad gesture was cancelled")
        case .ended, .cancelled, .failed: break
        }
    }

    /// R169: lifted fingers leave the pair.
    func twoFingerTouchesEnded(_ touches: TouchSet) {
        for index in touches.indices { _ = transform.remove(touches[index]) }
        fingersLeft()
    }

    /// R26, R169: an ignored finger leaves the pair as a lifted one does.
    func twoFingerIgnore(_ touch: Touch) {
        if transform.remove(touch) { fingersLeft() }
    }

    /// R169: once no finger of the pair is down, a running gesture ends and a possible one fails,
    /// saying why.
    func fingersLeft() {
        guard transform.touches.isEmpty else { return }
        switch state {
        case .began, .changed:
            setState(.ended, because: "its last finger lifted")
        case .possible:
            if transform.hadTooManyTouches {
                setState(.failed, because: "three or more fingers came down before two were tracked, so it never tracked a pair")
            } else if !transform.isTracking {
                setState(.failed, because: Self.needsTwoFingersReason)
            } else {
                setState(.failed, because: holdBackReason ?? "its fingers lifted without moving")
            }
        case .ended, .cancelled, .failed:
            break
        }
    }
}
