@testable import GestureArbiter
import Testing

// Every public object kept past the life of its window and environment, and every public
// reference read on it. Run under AddressSanitizer (Scripts/test-asan.sh) these tests fail on any
// read of freed memory; without it they still check the defined results (nil, empty, no-op).

/// A view that keeps what its touch callbacks receive, as a user might.
private final class KeepingView: View {
    var keptEvent: Event?
    var keptTouches: TouchSet = TouchSet()

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        keptEvent = event
        keptTouches = touches
    }
}

/// A recognizer that keeps the event of its first callback and starts a timer at touch-down.
private final class KeepingRecognizer: GestureRecognizer {
    var keptEvent: Event?
    var timerFirings = 0

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        keptEvent = event
        startTimer(after: .milliseconds(500))
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        // Restart: the first timer is cancelled and a new one scheduled.
        cancelTimer()
        startTimer(after: .milliseconds(500))
    }

    override func timerDidFire() { timerFirings += 1 }
}

/// What a user kept of a scene whose window and environment are gone.
private struct Kept {
    var event: Event
    var recognizerEvent: Event
    var touch: Touch
    var view: KeepingView
    var recognizer: KeepingRecognizer
    var controller: ViewController
    var controllerView: View
}

/// A window with a controller's root view, a container and a keeping view with a recognizer; one
/// finger down on it (the gesture left in flight). Only what `Kept` names survives the call.
private func runSceneAndKeepParts(scheduler: any Scheduler = VirtualClock()) throws -> Kept {
    let environment = GestureEnvironment(scheduler: scheduler)
    let window = Window(width: 400, height: 400)
    environment.addWindow(window)
    let controllerView = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let controller = ViewController(view: controllerView)
    window.addSubview(controllerView)
    let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    controllerView.addSubview(container)
    let view = KeepingView(frame: Rect(x: 10, y: 10, width: 100, height: 100))
    container.addSubview(view)
    let recognizer = KeepingRecognizer()
    recognizer.delaysTouchesEnded = false
    view.addGestureRecognizer(recognizer)
    try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 20, y: 20)]))
    let event = try #require(view.keptEvent)
    let touch = try #require(view.keptTouches.first)
    #expect(event.window === window)
    #expect(event.allTouches.count == 1)
    #expect(recognizer.hasPendingTimer)
    // The touch owns its view (R1): the view keeping the touch too would be a cycle.
    view.keptTouches = TouchSet()
    return Kept(
        event: event, recognizerEvent: try #require(recognizer.keptEvent), touch: touch, view: view,
        recognizer: recognizer, controller: controller, controllerView: controllerView)
}

/// A view whose `point(inside:with:)` runs an action the first time it is asked.
private final class MeddlingView: View {
    var meddle: (() -> Void)?
    /// The touch phases the view received.
    var keptPhases: [TouchPhase] = []

    override func touchesBegan(_ touches: TouchSet, with event: Event?) { keptPhases.append(.began) }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { keptPhases.append(.moved) }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { keptPhases.append(.ended) }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { keptPhases.append(.cancelled) }

    override func point(inside point: Point, with event: Event?) -> Bool {
        if let meddle {
            self.meddle = nil
            meddle()
        }
        return super.point(inside: point, with: event)
    }
}

/// A recognizer that, when its timer fires, detaches itself from its view and fails: with no other
/// reference, it goes away once the engine lets go of it.
private final class SelfRemovingRecognizer: GestureRecognizer {
    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        startTimer(after: .milliseconds(100))
    }

    override func timerDidFire() {
        view?.removeGestureRecognizer(self)
        state = .failed
    }
}

/// A host's own scheduler that keeps every closure it is given, cancelled or not, so that a test
/// can call one late, as a faulty host would.
private final class HoardingScheduler: Scheduler {
    let inner = VirtualClock()
    private(set) var actions: [() -> Void] = []
    private(set) var cancelled: [TimerHandle] = []
    var now: Timestamp { inner.now }
    var nextDeadline: Timestamp? { inner.nextDeadline }
    func schedule(at deadline: Timestamp, _ action: @escaping () -> Void) -> TimerHandle {
        actions.append(action)
        return inner.schedule(at: deadline, action)
    }
    func cancel(_ handle: TimerHandle) {
        cancelled.append(handle)
        inner.cancel(handle)
    }
    func advance(to time: Timestamp) throws(ClockError) { try inner.advance(to: time) }
}

@Suite struct LifetimeTests {
    @Test("An Event kept from touchesBegan after its window and environment are gone: window is nil, it lists no touches for the event, a view or a recognizer")
    func eventKeptPastItsWindowAndEnvironmentReadsNil() throws {
        let kept = try runSceneAndKeepParts()
        let (events, view, recognizer) = ([kept.event, kept.recognizerEvent], kept.view, kept.recognizer)
        // The touch owns its window (R1): let it go with the rest of the scene.
        _ = consume kept
        #expect(view.window == nil)
        for event in events {
            #expect(event.window == nil)
            #expect(event.allTouches.isEmpty)
            #expect(event.touches(for: view).isEmpty)
            #expect(event.touches(for: recognizer).isEmpty)
            #expect(event.timestamp == .zero)
        }
    }

    @Test("An Event kept while its window lives on and its environment is gone: the window, and no live touches")
    func eventKeptWithItsWindowAfterTheEnvironmentIsGone() throws {
        var kept: (event: Event, window: Window)?
        do {
            let environment = GestureEnvironment()
            let window = Window(width: 100, height: 100)
            environment.addWindow(window)
            let view = KeepingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            window.addSubview(view)
            try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 5, y: 5)]))
            kept = (try #require(view.keptEvent), window)
            // The touch owns its view (R1): the view keeping the touch too would be a cycle.
            view.keptTouches = TouchSet()
        }
        let (event, window) = try #require(kept)
        #expect(event.window === window)
        #expect(window.environment == nil)
        #expect(event.allTouches.isEmpty)
    }

    @Test("A Touch kept past its environment: it keeps its window and hit-test view (they stay readable), and lists no recognizers (R1, R16, R17, R120)")
    func touchKeptPastItsEnvironmentReadsItsViews() throws {
        let kept = try runSceneAndKeepParts()
        let touch = kept.touch
        // The touch owns its window and hit-test view (R1, R16): they are alive and linked.
        #expect(touch.hitTestView === kept.view)
        // The environment going away cancelled it in its view (R120), which it no longer goes to
        // (R17).
        #expect(touch.view == nil)
        let window = try #require(touch.window)
        #expect(window.environment == nil)
        #expect(touch.gestureRecognizers.isEmpty)
        #expect(touch.location(in: nil) == Point(x: 20, y: 20))
        #expect(touch.previousLocation(in: kept.view) == touch.location(in: kept.view))
        #expect(touch.id == 1)
        #expect(!touch.description.isEmpty)
    }

    @Test("A View kept past its window, superview and environment: no superview, no window, next is nil (R9)")
    func viewKeptPastItsWindowHasNoUpLinks() throws {
        let kept = try runSceneAndKeepParts()
        // The touch keeps the window, and the window its tree: let the touch go first.
        let view = kept.view
        let touchWindow = kept.touch.window
        #expect(touchWindow != nil)
        _ = consume kept
        let orphan = View()
        do {
            let window = Window(width: 100, height: 100)
            let middle = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            window.addSubview(middle)
            middle.addSubview(orphan)
            #expect(orphan.window === window)
        }
        #expect(orphan.superview == nil)
        #expect(orphan.window == nil)
        #expect(orphan.next == nil)
        #expect(orphan.isDescendant(of: orphan))
        #expect(orphan.convert(Point(x: 1, y: 2), to: nil) == Point(x: 1, y: 2))
        #expect(view.gestureRecognizers.count == 1)
        #expect(view.superview != nil)  // still in the window the touch keeps
        #expect(view.window === touchWindow)
    }

    @Test("A Window kept past its environment: no environment, no application as next responder, events and actions still travel the chain (R9, R11)")
    func windowKeptPastItsEnvironment() throws {
        let window = Window(width: 100, height: 100)
        do {
            let environment = GestureEnvironment()
            environment.addWindow(window)
            #expect(window.next === environment.application)
        }
        #expect(window.environment == nil)
        #expect(window.next == nil)
        #expect(window.firstResponder == nil)
        #expect(!window.sendAction("copy", to: nil, from: nil))
        window.sendMotionBegan(.shake)
        #expect(window.hitTest(Point(x: 5, y: 5), with: nil) === window)
    }

    @Test("A ViewController and its root view outlive each other either way: view, viewController and next stay defined (R9)")
    func viewControllerAndRootViewOutliveEachOther() throws {
        let kept = try runSceneAndKeepParts()
        #expect(kept.controller.view === kept.controllerView)
        #expect(kept.controllerView.viewController === kept.controller)
        #expect(kept.controllerView.next === kept.controller)
        // The root view outlives its controller.
        let root = View()
        do {
            let controller = ViewController(view: root)
            #expect(root.next === controller)
        }
        #expect(root.viewController == nil)
        #expect(root.next == nil)
        // The controller outlives the window its view was in.
        let controller = ViewController(view: View())
        do {
            let window = Window(width: 10, height: 10)
            window.addSubview(try #require(controller.view))
            #expect(controller.next === window)
        }
        #expect(controller.next == nil)
        #expect(controller.view?.window == nil)
        // A controller replaced as the view's controller lets go of it cleanly.
        let shared = View()
        let first = ViewController(view: shared)
        do {
            let second = ViewController(view: shared)
            #expect(shared.viewController === second)
        }
        #expect(shared.viewController == nil)
        #expect(first.view === shared)
    }

    @Test("A GestureRecognizer kept past its view, window and environment mid-gesture: no view, reset, every method a no-op (R39, R40, R41)")
    func recognizerKeptPastItsEnvironmentIsInert() throws {
        let kept = try runSceneAndKeepParts()
        let recognizer = kept.recognizer
        // Ignoring a touch of a scene that is gone does nothing (R115 needs an environment).
        var ignoredTouch: Touch? = kept.touch
        var ignoredEvent: Event? = kept.event
        // The last references to the scene: the touch keeps the window (R1), the controller its
        // view's tree.
        _ = consume kept
        // The environment reset the recognizer when it went away (R39).
        #expect(recognizer.state == .possible)
        #expect(!recognizer.hasPendingTimer)
        #expect(recognizer.numberOfTouches == 0)
        #expect(recognizer.currentTime == nil)
        #expect(recognizer.location(in: nil) == Point(x: 20, y: 20))
        if let touch = ignoredTouch { recognizer.ignore(touch, for: ignoredEvent) }
        ignoredTouch = nil
        ignoredEvent = nil
        // Its view went with the window's tree.
        #expect(recognizer.view == nil)
        recognizer.startTimer(after: .seconds(1))
        #expect(!recognizer.hasPendingTimer)
        recognizer.cancelTimer()
        recognizer.state = .began
        recognizer.isEnabled = false
        let other = TapGestureRecognizer()
        recognizer.require(toFail: other)
        #expect(recognizer.requiredToFail.count == 1)
        #expect(recognizer.timerFirings == 0)
    }

    @Test("A VirtualClock kept past an environment whose recognizer had a pending timer fires nothing (R39: the timer was cancelled at reset; R77)")
    func virtualClockKeptPastItsEnvironmentFiresNothing() throws {
        let clock = VirtualClock()
        do {
            let kept = try runSceneAndKeepParts(scheduler: clock)
            #expect(!kept.recognizer.hasPendingTimer)
        }
        #expect(clock.isIdle)
        try clock.advance(to: Timestamp(seconds: 5))
    }

    // MARK: - Hit-testing called directly (issue 13, finding b)

    /// Adds to `root` a full-size parent holding a meddling view at (60, 60, 40, 40) and, in front
    /// of it, one at (0, 0, 50, 50) that removes the parent from `root` when first asked. Only the
    /// tree holds them.
    private static func addBranchThatRemovesItself(to root: View) {
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(parent)
        let back = MeddlingView(frame: Rect(x: 60, y: 60, width: 40, height: 40))
        parent.addSubview(back)
        let front = MeddlingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        parent.addSubview(front)
        front.meddle = { [unowned parent] in parent.removeFromSuperview() }
    }

    @Test("A direct hitTest whose point(inside:) override removes its parent from the tree answers without reading the freed parent (R2-R7)")
    func directHitTestSurvivesAnOverrideRemovingItsParent() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        Self.addBranchThatRemovesItself(to: root)
        // The front view lets the branch go mid-walk, then says the point is inside it: it is the
        // answer (alive: it was returned), and its parent is gone.
        let hit = root.hitTest(Point(x: 10, y: 10), with: nil)
        #expect(root.subviews.isEmpty)
        #expect(hit is MeddlingView)
        #expect(hit?.superview == nil)
    }

    @Test("A direct hitTest whose point(inside:) override removes the view itself from its parent answers without reading it freed (R2-R7)")
    func directHitTestSurvivesAnOverrideRemovingItself() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let back = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(back)
        do {
            let child = MeddlingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            root.addSubview(child)
            child.meddle = { [unowned child] in child.removeFromSuperview() }
        }
        let hit = root.hitTest(Point(x: 10, y: 10), with: nil)
        #expect(root.subviews.count == 1 && root.subviews.first === back)
        // The child answered for itself (the point is inside it), then left the tree.
        #expect(hit is MeddlingView)
        #expect(hit?.superview == nil)
    }

    @Test("A direct hitTest on a window attached to an environment, outside any pass, survives an override that removes views (R2-R7, R120)")
    func directHitTestOnAnAttachedWindowSurvivesRemovals() throws {
        let environment = GestureEnvironment()
        let window = Window(width: 100, height: 100)
        environment.addWindow(window)
        Self.addBranchThatRemovesItself(to: window)
        let hit = window.hitTest(Point(x: 70, y: 70), with: nil)
        #expect(window.subviews.isEmpty)
        // The front view let the branch go and declined the point; the walk went on in the
        // removed branch, whose back view answered.
        #expect(hit is MeddlingView)
        #expect(hit?.window == nil)
        try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 70, y: 70)]))
        #expect(environment.touches.first?.hitTestView === window)
    }

    @Test("The engine's hit-test survives an override that takes its ancestors apart one by one, so that the view being visited is no longer kept by the pass (R1, R119, R120)")
    func engineHitTestSurvivesAnOverrideDismantlingItsAncestors() throws {
        let environment = GestureEnvironment()
        let window = Window(width: 100, height: 100)
        environment.addWindow(window)
        weak var weakMeddler: MeddlingView?
        do {
            let outer = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(outer)
            let inner = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            outer.addSubview(inner)
            let meddler = MeddlingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            inner.addSubview(meddler)
            // The pass keeps `outer` (removed from its window) alive, but not `inner`, removed
            // from a view that is no longer in any window.
            meddler.meddle = { [unowned outer, unowned inner] in
                outer.removeFromSuperview()
                inner.removeFromSuperview()
            }
            weakMeddler = meddler
        }
        try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 10, y: 10)]))
        #expect(window.subviews.isEmpty)
        // The meddling view answered (the point is inside it) and the touch keeps it (R1), but it
        // left the window before the touch could reach it: it never hears of the touch (R120).
        do {
            let touch = try #require(environment.touches.first)
            #expect(touch.hitTestView != nil && touch.hitTestView === weakMeddler)
            #expect(touch.hitTestView?.superview == nil)
            #expect(touch.view == nil)  // not delivered to any view (R17)
        }
        #expect(weakMeddler?.keptPhases == [])
        // The environment recycles a touch object once nobody else holds it.
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.1), touches: [TouchInput(id: 1, phase: .ended, x: 10, y: 10)]))
        #expect(environment.isIdle)
    }

    // MARK: - A host scheduler's late callbacks (issue 13, finding c)

    @Test("A recognizer that detaches itself from its timer callback and is then dropped is freed without a read of freed memory, on a VirtualClock and on a host scheduler (R40, R41, R77, R119)", arguments: [false, true])
    func recognizerRemovingItselfFromItsTimerIsFreedSafely(onHostScheduler: Bool) throws {
        let scheduler: any Scheduler = onHostScheduler ? HoardingScheduler() : VirtualClock()
        let environment = GestureEnvironment(scheduler: scheduler)
        let window = Window(width: 100, height: 100)
        environment.addWindow(window)
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        weak var weakRecognizer: SelfRemovingRecognizer?
        do {
            let recognizer = SelfRemovingRecognizer()
            view.addGestureRecognizer(recognizer)
            weakRecognizer = recognizer
        }
        try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 5, y: 5)]))
        #expect(weakRecognizer != nil)
        try environment.advance(to: Timestamp(seconds: 0.2))
        #expect(weakRecognizer == nil)
        #expect(view.gestureRecognizers.isEmpty)
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.3), touches: [TouchInput(id: 1, phase: .ended, x: 5, y: 5)]))
        #expect(environment.isIdle)
        if let host = scheduler as? HoardingScheduler {
            for action in host.actions { action() }
        }
    }

    @Test("A host scheduler that fires a cancelled timer's closure: nothing happens, the live timer still fires once (R77)")
    func hostSchedulerFiringACancelledTimerIsANoOp() throws {
        let host = HoardingScheduler()
        let environment = GestureEnvironment(scheduler: host)
        let window = Window(width: 100, height: 100)
        environment.addWindow(window)
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        let recognizer = KeepingRecognizer()
        view.addGestureRecognizer(recognizer)
        try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 5, y: 5)]))
        // The move cancels the first timer and schedules a second at 0.6 s.
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.1), touches: [TouchInput(id: 1, phase: .moved, x: 6, y: 6)]))
        #expect(host.actions.count == 2)
        #expect(host.cancelled.count == 1)
        host.actions[0]()
        #expect(recognizer.timerFirings == 0)
        #expect(recognizer.hasPendingTimer)
        try environment.advance(to: Timestamp(seconds: 0.6))
        #expect(recognizer.timerFirings == 1)
        #expect(!recognizer.hasPendingTimer)
        // Fired twice by the host: the second call is stale too.
        host.actions[1]()
        #expect(recognizer.timerFirings == 1)
    }

    @Test("A host scheduler that fires a timer's closure after the recognizer is freed: nothing happens (R39, R77)")
    func hostSchedulerFiringAfterTheRecognizerIsFreedIsANoOp() throws {
        let host = HoardingScheduler()
        weak var weakRecognizer: KeepingRecognizer?
        do {
            let kept = try runSceneAndKeepParts(scheduler: host)
            weakRecognizer = kept.recognizer
        }
        #expect(weakRecognizer == nil)
        #expect(host.actions.count == 1)
        #expect(host.cancelled.count == 1)
        for action in host.actions { action() }
        try host.advance(to: Timestamp(seconds: 5))
    }

    @Test("A host scheduler that fires a timer's closure after the recognizer's view left the window and the environment is gone: nothing happens (R41, R77)")
    func hostSchedulerFiringAfterTheEnvironmentIsGoneIsANoOp() throws {
        let host = HoardingScheduler()
        let recognizer = KeepingRecognizer()
        do {
            let environment = GestureEnvironment(scheduler: host)
            let window = Window(width: 100, height: 100)
            environment.addWindow(window)
            let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(view)
            view.addGestureRecognizer(recognizer)
            try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 5, y: 5)]))
            #expect(recognizer.hasPendingTimer)
        }
        for action in host.actions { action() }
        #expect(recognizer.timerFirings == 0)
        #expect(recognizer.state == .possible)
    }
}
