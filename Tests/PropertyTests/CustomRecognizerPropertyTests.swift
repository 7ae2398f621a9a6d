import Foundation
import GestureArbiter
import GestureArbiterTesting
import Synchronization
import Testing

/// A long press with a planted bug: when the finger lifts after the press began, it forgets to
/// end (R35: a continuous gesture ends with ended or cancelled), so it stays active and the
/// environment never goes idle (R39, R70).
final class ForgetfulLongPress: GestureRecognizer {
    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        guard numberOfTouches == 1 else { state = .failed; return }
        startTimer(after: .milliseconds(500))
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        if state == .possible { state = .failed }
    }

    override func timerDidFire() { state = .began }
}

/// A one-finger tap that neither prevents nor can be prevented by any recognizer (R50).
final class UnpreventableTap: GestureRecognizer {
    override func touchesEnded(_ touches: TouchSet, with event: Event) { state = .ended }
    override func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { false }
    override func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { false }
}

/// Counts calls from `@Sendable` closures.
final class CallCounter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

@Suite struct CustomRecognizerPropertyTests {
    static func forgetfulRegistry() throws -> ScenarioRecognizerRegistry {
        try ScenarioRecognizerRegistry().registering("test.forgetfulPress") { _ in ForgetfulLongPress() }
    }

    /// A folder of the temporary directory for the shrunk cases these tests write.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-arbiter-custom-recognizer-tests").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// One view, and a long press of the guide on the window, held past its 0.5 s.
    static func heldPress() -> Scenario {
        var scenario = Scenario(name: "a held press")
        scenario.views = [Scenario.ViewSpec(id: "card", parent: "window", frame: Rect(x: 0, y: 0, width: 200, height: 200))]
        scenario.input = [
            Scenario.InputEntry(t: 0, action: .touches([Scenario.TouchSpec(id: 1, phase: .began, x: 50, y: 50)])),
            Scenario.InputEntry(t: 0.8, action: .touches([Scenario.TouchSpec(id: 1, phase: .ended, x: 50, y: 50)])),
            Scenario.InputEntry(t: 2, action: .idle),
        ]
        return scenario
    }

    static var guideSpace: ScenarioSpace {
        var space = ScenarioSpace()
        space.customGestures = [
            Scenario.CustomGesture(type: "myapp.longPress"),
            Scenario.CustomGesture(type: "myapp.longPress", settings: ["minimumPressDuration": .number(0.2)]),
        ]
        return space
    }

    // MARK: The guide's recognizer on generated cases

    @Test("R31-R73, R118: the guide's long press, mixed into generated scenarios, recognizes in many of them and keeps every invariant")
    func guideLongPressOnGeneratedCases() throws {
        let registry = try ScenarioRecognizerRegistry.myApp()
        let generator = Generator<Scenario>.scenarios(Self.guideSpace)
        var pressesThatBegan = 0
        for index in 0..<1_000 {
            var random = SeededGenerator(seed: SeededGenerator.caseSeed(0x10C4, index: index))
            let scenario = generator.generate(&random)
            let presses = scenario.gestures.filter { $0.kind.typeName == "myapp.longPress" }.map(\.id)
            let observation = observe(scenario, registry: registry)
            pressesThatBegan += presses.filter { id in observation.log.contains { $0.hasSuffix("gesture \(id) began") } }.count
            #expect(ScenarioInvariant.problems(in: observation) == [], "\(scenario.jsonText())")
        }
        #expect(pressesThatBegan >= 30, "the long press should begin in a good share of the cases")
    }

    // MARK: A planted bug

    @Test("R35, R39, R70: a planted bug in a registered recognizer is found; the shrunk case names the type, parses back with the registry and replays to the same failure")
    func plantedBugFoundShrunkAndReplayed() throws {
        let registry = try Self.forgetfulRegistry()
        var space = ScenarioSpace()
        space.customGestures = [Scenario.CustomGesture(type: "test.forgetfulPress")]
        let folder = try Self.folder()
        do {
            try checkScenarioProperty("forgetful press", seed: 0xB06, count: 500, space: space, registry: registry,
                                      directory: folder, environment: [:])
            Issue.record("the planted bug was not found")
        } catch {
            #expect(error.caseIndex >= 0)
            #expect(error.message.contains("[idle afterwards]"), "\(error.message)")
            #expect(error.shrunk.contains(#""type": "test.forgetfulPress""#), "\(error.shrunk)")
            #expect(error.description.contains(error.shrunk.split(separator: "\n")[4]))
            #expect(error.reproduction == "GESTURE_ARBITER_SEED=0xB06 GESTURE_ARBITER_COUNT=\(error.caseIndex + 1) swift test --filter plantedBugFoundShrunkAndReplayed")
            #expect(error.replay?.contains("ScenarioParser.parse(contentsOf: \"\(error.shrunkFile ?? "?")\", registry: registry)") == true)

            // The printed case parses back with the registry, and only with it.
            let printed = try ScenarioParser.parse(error.shrunk, registry: registry)
            #expect(printed.jsonText() == error.shrunk)
            #expect(throws: ScenarioError.self) { try ScenarioParser.parse(error.shrunk) }
            // Shrunk: the bug needs one press and one touch held past 0.5 s.
            #expect(printed.gestures.map(\.kind) == [.custom(Scenario.CustomGesture(type: "test.forgetfulPress"))])
            #expect(Set(printed.input.compactMap { entry -> Int? in
                if case let .touches(touches) = entry.action { return touches.count }
                return nil
            }) == [1])
            // It replays to the same failure, from the text and from the written file.
            let replayed = ScenarioInvariant.problems(in: observe(printed, registry: registry))
            #expect(replayed.joined(separator: "\n  ") == error.message)
            let file = try #require(error.shrunkFile)
            let written = try ScenarioParser.parse(contentsOf: file, registry: registry)
            #expect(written.gestures == printed.gestures && written.input == printed.input)
            #expect(ScenarioInvariant.problems(in: observe(written, registry: registry)) == replayed)
            #expect(throws: Never.self) { try ScenarioRunner.run(written, registry: registry, explain: true) }
        }
    }

    @Test("R118: a prepare hook runs on every case and every shrink candidate: a bug it attaches is shrunk, and the report says to replay with it")
    func prepareHookSurvivesShrinking() throws {
        // The forgetful press is attached by the hook to the window, not named by the scenario.
        let prepare: @Sendable (ScenarioSession) -> Void = { session in
            let press = ForgetfulLongPress()
            press.name = "hooked"
            session.view("window")?.addGestureRecognizer(press)
        }
        let folder = try Self.folder()
        do {
            try checkScenarioProperty("hooked press", seed: 0xB07, count: 500, invariants: [.idleAfterwards],
                                      directory: folder, environment: [:], prepare: prepare)
            Issue.record("the bug attached by the hook was not found")
        } catch {
            #expect(error.message.contains("hooked"), "\(error.message)")
            // Candidates without the hook would pass, so any accepted step shows the hook ran on them.
            #expect(error.shrinkSteps > 0)
            #expect(!error.shrunk.contains("\"gestures\": [\n"), "every generated recognizer shrinks away: \(error.shrunk)")
            #expect(error.replay?.contains("prepare: prepare") == true)
        }
    }

    // MARK: deterministic re-runs with the hook and the registry

    @Test("R118: deterministic re-runs the scenario with the same prepare: the hook runs twice")
    func deterministicRunsPrepareTwice() {
        let calls = CallCounter()
        let observation = observe(Self.heldPress()) { _ in calls.increment() }
        #expect(calls.value == 1)
        #expect(ScenarioInvariant.deterministic.check(observation) == [])
        #expect(calls.value == 2)
    }

    @Test("R118: deterministic sees a recognizer attached in prepare in both runs")
    func deterministicKeepsRecognizersOfPrepare() {
        let prepare: @Sendable (ScenarioSession) -> Void = { session in
            let press = LongPressRecognizer()
            press.name = "press"
            session.view("card")?.addGestureRecognizer(press)
        }
        let observation = observe(Self.heldPress(), prepare: prepare)
        #expect(observation.log.contains("0.500 gesture press began"))
        #expect(observation.log.contains("0.800 gesture press ended"))
        // A run without the hook logs differently, so a re-run that dropped it would be caught.
        #expect(observe(Self.heldPress()).log != observation.log)
        #expect(ScenarioInvariant.deterministic.check(observation) == [])
    }

    @Test("R118: deterministic re-runs with the same registry: a registered recognizer is in both runs")
    func deterministicKeepsTheRegistry() throws {
        var scenario = Self.heldPress()
        scenario.gestures = [Scenario.GestureSpec(id: "press", kind: .custom(Scenario.CustomGesture(type: "myapp.longPress")), view: "card")]
        let observation = observe(scenario, registry: try .myApp())
        #expect(observation.rejection == nil)
        #expect(observation.log.contains("0.500 gesture press began"))
        #expect(ScenarioInvariant.deterministic.check(observation) == [])
    }

    @Test("R118: deterministic catches a registered recognizer that is not deterministic (its factory alternates the press duration)")
    func deterministicCatchesAFlakyRecognizer() throws {
        let made = CallCounter()
        let registry = try ScenarioRecognizerRegistry().registering("test.flakyPress") { _ in
            made.increment()
            let press = LongPressRecognizer()
            press.minimumPressDuration = made.value % 2 == 0 ? .milliseconds(300) : .milliseconds(500)
            return press
        }
        var scenario = Self.heldPress()
        scenario.gestures = [Scenario.GestureSpec(id: "press", kind: .custom(Scenario.CustomGesture(type: "test.flakyPress")), view: "card")]
        let observation = observe(scenario, registry: registry)
        #expect(ScenarioInvariant.deterministic.check(observation) == ["a second run logged differently", "a second run traced differently"])
    }

    // MARK: The shrinker keeps registered types

    @Test("Shrinking a scenario with registered types keeps them: every candidate's custom gestures are the original's, it parses back with the registry, and settings shrink one at a time")
    func shrinkerKeepsCustomTypes() throws {
        let registry = try ScenarioRecognizerRegistry.myApp()
        var space = Self.guideSpace
        space.customGestures.append(Scenario.CustomGesture(
            type: "myapp.longPress", settings: ["minimumPressDuration": .number(0.3), "allowableMovement": .number(20)]))
        let generator = Generator<Scenario>.scenarios(space)
        var settingShrinks = 0
        for index in 0..<40 {
            var random = SeededGenerator(seed: SeededGenerator.caseSeed(0x5A13, index: index))
            let scenario = generator.generate(&random)
            let kinds = Dictionary(uniqueKeysWithValues: scenario.gestures.map { ($0.id, $0.kind) })
            for candidate in generator.shrink(scenario) {
                #expect(ScenarioShrinker.size(of: candidate) < ScenarioShrinker.size(of: scenario))
                for gesture in candidate.gestures {
                    guard case let .custom(custom) = gesture.kind else { continue }
                    guard case let .custom(original)? = kinds[gesture.id] else {
                        Issue.record("\(gesture.id) became custom")
                        continue
                    }
                    #expect(custom.type == original.type)
                    #expect(Set(custom.settings.keys).isSubset(of: original.settings.keys))
                    if custom.settings.count < original.settings.count { settingShrinks += 1 }
                }
                #expect(try ScenarioParser.parse(candidate.jsonText(), registry: registry) == candidate)
            }
        }
        #expect(settingShrinks > 0)
    }

    // MARK: The registry and the format

    @Test("A registered type round-trips through a scenario file: its name in \"type\", its settings in \"settings\"")
    func customTypeRoundTrips() throws {
        let registry = try ScenarioRecognizerRegistry()
            .registering("test.anything", settings: ["count", "flag", "label"]) { _ in LongPressRecognizer() }
        var scenario = Self.heldPress()
        var gesture = Scenario.GestureSpec(
            id: "x", kind: .custom(Scenario.CustomGesture(type: "test.anything", settings: ["count": .number(2.5), "flag": .bool(true), "label": .string("a \"b\"")])),
            view: "card")
        gesture.delaysTouchesBegan = true
        scenario.gestures = [gesture]
        let text = scenario.jsonText()
        #expect(text.contains(#"{ "id": "x", "type": "test.anything", "view": "card", "settings": { "count": 2.5, "flag": true, "label": "a \"b\"" }, "delaysTouchesBegan": true }"#), "\(text)")
        #expect(try ScenarioParser.parse(text, registry: registry) == scenario)
    }

    @Test("An unknown type name is an error naming the type, the gesture and how to register it")
    func unknownTypeName() throws {
        let file = #"{ "name": "n", "gestures": [ { "id": "press", "type": "myapp.swipe", "view": "window" } ] }"#
        do {
            _ = try ScenarioParser.parse(file)
            Issue.record("accepted an unregistered type")
        } catch {
            #expect(error.location == #"gestures[0] (id "press")"#)
            let builtIn = ScenarioRecognizerRegistry.builtInTypeNames.joined(separator: ", ")
            #expect(builtIn.hasPrefix("tap, pan, edgePan, delayedTouchesBegan"))
            #expect(error.message.hasPrefix(#"unknown type "myapp.swipe" ("# + builtIn + "; registered: none)"), "\(error)")
            #expect(error.message.contains(#"registry.register("myapp.swipe")"#))
            #expect(error.message.contains("ScenarioParser.parse(_:registry:)"))
        }
        let registry = try ScenarioRecognizerRegistry.myApp()
        do {
            _ = try ScenarioParser.parse(file, registry: registry)
            Issue.record("accepted an unregistered type")
        } catch {
            #expect(error.message.contains("registered: myapp.longPress"), "\(error)")
        }
        // The same error from the runner and from observe, for a scenario built in code.
        var scenario = Self.heldPress()
        scenario.gestures = [Scenario.GestureSpec(id: "press", kind: .custom(Scenario.CustomGesture(type: "myapp.swipe")), view: "card")]
        #expect(throws: ScenarioError.self) { try ScenarioRunner.run(scenario) }
        do {
            _ = try ScenarioRunner.run(scenario)
        } catch {
            #expect(error.description.hasPrefix(#"gestures[0] (id "press"): unknown type "myapp.swipe""#))
        }
        let observation = observe(scenario)
        #expect(observation.rejection?.contains(#"unknown type "myapp.swipe""#) == true)
        #expect(ScenarioInvariant.idleAfterwards.check(observation).count == 1)
        #expect(ScenarioInvariant.everyBeganTouchEndsOnce.check(observation).count == 1)
    }

    struct BadSettings: CustomTestStringConvertible, Sendable {
        let what: String
        let gesture: String
        let error: String
        var testDescription: String { what }
    }

    static let badSettings: [BadSettings] = [
        BadSettings(what: "unknown setting", gesture: #""settings": { "minimumPresDuration": 1 }"#,
                    error: #"gestures[0] (id "press"): type "myapp.longPress" has no setting "minimumPresDuration""#),
        BadSettings(what: "wrong kind of value", gesture: #""settings": { "minimumPressDuration": "long" }"#,
                    error: #"gestures[0] (id "press"): the factory of type "myapp.longPress" threw: settings: "minimumPressDuration" must be a number"#),
        BadSettings(what: "value the factory rejects", gesture: #""settings": { "minimumPressDuration": -1 }"#,
                    error: #"gestures[0] (id "press"): the factory of type "myapp.longPress" threw: settings: "minimumPressDuration" must not be negative"#),
        BadSettings(what: "settings not an object", gesture: #""settings": [1]"#, error: #"gestures[0] (id "press"): "settings" must be an object"#),
        BadSettings(what: "a list as a setting", gesture: #""settings": { "allowableMovement": [1] }"#,
                    error: #"gestures[0] (id "press"): "settings"."allowableMovement" must be a number, true or false, or a string"#),
        BadSettings(what: "unknown field", gesture: #""minimumPressDuration": 1"#, error: #"gestures[0] (id "press"): unknown field "minimumPressDuration""#),
    ]

    @Test("A registered type's settings are checked when the file is parsed", arguments: badSettings)
    func settingsAreChecked(_ row: BadSettings) throws {
        let file = #"{ "name": "n", "gestures": [ { "id": "press", "type": "myapp.longPress", "view": "window", "# + row.gesture + " } ] }"
        let registry = try ScenarioRecognizerRegistry.myApp()
        do {
            _ = try ScenarioParser.parse(file, registry: registry)
            Issue.record("accepted \(row.gesture)")
        } catch {
            #expect(error.description.hasPrefix(row.error), "got: \(error)")
        }
    }

    @Test("settings on a built-in type is an unknown field")
    func settingsOnABuiltInType() {
        #expect(throws: ScenarioError(#"gestures[0] (id "t")"#, #"unknown field "settings""#)) {
            try ScenarioParser.parse(#"{ "name": "n", "gestures": [ { "id": "t", "type": "tap", "view": "window", "settings": {} } ] }"#)
        }
    }

    @Test("Registration rejects a name without a dot or with whitespace, a name given twice, and a setting listed twice",
          arguments: [("longPress", [String]()), ("my app.press", []), ("", []), ("myapp.longPress", []), ("test.x", ["a", "a"]), ("test.y", [""])])
    func registrationErrors(_ name: String, _ settings: [String]) throws {
        let registry = try ScenarioRecognizerRegistry.myApp()
        #expect(throws: ScenarioError.self) {
            try registry.registering(name, settings: settings) { _ in LongPressRecognizer() }
        }
    }

    @Test("A factory that hands out one recognizer for two gestures is an error, not a shared recognizer")
    func factoryMustMakeNewRecognizers() throws {
        let shared = LongPressRecognizer()
        nonisolated(unsafe) let instance = shared
        let registry = try ScenarioRecognizerRegistry().registering("test.shared") { _ in instance }
        var scenario = Self.heldPress()
        scenario.gestures = [
            Scenario.GestureSpec(id: "a", kind: .custom(Scenario.CustomGesture(type: "test.shared")), view: "card"),
            Scenario.GestureSpec(id: "b", kind: .custom(Scenario.CustomGesture(type: "test.shared")), view: "window"),
        ]
        do {
            _ = try ScenarioRunner.run(scenario, registry: registry)
            Issue.record("accepted a shared recognizer")
        } catch {
            #expect(error.location == #"gestures[1] (id "b")"#)
            #expect(error.message.contains("another gesture"))
        }
    }

    @Test("R50: the exclusivity invariant asks a custom recognizer's canPrevent and canBePrevented: an unpreventable tap recognizing with a tap is no finding")
    func exclusivityAsksCustomClassRules() throws {
        let registry = try ScenarioRecognizerRegistry().registering("test.unpreventable") { _ in UnpreventableTap() }
        var scenario = Self.heldPress()
        scenario.gestures = [
            Scenario.GestureSpec(id: "tap", kind: .tap(taps: 1, touches: 1), view: "card"),
            Scenario.GestureSpec(id: "free", kind: .custom(Scenario.CustomGesture(type: "test.unpreventable")), view: "card"),
        ]
        scenario.input[1].t = 0.1
        let observation = observe(scenario, registry: registry)
        // Neither can exclude the other (R50), so both recognize on the one tap.
        #expect(observation.log.contains("0.100 gesture tap recognized"))
        #expect(observation.log.contains("0.100 gesture free recognized"))
        #expect(ScenarioInvariant.problems(in: observation) == [])
    }

    // MARK: Seed and count from the environment

    @Test("The kit reads GESTURE_ARBITER_SEED and GESTURE_ARBITER_COUNT itself: they replace the test's seed and count")
    func environmentReplacesSeedAndCount() throws {
        let input = Generator<Int>.int(in: 0...1_000_000)
        var seen: [Int] = []
        let ran = try checkProperty("records", seed: 1, count: 100, input: input,
                                    environment: ["GESTURE_ARBITER_SEED": "0x2A", "GESTURE_ARBITER_COUNT": "5"]) { seen.append($0) }
        #expect(ran == 5)
        let expected = (0..<5).map { index in
            var random = SeededGenerator(seed: SeededGenerator.caseSeed(0x2A, index: index))
            return input.generate(&random)
        }
        #expect(seen == expected)
        #expect(try checkProperty("decimal", seed: 1, count: 100, input: input, environment: ["GESTURE_ARBITER_SEED": "42"]) { _ in } == 100)
    }

    @Test("A seed or count the kit cannot read, or a negative count, stops the run with a failure that says why",
          arguments: [["GESTURE_ARBITER_SEED": "banana"], ["GESTURE_ARBITER_COUNT": "-3"], ["GESTURE_ARBITER_COUNT": "many"], [:]])
    func unreadableEnvironment(_ environment: [String: String]) {
        let count = environment.isEmpty ? -1 : 10
        do {
            try checkProperty("never runs", seed: 1, count: count, input: .int(in: 0...9), environment: environment) { _ in
                Issue.record("a case ran")
            }
            Issue.record("the run should not start")
        } catch {
            #expect(error.caseIndex == -1)
            #expect(error.description.hasPrefix("Property \"never runs\" did not run: "))
            #expect(error.description.contains(environment.values.first ?? "-1"))
        }
    }

    @Test("A space naming an unregistered type stops checkScenarioProperty before any case, naming the type")
    func unregisteredSpaceType() {
        var space = ScenarioSpace()
        space.customGestures = [Scenario.CustomGesture(type: "myapp.missing")]
        do {
            try checkScenarioProperty("missing", seed: 1, count: 10, space: space, environment: [:])
            Issue.record("the run should not start")
        } catch {
            #expect(error.caseIndex == -1)
            #expect(error.message.contains(#"unknown type "myapp.missing""#))
        }
    }
}
