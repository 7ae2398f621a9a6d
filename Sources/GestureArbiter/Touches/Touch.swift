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
    /// The stored state of this class that the dispatch path reads and writes at every event,
    /// in one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let touchFields: UncheckedExclusivityCell<TouchFields>
    /// The fields of `touchFields`: the stored properties they replace, with their defaults.
    private struct TouchFields: ~Copyable {
        var id: Int
        var phase: TouchPhase
        var timestamp: Timestamp
        var tapCount: Int
        var type: TouchType = .direct
        var window: Window?
        var hitTestView: View?
        var locationInWindow: Point
        var previousLocationInWindow: Point
        var delivery: TouchDelivery = TouchDelivery()
        var currentPhase: TouchPhase
        var currentTimestamp: Timestamp
        var currentLocation: Point
        var currentPreviousLocation: Point
        var beganTimestamp: Timestamp
        var beganLocation: Point
        var recognizers: UnownedList<GestureRecognizer> = UnownedList<GestureRecognizer>()
        var isLive: Bool = true
        var buttonMaskAtBegan: Event.ButtonMask = []
    }

    /// The host's identifier for this finger, as given in ``TouchInput/id``.
    public internal(set) var id: Int {
        @inline(__always) get { touchFields.value.id }
        @inline(__always) set { touchFields.value.id = newValue }
    }
    /// The touch's phase as seen by the callback that is running now.
    ///
    /// During a delayed delivery (R66) this is the phase being delivered, `began` for a released
    /// began even if the finger has moved or lifted since.
    public internal(set) var phase: TouchPhase {
        @inline(__always) get { touchFields.value.phase }
        @inline(__always) set { touchFields.value.phase = newValue }
    }
    /// When the touch last changed (or, during a delayed delivery, when the delivered phase happened).
    public internal(set) var timestamp: Timestamp {
        @inline(__always) get { touchFields.value.timestamp }
        @inline(__always) set { touchFields.value.timestamp = newValue }
    }
    /// The number of quick taps at about the same place that this touch continues: 1 for a lone
    /// tap, 2 for the second touch of a double tap, ... A touch that begins within 0.35 s of the
    /// previous touch's lift-off in the same window and within 45 pt of it continues the count.
    public internal(set) var tapCount: Int {
        @inline(__always) get { touchFields.value.tapCount }
        @inline(__always) set { touchFields.value.tapCount = newValue }
    }
    /// The input device behind the touch (R29).
    public internal(set) var type: TouchType {
        @inline(__always) get { touchFields.value.type }
        @inline(__always) set { touchFields.value.type = newValue }
    }
    /// The window the touch began in, or nil if it began outside every window.
    public internal(set) var window: Window? {
        @inline(__always) _read { yield touchFields.value.window }
        @inline(__always) _modify { yield &touchFields.value.window }
    }
    /// The view the touch was hit-tested to at touch-down, fixed for the touch's life (R1, R16);
    /// nil if the touch hit nothing.
    public internal(set) var hitTestView: View? {
        @inline(__always) _read { yield touchFields.value.hitTestView }
        @inline(__always) _modify { yield &touchFields.value.hitTestView }
    }
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
    var locationInWindow: Point {
        @inline(__always) get { touchFields.value.locationInWindow }
        @inline(__always) set { touchFields.value.locationInWindow = newValue }
    }
    var previousLocationInWindow: Point {
        @inline(__always) get { touchFields.value.previousLocationInWindow }
        @inline(__always) set { touchFields.value.previousLocationInWindow = newValue }
    }

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
    var delivery: TouchDelivery {
        @inline(__always) _read { yield touchFields.value.delivery }
        @inline(__always) _modify { yield &touchFields.value.delivery }
    }
    /// The host's current phase (what the latest input said), independent of what views saw.
    var currentPhase: TouchPhase {
        @inline(__always) get { touchFields.value.currentPhase }
        @inline(__always) set { touchFields.value.currentPhase = newValue }
    }
    var currentTimestamp: Timestamp {
        @inline(__always) get { touchFields.value.currentTimestamp }
        @inline(__always) set { touchFields.value.currentTimestamp = newValue }
    }
    var currentLocation: Point {
        @inline(__always) get { touchFields.value.currentLocation }
        @inline(__always) set { touchFields.value.currentLocation = newValue }
    }
    var currentPreviousLocation: Point {
        @inline(__always) get { touchFields.value.currentPreviousLocation }
        @inline(__always) set { touchFields.value.currentPreviousLocation = newValue }
    }
    var beganTimestamp: Timestamp {
        @inline(__always) get { touchFields.value.beganTimestamp }
        @inline(__always) set { touchFields.value.beganTimestamp = newValue }
    }
    var beganLocation: Point {
        @inline(__always) get { touchFields.value.beganLocation }
        @inline(__always) set { touchFields.value.beganLocation = newValue }
    }
    /// Bound recognizers, in processing order.
    var recognizers: UnownedList<GestureRecognizer> {
        @inline(__always) _read { yield touchFields.value.recognizers }
        @inline(__always) _modify { yield &touchFields.value.recognizers }
    }
    /// The host has not yet sent ended or cancelled.
    var isLive: Bool {
        @inline(__always) get { touchFields.value.isLive }
        @inline(__always) set { touchFields.value.isLive = newValue }
    }
    /// The buttons its touch-down event held: empty for a finger or a stylus (R262). A control
    /// and a tap test a pointer touch against it (R223, R281), whenever its began reaches them.
    var buttonMaskAtBegan: Event.ButtonMask {
        @inline(__always) get { touchFields.value.buttonMaskAtBegan }
        @inline(__always) set { touchFields.value.buttonMaskAtBegan = newValue }
    }

    init(id: Int, phase: TouchPhase, timestamp: Timestamp, location: Point) {
        touchFields = UncheckedExclusivityCell(TouchFields(
            id: id, phase: phase, timestamp: timestamp, tapCount: 1, window: nil, hitTestView: nil,
            locationInWindow: location, previousLocationInWindow: location,
            currentPhase: phase, currentTimestamp: timestamp, currentLocation: location,
            currentPreviousLocation: location, beganTimestamp: timestamp, beganLocation: location))
    }

    /// Prepares a pooled object for a new finger.
    func reuse(id: Int, timestamp: Timestamp, location: Point) {
        self.id = id
        phase = .began
        self.timestamp = timestamp
        tapCount = 1
        // A pooled touch keeps no window or view (the pool clears them): tested, not stored, so
        // that a reuse releases nothing.
        if window != nil { window = nil }
        if hitTestView != nil { hitTestView = nil }
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

    /// Takes a new input (its phase, its location in the window's space and its time) as the
    /// current one, and shows it to callbacks at once (``presentCurrent()``). One access to the
    /// fields, so that each is written once rather than written and then read back.
    @inline(__always)
    func receive(_ phase: TouchPhase, at location: Point, time: Timestamp) {
        Self.receive(phase, at: location, time: time, into: &touchFields.value)
    }

    @inline(__always)
    private static func receive(_ phase: TouchPhase, at location: Point, time: Timestamp, into fields: inout TouchFields) {
        fields.currentPreviousLocation = fields.currentLocation
        fields.currentLocation = location
        fields.currentPhase = phase
        fields.currentTimestamp = time
        fields.delivery.inputArrived(phase)
        presentCurrent(in: &fields)
    }

    /// Shows the current input to callbacks.
    func presentCurrent() {
        Self.presentCurrent(in: &touchFields.value)
    }

    @inline(__always)
    private static func presentCurrent(in fields: inout TouchFields) {
        fields.phase = fields.currentPhase
        fields.timestamp = fields.currentTimestamp
        fields.locationInWindow = fields.currentLocation
        fields.previousLocationInWindow = fields.currentPreviousLocation
    }

    /// Shows the original began to callbacks, for a delayed delivery (R66).
    func presentBegan() {
        phase = .began
        timestamp = beganTimestamp
        locationInWindow = beganLocation
        previousLocationInWindow = beganLocation
    }
}
