import GestureArbiter
import GestureArbiterTesting
import Testing

@Suite struct ScrollViewInvariantPropertyTests {
    static let cases: [InvariantCase] = [
        InvariantCase(invariant: .scrollTakesNoContentTouch, seed: 0x5EED_000A),
    ]

    @Test("R235, R241, R67: the scroll view invariant holds on 2,000 generated scenarios", arguments: cases)
    func invariantHolds(_ row: InvariantCase) {
        row.holds()
    }

    /// A list SV (content 400 x 2400, scrolls vertically) with a plain view P in its content, and
    /// one touch on P that `moves` (time, y) and lifts at `lift`.
    static func observation(moves: [(Double, Double)], lift: Double) -> ScenarioObservation {
        var scenario = Scenario(name: "a list")
        scenario.windowSize = Size(width: 400, height: 800)
        var list = Scenario.ViewSpec(id: "SV", parent: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        list.type = .scrollView
        list.scroll.contentSize = Size(width: 400, height: 2400)
        scenario.views = [list, Scenario.ViewSpec(id: "P", parent: "SV", frame: Rect(x: 40, y: 200, width: 200, height: 60))]
        var input = [Scenario.InputEntry(t: 0, action: .touches([Scenario.TouchSpec(id: 1, phase: .began, x: 100, y: 230)]))]
        var y = 230.0
        for (time, next) in moves {
            y = next
            input.append(Scenario.InputEntry(t: time, action: .touches([Scenario.TouchSpec(id: 1, phase: .moved, x: 100, y: y)])))
        }
        input.append(Scenario.InputEntry(t: lift, action: .touches([Scenario.TouchSpec(id: 1, phase: .ended, x: 100, y: y)])))
        input.append(Scenario.InputEntry(t: lift + 1, action: .idle))
        scenario.input = input
        return observe(scenario)
    }

    @Test("R240, R241, R67: a drag of 18 pt at 0.1 s scrolls before the delay runs out: P never logs a began, and the invariant holds")
    func quickDragPasses() {
        let observation = Self.observation(moves: [(0.1, 212), (0.2, 190)], lift: 0.3)
        #expect(observation.log.contains("0.100 gesture SV.pan began"))
        #expect(!observation.log.contains { $0.contains("view P began") })
        #expect(ScenarioInvariant.scrollTakesNoContentTouch.check(observation) == [])
    }

    @Test("R235, R241: a drag after the delay ran out scrolls and cancels P's touch: P saw the began first, and the invariant holds")
    func lateDragPasses() {
        let observation = Self.observation(moves: [(0.25, 212)], lift: 0.35)
        #expect(observation.log.contains("0.150 view P began 1"))
        #expect(observation.log.contains("0.250 view P cancelled 1"))
        #expect(ScenarioInvariant.scrollTakesNoContentTouch.check(observation) == [])
    }

    @Test("R241, R67: the invariant reports a content began after a scroll that took the touch before the delay ran out")
    func reportsABeganAfterAnEarlyScroll() {
        var observation = Self.observation(moves: [(0.1, 212), (0.2, 190)], lift: 0.3)
        observation.log.append("0.300 view P began 1")
        #expect(ScenarioInvariant.scrollTakesNoContentTouch.check(observation) == [
            "0.300 P got the began of touch 1, which SV.pan took at 0.100 (R241, R67)"
        ])
    }

    @Test("R274, R244, R241: a touch that came down while a trackpad scroll drove the pan is not the pan's: its began reaching the view after the pan caught the decelerating view is not reported")
    func touchDuringAScrollIsNotThePans() throws {
        // The long property run's case (seed 0x10000028, case 28929), shrunk: SV (content no
        // larger than it, decelerating) is scrolled by a trackpad from 0 to 0.112; touch 3 comes
        // down on it at 0.075, which the scroll-driven pan refuses (R274) and the delay withholds
        // (R235). The scroll ends and the pan fails (R274) and resets. Finger 1000 at 0.188
        // catches the decelerating view (R244): the pan begins with 1000 alone, excludes the
        // delay, and 3's began, never the pan's, reaches SV (R241 and R67 cancel only its own).
        let scenario = try ScenarioParser.parse(#"""
            { "name": "a touch during a scroll", "window": { "width": 400, "height": 800 },
              "views": [ { "id": "SV", "type": "scrollView", "parent": "window", "frame": [230, 70, 170, 650], "multipleTouchEnabled": true, "contentSize": [170, 650], "decelerating": true } ],
              "input": [ { "t": 0, "scroll": { "phase": "began", "x": 373, "y": 650, "type": "continuous" } },
                         { "t": 0.075, "touches": [ { "id": 3, "phase": "began", "x": 340, "y": 500 } ] },
                         { "t": 0.112, "scroll": { "phase": "ended", "x": 373, "y": 650 } },
                         { "t": 0.188, "touches": [ { "id": 1000, "phase": "began", "x": 370, "y": 650 } ] },
                         { "t": 0.235, "touches": [ { "id": 3, "phase": "ended", "x": 340, "y": 500 } ] },
                         { "t": 0.238, "touches": [ { "id": 1000, "phase": "ended", "x": 370, "y": 650 } ] },
                         { "t": 1, "idle": true } ] }
            """#)
        let run = try ScenarioRunner.run(scenario)
        #expect(run.log == [
            "0.075 touch 3 hit SV", "0.112 gesture SV.pan failed", "0.188 touch 1000 hit SV", "0.188 gesture SV.delay failed",
            "0.188 gesture SV.pan began", "0.188 view SV began 3", "0.235 view SV ended 3", "0.238 gesture SV.pan ended",
        ])
        var observation = observe(scenario)
        #expect(observation.log == run.log)
        #expect(ScenarioInvariant.scrollTakesNoContentTouch.check(observation) == [])
        // Without the scroll, touch 3 would have been the pan's: the same log is reported.
        observation.scenario.input.removeAll { if case .scroll = $0.action { return true } else { return false } }
        #expect(ScenarioInvariant.scrollTakesNoContentTouch.check(observation) == [
            "0.188 SV got the began of touch 3, which SV.pan took at 0.188 (R241, R67)"
        ])
    }

    @Test("R266, R235, R241: a click the scroll pan refuses by touch type while it tracks a finger is not the pan's: its began reaching the view when the pan begins is not reported")
    func clickRefusedByTouchTypeIsNotThePans() throws {
        // The long property run's case (seed 0x10000028, case 146775), shrunk: finger 1 on SV;
        // the delay recognizes at 0.15 when touchesShouldBegin says no (R236); the click 1003 at
        // 0.525 is refused by the pan, which tracks a finger (R266), and withheld by the delay.
        // Finger 1 drags at 0.6: the pan begins, excludes the delay, and 1003's began reaches SV.
        let scenario = try ScenarioParser.parse(#"""
            { "name": "a click during a drag", "window": { "width": 400, "height": 800 },
              "views": [ { "id": "SV", "type": "scrollView", "parent": "window", "frame": [110, 360, 290, 440], "contentSize": [780, 1280], "touchesShouldBegin": false } ],
              "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 150, "y": 690 } ] },
                         { "t": 0.525, "touches": [ { "id": 1003, "phase": "began", "x": 330, "y": 450, "type": "indirectPointer" } ] },
                         { "t": 0.6, "touches": [ { "id": 1, "phase": "moved", "x": 200, "y": 710 } ] },
                         { "t": 0.7, "touches": [ { "id": 1, "phase": "ended", "x": 160, "y": 690 } ] },
                         { "t": 0.725, "touches": [ { "id": 1003, "phase": "ended", "x": 330, "y": 450 } ] },
                         { "t": 2, "idle": true } ] }
            """#)
        var observation = observe(scenario)
        #expect(observation.log.contains("0.600 gesture SV.pan began"))
        #expect(observation.log.contains("0.600 view SV began 1003"))
        #expect(ScenarioInvariant.scrollTakesNoContentTouch.check(observation) == [])
        // Were 1003 a finger, the pan would have taken it: the same log is reported.
        observation.scenario.input = scenario.input.map { entry in
            guard case var .touches(touches) = entry.action else { return entry }
            for index in touches.indices { touches[index].type = .direct }
            return Scenario.InputEntry(t: entry.t, action: .touches(touches))
        }
        #expect(ScenarioInvariant.scrollTakesNoContentTouch.check(observation) == [
            "0.600 SV got the began of touch 1003, which SV.pan took at 0.600 (R241, R67)"
        ])
    }

    @Test("R230-R256: the generators make scroll views of each kind, and name their built-in recognizers in requirements")
    func generatorsMakeScrollViews() {
        let generator = Generator<Scenario>.scenarios()
        var scrollViews = 0, vertical = 0, horizontal = 0, neither = 0, noDelay = 0, builtInRequirements = 0
        var panLines = 0
        for index in 0..<600 {
            var random = SeededGenerator(seed: SeededGenerator.caseSeed(0x5C_2011, index: index))
            let scenario = generator.generate(&random)
            for view in scenario.views where view.type == .scrollView {
                scrollViews += 1
                let size = view.scroll.contentSize
                if size.height > view.frame.height { vertical += 1 }
                if size.width > view.frame.width { horizontal += 1 }
                if size == view.frame.size { neither += 1 }
                if !view.scroll.delaysContentTouches { noDelay += 1 }
            }
            let builtIns = Set(scenario.builtInGestureIDs)
            builtInRequirements += scenario.gestures.filter { !builtIns.isDisjoint(with: $0.requireToFail) }.count
            if !builtIns.isEmpty {
                panLines += observe(scenario).log.filter { $0.contains(".pan began") }.count
            }
        }
        #expect(scrollViews > 100)
        #expect(vertical > 20 && horizontal > 20 && neither > 10 && noDelay > 10)
        #expect(builtInRequirements > 5)
        #expect(panLines > 10, "generated input scrolls some scroll views")
    }
}
