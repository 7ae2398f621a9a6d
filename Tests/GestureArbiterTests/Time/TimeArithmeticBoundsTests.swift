@testable import GestureArbiter
import Testing

/// Time arithmetic at the ends of the 64-bit nanosecond range: it saturates at `Timestamp.min`
/// and `Timestamp.max` or is exact, and never wraps (R78, R117, R118).
@Suite struct TimeArithmeticBoundsTests {
    static let max = Int64.max
    static let min = Int64.min

    @Test("R118: Timestamp + Duration is exact inside the range and saturates outside it", arguments: [
        // (start ns, duration, expected ns)
        (max - 1, Duration.nanoseconds(1), max),  // lands exactly on the end
        (max - 1, .nanoseconds(2), max),  // one past: saturates
        (max, .nanoseconds(1), max),
        (max, .zero, max),
        (min + 1, .nanoseconds(-1), min),
        (min + 1, .nanoseconds(-2), min),
        (min, .nanoseconds(-1), min),
        (0, .seconds(Int64.max), max),  // far past the range: Duration's 128-bit general path
        (0, .seconds(Int64.min), min),
        (min, .seconds(Int64.max), max),
        (max, .seconds(Int64.min), min),
        (min, .nanoseconds(max) + .nanoseconds(5), 4),  // longer than Int64 ns, result in range
        (max, .nanoseconds(min) - .nanoseconds(5), -6),
        (0, Duration(secondsComponent: 0, attosecondsComponent: Int64.max), 9_223_372_036),
        (0, Duration(secondsComponent: Int64.max, attosecondsComponent: Int64.max), max),
        (max, Duration(secondsComponent: Int64.min, attosecondsComponent: Int64.min), min),
        (7, Duration(secondsComponent: 20, attosecondsComponent: 999_999_999_999_999_999), 20_999_999_999 + 7),
        (7, Duration(secondsComponent: -20, attosecondsComponent: -999_999_999_999_999_999), 7 - 20_999_999_999),
    ] as [(Int64, Duration, Int64)])
    func addingSaturates(_ start: Int64, _ duration: Duration, _ expected: Int64) {
        #expect((Timestamp(nanoseconds: start) + duration).nanoseconds == expected)
    }

    @Test("R118: Timestamp - Duration is exact inside the range and saturates outside it", arguments: [
        (min + 1, Duration.nanoseconds(1), min),
        (min + 1, .nanoseconds(2), min),
        (min, .nanoseconds(1), min),
        (max - 1, .nanoseconds(-2), max),
        (max, .nanoseconds(-1), max),
        (0, .nanoseconds(min), max),  // -Int64.min does not fit
        (-1, .nanoseconds(min), max),
        (max, .seconds(Int64.max), min),
        (min, .seconds(Int64.min), max),
        (max, .nanoseconds(max) + .nanoseconds(5), -5),
        (0, Duration(secondsComponent: Int64.min, attosecondsComponent: Int64.min), max),
    ] as [(Int64, Duration, Int64)])
    func subtractingSaturates(_ start: Int64, _ duration: Duration, _ expected: Int64) {
        #expect((Timestamp(nanoseconds: start) - duration).nanoseconds == expected)
    }

    @Test("R118: Timestamp - Timestamp is exact across the whole range", arguments: [
        (max, min, Duration.nanoseconds(UInt64.max)),
        (min, max, .zero - .nanoseconds(UInt64.max)),
        (max, max - 1, .nanoseconds(1)),
        (min, min + 1, .nanoseconds(-1)),
        (0, min, .nanoseconds(max) + .nanoseconds(1)),
    ] as [(Int64, Int64, Duration)])
    func differenceIsExact(_ later: Int64, _ earlier: Int64, _ expected: Duration) {
        let span = Timestamp(nanoseconds: later) - Timestamp(nanoseconds: earlier)
        #expect(span == expected)
        // And adding it back lands where it started from.
        #expect(Timestamp(nanoseconds: earlier) + span == Timestamp(nanoseconds: later))
    }

    @Test("R117: advancing the environment by an enormous duration goes to the end of time, not backwards")
    func advanceByEnormousDuration() throws {
        let world = TestWorld()
        try world.environment.advance(by: .seconds(Int64.max))
        #expect(world.environment.now == .max)
        // At the end of time, further advances stay there.
        try world.environment.advance(by: .seconds(1))
        #expect(world.environment.now == .max)
        try world.environment.advance(by: Duration(secondsComponent: Int64.max, attosecondsComponent: Int64.max))
        #expect(world.environment.now == .max)
    }

    @Test(
        "R84, R86, R89: a tap with an enormous maximumTapDuration still recognizes at its lift",
        arguments: [Duration.seconds(Int64.max), .nanoseconds(Int64.max), Duration(secondsComponent: Int64.max, attosecondsComponent: Int64.max)]
    )
    func enormousTapDuration(_ duration: Duration) throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        tap.maximumTapDuration = duration
        try world.tap(1, at: 0.5, 50, 50)
        try world.advance(to: 10)
        #expect(world.log.lines.filter { $0.contains("gesture") } == ["0.580 gesture T recognized"])
        #expect(world.environment.isIdle)
    }

    /// An environment on `scheduler` with one window and one 200 x 200 view at its origin.
    static func world(on scheduler: any Scheduler) -> (GestureEnvironment, View) {
        let environment = GestureEnvironment(scheduler: scheduler)
        let window = Window(width: 400, height: 400)
        environment.addWindow(window)
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        return (environment, view)
    }

    static func send(_ environment: GestureEnvironment, _ id: Int, _ phase: TouchPhase, at time: Timestamp, x: Double = 50) throws {
        try environment.dispatch(TouchEvent(timestamp: time, touches: [TouchInput(id: id, phase: phase, x: x, y: 50)]))
    }

    @Test("R14: a touch-down more than 292 years after the last lift is a first tap, not a second one")
    func tapCountAcrossTheWholeRange() throws {
        let (environment, _) = Self.world(on: VirtualClock(start: .min))
        try Self.send(environment, 1, .began, at: .min)
        try Self.send(environment, 1, .ended, at: .min + .milliseconds(50))
        try Self.send(environment, 2, .began, at: .max - .seconds(1))
        #expect(environment.touches.map(\.tapCount) == [1])
    }

    @Test("R97: a pan samples a move after a gap wider than Int64 nanoseconds as about zero velocity, not skips it as time going back")
    func panVelocityAcrossTheWholeRange() throws {
        let (environment, view) = Self.world(on: VirtualClock(start: .min))
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        try Self.send(environment, 1, .began, at: .min)
        // 20 pt in 10 ms: the first sample, 2,000 pt/s, is the velocity on its own.
        try Self.send(environment, 1, .moved, at: .min + .milliseconds(10), x: 70)
        #expect(pan.velocity(in: nil).x == 2_000)
        // 20 pt more over about 584 years: a sample of about 0 pt/s, weighted 0.2 against 0.8
        // for the previous one.
        try Self.send(environment, 1, .moved, at: .max - .seconds(1), x: 90)
        #expect(abs(pan.velocity(in: nil).x - 0.8 * 2_000) < 1e-6)
    }

    @Test("R84, R87, R89: a tap held longer than a long maximumTapDuration fails at exactly its expiry, near the end of time")
    func tapDurationNearTheEnd() throws {
        // The clock starts 2 s before the end: a 1 s tap duration expires 1 s before it.
        let clock = VirtualClock(start: .max - .seconds(2))
        let (environment, view) = Self.world(on: clock)
        var failedAt: Timestamp?
        final class Recorder: Tracer {
            var onFailure: (Timestamp) -> Void = { _ in }
            let clock: VirtualClock
            init(clock: VirtualClock) { self.clock = clock }
            func record(_ record: TraceRecord) {
                if case .stateChanged(_, _, .failed, _) = record { onFailure(clock.now) }
            }
        }
        let recorder = Recorder(clock: clock)
        recorder.onFailure = { failedAt = $0 }
        environment.tracer = recorder
        let tap = TapGestureRecognizer()
        tap.maximumTapDuration = .seconds(1)
        view.addGestureRecognizer(tap)
        try Self.send(environment, 1, .began, at: clock.now)
        try environment.advance(to: .max)
        #expect(failedAt == .max - .seconds(1))
        #expect(environment.now == .max)
    }

    @Test("R118: Timestamp(seconds:) rounds to the nanosecond inside the range, saturates outside it and maps NaN to zero", arguments: [
        // (seconds, expected ns)
        (0.08, 80_000_000),
        (-0.5, -500_000_000),
        (0.000_000_000_4, 0),  // below half a nanosecond
        (0.000_000_000_6, 1),
        (9.2e9, 9_200_000_000_000_000_000),  // inside the range
        (9.3e9, max),  // about 294.7 years: past the end
        (-9.3e9, min),
        (1e300, max),
        (-1e300, min),
        (Double.infinity, max),
        (-Double.infinity, min),
        (Double.nan, 0),
        (-Double.nan, 0),
        (Double.signalingNaN, 0),
    ] as [(Double, Int64)])
    func secondsSaturate(_ seconds: Double, _ expected: Int64) {
        #expect(Timestamp(seconds: seconds).nanoseconds == expected)
    }

    @Test("R117, R118: Timestamp(checkedSeconds:) is nil for NaN, infinities and seconds outside the range", arguments: [
        (0.08, Int64?.some(80_000_000)),
        (-9.2e9, -9_200_000_000_000_000_000),
        (9.3e9, nil),
        (-9.3e9, nil),
        (1e300, nil),
        (Double.infinity, nil),
        (-Double.infinity, nil),
        (Double.nan, nil),
    ] as [(Double, Int64?)])
    func checkedSecondsRejectsWhatNamesNoTime(_ seconds: Double, _ expected: Int64?) {
        #expect(Timestamp(checkedSeconds: seconds)?.nanoseconds == expected)
    }

    @Test("R118: the two initialisers agree wherever the checked one gives a value, right up to the ends of the range")
    func initialisersAgreeAtTheEnds() {
        // The largest doubles below 2^63 ns and the smallest at or above -2^63 ns.
        let top = (0x1p63 as Double).nextDown / 1e9
        let bottom = -(0x1p63 as Double) / 1e9
        for seconds in [top, bottom, top.nextDown, bottom.nextUp, 0, 1.5] {
            let checked = Timestamp(checkedSeconds: seconds)
            #expect(checked != nil, "\(seconds)")
            #expect(checked == Timestamp(seconds: seconds), "\(seconds)")
        }
    }
}
