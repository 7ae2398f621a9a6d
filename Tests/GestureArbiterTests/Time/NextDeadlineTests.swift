import GestureArbiter
import Testing

/// `Scheduler.nextDeadline` and `GestureEnvironment.nextDeadline`: what a run-loop host reads to
/// know when to wake, on a `VirtualClock` and on a host's own scheduler.
@Suite struct NextDeadlineTests {
    /// A view with a single tap that requires a double tap to fail; `log` collects the actions
    /// with their times.
    final class Scene {
        let environment: GestureEnvironment
        var log: [String] = []

        init(scheduler: any Scheduler) {
            environment = GestureEnvironment(scheduler: scheduler)
            let window = Window(width: 400, height: 400)
            environment.addWindow(window)
            let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            window.addSubview(view)
            let double = TapGestureRecognizer { [unowned self] _ in log.append("\(environment.now) double") }
            double.numberOfTapsRequired = 2
            let single = TapGestureRecognizer { [unowned self] _ in log.append("\(environment.now) single") }
            single.require(toFail: double)
            view.addGestureRecognizer(single)
            view.addGestureRecognizer(double)
        }

        func touch(_ phase: TouchPhase, at seconds: Double) throws {
            try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: seconds), touches: [TouchInput(id: 1, phase: phase, x: 50, y: 50)]))
        }
    }

    static func scheduler(hosted: Bool) -> any Scheduler {
        hosted ? ForwardingScheduler() : VirtualClock()
    }

    @Test("R84, R86-R89: the next deadline is the earliest tap timer, and nil once nothing waits", arguments: [false, true])
    func followsTheTapTimers(hosted: Bool) throws {
        let scene = Scene(scheduler: Self.scheduler(hosted: hosted))
        let environment = scene.environment
        #expect(environment.nextDeadline == nil)
        // Touch-down starts each tap's 1.5 s duration timer (R84, R89).
        try scene.touch(.began, at: 0)
        #expect(environment.nextDeadline == Timestamp(seconds: 1.5))
        // The lift recognizes the single tap, held for the double tap (R86), whose 0.35 s wait for
        // a second tap now runs from the lift (R86, R88): the earliest deadline.
        try scene.touch(.ended, at: 0.08)
        #expect(environment.nextDeadline == Timestamp(seconds: 0.43))
        #expect(environment.nextDeadline == environment.scheduler.nextDeadline)
        #expect(scene.log.isEmpty)
        // At that deadline the double tap fails and the single tap is sent (R87, R54).
        try environment.advance(to: Timestamp(seconds: 0.43))
        #expect(scene.log == ["0.430 single"])
        #expect(environment.nextDeadline == nil)
        #expect(environment.isIdle)
    }

    /// A host's run loop: it sleeps until the next input event or the next deadline, whichever
    /// comes first, and advances the engine to the deadline when that comes first.
    @Test("R78: a host that wakes only at input and at each next deadline fires every timer exactly on time", arguments: [false, true])
    func runLoopHostWakesOnTime(hosted: Bool) throws {
        let scene = Scene(scheduler: Self.scheduler(hosted: hosted))
        let environment = scene.environment
        // Two taps 0.2 s apart (a double tap), then a lone tap at 1 s.
        let input: [(TouchPhase, Double)] = [(.began, 0), (.ended, 0.05), (.began, 0.2), (.ended, 0.25), (.began, 1), (.ended, 1.05)]
        var wakes: [Timestamp] = []
        var next = 0
        while true {
            let inputTime = next < input.count ? Timestamp(seconds: input[next].1) : nil
            if let deadline = environment.nextDeadline, inputTime.map({ deadline < $0 }) ?? true {
                wakes.append(deadline)
                try environment.advance(to: deadline)
            } else if inputTime != nil {
                try scene.touch(input[next].0, at: input[next].1)
                next += 1
            } else {
                break
            }
        }
        // The lone tap's lift at 1.05 s starts the double tap's 0.35 s wait (R88); the single tap
        // fires when it ends (R87, R54). No other timer comes due: each tap lifts well within
        // 1.5 s (R89), and a recognized double tap leaves nothing waiting.
        #expect(wakes == [Timestamp(seconds: 1.4)])
        #expect(scene.log == ["0.250 double", "1.400 single"])
        #expect(environment.isIdle)
    }
}
