import GestureArbiter

/// Records what really happens in a ``GestureEnvironment`` as a ``Scenario``: the window's views
/// and recognizers as they were when recording started, the delegates' answers as they were
/// observed, every input event with its time, and the run's timeline log as the scenario's
/// `expect` list. Replaying the result (``ScenarioRunner``, `gesture-trace FILE --check`) gives
/// the same log exactly when the engine did the same thing (R122).
///
/// ```swift
/// let recorder = try ScenarioRecorder(environment: environment, name: "a double tap")
/// // ... the host dispatches input and advances the clock as usual ...
/// let scenario = try recorder.finish()
/// try scenario.jsonText().write(toFile: "recorded.json", atomically: true, encoding: .utf8)
/// ```
///
/// The recorder is the environment's ``GestureEnvironment/tracer`` while it records; a tracer
/// attached before keeps receiving every record, and is attached again by ``finish()``. The host's
/// own calls do not change. While it records, the environment holds the recorder and the
/// recorder its environment: end every recording with ``finish()``.
///
/// What it writes:
/// - The window (the environment must have exactly one, with its bounds at the origin) and its
///   views, depth first, each with its frame, bounds origin, flags and the answers its
///   `gestureRecognizerShouldBegin` gave (R13). A view's id is its `name` when that is a valid,
///   unique id, else `view1`, `view2`, ... Every view is written as handling its touches, so
///   the replay logs a `view` line for each touch callback the live run made (the live log is
///   built the same way). The library's own `Control` and `Button` are written as `control` and
///   `button` with their `enabled` flag and every event logged, so the live log has a `control`
///   line for each event they send (R224); a `sendActions(for:)` call of your own outside a pass
///   is not input and does not replay. The library's `ScrollView` is written as `scrollView`
///   with its content size, its content offset as recording starts and its flags; a subclass
///   that says it hit-tests by the rules (`usesDefaultHitTesting`) is written the same way, with
///   the `touchesShouldBegin` and `touchesShouldCancel` answers the run observed (R236, R241;
///   one answer per scroll view, or for `touchesShouldCancel` UIKit's default when every answer
///   was the default: other answers are refused). Its built-in recognizers are not gestures of
///   the file: other entries name them `ID.delay` and `ID.pan` (R230), and they must have the
///   settings a scroll view gives them. The content may move only by the scroll view's own
///   drags, which the replay makes again: each logs a `scroll ID offset X,Y` line (R245).
/// - The recognizers of each view in order, their flags and settings, their `require(toFail:)`
///   edges, with ids made like the views' (`gesture1`, ...). The format's own types are written
///   as such when their class is exactly the engine's class; any other recognizer (a subclass, a
///   type of your own) must be described by `describe` as a registered type
///   (``Scenario/CustomGesture``) of `registry`.
/// - The delegates' answers as static answers: `shouldReceive` and `shouldBegin` per recognizer,
///   the simultaneity and failure-requirement answers per ordered pair. An answer that changed
///   during the run (yes once, no later, for the same question) cannot be written: ``finish()``
///   throws ``ScenarioRecordingError/answerChanged(gesture:question:)``.
/// - Each input event, its time relative to the start of the recording (the file starts at 0),
///   its touches in window coordinates: fingers, and clicks (type `indirectPointer`) with the
///   buttons and modifier keys they went down with (R260-R262); `hover` and `scroll` entries
///   (R279) and trackpad `transform` entries (R291); then an `idle` entry at the time
///   ``finish()`` is called,
///   so that the timers that fired live fire in the replay too.
///
/// What it cannot capture, and refuses rather than writing a file that replays differently:
/// changes made while recording (a recognizer enabled, removed or added, a view moved or
/// removed, a requirement added, a content offset set by the program: an API pass or a changed
/// tree), a scroll view's `contentInset`, `bounces` off or `alwaysBounce...` on, touches of a
/// type other than `direct` and `indirectPointer`, pointer input the format cannot hold (a
/// button other than primary and secondary, an unnamed modifier bit, buttons or keys changed
/// during a click, two clicks at once, hover during a click, a cancelled scroll or transform), settings the format has no field
/// for (a tap's `maximumTapDuration`, an `allowedButtonMask` set away from its default, a
/// control's `requiredButtonMask`, say), views whose class has hit-testing of its own, an environment
/// that is not idle when recording starts, and values the format refuses: a window of zero size or a view of negative size
/// (when recording starts), a touch id of magnitude 10^15 or more (at ``finish()``). A name
/// holding white space, a control or a bidirectional formatting character is not kept as an id
/// (the file says `view1` or `gesture1`). Answers are kept per pair of ids, never as one joined
/// string. As a last guard ``finish()`` reads the file back and throws
/// ``ScenarioRecordingError/notReplayable(_:)`` rather than hand out a file the reader refuses.
/// Call ``finish()`` outside the environment's callbacks: inside a pass the log would stop in
/// its middle (the C interface refuses that with `GA_ERROR_BUSY`).
///
/// Rule: R122 (the trace the recording is built from), R230 and R245 (scroll views), R260-R284
/// (pointer input).
public final class ScenarioRecorder: Tracer {
    /// The environment being recorded.
    public let environment: GestureEnvironment
    /// The tracer that was attached when recording started; it receives every record.
    public let forwardedTracer: (any Tracer)?
    private let name: String
    private let origin: Timestamp
    private var base: Scenario
    private let log: TimelineLog
    private var viewIDs: [ObjectIdentifier: String] = [:]
    private var gestureIDs: [ObjectIdentifier: String] = [:]
    private let snapshotWindow: Window
    /// The window's frame when recording started: input is written relative to it.
    var snapshotFrame: Rect { snapshotWindow.frame }
    /// The clicks down now, with the buttons and modifier keys they went down with (R262).
    private var clicks = RecordedClicks()
    /// The trackpad transform going on (R291).
    private var transform = RecordedTransform()
    private let describe: (GestureRecognizer) -> Scenario.CustomGesture?
    private let registry: ScenarioRecognizerRegistry
    private var input: [Scenario.InputEntry] = []
    /// Observed answers by question, in first-seen order.
    private var answers: [AnswerKey: Bool] = [:]
    private var answerOrder: [(gesture: String, question: Question, other: String, answer: Bool)] = []
    private var failure: ScenarioRecordingError?
    /// The ids of the scroll views' built-in recognizers (R230).
    private var builtInIDs: Set<String> = []
    /// What the scroll views' own methods answered (R236, R241).
    private var scrollAnswers = ScrollViewAnswers()
    /// The scroll views' content offsets, moved only by their drags (R245).
    private var offsets = ScrollViewOffsets([])
    private var isRecording = true

    private enum Question: Hashable {
        case shouldReceive, shouldBegin, viewShouldBegin, simultaneous, requireFailure, requiredToFailBy
    }

    /// One question, kept as its parts (ids may hold any character but white space, so no
    /// joined string can tell every pair apart).
    private struct AnswerKey: Hashable {
        var gesture: String
        var question: Question
        var other: String
    }

    /// Starts recording `environment`: takes a picture of its window and attaches itself as the
    /// environment's tracer (forwarding to the tracer attached before).
    ///
    /// - Parameters:
    ///   - environment: an idle environment with exactly one window.
    ///   - name: the scenario's name.
    ///   - registry: the recognizer types of your own that replays will know.
    ///   - describe: describes a recognizer that is not one of the format's own types as a
    ///     registered type with its settings; return nil for the others.
    /// - Throws: ``ScenarioRecordingError`` when the environment is busy or has not exactly one
    ///   window, something in the window cannot be written in the format (the error names it), or
    ///   `name` holds a control or bidirectional formatting character (``ScenarioRecordingError/notReplayable(_:)``).
    public init(
        environment: GestureEnvironment,
        name: String = "recorded run",
        registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry(),
        describe: @escaping (GestureRecognizer) -> Scenario.CustomGesture? = { _ in nil }
    ) throws(ScenarioRecordingError) {
        guard environment.windows.count == 1, let window = environment.windows.first else {
            throw .windowCount(environment.windows.count)
        }
        guard environment.isIdle else { throw .notIdle(environment.busyReasons) }
        if let scalar = name.unicodeScalars.first(where: \.isUnprintable) {
            throw .notReplayable(
                "the scenario's name holds U+\(String(scalar.value, radix: 16, uppercase: true)), a control or "
                    + "bidirectional formatting character, which no scenario string may hold")
        }
        self.environment = environment
        self.name = name
        self.registry = registry
        self.describe = describe
        snapshotWindow = window
        origin = environment.now
        let start = environment.now
        log = TimelineLog(now: { [unowned environment] in
            Timestamp(nanoseconds: environment.now.nanoseconds &- start.nanoseconds)
        })
        base = Scenario(name: name)
        forwardedTracer = environment.tracer
        base = try snapshot()
        builtInIDs = Set(base.builtInGestureIDs)
        offsets = ScrollViewOffsets(Self.views(in: window).compactMap { $0 as? ScrollView })
        log.observer = forwardedTracer
        environment.tracer = self
    }

    /// The window as a scenario (no input), naming every view and recognizer.
    private func snapshot() throws(ScenarioRecordingError) -> Scenario {
        let window = snapshotWindow
        guard window.boundsOrigin == .zero else { throw .unsupportedView(id: "window", reason: "its bounds origin is not (0, 0)") }
        guard window.frame.width > 0, window.frame.height > 0 else {
            throw .unsupportedView(id: "window", reason: "its size is \(window.frame.width) x \(window.frame.height); a scenario's window has a positive size")
        }
        var scenario = Scenario(name: name)
        scenario.windowSize = window.frame.size
        let order = Self.views(in: window)
        var viewIDs: [ObjectIdentifier: String] = [ObjectIdentifier(window): "window"]
        let viewNames = Self.ids(for: order.map(\.name), prefix: "view", reserved: ["window", "application"])
        for (view, id) in zip(order, viewNames) { viewIDs[ObjectIdentifier(view)] = id }
        // A scroll view's built-in recognizers (R230) are named, not written as gestures.
        var builtIns: [(GestureRecognizer, String)] = []
        for view in order {
            let id = viewIDs[ObjectIdentifier(view)]!
            let viewType = try Self.viewType(of: view, id: id)
            guard view.frame.width >= 0, view.frame.height >= 0 else {
                throw .unsupportedView(
                    id: id, reason: "its size is \(view.frame.width) x \(view.frame.height); a scenario's view has no negative size")
            }
            var spec = Scenario.ViewSpec(
                id: id, parent: view.superview.flatMap { viewIDs[ObjectIdentifier($0)] } ?? "window", frame: view.frame)
            spec.type = viewType
            for flag in Scenario.ViewSpec.flags { flag.capture(view, into: &spec) }
            if viewType == .control || viewType == .button, let control = view as? Control {
                spec.control.enabled = control.isEnabled
                guard control.requiredButtonMask == .primary else {
                    throw .unsupportedView(
                        id: id, reason: "its requiredButtonMask is \(control.requiredButtonMask); the scenario format has no field for it "
                            + "(controls track primary clicks, R223)")
                }
            }
            if let scrollView = view as? ScrollView {
                // Its bounds origin is its contentOffset (R245).
                spec.scroll = try Self.scrollViewSpec(of: scrollView, id: id)
                builtIns += try Self.builtInRecognizers(of: scrollView, id: id)
            } else {
                spec.boundsOrigin = view.boundsOrigin
            }
            // A scenario file's transform must be invertible (R289).
            guard view.transform.isInvertible else { throw .unsupportedView(id: id, reason: "its transform is not invertible") }
            spec.transform = view.transform
            scenario.views.append(spec)
        }
        let builtInIDs = Set(builtIns.map(\.1))
        let recognizers = ([window] + order).flatMap { view in
            view.gestureRecognizers.filter { recognizer in !builtIns.contains { $0.0 === recognizer } }.map { ($0, view) }
        }
        let gestureNames = Self.ids(for: recognizers.map { $0.0.name }, prefix: "gesture", reserved: builtInIDs)
        var gestureIDs: [ObjectIdentifier: String] = [:]
        for ((recognizer, _), id) in zip(recognizers, gestureNames) { gestureIDs[ObjectIdentifier(recognizer)] = id }
        for (recognizer, id) in builtIns { gestureIDs[ObjectIdentifier(recognizer)] = id }
        for ((recognizer, view), id) in zip(recognizers, gestureNames) {
            var spec = Scenario.GestureSpec(id: id, kind: try kind(of: recognizer, id: id), view: viewIDs[ObjectIdentifier(view)]!)
            for flag in Scenario.GestureSpec.flags { flag.capture(recognizer, into: &spec) }
            spec.tuning = Self.tuning(of: recognizer)
            try Self.pointerSettings(of: recognizer, id: id, into: &spec)
            guard recognizer.requiresExclusiveTouchType, recognizer.allowedTouchTypes == TouchType.allCases else {
                throw .unsupportedSetting(gesture: id, setting: "allowedTouchTypes or requiresExclusiveTouchType")
            }
            for required in recognizer.requiredToFail {
                guard let other = gestureIDs[ObjectIdentifier(required)] else {
                    throw .unsupportedSetting(gesture: id, setting: "require(toFail:) of a recognizer outside the window")
                }
                spec.requireToFail.append(other)
            }
            scenario.gestures.append(spec)
        }
        self.viewIDs = viewIDs
        self.gestureIDs = gestureIDs
        for view in order { log.name(view, viewIDs[ObjectIdentifier(view)]!) }
        log.name(window, "window")
        for (recognizer, _) in recognizers { log.name(recognizer, gestureIDs[ObjectIdentifier(recognizer)]!) }
        for (recognizer, id) in builtIns { log.name(recognizer, id) }
        return scenario
    }

    /// The format's type for `view`: the library's `Control`, `Button` and `ScrollView` by their
    /// exact class (R202, R230), a subclass of `ScrollView` or `View` that says it hit-tests by
    /// the rules (``GestureArbiter/View/usesDefaultHitTesting``) as a scroll view or a plain
    /// view. What a scroll view subclass may answer on its own, `touchesShouldBegin` and
    /// `touchesShouldCancel(in:)`, is observed in the run (R236, R241). Any other class is
    /// refused, naming it; so is every subclass of `Control`, whose tracking and events are its
    /// own (a replay's control would send other events, R203-R212).
    private static func viewType(of view: View, id: String) throws(ScenarioRecordingError) -> Scenario.ViewType {
        let type = Swift.type(of: view)
        let known: [(AnyClass, Scenario.ViewType)] = [(Button.self, .button), (Control.self, .control), (ScrollView.self, .scrollView)]
        if let (_, viewType) = known.first(where: { ObjectIdentifier($0.0) == ObjectIdentifier(type) }) { return viewType }
        guard !(view is Control) else {
            throw .unsupportedView(
                id: id, reason: "its class \(type) is a subclass of Control or Button, whose tracking and events may be its own; "
                    + "the scenario format has the library's Control and Button only")
        }
        guard type.usesDefaultHitTesting else {
            let scroll =
                view is ScrollView
                ? " (a ScrollView subclass that does is written as a scrollView, with the touchesShouldBegin and "
                    + "touchesShouldCancel answers the run observed)" : ""
            throw .unsupportedView(
                id: id,
                reason: "its class \(type) may hit-test in its own way; a class that overrides neither "
                    + "hitTest nor point(inside:) can say so by overriding usesDefaultHitTesting to return true\(scroll)")
        }
        return view is ScrollView ? .scrollView : .view
    }

    /// The views of `window`, depth first, parents before children, siblings in order: the
    /// order the file adds them.
    private static func views(in window: Window) -> [View] {
        var order: [View] = []
        var stack: [View] = window.subviews.reversed()
        while let view = stack.popLast() {
            order.append(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
        return order
    }

    /// Ids from names: a name that is a valid id and unique is kept; the others get
    /// `prefix1`, `prefix2`, ... skipping ids taken.
    private static func ids(for names: [String?], prefix: String, reserved: Set<String>) -> [String] {
        var counts: [String: Int] = [:]
        for name in names { if let name { counts[name, default: 0] += 1 } }
        func valid(_ name: String?) -> String? {
            guard let name, !name.isEmpty, !reserved.contains(name), counts[name] == 1,
                !name.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.isUnprintable })
            else { return nil }
            return name
        }
        var taken = Set(names.compactMap(valid)).union(reserved)
        var next = 1
        return names.map { name in
            if let kept = valid(name) { return kept }
            while taken.contains("\(prefix)\(next)") { next += 1 }
            let id = "\(prefix)\(next)"
            taken.insert(id)
            return id
        }
    }

    /// The scenario kind of `recognizer`, or the error naming it.
    private func kind(of recognizer: GestureRecognizer, id: String) throws(ScenarioRecordingError) -> Scenario.GestureKind {
        if let custom = describe(recognizer) {
            guard registry.contains(custom.type) else { throw .unregisteredType(gesture: id, type: custom.type) }
            return .custom(custom)
        }
        let type = ObjectIdentifier(Swift.type(of: recognizer))
        func unsupported(_ setting: String) -> ScenarioRecordingError { .unsupportedSetting(gesture: id, setting: setting) }
        if type == ObjectIdentifier(TapGestureRecognizer.self), let tap = recognizer as? TapGestureRecognizer {
            // The interval and the movement are tuning the format has (``Scenario/Tuning``).
            guard tap.maximumTapDuration == GestureDefaults.maximumTapDuration else { throw unsupported("maximumTapDuration") }
            return .tap(taps: tap.numberOfTapsRequired, touches: tap.numberOfTouchesRequired)
        }
        if type == ObjectIdentifier(PanGestureRecognizer.self), let pan = recognizer as? PanGestureRecognizer {
            return .pan(minTouches: pan.minimumNumberOfTouches, maxTouches: pan.maximumNumberOfTouches == .max ? nil : pan.maximumNumberOfTouches)
        }
        if type == ObjectIdentifier(ScreenEdgePanGestureRecognizer.self), let pan = recognizer as? ScreenEdgePanGestureRecognizer {
            guard pan.hysteresis == GestureDefaults.panHysteresis else { throw unsupported("hysteresis") }
            guard pan.edgeRegion == GestureDefaults.edgePanEdgeRegion else { throw unsupported("edgeRegion") }
            guard pan.edgeHysteresis == GestureDefaults.edgePanHysteresis else { throw unsupported("edgeHysteresis") }
            // The format's edge pan has the class's own touch counts (one finger, R105).
            let defaults = ScreenEdgePanGestureRecognizer()
            guard pan.minimumNumberOfTouches == defaults.minimumNumberOfTouches else { throw unsupported("minimumNumberOfTouches") }
            guard pan.maximumNumberOfTouches == defaults.maximumNumberOfTouches else { throw unsupported("maximumNumberOfTouches") }
            let names: [(RectEdge, String)] = [(.left, "left"), (.right, "right"), (.top, "top"), (.bottom, "bottom")]
            let edges = names.filter { pan.edges.contains($0.0) }.map(\.1)
            guard !edges.isEmpty, pan.edges.subtracting([.left, .right, .top, .bottom]).isEmpty else { throw unsupported("edges") }
            return .edgePan(edges: edges)
        }
        if type == ObjectIdentifier(DelayedTouchesBeganGestureRecognizer.self),
            let delayed = recognizer as? DelayedTouchesBeganGestureRecognizer
        {
            guard delayed.allowableMovement == GestureDefaults.contentTouchDelayMovement else { throw unsupported("allowableMovement") }
            guard let seconds = Self.seconds(delayed.delay) else { throw unsupported("delay") }
            return .delayedTouchesBegan(delay: seconds)
        }
        if type == ObjectIdentifier(SwipeGestureRecognizer.self), let swipe = recognizer as? SwipeGestureRecognizer {
            let names: [(SwipeGestureRecognizer.Direction, String)] = [(.right, "right"), (.left, "left"), (.up, "up"), (.down, "down")]
            let directions = names.filter { swipe.direction.contains($0.0) }.map(\.1)
            guard !directions.isEmpty, swipe.direction.subtracting([.right, .left, .up, .down]).isEmpty else {
                throw unsupported("direction")
            }
            return .swipe(directions: directions, touches: swipe.numberOfTouchesRequired)
        }
        if type == ObjectIdentifier(PinchGestureRecognizer.self) { return .pinch }
        if type == ObjectIdentifier(HoverGestureRecognizer.self) { return .hover }
        if type == ObjectIdentifier(RotationGestureRecognizer.self) { return .rotation }
        if type == ObjectIdentifier(LongPressGestureRecognizer.self), let press = recognizer as? LongPressGestureRecognizer {
            guard let duration = Self.seconds(press.minimumPressDuration) else { throw unsupported("minimumPressDuration") }
            return .longPress(
                duration: duration, allowableMovement: press.allowableMovement, taps: press.numberOfTapsRequired,
                touches: press.numberOfTouchesRequired)
        }
        throw .unsupportedRecognizer(gesture: id, type: String(describing: Swift.type(of: recognizer)))
    }

    /// `duration` in seconds when the format's reading (`seconds`, rounded to nanoseconds) gives
    /// it back exactly.
    private static func seconds(_ duration: Duration) -> Double? {
        let (whole, attoseconds) = duration.components
        guard attoseconds % 1_000_000_000 == 0, whole >= 0, whole <= 1_000_000_000 else { return nil }
        let nanoseconds = whole * 1_000_000_000 + attoseconds / 1_000_000_000
        let seconds = Double(nanoseconds) / 1e9
        return Int64((seconds * 1e9).rounded()) == nanoseconds ? seconds : nil
    }

    /// The tuning of a library tap or pan that differs from UIKit's values (``Scenario/Tuning``).
    private static func tuning(of recognizer: GestureRecognizer) -> Scenario.Tuning {
        var tuning = Scenario.Tuning()
        let type = ObjectIdentifier(Swift.type(of: recognizer))
        if type == ObjectIdentifier(TapGestureRecognizer.self), let tap = recognizer as? TapGestureRecognizer {
            if tap.maximumIntervalBetweenSuccessiveTaps != GestureDefaults.maximumIntervalBetweenSuccessiveTaps {
                let (seconds, attoseconds) = tap.maximumIntervalBetweenSuccessiveTaps.components
                tuning.maximumIntervalBetweenSuccessiveTaps = Double(seconds) + Double(attoseconds / 1_000_000_000) / 1e9
            }
            if tap.allowableMovement != GestureDefaults.tapAllowableMovement { tuning.allowableMovement = tap.allowableMovement }
        }
        if type == ObjectIdentifier(PanGestureRecognizer.self), let pan = recognizer as? PanGestureRecognizer,
            pan.hysteresis != GestureDefaults.panHysteresis
        {
            tuning.hysteresis = pan.hysteresis
        }
        return tuning
    }

    /// Takes one record: the input and the answers for the scenario, the outcomes for the log;
    /// then forwards it to ``forwardedTracer``.
    public func record(_ record: TraceRecord) {
        guard isRecording else {
            forwardedTracer?.record(record)
            return
        }
        if !offsets.take(record) {
            // A content offset that the scroll view's own drag did not set (R245).
            fail(.changedWhileRecording(at: relativeSeconds(environment.now)))
        }
        switch record {
        case let .passStarted(.api, time):
            fail(.changedWhileRecording(at: relativeSeconds(time)))
        case let .inputReceived(event):
            take(event)
        case let .hoverReceived(hover):
            // The format has no hover entry while a click is down (hover pauses then, R271, R282).
            if clicks.isClicking {
                fail(.unsupportedInput(reason: "hover input while a click is down (hover pauses then, R271)", at: relativeSeconds(hover.timestamp)))
            } else {
                take(hoverEntry(hover), at: hover.timestamp)
            }
        case let .scrollReceived(scroll):
            if scroll.phase == .cancelled {
                fail(.unsupportedInput(reason: "a scroll sequence was cancelled (the format's scroll phases are began, changed and ended)",
                                       at: relativeSeconds(scroll.timestamp)))
            } else {
                take(scrollEntry(scroll), at: scroll.timestamp)
            }
        case let .transformReceived(input):
            if input.phase == .cancelled {
                fail(.unsupportedInput(reason: "a trackpad transform was cancelled (the format's transform phases are began, changed and ended)",
                                       at: relativeSeconds(input.timestamp)))
            } else {
                let frame = snapshotFrame
                take(transform.entry(input, x: input.location.x - frame.minX, y: input.location.y - frame.minY), at: input.timestamp)
            }
        case let .delegateAnswered(recognizer, question, answer):
            take(answer, of: recognizer, to: question)
        case let .relationApplied(recognizer, other, .simultaneous):
            // A declared relation is recorded as the delegate answer it lowers to (R45, R53):
            // the replay gives the same log.
            take(true, of: recognizer, to: .shouldRecognizeSimultaneously(with: other))
        case let .dynamicRequirement(recognizer, other, .exclusiveRelation):
            take(true, of: recognizer, to: .shouldRequireFailure(of: other))
        case let .delivered(view, phase, touches, _):
            // The format's window handles no touches (they pass on to the application), so a
            // delivery to the window leaves no line, as in a replay.
            if phase != .stationary, view !== snapshotWindow {
                let ids = touches.map { String($0.id) }.joined(separator: ",")
                log.append(subject: "view", what: "\(id(of: view)) \(phase.rawValue) \(ids)")
            }
        case let .controlEventSent(control, events):
            // The file gives each control an action for each of the ten events it can log (the
            // default `actions`), so the replay logs every send of them; so does the live log.
            for (event, name) in Control.Event.named where events.contains(event) && Scenario.ControlSpec.eventNames.contains(name) {
                log.append(subject: "control", what: "\(id(of: control)) \(name)")
            }
        default:
            break
        }
        log.record(record)
    }

    private func fail(_ error: ScenarioRecordingError) {
        if failure == nil { failure = error }
    }

    private func relativeSeconds(_ time: Timestamp) -> Double {
        Double(time.nanoseconds &- origin.nanoseconds) / 1e9
    }

    private func id(of view: View) -> String {
        if let id = viewIDs[ObjectIdentifier(view)] { return id }
        fail(.changedWhileRecording(at: relativeSeconds(environment.now)))
        return "?"
    }

    private func id(of recognizer: GestureRecognizer) -> String {
        if let id = gestureIDs[ObjectIdentifier(recognizer)] { return id }
        fail(.changedWhileRecording(at: relativeSeconds(environment.now)))
        return "?"
    }

    /// `time` in seconds since the start of the recording, when the format holds it exactly.
    private func inputSeconds(_ time: Timestamp) -> Double? {
        let relative = time.nanoseconds &- origin.nanoseconds
        let t = Double(relative) / 1e9
        guard relative >= 0, Int64((t * 1e9).rounded()) == relative else {
            fail(.timeNotRepresentable(time))
            return nil
        }
        return t
    }

    /// A hover or scroll entry (R279).
    private func take(_ action: Scenario.InputAction, at time: Timestamp) {
        guard let t = inputSeconds(time) else { return }
        input.append(Scenario.InputEntry(t: t, action: action))
    }

    private func take(_ event: TouchEvent) {
        guard let t = inputSeconds(event.timestamp) else { return }
        for touch in event.touches where abs(Double(touch.id)) >= Self.touchIDLimit {
            fail(.touchIDNotRepresentable(touch.id, at: t))
            return
        }
        switch clicks.specs(of: event, origin: snapshotWindow.frame) {
        case let .success(touches):
            input.append(Scenario.InputEntry(t: t, action: .touches(touches)))
        case .failure(.touchType):
            fail(.touchType(at: t))
        case let .failure(problem):
            fail(.unsupportedInput(reason: problem.reason, at: t))
        }
    }

    private func take(_ answer: Bool, of recognizer: GestureRecognizer, to question: DelegateQuestion) {
        var gesture = id(of: recognizer)
        var kind: Question
        var other: String
        switch question {
        case .shouldReceive: (kind, other) = (.shouldReceive, "")
        case .shouldBegin: (kind, other) = (.shouldBegin, "")
        case let .viewShouldBegin(view): (kind, other) = (.viewShouldBegin, id(of: view))
        case let .shouldRecognizeSimultaneously(with): (kind, other) = (.simultaneous, id(of: with))
        case let .shouldRequireFailure(of): (kind, other) = (.requireFailure, id(of: of))
        case let .shouldBeRequiredToFail(by): (kind, other) = (.requiredToFailBy, id(of: by))
        case .touchesShouldBegin:
            // Asked by a scroll view's delay, about its own scroll view (R236).
            let scrollView = recognizer.view.map { id(of: $0) } ?? "?"
            if let error = scrollAnswers.touchesShouldBegin(answer, scrollView: scrollView, asker: gesture) { fail(error) }
            return
        case let .touchesShouldCancel(view):
            // Asked by a scroll view's pan, about a view that has one of its touches (R241).
            let scrollView = recognizer.view.map { id(of: $0) } ?? "?"
            let error = scrollAnswers.touchesShouldCancel(
                answer, in: id(of: view), isControl: view is Control, scrollView: scrollView, asker: gesture)
            if let error { fail(error) }
            return
        }
        if kind != .viewShouldBegin, builtInIDs.contains(gesture) {
            // A built-in recognizer has no delegate (R230): what reaches it is a declared relation
            // with another recognizer, which the file writes as that one's answer: the same yes
            // to the simultaneity question (R45), or the same requirement asked the other way
            // round (R53).
            switch kind {
            case .simultaneous: (gesture, other) = (other, gesture)
            case .requireFailure: (gesture, kind, other) = (other, .requiredToFailBy, gesture)
            case .shouldReceive, .shouldBegin, .viewShouldBegin, .requiredToFailBy: break
            }
            guard !builtInIDs.contains(gesture) else {
                fail(.unsupportedSetting(gesture: gesture, setting: "\(question.name), asked of a scroll view's built-in recognizer"))
                return
            }
        }
        let key = AnswerKey(gesture: gesture, question: kind, other: other)
        if let earlier = answers[key] {
            if earlier != answer {
                fail(.answerChanged(gesture: gesture, question: "\(question.name)\(kind == .viewShouldBegin ? " (view \(other))" : "")"))
            }
            return
        }
        answers[key] = answer
        answerOrder.append((gesture, kind, other, answer))
    }

    /// Touch ids a scenario file holds: whole numbers of magnitude below 10^15 (as every whole
    /// number of the format, so that a `Double` holds them exactly).
    static let touchIDLimit = 1e15

    /// Stops recording, attaches the tracer that was attached before, and returns the scenario:
    /// the window as it was, the observed answers, the input with a final `idle` entry at the
    /// current time, and the live log as `expect` (order `strict`), with `endsUnfinished` when
    /// the environment is not idle then (the replay ends in the same state).
    ///
    /// - Throws: ``ScenarioRecordingError`` when the run cannot be written faithfully: an answer
    ///   changed, the window changed or an API call made a pass, a touch had another type,
    ///   another tracer replaced the recorder, or recording already finished. Recording stops
    ///   either way.
    public func finish() throws(ScenarioRecordingError) -> Scenario {
        guard isRecording else { throw .notRecording }
        isRecording = false
        guard environment.tracer === self else { throw .tracerReplaced }
        environment.tracer = forwardedTracer
        if let failure { throw failure }
        let now = relativeSeconds(environment.now)
        var current: Scenario
        do {
            current = try snapshot()
        } catch {
            throw .changedWhileRecording(at: now)
        }
        // A scroll view's content offset is where its drags left it (R245); the file holds the
        // offset at the start.
        var draggedTo: [String: Point] = [:]
        for (key, offset) in offsets.current { if let id = viewIDs[key] { draggedTo[id] = offset } }
        for index in current.views.indices where current.views[index].type == .scrollView {
            let id = current.views[index].id
            guard current.views[index].scroll.contentOffset == draggedTo[id], let start = base.views.first(where: { $0.id == id }) else {
                throw .changedWhileRecording(at: now)
            }
            current.views[index].scroll.contentOffset = start.scroll.contentOffset
        }
        guard current.views == base.views, current.gestures == base.gestures else { throw .changedWhileRecording(at: now) }
        var scenario = base
        try scrollAnswers.apply(to: &scenario)
        for entry in answerOrder where !entry.answer || [.simultaneous, .requireFailure, .requiredToFailBy].contains(entry.question) {
            switch entry.question {
            case .shouldReceive: scenario.delegate.shouldReceive[entry.gesture] = false
            case .shouldBegin: scenario.delegate.shouldBegin[entry.gesture] = false
            case .viewShouldBegin:
                if let index = scenario.views.firstIndex(where: { $0.id == entry.other }) {
                    scenario.views[index].gestureRecognizerShouldBegin[entry.gesture] = false
                }
            case .simultaneous: if entry.answer { scenario.delegate.simultaneous.append([entry.gesture, entry.other]) }
            case .requireFailure: if entry.answer { scenario.delegate.requireFailure.append([entry.gesture, entry.other]) }
            case .requiredToFailBy: if entry.answer { scenario.delegate.requiredToFailBy.append([entry.gesture, entry.other]) }
            }
        }
        scenario.input = input
        scenario.input.append(Scenario.InputEntry(t: max(now, input.last?.t ?? 0), action: .idle))
        scenario.expect = log.logLines
        // A run that is not idle at the end (a hover recognizer while the pointer stays in the
        // window, R268; a finger still down) replays to the same state: the file says so.
        scenario.endsUnfinished = !environment.isIdle
        // Whatever the checks above missed: a file the reader refuses is never handed out.
        do {
            _ = try ScenarioParser.parse(scenario.jsonText(), registry: registry)
        } catch {
            throw .notReplayable(error.description)
        }
        return scenario
    }
}

/// Why a ``ScenarioRecorder`` cannot start, or cannot write what it saw as a scenario that
/// replays the same.
public enum ScenarioRecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The environment has not exactly one window (it has this many).
    case windowCount(Int)
    /// The environment was busy when recording started (what kept it busy).
    case notIdle([String])
    /// A recognizer (id in the recording, its class) is not one of the format's own types and
    /// `describe` did not describe it.
    case unsupportedRecognizer(gesture: String, type: String)
    /// `describe` named a type the registry does not hold.
    case unregisteredType(gesture: String, type: String)
    /// A recognizer's setting has no field in the format (or a value the format cannot hold).
    case unsupportedSetting(gesture: String, setting: String)
    /// A view (or the window) cannot be written, for the reason given.
    case unsupportedView(id: String, reason: String)
    /// The same question got two answers during the run.
    case answerChanged(gesture: String, question: String)
    /// The window's views or recognizers changed, or an API call made a pass, at this time
    /// (seconds since the start of the recording).
    case changedWhileRecording(at: Double)
    /// A touch of a type other than `direct` (a finger) or `indirectPointer` (a click) arrived at
    /// this time.
    case touchType(at: Double)
    /// Input the format cannot hold arrived at this time, for the reason given: a click with a
    /// button other than primary and secondary or a modifier bit without a name, buttons or keys
    /// that changed during a click, a second click while one is down, hover while a click is
    /// down, a cancelled scroll or transform sequence (R261, R262, R271, R272, R291).
    case unsupportedInput(reason: String, at: Double)
    /// An input time is before the start of the recording or beyond what the format holds.
    case timeNotRepresentable(Timestamp)
    /// A touch id (the host's) that a scenario file cannot hold, at this time: its magnitude is
    /// 10^15 or more.
    case touchIDNotRepresentable(Int, at: Double)
    /// The scenario written would not read back (the reader's error): nothing is handed out.
    case notReplayable(String)
    /// Another tracer was attached in place of the recorder.
    case tracerReplaced
    /// ``ScenarioRecorder/finish()`` was called already.
    case notRecording

    /// One line naming the problem and, where there is one, what to do.
    public var description: String {
        switch self {
        case let .windowCount(count):
            return "the environment has \(count) windows; a recording holds exactly one"
        case let .notIdle(reasons):
            return "the environment is busy (\(reasons.joined(separator: "; "))); start recording when it is idle"
        case let .unsupportedRecognizer(gesture, type):
            return "recognizer \(gesture) is a \(type), not one of the format's own types: register a type for it on a "
                + "ScenarioRecognizerRegistry and describe it in the recorder's describe closure"
        case let .unregisteredType(gesture, type):
            return "recognizer \(gesture) is described as type \"\(type)\", which the registry does not hold: register it"
        case let .unsupportedSetting(gesture, setting):
            return "recognizer \(gesture): \(setting) has no field in the scenario format (or a value it cannot hold)"
        case let .unsupportedView(id, reason):
            return "view \(id) cannot be recorded: \(reason)"
        case let .answerChanged(gesture, question):
            return "the answer to \(question) for \(gesture) changed during the run; "
                + "the scenario format holds one answer per question"
        case let .changedWhileRecording(time):
            return "the window's views or recognizers changed, or an API call ran a pass, at \(time) s; "
                + "a recording holds the window as it was when recording started"
        case let .touchType(time):
            return "a touch of a type other than direct and indirectPointer arrived at \(time) s; the recorder writes fingers and clicks only"
        case let .unsupportedInput(reason, time):
            return "input at \(time) s cannot be written: \(reason)"
        case let .timeNotRepresentable(time):
            return "input at \(time) is before the recording started or beyond what the format holds"
        case let .touchIDNotRepresentable(id, time):
            return "touch id \(id) at \(time) s is too large for a scenario file (ids are below 10^15 in magnitude)"
        case let .notReplayable(reason):
            return "the recording would not read back as a scenario: \(reason)"
        case .tracerReplaced:
            return "another tracer replaced the recorder while it recorded"
        case .notRecording:
            return "the recording has finished already"
        }
    }
}
