/// A two-dimensional affine transform: UIKit's `CGAffineTransform`.
///
/// A point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty); a vector maps through the linear part
/// alone, (a·x + c·y, b·x + d·y). In UIKit's y-down coordinates a positive rotation angle turns
/// clockwise on screen: ``init(rotationAngle:)`` with pi/2 is `[0, 1, -1, 0, 0, 0]`, and maps
/// (1, 0) to (0, 1).
///
/// A view's ``View/transform`` applies one about the centre of the view's frame (R285).
///
/// Rule: R285, R289.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// The x coordinate's factor in the new x.
    public var a: Double
    /// The x coordinate's factor in the new y.
    public var b: Double
    /// The y coordinate's factor in the new x.
    public var c: Double
    /// The y coordinate's factor in the new y.
    public var d: Double
    /// Added to the new x.
    public var tx: Double
    /// Added to the new y.
    public var ty: Double

    /// Creates a transform from its six entries.
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that changes nothing: `[1, 0, 0, 1, 0, 0]`.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Scales x by `sx` and y by `sy`: `[sx, 0, 0, sy, 0, 0]`.
    @inlinable
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Moves by (`tx`, `ty`): `[1, 0, 0, 1, tx, ty]`.
    @inlinable
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// Turns by `angle` radians, clockwise on screen for a positive angle (y points down):
    /// `[cos, sin, -sin, cos, 0, 0]`. The sine and cosine are the engine's own (it imports no
    /// C library), within a few units in the last place for |angle| below 2^30; a
    /// non-finite angle gives the identity, never NaN.
    public init(rotationAngle angle: Double) {
        let (sine, cosine) = sineAndCosine(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is exactly the identity.
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `other`: the result maps p to `other` applied to (`self` applied to
    /// p), as UIKit's `concatenating(_:)`.
    @inlinable
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// The transform that undoes this one, or nil when there is none: when the determinant
    /// a·d - b·c is zero, or an entry or the result is not finite. (UIKit's `inverted()` returns
    /// the transform unchanged instead.)
    ///
    /// Rule: R289.
    public func inverted() -> AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite, tx.isFinite, ty.isFinite else { return nil }
        let ia = d / determinant
        let ib = -b / determinant
        let ic = -c / determinant
        let id = a / determinant
        let inverse = AffineTransform(
            a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty)
        )
        guard inverse.isFinite else { return nil }
        return inverse
    }

    /// Whether ``inverted()`` gives a transform.
    public var isInvertible: Bool { inverted() != nil }

    /// Whether all six entries are finite.
    @inlinable
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// `point` mapped: (a·x + c·y + tx, b·x + d·y + ty).
    @inlinable
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// `vector` mapped by the linear part alone: (a·x + c·y, b·x + d·y). Translations and
    /// velocities convert this way.
    @inlinable
    public func apply(toVector vector: Vector) -> Vector {
        Vector(x: a * vector.x + c * vector.y, y: b * vector.x + d * vector.y)
    }

    /// A textual form such as `[1.0, 0.0, 0.0, 1.0, 0.0, 0.0]` (a, b, c, d, tx, ty).
    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}

/// The sine and cosine of `angle` without the C library: the angle is reduced to r in
/// [-pi/4, pi/4] with k quarter turns taken out (pi/2 in three parts, so that k·pi/2 is taken
/// out exactly for |k| < 2^20), then the Taylor series of sin r and cos r are summed to the term
/// below 10^-17. A non-finite angle gives (0, 1); beyond 2^30 the angle is first taken modulo
/// the `Double` nearest 2·pi, so the result stays finite and in -1...1, if no longer accurate.
func sineAndCosine(_ angle: Double) -> (sine: Double, cosine: Double) {
    guard angle.isFinite else { return (0, 1) }
    let angle = abs(angle) < 0x1p30 ? angle : angle.truncatingRemainder(dividingBy: 2 * Double.pi)
    // fdlibm's pi/2 split: 33 bits, 33 more bits, and the rest.
    let pio2First = 1.57079632673412561417e+00
    let pio2Second = 6.07710050630396597660e-11
    let pio2Rest = 2.02226624879595063154e-21
    let quarters = (angle * (2 / Double.pi)).rounded()
    let r = ((angle - quarters * pio2First) - quarters * pio2Second) - quarters * pio2Rest
    let r2 = r * r
    // sin r = r - r^3/3! + ..., cos r = 1 - r^2/2! + ...: with |r| <= pi/4 the terms after
    // r^17/17! and r^18/18! are below 10^-17.
    var sineTerm = r
    var sine = 0.0
    var cosineTerm = 1.0
    var cosine = 0.0
    var n = 1.0
    for _ in 0..<10 {
        sine += sineTerm
        cosine += cosineTerm
        sineTerm *= -r2 / ((n + 1) * (n + 2))
        cosineTerm *= -r2 / (n * (n + 1))
        n += 2
    }
    let quadrant = Int(quarters.truncatingRemainder(dividingBy: 4))
    switch (quadrant + 4) % 4 {
    case 0: return (sine, cosine)
    case 1: return (cosine, -sine)
    case 2: return (-sine, -cosine)
    default: return (-cosine, sine)
    }
}
