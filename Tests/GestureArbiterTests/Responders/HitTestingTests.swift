@testable import GestureArbiter
import Testing

/// A view that counts how often it is hit-tested (R1).
final class CountingView: View {
    var hitTests = 0
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        hitTests += 1
        return super.hitTest(point, with: event)
    }
}

/// A view whose touch area is 20 pt larger on every side.
final class EnlargedView: View {
    override func point(inside point: Point, with event: Event?) -> Bool {
        Rect(x: -20, y: -20, width: bounds.width + 40, height: bounds.height + 40).contains(point)
    }
}

struct FlagCase: CustomTestStringConvertible, Sendable {
    let name: String
    let hidden: Bool
    let interactive: Bool
    let alpha: Double
    let hittable: Bool
    var testDescription: String { name }
}

@Suite struct HitTestingTests {
    @Test("R1, R16: a touch is hit-tested once and stays with its view when it moves into another")
    func hitTestedOnce() throws {
        let world = TestWorld()
        let counting = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        counting.name = "A"
        world.window.addSubview(counting)
        world.addView("B", Rect(x: 200, y: 0, width: 100, height: 100))
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.1, 250, 50)
        try world.up(1, at: 0.2, 250, 50)
        #expect(counting.hitTests == 1)
        #expect(world.log.lines == ["0.000 touch 1 hit A"])
        #expect(world.environment.isIdle)
    }

    @Test("R2, R3, R6: hidden, non-interactive and alpha < 0.01 views are skipped with their subtree", arguments: [
        FlagCase(name: "visible", hidden: false, interactive: true, alpha: 1, hittable: true),
        FlagCase(name: "hidden", hidden: true, interactive: true, alpha: 1, hittable: false),
        FlagCase(name: "user interaction off", hidden: false, interactive: false, alpha: 1, hittable: false),
        FlagCase(name: "alpha 0.005", hidden: false, interactive: true, alpha: 0.005, hittable: false),
        FlagCase(name: "alpha 0.0099", hidden: false, interactive: true, alpha: 0.0099, hittable: false),
        FlagCase(name: "alpha exactly 0.01", hidden: false, interactive: true, alpha: 0.01, hittable: true),
    ])
    func flags(_ row: FlagCase) throws {
        let world = TestWorld()
        world.addView("back", Rect(x: 0, y: 0, width: 200, height: 200))
        let front = world.addView("front", Rect(x: 0, y: 0, width: 200, height: 200))
        front.isHidden = row.hidden
        front.isUserInteractionEnabled = row.interactive
        front.alpha = row.alpha
        world.addView("child", Rect(x: 0, y: 0, width: 100, height: 100), to: front)
        try world.down(1, at: 0, 50, 50)
        #expect(world.log.lines.first == "0.000 touch 1 hit \(row.hittable ? "child" : "back")")
        try world.up(1, at: 0.1, 50, 50)
    }

    @Test("R5: a subview sticking out of its parent is not hit outside the parent")
    func outsideParent() throws {
        let world = TestWorld()
        let parent = world.addView("P", Rect(x: 0, y: 0, width: 100, height: 100))
        world.addView("C", Rect(x: 50, y: 50, width: 100, height: 100), to: parent)
        try world.tap(1, at: 0, 75, 75)
        try world.tap(2, at: 1, 125, 125)
        #expect(world.log.lines.filter { $0.contains("hit") } == ["0.000 touch 1 hit C", "1.000 touch 2 hit window"])
    }

    @Test("R7: of overlapping siblings the later (frontmost) wins; bringSubviewToFront and sendSubviewToBack reorder")
    func frontmostWins() throws {
        let world = TestWorld()
        let first = world.addView("V1", Rect(x: 0, y: 0, width: 200, height: 200))
        let second = world.addView("V2", Rect(x: 100, y: 100, width: 200, height: 200))
        try world.tap(1, at: 0, 150, 150)
        world.window.bringSubviewToFront(first)
        try world.tap(2, at: 1, 150, 150)
        world.window.sendSubviewToBack(first)
        try world.tap(3, at: 2, 150, 150)
        _ = second
        #expect(world.log.lines.filter { $0.contains("hit") } == [
            "0.000 touch 1 hit V2", "1.000 touch 2 hit V1", "2.000 touch 3 hit V2",
        ])
    }

    @Test("R8: the window is the hit-test view where no subview claims the point; outside every window nothing is hit")
    func windowAndOutside() throws {
        let world = TestWorld()
        try world.tap(1, at: 0, 10, 10)
        try world.tap(2, at: 1, 500, 10)
        #expect(world.log.lines == ["0.000 touch 1 hit window", "1.000 touch 2 hit none"])
        #expect(world.environment.isIdle)
    }

    @Test("R4: point(inside:) can be overridden to enlarge a view's touch area")
    func enlarged() throws {
        let world = TestWorld()
        let button = EnlargedView(frame: Rect(x: 100, y: 100, width: 40, height: 40))
        button.name = "button"
        world.window.addSubview(button)
        try world.tap(1, at: 0, 90, 90)
        try world.tap(2, at: 1, 70, 70)
        #expect(world.log.lines == ["0.000 touch 1 hit button", "1.000 touch 2 hit window"])
    }

    @Test("Bounds origin shifts a view's coordinate space for conversion and for its subviews' hit-testing")
    func boundsOrigin() throws {
        let world = TestWorld()
        let scroller = world.addView("S", Rect(x: 0, y: 0, width: 200, height: 200))
        scroller.boundsOrigin = Point(x: 0, y: 100)
        let content = world.addView("C", Rect(x: 0, y: 150, width: 50, height: 50), to: scroller)
        #expect(content.convert(Point(x: 0, y: 0), to: nil) == Point(x: 0, y: 50))
        #expect(content.convert(Point(x: 10, y: 60), from: nil) == Point(x: 10, y: 10))
        // (5, 5) in the scroller's bounds space, minus the content's frame origin (0, 150) there.
        #expect(scroller.convert(Point(x: 5, y: 5), to: content) == Point(x: 5, y: -145))
        try world.tap(1, at: 0, 10, 60)
        #expect(world.log.lines.first == "0.000 touch 1 hit C")
    }
}
