
/// Why default hit-testing skipped a view (reported to a ``Tracer``).
public enum HitTestSkipReason: String, Hashable, Sendable {
    /// `isHidden` is true (R2).
    case hidden
    /// `isUserInteractionEnabled` is false (R2).
    case userInteractionDisabled
    /// `alpha < 0.01` (R2, R6).
    case transparent
    /// `point(inside:with:)` was false (R4, R5).
    case outside
}
