/// The kind of input device behind a touch.
public enum TouchType: Hashable, Sendable, CaseIterable {
    /// A finger on the screen.
    case direct
    /// A stylus.
    case pencil
    /// An indirect pointer (a trackpad or mouse).
    case indirectPointer
}
