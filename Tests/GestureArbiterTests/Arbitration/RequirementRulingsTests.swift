@testable import GestureArbiter
import Testing

/// The rulings R132, R133 and R135 on failure requirements and timers (R134 is tested with the
/// cycle report, RequirementCycleReportTests; R136 with the requirements' ownership,
/// RequirementOwnershipTests). The expected lines are written from the rules.
@Suite struct RequirementRulingsTests {
    /// A delegate that answers yes to every simultaneity question (R45).
    final class AlwaysSimultaneous: GestureRecognizerDelegate {
        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            true
        }
    }

    /// R132's chain: view V (0-200) with S (single tap) and D (double tap), S requires D; view W
    /// (250-350) with a long press L, D requires L.
    static func chain() -> (TestWorld, single: TapGestureRecognizer, double: TapGestureRecognizer, press: LongPressGestureRecognizer) {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let other = world.addView("W", Rect(x: 250, y: 0, width: 100, height: 100))
        let single = world.attach(TapGestureRecognizer(), "S", to: view)
        let double = world.attach(TapGestureRecognizer(), "D", to: view)
        double.numberOfTapsRequired = 2
        let press = world.attach(LongPressGestureRecognizer(), "L", to: other)
        single.require(toFail: double)
        double.require(toFail: press)
        return (world, single, double, press)
    }

    @Test("R132, R54, R55, R56: a held requirement stays active for those that wait on it; when it is released and recognizes, they fail: one double tap never fires both S and D")
    func heldRequirementStaysActive() throws {
        let (world, _, _, _) = Self.chain()
        // L's finger lands first and stays: L is possible (active) until it moves away.
        try world.down(9, at: 0, 300, 50)
        try world.tap(1, at: 0.1, 50, 50)  // lifts at 0.18: S recognizes, held by D (possible)
        try world.tap(2, at: 0.3, 52, 50)  // lifts at 0.38: D recognizes, held by L
        // Neither S nor D has sent anything: D is held (R54) and, held, still active for S (R132).
        #expect(!world.log.lines.contains { $0.contains("gesture S") || $0.contains("gesture D") })
        // L's finger moves 30 pt: L fails (R93's 10 pt), D is released and recognizes (R56), and its
        // success fails S (R55). D's touches are taken from V (R67): touch 1 was delivered, touch 2's
        // began was withheld (R63) and is discarded.
        try world.move(9, at: 0.45, 330, 50)
        try world.up(9, at: 0.6, 330, 50)
        try world.advance(to: 1.5)
        #expect(world.log.lines == [
            "0.000 touch 9 hit W", "0.000 view W began 9",
            "0.100 touch 1 hit V", "0.100 view V began 1",
            "0.300 touch 2 hit V",
            "0.450 gesture L failed", "0.450 gesture S failed", "0.450 gesture D recognized", "0.450 view V cancelled 1",
            "0.450 view W moved 9",
            "0.600 view W ended 9",
        ])
        #expect(world.environment.isIdle)
    }

    @Test("R132, R55: when the held requirement's own requirement begins, the held one fails and those waiting on it are released")
    func heldRequirementFailsAndReleases() throws {
        let (world, _, _, _) = Self.chain()
        try world.down(9, at: 0, 300, 50)
        try world.tap(1, at: 0.1, 50, 50)
        try world.tap(2, at: 0.3, 52, 50)
        // L's finger stays still: L begins at 0.5 (its 0.5 s), so D fails (R55) and S, which waited
        // for D, is released and recognizes (R56), taking touch 1 from V (R67).
        try world.advance(to: 0.55)
        try world.up(9, at: 0.7, 300, 50)
        try world.advance(to: 1.5)
        let gestures = world.log.lines.filter { $0.contains(" gesture ") }
        #expect(gestures == [
            "0.500 gesture D failed", "0.500 gesture L began", "0.500 gesture S recognized",
            "0.700 gesture L ended",
        ])
        #expect(world.environment.isIdle)
    }

    @Test("R135, R45, R55: a failure requirement beats simultaneity: S fails when D recognizes, whatever the delegates answer")
    func requirementBeatsSimultaneity() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let single = world.attach(TapGestureRecognizer(), "S", to: view)
        let double = world.attach(TapGestureRecognizer(), "D", to: view)
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        let delegate = AlwaysSimultaneous()
        world.retained.append(delegate)
        single.delegate = delegate
        double.delegate = delegate
        try world.tap(1, at: 0, 50, 50)
        try world.tap(2, at: 0.2, 52, 50)
        try world.advance(to: 1)
        let gestures = world.log.lines.filter { $0.contains(" gesture ") }
        #expect(gestures == ["0.280 gesture S failed", "0.280 gesture D recognized"])
    }

    @Test("R133, R117: a dispatch that stops with timersDidNotSettle keeps what the timers that fired before the limit did; the error says how many fired and when")
    func runawayKeepsFiredEffects() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let press = world.attach(LongPressGestureRecognizer(), "L", to: view)
        press.cancelsTouchesInView = false
        let other = world.addView("W", Rect(x: 250, y: 0, width: 100, height: 100))
        let runaway = RestartingTimerRecognizer(delay: .zero, firstDelay: .milliseconds(600))
        other.addGestureRecognizer(runaway)
        try world.send(0, TouchInput(id: 1, phase: .began, x: 50, y: 50), TouchInput(id: 2, phase: .began, x: 300, y: 50))
        // One advance: the long press's timer fires at 0.5 (L begins), then the runaway's chain
        // at 0.6 passes the limit. L's began happened, and stays (R133).
        let limit = VirtualClock.timerChainLimit
        #expect(throws: DispatchError.timersDidNotSettle(at: Timestamp(seconds: 0.6), firings: limit)) {
            try world.move(1, at: 0.7, 55, 50)
        }
        #expect(world.log.lines.contains("0.500 gesture L began"))
        #expect(press.state == .began)
        #expect(runaway.firings == limit + 1)
        // The move itself was not processed: nothing happened at 0.7.
        #expect(!world.log.lines.contains { $0.hasPrefix("0.700") })
        #expect(world.environment.now == Timestamp(seconds: 0.6))
        other.removeGestureRecognizer(runaway)
        try world.up(2, at: 0.8, 300, 50)
        try world.up(1, at: 0.9, 50, 50)
        #expect(world.log.lines.contains("0.900 gesture L ended"))
    }
}
