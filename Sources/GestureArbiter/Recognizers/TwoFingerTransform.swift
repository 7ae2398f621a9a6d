/// The two-finger analysis that ``PinchGestureRecognizer`` and ``RotationGestureRecognizer``
/// share: which touches they track, the pair's geometry in each pass, the motion analysis that
/// says whether a pass is mostly a drag, a pinch or a turn, and the location they report.
///
/// - Tracking starts on the touch-down after which exactly two touches are down (R168); the
///   pair keeps its order (the finger received first is `first`). From then on no new touch is
///   accepted until reset; an attempt whose first touch-down brings three or more fingers never
///   tracks and accepts no more either.
/// - A touch's movement in a pass is measured from where it was in the previous pass that
///   processed two touches (at first, where tracking started); a touch that did not move in the
///   event contributes nothing. Centroids are exact (R187).
/// - The analysis low-passes three samples per pass (translation, radial, tangential), weights
///   them, and names the one more than 1.4 times each other one (R171).
///
/// Degenerate input never produces NaN: two fingers on one point have no direction (their unit
/// vectors count as zero, their angle as unchanged), and a pass whose geometry overflows to
/// infinity is skipped.
struct TwoFingerTransform {
    /// The component of a pass's motion that leads (R171).
    enum Component {
        /// A drag of both fingers (or nothing moved at all).
        case translation
        /// The fingers' distance changing.
        case scale
        /// The fingers turning about their centroid.
        case rotation
        /// No component leads.
        case none
    }

    /// The pair's positions in one pass.
    struct Geometry {
        var first: Point
        var second: Point
        var centroid: Point
        /// The distance between the fingers, in points.
        var distance: Double
        /// The angle of first -> second with y pointing up, in radians (R179); nil when the
        /// fingers are on one point. Worked out when asked: a pinch never asks.
        var angle: Double? {
            // y points down on screen: the angle of first -> second with y up is atan2(-dy, dx).
            distance > 0 ? arcTangent(first.y - second.y, second.x - first.x) : nil
        }
    }

    /// The analysis weights of the recognizer.
    let weights: (translation: Double, scale: Double, rotation: Double)

    /// The touches down that the recognizer follows, in the order it received them.
    var touches: [Touch] = []
    /// Whether a new touch is still accepted (R168).
    var isAccepting = true
    /// Whether the pair was fixed and the analysis started (R168).
    var isTracking = false
    /// Whether, before tracking started, more than two touches were down at once.
    var hadTooManyTouches = false
    /// The pair, in order.
    var first: Touch?
    var second: Touch?
    /// The pair's distance when tracking started.
    var startDistance = 0.0
    /// When tracking started.
    var startTime = Timestamp.zero
    /// The pair's positions at the previous processed pass (R187).
    var previousFirst = Point.zero
    var previousSecond = Point.zero
    /// The centroid at the last processed two-finger pass (R172).
    var anchor: Point?
    /// The trackpad's scale and rotation at the `began` of the transform input driving the
    /// recognizer instead of fingers (R291), or nil when fingers drive it (or nothing yet).
    var trackpadStart: (scale: Double, rotation: Double)?
    /// The low-passed samples (R171).
    var translation = 0.0
    var radial = 0.0
    var tangential = 0.0

    init(weights: (translation: Double, scale: Double, rotation: Double)) {
        self.weights = weights
    }

    /// Whether the pair's first touch is an indirect pointer (a trackpad: smaller thresholds).
    var isIndirectPointer: Bool { first?.type == .indirectPointer }

    /// Adds the touches of a touch-down; returns true when tracking starts with them (R168).
    mutating func add(_ new: TouchSet, at time: Timestamp) -> Bool {
        for index in new.indices where !touches.contains(where: { $0 === new[index] }) {
            touches.append(new[index])
        }
        guard isAccepting else { return false }
        if touches.count > 2 {
            hadTooManyTouches = true
            isAccepting = false
            return false
        }
        guard touches.count == 2 else { return false }
        isAccepting = false
        isTracking = true
        first = touches[0]
        second = touches[1]
        startTime = time
        guard let geometry = geometry() else {
            startDistance = 0
            return true
        }
        startDistance = geometry.distance
        previousFirst = geometry.first
        previousSecond = geometry.second
        anchor = geometry.centroid
        return true
    }

    /// Removes `touch` (lifted, cancelled or ignored); returns whether it was followed.
    mutating func remove(_ touch: Touch) -> Bool {
        guard let index = touches.firstIndex(where: { $0 === touch }) else { return false }
        touches.remove(at: index)
        return true
    }

    /// The pair's geometry for a move pass: nil unless both tracked fingers are down (R169) and
    /// it is finite. `mutating` only so that a recognizer calls it in place on its stored
    /// transform: a plain read of that property copies the struct, retaining its touches.
    @inline(__always)
    mutating func moveGeometry() -> Geometry? {
        // Values update only while the two tracked fingers are down (R169). The fields are read
        // in place: calling a method of the struct here copied the whole struct first.
        guard isTracking, touches.count == 2, first?.isLive == true, second?.isLive == true,
            let a = first?.currentLocation, let b = second?.currentLocation
        else { return nil }
        return Self.geometry(of: a, and: b)
    }

    /// The pair's current geometry; nil before tracking or when it is not finite.
    func geometry() -> Geometry? {
        // Read through the optionals in place: binding them would copy (retain) each touch.
        guard let a = first?.currentLocation, let b = second?.currentLocation else { return nil }
        return Self.geometry(of: a, and: b)
    }

    /// The geometry of fingers at `a` (the first) and `b`; nil when it is not finite.
    @inline(__always)
    private static func geometry(of a: Point, and b: Point) -> Geometry? {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let distance = (dx * dx + dy * dy).squareRoot()
        let centroid = Point(x: a.x / 2 + b.x / 2, y: a.y / 2 + b.y / 2)
        guard distance.isFinite, centroid.isFinite else { return nil }
        return Geometry(first: a, second: b, centroid: centroid, distance: distance)
    }

    /// R171: feeds one two-finger pass to the analysis and says which component leads. Also
    /// records the pass's positions and centroid for the next pass (R187) and ``anchor`` (R172).
    @inline(__always)
    mutating func analyze(_ geometry: Geometry) -> Component {
        let deltaFirst = Point(x: geometry.first.x - previousFirst.x, y: geometry.first.y - previousFirst.y)
        let deltaSecond = Point(x: geometry.second.x - previousSecond.x, y: geometry.second.y - previousSecond.y)
        previousFirst = geometry.first
        previousSecond = geometry.second
        anchor = geometry.centroid
        let unitFirst = Self.unit(from: geometry.centroid, to: geometry.first)
        let unitSecond = Self.unit(from: geometry.centroid, to: geometry.second)
        let meanX = (deltaFirst.x + deltaSecond.x) / 2
        let meanY = (deltaFirst.y + deltaSecond.y) / 2
        let translationSample = (meanX * meanX + meanY * meanY).squareRoot()
        let radialSample = (deltaFirst.x * unitFirst.x + deltaFirst.y * unitFirst.y
            + deltaSecond.x * unitSecond.x + deltaSecond.y * unitSecond.y) / 2
        let tangentialSample = (deltaFirst.x * unitFirst.y - deltaFirst.y * unitFirst.x
            + deltaSecond.x * unitSecond.y - deltaSecond.y * unitSecond.x) / 2
        if translationSample.isFinite, radialSample.isFinite, tangentialSample.isFinite {
            let keep = 1 - GestureDefaults.transformAnalyzerSampleWeight
            let take = GestureDefaults.transformAnalyzerSampleWeight
            translation = keep * translation + take * translationSample
            radial = keep * radial + take * radialSample
            tangential = keep * tangential + take * tangentialSample
        }
        return leader()
    }

    /// The component whose weighted size is more than 1.4 times each other one (R171).
    @inline(__always)
    func leader() -> Component {
        let t = weights.translation * abs(translation)
        let s = weights.scale * abs(radial)
        let r = weights.rotation * abs(tangential)
        if t == 0, s == 0, r == 0 { return .translation }
        let ratio = GestureDefaults.transformDominanceRatio
        if t > ratio * s, t > ratio * r { return .translation }
        if s > ratio * t, s > ratio * r { return .scale }
        if r > ratio * t, r > ratio * s { return .rotation }
        return .none
    }

    /// The unit vector from `origin` to `point`, zero when they coincide.
    private static func unit(from origin: Point, to point: Point) -> Point {
        let dx = point.x - origin.x
        let dy = point.y - origin.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return .zero }
        return Point(x: dx / length, y: dy / length)
    }

    /// Whether every touch down lies inside its window's bounds (R174).
    func touchesAreInsideWindow() -> Bool {
        for touch in touches where touch.isLive {
            guard let window = touch.windowRef else { return false }
            let inside = window.withUnsafeUnretained { $0.bounds.contains(touch.currentLocation) }
            if !inside { return false }
        }
        return true
    }

    /// R172: the centroid of the touches in the current event (those down and those of the pair
    /// that lifted in the pass being run); with none, the centroid at the last two-finger pass;
    /// before any, `fallback`.
    func location(fallback: Point) -> Point {
        var x = 0.0
        var y = 0.0
        var count = 0.0
        for touch in touches where touch.isLive {
            x += touch.currentLocation.x
            y += touch.currentLocation.y
            count += 1
        }
        func addIfLiftedNow(_ touch: Touch?) {
            guard let touch, touch.delivery.changedInPass, !touch.isLive else { return }
            x += touch.currentLocation.x
            y += touch.currentLocation.y
            count += 1
        }
        addIfLiftedNow(first)
        addIfLiftedNow(second)
        if count > 0 {
            let centroid = Point(x: x / count, y: y / count)
            if centroid.isFinite { return centroid }
        }
        return anchor ?? fallback
    }

    /// Forgets everything (R39).
    mutating func reset() {
        touches.removeAll(keepingCapacity: true)
        isAccepting = true
        isTracking = false
        hadTooManyTouches = false
        first = nil
        second = nil
        startDistance = 0
        startTime = .zero
        previousFirst = .zero
        previousSecond = .zero
        trackpadStart = nil
        // The anchor stays: after the gesture, the location is where it last updated (R172).
        translation = 0
        radial = 0
        tangential = 0
    }
}

/// The filtered velocity of the pinch and the rotation (R176, R182): the latest sample alone, or
/// 0.75 x the previous one + 0.25 x the latest when the previous one is not zero.
struct TransformVelocity {
    var latest = 0.0
    var previous = 0.0
    /// When the value last updated (initially when tracking started).
    var lastUpdate = Timestamp.zero
    /// The last interval that was not zero, in seconds.
    var lastInterval: Double?

    /// The reported velocity.
    var value: Double {
        let weight = GestureDefaults.transformVelocityPreviousWeight
        return previous != 0 ? weight * previous + (1 - weight) * latest : latest
    }

    /// Seconds since the last update (at `time`), or nil when no time passed.
    func interval(to time: Timestamp) -> Double? {
        let (gap, overflow) = time.nanoseconds.subtractingReportingOverflow(lastUpdate.nanoseconds)
        guard !overflow else { return Double(Int64.max) / 1e9 }
        return gap > 0 ? Double(gap) / 1e9 : nil
    }

    /// The interval for a pinch sample at `time` (R176): the seconds since the last update; when
    /// none passed, the last interval that was not zero; with none either, one display frame.
    @inline(__always)
    mutating func sampleInterval(to time: Timestamp) -> Double {
        if let interval = interval(to: time) {
            lastInterval = interval
            return interval
        }
        return lastInterval ?? GestureDefaults.transformFallbackSampleInterval.secondsValue
    }

    /// Adds a sample (a non-finite one counts as zero) and marks `time` as the last update.
    mutating func add(_ sample: Double, at time: Timestamp) {
        previous = latest
        latest = sample.isFinite ? sample : 0
        lastUpdate = time
    }

    /// Back to zero (setting the value resets the velocity, R177, R182).
    mutating func clear() {
        latest = 0
        previous = 0
    }
}
