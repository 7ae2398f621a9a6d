/// Every timing and distance constant of the engine, with its value, unit and source.
///
/// Each recognizer copies its default into a per-instance property that you can change (for
/// example ``TapGestureRecognizer/maximumIntervalBetweenSuccessiveTaps``). Sources are keyed as in
/// the table of constants in docs/semantics.md: [DC] decompiled UIKit, [AD] Apple documentation, [GT] Gestouch.
/// Swipe sources: [OR] a measurement of UIKit's swipe, [BK] an older copy of UIKit's swipe class.
public enum GestureDefaults {
    /// Longest wait from a tap's lift-off to the next tap's touch-down: 0.35 s.
    /// Source: [DC] `UITapRecognizer init`, R88. Confidence high.
    public static let maximumIntervalBetweenSuccessiveTaps: Duration = .nanoseconds(maximumTapIntervalNanoseconds)
    /// ``maximumIntervalBetweenSuccessiveTaps`` in nanoseconds, for the touch-down path.
    static let maximumTapIntervalNanoseconds: Int64 = 350_000_000

    /// Longest a finger may stay down for one tap: 1.5 s.
    /// Source: [GT] issue #31 (UIKit's legacy getter says 0.75 s; R89 records the disagreement).
    /// Confidence low.
    public static let maximumTapDuration: Duration = .milliseconds(1500)

    /// How far a tap's touches may move from the first tap's start, in points: 45 (moving
    /// strictly farther fails). Source: [DC] encodeWithCoder default, R85, R90. Confidence high.
    public static let tapAllowableMovement: Double = 45

    /// Pan hysteresis, in points, per axis: 10 (|tx| >= 10 or |ty| >= 10 begins).
    /// Source: [DC] `_defaultHysteresis`, R94. Confidence high (value), medium (per axis).
    public static let panHysteresis: Double = 10

    /// Weight of the latest velocity sample in the pan's velocity filter: 0.2 (the previous
    /// sample weighs 0.8). Source: [DC] `velocityInView:`, R97. Confidence medium.
    public static let panVelocityLatestWeight: Double = 0.2

    /// Shortest interval between two centroid samples that yields a velocity sample: 0.001 s
    /// (a shorter one counts as zero velocity). Source: [DC], R97. Confidence medium.
    public static let panMinimumVelocitySampleInterval: Duration = .milliseconds(1)

    /// Width of the region along a screen edge where an edge pan may start, in points: 13.
    /// Source: [DC] `_UISEGestureFeatureSettings` edgeRegionSize, R107. Confidence medium.
    public static let edgePanEdgeRegion: Double = 13

    /// Travel along the inward normal an edge pan needs before it begins, in points: 15
    /// (strictly more). Source: [DC] settings hysteresis, R108. Confidence medium.
    public static let edgePanHysteresis: Double = 15

    /// The edge pan's angle window around the inward normal, total, in degrees: 155 (±77.5).
    /// Source: [DC] edgeAngleWindow 2.70526034 rad, R108. Confidence medium.
    public static let edgePanAngleWindowDegrees: Double = 155

    /// The edge pan's initial allowance for travel along the edge before it begins, in points:
    /// 67.7 (= 15 / tan(12.5°)), decaying linearly to ``edgePanMinimumOffAxisAllowance`` over
    /// ``edgePanAllowanceDecay``. Source: [DC] legacy algorithm, R108. Confidence low.
    public static let edgePanInitialOffAxisAllowance: Double = 67.7

    /// The floor of the edge pan's along-the-edge allowance, in points: 20.
    /// Source: [DC] legacy algorithm, R108. Confidence low.
    public static let edgePanMinimumOffAxisAllowance: Double = 20

    /// Time over which the edge pan's along-the-edge allowance decays: 0.5 s.
    /// Source: [DC] edgeAngleWindowDecayTime, R108. Confidence low.
    public static let edgePanAllowanceDecay: Duration = .milliseconds(500)

    /// Largest jump between two samples an edge pan tolerates before failing, in points: 100.
    /// Source: [DC] legacy algorithm, R108. Confidence low.
    public static let edgePanMaximumJump: Double = 100

    /// The scroll-view content-touch delay: 0.15 s. Source: [DC]
    /// `-[UIScrollView _touchDelayForScrollDetection]`, [AD] delaysContentTouches, R113, R116.
    /// Confidence high.
    public static let contentTouchDelay: Duration = .milliseconds(150)

    /// Movement that ends the content-touch delay early, in points (Euclidean): 10.
    /// Source: [DC] scroll hysteresis of the delayed-touches clients, R113, R116. Confidence medium.
    public static let contentTouchDelayMovement: Double = 10

    // MARK: Scroll views (R232, R235, R238, R240, R243)

    /// How far a scroll view's content plus insets must exceed its bounds along an axis before
    /// it scrolls along that axis, in points: 0.0001. Source: [DC26] `_canScrollWithoutBouncingX`,
    /// R232. Confidence medium.
    public static let scrollableAxisEpsilon: Double = 0.0001

    /// Movement of the withheld touches' centroid along an axis the scroll view cannot scroll
    /// that releases them to the content early, in points, strictly more: 10. Source: [DC]
    /// `_scrollHysteresis` of the delayed-touches clients, R238. Confidence medium.
    public static let scrollHysteresis: Double = 10

    /// The largest angle from the horizontal of a move that locks a scroll to the horizontal
    /// axis: 20 degrees (0.349 rad); a move at 70 degrees or more locks it vertically. Source:
    /// [DC] `UIScrollViewPanGestureRecognizer _centroidMovedTo:atTime:affectingTranslation:`,
    /// R243. Confidence medium.
    public static let directionalLockAngleDegrees: Double = 20

    /// The rest between two samples after which a running scroll reconsiders its directional
    /// lock: 0.6 s. Source: [DC], R243. Confidence medium.
    public static let directionalLockRestDuration: Duration = .milliseconds(600)

    // MARK: Pointer input (R274)

    /// How much of the pan's hysteresis a mouse wheel needs: 0.0001 (10 pt becomes 0.001 pt, so
    /// one tick begins a pan). Source: [DC] the DiscreteScrollHysteresisScale preference, R274.
    /// Confidence medium.
    public static let discreteScrollHysteresisScale: Double = 0.0001

    /// A scroll that ends more than this after its last change ends with no velocity: 0.13 s.
    /// Source: [DC] the DurationBetweenScrollChangeAndEndEventsToResetVelocity preference, R274.
    /// Confidence medium.
    public static let scrollVelocityResetInterval: Duration = .milliseconds(130)

    /// Opacity below which hit-testing skips a view: 0.01. Source: [AD] hitTest(_:with:), R2, R6.
    public static let hitTestMinimumAlpha: Double = 0.01

    // MARK: Controls (R207, R209, R225, R226)

    /// How far outside its bounds a tracking control still counts a touch as inside, in points,
    /// on every side: 70. Source: four third-party measurements of UIKit's private
    /// `_UIControlMostlyInsideEdgeInsets` ([BL] in docs/semantics.md), R207, R225. Confidence
    /// medium.
    public static let controlTrackingSlop: Double = 70

    /// The shortest highlight of a control lifted inside while not highlighted: 0.12 s (visual
    /// only). Source: [DC] `-[UIControl touchesEnded:withEvent:]`, R209, R226. Confidence medium.
    public static let controlMinimumHighlightDuration: Duration = .milliseconds(120)

    // MARK: Swipe (R155-R157)

    /// Longest time from a swipe's start (its last accepted touch-down) to the move that
    /// recognizes it: 0.5 s; a move strictly later fails it. Source: [OR] measured readback and
    /// probes at 0.500 s and 0.501 s, [BK], R158. Confidence high.
    public static let swipeMaximumDuration: Duration = .milliseconds(500)

    /// Least travel along the swipe's direction at t = 0, in points: 50 (at least this much
    /// qualifies), decaying with ``swipeRateOfMinimumMovementDecay``. Source: [OR] readback and
    /// ±0.001 pt brackets, [BK], R156, R157. Confidence high.
    public static let swipeMinimumPrimaryMovement: Double = 50

    /// Most travel along the swipe's direction, in points: unlimited (infinity). Source: [BK],
    /// [DC] "no limit" sentinel, R156. Confidence medium.
    public static let swipeMaximumPrimaryMovement: Double = .infinity

    /// Least travel across the swipe's direction, in points: 0. Source: [BK], consistent with
    /// [OR], R156. Confidence medium.
    public static let swipeMinimumSecondaryMovement: Double = 0

    /// Most travel across the swipe's direction at t = 0, in points: 50 (strictly more fails),
    /// decaying with ``swipeRateOfMaximumMovementDecay``. Source: [OR] readback and brackets
    /// (an older copy of the class, [BK], has 200), R156, R157. Confidence medium.
    public static let swipeMaximumSecondaryMovement: Double = 50

    /// Most travel behind the touch-down against a single direction of an axis, in points: 0
    /// (any backward movement fails). Source: [OR] readback and reversal probe, [DC], R159.
    /// Confidence high.
    public static let swipeMaximumOppositeMovement: Double = 0

    /// The factor the minimum-travel limits would reach at t = 1 s: 0.06 (t is capped by
    /// ``swipeDecayTimeCap``, so they stop at 1 − 0.5 × 0.94 = 0.53 of their start). Unitless.
    /// Source: [OR], [BK], R157. Confidence high.
    public static let swipeRateOfMinimumMovementDecay: Double = 0.06

    /// The factor the maximum-travel limits would reach at t = 1 s: 0.02 (they stop at
    /// 1 − 0.5 × 0.98 = 0.51 of their start). Unitless. Source: [OR], [BK], R157. Confidence high.
    public static let swipeRateOfMaximumMovementDecay: Double = 0.02

    /// Time after which the swipe's limits stop decaying: 0.5 s. Source: [DC] `fmin(t, 0.5)`,
    /// [OR], R157. Confidence high.
    public static let swipeDecayTimeCap: Duration = .milliseconds(500)

    /// Shortest interval the swipe's rate test divides by: 0.01 s. Source: [DC], R159.
    /// Confidence medium.
    public static let swipeMinimumRateInterval: Duration = .milliseconds(10)

    /// Least speed along the direction of one move step, in points per second: 0 (no rate
    /// condition). UIKit's value was not recovered; measurements bound it to at most 53 pt/s.
    /// Source: [OR] bound, [DC] test exists, R156. Confidence low.
    public static let swipeMinimumPrimaryMovementRate: Double = 0
    // MARK: Pinch and rotation (two-finger transform)

    /// The pinch's hysteresis for indirect pointer touches (a trackpad), in points: 2.
    /// Source: [DC] `PinchPointerTouchHysteresis`, R174. Confidence medium.
    public static let pinchPointerHysteresis: Double = 2

    /// The distance of the two virtual fingers that a trackpad transform's scale is read as, in
    /// points: 100, so the 2 pt pointer dead zone is a 2 % change of scale. UIKit's transform-event
    /// arithmetic was not traced; this is the engine's reading of R277. Source: [Library], R292.
    public static let trackpadPinchSpan: Double = 100

    /// The rotation's threshold for indirect pointer touches (a trackpad), in degrees: 1.
    /// Source: [DC] `PointerTouchRotationHysteresis`, R180. Confidence medium.
    public static let rotationPointerThresholdDegrees: Double = 1

    /// How far the distance between a pinch's two fingers must change before it begins, in
    /// points: 8 (strictly more). The 8 pt are taken out of the reported scale: fingers 100 pt
    /// apart spread to 110 pt give 110 / 108. Source: [DC] pinch driver `_hysteresis`, R174.
    /// Confidence medium.
    public static let pinchHysteresis: Double = 8

    /// The smallest turn that begins a rotation, in degrees, when the fingers' distance has not
    /// changed: 5 (strictly more). Source: [DC] rotation driver, R180. Confidence medium.
    public static let rotationMinimumThresholdDegrees: Double = 5

    /// What the rotation threshold grows by when the fingers' distance changes, in degrees:
    /// 5 x sqrt(min(|d - d0| / d0, 1)), so 10 at most. Source: [DC] rotation driver, R180.
    /// Confidence medium.
    public static let rotationThresholdGrowthDegrees: Double = 5

    /// Weights the pinch's motion analysis gives translation, scale and rotation: 0.5, 4.0, 0.5
    /// (a component leads when its weighted size is more than ``transformDominanceRatio`` times
    /// each other). Source: [DC] pinch driver `init`, R171. Confidence medium.
    public static let pinchAnalyzerWeights: (translation: Double, scale: Double, rotation: Double) = (0.5, 4.0, 0.5)

    /// Weights the rotation's motion analysis gives translation, scale and rotation: 0.25, 0.25,
    /// 1.0. Source: [DC] rotation driver `init`, R171. Confidence medium.
    public static let rotationAnalyzerWeights: (translation: Double, scale: Double, rotation: Double) = (0.25, 0.25, 1.0)

    /// How much of a new sample the motion analysis keeps: 0.4 (the running value keeps 0.6).
    /// Source: [DC] `_UIGestureRecognizerTransformAnalyzer`, R171. Confidence medium.
    public static let transformAnalyzerSampleWeight: Double = 0.4

    /// How many times larger than each other component the leading one must be: 1.4.
    /// Source: [DC] `_UIGestureRecognizerTransformAnalyzer`, R171. Confidence medium.
    public static let transformDominanceRatio: Double = 1.4

    /// Weight of the previous velocity sample in the pinch's and the rotation's velocity: 0.75
    /// (the latest weighs 0.25), used when the previous sample is not zero. Source: [DC]
    /// `velocity` getters, R176, R182. Confidence medium.
    public static let transformVelocityPreviousWeight: Double = 0.75

    /// The interval a pinch velocity sample uses when no time has passed and none has before:
    /// one display frame, 1/60 s. Source: [DC] `_applyScale:`, R176. Confidence medium.
    public static let transformFallbackSampleInterval: Duration = .nanoseconds(16_666_667)

    /// A rotation's largest turn between two updates read as a turn, in degrees: 90; a bigger
    /// jump is read as crossing the +/-180 degree line. Source: [DC] rotation driver, R179.
    /// Confidence medium.
    public static let rotationWrapJumpDegrees: Double = 90
    // MARK: - Long press (R140-R154)

    /// How long a long press's fingers must be held: 0.5 s, from the touch-down that completes
    /// the required set of fingers. Source: [AD] minimumPressDuration, Apple's SDK header, [DC]
    /// init and encodeWithCoder, R140, R141. Confidence high (value), medium (multi-finger start).
    public static let longPressMinimumPressDuration: Duration = .milliseconds(500)

    /// How far a long press's centroid may move from its start before the press begins, in
    /// points: 10 (moving strictly farther fails; no limit after it began). Source: [AD], Apple's
    /// SDK header, [DC] touchesMoved, R140, R144, R147. Confidence high (value), medium (centroid).
    public static let longPressAllowableMovement: Double = 10

    /// Taps a long press needs before the press: 0. Source: Apple's SDK header, [DC], R140.
    /// Confidence high.
    public static let longPressNumberOfTapsRequired = 0

    /// Fingers a long press needs: 1. Source: Apple's SDK header, [DC], R140. Confidence high.
    public static let longPressNumberOfTouchesRequired = 1

    /// Longest wait from a long press's last tap lifting to the press touching down: 0.35 s (the
    /// tap interval of its internal tap recognizer). Source: [DC] `_startTapFinishedTimer`, R152.
    /// Confidence medium.
    public static let longPressTapToPressInterval: Duration = .milliseconds(350)

    /// How far the taps before a long press may move from the first tap's start, in points: 45
    /// (the tap recognizer's allowance; strictly farther fails). Source: [DC] internal tap
    /// recognizer, R152, R90. Confidence medium.
    public static let longPressTapAllowableMovement: Double = 45
}
