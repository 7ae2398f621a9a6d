import Foundation
import GestureArbiter

/// `gesture-trace FILE --bench`: replays a scenario's input many times and reports CPU time and
/// heap allocations per touch event, for dispatch only (``TraceCommand/usage`` tells the user).
///
/// Outside the timed region: building the world, turning the input into events (shifted in time
/// when a world is reused), switching the timeline log and the tracer off, and freeing the
/// previous world. Inside it: `dispatch` of each touch event, `advance(to:)` of each idle entry,
/// and, when a fresh world is built for each replay, the API entries as the scenario plays them.
enum TraceBench {
    /// One input entry, ready to play.
    private enum Step {
        case event(TouchEvent)
        case advance(Timestamp)
        case entry(Scenario.InputEntry)
    }

    static func run(
        _ scenario: Scenario, source: String, iterations: Int, meters: TraceCommand.BenchMeters,
        registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry()
    ) -> TraceCommand.Result {
        let eventsPerReplay = scenario.input.filter { if case .touches = $0.action { true } else { false } }.count
        guard eventsPerReplay > 0 else {
            return TraceCommand.Result(
                output: "", errorOutput: "gesture-trace: --bench needs a scenario with touch events (\(source) has none)\n",
                status: TraceCommand.ExitStatus.invalid)
        }
        // The untimed warm-up replay: it also proves that the engine accepts the whole input.
        let first: ScenarioSession
        do {
            first = try quietSession(scenario, registry: registry)
        } catch {
            return TraceCommand.Result(
                output: "", errorOutput: "gesture-trace: invalid scenario (\(source)): \(error)\n", status: TraceCommand.ExitStatus.invalid)
        }
        do {
            try play(steps(scenario, shift: 0), in: first)
        } catch {
            return TraceCommand.Result(
                output: "", errorOutput: "gesture-trace: \(source): \(error)\n", status: TraceCommand.ExitStatus.rejected)
        }
        let usesAPI = scenario.input.contains {
            switch $0.action {
            case .touches, .idle: false
            case .disable, .enable, .removeGesture, .removeView, .ignore, .disableControl, .enableControl, .hover, .scroll, .transform: true
            }
        }
        // A reused world replays the input again `period` later each time; the times must stay
        // within the engine's 64-bit nanoseconds.
        let lastTime = scenario.input.last?.t ?? 0
        let period = Int64((lastTime.rounded(.up) + 1) * 1e9)
        let reuse = !usesAPI && first.environment.isIdle && Double(period) * (Double(iterations) + 1) < 9e18

        var session = first
        var cpuTotal: UInt64? = 0
        var allocationTotal: UInt64? = 0
        for replay in 1...iterations {
            let steps: [Step]
            if reuse {
                steps = self.steps(scenario, shift: period * Int64(replay))
            } else {
                do {
                    session = try quietSession(scenario, registry: registry)
                } catch {
                    return TraceCommand.Result(
                        output: "", errorOutput: "gesture-trace: \(source): replay \(replay): \(error)\n",
                        status: TraceCommand.ExitStatus.invalid)
                }
                steps = self.steps(scenario, shift: 0)
            }
            let cpuStart = meters.cpuNanoseconds()
            let allocationStart = meters.allocationCount()
            do {
                try play(steps, in: session)
            } catch {
                return TraceCommand.Result(
                    output: "", errorOutput: "gesture-trace: \(source): replay \(replay): \(error)\n",
                    status: TraceCommand.ExitStatus.rejected)
            }
            let allocationEnd = meters.allocationCount()
            let cpuEnd = meters.cpuNanoseconds()
            cpuTotal = add(cpuTotal, start: cpuStart, end: cpuEnd)
            allocationTotal = add(allocationTotal, start: allocationStart, end: allocationEnd)
        }
        let events = eventsPerReplay * iterations
        var output = "# bench: \(scenario.name) (\(source))\n"
        let reused = "one world reused, each replay shifted later in time, after 1 untimed warm-up replay"
        let fresh = "a fresh world for each replay (built untimed), after 1 untimed warm-up replay"
        let mode = reuse ? reused : fresh
        let cpu = cpuTotal.map { String(format: "%.1f", Double($0) / Double(events)) }
        let allocations = allocationTotal.map { String(format: "%.3f", Double($0) / Double(events)) }
        output += "mode: \(mode)\n"
        output += "replays: \(iterations)\n"
        output += "events per replay: \(eventsPerReplay)\n"
        output += "events timed: \(events)\n"
        output += "cpu ns per event: \(cpu ?? "not available on this platform (no process CPU-time clock)")\n"
        let noCounter = "not available on this platform (allocations are counted on glibc-based Linux only, in builds without a sanitizer)"
        output += "allocations per event: \(allocations ?? noCounter)\n"
        return TraceCommand.Result(output: output, errorOutput: "", status: TraceCommand.ExitStatus.success)
    }

    /// A world with the timeline log and the tracer off.
    private static func quietSession(_ scenario: Scenario, registry: ScenarioRecognizerRegistry) throws(ScenarioError) -> ScenarioSession {
        let session = try ScenarioSession(scenario, registry: registry)
        session.environment.tracer = nil
        session.log.isRecording = false
        return session
    }

    /// The input as steps, `shift` nanoseconds later. A reused world never has API entries.
    private static func steps(_ scenario: Scenario, shift: Int64) -> [Step] {
        var maker = Scenario.TouchEventMaker()
        return scenario.input.map { entry in
            let time = Timestamp(nanoseconds: Timestamp(seconds: entry.t).nanoseconds + shift)
            switch entry.action {
            case let .touches(touches):
                return .event(maker.event(touches, at: time))
            case .idle:
                return .advance(time)
            case .disable, .enable, .removeGesture, .removeView, .ignore, .disableControl, .enableControl, .hover, .scroll, .transform:
                return .entry(entry)
            }
        }
    }

    private static func play(_ steps: [Step], in session: ScenarioSession) throws(ScenarioError) {
        for (index, step) in steps.enumerated() {
            do {
                switch step {
                case let .event(event): try session.environment.dispatch(event)
                case let .advance(time): try session.environment.advance(to: time)
                case let .entry(entry): try session.play(entry)
                }
            } catch {
                throw ScenarioError("input[\(index)]", "rejected by the engine: \(error)")
            }
        }
    }

    /// `total + (end - start)`, or nil once any reading was unavailable.
    private static func add(_ total: UInt64?, start: UInt64?, end: UInt64?) -> UInt64? {
        guard let total, let start, let end, end >= start else { return nil }
        return total + (end - start)
    }
}
