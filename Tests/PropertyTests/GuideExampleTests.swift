import GestureArbiter
import GestureArbiterTesting
import Testing

// The worked example of docs/guides/property-testing.md, verbatim, so that it keeps compiling
// and passing.
@Suite struct GuideExampleTests {
    @Test func cardTapNeverFiresWithAScroll() throws {
        var base = Scenario(name: "card in a scroller")
        base.views = [
            Scenario.ViewSpec(id: "scroller", parent: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800)),
            Scenario.ViewSpec(id: "card", parent: "scroller", frame: Rect(x: 20, y: 100, width: 360, height: 200)),
        ]
        var single = Scenario.GestureSpec(id: "single", kind: .tap(taps: 1, touches: 1), view: "card")
        single.requireToFail = ["double"]
        base.gestures = [
            single,
            Scenario.GestureSpec(id: "double", kind: .tap(taps: 2, touches: 1), view: "card"),
            Scenario.GestureSpec(id: "scroll", kind: .pan(minTouches: 1, maxTouches: nil), view: "scroller"),
            Scenario.GestureSpec(id: "delay", kind: .delayedTouchesBegan(delay: 0.15), view: "scroller"),
        ]
        // Vary only the input: the views and recognizers stay yours.
        let people = Generator<Scenario>.scenarios()
        let world = base  // an immutable copy for the generator's @Sendable closure
        let input = Generator<Scenario>(generate: { random in
            var scenario = world
            // People's touches from a generated scenario; its views and recognizers are dropped.
            scenario.input = people.generate(&random).input.filter {
                if case .touches = $0.action { return true }
                return false
            }
            scenario.input.append(.init(t: (scenario.input.last?.t ?? 0) + 3, action: .idle))
            return scenario
        }, shrink: ScenarioShrinker.candidates)

        let noTapDuringScroll = ScenarioInvariant(name: "no tap during a scroll") { observation in
            var scrolling = false
            var problems: [String] = []
            for line in observation.log {
                if line.hasSuffix("gesture scroll began") { scrolling = true }
                if line.hasSuffix("gesture scroll ended") || line.hasSuffix("gesture scroll cancelled") { scrolling = false }
                if scrolling, line.hasSuffix("gesture single recognized") { problems.append(line) }
            }
            return problems
        }

        try checkProperty("card tap vs scroll", seed: 0xCA2D, count: 2_000, input: input,
                          describe: { $0.jsonText() }) { scenario in
            let observation = observe(scenario)
            let problems = (ScenarioInvariant.all + [noTapDuringScroll]).flatMap { $0.check(observation) }
            if !problems.isEmpty { throw PropertyViolation(problems.joined(separator: "\n")) }
        }
    }
}

// The planted-bug run of the guide, verbatim: on the real engine it passes.
@Test func everyBeganTouchEndsOnce() throws {
    try checkScenarioProperty("every began touch ends once", seed: 0x5EED_0001, count: 2_000,
                              invariants: [.everyBeganTouchEndsOnce], directory: "/tmp")
}
