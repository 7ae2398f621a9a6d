/// The bounds test of a view with the identity transform, carried into its superview's space.
///
/// Hit-testing converts a point from the superview into the view by a translation,
/// `local.x = (p.x - frame.origin.x) + boundsOrigin.x` (likewise y), and then tests
/// `bounds.contains(local)`, half-open (R4, R286). Each of the four comparisons is monotonic in
/// p: rounding never reverses the order of two sums. So each holds exactly from one double on
/// (or up to one), and the four bounds below, found once when the geometry changes, give the same
/// answer as the conversion and the test for every point, rounding included:
///
///     bounds.contains(translated p)  ==  minX <= p.x < endX  &&  minY <= p.y < endY
///
/// The hit-test walk's scan rejects a sibling with one comparison, `p.x < minX`, and converts
/// the point only into the view it enters (View.scanPlainSubviews).
///
/// Defined only for finite geometry: with an infinite or NaN origin or size, a translated point
/// can be NaN where a nearby one is not, which no bound can express; such a view is tested the
/// long way (`init` answers nil).
struct SuperviewHitArea: Equatable {
    /// The least x whose translation is at least the bounds' minX.
    var minX: Double
    /// The least x whose translation is at least the bounds' maxX (outside: half-open).
    var endX: Double
    /// The least y whose translation is at least the bounds' minY.
    var minY: Double
    /// The least y whose translation is at least the bounds' maxY (outside: half-open).
    var endY: Double

    /// The area of a view whose test is not carried into its superview: every x that is a number
    /// passes ``minX``, so that the walk's scan stops at the view and asks it the long way.
    static let testedInView = SuperviewHitArea(minX: -.infinity, endX: -.infinity, minY: -.infinity, endY: -.infinity)

    private init(minX: Double, endX: Double, minY: Double, endY: Double) {
        self.minX = minX
        self.endX = endX
        self.minY = minY
        self.endY = endY
    }

    /// The area of a view with `frame` and `boundsOrigin` and the identity transform; nil when
    /// any of them is not finite.
    init?(frame: Rect, boundsOrigin: Point) {
        guard frame.origin.isFinite, boundsOrigin.isFinite, frame.size.width.isFinite, frame.size.height.isFinite else { return nil }
        let bounds = Rect(origin: boundsOrigin, size: frame.size)
        minX = Self.least(from: frame.origin.x, into: boundsOrigin.x, reaching: bounds.minX)
        endX = Self.least(from: frame.origin.x, into: boundsOrigin.x, reaching: bounds.maxX)
        minY = Self.least(from: frame.origin.y, into: boundsOrigin.y, reaching: bounds.minY)
        endY = Self.least(from: frame.origin.y, into: boundsOrigin.y, reaching: bounds.maxY)
    }

    /// Whether `point`, in the superview's space, translates into the bounds. `point` must be a
    /// number on both axes for the answer to match the long test (a NaN coordinate never hits,
    /// which this answers too, but the walk's scan reads ``minX`` alone).
    @inline(__always)
    func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < endX && point.y >= minY && point.y < endY
    }

    /// The translation of one coordinate, exactly as `View.translateFromSuperview` computes it.
    @inline(__always)
    static func translate(_ coordinate: Double, from frameOrigin: Double, into boundsOrigin: Double) -> Double {
        coordinate - frameOrigin + boundsOrigin
    }

    /// The least double p (-infinity included) whose translation is at least `target`.
    ///
    /// The translation is non-decreasing in p and reaches +infinity at +infinity (the origins
    /// are finite), so the p that reach `target` (finite or infinite, never NaN) are every double
    /// from some least one on. Found from the exact inverse, a few ulps away at most when the
    /// two origins have like magnitudes, and else by bisection over the doubles in order.
    static func least(from frameOrigin: Double, into boundsOrigin: Double, reaching target: Double) -> Double {
        func reaches(_ p: Double) -> Bool { translate(p, from: frameOrigin, into: boundsOrigin) >= target }
        var candidate = target - boundsOrigin + frameOrigin
        if reaches(candidate) {
            for _ in 0..<4 {
                guard candidate > -.infinity, reaches(candidate.nextDown) else { return candidate }
                candidate = candidate.nextDown
            }
        } else {
            // The one before each candidate does not reach: the first that does is the least.
            for _ in 0..<4 {
                candidate = candidate.nextUp
                if reaches(candidate) { return candidate }
            }
        }
        // Far from the estimate (an origin much larger than the other): bisect over the doubles
        // in order, between -infinity's predecessor (taken as not reaching) and +infinity
        // (reaching: its translation is +infinity).
        var below = orderedKey(-.infinity) - 1
        var reaching = orderedKey(.infinity)
        while below + 1 < reaching {
            // The floor of the mean, without the overflow of `reaching - below`.
            let middle = (below >> 1) + (reaching >> 1) + (below & reaching & 1)
            if reaches(double(forKey: middle)) { reaching = middle } else { below = middle }
        }
        return double(forKey: reaching)
    }

    /// The doubles other than NaN as integers in the same order (-0 and +0 both 0).
    static func orderedKey(_ value: Double) -> Int64 {
        let bits = Int64(bitPattern: value.bitPattern)
        return bits >= 0 ? bits : -(bits & Int64.max)
    }

    /// The double of an ``orderedKey(_:)`` (0 is +0).
    static func double(forKey key: Int64) -> Double {
        key >= 0 ? Double(bitPattern: UInt64(key)) : Double(bitPattern: UInt64(-key) | (1 << 63))
    }
}
