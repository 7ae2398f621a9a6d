@testable import GestureArbiter
import Testing

/// A host scheduler that keeps every callback it is given and lets the test call them whenever
/// it likes, also after a cancel (which it records and otherwise ignores): the worst host.
private final class HoardingScheduler: Scheduler {
    private(set) var now: Timestamp = .zero
    var nextDeadline: Timestamp? { nil }
    private(set) var callbacks: [() -> Void] = []
    private(set) var cancelled: [TimerHandle] = []
    func schedule(at deadline: Timestamp, _ action: @escaping () -> Void) -> TimerHandle {
        callbacks.append(action)
        return TimerHandle(rawValue: UInt64(callbacks.count - 1))
    }
    func cancel(_ handle: TimerHandle) { cancelled.append(handle) }
    func advance(to time: Timestamp) throws(ClockError) { now = time }
}

/// Starts its timer when a touch begins (again at each `restart`), cancels it when the touch
/// ends, and counts the firings.
private final class TimedRecognizer: GestureRecognizer {
    var firings = 0
    override func touchesBegan(_ touches: TouchSet, with event: Event) { startTimer(after: .seconds(1)) }
    override func touchesEnded(_ touches: TouchSet, with event: Event) { cancelTimer() }
    func restart() { startTimer(after: .seconds(2)) }
    override func timerDidFire() { firings += 1 }
}

@Suite struct TimerTokenTests {
    private static func touch(_ id: Int, _ phase: TouchPhase, at seconds: Double, in environment: GestureEnvironment) throws {
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: seconds), touches: [TouchInput(id: id, phase: phase, x: 10, y: 10)]))
    }

    @Test("R77, R78: a host's callback for a timer that was cancelled, replaced or already fired changes nothing; after the environment is gone it does nothing")
    func lateHostCallbacksAreHarmless() throws {
        let scheduler = HoardingScheduler()
        var environment: GestureEnvironment? = GestureEnvironment(scheduler: scheduler)
        let window = Window(width: 100, height: 100)
        environment!.addWindow(window)
        let recognizer = TimedRecognizer()
        window.addGestureRecognizer(recognizer)

        // Began schedules callback 0; ended cancels it. Calling it anyway changes nothing.
        try Self.touch(1, .began, at: 0, in: environment!)
        try Self.touch(1, .ended, at: 0.1, in: environment!)
        #expect(scheduler.callbacks.count == 1)
        #expect(scheduler.cancelled == [TimerHandle(rawValue: 0)])
        scheduler.callbacks[0]()
        #expect(recognizer.firings == 0)

        // A held finger: callback 1, then a restart replaces it with callback 2.
        try Self.touch(2, .began, at: 1, in: environment!)
        recognizer.restart()
        #expect(scheduler.callbacks.count == 3)
        scheduler.callbacks[1]()
        #expect(recognizer.firings == 0)
        scheduler.callbacks[2]()
        #expect(recognizer.firings == 1)
        // The same callback again: that timer has fired already.
        scheduler.callbacks[2]()
        #expect(recognizer.firings == 1)

        // A pending timer, then the environment goes away (it resets the recognizer): the kept
        // callback does nothing.
        recognizer.restart()
        #expect(scheduler.callbacks.count == 4)
        environment = nil
        #expect(!recognizer.hasPendingTimer)
        scheduler.callbacks[3]()
        #expect(recognizer.firings == 1)
    }

    @Test("R78: an environment that goes away leaves no timer of its own on its VirtualClock")
    func environmentLeavesNoTimerOnItsClock() throws {
        let clock = VirtualClock()
        var environment: GestureEnvironment? = GestureEnvironment(scheduler: clock)
        let window = Window(width: 100, height: 100)
        environment!.addWindow(window)
        let recognizer = TimedRecognizer()
        window.addGestureRecognizer(recognizer)
        var hostFired = false
        _ = clock.schedule(at: Timestamp(seconds: 5)) { hostFired = true }
        try Self.touch(1, .began, at: 0, in: environment!)
        #expect(clock.pendingTimerCount == 2)
        environment = nil
        // The host's own timer stays; the recognizer's is gone.
        #expect(clock.pendingTimerCount == 1)
        try clock.advance(to: Timestamp(seconds: 10))
        #expect(hostFired)
        #expect(recognizer.firings == 0)
    }
}
