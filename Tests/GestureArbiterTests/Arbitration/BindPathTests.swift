@testable import GestureArbiter
import Testing

/// A touch-down binds its touch to the recognizers of the hit-test view and of every view above
/// it, nearest first (R23, R28). The engine keeps the path it found (the views with recognizers
/// above a hit-test view) for the next touch there; these cases change the tree where a kept
/// path would go wrong: in the middle of the walk (a delegate asked whether its recognizer
/// receives the touch, R24) and above a window that is a subview in another window's tree.
@Suite struct BindPathTests {
    /// The recognizers `touch` was bound to, in the order of binding, from the trace.
    static func bound(_ touch: Int, in world: TestWorld) -> [String] {
        world.records.compactMap { record -> String? in
            guard case let .touchBound(bound, recognizer) = record, bound.id == touch else { return nil }
            return recognizer.name
        }
    }

    static func recognizer(_ name: String, on view: View) -> ScriptedRecognizer {
        let recognizer = ScriptedRecognizer(name, log: Log())
        view.addGestureRecognizer(recognizer)
        return recognizer
    }

    /// A recognizer named `name` on `view`, with a delegate whose hook runs when it is asked
    /// whether the recognizer receives a touch (R24). Keep the delegate: the recognizer does not.
    static func askedRecognizer(_ name: String, on view: View) -> HookDelegate {
        let delegate = HookDelegate()
        recognizer(name, on: view).delegate = delegate
        return delegate
    }

    /// Views named `names`, each 200 x 200 at the origin of the one before (the first in the
    /// window): a touch at (50, 50) lands on the last.
    static func chain(_ names: String..., in world: TestWorld) -> [View] {
        var views: [View] = []
        for name in names { views.append(world.addView(name, Rect(x: 0, y: 0, width: 200, height: 200), to: views.last)) }
        return views
    }

    /// A window named `name`, attached to `world`'s environment unless `attached` is false.
    static func window(_ name: String, _ frame: Rect, in world: TestWorld, attached: Bool = true) -> Window {
        let window = Window(frame: frame)
        window.name = name
        if attached { world.environment.addWindow(window) }
        return window
    }

    @Test("R23, R24: a delegate that moves the hit-test view under another view while it is asked: the walk climbs from the view's new superview")
    func delegateMovesTheHitView() throws {
        let world = TestWorld()
        let views = Self.chain("above", "middle", "leaf", in: world)
        let (above, leaf) = (views[0], views[2])
        let other = world.addView("other", Rect(x: 300, y: 0, width: 50, height: 50))
        _ = Self.recognizer("onAbove", on: above)
        _ = Self.recognizer("onOther", on: other)
        let delegate = Self.askedRecognizer("onLeaf", on: leaf)

        // The first touch finds the path; the second would follow it, had the delegate not moved
        // the leaf while it was asked.
        try world.tap(1, at: 0, 50, 50)
        #expect(Self.bound(1, in: world) == ["onLeaf", "onAbove"])
        delegate.onShouldReceive = { other.addSubview(leaf) }
        try world.down(2, at: 1, 50, 50)
        #expect(Self.bound(2, in: world) == ["onLeaf", "onOther"])
        #expect(leaf.superview === other)
    }

    @Test("R23, R24: a delegate that moves the hit-test view into another window while it is asked: the walk climbs from the view's new superview there")
    func delegateMovesTheHitViewToAnotherWindow() throws {
        let world = TestWorld()
        let views = Self.chain("above", "leaf", in: world)
        let (above, leaf) = (views[0], views[1])
        let elsewhere = Self.window("elsewhere", Rect(x: 0, y: 0, width: 100, height: 100), in: world)
        let holder = world.addView("holder", Rect(x: 0, y: 0, width: 100, height: 100), to: elsewhere)
        _ = Self.recognizer("onAbove", on: above)
        _ = Self.recognizer("onHolder", on: holder)
        _ = Self.recognizer("onElsewhere", on: elsewhere)
        let delegate = Self.askedRecognizer("onLeaf", on: leaf)

        try world.tap(1, at: 0, 150, 150)
        #expect(Self.bound(1, in: world) == ["onLeaf", "onAbove"])
        delegate.onShouldReceive = { holder.addSubview(leaf) }
        try world.down(2, at: 1, 150, 150)
        #expect(Self.bound(2, in: world) == ["onLeaf", "onHolder", "onElsewhere"])
        #expect(leaf.window === elsewhere)
    }

    @Test("R23, R24: a delegate that gives a recognizer to a view above while it is asked: the walk offers the touch to it")
    func delegateAddsARecognizerAbove() throws {
        let world = TestWorld()
        let views = Self.chain("above", "plain", "leaf", in: world)
        let (above, plain, leaf) = (views[0], views[1], views[2])
        _ = Self.recognizer("onAbove", on: above)
        let delegate = Self.askedRecognizer("onLeaf", on: leaf)

        try world.tap(1, at: 0, 50, 50)
        #expect(Self.bound(1, in: world) == ["onLeaf", "onAbove"])
        delegate.onShouldReceive = {
            delegate.onShouldReceive = nil
            _ = Self.recognizer("onPlain", on: plain)
        }
        try world.down(2, at: 1, 50, 50)
        #expect(Self.bound(2, in: world) == ["onLeaf", "onPlain", "onAbove"])
    }

    @Test("R23, R24: a delegate that takes an ancestor out of the window while it is asked: the walk stops at that ancestor, the root of its own tree now")
    func delegateRemovesAnAncestor() throws {
        let world = TestWorld()
        let views = Self.chain("above", "leaf", in: world)
        let (above, leaf) = (views[0], views[1])
        _ = Self.recognizer("onWindow", on: world.window)
        _ = Self.recognizer("onAbove", on: above)
        let delegate = Self.askedRecognizer("onLeaf", on: leaf)

        try world.tap(1, at: 0, 50, 50)
        #expect(Self.bound(1, in: world) == ["onLeaf", "onAbove", "onWindow"])
        delegate.onShouldReceive = { above.removeFromSuperview() }
        try world.down(2, at: 1, 50, 50)
        #expect(Self.bound(2, in: world) == ["onLeaf", "onAbove"])
        #expect(above.superview == nil)
    }

    @Test("R23: a window that is also a subview in another tree: a recognizer added above it between two touches is offered the second")
    func windowInAnotherTree() throws {
        let world = TestWorld()
        let leaf = world.addView("leaf", Rect(x: 0, y: 0, width: 200, height: 200))
        // The touch's window hangs under a view of another window's tree: the walk climbs on
        // past it (R23 climbs to the root), into a tree whose changes are that other window's.
        let outer = Self.window("outer", Rect(x: 0, y: 0, width: 400, height: 800), in: world, attached: false)
        let holder = world.addView("holder", Rect(x: 0, y: 0, width: 400, height: 800), to: outer)
        holder.addSubview(world.window)
        _ = Self.recognizer("onLeaf", on: leaf)
        _ = Self.recognizer("onWindow", on: world.window)
        _ = Self.recognizer("onHolder", on: holder)

        try world.tap(1, at: 0, 50, 50)
        #expect(Self.bound(1, in: world) == ["onLeaf", "onWindow", "onHolder"])
        _ = Self.recognizer("onOuter", on: outer)
        try world.tap(2, at: 1, 50, 50)
        #expect(Self.bound(2, in: world) == ["onLeaf", "onWindow", "onHolder", "onOuter"])
    }

    @Test("R23: a view moved within its window between two touches: the second touch is offered to the recognizers above it where it is now")
    func movedWithinTheWindow() throws {
        let world = TestWorld()
        let above = world.addView("above", Rect(x: 0, y: 0, width: 200, height: 200))
        let beside = world.addView("beside", Rect(x: 0, y: 0, width: 200, height: 200), to: above)
        let leaf = world.addView("leaf", Rect(x: 0, y: 0, width: 200, height: 200), to: above)
        _ = Self.recognizer("onAbove", on: above)
        _ = Self.recognizer("onBeside", on: beside)
        _ = Self.recognizer("onLeaf", on: leaf)

        try world.tap(1, at: 0, 50, 50)
        #expect(Self.bound(1, in: world) == ["onLeaf", "onAbove"])
        // Still the front-most view there, one level deeper.
        beside.addSubview(leaf)
        try world.tap(2, at: 1, 50, 50)
        #expect(Self.bound(2, in: world) == ["onLeaf", "onBeside", "onAbove"])
    }

    @Test("R23: a view moved into another window whose tree is at the same revision: its path from the first window is not followed there")
    func movedToAWindowAtTheSameRevision() throws {
        let world = TestWorld()
        let views = Self.chain("above", "leaf", in: world)
        let (above, leaf) = (views[0], views[1])
        _ = Self.recognizer("onAbove", on: above)
        _ = Self.recognizer("onLeaf", on: leaf)
        let other = Self.window("other", Rect(x: 500, y: 0, width: 200, height: 200), in: world)
        _ = Self.recognizer("onOther", on: other)

        try world.tap(1, at: 0, 50, 50)
        #expect(Self.bound(1, in: world) == ["onLeaf", "onAbove"])
        // The revisions are two counters: the other window's may reach the one the path was
        // found at. The path belongs to the first window all the same.
        let found = try #require(leaf.bindPathRevision)
        other.treeRevision = found
        other.addSubview(leaf)
        try world.tap(2, at: 1, 550, 50)
        #expect(Self.bound(2, in: world) == ["onLeaf", "onOther"])
    }

    @Test("R23, R28: the path found at a touch-down is kept for the next touch on the same view while the tree is unchanged, and found anew after a change")
    func pathKeptUntilTheTreeChanges() throws {
        let world = TestWorld()
        let views = Self.chain("above", "plain", "leaf", in: world)
        let (above, plain, leaf) = (views[0], views[1], views[2])
        _ = Self.recognizer("onAbove", on: above)
        _ = Self.recognizer("onLeaf", on: leaf)

        try world.tap(1, at: 0, 50, 50)
        let found = try #require(leaf.bindPathRevision)
        #expect(found == world.window.treeRevision)
        // Only the views with recognizers, nearest first, with their depths (window 0).
        #expect(leaf.bindPathStops.map { $0.view.object.name ?? "?" } == ["leaf", "above"])
        #expect(leaf.bindPathStops.map(\.depth) == [3, 1])

        try world.tap(2, at: 1, 50, 50)
        #expect(leaf.bindPathRevision == found)
        #expect(Self.bound(2, in: world) == ["onLeaf", "onAbove"])

        // A recognizer on the view in between: the tree's revision moves on, the path is found
        // anew and the next touch is offered to it too.
        _ = Self.recognizer("onPlain", on: plain)
        #expect(world.window.treeRevision != found)
        try world.tap(3, at: 2, 50, 50)
        #expect(Self.bound(3, in: world) == ["onLeaf", "onPlain", "onAbove"])
        #expect(leaf.bindPathStops.map { $0.view.object.name ?? "?" } == ["leaf", "plain", "above"])

        // Out of the window, the view has no path.
        plain.removeFromSuperview()
        #expect(leaf.bindPathRevision == nil)
    }
}
