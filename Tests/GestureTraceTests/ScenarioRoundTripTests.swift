import Foundation
import GestureArbiter
import GestureArbiterTesting
import Testing

/// Writing a scenario with `jsonText()` and reading it back gives the same scenario, every
/// `Double` bit for bit.
@Suite struct ScenarioRoundTripTests {
    /// The seed: fixed, or `GESTURE_ARBITER_SEED` (decimal or 0x hex) for a longer search.
    static var seed: UInt64 {
        guard let text = ProcessInfo.processInfo.environment["GESTURE_ARBITER_SEED"] else { return 0x5EED_0A11 }
        return text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) ?? 0x5EED_0A11 : UInt64(text) ?? 0x5EED_0A11
    }

    /// The number of cases: fixed, or `GESTURE_ARBITER_COUNT`.
    static var count: Int { ProcessInfo.processInfo.environment["GESTURE_ARBITER_COUNT"].flatMap { Int($0) } ?? 500 }

    /// A random finite double of any kind: any bit pattern (subnormals, huge and tiny
    /// exponents, both zeros), a short decimal, or a plain number in a range.
    static func anyDouble(_ random: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            while true {
                let value = Double(bitPattern: random.next())
                if value.isFinite { return value }
            }
        case 1: return Double(Int.random(in: -100_000...100_000, using: &random)) / 1_000
        case 2: return [0.0, -0.0, 0.1, 0.2, 0.3, 1e-7, Double.leastNonzeroMagnitude, 1.7976931348623157e308][Int.random(in: 0..<8, using: &random)]
        default: return Double.random(in: -1e6...1e6, using: &random)
        }
    }

    /// A random double in `range` (the format's bounds), often an awkward one.
    static func double(in range: ClosedRange<Double>, _ random: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return Double.random(in: range, using: &random)
        case 1:
            // A bit pattern between the bounds' patterns: any spacing of the binade, subnormals included.
            let low = max(range.lowerBound, 0).bitPattern
            let high = range.upperBound.bitPattern
            return Double(bitPattern: UInt64.random(in: low...high, using: &random))
        default: return min(max(Double(Int.random(in: 0...1_000, using: &random)) / 997, range.lowerBound), range.upperBound)
        }
    }

    /// A generated scenario whose every double is replaced by a random one within the format's
    /// bounds (the view tree, ids and input shape are the generator's).
    static func withRandomDoubles(_ original: Scenario, _ random: inout SeededGenerator) -> Scenario {
        var scenario = original
        scenario.windowSize = Size(
            width: double(in: Double.ulpOfOne...1e9, &random), height: double(in: Double.ulpOfOne...1e9, &random))
        for index in scenario.views.indices {
            scenario.views[index].frame = Rect(
                x: anyDouble(&random), y: anyDouble(&random),
                width: double(in: 0...1e9, &random), height: double(in: 0...1e9, &random))
            // A scroll view's bounds origin is its content offset (R245).
            let origin = Point(x: anyDouble(&random), y: anyDouble(&random))
            if scenario.views[index].type == .scrollView {
                scenario.views[index].scroll.contentOffset = origin
            } else {
                scenario.views[index].boundsOrigin = origin
            }
            scenario.views[index].alpha = double(in: 0...1, &random)
        }
        for index in scenario.gestures.indices {
            if case .delayedTouchesBegan = scenario.gestures[index].kind {
                scenario.gestures[index].kind = .delayedTouchesBegan(delay: double(in: 0...ScenarioParser.maximumSeconds, &random))
            }
        }
        let times = scenario.input.map { _ in double(in: 0...ScenarioParser.maximumSeconds, &random) }.sorted()
        for index in scenario.input.indices {
            scenario.input[index].t = times[index]
            if case let .touches(touches) = scenario.input[index].action {
                scenario.input[index].action = .touches(touches.map {
                    Scenario.TouchSpec(id: $0.id, phase: $0.phase, x: anyDouble(&random), y: anyDouble(&random))
                })
            }
        }
        return scenario
    }

    /// Every double of a scenario, in a fixed order, as bit patterns (so -0 differs from 0).
    static func doubleBits(_ scenario: Scenario) -> [UInt64] {
        var values = [scenario.windowSize.width, scenario.windowSize.height]
        for view in scenario.views {
            values += [view.frame.minX, view.frame.minY, view.frame.width, view.frame.height]
            values += [view.boundsOrigin.x, view.boundsOrigin.y, view.alpha, view.scroll.contentOffset.x, view.scroll.contentOffset.y]
        }
        for gesture in scenario.gestures {
            if case let .delayedTouchesBegan(delay) = gesture.kind { values.append(delay) }
        }
        for entry in scenario.input {
            values.append(entry.t)
            if case let .touches(touches) = entry.action { values += touches.flatMap { [$0.x, $0.y] } }
        }
        return values.map(\.bitPattern)
    }

    @Test("scenario-format: random scenarios with random doubles survive jsonText() and parse exactly (seeded; prints seed and shrunk case)")
    func randomScenariosRoundTrip() {
        let input = Generator<Scenario>(
            generate: { random in
                let scenario = Generator.scenarios().generate(&random)
                return Self.withRandomDoubles(scenario, &random)
            },
            shrink: ScenarioShrinker.candidates)
        do {
            let ran = try checkProperty(
                "jsonText round-trips exactly", seed: Self.seed, count: Self.count, input: input, describe: { $0.jsonText() }
            ) { scenario in
                let text = scenario.jsonText()
                let again = try ScenarioParser.parse(text)
                guard again == scenario else { throw PropertyViolation("read back a different scenario") }
                let before = Self.doubleBits(scenario)
                let after = Self.doubleBits(again)
                if let index = before.indices.first(where: { $0 >= after.count || before[$0] != after[$0] }) ?? (before.count == after.count ? nil : after.count - 1) {
                    throw PropertyViolation(
                        "double \(index) changed: wrote \(Double(bitPattern: before[index])), read \(Double(bitPattern: after[index]))")
                }
            }
            #expect(ran == Self.count)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("scenario-format: the writer prints whole numbers without a fraction, -0 as -0, others in shortest round-trip form")
    func numberForms() throws {
        var scenario = Scenario(name: "n")
        scenario.windowSize = Size(width: 400, height: 0.1 + 0.2)
        scenario.views = [Scenario.ViewSpec(id: "V", parent: "window", frame: Rect(x: -0.0, y: 1e-7, width: 9007199254740992, height: 1e300))]
        let text = scenario.jsonText()
        #expect(text.contains(#""window": { "width": 400, "height": 0.30000000000000004 }"#))
        #expect(text.contains(#""frame": [-0, 1e-07, 9007199254740992.0, 1e+300]"#))
        let again = try ScenarioParser.parse(text)
        #expect(Self.doubleBits(again) == Self.doubleBits(scenario))
    }

    /// A built-in kind's own fields, from docs/scenario-format.md: a gesture with every one of
    /// them away from its default and the object the writer writes for it (the fields in the
    /// format's order, whole numbers without a fraction), and a gesture with the defaults and its
    /// object (a required field, `edgePan`'s `edges`, is written all the same).
    struct KindFieldCase {
        /// Every field of the kind's own, in the order they are written.
        let fields: [String]
        /// The fields with no default, written always.
        var required: [String] = []
        /// A gesture with every field away from its default.
        let changed: Scenario.GestureSpec
        /// The writer's object for `changed`.
        let changedJSON: String
        /// A gesture with the format's defaults.
        let defaults: Scenario.GestureSpec
        /// The writer's object for `defaults`.
        let defaultsJSON: String
    }

    /// The case of each built-in type, by its name.
    static var kindFieldCases: [String: KindFieldCase] {
        func gesture(_ kind: Scenario.GestureKind, tuning: Scenario.Tuning = Scenario.Tuning()) -> Scenario.GestureSpec {
            var spec = Scenario.GestureSpec(id: "g", kind: kind, view: "window")
            spec.tuning = tuning
            return spec
        }
        func object(_ type: String, _ fields: String = "") -> String {
            #"{ "id": "g", "type": "\#(type)", "view": "window""# + (fields.isEmpty ? "" : ", " + fields) + " }"
        }
        var tapTuning = Scenario.Tuning()
        tapTuning.maximumIntervalBetweenSuccessiveTaps = 0.5
        tapTuning.allowableMovement = 20
        var panTuning = Scenario.Tuning()
        panTuning.hysteresis = 4.5
        return [
            "tap": KindFieldCase(
                fields: ["taps", "touches", "maximumIntervalBetweenSuccessiveTaps", "allowableMovement"],
                changed: gesture(.tap(taps: 2, touches: 3), tuning: tapTuning),
                changedJSON: object(
                    "tap", #""taps": 2, "touches": 3, "maximumIntervalBetweenSuccessiveTaps": 0.5, "allowableMovement": 20"#),
                defaults: gesture(.tap(taps: 1, touches: 1)), defaultsJSON: object("tap")),
            "pan": KindFieldCase(
                fields: ["minTouches", "maxTouches", "hysteresis"],
                changed: gesture(.pan(minTouches: 2, maxTouches: 3), tuning: panTuning),
                changedJSON: object("pan", #""minTouches": 2, "maxTouches": 3, "hysteresis": 4.5"#),
                defaults: gesture(.pan(minTouches: 1, maxTouches: nil)), defaultsJSON: object("pan")),
            "edgePan": KindFieldCase(
                fields: ["edges"], required: ["edges"],
                changed: gesture(.edgePan(edges: ["top", "left"])), changedJSON: object("edgePan", #""edges": ["top", "left"]"#),
                defaults: gesture(.edgePan(edges: ["left"])), defaultsJSON: object("edgePan", #""edges": ["left"]"#)),
            "delayedTouchesBegan": KindFieldCase(
                fields: ["delay"],
                changed: gesture(.delayedTouchesBegan(delay: 0.25)), changedJSON: object("delayedTouchesBegan", #""delay": 0.25"#),
                defaults: gesture(.delayedTouchesBegan(delay: 0.15)), defaultsJSON: object("delayedTouchesBegan")),
            "longPress": KindFieldCase(
                fields: ["duration", "allowableMovement", "taps", "touches"],
                changed: gesture(.longPress(duration: 1.25, allowableMovement: -1, taps: 1, touches: 2)),
                changedJSON: object("longPress", #""duration": 1.25, "allowableMovement": -1, "taps": 1, "touches": 2"#),
                defaults: gesture(.longPress(duration: 0.5, allowableMovement: 10, taps: 0, touches: 1)),
                defaultsJSON: object("longPress")),
            "swipe": KindFieldCase(
                fields: ["directions", "touches"],
                changed: gesture(.swipe(directions: ["left", "up"], touches: 0)),
                changedJSON: object("swipe", #""directions": ["left", "up"], "touches": 0"#),
                defaults: gesture(.swipe(directions: ["right"], touches: 1)), defaultsJSON: object("swipe")),
            "pinch": KindFieldCase(
                fields: [], changed: gesture(.pinch), changedJSON: object("pinch"), defaults: gesture(.pinch),
                defaultsJSON: object("pinch")),
            "rotation": KindFieldCase(
                fields: [], changed: gesture(.rotation), changedJSON: object("rotation"), defaults: gesture(.rotation),
                defaultsJSON: object("rotation")),
        ]
    }

    @Test(
        "scenario-format: a built-in type's own fields round-trip, written in order when changed and left out at their defaults",
        arguments: ScenarioRecognizerRegistry.builtInTypeNames)
    func kindFieldsRoundTrip(type: String) throws {
        let kindCase = try #require(Self.kindFieldCases[type], "no case for the built-in type \(type)")
        /// The file written for a scenario of `spec` alone, checked to read back equal.
        func written(_ spec: Scenario.GestureSpec) throws -> String {
            #expect(spec.kind.typeName == type)
            var scenario = Scenario(name: "kind")
            scenario.gestures = [spec]
            let text = scenario.jsonText()
            #expect(try ScenarioParser.parse(text) == scenario, "read back differently: \(text)")
            return text
        }
        let changed = try written(kindCase.changed)
        #expect(changed.contains(kindCase.changedJSON), "wrote \(changed)")
        let defaults = try written(kindCase.defaults)
        #expect(defaults.contains(kindCase.defaultsJSON), "wrote \(defaults)")
        for field in kindCase.fields where !kindCase.required.contains(field) {
            #expect(!defaults.contains("\"\(field)\""), "wrote \(field) at its default")
        }
    }
}
