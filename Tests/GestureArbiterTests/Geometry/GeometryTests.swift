import GestureArbiter
import Testing

struct ContainmentCase: CustomTestStringConvertible, Sendable {
    let point: Point
    let inside: Bool
    var testDescription: String { "\(point) \(inside ? "inside" : "outside")" }
}

@Suite struct GeometryTests {
    static let square = Rect(x: 0, y: 0, width: 100, height: 100)

    @Test("R4: containment is half-open: min edges inside, max edges outside", arguments: [
        ContainmentCase(point: Point(x: 0, y: 0), inside: true),
        ContainmentCase(point: Point(x: 99, y: 99), inside: true),
        ContainmentCase(point: Point(x: 99.999, y: 50), inside: true),
        ContainmentCase(point: Point(x: 100, y: 100), inside: false),
        ContainmentCase(point: Point(x: 100, y: 50), inside: false),
        ContainmentCase(point: Point(x: 50, y: 100), inside: false),
        ContainmentCase(point: Point(x: -0.001, y: 50), inside: false),
    ])
    func halfOpen(_ row: ContainmentCase) {
        #expect(Self.square.contains(row.point) == row.inside)
    }

    @Test("R4: a rectangle with zero width or height contains no point")
    func emptyRect() {
        #expect(!Rect(x: 0, y: 0, width: 0, height: 10).contains(Point(x: 0, y: 5)))
        #expect(!Rect(x: 0, y: 0, width: 10, height: 0).contains(Point(x: 5, y: 0)))
    }

    @Test("Point distance is Euclidean; finiteness")
    func distance() {
        #expect(Point(x: 0, y: 0).distance(to: Point(x: 3, y: 4)) == 5)
        #expect(!Point(x: .nan, y: 0).isFinite)
        #expect(!Point(x: 0, y: .infinity).isFinite)
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).maxX == 4)
    }
}
