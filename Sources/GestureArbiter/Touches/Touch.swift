/// One finger on the screen, from touch-down to lift-off.
///
/// A touch is hit-tested once, when it begins, and is bound to that view for its whole life: it
/// keeps being delivered to its ``hitTestView`` after it leaves the view's bounds and is never
/// delivered to a view it moves into (R1, R14, R16). The recognizers that accept it at touch-down
/// are fixed for its life too (R23, R26).
///
/// Touch objects belong to the ``GestureEnvironment``: it updates their phase, time and location
/// as input arrives, and may reuse an object for a later touch once nothing else refers to it.
///
/// Rule: R1, R14, R15, R16, R17.
public final class Touch: CustomStringConvertible {
    /// The host's identifier for this finger, as given in ``TouchInput/id``.
    @exclusivity(unchecked) public internal(set) var id: Int
    /// The touch's phase as seen by the callback that is running now.
    ///
    /// During a delayed delivery (R66) this is the phase being delivered, `began` for a released
    /// began even if the finger has moved or lifted since.
    @exclusivity(unchecked) public internal(set) var phase: TouchPhase
    /// When the touch last changed (or, during a delayed delivery, when the delivered phase happened).
    @exclusivity(unchecked) public internal(set) var timestamp: Timestamp
    /// The number of quick taps at about the same place that this touch continues: 1 for a lone
    /// tap, 2 for the second touch of a double tap, ... A touch that begins within 0.35 s of the
    /// previous touch's lift-off in the same window and within 45 pt of it continues the count.
    @exclusivity(unchecked) public internal(set) var tapCount: Int
    /// The input device behind the touch (R29).
    @exclusivity(unchecked) public internal(set) var type: TouchType = .direct
    /// The window the touch began in, or nil if it began outside every window.
    @exclusivity(unchecked) public internal(set) var window: Window?
    /// The view the touch was hit-tested to at touch-down, fixed for the touch's life (R1, R16);
    /// nil if the touch hit nothing.
    @exclusivity(unchecked) public internal(set) var hitTestView: View?
    /// ``window`` as an unowned reference (the touch owns the window for as long as it refers
    /// to it).
    @inline(__always)
    var windowRef: UnownedReference<Window>? {
        guard let window else { return nil }
        return UnownedReference(window)
    }
    /// ``hitTestView`` as an unowned reference, for the engine's identity checks and lent calls
    /// (the touch owns the view for as long as it refers to it).
    @inline(__always)
    var hitTestViewRef: UnownedReference<View>? {
        guard let view = hitTestView else { return nil }
        return UnownedReference(view)
    }

    /// The view to which the touch is being delivered: the ``hitTestView`` until a gesture
    /// recognizer cancels the touch in it (then nil, as UIKit documents for `UITouch.view`).
    ///
    /// Rule: R17.
    public var view: View? {
        switch delivery.view {
        case .cancelled, .discarded: return nil
        case .pending, .delivered, .finished, .suppressed: return hitTestView
        }
    }

    /// The recognizers bound to this touch at touch-down and still tracking it, in processing
    /// order (R23, R28). A recognizer leaves this list when it ignores the touch or is reset.
    public var gestureRecognizers: [GestureRecognizer] { recognizers.array }

    // Locations in window coordinates, as seen by the running callback.
    @exclusivity(unchecked) var locationInWindow: Point
    @exclusivity(unchecked) var previousLocationInWindow: Point

    /// The touch's location in `view`'s coordinate space, or in its window's space when `view`
    /// is nil.
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    /// The touch's previous location in `view`'s coordinate space (window space when nil).
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }

    /// `touch 1 moved at (10.0, 20.0)`.
    public var description: String { "touch \(id) \(phase) at \(locationInWindow)" }

    // MARK: - Engine bookkeeping (internal)

    /// How far the view has got with this touch, and what this pass delivered; changed only
    /// through its transitions (the holds on the touch are in the environment's ``HoldTable``).
    @exclusivity(unchecked) var delivery = TouchDelivery()
    /// The host's current phase (what the latest input said), independent of what views saw.
    @exclusivity(unchecked) var currentPhase: TouchPhase
    @exclusivity(unchecked) var currentTimestamp: Timestamp
    @exclusivity(unchecked) var currentLocation: Point
    @exclusivity(unchecked) var currentPreviousLocation: Point
    @exclusivity(unchecked) var beganTimestamp: Timestamp
    @exclusivity(unchecked) var beganLocation: Point
    /// Bound recognizers, in processing order.
    @exclusivity(unchecked) var recognizers = UnownedList<GestureRecognizer>()
    /// The host has not yet sent ended or cancelled.
    @exclusivity(unchecked) var isLive = true
    /// The buttons its touch-down event held: empty for a finger or a stylus (R262). A control
    /// and a tap test a pointer touch against it (R223, R281), whenever its began reaches them.
    @exclusivity(unchecked) var buttonMaskAtBegan: Event.ButtonMask = []

    init(id: Int, phase: TouchPhase, timestamp: Timestamp, location: Point) {
        self.id = id
        self.phase = phase
        self.timestamp = timestamp
        self.tapCount = 1
        self.window = nil
        self.hitTestView = nil
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self.currentPhase = phase
        self.currentTimestamp = timestamp
        self.currentLocation = location
        self.currentPreviousLocation = location
        self.beganTimestamp = timestamp
        self.beganLocation = location
    }

    /// Prepares a pooled object for a new finger.
    func reuse(id: Int, timestamp: Timestamp, location: Point) {
        self.id = id
        self.window = nil
        phase = .began
        self.timestamp = timestamp
        tapCount = 1
        window = nil
        hitTestView = nil
        locationInWindow = location
        previousLocationInWindow = location
        currentPhase = .began
        currentTimestamp = timestamp
        currentLocation = location
        currentPreviousLocation = location
        beganTimestamp = timestamp
        beganLocation = location
        delivery = TouchDelivery()
        recognizers.removeAll()
        isLive = true
    }

    /// Shows the current input to callbacks.
    func presentCurrent() {
        phase = currentPhase
        timestamp = currentTimestamp
        locationInWindow = currentLocation
        previousLocationInWindow = currentPreviousLocation
    }

    /// Shows the original began to callbacks, for a delayed delivery (R66).
    func presentBegan() {
        phase = .began
        timestamp = beganTimestamp
        locationInWindow = beganLocation
        previousLocationInWindow = beganLocation
    }
}
