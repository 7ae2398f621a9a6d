import GestureArbiter

extension ScenarioInvariant {
    /// R285-R288: moving everything in the window by one offset changes no log line. The scenario
    /// runs a second time with each view whose parent is the window given its transform followed
    /// by a translation (dx, dy), and every input location (touches, clicks, hover, scroll,
    /// trackpad transforms) moved
    /// by (dx, dy); the log (hits, view and controller callbacks, states and actions, control
    /// events, scroll offsets) and what kept the run busy at the end must be the same.
    ///
    /// Why it must hold: a view is drawn at its frame's centre + transform(p − bounds centre)
    /// (R285), so a translation after a view's transform moves the view and its subtree by
    /// (dx, dy) on screen and changes nothing inside it. Hit-testing follows what is drawn (R286),
    /// so a point moved by the same offset hits the same view at the same point of the view's own
    /// space; every location in a view follows (R287); distance thresholds are measured in window
    /// space (R287), where the distance between two inputs does not change; a pan's translation
    /// and velocity go through the linear parts of the transforms alone (R288), so scroll offsets
    /// (R245) do not move either.
    ///
    /// What is tied to the window is kept as it was, since the window does not move (its
    /// transform stays the identity, R285): the offset is chosen so that each input point is
    /// inside the window's bounds after the move exactly when it was before, along each axis
    /// (R4's half-open ranges, R8: a point outside starts no touch; R174: a pinch's fingers inside
    /// the window), and, when the scenario has screen-edge pans, in the same 13 pt edge strips
    /// (R107), with the same nearer edge where two strips meet. The offset is in whole points and
    /// every moved translation is exact. The offset is the first that qualifies from a fixed list
    /// (large and small, both signs), starting at a place given by the number of input entries;
    /// when only (0, 0) qualifies, the scenario is not judged.
    ///
    /// The rules are exact, the engine computes in floating point, and the invariant compares
    /// two runs, so it judges only input whose window-space arithmetic is exact in both: every
    /// input coordinate and scroll delta a whole number, and at most two touches down at once
    /// (the centroid of two whole points is exact, R42; that of three is not). Other input is
    /// not judged: there the same drag moved elsewhere sums other numbers, and a rounding
    /// error can land on the other side of an exact threshold (a long press allowing 0 pt of a
    /// twist whose centroid does not move, R144; a scroll offset that changes by a rounding
    /// error when a finger lifts, R99, R245) or of a thousandth in the log. One fraction is the
    /// engine's own: a wheel's hysteresis of 0.001 pt (R274) is taken out of the translation at
    /// began (R95), so a wheel-driven pan's reference point is not whole, and an offset exactly
    /// halfway between two thousandths (14.9995) may round either way. So the two logs' scroll
    /// offsets (`scroll V offset x,y`) are compared as numbers, to within the last printed place
    /// (0.001); every other line must be equal.
    ///
    /// Not judged either: scenarios with recognizers of your own types, or run with a `prepare`
    /// hook (your code may read window coordinates, which no rule keeps the same), and runs
    /// whose input was rejected (every invariant reports those).
    public static let translatedContentLogsTheSame = ScenarioInvariant(name: "translated content logs the same") { observation in
        let scenario = observation.scenario
        guard observation.rejection == nil, observation.prepare == nil,
            !scenario.gestures.contains(where: { if case .custom = $0.kind { return true } else { return false } }),
            let (dx, dy) = ContentTranslation.offset(for: scenario)
        else { return [] }
        let moved = observe(ContentTranslation.moving(scenario, dx: dx, dy: dy), registry: observation.registry)
        let label = "moved by (\(Int(dx)), \(Int(dy)))"
        if let rejection = moved.rejection { return ["\(label): \(rejection)"] }
        var problems: [String] = []
        let common = min(observation.log.count, moved.log.count)
        let differing = (0..<common).first { !ContentTranslation.sameLine(observation.log[$0], moved.log[$0]) }
        if let index = differing ?? (observation.log.count == moved.log.count ? nil : common) {
            func line(_ log: [String]) -> String { index < log.count ? "\"\(log[index])\"" : "no line" }
            problems.append("\(label), log line \(index + 1) is \(line(moved.log)) instead of \(line(observation.log)) (R285-R288)")
        }
        if moved.endedIdle != observation.endedIdle || moved.busyReasons != observation.busyReasons {
            problems.append("\(label), the run ends busy with \(moved.busyReasons) instead of \(observation.busyReasons) (R285-R288)")
        }
        return problems
    }
}

/// The move of ``ScenarioInvariant/translatedContentLogsTheSame``: which offset, and the moved
/// scenario.
enum ContentTranslation {
    /// The offsets tried along each axis, in whole points.
    static let offsets: [Double] = [-130, 90, -37, 23, -11, 7, -3, 2, -1, 1]

    /// The first offset (dx, dy) other than (0, 0) that keeps every input point on the same side
    /// of the window's edges (and edge strips, with screen-edge pans) and every moved coordinate
    /// exact; nil when there is none.
    static func offset(for scenario: Scenario) -> (Double, Double)? {
        guard isExactlyMovable(scenario) else { return nil }
        let points = inputPoints(scenario)
        let strips = scenario.gestures.contains { if case .edgePan = $0.kind { return true } else { return false } }
        let size = scenario.windowSize
        let start = scenario.input.count % offsets.count
        let order = Array(offsets[start...] + offsets[..<start])
        let topLevel = scenario.views.filter { $0.parent == "window" }.map(\.transform)
        let xs = order.filter { dx in
            points.allSatisfy { keeps($0.x, dx, size: size.width, strips: strips) } && topLevel.allSatisfy { isExactSum($0.tx, dx) }
        }
        let ys = order.filter { dy in
            points.allSatisfy { keeps($0.y, dy, size: size.height, strips: strips) } && topLevel.allSatisfy { isExactSum($0.ty, dy) }
        }
        for dx in xs + [0] {
            for dy in ys + [0] where dx != 0 || dy != 0 {
                guard strips else { return (dx, dy) }
                if points.allSatisfy({ sameNearerEdge($0, dx, dy, size: size) }) { return (dx, dy) }
            }
        }
        return nil
    }

    /// `scenario` with the window's subviews translated by (dx, dy) after their own transforms
    /// (R285) and every input location moved by (dx, dy).
    static func moving(_ scenario: Scenario, dx: Double, dy: Double) -> Scenario {
        var moved = scenario
        let translation = AffineTransform(translationX: dx, y: dy)
        for index in moved.views.indices where moved.views[index].parent == "window" {
            moved.views[index].transform = moved.views[index].transform.concatenating(translation)
        }
        for index in moved.input.indices {
            switch moved.input[index].action {
            case let .touches(touches):
                moved.input[index].action = .touches(touches.map { touch in
                    var touch = touch
                    touch.x += dx
                    touch.y += dy
                    return touch
                })
            case var .hover(hover):
                hover.x += dx
                hover.y += dy
                moved.input[index].action = .hover(hover)
            case var .scroll(scroll):
                scroll.x += dx
                scroll.y += dy
                moved.input[index].action = .scroll(scroll)
            case var .transform(transform):
                transform.x += dx
                transform.y += dy
                moved.input[index].action = .transform(transform)
            default:
                break
            }
        }
        return moved
    }

    /// Whether two log lines say the same: equal, or both the same scroll view's offset at the
    /// same time with each coordinate within 0.001 of the other's (the log rounds offsets to the
    /// nearest thousandth).
    static func sameLine(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        let a = first.split(separator: " ")
        let b = second.split(separator: " ")
        guard a.count == 5, b.count == 5, a[1] == "scroll", a[3] == "offset", a[..<4] == b[..<4] else { return false }
        let x = a[4].split(separator: ",").compactMap { Double($0) }
        let y = b[4].split(separator: ",").compactMap { Double($0) }
        guard x.count == 2, y.count == 2 else { return false }
        return abs(x[0] - y[0]) < 0.0015 && abs(x[1] - y[1]) < 0.0015
    }

    /// Whether the input's window-space arithmetic is exact wherever it is moved: every
    /// coordinate and scroll delta a whole number, and never more than two touches down.
    static func isExactlyMovable(_ scenario: Scenario) -> Bool {
        func whole(_ value: Double) -> Bool { value == value.rounded() && abs(value) < 0x1p40 }
        var down: Set<Int> = []
        for entry in scenario.input {
            switch entry.action {
            case let .touches(touches):
                for touch in touches {
                    guard whole(touch.x), whole(touch.y) else { return false }
                    down.insert(touch.id)
                }
                // A touch that ends in this event still counts in it.
                if down.count > 2 { return false }
                for touch in touches where touch.phase.isTerminal { down.remove(touch.id) }
            case let .hover(hover):
                guard whole(hover.x), whole(hover.y) else { return false }
            case let .scroll(scroll):
                guard whole(scroll.x), whole(scroll.y), whole(scroll.delta.x), whole(scroll.delta.y) else { return false }
            case let .transform(transform):
                guard whole(transform.x), whole(transform.y) else { return false }
            default:
                break
            }
        }
        return true
    }

    /// Every location of the input: touches and clicks, hover, scroll and transform entries.
    static func inputPoints(_ scenario: Scenario) -> [Point] {
        scenario.input.flatMap { entry -> [Point] in
            switch entry.action {
            case let .touches(touches): return touches.map { Point(x: $0.x, y: $0.y) }
            case let .hover(hover): return [Point(x: hover.x, y: hover.y)]
            case let .scroll(scroll): return [Point(x: scroll.x, y: scroll.y)]
            case let .transform(transform): return [Point(x: transform.x, y: transform.y)]
            default: return []
            }
        }
    }

    /// Whether coordinate `value`, moved by `offset`, is exact and on the same side of the
    /// window's edges along its axis (R4, R8), and, with `strips`, in the same edge strips (R107).
    static func keeps(_ value: Double, _ offset: Double, size: Double, strips: Bool) -> Bool {
        guard isExactSum(value, offset) else { return false }
        return sides(of: value, size: size, strips: strips) == sides(of: value + offset, size: size, strips: strips)
    }

    /// Where `value` is along an axis of length `size`: inside the window's half-open range
    /// (R4), and with `strips` in the near and the far 13 pt strip (R107: [0, 13) and
    /// [size - 13, size), half-open like the bounds).
    static func sides(of value: Double, size: Double, strips: Bool) -> [Bool] {
        var result = [value >= 0, value < size]
        if strips {
            let region = GestureDefaults.edgePanEdgeRegion
            result += [value >= 0 && value < region, size - value > 0 && size - value <= region]
        }
        return result
    }

    /// Whether a point in an edge strip along both axes (a corner) is still nearer the same
    /// edge after the move, or as near both (R107).
    static func sameNearerEdge(_ point: Point, _ dx: Double, _ dy: Double, size: Size) -> Bool {
        func order(_ point: Point) -> Int? {
            guard let x = stripDistance(point.x, size: size.width), let y = stripDistance(point.y, size: size.height) else { return nil }
            return x < y ? -1 : x > y ? 1 : 0
        }
        return order(point) == order(Point(x: point.x + dx, y: point.y + dy))
    }

    /// The distance from `value` to the edge whose strip holds it (the nearer when both do).
    static func stripDistance(_ value: Double, size: Double) -> Double? {
        let region = GestureDefaults.edgePanEdgeRegion
        let near = value >= 0 && value < region ? value : nil
        let far = size - value > 0 && size - value <= region ? size - value : nil
        switch (near, far) {
        case let (near?, far?): return min(near, far)
        case let (near?, nil): return near
        case let (nil, far?): return far
        case (nil, nil): return nil
        }
    }

    /// Whether `a + b` is exact in floating point (its rounding error, by Knuth's TwoSum, is 0).
    static func isExactSum(_ a: Double, _ b: Double) -> Bool {
        let sum = a + b
        guard sum.isFinite else { return false }
        let bPart = sum - a
        let aPart = sum - bPart
        return (a - aPart) + (b - bPart) == 0
    }
}
