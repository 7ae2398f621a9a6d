@testable import GestureArbiter
import Testing

/// SwipeGestureRecognizer: the decaying limits, directions, fingers, location and conflicts
/// (R155-R167, R185, R186, R188). Expected outcomes come from the rules' formulas and tables:
/// least travel along 50 × (1 − 0.94 t) pt, most travel across 50 × (1 − 0.98 t) pt (R157).
@Suite struct SwipeTests {
    /// A world with view V (0, 0, 400, 600) holding swipe SW; its actions and failures go to the log.
    static func world(
        direction: SwipeGestureRecognizer.Direction = .right, touches: Int = 1
    ) -> (TestWorld, SwipeGestureRecognizer, RecordingView) {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 600))
        view.isMultipleTouchEnabled = true
        let swipe = SwipeGestureRecognizer()
        swipe.direction = direction
        swipe.numberOfTouchesRequired = touches
        world.attach(swipe, "SW", to: view)
        return (world, swipe, view)
    }

    /// Dispatches one event at exactly `nanoseconds`.
    static func send(_ world: TestWorld, nanoseconds: Int64, _ touches: TouchInput...) throws {
        try world.environment.dispatch(TouchEvent(timestamp: Timestamp(nanoseconds: nanoseconds), touches: touches))
    }

    /// Whether the swipe's log has `what` (`recognized` or `failed`) at all.
    static func outcome(_ world: TestWorld) -> String {
        if world.log.lines.contains(where: { $0.hasSuffix("gesture SW recognized") }) { return "recognized" }
        if world.log.lines.contains(where: { $0.hasSuffix("gesture SW failed") }) { return "failed" }
        return "possible"
    }

    /// One finger down at (100, 300) at 0, one move by (dx, dy) at `nanoseconds`: the outcome of
    /// that move (before any lift), as the measurement of UIKit probed it.
    static func oneStep(dx: Double, dy: Double, nanoseconds: Int64, direction: SwipeGestureRecognizer.Direction = .right)
        throws -> String
    {
        let (world, _, _) = Self.world(direction: direction)
        try world.down(1, at: 0, 100, 300)
        try send(world, nanoseconds: nanoseconds, TouchInput(id: 1, phase: .moved, x: 100 + dx, y: 300 + dy))
        return outcome(world)
    }

    // MARK: R155, R156: API and defaults

    @Test("R155: defaults are direction right (raw 1) and one finger; raw values as UIKit; generic flags keep their defaults")
    func defaults() {
        let swipe = SwipeGestureRecognizer()
        #expect(swipe.direction == .right)
        #expect(swipe.numberOfTouchesRequired == 1)
        #expect([SwipeGestureRecognizer.Direction.right, .left, .up, .down].map(\.rawValue) == [1, 2, 4, 8])
        #expect(swipe.cancelsTouchesInView && !swipe.delaysTouchesBegan && swipe.delaysTouchesEnded)
        #expect(swipe.failureReason == nil)
        #expect(SwipeGestureRecognizer.Direction(rawValue: 15).description == "right+left+up+down")
    }

    @Test("R155, R188: the setters store any value unchanged", arguments: [0, 1, 16, 18_446_744_073_709_551_615] as [UInt])
    func directionStoresAnyValue(_ raw: UInt) {
        let swipe = SwipeGestureRecognizer()
        swipe.direction = SwipeGestureRecognizer.Direction(rawValue: raw)
        #expect(swipe.direction.rawValue == raw)
    }

    @Test("R155, R188: numberOfTouchesRequired stores any value unchanged", arguments: [0, -1, 5, Int.max])
    func touchesStoreAnyValue(_ count: Int) {
        let swipe = SwipeGestureRecognizer()
        swipe.numberOfTouchesRequired = count
        #expect(swipe.numberOfTouchesRequired == count)
    }

    @Test("R156: the fixed limits in GestureDefaults")
    func fixedLimits() {
        #expect(GestureDefaults.swipeMaximumDuration == .milliseconds(500))
        #expect(GestureDefaults.swipeMinimumPrimaryMovement == 50)
        #expect(GestureDefaults.swipeMaximumPrimaryMovement == .infinity)
        #expect(GestureDefaults.swipeMinimumSecondaryMovement == 0)
        #expect(GestureDefaults.swipeMaximumSecondaryMovement == 50)
        #expect(GestureDefaults.swipeMaximumOppositeMovement == 0)
        #expect(GestureDefaults.swipeRateOfMinimumMovementDecay == 0.06)
        #expect(GestureDefaults.swipeRateOfMaximumMovementDecay == 0.02)
        #expect(GestureDefaults.swipeDecayTimeCap == .milliseconds(500))
        #expect(GestureDefaults.swipeMinimumPrimaryMovementRate == 0)
    }

    // MARK: R157: the decaying limits

    /// A time of the decay and the limits the rule's table gives there.
    struct Decay: CustomTestStringConvertible, Sendable {
        let nanoseconds: Int64
        let minimumAlong: Double
        let maximumAcross: Double
        var testDescription: String { "t = \(Double(nanoseconds) / 1e9) s: along >= \(minimumAlong), across <= \(maximumAcross)" }
    }

    static let decay: [Decay] = [
        Decay(nanoseconds: 0, minimumAlong: 50, maximumAcross: 50),
        Decay(nanoseconds: 100_000_000, minimumAlong: 45.3, maximumAcross: 45.1),
        Decay(nanoseconds: 250_000_000, minimumAlong: 38.25, maximumAcross: 37.75),
        Decay(nanoseconds: 400_000_000, minimumAlong: 31.2, maximumAcross: 30.4),
        Decay(nanoseconds: 500_000_000, minimumAlong: 26.5, maximumAcross: 25.5),
    ]

    @Test("R157, R159, R160: travel along the direction 0.001 pt short of the limit waits; 0.001 pt past it recognizes", arguments: decay)
    func alongLimit(_ point: Decay) throws {
        #expect(try Self.oneStep(dx: point.minimumAlong - 0.001, dy: 0, nanoseconds: point.nanoseconds) == "possible")
        #expect(try Self.oneStep(dx: point.minimumAlong + 0.001, dy: 0, nanoseconds: point.nanoseconds) == "recognized")
    }

    @Test("R157, R159, R160: travel across the direction 0.001 pt inside the limit recognizes; 0.001 pt past it fails", arguments: decay)
    func acrossLimit(_ point: Decay) throws {
        #expect(try Self.oneStep(dx: 100, dy: point.maximumAcross - 0.001, nanoseconds: point.nanoseconds) == "recognized")
        #expect(try Self.oneStep(dx: 100, dy: point.maximumAcross + 0.001, nanoseconds: point.nanoseconds) == "failed")
        #expect(try Self.oneStep(dx: 100, dy: -(point.maximumAcross + 0.001), nanoseconds: point.nanoseconds) == "failed")
    }

    @Test("R157, R159: at t = 0 the limits are inclusive: exactly 50 pt along, and exactly 50 pt across, recognize")
    func inclusiveAtStart() throws {
        #expect(try Self.oneStep(dx: 50, dy: 0, nanoseconds: 0) == "recognized")
        #expect(try Self.oneStep(dx: 100, dy: 50, nanoseconds: 0) == "recognized")
        #expect(try Self.oneStep(dx: 49.999, dy: 0, nanoseconds: 0) == "possible")
    }

    // MARK: R158: the 0.5 s limit, no timer, the lift never tested

    @Test("R158: a qualifying move at exactly 0.5 s recognizes; 1 ns later it fails", arguments: [
        (500_000_000, "recognized"), (500_000_001, "failed"), (499_999_999, "recognized"), (600_000_000, "failed"),
    ] as [(Int64, String)])
    func durationLimit(_ nanoseconds: Int64, _ expected: String) throws {
        #expect(try Self.oneStep(dx: 100, dy: 0, nanoseconds: nanoseconds) == expected)
    }

    @Test("R158, R185: no timer: a resting finger keeps the swipe possible well past 0.5 s; the lift fails it, its position untested")
    func noTimerAndLiftNeverTested() throws {
        let (world, swipe, _) = Self.world()
        try world.down(1, at: 0, 100, 300)
        #expect(!swipe.hasPendingTimer)
        try world.advance(to: 2)
        #expect(Self.outcome(world) == "possible")
        #expect(swipe.state == .possible)
        // 200 pt to the right, carried only by the lift: never tested.
        try world.up(1, at: 2.1, 300, 300)
        #expect(world.log.lines.contains("2.100 gesture SW failed"))
        #expect(!world.log.lines.contains { $0.contains("recognized") })
        #expect(world.environment.isIdle)
    }

    @Test("R158, R162: a swipe that lifts before any qualifying move fails at the lift (too short)")
    func liftBeforeQualifying() throws {
        let (world, _, _) = Self.world()
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.1, 130, 300)
        try world.up(1, at: 0.12, 140, 300)
        #expect(world.log.lines.filter { $0.contains("gesture SW") } == ["0.120 gesture SW failed"])
    }

    // MARK: R159, R161: directions

    /// A direction, a move that follows it and what it does to each single direction.
    static let directions: [(SwipeGestureRecognizer.Direction, Double, Double)] = [
        (.right, 100, 0), (.left, -100, 0), (.up, 0, -100), (.down, 0, 100),
    ]

    @Test("R159, R160: each direction recognizes a 100 pt move its way at 0.1 s", arguments: 0..<4)
    func eachDirectionRecognizes(_ index: Int) throws {
        let (direction, dx, dy) = Self.directions[index]
        #expect(try Self.oneStep(dx: dx, dy: dy, nanoseconds: 100_000_000, direction: direction) == "recognized")
    }

    @Test("R159: each direction fails on 0.1 pt backwards (wrong direction), and on a move along the other axis", arguments: 0..<4)
    func eachDirectionFailsOtherWays(_ index: Int) throws {
        let (direction, dx, dy) = Self.directions[index]
        #expect(try Self.oneStep(dx: -dx / 1000, dy: -dy / 1000, nanoseconds: 10_000_000, direction: direction) == "failed")
        // The perpendicular move: 100 pt across exceeds the 45.1 pt across limit at 0.1 s.
        #expect(try Self.oneStep(dx: dy, dy: dx, nanoseconds: 100_000_000, direction: direction) == "failed")
    }

    @Test("R159: both directions of an axis set: no backward check, either way recognizes")
    func bothDirectionsOfAnAxis() throws {
        #expect(try Self.oneStep(dx: 100, dy: 0, nanoseconds: 100_000_000, direction: [.right, .left]) == "recognized")
        #expect(try Self.oneStep(dx: -100, dy: 0, nanoseconds: 100_000_000, direction: [.right, .left]) == "recognized")
        #expect(try Self.oneStep(dx: 0, dy: 100, nanoseconds: 100_000_000, direction: [.up, .down]) == "recognized")
    }

    @Test("R161: right+down recognizes 100 pt right, fails 100 pt down and a 100/100 diagonal; all four accept 50/50 at t = 0")
    func mixedMasks() throws {
        #expect(try Self.oneStep(dx: 100, dy: 0, nanoseconds: 100_000_000, direction: [.right, .down]) == "recognized")
        #expect(try Self.oneStep(dx: 0, dy: 100, nanoseconds: 100_000_000, direction: [.right, .down]) == "failed")
        #expect(try Self.oneStep(dx: 100, dy: 100, nanoseconds: 100_000_000, direction: [.right, .down]) == "failed")
        #expect(try Self.oneStep(dx: 50, dy: 50, nanoseconds: 0, direction: [.right, .left, .up, .down]) == "recognized")
    }

    @Test("R159: only each sample counts, not the path: sideways first, or forward-back-forward, still recognizes")
    func pathBetweenSamples() throws {
        let (world, _, _) = Self.world()
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.01, 100, 320)
        try world.move(1, at: 0.1, 200, 300)
        #expect(Self.outcome(world) == "recognized")
        let (other, _, _) = Self.world()
        try other.down(1, at: 0, 100, 300)
        try other.move(1, at: 0.01, 120, 300)
        try other.move(1, at: 0.02, 110, 300)
        try other.move(1, at: 0.1, 200, 300)
        #expect(Self.outcome(other) == "recognized")
    }

    @Test("R165: near the earliest recognition a path about 43° off the axis passes (48 pt along, 45 pt across at 0.05 s)")
    func noAngleSetting() throws {
        // At 0.05 s: along >= 47.65, across <= 47.55.
        #expect(try Self.oneStep(dx: 48, dy: 45, nanoseconds: 50_000_000) == "recognized")
        #expect(try Self.oneStep(dx: 48, dy: 47.6, nanoseconds: 50_000_000) == "failed")
    }

    @Test("R161, R188: a direction with no known bit never recognizes: possible through the move, failed at the lift", arguments: [0, 16, 48] as [UInt])
    func noKnownDirection(_ raw: UInt) throws {
        let (world, _, _) = Self.world(direction: SwipeGestureRecognizer.Direction(rawValue: raw))
        let reasons = ReasonTracer(world)
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.1, 300, 300)
        #expect(Self.outcome(world) == "possible")
        try world.up(1, at: 0.2, 300, 300)
        #expect(Self.outcome(world) == "failed")
        #expect(reasons.reasons == [.noDirection(rawValue: raw)])
    }

    /// A way to fail, the input after a touch-down at (100, 300) at 0, and the reason expected.
    struct Failure: CustomTestStringConvertible, Sendable {
        let name: String
        let moves: [(Double, Double, Double)]
        let lift: Double
        let reason: SwipeGestureRecognizer.FailureReason
        var testDescription: String { name }
    }

    static let failures: [Failure] = [
        Failure(name: "wrong direction", moves: [(0.016, 95, 300)], lift: 0.1,
                reason: .movedBackward(touchID: 1, distance: 5, direction: .right)),
        Failure(name: "off the axis", moves: [(0.1, 160, 350)], lift: 0.2,
                reason: .offAxis(touchID: 1, offset: 50, limit: 50 * (1 - 0.1 * 0.98), axis: .horizontal)),
        Failure(name: "too slow", moves: [(0.2, 110, 300), (0.6, 200, 300)], lift: 0.7,
                reason: .tooSlow(elapsed: .milliseconds(600))),
        Failure(name: "too short when the fingers lift", moves: [(0.1, 130, 300)], lift: 0.2,
                reason: .liftedBeforeRecognizing(travel: 30, needed: 50 * (1 - 0.1 * 0.94))),
        Failure(name: "lifted without moving", moves: [], lift: 0.2, reason: .liftedBeforeRecognizing(travel: 0, needed: 0)),
    ]

    @Test("R158, R159, R162: each way to fail has its reason (what --explain prints)", arguments: failures)
    func failureReasons(_ failure: Failure) throws {
        let (world, _, _) = Self.world()
        let reasons = ReasonTracer(world)
        try world.down(1, at: 0, 100, 300)
        for (time, x, y) in failure.moves { try world.move(1, at: time, x, y) }
        try world.up(1, at: failure.lift, 100, 300)
        #expect(reasons.reasons == [failure.reason])
        #expect(!failure.reason.description.isEmpty)
    }

    @Test("R162, R188: the reasons of finger counts: too many, none required, a finger lifted early")
    func fingerReasons() throws {
        let (world, _, _) = Self.world()
        let reasons = ReasonTracer(world)
        try world.down(1, at: 0, 100, 300)
        try world.down(2, at: 0.01, 100, 400)
        try world.up(1, at: 0.1, 100, 300)
        try world.up(2, at: 0.1, 100, 400)
        #expect(reasons.reasons == [.tooManyTouches(count: 2, required: 1)])
        let (two, _, _) = Self.world(touches: 2)
        let twoReasons = ReasonTracer(two)
        try two.down(1, at: 0, 100, 300)
        try two.down(2, at: 0, 100, 400)
        try two.up(2, at: 0.1, 100, 400)
        try two.up(1, at: 0.2, 100, 300)
        #expect(twoReasons.reasons == [.fingerLifted(touchID: 2)])
        #expect(SwipeGestureRecognizer.FailureReason.tooManyTouches(count: 2, required: 1).description == "2 fingers where 1 is required")
        #expect(SwipeGestureRecognizer.FailureReason.movedBackward(touchID: 1, distance: 5, direction: .right).description
            == "wrong direction: touch 1 moved 5 pt against right")
    }

    // MARK: R160, R162, R163, R188: fingers

    @Test("R160: two required fingers each qualifying on their own recognize (100/100 and 100/50 at 0.1 s); 100/0 waits; 100/-100 fails", arguments: [
        (100.0, "recognized"), (50.0, "recognized"), (0.0, "possible"), (-100.0, "failed"),
    ])
    func twoFingers(_ second: Double, _ expected: String) throws {
        let (world, _, _) = Self.world(touches: 2)
        try world.send(0, TouchInput(id: 1, phase: .began, x: 100, y: 200), TouchInput(id: 2, phase: .began, x: 100, y: 300))
        try world.send(0.1, TouchInput(id: 1, phase: .moved, x: 200, y: 200), TouchInput(id: 2, phase: .moved, x: 100 + second, y: 300))
        #expect(Self.outcome(world) == expected)
    }

    @Test("R160: a second finger that does not move is still tested: one finger alone cannot recognize a two-finger swipe")
    func everyTrackedFingerTested() throws {
        let (world, _, _) = Self.world(touches: 2)
        try world.down(1, at: 0, 100, 200)
        try world.down(2, at: 0, 100, 300)
        try world.move(1, at: 0.1, 250, 200)
        #expect(Self.outcome(world) == "possible")
        try world.move(2, at: 0.15, 200, 300)
        #expect(Self.outcome(world) == "recognized")
    }

    @Test("R162: fewer fingers than required: qualifying moves never recognize; the lift fails it")
    func tooFewFingers() throws {
        let (world, _, _) = Self.world(touches: 2)
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.1, 250, 300)
        #expect(Self.outcome(world) == "possible")
        try world.up(1, at: 0.2, 250, 300)
        #expect(Self.outcome(world) == "failed")
    }

    @Test("R162: an extra finger marks a one-finger swipe failed: later moves stay possible until a move after 0.5 s fails it")
    func extraFingerMarks() throws {
        let (world, swipe, _) = Self.world()
        try world.down(1, at: 0, 100, 300)
        try world.down(2, at: 0.01, 100, 400)
        try world.move(1, at: 0.1, 250, 300)
        #expect(Self.outcome(world) == "possible")
        #expect(swipe.failureReason == .tooManyTouches(count: 2, required: 1))
        try world.move(1, at: 0.6, 260, 300)
        #expect(world.log.lines.contains("0.600 gesture SW failed"))
    }

    @Test("R162: two fingers landing together on a one-finger swipe: none is tracked; it fails when a finger lifts")
    func twoFingersInOneEvent() throws {
        let (world, swipe, _) = Self.world()
        try world.send(0, TouchInput(id: 1, phase: .began, x: 100, y: 200), TouchInput(id: 2, phase: .began, x: 100, y: 300))
        try world.send(0.1, TouchInput(id: 1, phase: .moved, x: 200, y: 200), TouchInput(id: 2, phase: .moved, x: 200, y: 300))
        #expect(Self.outcome(world) == "possible")
        #expect(swipe.location(in: nil) == .zero)
        try world.send(0.2, TouchInput(id: 1, phase: .ended, x: 200, y: 200))
        #expect(world.log.lines.contains("0.200 gesture SW failed"))
    }

    @Test("R162: a finger lifting while another stays marks it failed; the other's qualifying move waits; the last lift fails it")
    func partialLift() throws {
        let (world, _, _) = Self.world(touches: 2)
        try world.down(1, at: 0, 100, 200)
        try world.down(2, at: 0, 100, 300)
        try world.up(2, at: 0.05, 100, 300)
        try world.move(1, at: 0.1, 250, 200)
        #expect(Self.outcome(world) == "possible")
        try world.up(1, at: 0.3, 250, 200)
        #expect(world.log.lines.contains("0.300 gesture SW failed"))
    }

    @Test("R162: a cancelled finger is handled as a lift")
    func cancelledFinger() throws {
        let (world, _, _) = Self.world()
        try world.down(1, at: 0, 100, 300)
        try world.send(0.05, TouchInput(id: 1, phase: .cancelled, x: 110, y: 300))
        #expect(world.log.lines.contains("0.050 gesture SW failed"))
    }

    @Test("R162, R26: an ignored finger marks the swipe failing while another stays; the last lift fails it")
    func ignoredFinger() throws {
        let (world, swipe, _) = Self.world(touches: 2)
        let reasons = ReasonTracer(world)
        try world.down(1, at: 0, 100, 200)
        try world.down(2, at: 0, 100, 300)
        let touch = try #require(swipe.trackedTouches.array.first { $0.id == 2 })
        swipe.ignore(touch, for: nil)
        #expect(swipe.failureReason == .touchIgnored(touchID: 2))
        #expect(swipe.numberOfTouches == 1)
        try world.send(0.1, TouchInput(id: 1, phase: .moved, x: 200, y: 200), TouchInput(id: 2, phase: .moved, x: 200, y: 300))
        #expect(Self.outcome(world) == "possible")
        try world.up(1, at: 0.2, 200, 200)
        #expect(world.log.lines.contains("0.200 gesture SW failed"))
        #expect(reasons.reasons == [.touchIgnored(touchID: 2)])
    }

    @Test("R26, R39: a swipe whose only finger is ignored is reset, never recognizes, and the environment goes idle")
    func onlyFingerIgnored() throws {
        let (world, swipe, _) = Self.world()
        try world.down(1, at: 0, 100, 300)
        let touch = try #require(swipe.trackedTouches.array.first)
        swipe.ignore(touch, for: nil)
        #expect(swipe.state == .possible)
        #expect(swipe.numberOfTouches == 0)
        try world.move(1, at: 0.1, 250, 300)
        try world.up(1, at: 0.2, 250, 300)
        #expect(!world.log.lines.contains { $0.contains("gesture SW") })
        #expect(world.environment.isIdle)
    }

    @Test("R188: numberOfTouchesRequired below 1 never recognizes; the first finger marks it and its lift fails it", arguments: [0, -1])
    func noFingerRequired(_ count: Int) throws {
        let (world, swipe, _) = Self.world(touches: count)
        try world.down(1, at: 0, 100, 300)
        #expect(swipe.failureReason == .noTouchRequired(required: count))
        try world.move(1, at: 0.1, 300, 300)
        try world.move(1, at: 0.7, 310, 300)
        #expect(Self.outcome(world) == "possible")
        try world.up(1, at: 0.8, 310, 300)
        #expect(world.log.lines.contains("0.800 gesture SW failed"))
    }

    @Test("R188: a very large numberOfTouchesRequired never recognizes and does not trap")
    func hugeFingerCount() throws {
        let (world, _, _) = Self.world(touches: Int.max)
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.1, 300, 300)
        try world.up(1, at: 0.2, 300, 300)
        #expect(Self.outcome(world) == "failed")
    }

    @Test("R163: each accepted touch-down restarts the clock: the second finger at 0.4 s lets a move at 0.8 s recognize")
    func laterFingerRestartsClock() throws {
        let (world, swipe, _) = Self.world(touches: 2)
        try world.down(1, at: 0, 100, 200)
        try world.down(2, at: 0.4, 100, 300)
        #expect(swipe.location(in: nil) == Point(x: 100, y: 250))
        // 0.4 s after the start: along >= 31.2 pt, across <= 30.4 pt.
        try world.send(0.8, TouchInput(id: 1, phase: .moved, x: 140, y: 200), TouchInput(id: 2, phase: .moved, x: 140, y: 300))
        #expect(Self.outcome(world) == "recognized")
    }

    // MARK: R164, R186: location

    @Test("R164, R186: location is where the swipe began, not where the finger is; nil means window coordinates")
    func locationIsTheStart() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 20, y: 50, width: 360, height: 600))
        let swipe = world.attach(SwipeGestureRecognizer(), "SW", to: view)
        var seen: [Point] = []
        swipe.addAction { [weak view] swipe in  // weak: the view owns the swipe
            guard let view else { return }
            seen = [swipe.location(in: nil), swipe.location(in: view), swipe.location(ofTouch: 0, in: nil), swipe.location(ofTouch: 5, in: nil)]
            #expect(swipe.numberOfTouches == 1)
        }
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.05, 160, 300)
        #expect(seen == [Point(x: 100, y: 300), Point(x: 80, y: 250), Point(x: 100, y: 300), Point(x: 100, y: 300)])
    }

    @Test("R164: location(ofTouch:) gives each tracked finger's touch-down, in the order accepted")
    func locationOfEachFinger() throws {
        let (world, swipe, _) = Self.world(touches: 2)
        try world.down(1, at: 0, 100, 200)
        try world.down(2, at: 0.01, 120, 300)
        try world.move(1, at: 0.02, 110, 200)
        #expect(swipe.location(ofTouch: 0, in: nil) == Point(x: 100, y: 200))
        #expect(swipe.location(ofTouch: 1, in: nil) == Point(x: 120, y: 300))
        #expect(swipe.location(ofTouch: -1, in: nil) == Point(x: 110, y: 250))
        #expect(swipe.location(in: nil) == Point(x: 110, y: 250))
    }

    // MARK: R166, R167, R185: arbitration

    @Test("R167, R67: the recognizing move cancels the finger in the view; the lift reaches nobody (S66)")
    func recognitionCancelsTheViewTouch() throws {
        let (world, _, _) = Self.world()
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.016, 115, 300)
        try world.move(1, at: 0.033, 135, 300)
        try world.move(1, at: 0.05, 160, 300)
        try world.up(1, at: 0.08, 170, 300)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.016 view V moved 1", "0.033 view V moved 1",
            "0.050 gesture SW recognized", "0.050 view V cancelled 1",
        ])
    }

    /// A view with a pan P and a swipe SW; with `panWaits` the pan requires the swipe to fail.
    static func panAndSwipe(panWaits: Bool) -> TestWorld {
        let (world, swipe, view) = Self.world()
        let pan = world.attach(PanGestureRecognizer(), "P", to: view)
        if panWaits { pan.require(toFail: swipe) }
        return world
    }

    @Test("R166, R44: a pan on the same view begins at 10 pt and excludes a swipe that has not recognized yet")
    func panWinsByDefault() throws {
        let world = Self.panAndSwipe(panWaits: false)
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.016, 115, 300)
        try world.move(1, at: 0.05, 180, 300)
        let gestures = world.log.lines.filter { $0.contains("gesture") }
        #expect(gestures.prefix(2) == ["0.016 gesture SW failed", "0.016 gesture P began"])
        #expect(!gestures.contains { $0.contains("SW recognized") })
    }

    @Test("R166, R55: a pan that requires the swipe to fail waits; a fast flick recognizes the swipe and fails the pan")
    func swipeWinsWhenPanWaits() throws {
        let world = Self.panAndSwipe(panWaits: true)
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.016, 115, 300)
        try world.move(1, at: 0.05, 180, 300)
        let gestures = world.log.lines.filter { $0.contains("gesture") }
        #expect(gestures.contains("0.050 gesture SW recognized"))
        #expect(gestures.contains("0.050 gesture P failed"))
        #expect(!gestures.contains { $0.contains("P began") })
    }

    @Test("R166, R185, R56: a held pan over a resting swipe stays held (no timer); a move after 0.5 s fails the swipe and the pan begins")
    func heldPanWaitsForAMove() throws {
        let world = Self.panAndSwipe(panWaits: true)
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.1, 115, 300)
        try world.advance(to: 1.5)
        #expect(!world.log.lines.contains { $0.contains("gesture") })
        try world.move(1, at: 1.6, 125, 300)
        let gestures = world.log.lines.filter { $0.contains("gesture") }
        #expect(gestures == ["1.600 gesture SW failed", "1.600 gesture P began"])
    }
}

/// Collects each swipe's ``SwipeGestureRecognizer/failureReason`` when its failure is traced
/// (the reason clears at the reset that follows), then passes the record on to the world.
final class ReasonTracer: Tracer {
    /// The world's own tracer, which still gets every record (not the world: the environment
    /// keeps its tracer, and the world keeps the environment).
    let next: WorldTracer
    private(set) var reasons: [SwipeGestureRecognizer.FailureReason?] = []

    init(_ world: TestWorld) {
        next = world.tracer
        world.environment.tracer = self
    }

    func record(_ record: TraceRecord) {
        if case let .stateChanged(recognizer, _, to, _) = record, to == .failed, let swipe = recognizer as? SwipeGestureRecognizer {
            reasons.append(swipe.failureReason)
        }
        next.record(record)
    }
}
