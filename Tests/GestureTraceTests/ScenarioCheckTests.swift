import GestureArbiterTesting
import Testing

@Suite struct ScenarioCheckTests {
    @Test("scenario-format order strict: lines compare in order")
    func strictOrder() {
        let expected = ["0.000 touch 1 hit V", "0.000 view V began 1"]
        #expect(ScenarioCheck.matches(expected: expected, actual: expected, order: .strict))
        #expect(!ScenarioCheck.matches(expected: expected, actual: expected.reversed(), order: .strict))
        #expect(!ScenarioCheck.matches(expected: expected, actual: Array(expected.prefix(1)), order: .strict))
    }

    @Test("scenario-format order by-time: same-time lines compare as a multiset, groups in time order")
    func byTimeOrder() {
        let expected = ["0.000 a", "0.000 b", "0.100 c"]
        #expect(ScenarioCheck.matches(expected: expected, actual: ["0.000 b", "0.000 a", "0.100 c"], order: .byTime))
        // Groups out of time order.
        #expect(!ScenarioCheck.matches(expected: expected, actual: ["0.100 c", "0.000 a", "0.000 b"], order: .byTime))
        // A multiset, not a set: a repeated line does not stand in for another.
        #expect(!ScenarioCheck.matches(expected: expected, actual: ["0.000 a", "0.000 a", "0.100 c"], order: .byTime))
        // A line moved to another timestamp.
        #expect(!ScenarioCheck.matches(expected: expected, actual: ["0.000 a", "0.100 b", "0.100 c"], order: .byTime))
        // A missing or an extra line.
        #expect(!ScenarioCheck.matches(expected: expected, actual: ["0.000 a", "0.100 c"], order: .byTime))
        #expect(!ScenarioCheck.matches(expected: expected, actual: expected + ["0.100 d"], order: .byTime))
    }

    @Test("scenario-format order by-time: repeated lines in a group must repeat as often")
    func byTimeCounts() {
        let expected = ["0.200 view V cancelled 1", "0.200 view V cancelled 1", "0.200 gesture D recognized"]
        let shuffled = ["0.200 gesture D recognized", "0.200 view V cancelled 1", "0.200 view V cancelled 1"]
        #expect(ScenarioCheck.matches(expected: expected, actual: shuffled, order: .byTime))
        #expect(!ScenarioCheck.matches(expected: expected, actual: Array(shuffled.dropLast()), order: .byTime))
    }

    @Test("scenario-format: comment lines are ignored by the check")
    func commentsIgnored() {
        #expect(ScenarioCheck.matches(expected: ["0.000 a"], actual: ["# why", "0.000 a"], order: .strict))
        #expect(ScenarioCheck.matches(expected: ["# note", "0.000 a"], actual: ["0.000 a"], order: .byTime))
    }

    @Test("scenario-format --check: the diff marks matching lines with two spaces, missing with -, unexpected with +")
    func diffMarks() {
        let differences = ScenarioCheck.differences(
            expected: ["0.000 a", "0.050 b", "0.100 c"], actual: ["0.000 a", "0.100 c", "0.200 d"], order: .strict)
        #expect(differences == ["  0.000 a", "- 0.050 b", "  0.100 c", "+ 0.200 d"])
    }

    @Test("scenario-format --check: a changed line shows the expected line, then the actual one")
    func changedLine() {
        let differences = ScenarioCheck.differences(
            expected: ["0.000 touch 1 hit C", "0.080 controller vc moved 1"],
            actual: ["0.000 touch 1 hit C", "0.080 controller vc ended 1"], order: .strict)
        #expect(differences == ["  0.000 touch 1 hit C", "- 0.080 controller vc moved 1", "+ 0.080 controller vc ended 1"])
    }

    @Test("scenario-format --check by-time: the diff shows only real differences, not reordering within a time")
    func byTimeDiff() {
        let differences = ScenarioCheck.differences(
            expected: ["0.000 a", "0.000 b", "0.000 c", "0.100 d"],
            actual: ["0.000 c", "0.000 a", "0.000 x", "0.100 d"],
            order: .byTime)
        #expect(differences == ["  0.000 a", "- 0.000 b", "  0.000 c", "+ 0.000 x", "  0.100 d"])
    }

    @Test("scenario-format --check: equal logs have no differences")
    func noDifferences() {
        let log = ["0.000 a", "0.000 b"]
        #expect(ScenarioCheck.differences(expected: log, actual: log, order: .strict).isEmpty)
        #expect(ScenarioCheck.differences(expected: log, actual: log.reversed(), order: .byTime).isEmpty)
    }
}
