@testable import GestureArbiter
import Testing

/// A recognizer whose state a callback of a window's removal sets from outside joins the window's
/// sequence after the removal has cancelled the others. The removal cancels it too before the
/// window leaves (a published began gets its cancelled action, R37, R41), and it keeps no
/// reference to the environment: freeing the environment and then setting its state again is safe
/// (found by the operations fuzz target: the recognizer wrote into the freed environment).
@Suite struct WindowRemovalJoinTests {
    /// A recognizer driven only from outside, as a host's own recognizer may be.
    final class HostDriven: GestureRecognizer {}

    @Test("R37, R39, R41: a recognizer set to began from a removal callback is cancelled with the window and outlives the environment safely")
    func recognizerJoiningDuringRemovalIsCancelledWithTheWindow() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let first = HostDriven()
        let second = HostDriven()
        window.addGestureRecognizer(first)
        window.addGestureRecognizer(second)
        var environment: GestureEnvironment? = GestureEnvironment(scheduler: VirtualClock())
        environment?.addWindow(window)
        var firstActions: [GestureRecognizer.State] = []
        var secondActions: [GestureRecognizer.State] = []
        first.addAction { recognizer in
            firstActions.append(recognizer.state)
            // The removal cancels `first`; its handler starts `second` by hand.
            if recognizer.state == .cancelled { second.state = .began }
        }
        second.addAction { recognizer in secondActions.append(recognizer.state) }
        // Set from outside, `first` joins the window's sequence and publishes (R39 reading).
        first.state = .began
        #expect(firstActions == [.began])
        environment?.removeWindow(window)
        #expect(firstActions == [.began, .cancelled])
        // `second` joined and published its began; the removal cancels it before the window goes.
        #expect(secondActions == [.began, .cancelled])
        #expect(second.state == .possible)
        #expect(second.currentTime == nil)
        #expect(window.environment == nil)
        #expect(environment?.isIdle == true)
        environment = nil
        // In no environment, a state set from outside ends the attempt at once (R39); it must not
        // reach the freed environment (AddressSanitizer, in CI, checks the memory).
        second.state = .began
        #expect(second.state == .possible)
        second.state = .cancelled
        #expect(second.state == .possible)
        #expect(secondActions == [.began, .cancelled])
    }

    @Test("R37, R41: removal callbacks that start the next recognizer on every cancellation are cut off after a bounded number of passes")
    func removalCallbacksStartingMoreAreBounded() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let limit = GestureEnvironment.removalPassLimit
        // Later in the window's order each: one started from an action is published in that pass.
        let chain = (0...limit + 1).map { _ in HostDriven() }
        for recognizer in chain { window.addGestureRecognizer(recognizer) }
        var environment: GestureEnvironment? = GestureEnvironment(scheduler: VirtualClock())
        environment?.addWindow(window)
        var log: [String] = []
        for (index, recognizer) in chain.enumerated() {
            // Each action starts the next recognizer, held weakly (the chain owns the actions).
            weak let next = index + 1 < chain.count ? chain[index + 1] : nil
            recognizer.addAction { recognizer in
                log.append("\(index) \(recognizer.state)")
                if recognizer.state == .cancelled { next?.state = .began }
            }
        }
        chain[0].state = .began
        environment?.removeWindow(window)
        // Pass k cancels recognizer k, whose handler starts k + 1. After the last pass the one
        // just started is reset without an action: the window is gone (the documented cut-off).
        var expected = ["0 began"]
        for index in 0..<limit { expected += ["\(index) cancelled", "\(index + 1) began"] }
        #expect(log == expected)
        #expect(chain.allSatisfy { $0.state == .possible })
        #expect(window.environment == nil)
        environment = nil
        for recognizer in chain { recognizer.state = .began }
        #expect(chain.allSatisfy { $0.state == .possible })
        #expect(log == expected)
    }
}
