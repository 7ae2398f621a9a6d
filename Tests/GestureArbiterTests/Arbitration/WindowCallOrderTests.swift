@testable import GestureArbiter
import Testing

/// `addWindow` and `removeWindow` called from a callback are applied after the pass, in the order
/// of the calls (R119), like every other change a callback makes.
@Suite struct WindowCallOrderTests {
    @Test("R119, R120: removeWindow then addWindow of its own window from an action leaves it attached; its touches were cancelled")
    func removeThenAddLeavesTheWindowAttached() throws {
        let world = TestWorld()
        world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        world.addView("W", Rect(x: 200, y: 0, width: 200, height: 200))
        let tap = world.attach(TapGestureRecognizer(), "T", to: world.window.subviews[0])
        var calls = 0
        tap.addAction { [unowned world] _ in
            calls += 1
            guard calls == 1 else { return }
            world.environment.removeWindow(world.window)
            world.environment.addWindow(world.window)
        }
        try world.down(2, at: 0, 250, 50)
        try world.tap(1, at: 0.01, 50, 50)
        #expect(world.environment.windows.map(ObjectIdentifier.init) == [ObjectIdentifier(world.window)])
        #expect(world.window.environment === world.environment)
        try world.up(2, at: 0.5, 250, 50)
        // The window takes touches again.
        try world.tap(3, at: 1, 50, 50)
        #expect(world.log.lines == [
            "0.000 touch 2 hit W", "0.000 view W began 2", "0.010 touch 1 hit V", "0.010 view V began 1",
            "0.090 gesture T recognized", "0.090 view V cancelled 1",
            // The removal, after the pass: W's touch is cancelled (touch 2 stays live for the
            // host; its end reaches no one).
            "0.090 view W cancelled 2",
            "1.000 touch 3 hit V", "1.000 view V began 3", "1.080 gesture T recognized", "1.080 view V cancelled 3",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R119: addWindow then removeWindow of a new window from an action leaves it detached; addWindow alone attaches it after the pass")
    func addThenRemoveLeavesTheWindowDetached() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        let addedAndRemoved = Window(frame: Rect(x: 400, y: 0, width: 100, height: 100))
        let added = Window(frame: Rect(x: 500, y: 0, width: 100, height: 100))
        var windowsInAction: [Int] = []
        tap.addAction { [unowned world] _ in
            let environment = world.environment
            environment.addWindow(addedAndRemoved)
            environment.addWindow(added)
            environment.removeWindow(addedAndRemoved)
            windowsInAction.append(environment.windows.count)
        }
        try world.tap(1, at: 0, 50, 50)
        #expect(windowsInAction == [1])
        #expect(world.environment.windows.map(ObjectIdentifier.init) == [ObjectIdentifier(world.window), ObjectIdentifier(added)])
        #expect(addedAndRemoved.environment == nil)
        #expect(added.environment === world.environment)
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R119: a window moved into another environment from an action is listed in both until the pass ends, then only in the new one, which takes its touches")
    func windowMovedToAnotherEnvironmentFromAnAction() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        let other = GestureEnvironment(scheduler: VirtualClock())
        var listedDuringAction: [Int] = []
        var recognizedIn: [String] = []
        tap.addAction { [unowned world, unowned other] tap in
            recognizedIn.append(tap.view?.window?.environment === other ? "other" : "first")
            guard recognizedIn.count == 1 else { return }
            other.addWindow(world.window)
            listedDuringAction = [world.environment.windows.count, other.windows.count]
        }
        try world.tap(1, at: 0, 50, 50)
        // Inside the action: the move is immediate for `other`; the first environment detaches
        // the window when its pass has finished (R119).
        #expect(listedDuringAction == [1, 1])
        #expect(world.environment.windows.isEmpty)
        #expect(other.windows.map(ObjectIdentifier.init) == [ObjectIdentifier(world.window)])
        #expect(world.window.environment === other)
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
        // The window takes touches in its new environment only.
        try other.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 50, y: 50)]))
        try other.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.05), touches: [TouchInput(id: 1, phase: .ended, x: 50, y: 50)]))
        #expect(recognizedIn == ["first", "other"])
        #expect(other.isIdle, "\(other.busyReasons)")
        // A touch given to the first environment finds no window there: it is refused with
        // noWindow and changes nothing (R1, R117).
        #expect(throws: DispatchError.noWindow(2)) { try world.down(2, at: 1, 50, 50) }
        #expect(world.environment.touches.isEmpty)
        #expect(!world.log.lines.contains { $0.hasSuffix("view V began 2") })
        #expect(recognizedIn == ["first", "other"])
    }
}
