@testable import GestureArbiter
import Testing

/// `LatencyTracer` and `LatencyReport` (R122) on worlds built in code: chains of waits,
/// forwarding, and what the records keep.
@Suite struct LatencyTracerTests {
    /// A recognizes at touch-down and requires B; B begins at touch-down and requires C; C
    /// recognizes when the finger moves at 0.200 (A's delegate lets A run with C).
    private static func chainWorld() throws -> (TestWorld, LatencyTracer) {
        let world = TestWorld()
        let latency = LatencyTracer(next: world.tracer)
        world.environment.tracer = latency
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let log = Log()
        let a = world.attach(ScriptedRecognizer("A", log: log, script: [.began(1): .ended]), "A", to: view)
        let b = world.attach(ScriptedRecognizer("B", log: log, script: [.began(1): .began]), "B", to: view)
        let c = world.attach(ScriptedRecognizer("C", log: log, script: [.moved(1): .ended]), "C", to: view)
        let delegate = TestDelegate()
        delegate.simultaneousWith = ["C"]
        a.delegate = delegate
        world.retained.append(delegate)
        a.require(toFail: b)
        b.require(toFail: c)
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.2, 60, 50)
        try world.up(1, at: 0.3, 60, 50)
        try world.advance(to: 1)
        return (world, latency)
    }

    @Test("R54, R55, R56: a wait on a recognizer that was itself held carries that recognizer's wait")
    func chainOfWaits() throws {
        let (world, latency) = try Self.chainWorld()
        // B began at 0.000 and is held on C (R54); A recognized at 0.000 and is held on B (B is
        // active, R52). C recognizes at 0.200: B fails (R55), which releases A (R56).
        #expect(world.log.lines.contains("0.200 gesture A recognized"))
        let action = try #require(latency.records.first { $0.event == .action(recognizer: "A", state: .ended, isDiscrete: true) })
        #expect(action.readyAt == .zero)
        #expect(action.deliveredAt == Timestamp(seconds: 0.2))
        #expect(action.delay == .milliseconds(200))
        let wait = LatencyCause(recognizer: "C", reason: .failureRequirement, start: .zero, end: Timestamp(seconds: 0.2), causes: [])
        #expect(
            action.causes == [
                LatencyCause(recognizer: "B", reason: .failureRequirement, start: .zero, end: Timestamp(seconds: 0.2), causes: [wait])
            ])
        #expect(
            action.description
                == "A recognized at 0.200: ready at 0.000, waited 0.200 on B (require(toFail:)), B waited 0.200 on C (require(toFail:))")
    }

    @Test("R122: the tracer forwards every record to next, and a report from those records is the same")
    func forwardsAndAgreesWithList() throws {
        let (world, latency) = try Self.chainWorld()
        #expect(!world.records.isEmpty)
        // Three input passes (R76); the scripted recognizers start no timer.
        #expect(world.records.count { if case .passStarted = $0 { true } else { false } } == 3)
        #expect(LatencyReport(world.records).records == latency.records)
        #expect(latency.report.records == latency.records)
        #expect(latency.report.longestDelay == .milliseconds(200))
        #expect(latency.report.description == latency.records.map { "\($0)\n" }.joined())
        latency.removeAll()
        #expect(latency.records.isEmpty)
    }

    @Test("R122: records hold names and ids: they outlive the world, and the tracer keeps no engine object alive")
    func recordsKeepNoObjects() throws {
        weak var weakView: View?
        weak var weakRecognizer: GestureRecognizer?
        weak var weakEnvironment: GestureEnvironment?
        let latency = LatencyTracer()
        do {
            let environment = GestureEnvironment(scheduler: VirtualClock())
            let window = Window(width: 200, height: 200)
            environment.addWindow(window)
            let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            view.name = "V"
            window.addSubview(view)
            let tap = TapGestureRecognizer()
            tap.name = "T"
            tap.delaysTouchesBegan = true
            view.addGestureRecognizer(tap)
            environment.tracer = latency
            try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 10, y: 10)]))
            // Still down: the began is withheld when everything is dropped.
            weakView = view
            weakRecognizer = tap
            weakEnvironment = environment
        }
        #expect(weakEnvironment == nil)
        #expect(weakView == nil)
        #expect(weakRecognizer == nil)
        // Nothing was delivered or sent: no record, and the tracer still works on its own.
        #expect(latency.records.isEmpty)
        latency.record(.passStarted(.api, at: Timestamp(seconds: 1)))
        #expect(latency.records.isEmpty)
    }

    @Test("R61, R66, R122: a touch object reused for a new finger starts afresh")
    func reusedTouchStartsAfresh() throws {
        let world = TestWorld()
        let latency = LatencyTracer(next: world.tracer)
        world.environment.tracer = latency
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        tap.delaysTouchesBegan = true
        tap.cancelsTouchesInView = false
        // A tap (recognized at 0.080, R86: the withheld began is released at publish, R65, R69),
        // then a second finger, long after, whose began is withheld again from 1.000 to 1.080.
        try world.tap(1, at: 0, 50, 50)
        try world.tap(2, at: 1, 50, 50)
        #expect(
            latency.records.map(\.description) == [
                "T recognized at 0.080: no delay",
                "view V began 1 at 0.080: ready at 0.000, withheld 0.080 by T (delaysTouchesBegan)",
                "view V ended 1 at 0.080: no delay",
                "T recognized at 1.080: no delay",
                "view V began 2 at 1.080: ready at 1.000, withheld 0.080 by T (delaysTouchesBegan)",
                "view V ended 2 at 1.080: no delay",
            ])
    }

    @Test("R122: the descriptions of events, reasons and zero delays")
    func descriptions() {
        #expect(LatencyRecord.Event.delivery(view: "V", phase: .began, touchIDs: [1, 2]).description == "view V began 1,2")
        #expect(LatencyRecord.Event.action(recognizer: "P", state: .changed, isDiscrete: false).description == "P changed")
        #expect(LatencyRecord.Event.action(recognizer: "T", state: .ended, isDiscrete: true).description == "T recognized")
        #expect(LatencyCause.Reason.dynamicFailureRequirement(.shouldBeRequiredToFailBy).description == "shouldBeRequiredToFail(by:)")
        #expect(LatencyCause.Reason.touchOrder.description == "touch order")
        #expect(!LatencyCause.Reason.contentTouchDelay.isFailureRequirement)
        let late = LatencyRecord(
            event: .action(recognizer: "S", state: .ended, isDiscrete: true), readyAt: Timestamp(seconds: 0.5), deliveredAt: .zero,
            causes: [])
        // A record whose times are out of order counts as no delay.
        #expect(late.delay == .zero)
        #expect(late.description == "S recognized at 0.000: no delay")
        #expect(LatencyReport(records: []).longestDelay == .zero)
    }
}
