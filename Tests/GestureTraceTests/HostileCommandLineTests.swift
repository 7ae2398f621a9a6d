import Foundation
import GestureArbiterTesting
import Testing

/// `gesture-trace` given hostile arguments and input: every case ends with a documented exit
/// status and message, never a crash, and never an option taken for a file name.
@Suite struct HostileCommandLineTests {
    /// Runs the command in-process on bytes (a file's or standard input's).
    static func run(_ arguments: [String], file: [UInt8]? = nil, standardInput: [UInt8]? = nil) -> (TraceCommand.Result, [String]) {
        var written: [String] = []
        let host = TraceCommand.Host(
            readFile: { _ in file }, readStandardInput: { standardInput }, meters: .unavailable,
            writeFile: { path, contents in
                written.append(path)
                contents { _ in }
                return nil
            })
        return (TraceCommand.run(arguments, host: host), written)
    }

    /// Runs `gesture-trace ARGUMENTS` through `/bin/sh` with `redirection` applied to it.
    static func shell(_ arguments: String, redirection: String) throws -> GestureTraceCommandTests.Outcome {
        let path = try #require(GestureTraceCommandTests.executablePath(), "gesture-trace not found; build it first")
        return try GestureTraceCommandTests.runExecutable("/bin/sh", ["-c", "exec \"$0\" \(arguments) \(redirection)", path])
    }

    /// Runs the real `gesture-trace FILE` on a file holding `bytes`.
    static func runExecutable(onFile bytes: [UInt8]) throws -> GestureTraceCommandTests.Outcome {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).json")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let path = try #require(GestureTraceCommandTests.executablePath(), "gesture-trace not found; build it first")
        return try GestureTraceCommandTests.runExecutable(path, [file.path])
    }

    @Test("gesture-trace - with standard input a directory, closed, or unreadable: \"cannot read standard input\", exit 2")
    func unreadableStandardInput() throws {
        for redirection in ["< /", "<&-"] {
            let outcome = try Self.shell("-", redirection: redirection)
            #expect(outcome.status == 2, "\(redirection)")
            #expect(outcome.errorOutput == "gesture-trace: cannot read standard input\n", "\(redirection)")
            #expect(outcome.output.isEmpty)
        }
        // A directory given as FILE is unreadable too.
        let directory = try Self.shell("/", redirection: "")
        #expect(directory.status == 2)
        #expect(directory.errorOutput == "gesture-trace: cannot read /\n")
    }

    @Test("--bench-iterations takes digits only, from 1 to the documented maximum: no overflow, no sign")
    func benchIterations() {
        let message = "gesture-trace: --bench-iterations needs a whole number from 1 to 1000000000\n"
        for value in ["9223372036854775807", "99999999999999999999", "1000000001", "+5", "-5", " 5", "5 ", "0", "", "0x10", "٥"] {
            let (result, _) = Self.run(["--bench", "--bench-iterations", value])
            #expect(result.status == 2, "\(value)")
            #expect(result.errorOutput.hasPrefix(message), "\(value)")
        }
        #expect(TraceCommand.maximumBenchIterations == 1_000_000_000)
        let (five, _) = Self.run(["--bench", "--bench-iterations", "05"])
        #expect(five.status == 0)
        #expect(five.output.contains("\nreplays: 5\n"))
    }

    @Test("--html takes no option, no \"-\" and no directory as its OUT: a usage error, exit 2, nothing written")
    func htmlNeedsAFile() {
        for (arguments, shown) in [
            (["--html", "--check"], "found \"--check\" (write ./--check for a file of that name)"),
            (["--html", "-"], "found \"-\" (write ./- for a file of that name)"),
            (["--html", "-x.html"], "found \"-x.html\" (write ./-x.html for a file of that name)"),
            (["--html", "out/"], "found the directory \"out/\""),
        ] {
            let (result, written) = Self.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errorOutput.hasPrefix("gesture-trace: --html needs an output file, \(shown)\n"), "\(arguments)")
            #expect(written.isEmpty)
            #expect(result.output.isEmpty)
        }
        // A file name that merely starts with a dash is written through ./.
        let (dotted, written) = Self.run(["--html", "./-x.html", "--check"])
        #expect(dotted.status == 0)
        #expect(written == ["./-x.html"])
    }

    @Test("the real tool refuses an existing directory as --html OUT: exit 4, the log printed")
    func htmlIntoADirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-trace-dir-\(UUID().uuidString).html")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try #require(GestureTraceCommandTests.executablePath(), "gesture-trace not found; build it first")
        let outcome = try GestureTraceCommandTests.runExecutable(path, ["--html", directory.path])
        #expect(outcome.status == 4)
        #expect(outcome.errorOutput == "gesture-trace: cannot write the picture to \(directory.path): \(directory.path) is a directory\n")
        #expect(outcome.output == GestureTraceCommandTests.demoOutput)
    }

    @Test("a file that is not UTF-8 gets the reader's byte-offset error, from the real tool too")
    func notUTF8() throws {
        let bytes: [UInt8] = Array("{ \"name\": \"".utf8) + [0xC3, 0x28] + Array("\" }".utf8)
        let (result, _) = Self.run(["bad.json"], file: bytes)
        #expect(result.status == 2)
        #expect(result.errorOutput == "gesture-trace: invalid scenario (bad.json): file: not valid JSON at line 1, column 12: the file is not valid UTF-8 (byte offset 11)\n")
        let outcome = try Self.runExecutable(onFile: bytes)
        #expect(outcome.status == 2)
        #expect(outcome.errorOutput.hasSuffix("the file is not valid UTF-8 (byte offset 11)\n"))
    }

    @Test("one byte-order mark is skipped, a second is an error; the real tool sees the file's own bytes")
    func byteOrderMarks() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let demo = Array(BuiltInScenarios.singleRequiresDoubleFourFastTaps.utf8)
        #expect(Self.run(["a.json"], file: bom + demo).0.status == 0)
        let (twice, _) = Self.run(["a.json"], file: bom + bom + demo)
        #expect(twice.status == 2)
        #expect(twice.errorOutput == "gesture-trace: invalid scenario (a.json): file: not valid JSON at line 1, column 2: a second byte-order mark (U+FEFF); only one may start the file\n")
        let outcome = try Self.runExecutable(onFile: bom + bom + demo)
        #expect(outcome.status == 2)
        #expect(outcome.errorOutput.hasSuffix("a second byte-order mark (U+FEFF); only one may start the file\n"))
    }

    @Test("a huge number is named by its start and length in the error, never echoed whole")
    func hugeNumber() {
        let digits = String(repeating: "9", count: 1_000_000)
        let (result, _) = Self.run(["n.json"], file: Array("{ \"name\": \"x\", \"window\": { \"width\": \(digits) } }".utf8))
        #expect(result.status == 2)
        #expect(result.errorOutput == "gesture-trace: invalid scenario (n.json): file: not valid JSON at line 1, column 37: the number 999999999999999999999999... (1000000 characters) is too large for a 64-bit floating-point value\n")
    }

    @Test("a C1 control, DEL or a bidi override where a JSON value should start is named by its code point in the syntax error, never echoed raw (fuzz: tools)", arguments: [
        ("\u{84}", "0084"), ("\u{9B}", "009B"), ("\u{7F}", "007F"), ("\u{202E}", "202E"), ("\u{2066}", "2066"),
    ])
    func unprintableCharacterInASyntaxError(text: String, code: String) {
        let (result, _) = Self.run(["f.json"], file: Array(text.utf8))
        #expect(result.status == 2)
        #expect(result.errorOutput.hasSuffix("found U+\(code)\n"), "\(result.errorOutput)")
        #expect(!result.errorOutput.unicodeScalars.contains { $0.isUnprintableForTest && $0 != "\n" })
    }

    @Test("a name or id holding a newline, ESC, NUL, DEL, a C1 control or a bidi override is refused, never printed raw")
    func controlCharacters() {
        let forged = #"""
            { "name": "x\n# check: the log matches \"expect\" (1 lines, order strict)",
              "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 100, 100] } ], "expect": ["0.000 nothing"],
              "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 10, "y": 10 } ] } ] }
            """#
        let (result, _) = Self.run(["f.json", "--check"], file: Array(forged.utf8))
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errorOutput == "gesture-trace: invalid scenario (f.json): file: not valid JSON at line 1, column 11: a string holds U+000A, a control or bidirectional formatting character (scenario strings are printed: they may not hold C0 or C1 controls, DEL or bidi overrides, escaped or not)\n")
        // In an id, an expect line or a field name; escaped or raw.
        for (text, code) in [
            (#"\u001b[2J"#, "001B"), (#"\u0000"#, "0000"), ("\u{7F}", "007F"), ("\u{9B}", "009B"), ("\u{202E}", "202E"),
            (#"\u2066"#, "2066"), ("\u{200F}", "200F"), (#"\t"#, "0009"),
        ] {
            for file in [
                #"{ "name": "n", "views": [ { "id": "V\#(text)", "parent": "window", "frame": [0, 0, 1, 1] } ] }"#,
                #"{ "name": "n", "expect": ["0.000 V\#(text)"] }"#,
                #"{ "name": "n", "x\#(text)": 1 }"#,
            ] {
                let (result, _) = Self.run(["f.json"], file: Array(file.utf8))
                #expect(result.status == 2, "\(file)")
                #expect(result.errorOutput.contains("a string holds U+\(code), a control or bidirectional formatting character"), "\(file)")
                #expect(!result.errorOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || (0x2000...0x206F).contains($0.value) }, "\(file)")
            }
        }
    }
}

extension Unicode.Scalar {
    /// C0 and C1 controls, DEL and the bidirectional formatting characters: what must never reach
    /// a terminal raw (written out here, not taken from the reader under test).
    fileprivate var isUnprintableForTest: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
