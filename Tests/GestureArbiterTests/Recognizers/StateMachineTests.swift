@testable import GestureArbiter
import Testing

struct Transition: CustomTestStringConvertible, Sendable {
    let from: GestureRecognizer.State
    let requested: GestureRecognizer.State
    let result: GestureRecognizer.State?
    var testDescription: String { "\(from) asked \(requested) -> \(result.map(\.description) ?? "ignored")" }
}

@Suite struct StateMachineTests {
    @Test("R32: UIKit's normalisation of requested transitions", arguments: [
        Transition(from: .possible, requested: .possible, result: nil),
        Transition(from: .possible, requested: .began, result: .began),
        Transition(from: .possible, requested: .changed, result: .began),
        Transition(from: .possible, requested: .ended, result: .ended),
        Transition(from: .possible, requested: .cancelled, result: .failed),
        Transition(from: .possible, requested: .failed, result: .failed),
        Transition(from: .began, requested: .possible, result: nil),
        Transition(from: .began, requested: .began, result: .changed),
        Transition(from: .began, requested: .changed, result: .changed),
        Transition(from: .began, requested: .ended, result: .ended),
        Transition(from: .began, requested: .cancelled, result: .cancelled),
        Transition(from: .began, requested: .failed, result: .cancelled),
        Transition(from: .changed, requested: .possible, result: .changed),
        Transition(from: .changed, requested: .began, result: .changed),
        Transition(from: .changed, requested: .changed, result: .changed),
        Transition(from: .changed, requested: .ended, result: .ended),
        Transition(from: .changed, requested: .cancelled, result: .cancelled),
        Transition(from: .changed, requested: .failed, result: .cancelled),
        Transition(from: .ended, requested: .possible, result: nil),
        Transition(from: .ended, requested: .began, result: nil),
        Transition(from: .cancelled, requested: .changed, result: nil),
        Transition(from: .failed, requested: .ended, result: nil),
    ])
    func normalisation(_ row: Transition) {
        #expect(row.from.normalizedTransition(to: row.requested) == row.result)
    }

    @Test("R31: recognized is ended; finished states")
    func names() {
        #expect(GestureRecognizer.State.recognized == .ended)
        #expect([GestureRecognizer.State.ended, .cancelled, .failed].allSatisfy { $0.isFinished })
        #expect(![GestureRecognizer.State.possible, .began, .changed].contains { $0.isFinished })
    }

    /// Records the state that each `reset()` sees.
    final class ResetRecorder: GestureRecognizer {
        var statesSeenByReset: [State] = []
        override func reset() {
            super.reset()
            statesSeenByReset.append(state)
        }
    }

    @Test("R32, R39: a recognizer in no environment normalises a request, then resets at once, sending nothing", arguments: [
        (GestureRecognizer.State.began, GestureRecognizer.State?.some(.began)), (.changed, .began), (.ended, .ended),
        (.cancelled, .failed), (.failed, .failed), (.possible, nil),
    ])
    func requestInNoEnvironmentResetsAtOnce(_ requested: GestureRecognizer.State, _ normalised: GestureRecognizer.State?) {
        let recognizer = ResetRecorder()
        var actions = 0
        recognizer.addAction { _ in actions += 1 }
        // Its view in a window attached to no environment: still in no environment.
        let window = Window(width: 100, height: 100)
        let view = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(view)
        view.addGestureRecognizer(recognizer)
        recognizer.state = requested
        #expect(recognizer.state == .possible)
        #expect(recognizer.statesSeenByReset == (normalised.map { [$0] } ?? []))
        #expect(actions == 0)
    }

    /// A delegate that removes the recognizer's window when asked whether it may begin, and
    /// with `readds` attaches it again at once (the attempt is then cancelled and reset, and a
    /// new one may start).
    final class WindowRemovingDelegate: GestureRecognizerDelegate {
        let environment: GestureEnvironment
        let window: Window
        let readds: Bool
        init(environment: GestureEnvironment, window: Window, readds: Bool = false) {
            self.environment = environment
            self.window = window
            self.readds = readds
        }
        func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
            environment.removeWindow(window)
            if readds { environment.addWindow(window) }
            return true
        }
    }

    @Test("R33, R39, R119: a delegate that removes the window while asked about beginning leaves the recognizer reset, and it works in its next environment (a fuzzer's find)", arguments: [GestureRecognizer.State.ended, .began])
    func delegateRemovesWindowWhileAsked(_ requested: GestureRecognizer.State) throws {
        let world = TestWorld()
        let recognizer = ResetRecorder()
        var actions = 0
        recognizer.addAction { _ in actions += 1 }
        let delegate = WindowRemovingDelegate(environment: world.environment, window: world.window)
        recognizer.delegate = delegate
        world.window.addGestureRecognizer(recognizer)
        recognizer.state = requested  // from outside any pass: the delegate is asked first (R33)
        #expect(world.environment.windows.isEmpty)
        #expect(recognizer.state == .possible)
        #expect(recognizer.statesSeenByReset == [requested])
        #expect(actions == 0)
        // In a new environment it is not stuck finished: it takes touches again (R24, R39).
        recognizer.delegate = nil
        let next = GestureEnvironment(scheduler: VirtualClock())
        next.addWindow(world.window)
        try next.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 10, y: 10)]))
        #expect(recognizer.numberOfTouches == 1)
    }

    /// A delegate that makes its pan ignore every live touch when asked whether it may begin.
    final class IgnoringDelegate: GestureRecognizerDelegate {
        let environment: GestureEnvironment
        init(environment: GestureEnvironment) { self.environment = environment }
        func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
            for touch in environment.touches { gestureRecognizer.ignore(touch, for: nil) }
            return true
        }
    }

    @Test("R26, R33, R100: a delegate that ignores the pan's only touch while asked about beginning fails it; the began asked for is dropped and nothing is left running (a fuzzer's find)")
    func ignoreFromShouldBegin() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
        let pan = PanGestureRecognizer()
        var actions: [GestureRecognizer.State] = []
        pan.addAction { actions.append($0.state) }
        let delegate = IgnoringDelegate(environment: world.environment)
        pan.delegate = delegate
        world.attach(pan, "P", to: view)
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.05, 120, 50)  // past the hysteresis: the pan asks to begin (R94, R33)
        // Ignoring its last finger fails a pan that has not begun (R26, R100); that change stands.
        #expect(world.transitions(of: pan).first?.hasPrefix("possible -> failed") == true, "\(world.transitions(of: pan))")
        #expect(actions.isEmpty)
        try world.up(1, at: 0.1, 120, 50)
        try world.advance(to: 2)
        #expect(pan.state == .possible)
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    /// A recognizer whose state only its host sets.
    final class HostDriven: GestureRecognizer {}

    @Test("R33, R39, R41: a began asked for an attempt that the delegate ended (removing and re-adding the window) is dropped, though the state reads possible again")
    func beganForAnEndedAttemptIsDropped() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
        let recognizer = world.attach(HostDriven(), "H", to: view)
        var actions: [GestureRecognizer.State] = []
        recognizer.addAction { actions.append($0.state) }
        let delegate = WindowRemovingDelegate(environment: world.environment, window: world.window, readds: true)
        recognizer.delegate = delegate
        try world.down(1, at: 0, 50, 50)
        #expect(recognizer.numberOfTouches == 1)
        // The host asks for began (R33). The delegate's removal cancels the touch's attempt and
        // resets the recognizer (R41, R39) before it answers: possible again, but a new attempt.
        recognizer.state = .began
        #expect(recognizer.state == .possible)
        #expect(actions.isEmpty)
        #expect(recognizer.numberOfTouches == 0)
        #expect(world.window.environment === world.environment)
        // Nothing is left running: the began was not carried into the new attempt. (The removal
        // left touch 1 live for the host, which ends it.)
        try world.up(1, at: 0.5, 50, 50)
        try world.advance(to: 1)
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
        #expect(actions.isEmpty)
    }

    @Test("R39, R24: a recognizer set to recognized while in no environment takes touches once its window is attached")
    func recognizerFinishedInNoEnvironmentStillWorks() throws {
        let world = TestWorld()
        let view = RecordingView(frame: Rect(x: 0, y: 0, width: 200, height: 200), log: world.log, clock: world.clock)
        view.name = "V"
        let tap = TapGestureRecognizer()
        world.attach(tap, "T", to: view)
        tap.state = .recognized
        #expect(tap.state == .possible)
        world.window.addSubview(view)
        try world.tap(1, at: 0, 50, 50)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.080 gesture T recognized", "0.080 view V cancelled 1",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("Defaults of the generic flags (R24, R61, R62, R67, R29)")
    func flagDefaults() {
        let recognizer = GestureRecognizer()
        #expect(recognizer.isEnabled && recognizer.cancelsTouchesInView && !recognizer.delaysTouchesBegan)
        #expect(recognizer.delaysTouchesEnded && recognizer.requiresExclusiveTouchType)
        #expect(DelayedTouchesBeganGestureRecognizer().delaysTouchesBegan)
    }

    @Test("GestureDefaults carry the documented values (R88-R90, R94, R97, R107, R108, R113)")
    func defaults() {
        #expect(GestureDefaults.maximumIntervalBetweenSuccessiveTaps == .milliseconds(350))
        #expect(GestureDefaults.maximumTapDuration == .milliseconds(1500))
        #expect(GestureDefaults.tapAllowableMovement == 45)
        #expect(GestureDefaults.panHysteresis == 10)
        #expect(GestureDefaults.panVelocityLatestWeight == 0.2)
        #expect(GestureDefaults.panMinimumVelocitySampleInterval == .milliseconds(1))
        #expect(GestureDefaults.edgePanEdgeRegion == 13)
        #expect(GestureDefaults.edgePanHysteresis == 15)
        #expect(GestureDefaults.edgePanAngleWindowDegrees == 155)
        #expect(GestureDefaults.edgePanMaximumJump == 100)
        #expect(GestureDefaults.contentTouchDelay == .milliseconds(150))
        #expect(GestureDefaults.contentTouchDelayMovement == 10)
        let tap = TapGestureRecognizer()
        #expect(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1)
        #expect(tap.maximumIntervalBetweenSuccessiveTaps == GestureDefaults.maximumIntervalBetweenSuccessiveTaps)
        let pan = PanGestureRecognizer()
        #expect(pan.minimumNumberOfTouches == 1 && pan.maximumNumberOfTouches == Int.max && pan.hysteresis == 10)
        #expect(DelayedTouchesBeganGestureRecognizer().delay == .milliseconds(150))
    }
}
