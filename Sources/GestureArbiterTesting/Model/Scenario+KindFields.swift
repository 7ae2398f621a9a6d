import GestureArbiter

/// The per-kind settings of a built-in gesture entry, one property per field a kind can have (each
/// kind uses some of them), with the tuning beyond UIKit: what the parser reads a kind's fields
/// into before making the ``Scenario/GestureKind``, and what the writer writes them from.
struct KindSettings {
    /// `tap`'s and `longPress`'s `taps`.
    var taps = 0
    /// `tap`'s, `swipe`'s and `longPress`'s `touches`.
    var touches = 0
    /// `pan`'s `minTouches`.
    var minTouches = 0
    /// `pan`'s `maxTouches` (nil: unbounded).
    var maxTouches: Int?
    /// `edgePan`'s `edges`.
    var edges: [String] = []
    /// `delayedTouchesBegan`'s `delay`, in seconds.
    var delay = 0.0
    /// `swipe`'s `directions`.
    var directions: [String] = []
    /// `longPress`'s `duration`, in seconds.
    var duration = 0.0
    /// `longPress`'s `allowableMovement`, in points (a tap's is tuning, `tuning.allowableMovement`).
    var pressMovement = 0.0
    /// `tap`'s and `pan`'s tuning beyond UIKit.
    var tuning = Scenario.Tuning()
}

/// One field of a built-in gesture kind (`taps`, `hysteresis`, `edges`...), described once: its
/// name in the file, where it lives in ``KindSettings``, its default, and the check the parser
/// makes once it is read, with its error message. The parser reads it and the writer writes it
/// (only when it is not the default), both from this description.
struct KindField {
    /// The value's kind, with the key path to it and its default.
    enum Value {
        /// A whole number; written when it is not `default`.
        case integer(WritableKeyPath<KindSettings, Int>, default: Int)
        /// A whole number the file may leave out (nil); written when there is one.
        case optionalInteger(WritableKeyPath<KindSettings, Int?>)
        /// A number; written when its bits differ from `default`'s.
        case number(WritableKeyPath<KindSettings, Double>, default: Double)
        /// A number the file may leave out (nil: UIKit's value); written when there is one.
        case optionalNumber(WritableKeyPath<KindSettings, Double?>)
        /// A list of strings; written when it is not `default`. With no default it is always
        /// written, and a file that leaves it out reads as an empty list (which its check rejects).
        case strings(WritableKeyPath<KindSettings, [String]>, default: [String]?)
    }

    /// The field's name in a scenario file.
    let name: String
    /// Where the value lives, and its default.
    let value: Value
    /// The check the parser makes right after reading this field (the settings read so far, this
    /// field's included): the error message, or nil when the entry is fine so far.
    let check: (KindSettings) -> String?

    /// A whole number with a default.
    static func integer(
        _ name: String, _ path: WritableKeyPath<KindSettings, Int>, default value: Int,
        check: @escaping (KindSettings) -> String? = { _ in nil }
    ) -> KindField {
        KindField(name: name, value: .integer(path, default: value), check: check)
    }

    /// A whole number the file may leave out.
    static func optionalInteger(
        _ name: String, _ path: WritableKeyPath<KindSettings, Int?>, check: @escaping (KindSettings) -> String? = { _ in nil }
    ) -> KindField {
        KindField(name: name, value: .optionalInteger(path), check: check)
    }

    /// A number with a default.
    static func number(
        _ name: String, _ path: WritableKeyPath<KindSettings, Double>, default value: Double,
        check: @escaping (KindSettings) -> String? = { _ in nil }
    ) -> KindField {
        KindField(name: name, value: .number(path, default: value), check: check)
    }

    /// A number the file may leave out.
    static func optionalNumber(
        _ name: String, _ path: WritableKeyPath<KindSettings, Double?>, check: @escaping (KindSettings) -> String? = { _ in nil }
    ) -> KindField {
        KindField(name: name, value: .optionalNumber(path), check: check)
    }

    /// A list of strings, with a default or (nil) none.
    static func strings(
        _ name: String, _ path: WritableKeyPath<KindSettings, [String]>, default value: [String]?,
        check: @escaping (KindSettings) -> String? = { _ in nil }
    ) -> KindField {
        KindField(name: name, value: .strings(path, default: value), check: check)
    }

    /// The field as written in a file (`number` writes a number, `strings` a list), or nil when
    /// `settings` has its default (the writer leaves it out).
    func json(of settings: KindSettings, number: (Double) -> String, strings: ([String]) -> String) -> String? {
        switch value {
        case let .integer(path, defaultValue):
            let current = settings[keyPath: path]
            return current == defaultValue ? nil : number(Double(current))
        case let .optionalInteger(path):
            return settings[keyPath: path].map { number(Double($0)) }
        case let .number(path, defaultValue):
            // Compared by bits, as a number the writer writes reads back bit for bit.
            let current = settings[keyPath: path]
            return current.bitPattern == defaultValue.bitPattern ? nil : number(current)
        case let .optionalNumber(path):
            return settings[keyPath: path].map(number)
        case let .strings(path, defaultValue):
            let current = settings[keyPath: path]
            return current == defaultValue ? nil : strings(current)
        }
    }
}

/// A built-in gesture kind's own fields, described once: its `type` in the file, its fields in
/// the order the parser reads and the writer writes them, and how their settings map to and from
/// ``Scenario/GestureKind`` (and ``Scenario/Tuning``).
struct KindFields {
    /// The kind's `type` in a scenario file.
    let typeName: String
    /// The kind's fields, in the order they are read and written.
    let fields: [KindField]
    /// The kind made from the settings read (the tuning is the settings' own).
    let make: (KindSettings) -> Scenario.GestureKind
    /// The settings of `kind` (tuning left at UIKit's), or nil when it is another kind.
    let settings: (Scenario.GestureKind) -> KindSettings?

    /// The description of `gesture`'s kind with the gesture's settings, its tuning included;
    /// nil for a type of your own (``Scenario/GestureKind/custom(_:)``).
    static func describing(_ gesture: Scenario.GestureSpec) -> (kind: KindFields, settings: KindSettings)? {
        for kind in builtIn {
            guard var settings = kind.settings(gesture.kind) else { continue }
            settings.tuning = gesture.tuning
            return (kind, settings)
        }
        return nil
    }

    /// The description of the built-in type named `typeName`, or nil.
    static func named(_ typeName: String) -> KindFields? {
        builtIn.first { $0.typeName == typeName }
    }

    /// The message for a number of seconds outside 0...``ScenarioParser/maximumSeconds``; nil
    /// within, or when there is none.
    private static func seconds(_ name: String, _ value: Double?) -> String? {
        guard let value, !(0...ScenarioParser.maximumSeconds).contains(value) else { return nil }
        return "\"\(name)\" must be between 0 and \(Int(ScenarioParser.maximumSeconds)) seconds"
    }

    /// The message for a negative number; nil for any other, or when there is none.
    private static func notNegative(_ name: String, _ value: Double?) -> String? {
        guard let value, value < 0 else { return nil }
        return "\"\(name)\" must not be negative"
    }

    /// The message for a list with a name not in `known` or a name twice (and, unless
    /// `mayBeEmpty`, an empty one); nil when it is fine.
    private static func distinctNames(_ list: [String], field: String, known: [String], mayBeEmpty: Bool) -> String? {
        guard mayBeEmpty || !list.isEmpty else { return "\"\(field)\" must not be empty" }
        if let unknown = list.first(where: { !known.contains($0) }) {
            return "unknown name \"\(unknown)\" in \"\(field)\" (\(known.joined(separator: ", ")))"
        }
        guard Set(list).count == list.count else { return "\"\(field)\" lists a name twice" }
        return nil
    }

    /// The message for an empty list or one with a name not in `known`; nil when it is fine.
    private static func names(_ list: [String], of kind: String, field: String, what: String, known: [String]) -> String? {
        guard !list.isEmpty else { return "\(kind) needs a non-empty \"\(field)\" list" }
        guard let unknown = list.first(where: { !known.contains($0) }) else { return nil }
        return "unknown \(what) \"\(unknown)\" (\(known.joined(separator: ", ")))"
    }

    /// Every built-in kind (``ScenarioRecognizerRegistry/builtInTypeNames``).
    static var builtIn: [KindFields] {
        [
            KindFields(
                typeName: "tap",
                fields: [
                    .integer("taps", \.taps, default: 1),
                    .integer("touches", \.touches, default: 1) {
                        $0.taps >= 1 && $0.touches >= 1 ? nil : "taps and touches must be at least 1"
                    },
                    .optionalNumber("maximumIntervalBetweenSuccessiveTaps", \.tuning.maximumIntervalBetweenSuccessiveTaps) {
                        seconds("maximumIntervalBetweenSuccessiveTaps", $0.tuning.maximumIntervalBetweenSuccessiveTaps)
                    },
                    .optionalNumber("allowableMovement", \.tuning.allowableMovement) {
                        notNegative("allowableMovement", $0.tuning.allowableMovement)
                    },
                    .strings("buttonMaskRequired", \.tuning.buttonMaskRequired, default: ["primary"]) {
                        distinctNames($0.tuning.buttonMaskRequired, field: "buttonMaskRequired", known: ["primary", "secondary"], mayBeEmpty: false)
                    },
                ],
                make: { .tap(taps: $0.taps, touches: $0.touches) },
                settings: { kind in
                    guard case let .tap(taps, touches) = kind else { return nil }
                    return KindSettings(taps: taps, touches: touches)
                }),
            KindFields(
                typeName: "pan",
                fields: [
                    .integer("minTouches", \.minTouches, default: 1),
                    .optionalInteger("maxTouches", \.maxTouches) {
                        $0.minTouches >= 1 && ($0.maxTouches ?? $0.minTouches) >= $0.minTouches
                            ? nil : "minTouches must be at least 1 and at most maxTouches"
                    },
                    .optionalNumber("hysteresis", \.tuning.hysteresis) { notNegative("hysteresis", $0.tuning.hysteresis) },
                    .strings("allowedScrollTypes", \.tuning.allowedScrollTypes, default: []) {
                        distinctNames($0.tuning.allowedScrollTypes, field: "allowedScrollTypes", known: ["discrete", "continuous"], mayBeEmpty: true)
                    },
                ],
                make: { .pan(minTouches: $0.minTouches, maxTouches: $0.maxTouches) },
                settings: { kind in
                    guard case let .pan(minimum, maximum) = kind else { return nil }
                    return KindSettings(minTouches: minimum, maxTouches: maximum)
                }),
            KindFields(
                typeName: "edgePan",
                fields: [
                    .strings("edges", \.edges, default: nil) {
                        names($0.edges, of: "edgePan", field: "edges", what: "edge", known: ["left", "right", "top", "bottom"])
                    }
                ],
                make: { .edgePan(edges: $0.edges) },
                settings: { kind in
                    guard case let .edgePan(edges) = kind else { return nil }
                    return KindSettings(edges: edges)
                }),
            KindFields(
                typeName: "delayedTouchesBegan",
                fields: [.number("delay", \.delay, default: 0.15) { seconds("delay", $0.delay) }],
                make: { .delayedTouchesBegan(delay: $0.delay) },
                settings: { kind in
                    guard case let .delayedTouchesBegan(delay) = kind else { return nil }
                    return KindSettings(delay: delay)
                }),
            KindFields(
                typeName: "longPress",
                fields: [
                    .number("duration", \.duration, default: Scenario.GestureKind.longPressDefaultDuration) {
                        seconds("duration", $0.duration)
                    },
                    // Any number: a negative one turns the check off (R144).
                    .number("allowableMovement", \.pressMovement, default: GestureDefaults.longPressAllowableMovement),
                    .integer("taps", \.taps, default: GestureDefaults.longPressNumberOfTapsRequired),
                    // 0 touches is accepted: a long press that never recognizes (R188).
                    .integer("touches", \.touches, default: GestureDefaults.longPressNumberOfTouchesRequired) {
                        $0.taps >= 0 && $0.touches >= 0 ? nil : "taps and touches must not be negative"
                    },
                ],
                make: { .longPress(duration: $0.duration, allowableMovement: $0.pressMovement, taps: $0.taps, touches: $0.touches) },
                settings: { kind in
                    guard case let .longPress(duration, movement, taps, touches) = kind else { return nil }
                    return KindSettings(taps: taps, touches: touches, duration: duration, pressMovement: movement)
                }),
            KindFields(
                typeName: "swipe",
                fields: [
                    .strings("directions", \.directions, default: ["right"]) {
                        names($0.directions, of: "swipe", field: "directions", what: "direction", known: ["right", "left", "up", "down"])
                    },
                    // 0 is accepted: a swipe that can never recognize (R188).
                    .integer("touches", \.touches, default: 1) { $0.touches >= 0 ? nil : "\"touches\" must not be negative" },
                ],
                make: { .swipe(directions: $0.directions, touches: $0.touches) },
                settings: { kind in
                    guard case let .swipe(directions, touches) = kind else { return nil }
                    return KindSettings(touches: touches, directions: directions)
                }),
            KindFields(
                typeName: "pinch", fields: [], make: { _ in .pinch },
                settings: { kind in kind == .pinch ? KindSettings() : nil }),
            KindFields(
                typeName: "rotation", fields: [], make: { _ in .rotation },
                settings: { kind in kind == .rotation ? KindSettings() : nil }),
            KindFields(
                typeName: "hover", fields: [], make: { _ in .hover },
                settings: { kind in kind == .hover ? KindSettings() : nil }),
        ]
    }
}
