/// A location in a two-dimensional coordinate space, in points.
///
/// Coordinates are `Double`. The engine rejects non-finite coordinates in input (R117), so a
/// `Point` that reaches a view or a recognizer is always finite.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate, in points.
    public var x: Double
    /// The vertical coordinate, in points.
    public var y: Double

    /// Creates a point from its coordinates, in points.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite (neither NaN nor infinite).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The straight-line (Euclidean) distance to `other`, in points.
    @inlinable
    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// A textual form such as `(12.0, 30.5)`.
    public var description: String { "(\(x), \(y))" }
}

/// A two-dimensional vector, in points: a translation or a velocity component pair.
///
/// Kept apart from ``Point`` only by name in the API (`translation(in:)` returns a `Point`, as in
/// UIKit, where `CGPoint` plays both roles); this alias documents intent at call sites.
public typealias Vector = Point
