/// An axis-aligned rectangle: an origin and a size, in points.
///
/// Containment is half-open, as UIKit's `CGRect.contains`: a point is inside when
/// `minX <= x < maxX` and `minY <= y < maxY`, so the right and bottom edges are outside.
///
/// Rule: R4.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner with the smallest coordinates.
    public var origin: Point
    /// The extents.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its origin coordinates and its extents, in points.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest x coordinate.
    @inlinable public var minX: Double { origin.x }
    /// The smallest y coordinate.
    @inlinable public var minY: Double { origin.y }
    /// The x coordinate just past the right edge (`minX + width`).
    @inlinable public var maxX: Double { origin.x + size.width }
    /// The y coordinate just past the bottom edge (`minY + height`).
    @inlinable public var maxY: Double { origin.y + size.height }
    /// The x coordinate of the centre (`minX + width / 2`).
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The y coordinate of the centre (`minY + height / 2`).
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The width, in points.
    @inlinable public var width: Double { size.width }
    /// The height, in points.
    @inlinable public var height: Double { size.height }

    /// Whether `point` lies inside, with half-open intervals: `minX <= x < maxX`,
    /// `minY <= y < maxY`.
    ///
    /// A rectangle with zero or negative width or height contains no point.
    ///
    /// Rule: R4.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// A textual form such as `(0.0, 0.0, 400.0, 800.0)`.
    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}
