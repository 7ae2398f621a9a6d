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

@Suite struct LongPressDifferentialCoverageTests {
    @Test("R141, R143, R146, R148, R154: the reference subset covers long presses that begin, end, fail at the lift and are held by a requirement")
    func referenceSubsetCoversLongPresses() throws {
        var began = 0
        var failed = 0
        var released = 0
        for index in 0..<500 {
            var random = SeededGenerator(seed: SeededGenerator.caseSeed(0x10_4C_9E55, index: index))
            let scenario = Generator.referenceScenarios().generate(&random)
            #expect(ReferenceInterpreter.supports(scenario))
            let presses = scenario.gestures.filter { if case .longPress = $0.kind { return true } else { return false } }.map(\.id)
            let log = ReferenceInterpreter.log(of: scenario)
            for id in presses {
                began += log.filter { $0.hasSuffix(" gesture \(id) began") }.count
                failed += log.filter { $0.hasSuffix(" gesture \(id) failed") }.count
                // Began then ended at one time: released by a requirement after the lift (R56), or a
                // lift exactly at the deadline (R184).
                released += zip(log, log.dropFirst()).filter { $0.hasSuffix(" gesture \(id) began") && $1 == $0.replacingOccurrences(of: " began", with: " ended") }.count
            }
        }
        #expect(began > 100 && failed > 100 && released > 5, "began \(began), failed \(failed), released \(released)")
        let tapOrPress = try ScenarioParser.parse(contentsOf: ConformanceFiles.all.first { $0.hasSuffix("S71-tap-or-long-press-by-hold-time.json") } ?? "")
        #expect(ReferenceInterpreter.supports(tapOrPress))
        #expect(ReferenceInterpreter.log(of: tapOrPress) == tapOrPress.expect)
    }
}
