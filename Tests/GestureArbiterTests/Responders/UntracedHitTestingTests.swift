@testable import GestureArbiter
import Testing

/// A view that removes another view from the tree while it is hit-tested, then defers to the
/// default (a hostile override).
final class RemovingView: View {
    var victim: View?
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        victim?.removeFromSuperview()
        victim = nil
        return super.hitTest(point, with: event)
    }
}

/// A plain view that records its touches, without the test world's tracer.
final class TouchCountingView: View {
    var began = 0
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { began += 1 }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) {}
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {}
}

/// A view whose `point(inside:with:)` gives it a subview the first time it is asked (a hostile
/// override: hit-testing must look for subviews after asking it).
final class SproutingView: View {
    var sprout: View?
    override func point(inside point: Point, with event: Event?) -> Bool {
        if sprout == nil {
            let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            child.name = "sprout"
            addSubview(child)
            sprout = child
        }
        return super.point(inside: point, with: event)
    }
}

/// A subclass whose `hitTest` takes a view of the tree out (its parent or an ancestor), lets go
/// of it, and answers nil (a hostile override: the walk goes on reading the tree).
final class UprootingView: View {
    weak var uproot: View?
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        uproot?.removeFromSuperview()
        return nil
    }
}

/// A view that claims every point, NaN included (a hostile override).
final class ClaimingView: View {
    var asked = 0
    override func point(inside point: Point, with event: Event?) -> Bool {
        asked += 1
        return true
    }
}

@Suite struct UntracedHitTestingTests {
    /// A tree mixing plain views (visited inline when nothing is traced) with subclasses whose
    /// overrides must still be called: an enlarged button under two plain levels, a counting view,
    /// hidden, non-interactive and transparent plain views over the touch.
    static func makeTree() -> (window: Window, views: [String: View]) {
        let window = Window(width: 400, height: 400)
        var views: [String: View] = [:]
        func add(_ name: String, _ view: View, to parent: View) {
            view.name = name
            parent.addSubview(view)
            views[name] = view
        }
        add("outer", View(frame: Rect(x: 0, y: 0, width: 300, height: 300)), to: window)
        add("inner", View(frame: Rect(x: 10, y: 10, width: 250, height: 250)), to: views["outer"]!)
        add("button", EnlargedView(frame: Rect(x: 100, y: 100, width: 40, height: 40)), to: views["inner"]!)
        add("counter", CountingView(frame: Rect(x: 0, y: 0, width: 50, height: 50)), to: views["inner"]!)
        add("leaf", View(frame: Rect(x: 5, y: 5, width: 20, height: 20)), to: views["counter"]!)
        let hidden = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        hidden.isHidden = true
        add("hidden", hidden, to: views["outer"]!)
        let off = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        off.isUserInteractionEnabled = false
        add("off", off, to: views["outer"]!)
        let clear = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        clear.alpha = 0.005
        add("clear", clear, to: views["outer"]!)
        return (window, views)
    }

    @Test("R2-R7: with no tracer, default hit-testing finds the same view as the traced path, overrides included",
          arguments: [
            (Point(x: 20, y: 20), "leaf"),  // under the counting view's override
            (Point(x: 65, y: 65), "inner"),  // (55, 55) in inner: outside counter (0-50) and the button (80-160)
            (Point(x: 95, y: 95), "button"),  // the enlarged area only: the override is asked
            (Point(x: 150, y: 150), "button"),
            (Point(x: 290, y: 290), "outer"),
            (Point(x: 350, y: 350), "window"),
          ])
    func sameAsTraced(_ point: Point, _ expected: String) throws {
        let (window, views) = Self.makeTree()
        let event = Event()
        let untraced = window.hitTest(point, with: event)
        event.hitTestTracer = RecordingTracer()
        let traced = window.hitTest(point, with: event)
        #expect(untraced === traced)
        let expectedView: View = expected == "window" ? window : views[expected]!
        #expect(untraced === expectedView)
        let counter = try #require(views["counter"] as? CountingView)
        // The counting view's override runs on both paths whenever hit-testing reaches it.
        #expect(counter.hitTests % 2 == 0)
    }

    @Test("R2, R4, R5: plain siblings that miss the point are passed over, a subclass among them is still asked, and a plain sibling in front that holds the point hides those behind it",
          arguments: [false, true])
    func siblingsPassedOver(traced: Bool) {
        let window = Window(width: 400, height: 400)
        // Back to front: a subclass that holds the point, three plain misses, a subclass that
        // misses, two plain misses.
        let back = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(back)
        for offset in 0..<3 { window.addSubview(View(frame: Rect(x: 200 + Double(offset) * 20, y: 200, width: 10, height: 10))) }
        let missing = CountingView(frame: Rect(x: 300, y: 0, width: 50, height: 50))
        window.addSubview(missing)
        for offset in 0..<2 { window.addSubview(View(frame: Rect(x: 200, y: 300 + Double(offset) * 20, width: 10, height: 10))) }
        let event = Event()
        if traced { event.hitTestTracer = RecordingTracer() }
        #expect(window.hitTest(Point(x: 50, y: 50), with: event) === back)
        #expect(back.hitTests == 1 && missing.hitTests == 1)
        // A plain view in front of both that holds the point: found first, nobody asked.
        let cover = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.insertSubview(cover, at: 4)
        #expect(window.hitTest(Point(x: 50, y: 50), with: event) === cover)
        #expect(back.hitTests == 1 && missing.hitTests == 2)
        // The point on the edge the scan tests first (R4: the left and top edges are inside, the
        // right and bottom ones are not).
        #expect(window.hitTest(Point(x: 200, y: 300), with: event)?.frame == Rect(x: 200, y: 300, width: 10, height: 10))
        #expect(window.hitTest(Point(x: 210, y: 300), with: event) === window)
    }

    @Test("R4, R7: subviews are read after point(inside:with:): one its override adds is hit-tested", arguments: [false, true])
    func subviewAddedWhileAsked(traced: Bool) {
        let window = Window(width: 400, height: 400)
        let sprouting = SproutingView(frame: Rect(x: 100, y: 100, width: 50, height: 50))
        window.addSubview(sprouting)
        let event = Event()
        if traced { event.hitTestTracer = RecordingTracer() }
        let found = window.hitTest(Point(x: 105, y: 105), with: event)
        #expect(found != nil && found === sprouting.sprout)
    }

    @Test("R4, R286: a sibling whose bounds origin dwarfs its frame origin is hit exactly where the translated point lands in its bounds, rounding included, traced or not",
          arguments: [(0.1, 123_456_789.123), (1.0, 1e17), (7.25, -3e15)])
    func roundingAtTheEdge(frameX: Double, boundsX: Double) throws {
        let window = Window(width: 400, height: 400)
        let parent = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(parent)
        let sibling = View(frame: Rect(x: frameX, y: 0, width: 50, height: 50))
        sibling.boundsOrigin = Point(x: boundsX, y: 0)
        parent.addSubview(sibling)
        // Two plain siblings in front that miss, so that the scan passes over them first.
        for offset in 0..<2 { parent.addSubview(View(frame: Rect(x: 300 + Double(offset) * 20, y: 300, width: 10, height: 10))) }
        // The long test, written out: translate into the sibling, then ask its bounds (R4).
        func inBounds(_ x: Double) -> Bool {
            let local = x - frameX + boundsX
            return local >= boundsX && local < boundsX + 50
        }
        // The doubles around the left edge, where the translation rounds.
        var xs: [Double] = [frameX]
        for _ in 0..<40 { xs.append(xs.last!.nextDown) }
        xs += [frameX.nextUp, frameX + 50, (frameX + 50).nextDown, (frameX + 50).nextUp]
        for x in xs {
            let point = Point(x: x, y: 10)
            let expected: View = inBounds(x) ? sibling : parent
            let untraced = window.hitTest(point, with: Event())
            let event = Event()
            event.hitTestTracer = RecordingTracer()
            let traced = window.hitTest(point, with: event)
            #expect(untraced === expected, "untraced at x \(x)")
            #expect(traced === expected, "traced at x \(x)")
        }
        // The rounding is real: some x left of the frame lands inside (else the case tests nothing).
        #expect(xs.contains { $0 < frameX && inBounds($0) })
    }

    @Test("R2, R7: a point whose x is NaN passes over no sibling unasked: a subclass that claims every point is still asked, traced or not",
          arguments: [false, true])
    func notANumberAsksEverySubclass(traced: Bool) {
        // A window never holds a NaN point; a subclass that claims every point, asked directly,
        // walks its subviews with it.
        let top = ClaimingView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let claiming = ClaimingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        top.addSubview(claiming)
        for offset in 0..<3 { top.addSubview(View(frame: Rect(x: 200 + Double(offset) * 20, y: 200, width: 10, height: 10))) }
        let event = Event()
        if traced { event.hitTestTracer = RecordingTracer() }
        #expect(top.hitTest(Point(x: .nan, y: 50), with: event) === claiming)
        #expect(claiming.asked == 1)
        // A plain view in front never holds a point with a NaN coordinate.
        top.addSubview(View(frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        #expect(top.hitTest(Point(x: .nan, y: 50), with: event) === claiming)
        #expect(top.hitTest(Point(x: 50, y: .nan), with: event) === claiming)
        #expect(claiming.asked == 3)
    }

    @Test("R2, R4: a view whose frame or bounds origin is not finite is tested the long way, and answers as the traced walk does",
          arguments: [false, true])
    func nonFiniteGeometry(traced: Bool) {
        let window = Window(width: 400, height: 400)
        let wide = View(frame: Rect(x: 0, y: 0, width: .infinity, height: 100))
        window.addSubview(wide)
        let shifted = View(frame: Rect(x: 0, y: 200, width: 100, height: 100))
        shifted.boundsOrigin = Point(x: -.infinity, y: 0)
        window.addSubview(shifted)
        #expect(!wide.walksInline && !shifted.walksInline)
        let event = Event()
        if traced { event.hitTestTracer = RecordingTracer() }
        // An infinite width holds every finite x from the origin on (R4).
        #expect(window.hitTest(Point(x: 350, y: 50), with: event) === wide)
        // An infinite bounds origin turns every translated x into NaN or infinity: never inside.
        #expect(window.hitTest(Point(x: 50, y: 250), with: event) === window)
        // Made finite again, each walks inline.
        wide.frame.size.width = 100
        shifted.boundsOrigin = .zero
        #expect(wide.walksInline && shifted.walksInline)
        #expect(window.hitTest(Point(x: 350, y: 50), with: event) === window)
        #expect(window.hitTest(Point(x: 50, y: 250), with: event) === shifted)
    }

    @Test("R1, R7: an override that takes the view being visited, or its parent, out of the tree and answers nil: the walk goes on in the visited view's subviews and answers from them, and every view it let go of is freed once it returns",
          arguments: [false, true], [false, true])
    func visitedViewTakenOut(traced: Bool, takesParent: Bool) {
        let window = Window(width: 400, height: 400)
        weak var outer: View?
        weak var visited: View?
        weak var uprooting: View?
        weak var target: View?
        do {
            // The tree holds the only references: window > outer > visited > (target, uprooting).
            let outerView = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
            window.addSubview(outerView)
            let visitedView = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            outerView.addSubview(visitedView)
            let targetView = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            visitedView.addSubview(targetView)
            let uproot = UprootingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            visitedView.addSubview(uproot)
            // The visited view itself, or its parent (which frees the visited view's superview
            // while the walk is in it).
            uproot.uproot = takesParent ? outerView : visitedView
            (outer, visited, uprooting, target) = (outerView, visitedView, uproot, targetView)
        }
        let event = Event()
        if traced { event.hitTestTracer = RecordingTracer() }
        var found = window.hitTest(Point(x: 50, y: 50), with: event)
        // The subclass in front answered nil; the plain view behind it holds the point (R7).
        #expect(found != nil && found === target)
        #expect(found?.superview == nil)
        // The walk kept none of them: the answer lives on only through `found`.
        #expect(visited == nil && uprooting == nil)
        #expect((outer == nil) == takesParent)
        found = nil
        #expect(target == nil)
    }

    @Test("R1: a view pinned by a walk and taken out of its superview lives until the last pin ends, then goes; one not taken out keeps no reference to itself")
    func pinKeepsAlive() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        weak var pinned: View?
        do {
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            root.addSubview(view)
            pinned = view
            view.pinForWalk()
            view.pinForWalk()
            view.removeFromSuperview()
        }
        // Out of the tree, with no reference from here: its own keeps it.
        #expect(pinned != nil)
        let first = pinned?.unpinFromWalk()
        #expect(first == nil)  // one pin left
        var kept = pinned?.unpinFromWalk()
        #expect(kept != nil && kept === pinned)
        kept = nil
        #expect(pinned == nil)
        // In the tree throughout: nothing kept.
        let listed = View(frame: .zero)
        root.addSubview(listed)
        listed.pinForWalk()
        #expect(listed.unpinFromWalk() == nil)
    }

    @Test("R1, R120: an override that removes views during an untraced hit-test neither crashes nor loses the touch")
    func removalDuringHitTest() throws {
        let environment = GestureEnvironment()
        let window = Window(width: 400, height: 400)
        environment.addWindow(window)
        let back = TouchCountingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(back)
        let remover = RemovingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(remover)
        // The remover sits in front; it removes a plain sibling behind it and a front decoy
        // (only referenced by the tree) before deferring to the default.
        do {
            let decoy = View(frame: Rect(x: 300, y: 300, width: 10, height: 10))
            window.addSubview(decoy)
            remover.victim = decoy
        }
        let child = TouchCountingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        remover.addSubview(child)
        try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 10, y: 10)]))
        #expect(environment.touches.first?.hitTestView === child)
        #expect(window.subviews.count == 2)
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.1), touches: [TouchInput(id: 1, phase: .ended, x: 10, y: 10)]))
        #expect(child.began == 1)
        #expect(back.began == 0)
        #expect(environment.isIdle)
    }
}
