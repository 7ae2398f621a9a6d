import Foundation
import GestureArbiterTesting
import Testing

/// `--explain` lines are whole sentences: none is cut short.
@Suite struct ExplainTextTests {
    /// Words after which a line cannot end: each begins a phrase that needs more.
    static let danglingWords: Set<String> = [
        "cancels", "discards", "withheld", "by", "requires", "linked", "path", "and", "of", "to", "in", "for", "with",
    ]

    /// Why `line` looks cut short, or nil: a trailing space, a separator at the end, an empty
    /// list in parentheses, or a last word that needs more.
    static func danglingReason(_ line: String) -> String? {
        guard let last = line.last else { return nil }
        if last == " " { return "ends with a space" }
        if [":", ",", ";", ">", "-", "("].contains(last) { return "ends with \"\(last)\"" }
        // The `# unfinished:` listing indents its items ("#   h1 is began", a hover recognizer
        // while the pointer stays in the window, R268): the indent is not an empty part.
        let body = line.hasPrefix("#   ") ? "# " + line.dropFirst(4) : line
        if body.contains("()") || body.contains(" , ") || body.contains(",,") || body.contains("  ") { return "has an empty part" }
        let word = line.split(separator: " ").last.map(String.init) ?? ""
        if danglingWords.contains(word) { return "ends with \"\(word)\"" }
        return nil
    }

    /// The `#` reason lines of `--explain` for a scenario file's text, and the exit status.
    static func explainLines(_ text: String) -> (lines: [String], status: Int32) {
        let result = TraceCommand.run(["s.json", "--explain"], readFile: { _ in text })
        return (result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // Reasons only: the "# scenario: NAME" header repeats the file's name, which is the author's text.
            .filter { $0.hasPrefix("#") && !$0.hasPrefix("# scenario: ") }, result.status)
    }

    /// A view whose tap delays touchesBegan, so touch 1's began is withheld from it (R61); then
    /// the view is removed (R120).
    static func removal(delaysTouchesBegan: Bool) -> String {
        """
        { "name": "removal", "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 100, 100] } ],
          "gestures": [ { "id": "T", "type": "tap", "view": "V", "delaysTouchesBegan": \(delaysTouchesBegan) } ],
          "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 10, "y": 10 } ] },
                     { "t": 0.01, "removeView": "V" },
                     { "t": 0.02, "touches": [ { "id": 1, "phase": "ended", "x": 10, "y": 10 } ] },
                     { "t": 1, "idle": true } ] }
        """
    }

    @Test("R61, R120: removing a view whose only touch was withheld explains the discard, not an empty 'cancels'")
    func removalWithWithheldTouch() {
        let (lines, status) = Self.explainLines(Self.removal(delaysTouchesBegan: true))
        #expect(status == 0)
        #expect(lines.contains("# V left its window; discards withheld 1"))
        #expect(!lines.contains { $0.hasSuffix("cancels ") || $0.hasSuffix("cancels") })
    }

    @Test("R120: removing a view that received a touch's began explains the cancellation")
    func removalWithDeliveredTouch() {
        let (lines, status) = Self.explainLines(Self.removal(delaysTouchesBegan: false))
        #expect(status == 0)
        #expect(lines.contains("# V left its window; cancels 1 in its views"))
        #expect(lines.contains("# V cancelled 1"))
    }

    /// Scenario files kept in the repository (tests, docs, benchmarks), if any: every `.json`
    /// below those folders that parses as a scenario.
    static func repositoryScenarios() -> [(String, String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var found: [(String, String)] = []
        for folder in ["Tests", "docs", "Benchmarks"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".json") && !relative.contains(".build") {
                let path = base.appendingPathComponent(relative).path
                if let text = try? String(contentsOfFile: path, encoding: .utf8), (try? ScenarioParser.parse(text)) != nil {
                    found.append((folder + "/" + relative, text))
                }
            }
        }
        return found.sorted { $0.0 < $1.0 }
    }

    @Test("no --explain line ends on a dangling word or separator: the built-in scenario, 300 generated scenarios, and the repository's scenario files")
    func noDanglingLines() {
        var corpus: [(String, String)] = [
            ("built-in", BuiltInScenarios.singleRequiresDoubleFourFastTaps),
            ("removal, withheld", Self.removal(delaysTouchesBegan: true)),
            ("removal, delivered", Self.removal(delaysTouchesBegan: false)),
        ]
        // Generated scenarios mix API changes (disable, enable, removeGesture, removeView)
        // into taps, drags and multi-finger gestures.
        for index in 0..<300 {
            var random = SeededGenerator(seed: SeededGenerator.caseSeed(0xE8_91A1, index: index))
            corpus.append(("generated \(index) (seed 0xE891A1)", Generator.scenarios().generate(&random).jsonText()))
        }
        corpus += Self.repositoryScenarios()
        var checked = 0
        for (name, text) in corpus {
            let (lines, status) = Self.explainLines(text)
            #expect(status == 0 || status == 3, "\(name): exit \(status)")
            for line in lines {
                if let reason = Self.danglingReason(line) {
                    Issue.record("\(name): \"\(line)\" \(reason)")
                }
                checked += 1
            }
        }
        #expect(checked > 10_000, "only \(checked) lines checked")
    }

    @Test("the dangling-line check itself: it flags the lines the old text produced and passes whole ones")
    func danglingCheck() {
        #expect(Self.danglingReason("# V left its window; cancels ") != nil)
        #expect(Self.danglingReason("# V left its window; cancels") != nil)
        #expect(Self.danglingReason("# S held: requires  to fail") != nil)
        #expect(Self.danglingReason("# D  (cancelsTouchesInView)") != nil)
        #expect(Self.danglingReason("# touch 1 began withheld by") != nil)
        #expect(Self.danglingReason("# V left its window; discards withheld 1") == nil)
        #expect(Self.danglingReason("# S ended -> failed: D, which it requires to fail, began or recognized") == nil)
        #expect(Self.danglingReason("# --- pass at 0.000: input") == nil)
    }
}
