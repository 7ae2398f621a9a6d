/// How a scroll was made: UIKit's `UIScrollType`.
///
/// Rule: R272.
public enum ScrollType: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A mouse wheel: ticks of a fixed size (0).
    case discrete = 0
    /// A trackpad: a continuous stream with phases (1).
    case continuous = 1

    /// `discrete` or `continuous`.
    public var description: String { self == .discrete ? "discrete" : "continuous" }
}

/// A set of scroll types: UIKit's `UIScrollTypeMask`.
///
/// Rule: R272, R273.
public struct ScrollTypeMask: OptionSet, Hashable, Sendable {
    /// The bits: `1 << ScrollType.rawValue` each.
    public let rawValue: Int
    /// The types whose bits `rawValue` sets.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Mouse wheels: 1.
    public static let discrete = ScrollTypeMask(rawValue: 1 << ScrollType.discrete.rawValue)
    /// Trackpads: 2.
    public static let continuous = ScrollTypeMask(rawValue: 1 << ScrollType.continuous.rawValue)
    /// Both: 3.
    public static let all: ScrollTypeMask = [.discrete, .continuous]

    /// Whether the mask holds `type`.
    public func contains(_ type: ScrollType) -> Bool { rawValue & (1 << type.rawValue) != 0 }
}

/// The pointer moving with no button down, for hover recognizers: UIKit's hover event.
///
/// The host sends `entered` when the pointer comes into the environment's windows, `moved` while
/// it moves over them and `exited` when it leaves. Each input is a pass of its own, hit-tested at
/// the pointer (R279); views get no callbacks for it.
///
/// Rule: R267-R271, R279, R282.
public struct HoverInput: Hashable, Sendable, CustomStringConvertible {
    /// Where the pointer is in its hover sequence.
    public enum Phase: Hashable, Sendable, CustomStringConvertible {
        /// The pointer came in: it was outside every window.
        case entered
        /// The pointer moved while in.
        case moved
        /// The pointer left: every active hover recognizer ends (R268).
        case exited

        /// `entered`, `moved` or `exited`.
        public var description: String {
            switch self {
            case .entered: return "entered"
            case .moved: return "moved"
            case .exited: return "exited"
            }
        }
    }

    /// When the pointer moved.
    public var timestamp: Timestamp
    /// The phase.
    public var phase: Phase
    /// Where the pointer is, in screen coordinates (finite).
    public var location: Point

    /// Creates a hover input.
    public init(timestamp: Timestamp, phase: Phase, location: Point) {
        self.timestamp = timestamp
        self.phase = phase
        self.location = location
    }

    /// A form such as `0.100 hover moved (10.0, 20.0)`.
    public var description: String { "\(timestamp) hover \(phase) \(location)" }
}

/// Scrolling with a mouse wheel or a trackpad: UIKit's scroll event, which drives the pans that
/// allow its type as a one-finger pan (R274).
///
/// A sequence is `began`, any `changed`, then `ended` or `cancelled`; one at a time. A wheel tick
/// is a `discrete` began carrying its delta, then an ended (R283). The delta is the movement a
/// finger would make: `(0, -40)` moves the content up, as a finger dragging up would.
///
/// Rule: R272-R276, R279, R283.
public struct ScrollInput: Hashable, Sendable, CustomStringConvertible {
    /// Where the scroll is in its sequence.
    public enum Phase: Hashable, Sendable, CustomStringConvertible {
        /// The scroll starts (a discrete one carries its delta).
        case began
        /// The scroll moved by `delta`.
        case changed
        /// The scroll stopped.
        case ended
        /// The system took the scroll away.
        case cancelled

        /// `began`, `changed`, `ended` or `cancelled`.
        public var description: String {
            switch self {
            case .began: return "began"
            case .changed: return "changed"
            case .ended: return "ended"
            case .cancelled: return "cancelled"
            }
        }
    }

    /// When the scroll changed.
    public var timestamp: Timestamp
    /// The phase.
    public var phase: Phase
    /// The device: read at `began`, ignored later (the sequence keeps its type).
    public var type: ScrollType
    /// Where the pointer is, in screen coordinates (finite). Read at `began`: the scroll goes to
    /// the pans of the view there and of its ancestors (R276).
    public var location: Point
    /// The movement, in points, as a finger would make it (finite). Used by `changed` and by a
    /// `discrete` `began`.
    public var delta: Vector

    /// Creates a scroll input.
    public init(timestamp: Timestamp, phase: Phase, type: ScrollType = .continuous, location: Point, delta: Vector = .zero) {
        self.timestamp = timestamp
        self.phase = phase
        self.type = type
        self.location = location
        self.delta = delta
    }

    /// A form such as `0.000 scroll began discrete (200.0, 200.0) delta (0.0, -30.0)`.
    public var description: String { "\(timestamp) scroll \(phase) \(type) \(location) delta \(delta)" }
}

/// A trackpad pinch or rotation: UIKit's transform event (with indirect input on), which drives
/// the pinch and rotation recognizers under the pointer and no other recognizer (R277).
///
/// A sequence is `began`, any `changed`, then `ended` or `cancelled`; one at a time. ``scale``
/// and ``rotation`` are the trackpad's totals since the sequence began, as the host's toolkit
/// reports them (macOS's magnification plus 1, SDL's accumulated multigesture): the recognizers
/// measure from the values of the `began`. The fingers on the trackpad are not touches: views
/// get no callback and the recognizers report ``GestureRecognizer/numberOfTouches`` 0.
///
/// Rule: R277, R279, R291-R293.
public struct TransformInput: Hashable, Sendable, CustomStringConvertible {
    /// Where the input is in its sequence.
    public enum Phase: Hashable, Sendable, CustomStringConvertible {
        /// The fingers came down on the trackpad; the recognizers under the pointer bind.
        case began
        /// The fingers moved: ``TransformInput/scale`` or ``TransformInput/rotation`` changed.
        case changed
        /// The fingers lifted.
        case ended
        /// The system took the gesture away.
        case cancelled

        /// `began`, `changed`, `ended` or `cancelled`.
        public var description: String {
            switch self {
            case .began: return "began"
            case .changed: return "changed"
            case .ended: return "ended"
            case .cancelled: return "cancelled"
            }
        }
    }

    /// When the fingers moved.
    public var timestamp: Timestamp
    /// The phase.
    public var phase: Phase
    /// Where the pointer is, in screen coordinates (finite). Read at `began` for hit-testing
    /// (R279); later values move the recognizers' ``GestureRecognizer/location(in:)``.
    public var location: Point
    /// The total magnification since the sequence began, as a factor (finite, greater than 0):
    /// 1 is unchanged, 1.5 is half as large again.
    public var scale: Double
    /// The total turn since the sequence began, in radians (finite), positive clockwise on screen
    /// as ``RotationGestureRecognizer/rotation`` (R179).
    public var rotation: Double

    /// Creates a transform input.
    public init(timestamp: Timestamp, phase: Phase, location: Point, scale: Double = 1, rotation: Double = 0) {
        self.timestamp = timestamp
        self.phase = phase
        self.location = location
        self.scale = scale
        self.rotation = rotation
    }

    /// A form such as `0.100 transform changed (10.0, 20.0) scale 1.2 rotation 0.0`.
    public var description: String { "\(timestamp) transform \(phase) \(location) scale \(scale) rotation \(rotation)" }
}
