#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import GestureArbiter
import Testing

/// `AffineTransform` (docs/semantics.md, "View transforms"): expected values worked out by hand,
/// and the rotation maker's sine and cosine against the C library's.
@Suite struct AffineTransformTests {
    private static func close(_ t: AffineTransform, _ expected: [Double], within tolerance: Double = 1e-15) -> Bool {
        zip([t.a, t.b, t.c, t.d, t.tx, t.ty], expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("R285: a point maps to (a·x + c·y + tx, b·x + d·y + ty), a vector without tx, ty")
    func applying() {
        let t = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // (1·10 + 3·20 + 5, 2·10 + 4·20 + 6) = (75, 106); the vector: (70, 100).
        #expect(t.apply(to: Point(x: 10, y: 20)) == Point(x: 75, y: 106))
        #expect(t.apply(toVector: Point(x: 10, y: 20)) == Point(x: 70, y: 100))
        #expect(AffineTransform.identity.apply(to: Point(x: 3, y: 4)) == Point(x: 3, y: 4))
        #expect(AffineTransform.identity.isIdentity && !t.isIdentity)
        #expect("\(AffineTransform(scaleX: 2, y: 3))" == "[2.0, 0.0, 0.0, 3.0, 0.0, 0.0]")
    }

    @Test("R285: the makers: scale, translation, and a rotation of 90° that turns right into down (clockwise on screen)")
    func makers() {
        #expect(AffineTransform(scaleX: 2, y: 3).apply(to: Point(x: 1, y: 1)) == Point(x: 2, y: 3))
        #expect(AffineTransform(translationX: 5, y: -7).apply(to: Point(x: 1, y: 1)) == Point(x: 6, y: -6))
        let quarter = AffineTransform(rotationAngle: Double.pi / 2)
        #expect(Self.close(quarter, [0, 1, -1, 0, 0, 0]))
        let down = quarter.apply(toVector: Point(x: 1, y: 0))
        #expect(abs(down.x) <= 1e-15 && down.y == 1)
        // cos(pi/3) = 1/2, sin(pi/3) = sqrt(3)/2; cos(pi/6) = sqrt(3)/2, sin(pi/6) = 1/2.
        let root3 = 3.0.squareRoot() / 2
        #expect(Self.close(AffineTransform(rotationAngle: Double.pi / 3), [0.5, root3, -root3, 0.5, 0, 0]))
        #expect(Self.close(AffineTransform(rotationAngle: -Double.pi / 6), [root3, -0.5, 0.5, root3, 0, 0]))
        #expect(Self.close(AffineTransform(rotationAngle: Double.pi), [-1, 0, 0, -1, 0, 0]))
        #expect(Self.close(AffineTransform(rotationAngle: 3 * Double.pi / 2), [0, -1, 1, 0, 0, 0], within: 1e-15))
        #expect(AffineTransform(rotationAngle: .nan) == .identity)
        #expect(AffineTransform(rotationAngle: .infinity) == .identity)
        let far = AffineTransform(rotationAngle: 1e300)
        #expect(far.isFinite && abs(far.a) <= 1 && abs(far.b) <= 1)
    }

    @Test("R285: the rotation's sine and cosine agree with the C library's to 1e-15 over a seeded sweep of angles", arguments: [
        UInt64(1), 2, 3,
    ])
    func rotationAccuracy(seed: UInt64) {
        var state = seed
        var worst = 0.0
        var worstAngle = 0.0
        for step in 0..<2000 {
            // SplitMix64, so that the run is the same every time.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            let unit = Double(z >> 11) / Double(1 << 53)
            let range = step % 2 == 0 ? 8.0 : 2000.0
            let angle = (unit * 2 - 1) * range
            let t = AffineTransform(rotationAngle: angle)
            let error = max(abs(t.a - cos(angle)), abs(t.b - sin(angle)), abs(t.c + sin(angle)))
            if error > worst {
                worst = error
                worstAngle = angle
            }
        }
        #expect(worst <= 1e-15, "seed \(seed): worst error \(worst) at angle \(worstAngle)")
    }

    @Test("R285: concatenating applies the receiver first, then the argument")
    func concatenation() {
        let scale = AffineTransform(scaleX: 2, y: 3)
        let move = AffineTransform(translationX: 5, y: 7)
        // (1, 1) scaled is (2, 3), then moved (7, 10); moved first (6, 8), then scaled (12, 24).
        #expect(scale.concatenating(move).apply(to: Point(x: 1, y: 1)) == Point(x: 7, y: 10))
        #expect(move.concatenating(scale).apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 24))
        let quarter = AffineTransform(rotationAngle: Double.pi / 2)
        #expect(Self.close(quarter.concatenating(quarter), [-1, 0, 0, -1, 0, 0]))
    }

    @Test("R289: the inverse undoes the transform; a transform with zero determinant or a non-finite entry has none")
    func inverse() throws {
        let t = AffineTransform(a: 2, b: 0, c: 0, d: 4, tx: 6, ty: 8)
        let inverse = try #require(t.inverted())
        // (8, 12) came from ((8 - 6) / 2, (12 - 8) / 4) = (1, 1).
        #expect(inverse.apply(to: Point(x: 8, y: 12)) == Point(x: 1, y: 1))
        #expect(inverse == AffineTransform(a: 0.5, b: 0, c: 0, d: 0.25, tx: -3, ty: -2))
        let turn = AffineTransform(rotationAngle: 0.7)
        let back = try #require(turn.inverted())
        let round = back.apply(to: turn.apply(to: Point(x: 3, y: -5)))
        #expect(abs(round.x - 3) <= 1e-14 && abs(round.y + 5) <= 1e-14)
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
        #expect(!AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).isInvertible)
        #expect(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
        #expect(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0).inverted() == nil)
        #expect(AffineTransform(scaleX: 1e-200, y: 1e-200).inverted() == nil)
        #expect(AffineTransform.identity.inverted() == .identity)
    }
}
