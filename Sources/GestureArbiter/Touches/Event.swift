/// The event that touch callbacks receive: the time of the pass and the touches in play.
///
/// UIKit's `UIEvent`. The environment reuses one `Event` per window for every pass: what it says
/// is about the pass that is running, so copy what you need rather than keep it. Keeping it is
/// safe, though: once its window is gone ``window`` is nil and it lists no touches.
public final class Event {
    /// The stored state of this class that the dispatch path reads and writes at every event,
    /// in one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let eventFields = UncheckedExclusivityCell(EventFields())
    /// The fields of `eventFields`: the stored properties they replace, with their defaults.
    private struct EventFields: ~Copyable {
        var timestamp: Timestamp = .zero
        var windowRef: UnownedReference<Window>?
        var hitTestTracer: (any Tracer)?
    }

    /// The time of the pass that is delivering the callback.
    public internal(set) var timestamp: Timestamp {
        @inline(__always) get { eventFields.value.timestamp }
        @inline(__always) set { eventFields.value.timestamp = newValue }
    }
    /// The window whose touches this event carries; nil once that window has gone away (an event
    /// kept past its callback does not keep its window alive).
    public var window: Window? { windowRef?.object }
    /// `window` as stored: not owned. Only the window that owns this event sets it, and that
    /// window clears it first thing in its `deinit`, so while it is set the window is alive. (Not
    /// `weak`: a weak reference would give every window a side table and slow down all of its
    /// reference counting.)
    var windowRef: UnownedReference<Window>? {
        @inline(__always) get { eventFields.value.windowRef }
        @inline(__always) set { eventFields.value.windowRef = newValue }
    }

    /// The environment's tracer while it hit-tests a new touch, so that default hit-testing can
    /// report what it skips without reaching for the environment at every view.
    var hitTestTracer: (any Tracer)? {
        @inline(__always) _read { yield eventFields.value.hitTestTracer }
        @inline(__always) _modify { yield &eventFields.value.hitTestTracer }
    }

    init() {}

    /// The pointer buttons held in the latest input event: empty for finger and stylus touches,
    /// and once the window is gone (R262).
    public var buttonMask: Event.ButtonMask {
        guard let window, let environment = window.environmentRef else { return [] }
        return environment.withUnsafeUnretained { $0.inputButtonMask }
    }

    /// The modifier keys held in the latest input event; empty once the window is gone (R262).
    public var modifierFlags: KeyModifierFlags {
        guard let window, let environment = window.environmentRef else { return [] }
        return environment.withUnsafeUnretained { $0.inputModifierFlags }
    }

    /// The live touches of the event's window (those that began and have not ended), by id;
    /// empty when the window is gone or attached to no environment.
    public var allTouches: TouchSet {
        // The environment is lent, not taken: also while its teardown cancels the touches.
        guard let window, let environment = window.environmentRef else { return TouchSet() }
        return environment.withUnsafeUnretained { $0.liveTouches(in: window) }
    }

    /// The live touches hit-tested to `view`.
    public func touches(for view: View) -> TouchSet {
        TouchSet(allTouches.filter { $0.hitTestView === view })
    }

    /// The live touches that `recognizer` is tracking.
    public func touches(for recognizer: GestureRecognizer) -> TouchSet {
        TouchSet(recognizer.trackedTouches.array.filter { $0.isLive })
    }
}
