@testable import GestureArbiter
import Testing

/// View transforms (docs/semantics.md, "View transforms", R285-R289). Every expected value is
/// worked out by hand in the comments from frame centre + transform(p - bounds centre).
///
/// The rotated view R used throughout: frame (100, 100, 200, 100), so its centre is (200, 150)
/// and its bounds centre (100, 50); turned 90° clockwise, `[0, 1, -1, 0, 0, 0]`, which maps a
/// vector (x, y) to (-y, x) and back with (x, y) -> (y, -x). Its own point p is drawn at
/// (200 - (p.y - 50), 150 + (p.x - 100)) = (250 - p.y, 50 + p.x): the drawn shape covers
/// x 150...250, y 50...250.
@Suite struct ViewTransformTests {
    private static let quarterTurn = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)

    private static func rotatedWorld() -> (TestWorld, RecordingView) {
        let world = TestWorld()
        let rotated = world.addView("R", Rect(x: 100, y: 100, width: 200, height: 100))
        rotated.transform = quarterTurn
        return (world, rotated)
    }

    private static func near(_ p: Point, _ x: Double, _ y: Double) -> Bool {
        abs(p.x - x) <= 1e-9 && abs(p.y - y) <= 1e-9
    }

    @Test("R285, R286: a rotated view is hit inside its drawn shape, even outside its frame, and not inside its frame outside the shape")
    func rotatedHitTesting() {
        let (world, rotated) = Self.rotatedWorld()
        // (200, 60): above the frame (y < 100) but in the drawn shape (x 150...250, y 50...250).
        #expect(world.window.hitTest(Point(x: 200, y: 60), with: nil) === rotated)
        // (120, 150): in the frame (x 100...300) but left of the drawn shape (x < 150).
        #expect(world.window.hitTest(Point(x: 120, y: 150), with: nil) === world.window)
        // (280, 150): in the frame, right of the drawn shape (x >= 250, the half-open edge).
        #expect(world.window.hitTest(Point(x: 280, y: 150), with: nil) === world.window)
        // (200, 60) in R's space: (200 - 200, 60 - 150) = (0, -90) turned back (y, -x) = (-90, 0),
        // plus the bounds centre (100, 50): (10, 50). point(inside:) is asked in that space.
        #expect(Self.near(rotated.convert(Point(x: 200, y: 60), from: nil), 10, 50))
        #expect(rotated.point(inside: Point(x: 10, y: 50), with: nil))
    }

    @Test("R4, R286: a point on the top edge of a translated view with a fractional bounds origin hits it, as it hits the same view untransformed")
    func edgeWithFractionalBoundsOrigin() {
        let world = TestWorld()
        // Frame (100, 100, 200, 100), bounds origin (0, -0.1): its own top edge is y = -0.1. Moved
        // by (7, 7), it is drawn with that edge at 107: (157, 107) is in it at (50, -0.1), on
        // the top edge, which R4 counts in. The twin without a transform at (100, 400) takes
        // (150, 400) to the same own point.
        let moved = world.addView("M", Rect(x: 100, y: 100, width: 200, height: 100))
        moved.boundsOrigin = Point(x: 0, y: -0.1)
        moved.transform = AffineTransform(translationX: 7, y: 7)
        let twin = world.addView("T", Rect(x: 100, y: 400, width: 200, height: 100))
        twin.boundsOrigin = Point(x: 0, y: -0.1)
        #expect(world.window.hitTest(Point(x: 150, y: 400), with: nil) === twin)
        #expect(world.window.hitTest(Point(x: 157, y: 107), with: nil) === moved)
        // Just above the edge, neither.
        #expect(world.window.hitTest(Point(x: 157, y: 106.5), with: nil) === world.window)
    }

    @Test("R285, R286: a view scaled about its centre is hit where it is drawn; one shrunk is not hit in its frame outside its drawn shape")
    func scaledHitTesting() {
        let world = TestWorld()
        // Frame (100, 100, 100, 100): centre (150, 150). Doubled: drawn over 50...250 both ways.
        let big = world.addView("B", Rect(x: 100, y: 100, width: 100, height: 100))
        big.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(world.window.hitTest(Point(x: 60, y: 60), with: nil) === big)
        #expect(world.window.hitTest(Point(x: 249, y: 249), with: nil) === big)
        #expect(world.window.hitTest(Point(x: 250, y: 150), with: nil) === world.window)
        // (60, 60) in B: (60 - 150) / 2 + 50 = 5 on each axis.
        #expect(big.convert(Point(x: 60, y: 60), from: nil) == Point(x: 5, y: 5))
        // Halved, frame (300, 300, 100, 100): centre (350, 350), drawn over 325...375.
        let small = world.addView("S", Rect(x: 300, y: 300, width: 100, height: 100))
        small.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        #expect(world.window.hitTest(Point(x: 310, y: 310), with: nil) === world.window)
        #expect(world.window.hitTest(Point(x: 330, y: 370), with: nil) === small)
    }

    @Test("R286, R287: subviews of a transformed view turn with it; their locations and conversions follow")
    func subviewsOfATransformedView() {
        let (world, rotated) = Self.rotatedWorld()
        // C covers R's own (0...50, 0...50): drawn at (250 - y, 50 + x), so x 200...250, y 50...100.
        let child = world.addView("C", Rect(x: 0, y: 0, width: 50, height: 50), to: rotated)
        // (240, 70) in R: (40, -80) turned back (-80, -40), + (100, 50) = (20, 10): inside C.
        #expect(world.window.hitTest(Point(x: 240, y: 70), with: nil) === child)
        #expect(Self.near(child.convert(Point(x: 240, y: 70), from: nil), 20, 10))
        // (240, 130) in R: (40, -20) -> (-20, -40) -> (80, 10): in R, right of C.
        #expect(world.window.hitTest(Point(x: 240, y: 130), with: nil) === rotated)
        // C's (20, 10) is drawn at (250 - 10, 50 + 20) = (240, 70).
        #expect(Self.near(child.convert(Point(x: 20, y: 10), to: nil), 240, 70))
    }

    @Test("R287: conversions between transformed and plain views go through the window and come back", arguments: [
        Point(x: 0, y: 0), Point(x: 17.5, y: -3), Point(x: 123.25, y: 77),
    ])
    func roundTrips(_ point: Point) {
        let (world, rotated) = Self.rotatedWorld()
        let child = world.addView("C", Rect(x: 10, y: 20, width: 50, height: 50), to: rotated)
        child.transform = AffineTransform(scaleX: 2, y: 0.5).concatenating(AffineTransform(translationX: 3, y: -4))
        child.boundsOrigin = Point(x: 5, y: 5)
        let plain = world.addView("P", Rect(x: 300, y: 400, width: 50, height: 50))
        let there = child.convert(point, to: plain)
        let back = child.convert(there, from: plain)
        #expect(abs(back.x - point.x) <= 1e-9 && abs(back.y - point.y) <= 1e-9)
        let inWindow = child.convert(point, to: nil)
        #expect(Self.near(plain.convert(inWindow, from: nil), there.x, there.y))
        // P is untransformed: window (x, y) is P's (x - 300, y - 400).
        #expect(Self.near(there, inWindow.x - 300, inWindow.y - 400))
    }

    @Test("R287, R288: a drag to the right on screen is a drag up (negative y) for a pan on a view turned 90° clockwise")
    func panInARotatedView() throws {
        let (world, rotated) = Self.rotatedWorld()
        let pan = world.attach(PanGestureRecognizer(), "P", to: rotated)
        var seen: [(Point, Point, Point, Point)] = []
        // The view owns the pan, which owns this action: the action holds the view unowned.
        pan.addAction { [unowned rotated] pan in
            seen.append((pan.translation(in: rotated), pan.translation(in: nil), pan.velocity(in: rotated), pan.location(in: rotated)))
        }
        try world.down(1, at: 0, 200, 150)
        // 30 pt right in 20 ms: began, the 10 pt hysteresis taken out (R95): (20, 0) on screen,
        // which in R is (y, -x) = (0, -20); velocity 30 / 0.02 = 1 500 pt/s, in R (0, -1 500).
        try world.move(1, at: 0.02, 230, 150)
        // 10 pt more in 20 ms: (30, 0), in R (0, -30); velocity 0.2 × 500 + 0.8 × 1 500 = 1 300,
        // in R (0, -1 300); the centroid (240, 150) in R: (40, 0) -> (0, -40) -> (100, 10).
        try world.move(1, at: 0.04, 240, 150)
        try #require(seen.count == 2)
        #expect(Self.near(seen[0].0, 0, -20) && seen[0].1 == Point(x: 20, y: 0))
        #expect(Self.near(seen[0].2, 0, -1500))
        #expect(Self.near(seen[1].0, 0, -30) && Self.near(seen[1].2, 0, -1300))
        #expect(Self.near(seen[1].3, 100, 10))
        // Setting (0, -5) in R sets (5, 0) on screen: R's (x, y) is drawn as (-y, x).
        pan.setTranslation(Point(x: 0, y: -5), in: rotated)
        #expect(Self.near(pan.translation(in: nil), 5, 0))
        try world.up(1, at: 0.06, 240, 150)
    }

    @Test("R288: in a view scaled by 2 the same drag reads half as far")
    func panInAScaledView() throws {
        let world = TestWorld()
        let big = world.addView("B", Rect(x: 100, y: 100, width: 100, height: 100))
        big.transform = AffineTransform(scaleX: 2, y: 2)
        let pan = world.attach(PanGestureRecognizer(), "P", to: big)
        try world.down(1, at: 0, 150, 150)
        // 30 pt right: began with (20, 0) on screen, (10, 0) in B.
        try world.move(1, at: 0.02, 180, 150)
        #expect(pan.translation(in: big) == Point(x: 10, y: 0))
        #expect(pan.translation(in: world.window) == Point(x: 20, y: 0))
        try world.up(1, at: 0.04, 180, 150)
    }

    @Test("R286, R287: a tap on the drawn shape of a rotated view outside its frame is recognized there; one in its frame outside the shape is not")
    func tapOnARotatedView() throws {
        let (world, rotated) = Self.rotatedWorld()
        let tap = world.attach(TapGestureRecognizer(), "T", to: rotated)
        var location: Point?
        tap.addAction { [unowned rotated] in location = $0.location(in: rotated) }
        try world.tap(1, at: 0, 200, 60)
        // (200, 60) in R: (10, 50), as in rotatedHitTesting.
        #expect(world.log.lines == ["0.000 touch 1 hit R", "0.000 view R began 1", "0.080 gesture T recognized", "0.080 view R cancelled 1"])
        #expect(location.map { Self.near($0, 10, 50) } == true)
        world.log.lines = []
        try world.tap(2, at: 2, 120, 150)
        #expect(world.log.lines == ["2.000 touch 2 hit window"])
    }

    @Test("R287: a tap's allowable movement is measured in window space, whatever the view's scale")
    func tapSlopInWindowSpace() throws {
        let world = TestWorld()
        let small = world.addView("S", Rect(x: 100, y: 100, width: 200, height: 200))
        small.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        let tap = world.attach(TapGestureRecognizer(), "T", to: small)
        // Drawn over 150...250. 46 pt on screen is 92 pt in S: the tap fails by the 45 pt on
        // screen, not by S's own distance.
        try world.down(1, at: 0, 160, 200)
        try world.move(1, at: 0.02, 206, 200)
        try world.up(1, at: 0.04, 206, 200)
        #expect(world.log.lines.contains("0.020 gesture T failed"))
        #expect(!world.log.lines.contains("0.040 gesture T recognized"))
        #expect(tap.state == .possible)  // reset after the failure (R39)
        // 44 pt on screen (88 in S) stays within it: recognized.
        try world.down(2, at: 2, 160, 200)
        try world.move(2, at: 2.02, 204, 200)
        try world.up(2, at: 2.04, 204, 200)
        #expect(world.log.lines.contains("2.040 gesture T recognized"))
    }

    @Test("R289: a view with a transform that is not invertible is not hit, nor its subviews; points convert to its bounds centre, vectors to zero")
    func singularTransform() throws {
        let world = TestWorld()
        let flat = world.addView("F", Rect(x: 100, y: 100, width: 100, height: 100))
        let inner = world.addView("I", Rect(x: 0, y: 0, width: 100, height: 100), to: flat)
        flat.transform = AffineTransform(scaleX: 0, y: 1)
        #expect(world.window.hitTest(Point(x: 150, y: 150), with: nil) === world.window)
        #expect(flat.convert(Point(x: 150, y: 150), from: nil) == Point(x: 50, y: 50))
        #expect(inner.convert(Point(x: 3, y: 4), from: nil) == Point(x: 50, y: 50))
        let pan = PanGestureRecognizer()
        #expect(flat.convertVectorFromWindow(Point(x: 7, y: 8)) == .zero)
        #expect(pan.translation(in: flat) == .zero)
        try world.down(1, at: 0, 150, 150)
        #expect(world.records.contains { record in
            if case let .hitTestSkipped(view, reason) = record { return view === flat && reason == .outside }
            return false
        })
        try world.up(1, at: 0.05, 150, 150)
        // Back to the identity: hit again.
        flat.transform = .identity
        #expect(world.window.hitTest(Point(x: 150, y: 150), with: nil) === inner)
    }

    @Test("R285: a window keeps the identity; the identity needs no work (hasTransform stays false)")
    func windowsAndIdentity() {
        let world = TestWorld()
        world.window.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(world.window.transform == .identity && !world.window.hasTransform)
        let view = world.addView("V", Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(!view.hasTransform)
        view.transform = AffineTransform(rotationAngle: 0.1)
        #expect(view.hasTransform)
        view.transform = .identity
        #expect(!view.hasTransform)
        #expect(view.convert(Point(x: 1, y: 2), to: nil) == Point(x: 11, y: 22))
    }
}
