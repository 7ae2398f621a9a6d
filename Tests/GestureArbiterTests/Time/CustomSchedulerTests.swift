@testable import GestureArbiter
import Testing

/// A host scheduler: the protocol only, so the environment cannot take its `VirtualClock`
/// shortcut and schedules recognizer timers as closures (it forwards to a clock of its own).
final class ForwardingScheduler: Scheduler {
    let inner = VirtualClock()
    private(set) var scheduled = 0
    var now: Timestamp { inner.now }
    var nextDeadline: Timestamp? { inner.nextDeadline }
    func schedule(at deadline: Timestamp, _ action: @escaping () -> Void) -> TimerHandle {
        scheduled += 1
        return inner.schedule(at: deadline, action)
    }
    func cancel(_ handle: TimerHandle) { inner.cancel(handle) }
    func advance(to time: Timestamp) throws(ClockError) { try inner.advance(to: time) }
}

@Suite struct CustomSchedulerTests {
    /// Two single taps 0.2 s apart, then a lone tap: with a single tap that requires a double tap
    /// to fail, the first pair is a double tap and the lone tap is a single tap once the double
    /// tap's 0.35 s wait has run out (R58, R86-R88).
    static func run(on scheduler: any Scheduler) throws -> [String] {
        let environment = GestureEnvironment(scheduler: scheduler)
        let window = Window(width: 400, height: 400)
        environment.addWindow(window)
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        var log: [String] = []
        // The actions read the time from the scheduler, not the environment, which keeps them.
        let double = TapGestureRecognizer { _ in log.append("\(scheduler.now) double") }
        double.numberOfTapsRequired = 2
        let single = TapGestureRecognizer { _ in log.append("\(scheduler.now) single") }
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        func tap(_ id: Int, at seconds: Double) throws {
            try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: seconds), touches: [TouchInput(id: id, phase: .began, x: 50, y: 50)]))
            try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: seconds + 0.05), touches: [TouchInput(id: id, phase: .ended, x: 50, y: 50)]))
        }
        try tap(1, at: 0)
        try tap(2, at: 0.2)
        try tap(3, at: 1)
        try environment.advance(to: Timestamp(seconds: 2))
        #expect(environment.isIdle)
        return log
    }

    @Test("R77, R78: recognizer timers behave the same on a host scheduler (closures) as on a VirtualClock")
    func sameOutcome() throws {
        let host = ForwardingScheduler()
        let onHost = try Self.run(on: host)
        let onClock = try Self.run(on: VirtualClock())
        // The lone tap lifts at 1.05 s; the double tap's wait ends 0.35 s later.
        #expect(onClock == ["0.250 double", "1.400 single"])
        #expect(onHost == onClock)
        #expect(host.scheduled > 0)
        #expect(host.inner.isIdle)
    }

    /// A finger held past a tap's 1.5 s limit, moving before and after it: the passes that ran,
    /// in order.
    static func passes(on scheduler: any Scheduler) throws -> [String] {
        let environment = GestureEnvironment(scheduler: scheduler)
        let recorder = RecordingTracer()
        environment.tracer = recorder
        let window = Window(width: 400, height: 400)
        environment.addWindow(window)
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        view.addGestureRecognizer(TapGestureRecognizer { _ in })
        for (seconds, phase) in [(0.0, TouchPhase.began), (0.5, .moved), (2.0, .moved), (2.1, .ended)] {
            try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: seconds), touches: [TouchInput(id: 1, phase: phase, x: 50, y: 50)]))
        }
        #expect(environment.isIdle)
        return recorder.records.compactMap { record in
            guard case let .passStarted(kind, at: time) = record else { return nil }
            return "\(kind) \(time)"
        }
    }

    @Test("R77, R78: a one-finger move fires the timers due by its time first, on a host scheduler as on a VirtualClock (the move's direct path steps aside for both)")
    func moveFiresDueTimersFirst() throws {
        let expected = [(PassKind.input, 0.0), (.input, 0.5), (.timer, 1.5), (.input, 2.0), (.input, 2.1)]
            .map { "\($0.0) \(Timestamp(seconds: $0.1))" }
        #expect(try Self.passes(on: VirtualClock()) == expected)
        #expect(try Self.passes(on: ForwardingScheduler()) == expected)
    }
}
