import Foundation
import GestureArbiterTesting
import Testing

/// The README's `--explain` excerpt is the demo's output with its elisions marked: between two
/// `# [...]` markers the lines follow one another in the real output, and every line appears.
@Suite struct ReadmeExcerptTests {
    static func readme() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOfFile: root.appendingPathComponent("README.md").path, encoding: .utf8)
    }

    /// The lines of the untagged block that follows the line containing `marker`.
    static func block(after marker: String, in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.contains(marker) }),
            let open = lines[start...].firstIndex(of: "```")
        else { return [] }
        return Array(lines[(open + 1)...].prefix { $0 != "```" })
    }

    @Test("R122: the README's --explain excerpt is the demo's output, contiguous between its # [...] marks, in order")
    func explainExcerptMarksItsElisions() throws {
        let excerpt = Self.block(after: "`--explain` says why", in: try Self.readme())
        #expect(excerpt.count > 10 && excerpt.contains("# [...]"))
        let output = TraceCommand.run(["--explain"], readFile: { _ in nil }).output.split(separator: "\n").map(String.init)
        // Split the excerpt into runs at the markers: each run is a contiguous slice of the
        // output, after the previous run.
        var position = 0
        var run: [String] = []
        func place(_ run: [String]) -> Bool {
            guard !run.isEmpty else { return true }
            var start = position
            while start + run.count <= output.count {
                if Array(output[start..<(start + run.count)]) == run {
                    position = start + run.count
                    return true
                }
                start += 1
            }
            return false
        }
        for line in excerpt + ["# [...]"] {
            if line == "# [...]" {
                #expect(place(run), "not contiguous in the output: \(run)")
                run = []
            } else {
                run.append(line)
            }
        }
    }
}
