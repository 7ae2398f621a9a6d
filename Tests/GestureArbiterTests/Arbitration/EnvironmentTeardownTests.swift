@testable import GestureArbiter
import Testing

/// An environment freed mid-gesture ends the gesture as removing each of its windows would
/// (R120): every touch a view saw begin gets exactly one end (R73), recognizers are cancelled and
/// reset (R39, R41), and the user code run meanwhile cannot keep the environment.
@Suite struct EnvironmentTeardownTests {
    /// Two windows side by side: in the back one, V (a running pan that leaves V its touches),
    /// W (a delayed-touches recognizer withholding a touch) and X (a double tap withholding an
    /// end); in the front one, Y.
    final class Scene {
        let log = Log()
        let clock = VirtualClock()
        let back = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let front = Window(frame: Rect(x: 400, y: 0, width: 400, height: 800))
        let views: [String: RecordingView]
        let pan = PanGestureRecognizer()
        let delayed = DelayedTouchesBeganGestureRecognizer()
        let doubleTap = TapGestureRecognizer()
        var panStates: [String] = []

        init() {
            var views: [String: RecordingView] = [:]
            for (name, frame, window) in [
                ("V", Rect(x: 0, y: 0, width: 200, height: 200), back), ("W", Rect(x: 200, y: 0, width: 200, height: 200), back),
                ("X", Rect(x: 0, y: 200, width: 200, height: 200), back), ("Y", Rect(x: 0, y: 0, width: 200, height: 200), front),
            ] {
                let view = RecordingView(frame: frame, log: log, clock: clock)
                view.name = name
                view.isMultipleTouchEnabled = true
                window.addSubview(view)
                views[name] = view
            }
            self.views = views
            pan.cancelsTouchesInView = false
            views["V"]!.addGestureRecognizer(pan)
            views["W"]!.addGestureRecognizer(delayed)
            doubleTap.numberOfTapsRequired = 2
            views["X"]!.addGestureRecognizer(doubleTap)
            pan.addAction { [unowned self] pan in panStates.append("\(clock.now) \(pan.state)") }
        }

        /// Attaches both windows to a new environment and leaves a gesture in flight at 0.1 s;
        /// the environment is freed on return.
        func runAndDropEnvironment() throws {
            let environment = GestureEnvironment(scheduler: clock)
            environment.addWindow(back)
            environment.addWindow(front)
            func send(_ seconds: Double, _ touches: TouchInput...) throws {
                try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: seconds), touches: touches))
            }
            try send(0, TouchInput(id: 1, phase: .began, x: 50, y: 50))
            try send(0.01, TouchInput(id: 2, phase: .began, x: 80, y: 50))
            try send(0.03, TouchInput(id: 1, phase: .moved, x: 70, y: 50), TouchInput(id: 2, phase: .moved, x: 100, y: 50))
            try send(0.04, TouchInput(id: 3, phase: .began, x: 250, y: 50))
            try send(0.05, TouchInput(id: 5, phase: .began, x: 50, y: 250))
            try send(0.06, TouchInput(id: 6, phase: .began, x: 450, y: 50))
            try send(0.1, TouchInput(id: 5, phase: .ended, x: 50, y: 250))
        }
    }

    @Test("R120, R73, R79: freeing the environment mid-gesture cancels, once, every touch each view saw begin, back window first")
    func freeingTheEnvironmentCancelsEveryDeliveredTouch() throws {
        let scene = Scene()
        try scene.runAndDropEnvironment()
        #expect(scene.log.lines == [
            "0.000 view V began 1", "0.010 view V began 2", "0.030 view V moved 1,2",
            "0.050 view X began 5", "0.060 view Y began 6",
            // Teardown: V's and X's (touch 5 ended, its end withheld by the double tap, R62);
            // W never saw touch 3 (withheld, then dropped); then the front window's.
            "0.100 view V cancelled 1,2", "0.100 view X cancelled 5", "0.100 view Y cancelled 6",
        ])
        // The running pan sent cancelled (R41); every recognizer is reset (R39).
        #expect(scene.panStates == ["0.030 began", "0.100 cancelled"])
        for recognizer in [scene.pan, scene.delayed, scene.doubleTap] as [GestureRecognizer] {
            #expect(recognizer.state == .possible)
            #expect(recognizer.numberOfTouches == 0)
            #expect(!recognizer.hasPendingTimer)
        }
        #expect(scene.back.environment == nil && scene.front.environment == nil)
    }

    @Test("R120, R39: after the environment went away, its windows work in a new one")
    func windowsGoOnInANewEnvironment() throws {
        let scene = Scene()
        try scene.runAndDropEnvironment()
        scene.log.lines.removeAll()
        let environment = GestureEnvironment(scheduler: scene.clock)
        environment.addWindow(scene.back)
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 1), touches: [TouchInput(id: 1, phase: .began, x: 50, y: 50)]))
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 1.05), touches: [TouchInput(id: 1, phase: .ended, x: 50, y: 50)]))
        #expect(scene.log.lines == ["1.000 view V began 1", "1.050 view V ended 1"])
        #expect(environment.isIdle, "\(environment.busyReasons)")
    }

    /// A view whose touchesCancelled does what a user's might while the environment goes away.
    final class MeddlingView: View {
        var seen: [String] = []
        var keptEnvironment: GestureEnvironment?
        var sibling: View?
        var otherWindow: Window?
        var detachedRecognizer: GestureRecognizer?

        override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
            // Whatever reaches for the environment gets nil: nothing can keep it.
            keptEnvironment = window?.environment
            seen.append("environment \(keptEnvironment == nil ? "nil" : "set")")
            seen.append("all touches \(event?.allTouches.ids ?? [])")
            sibling?.removeFromSuperview()
            if let otherWindow {
                let newEnvironment = GestureEnvironment()
                newEnvironment.addWindow(otherWindow)
                keptEnvironment = newEnvironment
            }
            detachedRecognizer?.state = .ended
            seen.append("recognizer \(detachedRecognizer?.state.description ?? "-")")
            super.touchesCancelled(touches, with: event)  // forwards to the application (R9, R10)
        }
    }

    /// The application's delegate, at the end of the responder chain.
    final class AppDelegate: Responder {
        var cancelled: [Int] = []
        override func touchesCancelled(_ touches: TouchSet, with event: Event?) { cancelled += touches.ids }
    }

    @Test("R120, R119, R9: callbacks run by the teardown cannot keep the environment; they may change the tree; forwarding still reaches the application")
    func teardownCallbacksAreSafe() throws {
        let window = Window(width: 400, height: 400)
        let meddler = MeddlingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        meddler.isMultipleTouchEnabled = true
        let sibling = RecordingView(frame: Rect(x: 200, y: 0, width: 200, height: 200), log: Log(), clock: VirtualClock())
        sibling.name = "S"
        window.addSubview(meddler)
        window.addSubview(sibling)
        meddler.sibling = sibling
        let otherWindow = Window(width: 100, height: 100)
        meddler.otherWindow = otherWindow
        let detached = TapGestureRecognizer()
        meddler.detachedRecognizer = detached
        let appDelegate = AppDelegate()
        do {
            let application = Application()
            application.delegate = appDelegate
            let environment = GestureEnvironment(application: application)
            environment.addWindow(window)
            try environment.dispatch(TouchEvent(timestamp: .zero, touches: [
                TouchInput(id: 2, phase: .began, x: 50, y: 50), TouchInput(id: 1, phase: .began, x: 60, y: 50),
                TouchInput(id: 3, phase: .began, x: 250, y: 50),
            ]))
        }
        #expect(meddler.seen == ["environment nil", "all touches [1, 2, 3]", "recognizer possible"])
        #expect(appDelegate.cancelled == [1, 2])
        // The sibling, removed by the callback before its turn, still got its one end.
        let siblingLines = sibling.log.lines
        #expect(siblingLines == ["0.000 view S began 3", "0.000 view S cancelled 3"])
        #expect(sibling.superview == nil)
        // The window moved to another environment by the callback stays there.
        #expect(otherWindow.environment === meddler.keptEnvironment)
        #expect(window.environment == nil)
    }

    /// A recognizer whose `reset()`, the first time it runs, moves its window to `next` and
    /// lands a finger there: what a host's recognizer may do while an environment goes away.
    final class MovingRecognizer: GestureRecognizer {
        var next: GestureEnvironment?
        var thrown: [any Error] = []

        override func reset() {
            guard let next, let window = view?.window else { return }
            self.next = nil
            next.addWindow(window)
            do {
                try next.dispatch(TouchEvent(timestamp: Timestamp(seconds: 1), touches: [TouchInput(id: 1, phase: .began, x: 50, y: 50)]))
            } catch {
                thrown.append(error)
            }
        }
    }

    @Test("R39, R61, R120: a recognizer reset by an environment going away belongs to no other until it has reset; a hold always has a holder (fuzz: operations, seed 777)")
    func recognizerResetDuringTeardownJoinsTheNewEnvironmentOnlyAfterwards() throws {
        let clock = VirtualClock()
        let window = Window(width: 400, height: 400)
        let view = RecordingView(frame: Rect(x: 0, y: 0, width: 200, height: 200), log: Log(), clock: clock)
        view.name = "V"
        window.addSubview(view)
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        pan.delaysTouchesBegan = true
        view.addGestureRecognizer(pan)
        let mover = MovingRecognizer()
        view.addGestureRecognizer(mover)
        let next = GestureEnvironment(scheduler: clock)
        mover.next = next
        do {
            let first = GestureEnvironment(scheduler: clock)
            first.addWindow(window)
            try first.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 50, y: 50)]))
        }
        #expect(mover.thrown.isEmpty)
        #expect(window.environment === next)
        try next.dispatch(TouchEvent(timestamp: Timestamp(seconds: 1.1), touches: [TouchInput(id: 1, phase: .ended, x: 50, y: 50)]))
        // In the first environment the pan withheld touch 1's began (R61), so the teardown
        // discarded it (R120: V never saw it). In the next one the pan took the new touch 1 and
        // withheld its began; it failed at the lift and released it with its end (R65, R66).
        #expect(next.isIdle, "\(next.busyReasons)")
        #expect(view.log.lines == ["1.100 view V began 1", "1.100 view V ended 1"])
    }
}
