/// What arbitration knows about one recognizer when it decides: a snapshot of the engine's
/// per-attempt state, with no references and nothing that runs user code. The decisions below
/// are pure functions of it (and, for requirements, of what the recognizer's requirements are
/// doing), so they can be tested with plain values; the pass's steps read a recognizer into one
/// of these, decide, and carry the decision out.
struct RecognizerFacts: Equatable {
    /// The stored state (R38: what `state` shows).
    var state: GestureRecognizer.State
    /// Began or recognized while a requirement is active, and not released yet (R54).
    var isHeld = false
    /// Its first action (began or recognized) has been sent (R34, R56).
    var hasPublished = false
    /// Nothing it requires can stop it any more: it publishes in the running pass (R56, R59).
    var isCommitted = false
    /// Its ended or cancelled action has been sent (R37).
    var hasSentTerminal = false
    /// It passed through began before publishing (R56's began, then the current state).
    var reachedBeganUnpublished = false
    /// A change since its last changed action (R36).
    var hasPendingChange = false

    /// Facts given one by one (the defaults are those of a fresh attempt).
    init(
        state: GestureRecognizer.State,
        isHeld: Bool = false,
        hasPublished: Bool = false,
        isCommitted: Bool = false,
        hasSentTerminal: Bool = false,
        reachedBeganUnpublished: Bool = false,
        hasPendingChange: Bool = false
    ) {
        self.state = state
        self.isHeld = isHeld
        self.hasPublished = hasPublished
        self.isCommitted = isCommitted
        self.hasSentTerminal = hasSentTerminal
        self.reachedBeganUnpublished = reachedBeganUnpublished
        self.hasPendingChange = hasPendingChange
    }

    /// The facts of `recognizer` now.
    @inline(__always)
    init(_ recognizer: GestureRecognizer) {
        self = recognizer.arbitration.facts(state: recognizer.storedState)
    }

    /// R54: only an unpublished, unheld recognizer that began or ended can become held.
    var mayBecomeHeld: Bool {
        @inline(__always) get {
            guard !hasPublished, !isHeld else { return false }
            switch state {
            case .began, .changed, .ended: return true
            case .possible, .cancelled, .failed: return false
            }
        }
    }

    /// R44.1: began, changed, or recognized and not yet finished publishing; not held (R54).
    /// An ended recognizer excludes only in the pass in which it recognizes.
    var canExclude: Bool {
        @inline(__always) get {
            guard !isHeld else { return false }
            switch state {
            case .began, .changed: return true
            case .ended: return !hasSentTerminal
            case .possible, .cancelled, .failed: return false
            }
        }
    }

    /// R44.4, R46: has not published; still possible, or began or recognized but unpublished.
    var isExcludable: Bool {
        @inline(__always) get {
            guard !hasPublished else { return false }
            switch state {
            case .possible, .began, .changed, .ended: return true
            case .cancelled, .failed: return false
            }
        }
    }

    /// R34, R37: it finished after step 4 had passed it (a callback of the pass set ended or
    /// cancelled) and its action is still owed: the pass queued for the change sends it, so it
    /// does not reset yet.
    var owesAction: Bool {
        @inline(__always) get {
            guard !hasSentTerminal, !isHeld else { return false }
            switch state {
            case .ended: return true
            case .cancelled: return hasPublished
            case .possible, .began, .changed, .failed: return false
            }
        }
    }
}

/// What step 4 of a pass does for one recognizer: which actions it sends (R34-R37, R56) and
/// whether its touches are then taken from their views (R67, R68). Decided by
/// ``decide(_:)`` from the recognizer's facts alone; carried out by the environment.
enum Publication: Equatable {
    /// Nothing: held (R54), possible or failed (R34), or finished and already sent (R37).
    case none
    /// R34: the first action of a continuous gesture, `began` (the state is left in began).
    case began
    /// R34, R56: the gesture is recognized and publishes for the first time: `ended` alone for a
    /// discrete one, `began` then `ended` for a continuous one released late (`afterBegan`).
    case recognized(afterBegan: Bool)
    /// R36: a published, still-running gesture changed since its last action.
    case changed
    /// R67, R127: a published, still-running gesture with nothing new to report; only touches
    /// that joined it are taken from their views.
    case running
    /// R37: the one terminal action of a published gesture, `ended` or `cancelled`.
    case finished(GestureRecognizer.State)

    /// Decides step 4 for a recognizer with `facts` (in this window's sequence).
    @inline(__always)
    static func decide(_ facts: RecognizerFacts) -> Publication {
        guard !facts.isHeld else { return .none }
        if !facts.hasPublished {
            switch facts.state {
            case .began, .changed: return .began
            case .ended: return .recognized(afterBegan: facts.reachedBeganUnpublished)
            case .possible, .cancelled, .failed: return .none
            }
        }
        switch facts.state {
        case .began, .changed: return facts.hasPendingChange ? .changed : .running
        case .ended, .cancelled: return facts.hasSentTerminal ? .none : .finished(facts.state)
        case .possible, .failed: return .none
        }
    }

    /// R67, R127: after its actions, the recognizer's touches are taken from their views when
    /// its `cancelsTouchesInView` is on (read after the actions, which may change it).
    var takesTouchesFromViews: Bool {
        @inline(__always) get {
            switch self {
            case .began, .recognized, .changed, .running: return true
            case .none, .finished: return false
            }
        }
    }
}

/// What settling failure requirements (step 3) does to one recognizer (R54-R57, R59).
enum RequirementVerdict: Equatable {
    /// Nothing to settle: published, finished unsuccessfully, or possible and not failed by a
    /// requirement (R57: it keeps processing touches).
    case unchanged
    /// R55: a requirement began or recognized, so the recognizer fails.
    case failed(requiredRecognizerSucceeded: GestureRecognizer)
    /// R54: it began or recognized while a requirement is still active: it waits.
    case waits
    /// R56, R59: nothing it requires can stop it: it publishes in this pass. `released` when it
    /// was held (and so is released now).
    case commits(released: Bool)

    /// Decides for a recognizer with `facts`, given its first requirement that is recognizing
    /// (R55; nil when none is) and whether one of its requirements is active (R52; asked only
    /// when needed, and without side effects).
    @inline(__always)
    static func decide(
        _ facts: RecognizerFacts,
        recognizingRequirement: GestureRecognizer?,
        hasActiveRequirement: () -> Bool
    ) -> RequirementVerdict {
        guard !facts.hasPublished, facts.state != .failed, facts.state != .cancelled else { return .unchanged }
        if let recognizingRequirement { return .failed(requiredRecognizerSucceeded: recognizingRequirement) }
        switch facts.state {
        case .began, .changed, .ended: break
        case .possible, .cancelled, .failed: return .unchanged
        }
        if hasActiveRequirement() { return .waits }
        return .commits(released: facts.isHeld)
    }

    static func == (lhs: RequirementVerdict, rhs: RequirementVerdict) -> Bool {
        switch (lhs, rhs) {
        case (.unchanged, .unchanged), (.waits, .waits): return true
        case let (.failed(left), .failed(right)): return left === right
        case let (.commits(left), .commits(right)): return left == right
        default: return false
        }
    }
}
