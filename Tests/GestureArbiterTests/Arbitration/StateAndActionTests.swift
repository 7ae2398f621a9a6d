@testable import GestureArbiter
import Testing

@Suite struct StateAndActionTests {
    @Test("R34, R35: actions run in the order added with state equal to the state sent; none for failed")
    func actions() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let recognizer = ScriptedRecognizer("A", log: Log(), script: [.began(1): .began, .moved(1): .changed, .ended(1): .ended])
        view.addGestureRecognizer(recognizer)
        var calls: [String] = []
        let first = recognizer.addAction { calls.append("first \($0.state)") }
        recognizer.addAction { calls.append("second \($0.state)") }
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.1, 60, 50)
        recognizer.removeAction(first)
        try world.up(1, at: 0.2, 60, 50)
        #expect(calls == ["first began", "second began", "first changed", "second changed", "second ended"])
    }

    @Test("R37, R119: a running pan that its own began or changed action cancels sends its cancelled action after the pass, then resets",
          arguments: [GestureRecognizer.State.began, .changed])
    func actionThatFinishesItsRecognizerStillSendsTheAction(_ trigger: GestureRecognizer.State) throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let pan = world.attach(PanGestureRecognizer(), "P", to: view)
        pan.addAction { pan in
            if pan.state == trigger { pan.state = .cancelled }
        }
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.02, 70, 50)
        try world.move(1, at: 0.04, 80, 50)
        // Reset after its cancelled action: the rest of the touch no longer reaches it (R27).
        try world.move(1, at: 0.06, 90, 50)
        try world.up(1, at: 0.08, 90, 50)
        let sent = trigger == .began
            ? ["0.020 gesture P cancelled"]
            : ["0.040 gesture P changed", "0.040 gesture P cancelled"]
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1",
            "0.020 gesture P began", "0.020 view V cancelled 1",
        ] + sent)
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R34: an action that removes itself while it runs finishes, and is not called again")
    func actionRemovesItself() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let recognizer = ScriptedRecognizer("A", log: Log(), script: [.began(1): .began, .moved(1): .changed, .ended(1): .ended])
        view.addGestureRecognizer(recognizer)
        var calls: [String] = []
        var handle: ActionHandle?
        // The only action: the engine lends it for the call, so removing it must not free it
        // under its own feet.
        handle = recognizer.addAction { [weak recognizer] sent in
            calls.append("only \(sent.state)")
            if let handle, let recognizer { recognizer.removeAction(handle) }
            calls.append("still running")
        }
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.1, 60, 50)
        try world.up(1, at: 0.2, 60, 50)
        #expect(calls == ["only began", "still running"])
        #expect(world.environment.isIdle)
    }

    @Test("R34: with several actions, one removed by an earlier action during a send still runs in that send, not after")
    func actionRemovesAnother() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let recognizer = ScriptedRecognizer("A", log: Log(), script: [.began(1): .began, .moved(1): .changed, .ended(1): .ended])
        view.addGestureRecognizer(recognizer)
        var calls: [String] = []
        var second: ActionHandle?
        recognizer.addAction { sent in
            calls.append("first \(sent.state)")
            if let second { sent.removeAction(second) }
            second = nil
        }
        second = recognizer.addAction { calls.append("second \($0.state)") }
        recognizer.addAction { sent in
            calls.append("third \(sent.state)")
            // Added during a send: runs from the next one.
            if sent.state == .began { sent.addAction { calls.append("fourth \($0.state)") } }
        }
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.1, 60, 50)
        #expect(calls == ["first began", "second began", "third began", "first changed", "third changed", "fourth changed"])
    }

    @Test("R36: after began, every pass with touches sends changed, even with no state set; R37: ended once")
    func changedActions() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        view.isMultipleTouchEnabled = true
        let recognizer = ScriptedRecognizer("A", log: Log(), script: [.began(1): .began, .ended(1): .ended])
        world.attach(recognizer, "A", to: view)
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.1, 60, 50)
        try world.down(2, at: 0.15, 70, 50)
        try world.up(2, at: 0.18, 70, 50)
        recognizer.addAction { recognizer in
            // R32, R37: after ended, requests are ignored, so no second terminal action.
            if recognizer.state == .ended { recognizer.state = .cancelled }
        }
        try world.up(1, at: 0.2, 60, 50)
        #expect(world.log.lines.filter { $0.contains("gesture") } == [
            "0.000 gesture A began", "0.100 gesture A changed", "0.150 gesture A changed", "0.180 gesture A changed",
            "0.200 gesture A ended",
        ])
    }

    @Test("R13, R33: leaving possible asks the hit-test view, then the delegate; a no fails it")
    func shouldBegin() throws {
        let world = TestWorld()
        let parent = world.addView("P", Rect(x: 0, y: 0, width: 300, height: 300))
        let child = world.addView("C", Rect(x: 0, y: 0, width: 100, height: 100), to: parent)
        let vetoedByView = ScriptedRecognizer("byView", log: Log(), script: [.ended(1): .ended])
        let vetoedByDelegate = ScriptedRecognizer("byDelegate", log: Log(), script: [.ended(1): .ended])
        let delegate = TestDelegate()
        delegate.shouldBegin = false
        vetoedByDelegate.delegate = delegate
        world.attach(vetoedByView, "byView", to: parent)
        world.attach(vetoedByDelegate, "byDelegate", to: parent)
        child.shouldBeginAnswers = ["byView": false]
        try world.tap(1, at: 0, 50, 50)
        #expect(world.transitions(of: vetoedByView) == ["possible -> failed (C.gestureRecognizerShouldBegin answered false)"])
        #expect(world.transitions(of: vetoedByDelegate) == ["possible -> failed (delegate gestureRecognizerShouldBegin answered false)"])
        #expect(world.log.lines == [
            "0.000 touch 1 hit C", "0.000 view C began 1", "0.080 gesture byView failed", "0.080 gesture byDelegate failed",
            "0.080 view C ended 1",
        ])
    }

    @Test("R13: the view is not asked when cancelsTouchesInView is off")
    func viewNotAsked() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        view.shouldBeginAnswers = ["T": false]
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        tap.cancelsTouchesInView = false
        try world.tap(1, at: 0, 50, 50)
        #expect(world.log.lines == ["0.000 touch 1 hit V", "0.000 view V began 1", "0.080 gesture T recognized", "0.080 view V ended 1"])
    }

    @Test("R38, R54: a held recognizer's state shows began or ended while it sends nothing")
    func heldStateVisible() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        let waiting = world.attach(ScriptedRecognizer("W", log: Log(), script: [.ended(1): .ended]), "W", to: view)
        let required = world.attach(ScriptedRecognizer("R", log: Log(), script: [.timer: .failed]), "R", to: view)
        required.timerDelay = .milliseconds(500)
        waiting.require(toFail: required)
        try world.tap(1, at: 0, 50, 50)
        #expect(waiting.state == .ended)
        #expect(waiting.arbitration.isHeld)
        #expect(!world.log.lines.contains { $0.contains("gesture W") })
        try world.advance(to: 1)
        #expect(world.log.lines.suffix(3) == ["0.500 gesture R failed", "0.500 gesture W recognized", "0.500 view V cancelled 1"])
        #expect(waiting.state == .possible)
        #expect(world.environment.isIdle)
    }

    @Test("R39: a finished recognizer linked to an active one waits to reset and takes no new touch")
    func blockedFromReset() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        view.isMultipleTouchEnabled = true
        let quitter = world.attach(ScriptedRecognizer("Q", log: world.log, script: [.began(1): .failed]), "Q", to: view)
        let other = world.attach(ScriptedRecognizer("O", log: Log(), script: [.ended(2): .ended]), "O", to: view)
        quitter.require(toFail: other)
        try world.down(1, at: 0, 50, 50)
        #expect(quitter.state == .failed, "waiting to reset while O is active")
        try world.down(2, at: 0.1, 60, 50)
        try world.up(2, at: 0.2, 60, 50)
        #expect(quitter.state == .possible)
        #expect(world.log.lines.filter { $0.hasPrefix("Q ") } == ["Q touchesBegan 1"])
        #expect(world.records.contains { if case .resetBlocked(let r, _) = $0 { return r === quitter }; return false })
        try world.up(1, at: 0.3, 50, 50)
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R40: disabling mid-gesture: possible fails; running cancels with an action; both get touchesCancelled and reset")
    func disable() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        let possible = world.attach(ScriptedRecognizer("A", log: world.log), "A", to: view)
        let running = world.attach(ScriptedRecognizer("B", log: world.log, script: [.moved(1): .began]), "B", to: view)
        let delegate = TestDelegate()
        delegate.simultaneousWith = ["A", "B"]
        possible.delegate = delegate
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.1, 60, 50)
        world.log.lines.removeAll()
        try world.advance(to: 0.15)
        possible.isEnabled = false
        running.isEnabled = false
        try world.move(1, at: 0.2, 70, 50)
        try world.up(1, at: 0.3, 70, 50)
        #expect(world.log.lines == [
            "0.150 gesture A failed", "A touchesCancelled 1",
            "0.150 gesture B cancelled", "B touchesCancelled 1",
        ])
        #expect(possible.state == .possible && running.state == .possible)
        possible.isEnabled = true
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R41: removing a tracking recognizer from its view cancels it like disabling")
    func removal() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        let running = world.attach(ScriptedRecognizer("B", log: world.log, script: [.moved(1): .began]), "B", to: view)
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.1, 60, 50)
        view.removeGestureRecognizer(running)
        try world.up(1, at: 0.3, 60, 50)
        #expect(world.log.lines.suffix(3) == ["0.100 view V cancelled 1", "0.100 gesture B cancelled", "B touchesCancelled 1"])
        #expect(running.view == nil)
        #expect(world.environment.isIdle)
    }
}
