import GestureArbiter
import GestureArbiterTesting
import Testing

/// Each declared relation against its hand-written delegate form (R44, R45, R53): the same
/// scenario with the relations, and with the delegate answers they lower to instead
/// (`RelationsSpec.delegateAnswers()`), give the same log, end the same way and reject the same
/// input, on 2,000 generated scenarios per operator.
@Suite struct RelationDifferentialTests {
    /// The scenario with only `kind`'s relations kept.
    static func only(_ kind: GestureRelation.Kind, of scenario: Scenario) -> Scenario {
        var copy = scenario
        for other in GestureRelation.Kind.allCases where other != kind { copy.relations[other] = [] }
        return copy
    }

    /// The delegate form: no relations, their answers added to the delegates'.
    static func delegateForm(of scenario: Scenario) -> Scenario {
        var copy = scenario
        let answers = scenario.relations.delegateAnswers()
        copy.delegate.simultaneous += answers.simultaneous
        copy.delegate.requireFailure += answers.requireFailure
        copy.relations = Scenario.RelationsSpec()
        return copy
    }

    /// The run's log, whether it ended idle, and the rejection, if any.
    static func outcome(_ scenario: Scenario) -> String {
        do {
            let run = try ScenarioRunner.run(scenario)
            return run.log.joined(separator: "\n") + "\n# idle: \(run.endedIdle)"
        } catch {
            return "rejected: \(error)"
        }
    }

    /// Generated scenarios with relations of `kind` only.
    static func scenarios(with kind: GestureRelation.Kind) -> Generator<Scenario> {
        let base = Generator<Scenario>.scenarios(space)
        return Generator(generate: { only(kind, of: base.generate(&$0)) }, shrink: base.shrink)
    }

    /// Small trees (at most two views besides the window), so that touches often reach
    /// recognizers on related views, where relations decide (R44).
    static var space: ScenarioSpace {
        var space = ScenarioSpace()
        space.includesRelations = true
        space.maximumViews = 2
        return space
    }

    @Test("R44, R45, R53: each relation gives the log of its delegate form on 2,000 generated scenarios", arguments: GestureRelation.Kind.allCases)
    func relationEqualsDelegateForm(_ kind: GestureRelation.Kind) {
        var withRelation = 0
        var relationMattered = 0
        do {
            try checkProperty(
                "\(kind.rawValue) relation = its delegate form", seed: PropertyRun.seed(0x2E1A_7100 + UInt64(GestureRelation.Kind.allCases.firstIndex(of: kind) ?? 0)),
                count: PropertyRun.count(2_000), input: Self.scenarios(with: kind),
                describe: { $0.jsonText() }
            ) { scenario in
                let declared = Self.outcome(scenario)
                let written = Self.outcome(Self.delegateForm(of: scenario))
                if declared != written {
                    throw PropertyViolation("the \(kind.rawValue) relation and its delegate form differ:\n--- relation\n\(declared)\n--- delegate form\n\(written)")
                }
                if !scenario.relations[kind].isEmpty {
                    withRelation += 1
                    var none = scenario
                    none.relations = Scenario.RelationsSpec()
                    if Self.outcome(none) != declared { relationMattered += 1 }
                }
            }
        } catch {
            Issue.record("\(error)")
        }
        // The check is not vacuous: the relation is present in many cases and, except for a
        // race (UIKit's default, R44), changes the log in some of them.
        #expect(withRelation >= PropertyRun.count(2_000) / 8, "cases with a \(kind.rawValue) relation: \(withRelation)")
        if kind != .race {
            #expect(relationMattered >= 20, "cases where the \(kind.rawValue) relation changed the log: \(relationMattered)")
        } else {
            #expect(relationMattered == 0, "a race changed the log in \(relationMattered) cases")
        }
    }
}
