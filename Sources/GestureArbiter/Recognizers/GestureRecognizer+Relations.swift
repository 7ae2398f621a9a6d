extension GestureRecognizer {
    /// Lets this recognizer and `other` recognize at the same time, without a delegate: the same
    /// as this recognizer's delegate answering yes to
    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith: other)` (R45), which is enough
    /// whatever `other`'s delegate says. React Native Gesture Handler's `Simultaneous` and
    /// `simultaneousWithExternalGesture`. A failure requirement between the two still wins: the
    /// waiting one fails when the other begins (R51, R55).
    ///
    /// ```swift
    /// let pinch = PinchGestureRecognizer()
    /// let rotation = RotationGestureRecognizer()
    /// pinch.recognizesSimultaneously(with: rotation)
    /// ```
    ///
    /// Rule: R45.
    @discardableResult
    public func recognizesSimultaneously(with other: GestureRecognizer) -> GestureRelation {
        GestureRecognizer.declare(.simultaneous, [self, other])
    }

    /// Makes `recognizers` exclusive in priority order, without delegates: each waits for every
    /// earlier one to fail before it publishes, and fails when an earlier one begins or
    /// recognizes. The same as each later recognizer's delegate answering yes to
    /// `gestureRecognizer(_:shouldRequireFailureOf:)` about each earlier one: a dynamic failure
    /// requirement for each attempt (R53, R51, R54-R56). React Native Gesture Handler's
    /// `Exclusive`; `exclusive([doubleTap, singleTap])` is the single tap that waits for the
    /// double tap.
    ///
    /// A recognizer listed twice counts at its first place.
    ///
    /// Rule: R51, R53-R56.
    @discardableResult
    public static func exclusive(_ recognizers: [GestureRecognizer]) -> GestureRelation {
        declare(.exclusive, recognizers)
    }

    /// Makes `recognizers` race, without delegates: the first to begin or recognize wins and the
    /// others on related views fail (R44, R46). This is UIKit's default, so it is the same as
    /// their delegates answering no to `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`:
    /// a yes from a delegate or a ``recognizesSimultaneously(with:)`` still lets two of them
    /// recognize together (R45), and ``GestureLint`` reports that (`overruled-no`). React Native
    /// Gesture Handler's `Race`, written down so that the lint and `--explain` can name it.
    ///
    /// Rule: R44-R46.
    @discardableResult
    public static func race(_ recognizers: [GestureRecognizer]) -> GestureRelation {
        declare(.race, recognizers)
    }

    /// The relations this recognizer is a member of, in the order they were declared.
    public var relations: [GestureRelation] { (relationBoxes ?? []).map(GestureRelation.init) }

    /// Leaves every relation this recognizer is a member of (the other members keep theirs).
    public func removeAllRelations() {
        relationBoxes = nil
    }

    private static func declare(_ kind: GestureRelation.Kind, _ recognizers: [GestureRecognizer]) -> GestureRelation {
        var members: [GestureRecognizer] = []
        for recognizer in recognizers where !members.contains(where: { $0 === recognizer }) { members.append(recognizer) }
        let box = RelationBox(kind: kind, members: members)
        if members.count >= 2 {
            for member in members { member.relationBoxes = (member.relationBoxes ?? []) + [box] }
        }
        return GestureRelation(box)
    }
}
