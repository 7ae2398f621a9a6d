import GestureArbiter
import GestureArbiterTesting
import Testing

@Suite struct DifferentialTests {
    @Test("The engine and the reference interpreter log the same on 2,000 scenarios of the reference subset")
    func engineMatchesReference() {
        do {
            try checkProperty("engine = reference", seed: PropertyRun.seed(0x5EED_D1FF), count: PropertyRun.count(2_000),
                              input: .referenceScenarios(), describe: { $0.jsonText() }) { scenario in
                guard ReferenceInterpreter.supports(scenario) else { throw PropertyViolation("generated outside the subset") }
                let engine = try ScenarioRunner.run(scenario).log
                let reference = ReferenceInterpreter.log(of: scenario)
                let differences = ScenarioCheck.differences(expected: reference, actual: engine, order: .strict)
                if !differences.isEmpty {
                    throw PropertyViolation("logs differ (- reference, + engine):\n" + differences.joined(separator: "\n"))
                }
            }
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("The reference interpreter reproduces the repository's conformance scenarios it supports")
    func referenceMatchesConformance() throws {
        #expect(!ConformanceFiles.all.isEmpty, "no conformance scenarios in Tests/ConformanceTests/Scenarios")
        var supported = 0
        for file in ConformanceFiles.all {
            let scenario = try ScenarioParser.parse(contentsOf: file)
            guard ReferenceInterpreter.supports(scenario), let expect = scenario.expect else { continue }
            supported += 1
            #expect(ScenarioCheck.matches(expected: expect, actual: ReferenceInterpreter.log(of: scenario), order: scenario.order), "\(file)")
        }
        #expect(supported >= 8, "the subset should cover the tap conformance scenarios")
    }
}
