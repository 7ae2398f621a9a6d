import GestureArbiter

/// A scenario's run drawn on one time axis: a lane per touch, per view and per recognizer, with
/// the engine's reason (the `--explain` line of its trace record, R122) on every mark and span.
///
/// `gesture-trace FILE --html OUT.html` writes ``html()``: one self-contained page (inline SVG and
/// CSS, no script, no network) whose marks show their reason when hovered. The lanes:
///
/// - a touch lane per host touch id: down, moves, up or cancel as the host sent them, and the
///   view the down hit (R1); a click (a touch of type `indirectPointer`, R260) is marked as one,
///   with its buttons and modifier keys (R262);
/// - a pointer lane, when the scenario has pointer input: the pointer in the window as a band
///   from hover entered to exited (R267, R268), each scroll sequence as a span with its type
///   (R272), and a mark for every hover and scroll entry and every click (R261);
/// - a view lane per view that received or was withheld a touch phase: its began, moved, ended
///   and cancelled callbacks (R15, R66, R67), the phases recognizers discarded (R67), and the
///   spans where a phase was withheld (delaysTouchesBegan, delaysTouchesEnded, the content touch
///   delay, touch order: R61-R64, R116), named by the recognizers that withheld it;
/// - a recognizer lane per gesture of the scenario: its state as bands (possible, began or
///   changed, ended or recognized, failed, cancelled) from the touch it first receives until its
///   reset (R39), its actions (R34-R37), and the spans where it was held by failure
///   requirements (R54-R56), named by the recognizers it waited for.
///
/// Delays that reached a view or an action carry the ``LatencyRecord`` line (when it was ready,
/// what it waited on) in their titles. Long stretches with nothing happening are drawn short,
/// with a break that gives their real length (``AxisBreak``).
public struct TimelinePicture: Sendable {
    /// The scenario's name, the picture's title.
    public var title: String
    /// The lanes, top to bottom: touches, the pointer, then views, then recognizers.
    public var lanes: [Lane]
    /// The time the axis ends at: the last mark or span end.
    public var endTime: Timestamp
    /// Stretches of the axis longer than ``idleThreshold`` in which nothing happened, each drawn
    /// narrow with a break marker that states its real length.
    public var breaks: [AxisBreak]
    /// Why the run stopped before the end of its input (the engine rejected an entry, R117), or
    /// nil when the whole input was played.
    public var stopReason: String?

    /// A gap between events longer than this is drawn compressed (one second).
    public static let idleThreshold = Duration.seconds(1)

    /// What a lane shows.
    public enum LaneKind: String, Sendable {
        /// A host touch id: its down, moves and up or cancel.
        case touch
        /// The pointer: hover, scroll sequences and clicks (R261, R267, R272).
        case pointer
        /// A view: its touch callbacks and withheld phases.
        case view
        /// A gesture recognizer: its states, actions and waits.
        case recognizer
    }

    /// What a mark stands for.
    public enum MarkKind: Hashable, Sendable {
        /// The host sent this phase of the touch (touch lanes).
        case touch(TouchPhase)
        /// The view received this touch callback; `delayed` when it was withheld first (R66).
        case delivery(TouchPhase, delayed: Bool)
        /// A recognizer discarded a withheld phase: the view never sees it (R67, R120).
        case discarded
        /// The recognizer sent its actions with this state; `recognized` for a discrete
        /// recognition (R34-R37).
        case action(GestureRecognizer.State, recognized: Bool)
        /// A decision with no lane of its own: a touch the recognizer did not receive (R24),
        /// a dynamic failure requirement (R53), a failure-requirement cycle (R121).
        case note
        /// A control sent control events (view lanes; R211, R224).
        case controlEvent
        /// A scroll view's content offset changed (view lanes; R245).
        case scrolled
        /// The host sent this hover input (the pointer lane; R267, R279).
        case hover(HoverInput.Phase)
        /// The host sent this scroll input (the pointer lane; R272, R279).
        case scroll(ScrollInput.Phase)
        /// The host sent this trackpad transform input (the pointer lane; R277, R291).
        case transform(TransformInput.Phase)
        /// A button went down: a click began (the pointer lane; R261).
        case click
    }

    /// What a span stands for.
    public enum SpanKind: Hashable, Sendable {
        /// The finger was down (touch lanes).
        case contact
        /// The recognizer was in this state (recognizer lanes).
        case state(GestureRecognizer.State)
        /// A touch phase was withheld from the view (view lanes, R61-R64, R116).
        case withheld
        /// The recognizer was held by failure requirements (recognizer lanes, R54).
        case waiting
        /// The recognizer reached this state (began or recognized) but was held by failure
        /// requirements, so nothing was published (recognizer lanes, R54): drawn as held, not as
        /// the state, which it only reaches (a ``state(_:)`` band) if it is released (R56).
        case held(GestureRecognizer.State)
        /// The pointer was in the window, from hover entered to exited (the pointer lane, R268).
        case hovering
        /// A scroll sequence of this type, from began to ended or cancelled (the pointer lane,
        /// R272).
        case scrolling(ScrollType)
        /// A trackpad pinch or rotation, from began to ended or cancelled (the pointer lane,
        /// R291).
        case transforming
    }

    /// One lane of the picture.
    public struct Lane: Sendable {
        /// What it shows.
        public var kind: LaneKind
        /// The touch (`touch 1`), view or recognizer name.
        public var name: String
        /// A short description under the name: the view a touch hit, a view's parent, a
        /// recognizer's type and view.
        public var detail: String
        /// Its marks, oldest first.
        public var marks: [Mark]
        /// Its spans, in the order they started.
        public var spans: [Span]

        /// Creates a lane.
        public init(kind: LaneKind, name: String, detail: String, marks: [Mark] = [], spans: [Span] = []) {
            self.kind = kind
            self.name = name
            self.detail = detail
            self.marks = marks
            self.spans = spans
        }
    }

    /// An instant on a lane.
    public struct Mark: Sendable {
        /// When.
        public var time: Timestamp
        /// What.
        public var kind: MarkKind
        /// The short text drawn beside it, for example `began 1` or `recognized`.
        public var label: String
        /// The engine's reasons, one `--explain` line each: the hover text.
        public var reason: String

        /// Creates a mark.
        public init(time: Timestamp, kind: MarkKind, label: String, reason: String) {
            self.time = time
            self.kind = kind
            self.label = label
            self.reason = reason
        }
    }

    /// A stretch of time on a lane.
    public struct Span: Sendable {
        /// When it started.
        public var start: Timestamp
        /// When it ended (the axis end when it was still open then).
        public var end: Timestamp
        /// What.
        public var kind: SpanKind
        /// The short text drawn in it, for example `began 2 withheld by D`.
        public var label: String
        /// The engine's reasons, one `--explain` line each: the hover text.
        public var reason: String

        /// Creates a span.
        public init(start: Timestamp, end: Timestamp, kind: SpanKind, label: String, reason: String) {
            self.start = start
            self.end = end
            self.kind = kind
            self.label = label
            self.reason = reason
        }
    }

    /// A compressed stretch of the axis in which nothing happened.
    public struct AxisBreak: Hashable, Sendable {
        /// Its start: the last event before it.
        public var start: Timestamp
        /// Its end: the next event.
        public var end: Timestamp

        /// Creates a break.
        public init(start: Timestamp, end: Timestamp) {
            self.start = start
            self.end = end
        }

        /// Its real length.
        public var length: Duration { end - start }
    }

    /// Plays `scenario` with a tracer attached and draws what happened.
    ///
    /// When the engine rejects an input entry (R117) the picture shows the run up to it and
    /// ``stopReason`` says which entry; nothing is thrown for that.
    ///
    /// - Parameter registry: makes the gestures of types of your own (none by default).
    /// - Throws: ``ScenarioError`` when the scenario's world cannot be built (a gesture type
    ///   the registry does not know, settings its factory rejects).
    public init(_ scenario: Scenario, registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry()) throws(ScenarioError) {
        let recorder = Recorder()
        let session = try ScenarioSession(scenario, registry: registry, observer: recorder)
        var played = scenario.input.count
        var stop: String?
        for (index, entry) in scenario.input.enumerated() {
            do {
                try session.play(entry)
            } catch {
                played = index
                stop = "input[\(index)] was rejected by the engine: \(error)"
                break
            }
        }
        self.init(scenario, recorder: recorder, played: played, stopReason: stop)
    }

    /// The lanes of `kind`, in order.
    public func lanes(_ kind: LaneKind) -> [Lane] { lanes.filter { $0.kind == kind } }
}
