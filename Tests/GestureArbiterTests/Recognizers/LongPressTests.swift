@testable import GestureArbiter
import Testing

/// The long press, rule by rule (R140-R154, R184, R188). Expected lines are written from the
/// rules: the 0.5 s press timer from the touch-down that completes the fingers, the 10 pt
/// centroid allowance before began, the 0.35 s window after the taps.
@Suite struct LongPressTests {
    /// A world with a view V (0,0,300,300) that logs its touches, and a long press LP on it.
    static func world(configure: (LongPressGestureRecognizer) -> Void = { _ in }) -> (TestWorld, LongPressGestureRecognizer, RecordingView) {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
        view.isMultipleTouchEnabled = true
        let press = LongPressGestureRecognizer()
        configure(press)
        world.attach(press, "LP", to: view)
        return (world, press, view)
    }

    /// The log lines about gestures only.
    static func gestureLines(_ world: TestWorld) -> [String] {
        world.log.lines.filter { $0.contains(" gesture ") }
    }

    /// Dispatches one event at exactly `nanoseconds`.
    static func send(_ world: TestWorld, at nanoseconds: Int64, _ touches: TouchInput...) throws {
        try world.environment.dispatch(TouchEvent(timestamp: Timestamp(nanoseconds: nanoseconds), touches: touches))
    }

    // MARK: - Defaults (R140)

    @Test("R140: UIKit's defaults, kept in GestureDefaults: 0.5 s, 10 pt, no taps, one finger; generic flags unchanged")
    func defaults() {
        let press = LongPressGestureRecognizer()
        #expect(press.minimumPressDuration == .milliseconds(500))
        #expect(press.allowableMovement == 10)
        #expect(press.numberOfTapsRequired == 0)
        #expect(press.numberOfTouchesRequired == 1)
        #expect(GestureDefaults.longPressMinimumPressDuration == .milliseconds(500))
        #expect(GestureDefaults.longPressAllowableMovement == 10)
        #expect(GestureDefaults.longPressNumberOfTapsRequired == 0)
        #expect(GestureDefaults.longPressNumberOfTouchesRequired == 1)
        #expect(GestureDefaults.longPressTapToPressInterval == .milliseconds(350))
        #expect(GestureDefaults.longPressTapAllowableMovement == 45)
        #expect(press.cancelsTouchesInView && !press.delaysTouchesBegan && press.delaysTouchesEnded)
        #expect(press.usesDefaultRequirementHooks)
    }

    // MARK: - The press timer (R141, R143, R184)

    @Test("R141, R143, R184, R78: a lift 1 ns before 0.5 s fails; exactly at 0.5 s the timer fires first (began, then ended at 0.5 s); 1 ns later it ended after began",
          arguments: [-1 as Int64, 0, 1])
    func liftAroundTheDeadline(_ offset: Int64) throws {
        let (world, press, _) = Self.world()
        try world.down(1, at: 0, 100, 100)
        let lift = Timestamp(nanoseconds: 500_000_000 + offset)
        try Self.send(world, at: lift.nanoseconds, TouchInput(id: 1, phase: .ended, x: 100, y: 100))
        let expected = offset < 0 ? ["\(lift) gesture LP failed"] : ["0.500 gesture LP began", "\(lift) gesture LP ended"]
        #expect(Self.gestureLines(world) == expected)
        let transitions = world.transitions(of: press)
        if offset < 0 {
            #expect(press.failureReason == .liftedTooSoon(heldFor: .nanoseconds(499_999_999), minimum: .milliseconds(500)))
            #expect(transitions.first == "possible -> failed (its own touch handling)")
        } else {
            #expect(transitions.first == "possible -> began (its timer)")
            #expect(transitions.dropFirst().first == "began -> ended (its own touch handling)")
        }
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R141, R143, R184: the clock at 0.5 s - 1 ns leaves the press possible; at 0.5 s it began; at + 1 ns still began",
          arguments: zip([-1 as Int64, 0, 1], [GestureRecognizer.State.possible, .began, .began]))
    func clockAroundTheDeadline(_ offset: Int64, _ state: GestureRecognizer.State) throws {
        let (world, press, view) = Self.world()
        try world.down(1, at: 0.25, 100, 100)
        try world.environment.advance(to: Timestamp(nanoseconds: 750_000_000 + offset))
        #expect(press.state == state)
        #expect(press.hasPendingTimer == (state == .possible))
        if state == .began {
            // R67: began cancels its touch in the view at that moment.
            #expect(world.log.lines == ["0.250 touch 1 hit V", "0.250 view V began 1", "0.750 gesture LP began", "0.750 view V cancelled 1"])
            #expect(view.seenTimestamps.count == 2)
        }
    }

    @Test("R141: with two fingers the 0.5 s counts from the second finger's touch-down, not the first's")
    func durationFromTheCompletingTouchDown() throws {
        let (world, press, _) = Self.world { $0.numberOfTouchesRequired = 2 }
        try world.down(1, at: 0, 100, 100)
        try world.down(2, at: 0.3, 120, 100)
        try world.advance(to: 0.799)
        #expect(press.state == .possible)
        try world.advance(to: 0.8)
        #expect(Self.gestureLines(world) == ["0.800 gesture LP began"])
        #expect(press.location(in: nil) == Point(x: 110, y: 100))
    }

    @Test("R142: a minimumPressDuration of zero or less begins in the touch-down's own pass, with no timer",
          arguments: [Duration.zero, .milliseconds(-300), .nanoseconds(Int64.min)])
    func zeroDuration(_ duration: Duration) throws {
        let (world, press, _) = Self.world { $0.minimumPressDuration = duration }
        try world.down(1, at: 0.1, 100, 100)
        #expect(press.state == .began)
        #expect(!press.hasPendingTimer)
        #expect(Self.gestureLines(world) == ["0.100 gesture LP began"])
        try world.up(1, at: 0.2, 100, 100)
        #expect(Self.gestureLines(world) == ["0.100 gesture LP began", "0.200 gesture LP ended"])
    }

    @Test("R141, R184: an enormous minimumPressDuration saturates the timer instead of trapping; the press stays possible and fails at the lift")
    func enormousDuration() throws {
        let (world, press, _) = Self.world { $0.minimumPressDuration = .seconds(Int64.max) }
        try world.down(1, at: 0, 100, 100)
        try world.advance(to: 1_000_000)
        #expect(press.state == .possible && press.hasPendingTimer)
        try world.up(1, at: 1_000_001, 100, 100)
        #expect(Self.gestureLines(world) == ["1000001.000 gesture LP failed"])
        #expect(world.environment.isIdle)
    }

    @Test("R141, R145: settings changed in the middle of an attempt never trap; the attempt ends by the rules as they then read")
    func settingsChangedMidAttempt() throws {
        let (world, press, _) = Self.world { $0.numberOfTouchesRequired = 2 }
        try world.down(1, at: 0, 100, 100)
        press.numberOfTouchesRequired = 1  // one finger is down: the set completes at the next touch-down only
        press.numberOfTapsRequired = 3
        try world.down(2, at: 0.1, 120, 100)
        #expect(press.failureReason == .tooManyTouches(count: 2, required: 1))
        press.numberOfTouchesRequired = 1
        press.numberOfTapsRequired = 0
        try world.send(0.2, TouchInput(id: 1, phase: .ended, x: 100, y: 100), TouchInput(id: 2, phase: .ended, x: 120, y: 100))
        try world.down(3, at: 1, 100, 100)
        try world.advance(to: 1.5)
        #expect(Self.gestureLines(world) == ["0.100 gesture LP failed", "1.500 gesture LP began"])
    }

    // MARK: - Movement (R144, R147)

    @Test("R144: the centroid may move exactly allowableMovement (10 pt, straight-line) before began; just past it fails at that move",
          arguments: zip([(10.0, 0.0), (6, 8), (10.000001, 0), (6, 8.000001)], [true, true, false, false]))
    func movementBoundary(_ offset: (Double, Double), _ begins: Bool) throws {
        let (world, press, _) = Self.world()
        try world.down(1, at: 0, 100, 100)
        let distance = (offset.0 * offset.0 + offset.1 * offset.1).squareRoot()
        try world.move(1, at: 0.2, 100 + offset.0, 100 + offset.1)
        try world.advance(to: 0.6)
        if begins {
            #expect(Self.gestureLines(world) == ["0.500 gesture LP began"])
        } else {
            #expect(Self.gestureLines(world) == ["0.200 gesture LP failed"])
            guard case let .tooMuchMovement(measured, allowed)? = press.failureReason else {
                Issue.record("reason \(String(describing: press.failureReason))")
                return
            }
            #expect(abs(measured - distance) < 1e-9 && allowed == 10)
        }
    }

    @Test("R144: a custom allowableMovement moves the boundary with it", arguments: zip([25.0, 25.5], [true, false]))
    func customAllowance(_ distance: Double, _ begins: Bool) throws {
        let (world, _, _) = Self.world { $0.allowableMovement = 25 }
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.1, 100, 100 + distance)
        try world.advance(to: 1)
        #expect(Self.gestureLines(world) == [begins ? "0.500 gesture LP began" : "0.100 gesture LP failed"])
    }

    @Test("R144: two fingers spreading 30 pt apart symmetrically keep the centroid still, so the press begins")
    func symmetricSpreadKeepsCentroid() throws {
        let (world, press, _) = Self.world { $0.numberOfTouchesRequired = 2 }
        try world.send(0, TouchInput(id: 1, phase: .began, x: 100, y: 100), TouchInput(id: 2, phase: .began, x: 120, y: 100))
        try world.send(0.2, TouchInput(id: 1, phase: .moved, x: 70, y: 100), TouchInput(id: 2, phase: .moved, x: 150, y: 100))
        try world.advance(to: 0.5)
        #expect(Self.gestureLines(world) == ["0.500 gesture LP began"])
        #expect(press.location(in: nil) == Point(x: 110, y: 100))
    }

    @Test("R144: a move before the fingers are complete is not measured; the start point is where the set completed")
    func movesBeforeTheSetAreNotMeasured() throws {
        let (world, _, _) = Self.world { $0.numberOfTouchesRequired = 2 }
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.1, 180, 100)  // 80 pt with one of two fingers: not measured
        try world.down(2, at: 0.2, 200, 100)  // start point (190, 100)
        try world.move(2, at: 0.3, 220, 100)  // centroid (200, 100): 10 pt, still allowed
        try world.advance(to: 0.7)
        #expect(Self.gestureLines(world) == ["0.700 gesture LP began"])
    }

    @Test("R144: a negative, infinite or NaN allowableMovement turns the check off (never a trap)",
          arguments: [-1.0, -Double.infinity, Double.infinity, Double.nan])
    func disabledMovementCheck(_ allowance: Double) throws {
        let (world, _, _) = Self.world { $0.allowableMovement = allowance }
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.2, 290, 290)
        try world.advance(to: 0.5)
        #expect(Self.gestureLines(world) == ["0.500 gesture LP began"])
    }

    @Test("R147, R36, R151: after began movement is free: each move sends changed and the location follows the finger")
    func movementAfterBegan() throws {
        let (world, press, _) = Self.world()
        var locations: [Point] = []
        press.addAction { locations.append($0.location(in: nil)) }
        try world.down(1, at: 0, 100, 100)
        try world.advance(to: 0.5)
        try world.move(1, at: 0.6, 140, 100)
        try world.move(1, at: 0.7, 240, 180)
        try world.up(1, at: 0.8, 250, 180)
        #expect(Self.gestureLines(world) == ["0.500 gesture LP began", "0.600 gesture LP changed", "0.700 gesture LP changed", "0.800 gesture LP ended"])
        // R151: the ended action reports the lifting finger at its last position.
        #expect(locations == [Point(x: 100, y: 100), Point(x: 140, y: 100), Point(x: 240, y: 180), Point(x: 250, y: 180)])
    }

    // MARK: - Fingers (R145, R146, R148, R149, R188)

    @Test("R145: a second finger before began fails the one-finger press at once, in the same event or later",
          arguments: [true, false])
    func tooManyFingers(_ sameEvent: Bool) throws {
        let (world, press, _) = Self.world()
        if sameEvent {
            try world.send(0.1, TouchInput(id: 1, phase: .began, x: 100, y: 100), TouchInput(id: 2, phase: .began, x: 150, y: 100))
        } else {
            try world.down(1, at: 0, 100, 100)
            try world.down(2, at: 0.1, 150, 100)
        }
        #expect(Self.gestureLines(world) == ["0.100 gesture LP failed"])
        #expect(press.failureReason == .tooManyTouches(count: 2, required: 1))
        #expect(!press.hasPendingTimer)
    }

    @Test("R145: a third finger on a two-finger press fails it")
    func thirdFingerOnTwoFingerPress() throws {
        let (world, press, _) = Self.world { $0.numberOfTouchesRequired = 2 }
        try world.send(0, TouchInput(id: 1, phase: .began, x: 100, y: 100), TouchInput(id: 2, phase: .began, x: 150, y: 100))
        try world.down(3, at: 0.2, 200, 100)
        try world.advance(to: 1)
        #expect(Self.gestureLines(world) == ["0.200 gesture LP failed"])
        #expect(press.failureReason == .tooManyTouches(count: 3, required: 2))
    }

    @Test("R146: a lift before began fails it at the lift, also before the fingers are complete")
    func liftBeforeTheSetIsComplete() throws {
        let (world, press, _) = Self.world { $0.numberOfTouchesRequired = 2 }
        try world.down(1, at: 0, 100, 100)
        try world.up(1, at: 0.3, 100, 100)
        #expect(Self.gestureLines(world) == ["0.300 gesture LP failed"])
        #expect(press.failureReason == .liftedBeforeAllFingersDown(down: 1, required: 2))
    }

    @Test("R148, R27: with two fingers, lifting either ends the press at that lift; the other finger plays no further part",
          arguments: [1, 2])
    func liftingAnyFingerEnds(_ lifted: Int) throws {
        let (world, press, _) = Self.world { $0.numberOfTouchesRequired = 2 }
        var endLocation: Point?
        press.addAction { if $0.state == .ended { endLocation = $0.location(in: nil) } }
        try world.send(0, TouchInput(id: 1, phase: .began, x: 100, y: 100), TouchInput(id: 2, phase: .began, x: 140, y: 100))
        try world.advance(to: 0.5)
        try world.up(lifted, at: 0.6, lifted == 1 ? 100 : 160, 100)
        let other = 3 - lifted
        try world.move(other, at: 0.7, 20, 20)
        try world.up(other, at: 0.8, 20, 20)
        #expect(Self.gestureLines(world) == ["0.500 gesture LP began", "0.600 gesture LP ended"])
        // R151: the centroid at the lift, with the lifting finger at its last position.
        #expect(endLocation == (lifted == 1 ? Point(x: 120, y: 100) : Point(x: 130, y: 100)))
        #expect(world.environment.isIdle)
    }

    @Test("R149, R115, R26: a finger landing after began is ignored: no failure, no end, not in the location, not cancelled in its view")
    func extraFingerAfterBegan() throws {
        let (world, press, view) = Self.world()
        world.addView("W", Rect(x: 0, y: 200, width: 300, height: 100), to: view)  // inside V: LP sees its touches
        try world.down(1, at: 0, 100, 100)
        try world.advance(to: 0.5)
        try world.down(2, at: 0.6, 100, 250)
        try world.move(2, at: 0.7, 200, 260)
        try world.up(2, at: 0.8, 200, 260)
        // Still running: touch 2's move and lift neither failed, changed nor ended it.
        #expect(press.state == .began || press.state == .changed)
        #expect(press.numberOfTouches == 1)
        #expect(press.location(in: nil) == Point(x: 100, y: 100))
        try world.up(1, at: 0.9, 100, 100)
        let lines = Self.gestureLines(world)
        #expect(lines.first == "0.500 gesture LP began" && lines.last == "0.900 gesture LP ended")
        #expect(!lines.contains { $0.hasPrefix("0.700") || $0.hasPrefix("0.800") || $0.contains("failed") })
        // The pass of touch 2's touch-down gave the running press a callback, which R36 reports
        // as changed; R125 refines that for a touch the recognizer ignores.
        #expect(lines.count <= 3)
        // W saw touch 2 whole (R115: never cancelled on the long press's behalf).
        #expect(world.log.lines.filter { $0.contains("view W") } == ["0.600 view W began 2", "0.700 view W moved 2", "0.800 view W ended 2"])
    }

    @Test("R188, R145: numberOfTouchesRequired 0 (or negative) is accepted and fails at the first touch-down, whatever the taps",
          arguments: [(0, 0), (-3, 0), (0, 2)])
    func noFingersRequired(_ touches: Int, _ taps: Int) throws {
        let (world, press, _) = Self.world {
            $0.numberOfTouchesRequired = touches
            $0.numberOfTapsRequired = taps
        }
        try world.down(1, at: 0.1, 100, 100)
        try world.up(1, at: 0.2, 100, 100)
        try world.advance(to: 2)
        #expect(Self.gestureLines(world) == ["0.100 gesture LP failed"])
        #expect(press.failureReason == .tooManyTouches(count: 1, required: touches))
        #expect(press.failureReason?.description.contains("R188") == true)
    }

    // MARK: - Cancellation and ignoring (R150, R26)

    @Test("R150, R32: a cancelled touch fails a possible press and cancels a running one", arguments: [0.2, 0.7])
    func cancelledTouch(_ at: Double) throws {
        let (world, press, _) = Self.world()
        try world.down(1, at: 0, 100, 100)
        try world.send(at, TouchInput(id: 1, phase: .cancelled, x: 100, y: 100))
        try world.advance(to: 2)
        if at < 0.5 {
            #expect(Self.gestureLines(world) == ["0.200 gesture LP failed"])
            #expect(press.failureReason == .touchesCancelled)
        } else {
            #expect(Self.gestureLines(world) == ["0.500 gesture LP began", "0.700 gesture LP cancelled"])
        }
        #expect(world.environment.isIdle)
    }

    @Test("R26, R148: ignoring its finger fails a possible press (it could never see the lift) and ends a running one",
          arguments: [0.2, 0.7])
    func ignoredFinger(_ at: Double) throws {
        let (world, press, _) = Self.world()
        try world.down(1, at: 0, 100, 100)
        try world.advance(to: at)
        let touch = try #require(press.trackedTouches.array.first)
        press.ignore(touch, for: nil)
        try world.up(1, at: at + 0.1, 100, 100)
        try world.advance(to: 2)
        if at < 0.5 {
            #expect(Self.gestureLines(world) == ["0.200 gesture LP failed"])
            #expect(press.failureReason == .touchIgnored)
        } else {
            #expect(Self.gestureLines(world) == ["0.500 gesture LP began", "0.700 gesture LP ended"])
        }
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    // MARK: - Location (R151)

    @Test("R151: before the fingers are complete the location is the centroid of the fingers down; in a view's space it is converted")
    func locationBeforeTheSet() throws {
        let (world, press, view) = Self.world { $0.numberOfTouchesRequired = 3 }
        view.boundsOrigin = Point(x: 10, y: 20)
        try world.down(1, at: 0, 100, 100)
        try world.down(2, at: 0.1, 140, 120)
        #expect(press.location(in: nil) == Point(x: 120, y: 110))
        #expect(press.location(in: view) == Point(x: 130, y: 130))
    }

    // MARK: - Taps before the press (R152)

    @Test("R152: one tap, then the press within 0.35 s: began 0.5 s after the press's touch-down")
    func oneTapThenPress() throws {
        let (world, press, _) = Self.world { $0.numberOfTapsRequired = 1 }
        try world.tap(1, at: 0, 100, 100, duration: 0.1)
        try world.down(2, at: 0.3, 200, 200)  // far from the tap: the press has its own start point
        try world.advance(to: 0.799)
        #expect(press.state == .possible)
        try world.advance(to: 0.8)
        try world.up(2, at: 0.9, 200, 200)
        #expect(Self.gestureLines(world) == ["0.800 gesture LP began", "0.900 gesture LP ended"])
    }

    @Test("R152, R184, R78: the press must touch down before 0.35 s after the last tap's lift; at the deadline the window's timer fires first",
          arguments: zip([-1 as Int64, 0, 1], [true, false, false]))
    func tapToPressWindow(_ offset: Int64, _ begins: Bool) throws {
        let (world, press, _) = Self.world { $0.numberOfTapsRequired = 1 }
        try world.tap(1, at: 0, 100, 100, duration: 0.1)
        if !begins {
            // The window closes at 0.45 s: the reason is read before touch 2 starts a new attempt.
            try world.environment.advance(to: Timestamp(nanoseconds: 450_000_000))
            #expect(press.failureReason == .pressTooLate)
        }
        try Self.send(world, at: 450_000_000 + offset, TouchInput(id: 2, phase: .began, x: 100, y: 100))
        try world.advance(to: 1.5)
        if begins {
            #expect(Self.gestureLines(world) == ["\(Timestamp(nanoseconds: 950_000_000 + offset)) gesture LP began"])
        } else {
            #expect(Self.gestureLines(world) == ["0.450 gesture LP failed"])
        }
    }

    @Test("R152, R88: two taps then a press; the second tap must land within 0.35 s of the first lift",
          arguments: zip([0.44, 0.46], [true, false]))
    func twoTapsThenPress(_ secondTap: Double, _ begins: Bool) throws {
        let (world, press, _) = Self.world { $0.numberOfTapsRequired = 2 }
        try world.tap(1, at: 0, 100, 100, duration: 0.1)
        try world.advance(to: secondTap)
        guard begins else {
            #expect(Self.gestureLines(world) == ["0.450 gesture LP failed"])
            #expect(press.failureReason == .tooLongBetweenTaps)
            return
        }
        try world.tap(2, at: secondTap, 100, 100, duration: 0.1)
        try world.down(3, at: secondTap + 0.2, 100, 100)
        try world.advance(to: 3)
        #expect(Self.gestureLines(world) == ["\(Timestamp(seconds: secondTap + 0.7)) gesture LP began"])
    }

    @Test("R152, R90: the taps may move 45 pt from the first tap's start; 45.5 pt fails", arguments: zip([45.0, 45.5], [true, false]))
    func tapMovement(_ distance: Double, _ begins: Bool) throws {
        let (world, press, _) = Self.world { $0.numberOfTapsRequired = 2 }
        try world.tap(1, at: 0, 100, 100, duration: 0.1)
        try world.down(2, at: 0.2, 100 + distance, 100)
        guard begins else {
            #expect(Self.gestureLines(world) == ["0.200 gesture LP failed"])
            #expect(press.failureReason == .tapMovedTooFar(tap: 2, distance: distance))
            return
        }
        try world.up(2, at: 0.3, 100 + distance, 100)
        try world.down(3, at: 0.4, 100, 100)
        try world.advance(to: 2)
        #expect(Self.gestureLines(world) == ["0.900 gesture LP began"])
    }

    @Test("R152, R89: a tap held 1.5 s fails the long press at exactly 1.5 s")
    func tapHeldTooLong() throws {
        let (world, press, _) = Self.world { $0.numberOfTapsRequired = 1 }
        try world.down(1, at: 0, 100, 100)
        try world.advance(to: 1.499)
        #expect(press.state == .possible)
        try world.advance(to: 1.5)
        #expect(Self.gestureLines(world) == ["1.500 gesture LP failed"])
        #expect(press.failureReason == .tapHeldTooLong)
    }

    @Test("R152, R84: a second finger during a tap before the press fails the long press")
    func twoFingerTap() throws {
        let (world, press, _) = Self.world { $0.numberOfTapsRequired = 1 }
        try world.down(1, at: 0, 100, 100)
        try world.down(2, at: 0.05, 120, 100)
        #expect(Self.gestureLines(world) == ["0.050 gesture LP failed"])
        #expect(press.failureReason == .tapHadTooManyTouches)
    }

    @Test("R152: a negative numberOfTapsRequired counts as no taps (never a trap)")
    func negativeTaps() throws {
        let (world, _, _) = Self.world { $0.numberOfTapsRequired = -2 }
        try world.down(1, at: 0, 100, 100)
        try world.advance(to: 0.5)
        #expect(Self.gestureLines(world) == ["0.500 gesture LP began"])
    }

    // MARK: - Arbitration (R153, R154)

    @Test("R153: a long press cannot prevent a long press with the same fingers and more taps; anything else it can")
    func canPrevent() {
        func press(taps: Int, touches: Int) -> LongPressGestureRecognizer {
            let press = LongPressGestureRecognizer()
            press.numberOfTapsRequired = taps
            press.numberOfTouchesRequired = touches
            return press
        }
        #expect(!press(taps: 0, touches: 1).canPrevent(press(taps: 1, touches: 1)))
        #expect(press(taps: 1, touches: 1).canPrevent(press(taps: 0, touches: 1)))
        #expect(press(taps: 0, touches: 1).canPrevent(press(taps: 1, touches: 2)))
        #expect(press(taps: 0, touches: 1).canPrevent(press(taps: 0, touches: 1)))
        #expect(press(taps: 0, touches: 1).canPrevent(TapGestureRecognizer()))
    }

    @Test("R153, R154: a plain long press that begins leaves a pending tap-then-press long press on the same view alone")
    func longPressDoesNotPreventMoreTaps() throws {
        let (world, plain, view) = Self.world()
        let tapThenPress = LongPressGestureRecognizer()
        tapThenPress.numberOfTapsRequired = 1
        world.attach(tapThenPress, "LP1", to: view)
        try world.tap(1, at: 0, 100, 100, duration: 0.1)  // LP fails at the lift (R146); LP1 counts its tap
        try world.down(2, at: 0.3, 100, 100)
        try world.advance(to: 0.8)
        // Both timers are due at 0.8. LP's, started first, fires first: LP begins and may not fail
        // LP1 (R153), whose own timer then begins it; LP has published, so LP1 fails nothing.
        #expect(plain.state == .began)
        try world.up(2, at: 0.9, 100, 100)
        #expect(Self.gestureLines(world) == [
            "0.100 gesture LP failed", "0.800 gesture LP began", "0.800 gesture LP1 began", "0.900 gesture LP ended", "0.900 gesture LP1 ended",
        ])
    }

    @Test("R154, R146, R86: a short press is the tap's: the long press fails at the lift, the tap recognizes")
    func shortPressIsATap() throws {
        let (world, _, view) = Self.world()
        world.attach(TapGestureRecognizer(), "T", to: view)
        try world.tap(1, at: 0, 100, 100, duration: 0.1)
        #expect(Self.gestureLines(world) == ["0.100 gesture LP failed", "0.100 gesture T recognized"])
    }

    @Test("R154, R44, R46, R67: a 0.7 s hold is the long press's: its began at 0.5 s fails the tap and cancels the view's touch")
    func longHoldFailsTheTap() throws {
        let (world, press, view) = Self.world()
        world.attach(TapGestureRecognizer(), "T", to: view)
        try world.down(1, at: 0, 100, 100)
        try world.up(1, at: 0.7, 100, 100)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1",
            "0.500 gesture T failed", "0.500 gesture LP began", "0.500 view V cancelled 1",
            "0.700 gesture LP ended",
        ])
        #expect(press.location(in: nil) == Point(x: 100, y: 100))
    }

    @Test("R154, R94, R144: a drag fails the long press in the pass where the pan begins; a pan still possible when the press begins is excluded",
          arguments: [true, false])
    func panAndLongPress(_ drags: Bool) throws {
        let (world, _, view) = Self.world()
        world.attach(PanGestureRecognizer(), "P", to: view)
        try world.down(1, at: 0, 100, 100)
        if drags {
            try world.move(1, at: 0.1, 130, 100)
            try world.up(1, at: 0.2, 130, 100)
            #expect(Self.gestureLines(world) == ["0.100 gesture LP failed", "0.100 gesture P began", "0.200 gesture P ended"])
        } else {
            try world.move(1, at: 0.1, 104, 100)  // under both thresholds
            try world.advance(to: 0.5)
            try world.move(1, at: 0.6, 160, 100)
            try world.up(1, at: 0.7, 160, 100)
            #expect(Self.gestureLines(world) == ["0.500 gesture P failed", "0.500 gesture LP began", "0.600 gesture LP changed", "0.700 gesture LP ended"])
        }
    }

    @Test("R154, R54, R56, R103, R100: a long press that requires a pan to fail is held while the finger rests and publishes began and ended at the lift")
    func longPressRequiringPanIsHeld() throws {
        let (world, press, view) = Self.world()
        let pan = world.attach(PanGestureRecognizer(), "P", to: view)
        press.require(toFail: pan)
        var locations: [Point] = []
        press.addAction { locations.append($0.location(in: nil)) }
        try world.down(1, at: 0, 100, 100)
        try world.advance(to: 0.9)
        #expect(press.state == .began)  // internally began, held (R54)
        #expect(Self.gestureLines(world).isEmpty)
        try world.up(1, at: 1, 100, 100)
        #expect(Self.gestureLines(world) == ["1.000 gesture P failed", "1.000 gesture LP began", "1.000 gesture LP ended"])
        #expect(locations == [Point(x: 100, y: 100), Point(x: 100, y: 100)])
    }

    @Test("R184, R78: timers at the same deadline as input fire first: a move at exactly 0.5 s comes after began, so it is a change")
    func moveAtTheDeadline() throws {
        let (world, _, _) = Self.world()
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.5, 200, 100)
        #expect(Self.gestureLines(world) == ["0.500 gesture LP began", "0.500 gesture LP changed"])
    }

    // MARK: - Failure reasons

    @Test("R144, R145, R146, R150, R152, R188: each failure reason reads as a whole sentence citing its rule")
    func reasonDescriptions() {
        let reasons: [(LongPressGestureRecognizer.FailureReason, String)] = [
            (.tooMuchMovement(distance: 11, allowed: 10), "the fingers' centroid moved 11 pt from the press's start, more than allowableMovement (10 pt), before the press began (R144)"),
            (.tooMuchMovement(distance: 10.125, allowed: 10), "the fingers' centroid moved 10.13 pt from the press's start, more than allowableMovement (10 pt), before the press began (R144)"),
            (.tooManyTouches(count: 2, required: 1), "2 fingers were down, more than numberOfTouchesRequired (1) (R145)"),
            (.tooManyTouches(count: 1, required: 0), "1 finger was down, more than numberOfTouchesRequired (0) (R145, R188)"),
            (.liftedBeforeAllFingersDown(down: 1, required: 2), "a finger lifted with 1 of the 2 required fingers down, before the press started (R146)"),
            (.liftedTooSoon(heldFor: .milliseconds(100), minimum: .milliseconds(500)), "a finger lifted 0.1 s after the press started, before minimumPressDuration (0.5 s) had passed (R146)"),
            (.liftedTooSoon(heldFor: .seconds(2), minimum: .seconds(3)), "a finger lifted 2 s after the press started, before minimumPressDuration (3 s) had passed (R146)"),
            (.touchesCancelled, "its touches were cancelled before the press began (R150)"),
            (.pressTooLate, "the press did not touch down within 0.35 s of the last tap's lift (R152)"),
        ]
        for (reason, text) in reasons {
            #expect(reason.description == text)
        }
    }
}
