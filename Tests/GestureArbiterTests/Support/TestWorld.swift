@testable import GestureArbiter

/// A shared, ordered log of what a test world observed, as timeline lines
/// (`0.080 gesture T recognized`, `0.080 view V cancelled 1`), in the scenario log's format.
final class Log {
    var lines: [String] = []

    /// Appends the line of a view's touch callback: `<t> view NAME began 1,2`.
    func noteCallback(at clock: VirtualClock, view name: String?, _ phase: TouchPhase, _ touches: TouchSet) {
        lines.append("\(clock.now) view \(name ?? "?") \(phase) \(touches.map { String($0.id) }.joined(separator: ","))")
    }
}

/// A fixture: a virtual clock, an environment, one 400 x 800 window, and a log fed by the
/// environment's tracer (hit lines, failures, actions) and by ``RecordingView``s.
///
/// Every test builds its own world, so tests run in parallel safely. The world owns its
/// environment, and nothing the engine keeps points back at the world (the tracer is an object of
/// its own), so a world is freed with its test, which lets LeakSanitizer check the engine.
final class TestWorld {
    let clock = VirtualClock()
    let environment: GestureEnvironment
    let window: Window
    let log = Log()
    /// The environment's tracer.
    let tracer: WorldTracer
    /// Every trace record, for tests that look at causes.
    var records: [TraceRecord] { tracer.records }
    /// Objects kept alive for the world's lifetime (delegates are held weakly by recognizers).
    var retained: [AnyObject] = []

    init(width: Double = 400, height: Double = 800) {
        environment = GestureEnvironment(scheduler: clock)
        window = Window(width: width, height: height)
        window.name = "window"
        environment.addWindow(window)
        tracer = WorldTracer(log: log, clock: clock)
        environment.tracer = tracer
    }

    /// The time of the current pass, formatted as in the log.
    var now: String { clock.now.description }

    /// Adds a recording view named `name` to `parent` (the window by default).
    @discardableResult
    func addView(_ name: String, _ frame: Rect, to parent: View? = nil, forwards: Bool = false) -> RecordingView {
        let view = RecordingView(frame: frame, log: log, clock: clock)
        view.name = name
        view.forwards = forwards
        (parent ?? window).addSubview(view)
        return view
    }

    /// Names `recognizer`, attaches it to `view`, and logs its actions
    /// (`gesture T recognized` for a recognition without began, else the state).
    @discardableResult
    func attach<R: GestureRecognizer>(_ recognizer: R, _ name: String, to view: View) -> R {
        recognizer.name = name
        view.addGestureRecognizer(recognizer)
        logActions(of: recognizer)
        return recognizer
    }

    func logActions(of recognizer: GestureRecognizer) {
        let log = self.log
        let clock = self.clock
        recognizer.addAction { recognizer in
            let state = recognizer.state == .ended && !recognizer.arbitration.hasSentBegan ? "recognized" : recognizer.state.description
            log.lines.append("\(clock.now) gesture \(recognizer.name ?? "?") \(state)")
        }
    }

    /// Dispatches one event at `seconds` with the given touches.
    func send(_ seconds: Double, _ touches: TouchInput...) throws {
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: seconds), touches: touches))
    }

    /// Dispatches `began` at `seconds` for touch `id` at (x, y).
    func down(_ id: Int, at seconds: Double, _ x: Double, _ y: Double) throws {
        try send(seconds, TouchInput(id: id, phase: .began, x: x, y: y))
    }

    /// Dispatches `moved`.
    func move(_ id: Int, at seconds: Double, _ x: Double, _ y: Double) throws {
        try send(seconds, TouchInput(id: id, phase: .moved, x: x, y: y))
    }

    /// Dispatches `ended`.
    func up(_ id: Int, at seconds: Double, _ x: Double, _ y: Double) throws {
        try send(seconds, TouchInput(id: id, phase: .ended, x: x, y: y))
    }

    /// A tap: down then up 80 ms later at the same place.
    func tap(_ id: Int, at seconds: Double, _ x: Double, _ y: Double, duration: Double = 0.08) throws {
        try down(id, at: seconds, x, y)
        try up(id, at: seconds + duration, x, y)
    }

    /// Advances the clock to `seconds`, firing timers.
    func advance(to seconds: Double) throws {
        try environment.advance(to: Timestamp(seconds: seconds))
    }

    /// The state changes recorded for `recognizer`, as `from -> to (cause)`.
    func transitions(of recognizer: GestureRecognizer) -> [String] {
        records.compactMap {
            guard case let .stateChanged(other, from, to, cause) = $0, other === recognizer else { return nil }
            return "\(from) -> \(to) (\(cause))"
        }
    }
}

/// A view that logs its touch callbacks as `<t> view NAME began 1,2` and does not call super;
/// with ``forwards`` it calls super instead (default forwarding, R10).
final class RecordingView: View {
    let log: Log
    let clock: VirtualClock
    var forwards = false
    /// Called inside each callback, for tests that act from a view (re-entrancy).
    var onCallback: ((TouchPhase, TouchSet) -> Void)?
    /// The timestamps the touches showed inside each callback, for R66 checks.
    var seenTimestamps: [(phase: TouchPhase, id: Int, time: Timestamp, location: Point)] = []
    var shouldBeginAnswers: [String: Bool] = [:]

    init(frame: Rect, log: Log, clock: VirtualClock) {
        self.log = log
        self.clock = clock
        super.init(frame: frame)
    }

    private func note(_ phase: TouchPhase, _ touches: TouchSet) {
        log.noteCallback(at: clock, view: name, phase, touches)
        for touch in touches { seenTimestamps.append((phase, touch.id, touch.timestamp, touch.location(in: nil))) }
        onCallback?(phase, touches)
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        forwards ? super.touchesBegan(touches, with: event) : note(.began, touches)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        forwards ? super.touchesMoved(touches, with: event) : note(.moved, touches)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        forwards ? super.touchesEnded(touches, with: event) : note(.ended, touches)
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        forwards ? super.touchesCancelled(touches, with: event) : note(.cancelled, touches)
    }

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        shouldBeginAnswers[gestureRecognizer.name ?? ""] ?? true
    }
}

/// A delegate whose answers are set per other recognizer's name, with an optional hook.
final class TestDelegate: GestureRecognizerDelegate {
    var shouldBegin = true
    var shouldReceive = true
    var simultaneousWith: Set<String> = []
    var requireFailureOf: Set<String> = []
    var requiredToFailBy: Set<String> = []
    var onShouldBegin: (() -> Void)?

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        onShouldBegin?()
        return shouldBegin
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { shouldReceive }

    func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        simultaneousWith.contains(other.name ?? "")
    }

    func gestureRecognizer(_ g: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        requireFailureOf.contains(other.name ?? "")
    }

    func gestureRecognizer(_ g: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        requiredToFailBy.contains(other.name ?? "")
    }
}

/// A ``TestWorld``'s tracer: keeps every record and writes hit-test and failure lines to the log.
final class WorldTracer: Tracer {
    let log: Log
    let clock: VirtualClock
    private(set) var records: [TraceRecord] = []

    init(log: Log, clock: VirtualClock) {
        self.log = log
        self.clock = clock
    }

    func record(_ record: TraceRecord) {
        records.append(record)
        let now = clock.now.description
        switch record {
        case let .hitTest(touch, view):
            log.lines.append("\(now) touch \(touch.id) hit \(view?.name ?? "none")")
        case let .stateChanged(recognizer, _, to, _) where to == .failed:
            log.lines.append("\(now) gesture \(recognizer.name ?? "?") failed")
        default:
            break
        }
    }
}
