@testable import GestureArbiter
import Testing

/// The bounds test carried into the superview's space, held against the test it replaces:
/// translate the point into the view (`p - frame.origin + boundsOrigin`), then ask the bounds,
/// half-open (R4, R286). Written out here, apart from the engine's code.
@Suite struct SuperviewHitAreaTests {
    /// One view's geometry.
    struct Geometry: CustomStringConvertible {
        var frameOrigin: Point
        var boundsOrigin: Point
        var size: Size

        var description: String {
            "frame origin (\(frameOrigin.x), \(frameOrigin.y)), bounds origin (\(boundsOrigin.x), \(boundsOrigin.y)), size \(size.width) x \(size.height)"
        }

        var area: SuperviewHitArea? {
            SuperviewHitArea(frame: Rect(origin: frameOrigin, size: size), boundsOrigin: boundsOrigin)
        }

        /// The test the area replaces.
        func translatedPointIsInBounds(_ point: Point) -> Bool {
            let local = Point(x: point.x - frameOrigin.x + boundsOrigin.x, y: point.y - frameOrigin.y + boundsOrigin.y)
            return local.x >= boundsOrigin.x && local.x < boundsOrigin.x + size.width
                && local.y >= boundsOrigin.y && local.y < boundsOrigin.y + size.height
        }
    }

    typealias SplitMix = UnsafeGrowableBufferTests.SplitMix

    /// A coordinate of the kinds that make rounding matter: small integers and eighths, values
    /// around a thousand, huge and tiny magnitudes (subnormals too), both zeros, and any finite
    /// bit pattern.
    static func coordinate(_ random: inout SplitMix) -> Double {
        switch Int.random(in: 0..<9, using: &random) {
        case 0: return Double(Int.random(in: -500...500, using: &random))
        case 1: return Double(Int.random(in: -4_000...4_000, using: &random)) / 8
        case 2: return Double.random(in: -1_000...1_000, using: &random)
        case 3: return Double(sign: Bool.random(using: &random) ? .minus : .plus, exponent: Int.random(in: 40...1_000, using: &random),
                              significand: Double.random(in: 1..<2, using: &random))
        case 4: return Double(sign: Bool.random(using: &random) ? .minus : .plus, exponent: Int.random(in: -1_074 ... -900, using: &random),
                              significand: 1)
        case 5: return 0
        case 6: return -0.0
        case 7: return Double(sign: .plus, exponent: 53, significand: 1) + Double(Int.random(in: -3...3, using: &random))
        default:
            while true {
                let value = Double(bitPattern: random.next())
                if value.isFinite { return value }
            }
        }
    }

    static func geometry(seed: UInt64) -> Geometry {
        var random = SplitMix(state: seed)
        return Geometry(
            frameOrigin: Point(x: coordinate(&random), y: coordinate(&random)),
            boundsOrigin: Point(x: coordinate(&random), y: coordinate(&random)),
            size: Size(width: coordinate(&random), height: coordinate(&random)))
    }

    /// The points to try on one axis: the area's bounds and their neighbours, the frame's edges
    /// and their neighbours, the infinities and the largest finite values.
    static func probes(_ bounds: [Double], frameOrigin: Double, size: Double) -> [Double] {
        var values = bounds + [frameOrigin, frameOrigin + size, -.infinity, .infinity, -.greatestFiniteMagnitude, .greatestFiniteMagnitude, 0]
        for value in values where value.isFinite { values += [value.nextDown, value.nextUp] }
        return values
    }

    /// What is wrong with `geometry`'s area, if anything: a bound that is not the least double
    /// to pass its comparison, or a point the two tests answer differently.
    static func fault(of geometry: Geometry) -> String? {
        guard let area = geometry.area else { return "no area for finite geometry" }
        func translate(_ value: Double, _ frame: Double, _ bounds: Double) -> Double { value - frame + bounds }
        let leastChecks: [(String, Double, Double, Double, Double)] = [
            ("minX", area.minX, geometry.frameOrigin.x, geometry.boundsOrigin.x, geometry.boundsOrigin.x),
            ("endX", area.endX, geometry.frameOrigin.x, geometry.boundsOrigin.x, geometry.boundsOrigin.x + geometry.size.width),
            ("minY", area.minY, geometry.frameOrigin.y, geometry.boundsOrigin.y, geometry.boundsOrigin.y),
            ("endY", area.endY, geometry.frameOrigin.y, geometry.boundsOrigin.y, geometry.boundsOrigin.y + geometry.size.height),
        ]
        for (name, bound, frame, bounds, target) in leastChecks {
            guard !bound.isNaN, translate(bound, frame, bounds) >= target else { return "\(name) \(bound) does not reach \(target)" }
            if bound > -.infinity, translate(bound.nextDown, frame, bounds) >= target {
                return "\(name) \(bound) is not the least: \(bound.nextDown) reaches \(target) too"
            }
        }
        let xs = probes([area.minX, area.endX], frameOrigin: geometry.frameOrigin.x, size: geometry.size.width)
        let ys = probes([area.minY, area.endY], frameOrigin: geometry.frameOrigin.y, size: geometry.size.height)
        for x in xs {
            for y in ys {
                let point = Point(x: x, y: y)
                if area.contains(point) != geometry.translatedPointIsInBounds(point) {
                    return "at \(point) the area answers \(area.contains(point)), the translated test \(!area.contains(point))"
                }
            }
        }
        return nil
    }

    /// A simpler geometry that still shows `fault`: each value replaced by a simpler one (0, then
    /// 1, then itself rounded) while the fault stays. Each step makes a value simpler, so it ends.
    static func shrink(_ geometry: Geometry) -> Geometry {
        func simplicity(_ value: Double) -> Int {
            if value == 0 { return 0 }
            if value == 1 { return 1 }
            return value == value.rounded() ? 2 : 3
        }
        var smallest = geometry
        var improved = true
        while improved {
            improved = false
            for index in 0..<6 {
                let current = component(index, of: smallest)
                for replacement in [0.0, 1.0, current.rounded()] where simplicity(replacement) < simplicity(current) {
                    var candidate = smallest
                    setComponent(index, of: &candidate, to: replacement)
                    if fault(of: candidate) != nil {
                        smallest = candidate
                        improved = true
                        break
                    }
                }
            }
        }
        return smallest
    }

    static func component(_ index: Int, of geometry: Geometry) -> Double {
        [geometry.frameOrigin.x, geometry.frameOrigin.y, geometry.boundsOrigin.x, geometry.boundsOrigin.y, geometry.size.width, geometry.size.height][index]
    }

    static func setComponent(_ index: Int, of geometry: inout Geometry, to value: Double) {
        switch index {
        case 0: geometry.frameOrigin.x = value
        case 1: geometry.frameOrigin.y = value
        case 2: geometry.boundsOrigin.x = value
        case 3: geometry.boundsOrigin.y = value
        case 4: geometry.size.width = value
        default: geometry.size.height = value
        }
    }

    @Test("R4, R286: each bound is the least double that passes its comparison, and the area answers as the translated bounds test at every bound, its neighbours, the frame's edges and the infinities",
          arguments: 0..<400)
    func matchesTranslatedTest(index: Int) {
        let seed = 0x51_1A_AE ^ UInt64(index) &* 0x9E37_79B9_7F4A_7C15
        let geometry = Self.geometry(seed: seed)
        guard let fault = Self.fault(of: geometry) else { return }
        Issue.record("""
            seed \(seed): \(geometry): \(fault)
            shrunk case: \(Self.shrink(geometry)): \(Self.fault(of: Self.shrink(geometry)) ?? "")
            """)
    }

    @Test("R4, R286: origins of unlike magnitudes, where the bound is far from the estimate and found by bisection",
          arguments: [
            (1.0, 1e17), (1e17, 1.0), (-3.5, 1e300), (1e-300, -1e16), (0.1, 123_456_789.123), (-1e16, 0.3),
          ])
    func unlikeMagnitudes(frameOrigin: Double, boundsOrigin: Double) {
        let geometry = Geometry(frameOrigin: Point(x: frameOrigin, y: boundsOrigin), boundsOrigin: Point(x: boundsOrigin, y: frameOrigin),
                                size: Size(width: 10, height: 1e-3))
        #expect(Self.fault(of: geometry) == nil)
    }

    @Test("A common geometry: the bounds are the frame, shifted by the bounds origin")
    func commonGeometry() throws {
        let area = try #require(SuperviewHitArea(frame: Rect(x: 40, y: 30, width: 100, height: 50), boundsOrigin: Point(x: 0, y: 25)))
        #expect(area.minX == 40 && area.endX == 140 && area.minY == 30 && area.endY == 80)
        #expect(area.contains(Point(x: 40, y: 30)) && !area.contains(Point(x: 140, y: 30)) && !area.contains(Point(x: 40, y: 80)))
    }

    @Test("Geometry that is not finite has no area: the walk asks such a view the long way",
          arguments: [
            Rect(x: .infinity, y: 0, width: 10, height: 10), Rect(x: 0, y: -.infinity, width: 10, height: 10),
            Rect(x: 0, y: 0, width: .nan, height: 10), Rect(x: 0, y: 0, width: 10, height: .infinity),
          ])
    func nonFinite(frame: Rect) {
        #expect(SuperviewHitArea(frame: frame, boundsOrigin: .zero) == nil)
        #expect(SuperviewHitArea(frame: Rect(x: 0, y: 0, width: 10, height: 10), boundsOrigin: Point(x: .nan, y: 0)) == nil)
        let view = View(frame: frame)
        #expect(!view.walksInline && view.hitArea == .testedInView)
    }

    @Test("The orderedKey of a double keeps the order of the doubles, and double(forKey:) inverts it",
          arguments: [-Double.infinity, -.greatestFiniteMagnitude, -1, -.leastNonzeroMagnitude, -0.0, 0, .leastNonzeroMagnitude, 1, .greatestFiniteMagnitude, .infinity])
    func orderedKeys(value: Double) {
        let key = SuperviewHitArea.orderedKey(value)
        #expect(SuperviewHitArea.double(forKey: key) == value)
        if value < .infinity { #expect(SuperviewHitArea.orderedKey(value.nextUp) == key + 1) }
        if value > -.infinity { #expect(SuperviewHitArea.orderedKey(value.nextDown) < key) }
    }
}
