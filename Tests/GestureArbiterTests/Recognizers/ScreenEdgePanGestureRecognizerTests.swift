@testable import GestureArbiter
import Testing

struct EdgeStart: CustomTestStringConvertible, Sendable {
    let edge: String
    let start: Point
    let inward: Point
    var testDescription: String { "\(edge) from \(start)" }
}

@Suite struct ScreenEdgePanGestureRecognizerTests {
    static func world(edges: RectEdge) -> (TestWorld, ScreenEdgePanGestureRecognizer) {
        let world = TestWorld(width: 400, height: 800)
        let root = world.addView("R", Rect(x: 0, y: 0, width: 400, height: 800))
        let pan = ScreenEdgePanGestureRecognizer()
        pan.edges = edges
        world.attach(pan, "E", to: root)
        return (world, pan)
    }

    @Test("R105, R107, R108: each edge begins after more than 15 pt inward", arguments: [
        EdgeStart(edge: "left", start: Point(x: 5, y: 300), inward: Point(x: 1, y: 0)),
        EdgeStart(edge: "right", start: Point(x: 395, y: 300), inward: Point(x: -1, y: 0)),
        EdgeStart(edge: "top", start: Point(x: 200, y: 5), inward: Point(x: 0, y: 1)),
        EdgeStart(edge: "bottom", start: Point(x: 200, y: 795), inward: Point(x: 0, y: -1)),
    ])
    func eachEdge(_ row: EdgeStart) throws {
        let (world, pan) = Self.world(edges: .all)
        try world.down(1, at: 0, row.start.x, row.start.y)
        try world.move(1, at: 0.02, row.start.x + row.inward.x * 15, row.start.y + row.inward.y * 15)
        try world.move(1, at: 0.04, row.start.x + row.inward.x * 15.0001, row.start.y + row.inward.y * 15.0001)
        try world.up(1, at: 0.06, row.start.x + row.inward.x * 30, row.start.y + row.inward.y * 30)
        #expect(world.log.lines == ["0.000 touch 1 hit R", "0.040 gesture E began", "0.060 gesture E ended"])
        _ = pan
    }

    @Test("R107: the left region is the half-open strip [0, 13): 12.999 starts, 13 fails at touch-down",
          arguments: zip([12.999, 13.0], [true, false]))
    func leftRegion(_ x: Double, _ starts: Bool) throws {
        let (world, pan) = Self.world(edges: .left)
        try world.down(1, at: 0, x, 300)
        #expect(world.log.lines.contains("0.000 gesture E failed") == !starts)
        #expect(pan.touchedEdge == (starts ? .left : nil))
        try world.up(1, at: 0.1, x, 300)
    }

    @Test("R107: the right region is the half-open strip [387, 400) of a 400 pt window: 387 starts, 386.999 fails",
          arguments: zip([387.0, 386.999], [true, false]))
    func rightRegion(_ x: Double, _ starts: Bool) throws {
        let (world, _) = Self.world(edges: .right)
        try world.down(1, at: 0, x, 300)
        #expect(world.log.lines.contains("0.000 gesture E failed") == !starts)
        try world.up(1, at: 0.1, x, 300)
    }

    @Test("R106: edges are the window's: a touch near an unconfigured edge fails")
    func unconfiguredEdge() throws {
        let (world, _) = Self.world(edges: .left)
        try world.down(1, at: 0, 395, 300)
        #expect(world.log.lines.contains("0.000 gesture E failed"))
        try world.up(1, at: 0.1, 395, 300)
    }

    @Test("R108: along-edge travel beyond max(67.7 × (1 − t/0.5 s), 20) fails before the gesture begins",
          arguments: zip([0.1, 0.1, 0.45, 0.45], [54.0, 54.2, 20.0, 20.1]))
    func allowance(_ time: Double, _ along: Double) throws {
        // At 0.1 s the allowance is 67.7 × 0.8 = 54.16 pt; at 0.45 s it is max(6.77, 20) = 20 pt.
        let allowance = max(67.7 * (1 - time / 0.5), 20)
        let (world, _) = Self.world(edges: .left)
        try world.down(1, at: 0, 5, 300)
        try world.move(1, at: time / 2, 5, 300 + along / 2)
        try world.move(1, at: time, 5, 300 + along)
        #expect(world.log.lines.contains("\(Timestamp(seconds: time)) gesture E failed") == (along > allowance))
        try world.up(1, at: 1, 5, 300 + along)
    }

    @Test("R108: a jump of more than 100 pt between samples fails")
    func jump() throws {
        let (world, _) = Self.world(edges: .left)
        try world.down(1, at: 0, 5, 300)
        try world.move(1, at: 0.01, 5, 300.5)
        try world.move(1, at: 0.02, 5, 401)
        #expect(world.log.lines.contains("0.020 gesture E failed"))
        try world.up(1, at: 0.03, 5, 401)
    }

    @Test("R108: inward travel outside ±77.5° of the normal fails; inside begins", arguments: zip([4.5, 4.52], [true, false]))
    func angleWindow(_ ratio: Double, _ begins: Bool) throws {
        // tan(77.5°) ≈ 4.5107: 20 pt inward allows 90.21 pt along the edge.
        let (world, _) = Self.world(edges: .left)
        try world.down(1, at: 0, 5, 300)
        try world.move(1, at: 0.001, 25, 300 + 20 * ratio)
        #expect(world.log.lines.contains(begins ? "0.001 gesture E began" : "0.001 gesture E failed"))
        try world.up(1, at: 0.1, 25, 300 + 20 * ratio)
    }

    @Test("R105, R109: delays touch-began and tracks one touch by default; the view sees nothing when it begins (R61, R67)")
    func defaults() throws {
        let pan = ScreenEdgePanGestureRecognizer()
        #expect(pan.delaysTouchesBegan)
        #expect(pan.maximumNumberOfTouches == 1)
        let world = TestWorld()
        let root = world.addView("R", Rect(x: 0, y: 0, width: 400, height: 800))
        pan.edges = .left
        world.attach(pan, "E", to: root)
        try world.down(1, at: 0, 5, 300)
        try world.move(1, at: 0.02, 25, 300)
        try world.up(1, at: 0.04, 25, 300)
        #expect(world.log.lines == ["0.000 touch 1 hit R", "0.020 gesture E began", "0.040 gesture E ended"])
        #expect(world.environment.isIdle)
    }
}
