import GestureArbiter

/// A scenario file's contents: a window, its views, their gesture recognizers, the delegates'
/// answers, a timeline of input and, optionally, the expected log.
///
/// The format is specified in `docs/scenario-format.md` (a stable contract).
/// ``ScenarioParser`` reads it and checks every field; ``ScenarioRunner`` runs it;
/// ``Scenario/jsonText()`` writes it back.
public struct Scenario: Hashable, Sendable {
    /// A view of the scenario (`views[]`).
    public struct ViewSpec: Hashable, Sendable {
        /// Unique id (not `window` or `application`).
        public var id: String
        /// The parent: `window` or an earlier view's id.
        public var parent: String
        /// Frame in the parent's coordinates.
        public var frame: Rect
        /// Bounds origin (default 0, 0).
        public var boundsOrigin = Point.zero
        /// The view's transform about the centre of `frame` (default the identity; invertible,
        /// R285-R289).
        public var transform = GestureArbiter.AffineTransform.identity
        /// Hidden (default false).
        public var hidden = false
        /// User interaction enabled (default true).
        public var userInteractionEnabled = true
        /// Opacity (default 1).
        public var alpha = 1.0
        /// Clips to bounds (default false).
        public var clipsToBounds = false
        /// Name of a view controller whose root view this is.
        public var controller: String?
        /// Whether the view overrides the touch callbacks without calling super (default true).
        public var handlesTouches = true
        /// Multiple touch enabled (default false).
        public var multipleTouchEnabled = false
        /// Exclusive touch (default false).
        public var exclusiveTouch = false
        /// The view's own `gestureRecognizerShouldBegin` answers, by gesture id (R13); on a
        /// button, an answer here replaces the button's own (R215).
        public var gestureRecognizerShouldBegin: [String: Bool] = [:]
        /// What the view is: a plain view, a ``GestureArbiter/Control`` or a
        /// ``GestureArbiter/Button`` (`type`, default `view`).
        public var type: ViewType = .view
        /// A control's or button's own settings (unused for other kinds).
        public var control = ControlSpec()
        /// A scroll view's own settings (unused for other kinds).
        public var scroll = ScrollViewSpec()

        /// Creates a view spec with the defaults of the format.
        public init(id: String, parent: String, frame: Rect) {
            self.id = id
            self.parent = parent
            self.frame = frame
        }
    }

    /// The `type` of a view entry.
    public enum ViewType: String, Hashable, Sendable, CaseIterable {
        /// A plain view.
        case view
        /// A ``GestureArbiter/Control`` (R200-R213): tracks one touch, no veto (R217).
        case control
        /// A ``GestureArbiter/Button``: a control whose primary action is `touchUpInside`, with
        /// UIKit's veto of a single tap of another view (R212, R215).
        case button
        /// A ``GestureArbiter/ScrollView`` (R230-R256): its subviews are its content, and it
        /// comes with two built-in recognizers, `ID.delay` and `ID.pan`.
        case scrollView

        /// Whether views of this type are controls (`control` or `button`).
        public var isControl: Bool { self == .control || self == .button }
    }

    /// A scroll view's own fields (R230-R256).
    public struct ScrollViewSpec: Hashable, Sendable {
        /// `contentSize` (default zero, R232).
        public var contentSize = Size.zero
        /// `contentOffset`, the bounds origin (default zero, R245).
        public var contentOffset = Point.zero
        /// `delaysContentTouches` (default true, R235).
        public var delaysContentTouches = true
        /// `canCancelContentTouches` (default true, R241).
        public var canCancelContentTouches = true
        /// `scrollEnabled`: `isScrollEnabled` (default true, R233).
        public var scrollEnabled = true
        /// `directionalLockEnabled`: `isDirectionalLockEnabled` (default false, R243).
        public var directionalLockEnabled = false
        /// `transfersHorizontalScrollingToParent` (default true, R248).
        public var transfersHorizontalScrollingToParent = true
        /// `transfersVerticalScrollingToParent` (default true, R248).
        public var transfersVerticalScrollingToParent = true
        /// `decelerating`: `isDecelerating` set by the host before the first entry (default
        /// false, R244).
        public var decelerating = false
        /// The answer of `touchesShouldBegin(_:with:in:)` for every touch (default true, R236).
        public var touchesShouldBegin = true
        /// The answer of `touchesShouldCancel(in:)` for every view; nil keeps UIKit's (true,
        /// false for a control or button) (R241).
        public var touchesShouldCancel: Bool?

        /// A scroll view with the defaults of the format.
        public init() {}

        /// The ids of a scroll view's two built-in recognizers, in their order (R230).
        public static func builtInGestureIDs(of id: String) -> [String] { ["\(id).delay", "\(id).pan"] }
    }

    /// A control's or button's own fields (R200-R213).
    public struct ControlSpec: Hashable, Sendable {
        /// The control events a file may name in `actions`, in the order of their bits (R201).
        public static let eventNames = [
            "touchDown", "touchDownRepeat", "touchDragInside", "touchDragOutside", "touchDragEnter", "touchDragExit",
            "touchUpInside", "touchUpOutside", "touchCancel", "primaryActionTriggered",
        ]
        /// `isEnabled` (`enabled`, default true): a disabled control is not hit (R202).
        public var enabled = true
        /// The answer of `beginTracking(_:with:)` (`beginTracking`, default true, R204).
        public var beginTracking = true
        /// The control events that have an action, each logged when sent (`actions`, default all
        /// ten of ``eventNames``).
        public var actions = ControlSpec.eventNames

        /// A control with the defaults of the format.
        public init() {}
    }

    /// The kind of a gesture recognizer and its own settings.
    public enum GestureKind: Hashable, Sendable {
        /// `tap`: taps and touches required.
        case tap(taps: Int, touches: Int)
        /// `pan`: minimum and maximum touches (nil: unbounded).
        case pan(minTouches: Int, maxTouches: Int?)
        /// `edgePan`: the window edges (non-empty).
        case edgePan(edges: [String])
        /// `delayedTouchesBegan`: the content-touch delay, in seconds.
        case delayedTouchesBegan(delay: Double)
        /// `swipe`: the directions (a non-empty list of `right`, `left`, `up`, `down`) and the
        /// touches required (R155).
        case swipe(directions: [String], touches: Int)
        /// `pinch`: a ``PinchGestureRecognizer`` (no settings of its own; two fingers, R168-R177).
        case pinch
        /// `rotation`: a ``RotationGestureRecognizer`` (no settings of its own; two fingers,
        /// R168-R172, R178-R183).
        case rotation
        /// `hover`: a ``HoverGestureRecognizer`` (no settings of its own; hover input only,
        /// R267-R271).
        case hover
        /// `longPress`: `minimumPressDuration` in seconds, `allowableMovement` in points, the taps
        /// before the press and the fingers held (R140).
        case longPress(duration: Double, allowableMovement: Double, taps: Int, touches: Int)
        /// A recognizer type of your own, made by the factory a ``ScenarioRecognizerRegistry``
        /// holds under its type name (the file's `type`, with its `settings`).
        case custom(CustomGesture)

        /// The `type` string of the format (a registered type's own name for ``custom(_:)``).
        public var typeName: String {
            switch self {
            case .tap: return "tap"
            case .pan: return "pan"
            case .edgePan: return "edgePan"
            case .delayedTouchesBegan: return "delayedTouchesBegan"
            case .swipe: return "swipe"
            case .pinch: return "pinch"
            case .rotation: return "rotation"
            case .hover: return "hover"
            case .longPress: return "longPress"
            case let .custom(custom): return custom.type
            }
        }
    }

    /// A value in a custom recognizer's `settings`: a JSON number, `true`/`false` or a string.
    public enum Setting: Hashable, Sendable {
        /// A number.
        case number(Double)
        /// `true` or `false`.
        case bool(Bool)
        /// A string.
        case string(String)
    }

    /// A gesture of a recognizer type you registered: its type name and its settings, what the
    /// registered factory gets to make the recognizer.
    ///
    /// In a scenario file it is a `gestures[]` entry whose `type` is the registered name, with an
    /// optional `settings` object of numbers, booleans and strings:
    /// `{ "id": "press", "type": "myapp.longPress", "view": "card", "settings": { "minimumPressDuration": 0.5 } }`.
    public struct CustomGesture: Hashable, Sendable {
        /// The registered type name (it contains a dot, for example `myapp.longPress`).
        public var type: String
        /// The settings by name; a name left out means the factory's default.
        public var settings: [String: Setting]

        /// Creates a custom gesture of the registered type `type`.
        public init(type: String, settings: [String: Setting] = [:]) {
            self.type = type
            self.settings = settings
        }

        /// The number setting `name`, or `defaultValue` when it is not given.
        ///
        /// - Throws: ``ScenarioError`` when the setting is given but is not a number.
        public func number(_ name: String, default defaultValue: Double) throws(ScenarioError) -> Double {
            switch settings[name] {
            case nil: return defaultValue
            case let .number(value)?: return value
            case let other?: throw ScenarioError("settings", "\"\(name)\" must be a number, not \(other)")
            }
        }

        /// The boolean setting `name`, or `defaultValue` when it is not given.
        ///
        /// - Throws: ``ScenarioError`` when the setting is given but is not `true` or `false`.
        public func bool(_ name: String, default defaultValue: Bool) throws(ScenarioError) -> Bool {
            switch settings[name] {
            case nil: return defaultValue
            case let .bool(value)?: return value
            case let other?: throw ScenarioError("settings", "\"\(name)\" must be true or false, not \(other)")
            }
        }

        /// The string setting `name`, or `defaultValue` when it is not given.
        ///
        /// - Throws: ``ScenarioError`` when the setting is given but is not a string.
        public func string(_ name: String, default defaultValue: String) throws(ScenarioError) -> String {
            switch settings[name] {
            case nil: return defaultValue
            case let .string(value)?: return value
            case let other?: throw ScenarioError("settings", "\"\(name)\" must be a string, not \(other)")
            }
        }
    }

    /// A gesture recognizer of the scenario (`gestures[]`).
    public struct GestureSpec: Hashable, Sendable {
        /// Unique id.
        public var id: String
        /// Type and type-specific settings.
        public var kind: GestureKind
        /// The view it is attached to (a view id or `window`).
        public var view: String
        /// `isEnabled` (default true).
        public var enabled = true
        /// `cancelsTouchesInView` (default true).
        public var cancelsTouchesInView = true
        /// `delaysTouchesBegan` (default false; true for edgePan and delayedTouchesBegan). For a
        /// custom type the file's value (default false) replaces whatever the factory set.
        public var delaysTouchesBegan: Bool
        /// `delaysTouchesEnded` (default true).
        public var delaysTouchesEnded = true
        /// Ids this gesture requires to fail, applied in order after all gestures exist.
        public var requireToFail: [String] = []
        /// Tuning beyond UIKit; nil keeps UIKit's value (``GestureDefaults``).
        public var tuning = Tuning()

        /// Creates a gesture spec with the defaults of the format for its kind.
        public init(id: String, kind: GestureKind, view: String) {
            self.id = id
            self.kind = kind
            self.view = view
            delaysTouchesBegan = kind.delaysTouchesBeganByDefault
        }
    }

    /// A gesture's tuning beyond UIKit (file fields of `tap` and `pan`); nil keeps UIKit's value.
    public struct Tuning: Hashable, Sendable {
        /// `tap`'s `maximumIntervalBetweenSuccessiveTaps`, in seconds (R88; UIKit: 0.35).
        public var maximumIntervalBetweenSuccessiveTaps: Double?
        /// `tap`'s `allowableMovement`, in points (R85, R90; UIKit: 45).
        public var allowableMovement: Double?
        /// `pan`'s `hysteresis`, in points (R94, R110; UIKit: 10).
        public var hysteresis: Double?
        /// `pan`'s `allowedScrollTypes`: `discrete`, `continuous` (R273; UIKit: none).
        public var allowedScrollTypes: [String] = []
        /// `tap`'s `buttonMaskRequired`: `primary`, `secondary` (R264, R281; UIKit: primary).
        public var buttonMaskRequired = ["primary"]

        /// UIKit's values everywhere.
        public init() {}
    }

    /// The delegates' answers (`delegate`); anything not listed gets UIKit's default.
    public struct DelegateSpec: Hashable, Sendable {
        /// `shouldReceive` answers by gesture id.
        public var shouldReceive: [String: Bool] = [:]
        /// `gestureRecognizerShouldBegin` answers by gesture id.
        public var shouldBegin: [String: Bool] = [:]
        /// `[a, b]`: a's delegate says a may recognize simultaneously with b.
        public var simultaneous: [[String]] = []
        /// `[a, b]`: a's delegate says a requires b to fail.
        public var requireFailure: [[String]] = []
        /// `[b, a]`: b's delegate says b is required to fail by a.
        public var requiredToFailBy: [[String]] = []

        /// No answers: UIKit's defaults everywhere.
        public init() {}

        /// Whether nothing is listed.
        public var isEmpty: Bool {
            shouldReceive.isEmpty && shouldBegin.isEmpty && simultaneous.isEmpty && requireFailure.isEmpty
                && requiredToFailBy.isEmpty
        }
    }

    /// Relations declared without delegates (`relations`): each list names gestures, at least
    /// two, made into one ``GestureRelation`` of its kind (R44, R45, R53).
    public struct RelationsSpec: Hashable, Sendable {
        /// `[a, b, ...]`: ``GestureRecognizer/recognizesSimultaneously(with:)`` between them.
        public var simultaneous: [[String]] = []
        /// `[a, b, ...]`: ``GestureRecognizer/exclusive(_:)`` in that priority order.
        public var exclusive: [[String]] = []
        /// `[a, b, ...]`: ``GestureRecognizer/race(_:)``.
        public var race: [[String]] = []

        /// No relation.
        public init() {}

        /// Whether nothing is declared.
        public var isEmpty: Bool { simultaneous.isEmpty && exclusive.isEmpty && race.isEmpty }

        /// The lists of `kind`.
        public subscript(kind: GestureRelation.Kind) -> [[String]] {
            get {
                switch kind {
                case .simultaneous: return simultaneous
                case .exclusive: return exclusive
                case .race: return race
                }
            }
            set {
                switch kind {
                case .simultaneous: simultaneous = newValue
                case .exclusive: exclusive = newValue
                case .race: race = newValue
                }
            }
        }

        /// The delegate answers the relations lower to (R45, R53): a simultaneous list's first
        /// member says yes about each other one (one yes is enough), and each later member of an
        /// exclusive list requires each earlier one to fail; a race is a no, a delegate's default.
        /// A scenario with these answers instead of the relations gives the same log.
        public func delegateAnswers() -> (simultaneous: [[String]], requireFailure: [[String]]) {
            var yes: [[String]] = []
            var requires: [[String]] = []
            for group in simultaneous {
                for (index, first) in group.enumerated() {
                    for second in group[(index + 1)...] where second != first { yes.append([first, second]) }
                }
            }
            for group in exclusive {
                for (index, later) in group.enumerated() {
                    for earlier in group[..<index] where earlier != later { requires.append([later, earlier]) }
                }
            }
            return (yes, requires)
        }
    }

    /// One touch in an input event.
    public struct TouchSpec: Hashable, Sendable {
        /// The touch id.
        public var id: Int
        /// The phase.
        public var phase: TouchPhase
        /// Window x, in points.
        public var x: Double
        /// Window y, in points.
        public var y: Double
        /// `type`: `direct` (a finger) or `indirectPointer` (a click), given with `began` only
        /// and kept for the touch's life (R261).
        public var type: TouchType = .direct
        /// `buttons` of a click: `primary`, `secondary` (R262; default primary). Given with
        /// `began` only; every event of the touch carries them.
        public var buttons: [String] = []
        /// `modifiers` of a click: the ``KeyModifierFlags`` names (R262). Given with `began` only.
        public var modifiers: [String] = []

        /// Creates a touch spec.
        public init(id: Int, phase: TouchPhase, x: Double, y: Double) {
            self.id = id
            self.phase = phase
            self.x = x
            self.y = y
        }
    }

    /// A hover entry (`hover`): the pointer with no button down (R267-R271, R279).
    public struct HoverSpec: Hashable, Sendable {
        /// `entered`, `moved` or `exited`.
        public var phase: HoverInput.Phase
        /// Window x, in points.
        public var x: Double
        /// Window y, in points.
        public var y: Double

        /// Creates a hover spec.
        public init(phase: HoverInput.Phase, x: Double, y: Double) {
            self.phase = phase
            self.x = x
            self.y = y
        }
    }

    /// A scroll entry (`scroll`): a wheel or trackpad scroll at the pointer (R272-R276, R283).
    public struct ScrollSpec: Hashable, Sendable {
        /// `began`, `changed` or `ended`.
        public var phase: ScrollInput.Phase
        /// Window x, in points.
        public var x: Double
        /// Window y, in points.
        public var y: Double
        /// `type`, given with `began` only (nil for later phases).
        public var type: ScrollType?
        /// `delta` `[dx, dy]`, the movement a finger would make (default zero).
        public var delta = Point.zero

        /// Creates a scroll spec.
        public init(phase: ScrollInput.Phase, x: Double, y: Double, type: ScrollType? = nil, delta: Point = .zero) {
            self.phase = phase
            self.x = x
            self.y = y
            self.type = type
            self.delta = delta
        }
    }

    /// A transform entry (`transform`): a trackpad pinch or rotation at the pointer (R277,
    /// R291-R293).
    public struct TransformSpec: Hashable, Sendable {
        /// `began`, `changed` or `ended`.
        public var phase: TransformInput.Phase
        /// Window x, in points.
        public var x: Double
        /// Window y, in points.
        public var y: Double
        /// `scale`: the trackpad's total magnification since `began` (default 1).
        public var scale = 1.0
        /// `rotation`: the trackpad's total turn since `began`, in radians, positive clockwise
        /// (default 0).
        public var rotation = 0.0

        /// Creates a transform spec.
        public init(phase: TransformInput.Phase, x: Double, y: Double, scale: Double = 1, rotation: Double = 0) {
            self.phase = phase
            self.x = x
            self.y = y
            self.scale = scale
            self.rotation = rotation
        }
    }

    /// The button mask that the names (`primary`, `secondary`) stand for (R262).
    public static func buttonMask(_ names: [String]) -> Event.ButtonMask {
        var mask: Event.ButtonMask = []
        for name in names { mask.insert(name == "secondary" ? .secondary : .primary) }
        return mask
    }

    /// The modifier flags that the names (``KeyModifierFlags/named``) stand for (R262).
    public static func modifierFlags(_ names: [String]) -> KeyModifierFlags {
        var flags: KeyModifierFlags = []
        for (flag, name) in KeyModifierFlags.named where names.contains(name) { flags.insert(flag) }
        return flags
    }

    /// What an input entry does.
    public enum InputAction: Hashable, Sendable {
        /// A touch event.
        case touches([TouchSpec])
        /// Only advance the clock.
        case idle
        /// Set a gesture's `isEnabled` to false.
        case disable(String)
        /// Set a gesture's `isEnabled` to true.
        case enable(String)
        /// Remove a gesture from its view.
        case removeGesture(String)
        /// Remove a view from its parent.
        case removeView(String)
        /// `ignore(_:for:)` on a gesture for a live touch (R26): the recognizer stops seeing it
        /// for good, as when the host or a delegate takes the finger from it. Nothing happens when
        /// the touch is not live or the recognizer does not track it.
        case ignore(gesture: String, touch: Int)
        /// Set a control's or button's `isEnabled` to false (`disableControl`): it is not hit any
        /// more, but a tracking in progress goes on (R202, R213).
        case disableControl(String)
        /// Set a control's or button's `isEnabled` to true (`enableControl`).
        case enableControl(String)
        /// The pointer hovers (`hover`, R267-R271).
        case hover(HoverSpec)
        /// A wheel or trackpad scroll (`scroll`, R272-R276).
        case scroll(ScrollSpec)
        /// A trackpad pinch or rotation (`transform`, R277, R291-R293).
        case transform(TransformSpec)
    }

    /// One entry of `input`: a time in seconds and an action.
    public struct InputEntry: Hashable, Sendable {
        /// Seconds since the start.
        public var t: Double
        /// What happens at `t`.
        public var action: InputAction

        /// Creates an entry.
        public init(t: Double, action: InputAction) {
            self.t = t
            self.action = action
        }
    }

    /// How `expect` is compared with the log.
    public enum Order: String, Hashable, Sendable {
        /// Lines compare in order.
        case strict
        /// Lines with the same timestamp compare as a multiset; groups in time order.
        case byTime = "by-time"
    }

    /// The scenario's name.
    public var name: String
    /// The rules it exercises (R-ids).
    public var rules: [String] = []
    /// Free text for people.
    public var comment: String?
    /// The window's size (default 400 x 800).
    public var windowSize = Size(width: 400, height: 800)
    /// Views in order of addition to their parents.
    public var views: [ViewSpec] = []
    /// Gestures in order of addition to their views.
    public var gestures: [GestureSpec] = []
    /// Delegate answers.
    public var delegate = DelegateSpec()
    /// Relations declared without delegates.
    public var relations = RelationsSpec()
    /// Controllers that handle the touches reaching them.
    public var controllersHandlingTouches: [String] = []
    /// The input timeline, in non-decreasing `t`.
    public var input: [InputEntry] = []
    /// How to compare with `expect`.
    public var order = Order.strict
    /// The expected log lines, if given.
    public var expect: [String]?
    /// Whether the file expects its run to end unfinished (`endsUnfinished`, default false): its
    /// input stops while a touch is down, a timer is due, a phase is withheld or a recognizer is
    /// held or not yet reset. `gesture-trace --check` fails a run whose end does not match.
    public var endsUnfinished = false

    /// Creates an empty scenario with the format's defaults.
    public init(name: String) {
        self.name = name
    }

    /// `view` and its ancestors' ids, up to and including `window`.
    public func ancestry(of view: String) -> [String] {
        var chain = [view]
        var current = view
        while let parent = views.first(where: { $0.id == current })?.parent {
            chain.append(parent)
            current = parent
        }
        return chain
    }
}

extension Scenario {
    /// Turns `touches` entries into engine events in input order, carrying each click's `type`,
    /// `buttons` and `modifiers` from its `began` to every later event of that touch (R261, R278).
    public struct TouchEventMaker: Sendable {
        /// The live clicks by touch id: their buttons and modifiers.
        private var clicks: [Int: (buttons: Event.ButtonMask, modifiers: KeyModifierFlags)] = [:]

        /// A maker with no touch down.
        public init() {}

        /// The event of a `touches` entry at `time`.
        public mutating func event(_ touches: [TouchSpec], at time: Timestamp) -> TouchEvent {
            var buttons: Event.ButtonMask?
            var modifiers: KeyModifierFlags = []
            var inputs: [TouchInput] = []
            for touch in touches {
                var type = TouchType.direct
                if touch.phase == .began, touch.type == .indirectPointer {
                    let click = (touch.buttons.isEmpty ? Event.ButtonMask.primary : Scenario.buttonMask(touch.buttons),
                                 Scenario.modifierFlags(touch.modifiers))
                    clicks[touch.id] = click
                }
                if touch.phase == .began, touch.type != .indirectPointer { clicks[touch.id] = nil }
                if let click = clicks[touch.id] {
                    type = .indirectPointer
                    buttons = click.buttons
                    modifiers = click.modifiers
                    if touch.phase == .ended || touch.phase == .cancelled { clicks[touch.id] = nil }
                }
                inputs.append(TouchInput(id: touch.id, phase: touch.phase, x: touch.x, y: touch.y, type: type))
            }
            return TouchEvent(timestamp: time, touches: inputs, buttonMask: buttons ?? [], modifierFlags: modifiers)
        }
    }
}
