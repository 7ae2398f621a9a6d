import GestureArbiter
import Testing

/// A log the timers write into, shared by reference with their closures.
final class Fired {
    var entries: [String] = []
}

@Suite struct VirtualClockTests {
    @Test("R78: a timer fires at its deadline, not 1 ns before; +1 ns also fires it", arguments: zip(
        [-1 as Int64, 0, 1], [false, true, true]
    ))
    func deadlineBoundary(_ offset: Int64, _ fires: Bool) throws {
        let clock = VirtualClock()
        let fired = Fired()
        let deadline = Timestamp(seconds: 0.45)
        // Unowned: a timer that never fires stays in the clock's queue, and must not keep it.
        _ = clock.schedule(at: deadline) { [unowned clock] in fired.entries.append("at \(clock.now.nanoseconds)") }
        try clock.advance(to: Timestamp(nanoseconds: deadline.nanoseconds + offset))
        #expect(fired.entries == (fires ? ["at 450000000"] : []))
        #expect(clock.pendingTimerCount == (fires ? 0 : 1))
    }

    @Test("R78: now equals the deadline inside the callback, then the target after")
    func nowDuringCallback() throws {
        let clock = VirtualClock()
        let fired = Fired()
        _ = clock.schedule(at: Timestamp(seconds: 0.2)) { fired.entries.append(clock.now.description) }
        try clock.advance(to: Timestamp(seconds: 1))
        #expect(fired.entries == ["0.200"])
        #expect(clock.now == Timestamp(seconds: 1))
    }

    @Test("R118: timers due at the same instant fire in scheduling order; earlier deadlines first")
    func ordering() throws {
        let clock = VirtualClock()
        let fired = Fired()
        _ = clock.schedule(at: Timestamp(seconds: 0.3)) { fired.entries.append("c") }
        _ = clock.schedule(at: Timestamp(seconds: 0.1)) { fired.entries.append("a1") }
        _ = clock.schedule(at: Timestamp(seconds: 0.1)) { fired.entries.append("a2") }
        _ = clock.schedule(at: Timestamp(seconds: 0.2)) { fired.entries.append("b") }
        _ = clock.schedule(at: Timestamp(seconds: 0.1)) { fired.entries.append("a3") }
        try clock.advance(by: .seconds(1))
        #expect(fired.entries == ["a1", "a2", "a3", "b", "c"])
    }

    @Test("A timer scheduled by a callback within the advance fires in the same advance; beyond it, later")
    func timersFromTimers() throws {
        let clock = VirtualClock()
        let fired = Fired()
        _ = clock.schedule(at: Timestamp(seconds: 0.1)) {
            fired.entries.append("first \(clock.now)")
            _ = clock.schedule(at: clock.now + .milliseconds(100)) { fired.entries.append("inside \(clock.now)") }
            _ = clock.schedule(at: clock.now + .milliseconds(900)) { fired.entries.append("beyond \(clock.now)") }
        }
        try clock.advance(to: Timestamp(seconds: 0.5))
        #expect(fired.entries == ["first 0.100", "inside 0.200"])
        #expect(clock.pendingTimerCount == 1)
        #expect(clock.nextDeadline == Timestamp(seconds: 1))
        try clock.advance(to: Timestamp(seconds: 1))
        #expect(fired.entries == ["first 0.100", "inside 0.200", "beyond 1.000"])
        #expect(clock.isIdle)
    }

    @Test("cancel removes a pending timer; cancelling twice or after firing does nothing")
    func cancel() throws {
        let clock = VirtualClock()
        let fired = Fired()
        let keep = clock.schedule(at: Timestamp(seconds: 0.1)) { fired.entries.append("keep") }
        let drop = clock.schedule(at: Timestamp(seconds: 0.1)) { fired.entries.append("drop") }
        clock.cancel(drop)
        clock.cancel(drop)
        try clock.advance(to: Timestamp(seconds: 0.2))
        clock.cancel(keep)
        #expect(fired.entries == ["keep"])
        #expect(clock.isIdle)
    }

    @Test("runUntilIdle fires everything in order and moves now to the last deadline")
    func runUntilIdle() {
        let clock = VirtualClock()
        let fired = Fired()
        _ = clock.schedule(at: Timestamp(seconds: 2)) { fired.entries.append("two") }
        _ = clock.schedule(at: Timestamp(seconds: 1)) {
            fired.entries.append("one")
            _ = clock.schedule(at: Timestamp(seconds: 3)) { fired.entries.append("three") }
        }
        #expect(clock.runUntilIdle() == 3)
        #expect(fired.entries == ["one", "two", "three"])
        #expect(clock.now == Timestamp(seconds: 3))
    }

    @Test("R117: advancing to an earlier time throws and changes nothing")
    func backwards() throws {
        let clock = VirtualClock(start: Timestamp(seconds: 1))
        let fired = Fired()
        _ = clock.schedule(at: Timestamp(seconds: 0.5)) { fired.entries.append("due") }
        #expect(throws: ClockError.timeWentBackwards(now: Timestamp(seconds: 1), requested: Timestamp(seconds: 0.9))) {
            try clock.advance(to: Timestamp(seconds: 0.9))
        }
        #expect(clock.now == Timestamp(seconds: 1))
        #expect(fired.entries.isEmpty)
        #expect(clock.pendingTimerCount == 1)
    }

    @Test("A deadline already past fires at the next advance, with now unchanged")
    func pastDeadline() throws {
        let clock = VirtualClock(start: Timestamp(seconds: 1))
        let fired = Fired()
        _ = clock.schedule(at: Timestamp(seconds: 0.5)) { fired.entries.append("late at \(clock.now)") }
        try clock.advance(to: Timestamp(seconds: 1))
        #expect(fired.entries == ["late at 1.000"])
    }
}
