/// Compares a run's log with a scenario's `expect` list, as `gesture-trace --check` does.
///
/// `strict` compares line by line. `by-time` groups lines by their timestamp (the text before the
/// first space), compares the groups in time order, and compares the lines within a group as a
/// multiset. Comment lines (`#`) are ignored on both sides.
///
/// The diff lists every line once, in log order, with a two-character marker: `  ` a line in both,
/// `- ` an expected line missing from the log, `+ ` a log line that was not expected. Under
/// `by-time`, lines that only changed places within their timestamp are shown as matching.
public enum ScenarioCheck {
    /// The differences between `expected` and `actual`, as readable lines; empty when they match.
    ///
    /// Each line is `  <expected line>` for a match, `- <line>` for an expected line missing from
    /// the log, `+ <line>` for a log line that was not expected.
    public static func differences(expected: [String], actual: [String], order: Scenario.Order) -> [String] {
        let expected = expected.filter { !$0.hasPrefix("#") }
        let actual = actual.filter { !$0.hasPrefix("#") }
        switch order {
        case .strict:
            return expected == actual ? [] : lineDiff(expected, actual)
        case .byTime:
            let expectedGroups = groups(expected)
            let actualGroups = groups(actual)
            let same = expectedGroups.count == actualGroups.count
                && zip(expectedGroups, actualGroups).allSatisfy { $0.time == $1.time && $0.lines.sorted() == $1.lines.sorted() }
            return same ? [] : lineDiff(expected, aligned(actual: actualGroups, to: expectedGroups))
        }
    }

    /// The actual lines with each same-time group reordered to follow the expected group of that
    /// time, so that the diff of a `by-time` check shows only real differences, never lines that
    /// merely came in another order within their timestamp.
    ///
    /// Lines that the expected group also has come first, in its order; the others follow in the
    /// order they were logged.
    private static func aligned(
        actual: [(time: Substring, lines: [String])], to expected: [(time: Substring, lines: [String])]
    ) -> [String] {
        var used = Array(repeating: false, count: expected.count)
        var result: [String] = []
        for group in actual {
            guard let match = expected.indices.first(where: { !used[$0] && expected[$0].time == group.time }) else {
                result += group.lines
                continue
            }
            used[match] = true
            var remaining = group.lines
            for line in expected[match].lines {
                if let position = remaining.firstIndex(of: line) {
                    result.append(line)
                    remaining.remove(at: position)
                }
            }
            result += remaining
        }
        return result
    }

    /// Whether `actual` matches `expected` under `order`.
    public static func matches(expected: [String], actual: [String], order: Scenario.Order) -> Bool {
        differences(expected: expected, actual: actual, order: order).isEmpty
    }

    private static func groups(_ lines: [String]) -> [(time: Substring, lines: [String])] {
        var result: [(time: Substring, lines: [String])] = []
        for line in lines {
            let time = line.prefix { $0 != " " }
            if let last = result.last, last.time == time {
                result[result.count - 1].lines.append(line)
            } else {
                result.append((time, [line]))
            }
        }
        return result
    }

    /// A longest-common-subsequence diff, lines in order.
    private static func lineDiff(_ expected: [String], _ actual: [String]) -> [String] {
        let rows = expected.count
        let columns = actual.count
        var table = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                table[row][column] = expected[row] == actual[column]
                    ? table[row + 1][column + 1] + 1 : max(table[row + 1][column], table[row][column + 1])
            }
        }
        var result: [String] = []
        var row = 0
        var column = 0
        while row < rows || column < columns {
            if row < rows, column < columns, expected[row] == actual[column] {
                result.append("  \(expected[row])")
                row += 1
                column += 1
            } else if row < rows, column == columns || table[row + 1][column] >= table[row][column + 1] {
                // On a tie the expected line goes first: "-" then "+", as in a unified diff.
                result.append("- \(expected[row])")
                row += 1
            } else {
                result.append("+ \(actual[column])")
                column += 1
            }
        }
        return result
    }
}
