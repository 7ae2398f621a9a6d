/// A pan that must start at an edge of the window: UIKit's `UIScreenEdgePanGestureRecognizer`.
///
/// The first touch must land within ``edgeRegion`` (13 pt) of one of ``edges``, measured in the
/// window, not the view (R106, R107): the strip is half-open, so a touch at x = 12.9 is in the
/// left region and one at x = 13 is not. It begins once the touch has travelled strictly more
/// than ``edgeHysteresis`` (15 pt) inward, if its direction is within ±77.5° of the inward
/// normal. Before that, travel along the edge beyond an allowance that shrinks from 67.7 pt to
/// 20 pt over 0.5 s fails it, and so does a jump of more than 100 pt between samples (R108).
/// It tracks one touch (R105) and delays touch-began by default (R109).
///
/// Rule: R105-R112.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The stored state of this class that the dispatch path reads and writes at every event,
    /// in one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let edgePanFields = UncheckedExclusivityCell(EdgePanFields())
    /// The fields of `edgePanFields`: the stored properties they replace, with their defaults.
    private struct EdgePanFields: ~Copyable {
        var edges: RectEdge = []
        var edgeRegion: Double = GestureDefaults.edgePanEdgeRegion
        var edgeHysteresis: Double = GestureDefaults.edgePanHysteresis
        var touchedEdge: RectEdge?
        var start: Point = .zero
        var startTime: Timestamp = .zero
        var lastSample: Point = .zero
    }

    /// The window edges the gesture may start from (R105). Default none: the gesture never starts.
    public final var edges: RectEdge {
        @inline(__always) get { edgePanFields.value.edges }
        @inline(__always) set { edgePanFields.value.edges = newValue }
    }
    /// Width of the starting strip along an edge, in points. Default 13 (R107).
    public final var edgeRegion: Double {
        @inline(__always) get { edgePanFields.value.edgeRegion }
        @inline(__always) set { edgePanFields.value.edgeRegion = newValue }
    }
    /// Inward travel, in points, that begins the gesture (strictly more). Default 15 (R108).
    public final var edgeHysteresis: Double {
        @inline(__always) get { edgePanFields.value.edgeHysteresis }
        @inline(__always) set { edgePanFields.value.edgeHysteresis = newValue }
    }

    /// The edge the gesture started from, once a touch landed in an edge region (R112).
    public private(set) final var touchedEdge: RectEdge? {
        @inline(__always) get { edgePanFields.value.touchedEdge }
        @inline(__always) set { edgePanFields.value.touchedEdge = newValue }
    }

    private final var start: Point {
        @inline(__always) get { edgePanFields.value.start }
        @inline(__always) set { edgePanFields.value.start = newValue }
    }
    private final var startTime: Timestamp {
        @inline(__always) get { edgePanFields.value.startTime }
        @inline(__always) set { edgePanFields.value.startTime = newValue }
    }
    private final var lastSample: Point {
        @inline(__always) get { edgePanFields.value.lastSample }
        @inline(__always) set { edgePanFields.value.lastSample = newValue }
    }

    /// tan(77.5°): the largest ratio of along-edge to inward travel inside the angle window.
    private static let angleWindowTangent = 4.510708503662056

    /// Creates an edge pan with no edges; set ``edges``. Delays touch-began (R109) and tracks one
    /// touch (R105).
    public override init() {
        super.init()
        delaysTouchesBegan = true
        maximumNumberOfTouches = 1
    }

    /// R106, R107: the first touch must be in an edge region, else the gesture fails.
    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        let isFirst = panTouches.isEmpty && touchedEdge == nil
        super.touchesBegan(touches, with: event)
        guard isFirst, let first = panTouches.first else { return }
        start = first.currentLocation
        lastSample = start
        startTime = event.timestamp
        guard let window = first.window, let edge = edge(containing: start, in: window.bounds) else {
            state = .failed
            return
        }
        touchedEdge = edge
    }

    /// R108: the jump limit, then the pan machinery with this class's begin rule.
    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        if state == .possible, let first = panTouches.first {
            let location = first.currentLocation
            if location.distance(to: lastSample) > GestureDefaults.edgePanMaximumJump {
                state = .failed
                return
            }
            lastSample = location
        }
        super.touchesMoved(touches, with: event)
    }

    /// Clears the starting edge.
    open override func reset() {
        super.reset()
        touchedEdge = nil
    }

    override func evaluateBegin() -> BeginDecision {
        guard let edge = touchedEdge, let first = panTouches.first else { return .wait }
        let (inward, along) = components(of: first.currentLocation, from: edge)
        if inward > edgeHysteresis {
            return along <= inward * Self.angleWindowTangent ? .begin : .fail
        }
        let elapsed = (first.currentTimestamp - startTime).secondsValue
        let decay = GestureDefaults.edgePanAllowanceDecay.secondsValue
        let allowance = max(
            GestureDefaults.edgePanInitialOffAxisAllowance * (1 - elapsed / decay),
            GestureDefaults.edgePanMinimumOffAxisAllowance
        )
        return along > allowance ? .fail : .wait
    }

    /// Removes the edge hysteresis along the inward normal (R110 leaves the amount open).
    override func removeHysteresis() {
        guard let edge = touchedEdge else { return }
        var translation = translation(in: nil)
        if edge == .left { translation.x -= edgeHysteresis }
        if edge == .right { translation.x += edgeHysteresis }
        if edge == .top { translation.y -= edgeHysteresis }
        if edge == .bottom { translation.y += edgeHysteresis }
        setTranslation(translation, in: nil)
    }

    /// Inward travel (signed) and along-edge travel (absolute) from the start point.
    private func components(of location: Point, from edge: RectEdge) -> (inward: Double, along: Double) {
        let dx = location.x - start.x
        let dy = location.y - start.y
        if edge == .left { return (dx, abs(dy)) }
        if edge == .right { return (-dx, abs(dy)) }
        if edge == .top { return (dy, abs(dx)) }
        return (-dy, abs(dx))
    }

    /// The configured edge whose half-open strip holds `point`; the nearest when several do
    /// (a corner), ties in the order left, right, top, bottom.
    private func edge(containing point: Point, in bounds: Rect) -> RectEdge? {
        let candidates: [(RectEdge, Double)] = [
            (.left, point.x - bounds.minX),
            (.right, bounds.maxX - point.x),
            (.top, point.y - bounds.minY),
            (.bottom, bounds.maxY - point.y),
        ]
        var best: (RectEdge, Double)?
        for (edge, distance) in candidates where edges.contains(edge) {
            // Left/top strips are [min, min + region); right/bottom strips are [max - region, max).
            let inside = (edge == .left || edge == .top) ? (distance >= 0 && distance < edgeRegion)
                : (distance > 0 && distance <= edgeRegion)
            guard inside else { continue }
            if best == nil || distance < best!.1 { best = (edge, distance) }
        }
        return best?.0
    }
}
