@testable import GestureArbiter
import Testing

/// A delegate that runs a closure when it is asked whether its recognizer receives a touch.
final class HookDelegate: GestureRecognizerDelegate {
    var onShouldReceive: (() -> Void)?
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        onShouldReceive?()
        return true
    }
}

/// A view that counts its touch callbacks (it handles its touches).
final class CallLogView: View {
    var calls: [String] = []
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { calls.append("began \(touches.ids)") }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { calls.append("moved \(touches.ids)") }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { calls.append("ended \(touches.ids)") }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { calls.append("cancelled \(touches.ids)") }
}

/// The engine lends windows, views, recognizers and touches to its loops without reference
/// counting; these tests drop the last reference to such objects in the middle of a pass, or
/// drop the environment mid-gesture, and check that nothing dangles. Nothing here is traced, so
/// the untraced paths are the ones exercised.
@Suite struct OwnershipTests {
    static func down(_ id: Int, _ seconds: Double, _ x: Double, _ y: Double) -> TouchEvent {
        TouchEvent(timestamp: Timestamp(seconds: seconds), touches: [TouchInput(id: id, phase: .began, x: x, y: y)])
    }

    static func up(_ id: Int, _ seconds: Double, _ x: Double, _ y: Double) -> TouchEvent {
        TouchEvent(timestamp: Timestamp(seconds: seconds), touches: [TouchInput(id: id, phase: .ended, x: x, y: y)])
    }

    @Test("R119, R120, R123: a window detached (and dropped) by an action during a pass lives until the pass ends")
    func windowDroppedDuringPass() throws {
        let environment = GestureEnvironment()
        var window: Window? = Window(width: 400, height: 400)
        environment.addWindow(window!)
        let view = CallLogView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window!.addSubview(view)
        let tap = TapGestureRecognizer()
        var fired = 0
        var windowsDuringPass = -1
        tap.addAction { _ in
            fired += 1
            // The only strong reference to the window goes; the pass is still running.
            if let detached = window {
                environment.removeWindow(detached)
                window = nil
                // R119: queued; the window stays attached until the pass has finished.
                windowsDuringPass = environment.windows.count
            }
        }
        view.addGestureRecognizer(tap)
        try environment.dispatch(Self.down(1, 0, 50, 50))
        try environment.dispatch(Self.up(1, 0.05, 50, 50))
        #expect(fired == 1)
        #expect(windowsDuringPass == 1)
        #expect(environment.windows.isEmpty)
        // R67: the tap cancelled the touch in its view before the window went.
        #expect(view.calls == ["began [1]", "cancelled [1]"])
        #expect(environment.isIdle, "\(environment.busyReasons)")
    }

    @Test("R119, R120, R73: a view that removes itself and its window from its own touchesBegan, dropping the last references, is cancelled once and then freed")
    func viewDropsItselfInItsCallback() throws {
        /// Logs to a box the test keeps, so that the view itself can go away.
        final class SelfRemovingView: View {
            let log: Box
            var onBegan: (() -> Void)?
            init(frame: Rect, log: Box) {
                self.log = log
                super.init(frame: frame)
            }
            override func touchesBegan(_ touches: TouchSet, with event: Event?) {
                log.calls.append("began \(touches.ids)")
                onBegan?()
                onBegan = nil
            }
            override func touchesEnded(_ touches: TouchSet, with event: Event?) { log.calls.append("ended \(touches.ids)") }
            override func touchesCancelled(_ touches: TouchSet, with event: Event?) { log.calls.append("cancelled \(touches.ids)") }
        }
        final class Box { var calls: [String] = [] }
        let environment = GestureEnvironment()
        let log = Box()
        var window: Window? = Window(width: 400, height: 400)
        environment.addWindow(window!)
        var view: SelfRemovingView? = SelfRemovingView(frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
        window!.addSubview(view!)
        weak let weakView = view
        weak let weakWindow = window
        view!.onBegan = {
            // The view is being called, lent by the engine: the host lets go of everything.
            weakView?.removeFromSuperview()
            if let detached = weakWindow { environment.removeWindow(detached) }
            view = nil
            window = nil
        }
        try environment.dispatch(Self.down(1, 0, 50, 50))
        // R120: the removal, run after the pass (R119), cancels the touch in its view (R73).
        #expect(log.calls == ["began [1]", "cancelled [1]"])
        #expect(environment.windows.isEmpty)
        // The touch still holds its view and window while it is down.
        #expect(weakView != nil)
        try environment.dispatch(Self.up(1, 0.05, 50, 50))
        // Nothing after the cancellation (R73); the ended touch lets the view and window go.
        #expect(log.calls == ["began [1]", "cancelled [1]"])
        #expect(environment.isIdle, "\(environment.busyReasons)")
        #expect(weakView == nil)
        #expect(weakWindow == nil)
    }

    @Test("R119, R120: a delegate that removes (and drops) the touched view's ancestors while binding does not break the binding walk")
    func ancestorsDroppedWhileBinding() throws {
        let environment = GestureEnvironment()
        let window = Window(width: 400, height: 400)
        environment.addWindow(window)
        var outer: View? = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(outer!)
        let leaf = CallLogView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        outer!.addSubview(leaf)
        let delegate = HookDelegate()
        let tap = TapGestureRecognizer()
        tap.delegate = delegate
        leaf.addGestureRecognizer(tap)
        let outerTap = TapGestureRecognizer()
        outer!.addGestureRecognizer(outerTap)
        delegate.onShouldReceive = {
            // While the touch is being bound, the walk up from the leaf is at the leaf: remove
            // the ancestor it walks to next, and the test's last reference to it.
            outer?.removeFromSuperview()
            outer = nil
        }
        try environment.dispatch(Self.down(1, 0, 50, 50))
        try environment.dispatch(Self.up(1, 0.05, 50, 50))
        try environment.advance(to: Timestamp(seconds: 1))
        #expect(outer == nil)
        // R119, R120: the leaf left the window during the touch's own pass, so it gets nothing
        // from that pass on (its withheld began is discarded by the removal pass that follows),
        // and the recognizers of the removed subtree are cancelled and reset.
        #expect(leaf.calls.isEmpty)
        #expect(tap.state == .possible && outerTap.state == .possible)
        #expect(environment.isIdle, "\(environment.busyReasons)")
    }

    @Test("A recognizer and a touch kept by the host after its environment is gone mid-gesture point at nothing")
    func environmentDroppedMidGesture() throws {
        let window = Window(width: 400, height: 400)
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        var kept: Touch?
        do {
            let environment = GestureEnvironment()
            environment.addWindow(window)
            try environment.dispatch(Self.down(1, 0, 50, 50))
            kept = environment.touches.first
            #expect(pan.numberOfTouches == 1)
            #expect(kept?.gestureRecognizers.count == 1)
        }
        // The environment is gone: its touches' bindings went with it.
        #expect(pan.numberOfTouches == 0)
        #expect(kept?.gestureRecognizers.isEmpty == true)
        _ = pan.location(in: nil)
        // The window can join a new environment and work there.
        let next = GestureEnvironment()
        next.addWindow(window)
        var states: [GestureRecognizer.State] = []
        pan.addAction { states.append($0.state) }
        try next.dispatch(Self.down(2, 0, 50, 50))
        try next.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.02), touches: [TouchInput(id: 2, phase: .moved, x: 80, y: 50)]))
        try next.dispatch(Self.up(2, 0.04, 80, 50))
        #expect(states == [.began, .ended])
        #expect(next.isIdle)
    }
}
