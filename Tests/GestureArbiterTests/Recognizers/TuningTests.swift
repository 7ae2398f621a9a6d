import Testing

@testable import GestureArbiter

/// Per-recognizer tuning beyond UIKit: each value defaults to UIKit's (GestureDefaults) and,
/// when set, moves the threshold of its rule. Expected logs are written from the rules cited.
@Suite struct TuningTests {
    @Test("The defaults are UIKit's: 0.35 s between taps (R88), 45 pt of tap movement (R90), 10 pt of pan hysteresis (R94), 0.15 s of content delay")
    func defaultsAreUIKits() {
        #expect(TapGestureRecognizer().maximumIntervalBetweenSuccessiveTaps == .milliseconds(350))
        #expect(TapGestureRecognizer().allowableMovement == 45)
        #expect(PanGestureRecognizer().hysteresis == 10)
        #expect(DelayedTouchesBeganGestureRecognizer().delay == .milliseconds(150))
        #expect(GestureDefaults.maximumIntervalBetweenSuccessiveTaps == .milliseconds(350))
        #expect(GestureDefaults.contentTouchDelay == .milliseconds(150))
    }

    @Test("R54, R56, R88: a double tap tuned to 0.2 s between taps gives up 0.2 s after the lift, releasing the single tap then")
    func multiTapInterval() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let single = world.attach(TapGestureRecognizer(), "S", to: view)
        let double = world.attach(TapGestureRecognizer(), "D", to: view)
        double.numberOfTapsRequired = 2
        double.maximumIntervalBetweenSuccessiveTaps = .milliseconds(200)
        single.require(toFail: double)
        try world.tap(1, at: 0, 50, 50)
        try world.advance(to: 1)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1",
            "0.280 gesture D failed", "0.280 gesture S recognized", "0.280 view V cancelled 1",
        ])
    }

    @Test("R88: with 0.2 s between taps, a second tap 0.25 s after the first lift is too late; 0.15 s is in time")
    func multiTapIntervalDecides() throws {
        for (gap, recognized) in [(0.25, false), (0.15, true)] {
            let world = TestWorld()
            let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
            let double = world.attach(TapGestureRecognizer(), "D", to: view)
            double.numberOfTapsRequired = 2
            double.maximumIntervalBetweenSuccessiveTaps = .milliseconds(200)
            try world.tap(1, at: 0, 50, 50)
            try world.tap(2, at: 0.08 + gap, 50, 50)
            try world.advance(to: 2)
            #expect(world.log.lines.contains { $0.hasSuffix("gesture D recognized") } == recognized, "gap \(gap): \(world.log.lines)")
        }
    }

    @Test("R85, R90: a tap tuned to 10 pt of movement fails when its finger moves 15 pt; with UIKit's 45 pt it recognizes")
    func tapSlop() throws {
        for (slop, fails) in [(10.0, true), (45.0, false)] {
            let world = TestWorld()
            let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
            let tap = world.attach(TapGestureRecognizer(), "T", to: view)
            tap.allowableMovement = slop
            try world.down(1, at: 0, 50, 50)
            try world.move(1, at: 0.03, 65, 50)
            try world.up(1, at: 0.08, 65, 50)
            let expected = fails
                ? ["0.000 touch 1 hit V", "0.000 view V began 1", "0.030 gesture T failed", "0.030 view V moved 1", "0.080 view V ended 1"]
                : ["0.000 touch 1 hit V", "0.000 view V began 1", "0.030 view V moved 1", "0.080 gesture T recognized", "0.080 view V cancelled 1"]
            #expect(world.log.lines == expected, "slop \(slop)")
        }
    }

    @Test("R94, R110: a pan tuned to 30 pt of hysteresis does not begin at 20 pt, begins at 35 pt, and its translation starts past the 30 pt")
    func panHysteresis() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let pan = world.attach(PanGestureRecognizer(), "P", to: view)
        pan.hysteresis = 30
        var translations: [Double] = []
        pan.addAction { pan in translations.append(pan.translation(in: nil).x) }
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.02, 70, 50)
        #expect(pan.state == .possible)
        try world.move(1, at: 0.04, 85, 50)
        try world.up(1, at: 0.06, 85, 50)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.020 view V moved 1",
            "0.040 gesture P began", "0.040 view V cancelled 1", "0.060 gesture P ended",
        ])
        #expect(translations.first == 5)  // 35 pt travelled, less the 30 pt hysteresis (R110)
    }

    @Test("A content-touch delay tuned to 0.05 s delivers the withheld began at 0.05 s instead of 0.15 s (R61)")
    func contentDelay() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let delay = world.attach(DelayedTouchesBeganGestureRecognizer(), "C", to: view)
        delay.delay = .milliseconds(50)
        try world.down(1, at: 0, 50, 50)
        try world.up(1, at: 0.2, 50, 50)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.050 gesture C failed", "0.050 view V began 1", "0.200 view V ended 1",
        ])
    }
}
