/// The base class of gesture recognizers: UIKit's `UIGestureRecognizer`.
///
/// A recognizer attached to a view sees the touches hit-tested to that view or its descendants
/// (R12, R23), before the view does (R21). It decides its own gesture by setting ``state`` from
/// its touch methods or its timer; the ``GestureEnvironment`` decides everything between
/// recognizers (exclusion, failure requirements, simultaneity) and what the views receive
/// (``delaysTouchesBegan``, ``delaysTouchesEnded``, ``cancelsTouchesInView``).
///
/// Subclass it for a custom gesture: override the four touch methods, set ``state``, and
/// override ``reset()`` to clear per-attempt data. Use ``startTimer(after:)`` for timeouts, so
/// that they run on the environment's clock.
///
/// ```swift
/// final class TwoFingerPress: GestureRecognizer {
///     override func touchesBegan(_ touches: TouchSet, with event: Event) {
///         if numberOfTouches == 2 { startTimer(after: .milliseconds(500)) }
///     }
///     override func touchesEnded(_ touches: TouchSet, with event: Event) {
///         if state == .possible { state = .failed }
///     }
///     override func timerDidFire() { state = .recognized }
/// }
/// ```
///
/// Rule: R12, R21, R24-R42.
open class GestureRecognizer: CustomStringConvertible {
    /// The stored state of this class that the dispatch path reads and writes at every event,
    /// in one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let recognizerFields = UncheckedExclusivityCell(RecognizerFields())
    /// The fields of `recognizerFields`: the stored properties they replace, with their defaults.
    private struct RecognizerFields: ~Copyable {
        var viewRef: UnownedReference<View>?
        var isEnabled: Bool = true
        var cancelsTouchesInView: Bool = true
        var delaysTouchesBegan: Bool = false
        var delaysTouchesEnded: Bool = true
        var requiresExclusiveTouchType: Bool = true
        var allowedTouchTypes: [TouchType] = TouchType.allCases
        var allowedTouchTypeBits: UInt8 = TouchType.bits(of: TouchType.allCases)
        weak var delegate: (any GestureRecognizerDelegate)?
        var refusesDelegate: Bool = false
        var isDrivenByPointer: Bool = false
        var acceptsFailureRequirements: Bool = true
        var hasDelegate: Bool = false
        var explicitAllowedButtonMask: Event.ButtonMask?
        var storedState: State = .possible
        var actions: RetainedList<ActionEntry> = RetainedList<ActionEntry>()
        var nextActionID: UInt64 = 0
        var failureRequirements: RequirementEdges<GestureRecognizer> = RequirementEdges<GestureRecognizer>()
        var failureDependents: UnownedList<GestureRecognizer> = UnownedList<GestureRecognizer>()
        var dynamicRequirements: [(recognizer: GestureRecognizer, attempt: UInt64)] = []
        var attempt: UInt64 = 0
        var environmentRef: UnownedReference<GestureEnvironment>?
        var activeWindowRef: UnownedReference<Window>?
        var orderDepth: Int = 0
        var orderActivation: UInt64 = 0
        var orderIndex: Int = 0
        var trackedTouches: UnownedList<Touch> = UnownedList<Touch>()
        var touchTypeInUse: TouchType?
        var arbitration: ArbitrationState = ArbitrationState()
        var timerHandle: TimerHandle?
        var lastCentroid: Point = .zero
        var stateChangeReason: StaticString?
        var relationBoxes: [RelationBox]?
        var timerToken: UInt64 = 0
    }

    /// A name for logs and traces (UIKit's `name`).
    public final var name: String?

    /// The view the recognizer is attached to.
    public internal(set) final var view: View? {
        get { viewRef?.object }
        set { viewRef = .to(newValue) }
    }
    /// `view` as stored: not owned, read without reference counting (see ``UnownedReference``).
    final var viewRef: UnownedReference<View>? {
        @inline(__always) get { recognizerFields.value.viewRef }
        @inline(__always) set { recognizerFields.value.viewRef = newValue }
    }

    /// Whether the recognizer takes part. Setting it to false while the recognizer tracks touches
    /// cancels it: possible or unpublished → failed; began or changed → cancelled, with a
    /// cancelled action. It then receives `touchesCancelled`, releases its holds and is reset.
    /// A disabled recognizer receives no touches; enabling it again does not bind touches that
    /// are already down (R40).
    public final var isEnabled: Bool {
        @inline(__always) get { recognizerFields.value.isEnabled }
        set {
            let oldValue = recognizerFields.value.isEnabled
            recognizerFields.value.isEnabled = newValue
            if oldValue && !isEnabled { environment?.recognizerWasDetached(self, reason: .disabled) }
        }
    }

    /// Whether recognizing cancels the recognizer's touches in their views (R67). Default true.
    public final var cancelsTouchesInView: Bool {
        @inline(__always) get { recognizerFields.value.cancelsTouchesInView }
        @inline(__always) set { recognizerFields.value.cancelsTouchesInView = newValue }
    }
    /// Whether the began phase of the recognizer's touches is withheld from views while it is
    /// possible (R61). Default false.
    public final var delaysTouchesBegan: Bool {
        @inline(__always) get { recognizerFields.value.delaysTouchesBegan }
        @inline(__always) set { recognizerFields.value.delaysTouchesBegan = newValue }
    }
    /// Whether the ended phase of the recognizer's touches is withheld from views while it is
    /// possible (R62). Default true.
    public final var delaysTouchesEnded: Bool {
        @inline(__always) get { recognizerFields.value.delaysTouchesEnded }
        @inline(__always) set { recognizerFields.value.delaysTouchesEnded = newValue }
    }
    /// Whether, once it has a touch of one type, the recognizer ignores touches of other types
    /// until reset (R29). Default true.
    public final var requiresExclusiveTouchType: Bool {
        @inline(__always) get { recognizerFields.value.requiresExclusiveTouchType }
        @inline(__always) set { recognizerFields.value.requiresExclusiveTouchType = newValue }
    }
    /// The touch types the recognizer accepts. Default: all.
    public final var allowedTouchTypes: [TouchType] {
        @inline(__always) _read { yield recognizerFields.value.allowedTouchTypes }
        set {
            recognizerFields.value.allowedTouchTypes = newValue
            recognizerFields.value.allowedTouchTypeBits = TouchType.bits(of: newValue)
        }
    }
    /// ``allowedTouchTypes`` as one bit per type, what binding tests (R29): reading the array
    /// there retained and released its buffer for every recognizer a new touch reaches.
    final var allowedTouchTypeBits: UInt8 {
        @inline(__always) get { recognizerFields.value.allowedTouchTypeBits }
    }
    /// The delegate, held weakly. A scroll view's built-in recognizers take none: setting one
    /// leaves it nil (R230).
    public final var delegate: (any GestureRecognizerDelegate)? {
        @inline(__always) get { recognizerFields.value.delegate }
        set {
            recognizerFields.value.delegate = newValue
            // A scroll view's built-in recognizers keep the scroll view as their only owner (R230).
            if refusesDelegate, delegate != nil { recognizerFields.value.delegate = nil }
            hasDelegate = delegate != nil
        }
    }
    /// Setting ``delegate`` leaves it nil: a scroll view's built-in recognizers (R230).
    final var refusesDelegate: Bool {
        @inline(__always) get { recognizerFields.value.refusesDelegate }
        @inline(__always) set { recognizerFields.value.refusesDelegate = newValue }
    }
    /// A scroll sequence (a pan, R274) or a trackpad transform (a pinch or rotation, R291) drives
    /// the recognizer: possible with no touch, it is still in play, not abandoned.
    final var isDrivenByPointer: Bool {
        @inline(__always) get { recognizerFields.value.isDrivenByPointer }
        @inline(__always) set { recognizerFields.value.isDrivenByPointer = newValue }
    }
    /// False for a recognizer that never waits (a hover recognizer, R269): ``require(toFail:)``
    /// does nothing and no delegate is asked for failure requirements.
    final var acceptsFailureRequirements: Bool {
        @inline(__always) get { recognizerFields.value.acceptsFailureRequirements }
        @inline(__always) set { recognizerFields.value.acceptsFailureRequirements = newValue }
    }
    /// A delegate was set (it may have gone away since): lets the engine skip the weak load.
    final var hasDelegate: Bool {
        @inline(__always) get { recognizerFields.value.hasDelegate }
        @inline(__always) set { recognizerFields.value.hasDelegate = newValue }
    }
    /// The delegate, skipping the weak load when none was ever set.
    final var liveDelegate: (any GestureRecognizerDelegate)? { hasDelegate ? delegate : nil }
    /// The declared relations this recognizer is a member of (GestureRecognizer+Relations.swift);
    /// nil when none, so the engine asks nothing more of recognizers without any.
    final var relationBoxes: [RelationBox]? {
        @inline(__always) _read { yield recognizerFields.value.relationBoxes }
        @inline(__always) _modify { yield &recognizerFields.value.relationBoxes }
    }

    /// Whether this recognizer's class is one of the library's own, which leave
    /// ``shouldRequireFailure(of:)`` and ``shouldBeRequiredToFail(by:)`` at their defaults (false):
    /// the engine then need not ask them for each pair of recognizers (R53). Their
    /// ``canPrevent(_:)`` and ``canBePrevented(by:)`` read only their settings, so arbitration
    /// may also take an answer as final (`onlyExclusionsChange`). Exact classes only: a subclass
    /// of yours may override any of these.
    final let usesDefaultRequirementHooks: Bool

    /// Whether this recognizer is a ``TapGestureRecognizer`` (or a subclass): read once at
    /// creation, so that the arbitration's `canPrevent` answers (R83) need no runtime cast.
    final let isTapGestureRecognizer: Bool

    /// Creates a recognizer with no actions.
    public init() {
        isTapGestureRecognizer = Swift.type(of: self) is TapGestureRecognizer.Type
        let type = ObjectIdentifier(Swift.type(of: self))
        usesDefaultRequirementHooks = type == ObjectIdentifier(GestureRecognizer.self)
            || type == ObjectIdentifier(TapGestureRecognizer.self) || type == ObjectIdentifier(PanGestureRecognizer.self)
            || type == ObjectIdentifier(ScreenEdgePanGestureRecognizer.self)
            || type == ObjectIdentifier(DelayedTouchesBeganGestureRecognizer.self)
            || type == ObjectIdentifier(SwipeGestureRecognizer.self)
            || type == ObjectIdentifier(PinchGestureRecognizer.self) || type == ObjectIdentifier(RotationGestureRecognizer.self)
            || type == ObjectIdentifier(LongPressGestureRecognizer.self)
    }

    /// Creates a recognizer that calls `action` for each action it sends (R34), as
    /// ``addAction(_:)`` does.
    ///
    /// The closure gets the recognizer typed as the class you create, so it reads that class's
    /// API without a cast: `TapGestureRecognizer { tap in ... }` gets a ``TapGestureRecognizer``,
    /// `PanGestureRecognizer { pan in pan.translation(in: nil) }` a ``PanGestureRecognizer``, and
    /// a subclass of your own that keeps the inherited initializers gets its own type.
    /// `{ _ in ... }` and a `(GestureRecognizer) -> Void` function work as well.
    public convenience init(action: @escaping (Self) -> Void) {
        self.init()
        addAction(action)
    }

    deinit {
        if timerHandle != nil { environmentRef?.withUnsafeUnretained { $0.cancelTimer(of: self) } }
        // Neither end of a failure requirement owns the other: take this recognizer's edges out
        // of the recognizers still alive at their other ends.
        for index in 0..<failureDependents.count {
            failureDependents[index].withUnsafeUnretained { $0.failureRequirements.remove(self) }
        }
        for requirement in failureRequirements {
            if let index = requirement.failureDependents.firstIndex(of: self) {
                requirement.failureDependents.remove(at: index)
            }
        }
    }

    /// `TapGestureRecognizer(name)`, or without a name the ``defaultName``
    /// (`TapGestureRecognizer[1] on View(card)`: class, index on its view, view).
    public final var description: String {
        guard let name else { return defaultName }
        return "\(String(describing: Swift.type(of: self)))(\(name))"
    }

    // MARK: - State

    /// The recognizer's state (R31, R38).
    ///
    /// Subclasses set it. A request is normalised as UIKit does (R32): for example `failed`
    /// asked from `began` gives `cancelled`, and any request after `ended`, `cancelled` or
    /// `failed` is ignored until reset. Leaving `possible` first asks the hit-test views and the
    /// delegate whether the recognizer should begin; a no makes it `failed` (R13, R33).
    ///
    /// The value is always the internal state, including `began` or `ended` while the recognizer
    /// is held by a failure requirement (R38, R54).
    ///
    /// A recognizer that is in no environment (not tracking touches, and its view in no window
    /// attached to a ``GestureEnvironment``) has no one to publish a change or to reset it
    /// afterwards. As UIKit always resets a recognizer once its state leaves `possible` (R39),
    /// such a request, once normalised (R32), resets it at once: `reset()` runs, `state` reads
    /// `possible` again, no action is sent and no view or delegate is asked. (Without this, a
    /// finished state would be kept for ever and the recognizer would refuse every touch, R24.)
    /// A recognizer in a window of an environment that sets its state without touches joins that
    /// window's sequence, sends its action and resets at the end of the pass.
    ///
    /// - Precondition: only the recognizer sets its own state: a subclass, from its touch methods,
    ///   `timerDidFire()` or `ignore(_:for:)`, or a recognizer of your own built to be driven by
    ///   its host. As in UIKit, where `state` is writable only through the subclass header, the
    ///   library's recognizers decide theirs from their touches, and a state set on one of them
    ///   from outside is not checked: it is published as any other (a
    ///   ``TapGestureRecognizer`` set to `recognized` with no touch sends its action, and its
    ///   view gets nothing). To stop a recognizer from outside, set ``isEnabled`` to false (R40).
    public final var state: State {
        get { storedState }
        set { requestState(newValue) }
    }

    // MARK: - Actions

    /// Adds `action`, called with this recognizer each time it sends an action: for began,
    /// changed, ended (recognized) and cancelled, never for possible or failed (R34). Actions run
    /// in the order they were added. UIKit's `addTarget(_:action:)`.
    ///
    /// The closure's parameter has the static type of the recognizer you call this on, so a
    /// pan's action reads `pan.translation(in:)` and `pan.velocity(in:)` without a cast, and a
    /// subclass of your own (`final class LongPress: GestureRecognizer`) gets `LongPress`.
    /// Called through a `GestureRecognizer` reference, the closure gets a `GestureRecognizer`.
    ///
    /// ```swift
    /// let pan = PanGestureRecognizer()
    /// pan.addAction { pan in
    ///     if pan.state == .ended { print(pan.velocity(in: nil)) }
    /// }
    /// ```
    ///
    /// - Returns: a handle for ``removeAction(_:)``.
    @discardableResult
    public final func addAction(_ action: @escaping (Self) -> Void) -> ActionHandle {
        nextActionID += 1
        let handle = ActionHandle(rawValue: nextActionID)
        // The engine only ever calls an entry with the recognizer that owns it, whose class is
        // `Self` or a subclass of it: the downcast holds (and is checked in debug builds).
        actions.append(ActionEntry(handle: handle, body: { action(uncheckedDowncast($0, to: Self.self)) }))
        return handle
    }

    /// Removes an action added with ``addAction(_:)``.
    public func removeAction(_ handle: ActionHandle) {
        guard let index = (0..<actions.count).first(where: { actions[$0].withUnsafeUnretained { $0.handle == handle } }) else { return }
        // An action being sent is lent, not owned, by the engine: one removed during a pass
        // lives until the pass ends.
        environment?.keepAliveUntilPassEnds(actions.unsafeObject(at: index))
        actions.remove(at: index)
    }

    // MARK: - Failure requirements

    /// Makes this recognizer wait for `other` to fail before it publishes, and fail if `other`
    /// begins or recognizes (R51, R54-R56). `require(toFail: self)` is ignored.
    ///
    /// The requirement does not keep `other` alive (nor `other` this recognizer): when either is
    /// freed, the requirement goes with it. A freed recognizer is in no view, so it could never
    /// have held this one back; two recognizers that require each other are not a reference
    /// cycle.
    ///
    /// Cycles are allowed and resolved deterministically (R59, R121); a tracer is told when one
    /// is created.
    ///
    /// - Precondition: both recognizers belong to views of one window (or are not attached yet).
    ///   Failure requirements never cross windows or environments (R49, R123): a requirement on
    ///   a recognizer in another window, or another environment's, is kept but never has an
    ///   effect. ``GestureLint`` reports it (``GestureLint/Finding/Kind/requirementAcrossWindows``);
    ///   the C interface refuses it across environments with `GA_ERROR_WRONG_ENVIRONMENT`.
    public func require(toFail other: GestureRecognizer) {
        guard acceptsFailureRequirements, other !== self, !failureRequirements.contains(where: { $0 === other }) else { return }
        failureRequirements.append(other)
        other.failureDependents.append(self)
        // The environment this recognizer is active in looks again for requirements (step 7).
        if let active = environment { active.requirementsRevision &+= 1 }
        if let environment = view?.window?.environment ?? environment {
            environment.requirementsDidChange(for: self)
        }
    }

    /// The recognizers this one requires to fail (static edges from ``require(toFail:)``), in the
    /// order they were added; a required recognizer that has been freed is no longer listed.
    public final var requiredToFail: [GestureRecognizer] { Array(failureRequirements) }

    // MARK: - Pointer buttons (R262, R280, R284)

    /// The pointer buttons of the latest event the recognizer took part in: the environment's
    /// latest input while the recognizer tracks a sequence, empty once it is reset. Not a
    /// requirement for the gesture; see ``allowedButtonMask`` for that.
    ///
    /// Rule: R262.
    public final var buttonMask: Event.ButtonMask {
        guard activeWindow != nil, let environment = environmentRef else { return [] }
        return environment.withUnsafeUnretained { $0.inputButtonMask }
    }

    /// The modifier keys of the latest event the recognizer took part in, as ``buttonMask``.
    ///
    /// Rule: R262.
    public final var modifierFlags: KeyModifierFlags {
        guard activeWindow != nil, let environment = environmentRef else { return [] }
        return environment.withUnsafeUnretained { $0.inputModifierFlags }
    }

    /// The pointer buttons whose clicks the recognizer takes: a pointer touch whose touch-down
    /// holds none of them is refused at binding, so it never sees the touch (and the view still
    /// gets it). Finger and stylus touches are not affected. Default: `.primary`, except that a
    /// ``TapGestureRecognizer`` follows its ``TapGestureRecognizer/buttonMaskRequired`` until
    /// this is set (R284). UIKit keeps this per class and private (`_defaultAllowedMouseButtons`).
    ///
    /// Rule: R263, R280, R284.
    public final var allowedButtonMask: Event.ButtonMask {
        get { explicitAllowedButtonMask ?? defaultAllowedButtonMask }
        set { explicitAllowedButtonMask = newValue }
    }
    /// ``allowedButtonMask`` as set, or nil for the class's default.
    final var explicitAllowedButtonMask: Event.ButtonMask? {
        @inline(__always) get { recognizerFields.value.explicitAllowedButtonMask }
        @inline(__always) set { recognizerFields.value.explicitAllowedButtonMask = newValue }
    }
    /// The class's default ``allowedButtonMask`` (R280, R284).
    var defaultAllowedButtonMask: Event.ButtonMask { .primary }

    // MARK: - Touches and location

    /// The number of live touches the recognizer is tracking (R42).
    public final var numberOfTouches: Int {
        var count = 0
        for index in 0..<trackedTouches.count where trackedTouches[index].withUnsafeUnretained({ $0.isLive }) { count += 1 }
        return count
    }

    /// The centroid of the recognizer's live touches in `view`'s space (window space when nil);
    /// when none is live, the centroid of the touches it last tracked (R42).
    open func location(in view: View?) -> Point {
        let inWindow = centroidInWindow()
        guard let view else { return inWindow }
        return view.convert(inWindow, from: nil)
    }

    /// The location of the live touch at `index` (touches ordered by id) in `view`'s space (R42).
    ///
    /// An `index` outside `0..<numberOfTouches` gives ``location(in:)``, the centroid, instead of
    /// stopping the program as UIKit's range exception does: a touch may lift between reading
    /// `numberOfTouches` and asking for it, and a user's mistake never traps here.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        guard index >= 0 else { return location(in: view) }
        var remaining = index
        for touch in trackedTouches.array.sorted(by: { $0.id < $1.id }) where touch.isLive {
            if remaining == 0 { return touch.location(in: view) }
            remaining -= 1
        }
        return location(in: view)
    }

    /// Stops tracking `touch`: the recognizer gets no more callbacks for it (not even its end),
    /// ``numberOfTouches``, ``location(in:)`` and ``location(ofTouch:in:)`` leave it out at once,
    /// its holds on it are released, and the touch is never cancelled in its view on this
    /// recognizer's behalf (R26, R115). Does nothing for a touch the recognizer is not tracking.
    ///
    /// Anyone may call it: the recognizer itself, a delegate, an action, the host. A subclass
    /// that keeps touches of its own overrides it, calls `super` first, then forgets `touch` and
    /// ends its attempt if it cannot go on without it (a gesture waiting for a finger to lift
    /// would otherwise wait for ever). The library's recognizers do: a pan treats an ignored
    /// finger as lifted (R99, R100: with none left it ends, or fails if it had not begun), a tap
    /// fails, ``DelayedTouchesBeganGestureRecognizer`` fails once it has no touch left.
    open func ignore(_ touch: Touch, for event: Event?) {
        environment?.recognizer(self, ignores: touch)
    }

    // MARK: - Subclass API

    /// Called when touches bound to this recognizer began. The default does nothing.
    open func touchesBegan(_ touches: TouchSet, with event: Event) {}
    /// Called when touches bound to this recognizer moved. The default does nothing.
    open func touchesMoved(_ touches: TouchSet, with event: Event) {}
    /// Called when touches bound to this recognizer lifted. The default does nothing.
    open func touchesEnded(_ touches: TouchSet, with event: Event) {}
    /// Called when touches bound to this recognizer were cancelled. The default sets the state
    /// to `failed`, which becomes `cancelled` once the gesture began (R32, R101).
    open func touchesCancelled(_ touches: TouchSet, with event: Event) {
        state = .failed
    }

    /// Clears per-attempt data. Called by the engine when the recognizer is reset to `possible`
    /// after it ended, was cancelled or failed (R39). Overrides should call `super`.
    open func reset() {}

    /// Called when a timer started with ``startTimer(after:)`` fires. The default does nothing.
    open func timerDidFire() {}

    /// Whether this recognizer, once it begins or recognizes, may make `preventedGestureRecognizer`
    /// fail (R44, R50). Default: true.
    open func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { true }

    /// Whether `preventingGestureRecognizer` may make this recognizer fail (R44, R50). Default: true.
    open func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { true }

    /// Whether this recognizer must wait for `otherGestureRecognizer` to fail, for this attempt
    /// (R53). Default: false.
    open func shouldRequireFailure(of otherGestureRecognizer: GestureRecognizer) -> Bool { false }

    /// Whether `otherGestureRecognizer` must wait for this one to fail, for this attempt (R53).
    /// Default: false.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: GestureRecognizer) -> Bool { false }

    /// Starts (or restarts) this recognizer's single timer: ``timerDidFire()`` runs at exactly
    /// now + `delay` on the environment's clock, inside an engine pass (R77, R78). Does nothing
    /// when the recognizer is not tracking touches in an environment. A negative delay counts
    /// as zero (due at once); an enormous one saturates at ``Timestamp/max``.
    public func startTimer(after delay: Duration) {
        environmentRef?.withUnsafeUnretained { $0.startTimer(for: self, after: delay) }
    }

    /// Cancels the timer started with ``startTimer(after:)``, if pending.
    public func cancelTimer() {
        guard timerHandle != nil, let environment = environmentRef else { return }
        environment.withUnsafeUnretained { $0.cancelTimer(of: self) }
    }

    /// Whether this recognizer's timer is pending.
    public final var hasPendingTimer: Bool { timerHandle != nil }

    /// The environment's current time, or nil when the recognizer is not in one.
    public final var currentTime: Timestamp? { (environment ?? view?.window?.environment)?.scheduler.now }

    /// Called when the recognizer is released by its failure requirements and publishes late
    /// (R56). Pan resets its translation here (R98).
    func willPublishAfterFailureRequirements() {}

    // MARK: - Engine bookkeeping (internal)

    final var storedState: State {
        @inline(__always) get { recognizerFields.value.storedState }
        @inline(__always) set { recognizerFields.value.storedState = newValue }
    }
    final var actions: RetainedList<ActionEntry> {
        @inline(__always) _read { yield recognizerFields.value.actions }
        @inline(__always) _modify { yield &recognizerFields.value.actions }
    }
    final var nextActionID: UInt64 {
        @inline(__always) get { recognizerFields.value.nextActionID }
        @inline(__always) set { recognizerFields.value.nextActionID = newValue }
    }
    /// Static edges (R51), not owned: see ``RequirementEdges``.
    final var failureRequirements: RequirementEdges<GestureRecognizer> {
        @inline(__always) _read { yield recognizerFields.value.failureRequirements }
        @inline(__always) _modify { yield &recognizerFields.value.failureRequirements }
    }
    /// The recognizers whose static edges name this one (the other end of each edge), so that
    /// this recognizer's `deinit` can take itself out of their lists.
    final var failureDependents: UnownedList<GestureRecognizer> {
        @inline(__always) _read { yield recognizerFields.value.failureDependents }
        @inline(__always) _modify { yield &recognizerFields.value.failureDependents }
    }
    /// Dynamic requirements for this attempt (R53), with the other recognizer's attempt number.
    final var dynamicRequirements: [(recognizer: GestureRecognizer, attempt: UInt64)] {
        @inline(__always) _read { yield recognizerFields.value.dynamicRequirements }
        @inline(__always) _modify { yield &recognizerFields.value.dynamicRequirements }
    }
    /// Incremented at each reset; dynamic edges to an older attempt no longer count.
    final var attempt: UInt64 {
        @inline(__always) get { recognizerFields.value.attempt }
        @inline(__always) set { recognizerFields.value.attempt = newValue }
    }
    /// The environment tracking this recognizer: set when it joins a sequence, cleared when it
    /// resets or the environment goes away, so it never outlives the environment.
    final var environment: GestureEnvironment? {
        get { environmentRef?.object }
        set { environmentRef = .to(newValue) }
    }
    /// `environment` as stored: not owned, read without reference counting (see ``UnownedReference``).
    final var environmentRef: UnownedReference<GestureEnvironment>? {
        @inline(__always) get { recognizerFields.value.environmentRef }
        @inline(__always) set { recognizerFields.value.environmentRef = newValue }
    }
    /// The window whose sequence this recognizer is active in (nil when idle).
    final var activeWindow: Window? {
        get { activeWindowRef?.object }
        set { activeWindowRef = .to(newValue) }
    }
    /// `activeWindow` as stored: not owned, read without reference counting (see ``UnownedReference``).
    final var activeWindowRef: UnownedReference<Window>? {
        @inline(__always) get { recognizerFields.value.activeWindowRef }
        @inline(__always) set { recognizerFields.value.activeWindowRef = newValue }
    }
    /// Processing-order key (R28): deeper views first, then activation order, then index in view.
    final var orderDepth: Int {
        @inline(__always) get { recognizerFields.value.orderDepth }
        @inline(__always) set { recognizerFields.value.orderDepth = newValue }
    }
    final var orderActivation: UInt64 {
        @inline(__always) get { recognizerFields.value.orderActivation }
        @inline(__always) set { recognizerFields.value.orderActivation = newValue }
    }
    final var orderIndex: Int {
        @inline(__always) get { recognizerFields.value.orderIndex }
        @inline(__always) set { recognizerFields.value.orderIndex = newValue }
    }
    /// Touches bound since the last reset (including ended ones), in binding order.
    final var trackedTouches: UnownedList<Touch> {
        @inline(__always) _read { yield recognizerFields.value.trackedTouches }
        @inline(__always) _modify { yield &recognizerFields.value.trackedTouches }
    }
    final var touchTypeInUse: TouchType? {
        @inline(__always) get { recognizerFields.value.touchTypeInUse }
        @inline(__always) set { recognizerFields.value.touchTypeInUse = newValue }
    }
    /// Its arbitration state for this attempt (R34-R39, R53-R56, R67): the one owner of what
    /// step 3 and step 4 decided about it; a reset assigns a fresh one.
    final var arbitration: ArbitrationState {
        @inline(__always) _read { yield recognizerFields.value.arbitration }
        @inline(__always) _modify { yield &recognizerFields.value.arbitration }
    }
    /// The pending timer of ``startTimer(after:)``, if any: its handle on the scheduler.
    final var timerHandle: TimerHandle? {
        @inline(__always) get { recognizerFields.value.timerHandle }
        @inline(__always) set { recognizerFields.value.timerHandle = newValue }
    }
    /// The token of the pending timer: what the scheduler holds instead of this recognizer, and
    /// what the environment looks for among its active recognizers when a timer fires (see
    /// `GestureEnvironment+Timers.swift`).
    final var timerToken: UInt64 {
        @inline(__always) get { recognizerFields.value.timerToken }
        @inline(__always) set { recognizerFields.value.timerToken = newValue }
    }

    func centroidInWindow() -> Point {
        // One touch, live or not (most recognizers): what the scan below gives, a sum of one
        // location (from zero, so -0 reads +0 as there) divided by one.
        if trackedTouches.count == 1 {
            let location = trackedTouches[0].withUnsafeUnretained { $0.currentLocation }
            return Point(x: 0.0 + location.x, y: 0.0 + location.y)
        }
        // One scan sums the live touches and all of them: the live ones when there are any, else
        // the touches last tracked (R42), else the last centroid before the reset.
        var liveX = 0.0
        var liveY = 0.0
        var live = 0
        var allX = 0.0
        var allY = 0.0
        for index in 0..<trackedTouches.count {
            trackedTouches[index].withUnsafeUnretained { touch in
                let location = touch.currentLocation
                allX += location.x
                allY += location.y
                if touch.isLive {
                    liveX += location.x
                    liveY += location.y
                    live += 1
                }
            }
        }
        if live > 0 { return Point(x: liveX / Double(live), y: liveY / Double(live)) }
        let count = trackedTouches.count
        guard count > 0 else { return lastCentroid }
        return Point(x: allX / Double(count), y: allY / Double(count))
    }

    final var lastCentroid: Point {
        @inline(__always) get { recognizerFields.value.lastCentroid }
        @inline(__always) set { recognizerFields.value.lastCentroid = newValue }
    }

    // MARK: - Reasons and refusals of the library's own recognizers (internal)

    /// The reason a trace gives for the state change being requested, when the recognizer's
    /// own logic knows one (see ``setState(_:because:)``).
    final var stateChangeReason: StaticString? {
        @inline(__always) get { recognizerFields.value.stateChangeReason }
        @inline(__always) set { recognizerFields.value.stateChangeReason = newValue }
    }

    /// Sets `state` (normalised as usual, R32) and tells a tracer why: `gesture-trace --explain`
    /// prints `reason` instead of "its own touch handling".
    final func setState(_ newState: State, because reason: StaticString) {
        stateChangeReason = reason
        state = newState
        stateChangeReason = nil
    }

    /// Whether the recognizer takes a new touch now; false refuses it before it is bound, so the
    /// recognizer never sees it and the touch goes on to its view as if the recognizer were not
    /// there (R168: a pinch or rotation takes no touch beyond its two). Default: true.
    var acceptsNewTouches: Bool { true }

    /// Applies R32 and R33 and reports the change to the environment.
    func requestState(_ requested: State) {
        let old = storedState
        if takeChangeWithoutNotice(from: old, requested: requested) { return }
        guard var target = old.normalizedTransition(to: requested) else { return }
        // A recognizer that has not published has nothing to report as changed: it stays in
        // began until its began action is sent (R36, R56).
        if old == .began, target == .changed, !arbitration.hasPublished { return }
        // Cancelled only after publishing; an unpublished began that is cancelled fails (R55).
        if target == .cancelled, !arbitration.hasPublished { target = .failed }
        if environmentRef == nil, view?.window?.environment == nil {
            // In no environment: nothing can publish the change, nor reset the recognizer after
            // it (R39), so the attempt ends at once.
            storedState = target
            resetOutsideEnvironment()
            return
        }
        var cause = stateChangeReason.map(StateChangeCause.recognizerReason) ?? .recognizerLogic
        if old == .possible, target == .began || target == .ended {
            let askedAttempt = attempt
            if let veto = shouldBeginVeto() {
                target = .failed
                cause = veto
            }
            // A view or delegate asked above may have changed the state itself (ignoring the
            // last touch fails a pan), or ended the attempt and let a new one start (removing and
            // re-adding the window resets the recognizer, R39): that change stands, and this
            // request, made for the attempt that was asked about, is dropped.
            guard storedState == old, attempt == askedAttempt else { return }
        }
        arbitration.stateRequested(target)
        storedState = target
        if let environment = environmentRef {
            environment.withUnsafeUnretained { $0.recognizerChangedState(self, from: old, to: target, cause: cause) }
        } else if let environment = view?.window?.environment {
            environment.recognizerChangedState(self, from: old, to: target, cause: cause)
        } else {
            // The view or its delegate, asked above, took the recognizer out of its environment
            // (removed its window or view): as in no environment, the attempt ends at once.
            resetOutsideEnvironment()
        }
    }

    /// The usual request of a running gesture: a published recognizer reports a change from its
    /// callbacks in steps 1-3 of a pass with no tracer (R32: began and changed both become
    /// changed). Nothing is asked (R33 is for leaving possible), no settling follows (R36: the
    /// changed action is owed), and the running pass sees it: what
    /// ``GestureEnvironment/recognizerChangedState(_:from:to:cause:)`` does for it is nothing.
    /// Returns whether `requested` was such a change, and taken.
    @inline(__always)
    private func takeChangeWithoutNotice(from old: State, requested: State) -> Bool {
        guard old == .began || old == .changed, requested == .began || requested == .changed,
            arbitration.hasPublished, activeWindowRef != nil, let environment = environmentRef,
            environment.withUnsafeUnretained({ $0.takesChangeWithoutNotice })
        else { return false }
        arbitration.stateRequested(.changed)
        storedState = .changed
        environment.withUnsafeUnretained { $0.pass.noteChange(by: ObjectIdentifier(self)) }
        return true
    }

    /// `state = .changed` from a continuous recognizer's touch callbacks, with the usual case
    /// (``takeChangeWithoutNotice(from:requested:)``) inlined at the call: a drag's every move.
    @inline(__always)
    final func reportChange() {
        if takeChangeWithoutNotice(from: storedState, requested: .changed) { return }
        requestState(.changed)
    }

    /// R39 for a recognizer in no environment (which tracks no touch and has no timer):
    /// `reset()` runs, the state is possible again, per-attempt data clears.
    private func resetOutsideEnvironment() {
        reset()
        storedState = .possible
        arbitration = ArbitrationState()
        attempt &+= 1
    }

    /// Asks the hit-test views (R13) and then the delegate (R33); nil when all agree.
    func shouldBeginVeto() -> StateChangeCause? {
        if cancelsTouchesInView {
            // In a pass of its environment, a touch this recognizer tracks and the hit-test view
            // it owns live until the pass ends: only the pass's end lets a touch go to the pool,
            // which clears its view (`recycleRetiredTouches`), and passes do not nest. So the view
            // is lent to its answer. Outside a pass, user code in the answer can run a pass of its
            // own that pools the touch, and the view is held for the call.
            let isLent = environmentRef?.withUnsafeUnretained { $0.pass.isInPass } ?? false
            var index = 0
            while index < trackedTouches.count {
                let hitView = trackedTouches[index].withUnsafeUnretained { $0.hitTestViewRef }
                index += 1
                guard let hitView else { continue }
                // Ask each distinct view once, in touch order.
                var seenBefore = false
                for earlier in 0..<(index - 1) where trackedTouches[earlier].withUnsafeUnretained({ $0.hitTestViewRef == hitView }) {
                    seenBefore = true
                    break
                }
                if !seenBefore, let veto = isLent ? hitView.withUnsafeUnretained({ askToBegin($0) }) : askToBegin(hitView.object) {
                    return veto
                }
            }
        }
        if let delegate = liveDelegate {
            let answer = delegate.gestureRecognizerShouldBegin(self)
            if isTraced { traceAnswer(answer, to: .shouldBegin) }
            if !answer { return .delegateDeniedBegin }
        }
        return nil
    }

    /// R13: `view`'s `gestureRecognizerShouldBegin(_:)`, traced; the veto when it answers no.
    /// The caller keeps `view` alive for the call.
    @inline(__always)
    private func askToBegin(_ view: View) -> StateChangeCause? {
        let answer = view.gestureRecognizerShouldBegin(self)
        if isTraced { traceAnswer(answer, to: .viewShouldBegin(view)) }
        return answer ? nil : .viewDeniedBegin(view)
    }

    /// Whether the environment has a tracer, read without retaining the environment.
    private var isTraced: Bool { environmentRef?.withUnsafeUnretained { $0.hasTracer } ?? false }

    /// Reports an answer of user code to the tracer (R122); out of line, off the untraced path.
    @inline(never)
    private func traceAnswer(_ answer: Bool, to question: DelegateQuestion) {
        environment?.liveTracer?.record(.delegateAnswered(recognizer: self, question: question, answer: answer))
    }
}

/// An action and its handle. A class with constant fields, so that the engine can call a lent
/// entry's closure without retaining it.
final class ActionEntry {
    let handle: ActionHandle
    let body: (GestureRecognizer) -> Void

    init(handle: ActionHandle, body: @escaping (GestureRecognizer) -> Void) {
        self.handle = handle
        self.body = body
    }
}

/// A handle to an action added with ``GestureRecognizer/addAction(_:)``.
public struct ActionHandle: Hashable, Sendable {
    /// The recognizer's identifier for the action.
    public let rawValue: UInt64
}
