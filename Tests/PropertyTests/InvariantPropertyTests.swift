import Foundation
import GestureArbiter
import GestureArbiterTesting
import Testing

@Suite struct InvariantPropertyTests {
    static let cases: [InvariantCase] = [
        InvariantCase(invariant: .everyBeganTouchEndsOnce, seed: 0x5EED_0001),
        InvariantCase(invariant: .noCallbackWithoutBegan, seed: 0x5EED_0002),
        InvariantCase(invariant: .legalTransitions, seed: 0x5EED_0003),
        InvariantCase(invariant: .exclusivity, seed: 0x5EED_0004),
        InvariantCase(invariant: .failureRequirements, seed: 0x5EED_0005),
        InvariantCase(invariant: .idleAfterwards, seed: 0x5EED_0006),
        InvariantCase(invariant: .deterministic, seed: 0x5EED_0007),
    ]

    @Test("R31-R73, R118: each invariant holds on 2,000 generated scenarios", arguments: cases)
    func invariantHolds(_ row: InvariantCase) {
        row.holds()
    }

    @Test("All invariants together, on another seed (the long run uses this one)")
    func allTogether() throws {
        do {
            try checkScenarioProperty("all invariants", seed: PropertyRun.seed(0x5EED_00A1), count: PropertyRun.count(2_000))
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("A generated scenario is valid and replays: the parser reads its JSON back equal")
    func generatedScenariosAreValid() throws {
        let generator = Generator<Scenario>.scenarios()
        for index in 0..<200 {
            var random = SeededGenerator(seed: SeededGenerator.caseSeed(0xFACE, index: index))
            let scenario = generator.generate(&random)
            #expect(try ScenarioParser.parse(scenario.jsonText()) == scenario)
            #expect(throws: Never.self) { try ScenarioRunner.run(scenario) }
        }
    }
}
