/// Every timing and distance constant of the engine, with its value, unit and source.
///
/// Each recognizer copies its default into a per-instance property that you can change (for
/// example ``TapGestureRecognizer/maximumIntervalBetweenSuccessiveTaps``). Sources are keyed as in
/// the table of constants in docs/semantics.md: [DC] decompiled UIKit, [AD] Apple documentation, [GT] Gestouch.
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

    /// Opacity below which hit-testing skips a view: 0.01. Source: [AD] hitTest(_:with:), R2, R6.
    public static let hitTestMinimumAlpha: Double = 0.01

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
