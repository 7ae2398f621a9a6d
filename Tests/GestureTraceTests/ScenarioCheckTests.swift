import GestureArbiterTesting
import Testing

@Suite struct ScenarioCheckTests {
    @Test("scenario-format: strict order compares lines in order")
    func strictOrder() {
        let expected = ["0.000 touch 1 hit V", "0.000 view V began 1"]
        #expect(ScenarioCheck.matches(expected: expected, actual: expected, order: .strict))
        #expect(!ScenarioCheck.matches(expected: expected, actual: expected.reversed(), order: .strict))
    }

    @Test("scenario-format: by-time compares same-time lines as a multiset, groups in time order")
    func byTimeOrder() {
        let expected = ["0.000 a", "0.000 b", "0.100 c"]
        #expect(ScenarioCheck.matches(expected: expected, actual: ["0.000 b", "0.000 a", "0.100 c"], order: .byTime))
        #expect(!ScenarioCheck.matches(expected: expected, actual: ["0.100 c", "0.000 a", "0.000 b"], order: .byTime))
        #expect(!ScenarioCheck.matches(expected: expected, actual: ["0.000 a", "0.000 a", "0.100 c"], order: .byTime))
    }

    @Test("scenario-format: comment lines are ignored by the check")
    func commentsIgnored() {
        #expect(ScenarioCheck.matches(expected: ["0.000 a"], actual: ["# why", "0.000 a"], order: .strict))
    }

    @Test("the diff marks missing lines with - and unexpected ones with +")
    func diffMarks() {
        let differences = ScenarioCheck.differences(
            expected: ["0.000 a", "0.050 b", "0.100 c"], actual: ["0.000 a", "0.100 c", "0.200 d"], order: .strict)
        #expect(differences == ["  0.000 a", "- 0.050 b", "  0.100 c", "+ 0.200 d"])
    }
}
