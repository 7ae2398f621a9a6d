/// The kind of input device behind a touch, with UIKit's raw values (`UITouch.TouchType`).
///
/// Rule: R29, R261, R266.
public enum TouchType: Int, Hashable, Sendable, CaseIterable {
    /// A finger on the screen (0).
    case direct = 0
    /// An indirect touch that is not a pointer, such as a remote's touch surface (1).
    case indirect = 1
    /// A stylus (2).
    case pencil = 2
    /// A click of an indirect pointer, a mouse or a trackpad (3): one touch from button down to
    /// button up, whose event carries the buttons and modifier keys (R261, R262, R278).
    case indirectPointer = 3
}

extension TouchType {
    /// This type's bit in a set of touch types held as one byte (see ``bits(of:)``).
    @inline(__always)
    var bit: UInt8 { 1 << UInt8(truncatingIfNeeded: rawValue) }

    /// `types` as one bit per type, for a membership test that reads no array.
    static func bits(of types: [TouchType]) -> UInt8 {
        types.reduce(0) { $0 | $1.bit }
    }
}
