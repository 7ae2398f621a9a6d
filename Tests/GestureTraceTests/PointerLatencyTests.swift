import GestureArbiter
import GestureArbiterTesting
import Testing

/// `--latency` with pointer input (R122, R279): hover and scroll passes are passes of their own
/// that deliver nothing to views, so they add action records of hover recognizers and
/// scroll-driven pans, never a withheld phase, and they do not disturb the accounting of a
/// click's withheld phase around them. The lines are written from the rules.
@Suite struct PointerLatencyTests {
    @Test("R267, R268, R279: S80's hover recognizer sends its actions with no delay; nothing is withheld")
    func hover() throws {
        let lines = try LatencyScenarioTests.latencyLines(LatencyScenarioTests.conformanceText("S80"))
        #expect(
            lines == [
                "H began at 0.100: no delay", "H changed at 0.200: no delay", "H ended at 0.300: no delay",
                "H began at 1.000: no delay", "H ended at 1.100: no delay",
            ])
    }

    @Test("R274, R275, R283: S81's wheel ticks begin and end the pans with no delay; the trackpad sequence P refuses adds nothing")
    func scroll() throws {
        let lines = try LatencyScenarioTests.latencyLines(LatencyScenarioTests.conformanceText("S81"))
        #expect(
            lines == [
                "SV.pan began at 0.000: no delay", "SV.pan ended at 0.010: no delay",
                "SV.pan began at 0.200: no delay", "SV.pan ended at 0.210: no delay",
                "SV.pan began at 0.400: no delay", "SV.pan ended at 0.410: no delay",
                "P began at 1.000: no delay", "P ended at 1.010: no delay",
            ])
    }

    /// V has a double tap D and a hover recognizer H. The pointer enters over V (H begins), a
    /// primary click goes down and up (D withholds its end, R62, R87), the pointer moves on while
    /// D waits (H changes, R282), D's 0.35 s run out at 0.450 in the pass of the exit (R78), which
    /// releases V's end, and the exit ends H (R268).
    static let clickAmongHover = """
        { "name": "click among hover", "window": { "width": 400, "height": 800 },
          "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 400, 800] } ],
          "gestures": [ { "id": "D", "type": "tap", "view": "V", "taps": 2 },
                        { "id": "H", "type": "hover", "view": "V" } ],
          "input": [
            { "t": 0.000, "hover": { "phase": "entered", "x": 10, "y": 10 } },
            { "t": 0.050, "touches": [ { "id": 1, "phase": "began", "x": 10, "y": 10, "type": "indirectPointer" } ] },
            { "t": 0.100, "touches": [ { "id": 1, "phase": "ended", "x": 10, "y": 10 } ] },
            { "t": 0.200, "hover": { "phase": "moved", "x": 12, "y": 10 } },
            { "t": 0.300, "scroll": { "phase": "began", "x": 12, "y": 10, "type": "discrete", "delta": [0, -30] } },
            { "t": 0.300, "scroll": { "phase": "ended", "x": 12, "y": 10 } },
            { "t": 1.000, "hover": { "phase": "exited", "x": 12, "y": 10 } }
          ] }
        """

    @Test("R62, R78, R87, R279, R282: a click's end withheld by a double tap is timed across hover and scroll passes")
    func clickAmongHoverAndScroll() throws {
        let lines = try LatencyScenarioTests.latencyLines(Self.clickAmongHover)
        #expect(
            lines == [
                "H began at 0.000: no delay",
                "view V began 1 at 0.050: no delay",
                "H changed at 0.200: no delay",
                "view V ended 1 at 0.450: ready at 0.100, withheld 0.350 by D (delaysTouchesEnded)",
                "H ended at 1.000: no delay",
            ])
    }
}
