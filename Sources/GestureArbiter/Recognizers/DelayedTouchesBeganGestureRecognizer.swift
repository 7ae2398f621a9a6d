/// The scroll-view content-touch delay as a recognizer of its own (R116).
///
/// Put it on a scrolling container, beside its pan. It withholds the began of its touches from
/// the content views (``GestureRecognizer/delaysTouchesBegan`` is true) and never recognizes. It
/// fails, which releases the withheld began followed by one catch-up phase (R66), when:
/// - ``delay`` (0.15 s) has passed since its first touch began: a timer, so the release is at
///   exactly began + 0.15 s on the virtual clock;
/// - a tracked touch ends (the content gets began then ended at once) or is cancelled (the
///   inherited `touchesCancelled` fails it; the engine drops a cancelled touch's began, R72);
/// - a tracked touch moves more than 10 pt (Euclidean) from where it began.
///
/// When the pan publishes first, it excludes this recognizer (R44) and its
/// `cancelsTouchesInView` discards the never-delivered began (R67): the content never hears of
/// a touch that became a scroll.
///
/// A ``ScrollView``'s own delay (its ``ScrollView/delayGestureRecognizer``) follows UIKit's
/// scroll view more closely instead (R235-R239, R252-R255):
/// - every touch-down restarts the timer, so the delay counts from the latest touch-down; with
///   ``ScrollView/delaysContentTouches`` off there is no timer and touches go at once;
/// - a move releases early only when the withheld touches' centroid moved more than
///   ``allowableMovement`` along an axis the scroll view cannot scroll, measured in the scroll
///   view's own space (R290; along a scrollable axis the scroll pan begins instead and the
///   content never hears of the touch);
/// - the scroll pan failing releases at once;
/// - each touch let go is offered to ``ScrollView/touchesShouldBegin(_:with:in:)``: a yes hands
///   its began to the content; a no keeps it, and the delay then recognizes, which discards the
///   refused touches and excludes no other recognizer (R253).
///
/// > UIKit: `UIScrollView` uses a private recognizer for this
/// > (`UIScrollViewDelayedTouchesBeganGestureRecognizer`); this is its public counterpart.
///
/// Rule: R113, R116, R235-R239, R252-R255, R290.
open class DelayedTouchesBeganGestureRecognizer: GestureRecognizer {
    /// The stored state of this class that the dispatch path reads and writes at every event,
    /// in one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let delayFields = UncheckedExclusivityCell(DelayFields())
    /// The fields of `delayFields`: the stored properties they replace, with their defaults.
    private struct DelayFields: ~Copyable {
        var delay: Duration = GestureDefaults.contentTouchDelay
        var allowableMovement: Double = GestureDefaults.contentTouchDelayMovement
        var beganLocations: [(touch: Touch, location: Point)] = []
        var startCentroid: Point = .zero
        var releaseScratch: [Touch] = []
        var offeredTouch: [Touch] = []
        weak var scrollView: ScrollView?
    }

    /// How long a still touch is withheld from the content. Default 0.15 s (R113, R235).
    public final var delay: Duration {
        @inline(__always) get { delayFields.value.delay }
        @inline(__always) set { delayFields.value.delay = newValue }
    }
    /// Movement, in points, that releases the touches early: from where a touch began
    /// (Euclidean, R116), or, for a scroll view's delay, of the centroid along an axis it cannot
    /// scroll, in the scroll view's own points (strictly more, R238, R290). Default 10.
    public final var allowableMovement: Double {
        @inline(__always) get { delayFields.value.allowableMovement }
        @inline(__always) set { delayFields.value.allowableMovement = newValue }
    }

    private final var beganLocations: [(touch: Touch, location: Point)] {
        @inline(__always) _read { yield delayFields.value.beganLocations }
        @inline(__always) _modify { yield &delayFields.value.beganLocations }
    }
    /// The scroll view whose delay this is (R252); nil for a stand-alone delay (R116). Weak:
    /// the scroll view holds the delay.
    final var scrollView: ScrollView? {
        @inline(__always) get { delayFields.value.scrollView }
        @inline(__always) set { delayFields.value.scrollView = newValue }
    }
    /// Set for a scroll view's delay, whose rules differ (R252) even once the view is gone.
    private final let isScrollViewDelay: Bool
    /// R235: the centroid of the withheld touches at the latest touch-down.
    private final var startCentroid: Point {
        @inline(__always) get { delayFields.value.startCentroid }
        @inline(__always) set { delayFields.value.startCentroid = newValue }
    }
    /// The touches to offer to `touchesShouldBegin`, reused (R236).
    private final var releaseScratch: [Touch] {
        @inline(__always) _read { yield delayFields.value.releaseScratch }
        @inline(__always) _modify { yield &delayFields.value.releaseScratch }
    }
    /// The one-touch storage of the set passed to `touchesShouldBegin`, reused: no allocation
    /// unless the scroll view keeps the set.
    private final var offeredTouch: [Touch] {
        @inline(__always) _read { yield delayFields.value.offeredTouch }
        @inline(__always) _modify { yield &delayFields.value.offeredTouch }
    }

    /// Creates the recognizer with `delaysTouchesBegan` true.
    public override init() {
        isScrollViewDelay = false
        super.init()
        delaysTouchesBegan = true
    }

    /// A scroll view's delay (R252): its delegate cannot be set (R230).
    init(forScrollView: Void) {
        isScrollViewDelay = true
        super.init()
        delaysTouchesBegan = true
        refusesDelegate = true
    }

    /// Starts the delay at the first touch (R116); for a scroll view, restarts it at every
    /// touch-down, or lets the touches go at once when the view does not delay content touches
    /// (R235).
    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        let first = beganLocations.isEmpty
        for touch in touches { beganLocations.append((touch, touch.location(in: nil))) }
        guard isScrollViewDelay else {
            if first { startTimer(after: delay) }
            return
        }
        startCentroid = withheldCentroid()
        cancelTimer()
        if let scrollView, !scrollView.delaysContentTouches {
            releaseWithheldTouches(because: "the scroll view does not delay content touches (R235)")
            return
        }
        startTimer(after: delay)
    }

    /// Fails once a touch moved more than ``allowableMovement`` from where it began (R116); for
    /// a scroll view, lets the touches go once their centroid moved more than that along an axis
    /// the view cannot scroll, measured in the view's own space (R238, R255, R290).
    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        guard isScrollViewDelay else {
            for touch in touches {
                guard let start = beganLocations.first(where: { $0.touch === touch })?.location else { continue }
                if touch.location(in: nil).distance(to: start) > allowableMovement {
                    state = .failed
                    return
                }
            }
            return
        }
        guard let scrollView, !beganLocations.isEmpty else { return }
        let centroid = withheldCentroid()
        // R290: the displacement is measured in the scroll view's own space, along its axes.
        let displacement = scrollView.convertVectorFromWindow(Vector(x: centroid.x - startCentroid.x, y: centroid.y - startCentroid.y))
        let dx = abs(displacement.x)
        let dy = abs(displacement.y)
        if (dx > allowableMovement && !scrollView.canScrollHorizontally) || (dy > allowableMovement && !scrollView.canScrollVertically) {
            releaseWithheldTouches(because: "the touches moved along an axis the scroll view cannot scroll (R238)")
        }
    }

    /// A touch ended: release the content now (R116, R237).
    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        guard isScrollViewDelay else {
            state = .failed
            return
        }
        releaseWithheldTouches(because: "a withheld touch ended (R237)")
    }

    /// An ignored touch is no longer withheld (its began reaches the content at once, R26,
    /// R66); with no touch left to withhold the recognizer fails.
    open override func ignore(_ touch: Touch, for event: Event?) {
        super.ignore(touch, for: event)
        guard let index = beganLocations.firstIndex(where: { $0.touch === touch }) else { return }
        beganLocations.remove(at: index)
        if beganLocations.isEmpty { state = .failed }
    }

    /// The delay elapsed (R116, R235).
    open override func timerDidFire() {
        guard isScrollViewDelay else {
            state = .failed
            return
        }
        releaseWithheldTouches(because: "the content delay elapsed (R235)")
    }

    /// A scroll view's delay prevents nobody: its only recognition discards touches that
    /// `touchesShouldBegin` refused (R253). A stand-alone delay never recognizes.
    open override func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool {
        !isScrollViewDelay
    }

    /// Forgets the touches.
    open override func reset() {
        super.reset()
        beganLocations.clearKeepingCapacity()
        releaseScratch.clearKeepingCapacity()
        offeredTouch.clearKeepingCapacity()
    }

    // MARK: - A scroll view's release (R236)

    /// R236: offers each withheld touch, in id order, to the scroll view's
    /// `touchesShouldBegin`. With every touch allowed the delay fails, which hands the began
    /// (and a catch-up phase, R66) to the content; with some refused, the allowed ones are
    /// ignored (released) and the delay recognizes, which discards the refused ones (R67).
    /// Does nothing unless the delay is possible and withholds touches.
    final func releaseWithheldTouches(because reason: StaticString) {
        guard state == .possible, !beganLocations.isEmpty else { return }
        cancelTimer()
        guard let scrollView else {
            setState(.failed, because: reason)
            return
        }
        releaseScratch.clearKeepingCapacity()
        for entry in beganLocations { releaseScratch.append(entry.touch) }
        releaseScratch.sort { $0.id < $1.id }
        var refused = 0
        var index = 0
        while index < releaseScratch.count {
            let touch = releaseScratch[index]
            let view = touch.hitTestView ?? scrollView
            let event = view.window?.event
            offeredTouch.clearKeepingCapacity()
            offeredTouch.append(touch)
            let answer = scrollView.touchesShouldBegin(TouchSet(sortedStorage: offeredTouch), with: event, in: view)
            offeredTouch.clearKeepingCapacity()
            if let environment, environment.hasTracer {
                environment.liveTracer?.record(.delegateAnswered(recognizer: self, question: .touchesShouldBegin(touch, in: view), answer: answer))
            }
            // The scroll view's answer may have ended this attempt (a removal, a disable).
            guard state == .possible else {
                releaseScratch.clearKeepingCapacity()
                return
            }
            if answer {
                releaseScratch[index - refused] = touch
            } else {
                refused += 1
            }
            index += 1
        }
        let allowedCount = releaseScratch.count - refused
        if refused == 0 {
            releaseScratch.clearKeepingCapacity()
            setState(.failed, because: reason)
            return
        }
        // Release the allowed ones first, so that the recognition discards only the refused.
        for allowed in 0..<allowedCount {
            let touch = releaseScratch[allowed]
            guard let entry = beganLocations.firstIndex(where: { $0.touch === touch }) else { continue }
            beganLocations.remove(at: entry)
            super.ignore(touch, for: touch.hitTestView?.window?.event)
        }
        releaseScratch.clearKeepingCapacity()
        guard state == .possible else { return }
        setState(.recognized, because: "touchesShouldBegin(_:with:in:) refused a withheld touch (R236, R253)")
    }

    /// The centroid of the withheld touches, in window coordinates (R235, R238).
    private final func withheldCentroid() -> Point {
        releaseScratch.clearKeepingCapacity()
        for entry in beganLocations { releaseScratch.append(entry.touch) }
        defer { releaseScratch.clearKeepingCapacity() }
        return releaseScratch.centroid
    }
}
