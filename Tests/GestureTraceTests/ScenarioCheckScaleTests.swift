import GestureArbiterTesting
import Testing

/// `--check` on long logs: the diff takes memory linear in the lines (a recorded session of a
/// few minutes is tens of thousands of lines), and it is still a shortest diff.
@Suite struct ScenarioCheckScaleTests {
    /// `count` distinct log lines, 1 ms apart.
    static func log(_ count: Int) -> [String] {
        (0..<count).map { "\($0 / 1000).\(String($0 % 1000 + 1000).dropFirst()) view V moved \($0)" }
    }

    @Test("--check: a 200 000-line log with one wrong line gives a 200 000-line diff with one - and one +")
    func longLogOneWrongLine() {
        // A table of 200 000 x 200 000 cells (the quadratic diff) needs hundreds of gigabytes.
        let expected = Self.log(200_000)
        var actual = expected
        actual[123_456] = "123.456 view V moved wrong"
        for order in [Scenario.Order.strict, .byTime] {
            let diff = ScenarioCheck.differences(expected: expected, actual: actual, order: order)
            #expect(diff.count == 200_001)
            #expect(diff.filter { !$0.hasPrefix("  ") } == ["- \(expected[123_456])", "+ 123.456 view V moved wrong"])
            #expect(diff[123_456] == "- \(expected[123_456])")
        }
    }

    @Test("--check: a 100 000-line log against one with every 100th line changed, linear memory, each line once")
    func longLogManyChanges() {
        let expected = Self.log(100_000)
        var actual = expected
        for index in stride(from: 50, to: actual.count, by: 100) { actual[index] += " changed" }
        let diff = ScenarioCheck.differences(expected: expected, actual: actual, order: .strict)
        #expect(diff.count == 101_000)
        #expect(diff.filter { $0.hasPrefix("- ") }.count == 1_000)
        #expect(diff.filter { $0.hasPrefix("+ ") }.count == 1_000)
        #expect(diff.firstIndex(of: "- \(expected[50])") == 50)
        #expect(diff.firstIndex(of: "+ \(actual[50])") == 51)
    }

    /// The length of a longest common subsequence, by the quadratic table (small inputs only).
    static func commonLength(_ a: [String], _ b: [String]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for row in stride(from: a.count - 1, through: 0, by: -1) {
            for column in stride(from: b.count - 1, through: 0, by: -1) {
                table[row][column] = a[row] == b[column] ? table[row + 1][column + 1] + 1 : max(table[row + 1][column], table[row][column + 1])
            }
        }
        return table[0][0]
    }

    @Test("--check's diff is a shortest diff: its lines rebuild both logs and its - and + count n + m - 2 LCS (seeded, 400 cases)")
    func shortestDiff() {
        let seed: UInt64 = 0x0D1F_F026
        var random = SeededGenerator(seed: seed)
        for index in 0..<400 {
            let alphabet = Int.random(in: 1...5, using: &random)
            let a = (0..<Int.random(in: 0...30, using: &random)).map { _ in "0.000 l\(Int.random(in: 0..<alphabet, using: &random))" }
            let b = (0..<Int.random(in: 0...30, using: &random)).map { _ in "0.000 l\(Int.random(in: 0..<alphabet, using: &random))" }
            let diff = ScenarioCheck.differences(expected: a, actual: b, order: .strict)
            if a == b {
                #expect(diff.isEmpty)
                continue
            }
            let rebuiltA = diff.filter { !$0.hasPrefix("+ ") }.map { String($0.dropFirst(2)) }
            let rebuiltB = diff.filter { !$0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
            let changed = diff.filter { !$0.hasPrefix("  ") }.count
            let shortest = a.count + b.count - 2 * Self.commonLength(a, b)
            #expect(rebuiltA == a && rebuiltB == b && changed == shortest, "seed \(seed), case \(index): \(a) vs \(b): \(diff)")
            // Within a run of differences, every - comes before every +.
            var sawAdd = false
            for line in diff {
                if line.hasPrefix("+ ") { sawAdd = true }
                if line.hasPrefix("  ") { sawAdd = false }
                #expect(!(sawAdd && line.hasPrefix("- ")), "seed \(seed), case \(index): \(diff)")
            }
        }
    }
}
