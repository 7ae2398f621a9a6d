import Foundation
import GestureArbiter
import GestureArbiterTesting
import Testing

/// Pointer input in the property kit (R260-R284): `ScenarioSpace.includesPointer` draws hover
/// recognizers, scroll-taking pans, secondary-button taps and pointer sessions from a stream of
/// its own; the scenarios are valid by the format's sequence rules, the shrinker keeps them so,
/// and the hover invariant holds.
@Suite struct PointerPropertyTests {
    static func scenario(_ space: ScenarioSpace, seed: UInt64, index: Int) -> Scenario {
        var random = SeededGenerator(seed: SeededGenerator.caseSeed(seed, index: index))
        return Generator<Scenario>.scenarios(space).generate(&random)
    }

    /// `scenario` without its pointer parts: hover, scroll and transform entries, clicks, hover gestures and
    /// pointer settings; and the final idle entry, whose time follows the last entry.
    static func withoutPointer(_ scenario: Scenario) -> Scenario {
        var copy = scenario
        copy.gestures.removeAll { $0.kind == .hover }
        for index in copy.gestures.indices {
            copy.gestures[index].tuning.allowedScrollTypes = []
            copy.gestures[index].tuning.buttonMaskRequired = ["primary"]
        }
        copy.input = scenario.input.dropLast().filter { entry in
            switch entry.action {
            case .hover, .scroll, .transform: return false
            case let .touches(touches): return !touches.contains { $0.id >= 1000 }
            default: return true
            }
        }
        return copy
    }

    @Test("R261, R268, R272: with pointer input on, each seed keeps the scenario it gave without it, plus pointer parts")
    func seedsKeepTheirCases() {
        var off = ScenarioSpace()
        off.includesPointer = false
        var withPointer = 0
        for index in 0..<300 {
            let plain = Self.scenario(off, seed: 0x9017, index: index)
            let pointer = Self.scenario(ScenarioSpace(), seed: 0x9017, index: index)
            var expected = plain
            expected.input.removeLast()
            let stripped = Self.withoutPointer(pointer)
            #expect(stripped.views == expected.views, "case \(index)")
            #expect(stripped.gestures == expected.gestures, "case \(index)")
            #expect(stripped.input == expected.input, "case \(index)")
            if pointer.input.contains(where: { if case .hover = $0.action { return true } else { return false } }) { withPointer += 1 }
        }
        #expect(withPointer > 100)
    }

    /// The format's pointer sequence rules (R261, R268, R271, R272, R291), as the reader checks them,
    /// plus time order: each problem as a line.
    static func sequenceProblems(_ scenario: Scenario) -> [String] {
        var problems: [String] = []
        var inWindow = false
        var scrolling = false
        var transforming = false
        var click: Int?
        var time = -Double.infinity
        for (index, entry) in scenario.input.enumerated() {
            if entry.t < time { problems.append("input[\(index)] goes back in time") }
            time = entry.t
            switch entry.action {
            case let .hover(hover):
                if click != nil { problems.append("input[\(index)]: hover during a click") }
                if (hover.phase == .entered) == inWindow { problems.append("input[\(index)]: hover \(hover.phase) out of sequence") }
                inWindow = hover.phase != .exited
            case let .scroll(scroll):
                if (scroll.phase == .began) == scrolling { problems.append("input[\(index)]: scroll \(scroll.phase) out of sequence") }
                scrolling = scroll.phase == .began || scroll.phase == .changed
            case let .transform(transform):
                if (transform.phase == .began) == transforming { problems.append("input[\(index)]: transform \(transform.phase) out of sequence") }
                transforming = transform.phase == .began || transform.phase == .changed
            case let .touches(touches):
                for touch in touches where touch.type == .indirectPointer && touch.phase == .began {
                    if click != nil { problems.append("input[\(index)]: a second click") }
                    click = touch.id
                }
                for touch in touches where touch.id == click && touch.phase.isTerminal { click = nil }
            default:
                break
            }
        }
        if scrolling { problems.append("a scroll sequence never ends") }
        if transforming { problems.append("a transform sequence never ends") }
        return problems
    }

    @Test("R261, R268, R271, R272, R291: generated pointer input keeps the sequence rules, reads back equal and runs; so does every shrink candidate")
    func generatedAndShrunkAreValid() throws {
        var clicks = 0
        var secondary = 0
        var wheels = 0
        var trackpads = 0
        var transforms = 0
        for index in 0..<150 {
            let scenario = Self.scenario(ScenarioSpace(), seed: 0xC11C, index: index)
            #expect(Self.sequenceProblems(scenario) == [], "case \(index)")
            #expect(try ScenarioParser.parse(scenario.jsonText()) == scenario, "case \(index)")
            for entry in scenario.input {
                switch entry.action {
                case let .touches(touches):
                    for touch in touches where touch.type == .indirectPointer && touch.phase == .began {
                        clicks += 1
                        if touch.buttons.contains("secondary") { secondary += 1 }
                    }
                case let .scroll(scroll) where scroll.phase == .began:
                    if scroll.type == .discrete { wheels += 1 } else { trackpads += 1 }
                case let .transform(transform) where transform.phase == .began:
                    transforms += 1
                default:
                    break
                }
            }
            // Every candidate the shrinker offers is still valid and reads back (first 20 cases).
            guard index < 20 else { continue }
            for candidate in ScenarioShrinker.candidates(scenario) {
                #expect(Self.sequenceProblems(candidate) == [], "case \(index)")
                #expect(ScenarioShrinker.size(of: candidate) < ScenarioShrinker.size(of: scenario), "case \(index)")
                #expect(throws: Never.self) { try ScenarioParser.parse(candidate.jsonText()) }
            }
        }
        #expect(clicks > 30)
        #expect(secondary > 10)
        #expect(wheels > 20)
        #expect(trackpads > 20)
        #expect(transforms > 20)
    }

    @Test("R267-R269: hover recognizers never fail and end by the time the pointer leaves, on 2,000 generated scenarios")
    func hoverInvariantHolds() {
        InvariantCase(invariant: .hoverNeverFailsAndEndsAtExit, seed: 0x5EED_0028).holds()
    }

    @Test("R267, R268: the hover invariant reads S80 as holding, and finds a planted failure and a hover left active at the exit")
    func hoverInvariantJudges() throws {
        let text = try String(contentsOfFile: ConformanceFiles.all.first { $0.contains("/S80-") } ?? "", encoding: .utf8)
        var observation = observe(try ScenarioParser.parse(text))
        #expect(ScenarioInvariant.hoverNeverFailsAndEndsAtExit.check(observation) == [])
        #expect(ScenarioInvariant.idleAfterwards.check(observation) == [])
        observation.log.removeAll { $0 == "1.100 gesture H ended" }
        observation.log.append("1.200 gesture H failed")
        #expect(
            ScenarioInvariant.hoverNeverFailsAndEndsAtExit.check(observation) == [
                "H, active since 1.0, has not ended when the pointer left the window at 1.1 (R268)",
                "H failed at 1.200; a hover recognizer never fails (R267, R269)",
            ])
    }

    @Test("R268, R70: a hover recognizer still active because the pointer stays in the window is not a leftover for idleAfterwards")
    func pointerStillInWindowIsIdleEnough() throws {
        let text = """
            { "name": "stays", "window": { "width": 400, "height": 800 },
              "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 400, 800] } ],
              "gestures": [ { "id": "H", "type": "hover", "view": "V" } ],
              "input": [ { "t": 0, "hover": { "phase": "entered", "x": 10, "y": 10 } }, { "t": 1, "idle": true } ],
              "endsUnfinished": true }
            """
        let observation = observe(try ScenarioParser.parse(text))
        #expect(!observation.endedIdle)
        #expect(observation.busyReasons == ["H is began"])
        #expect(ScenarioInvariant.idleAfterwards.check(observation) == [])
        #expect(ScenarioInvariant.hoverNeverFailsAndEndsAtExit.check(observation) == [])
    }
}
