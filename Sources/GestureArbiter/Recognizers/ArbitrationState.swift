/// One recognizer's arbitration state for its current attempt, from its first touch to its
/// reset (R39): whether a failure requirement holds it, whether it has committed to publish,
/// which actions it has sent, whether it owes a changed action, and what it did to its touches'
/// views.
///
/// It is the one owner of these facts. The engine keeps one per recognizer and changes it only
/// through the methods below, each named for what happened and the rule it follows; a method that
/// has a decision to make returns it (``publish(in:)`` returns the ``Publication`` that step 4
/// carries out), and the environment does what it says. A reset (R39) is one assignment of a
/// fresh value, so no flag can survive an attempt by being forgotten.
///
/// Its stored state (``GestureRecognizer/State``) stays on the recognizer: it is public, and the
/// recognizer's own logic and the state setter's normalisation (R32) change it.
struct ArbitrationState {
    /// Began or recognized while a requirement is active, and not released yet (R54).
    private(set) var isHeld = false
    /// Nothing it requires can stop it any more: it publishes in the running pass (R56, R59).
    private(set) var isCommitted = false
    /// Its first action (began or recognized) has been sent in this attempt (R34, R56).
    private(set) var hasPublished = false
    /// A began action has been sent in this attempt (so an ended one is not discrete).
    private(set) var hasSentBegan = false
    /// Its ended or cancelled action has been sent in this attempt (R37).
    private(set) var hasSentTerminal = false
    /// The state passed through began before publishing (R56's began, then the current state).
    private(set) var reachedBeganUnpublished = false
    /// A change since the last changed action (R36).
    private(set) var hasPendingChange = false
    /// The dynamic requirements of this attempt have been asked (R53: once per attempt).
    private(set) var dynamicRequirementsEvaluated = false
    /// Every touch bound so far has been cancelled in its view, or could not be (R67): set by
    /// the cancellation, cleared when a touch binds.
    private(set) var touchesCancelledInViews = false

    /// The state of a fresh attempt.
    init() {}

    /// What arbitration's pure decisions read, with the recognizer's `state`.
    @inline(__always)
    func facts(state: GestureRecognizer.State) -> RecognizerFacts {
        RecognizerFacts(
            state: state,
            isHeld: isHeld,
            hasPublished: hasPublished,
            isCommitted: isCommitted,
            hasSentTerminal: hasSentTerminal,
            reachedBeganUnpublished: reachedBeganUnpublished,
            hasPendingChange: hasPendingChange
        )
    }

    // MARK: - The recognizer's own requests

    /// The state setter accepted `target` (after R32's normalisation): a change is owed a changed
    /// action (R36); a began before publishing is remembered for a late release (R56).
    @inline(__always)
    mutating func stateRequested(_ target: GestureRecognizer.State) {
        if target == .changed { hasPendingChange = true }
        if target == .began { reachedBeganUnpublished = true }
    }

    /// The recognizer received touches it did not ignore in step 2 while in `state`: a published,
    /// running gesture owes a changed action (R36).
    @inline(__always)
    mutating func receivedTouches(in state: GestureRecognizer.State) {
        if hasPublished, state == .began || state == .changed { hasPendingChange = true }
    }

    // MARK: - Failure requirements (step 3)

    /// R54: it began or recognized while a requirement is active: it waits.
    mutating func hold() {
        isHeld = true
    }

    /// R54, R65: it failed or was cancelled, so it waits for nothing and withholds nothing more.
    @inline(__always)
    mutating func stopWaiting() {
        isHeld = false
    }

    /// R56, R59: nothing it requires can stop it now: it publishes in this pass. Returns whether
    /// it was held, and so is released now.
    mutating func commit() -> Bool {
        isCommitted = true
        let released = isHeld
        isHeld = false
        return released
    }

    /// R53: its dynamic requirements for this attempt have been asked.
    mutating func dynamicRequirementsWereEvaluated() {
        dynamicRequirementsEvaluated = true
    }

    // MARK: - Actions (step 4)

    /// Decides step 4 for the recognizer in `state` (``Publication/decide(_:)``) and records the
    /// actions it is about to send: the environment then sends them (R34-R37, R56).
    @inline(__always)
    mutating func publish(in state: GestureRecognizer.State) -> Publication {
        let publication = Publication.decide(facts(state: state))
        switch publication {
        case .none, .running:
            break
        case .began:
            hasPublished = true
            hasSentBegan = true
            hasPendingChange = false
        case .recognized(let afterBegan):
            hasPublished = true
            if afterBegan { hasSentBegan = true }
            hasSentTerminal = true
        case .changed:
            hasPendingChange = false
        case .finished:
            hasSentTerminal = true
        }
        return publication
    }

    // MARK: - Views (R67)

    /// A touch was bound to the recognizer: it has not been cancelled in its view.
    @inline(__always)
    mutating func touchWasBound() {
        touchesCancelledInViews = false
    }

    /// R67: the recognizer's touches were cancelled in their views.
    mutating func didCancelTouchesInViews() {
        touchesCancelledInViews = true
    }
}
