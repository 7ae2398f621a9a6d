import GestureArbiter

extension Scenario.GestureKind {
    /// The `longPress` type's default `duration`, in seconds: the library's
    /// `GestureDefaults.longPressMinimumPressDuration` (0.5 s, R140).
    static let longPressDefaultDuration: Double = {
        let (seconds, attoseconds) = GestureDefaults.longPressMinimumPressDuration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }()

    /// A `longPress` with the format's defaults (R140): 0.5 s, 10 pt, no taps, one finger.
    public static var defaultLongPress: Scenario.GestureKind {
        .longPress(
            duration: longPressDefaultDuration, allowableMovement: GestureDefaults.longPressAllowableMovement,
            taps: GestureDefaults.longPressNumberOfTapsRequired, touches: GestureDefaults.longPressNumberOfTouchesRequired)
    }
}
