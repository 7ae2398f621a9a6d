import Foundation
import GestureArbiter

/// Reads scenario files (strict JSON, RFC 8259, through its own reader), checking the whole format.
///
/// Anything the format does not allow makes the file invalid, with a ``ScenarioError`` naming the
/// entry: bad JSON, an unknown field or value, a duplicate or unknown id, a parent defined later,
/// a frame that is not four numbers, a gesture id in `requireToFail` or `delegate` that does not
/// exist, input times going backwards, a phase or edge name the format does not know, a field
/// given twice in one object.
///
/// Beyond the letter of the format it also rejects what would make the log ambiguous or the run
/// impossible: an empty id or one containing whitespace (log lines are split on spaces), two views
/// naming the same controller, an `alpha` outside 0...1, and times or delays beyond
/// ``maximumSeconds``.
///
/// A gesture `type` that is not one of the format's is looked up in the
/// ``ScenarioRecognizerRegistry`` passed to `parse` (empty by default): a registered type's
/// `settings` are checked against its registration and its factory, an unregistered one is an
/// error naming the type and how to register it.
public enum ScenarioParser {
    /// The largest input time and content-touch delay accepted, in seconds (about 31 years).
    ///
    /// The engine's timestamps are 64-bit nanoseconds; the bound keeps every time a scenario can
    /// produce, a delay past its last input included, representable.
    public static let maximumSeconds = 1e9

    /// Parses a scenario from JSON text.
    ///
    /// - Parameter registry: the recognizer types of your own the file may name in a gesture's
    ///   `type` (none by default).
    /// - Throws: ``ScenarioError`` naming the entry at fault; for text that is not JSON, the line
    ///   and column and what was expected there; for a type that is neither one of the format's
    ///   nor registered, the message names it and says how to register it.
    public static func parse(_ text: String, registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry()) throws(ScenarioError)
        -> Scenario
    {
        try parse(bytes: Array(text.utf8), registry: registry)
    }

    /// Parses a scenario from JSON data (UTF-8).
    ///
    /// - Parameter registry: the recognizer types of your own the file may name (none by default).
    /// - Throws: ``ScenarioError`` naming the entry at fault; for data that is not JSON, the line
    ///   and column and what was expected there.
    public static func parse(_ data: Data, registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry()) throws(ScenarioError)
        -> Scenario
    {
        try parse(bytes: Array(data), registry: registry)
    }

    /// How deep objects and lists may nest in a scenario file: the top-level object is level 1.
    /// A file nested deeper is rejected with its own error naming the line and column.
    public static let maximumNesting = JSONReader.maximumDepth

    /// Parses a scenario from the bytes of a file (UTF-8): the JSON strictly (RFC 8259), then the
    /// format. Bytes that are not UTF-8 are an error naming their byte offset.
    ///
    /// - Parameter registry: the recognizer types of your own the file may name (none by default).
    /// - Throws: ``ScenarioError`` naming the entry at fault; for bytes that are not JSON, the line
    ///   and column and what was expected there.
    public static func parse(bytes: [UInt8], registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry())
        throws(ScenarioError) -> Scenario
    {
        let root: Any
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            switch error.kind {
            case .syntax:
                throw ScenarioError("file", "not valid JSON at line \(error.line), column \(error.column): \(error.message)")
            case let .duplicateField(path, _):
                throw ScenarioError(path, "\(error.message) (line \(error.line), column \(error.column))")
            case .tooDeep:
                throw ScenarioError("file", error.message)
            }
        }
        var reader = try Reader(root, at: "file")
        return try reader.scenario(registry: registry)
    }

    /// Parses the scenario file at `path`.
    ///
    /// - Parameter registry: the recognizer types of your own the file may name (none by default).
    /// - Throws: ``ScenarioError`` if the file cannot be read or is invalid.
    public static func parse(contentsOf path: String, registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry())
        throws(ScenarioError) -> Scenario
    {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioError("file", "cannot read \(path)")
        }
        return try parse(data, registry: registry)
    }
}

/// A JSON object being read field by field; every field must be consumed or known.
private struct Reader {
    let object: [String: Any]
    let location: String
    private(set) var known: [String] = []

    init(_ value: Any, at location: String) throws(ScenarioError) {
        guard let object = value as? [String: Any] else { throw ScenarioError(location, "expected an object") }
        self.object = object
        self.location = location
    }

    /// Fails on any field that was not read, suggesting the known field it most likely
    /// misspells.
    func finish() throws(ScenarioError) {
        for key in object.keys.sorted() where !known.contains(key) {
            let suggestion = Reader.closest(to: key, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw ScenarioError(location, "unknown field \"\(key)\"\(suggestion)")
        }
    }

    /// The field of `candidates` closest to `key`: at most two edits away (one for names of up to
    /// four characters), ignoring case; the earliest listed wins a tie. Nil when none is that close.
    static func closest(to key: String, among candidates: [String]) -> String? {
        let typed = Array(key.lowercased())
        let allowed = typed.count <= 4 ? 1 : 2
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != key {
            let distance = editDistance(typed, Array(candidate.lowercased()))
            if distance <= allowed, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance, with a swap of two neighbours counting as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1) }
            }
        }
        return rows[a.count][b.count]
    }

    mutating func raw(_ key: String) -> Any? {
        known.append(key)
        return object[key]
    }

    mutating func string(_ key: String) throws(ScenarioError) -> String? {
        guard let value = raw(key) else { return nil }
        guard let text = value as? String else { throw ScenarioError(location, "\"\(key)\" must be a string") }
        return text
    }

    mutating func requiredString(_ key: String) throws(ScenarioError) -> String {
        guard let text = try string(key) else { throw ScenarioError(location, "missing \"\(key)\"") }
        return text
    }

    /// Reads `flag` into `spec` when the entry has it; leaves the default otherwise. A number
    /// outside the flag's range is an error naming the entry.
    mutating func read<Spec, Object>(_ flag: FlagField<Spec, Object>, into spec: inout Spec, at location: String) throws(ScenarioError) {
        switch flag.value {
        case let .bool(path, _, defaultValue):
            spec[keyPath: path] = try bool(flag.name) ?? defaultValue(spec)
        case let .number(path, _, defaultValue, range):
            let value = try number(flag.name) ?? defaultValue
            guard range.contains(value) else {
                throw ScenarioError(location, "\"\(flag.name)\" must be between \(Int(range.lowerBound)) and \(Int(range.upperBound))")
            }
            spec[keyPath: path] = value
        }
    }

    /// Reads a built-in kind's own fields in order, each checked as soon as it is read (the first
    /// failing check is an error naming the entry); a field the entry leaves out takes its default.
    mutating func read(_ kind: KindFields, at location: String) throws(ScenarioError)
        -> (kind: Scenario.GestureKind, tuning: Scenario.Tuning)
    {
        var settings = KindSettings()
        for field in kind.fields {
            switch field.value {
            case let .integer(path, defaultValue): settings[keyPath: path] = try integer(field.name) ?? defaultValue
            case let .optionalInteger(path): settings[keyPath: path] = try integer(field.name)
            case let .number(path, defaultValue): settings[keyPath: path] = try number(field.name) ?? defaultValue
            case let .optionalNumber(path): settings[keyPath: path] = try number(field.name)
            case let .strings(path, defaultValue): settings[keyPath: path] = try stringList(field.name) ?? defaultValue ?? []
            }
            if let message = field.check(settings) { throw ScenarioError(location, message) }
        }
        return (kind.make(settings), settings.tuning)
    }

    mutating func bool(_ key: String) throws(ScenarioError) -> Bool? {
        guard let value = raw(key) else { return nil }
        guard let flag = value as? Bool else {
            throw ScenarioError(location, "\"\(key)\" must be true or false")
        }
        return flag
    }

    mutating func number(_ key: String) throws(ScenarioError) -> Double? {
        guard let value = raw(key) else { return nil }
        return try Reader.number(value, at: location, name: key)
    }

    mutating func integer(_ key: String) throws(ScenarioError) -> Int? {
        guard let value = try number(key) else { return nil }
        guard value == value.rounded(), abs(value) < 1e15 else {
            throw ScenarioError(location, "\"\(key)\" must be a whole number")
        }
        return Int(value)
    }

    mutating func array(_ key: String) throws(ScenarioError) -> [Any]? {
        guard let value = raw(key) else { return nil }
        guard let items = value as? [Any] else { throw ScenarioError(location, "\"\(key)\" must be a list") }
        return items
    }

    mutating func stringList(_ key: String) throws(ScenarioError) -> [String]? {
        guard let items = try array(key) else { return nil }
        var result: [String] = []
        for item in items {
            guard let text = item as? String else { throw ScenarioError(location, "\"\(key)\" must list strings") }
            result.append(text)
        }
        return result
    }

    mutating func boolMap(_ key: String) throws(ScenarioError) -> [String: Bool]? {
        guard let value = raw(key) else { return nil }
        guard let map = value as? [String: Any] else { throw ScenarioError(location, "\"\(key)\" must be an object") }
        var result: [String: Bool] = [:]
        for name in map.keys.sorted() {
            guard let answer = map[name] as? Bool else {
                throw ScenarioError(location, "\"\(key)\".\"\(name)\" must be true or false")
            }
            result[name] = answer
        }
        return result
    }

    /// A custom type's `settings`: an object of numbers, booleans and strings.
    mutating func settings(_ key: String) throws(ScenarioError) -> [String: Scenario.Setting]? {
        guard let value = raw(key) else { return nil }
        guard let map = value as? [String: Any] else { throw ScenarioError(location, "\"\(key)\" must be an object") }
        var result: [String: Scenario.Setting] = [:]
        for name in map.keys.sorted() {
            let item = map[name] as Any
            // The JSON reader gives booleans as Bool and every number as Double, never mixed.
            if let flag = item as? Bool {
                result[name] = .bool(flag)
            } else if let text = item as? String {
                result[name] = .string(text)
            } else if item is Double {
                result[name] = .number(try Reader.number(item, at: location, name: "\(key)\".\"\(name)"))
            } else {
                throw ScenarioError(location, "\"\(key)\".\"\(name)\" must be a number, true or false, or a string")
            }
        }
        return result
    }

    mutating func pairs(_ key: String) throws(ScenarioError) -> [[String]]? {
        guard let items = try array(key) else { return nil }
        var result: [[String]] = []
        for (index, item) in items.enumerated() {
            guard let pair = item as? [Any], pair.count == 2, let first = pair[0] as? String, let second = pair[1] as? String
            else { throw ScenarioError(location, "\"\(key)\"[\(index)] must be a pair of gesture ids") }
            result.append([first, second])
        }
        return result
    }

    /// What a JSON value is, in words: `a list of 3 items`, `an object`, `a string`, `true`.
    static func shape(of value: Any) -> String {
        switch value {
        case let list as [Any]: return list.count == 1 ? "a list of 1 item" : "a list of \(list.count) items"
        case is [String: Any]: return "an object"
        case is String: return "a string"
        case let flag as Bool: return flag ? "true" : "false"
        case is Double: return "a number"
        default: return "null"
        }
    }

    static func number(_ value: Any, at location: String, name: String) throws(ScenarioError) -> Double {
        // The JSON reader gives every number as a Double and booleans as Bool, never mixed.
        guard !(value is Bool), let double = value as? Double else {
            throw ScenarioError(location, "\"\(name)\" must be a number")
        }
        guard double.isFinite else { throw ScenarioError(location, "\"\(name)\" must be finite") }
        return double
    }

    // MARK: - The format

    mutating func scenario(registry: ScenarioRecognizerRegistry) throws(ScenarioError) -> Scenario {
        var scenario = Scenario(name: try requiredString("name"))
        scenario.rules = try stringList("rules") ?? []
        scenario.comment = try string("comment")
        if let window = raw("window") {
            var reader = try Reader(window, at: "window")
            let width = try reader.number("width") ?? 400
            let height = try reader.number("height") ?? 800
            try reader.finish()
            guard width > 0, height > 0 else { throw ScenarioError("window", "width and height must be positive") }
            scenario.windowSize = Size(width: width, height: height)
        }
        // A set: a file may list many thousands of views (a deep chain), each checked against
        // the ids before it.
        var viewIDs: Set<String> = ["window"]
        for (index, item) in (try array("views") ?? []).enumerated() {
            let view = try Reader.view(item, index: index, known: viewIDs)
            viewIDs.insert(view.id)
            scenario.views.append(view)
        }
        let gestureItems = try array("gestures") ?? []
        var gestureIDs: Set<String> = []
        // A scroll view's built-in recognizers (R230) may be named only where the file does not
        // set them up: in requireToFail, as the other gesture of a delegate pair, and in a view's
        // gestureRecognizerShouldBegin.
        let builtInIDs = Set(scenario.builtInGestureIDs)
        for (index, item) in gestureItems.enumerated() {
            let gesture = try Reader.gesture(item, index: index, views: viewIDs, gestures: gestureIDs, registry: registry)
            guard !builtInIDs.contains(gesture.id) else {
                throw ScenarioError(
                    "gestures[\(index)] (id \"\(gesture.id)\")", "id \"\(gesture.id)\" is the id of a scroll view's built-in recognizer (R230)")
            }
            gestureIDs.insert(gesture.id)
            scenario.gestures.append(gesture)
        }
        let namable = gestureIDs.union(builtInIDs)
        for (index, gesture) in scenario.gestures.enumerated() {
            for other in gesture.requireToFail where !namable.contains(other) {
                throw ScenarioError("gestures[\(index)] (id \"\(gesture.id)\")", "requireToFail names unknown gesture \"\(other)\"")
            }
        }
        for (index, view) in scenario.views.enumerated() {
            for other in view.gestureRecognizerShouldBegin.keys.sorted() where !namable.contains(other) {
                throw ScenarioError("views[\(index)] (id \"\(view.id)\")", "gestureRecognizerShouldBegin names unknown gesture \"\(other)\"")
            }
        }
        if let delegate = raw("delegate") {
            scenario.delegate = try Reader.delegate(delegate, gestures: gestureIDs, builtIn: builtInIDs)
        }
        if let relations = raw("relations") {
            scenario.relations = try Reader.relations(relations, gestures: gestureIDs, builtIn: builtInIDs)
        }
        var controllers: [String] = []
        for (index, view) in scenario.views.enumerated() {
            guard let name = view.controller else { continue }
            guard !controllers.contains(name) else {
                throw ScenarioError("views[\(index)] (id \"\(view.id)\")", "controller \"\(name)\" already has a root view")
            }
            controllers.append(name)
        }
        scenario.controllersHandlingTouches = try stringList("controllersHandlingTouches") ?? []
        for name in scenario.controllersHandlingTouches where !controllers.contains(name) {
            throw ScenarioError("controllersHandlingTouches", "no view has controller \"\(name)\"")
        }
        var lastTime = -Double.infinity
        var pointer = PointerSequence()
        for (index, item) in (try array("input") ?? []).enumerated() {
            let entry = try Reader.input(
                item, index: index, views: viewIDs, gestures: gestureIDs, builtIn: builtInIDs,
                controls: Set(scenario.views.filter { $0.type.isControl }.map(\.id)))
            guard entry.t >= lastTime else {
                throw ScenarioError("input[\(index)]", "time goes backwards (\(entry.t) after \(lastTime))")
            }
            lastTime = entry.t
            if let problem = pointer.take(entry.action) { throw ScenarioError("input[\(index)]", problem) }
            scenario.input.append(entry)
        }
        if let order = try string("order") {
            guard let value = Scenario.Order(rawValue: order) else {
                throw ScenarioError("order", "unknown value \"\(order)\" (strict or by-time)")
            }
            scenario.order = value
        }
        scenario.expect = try stringList("expect")
        scenario.endsUnfinished = try bool("endsUnfinished") ?? false
        try finish()
        return scenario
    }

    static func view(_ item: Any, index: Int, known: Set<String>) throws(ScenarioError) -> Scenario.ViewSpec {
        var reader = try Reader(item, at: "views[\(index)]")
        let id = try reader.requiredString("id")
        let location = "views[\(index)] (id \"\(id)\")"
        try checkName(id, at: location, what: "id")
        reader = try Reader(item, at: location)
        _ = try reader.requiredString("id")
        guard id != "window", id != "application" else { throw ScenarioError(location, "id \"\(id)\" is reserved") }
        guard !known.contains(id) else { throw ScenarioError(location, "duplicate id \"\(id)\"") }
        let parent = try reader.requiredString("parent")
        guard known.contains(parent) else {
            throw ScenarioError(location, "parent \"\(parent)\" is not the window or an earlier view")
        }
        guard let frameValue = reader.raw("frame") else { throw ScenarioError(location, "missing \"frame\"") }
        guard let frameItems = frameValue as? [Any] else {
            throw ScenarioError(location, "\"frame\" must be [x, y, width, height], a list of four numbers, not \(Reader.shape(of: frameValue))")
        }
        let frame = try rect(frameItems, at: location, name: "frame")
        var view = Scenario.ViewSpec(id: id, parent: parent, frame: frame)
        try readType(into: &view, with: &reader, at: location)
        if view.type == .scrollView, reader.raw("boundsOrigin") != nil {
            throw ScenarioError(location, "\"boundsOrigin\" is not allowed on a scrollView: its \"contentOffset\" is its bounds origin (R245)")
        }
        if let origin = try reader.array("boundsOrigin") {
            guard origin.count == 2 else { throw ScenarioError(location, "\"boundsOrigin\" must be [x, y]") }
            view.boundsOrigin = Point(
                x: try number(origin[0], at: location, name: "boundsOrigin"),
                y: try number(origin[1], at: location, name: "boundsOrigin")
            )
        }
        if let entries = try reader.array("transform") {
            guard entries.count == 6 else { throw ScenarioError(location, "\"transform\" must be [a, b, c, d, tx, ty]") }
            var numbers: [Double] = []
            for entry in entries { numbers.append(try number(entry, at: location, name: "transform")) }
            let transform = GestureArbiter.AffineTransform(
                a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4], ty: numbers[5])
            guard transform.isInvertible else {
                throw ScenarioError(location, "\"transform\" must be invertible (a·d - b·c not zero, R289)")
            }
            view.transform = transform
        }
        for flag in Scenario.ViewSpec.flags { try reader.read(flag, into: &view, at: location) }
        view.controller = try reader.string("controller")
        if let controller = view.controller { try checkName(controller, at: location, what: "controller") }
        view.gestureRecognizerShouldBegin = try reader.boolMap("gestureRecognizerShouldBegin") ?? [:]
        try reader.finish()
        return view
    }

    /// A view's `type` and, for a control, button or scroll view, its own fields (R200-R215,
    /// R230-R256). A control's touch callbacks are its own, so `handlesTouches` is not allowed on
    /// one; a kind's fields are not allowed on another kind.
    static func readType(into view: inout Scenario.ViewSpec, with reader: inout Reader, at location: String) throws(ScenarioError) {
        let typeName = try reader.string("type") ?? "view"
        guard let type = Scenario.ViewType(rawValue: typeName) else {
            throw ScenarioError(location, "unknown view type \"\(typeName)\" (\(Scenario.ViewType.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        view.type = type
        let controlFields = ["enabled", "beginTracking", "actions"]
        if type != .scrollView {
            for field in Scenario.ScrollViewSpec.fieldNames where reader.raw(field) != nil {
                throw ScenarioError(location, "\"\(field)\" belongs to a scrollView, not a \(typeName)")
            }
        }
        guard type != .view, type != .scrollView else {
            for field in controlFields where reader.raw(field) != nil {
                throw ScenarioError(location, "\"\(field)\" belongs to a control or button, not a \(typeName == "view" ? "plain view" : typeName)")
            }
            if type == .scrollView { try readScrollView(into: &view.scroll, with: &reader, at: location) }
            return
        }
        if reader.raw("handlesTouches") != nil {
            throw ScenarioError(location, "\"handlesTouches\" is not allowed on a \(typeName): its touch callbacks are the control's own (R203-R208)")
        }
        view.control.enabled = try reader.bool("enabled") ?? true
        view.control.beginTracking = try reader.bool("beginTracking") ?? true
        if let actions = try reader.stringList("actions") {
            var seen: Set<String> = []
            for name in actions {
                guard Scenario.ControlSpec.eventNames.contains(name) else {
                    throw ScenarioError(
                        location, "unknown control event \"\(name)\" in \"actions\" (\(Scenario.ControlSpec.eventNames.joined(separator: ", ")))")
                }
                guard seen.insert(name).inserted else { throw ScenarioError(location, "control event \"\(name)\" is listed twice in \"actions\"") }
            }
            view.control.actions = actions
        }
    }

    /// A scroll view's own fields (R230-R256).
    static func readScrollView(into scroll: inout Scenario.ScrollViewSpec, with reader: inout Reader, at location: String) throws(ScenarioError) {
        func pair(_ name: String) throws(ScenarioError) -> Point? {
            guard let value = reader.raw(name) else { return nil }
            guard let items = value as? [Any], items.count == 2, items.allSatisfy({ !($0 is Bool) && $0 is Double }) else {
                throw ScenarioError(location, "\"\(name)\" must be a list of two numbers, not \(shape(of: value))")
            }
            return Point(x: try number(items[0], at: location, name: name), y: try number(items[1], at: location, name: name))
        }
        if let size = try pair("contentSize") {
            guard size.x >= 0, size.y >= 0 else { throw ScenarioError(location, "\"contentSize\" must not be negative") }
            scroll.contentSize = Size(width: size.x, height: size.y)
        }
        if let offset = try pair("contentOffset") { scroll.contentOffset = offset }
        for flag in Scenario.ScrollViewSpec.flags { try reader.read(flag, into: &scroll, at: location) }
        scroll.touchesShouldCancel = try reader.bool("touchesShouldCancel")
    }

    /// An id or name must be non-empty and free of whitespace: log lines are split on spaces.
    static func checkName(_ name: String, at location: String, what: String) throws(ScenarioError) {
        guard !name.isEmpty else { throw ScenarioError(location, "\"\(what)\" must not be empty") }
        guard !name.unicodeScalars.contains(where: { $0.properties.isWhitespace }) else {
            throw ScenarioError(location, "\"\(what)\" \"\(name)\" must not contain whitespace (log lines are split on spaces)")
        }
    }

    static func rect(_ items: [Any], at location: String, name: String) throws(ScenarioError) -> Rect {
        guard items.count == 4 else {
            throw ScenarioError(location, "\"\(name)\" must be [x, y, width, height], a list of four numbers, not \(shape(of: items))")
        }
        var values: [Double] = []
        for (index, item) in items.enumerated() {
            guard !(item is Bool), item is Double else {
                let field = ["x", "y", "width", "height"][index]
                throw ScenarioError(location, "\"\(name)\" must be [x, y, width, height]: \(field) is \(shape(of: item)), not a number")
            }
            values.append(try number(item, at: location, name: name))
        }
        guard values[2] >= 0, values[3] >= 0 else { throw ScenarioError(location, "\"\(name)\" has a negative size") }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    static func gesture(_ item: Any, index: Int, views: Set<String>, gestures: Set<String>, registry: ScenarioRecognizerRegistry)
        throws(ScenarioError) -> Scenario.GestureSpec
    {
        var probe = try Reader(item, at: "gestures[\(index)]")
        let id = try probe.requiredString("id")
        let location = "gestures[\(index)] (id \"\(id)\")"
        try checkName(id, at: location, what: "id")
        var reader = try Reader(item, at: location)
        _ = try reader.requiredString("id")
        guard !gestures.contains(id) else { throw ScenarioError(location, "duplicate id \"\(id)\"") }
        let type = try reader.requiredString("type")
        let view = try reader.requiredString("view")
        guard views.contains(view) else { throw ScenarioError(location, "unknown view \"\(view)\"") }
        let kind: Scenario.GestureKind
        var tuning = Scenario.Tuning()
        if let builtIn = KindFields.named(type) {
            let read = try reader.read(builtIn, at: location)
            kind = read.kind
            tuning = read.tuning
        } else {
            // A recognizer type of the user's, made by the registry's factory (checked here once).
            guard registry.contains(type) else { throw registry.unknownType(type, at: location) }
            let custom = Scenario.CustomGesture(type: type, settings: try reader.settings("settings") ?? [:])
            _ = try registry.makeRecognizer(custom, at: location)
            kind = .custom(custom)
        }
        var gesture = Scenario.GestureSpec(id: id, kind: kind, view: view)
        gesture.tuning = tuning
        for flag in Scenario.GestureSpec.flags { try reader.read(flag, into: &gesture, at: location) }
        gesture.requireToFail = try reader.stringList("requireToFail") ?? []
        try reader.finish()
        return gesture
    }

    static func relations(_ item: Any, gestures: Set<String>, builtIn: Set<String> = []) throws(ScenarioError) -> Scenario.RelationsSpec {
        var reader = try Reader(item, at: "relations")
        var relations = Scenario.RelationsSpec()
        for kind in GestureRelation.Kind.allCases {
            guard let groups = try reader.array(kind.rawValue) else { continue }
            for (index, group) in groups.enumerated() {
                let location = "relations.\(kind.rawValue)[\(index)]"
                guard let ids = group as? [Any], ids.count >= 2 else {
                    throw ScenarioError(location, "must list two or more gesture ids")
                }
                var names: [String] = []
                for id in ids {
                    guard let name = id as? String else { throw ScenarioError(location, "must list gesture ids (strings)") }
                    guard gestures.contains(name) else {
                        throw ScenarioError(location, builtIn.contains(name) ? builtInRefusal(name) : "unknown gesture \"\(name)\"")
                    }
                    guard !names.contains(name) else { throw ScenarioError(location, "names \"\(name)\" twice") }
                    names.append(name)
                }
                relations[kind].append(names)
            }
        }
        try reader.finish()
        return relations
    }

    static func delegate(_ item: Any, gestures: Set<String>, builtIn: Set<String> = []) throws(ScenarioError) -> Scenario.DelegateSpec {
        var reader = try Reader(item, at: "delegate")
        var delegate = Scenario.DelegateSpec()
        delegate.shouldReceive = try reader.boolMap("shouldReceive") ?? [:]
        delegate.shouldBegin = try reader.boolMap("shouldBegin") ?? [:]
        delegate.simultaneous = try reader.pairs("simultaneous") ?? []
        delegate.requireFailure = try reader.pairs("requireFailure") ?? []
        delegate.requiredToFailBy = try reader.pairs("requiredToFailBy") ?? []
        try reader.finish()
        for (key, map) in [("shouldReceive", delegate.shouldReceive), ("shouldBegin", delegate.shouldBegin)] {
            for id in map.keys.sorted() where !gestures.contains(id) {
                throw ScenarioError("delegate.\(key)", builtIn.contains(id) ? builtInRefusal(id) : "unknown gesture \"\(id)\"")
            }
        }
        for (key, pairs) in [
            ("simultaneous", delegate.simultaneous), ("requireFailure", delegate.requireFailure),
            ("requiredToFailBy", delegate.requiredToFailBy),
        ] {
            for (index, pair) in pairs.enumerated() {
                for (position, id) in pair.enumerated() where !gestures.contains(id) {
                    guard position == 1, builtIn.contains(id) else {
                        throw ScenarioError(
                            "delegate.\(key)[\(index)]", builtIn.contains(id) ? builtInRefusal(id) : "unknown gesture \"\(id)\"")
                    }
                }
            }
        }
        return delegate
    }

    /// A touch's click fields (R261, R262): `type`, and for a pointer touch `buttons` and
    /// `modifiers`, all with `began` only.
    static func readClick(into spec: inout Scenario.TouchSpec, with reader: inout Reader) throws(ScenarioError) {
        let location = reader.location
        let given = ["type", "buttons", "modifiers"].filter { reader.raw($0) != nil }
        guard !given.isEmpty else { return }
        guard spec.phase == .began else {
            throw ScenarioError(location, "\"\(given[0])\" is given with \"phase\": \"began\" only (it holds for the touch's life)")
        }
        if let typeName = try reader.string("type") {
            switch typeName {
            case "direct": spec.type = .direct
            case "indirectPointer": spec.type = .indirectPointer
            default: throw ScenarioError(location, "unknown touch type \"\(typeName)\" (direct, indirectPointer)")
            }
        }
        for (field, known) in [("buttons", ["primary", "secondary"]), ("modifiers", KeyModifierFlags.named.map(\.name))] {
            guard let names = try reader.stringList(field) else { continue }
            guard spec.type == .indirectPointer else {
                throw ScenarioError(location, "\"\(field)\" belongs to a pointer touch (\"type\": \"indirectPointer\"), not a finger")
            }
            if field == "buttons", names.isEmpty { throw ScenarioError(location, "\"buttons\" must not be empty") }
            if let unknown = names.first(where: { !known.contains($0) }) {
                throw ScenarioError(location, "unknown name \"\(unknown)\" in \"\(field)\" (\(known.joined(separator: ", ")))")
            }
            guard Set(names).count == names.count else { throw ScenarioError(location, "\"\(field)\" lists a name twice") }
            if field == "buttons" { spec.buttons = names } else { spec.modifiers = names }
        }
    }

    /// A `transform` entry's object (R277, R291-R293): `scale` positive, both finite; neither is
    /// given with `ended` (the sequence ends where it is).
    static func transform(_ value: Any, at location: String) throws(ScenarioError) -> Scenario.TransformSpec {
        var reader = try Reader(value, at: location)
        let phaseName = try reader.requiredString("phase")
        let phases: [String: TransformInput.Phase] = ["began": .began, "changed": .changed, "ended": .ended]
        guard let phase = phases[phaseName] else {
            throw ScenarioError(location, "unknown transform phase \"\(phaseName)\" (began, changed, ended)")
        }
        guard let x = try reader.number("x"), let y = try reader.number("y") else { throw ScenarioError(location, "missing \"x\" or \"y\"") }
        var spec = Scenario.TransformSpec(phase: phase, x: x, y: y)
        if let scale = try reader.number("scale") {
            guard phase == .changed else { throw ScenarioError(location, "\"scale\" is given with \"phase\": \"changed\" only (a sequence starts at 1)") }
            guard scale > 0 else { throw ScenarioError(location, "\"scale\" must be greater than 0") }
            spec.scale = scale
        }
        if let rotation = try reader.number("rotation") {
            guard phase == .changed else { throw ScenarioError(location, "\"rotation\" is given with \"phase\": \"changed\" only (a sequence starts at 0)") }
            spec.rotation = rotation
        }
        try reader.finish()
        return spec
    }

    /// A `scroll` entry's object (R272-R276, R283): `type` with `began` only, `delta` with
    /// `changed` and a discrete `began` only.
    static func scroll(_ value: Any, at location: String) throws(ScenarioError) -> Scenario.ScrollSpec {
        var reader = try Reader(value, at: location)
        let phaseName = try reader.requiredString("phase")
        let phases: [String: ScrollInput.Phase] = ["began": .began, "changed": .changed, "ended": .ended]
        guard let phase = phases[phaseName] else {
            throw ScenarioError(location, "unknown scroll phase \"\(phaseName)\" (began, changed, ended)")
        }
        guard let x = try reader.number("x"), let y = try reader.number("y") else { throw ScenarioError(location, "missing \"x\" or \"y\"") }
        var spec = Scenario.ScrollSpec(phase: phase, x: x, y: y)
        if let typeName = try reader.string("type") {
            guard phase == .began else { throw ScenarioError(location, "\"type\" is given with \"phase\": \"began\" only") }
            guard let type = ScrollType.allCases.first(where: { "\($0)" == typeName }) else {
                throw ScenarioError(location, "unknown scroll type \"\(typeName)\" (discrete, continuous)")
            }
            spec.type = type
        } else if phase == .began {
            throw ScenarioError(location, "a scroll \"began\" needs \"type\" (discrete or continuous)")
        }
        if let value = reader.raw("delta") {
            guard phase == .changed || (phase == .began && spec.type == .discrete) else {
                throw ScenarioError(location, "\"delta\" is given with \"changed\" or a discrete \"began\" only")
            }
            guard let items = value as? [Any], items.count == 2, items.allSatisfy({ !($0 is Bool) && $0 is Double }) else {
                throw ScenarioError(location, "\"delta\" must be [dx, dy], a list of two numbers")
            }
            spec.delta = Point(x: try number(items[0], at: location, name: "delta"), y: try number(items[1], at: location, name: "delta"))
        }
        try reader.finish()
        return spec
    }

    /// Why a built-in recognizer may not be named here (a delegate answer, the first gesture of
    /// a delegate pair, a relation, an input entry): the scroll view is its delegate and owner
    /// (R230).
    static func builtInRefusal(_ id: String) -> String {
        "\"\(id)\" is a scroll view's built-in recognizer: its delegate is the scroll view, so it may be named only in "
            + "requireToFail, as the other gesture of a delegate pair, or in gestureRecognizerShouldBegin (R230)"
    }

    static func input(
        _ item: Any, index: Int, views: Set<String>, gestures: Set<String>, builtIn: Set<String> = [], controls: Set<String> = []
    ) throws(ScenarioError)
        -> Scenario.InputEntry
    {
        func unknown(_ key: String, _ id: String) -> String {
            builtIn.contains(id) ? builtInRefusal(id) : "\"\(key)\" names unknown gesture \"\(id)\""
        }
        let location = "input[\(index)]"
        var reader = try Reader(item, at: location)
        guard let t = try reader.number("t") else { throw ScenarioError(location, "missing \"t\"") }
        guard (0...ScenarioParser.maximumSeconds).contains(t) else {
            throw ScenarioError(location, "\"t\" must be between 0 and \(Int(ScenarioParser.maximumSeconds)) seconds")
        }
        var actions: [Scenario.InputAction] = []
        if let touches = try reader.array("touches") {
            guard !touches.isEmpty else { throw ScenarioError(location, "\"touches\" is empty") }
            var specs: [Scenario.TouchSpec] = []
            for (touchIndex, touch) in touches.enumerated() {
                var touchReader = try Reader(touch, at: "\(location).touches[\(touchIndex)]")
                guard let id = try touchReader.integer("id") else { throw ScenarioError(touchReader.location, "missing \"id\"") }
                let phaseName = try touchReader.requiredString("phase")
                guard let phase = TouchPhase(rawValue: phaseName) else {
                    throw ScenarioError(touchReader.location, "unknown phase \"\(phaseName)\"")
                }
                guard let x = try touchReader.number("x"), let y = try touchReader.number("y") else {
                    throw ScenarioError(touchReader.location, "missing \"x\" or \"y\"")
                }
                var spec = Scenario.TouchSpec(id: id, phase: phase, x: x, y: y)
                try readClick(into: &spec, with: &touchReader)
                try touchReader.finish()
                guard !specs.contains(where: { $0.id == id }) else {
                    throw ScenarioError(touchReader.location, "touch \(id) appears twice in one event")
                }
                specs.append(spec)
            }
            actions.append(.touches(specs))
        }
        if let value = reader.raw("hover") {
            var hoverReader = try Reader(value, at: "\(location).hover")
            let phaseName = try hoverReader.requiredString("phase")
            let phases: [String: HoverInput.Phase] = ["entered": .entered, "moved": .moved, "exited": .exited]
            guard let phase = phases[phaseName] else {
                throw ScenarioError(hoverReader.location, "unknown hover phase \"\(phaseName)\" (entered, moved, exited)")
            }
            guard let x = try hoverReader.number("x"), let y = try hoverReader.number("y") else {
                throw ScenarioError(hoverReader.location, "missing \"x\" or \"y\"")
            }
            try hoverReader.finish()
            actions.append(.hover(Scenario.HoverSpec(phase: phase, x: x, y: y)))
        }
        if let value = reader.raw("scroll") {
            actions.append(.scroll(try scroll(value, at: "\(location).scroll")))
        }
        if let value = reader.raw("transform") {
            actions.append(.transform(try transform(value, at: "\(location).transform")))
        }
        if let idle = try reader.bool("idle") {
            guard idle else { throw ScenarioError(location, "\"idle\" must be true when present") }
            actions.append(.idle)
        }
        for (key, make) in [
            ("disable", Scenario.InputAction.disable), ("enable", Scenario.InputAction.enable),
            ("removeGesture", Scenario.InputAction.removeGesture),
        ] {
            if let id = try reader.string(key) {
                guard gestures.contains(id) else { throw ScenarioError(location, unknown(key, id)) }
                actions.append(make(id))
            }
        }
        for (key, enable) in [("disableControl", false), ("enableControl", true)] {
            guard let id = try reader.string(key) else { continue }
            guard controls.contains(id) else {
                throw ScenarioError(location, "\"\(key)\" names \"\(id)\", which is not a control or button")
            }
            actions.append(enable ? .enableControl(id) : .disableControl(id))
        }
        if let id = try reader.string("removeView") {
            guard views.contains(id), id != "window" else { throw ScenarioError(location, "\"removeView\" names unknown view \"\(id)\"") }
            actions.append(.removeView(id))
        }
        if let value = reader.raw("ignore") {
            var ignoreReader = try Reader(value, at: "\(location).ignore")
            let gesture = try ignoreReader.requiredString("gesture")
            guard gestures.contains(gesture) else { throw ScenarioError(ignoreReader.location, unknown("gesture", gesture)) }
            guard let touch = try ignoreReader.integer("touch") else { throw ScenarioError(ignoreReader.location, "missing \"touch\"") }
            try ignoreReader.finish()
            actions.append(.ignore(gesture: gesture, touch: touch))
        }
        try reader.finish()
        guard actions.count == 1 else {
            throw ScenarioError(location, actions.isEmpty
                ? "needs one of touches, hover, scroll, transform, idle, disable, enable, removeGesture, removeView, ignore, disableControl, enableControl"
                : "has more than one of touches, hover, scroll, transform, idle, disable, enable, removeGesture, removeView, ignore, disableControl, enableControl")
        }
        return Scenario.InputEntry(t: t, action: actions[0])
    }
}

/// The pointer through a file's input, for the checks that span entries (R261, R268, R272): one
/// pointer touch at a time and alone in its entry, hover phases in order and never during a
/// click, one scroll and one trackpad transform at a time.
struct PointerSequence {
    var isInside = false
    var click: Int?
    var scrolling = false
    var transforming = false

    /// The problem with `action` at this point of the input, or nil; takes it into account.
    mutating func take(_ action: Scenario.InputAction) -> String? {
        switch action {
        case let .touches(touches):
            for touch in touches {
                let isClick = touch.phase == .began ? touch.type == .indirectPointer : touch.id == click
                guard isClick else { continue }
                guard touches.count == 1 else { return "touch \(touch.id) is a pointer touch: an entry that lists one lists no other touch" }
                if touch.phase == .began {
                    if let click { return "touch \(touch.id) is a second pointer touch while pointer touch \(click) is down" }
                    click = touch.id
                } else if touch.phase == .ended || touch.phase == .cancelled {
                    click = nil
                }
            }
        case let .hover(hover):
            if let click { return "a hover entry while pointer touch \(click) is down" }
            switch hover.phase {
            case .entered: if isInside { return "hover \"entered\" while the pointer is already in the window" }
            case .moved, .exited: if !isInside { return "hover \"\(hover.phase)\" before the pointer entered the window" }
            }
            isInside = hover.phase != .exited
        case let .scroll(scroll):
            switch scroll.phase {
            case .began: if scrolling { return "a scroll \"began\" while another scroll goes on" }
            case .changed, .ended, .cancelled: if !scrolling { return "scroll \"\(scroll.phase)\" with no scroll going on" }
            }
            scrolling = scroll.phase == .began || scroll.phase == .changed
        case let .transform(transform):
            switch transform.phase {
            case .began: if transforming { return "a transform \"began\" while another transform goes on" }
            case .changed, .ended, .cancelled: if !transforming { return "transform \"\(transform.phase)\" with no transform going on" }
            }
            transforming = transform.phase == .began || transform.phase == .changed
        case .idle, .disable, .enable, .removeGesture, .removeView, .ignore, .disableControl, .enableControl:
            break
        }
        return nil
    }
}
