/// Touches are equal only when they are the same object (`===`), and hash by
/// `ObjectIdentifier`, as `UITouch` does (`NSObject` identity): a `Set<Touch>` or a
/// `[Touch: Point]` keyed by touch tells fingers apart by object, never by ``Touch/id``.
///
/// Two fingers with the same host id (one after the other, or in two environments) are two
/// touches and never equal, and one finger's touch stays equal to itself while its phase, time
/// and location change. The environment reuses a touch object for a later finger only when
/// nothing else refers to it, so a touch kept in a set or as a dictionary key keeps meaning
/// that one finger.
///
/// Rule: R14.
extension Touch: Hashable {
    /// Whether `lhs` and `rhs` are the same touch object.
    public static func == (lhs: Touch, rhs: Touch) -> Bool {
        lhs === rhs
    }

    /// Hashes the touch's object identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
