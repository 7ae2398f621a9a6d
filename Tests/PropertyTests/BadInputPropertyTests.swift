import GestureArbiter
import GestureArbiterTesting
import Testing

/// Hostile input the scenario format cannot express, aimed at a live environment mid-scenario.
enum Hostility: CaseIterable, Sendable {
    case unknownTouch, duplicateBegan, timeBackwards, notANumber, infinite, emptyEvent, sameIDTwice

    func event(now: Timestamp, live: [Int]) -> TouchEvent? {
        let later = now + .milliseconds(1)
        switch self {
        case .unknownTouch: return TouchEvent(timestamp: later, touches: [TouchInput(id: 9_999, phase: .moved, x: 1, y: 1)])
        case .duplicateBegan:
            guard let id = live.first else { return nil }
            return TouchEvent(timestamp: later, touches: [TouchInput(id: id, phase: .began, x: 1, y: 1)])
        case .timeBackwards:
            guard now > .zero else { return nil }
            return TouchEvent(timestamp: now - .nanoseconds(1), touches: [TouchInput(id: 9_998, phase: .began, x: 1, y: 1)])
        case .notANumber: return TouchEvent(timestamp: later, touches: [TouchInput(id: 9_997, phase: .began, x: .nan, y: 1)])
        case .infinite: return TouchEvent(timestamp: later, touches: [TouchInput(id: 9_996, phase: .began, x: 1, y: -.infinity)])
        case .emptyEvent: return TouchEvent(timestamp: later, touches: [])
        case .sameIDTwice:
            return TouchEvent(timestamp: later, touches: [TouchInput(id: 9_995, phase: .began, x: 1, y: 1), TouchInput(id: 9_995, phase: .ended, x: 1, y: 1)])
        }
    }
}

/// A scenario, where to strike, and how.
struct Attack: Sendable {
    var scenario: Scenario
    var position: Int
    var hostility: Hostility
}

@Suite struct BadInputPropertyTests {
    static let attacks = Generator<Attack>(generate: { random in
        let scenario = Generator<Scenario>.scenarios().generate(&random)
        return Attack(scenario: scenario, position: Int.random(in: 0..<scenario.input.count, using: &random),
                      hostility: Hostility.allCases.randomElement(using: &random)!)
    }, shrink: { attack in
        ScenarioShrinker.candidates(attack.scenario).compactMap { smaller in
            smaller.input.isEmpty ? nil : Attack(scenario: smaller, position: min(attack.position, smaller.input.count - 1), hostility: attack.hostility)
        }
    })

    @Test("R117: bad input mid-scenario is rejected whole: same log, trace, time and touches; the rest plays")
    func rejectedWhole() throws {
        do {
            try checkProperty("bad input is rejected whole", seed: PropertyRun.seed(0x5EED_0B0B), count: PropertyRun.count(2_000),
                              input: Self.attacks, describe: { "\($0.hostility) before input[\($0.position)] of\n\($0.scenario.jsonText())" }) { attack in
                let recorder = RecordingTracer()
                let session = try ScenarioSession(attack.scenario, observer: recorder)
                for entry in attack.scenario.input.prefix(attack.position) { try session.play(entry) }
                let environment = session.environment
                guard let event = attack.hostility.event(now: environment.now, live: environment.touches.map(\.id)) else { return }
                let before = (session.log.lines, recorder.records.count, environment.now, environment.touches.map(\.id),
                              environment.touches.map { $0.location(in: nil) })
                do {
                    try environment.dispatch(event)
                    throw PropertyViolation("accepted \(attack.hostility): \(event)")
                } catch is DispatchError {}
                let after = (session.log.lines, recorder.records.count, environment.now, environment.touches.map(\.id),
                             environment.touches.map { $0.location(in: nil) })
                guard before.0 == after.0, before.1 == after.1, before.2 == after.2, before.3 == after.3, before.4 == after.4 else {
                    throw PropertyViolation("state changed by a rejected \(attack.hostility)")
                }
                for entry in attack.scenario.input.dropFirst(attack.position) { try session.play(entry) }
                // A hover recognizer stays active while the pointer is still in the window (the
                // input ends with no hover exited, R268): that is not a leftover of the attack.
                let lastHover = attack.scenario.input.last { if case .hover = $0.action { return true } else { return false } }
                var stillHovering = false
                if case let .hover(hover)? = lastHover?.action { stillHovering = hover.phase != .exited }
                let hoverIDs = Set(attack.scenario.gestures.filter { $0.kind == .hover }.map(\.id))
                let busy = environment.busyReasons.filter { reason in
                    !(stillHovering && hoverIDs.contains { reason == "\($0) is began" || reason == "\($0) is changed" })
                }
                guard busy.isEmpty else { throw PropertyViolation("not idle after the rest: \(busy)") }
            }
        } catch {
            Issue.record("\(error)")
        }
    }
}
