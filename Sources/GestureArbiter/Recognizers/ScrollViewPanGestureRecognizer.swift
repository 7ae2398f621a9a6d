/// A scroll view's built-in pan: a ``PanGestureRecognizer`` that begins only along an axis its
/// scroll view can scroll, asks before it takes a touch that the content already has, locks to
/// an axis, and leaves a drag to an enclosing scroll view at its edge. UIKit's private
/// `UIScrollViewPanGestureRecognizer`; reach it as ``ScrollView/panGestureRecognizer``.
///
/// All of it works in the scroll view's own space (R290): its translation there decides the
/// begin and the hysteresis, each move converted there sets the lock, and the offset follows it,
/// so a scroll view turned 90° that scrolls vertically scrolls under a horizontal drag on screen.
///
/// Rule: R230, R234, R239-R248, R256, R290.
final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
    /// The stored state of this class that the dispatch path reads and writes at every move, in
    /// one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let scrollPanFields = UncheckedExclusivityCell(ScrollPanFields())
    /// The fields of `scrollPanFields`: the stored properties they replace, with their defaults.
    private struct ScrollPanFields: ~Copyable {
        var lock: Lock = .none
        weak var scrollView: ScrollView?
        weak var enclosingScrollView: ScrollView?
    }

    /// The scroll view that installed the pan: its owner (it holds the pan), so weak here.
    var scrollView: ScrollView? {
        @inline(__always) get { scrollPanFields.value.scrollView }
        @inline(__always) set { scrollPanFields.value.scrollView = newValue }
    }
    /// The nearest enclosing scroll view whose pan tracks this pan's first touch, found at that
    /// touch's began (R248). Weak.
    private var enclosingScrollView: ScrollView? {
        @inline(__always) get { scrollPanFields.value.enclosingScrollView }
        @inline(__always) set { scrollPanFields.value.enclosingScrollView = newValue }
    }
    /// The directional lock (R243).
    private var lock: Lock {
        @inline(__always) get { scrollPanFields.value.lock }
        @inline(__always) set { scrollPanFields.value.lock = newValue }
    }

    private enum Lock {
        case none, horizontal, vertical
    }

    private static let lockAngle = GestureDefaults.directionalLockAngleDegrees * Double.pi / 180
    private static let lockRestNanoseconds = GestureDefaults.directionalLockRestDuration.wholeNanoseconds

    override init() {
        super.init()
        delaysTouchesEnded = false  // R246: a content touch's end never waits for the scroll pan.
        refusesDelegate = true  // R230
        observesCentroidMoves = true  // R243
        allowedScrollTypesMask = .all  // R273: wheels and trackpads scroll a scroll view.
    }

    /// R234, R275: a scroll over the view starts tracking; the enclosing scroll view of R248 is
    /// the nearest one whose pan takes the same scroll.
    override func scrollBegan(at location: Point, type: ScrollType, delta: Vector, time: Timestamp) {
        if let scrollView {
            scrollView.isTracking = true
            var current = scrollView.superview
            while let view = current {
                if let outer = view as? ScrollView, outer.panGestureRecognizer.scrollType == type {
                    enclosingScrollView = outer
                    break
                }
                current = view.superview
            }
        }
        super.scrollBegan(at: location, type: type, delta: delta, time: time)
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        let wasPossible = state == .possible
        if panTouches.isEmpty, let scrollView {
            scrollView.isTracking = true  // R234: at the touch-down, before any movement.
            if let first = touches.first { enclosingScrollView = Self.enclosingScrollView(of: scrollView, tracking: first) }
        }
        super.touchesBegan(touches, with: event)
        // R244: a touch-down on a moving view catches it at once, with zero translation.
        if state == .possible, !panTouches.isEmpty, scrollView?.isDecelerating == true {
            setState(.began, because: "the scroll view was decelerating, so a touch-down catches it (R244)")
        }
        didHandleTouches(wasPossible: wasPossible)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        let wasPossible = state == .possible
        super.touchesMoved(touches, with: event)
        didHandleTouches(wasPossible: wasPossible)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        let wasPossible = state == .possible
        super.touchesEnded(touches, with: event)
        didHandleTouches(wasPossible: wasPossible)
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        let wasPossible = state == .possible
        super.touchesCancelled(touches, with: event)
        didHandleTouches(wasPossible: wasPossible)
    }

    /// R239: when the pan fails in its own handling (it never moved, a view or delegate vetoed
    /// it, or R241), the content delay lets its touches go at once.
    private func didHandleTouches(wasPossible: Bool) {
        guard wasPossible, state == .failed, let scrollView else { return }
        scrollView.delayGestureRecognizer.releaseWithheldTouches(because: "the scroll pan failed (R239)")
    }

    override func reset() {
        super.reset()
        lock = .none
        enclosingScrollView = nil
        scrollView?.isTracking = false  // R234: the touch sequence is over.
    }

    // MARK: - Beginning (R240, R241, R248, R290)

    /// R240, R248, R290: the translation in the scroll view's own space, its hysteresis measured
    /// there, begins the pan along the axes the view can scroll.
    override func evaluateBegin() -> BeginDecision {
        guard let scrollView else { return super.evaluateBegin() }
        let translation = translation(in: scrollView)
        let hysteresis = effectiveHysteresis
        var horizontally = scrollView.canScrollHorizontally && abs(translation.x) >= hysteresis
        var vertically = scrollView.canScrollVertically && abs(translation.y) >= hysteresis
        if let outer = enclosingScrollView {
            // R248: at its edge the view leaves the drag to the enclosing one.
            let offset = scrollView.contentOffset
            let minimum = scrollView.minimumOffset
            let maximum = scrollView.maximumOffset
            let epsilon = GestureDefaults.scrollableAxisEpsilon
            if horizontally, !vertically, scrollView.transfersHorizontalScrollingToParent, outer.canScrollHorizontally,
                (translation.x >= hysteresis && offset.x <= minimum.x + epsilon)
                    || (translation.x <= -hysteresis && offset.x >= maximum.x - epsilon)
            {
                horizontally = false
            }
            if vertically, !horizontally, scrollView.transfersVerticalScrollingToParent, outer.canScrollVertically,
                (translation.y >= hysteresis && offset.y <= minimum.y + epsilon)
                    || (translation.y <= -hysteresis && offset.y >= maximum.y - epsilon)
            {
                vertically = false
            }
        }
        guard horizontally || vertically else { return .wait }
        if let refusal = contentRefusal(in: scrollView) {
            setState(.failed, because: refusal)
            return .wait
        }
        return .begin
    }

    /// R241, R256: the reason the pan may not take its touches, or nil. Each touch whose began
    /// reached content is looked at in id order: with `canCancelContentTouches` off the pan
    /// fails; otherwise the first `touchesShouldCancel(in:)` that says no fails it.
    private func contentRefusal(in scrollView: ScrollView) -> StaticString? {
        var lastID = Int.min
        while let touch = nextTouch(after: lastID) {
            lastID = touch.id
            guard touch.delivery.view == .delivered, let view = touch.hitTestView else { continue }
            guard scrollView.canCancelContentTouches else {
                return "the content already has a touch and canCancelContentTouches is off (R241)"
            }
            let answer = scrollView.touchesShouldCancel(in: view)
            if let environment = environment, environment.hasTracer {
                environment.liveTracer?.record(.delegateAnswered(recognizer: self, question: .touchesShouldCancel(view), answer: answer))
            }
            if !answer { return "touchesShouldCancel(in:) said no for a view that has the touch (R241)" }
        }
        return nil
    }

    /// The pan's touch with the smallest id above `id` (the pan has few touches: no sort, no
    /// allocation).
    private func nextTouch(after id: Int) -> Touch? {
        var best: Int?
        var bestID = Int.max
        for index in 0..<panTouches.count {
            let touchID = panTouches[index].withUnsafeUnretained { $0.id }
            if touchID > id, best == nil || touchID < bestID {
                best = index
                bestID = touchID
            }
        }
        return best.map { panTouches.unsafeObject(at: $0) }
    }

    /// R95, R240, R290: the hysteresis comes off per axis of the scroll view's own space; a
    /// component along an axis the view cannot scroll is set to zero.
    override func removeHysteresis() {
        guard let scrollView else { return super.removeHysteresis() }
        var translation = hysteresisRemoved(from: translation(in: scrollView))
        if !scrollView.canScrollHorizontally { translation.x = 0 }
        if !scrollView.canScrollVertically { translation.y = 0 }
        setTranslation(translation, in: scrollView)
    }

    // MARK: - Directional lock (R243, R290)

    /// R243, R290: the move, converted into the scroll view's own space, sets the lock there;
    /// while locked, the move's component along the view's other axis is not translation.
    override func centroidDidMove(from old: Point, to new: Point, elapsedNanoseconds: Int64) {
        guard let scrollView, scrollView.isDirectionalLockEnabled else { return }
        let transformed = scrollView.isTransformedOnPath
        let move = Vector(x: new.x - old.x, y: new.y - old.y)
        let own = transformed ? scrollView.convertVectorFromWindow(move) : move
        let dx = own.x
        let dy = own.y
        let running = state == .began || state == .changed
        if !running || elapsedNanoseconds >= Self.lockRestNanoseconds, dx != 0 || dy != 0 {
            let angle = arcTangent(abs(dy), abs(dx))
            if angle <= Self.lockAngle, scrollView.canScrollHorizontally {
                lock = .horizontal
            } else if angle >= Double.pi / 2 - Self.lockAngle, scrollView.canScrollVertically {
                lock = .vertical
            }
        }
        // While locked, movement along the other axis is not translation: the reference moves
        // by that component, drawn back in window space.
        let discarded: Vector
        switch lock {
        case .horizontal: discarded = Vector(x: 0, y: dy)
        case .vertical: discarded = Vector(x: dx, y: 0)
        case .none: return
        }
        let inWindow = transformed ? scrollView.convertVectorToWindow(discarded) : discarded
        reference.x += inWindow.x
        reference.y += inWindow.y
    }

    // MARK: - Nesting (R247, R248)

    /// The nearest scroll view above `scrollView` whose pan tracks `touch`.
    private static func enclosingScrollView(of scrollView: ScrollView, tracking touch: Touch) -> ScrollView? {
        var current = scrollView.superview
        while let view = current {
            if let outer = view as? ScrollView, outer.panGestureRecognizer.trackedTouches.contains(touch) { return outer }
            current = view.superview
        }
        return nil
    }
}
