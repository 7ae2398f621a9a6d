/// The phase of a touch, as in UIKit's `UITouch.Phase`.
///
/// A touch goes `began`, then any number of `moved` or `stationary`, then `ended` or
/// `cancelled` (R15).
public enum TouchPhase: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The finger touched down.
    case began
    /// The finger moved.
    case moved
    /// The finger is down and did not move (listed in an event that changed other touches).
    case stationary
    /// The finger lifted.
    case ended
    /// The system cancelled the touch (R22).
    case cancelled

    /// Whether this phase ends the touch.
    @inlinable @inline(__always)
    public var isTerminal: Bool { self == .ended || self == .cancelled }

    /// The phase's name, as in the scenario format: `began`, `moved`, ...
    public var description: String { rawValue }
}
