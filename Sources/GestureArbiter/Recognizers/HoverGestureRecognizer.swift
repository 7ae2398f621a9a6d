/// A continuous recognizer for the pointer moving over a view with no button down: UIKit's
/// `UIHoverGestureRecognizer`.
///
/// It takes hover input only (``GestureEnvironment/dispatch(_:)-(HoverInput)``), never touches.
/// It begins when the pointer comes over its view or a view inside it, changes while the pointer
/// moves there, and ends when the pointer moves to a view outside its view's subtree or leaves
/// the window (R268). Hover recognizers of nested views are active together: a hover recognizer
/// never prevents another recognizer, is never prevented, and never waits for a failure
/// (``GestureRecognizer/require(toFail:)`` does nothing) (R269). While a click is down, moves send no changed
/// (R282).
///
/// ```swift
/// let hover = HoverGestureRecognizer()
/// hover.addAction { hover in print(hover.state, hover.location(in: card)) }
/// card.addGestureRecognizer(hover)
/// try environment.dispatch(HoverInput(timestamp: .zero, phase: .entered, location: Point(x: 10, y: 10)))
/// ```
///
/// Rule: R266-R271, R279, R282.
public final class HoverGestureRecognizer: GestureRecognizer {
    /// The stored state of this class, in one cell that the runtime does not check for
    /// overlapping access (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh
    /// proves that none is formed). The property of the same name forwards to it.
    private let hoverFields = UncheckedExclusivityCell(HoverFields())
    /// The fields of `hoverFields`: the stored properties they replace, with their defaults.
    private struct HoverFields: ~Copyable {
        var hoverLocation: Point?
    }

    /// Where the pointer is, in window coordinates, while the recognizer is active.
    final var hoverLocation: Point? {
        @inline(__always) get { hoverFields.value.hoverLocation }
        @inline(__always) set { hoverFields.value.hoverLocation = newValue }
    }

    /// Creates a hover recognizer.
    public override init() {
        super.init()
        acceptsFailureRequirements = false
    }

    /// Where the pointer is (R270); (0, 0) when the recognizer is not following it.
    public override func location(in view: View?) -> Point {
        guard let hoverLocation else { return .zero }
        guard let view else { return hoverLocation }
        return view.convert(hoverLocation, from: nil)
    }

    /// The number of touches: always 0 (hover is not a touch).
    override var acceptsNewTouches: Bool { false }

    /// Never prevents another recognizer (R269).
    public override func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { false }

    /// Is never prevented (R269).
    public override func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { false }

    /// Forgets the pointer.
    public override func reset() {
        super.reset()
        hoverLocation = nil
    }
}
