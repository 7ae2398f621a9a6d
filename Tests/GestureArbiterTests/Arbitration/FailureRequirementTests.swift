@testable import GestureArbiter
import Testing

/// Subclass-level dynamic requirements (R53).
final class WaitsForEveryTap: ScriptedRecognizerBase {
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { other is TapGestureRecognizer }
}

final class RequiredByEveryone: TapGestureRecognizer {
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { true }
}

struct RequirementSourceCase: CustomTestStringConvertible, Sendable {
    let source: String
    var testDescription: String { source }
}

@Suite struct FailureRequirementTests {
    /// View V with single S and double D taps.
    static func taps(_ world: TestWorld, single: TapGestureRecognizer = TapGestureRecognizer()) -> (TapGestureRecognizer, TapGestureRecognizer) {
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        world.attach(single, "S", to: view)
        world.attach(double, "D", to: view)
        return (single, double)
    }

    @Test("R51, R54, R56: a single tap waits for the double tap to fail, then recognizes")
    func waitsThenRecognizes() throws {
        let world = TestWorld()
        let (single, double) = Self.taps(world)
        single.require(toFail: double)
        try world.tap(1, at: 0, 50, 50, duration: 0.1)
        try world.advance(to: 1)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.450 gesture D failed", "0.450 gesture S recognized", "0.450 view V cancelled 1",
        ])
        #expect(world.environment.isIdle)
    }

    @Test("R55, R60: when the double tap recognizes, the waiting single tap fails; it never saw the second touch")
    func failsOnRecognition() throws {
        let world = TestWorld()
        let (single, double) = Self.taps(world)
        single.require(toFail: double)
        try world.tap(1, at: 0, 50, 50)
        try world.tap(2, at: 0.2, 52, 50)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.200 touch 2 hit V", "0.280 gesture S failed",
            "0.280 gesture D recognized", "0.280 view V cancelled 1",
        ])
        #expect(!world.records.contains { if case let .touchBound(touch, recognizer) = $0 { return touch.id == 2 && recognizer === single }; return false })
    }

    @Test("R51: require(toFail: self) is ignored; duplicates are kept once")
    func selfRequirement() {
        let tap = TapGestureRecognizer()
        let other = TapGestureRecognizer()
        tap.require(toFail: tap)
        tap.require(toFail: other)
        tap.require(toFail: other)
        #expect(tap.requiredToFail.count == 1 && tap.requiredToFail[0] === other)
    }

    @Test("R52: a required recognizer that is not tracking the sequence does not block")
    func notTrackingDoesNotBlock() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        let elsewhere = world.addView("W", Rect(x: 200, y: 0, width: 100, height: 100))
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        let far = world.attach(TapGestureRecognizer(), "far", to: elsewhere)
        tap.require(toFail: far)
        try world.tap(1, at: 0, 50, 50)
        #expect(world.log.lines.contains("0.080 gesture T recognized"))
    }

    @Test("R53: a dynamic requirement from each of the four sources holds the single tap", arguments: [
        RequirementSourceCase(source: "delegate shouldRequireFailureOf"),
        RequirementSourceCase(source: "delegate shouldBeRequiredToFailBy"),
        RequirementSourceCase(source: "shouldRequireFailure(of:)"),
        RequirementSourceCase(source: "shouldBeRequiredToFail(by:)"),
    ])
    func dynamic(_ row: RequirementSourceCase) throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let single: GestureRecognizer
        let double: TapGestureRecognizer
        let delegate = TestDelegate()
        switch row.source {
        case "shouldRequireFailure(of:)":
            single = WaitsForEveryTap("S", onEnded: .ended)
            double = TapGestureRecognizer()
        case "shouldBeRequiredToFail(by:)":
            single = TapGestureRecognizer()
            double = RequiredByEveryone()
        default:
            single = TapGestureRecognizer()
            double = TapGestureRecognizer()
        }
        double.numberOfTapsRequired = 2
        world.attach(single, "S", to: view)
        world.attach(double, "D", to: view)
        if row.source == "delegate shouldRequireFailureOf" {
            delegate.requireFailureOf = ["D"]
            single.delegate = delegate
        } else if row.source == "delegate shouldBeRequiredToFailBy" {
            delegate.requiredToFailBy = ["S"]
            double.delegate = delegate
        }
        try world.tap(1, at: 0, 50, 50, duration: 0.1)
        try world.advance(to: 1)
        #expect(world.log.lines.filter { $0.contains("gesture") } == ["0.450 gesture D failed", "0.450 gesture S recognized"])
        #expect(world.records.contains { if case let .dynamicRequirement(_, _, source) = $0 { return source.rawValue == row.source }; return false })
    }

    @Test("R53: dynamic requirements last one attempt")
    func dynamicLapses() throws {
        let world = TestWorld()
        let (single, _) = Self.taps(world)
        let delegate = TestDelegate()
        delegate.requireFailureOf = ["D"]
        single.delegate = delegate
        try world.tap(1, at: 0, 50, 50, duration: 0.1)
        try world.advance(to: 1)
        delegate.requireFailureOf = []
        try world.tap(2, at: 2, 50, 50, duration: 0.1)
        #expect(world.log.lines.filter { $0.contains("gesture") } == [
            "0.450 gesture D failed", "0.450 gesture S recognized", "2.100 gesture S recognized",
        ])
        try world.advance(to: 3)
    }

    @Test("R53, R54, R56: a recognizer that already asked its dynamic requirements asks again for one that joins the sequence later")
    func dynamicRequirementOnNewcomer() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
        let child = world.addView("C", Rect(x: 200, y: 200, width: 100, height: 100), to: view)
        view.isMultipleTouchEnabled = true
        // W waits for every tap (R53) and for R (R51); it asks when it first tries to begin, at
        // the move of 0.02 s, when no tap is in the sequence yet.
        let waiting = world.attach(WaitsForEveryTap("W", onEnded: .ended, onMoved: .began), "W", to: view)
        let required = world.attach(ScriptedRecognizer("R", log: Log(), script: [.timer: .failed]), "R", to: view)
        required.timerDelay = .milliseconds(300)
        waiting.require(toFail: required)
        let tap = world.attach(TapGestureRecognizer(), "T", to: child)
        tap.maximumTapDuration = .milliseconds(500)
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.02, 60, 50)
        // The tap joins with the second finger and stays possible until its duration runs out at
        // 0.6 s. R fails at 0.3 s, but W still waits for the tap, which it asked about as it
        // joined; it begins when the tap fails.
        try world.down(2, at: 0.1, 250, 250)
        try world.advance(to: 0.65)
        try world.up(2, at: 0.7, 250, 250)
        try world.up(1, at: 0.72, 60, 50)
        #expect(world.log.lines.filter { $0.contains("gesture") } == [
            "0.300 gesture R failed", "0.600 gesture T failed", "0.600 gesture W began", "0.700 gesture W ended",
        ])
        #expect(world.records.contains {
            if case let .dynamicRequirement(recognizer, other, _) = $0 { return recognizer === waiting && other === tap }
            return false
        })
        #expect(world.environment.isIdle)
    }

    @Test("R56: a continuous recognizer released late sends began then ended")
    func continuousReleasedLate() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let waiting = world.attach(ScriptedRecognizer("W", log: Log(), script: [.moved(1): .began, .ended(1): .ended]), "W", to: view)
        let required = world.attach(ScriptedRecognizer("R", log: Log(), script: [.timer: .failed]), "R", to: view)
        required.timerDelay = .milliseconds(300)
        waiting.require(toFail: required)
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.1, 70, 50)
        try world.up(1, at: 0.2, 70, 50)
        #expect(waiting.state == .ended && waiting.arbitration.isHeld)
        try world.advance(to: 1)
        #expect(world.log.lines.filter { $0.contains("gesture") } == ["0.300 gesture R failed", "0.300 gesture W began", "0.300 gesture W ended"])
    }

    @Test("R57: a possible recognizer with an unmet requirement keeps processing and can fail on its own")
    func possibleKeepsGoing() throws {
        let world = TestWorld()
        let (single, double) = Self.taps(world)
        single.require(toFail: double)
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.05, 150, 50)
        try world.up(1, at: 0.1, 150, 50)
        try world.advance(to: 1)
        #expect(world.log.lines.filter { $0.contains("gesture") } == ["0.050 gesture S failed", "0.050 gesture D failed"])
    }

    @Test("R58: a tap does not wait for a tap with more taps on its own")
    func noImplicitWait() throws {
        let world = TestWorld()
        _ = Self.taps(world)
        try world.tap(1, at: 0, 50, 50)
        #expect(world.log.lines.contains("0.080 gesture S recognized"))
        try world.advance(to: 1)
    }

    @Test("R59, R121: a requirement cycle resolves by processing order and is listed and traced")
    func cycle() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let first = world.attach(ScriptedRecognizer("A", log: Log(), script: [.ended(1): .ended]), "A", to: view)
        let second = world.attach(ScriptedRecognizer("B", log: Log(), script: [.ended(1): .ended]), "B", to: view)
        first.require(toFail: second)
        second.require(toFail: first)
        let cycles = world.environment.failureRequirementCycles()
        #expect(cycles.count == 1)
        #expect(cycles.first?.recognizers.map(\.name) == ["A", "B"])
        #expect(cycles.first?.exampleCycle.map(\.name) == ["A", "B"])
        // The second requirement closed the cycle: it is traced from the recognizer that added it.
        let traced = world.records.compactMap { record -> [String?]? in
            if case let .requirementCycle(cycle) = record { return cycle.map(\.name) }
            return nil
        }
        #expect(traced == [["B", "A"]])
        try world.tap(1, at: 0, 50, 50)
        #expect(world.log.lines.filter { $0.contains("gesture") } == ["0.080 gesture B failed", "0.080 gesture A recognized"])
        #expect(world.environment.isIdle)
    }

    @Test("R39, R51: a requirement that a reset() override adds holds up a finished recognizer in the same step 7")
    func requirementAddedByResetBlocksLaterReset() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        // A fails at touch-down and, when reset, makes B require C; B recognizes at touch-down;
        // C stays possible while the finger is down and fails when it lifts.
        let linker = world.attach(LinksRequirementOnReset(), "A", to: view)
        let dependent = world.attach(ScriptedRecognizer("B", log: world.log, script: [.began(1): .ended]), "B", to: view)
        let requirement = world.attach(ScriptedRecognizer("C", log: world.log, script: [.ended(1): .failed]), "C", to: view)
        let delegate = TestDelegate()
        delegate.simultaneousWith = ["A", "B", "C"]
        world.retained.append(delegate)
        for recognizer in [linker, dependent, requirement] as [GestureRecognizer] { recognizer.delegate = delegate }
        linker.link = (dependent, requirement)

        try world.down(1, at: 0, 50, 50)
        // A reset first (it comes first in the list) and linked B to C, which is still active:
        // B, finished, waits for C (R39) instead of resetting in the same loop.
        #expect(dependent.requiredToFail.count == 1 && dependent.requiredToFail[0] === requirement)
        #expect(linker.state == .possible)
        #expect(dependent.state == .ended)
        #expect(world.records.contains {
            if case let .resetBlocked(recognizer, by) = $0 { return recognizer === dependent && by.count == 1 && by[0] === requirement }
            return false
        })
        try world.up(1, at: 0.1, 50, 50)
        // C fails and resets, and B after it.
        #expect(requirement.state == .possible && dependent.state == .possible)
        #expect(world.log.lines.filter { $0.contains("gesture") } == ["0.000 gesture A failed", "0.000 gesture B recognized", "0.100 gesture C failed"])
        #expect(world.environment.isIdle)
    }
}

/// Fails at its first touch; its `reset()` makes one recognizer require another, once (R39).
final class LinksRequirementOnReset: GestureRecognizer {
    var link: (dependent: GestureRecognizer, requirement: GestureRecognizer)?

    override func touchesBegan(_ touches: TouchSet, with event: Event) { state = .failed }

    override func reset() {
        super.reset()
        if let link {
            self.link = nil
            link.dependent.require(toFail: link.requirement)
        }
    }
}
