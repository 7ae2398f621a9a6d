/// A view that tracks one touch and sends control events to the actions registered for them:
/// UIKit's `UIControl`.
///
/// A control takes the first touch delivered to it (R203), highlights while the finger is
/// inside (70 pt of slop around its bounds, R207), and sends, from its own touch callbacks,
/// `touchDown`, the drag events, and `touchUpInside` or `touchUpOutside` at the lift (R205,
/// R206), or `touchCancel` when the touch is cancelled, for example by a gesture recognizer
/// that takes it (R208, R220). Actions run synchronously, in the order they were added, once per
/// send (R211).
///
/// A plain `Control` does not object to gesture recognizers: a single tap on an ancestor takes
/// its touch and it sends `touchCancel` (R217). ``Button`` adds UIKit's veto (R215).
///
/// Inside this class `Event` is ``Control/Event``, the control events; the engine's event of a
/// touch callback is spelled `GestureArbiter.Event`.
///
/// Rule: R200-R213, R217, R222, R224-R226.
open class Control: View {
    /// The stored state of this class that the dispatch path reads and writes at every event of
    /// a touch it tracks, in one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let controlFields = UncheckedExclusivityCell(ControlFields())
    /// The fields of `controlFields`: the stored properties they replace, with their defaults.
    private struct ControlFields: ~Copyable {
        var isEnabled: Bool = true
        var requiredButtonMask: GestureArbiter.Event.ButtonMask = .primary
        var isSelected: Bool = false
        var storedHighlight: Bool = false
        var isTracking: Bool = false
        var isTouchInside: Bool = false
        var registrations: [Registration] = []
        var nextActionID: UInt64 = 0
        var trackedTouch: ObjectIdentifier?
        var minimumHighlight: (scheduler: any Scheduler, handle: TimerHandle)?
    }

    /// The control events, with UIKit's raw values (`UIControl.Event`).
    ///
    /// Rule: R201.
    public struct Event: OptionSet, Hashable, Sendable, CustomStringConvertible {
        /// The bits of the events.
        public let rawValue: UInt
        /// The events whose bits `rawValue` sets.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A touch-down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A touch-down whose tap count is 2 or more, sent after `touchDown`.
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A tracked move with the finger inside the slop rectangle.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A tracked move with the finger outside the slop rectangle.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// The finger came back inside the slop rectangle.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// The finger left the slop rectangle.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A lift inside the slop rectangle.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A lift outside the slop rectangle.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The tracked touch was cancelled.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed (sent by subclasses).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action (``Control/primaryActionEvents``) happened.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A menu action was triggered (sent by subclasses).
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Every touch event: `0x0FFF`.
        public static let allTouchEvents = Event(rawValue: 0x0FFF)

        /// Each single event with its UIKit name (`touchDown`, ...), in the order of their bits.
        public static let named: [(event: Event, name: String)] = [
            (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
            (.touchDragOutside, "touchDragOutside"), (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
            (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
            (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
            (.menuActionTriggered, "menuActionTriggered"),
        ]

        /// The UIKit names of the events in the set, joined by `|` (`touchDown|touchUpInside`);
        /// bits without a name are written in hexadecimal.
        public var description: String {
            var parts: [String] = []
            var rest = rawValue
            for (event, name) in Self.named where rawValue & event.rawValue != 0 {
                parts.append(name)
                rest &= ~event.rawValue
            }
            if rest != 0 { parts.append("0x" + String(rest, radix: 16)) }
            return parts.isEmpty ? "[]" : parts.joined(separator: "|")
        }
    }

    /// The control's state bits, with UIKit's raw values (`UIControl.State`), derived from
    /// ``isHighlighted``, ``isEnabled`` and ``isSelected`` (focus is not modelled).
    ///
    /// Rule: R200.
    public struct State: OptionSet, Hashable, Sendable {
        /// The bits of the state.
        public let rawValue: UInt
        /// The state whose bits `rawValue` sets.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// No bit set.
        public static let normal: State = []
        /// ``Control/isHighlighted``.
        public static let highlighted = State(rawValue: 1 << 0)
        /// Not ``Control/isEnabled``.
        public static let disabled = State(rawValue: 1 << 1)
        /// ``Control/isSelected``.
        public static let selected = State(rawValue: 1 << 2)
        /// Focused (never set here: focus is not modelled).
        public static let focused = State(rawValue: 1 << 3)
    }

    /// One registered action.
    private struct Registration {
        let handle: ActionHandle
        let events: Event
        let body: (Control, GestureArbiter.Event?) -> Void
    }

    /// Creates a control with the given frame.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    deinit {
        if let minimumHighlight { minimumHighlight.scheduler.cancel(minimumHighlight.handle) }
    }

    // MARK: State (R200, R202, R213)

    /// Whether the control takes new touches. A disabled control is not hit (``hitTest(_:with:)``
    /// returns nil, so the search goes on past it and its subtree) and cannot become highlighted;
    /// disabling it while it tracks does not stop the tracking. Default true.
    ///
    /// Rule: R200, R202, R213.
    public final var isEnabled: Bool {
        @inline(__always) get { controlFields.value.isEnabled }
        @inline(__always) set { controlFields.value.isEnabled = newValue }
    }

    /// The pointer buttons whose clicks the control tracks: a click holding none of them is
    /// passed up the responder chain untracked and sends no control event, so a right click does
    /// not press a button. Finger and stylus touches always qualify. Default `.primary` (UIKit's
    /// private `_requiredButtonMask`).
    ///
    /// Rule: R223, R265.
    public final var requiredButtonMask: GestureArbiter.Event.ButtonMask {
        @inline(__always) get { controlFields.value.requiredButtonMask }
        @inline(__always) set { controlFields.value.requiredButtonMask = newValue }
    }

    /// Whether the control is selected. It plays no part in tracking. Default false.
    ///
    /// Rule: R200, R213.
    public final var isSelected: Bool {
        @inline(__always) get { controlFields.value.isSelected }
        @inline(__always) set { controlFields.value.isSelected = newValue }
    }

    /// Whether the control is highlighted: set while a tracked finger is inside, cleared at the
    /// lift (R205, R206, R209). Setting it true while the control is disabled is ignored.
    ///
    /// Rule: R200, R202.
    public final var isHighlighted: Bool {
        get { storedHighlight }
        set { if !newValue || isEnabled { storedHighlight = newValue } }
    }
    private final var storedHighlight: Bool {
        @inline(__always) get { controlFields.value.storedHighlight }
        @inline(__always) set { controlFields.value.storedHighlight = newValue }
    }

    /// Whether the control is tracking a touch (R203-R208).
    public private(set) final var isTracking: Bool {
        @inline(__always) get { controlFields.value.isTracking }
        @inline(__always) set { controlFields.value.isTracking = newValue }
    }

    /// Whether the tracked touch is inside the slop rectangle (R207); valid while tracking,
    /// false after a lift.
    public private(set) final var isTouchInside: Bool {
        @inline(__always) get { controlFields.value.isTouchInside }
        @inline(__always) set { controlFields.value.isTouchInside = newValue }
    }

    /// ``isHighlighted``, not ``isEnabled`` and ``isSelected`` as bits.
    ///
    /// Rule: R200.
    public final var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// The events that make up this class's primary action: after a send that includes one of
    /// them, the control sends ``Event/primaryActionTriggered`` (R212). None for a plain control;
    /// `touchUpInside` for a ``Button``.
    ///
    /// Rule: R212.
    open class var primaryActionEvents: Event { [] }

    // MARK: Actions (R211, R212)

    private final var registrations: [Registration] {
        @inline(__always) _read { yield controlFields.value.registrations }
        @inline(__always) _modify { yield &controlFields.value.registrations }
    }
    private final var nextActionID: UInt64 {
        @inline(__always) get { controlFields.value.nextActionID }
        @inline(__always) set { controlFields.value.nextActionID = newValue }
    }

    /// Registers `handler` for `events`; it runs, with the control and the engine's event (nil
    /// for ``sendActions(for:)``), each time the control sends one of them. Returns a handle for
    /// ``removeAction(_:)``.
    ///
    /// Rule: R211.
    @discardableResult
    public final func addAction(for events: Event, _ handler: @escaping (Control, GestureArbiter.Event?) -> Void) -> ActionHandle {
        nextActionID &+= 1
        let handle = ActionHandle(rawValue: nextActionID)
        registrations.append(Registration(handle: handle, events: events, body: handler))
        return handle
    }

    /// Removes the action of `handle`; a handle already removed, or of another control, is
    /// ignored. A send in progress still runs it (it runs from a snapshot).
    ///
    /// Rule: R211.
    public final func removeAction(_ handle: ActionHandle) {
        registrations.removeAll { $0.handle == handle }
    }

    /// The events that have at least one registered action.
    public final var allControlEvents: Event {
        registrations.reduce(into: []) { $0.formUnion($1.events) }
    }

    /// Sends `events` to the registered actions as the control's touch code does: each action
    /// whose events intersect them runs once, in the order added; then, if `events` includes one
    /// of the ``primaryActionEvents``, ``Event/primaryActionTriggered`` is sent the same way.
    ///
    /// Rule: R211, R212.
    public final func sendActions(for events: Event) {
        send(events, with: nil)
    }

    /// R211, R212: one send from a snapshot, then the primary action as a second send.
    final func send(_ events: Event, with event: GestureArbiter.Event?) {
        window?.environment?.liveTracer?.record(.controlEventSent(control: self, events: events))
        let snapshot = registrations
        for registration in snapshot where !registration.events.isDisjoint(with: events) {
            registration.body(self, event)
        }
        if !events.isDisjoint(with: Self.primaryActionEvents) {
            if primaryActionToggleSelection { isSelected.toggle() }
            window?.environment?.liveTracer?.record(.controlEventSent(control: self, events: .primaryActionTriggered))
            let again = registrations
            for registration in again where registration.events.contains(.primaryActionTriggered) {
                registration.body(self, event)
            }
        }
    }

    /// Whether the primary action toggles ``isSelected`` (``Button`` sets it from
    /// `changesSelectionAsPrimaryAction`).
    var primaryActionToggleSelection: Bool { false }

    // MARK: Tracking (R203-R210)

    /// Called when a touch begins tracking; return false to decline it (the control then sends
    /// nothing and passes the rest of the touch on, R204). Default true.
    ///
    /// Rule: R203, R204.
    open func beginTracking(_ touch: Touch, with event: GestureArbiter.Event?) -> Bool { true }

    /// Called for each move of the tracked touch; return false to stop tracking silently (no
    /// event; the rest of the touch is passed on, R205). Default true.
    ///
    /// Rule: R205.
    open func continueTracking(_ touch: Touch, with event: GestureArbiter.Event?) -> Bool { true }

    /// Called at the lift of the tracked touch, before `touchUpInside` or `touchUpOutside`.
    /// Default: nothing.
    ///
    /// Rule: R206.
    open func endTracking(_ touch: Touch?, with event: GestureArbiter.Event?) {}

    /// Called when the tracked touch is cancelled. The default stops tracking, unhighlights and
    /// sends `touchCancel`; an override that does not call `super` sends no `touchCancel`.
    ///
    /// Rule: R208.
    open func cancelTracking(with event: GestureArbiter.Event?) {
        isTracking = false
        isHighlighted = false
        send(.touchCancel, with: event)
    }

    /// Whether `point`, in the control's coordinates, counts as inside while tracking: within
    /// the bounds enlarged by ``GestureDefaults/controlTrackingSlop`` on every side (half-open),
    /// or inside by ``View/point(inside:with:)``.
    ///
    /// Rule: R207, R225.
    public final func isTrackingInside(_ point: Point, with event: GestureArbiter.Event?) -> Bool {
        let slop = GestureDefaults.controlTrackingSlop
        let area = Rect(x: bounds.minX - slop, y: bounds.minY - slop, width: bounds.width + 2 * slop, height: bounds.height + 2 * slop)
        return area.contains(point) || self.point(inside: point, with: event)
    }

    /// The identity of the touch being tracked, if any. Not a reference: a touch owns its window
    /// and view, so a control holding its touch would keep its own tree alive (a cycle), and the
    /// identity only picks the tracked touch out of a callback's set.
    private final var trackedTouch: ObjectIdentifier? {
        @inline(__always) get { controlFields.value.trackedTouch }
        @inline(__always) set { controlFields.value.trackedTouch = newValue }
    }

    /// The pending end of a minimum highlight (R209).
    private final var minimumHighlight: (scheduler: any Scheduler, handle: TimerHandle)? {
        @inline(__always) get { controlFields.value.minimumHighlight }
        @inline(__always) set { controlFields.value.minimumHighlight = newValue }
    }

    /// The touch of `touches` that the control tracks: the tracked one if the set holds it, else
    /// the set's first.
    private final func trackedTouch(in touches: TouchSet) -> Touch? {
        if let trackedTouch, let touch = touches.first(where: { ObjectIdentifier($0) == trackedTouch }) { return touch }
        return touches.first
    }

    /// R203: a touch-down starts tracking (never passed on), unless the control is disabled or
    /// not interactive, when the call goes up the responder chain.
    open override func touchesBegan(_ touches: TouchSet, with event: GestureArbiter.Event?) {
        guard isEnabled, isUserInteractionEnabled, let touch = touches.first,
            touch.type != .indirectPointer || !touch.buttonMaskAtBegan.isDisjoint(with: requiredButtonMask)
        else {
            super.touchesBegan(touches, with: event)
            return
        }
        cancelMinimumHighlight()
        trackedTouch = ObjectIdentifier(touch)
        isTracking = beginTracking(touch, with: event)
        guard isTracking else { return }
        isTouchInside = true
        isHighlighted = true
        send(.touchDown, with: event)
        if touch.tapCount >= 2 { send(.touchDownRepeat, with: event) }
    }

    /// R205: a tracked move sends an enter or exit when the inside state flips, then always a
    /// drag inside or outside. An untracked move, or one after `continueTracking` declined, goes
    /// up the responder chain.
    open override func touchesMoved(_ touches: TouchSet, with event: GestureArbiter.Event?) {
        guard isTracking, let touch = trackedTouch(in: touches) else {
            super.touchesMoved(touches, with: event)
            return
        }
        isTracking = continueTracking(touch, with: event)
        guard isTracking else {
            super.touchesMoved(touches, with: event)
            return
        }
        let inside = isTrackingInside(touch.location(in: self), with: event)
        let flipped = inside != isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        if flipped { send(inside ? .touchDragEnter : .touchDragExit, with: event) }
        send(inside ? .touchDragInside : .touchDragOutside, with: event)
    }

    /// R206, R209: a tracked lift sends an enter or exit if the inside state flipped, calls
    /// ``endTracking(_:with:)``, then sends `touchUpInside` or `touchUpOutside`. An untracked
    /// lift goes up the responder chain.
    open override func touchesEnded(_ touches: TouchSet, with event: GestureArbiter.Event?) {
        guard isTracking, let touch = trackedTouch(in: touches) else {
            super.touchesEnded(touches, with: event)
            return
        }
        let inside = isTrackingInside(touch.location(in: self), with: event)
        if inside != isTouchInside {
            isTouchInside = inside
            send(inside ? .touchDragEnter : .touchDragExit, with: event)
        }
        endTracking(touch, with: event)
        isTracking = false
        trackedTouch = nil
        let showsMinimumHighlight = inside && !isHighlighted && isEnabled
        send(inside ? .touchUpInside : .touchUpOutside, with: event)
        if showsMinimumHighlight {
            startMinimumHighlight()
        } else {
            isHighlighted = false
        }
        isTouchInside = false
    }

    /// R208: a cancelled tracked touch calls ``cancelTracking(with:)``; the call is never passed
    /// on, tracking or not.
    open override func touchesCancelled(_ touches: TouchSet, with event: GestureArbiter.Event?) {
        guard isTracking else { return }
        trackedTouch = nil
        cancelTracking(with: event)
    }

    /// R202: a disabled control is not hit, nor anything inside it.
    open override func hitTest(_ point: Point, with event: GestureArbiter.Event?) -> View? {
        guard isEnabled else { return nil }
        return super.hitTest(point, with: event)
    }

    /// R209: highlighted now, unhighlighted after ``GestureDefaults/controlMinimumHighlightDuration``
    /// on the environment's clock (at once when the control is in no environment).
    private final func startMinimumHighlight() {
        guard let scheduler = window?.environment?.scheduler else {
            isHighlighted = false
            return
        }
        isHighlighted = true
        let handle = scheduler.schedule(at: scheduler.now + GestureDefaults.controlMinimumHighlightDuration) { [weak self] in
            guard let self else { return }
            self.minimumHighlight = nil
            if !self.isTracking { self.isHighlighted = false }
        }
        minimumHighlight = (scheduler, handle)
    }

    private final func cancelMinimumHighlight() {
        guard let minimumHighlight else { return }
        self.minimumHighlight = nil
        minimumHighlight.scheduler.cancel(minimumHighlight.handle)
    }
}

/// A control whose primary action is `touchUpInside`, and which keeps its taps from a single-tap
/// recognizer of another view: UIKit's `UIButton`.
///
/// Rule: R212, R214-R216, R227.
open class Button: Control {
    /// The stored state of this class, read at every send of its primary action, in one cell
    /// that the runtime does not check for overlapping access (Support/UncheckedExclusivityCell.swift;
    /// Scripts/check-exclusivity.sh proves that none is formed). The property of the same name
    /// forwards to it.
    private let buttonFields = UncheckedExclusivityCell(ButtonFields())
    /// The fields of `buttonFields`: the stored property they replace, with its default.
    private struct ButtonFields: ~Copyable {
        var changesSelectionAsPrimaryAction: Bool = false
    }

    /// `touchUpInside` (R212).
    open override class var primaryActionEvents: Control.Event { .touchUpInside }

    /// Whether the primary action toggles ``Control/isSelected``. Default false.
    ///
    /// Rule: R213.
    public final var changesSelectionAsPrimaryAction: Bool {
        @inline(__always) get { buttonFields.value.changesSelectionAsPrimaryAction }
        @inline(__always) set { buttonFields.value.changesSelectionAsPrimaryAction = newValue }
    }

    override var primaryActionToggleSelection: Bool { changesSelectionAsPrimaryAction }

    /// Creates a button with the given frame.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// UIKit's veto (R215): false for a ``TapGestureRecognizer`` (or subclass) of one tap and
    /// one touch attached to another view, so an ancestor's single tap does not take the
    /// button's tap; true for every other recognizer, and for any recognizer attached to the
    /// button itself (R214, R216).
    ///
    /// Rule: R214, R215, R227.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if gestureRecognizer.view !== self, let tap = gestureRecognizer as? TapGestureRecognizer,
            tap.numberOfTouchesRequired == 1, tap.numberOfTapsRequired == 1
        {
            return false
        }
        return true
    }
}
