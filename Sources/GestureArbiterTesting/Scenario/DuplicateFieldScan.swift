import Foundation

/// Finds a field that appears twice in one JSON object, which `JSONSerialization` accepts
/// silently (keeping one of the values).
///
/// A scenario file with `"taps": 1, "taps": 2` is ambiguous, so the parser rejects it. The scan
/// runs on text that `JSONSerialization` has already accepted, so it only has to walk the
/// structure, not validate it. Keys are compared after decoding their escapes.
struct DuplicateFieldScan {
    private let bytes: [UInt8]
    private var index = 0

    /// Throws a ``ScenarioError`` at the object holding the first repeated field, in text order.
    static func check(_ data: Data) throws(ScenarioError) {
        var scan = DuplicateFieldScan(bytes: Array(data))
        try scan.value(path: "")
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func value(path: String) throws(ScenarioError) {
        skipWhitespace()
        switch current {
        case UInt8(ascii: "{"): try object(path: path)
        case UInt8(ascii: "["): try array(path: path)
        case UInt8(ascii: "\""): _ = string()
        default:
            // A number, true, false or null: runs up to the next delimiter.
            while let byte = current, ![UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09].contains(byte) {
                index += 1
            }
        }
    }

    private mutating func object(path: String) throws(ScenarioError) {
        index += 1
        var seen: Set<String> = []
        while true {
            skipWhitespace()
            guard let byte = current else { return }
            if byte == UInt8(ascii: "}") {
                index += 1
                return
            }
            if byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            let key = string()
            guard seen.insert(key).inserted else {
                throw ScenarioError(path.isEmpty ? "file" : path, "field \"\(key)\" appears twice")
            }
            skipWhitespace()
            if current == UInt8(ascii: ":") { index += 1 }
            try value(path: path.isEmpty ? key : "\(path).\(key)")
        }
    }

    private mutating func array(path: String) throws(ScenarioError) {
        index += 1
        var position = 0
        while true {
            skipWhitespace()
            guard let byte = current else { return }
            if byte == UInt8(ascii: "]") {
                index += 1
                return
            }
            if byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try value(path: "\(path)[\(position)]")
            position += 1
        }
    }

    /// Reads a string token starting at its opening quote and returns its decoded text.
    private mutating func string() -> String {
        let start = index
        index += 1
        var escaped = false
        while let byte = current {
            index += 1
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                break
            }
        }
        let token = Array(bytes[start..<min(index, bytes.count)])
        guard escaped else { return String(decoding: token.dropFirst().dropLast(), as: UTF8.self) }
        let decoded = try? JSONSerialization.jsonObject(with: Data(token), options: .fragmentsAllowed)
        return decoded as? String ?? String(decoding: token, as: UTF8.self)
    }
}
