@testable import GestureArbiter
import Testing

/// Moving a view while it tracks a touch keeps the tree a tree whatever the callbacks do, and
/// adding an ancestor as a subview does nothing (issue 13, item 6).
@Suite struct MoveMidGestureTests {
    /// Every view of `root`'s tree is listed by exactly one superview, the one its `superview`
    /// names, and has that superview's window (a window has itself).
    static func isTree(_ root: View) -> Bool {
        var seen: Set<ObjectIdentifier> = []
        var pending: [View] = [root]
        while let view = pending.popLast() {
            guard seen.insert(ObjectIdentifier(view)).inserted else { return false }
            for subview in view.subviews {
                guard subview.superview === view else { return false }
                let expected = subview is Window ? subview as? Window : view.window
                guard subview.window === expected else { return false }
                pending.append(subview)
            }
        }
        return true
    }

    /// A card in `home` with a pan P, and an empty container `away`, both in the window.
    static func world() -> (TestWorld, home: RecordingView, away: RecordingView, card: RecordingView, pan: PanGestureRecognizer) {
        let world = TestWorld()
        let home = world.addView("H", Rect(x: 0, y: 0, width: 200, height: 200))
        let away = world.addView("A", Rect(x: 200, y: 0, width: 200, height: 200))
        let card = world.addView("C", Rect(x: 0, y: 0, width: 100, height: 100), to: home)
        let pan = world.attach(PanGestureRecognizer(), "P", to: card)
        return (world, home, away, card, pan)
    }

    @Test("R119, R120: a card whose cancelled drag snaps it home, moved mid-drag, ends with one superview")
    func snapHomeWhenDragIsCancelled() throws {
        let (world, home, away, card, pan) = Self.world()
        pan.addAction { [unowned home, unowned card] pan in
            if pan.state == .cancelled { home.addSubview(card) }
        }
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.1, 80, 50)
        #expect(pan.state == .began)
        away.addSubview(card)
        // R120: the move cancels the card's touch and its pan; the pan's cancelled action moves
        // the card back, after the move was applied: home lists it, away does not.
        #expect(world.log.lines.contains("0.100 view C cancelled 1"))
        #expect(world.log.lines.contains("0.100 gesture P cancelled"))
        #expect(card.superview === home)
        #expect(home.subviews.filter { $0 === card }.count == 1)
        #expect(away.subviews.isEmpty)
        #expect(Self.isTree(world.window))
        // The tree stays usable: more moves, and a tap on the card afterwards.
        try world.up(1, at: 0.2, 80, 50)
        away.addSubview(home)
        world.window.addSubview(away)
        #expect(card.isDescendant(of: away) && Self.isTree(world.window))
        #expect(world.environment.isIdle)
    }

    @Test("R119, R120: a view whose touchesCancelled puts it back in its old superview, moved mid-touch, stays a tree")
    func touchesCancelledMovesTheViewBack() throws {
        let (world, home, away, card, _) = Self.world()
        var moves = 0
        card.onCallback = { [unowned home, unowned card] phase, _ in
            guard phase == .cancelled else { return }
            moves += 1
            home.addSubview(card)
        }
        try world.down(1, at: 0, 50, 50)
        away.insertSubview(card, at: 0)
        #expect(moves == 1, "the move back is a move of a view with no live touch left: nothing to cancel")
        #expect(card.superview === home && away.subviews.isEmpty)
        #expect(Self.isTree(world.window))
        // A later move and a new subview recurse nowhere and keep one parent each.
        away.addSubview(card)
        card.addSubview(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(card.superview === away && !home.subviews.contains { $0 === card })
        #expect(Self.isTree(world.window))
        try world.up(1, at: 0.1, 50, 50)
        #expect(world.environment.isIdle)
    }

    @Test("R119: a view moved from inside an action is moved at once; its cancellations come after the pass")
    func moveFromAnAction() throws {
        let (world, home, away, card, _) = Self.world()
        let tap = world.attach(TapGestureRecognizer(), "T", to: away)
        // Weak: it names `away`, which owns the tap and so this action.
        weak var parentInAction: View?
        tap.addAction { [unowned home, unowned away, unowned card] _ in
            away.addSubview(card)
            parentInAction = card.superview
            home.addSubview(card)
        }
        try world.down(2, at: 0, 50, 50)
        try world.tap(1, at: 0, 250, 150)
        #expect(parentInAction === away)
        #expect(card.superview === home && away.subviews.isEmpty)
        #expect(world.log.lines.contains("0.080 view C cancelled 2"))
        #expect(Self.isTree(world.window))
        try world.up(2, at: 0.2, 50, 50)
        #expect(world.environment.isIdle)
    }

    @Test("R119: adding a view itself or one of its ancestors as its subview does nothing")
    func addingAnAncestorDoesNothing() {
        let world = TestWorld()
        let outer = world.addView("O", Rect(x: 0, y: 0, width: 100, height: 100))
        let inner = world.addView("I", Rect(x: 0, y: 0, width: 50, height: 50), to: outer)
        let leaf = world.addView("L", Rect(x: 0, y: 0, width: 10, height: 10), to: inner)
        leaf.addSubview(outer)
        inner.addSubview(inner)
        leaf.insertSubview(world.window, at: 0)
        inner.addSubview(outer)
        #expect(outer.superview === world.window && inner.superview === outer && leaf.superview === inner)
        #expect(leaf.subviews.isEmpty && inner.subviews.count == 1)
        #expect(Self.isTree(world.window))
    }
}
