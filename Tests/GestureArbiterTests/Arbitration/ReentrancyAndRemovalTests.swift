@testable import GestureArbiter
import Testing

@Suite struct ReentrancyAndRemovalTests {
    /// V with tap T; W beside it; a pan P on the window that may recognize with T.
    static func world() -> (TestWorld, RecordingView, RecordingView, TapGestureRecognizer, PanGestureRecognizer) {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        let other = world.addView("W", Rect(x: 200, y: 0, width: 100, height: 100))
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        let pan = world.attach(PanGestureRecognizer(), "P", to: world.window)
        let delegate = TestDelegate()
        delegate.simultaneousWith = ["T"]
        pan.delegate = delegate
        world.retained.append(delegate)
        return (world, view, other, tap, pan)
    }

    @Test("R119: an action's changes apply after the pass, in call order, each as its own pass; input after them")
    func actionChanges() throws {
        let (world, _, _, tap, pan) = Self.world()
        var seenInAction: [String] = []
        tap.addAction { [unowned world] _ in
            try? world.environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.08),
                                                        touches: [TouchInput(id: 2, phase: .ended, x: 250, y: 50)]))
            pan.isEnabled = false
            seenInAction.append("pan enabled \(pan.isEnabled), state \(pan.state)")
            world.log.lines.append("action done")
        }
        try world.down(2, at: 0, 250, 50)
        try world.tap(1, at: 0, 50, 50)
        #expect(seenInAction == ["pan enabled false, state possible"])
        #expect(world.log.lines == [
            "0.000 touch 2 hit W", "0.000 view W began 2", "0.000 touch 1 hit V", "0.000 view V began 1",
            "0.080 gesture T recognized", "action done", "0.080 view V cancelled 1",
            "0.080 gesture P failed",
            "0.080 view W ended 2",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R119: a delegate that disables a recognizer while being asked takes effect after the pass")
    func delegateChange() throws {
        let (world, _, _, tap, pan) = Self.world()
        let delegate = TestDelegate()
        delegate.onShouldBegin = { pan.isEnabled = false }
        tap.delegate = delegate
        world.retained.append(delegate)
        try world.down(2, at: 0, 250, 50)
        try world.tap(1, at: 0, 50, 50)
        try world.up(2, at: 0.1, 250, 50)
        #expect(world.log.lines.filter { $0.contains("gesture") } == ["0.080 gesture T recognized", "0.080 gesture P failed"])
        #expect(world.environment.isIdle)
    }

    @Test("R119: a touch that a callback begins and ends is processed in call order")
    func callbackDispatchesATouch() throws {
        // Found by the property kit (seed 0x5EED2E27): the queued end ran before its began.
        let world = TestWorld()
        let pan = world.attach(PanGestureRecognizer(), "P", to: world.window)
        var dispatched = false
        pan.addAction { [unowned world] _ in
            guard !dispatched else { return }
            dispatched = true
            let environment = world.environment
            try? environment.dispatch(TouchEvent(timestamp: environment.now, touches: [TouchInput(id: 9, phase: .began, x: 10, y: 10)]))
            try? environment.dispatch(TouchEvent(timestamp: environment.now + .milliseconds(1),
                                                 touches: [TouchInput(id: 9, phase: .ended, x: 10, y: 10)]))
        }
        try world.down(1, at: 0, 80, 700)
        try world.move(1, at: 0.064, 100, 700)
        try world.up(1, at: 0.08, 100, 700)
        #expect(!world.records.contains { if case .deferredInputRejected = $0 { return true }; return false })
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R119, R117: input from a callback is checked for shape and time at once, for ids when it runs")
    func deferredInputErrors() throws {
        let (world, _, _, tap, _) = Self.world()
        var thrown: [DispatchError] = []
        tap.addAction { [unowned world] _ in
            do {
                try world.environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.01), touches: [TouchInput(id: 9, phase: .began, x: 1, y: 1)]))
            } catch let error as DispatchError { thrown.append(error) } catch {}
            try? world.environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.09), touches: [TouchInput(id: 7, phase: .ended, x: 1, y: 1)]))
        }
        try world.tap(1, at: 0, 50, 50)
        #expect(thrown == [.timeWentBackwards(now: Timestamp(seconds: 0.08), requested: Timestamp(seconds: 0.01))])
        #expect(world.records.contains { if case .deferredInputRejected(.unknownTouch(7)) = $0 { return true }; return false })
        #expect(world.environment.isIdle)
    }

    @Test("R120: a view removed while tracking gets touchesCancelled once and nothing after; later phases are accepted")
    func removedView() throws {
        let (world, _, other, _, pan) = Self.world()
        try world.down(2, at: 0, 250, 50)
        other.removeFromSuperview()
        try world.move(2, at: 0.05, 255, 50)
        try world.up(2, at: 0.1, 255, 50)
        #expect(world.log.lines == ["0.000 touch 2 hit W", "0.000 view W began 2", "0.000 view W cancelled 2", "0.100 gesture P failed"])
        #expect(pan.state == .possible)
        #expect(world.environment.isIdle)
    }

    @Test("R120, R119: a view removed by an action is cancelled when the pass ends, never before the pass's own deliveries")
    func removedByAction() throws {
        let (world, _, other, tap, _) = Self.world()
        tap.addAction { _ in other.removeFromSuperview() }
        try world.down(2, at: 0, 250, 50)
        try world.send(0.05, TouchInput(id: 1, phase: .began, x: 50, y: 50), TouchInput(id: 2, phase: .moved, x: 251, y: 50))
        try world.send(0.1, TouchInput(id: 1, phase: .ended, x: 50, y: 50), TouchInput(id: 2, phase: .moved, x: 252, y: 50))
        try world.up(2, at: 0.2, 252, 50)
        #expect(world.log.lines == [
            "0.000 touch 2 hit W", "0.000 view W began 2",
            "0.050 touch 1 hit V", "0.050 view V began 1", "0.050 view W moved 2",
            "0.100 gesture T recognized", "0.100 view V cancelled 1", "0.100 view W cancelled 2",
            "0.200 gesture P failed",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R120, R41: removing a view cancels the recognizers of its subtree and drops withheld touches silently")
    func removedSubtree() throws {
        let world = TestWorld()
        let container = world.addView("C", Rect(x: 0, y: 0, width: 200, height: 200))
        let inner = world.addView("I", Rect(x: 0, y: 0, width: 100, height: 100), to: container)
        let edgeLike = world.attach(TapGestureRecognizer(), "T", to: inner)
        edgeLike.delaysTouchesBegan = true
        let running = world.attach(ScriptedRecognizer("S", log: world.log, script: [.moved(1): .began]), "S", to: container)
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.02, 60, 50)
        world.log.lines.removeAll()
        container.removeFromSuperview()
        try world.up(1, at: 0.1, 60, 50)
        #expect(world.log.lines == ["0.020 gesture S cancelled", "S touchesCancelled 1"])
        #expect(running.state == .possible && edgeLike.state == .possible)
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R73: every touch a view saw begin gets exactly one end, across a gesture, a removal and a system cancel")
    func exactlyOneEnd() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
        view.isMultipleTouchEnabled = true
        world.attach(PanGestureRecognizer(), "P", to: view)
        try world.down(1, at: 0, 50, 50)
        try world.down(2, at: 0.01, 150, 50)
        try world.move(1, at: 0.02, 80, 50)
        try world.send(0.03, TouchInput(id: 2, phase: .cancelled, x: 150, y: 50))
        try world.up(1, at: 0.04, 80, 50)
        var ends: [Int: Int] = [:]
        for touch in view.seenTimestamps where touch.phase == .ended || touch.phase == .cancelled { ends[touch.id, default: 0] += 1 }
        let began = Set(view.seenTimestamps.filter { $0.phase == .began }.map(\.id))
        #expect(began == [1, 2])
        #expect(ends == [1: 1, 2: 1])
    }
}

@Suite struct TracingTests {
    @Test("R122: the tracer receives hit-tests, bindings and refusals with reasons, state changes with causes, actions and deliveries")
    func records() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        let single = world.attach(TapGestureRecognizer(), "S", to: view)
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        world.attach(double, "D", to: view)
        single.require(toFail: double)
        let off = world.attach(TapGestureRecognizer(), "off", to: view)
        off.isEnabled = false
        try world.tap(1, at: 0, 50, 50)
        try world.advance(to: 1)
        let lines = world.records.map(\.description)
        for expected in [
            "pass at 0.000: input", "touch 1 hit V (path window > V)", "S receives touch 1", "D receives touch 1",
            "off does not receive touch 1: disabled", "V began 1", "S possible -> ended: its own touch handling",
            "S held: requires D to fail", "touch 1 ended withheld by S, D", "pass at 0.430: timer", "D possible -> failed: its timer",
            "S released: the recognizers it requires to fail are no longer active", "S sends recognized",
            "S cancels 1 in the view (cancelsTouchesInView)", "V cancelled 1", "S reset to possible", "D reset to possible",
        ] {
            #expect(lines.contains(expected), "missing: \(expected)")
        }
    }

    @Test("R122: default hit-testing reports the views it skipped and why")
    func hitTestReasons() throws {
        let world = TestWorld()
        world.addView("hidden", Rect(x: 0, y: 0, width: 100, height: 100)).isHidden = true
        world.addView("faint", Rect(x: 0, y: 0, width: 100, height: 100)).alpha = 0
        world.addView("far", Rect(x: 300, y: 0, width: 50, height: 50))
        try world.tap(1, at: 0, 50, 50)
        let skipped = world.records.compactMap { record -> String? in
            if case let .hitTestSkipped(view, reason) = record { return "\(view.name!) \(reason)" }
            return nil
        }
        #expect(skipped == ["far outside", "faint transparent", "hidden hidden"])
    }

    @Test("R122: without a tracer the engine behaves the same")
    func noTracer() throws {
        func run(traced: Bool) throws -> [String] {
            let world = TestWorld()
            if !traced { world.environment.tracer = nil }
            let view = world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
            let double = TapGestureRecognizer()
            double.numberOfTapsRequired = 2
            world.attach(double, "D", to: view)
            try world.tap(1, at: 0, 50, 50)
            try world.tap(2, at: 0.2, 50, 50)
            return world.log.lines.filter { $0.contains("view") || $0.contains("recognized") }
        }
        #expect(try run(traced: true) == run(traced: false))
        #expect(try run(traced: false) == ["0.000 view V began 1", "0.280 gesture D recognized", "0.280 view V cancelled 1"])
    }

    @Test("R123: overlapping windows: the frontmost one that contains the touch gets it")
    func frontmostWindow() throws {
        let world = TestWorld(width: 400, height: 400)
        let popup = Window(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        popup.name = "popup"
        world.environment.addWindow(popup)
        try world.tap(1, at: 0, 150, 150)
        try world.tap(2, at: 1, 50, 50)
        world.environment.removeWindow(popup)
        try world.tap(3, at: 2, 150, 150)
        #expect(world.log.lines == ["0.000 touch 1 hit popup", "1.000 touch 2 hit window", "2.000 touch 3 hit window"])
    }
}
