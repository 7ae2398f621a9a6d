/// The engine: it hit-tests touches, feeds them to gesture recognizers, arbitrates between the
/// recognizers and delivers touches to views, all on a deterministic clock.
///
/// Named after UIKit's private `UIGestureEnvironment`. Attach windows, then hand it the host's
/// input with ``dispatch(_:)-(TouchEvent)``. Each input event, each recognizer timer and each API call that
/// changes a tracking recognizer runs one *pass* (R76, R77):
///
/// 1. new touches are hit-tested once and bound to the enabled recognizers of their view and its
///    ancestors;
/// 2. recognizers get the event's touches first, in processing order (R21, R28);
/// 3. arbitration settles to a fixpoint: failure requirements, holds, releases, exclusion;
/// 4. actions are sent, each followed by the view cancellations it causes (R67, R68);
/// 5. holds are updated and released phases are delivered to views (R61-R66);
/// 6. the event's own phases reach the views that are not withheld or cancelled;
/// 7. finished recognizers reset (R39).
///
/// ```swift
/// let clock = VirtualClock()
/// let environment = GestureEnvironment(scheduler: clock)
/// let window = Window(width: 400, height: 800)
/// environment.addWindow(window)
/// let card = View(frame: Rect(x: 20, y: 100, width: 200, height: 200))
/// window.addSubview(card)
/// let doubleTap = TapGestureRecognizer { _ in print("double tap") }
/// doubleTap.numberOfTapsRequired = 2
/// card.addGestureRecognizer(doubleTap)
/// try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 50, y: 150)]))
/// ```
///
/// Every touch a view saw begin gets exactly one `touchesEnded` or `touchesCancelled`, and nothing
/// after it (R73, R120).
///
/// > Important: The environment, its windows, views, touches and recognizers are confined to
/// > the host's thread: they are not `Sendable`, take no locks and need no actor.
///
/// Rule: R1, R21-R23, R39, R76-R80, R116-R123.
public final class GestureEnvironment {
    /// The stored state of this class that the dispatch path reads and writes at every event,
    /// in one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let environmentFields = UncheckedExclusivityCell(EnvironmentFields())
    /// The fields of `environmentFields`: the stored properties they replace, with their defaults.
    private struct EnvironmentFields: ~Copyable {
        var windowList: RetainedList<Window> = RetainedList<Window>()
        var storedTracer: (any Tracer)?
        var hasTracer: Bool = false
        var liveTouches: RetainedList<Touch> = RetainedList<Touch>()
        var retiredTouches = RetainedList<Touch>()
        var touchPool = RetainedList<Touch>()
        var movesTakeDirectPath: Bool = true
        var inputButtonMask: Event.ButtonMask = []
        var inputModifierFlags: KeyModifierFlags = []
        var pass: PassState = PassState()
        var passTouches: UnownedList<Touch> = UnownedList<Touch>()
        var movedTouchPositions = UnsafeGrowableBuffer<Int>()
        var holds: HoldTable = HoldTable()
        var forcedResets: [GestureRecognizer] = []
        var deferredChanges: [DeferredChange] = []
        var deferredInputs: [DeferredInput] = []
        var activationCounter: UInt64 = 0
        var requirementsRevision: UInt64 = 0
        var lastTimerToken: UInt64 = 0
        var passKeepAlive: [AnyObject] = []
        var isGoingAway: Bool = false
    }

    /// The clock and timers the engine runs on.
    public let scheduler: any Scheduler
    /// The end of every window's responder chain (R9).
    public let application: Application
    /// The attached windows, back to front: a new touch goes to the frontmost window that
    /// contains it.
    public var windows: [Window] { windowList.array }
    /// The attached windows, owned; the pass walks them without reference counting.
    var windowList: RetainedList<Window> {
        @inline(__always) _read { yield environmentFields.value.windowList }
        @inline(__always) _modify { yield &environmentFields.value.windowList }
    }
    /// The observer of every decision (R122). Nil costs nothing.
    public var tracer: (any Tracer)? {
        @inline(__always) get { storedTracer }
        set {
            storedTracer = newValue
            hasTracer = newValue != nil
        }
    }
    private var storedTracer: (any Tracer)? {
        @inline(__always) _read { yield environmentFields.value.storedTracer }
        @inline(__always) _modify { yield &environmentFields.value.storedTracer }
    }
    /// Whether a ``tracer`` is set: one flag to test, where reading the tracer copies it.
    private(set) var hasTracer: Bool {
        @inline(__always) get { environmentFields.value.hasTracer }
        @inline(__always) set { environmentFields.value.hasTracer = newValue }
    }
    /// The tracer, read only when one is set (the engine's way to reach it on the dispatch path).
    var liveTracer: (any Tracer)? {
        @inline(__always) get { hasTracer ? storedTracer : nil }
    }

    /// The errors of input queued from inside a callback and rejected when its turn came, oldest
    /// first (R117, R119).
    ///
    /// ``dispatch(_:)-(TouchEvent)`` or ``advance(to:)`` called from an action, a delegate or a touch method
    /// only queues the input (it runs once the running pass has finished) and throws only what
    /// it can tell at once: a malformed event, or a time before ``now``. What the input meets
    /// when it runs (a `began` for an id that is live by then, a phase for one that has ended,
    /// a time the clock has passed meanwhile, timers that did not settle) cannot be thrown to
    /// that call any more: the input is dropped, changing nothing, and its error lands here,
    /// with or without a ``tracer`` (which also gets it as
    /// ``TraceRecord/deferredInputRejected(_:)``). Read it after the outermost call returns, as
    /// you would check an error out-parameter, and set it to `[]` once handled. It keeps the
    /// latest 100 errors, dropping the oldest.
    public var rejectedDeferredInputs: [DispatchError] = []
    /// The most errors ``rejectedDeferredInputs`` keeps.
    static let rejectedDeferredInputLimit = 100

    /// Touches the host has begun and not yet ended or cancelled, in the order they began.
    var liveTouches: RetainedList<Touch> {
        @inline(__always) _read { yield environmentFields.value.liveTouches }
        @inline(__always) _modify { yield &environmentFields.value.liveTouches }
    }
    /// The places in ``liveTouches`` of the touches a several-finger move event moves, in the
    /// event's order: found once when ``dispatchMoves(_:)`` validates the event, read by its
    /// direct move.
    var movedTouchPositions: UnsafeGrowableBuffer<Int> {
        @inline(__always) _read { yield environmentFields.value.movedTouchPositions }
        @inline(__always) _modify { yield &environmentFields.value.movedTouchPositions }
    }
    /// Touches the host has ended that recognizers or holds still refer to.
    var retiredTouches: RetainedList<Touch> {
        @inline(__always) _read { yield environmentFields.value.retiredTouches }
        @inline(__always) _modify { yield &environmentFields.value.retiredTouches }
    }
    /// Touch objects ready for reuse, at most ``touchPoolCapacity``.
    var touchPool: RetainedList<Touch> {
        @inline(__always) _read { yield environmentFields.value.touchPool }
        @inline(__always) _modify { yield &environmentFields.value.touchPool }
    }
    /// The most ended touches kept for reuse: 32. Enough for every finger of a hand several
    /// times over, so that steady input makes no touch objects; more would only hold memory.
    static let touchPoolCapacity = 32

    /// Whether an event that only moves one touch takes the direct path of ``dispatch(_:)-(TouchEvent)``,
    /// and whether a move of touches that one running gesture holds skips the steps of the
    /// pass that have nothing to do (on by default). The direct paths produce exactly what the
    /// general one does (the same checks and errors, R117; the same timers first, R78; the same
    /// pass, R76, and the same records for a tracer), faster; switching them off is for tests
    /// that check that equality.
    @_spi(Testing) public var movesTakeDirectPath: Bool {
        @inline(__always) get { environmentFields.value.movesTakeDirectPath }
        @inline(__always) set { environmentFields.value.movesTakeDirectPath = newValue }
    }

    /// The buttons and modifier keys of the latest input event (R262): what ``Event/buttonMask``,
    /// ``Event/modifierFlags`` and a recognizer's ``GestureRecognizer/buttonMask`` read.
    var inputButtonMask: Event.ButtonMask {
        @inline(__always) get { environmentFields.value.inputButtonMask }
        @inline(__always) set { environmentFields.value.inputButtonMask = newValue }
    }
    var inputModifierFlags: KeyModifierFlags {
        @inline(__always) get { environmentFields.value.inputModifierFlags }
        @inline(__always) set { environmentFields.value.inputModifierFlags = newValue }
    }
    /// Counts the failure requirements given to recognizers while they are active here (static
    /// ones from `require(toFail:)`, per-attempt ones from the delegate and the overrides): step 7
    /// looks for requirements among the active recognizers again only when it has moved.
    var requirementsRevision: UInt64 {
        @inline(__always) get { environmentFields.value.requirementsRevision }
        @inline(__always) set { environmentFields.value.requirementsRevision = newValue }
    }
    /// The pointer as hover and scroll input left it (R268, R272).
    var pointer = PointerState()

    /// Whether a pass runs, which kind, its stage, whether it must settle (``PassState``).
    var pass: PassState {
        @inline(__always) _read { yield environmentFields.value.pass }
        @inline(__always) _modify { yield &environmentFields.value.pass }
    }
    /// The touches of the running input pass, sorted by id. Not owned: each is in `liveTouches`
    /// or `retiredTouches` until this list is emptied at the end of the pass.
    var passTouches: UnownedList<Touch> {
        @inline(__always) _read { yield environmentFields.value.passTouches }
        @inline(__always) _modify { yield &environmentFields.value.passTouches }
    }
    /// Who withholds which phase of which touch, and what the pass has released (R61-R66).
    var holds: HoldTable {
        @inline(__always) _read { yield environmentFields.value.holds }
        @inline(__always) _modify { yield &environmentFields.value.holds }
    }
    var forcedResets: [GestureRecognizer] {
        @inline(__always) _read { yield environmentFields.value.forcedResets }
        @inline(__always) _modify { yield &environmentFields.value.forcedResets }
    }
    var deferredChanges: [DeferredChange] {
        @inline(__always) _read { yield environmentFields.value.deferredChanges }
        @inline(__always) _modify { yield &environmentFields.value.deferredChanges }
    }
    var deferredInputs: [DeferredInput] {
        @inline(__always) _read { yield environmentFields.value.deferredInputs }
        @inline(__always) _modify { yield &environmentFields.value.deferredInputs }
    }
    var activationCounter: UInt64 {
        @inline(__always) get { environmentFields.value.activationCounter }
        @inline(__always) set { environmentFields.value.activationCounter = newValue }
    }
    /// What user code dropped during a pass that the pass may still be lending (views removed
    /// from their window, actions removed while sent), kept alive until the pass ends. A window
    /// is detached only between passes.
    var passKeepAlive: [AnyObject] {
        @inline(__always) _read { yield environmentFields.value.passKeepAlive }
        @inline(__always) _modify { yield &environmentFields.value.passKeepAlive }
    }
    // Reused buffers (the dispatch path allocates nothing once they have grown). Each is in a
    // cell of its own: the engine lends them `inout` to calls that read and write the rest of
    // the environment's state, and one another.
    /// The cell of ``recognizerScratch``.
    private let recognizerScratchCell = UncheckedExclusivityCell<[Touch]>([])
    /// The cell of ``viewScratch``.
    private let viewScratchCell = UncheckedExclusivityCell<[Touch]>([])
    /// The cell of ``extraScratch``.
    private let extraScratchCell = UncheckedExclusivityCell<[Touch]>([])
    /// The cell of ``actionScratch``.
    private let actionScratchCell = UncheckedExclusivityCell<[ActionEntry]>([])
    var recognizerScratch: [Touch] {
        @inline(__always) _read { yield recognizerScratchCell.value }
        @inline(__always) _modify { yield &recognizerScratchCell.value }
    }
    var viewScratch: [Touch] {
        @inline(__always) _read { yield viewScratchCell.value }
        @inline(__always) _modify { yield &viewScratchCell.value }
    }
    var extraScratch: [Touch] {
        @inline(__always) _read { yield extraScratchCell.value }
        @inline(__always) _modify { yield &extraScratchCell.value }
    }
    var actionScratch: [ActionEntry] {
        @inline(__always) _read { yield actionScratchCell.value }
        @inline(__always) _modify { yield &actionScratchCell.value }
    }
    /// The last token handed out; tokens are never reused.
    var lastTimerToken: UInt64 {
        @inline(__always) get { environmentFields.value.lastTimerToken }
        @inline(__always) set { environmentFields.value.lastTimerToken = newValue }
    }
    /// Where the scheduler sends the tokens of the timers that fire.
    let timerReceiver = TokenReceiver()

    /// The environment's ``TimerTokenReceiver``: passes a token to the environment while it is
    /// there. The link is not owned and is cleared first thing in the environment's deinit, so a
    /// callback a host keeps then does nothing; it lives in a cell (written at those two times
    /// only) so that passing a token on costs no reference counting and no access check.
    final class TokenReceiver: TimerTokenReceiver {
        private let ownerCell = UncheckedExclusivityCell<UnownedReference<GestureEnvironment>?>(nil)

        var owner: UnownedReference<GestureEnvironment>? {
            @inline(__always) get { ownerCell.value }
            @inline(__always) set { ownerCell.value = newValue }
        }

        override func receive(_ token: UInt64) {
            owner?.withUnsafeUnretained { $0.timerTokenFired(token) }
        }
    }

    enum DeferredChange {
        case detach(GestureRecognizer, StateChangeCause)
        case subtreeRemoved(View, Window)
        case windowRemoved(Window)
        case windowAdded(Window)
        case settle(Window)
        case timer(GestureRecognizer)
        case ignore(GestureRecognizer, Touch)
    }

    enum DeferredInput {
        case event(TouchEvent)
        case advance(Timestamp)
        case hover(HoverInput)
        case scroll(ScrollInput)
        case transform(TransformInput)
    }

    /// Creates an environment on `scheduler` (a new ``VirtualClock`` at 0 s by default).
    public init(scheduler: any Scheduler = VirtualClock(), application: Application = Application()) {
        self.scheduler = scheduler
        self.clock = .to(scheduler as? VirtualClock)
        self.application = application
        // Not owned: the environment clears it first thing in its deinit.
        timerReceiver.owner = UnownedReference(self)
    }

    /// The gesture in flight ends with the environment, as if each window were removed with
    /// ``removeWindow(_:)``, back to front (R120): every view that saw a touch begin and not end
    /// gets `touchesCancelled`, withheld phases are dropped, tracking recognizers are cancelled
    /// (a running one sends its cancelled action and gets `touchesCancelled`) and reset (R39,
    /// R41), and the windows are detached, so that the windows, views and recognizers can go on
    /// in another environment.
    ///
    /// User code runs in those callbacks while the environment is going away: from the start,
    /// ``Window/environment`` reads nil (so no callback can keep a reference to it), and what the
    /// callbacks ask of the environment (input, queued changes) is dropped with it.
    deinit {
        isGoingAway = true
        // A timer callback a host keeps does nothing from now on.
        timerReceiver.owner = nil
        // Freed from inside a pass (only possible if the host drives the clock itself and drops
        // the environment from a callback), no pass may start: the recognizers are only reset.
        var detached: [Window] = []
        if !pass.isInPass {
            while !windowList.isEmpty {
                let window = windowList.unsafeObject(at: 0)
                detached.append(window)
                runWindowRemoval(window)
                // A window the removal could not detach (it always does) must not stop the loop.
                if let index = windowList.firstIndex(of: window) { windowList.remove(at: index) }
            }
        }
        pass.close()  // nothing below may start a pass
        deferredChanges.removeAll()
        deferredInputs.removeAll()
        detached.append(contentsOf: windowList.array)
        for window in detached {
            resetRecognizers(leaving: window)
            if window.environmentRef?.refers(to: self) == true { window.environment = nil }
        }
        // No timer of this environment stays on its clock (the resets above cancelled them all;
        // this makes sure the clock never keeps a token for a receiver that is gone).
        clock?.withUnsafeUnretained { $0.cancelTimers(for: timerReceiver) }
        // A touch the host keeps must not point at recognizers that may go away.
        for index in 0..<liveTouches.count { liveTouches[index].withUnsafeUnretained { $0.recognizers.removeAll() } }
        for index in 0..<retiredTouches.count { retiredTouches[index].withUnsafeUnretained { $0.recognizers.removeAll() } }
    }

    /// Set first thing in `deinit`: ``Window/environment`` then reads nil, so that no callback run
    /// by the teardown can take a reference to an environment that is being freed.
    var isGoingAway: Bool {
        @inline(__always) get { environmentFields.value.isGoingAway }
        @inline(__always) set { environmentFields.value.isGoingAway = newValue }
    }

    /// The scheduler as a ``VirtualClock``, when it is one.
    public var virtualClock: VirtualClock? { clock?.object }

    /// The scheduler when it is a ``VirtualClock``: called directly (a final class) instead of
    /// through the protocol, on every event. Unowned: `scheduler` holds it.
    let clock: UnownedReference<VirtualClock>?

    /// The scheduler's `now`.
    @inline(__always)
    var clockNow: Timestamp {
        if let clock { return clock.withUnsafeUnretained { $0.now } }
        return scheduler.now
    }

    /// The current time on the engine's clock.
    public var now: Timestamp { clockNow }

    /// When a host must next call ``advance(to:)``: the scheduler's
    /// ``Scheduler/nextDeadline``, the earliest pending timer, or `nil` when none is pending and
    /// nothing happens until the next input event (R77, R78).
    public var nextDeadline: Timestamp? { scheduler.nextDeadline }

    /// Attaches `window` in front of the other windows. A window attached elsewhere moves here.
    ///
    /// When the other environment is running a pass (this call comes from one of its callbacks),
    /// it detaches the window when that pass has finished, as a ``removeWindow(_:)`` called there
    /// would (R119): until then the window is listed in both environments' ``windows``. No new
    /// touch reaches it from the other environment meanwhile, since input dispatched from a
    /// callback is processed after the changes made before it.
    ///
    /// Called from inside a callback, the window is attached when the running pass has finished,
    /// in the order of the calls (R119): `removeWindow(w)` then `addWindow(w)` leaves `w`
    /// attached, `addWindow(w)` then `removeWindow(w)` leaves it detached. Until then it is not
    /// in ``windows``.
    public func addWindow(_ window: Window) {
        if pass.isInPass {
            deferredChanges.append(.windowAdded(window))
            return
        }
        runWindowAddition(window)
    }

    /// ``addWindow(_:)`` between passes.
    func runWindowAddition(_ window: Window) {
        if let other = window.environment, other !== self { other.removeWindow(window) }
        guard !windowList.contains(window) else { return }
        windowList.append(window)
        window.environment = self
    }

    /// Detaches `window`. Views that are tracking touches in it get `touchesCancelled` and its
    /// tracking recognizers are cancelled and reset, as if its contents were removed (R41, R120).
    /// Its touches stay live for the host, which may go on sending their phases.
    ///
    /// Called from inside a callback, the window is detached when the running pass has
    /// finished, in the order of the calls (R119, see ``addWindow(_:)``); until then it is still
    /// in ``windows``.
    ///
    /// A callback of the removal that starts one of the window's recognizers again (sets its
    /// state from outside) sees it cancelled by a further pass before the window leaves (R37);
    /// after 8 such passes, any recognizer still tracking in the window is reset without an
    /// action, so that none is left tracking in a window that has gone.
    public func removeWindow(_ window: Window) {
        // Inside a pass the call is queued even if the window is not attached (yet): an
        // `addWindow` queued before it may attach it.
        guard pass.isInPass || windowList.contains(window) else { return }
        runOrDefer(.windowRemoved(window))
    }

    /// The pass of ``removeWindow(_:)``: cancel and reset, then detach.
    func runWindowRemoval(_ window: Window) {
        guard windowList.contains(window) else { return }
        runRemovalPass(window, window: window)
        // A removal callback may set the state of one of the window's recognizers from outside
        // (a host's own recognizer started from a cancelled handler): it joins the window's
        // sequence after the pass cancelled the others and may publish. Each further pass cancels
        // those (a published one gets its cancelled action, R37); a callback that keeps starting
        // them is cut off after `Self.removalPassLimit` passes, and the rest are reset.
        var passes = 1
        while passes < Self.removalPassLimit, tracksRecognizers(in: window) {
            runRemovalPass(window, window: window)
            passes += 1
        }
        if let index = windowList.firstIndex(of: window) { windowList.remove(at: index) }
        if window.environmentRef?.refers(to: self) == true { window.environment = nil }
        // None may keep a reference to this environment once the window has left it (R39).
        resetRecognizers(leaving: window)
    }

    /// How many passes ``removeWindow(_:)`` runs at most to cancel recognizers that removal
    /// callbacks start again; past it, the ones still tracking are reset without an action.
    static let removalPassLimit = 8

    /// Whether a recognizer of `window` is tracking in this environment (not one a callback moved
    /// to another).
    private func tracksRecognizers(in window: Window) -> Bool {
        window.activeRecognizers.array.contains { $0.environmentRef?.refers(to: self) == true }
    }

    /// Resets the recognizers still tracking in `window` for this environment (not those a
    /// callback moved to another one), so that none keeps a reference to it (R39).
    private func resetRecognizers(leaving window: Window) {
        var index = 0
        while index < window.activeRecognizers.count {
            let recognizer = window.activeRecognizers.unsafeObject(at: index)
            if recognizer.environmentRef?.refers(to: self) == true {
                reset(recognizer, in: window)
            } else {
                index += 1
            }
        }
    }

    // MARK: - Input

    /// Processes one input event: fires the timers due at or before its time, then runs one
    /// pass (R76, R78).
    ///
    /// Input that a timer's callbacks dispatch runs after the timers and before this event; if it
    /// moved the clock past this event or ended one of its touches, this event is rejected (the
    /// timers' effects stay).
    ///
    /// Called from inside a callback (an action, a delegate method, a touch method), the event is
    /// queued and processed once the running pass and the changes made before it have finished
    /// (R119); then only its shape and time are checked now, and an error found when it runs is
    /// kept in ``rejectedDeferredInputs`` (and reported to the tracer as
    /// ``TraceRecord/deferredInputRejected(_:)``).
    ///
    /// - Throws: ``DispatchError`` when the event is invalid (R117): stamped before ``now``, a
    ///   `began` for a live id, another phase for an id that is not live, a non-finite
    ///   coordinate, no touches, the same id twice, or a `began` while no window is attached
    ///   (``DispatchError/noWindow(_:)``). A rejected event changes nothing.
    ///   ``DispatchError/timersDidNotSettle(at:firings:)`` when the timers due by the event's
    ///   time kept scheduling timers due at once, as in ``advance(to:)``: the event is not
    ///   processed; the timers that fired keep their effects.
    /// - Complexity: proportional to the touches in the event and the recognizers bound to them;
    ///   hit-testing a new touch visits the views on its way down.
    public func dispatch(_ event: TouchEvent) throws(DispatchError) {
        if event.touches.count == 1 {
            if event.touches[0].phase == .moved, movesTakeDirectPath, !pass.isInPass, deferredChanges.isEmpty, deferredInputs.isEmpty,
                event.buttonMask == inputButtonMask, event.modifierFlags == inputModifierFlags,
                try dispatchSingleMove(event)
            {
                return
            }
        } else if movesTakeDirectPath, !pass.isInPass, deferredChanges.isEmpty, deferredInputs.isEmpty, try dispatchMoves(event) {
            return
        }
        try validateShape(of: event)
        guard event.timestamp >= clockNow else {
            throw .timeWentBackwards(now: clockNow, requested: event.timestamp)
        }
        if pass.isInPass {
            deferredInputs.append(.event(event))
            return
        }
        try run(event)
        if !deferredChanges.isEmpty || !deferredInputs.isEmpty { drainDeferredWork() }
    }

    /// The usual event of a drag, one touch moving with no timer due, dispatched without the
    /// general path's queues and timer machinery: the same checks in the same order (a
    /// non-finite location, then time going backwards, then an unknown touch), then the same
    /// pass. Returns false, having changed nothing, when a timer is due by the event's time or
    /// the clock is a host's scheduler; the general path then takes the event.
    @inline(__always)
    private func dispatchSingleMove(_ event: TouchEvent) throws(DispatchError) -> Bool {
        let time = event.timestamp
        guard event.touches[0].location.isFinite else { throw .nonFiniteLocation(event.touches[0].id) }
        guard time >= clockNow else { throw .timeWentBackwards(now: clockNow, requested: time) }
        guard let position = liveTouchIndex(withID: event.touches[0].id) else { throw .unknownTouch(event.touches[0].id) }
        // A pointer touch's move with no button is the general path's to reject (R278).
        if inputButtonMask.isEmpty, liveTouches[position].withUnsafeUnretained({ $0.type == .indirectPointer }) { return false }
        guard let clock, clock.withUnsafeUnretained({ $0.advanceIfNothingDue(to: time) }) else { return false }
        runSingleMovePass(event, liveIndex: position)
        if !deferredChanges.isEmpty || !deferredInputs.isEmpty { drainDeferredWork() }
        return true
    }

    /// ``dispatchSingleMove(_:)`` for an event that moves several touches (a pinch's every
    /// move): the general path's checks in its order (the event's shape, time going backwards,
    /// an unknown touch), then the event's pass, without the queues and timer machinery. Returns
    /// false, having changed nothing, when the event does not only move touches, when a pointer
    /// touch moves with no button (the general path rejects it, R278), when a timer is due by
    /// the event's time or when the clock is a host's scheduler; the general path then takes it.
    private func dispatchMoves(_ event: TouchEvent) throws(DispatchError) -> Bool {
        // The shape, checked as `validateShape(of:)` does, input by input in the event's order,
        // in the loop that sends an event with an input that is not a move to the general path
        // (which checks it all).
        let touches = event.touches
        guard !touches.isEmpty else { return false }
        var index = 0
        while index < touches.count {
            guard touches[index].phase == .moved else { return false }
            // A move's shape: its location (R278's button check is for a touch-down), then its id.
            guard touches[index].location.isFinite else { throw .nonFiniteLocation(touches[index].id) }
            try validateID(at: index, in: touches)
            index += 1
        }
        guard event.timestamp >= clockNow else { throw .timeWentBackwards(now: clockNow, requested: event.timestamp) }
        // Each touch is looked up once: its place is kept for the direct move, which is decided
        // here too (a tracer sees the pass begin first, so with one the pass decides).
        movedTouchPositions.removeAll()
        var recognizer: UnownedReference<GestureRecognizer>?
        var isDirect = !hasTracer
        for input in event.touches {
            guard let position = liveTouchIndex(withID: input.id) else { throw .unknownTouch(input.id) }
            if event.buttonMask.isEmpty, liveTouches[position].withUnsafeUnretained({ $0.type == .indirectPointer }) { return false }
            movedTouchPositions.append(position)
            guard isDirect else { continue }
            if let holder = recognizer {
                // The holder qualified with the first touch: a later one need only be its alone.
                isDirect = isDirectMove(ofTouchAt: position, heldBy: holder)
            } else if let holder = directMoveRecognizer(ofTouchAt: position) {
                recognizer = holder
            } else {
                isDirect = false
            }
        }
        guard let clock, clock.withUnsafeUnretained({ $0.advanceIfNothingDue(to: event.timestamp) }) else { return false }
        if isDirect, let recognizer {
            runMovesPass(event, to: recognizer)
        } else {
            // Without a tracer the answer is known: no direct move.
            runInputPass(event, mayMoveDirectly: hasTracer)
        }
        if !deferredChanges.isEmpty || !deferredInputs.isEmpty { drainDeferredWork() }
        return true
    }

    /// Fires the timers due by `time`, an input's time, and runs what they queue. Input queued
    /// before that input stays queued and runs after it (R119: in call order); only what the
    /// timers queue runs first, and it may make the input invalid.
    @inline(__always)
    func fireTimersBeforeInput(at time: Timestamp) throws(DispatchError) {
        if deferredInputs.isEmpty {
            do {
                try fireTimers(through: time)
            } catch {
                // Timers that did not settle: what the fired ones queued still runs.
                drainDeferredWork()
                throw error
            }
            if !deferredChanges.isEmpty || !deferredInputs.isEmpty { drainDeferredWork() }
        } else {
            var later: [DeferredInput] = []
            swap(&later, &deferredInputs)
            var failure: DispatchError?
            do {
                try fireTimers(through: time)
            } catch {
                failure = error
            }
            drainDeferredWork()
            deferredInputs.append(contentsOf: later)
            if let failure { throw failure }
        }
    }

    /// Validates `event` against the live touches, fires the timers due by its time, runs the
    /// input queued by those timers, checks again, and runs the event's pass.
    private func run(_ event: TouchEvent) throws(DispatchError) {
        try validateLiveness(of: event)
        let passesBefore = pass.nonTimerCount
        try fireTimersBeforeInput(at: event.timestamp)
        guard event.timestamp >= clockNow else {
            throw .timeWentBackwards(now: clockNow, requested: event.timestamp)
        }
        // Only a pass that the timers' callbacks queued (input, a window's removal) can have
        // ended or begun touches, or detached a window, since the first check.
        if pass.nonTimerCount != passesBefore { try validateLiveness(of: event) }
        runInputPass(event)
    }

    /// Moves the clock to `time`, firing every recognizer timer due by then, each in its own
    /// pass (R77, R78).
    ///
    /// - Throws: ``DispatchError/timeWentBackwards(now:requested:)`` if `time` is before ``now``
    ///   (nothing changes); ``DispatchError/timersDidNotSettle(at:firings:)`` if timers kept
    ///   scheduling timers due at once (a recognizer restarting its timer with a zero delay from
    ///   ``GestureRecognizer/timerDidFire()``): the clock stops at that instant after
    ///   ``VirtualClock/timerChainLimit`` of them, the timers that fired keep their effects, and
    ///   the environment stays usable; remove or fix the recognizer and advance again.
    public func advance(to time: Timestamp) throws(DispatchError) {
        guard time >= clockNow else { throw .timeWentBackwards(now: clockNow, requested: time) }
        if pass.isInPass {
            deferredInputs.append(.advance(time))
            return
        }
        defer { drainDeferredWork() }
        try fireTimers(through: time)
    }

    /// Moves the clock forward by `duration`, as ``advance(to:)``. The target saturates at
    /// ``Timestamp/max``.
    public func advance(by duration: Duration) throws(DispatchError) {
        try advance(to: clockNow + duration)
    }

    /// Whether nothing is in flight: no live touch, no pending recognizer timer, no withheld
    /// phase, every recognizer reset, no queued work. At rest after a complete gesture, every
    /// touch a view saw begin has ended or been cancelled in it.
    public var isIdle: Bool {
        liveTouches.isEmpty && retiredTouches.isEmpty && deferredChanges.isEmpty && deferredInputs.isEmpty
            && windows.allSatisfy { $0.activeRecognizers.isEmpty }
    }

    /// A list of what keeps the environment from being idle, in words (empty when idle).
    public var busyReasons: [String] {
        var reasons: [String] = []
        if !liveTouches.isEmpty { reasons.append("live touches \(liveTouches.array.map(\.id))") }
        for touch in retiredTouches.array {
            let began = holds.holdCount(of: touch, .began)
            let ended = holds.holdCount(of: touch, .ended)
            reasons.append("touch \(touch.id) still referenced (holds began \(began), ended \(ended); recognizers \(touch.recognizers.array.map(traceName)))")
        }
        for window in windows {
            for recognizer in window.activeRecognizers.array {
                reasons.append("\(traceName(recognizer)) is \(recognizer.state)\(recognizer.hasPendingTimer ? " with a pending timer" : "")\(recognizer.arbitration.isHeld ? ", held" : "")")
            }
        }
        if !deferredChanges.isEmpty || !deferredInputs.isEmpty { reasons.append("queued work") }
        return reasons
    }

    /// The live touches (begun and not yet ended), in the order they began.
    public var touches: [Touch] { liveTouches.array }

    /// The failure-requirement cycles among the recognizers of the attached windows, reported
    /// as groups: each group is a strongly connected component of the "requires to fail" graph
    /// (every member can reach every other through ``GestureRecognizer/require(toFail:)`` edges),
    /// with one example cycle (R59, R121).
    ///
    /// Groups come in tree order of their first member (windows in the order attached, views
    /// depth-first, recognizers in the order added); members are listed in that order too. The
    /// individual cycles are not listed: there can be exponentially many (each of 12 recognizers
    /// requiring all the others makes over a hundred million), while the groups are found in
    /// time linear in the recognizers and their requirements.
    ///
    /// - Complexity: O(V + E) in the recognizers of the attached windows and their static
    ///   failure requirements.
    public func failureRequirementCycles() -> [FailureRequirementCycleGroup] {
        FailureRequirementGraph(recognizers: recognizersInTreeOrder()).cycleGroups()
    }

    /// Every recognizer of the attached windows in tree order, without recursion (view trees may
    /// be deep).
    private func recognizersInTreeOrder() -> [GestureRecognizer] {
        var all: [GestureRecognizer] = []
        var pending: [View] = []
        for window in windows {
            pending.append(window)
            while let view = pending.popLast() {
                all.append(contentsOf: view.gestureRecognizers)
                pending.append(contentsOf: view.subviews.reversed())
            }
        }
        return all
    }

    // MARK: - Validation (R117)

    private func validateShape(of event: TouchEvent) throws(DispatchError) {
        let touches = event.touches
        guard !touches.isEmpty else { throw .emptyEvent }
        // One touch (most events): no id to repeat.
        if touches.count == 1 { return try validateShape(of: touches[0], in: event) }
        var index = 0
        while index < touches.count {
            try validateShape(of: touches[index], in: event)
            try validateID(at: index, in: touches)
            index += 1
        }
    }

    /// R117: no input before `index` repeats the id of the input at `index`.
    @inline(__always)
    private func validateID(at index: Int, in touches: [TouchInput]) throws(DispatchError) {
        var earlier = 0
        while earlier < index {
            if touches[earlier].id == touches[index].id { throw .duplicateTouchInEvent(touches[index].id) }
            earlier += 1
        }
    }

    /// ``validateShape(of:)`` for one input of `event`, in itself.
    @inline(__always)
    private func validateShape(of input: TouchInput, in event: TouchEvent) throws(DispatchError) {
        guard input.location.isFinite else { throw .nonFiniteLocation(input.id) }
        // R278: a pointer's touch-down holds a button.
        if input.phase == .began, input.type == .indirectPointer, event.buttonMask.isEmpty { throw .pointerWithoutButton(input.id) }
    }

    private func validateLiveness(of event: TouchEvent) throws(DispatchError) {
        for input in event.touches {
            let position = liveTouchIndex(withID: input.id)
            if input.phase == .began {
                if position != nil { throw .duplicateBegan(input.id) }
                if windowList.isEmpty { throw .noWindow(input.id) }
            } else if let position {
                guard input.phase == .moved, event.buttonMask.isEmpty,
                    liveTouches[position].withUnsafeUnretained({ $0.type == .indirectPointer })
                else { continue }
                // R278: a pointer touch's moves hold a button.
                throw .pointerWithoutButton(input.id)
            } else {
                throw .unknownTouch(input.id)
            }
        }
    }

    @inline(__always)
    func liveTouchIndex(withID id: Int) -> Int? {
        var index = 0
        while index < liveTouches.count {
            if liveTouches[index].withUnsafeUnretained({ $0.id == id }) { return index }
            index += 1
        }
        return nil
    }

    // MARK: - Timers

    /// Has the scheduler fire the timers due by `time`. Throws what the scheduler throws, as a
    /// ``DispatchError``: the callers check `time >= now`, so in practice timers that did not
    /// settle at one instant (``VirtualClock/timerChainLimit``); the timers that fired keep their
    /// effects.
    func fireTimers(through time: Timestamp) throws(DispatchError) {
        if let clock, clock.withUnsafeUnretained({ $0.advanceIfNothingDue(to: time) }) { return }
        pass.isAdvancingClock = true
        defer { pass.isAdvancingClock = false }
        let failure: ClockError?
        if let clock {
            failure = clock.withUnsafeUnretained { clock in
                do throws(ClockError) {
                    try clock.advance(to: time)
                    return nil
                } catch {
                    return error
                }
            }
        } else {
            do throws(ClockError) {
                try scheduler.advance(to: time)
                failure = nil
            } catch {
                failure = error
            }
        }
        if let failure { throw DispatchError(failure) }
    }

    /// `recognizer`'s timer fired: its timer pass runs now, or after the pass that is running
    /// (the deferred change holds it). Returns whether the pass ran: the caller then drains the
    /// work deferred meanwhile, once it no longer uses `recognizer`, which the pass may have
    /// reset and its window's list let go of.
    func timerFired(for recognizer: GestureRecognizer) -> Bool {
        guard recognizer.activeWindow != nil else { return false }
        if pass.isInPass {
            deferredChanges.append(.timer(recognizer))
            return false
        }
        runTimerPass(recognizer)
        return true
    }

    // MARK: - Deferred work (R119)

    func runOrDefer(_ change: DeferredChange) {
        if pass.isInPass {
            deferredChanges.append(change)
        } else {
            run(change)
            drainDeferredWork()
        }
    }

    private func run(_ change: DeferredChange) {
        switch change {
        case let .detach(recognizer, cause): runDetachPass(recognizer, cause: cause)
        case let .subtreeRemoved(view, window): runRemovalPass(view, window: window)
        case let .windowRemoved(window): runWindowRemoval(window)
        case let .windowAdded(window): runWindowAddition(window)
        case let .settle(window): runSettlePass(window)
        case let .timer(recognizer): runTimerPass(recognizer)
        case let .ignore(recognizer, touch): runIgnorePass(recognizer, touch: touch)
        }
    }

    func drainDeferredWork() {
        while true {
            if !deferredChanges.isEmpty {
                run(deferredChanges.removeFirst())
                continue
            }
            guard !deferredInputs.isEmpty, !pass.isAdvancingClock else { return }
            switch deferredInputs.removeFirst() {
            case let .event(event):
                do throws(DispatchError) {
                    guard event.timestamp >= clockNow else {
                        throw .timeWentBackwards(now: clockNow, requested: event.timestamp)
                    }
                    try run(event)
                } catch {
                    rejectDeferredInput(error)
                }
            case let .advance(time):
                guard time >= clockNow else { continue }
                do throws(DispatchError) {
                    try fireTimers(through: time)
                } catch {
                    rejectDeferredInput(error)
                }
            case let .hover(input):
                do throws(DispatchError) { try run(.hover(input)) } catch { rejectDeferredInput(error) }
            case let .scroll(input):
                do throws(DispatchError) { try run(.scroll(input)) } catch { rejectDeferredInput(error) }
            case let .transform(input):
                do throws(DispatchError) { try run(.transform(input)) } catch { rejectDeferredInput(error) }
            }
        }
    }

    /// Keeps the error of input queued by a callback and rejected when it ran, and tells the tracer.
    private func rejectDeferredInput(_ error: DispatchError) {
        liveTracer?.record(.deferredInputRejected(error))
        if rejectedDeferredInputs.count >= Self.rejectedDeferredInputLimit { rejectedDeferredInputs.removeFirst() }
        rejectedDeferredInputs.append(error)
    }
}
