import GestureArbiter
import GestureArbiterTesting
import Testing

/// What a re-entrant action does when it runs (R119). (Ending one of the scenario's own touches
/// from a callback would make the scenario's later events for it invalid, so that case is left
/// to the unit tests of ReentrancyAndRemovalTests.)
enum Reentry: CaseIterable, Sendable {
    case disableAnother, removeAnother, removeAView, dispatchANewTouch
}

struct ReentrantCase: Sendable {
    var scenario: Scenario
    var reentry: Reentry
    var pick: Int
}

@Suite struct ReentrancyPropertyTests {
    static let cases = Generator<ReentrantCase>(generate: { random in
        var space = ScenarioSpace()
        space.includesAPIChanges = false
        let scenario = Generator<Scenario>.scenarios(space).generate(&random)
        return ReentrantCase(scenario: scenario, reentry: Reentry.allCases.randomElement(using: &random)!,
                             pick: Int.random(in: 0..<1_000, using: &random))
    }, shrink: { value in
        ScenarioShrinker.candidates(value.scenario).map { ReentrantCase(scenario: $0, reentry: value.reentry, pick: value.pick) }
    })

    @Test("R119, R73, R120: callbacks that disable, remove or dispatch from inside a pass keep every rule")
    func reentrantCallbacks() {
        let invariants: [ScenarioInvariant] = [.everyBeganTouchEndsOnce, .noCallbackWithoutBegan, .legalTransitions, .idleAfterwards]
        do {
            try checkProperty("re-entrant callbacks", seed: PropertyRun.seed(0x5EED_2E27), count: PropertyRun.count(2_000),
                              input: Self.cases, describe: { "\($0.reentry), pick \($0.pick)\n\($0.scenario.jsonText())" }) { value in
                let gestures = value.scenario.gestures.map(\.id)
                let views = value.scenario.views.map(\.id)
                let observation = observe(value.scenario) { session in
                    guard !gestures.isEmpty else { return }
                    let actor = gestures[value.pick % gestures.count]
                    let target = gestures[(value.pick / 7) % gestures.count]
                    guard let recognizer = session.recognizer(actor) else { return }
                    var done = false
                    recognizer.addAction { [unowned session] _ in
                        guard !done else { return }
                        done = true
                        let environment = session.environment
                        switch value.reentry {
                        case .disableAnother: session.recognizer(target)?.isEnabled = false
                        case .removeAnother:
                            if let other = session.recognizer(target) { other.view?.removeGestureRecognizer(other) }
                        case .removeAView:
                            if !views.isEmpty { session.view(views[value.pick % views.count])?.removeFromSuperview() }
                        case .dispatchANewTouch:
                            try? environment.dispatch(TouchEvent(timestamp: environment.now,
                                                                 touches: [TouchInput(id: 90_000, phase: .began, x: 10, y: 10)]))
                            // At the same time, not later: a later stamp would move the clock past a
                            // scripted event due now (a long press's timer fires at 0.5 s exactly,
                            // where the generated input may also have a move), which is then rejected.
                            try? environment.dispatch(TouchEvent(timestamp: environment.now,
                                                                 touches: [TouchInput(id: 90_000, phase: .ended, x: 10, y: 10)]))
                        }
                    }
                }
                let problems = invariants.flatMap { $0.check(observation) }
                if !problems.isEmpty { throw PropertyViolation(problems.joined(separator: "\n")) }
            }
        } catch {
            Issue.record("\(error)")
        }
    }
}
