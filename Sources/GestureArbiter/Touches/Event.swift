/// The event that touch callbacks receive: the time of the pass and the touches in play.
///
/// UIKit's `UIEvent`. The environment reuses one `Event` per window for every pass, so do not keep
/// it past the callback; copy what you need.
public final class Event {
    /// The time of the pass that is delivering the callback.
    @exclusivity(unchecked) public internal(set) var timestamp: Timestamp = .zero
    /// The window whose touches this event carries.
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var window: Window?

    /// The environment's tracer while it hit-tests a new touch, so that default hit-testing can
    /// report what it skips without reaching for the environment at every view.
    @exclusivity(unchecked) var hitTestTracer: (any Tracer)?

    init() {}

    /// The live touches of the event's window (those that began and have not ended), by id.
    public var allTouches: TouchSet {
        guard let window, let environment = window.environment else { return TouchSet() }
        return TouchSet(environment.liveTouches.array.filter { $0.window === window })
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
