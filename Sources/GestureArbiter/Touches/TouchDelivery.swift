/// One touch's record of its deliveries to its view: kept on the touch, so that the dispatch path
/// reads it without a lookup, and changed only through the transitions below, each of which
/// checks (in debug builds) that it starts from a state the rules allow. The holds on the touch
/// are in the environment's ``HoldTable``.
struct TouchDelivery {
    /// How far the view has got.
    private(set) var view = ViewDelivery.pending
    /// Input arrived for this touch in the running pass (drives step 6 of R76).
    private(set) var changedInPass = false
    /// The view already got this pass's phase (as a catch-up of R66, or in step 6).
    private(set) var deliveredInPass = false
    /// The touch moved while its began was withheld: a catch-up `moved` is owed (R66).
    private(set) var owesCatchUpMove = false

    /// Input for the touch arrived in this pass with `phase`.
    @inline(__always)
    mutating func inputArrived(_ phase: TouchPhase) {
        if phase == .moved, view == .pending { owesCatchUpMove = true }
        changedInPass = true
    }

    /// The pass is over.
    @inline(__always)
    mutating func passDidEnd() {
        changedInPass = false
        deliveredInPass = false
    }

    /// R18-R20: no view ever sees the touch.
    mutating func suppress() {
        assert(view == .pending, "suppressing a touch its view has seen")
        view = .suppressed
    }

    /// The touch is dropped before its view got its began (R67, R72, R120). Only the environment's
    /// hold table calls it, from its own `discard`, which also drops the touch's holds.
    mutating func discard() {
        assert(view == .pending, "discarding a touch its view has seen")
        view = .discarded
    }

    /// A recognizer or a removal cancels the touch in its view (R67, R73, R120).
    mutating func cancelInView() {
        assert(view == .delivered, "cancelling a touch its view has not seen")
        view = .cancelled
    }

    /// The view gets `phase` of this touch in step 6 (R15).
    @inline(__always)
    mutating func deliverOwnPhase(_ phase: TouchPhase) {
        switch phase {
        case .began: view = .delivered
        case .ended, .cancelled: view = .finished
        case .moved, .stationary: break
        }
        deliveredInPass = true
    }

    /// R66: a withheld began is released.
    mutating func releaseBegan() {
        assert(view == .pending, "releasing a began the view has had")
        view = .delivered
    }

    /// R66: the catch-up `moved` after a released began is sent. It counts as this pass's
    /// delivery only for a touch that has input in this pass.
    mutating func sendCatchUpMove() {
        owesCatchUpMove = false
        deliveredInPass = changedInPass
    }

    /// R66: a withheld end is released.
    mutating func releaseEnded() {
        assert(view == .delivered, "ending a touch its view does not have")
        view = .finished
    }

    /// R66: the catch-up `ended` after a released began is sent. It counts as this pass's
    /// delivery only for a touch that has input in this pass.
    mutating func sendCatchUpEnd() {
        assert(view == .delivered, "ending a touch its view does not have")
        view = .finished
        deliveredInPass = changedInPass
    }

    /// R66: after a released began and its catch-up, the view has had this pass's phase.
    mutating func caughtUp() {
        if changedInPass { deliveredInPass = true }
    }
}

/// How far a touch's hit-test view has got with the touch.
enum ViewDelivery {
    /// The began phase has not reached the view yet (withheld, or not yet delivered).
    case pending
    /// The view got began and has not got ended or cancelled.
    case delivered
    /// The view got ended or cancelled from the host; nothing more is delivered.
    case finished
    /// A recognizer cancelled the touch in the view after its began (R67, R73).
    case cancelled
    /// The touch was cancelled or dropped before the view got its began: the view never hears of
    /// it (R67, R72, R120).
    case discarded
    /// The touch is never delivered to any view: no hit-test view, or R18-R20 withheld it.
    case suppressed

    /// Whether the view may still get phases of the touch (its began, or what follows it).
    var takesPhases: Bool {
        @inline(__always) get { self == .pending || self == .delivered }
    }
}
