@testable import GestureArbiter
import Testing

@Suite struct DelayedTouchesBeganGestureRecognizerTests {
    /// A scrolling container P with content V, the delay D on P, optionally a pan on P.
    static func world(withPan: Bool = false) -> TestWorld {
        let world = TestWorld()
        let container = world.addView("P", Rect(x: 0, y: 0, width: 300, height: 300), forwards: true)
        world.addView("V", Rect(x: 50, y: 50, width: 100, height: 100), to: container)
        world.attach(DelayedTouchesBeganGestureRecognizer(), "D", to: container)
        if withPan { world.attach(PanGestureRecognizer(), "scroll", to: container) }
        return world
    }

    @Test("R116, R113: a still touch reaches the content at exactly 0.150 s, not 1 ns earlier", arguments: zip([149_999_999 as Int64, 150_000_000], [false, true]))
    func releasedAtDelay(_ nanoseconds: Int64, _ released: Bool) throws {
        let world = Self.world()
        try world.down(1, at: 0, 100, 100)
        try world.environment.advance(to: Timestamp(nanoseconds: nanoseconds))
        #expect(world.log.lines.contains("0.150 view V began 1") == released)
        try world.up(1, at: 0.4, 100, 100)
        #expect(world.log.lines == ["0.000 touch 1 hit V", "0.150 gesture D failed", "0.150 view V began 1", "0.400 view V ended 1"])
        #expect(world.environment.isIdle)
    }

    @Test("R116, R66: a touch that ends earlier is released at once: began then ended, with the original began time")
    func endsEarly() throws {
        let world = Self.world()
        let content = world.window.subviews[0].subviews[0] as! RecordingView
        try world.down(1, at: 0, 100, 100)
        try world.up(1, at: 0.05, 100, 100)
        #expect(world.log.lines == ["0.000 touch 1 hit V", "0.050 gesture D failed", "0.050 view V began 1", "0.050 view V ended 1"])
        #expect(content.seenTimestamps.map(\.time) == [Timestamp(seconds: 0), Timestamp(seconds: 0.05)])
    }

    @Test("R116: moving more than 10 pt releases early with one catch-up moved; exactly 10 pt does not", arguments: zip([10.0, 10.001], [false, true]))
    func movement(_ distance: Double, _ releases: Bool) throws {
        let world = Self.world()
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.02, 100 + distance * 0.6, 100 + distance * 0.8)
        let expected = releases
            ? ["0.000 touch 1 hit V", "0.020 gesture D failed", "0.020 view V began 1", "0.020 view V moved 1"]
            : ["0.000 touch 1 hit V"]
        #expect(world.log.lines == expected)
        try world.up(1, at: 0.3, 100, 100)
    }

    @Test("R116, R44, R67: with a scroll pan that begins first, the content sees nothing at all")
    func classicScrollView() throws {
        let world = Self.world(withPan: true)
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.02, 100, 106)
        try world.move(1, at: 0.04, 100, 112)
        try world.move(1, at: 0.2, 100, 150)
        try world.up(1, at: 0.3, 100, 150)
        try world.advance(to: 1)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.040 gesture D failed", "0.040 gesture scroll began",
            "0.200 gesture scroll changed", "0.300 gesture scroll ended",
        ])
        #expect(world.environment.isIdle)
    }
}
