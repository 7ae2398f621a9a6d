/// A strict JSON reader (RFC 8259) for scenario files, with errors that give a line and a column.
///
/// It accepts exactly the JSON grammar and nothing more: no trailing comma, no comment, no single
/// quotes, no unquoted field name, no `NaN` or `Infinity`, no leading zero, no `+` sign, no
/// control character inside a string, no unpaired surrogate escape, nothing after the top-level
/// value. A field given twice in one object is an error too (RFC 8259 leaves it undefined; a
/// scenario with `"taps": 1, "taps": 2` is ambiguous). Beyond JSON, a string may not hold a
/// control character (C0 or C1, DEL) or a bidirectional formatting character, even escaped
/// (``Unicode/Scalar/isUnprintable``): every string of a scenario may reach a terminal, in the log,
/// a diff or an error, and such a character would forge lines or reorder them there. Containers nested deeper than
/// ``maximumDepth`` get their own error instead of running the stack out. A byte-order mark at the
/// very start is skipped, as RFC 8259 allows (one only: a second is an error).
///
/// Numbers are read exactly: the standard library's `Double(String)` on the number's own text
/// (correctly rounded), and a number too large for a `Double` is an error.
///
/// The result is the value tree the scenario parser walks: `[String: Any]` for an object, `[Any]`
/// for an array, `String`, `Double` for every number, `Bool`, and ``JSONNull`` for `null`.
///
/// Lines count from 1, as do columns; a column counts characters (Unicode scalars, a tab is
/// one), and a line ends at LF, CR LF or a lone CR.
struct JSONReader {
    /// How deep containers may nest: the top-level object or array is level 1.
    static let maximumDepth = 512

    /// Why the text is not accepted, and where.
    struct Failure: Error, Equatable {
        /// What kind of problem.
        enum Kind: Equatable {
            /// The text breaks the JSON grammar (or is not UTF-8).
            case syntax
            /// A field appears twice in one object; `path` is where the object is (`file` for
            /// the top level, else like `gestures[1]` or `delegate.shouldBegin`).
            case duplicateField(path: String, key: String)
            /// Containers nest deeper than ``JSONReader/maximumDepth``.
            case tooDeep
        }

        var kind: Kind
        /// 1-based line of the offending character.
        var line: Int
        /// 1-based column (in characters) of the offending character.
        var column: Int
        /// What was expected or what is wrong, in words.
        var message: String
    }

    /// Reads `bytes` (UTF-8) as one JSON value.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> Any {
        var reader = JSONReader(bytes: bytes)
        try reader.checkUTF8()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            reader.index = 3
            if bytes.dropFirst(3).starts(with: [0xEF, 0xBB, 0xBF]) {
                throw reader.failure("a second byte-order mark (U+FEFF); only one may start the file")
            }
        }
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else {
            throw reader.failure("expected the end of the file after the top-level value, found \(reader.found())")
        }
        return value
    }

    private let bytes: [UInt8]
    private var index = 0
    /// Where the value being read sits, for duplicate-field messages.
    private var path: [PathComponent] = []

    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: - Values

    private mutating func value(depth: Int) throws(Failure) -> Any {
        guard let byte = current else { throw failure("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        case UInt8(ascii: "t"): return try literal("true", true)
        case UInt8(ascii: "f"): return try literal("false", false)
        case UInt8(ascii: "n"): return try literal("null", JSONNull())
        case UInt8(ascii: "/"): throw failure("expected a value, found a comment (JSON has no comments)")
        case UInt8(ascii: "'"): throw failure("expected a value, found \"'\" (JSON strings use double quotes)")
        case UInt8(ascii: "+"): throw failure("expected a value, found \"+\" (a JSON number has no plus sign)")
        case UInt8(ascii: "."): throw failure("expected a value, found \".\" (a JSON number starts with a digit)")
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            let word = self.word()
            if word == "NaN" || word.hasPrefix("Infinity") {
                throw failure("expected a value, found \(word) (NaN and Infinity are not JSON numbers)")
            }
            throw failure("expected a value, found \"\(word)\"")
        default:
            throw failure("expected a value (an object, a list, a string, a number, true, false or null), found \(found())")
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> [String: Any] {
        guard depth <= Self.maximumDepth else { throw tooDeep() }
        index += 1
        var result: [String: Any] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return result
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}") {
                    throw failure("expected a field name in double quotes, found \"}\" (a trailing comma is not allowed)")
                }
                if current == UInt8(ascii: "/") {
                    throw failure("expected a field name in double quotes, found a comment (JSON has no comments)")
                }
                throw failure("expected a field name in double quotes, found \(found())")
            }
            let keyStart = index
            let key = try string()
            guard result[key] == nil else {
                index = keyStart
                throw Failure(
                    kind: .duplicateField(path: pathText, key: key), line: position.line, column: position.column,
                    message: "field \"\(key)\" appears twice")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw failure("expected \":\" after the field name \"\(key)\", found \(found())")
            }
            index += 1
            skipWhitespace()
            path.append(.key(key))
            result[key] = try value(depth: depth)
            path.removeLast()
            if try closes(with: "}", after: "a field", container: "object") { return result }
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> [Any] {
        guard depth <= Self.maximumDepth else { throw tooDeep() }
        index += 1
        var result: [Any] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return result
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                throw failure("expected a value, found \"]\" (a trailing comma is not allowed)")
            }
            path.append(.index(result.count))
            result.append(try value(depth: depth))
            path.removeLast()
            if try closes(with: "]", after: "a list item", container: "list") { return result }
        }
    }

    /// After a member: consumes a `,` (false: another member follows) or the `closing`
    /// bracket (true: the container ends); anything else is an error.
    private mutating func closes(with closing: Unicode.Scalar, after member: String, container: String) throws(Failure) -> Bool {
        skipWhitespace()
        let expected = "expected \",\" or \"\(closing)\" after \(member)"
        switch current {
        case UInt8(ascii: ","):
            index += 1
            return false
        case UInt8(ascii: closing):
            index += 1
            return true
        case nil: throw failure("\(expected), found the end of the file (the \(container) is not closed)")
        case UInt8(ascii: "/"): throw failure("\(expected), found a comment (JSON has no comments)")
        default: throw failure("\(expected), found \(found())")
        }
    }

    private mutating func literal(_ word: String, _ value: Any) throws(Failure) -> Any {
        let found = self.word()
        guard found == word else { throw failure("expected a value, found \"\(found)\"") }
        index += word.utf8.count
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, converted exactly.
    private mutating func number() throws(Failure) -> Double {
        let start = index
        if current == UInt8(ascii: "-") {
            index += 1
            if current == UInt8(ascii: "I") {
                throw failure("expected a digit after \"-\", found \(word()) (NaN and Infinity are not JSON numbers)")
            }
        }
        guard let first = current, isDigit(first) else { throw failure("expected a digit after \"-\", found \(found())") }
        index += 1
        if first == UInt8(ascii: "0"), let next = current, isDigit(next) {
            index = start
            throw failure("a number may not have a leading zero (found \"\(word())\")")
        }
        skipDigits()
        if current == UInt8(ascii: ".") {
            index += 1
            guard let digit = current, isDigit(digit) else {
                throw failure("expected a digit after the decimal point, found \(found())")
            }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, isDigit(digit) else {
                throw failure("expected a digit in the exponent, found \(found())")
            }
            skipDigits()
        }
        let token = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(token), value.isFinite else {
            index = start
            // A huge number is named by its start and length, never echoed whole.
            let shown = token.count <= 40 ? token : "\(token.prefix(24))... (\(token.count) characters)"
            throw failure("the number \(shown) is too large for a 64-bit floating-point value")
        }
        return value
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        let start = index
        var decoded: [UInt8]?
        while true {
            guard let byte = current else {
                throw failure("expected the closing \"\\\"\" of a string, found the end of the file")
            }
            switch byte {
            case UInt8(ascii: "\""):
                let text = String(decoding: decoded ?? Array(bytes[start..<index]), as: UTF8.self)
                if let scalar = text.unicodeScalars.first(where: \.isUnprintable) {
                    index = start - 1
                    throw failure(
                        "a string holds U+\(hex(scalar.value, width: 4)), a control or bidirectional formatting character "
                            + "(scenario strings are printed: they may not hold C0 or C1 controls, DEL or bidi overrides, "
                            + "escaped or not)")
                }
                index += 1
                return text
            case UInt8(ascii: "\\"):
                if decoded == nil { decoded = Array(bytes[start..<index]) }
                try escape(into: &decoded!)
            case 0..<0x20:
                throw failure("a control character (U+\(hex(UInt32(byte), width: 4))) must be escaped inside a string")
            default:
                decoded?.append(byte)
                index += 1
            }
        }
    }

    /// Reads one escape sequence starting at its backslash.
    private mutating func escape(into buffer: inout [UInt8]) throws(Failure) {
        let start = index
        index += 1
        guard let byte = current else { throw failure("expected an escape after \"\\\", found the end of the file") }
        let simple: UInt8?
        switch byte {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            index = start
            throw failure("invalid escape \"\\\(describe(byte))\" (JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX)")
        }
        if let simple {
            buffer.append(simple)
            index += 1
            return
        }
        index += 1
        let unit = try hexQuad()
        var scalarValue = UInt32(unit)
        if (0xD800..<0xDC00).contains(unit) {
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                index = start
                throw failure("unpaired surrogate \\u\(hex(UInt32(unit), width: 4)) (a high surrogate needs a low one after it)")
            }
            index += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else {
                index = start
                throw failure("unpaired surrogate \\u\(hex(UInt32(unit), width: 4)) (a high surrogate needs a low one after it)")
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        } else if (0xDC00..<0xE000).contains(unit) {
            index = start
            throw failure("unpaired surrogate \\u\(hex(UInt32(unit), width: 4)) (a low surrogate must follow a high one)")
        }
        // Every value left is a valid scalar: surrogates were combined or rejected above.
        let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
        buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    /// The four hex digits after a `\u`.
    private mutating func hexQuad() throws(Failure) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexValue(byte) else {
                throw failure("expected four hex digits after \\u, found \(found())")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    // MARK: - Characters

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The run of letters, digits, `+`, `-` and `.` at the current position (at most 20), for
    /// messages about a misspelt literal or number.
    private func word() -> String {
        var end = index
        while end < bytes.count, end - index < 20 {
            let byte = bytes[end]
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            let isSignOrPoint = byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isDigit(byte) || isLetter || isSignOrPoint else { break }
            end += 1
        }
        guard end > index else { return found() }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    /// The character at the current position, quoted, or `the end of the file`.
    private func found() -> String {
        guard index < bytes.count else { return "the end of the file" }
        var iterator = bytes[index...].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        guard case let .valid(encoded) = parser.parseScalar(from: &iterator) else { return "an invalid byte" }
        let scalar = Unicode.UTF8.decode(encoded)
        // Named by its code point when printing it raw could forge output (C0 and C1 controls,
        // DEL, bidi formatting) or could not be seen (white space).
        if scalar.isUnprintable || scalar.properties.isWhitespace {
            return "U+\(hex(scalar.value, width: 4))"
        }
        return "\"\(scalar)\""
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "U+\(hex(UInt32(byte), width: 4))"
    }

    private func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    // MARK: - Errors

    /// The 1-based line and column of the current position.
    private var position: (line: Int, column: Int) {
        var line = 1
        var column = 1
        var offset = 0
        let end = min(index, bytes.count)
        while offset < end {
            let byte = bytes[offset]
            if byte == 0x0A || (byte == 0x0D && (offset + 1 >= bytes.count || bytes[offset + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80, byte != 0x0D {
                // Not a UTF-8 continuation byte (nor the CR of a CR LF): a new character.
                column += 1
            }
            offset += 1
        }
        return (line, column)
    }

    private var pathText: String {
        var text = ""
        for component in path {
            switch component {
            case let .key(key): text += text.isEmpty ? key : ".\(key)"
            case let .index(position): text += "[\(position)]"
            }
        }
        return text.isEmpty ? "file" : text
    }

    private func failure(_ message: String) -> Failure {
        let (line, column) = position
        return Failure(kind: .syntax, line: line, column: column, message: message)
    }

    private func tooDeep() -> Failure {
        let (line, column) = position
        return Failure(
            kind: .tooDeep, line: line, column: column,
            message: "nested deeper than \(Self.maximumDepth) levels at line \(line), column \(column)")
    }

    /// Fails at the first byte that is not part of valid UTF-8.
    private mutating func checkUTF8() throws(Failure) {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded): offset += encoded.count
            case .emptyInput: return
            case .error:
                index = offset
                throw failure("the file is not valid UTF-8 (byte offset \(offset))")
            }
        }
    }
}

extension Unicode.Scalar {
    /// Whether the scalar must never be printed raw to a terminal: the C0 controls (U+0000 to
    /// U+001F, tab and newline included), DEL, the C1 controls (U+0080 to U+009F), and the
    /// bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
    /// U+2069), which can forge a log line or make it read in another order.
    var isUnprintable: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

/// JSON's `null` in the value tree of ``JSONReader``: no scenario field accepts it.
struct JSONNull: Hashable, Sendable {}
