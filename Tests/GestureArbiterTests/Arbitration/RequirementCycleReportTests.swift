import Testing

@testable import GestureArbiter

/// The cycle report of ``GestureEnvironment/failureRequirementCycles()`` and the tracer's cycle
/// record (R59, R121), and complete requirement graphs, where every recognizer requires every
/// other to fail, from 4 to 256 recognizers (R51-R60).
@Suite struct RequirementCycleReportTests {
    /// `count` single taps on one view, named T0, T1, ... in the order added, each requiring every
    /// other to fail, added row by row (T0's requirements first).
    static func completeGraph(_ world: TestWorld, count: Int) -> [TapGestureRecognizer] {
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let taps = (0..<count).map { world.attach(TapGestureRecognizer(), "T\($0)", to: view) }
        for tap in taps {
            for other in taps where other !== tap { tap.require(toFail: other) }
        }
        return taps
    }

    static func names(_ recognizers: [GestureRecognizer]) -> [String] {
        recognizers.map { $0.name ?? "?" }
    }

    @Test("R121, R134: a complete requirement graph of 12 recognizers is reported as one group, with a two-member example cycle")
    func completeGraphOfTwelveIsOneGroup() {
        let world = TestWorld()
        let taps = Self.completeGraph(world, count: 12)
        let groups = world.environment.failureRequirementCycles()
        #expect(groups.count == 1)
        #expect(groups.first.map { Self.names($0.recognizers) } == Self.names(taps))
        // T0 requires T1 first, and T1 requires T0: the shortest way back.
        #expect(groups.first.map { Self.names($0.exampleCycle) } == ["T0", "T1"])
    }

    @Test("R121: separate cycles are separate groups, in tree order of their first member; recognizers on no cycle are left out")
    func groupsAreOrderedByFirstMember() {
        let world = TestWorld()
        let outer = world.addView("Outer", Rect(x: 0, y: 0, width: 300, height: 300))
        let inner = world.addView("Inner", Rect(x: 0, y: 0, width: 100, height: 100), to: outer)
        let side = world.addView("Side", Rect(x: 0, y: 300, width: 100, height: 100))
        // Tree order: Outer's A, B; Inner's C, D; Side's E, F.
        let a = world.attach(TapGestureRecognizer(), "A", to: outer)
        let b = world.attach(TapGestureRecognizer(), "B", to: outer)
        let c = world.attach(TapGestureRecognizer(), "C", to: inner)
        let d = world.attach(TapGestureRecognizer(), "D", to: inner)
        let e = world.attach(TapGestureRecognizer(), "E", to: side)
        let f = world.attach(TapGestureRecognizer(), "F", to: side)
        // A three-cycle E -> B -> D -> E, added first; then C <-> F; A only points into a cycle.
        e.require(toFail: b)
        b.require(toFail: d)
        d.require(toFail: e)
        f.require(toFail: c)
        c.require(toFail: f)
        a.require(toFail: b)
        let groups = world.environment.failureRequirementCycles()
        #expect(groups.map { Self.names($0.recognizers) } == [["B", "D", "E"], ["C", "F"]])
        #expect(groups.map { Self.names($0.exampleCycle) } == [["B", "D", "E"], ["C", "F"]])
    }

    @Test("R121, R134: the example cycle is a shortest cycle through the group's first member")
    func exampleCycleIsShortest() {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let r = (0..<5).map { world.attach(TapGestureRecognizer(), "G\($0)", to: view) }
        // G0 -> G1 -> G2 -> G3 -> G0 (long way, added first) and G0 -> G4 -> G0 (short way).
        r[0].require(toFail: r[1])
        r[1].require(toFail: r[2])
        r[2].require(toFail: r[3])
        r[3].require(toFail: r[0])
        r[0].require(toFail: r[4])
        r[4].require(toFail: r[0])
        let groups = world.environment.failureRequirementCycles()
        #expect(groups.map { Self.names($0.recognizers) } == [["G0", "G1", "G2", "G3", "G4"]])
        #expect(groups.map { Self.names($0.exampleCycle) } == [["G0", "G4"]])
    }

    @Test("R121: requirements on recognizers outside the attached windows make no group")
    func detachedRecognizersAreLeftOut() {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let attached = world.attach(TapGestureRecognizer(), "A", to: view)
        let loose = TapGestureRecognizer()
        loose.name = "L"
        attached.require(toFail: loose)
        loose.require(toFail: attached)
        #expect(world.environment.failureRequirementCycles().isEmpty)
        // Once attached, the cycle is there.
        view.addGestureRecognizer(loose)
        #expect(world.environment.failureRequirementCycles().map { Self.names($0.recognizers) } == [["A", "L"]])
    }

    @Test("R121, R134: a cycle of 20,000 recognizers in a view tree 2,000 deep is reported without recursion")
    func longCycleInDeepTree() {
        let world = TestWorld()
        var parent: View = world.window
        var recognizers: [GestureRecognizer] = []
        for depth in 0..<2_000 {
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            parent.addSubview(view)
            parent = view
            for index in 0..<10 {
                let recognizer = GestureRecognizer()
                recognizer.name = "R\(depth * 10 + index)"
                view.addGestureRecognizer(recognizer)
                recognizers.append(recognizer)
            }
        }
        // Each requires the next, the last the first: one cycle through all of them.
        for (index, recognizer) in recognizers.enumerated() {
            recognizer.require(toFail: recognizers[(index + 1) % recognizers.count])
        }
        let groups = world.environment.failureRequirementCycles()
        #expect(groups.count == 1)
        #expect(groups.first?.recognizers.count == 20_000)
        #expect(groups.first?.exampleCycle.count == 20_000)
        #expect(groups.first.map { $0.exampleCycle.elementsEqual(recognizers, by: ===) } == true)
    }

    @Test("R59, R121: the tracer hears of each requirement that closes a cycle, once, from the recognizer that added it")
    func tracerHearsOfClosingEdgesOnly() {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let a = world.attach(TapGestureRecognizer(), "A", to: view)
        let b = world.attach(TapGestureRecognizer(), "B", to: view)
        let c = world.attach(TapGestureRecognizer(), "C", to: view)
        a.require(toFail: b)  // no cycle
        b.require(toFail: c)  // no cycle
        c.require(toFail: a)  // closes C -> A -> B -> C
        b.require(toFail: a)  // closes B -> A -> B
        c.require(toFail: b)  // closes C -> B -> C
        let traced = world.records.compactMap { record -> [String]? in
            if case let .requirementCycle(cycle) = record { return Self.names(cycle) }
            return nil
        }
        #expect(traced == [["C", "A", "B"], ["B", "A"], ["C", "B"]])
    }

    @Test(
        "R51, R55, R59, R121: in a complete requirement graph the first tap in processing order recognizes and every other fails because it did",
        arguments: [4, 16, 64, 256]
    )
    func completeGraphTap(count: Int) throws {
        let world = TestWorld()
        let taps = Self.completeGraph(world, count: count)
        let groups = world.environment.failureRequirementCycles()
        #expect(groups.count == 1)
        #expect(groups.first?.recognizers.count == count)
        #expect(groups.first.map { $0.recognizers.elementsEqual(taps, by: ===) } == true)

        try world.tap(1, at: 0, 50, 50)
        try world.advance(to: 1)
        // R28: on one view the recognizer added first comes first in processing order. All of
        // them recognize at the lift; none is held, since none of its requirements is still
        // active (R52, R54); T0 commits first, so every other one requires a recognizer that
        // recognized and fails (R55), and only T0's action is sent.
        let actions = world.log.lines.filter { $0.contains("gesture") && !$0.hasSuffix("failed") }
        #expect(actions == ["0.080 gesture T0 recognized"])
        let failedBecauseOfFirst = world.records.filter { record in
            guard case let .stateChanged(_, .ended, .failed, .requiredRecognizerSucceeded(other)) = record else { return false }
            return other === taps[0]
        }
        #expect(failedBecauseOfFirst.count == count - 1)
        #expect(taps.dropFirst().allSatisfy { world.transitions(of: $0) == ["possible -> ended (its own touch handling)", "ended -> failed (T0, which it requires to fail, began or recognized)"] })
        #expect(world.environment.isIdle)
    }
}
