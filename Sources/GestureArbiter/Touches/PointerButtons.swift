extension Event {
    /// The pointer buttons held during an event, with UIKit's raw values (`UIEvent.ButtonMask`):
    /// empty for finger and stylus touches.
    ///
    /// Rule: R262.
    public struct ButtonMask: OptionSet, Hashable, Sendable, CustomStringConvertible {
        /// The bits of the buttons.
        public let rawValue: Int
        /// The buttons whose bits `rawValue` sets.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The primary button (usually the left one): 1.
        public static let primary = ButtonMask(rawValue: 1 << 0)
        /// The secondary button (usually the right one): 2.
        public static let secondary = ButtonMask(rawValue: 1 << 1)

        /// Button `number`, counting from 1 (1 is ``primary``, 2 ``secondary``): `1 << (number - 1)`.
        /// A number outside 1...63 gives the empty mask.
        public static func button(_ number: Int) -> ButtonMask {
            guard (1...63).contains(number) else { return [] }
            return ButtonMask(rawValue: 1 << (number - 1))
        }

        /// `primary`, `secondary`, `button(3)`, ... joined by `|`, or `[]`.
        public var description: String {
            guard rawValue != 0 else { return "[]" }
            var parts: [String] = []
            for bit in 0..<63 where rawValue & (1 << bit) != 0 {
                parts.append(bit == 0 ? "primary" : bit == 1 ? "secondary" : "button(\(bit + 1))")
            }
            if rawValue < 0 { parts.append("button(64)") }
            return parts.joined(separator: "|")
        }
    }
}

/// The modifier keys held during an event, with UIKit's raw values (`UIKeyModifierFlags`).
///
/// Rule: R262.
public struct KeyModifierFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The bits of the keys.
    public let rawValue: Int
    /// The keys whose bits `rawValue` sets.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Caps lock: 1 << 16.
    public static let alphaShift = KeyModifierFlags(rawValue: 1 << 16)
    /// Shift: 1 << 17.
    public static let shift = KeyModifierFlags(rawValue: 1 << 17)
    /// Control: 1 << 18.
    public static let control = KeyModifierFlags(rawValue: 1 << 18)
    /// Option (alternate): 1 << 19.
    public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
    /// Command: 1 << 20.
    public static let command = KeyModifierFlags(rawValue: 1 << 20)
    /// A key of the numeric keypad: 1 << 21.
    public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)

    /// Each key with its UIKit name, in the order of their bits.
    public static let named: [(flag: KeyModifierFlags, name: String)] = [
        (.alphaShift, "alphaShift"), (.shift, "shift"), (.control, "control"), (.alternate, "alternate"),
        (.command, "command"), (.numericPad, "numericPad"),
    ]

    /// The names of the keys held, joined by `|`, or `[]`; other bits in hexadecimal.
    public var description: String {
        var parts: [String] = []
        var rest = rawValue
        for (flag, name) in Self.named where rawValue & flag.rawValue != 0 {
            parts.append(name)
            rest &= ~flag.rawValue
        }
        if rest != 0 { parts.append("0x" + String(rest, radix: 16)) }
        return parts.isEmpty ? "[]" : parts.joined(separator: "|")
    }
}
