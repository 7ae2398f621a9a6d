import GestureArbiter

extension Scenario {
    /// The scenario as a scenario file (JSON), with fields in the format's order and defaults
    /// left out, so that ``ScenarioParser`` reads back an equal value: every number is written in
    /// a form that reads back as exactly the same `Double` (whole numbers without a fraction,
    /// others in the shortest form that round-trips).
    public func jsonText() -> String {
        var fields: [(String, String)] = [("name", json(name))]
        if !rules.isEmpty { fields.append(("rules", json(rules))) }
        if let comment { fields.append(("comment", json(comment))) }
        fields.append(("window", object([("width", json(windowSize.width)), ("height", json(windowSize.height))])))
        fields.append(("views", list(views.map(viewJSON), indent: 2)))
        fields.append(("gestures", list(gestures.map(gestureJSON), indent: 2)))
        if !delegate.isEmpty { fields.append(("delegate", delegateJSON())) }
        if !relations.isEmpty {
            let groups = GestureRelation.Kind.allCases.filter { !relations[$0].isEmpty }.map { kind in
                (kind.rawValue, "[" + relations[kind].map(json).joined(separator: ", ") + "]")
            }
            fields.append(("relations", object(groups)))
        }
        if !controllersHandlingTouches.isEmpty {
            fields.append(("controllersHandlingTouches", json(controllersHandlingTouches)))
        }
        fields.append(("input", list(input.map(inputJSON), indent: 2)))
        fields.append(("order", json(order.rawValue)))
        if let expect { fields.append(("expect", list(expect.map(json), indent: 2))) }
        if endsUnfinished { fields.append(("endsUnfinished", "true")) }
        let body = fields.map { "  \(json($0.0)): \($0.1)" }.joined(separator: ",\n")
        return "{\n\(body)\n}\n"
    }

    private func viewJSON(_ view: ViewSpec) -> String {
        var fields: [(String, String)] = [
            ("id", json(view.id)), ("parent", json(view.parent)),
            ("frame", json([view.frame.minX, view.frame.minY, view.frame.width, view.frame.height])),
        ]
        // Compared by bits, so that a -0 origin is written and reads back as -0.
        if view.boundsOrigin.x.bitPattern != 0 || view.boundsOrigin.y.bitPattern != 0 {
            fields.append(("boundsOrigin", json([view.boundsOrigin.x, view.boundsOrigin.y])))
        }
        if !view.transform.isIdentity {
            let t = view.transform
            fields.append(("transform", json([t.a, t.b, t.c, t.d, t.tx, t.ty])))
        }
        for flag in ViewSpec.flags {
            if let text = flag.json(of: view, number: json) { fields.append((flag.name, text)) }
        }
        if view.type == .scrollView {
            fields.insert(("type", json(view.type.rawValue)), at: 1)
            let scroll = view.scroll
            if scroll.contentSize != .zero { fields.append(("contentSize", json([scroll.contentSize.width, scroll.contentSize.height]))) }
            if scroll.contentOffset.x.bitPattern != 0 || scroll.contentOffset.y.bitPattern != 0 {
                fields.append(("contentOffset", json([scroll.contentOffset.x, scroll.contentOffset.y])))
            }
            for flag in ScrollViewSpec.flags {
                if let text = flag.json(of: scroll, number: json) { fields.append((flag.name, text)) }
            }
            if let answer = scroll.touchesShouldCancel { fields.append(("touchesShouldCancel", "\(answer)")) }
        } else if view.type != .view {
            fields.insert(("type", json(view.type.rawValue)), at: 1)
            if !view.control.enabled { fields.append(("enabled", "false")) }
            if !view.control.beginTracking { fields.append(("beginTracking", "false")) }
            if view.control.actions != ControlSpec.eventNames { fields.append(("actions", json(view.control.actions))) }
        }
        if let controller = view.controller { fields.append(("controller", json(controller))) }
        if !view.gestureRecognizerShouldBegin.isEmpty {
            fields.append(("gestureRecognizerShouldBegin", boolMap(view.gestureRecognizerShouldBegin)))
        }
        return object(fields)
    }

    private func gestureJSON(_ gesture: GestureSpec) -> String {
        var fields: [(String, String)] = [("id", json(gesture.id)), ("type", json(gesture.kind.typeName)), ("view", json(gesture.view))]
        if let (kind, settings) = KindFields.describing(gesture) {
            for field in kind.fields {
                if let text = field.json(of: settings, number: json, strings: json) { fields.append((field.name, text)) }
            }
        } else if case let .custom(custom) = gesture.kind, !custom.settings.isEmpty {
            // A registered type: its own name in "type", its settings as given.
            fields.append(("settings", settingsJSON(custom.settings)))
        }
        for flag in GestureSpec.flags {
            if let text = flag.json(of: gesture, number: json) { fields.append((flag.name, text)) }
        }
        if !gesture.requireToFail.isEmpty { fields.append(("requireToFail", json(gesture.requireToFail))) }
        return object(fields)
    }

    private func delegateJSON() -> String {
        var fields: [(String, String)] = []
        if !delegate.shouldReceive.isEmpty { fields.append(("shouldReceive", boolMap(delegate.shouldReceive))) }
        if !delegate.shouldBegin.isEmpty { fields.append(("shouldBegin", boolMap(delegate.shouldBegin))) }
        if !delegate.simultaneous.isEmpty { fields.append(("simultaneous", "[" + delegate.simultaneous.map(json).joined(separator: ", ") + "]")) }
        if !delegate.requireFailure.isEmpty { fields.append(("requireFailure", "[" + delegate.requireFailure.map(json).joined(separator: ", ") + "]")) }
        if !delegate.requiredToFailBy.isEmpty {
            fields.append(("requiredToFailBy", "[" + delegate.requiredToFailBy.map(json).joined(separator: ", ") + "]"))
        }
        return object(fields)
    }

    private func inputJSON(_ entry: InputEntry) -> String {
        var fields: [(String, String)] = [("t", json(entry.t))]
        switch entry.action {
        case let .touches(touches):
            let items = touches.map { touch in
                var touchFields = [("id", json(Double(touch.id))), ("phase", json(touch.phase.rawValue)), ("x", json(touch.x)), ("y", json(touch.y))]
                if touch.type == .indirectPointer {
                    touchFields.append(("type", json("indirectPointer")))
                    if !touch.buttons.isEmpty { touchFields.append(("buttons", json(touch.buttons))) }
                    if !touch.modifiers.isEmpty { touchFields.append(("modifiers", json(touch.modifiers))) }
                }
                return object(touchFields)
            }
            fields.append(("touches", "[ " + items.joined(separator: ", ") + " ]"))
        case let .hover(hover):
            fields.append(("hover", object([("phase", json("\(hover.phase)")), ("x", json(hover.x)), ("y", json(hover.y))])))
        case let .scroll(scroll):
            var scrollFields = [("phase", json("\(scroll.phase)")), ("x", json(scroll.x)), ("y", json(scroll.y))]
            if let type = scroll.type { scrollFields.append(("type", json("\(type)"))) }
            if scroll.delta.x.bitPattern != 0 || scroll.delta.y.bitPattern != 0 {
                scrollFields.append(("delta", json([scroll.delta.x, scroll.delta.y])))
            }
            fields.append(("scroll", object(scrollFields)))
        case let .transform(transform):
            var transformFields = [("phase", json("\(transform.phase)")), ("x", json(transform.x)), ("y", json(transform.y))]
            if transform.phase == .changed {
                transformFields.append(("scale", json(transform.scale)))
                transformFields.append(("rotation", json(transform.rotation)))
            }
            fields.append(("transform", object(transformFields)))
        case .idle: fields.append(("idle", "true"))
        case let .disable(id): fields.append(("disable", json(id)))
        case let .enable(id): fields.append(("enable", json(id)))
        case let .removeGesture(id): fields.append(("removeGesture", json(id)))
        case let .removeView(id): fields.append(("removeView", json(id)))
        case let .disableControl(id): fields.append(("disableControl", json(id)))
        case let .enableControl(id): fields.append(("enableControl", json(id)))
        case let .ignore(gesture, touch): fields.append(("ignore", object([("gesture", json(gesture)), ("touch", json(Double(touch)))])))
        }
        return object(fields)
    }
}

private func object(_ fields: [(String, String)]) -> String {
    "{ " + fields.map { "\(json($0.0)): \($0.1)" }.joined(separator: ", ") + " }"
}

private func list(_ items: [String], indent: Int) -> String {
    guard !items.isEmpty else { return "[]" }
    let pad = String(repeating: " ", count: indent + 2)
    return "[\n" + items.map { pad + $0 }.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "]"
}

private func settingsJSON(_ settings: [String: Scenario.Setting]) -> String {
    let fields = settings.keys.sorted().map { name -> (String, String) in
        switch settings[name]! {
        case let .number(value): return (name, json(value))
        case let .bool(flag): return (name, flag ? "true" : "false")
        case let .string(text): return (name, json(text))
        }
    }
    return object(fields)
}

private func boolMap(_ map: [String: Bool]) -> String {
    object(map.keys.sorted().map { ($0, map[$0]! ? "true" : "false") })
}

/// A number as JSON that reads back as the same `Double`: whole numbers below 2^53 without a
/// fraction (`3`, `-0`), anything else in Swift's shortest round-trip form (`0.1`,
/// `1.0000000000000002`, `1e-07`, `1e+300`), which the scenario parser reads back exactly.
/// Non-finite values have no JSON form; a scenario holding one is not a valid scenario.
private func json(_ value: Double) -> String {
    if value == 0 { return value.sign == .minus ? "-0" : "0" }
    if value == value.rounded(), abs(value) < 0x1p53 { return String(Int64(value)) }
    return value.description
}

private func json(_ values: [Double]) -> String {
    "[" + values.map { json($0) }.joined(separator: ", ") + "]"
}

private func json(_ values: [String]) -> String {
    "[" + values.map { json($0) }.joined(separator: ", ") + "]"
}

private func json(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
