import GestureArbiter

/// The recognizer types of your own that scenario files may name, each a type name and a factory.
///
/// A scenario file names a registered type in a gesture's `type` (with optional `settings`);
/// ``ScenarioParser``, ``ScenarioRunner``, ``ScenarioSession``, ``observe(_:registry:prepare:)``
/// and ``checkScenarioProperty(_:seed:count:space:invariants:registry:directory:environment:testName:prepare:)``
/// take the registry as a value (an empty one by default), so there is no global state: the
/// same registry parses a file and runs it, and a shrunk case the kit writes names the same type
/// and parses back with it.
///
/// ```swift
/// var registry = ScenarioRecognizerRegistry()
/// try registry.register("myapp.longPress", settings: ["minimumPressDuration"]) { gesture in
///     let press = LongPressRecognizer()
///     press.minimumPressDuration = .seconds(try gesture.number("minimumPressDuration", default: 0.5))
///     return press
/// }
/// let scenario = try ScenarioParser.parse(text, registry: registry)
/// let run = try ScenarioRunner.run(scenario, registry: registry)
/// ```
///
/// Type names contain a dot (`myapp.longPress`); the format's own types (`tap`, `pan`,
/// `edgePan`, `delayedTouchesBegan`, `swipe`) never do, so a registered name never collides with one,
/// present or future. The factory must return a new recognizer, not attached to a view, each
/// time it is called; the runner then names it, applies the gesture's flags (`enabled`,
/// `cancelsTouchesInView`, `delaysTouchesBegan`, `delaysTouchesEnded`, with the format's
/// defaults) and attaches it, as for a built-in type. The parser calls the factory once per
/// gesture to check its settings and discards the result, so a factory should only build.
public struct ScenarioRecognizerRegistry: Sendable {
    /// Makes a new recognizer for a gesture of the registered type from its settings; throws to
    /// reject settings it cannot use (the error is reported at the gesture's entry).
    public typealias Factory = @Sendable (Scenario.CustomGesture) throws -> GestureRecognizer

    private struct Entry: Sendable {
        let settings: [String]
        let factory: Factory
    }

    private var entries: [String: Entry] = [:]

    /// The format's own gesture types, which need no registration.
    public static let builtInTypeNames = ["tap", "pan", "edgePan", "delayedTouchesBegan", "longPress", "swipe"] + transformTypeNames

    /// The format's two-finger transform types, `pinch` and `rotation`.
    static let transformTypeNames = ["pinch", "rotation"]

    /// An empty registry: only the format's own types.
    public init() {}

    /// The registered type names, sorted.
    public var typeNames: [String] { entries.keys.sorted() }

    /// Whether `type` is registered.
    public func contains(_ type: String) -> Bool { entries[type] != nil }

    /// The setting names `type` accepts (empty when it is not registered).
    public func settingNames(of type: String) -> [String] { entries[type]?.settings ?? [] }

    /// Registers `type`: gestures of that type are made by `factory`.
    ///
    /// - Parameters:
    ///   - type: the name files use in `type`: non-empty, no whitespace, with a dot.
    ///   - settings: the setting names a file may give; any other name is an error.
    ///   - factory: makes a new recognizer for one gesture.
    /// - Throws: ``ScenarioError`` (at `registry`) for a malformed name, a name already
    ///   registered, or an empty or repeated setting name.
    public mutating func register(_ type: String, settings: [String] = [], factory: @escaping Factory) throws(ScenarioError) {
        guard !type.isEmpty, !type.unicodeScalars.contains(where: { $0.properties.isWhitespace }) else {
            throw ScenarioError("registry", "type name \"\(type)\" must be non-empty and free of whitespace")
        }
        guard type.contains(".") else {
            throw ScenarioError(
                "registry",
                "type name \"\(type)\" must contain a dot (for example \"myapp.\(type)\"): "
                    + "the format's own types never do, so yours never collides with one")
        }
        guard entries[type] == nil else { throw ScenarioError("registry", "type \"\(type)\" is already registered") }
        for (index, name) in settings.enumerated() {
            guard !name.isEmpty else { throw ScenarioError("registry", "type \"\(type)\": a setting name is empty") }
            guard !settings[..<index].contains(name) else {
                throw ScenarioError("registry", "type \"\(type)\": setting \"\(name)\" is listed twice")
            }
        }
        entries[type] = Entry(settings: settings, factory: factory)
    }

    /// A copy with `type` registered, for building a registry in one expression.
    ///
    /// - Throws: ``ScenarioError`` as ``register(_:settings:factory:)``.
    public func registering(_ type: String, settings: [String] = [], factory: @escaping Factory) throws(ScenarioError) -> Self {
        var copy = self
        try copy.register(type, settings: settings, factory: factory)
        return copy
    }

    /// Makes the recognizer for `gesture` with its registered factory.
    ///
    /// - Parameter location: where errors point, for example `gestures[2] (id "press")`.
    /// - Throws: ``ScenarioError`` at `location` when the type is not registered (the message
    ///   names it and says how to register it), a setting name is not one the type accepts, the
    ///   factory throws, or it returns a recognizer already attached to a view.
    public func makeRecognizer(_ gesture: Scenario.CustomGesture, at location: String = "gesture") throws(ScenarioError)
        -> GestureRecognizer
    {
        guard let entry = entries[gesture.type] else { throw unknownType(gesture.type, at: location) }
        for name in gesture.settings.keys.sorted() where !entry.settings.contains(name) {
            let accepted = entry.settings.isEmpty ? "none" : entry.settings.map { "\"\($0)\"" }.joined(separator: ", ")
            throw ScenarioError(location, "type \"\(gesture.type)\" has no setting \"\(name)\" (registered settings: \(accepted))")
        }
        let recognizer: GestureRecognizer
        do {
            recognizer = try entry.factory(gesture)
        } catch {
            throw ScenarioError(location, "the factory of type \"\(gesture.type)\" threw: \(error)")
        }
        guard recognizer.view == nil else {
            throw ScenarioError(
                location,
                "the factory of type \"\(gesture.type)\" returned a recognizer already attached to a view; "
                    + "return a new one each call")
        }
        return recognizer
    }

    /// The error for a type that is neither one of the format's nor registered.
    func unknownType(_ type: String, at location: String) -> ScenarioError {
        let registered = typeNames.isEmpty ? "none" : typeNames.joined(separator: ", ")
        return ScenarioError(
            location,
            "unknown type \"\(type)\" (\(Self.builtInTypeNames.joined(separator: ", ")); registered: \(registered)). "
                + "For a recognizer of your own, register it, "
                + "`try registry.register(\"\(type)\") { gesture in MyRecognizer() }` on a ScenarioRecognizerRegistry, "
                + "and pass that registry to ScenarioParser.parse(_:registry:) and to the runner")
    }
}
