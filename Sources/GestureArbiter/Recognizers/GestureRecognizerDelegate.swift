/// The questions a gesture recognizer asks its delegate, with UIKit's default answers.
///
/// Every method is optional: the protocol extension supplies UIKit's defaults
/// (`shouldBegin` true, `shouldReceive` true, the other three false). A recognizer holds its
/// delegate weakly.
///
/// Answers must not depend on anything but the recognizers and the touch: the engine may ask
/// within a pass in any order it documents (R28). A delegate method may change recognizers or
/// views (for example disable one); such changes take effect when the running pass has finished
/// (R119).
///
/// Rule: R24, R33, R44, R45, R53.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether `gestureRecognizer` may leave `possible` (to began or recognized). False makes it
    /// fail instead. Asked after the hit-test views' ``View/gestureRecognizerShouldBegin(_:)``
    /// (R13, R33). Default: true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool

    /// Whether `gestureRecognizer` may see `touch`, asked once when the touch begins, before the
    /// recognizer's `touchesBegan`. False: the recognizer never sees the touch (R24, R25).
    /// Default: true.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool

    /// Whether `gestureRecognizer` may recognize while `otherGestureRecognizer` does. True from
    /// either side's delegate is enough (R45). Default: false.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool

    /// Whether `gestureRecognizer` must wait for `otherGestureRecognizer` to fail, for this
    /// attempt only (a dynamic `require(toFail:)`, R53). Default: false.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
    ) -> Bool

    /// Whether `otherGestureRecognizer` must wait for `gestureRecognizer` to fail, for this
    /// attempt only (R53). Default: false.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
    ) -> Bool
}

extension GestureRecognizerDelegate {
    /// UIKit's default: true.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    /// UIKit's default: true.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        true
    }

    /// UIKit's default: false.
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool { false }

    /// UIKit's default: false.
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
    ) -> Bool { false }

    /// UIKit's default: false.
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
    ) -> Bool { false }
}
