/// Distances inward from the four edges of a rectangle, in points: UIKit's `UIEdgeInsets`.
///
/// A scroll view's ``ScrollView/contentInset`` uses them to add room around its content (R232).
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// The inset from the top edge, in points.
    public var top: Double
    /// The inset from the left edge, in points.
    public var left: Double
    /// The inset from the bottom edge, in points.
    public var bottom: Double
    /// The inset from the right edge, in points.
    public var right: Double

    /// Creates insets from the four distances, in points.
    @inlinable
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// A textual form such as `(top 0.0, left 0.0, bottom 0.0, right 0.0)`.
    public var description: String { "(top \(top), left \(left), bottom \(bottom), right \(right))" }
}
