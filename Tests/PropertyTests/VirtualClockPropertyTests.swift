import GestureArbiter
import GestureArbiterTesting
import Testing

/// One step against a clock: schedule a closure a few milliseconds from now, cancel one of the
/// handles made so far (fired, cancelled or pending), advance, or run until idle.
enum ClockStep: Sendable, CustomStringConvertible {
    case schedule(inMilliseconds: Int)
    case cancel(handle: Int)
    case advance(byMilliseconds: Int)
    case runUntilIdle

    static let generator = Generator<ClockStep>(generate: { random in
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<9: return .schedule(inMilliseconds: Int.random(in: 0...30, using: &random))
        case 9..<13: return .cancel(handle: Int.random(in: 0...40, using: &random))
        case 13..<19: return .advance(byMilliseconds: Int.random(in: 0...20, using: &random))
        default: return .runUntilIdle
        }
    })

    var description: String {
        switch self {
        case let .schedule(delay): return "schedule +\(delay) ms"
        case let .cancel(handle): return "cancel #\(handle)"
        case let .advance(delay): return "advance +\(delay) ms"
        case .runUntilIdle: return "runUntilIdle"
        }
    }
}

@Suite struct VirtualClockPropertyTests {
    @Test("R78, R118: whatever the mix of schedules, cancels and advances, timers fire by deadline, then in scheduling order, at their deadline, each once, and cancelled ones never")
    func firesAsTheModelSays() {
        do {
            try checkProperty("clock = model", seed: PropertyRun.seed(0x5EED_C10C), count: PropertyRun.count(2_000),
                              input: .array(of: ClockStep.generator, count: 0...60), describe: { "\($0)" }) { steps in
                let clock = VirtualClock()
                final class Log { var fired: [String] = [] }
                let log = Log()
                var handles: [TimerHandle] = []
                // The model: pending (deadline, sequence) pairs, and what must have fired.
                var pending: [(deadline: Timestamp, sequence: Int)] = []
                var expected: [String] = []
                var now = Timestamp.zero
                func fire(through time: Timestamp) {
                    let due = pending.filter { $0.deadline <= time }
                        .sorted { $0.deadline != $1.deadline ? $0.deadline < $1.deadline : $0.sequence < $1.sequence }
                    for timer in due {
                        if timer.deadline > now { now = timer.deadline }
                        expected.append("#\(timer.sequence) at \(now)")
                    }
                    pending.removeAll { $0.deadline <= time }
                }
                for step in steps {
                    switch step {
                    case let .schedule(delay):
                        let sequence = handles.count
                        let deadline = clock.now + .milliseconds(delay)
                        handles.append(clock.schedule(at: deadline) { [unowned clock] in log.fired.append("#\(sequence) at \(clock.now)") })
                        pending.append((deadline, sequence))
                    case let .cancel(index):
                        guard !handles.isEmpty else { continue }
                        let sequence = index % handles.count
                        clock.cancel(handles[sequence])
                        pending.removeAll { $0.sequence == sequence }
                    case let .advance(delay):
                        let time = clock.now + .milliseconds(delay)
                        try clock.advance(to: time)
                        fire(through: time)
                        now = time
                    case .runUntilIdle:
                        clock.runUntilIdle()
                        if let last = pending.map(\.deadline).max() { fire(through: last) }
                    }
                    guard log.fired == expected, clock.now == now, clock.pendingTimerCount == pending.count,
                        clock.nextDeadline == pending.map(\.deadline).min()
                    else {
                        throw PropertyViolation("after \(step): fired \(log.fired), expected \(expected); now \(clock.now), model \(now); pending \(clock.pendingTimerCount), model \(pending.count)")
                    }
                }
            }
        } catch {
            Issue.record("\(error)")
        }
    }
}
