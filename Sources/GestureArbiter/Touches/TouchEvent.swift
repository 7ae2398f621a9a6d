/// One changed touch in a host's input event: its id, its new phase and its location.
///
/// The location is in screen coordinates: the coordinate space in which the environment's
/// windows' frames are given. For a single window at the origin this is the window's space.
public struct TouchInput: Hashable, Sendable, CustomStringConvertible {
    /// The host's stable identifier for the finger, from `began` to `ended`/`cancelled`.
    /// An id may be reused after its touch ended.
    public var id: Int
    /// The touch's new phase.
    public var phase: TouchPhase
    /// Where the finger is, in screen coordinates, in points. Must be finite (R117).
    public var location: Point
    /// The input device (R29). Read when the touch begins. Default: ``TouchType/direct``.
    public var type: TouchType

    /// Creates a changed touch.
    @inlinable
    public init(id: Int, phase: TouchPhase, location: Point, type: TouchType = .direct) {
        self.id = id
        self.phase = phase
        self.location = location
        self.type = type
    }

    /// Creates a changed touch from coordinates.
    @inlinable
    public init(id: Int, phase: TouchPhase, x: Double, y: Double, type: TouchType = .direct) {
        self.init(id: id, phase: phase, location: Point(x: x, y: y), type: type)
    }

    /// A form such as `1 began (10.0, 20.0)`.
    public var description: String { "\(id) \(phase) \(location)" }
}

/// A host's input event: the touches that changed at one instant.
///
/// The host hands events to ``GestureEnvironment/dispatch(_:)-(TouchEvent)`` in non-decreasing timestamp order.
/// A live touch that an event does not list did not change (R15).
///
/// ```swift
/// try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.08),
///                                     touches: [TouchInput(id: 1, phase: .ended, x: 100, y: 100)]))
/// ```
public struct TouchEvent: Hashable, Sendable, CustomStringConvertible {
    /// When the touches changed.
    public var timestamp: Timestamp
    /// The touches that changed, each id at most once (R117).
    public var touches: [TouchInput]
    /// The pointer buttons held: empty for finger and stylus touches; a pointer touch's event
    /// must hold at least one (R262, R278).
    public var buttonMask: Event.ButtonMask
    /// The modifier keys held (R262, R278).
    public var modifierFlags: KeyModifierFlags

    /// Creates an event. Without a `buttonMask`, an event that lists a pointer touch
    /// (``TouchType/indirectPointer``) holds the primary button and any other event none (R278).
    @inlinable
    public init(timestamp: Timestamp, touches: [TouchInput], buttonMask: Event.ButtonMask? = nil, modifierFlags: KeyModifierFlags = []) {
        self.timestamp = timestamp
        self.touches = touches
        self.buttonMask = buttonMask ?? (touches.contains { $0.type == .indirectPointer } ? .primary : [])
        self.modifierFlags = modifierFlags
    }

    /// A form such as `0.080 [1 ended (100.0, 100.0)]`.
    public var description: String { "\(timestamp) \(touches)" }
}
