import GestureArbiter

/// Runs a ``Scenario`` on a fresh ``GestureEnvironment`` and a ``VirtualClock``, and returns its
/// timeline log.
///
/// It builds the window, the views (in order; each overriding the touch callbacks when
/// `handlesTouches` is true), the view controllers, the recognizers (in order, then their
/// `requireToFail` edges), one delegate per recognizer answering as the scenario says, and plays
/// the input: touch events through `dispatch`, `idle` by advancing the clock, and the API
/// entries after advancing the clock to their time (timers due at t fire first).
public enum ScenarioRunner {
    /// The outcome of a run.
    public struct Run: Sendable {
        /// The log lines, without comments.
        public var log: [String]
        /// The log lines with the `#` explanation lines, when asked for.
        public var explained: [String]
        /// Whether the environment was idle at the end (no live touch, timer, hold or active
        /// recognizer).
        public var endedIdle: Bool
        /// What kept it busy, in words, when not idle.
        public var busyReasons: [String]
    }

    /// Runs `scenario`.
    ///
    /// - Parameters:
    ///   - registry: makes the gestures of types of your own (none by default).
    ///   - explain: also collect `#` lines with the engine's reasons.
    ///   - observer: a tracer that also receives every record (after the log has taken it).
    ///   - prepare: called with the built world before any input, to attach actions, delegates
    ///     or recognizers of your own.
    /// - Throws: ``ScenarioError`` naming the gesture when its recognizer cannot be made (an
    ///   unregistered type, settings its factory rejects), or the input entry when the engine
    ///   rejects it (R117).
    public static func run(
        _ scenario: Scenario,
        registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry(),
        explain: Bool = false,
        observer: (any Tracer)? = nil,
        prepare: ((ScenarioSession) -> Void)? = nil
    ) throws(ScenarioError) -> Run {
        let world = try ScenarioSession(scenario, registry: registry, explain: explain, observer: observer)
        prepare?(world)
        for (index, entry) in scenario.input.enumerated() {
            do {
                try world.play(entry)
            } catch {
                throw ScenarioError("input[\(index)]", "rejected by the engine: \(error)")
            }
        }
        let log = world.log
        return Run(
            log: log.logLines,
            explained: log.lines,
            endedIdle: world.environment.isIdle,
            busyReasons: world.environment.busyReasons
        )
    }
}

/// A scenario's world, built and ready to play its input entry by entry: the views, recognizers,
/// delegates and the environment on a ``VirtualClock``, with a ``TimelineLog`` as its tracer.
///
/// ``ScenarioRunner`` plays a whole scenario through one; properties use it to interleave their
/// own input (for example hostile events) with a scenario's.
public final class ScenarioSession {
    /// The virtual clock.
    public let clock = VirtualClock()
    /// The environment the scenario runs in.
    public let environment: GestureEnvironment
    /// The timeline log, also the environment's tracer.
    public let log: TimelineLog
    /// The scenario's window.
    public let window: Window
    var views: [String: View] = [:]
    var gestures: [String: GestureRecognizer] = [:]
    fileprivate var controllers: [ScenarioViewController] = []
    fileprivate var delegates: [ScenarioDelegate] = []
    /// Carries each click's buttons and modifiers from its began to its later events (R278).
    private var touchEvents = Scenario.TouchEventMaker()
    /// The type of the scroll going on: a file gives it at `began` only (R272).
    private var scrollType = ScrollType.continuous

    /// Builds the scenario's world; nothing is played yet.
    ///
    /// - Parameters:
    ///   - registry: makes the gestures of types of your own (none by default).
    ///   - explain: the log also collects `#` lines with the engine's reasons.
    ///   - observer: a tracer that also receives every record.
    /// - Throws: ``ScenarioError`` at `gestures[i] (id "...")` when a gesture of a type of your own
    ///   cannot be made: the type is not in `registry`, its factory rejects the settings or
    ///   returns a recognizer that is attached already or was returned for another gesture.
    public init(
        _ scenario: Scenario,
        registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry(),
        explain: Bool = false,
        observer: (any Tracer)? = nil
    ) throws(ScenarioError) {
        let environment = GestureEnvironment(scheduler: clock)
        self.environment = environment
        let clock = self.clock
        // A line's time is the environment's `now` when it is written: the engine keeps it at the
        // running pass's time. (The environment holds the log, so the log holds it weakly.)
        log = TimelineLog(explains: explain, now: { [weak environment] in environment?.now ?? clock.now })
        log.observer = observer
        environment.tracer = log
        window = Window(width: scenario.windowSize.width, height: scenario.windowSize.height)
        window.name = "window"
        log.name(window, "window")
        environment.addWindow(window)
        views["window"] = window
        for spec in scenario.views {
            let view = Self.makeView(spec, log: log)
            view.name = spec.id
            if let scrollView = view as? ScrollView {
                // R230: the built-in recognizers, named `ID.delay` and `ID.pan`.
                for (recognizer, id) in zip(
                    [scrollView.delayGestureRecognizer, scrollView.panGestureRecognizer],
                    Scenario.ScrollViewSpec.builtInGestureIDs(of: spec.id))
                {
                    recognizer.name = id
                    log.name(recognizer, id)
                    gestures[id] = recognizer
                }
            } else {
                view.boundsOrigin = spec.boundsOrigin
            }
            view.transform = spec.transform
            for flag in Scenario.ViewSpec.flags { flag.apply(spec, to: view) }
            log.name(view, spec.id)
            if let name = spec.controller {
                let controller = ScenarioViewController(
                    view: view, id: name, handles: scenario.controllersHandlingTouches.contains(name), log: log)
                controllers.append(controller)
            }
            views[spec.parent]?.addSubview(view)
            views[spec.id] = view
        }
        // Make every recognizer first: a factory that fails leaves no half-built world behind.
        var made: [GestureRecognizer] = []
        for (index, spec) in scenario.gestures.enumerated() {
            let recognizer = try Self.makeRecognizer(spec, registry: registry, at: "gestures[\(index)] (id \"\(spec.id)\")")
            if case let .custom(custom) = spec.kind, made.contains(where: { $0 === recognizer }) {
                throw ScenarioError(
                    "gestures[\(index)] (id \"\(spec.id)\")",
                    "the factory of type \"\(custom.type)\" returned the recognizer it made for another gesture; "
                        + "return a new one each call")
            }
            made.append(recognizer)
        }
        let answers = DelegateAnswers(scenario.delegate)
        for (spec, recognizer) in zip(scenario.gestures, made) {
            recognizer.name = spec.id
            log.name(recognizer, spec.id)
            let delegate = ScenarioDelegate(id: spec.id, answers: answers)
            delegates.append(delegate)
            recognizer.delegate = delegate
            views[spec.view]?.addGestureRecognizer(recognizer)
            gestures[spec.id] = recognizer
        }
        for spec in scenario.gestures {
            for other in spec.requireToFail {
                if let recognizer = gestures[spec.id], let required = gestures[other] {
                    recognizer.require(toFail: required)
                }
            }
        }
        for group in scenario.relations.simultaneous {
            let members = group.compactMap { gestures[$0] }
            for (index, first) in members.enumerated() {
                for second in members[(index + 1)...] { first.recognizesSimultaneously(with: second) }
            }
        }
        for group in scenario.relations.exclusive { GestureRecognizer.exclusive(group.compactMap { gestures[$0] }) }
        for group in scenario.relations.race { GestureRecognizer.race(group.compactMap { gestures[$0] }) }
    }

    static func makeRecognizer(_ spec: Scenario.GestureSpec, registry: ScenarioRecognizerRegistry, at location: String)
        throws(ScenarioError) -> GestureRecognizer
    {
        let recognizer: GestureRecognizer
        switch spec.kind {
        case let .tap(taps, touches):
            let tap = TapGestureRecognizer()
            tap.numberOfTapsRequired = taps
            tap.numberOfTouchesRequired = touches
            if let interval = spec.tuning.maximumIntervalBetweenSuccessiveTaps {
                tap.maximumIntervalBetweenSuccessiveTaps = .nanoseconds(Int64((interval * 1e9).rounded()))
            }
            if let movement = spec.tuning.allowableMovement { tap.allowableMovement = movement }
            tap.buttonMaskRequired = Scenario.buttonMask(spec.tuning.buttonMaskRequired)
            recognizer = tap
        case let .pan(minimum, maximum):
            let pan = PanGestureRecognizer()
            pan.minimumNumberOfTouches = minimum
            pan.maximumNumberOfTouches = maximum ?? Int.max
            if let hysteresis = spec.tuning.hysteresis { pan.hysteresis = hysteresis }
            for name in spec.tuning.allowedScrollTypes {
                pan.allowedScrollTypesMask.insert(name == "discrete" ? .discrete : .continuous)
            }
            recognizer = pan
        case let .edgePan(names):
            let pan = ScreenEdgePanGestureRecognizer()
            var edges: RectEdge = []
            for name in names {
                switch name {
                case "left": edges.insert(.left)
                case "right": edges.insert(.right)
                case "top": edges.insert(.top)
                default: edges.insert(.bottom)
                }
            }
            pan.edges = edges
            recognizer = pan
        case let .delayedTouchesBegan(delay):
            let delayed = DelayedTouchesBeganGestureRecognizer()
            delayed.delay = .nanoseconds(Int64((delay * 1e9).rounded()))
            recognizer = delayed
        case let .swipe(names, touches):
            let swipe = SwipeGestureRecognizer()
            var direction: SwipeGestureRecognizer.Direction = []
            for name in names {
                switch name {
                case "right": direction.insert(.right)
                case "left": direction.insert(.left)
                case "up": direction.insert(.up)
                default: direction.insert(.down)
                }
            }
            swipe.direction = direction
            swipe.numberOfTouchesRequired = touches
            recognizer = swipe
        case .pinch:
            recognizer = PinchGestureRecognizer()
        case .rotation:
            recognizer = RotationGestureRecognizer()
        case .hover:
            recognizer = HoverGestureRecognizer()
        case let .longPress(duration, movement, taps, touches):
            let press = LongPressGestureRecognizer()
            press.minimumPressDuration = .nanoseconds(Int64((duration * 1e9).rounded()))
            press.allowableMovement = movement
            press.numberOfTapsRequired = taps
            press.numberOfTouchesRequired = touches
            recognizer = press
        case let .custom(custom):
            recognizer = try registry.makeRecognizer(custom, at: location)
        }
        for flag in Scenario.GestureSpec.flags { flag.apply(spec, to: recognizer) }
        return recognizer
    }

    /// The recognizer with scenario id `id`, to attach actions or delegates of your own.
    public func recognizer(_ id: String) -> GestureRecognizer? { gestures[id] }

    /// The view with scenario id `id` (`window` for the window).
    public func view(_ id: String) -> View? { views[id] }

    /// What is still pending in the environment, in words: empty when it is idle. One entry per
    /// ``GestureEnvironment/busyReasons`` reason (a touch down, a phase withheld, a recognizer
    /// held, not yet reset or with a timer), then, when a recognizer timer is scheduled, the time
    /// it is due. A run whose input ends here ends unfinished.
    public var pendingWork: [String] {
        var pending = environment.busyReasons
        if let deadline = environment.nextDeadline { pending.append("a recognizer timer is due at \(deadline)") }
        return pending
    }

    /// Plays one input entry.
    ///
    /// - Throws: the engine's ``DispatchError`` if it rejects the entry.
    public func play(_ entry: Scenario.InputEntry) throws(DispatchError) {
        let time = Timestamp(seconds: entry.t)
        switch entry.action {
        case let .touches(touches):
            try environment.dispatch(touchEvents.event(touches, at: time))
        case let .hover(hover):
            try environment.dispatch(HoverInput(timestamp: time, phase: hover.phase, location: Point(x: hover.x, y: hover.y)))
        case let .scroll(scroll):
            let type = scroll.type ?? scrollType
            scrollType = type
            try environment.dispatch(ScrollInput(
                timestamp: time, phase: scroll.phase, type: type, location: Point(x: scroll.x, y: scroll.y), delta: scroll.delta))
        case let .transform(transform):
            try environment.dispatch(TransformInput(
                timestamp: time, phase: transform.phase, location: Point(x: transform.x, y: transform.y),
                scale: transform.scale, rotation: transform.rotation))
        case .idle:
            try environment.advance(to: time)
        case let .disable(id):
            try environment.advance(to: time)
            gestures[id]?.isEnabled = false
        case let .enable(id):
            try environment.advance(to: time)
            gestures[id]?.isEnabled = true
        case let .removeGesture(id):
            try environment.advance(to: time)
            if let recognizer = gestures[id] { recognizer.view?.removeGestureRecognizer(recognizer) }
        case let .disableControl(id), let .enableControl(id):
            try environment.advance(to: time)
            if let control = views[id] as? Control {
                if case .enableControl = entry.action { control.isEnabled = true } else { control.isEnabled = false }
            }
        case let .removeView(id):
            try environment.advance(to: time)
            views[id]?.removeFromSuperview()
        case let .ignore(id, touchID):
            try environment.advance(to: time)
            if let recognizer = gestures[id], let touch = environment.touches.first(where: { $0.id == touchID }) {
                recognizer.ignore(touch, for: nil)
            }
        }
    }
}

extension ScenarioSession {
    /// The view of a `views` entry: a ``ScenarioView``, or a control or button that logs its
    /// callbacks and, for each event of its `actions`, a `control ID event` line when it sends
    /// it (R224).
    fileprivate static func makeView(_ spec: Scenario.ViewSpec, log: TimelineLog) -> View {
        let control: Control
        switch spec.type {
        case .view:
            let view = ScenarioView(frame: spec.frame, id: spec.id, log: log)
            view.handlesTouches = spec.handlesTouches
            view.shouldBeginAnswers = spec.gestureRecognizerShouldBegin
            return view
        case .scrollView:
            let view = ScenarioScrollView(frame: spec.frame, id: spec.id, log: log, spec: spec)
            for flag in Scenario.ScrollViewSpec.flags { flag.apply(spec.scroll, to: view) }
            view.contentSize = spec.scroll.contentSize
            view.contentOffset = spec.scroll.contentOffset
            return view
        case .control: control = ScenarioControl(frame: spec.frame, script: ControlScript(spec, log: log))
        case .button: control = ScenarioButton(frame: spec.frame, script: ControlScript(spec, log: log))
        }
        control.isEnabled = spec.control.enabled
        let id = spec.id
        for (event, name) in Control.Event.named where spec.control.actions.contains(name) {
            control.addAction(for: event) { [unowned log] _, _ in log.append(subject: "control", what: "\(id) \(name)") }
        }
        return control
    }
}

/// What a scenario's control or button does beyond the library's: it logs each touch callback
/// as a `view` line before handling it, answers `beginTracking` as the file says, and answers
/// `gestureRecognizerShouldBegin` from the file where the file has an answer.
private struct ControlScript {
    let id: String
    unowned let log: TimelineLog
    let beginTracking: Bool
    let shouldBeginAnswers: [String: Bool]

    init(_ spec: Scenario.ViewSpec, log: TimelineLog) {
        id = spec.id
        self.log = log
        beginTracking = spec.control.beginTracking
        shouldBeginAnswers = spec.gestureRecognizerShouldBegin
    }

    func note(_ phase: String, _ touches: TouchSet) {
        log.append(subject: "view", what: "\(id) \(phase) \(touches.map { String($0.id) }.joined(separator: ","))")
    }

    func answer(for recognizer: GestureRecognizer) -> Bool? { recognizer.name.flatMap { shouldBeginAnswers[$0] } }
}

/// A ``Control`` of a scenario (see ``ControlScript``).
private final class ScenarioControl: Control {
    let script: ControlScript
    init(frame: Rect, script: ControlScript) {
        self.script = script
        super.init(frame: frame)
    }
    override func beginTracking(_ touch: Touch, with event: GestureArbiter.Event?) -> Bool { script.beginTracking }
    override func touchesBegan(_ t: TouchSet, with e: GestureArbiter.Event?) { script.note("began", t); super.touchesBegan(t, with: e) }
    override func touchesMoved(_ t: TouchSet, with e: GestureArbiter.Event?) { script.note("moved", t); super.touchesMoved(t, with: e) }
    override func touchesEnded(_ t: TouchSet, with e: GestureArbiter.Event?) { script.note("ended", t); super.touchesEnded(t, with: e) }
    override func touchesCancelled(_ t: TouchSet, with e: GestureArbiter.Event?) { script.note("cancelled", t); super.touchesCancelled(t, with: e) }
    override func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { script.answer(for: r) ?? super.gestureRecognizerShouldBegin(r) }
}

/// A ``Button`` of a scenario (see ``ControlScript``): an answer of the file replaces the
/// button's own veto (R215).
private final class ScenarioButton: Button {
    let script: ControlScript
    init(frame: Rect, script: ControlScript) {
        self.script = script
        super.init(frame: frame)
    }
    override func beginTracking(_ touch: Touch, with event: GestureArbiter.Event?) -> Bool { script.beginTracking }
    override func touchesBegan(_ t: TouchSet, with e: GestureArbiter.Event?) { script.note("began", t); super.touchesBegan(t, with: e) }
    override func touchesMoved(_ t: TouchSet, with e: GestureArbiter.Event?) { script.note("moved", t); super.touchesMoved(t, with: e) }
    override func touchesEnded(_ t: TouchSet, with e: GestureArbiter.Event?) { script.note("ended", t); super.touchesEnded(t, with: e) }
    override func touchesCancelled(_ t: TouchSet, with e: GestureArbiter.Event?) { script.note("cancelled", t); super.touchesCancelled(t, with: e) }
    override func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { script.answer(for: r) ?? super.gestureRecognizerShouldBegin(r) }
}

/// A view that logs its own touch callbacks when it handles touches, else forwards them.
///
/// It does not change hit-testing, so the engine walks it like a plain view: a scenario's chain
/// of nested views costs no stack to hit-test, however deep.
private final class ScenarioView: View {
    override class var usesDefaultHitTesting: Bool { true }

    let id: String
    unowned let log: TimelineLog
    var handlesTouches = true
    var shouldBeginAnswers: [String: Bool] = [:]

    init(frame: Rect, id: String, log: TimelineLog) {
        self.id = id
        self.log = log
        super.init(frame: frame)
    }

    private func note(_ phase: String, _ touches: TouchSet) {
        log.append(subject: "view", what: "\(id) \(phase) \(touches.map { String($0.id) }.joined(separator: ","))")
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        handlesTouches ? note("began", touches) : super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        handlesTouches ? note("moved", touches) : super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        handlesTouches ? note("ended", touches) : super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        handlesTouches ? note("cancelled", touches) : super.touchesCancelled(touches, with: event)
    }

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let name = gestureRecognizer.name else { return true }
        return shouldBeginAnswers[name] ?? true
    }
}

/// A ``ScrollView`` of a scenario: it logs its own touch callbacks as a plain scenario view does
/// (`handlesTouches`), answers `touchesShouldBegin`, `touchesShouldCancel` and
/// `gestureRecognizerShouldBegin` as the file says, and keeps UIKit's answers where the file
/// has none.
///
/// It does not change hit-testing, and says so: the engine walks it like a plain view, and a
/// ``ScenarioRecorder`` can record a session that has one (R230, R236, R241).
private final class ScenarioScrollView: ScrollView {
    override class var usesDefaultHitTesting: Bool { true }

    let id: String
    unowned let log: TimelineLog
    let handlesTouches: Bool
    let shouldBeginAnswers: [String: Bool]
    let touchesShouldBeginAnswer: Bool
    let touchesShouldCancelAnswer: Bool?

    init(frame: Rect, id: String, log: TimelineLog, spec: Scenario.ViewSpec) {
        self.id = id
        self.log = log
        handlesTouches = spec.handlesTouches
        shouldBeginAnswers = spec.gestureRecognizerShouldBegin
        touchesShouldBeginAnswer = spec.scroll.touchesShouldBegin
        touchesShouldCancelAnswer = spec.scroll.touchesShouldCancel
        super.init(frame: frame)
    }

    /// Logs `phase` as a `view` line when the file says the view handles touches.
    private func handled(_ phase: String, _ touches: TouchSet) -> Bool {
        guard handlesTouches else { return false }
        log.append(subject: "view", what: "\(id) \(phase) \(touches.map { String($0.id) }.joined(separator: ","))")
        return true
    }

    override func touchesBegan(_ t: TouchSet, with e: Event?) { if !handled("began", t) { super.touchesBegan(t, with: e) } }
    override func touchesMoved(_ t: TouchSet, with e: Event?) { if !handled("moved", t) { super.touchesMoved(t, with: e) } }
    override func touchesEnded(_ t: TouchSet, with e: Event?) { if !handled("ended", t) { super.touchesEnded(t, with: e) } }
    override func touchesCancelled(_ t: TouchSet, with e: Event?) { if !handled("cancelled", t) { super.touchesCancelled(t, with: e) } }

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let name = gestureRecognizer.name else { return true }
        return shouldBeginAnswers[name] ?? true
    }

    override func touchesShouldBegin(_ touches: TouchSet, with event: Event?, in view: View) -> Bool { touchesShouldBeginAnswer }

    override func touchesShouldCancel(in view: View) -> Bool { touchesShouldCancelAnswer ?? super.touchesShouldCancel(in: view) }
}

/// A view controller that logs the touches reaching it when the scenario says it handles them.
private final class ScenarioViewController: ViewController {
    let id: String
    let handles: Bool
    unowned let log: TimelineLog

    init(view: View, id: String, handles: Bool, log: TimelineLog) {
        self.id = id
        self.handles = handles
        self.log = log
        super.init(view: view)
        name = id
    }

    private func note(_ phase: String, _ touches: TouchSet) {
        log.append(subject: "controller", what: "\(id) \(phase) \(touches.map { String($0.id) }.joined(separator: ","))")
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        handles ? note("began", touches) : super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        handles ? note("moved", touches) : super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        handles ? note("ended", touches) : super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        handles ? note("cancelled", touches) : super.touchesCancelled(touches, with: event)
    }
}

/// The scenario's `delegate` entry as sets of ordered pairs, built once and shared by every
/// recognizer's delegate: each question is one lookup, whatever the number of gestures.
private final class DelegateAnswers {
    /// An ordered pair of gesture ids: `[asking, other]`.
    struct Pair: Hashable {
        var asking: String
        var other: String
    }

    let shouldReceive: [String: Bool]
    let shouldBegin: [String: Bool]
    let simultaneous: Set<Pair>
    let requireFailure: Set<Pair>
    let requiredToFailBy: Set<Pair>

    init(_ spec: Scenario.DelegateSpec) {
        func pairs(_ list: [[String]]) -> Set<Pair> {
            Set(list.compactMap { $0.count == 2 ? Pair(asking: $0[0], other: $0[1]) : nil })
        }
        shouldReceive = spec.shouldReceive
        shouldBegin = spec.shouldBegin
        simultaneous = pairs(spec.simultaneous)
        requireFailure = pairs(spec.requireFailure)
        requiredToFailBy = pairs(spec.requiredToFailBy)
    }
}

/// One recognizer's delegate, answering as the scenario's `delegate` entry says.
private final class ScenarioDelegate: GestureRecognizerDelegate {
    let id: String
    let answers: DelegateAnswers

    init(id: String, answers: DelegateAnswers) {
        self.id = id
        self.answers = answers
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        answers.shouldBegin[id] ?? true
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        answers.shouldReceive[id] ?? true
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        answers.simultaneous.contains(DelegateAnswers.Pair(asking: id, other: otherGestureRecognizer.name ?? ""))
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        answers.requireFailure.contains(DelegateAnswers.Pair(asking: id, other: otherGestureRecognizer.name ?? ""))
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        answers.requiredToFailBy.contains(DelegateAnswers.Pair(asking: id, other: otherGestureRecognizer.name ?? ""))
    }
}
