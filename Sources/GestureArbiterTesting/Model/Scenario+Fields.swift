import GestureArbiter

/// One optional flag of a scenario entry, described once: its name in the file, where it lives in
/// the entry's model and on the live object, and its default. The parser reads it, the writer
/// writes it (only when it is not the default), the runner sets it on the object it builds and the
/// recorder reads it off a live one, all from this description, so that a new flag is one line
/// here and one property in the model.
struct FlagField<Spec, Object: AnyObject> {
    /// The value's kind, with the key paths to it.
    enum Value {
        /// `true` or `false`.
        case bool(WritableKeyPath<Spec, Bool>, ReferenceWritableKeyPath<Object, Bool>?, default: (Spec) -> Bool)
        /// A number within `range`.
        case number(WritableKeyPath<Spec, Double>, ReferenceWritableKeyPath<Object, Double>?, default: Double, range: ClosedRange<Double>)
    }

    /// The field's name in a scenario file.
    let name: String
    /// Where the value lives, and its default.
    let value: Value

    /// A true-or-false flag; `live` is nil for a flag that only scenario files have.
    static func bool(
        _ name: String, _ spec: WritableKeyPath<Spec, Bool>, _ live: ReferenceWritableKeyPath<Object, Bool>?, default value: Bool
    ) -> FlagField {
        FlagField(name: name, value: .bool(spec, live, default: { _ in value }))
    }

    /// A flag whose default depends on the rest of the entry (a recognizer kind's own default).
    static func bool(
        _ name: String, _ spec: WritableKeyPath<Spec, Bool>, _ live: ReferenceWritableKeyPath<Object, Bool>?,
        defaultFrom value: @escaping (Spec) -> Bool
    ) -> FlagField {
        FlagField(name: name, value: .bool(spec, live, default: value))
    }

    /// A number within `range`.
    static func number(
        _ name: String, _ spec: WritableKeyPath<Spec, Double>, _ live: ReferenceWritableKeyPath<Object, Double>?, default value: Double,
        range: ClosedRange<Double>
    ) -> FlagField {
        FlagField(name: name, value: .number(spec, live, default: value, range: range))
    }

    /// The field as written in a file (`number` writes a number), or nil when `spec` has its
    /// default (the writer leaves it out).
    func json(of spec: Spec, number: (Double) -> String) -> String? {
        switch value {
        case let .bool(path, _, defaultValue):
            let current = spec[keyPath: path]
            return current == defaultValue(spec) ? nil : "\(current)"
        case let .number(path, _, defaultValue, _):
            let current = spec[keyPath: path]
            return current == defaultValue ? nil : number(current)
        }
    }

    /// Sets the live object's property from `spec` (the runner).
    func apply(_ spec: Spec, to object: Object) {
        switch value {
        case let .bool(path, live?, _): object[keyPath: live] = spec[keyPath: path]
        case let .number(path, live?, _, _): object[keyPath: live] = spec[keyPath: path]
        case .bool(_, nil, _), .number(_, nil, _, _): break
        }
    }

    /// Reads the live object's property into `spec` (the recorder).
    func capture(_ object: Object, into spec: inout Spec) {
        switch value {
        case let .bool(path, live?, _): spec[keyPath: path] = object[keyPath: live]
        case let .number(path, live?, _, _): spec[keyPath: path] = object[keyPath: live]
        case .bool(_, nil, _), .number(_, nil, _, _): break
        }
    }
}

extension Scenario.ViewSpec {
    /// The view's optional flags (R2, R3, R6, R18-R20 and the scenario's own `handlesTouches`),
    /// in the order the writer writes them.
    static var flags: [FlagField<Scenario.ViewSpec, View>] {
        [
            .bool("hidden", \.hidden, \.isHidden, default: false),
            .bool("userInteractionEnabled", \.userInteractionEnabled, \.isUserInteractionEnabled, default: true),
            .number("alpha", \.alpha, \.alpha, default: 1, range: 0...1),
            .bool("clipsToBounds", \.clipsToBounds, \.clipsToBounds, default: false),
            .bool("handlesTouches", \.handlesTouches, nil, default: true),
            .bool("multipleTouchEnabled", \.multipleTouchEnabled, \.isMultipleTouchEnabled, default: false),
            .bool("exclusiveTouch", \.exclusiveTouch, \.isExclusiveTouch, default: false),
        ]
    }
}

extension Scenario.GestureKind {
    /// Whether a recognizer of this kind delays touch begans unless the file says otherwise (the
    /// screen-edge pan and the content delay do, R116, R140).
    var delaysTouchesBeganByDefault: Bool {
        switch self {
        case .edgePan, .delayedTouchesBegan: return true
        case .tap, .pan, .custom, .swipe, .pinch, .rotation, .hover, .longPress: return false
        }
    }
}

extension Scenario.GestureSpec {
    /// The recognizer's optional flags (R40, R61, R62, R67), in the order the writer writes them.
    /// `delaysTouchesBegan`'s default is the kind's own (on for a screen-edge pan and the content
    /// delay).
    static var flags: [FlagField<Scenario.GestureSpec, GestureRecognizer>] {
        [
            .bool("enabled", \.enabled, \.isEnabled, default: true),
            .bool("cancelsTouchesInView", \.cancelsTouchesInView, \.cancelsTouchesInView, default: true),
            .bool("delaysTouchesBegan", \.delaysTouchesBegan, \.delaysTouchesBegan, defaultFrom: { $0.kind.delaysTouchesBeganByDefault }),
            .bool("delaysTouchesEnded", \.delaysTouchesEnded, \.delaysTouchesEnded, default: true),
        ]
    }
}

extension Scenario.ScrollViewSpec {
    /// A scroll view's true-or-false fields (R233, R235, R236, R241, R243, R244, R248), in the
    /// order the writer writes them. `touchesShouldBegin` is the file's answer for the scroll
    /// view's own method, so it has no live property.
    static var flags: [FlagField<Scenario.ScrollViewSpec, ScrollView>] {
        [
            .bool("delaysContentTouches", \.delaysContentTouches, \.delaysContentTouches, default: true),
            .bool("canCancelContentTouches", \.canCancelContentTouches, \.canCancelContentTouches, default: true),
            .bool("scrollEnabled", \.scrollEnabled, \.isScrollEnabled, default: true),
            .bool("directionalLockEnabled", \.directionalLockEnabled, \.isDirectionalLockEnabled, default: false),
            .bool(
                "transfersHorizontalScrollingToParent", \.transfersHorizontalScrollingToParent,
                \.transfersHorizontalScrollingToParent, default: true),
            .bool(
                "transfersVerticalScrollingToParent", \.transfersVerticalScrollingToParent, \.transfersVerticalScrollingToParent,
                default: true),
            .bool("decelerating", \.decelerating, \.isDecelerating, default: false),
            .bool("touchesShouldBegin", \.touchesShouldBegin, nil, default: true),
        ]
    }

    /// Every field a scroll view entry may have beyond a view's.
    static let fieldNames = ["contentSize", "contentOffset", "touchesShouldCancel"] + flags.map(\.name)
}

extension Scenario {
    /// The ids of the built-in recognizers of the file's scroll views, each `ID.delay` and
    /// `ID.pan` (R230).
    public var builtInGestureIDs: [String] {
        views.filter { $0.type == .scrollView }.flatMap { Scenario.ScrollViewSpec.builtInGestureIDs(of: $0.id) }
    }
}
