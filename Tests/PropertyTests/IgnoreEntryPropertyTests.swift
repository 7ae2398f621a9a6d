import GestureArbiter
import GestureArbiterTesting
import Testing

/// `ignore` entries in generated input (``ScenarioSpace/includesIgnores``) catch the class of bug
/// the two guides once disagreed on: a recognizer of your own that waits for a lift and does not
/// override `ignore(_:for:)` (R26) waits for ever once its finger is ignored.
@Suite struct IgnoreEntryPropertyTests {
    /// Begins 0.1 s after its finger lands and ends when it lifts; it does not override
    /// `ignore(_:for:)`, so an ignored finger leaves it waiting (the bug, on purpose).
    final class LiftWaiter: GestureRecognizer {
        override func touchesBegan(_ touches: TouchSet, with event: Event) { startTimer(after: .milliseconds(100)) }
        override func timerDidFire() { state = .began }
        override func touchesEnded(_ touches: TouchSet, with event: Event) { state = state == .possible ? .failed : .ended }
    }

    static func registry() throws -> ScenarioRecognizerRegistry {
        try ScenarioRecognizerRegistry().registering("test.liftWaiter") { _ in LiftWaiter() }
    }

    static func space(ignores: Bool) -> ScenarioSpace {
        var space = ScenarioSpace()
        space.customGestures = [Scenario.CustomGesture(type: "test.liftWaiter")]
        space.includesIgnores = ignores
        return space
    }

    @Test("R26: with ignore entries in the input, a recognizer that waits for a lift without overriding ignore(_:for:) is caught by idle afterwards")
    func ignoresCatchTheMissingOverride() throws {
        let registry = try Self.registry()
        do {
            try checkScenarioProperty("lift waiter with ignores", seed: 0x16_0125, count: 500, space: Self.space(ignores: true),
                                      registry: registry, environment: [:])
            Issue.record("the missing ignore(_:for:) override was not found")
        } catch {
            #expect(error.message.contains("[idle afterwards]"), "\(error.message)")
            // The shrunk case keeps an ignore entry for the waiter: without one it would pass.
            let shrunk = try ScenarioParser.parse(error.shrunk, registry: registry)
            #expect(shrunk.input.contains { if case .ignore = $0.action { return true }; return false }, "\(error.shrunk)")
        }
    }

    @Test("R26: the same recognizer on the same seeds without ignore entries keeps every rule: the ignores are what find it")
    func withoutIgnoresItPasses() throws {
        #expect(throws: Never.self) {
            try checkScenarioProperty("lift waiter without ignores", seed: 0x16_0125, count: 500, space: Self.space(ignores: false),
                                      registry: try Self.registry(), environment: [:])
        }
    }

    @Test("R26, R115: the built-in recognizers keep every invariant with ignore entries in generated input (1,000 cases)")
    func builtInsKeepEveryRuleWithIgnores() throws {
        var space = ScenarioSpace()
        space.includesIgnores = true
        var withIgnore = 0
        let generator = Generator<Scenario>.scenarios(space)
        for index in 0..<1_000 {
            var random = SeededGenerator(seed: SeededGenerator.caseSeed(0x16_0126, index: index))
            if generator.generate(&random).input.contains(where: { if case .ignore = $0.action { return true }; return false }) {
                withIgnore += 1
            }
        }
        #expect(withIgnore >= 200, "ignore entries should be common: \(withIgnore) of 1000")
        try checkScenarioProperty("built-ins with ignores", seed: PropertyRun.seed(0x16_0126), count: PropertyRun.count(1_000),
                                  space: space, invariants: ScenarioInvariant.all)
    }
}
