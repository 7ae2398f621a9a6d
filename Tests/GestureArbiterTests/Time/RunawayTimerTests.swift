@testable import GestureArbiter
import Testing

/// A recognizer whose timer restarts itself with `delay` every time it fires, from its first
/// touch on (the first timer after `firstDelay`, `delay` by default): with a zero or negative
/// delay, a chain of timers at one instant.
final class RestartingTimerRecognizer: GestureRecognizer {
    let delay: Duration
    let firstDelay: Duration
    private(set) var firings = 0

    init(delay: Duration, firstDelay: Duration? = nil) {
        self.delay = delay
        self.firstDelay = firstDelay ?? delay
        super.init()
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        startTimer(after: firstDelay)
    }

    override func timerDidFire() {
        firings += 1
        startTimer(after: delay)
    }
}

/// A timer schedules itself again at `now` whenever it fires, until `stop` is set.
final class SelfRescheduling {
    let clock: VirtualClock
    var handle: TimerHandle?
    var firings = 0

    init(on clock: VirtualClock, at deadline: Timestamp) {
        self.clock = clock
        schedule(at: deadline)
    }

    private func schedule(at deadline: Timestamp) {
        handle = clock.schedule(at: deadline) { [unowned self] in
            self.firings += 1
            self.schedule(at: self.clock.now)
        }
    }

    func stop() {
        if let handle { clock.cancel(handle) }
    }
}

/// The clock cannot run away: negative delays are clamped to now, and a chain of timers at one
/// instant stops after `VirtualClock.timerChainLimit` firings with a typed error that leaves
/// everything usable (R78, R117, R118).
@Suite struct RunawayTimerTests {
    @Test("R78, R118: a deadline before now is due at once, after the timers already due at now")
    func pastDeadlineIsClampedToNow() throws {
        let clock = VirtualClock(start: Timestamp(seconds: 1))
        let fired = Fired()
        _ = clock.schedule(at: Timestamp(seconds: 1)) { fired.entries.append("due now \(clock.now)") }
        _ = clock.schedule(at: Timestamp(seconds: 0.5)) { fired.entries.append("in the past \(clock.now)") }
        #expect(clock.nextDeadline == Timestamp(seconds: 1))
        try clock.advance(to: Timestamp(seconds: 1))
        #expect(fired.entries == ["due now 1.000", "in the past 1.000"])
        #expect(clock.now == Timestamp(seconds: 1))
    }

    /// A world whose one recognizer, S, starts its timer with `delay` at a touch-down at `time`
    /// and fails when it fires; S logs its callbacks to the log returned.
    static func timerStarted(at time: Double, after delay: Duration) throws -> (TestWorld, ScriptedRecognizer, Log) {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let log = Log()
        let recognizer = world.attach(ScriptedRecognizer("S", log: log, script: [.timer: .failed]), "S", to: view)
        recognizer.timerDelay = delay
        try world.down(1, at: time, 50, 50)
        return (world, recognizer, log)
    }

    @Test("R78: a recognizer timer started with a negative delay fires at the time it was started, never earlier", arguments: [
        Duration.nanoseconds(-1), .seconds(-5), .seconds(Int64.min),
    ])
    func negativeDelayIsClampedToZero(_ delay: Duration) throws {
        let (world, recognizer, log) = try Self.timerStarted(at: 0.5, after: delay)
        #expect(recognizer.hasPendingTimer)
        #expect(world.clock.nextDeadline == Timestamp(seconds: 0.5))
        try world.advance(to: 0.5)
        #expect(log.lines == ["S touchesBegan 1", "S timer"])
        #expect(world.log.lines.contains("0.500 gesture S failed"))
    }

    static let delays: [(Duration, Int64)] = [
        (.milliseconds(350), 350_000_000), (.seconds(9), 9_000_000_000), (.seconds(20), 20_000_000_000),
        (Duration(secondsComponent: 3, attosecondsComponent: 999_999_999), 3_000_000_000),
        (Duration(secondsComponent: 0, attosecondsComponent: 1), 0), (.zero, 0),
    ]

    @Test("R78: a recognizer timer fires at its start plus its delay in whole nanoseconds, short delays and long ones alike", arguments: delays)
    func delayIsAddedInWholeNanoseconds(_ delay: Duration, _ nanoseconds: Int64) throws {
        let (world, _, log) = try Self.timerStarted(at: 0.5, after: delay)
        let deadline = Timestamp(nanoseconds: 500_000_000 + nanoseconds)
        #expect(world.clock.nextDeadline == deadline)
        if nanoseconds > 0 {
            try world.clock.advance(to: Timestamp(nanoseconds: deadline.nanoseconds - 1))
            #expect(log.lines == ["S touchesBegan 1"], "not a nanosecond early")
        }
        try world.clock.advance(to: deadline)
        #expect(log.lines == ["S touchesBegan 1", "S timer"])
    }

    @Test("R78, R117: a timer that reschedules itself at now stops after timerChainLimit firings with timersDidNotSettle; the clock stays usable")
    func clockChainStops() throws {
        let clock = VirtualClock()
        let runaway = SelfRescheduling(on: clock, at: Timestamp(seconds: 0.2))
        let fired = Fired()
        _ = clock.schedule(at: Timestamp(seconds: 0.5)) { fired.entries.append("later \(clock.now)") }
        let limit = VirtualClock.timerChainLimit
        #expect(throws: ClockError.timersDidNotSettle(at: Timestamp(seconds: 0.2), firings: limit)) {
            try clock.advance(to: Timestamp(seconds: 1))
        }
        // The first firing was scheduled before: the chain is the firings after it.
        #expect(runaway.firings == limit + 1)
        #expect(clock.now == Timestamp(seconds: 0.2))
        #expect(clock.pendingTimerCount == 2)
        #expect(fired.entries.isEmpty)
        // Without the runaway, the same advance completes.
        runaway.stop()
        try clock.advance(to: Timestamp(seconds: 1))
        #expect(fired.entries == ["later 0.500"])
        #expect(clock.now == Timestamp(seconds: 1))
        #expect(clock.isIdle)
    }

    @Test("R118: many timers already pending at one instant are not a chain: all of them fire")
    func pendingTimersAtOneInstantAllFire() throws {
        let clock = VirtualClock()
        let count = VirtualClock.timerChainLimit + 1
        var fired = 0
        for _ in 0..<count { _ = clock.schedule(at: Timestamp(seconds: 1)) { fired += 1 } }
        try clock.advance(to: Timestamp(seconds: 2))
        #expect(fired == count)
        #expect(clock.now == Timestamp(seconds: 2))
    }

    @Test("R78: runUntilIdle stops at the same chain limit, leaving the chain's next timer pending")
    func runUntilIdleStopsAtChainLimit() {
        let clock = VirtualClock()
        let runaway = SelfRescheduling(on: clock, at: Timestamp(seconds: 0.3))
        let fired = clock.runUntilIdle()
        #expect(fired == VirtualClock.timerChainLimit + 1)
        #expect(runaway.firings == fired)
        #expect(!clock.isIdle)
        #expect(clock.now == Timestamp(seconds: 0.3))
        runaway.stop()
        #expect(clock.runUntilIdle() == 0)
        #expect(clock.isIdle)
    }

    /// A view with a tap `T` and a recognizer `R` whose timer restarts with `delay`.
    static func runawayWorld(delay: Duration, on scheduler: (any Scheduler)? = nil) -> (TestWorld, View, RestartingTimerRecognizer) {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        world.attach(TapGestureRecognizer(), "T", to: view)
        let runaway = world.attach(RestartingTimerRecognizer(delay: delay), "R", to: view)
        return (world, view, runaway)
    }

    @Test(
        "R78, R117: advance(to:) throws timersDidNotSettle for a recognizer restarting its timer at once; after removing it the engine carries on to idle",
        arguments: [Duration.zero, .nanoseconds(-1), .seconds(-3)]
    )
    func advanceThrowsAndEngineRecovers(_ delay: Duration) throws {
        let (world, view, runaway) = Self.runawayWorld(delay: delay)
        try world.down(1, at: 0.1, 50, 50)
        let limit = VirtualClock.timerChainLimit
        #expect(throws: DispatchError.timersDidNotSettle(at: Timestamp(seconds: 0.1), firings: limit)) {
            try world.advance(to: 0.5)
        }
        #expect(world.environment.now == Timestamp(seconds: 0.1))
        #expect(runaway.hasPendingTimer)
        // Removing the runaway cancels it (R41) and its timer; the touch carries on.
        view.removeGestureRecognizer(runaway)
        #expect(!runaway.hasPendingTimer)
        try world.up(1, at: 0.15, 50, 50)
        try world.advance(to: 1)
        #expect(world.log.lines.filter { $0.contains("gesture T") } == ["0.150 gesture T recognized"])
        #expect(world.environment.isIdle)
    }

    @Test("R78, R117: dispatch throws timersDidNotSettle and does not process its event; the same event is accepted once the runaway is gone")
    func dispatchThrowsAndEventIsNotProcessed() throws {
        let (world, view, runaway) = Self.runawayWorld(delay: .zero)
        try world.down(1, at: 0, 50, 50)
        let limit = VirtualClock.timerChainLimit
        #expect(throws: DispatchError.timersDidNotSettle(at: .zero, firings: limit)) {
            try world.up(1, at: 0.05, 50, 50)
        }
        // The lift was not processed: the touch is still down and no one recognized.
        #expect(world.environment.touches.map(\.id) == [1])
        #expect(!world.log.lines.contains { $0.contains("gesture T") })
        #expect(runaway.firings == limit + 1)
        view.removeGestureRecognizer(runaway)
        try world.up(1, at: 0.05, 50, 50)
        #expect(world.log.lines.filter { $0.contains("gesture T") } == ["0.050 gesture T recognized"])
        try world.advance(to: 1)
        #expect(world.environment.isIdle)
    }

    @Test("R78, R117: on a host scheduler, the scheduler's timersDidNotSettle reaches the caller as the same DispatchError")
    func hostSchedulerErrorIsPassedOn() throws {
        let (environment, view) = TimeArithmeticBoundsTests.world(on: ForwardingScheduler())
        let runaway = RestartingTimerRecognizer(delay: .zero)
        view.addGestureRecognizer(runaway)
        try TimeArithmeticBoundsTests.send(environment, 1, .began, at: Timestamp(seconds: 0.2))
        #expect(throws: DispatchError.timersDidNotSettle(at: Timestamp(seconds: 0.2), firings: VirtualClock.timerChainLimit)) {
            try environment.advance(to: Timestamp(seconds: 1))
        }
        view.removeGestureRecognizer(runaway)
        try TimeArithmeticBoundsTests.send(environment, 1, .ended, at: Timestamp(seconds: 0.3))
        try environment.advance(to: Timestamp(seconds: 1))
        #expect(environment.isIdle)
        #expect(environment.now == Timestamp(seconds: 1))
    }
}
