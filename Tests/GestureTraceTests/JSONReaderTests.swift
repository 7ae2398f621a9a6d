import GestureArbiter
import GestureArbiterTesting
import Testing

/// The strict JSON front end of scenario files (RFC 8259), seen through `ScenarioParser.parse`.
@Suite struct JSONReaderTests {
    static func parseError(_ text: String) -> String? {
        do {
            _ = try ScenarioParser.parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    /// Each expected position is counted by hand from the text: lines and columns from 1. The
    /// rows are the parser tests' `InvalidFile`, here with the whole message.
    static let syntaxErrors: [InvalidFile] = [
        InvalidFile(what: "empty file", json: "", error: "file: not valid JSON at line 1, column 1: expected a value, found the end of the file"),
        InvalidFile(what: "trailing comma in an object", json: "{ \"name\": \"x\", }",
                        error: "file: not valid JSON at line 1, column 16: expected a field name in double quotes, found \"}\" (a trailing comma is not allowed)"),
        InvalidFile(what: "trailing comma in a list", json: "{ \"name\": \"x\",\n  \"rules\": [\"R1\",]\n}",
                        error: "file: not valid JSON at line 2, column 18: expected a value, found \"]\" (a trailing comma is not allowed)"),
        InvalidFile(what: "line comment", json: "{\n  // the name\n  \"name\": \"x\" }",
                        error: "file: not valid JSON at line 2, column 3: expected a field name in double quotes, found a comment (JSON has no comments)"),
        InvalidFile(what: "block comment after a value", json: "{ \"name\": \"x\" /* c */ }",
                        error: "file: not valid JSON at line 1, column 15: expected \",\" or \"}\" after a field, found a comment (JSON has no comments)"),
        InvalidFile(what: "NaN", json: "{ \"name\": \"x\", \"window\": { \"width\": NaN } }",
                        error: "file: not valid JSON at line 1, column 37: expected a value, found NaN (NaN and Infinity are not JSON numbers)"),
        InvalidFile(what: "Infinity", json: "{ \"name\": \"x\", \"window\": { \"width\": Infinity } }",
                        error: "file: not valid JSON at line 1, column 37: expected a value, found Infinity (NaN and Infinity are not JSON numbers)"),
        InvalidFile(what: "minus Infinity", json: "{ \"name\": \"x\", \"window\": { \"width\": -Infinity } }",
                        error: "file: not valid JSON at line 1, column 38: expected a digit after \"-\", found Infinity (NaN and Infinity are not JSON numbers)"),
        InvalidFile(what: "leading zero", json: "{ \"name\": \"x\", \"window\": { \"width\": 0400 } }",
                        error: "file: not valid JSON at line 1, column 37: a number may not have a leading zero (found \"0400\")"),
        InvalidFile(what: "plus sign", json: "{ \"name\": \"x\", \"window\": { \"width\": +4 } }",
                        error: "file: not valid JSON at line 1, column 37: expected a value, found \"+\" (a JSON number has no plus sign)"),
        InvalidFile(what: "fraction without a leading digit", json: "{ \"name\": \"x\", \"window\": { \"width\": .5 } }",
                        error: "file: not valid JSON at line 1, column 37: expected a value, found \".\" (a JSON number starts with a digit)"),
        InvalidFile(what: "decimal point without digits", json: "{ \"name\": \"x\", \"window\": { \"width\": 4. } }",
                        error: "file: not valid JSON at line 1, column 39: expected a digit after the decimal point, found U+0020"),
        InvalidFile(what: "exponent without digits", json: "{ \"name\": \"x\", \"window\": { \"width\": 4e } }",
                        error: "file: not valid JSON at line 1, column 39: expected a digit in the exponent, found U+0020"),
        InvalidFile(what: "number too large for a double", json: "{ \"name\": \"x\", \"window\": { \"width\": 1e400 } }",
                        error: "file: not valid JSON at line 1, column 37: the number 1e400 is too large for a 64-bit floating-point value"),
        InvalidFile(what: "single quotes", json: "{ \"name\": 'x' }",
                        error: "file: not valid JSON at line 1, column 11: expected a value, found \"'\" (JSON strings use double quotes)"),
        InvalidFile(what: "unquoted field name", json: "{ name: \"x\" }",
                        error: "file: not valid JSON at line 1, column 3: expected a field name in double quotes, found \"n\""),
        InvalidFile(what: "missing colon", json: "{ \"name\" \"x\" }",
                        error: "file: not valid JSON at line 1, column 10: expected \":\" after the field name \"name\", found \"\"\""),
        InvalidFile(what: "misspelt literal", json: "{ \"name\": \"x\", \"window\": tru }",
                        error: "file: not valid JSON at line 1, column 26: expected a value, found \"tru\""),
        InvalidFile(what: "unclosed object", json: "{ \"name\": \"x\"",
                        error: "file: not valid JSON at line 1, column 14: expected \",\" or \"}\" after a field, found the end of the file (the object is not closed)"),
        InvalidFile(what: "unclosed string", json: "{ \"name\": \"x }",
                        error: "file: not valid JSON at line 1, column 15: expected the closing \"\\\"\" of a string, found the end of the file"),
        InvalidFile(what: "raw newline inside a string", json: "{ \"name\": \"a\nb\" }",
                        error: "file: not valid JSON at line 1, column 13: a control character (U+000A) must be escaped inside a string"),
        InvalidFile(what: "invalid escape", json: "{ \"name\": \"a\\x\" }",
                        error: "file: not valid JSON at line 1, column 13: invalid escape \"\\x\" (JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX)"),
        InvalidFile(what: "short unicode escape", json: "{ \"name\": \"\\u12\" }",
                        error: "file: not valid JSON at line 1, column 16: expected four hex digits after \\u, found \"\"\""),
        InvalidFile(what: "unpaired high surrogate", json: "{ \"name\": \"\\uD83D\" }",
                        error: "file: not valid JSON at line 1, column 12: unpaired surrogate \\uD83D (a high surrogate needs a low one after it)"),
        InvalidFile(what: "unpaired low surrogate", json: "{ \"name\": \"\\uDE00\" }",
                        error: "file: not valid JSON at line 1, column 12: unpaired surrogate \\uDE00 (a low surrogate must follow a high one)"),
        InvalidFile(what: "a second top-level value", json: "{ \"name\": \"x\" } {}",
                        error: "file: not valid JSON at line 1, column 17: expected the end of the file after the top-level value, found \"{\""),
        InvalidFile(what: "CR LF line ends count as one line end", json: "{\r\n\"name\": \"x\",\r\n,}",
                        error: "file: not valid JSON at line 3, column 1: expected a field name in double quotes, found \",\""),
        InvalidFile(what: "columns count characters, not bytes", json: "{ \"name\": \"é✓\" x }",
                        error: "file: not valid JSON at line 1, column 16: expected \",\" or \"}\" after a field, found \"x\""),
    ]

    @Test("strict JSON: a syntax error names the line, the column and what was expected", arguments: syntaxErrors)
    func syntaxError(_ row: InvalidFile) {
        #expect(Self.parseError(row.json) == row.error)
    }

    @Test("strict JSON: a field given twice is an error at the second one, naming the object, line and column")
    func duplicateField() {
        let text = "{ \"name\": \"x\",\n  \"window\": { \"width\": 1,\n    \"width\": 2 } }"
        #expect(Self.parseError(text) == "window: field \"width\" appears twice (line 3, column 5)")
        // Keys compare after decoding their escapes.
        #expect(Self.parseError("{ \"name\": \"x\", \"na\\u006De\": \"y\" }") == "file: field \"name\" appears twice (line 1, column 16)")
    }

    /// `depth` nested lists as the value of `rules`: the top-level object is level 1.
    static func nested(_ depth: Int) -> String {
        "{ \"name\": \"x\", \"rules\": " + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + " }"
    }

    @Test("strict JSON: nesting up to the limit is read; one level deeper has its own error naming the place")
    func nestingLimit() {
        #expect(ScenarioParser.maximumNesting == 512)
        // At the limit the JSON is accepted: what fails is the format ("rules" lists strings).
        #expect(Self.parseError(Self.nested(512)) == "file: \"rules\" must list strings")
        // The 513th level's "[" is at column 25 + 511 (the first "[" is at column 25).
        #expect(Self.parseError(Self.nested(513)) == "file: nested deeper than 512 levels at line 1, column 536")
    }

    @Test("strict JSON: very deep nesting (100,000 levels) is an error, not a crash")
    func veryDeepNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(Self.parseError(text) == "file: nested deeper than 512 levels at line 1, column 513")
        let objects = String(repeating: "{\"a\":", count: 100_000)
        #expect(Self.parseError(objects) == "file: nested deeper than 512 levels at line 1, column 2561")
    }

    static let numberTokens = [
        "0", "-0", "1", "-1", "0.1", "0.30000000000000004", "1e-7", "1E+2", "2.5e-3", "123456789012345678901234567890",
        "9007199254740993", "2.2250738585072014e-308", "4.9406564584124654e-324", "1.7976931348623157e308",
        "0.1000000000000000055511151231257827021181583404541015625", "3.141592653589793238462643383279",
    ]

    @Test("strict JSON: a number reads as exactly Double(its own text)", arguments: numberTokens)
    func exactNumbers(_ token: String) throws {
        let scenario = try ScenarioParser.parse(
            "{ \"name\": \"x\", \"views\": [ { \"id\": \"V\", \"parent\": \"window\", \"frame\": [\(token), 0, 1, 1] } ] }")
        let expected = try #require(Double(token))
        let read = try #require(scenario.views.first?.frame.minX)
        #expect(read.bitPattern == expected.bitPattern, "\(token): read \(read), expected \(expected)")
    }

    @Test("strict JSON: escapes decode, surrogate pairs join, a byte-order mark at the start is skipped")
    func stringsAndBOM() throws {
        let scenario = try ScenarioParser.parse("\u{FEFF}{ \"name\": \"a\\\"b\\\\c\\/d \\u00e9\\uD83D\\uDE00\" }")
        #expect(scenario.name == "a\"b\\c/d é\u{1F600}")
    }

    @Test("strict JSON: true, false and null are distinct from numbers and strings in the format's checks")
    func literals() {
        #expect(Self.parseError("{ \"name\": null }") == "file: \"name\" must be a string")
        #expect(Self.parseError("{ \"name\": \"x\", \"window\": { \"width\": true } }") == "window: \"width\" must be a number")
        let flag = "{ \"name\": \"x\", \"views\": [ { \"id\": \"V\", \"parent\": \"window\", \"frame\": [0, 0, 1, 1], \"hidden\": 0 } ] }"
        #expect(Self.parseError(flag) == "views[0] (id \"V\"): \"hidden\" must be true or false")
    }
}
