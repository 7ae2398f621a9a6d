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
/// > UIKit: `UIScrollView` uses a private recognizer for this
/// > (`UIScrollViewDelayedTouchesBeganGestureRecognizer`); this is its public counterpart.
///
/// Rule: R113, R116.
open class DelayedTouchesBeganGestureRecognizer: GestureRecognizer {
    /// How long a still touch is withheld from the content. Default 0.15 s (R113).
    public final var delay = GestureDefaults.contentTouchDelay
    /// Movement, in points from where a touch began, that releases it early. Default 10.
    public final var allowableMovement = GestureDefaults.contentTouchDelayMovement

    private final var beganLocations: [(touch: Touch, location: Point)] = []

    /// Creates the recognizer with `delaysTouchesBegan` true.
    public override init() {
        super.init()
        delaysTouchesBegan = true
    }

    /// Starts the delay at the first touch.
    open override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if beganLocations.isEmpty { startTimer(after: delay) }
        for touch in touches { beganLocations.append((touch, touch.location(in: nil))) }
    }

    /// Fails once a touch moved more than ``allowableMovement`` from where it began.
    open override func touchesMoved(_ touches: TouchSet, with event: Event) {
        for touch in touches {
            guard let start = beganLocations.first(where: { $0.touch === touch })?.location else { continue }
            if touch.location(in: nil).distance(to: start) > allowableMovement {
                state = .failed
                return
            }
        }
    }

    /// A touch ended: release the content now.
    open override func touchesEnded(_ touches: TouchSet, with event: Event) {
        state = .failed
    }

    /// An ignored touch is no longer withheld (its began reaches the content at once, R26,
    /// R66); with no touch left to withhold the recognizer fails.
    open override func ignore(_ touch: Touch, for event: Event?) {
        super.ignore(touch, for: event)
        guard let index = beganLocations.firstIndex(where: { $0.touch === touch }) else { return }
        beganLocations.remove(at: index)
        if beganLocations.isEmpty { state = .failed }
    }

    /// The delay elapsed.
    open override func timerDidFire() {
        state = .failed
    }

    /// Forgets the touches.
    open override func reset() {
        super.reset()
        beganLocations.clearKeepingCapacity()
    }
}
