extension GestureRecognizer {
    /// What a recognizer without a ``name`` is called in ``description``, and so in traces,
    /// ``GestureEnvironment/busyReasons``, lint findings and error messages: its class, its index
    /// in its view's ``View/gestureRecognizers`` and the view, `TapGestureRecognizer[1] on
    /// View(card)`; just the class while it is attached to no view. Two unnamed recognizers of one
    /// class are told apart by their index on the same view, or by their views.
    ///
    /// Computed when asked (it reads the view's list), never on the dispatch path.
    public final var defaultName: String {
        let type = String(describing: Swift.type(of: self))
        guard let view else { return type }
        let index = view.gestureRecognizers.firstIndex { $0 === self } ?? 0
        return "\(type)[\(index)] on \(view.description)"
    }
}
