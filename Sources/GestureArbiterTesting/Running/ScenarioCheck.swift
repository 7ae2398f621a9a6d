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
    /// order they were logged. Linear in the lines: groups are found by time, lines by count.
    private static func aligned(
        actual: [(time: Substring, lines: [String])], to expected: [(time: Substring, lines: [String])]
    ) -> [String] {
        // The expected groups of each time, first unused first.
        var groupsAt: [Substring: [Int]] = [:]
        for (index, group) in expected.enumerated().reversed() { groupsAt[group.time, default: []].append(index) }
        var result: [String] = []
        for group in actual {
            guard let match = groupsAt[group.time]?.popLast() else {
                result += group.lines
                continue
            }
            var available: [String: Int] = [:]
            for line in group.lines { available[line, default: 0] += 1 }
            var taken: [String: Int] = [:]
            for line in expected[match].lines where available[line, default: 0] > 0 {
                available[line, default: 0] -= 1
                taken[line, default: 0] += 1
                result.append(line)
            }
            for line in group.lines {
                if taken[line, default: 0] > 0 {
                    taken[line, default: 0] -= 1
                } else {
                    result.append(line)
                }
            }
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

    /// A shortest diff, lines in order: the equal head and tail are trimmed, then Myers's
    /// linear-space algorithm ("An O(ND) Difference Algorithm and Its Variations", 1986) splits the
    /// rest at its middle snakes. Memory is linear in the lines; time is linear in the lines times
    /// the number of differences. Past ``diffWorkLimit`` steps the parts not yet split are shown
    /// as all removed then all added (a correct diff, not a shortest one). Within each run of
    /// differences the expected lines come first: "-" then "+", as in a unified diff.
    static func lineDiff(_ expected: [String], _ actual: [String]) -> [String] {
        // Lines as numbers, so that comparing two is one integer test.
        var numbers: [String: Int] = [:]
        let a = expected.map { line in numbers[line] ?? { numbers[line] = numbers.count; return numbers.count - 1 }() }
        let b = actual.map { line in numbers[line] ?? { numbers[line] = numbers.count; return numbers.count - 1 }() }
        var differ = MyersDiff(a: a, b: b, budget: diffWorkLimit)
        let steps = differ.run()
        var result: [String] = []
        result.reserveCapacity(steps.count)
        var removed: [String] = []
        var added: [String] = []
        func flush() {
            result += removed
            result += added
            removed.removeAll()
            added.removeAll()
        }
        for step in steps {
            switch step {
            case let .same(row, _):
                flush()
                result.append("  \(expected[row])")
            case let .remove(row): removed.append("- \(expected[row])")
            case let .add(column): added.append("+ \(actual[column])")
            }
        }
        flush()
        return result
    }

    /// How many steps (diagonals tried and lines compared) the diff may take before it stops
    /// looking for a shortest diff: about a second of work.
    static let diffWorkLimit = 200_000_000
}

/// Myers's linear-space diff of two sequences of numbers, with an explicit stack (no recursion)
/// and a work budget.
struct MyersDiff {
    /// One step of the edit script.
    enum Step: Equatable {
        case same(Int, Int)
        case remove(Int)
        case add(Int)
    }

    let a: [Int]
    let b: [Int]
    /// Steps left before the remaining parts are diffed crudely.
    var budget: Int
    private var forward: [Int] = []
    private var backward: [Int] = []

    init(a: [Int], b: [Int], budget: Int) {
        self.a = a
        self.b = b
        self.budget = budget
    }

    private enum Task {
        case range(Int, Int, Int, Int)
        case same(Int, Int, Int)
    }

    mutating func run() -> [Step] {
        var steps: [Step] = []
        var tasks: [Task] = [.range(0, a.count, 0, b.count)]
        while let task = tasks.popLast() {
            switch task {
            case let .same(aStart, aEnd, bStart):
                for offset in 0..<(aEnd - aStart) { steps.append(.same(aStart + offset, bStart + offset)) }
            case .range(var aLow, var aHigh, var bLow, var bHigh):
                // The equal head and tail.
                let headStart = aLow
                let headB = bLow
                while aLow < aHigh, bLow < bHigh, a[aLow] == b[bLow] {
                    aLow += 1
                    bLow += 1
                }
                for offset in 0..<(aLow - headStart) { steps.append(.same(headStart + offset, headB + offset)) }
                var tail = 0
                while aHigh > aLow, bHigh > bLow, a[aHigh - 1] == b[bHigh - 1] {
                    aHigh -= 1
                    bHigh -= 1
                    tail += 1
                }
                if tail > 0 { tasks.append(.same(aHigh, aHigh + tail, bHigh)) }
                if aLow == aHigh || bLow == bHigh {
                    for row in aLow..<aHigh { steps.append(.remove(row)) }
                    for column in bLow..<bHigh { steps.append(.add(column)) }
                } else if let (x, y) = middle(aLow, aHigh, bLow, bHigh), (x, y) != (aLow, bLow), (x, y) != (aHigh, bHigh) {
                    tasks.append(.range(x, aHigh, y, bHigh))
                    tasks.append(.range(aLow, x, bLow, y))
                } else {
                    for row in aLow..<aHigh { steps.append(.remove(row)) }
                    for column in bLow..<bHigh { steps.append(.add(column)) }
                }
            }
        }
        return steps
    }

    /// Where the forward and backward searches of `a[aLow..<aHigh]` against `b[bLow..<bHigh]`
    /// meet (a point on a shortest edit path, strictly inside the box), or nil when the budget ran
    /// out. Both ranges are non-empty and differ in their first and last elements.
    private mutating func middle(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) -> (Int, Int)? {
        let n = aHigh - aLow
        let m = bHigh - bLow
        let maxD = (n + m + 1) / 2
        let offset = maxD
        let length = 2 * maxD + 2
        if forward.count < length {
            forward = Array(repeating: -1, count: length)
            backward = Array(repeating: -1, count: length)
        } else {
            for index in 0..<length {
                forward[index] = -1
                backward[index] = -1
            }
        }
        forward[offset + 1] = 0
        backward[offset + 1] = 0
        let delta = n - m
        let front = delta % 2 != 0
        var k1Start = 0
        var k1End = 0
        var k2Start = 0
        var k2End = 0
        for d in 0..<maxD {
            budget -= 2 * d + 2
            if budget < 0 { return nil }
            var k1 = -d + k1Start
            while k1 <= d - k1End {
                let k1Offset = offset + k1
                var x1 =
                    k1 == -d || (k1 != d && forward[k1Offset - 1] < forward[k1Offset + 1])
                    ? forward[k1Offset + 1] : forward[k1Offset - 1] + 1
                var y1 = x1 - k1
                while x1 < n, y1 < m, a[aLow + x1] == b[bLow + y1] {
                    x1 += 1
                    y1 += 1
                    budget -= 1
                }
                forward[k1Offset] = x1
                if x1 > n {
                    k1End += 2
                } else if y1 > m {
                    k1Start += 2
                } else if front {
                    let k2Offset = offset + delta - k1
                    if k2Offset >= 0, k2Offset < length, backward[k2Offset] != -1, x1 >= n - backward[k2Offset] {
                        return (aLow + x1, bLow + y1)
                    }
                }
                k1 += 2
            }
            var k2 = -d + k2Start
            while k2 <= d - k2End {
                let k2Offset = offset + k2
                var x2 =
                    k2 == -d || (k2 != d && backward[k2Offset - 1] < backward[k2Offset + 1])
                    ? backward[k2Offset + 1] : backward[k2Offset - 1] + 1
                var y2 = x2 - k2
                while x2 < n, y2 < m, a[aHigh - x2 - 1] == b[bHigh - y2 - 1] {
                    x2 += 1
                    y2 += 1
                    budget -= 1
                }
                backward[k2Offset] = x2
                if x2 > n {
                    k2End += 2
                } else if y2 > m {
                    k2Start += 2
                } else if !front {
                    let k1Offset = offset + delta - k2
                    if k1Offset >= 0, k1Offset < length, forward[k1Offset] != -1 {
                        let x1 = forward[k1Offset]
                        let y1 = offset + x1 - k1Offset
                        if x1 >= n - x2 { return (aLow + x1, bLow + y1) }
                    }
                }
                k2 += 2
            }
        }
        return nil
    }
}
