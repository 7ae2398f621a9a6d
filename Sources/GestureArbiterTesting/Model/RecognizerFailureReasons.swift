import GestureArbiter

/// Why a recognizer failed by its own rules, in words, for the `#` lines of `--explain`: nil
/// when its class keeps no reason or the failure came from elsewhere (exclusion, a failure
/// requirement, a `gestureRecognizerShouldBegin` answer, disabling, removal), which the state
/// change's own line already explains.
func ownFailureReason(of recognizer: GestureRecognizer) -> String? {
    // R140-R154: the long press keeps the reason of its last failure.
    if let press = recognizer as? LongPressGestureRecognizer { return press.failureReason?.description }
    // R158-R162, R188: so does the swipe.
    if let swipe = recognizer as? SwipeGestureRecognizer { return swipe.failureReason.map { "\($0)" } }
    return nil
}
