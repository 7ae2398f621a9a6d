import GestureArbiter
import GestureArbiterTesting
import Testing

@Suite struct ShrinkerTests {
    @Test("A scenario shrink is never larger than, and never equal to, its input")
    func scenarioShrinksAreSmaller() {
        let generator = Generator<Scenario>.scenarios()
        var checked = 0
        for index in 0..<300 {
            var random = SeededGenerator(seed: SeededGenerator.caseSeed(0x5A11, index: index))
            let scenario = generator.generate(&random)
            let size = ScenarioShrinker.size(of: scenario)
            for candidate in generator.shrink(scenario) {
                #expect(candidate != scenario)
                #expect(ScenarioShrinker.size(of: candidate) < size, "\(candidate.jsonText())")
                checked += 1
            }
        }
        #expect(checked > 1_000)
    }

    @Test("Shrunk scenarios stay valid: they parse back and run")
    func shrinksStayValid() throws {
        let generator = Generator<Scenario>.scenarios()
        for index in 0..<40 {
            var random = SeededGenerator(seed: SeededGenerator.caseSeed(0x5A12, index: index))
            for candidate in generator.shrink(generator.generate(&random)) {
                #expect(try ScenarioParser.parse(candidate.jsonText()) == candidate)
                #expect(throws: Never.self) { try ScenarioRunner.run(candidate) }
            }
        }
    }

    @Test("Integer shrinks move toward the lower bound, each strictly smaller", arguments: [0, 1, 7, 100])
    func integers(_ value: Int) {
        let candidates = Generator<Int>.int(in: 0...100).shrink(value)
        #expect(candidates.allSatisfy { $0 < value && $0 >= 0 })
        #expect(value == 0 ? candidates.isEmpty : candidates.first == 0)
    }

    @Test("Array shrinks remove elements or shrink one, never growing or staying equal")
    func arrays() {
        let generator = Generator<[Int]>.array(of: .int(in: 0...9), count: 0...5)
        let value = [3, 0, 9]
        for candidate in generator.shrink(value) {
            #expect(candidate != value)
            #expect(candidate.count < value.count || (candidate.count == value.count && candidate.reduce(0, +) < value.reduce(0, +)))
        }
    }

    @Test("The seeded generator is SplitMix64: known first outputs, same seed same stream")
    func seeded() {
        var first = SeededGenerator(seed: 0)
        var again = SeededGenerator(seed: 0)
        // SplitMix64 from seed 0: the reference implementation's first two outputs.
        #expect(first.next() == 0xE220_A839_7B1D_CDAF)
        #expect(first.next() == 0x6E78_9E6A_A1B9_65F4)
        _ = again.next()
        _ = again.next()
        #expect(first.next() == again.next())
    }

    @Test("checkProperty shrinks to a minimal failing value and reports seed, case, steps and a reproduction line naming the test")
    func shrinksToMinimum() {
        do {
            try checkProperty("no number above 40", seed: 7, count: 100, input: .int(in: 0...1_000), environment: [:]) { value in
                if value > 40 { throw PropertyViolation("\(value) > 40") }
            }
            Issue.record("the property should fail")
        } catch {
            #expect(error.shrunk == "41")
            #expect(error.seed == 7)
            #expect(error.shrinkSteps > 0)
            #expect(error.description.contains("seed 0x7"))
            #expect(error.description.contains("shrunk in \(error.shrinkSteps) steps"))
            #expect(error.reproduction == "GESTURE_ARBITER_SEED=0x7 GESTURE_ARBITER_COUNT=\(error.caseIndex + 1) swift test --filter shrinksToMinimum")
            #expect(error.description.contains("  reproduce: \(error.reproduction)\n"))
        }
    }
}
