/// A continuous recognizer for dragging fingers: UIKit's `UIPanGestureRecognizer`.
///
/// It begins in a move once at least ``minimumNumberOfTouches`` fingers are down and the centroid
/// has travelled ``hysteresis`` (10 pt) along either axis (R94). At began the hysteresis is taken
/// out of the translation, per axis, so a pan that starts after 12 pt reports 2 pt (R95). It
/// changes while fingers move, and ends when the last finger lifts (R100). Adding or lifting a
/// finger never makes the translation jump (R99), and a move in the same event still counts
/// (R130). Fingers beyond ``maximumNumberOfTouches`` are not its touches: they send no action
/// (R125). A cancelled touch fails a possible pan and cancels a running one (the inherited
/// `touchesCancelled` and R32's mapping, R101). An ignored finger
/// (``GestureRecognizer/ignore(_:for:)``) leaves the pan as a lifted one does (R26).
///
/// Example: `down @0 (100,100)`, `move @20ms (104,100)`, `move @40ms (112,100)` → began at
/// 40 ms with translation (2, 0) and velocity (240, 0) pt/s.
///
/// A mouse wheel or a trackpad drives the pan as one virtual finger when
/// ``allowedScrollTypesMask`` allows its type (R273, R274).
///
/// Rule: R93-R104, R125, R130, R273, R274.
open class PanGestureRecognizer: GestureRecognizer {
    /// The stored state of this class that the dispatch path reads and writes at every event,
    /// in one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let panFields = UncheckedExclusivityCell(PanFields())
    /// The fields of `panFields`: the stored properties they replace, with their defaults.
    private struct PanFields: ~Copyable {
        var minimumNumberOfTouches: Int = 1
        var maximumNumberOfTouches: Int = Int.max
        var hysteresis: Double = GestureDefaults.panHysteresis
        var allowedScrollTypesMask: ScrollTypeMask = []
        var scrollType: ScrollType?
        var lastScrollChange: Timestamp = .zero
        var panTouches = RetainedList<Touch>()
        var reference: Point = .zero
        var centroid: Point = .zero
        var lastSampleTime: Timestamp = .zero
        var latestVelocity: Point?
        var previousVelocity: Point?
        var observesCentroidMoves: Bool = false
    }

    /// The fewest fingers that can begin the pan. Default 1 (R93, R104).
    public final var minimumNumberOfTouches: Int {
        @inline(__always) get { panFields.value.minimumNumberOfTouches }
        @inline(__always) set { panFields.value.minimumNumberOfTouches = newValue }
    }
    /// The most fingers the pan tracks; extra ones are ignored (R99). Default `Int.max`.
    public final var maximumNumberOfTouches: Int {
        @inline(__always) get { panFields.value.maximumNumberOfTouches }
        @inline(__always) set { panFields.value.maximumNumberOfTouches = newValue }
    }
    /// Travel, in points along either axis, that begins the pan. Default 10 (R94). A mouse wheel
    /// needs 10 000 times less, so one tick begins the pan (R274).
    public final var hysteresis: Double {
        @inline(__always) get { panFields.value.hysteresis }
        @inline(__always) set { panFields.value.hysteresis = newValue }
    }
    /// The scroll input the pan takes as a one-finger drag: none by default, so a plain pan never
    /// hears a wheel or a trackpad scroll; a scroll view's pan takes both. Touch panning is not
    /// affected.
    ///
    /// Rule: R273, R274.
    public final var allowedScrollTypesMask: ScrollTypeMask {
        @inline(__always) get { panFields.value.allowedScrollTypesMask }
        @inline(__always) set { panFields.value.allowedScrollTypesMask = newValue }
    }

    /// The scroll sequence driving the pan (its type, from its began), or nil (R274).
    final var scrollType: ScrollType? {
        @inline(__always) get { panFields.value.scrollType }
        set {
            panFields.value.scrollType = newValue
            isDrivenByPointer = scrollType != nil
        }
    }
    /// When the scroll last moved the pan, to drop a stale velocity at its end (R274).
    private final var lastScrollChange: Timestamp {
        @inline(__always) get { panFields.value.lastScrollChange }
        @inline(__always) set { panFields.value.lastScrollChange = newValue }
    }

    /// Touches the pan follows (at most ``maximumNumberOfTouches``), live ones only. An owning
    /// list, not an array: adding and removing a finger asks no copy-on-write question.
    final var panTouches: RetainedList<Touch> {
        @inline(__always) _read { yield panFields.value.panTouches }
        @inline(__always) _modify { yield &panFields.value.panTouches }
    }
    /// Translation is `centroid - reference`, in window coordinates.
    final var reference: Point {
        @inline(__always) get { panFields.value.reference }
        @inline(__always) set { panFields.value.reference = newValue }
    }
    /// The centroid of the pan's fingers as last taken into account (see `position(of:)`).
    final var centroid: Point {
        @inline(__always) get { panFields.value.centroid }
        @inline(__always) set { panFields.value.centroid = newValue }
    }
    private final var lastSampleTime: Timestamp {
        @inline(__always) get { panFields.value.lastSampleTime }
        @inline(__always) set { panFields.value.lastSampleTime = newValue }
    }
    private final var latestVelocity: Point? {
        @inline(__always) get { panFields.value.latestVelocity }
        @inline(__always) set { panFields.value.latestVelocity = newValue }
    }
    private final var previousVelocity: Point? {
        @inline(__always) get { panFields.value.previousVelocity }
        @inline(__always) set { panFields.value.previousVelocity = newValue }
    }

    /// Whether ``centroidDidMove(from:to:elapsedNanoseconds:)`` is called (the scroll pan's
    /// directional lock): a flag, so that other pans pay one test per move.
    final var observesCentroidMoves: Bool {
        @inline(__always) get { panFields.value.observesCentroidMoves }
        @inline(__always) set { panFields.value.observesCentroidMoves = newValue }
    }

    private static let minimumSampleNanoseconds = GestureDefaults.panMinimumVelocitySampleInterval.wholeNanoseconds

    /// Creates a pan for one or more fingers.
    public override init() {
        super.init()
    }

    /// The translation of the fingers' centroid since the pan's reference point (R96): where
    /// it began, less the hysteresis (R95), moved by ``setTranslation(_:in:)``. Kept in window
    /// space; in `view`'s space (nil: the window's) it is that vector converted through the
    /// transforms on the way without their translation part, so a drag to the right on screen
    /// reads as a drag up (negative y) in a view turned 90° clockwise (R288).
    ///
    /// Rule: R96, R288.
    public func translation(in view: View?) -> Point {
        let inWindow = Point(x: centroid.x - reference.x, y: centroid.y - reference.y)
        guard let view else { return inWindow }
        return view.convertVectorFromWindow(inWindow)
    }

    /// Moves the reference point so that ``translation(in:)`` in `view`'s space is
    /// `translation` (R96, R288). The velocity is not reset (R97 records the disagreement with
    /// Apple's documentation).
    ///
    /// Rule: R96, R288.
    public func setTranslation(_ translation: Point, in view: View?) {
        let inWindow = view.map { $0.convertVectorToWindow(translation) } ?? translation
        reference = Point(x: centroid.x - inWindow.x, y: centroid.y - inWindow.y)
    }

    /// The centroid's velocity in points per second (R97): `0.2 × latest + 0.8 × previous`
    /// sample, the latest alone when there is one, zero before any; in `view`'s space as
    /// ``translation(in:)`` (R288).
    ///
    /// Rule: R97, R288.
    public func velocity(in view: View?) -> Point {
        guard let latest = latestVelocity else { return .zero }
        let weight = GestureDefaults.panVelocityLatestWeight
        let inWindow = previousVelocity.map {
            Point(x: weight * latest.x + (1 - weight) * $0.x, y: weight * latest.y + (1 - weight) * $0.y)
        } ?? latest
        guard let view else { return inWindow }
        return view.convertVectorFromWindow(inWindow)
    }

    /// The centroid of the pan's touches (R42).
    open override func location(in view: View?) -> Point {
        guard let view else { return centroid }
        return view.convert(centroid, from: nil)
    }

    /// Tracks up to ``maximumNumberOfTouches`` fingers; ignores the rest (R99): an ignored finger
    /// is not one of the pan's touches, and a pass that brings the pan nothing but fingers it
    /// ignores sends no action (R125). A pan left with no finger (a `maximumNumberOfTouches`
    /// below 1 ignores them all) fails as one whose fingers lifted does (R100), instead of
    /// waiting for touches it will never get.
    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        let wasEmpty = panTouches.isEmpty
        // R130: fingers already down that moved in this same event move first, as the set was.
        if !wasEmpty, currentCentroid() != centroid { followMoves(at: event.timestamp) }
        for index in touches.indices {
            if panTouches.count < maximumNumberOfTouches {
                // By reference: `touches` keeps the touch alive for the call, and the list's
                // retain is the only one.
                panTouches.append(UnownedReference(touches[index]))
            } else {
                ignore(touches[index], for: event)
            }
        }
        if panTouches.isEmpty {
            fingersLeft()
            return
        }
        if wasEmpty {
            centroid = currentCentroid()
            reference = centroid
            lastSampleTime = event.timestamp
        } else {
            shiftForTouchChange()
        }
    }

    /// R94-R97, R103, R130: the moves count over the fingers as they were before this event; a
    /// finger that lifts in it stays where it was last seen until its lift re-bases the set.
    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        followMoves(at: event.timestamp)
    }

    /// Where the pan counts `touch`: where it is, or, for a finger whose end (or cancel) is in
    /// this event, where it was before the event: a lift location is not movement (R130).
    @inline(__always)
    private static func position(of touch: Touch) -> Point {
        let lifting = touch.currentPhase == .ended || touch.currentPhase == .cancelled
        return lifting ? touch.currentPreviousLocation : touch.currentLocation
    }

    /// R94-R97, R103, R130: takes the fingers' new positions into the centroid, samples the
    /// velocity, and begins or changes.
    @inline(__always)
    private func followMoves(at timestamp: Timestamp) {
        follow(to: currentCentroid(), at: timestamp)
    }

    /// Takes `next` as the centroid at `timestamp`: samples the velocity, and begins or changes
    /// (R94-R97; for scrolling R274).
    @inline(__always)
    private func follow(to next: Point, at timestamp: Timestamp) {
        // Integer nanoseconds: Duration arithmetic goes through 128-bit math on every move.
        // Time only moves forward, so an overflow is a gap wider than Int64: saturate it.
        let (gap, overflow) = timestamp.nanoseconds.subtractingReportingOverflow(lastSampleTime.nanoseconds)
        let elapsed = overflow ? Int64.max : gap
        if elapsed > 0 {
            let seconds = Double(elapsed) / 1e9
            let sample = elapsed < Self.minimumSampleNanoseconds
                ? Point.zero
                : Point(x: (next.x - centroid.x) / seconds, y: (next.y - centroid.y) / seconds)
            previousVelocity = latestVelocity
            latestVelocity = sample
            lastSampleTime = timestamp
        }
        let previous = centroid
        centroid = next
        if observesCentroidMoves { centroidDidMove(from: previous, to: next, elapsedNanoseconds: elapsed) }
        switch state {
        case .possible:
            guard panTouches.count >= minimumNumberOfTouches || scrollType != nil else { return }  // R104
            switch evaluateBegin() {
            case .wait: break
            case .fail: state = .failed
            case .begin:
                removeHysteresis()
                state = .began
            }
        case .began, .changed:
            reportChange()
        case .ended, .cancelled, .failed:
            break
        }
    }

    /// R99, R100.
    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        var index = panTouches.count
        while index > 0 {
            index -= 1
            if panTouches[index].withUnsafeUnretained({ touches.contains($0) }) { panTouches.remove(at: index) }
        }
        fingersLeft()
    }

    /// An ignored finger leaves the pan as a lifted one does (R26, R99, R100): the translation
    /// does not jump; with no finger left the pan ends, or fails if it had not begun.
    open override func ignore(_ touch: Touch, for event: Event?) {
        super.ignore(touch, for: event)
        guard let index = panTouches.firstIndex(of: touch) else { return }
        panTouches.remove(at: index)
        fingersLeft()
    }

    /// After fingers left the pan: R99 for those still down, R100 when none is.
    private func fingersLeft() {
        if panTouches.isEmpty {
            switch state {
            case .possible: state = .failed
            case .began, .changed: state = .ended
            case .ended, .cancelled, .failed: break
            }
        } else {
            shiftForTouchChange()
            if state == .began || state == .changed { state = .changed }
        }
    }

    /// Clears the touches, translation and velocity.
    open override func reset() {
        super.reset()
        scrollType = nil
        panTouches.removeAll()
        reference = .zero
        centroid = .zero
        latestVelocity = nil
        previousVelocity = nil
    }

    /// R98: a pan released late by a failure requirement starts from zero translation.
    override func willPublishAfterFailureRequirements() {
        reference = centroid
    }

    // MARK: - Subclass hooks (internal)

    enum BeginDecision {
        case wait
        case begin
        case fail
    }

    /// The centroid moved from `old` to `new` (this move only, not a change of the finger set),
    /// `elapsedNanoseconds` after the previous sample; called before the pan decides to begin
    /// or change, when ``observesCentroidMoves`` is set. A subclass may move `reference` here.
    func centroidDidMove(from old: Point, to new: Point, elapsedNanoseconds: Int64) {}

    /// The hysteresis in force: ``hysteresis``, scaled by 0.0001 while a mouse wheel drives the
    /// pan (R274).
    final var effectiveHysteresis: Double {
        scrollType == .discrete ? hysteresis * GestureDefaults.discreteScrollHysteresisScale : hysteresis
    }

    /// R94: per-axis hysteresis.
    func evaluateBegin() -> BeginDecision {
        let translation = translation(in: nil)
        let hysteresis = effectiveHysteresis
        return abs(translation.x) >= hysteresis || abs(translation.y) >= hysteresis ? .begin : .wait
    }

    /// R95: tx' = sign(tx) × max(|tx| − h, 0), likewise ty, by moving the reference point.
    func removeHysteresis() {
        setTranslation(hysteresisRemoved(from: translation(in: nil)), in: nil)
    }

    /// R95: `translation` less the hysteresis in force, per axis: sign(t) × max(|t| − h, 0).
    final func hysteresisRemoved(from translation: Point) -> Point {
        let hysteresis = effectiveHysteresis
        func reduced(_ value: Double) -> Double {
            let magnitude = max(abs(value) - hysteresis, 0)
            return value < 0 ? -magnitude : magnitude
        }
        return Point(x: reduced(translation.x), y: reduced(translation.y))
    }

    // MARK: - Scrolling (R272-R275)

    /// Whether the pan takes a scroll sequence of `type` now: enabled, allowed, possible and
    /// tracking no touch.
    final func takesScroll(of type: ScrollType) -> Bool {
        isEnabled && allowedScrollTypesMask.contains(type) && storedState == .possible && trackedTouches.count == 0 && scrollType == nil
    }

    /// R274: a scroll sequence begins at `location` (window coordinates): one virtual finger
    /// there; a discrete began moves it by `delta` at once.
    func scrollBegan(at location: Point, type: ScrollType, delta: Vector, time: Timestamp) {
        scrollType = type
        centroid = location
        reference = location
        lastSampleTime = time
        lastScrollChange = time
        if type == .discrete, delta != .zero { scrollChanged(by: delta, at: time) }
    }

    /// R274: the scroll moved the virtual finger by `delta`.
    func scrollChanged(by delta: Vector, at time: Timestamp) {
        guard scrollType != nil else { return }
        lastScrollChange = time
        follow(to: Point(x: centroid.x + delta.x, y: centroid.y + delta.y), at: time)
    }

    /// R274: the scroll stopped: a running pan ends (its velocity dropped when the last change
    /// is more than 0.13 s old), a possible one fails.
    func scrollEnded(at time: Timestamp) {
        guard scrollType != nil else { return }
        if time - lastScrollChange > GestureDefaults.scrollVelocityResetInterval {
            latestVelocity = nil
            previousVelocity = nil
        }
        switch state {
        case .possible: setState(.failed, because: "the scroll ended before the pan began (R274)")
        case .began, .changed: state = .ended
        case .ended, .cancelled, .failed: break
        }
    }

    /// R274: the scroll was taken away: a possible pan fails, a running one is cancelled.
    func scrollCancelled() {
        guard scrollType != nil else { return }
        switch state {
        case .possible: setState(.failed, because: "the scroll was cancelled (R274)")
        case .began, .changed: state = .cancelled
        case .ended, .cancelled, .failed: break
        }
    }

    /// A pan driven by a scroll takes no touch until it resets.
    override var acceptsNewTouches: Bool { scrollType == nil }

    /// The centroid of the fingers, each where the pan counts it (`position(of:)`). Inlined:
    /// a drag's every move reads it.
    @inline(__always)
    private func currentCentroid() -> Point {
        switch panTouches.count {
        case 0: return centroid
        case 1: return panTouches[0].withUnsafeUnretained { Self.position(of: $0) }  // the usual pan: no loop
        default: break
        }
        var x = 0.0
        var y = 0.0
        for index in 0..<panTouches.count {
            let position = panTouches[index].withUnsafeUnretained { Self.position(of: $0) }
            x += position.x
            y += position.y
        }
        return Point(x: x / Double(panTouches.count), y: y / Double(panTouches.count))
    }

    /// R99, R130: when fingers are added or lifted, the reference moves with the jump of the
    /// centroid (after this event's moves, which count first), so that only the change of the
    /// set is re-based.
    private func shiftForTouchChange() {
        let next = currentCentroid()
        reference.x += next.x - centroid.x
        reference.y += next.y - centroid.y
        centroid = next
    }
}
