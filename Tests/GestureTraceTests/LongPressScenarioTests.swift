import GestureArbiter
import GestureArbiterTesting
import Testing

/// The `longPress` gesture type of the scenario format (R140), and the `--explain` reason for
/// each way a long press fails.
@Suite struct LongPressScenarioTests {
    /// A scenario file with views V and W (apart) and the given gestures and input entries (JSON
    /// fragments).
    static func file(gestures: String, input: String, delegate: String? = nil) -> String {
        """
        { "name": "long press", "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 300, 300], "multipleTouchEnabled": true },
                     { "id": "W", "parent": "window", "frame": [0, 400, 300, 300] } ],
          "gestures": [ \(gestures) ],\(delegate.map { " \"delegate\": \($0)," } ?? "")
          "input": [ \(input) ] }
        """
    }

    static func touch(_ t: Double, _ id: Int, _ phase: String, _ x: Double, _ y: Double) -> String {
        #"{ "t": \#(t), "touches": [ { "id": \#(id), "phase": "\#(phase)", "x": \#(x), "y": \#(y) } ] }"#
    }

    @Test("R140: a longPress with no fields gets UIKit's defaults, on the recognizer too")
    func defaults() throws {
        let scenario = try ScenarioParser.parse(Self.file(gestures: #"{ "id": "LP", "type": "longPress", "view": "V" }"#, input: ""))
        #expect(scenario.gestures[0].kind == .longPress(duration: 0.5, allowableMovement: 10, taps: 0, touches: 1))
        #expect(scenario.gestures[0].kind == .defaultLongPress)
        #expect(!scenario.gestures[0].delaysTouchesBegan)
        let session = try ScenarioSession(scenario)
        let press = try #require(session.recognizer("LP") as? LongPressGestureRecognizer)
        #expect(press.minimumPressDuration == .milliseconds(500) && press.allowableMovement == 10)
        #expect(press.numberOfTapsRequired == 0 && press.numberOfTouchesRequired == 1)
        #expect(scenario.jsonText().contains(#"{ "id": "LP", "type": "longPress", "view": "V" }"#))
    }

    @Test("R140, R152, R188: every field is read, written back and read again equal, 0 touches included")
    func fieldsRoundTrip() throws {
        let gesture = #"{ "id": "LP", "type": "longPress", "view": "V", "duration": 0.25, "allowableMovement": -1, "taps": 2, "touches": 0 }"#
        let scenario = try ScenarioParser.parse(Self.file(gestures: gesture, input: ""))
        #expect(scenario.gestures[0].kind == .longPress(duration: 0.25, allowableMovement: -1, taps: 2, touches: 0))
        #expect(try ScenarioParser.parse(scenario.jsonText()) == scenario)
        let session = try ScenarioSession(scenario)
        let press = try #require(session.recognizer("LP") as? LongPressGestureRecognizer)
        #expect(press.minimumPressDuration == .milliseconds(250) && press.allowableMovement == -1)
        #expect(press.numberOfTapsRequired == 2 && press.numberOfTouchesRequired == 0)
    }

    @Test("A longPress field out of range or of the wrong kind makes the file invalid, naming the gesture",
          arguments: [
              (#""duration": -0.1"#, #""duration" must be between 0 and 1000000000 seconds"#),
              (#""duration": 2e9"#, #""duration" must be between 0 and 1000000000 seconds"#),
              (#""taps": -1"#, "taps and touches must not be negative"),
              (#""touches": -1"#, "taps and touches must not be negative"),
              (#""touches": 1.5"#, #""touches" must be a whole number"#),
              (#""allowableMovement": "far""#, #""allowableMovement" must be a number"#),
              (#""minimumPressDuration": 1"#, #"unknown field "minimumPressDuration""#),
          ])
    func invalidFields(_ field: String, _ message: String) {
        let text = Self.file(gestures: #"{ "id": "LP", "type": "longPress", "view": "V", "# + field + " }", input: "")
        #expect(throws: ScenarioError(#"gestures[0] (id "LP")"#, message)) { try ScenarioParser.parse(text) }
    }

    @Test("The format's type list names longPress, so it cannot be registered as a type of your own")
    func builtIn() {
        #expect(ScenarioRecognizerRegistry.builtInTypeNames.contains("longPress"))
    }

    @Test("R140: the shrinker proposes a long press with UIKit's defaults, a strictly smaller scenario")
    func shrinksToDefaults() throws {
        let scenario = try ScenarioParser.parse(Self.file(
            gestures: #"{ "id": "LP", "type": "longPress", "view": "V", "duration": 0.2, "touches": 2 }"#, input: ""))
        let candidates = ScenarioShrinker.candidates(scenario)
        let plain = candidates.first { $0.gestures.first?.kind == .defaultLongPress }
        #expect(plain != nil)
        #expect(plain.map(ScenarioShrinker.size(of:)) ?? .max < ScenarioShrinker.size(of: scenario))
        #expect(!ScenarioShrinker.candidates(plain ?? scenario).contains { $0.gestures.count == 1 && $0.gestures[0].kind != .defaultLongPress })
    }

    /// One way a long press fails, the scenario that shows it, and the reason `--explain` gives.
    struct Failure: CustomTestStringConvertible, Sendable {
        let name: String
        let gestures: String
        let input: [String]
        let delegate: String?
        /// The `# ...` line expected right after LP's state change to failed.
        let reason: String
        var testDescription: String { name }
    }

    static let lp = #"{ "id": "LP", "type": "longPress", "view": "V" }"#

    static let failures: [Failure] = [
        Failure(name: "moved too far (R144)", gestures: lp,
                input: [touch(0, 1, "began", 100, 100), touch(0.2, 1, "moved", 111, 100), touch(0.3, 1, "ended", 111, 100)], delegate: nil,
                reason: "# LP failed because the fingers' centroid moved 11 pt from the press's start, more than allowableMovement (10 pt), before the press began (R144)"),
        Failure(name: "lifted early (R146)", gestures: lp,
                input: [touch(0, 1, "began", 100, 100), touch(0.25, 1, "ended", 100, 100)], delegate: nil,
                reason: "# LP failed because a finger lifted 0.25 s after the press started, before minimumPressDuration (0.5 s) had passed (R146)"),
        Failure(name: "lifted with too few fingers down (R146)", gestures: #"{ "id": "LP", "type": "longPress", "view": "V", "touches": 2 }"#,
                input: [touch(0, 1, "began", 100, 100), touch(0.1, 1, "ended", 100, 100)], delegate: nil,
                reason: "# LP failed because a finger lifted with 1 of the 2 required fingers down, before the press started (R146)"),
        Failure(name: "too many fingers (R145)", gestures: lp,
                input: [touch(0, 1, "began", 100, 100), touch(0.1, 2, "began", 150, 100), touch(0.2, 1, "ended", 100, 100), touch(0.2, 2, "ended", 150, 100)],
                delegate: nil, reason: "# LP failed because 2 fingers were down, more than numberOfTouchesRequired (1) (R145)"),
        Failure(name: "no fingers required (R188)", gestures: #"{ "id": "LP", "type": "longPress", "view": "V", "touches": 0 }"#,
                input: [touch(0, 1, "began", 100, 100), touch(0.1, 1, "ended", 100, 100)], delegate: nil,
                reason: "# LP failed because 1 finger was down, more than numberOfTouchesRequired (0) (R145, R188)"),
        Failure(name: "cancelled touch (R150)", gestures: lp,
                input: [touch(0, 1, "began", 100, 100), touch(0.1, 1, "cancelled", 100, 100)], delegate: nil,
                reason: "# LP failed because its touches were cancelled before the press began (R150)"),
        Failure(name: "tap moved too far (R152)", gestures: #"{ "id": "LP", "type": "longPress", "view": "V", "taps": 1 }"#,
                input: [touch(0, 1, "began", 100, 100), touch(0.05, 1, "moved", 150, 100), touch(0.1, 1, "ended", 150, 100)], delegate: nil,
                reason: "# LP failed because tap 1 before the press moved 50 pt from the first tap's start, more than 45 pt (R152, R90)"),
        Failure(name: "two-finger tap (R152)", gestures: #"{ "id": "LP", "type": "longPress", "view": "V", "taps": 1 }"#,
                input: [touch(0, 1, "began", 100, 100), touch(0.05, 2, "began", 120, 100), touch(0.1, 1, "ended", 100, 100), touch(0.1, 2, "ended", 120, 100)],
                delegate: nil, reason: "# LP failed because a second finger touched down during a tap before the press; those taps take one finger (R152, R84)"),
        Failure(name: "tap held too long (R152)", gestures: #"{ "id": "LP", "type": "longPress", "view": "V", "taps": 1 }"#,
                input: [touch(0, 1, "began", 100, 100), touch(2, 1, "ended", 100, 100)], delegate: nil,
                reason: "# LP failed because a tap before the press stayed down longer than 1.5 s (R152, R89)"),
        Failure(name: "too long between taps (R152)", gestures: #"{ "id": "LP", "type": "longPress", "view": "V", "taps": 2 }"#,
                input: [touch(0, 1, "began", 100, 100), touch(0.1, 1, "ended", 100, 100)], delegate: nil,
                reason: "# LP failed because the next tap before the press did not touch down within 0.35 s of the previous lift (R152, R88)"),
        Failure(name: "press too late after the taps (R152)", gestures: #"{ "id": "LP", "type": "longPress", "view": "V", "taps": 1 }"#,
                input: [touch(0, 1, "began", 100, 100), touch(0.1, 1, "ended", 100, 100)], delegate: nil,
                reason: "# LP failed because the press did not touch down within 0.35 s of the last tap's lift (R152)"),
        Failure(name: "a required recognizer recognized (R55, R154)",
                gestures: #"{ "id": "LP", "type": "longPress", "view": "V", "requireToFail": ["T"] }, { "id": "T", "type": "tap", "view": "W" }"#,
                input: [touch(0, 1, "began", 100, 100), touch(0.1, 2, "began", 100, 500), touch(0.2, 2, "ended", 100, 500), touch(0.3, 1, "ended", 100, 100)],
                delegate: nil, reason: "# LP possible -> failed: T, which it requires to fail, began or recognized"),
        Failure(name: "delegate said no (R33)", gestures: lp,
                input: [touch(0, 1, "began", 100, 100), touch(0.6, 1, "ended", 100, 100)], delegate: #"{ "shouldBegin": { "LP": false } }"#,
                reason: "# LP possible -> failed: delegate gestureRecognizerShouldBegin answered false"),
    ]

    @Test("R144, R145, R146, R150, R152, R188, R33: --explain says why a long press failed, for each way it can fail", arguments: failures)
    func explainReason(_ failure: Failure) {
        let text = Self.file(gestures: failure.gestures, input: (failure.input + [#"{ "t": 5, "idle": true }"#]).joined(separator: ", "),
                             delegate: failure.delegate)
        let result = TraceCommand.run(["s.json", "--explain"], readFile: { _ in text })
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains(failure.reason), "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.hasSuffix(" gesture LP failed") && !$0.hasPrefix("#") })
        // A reason line only where the long press decided the failure itself.
        let own = failure.reason.hasPrefix("# LP failed because")
        #expect(lines.contains { $0.hasPrefix("# LP failed because") } == own)
    }

    @Test("R154, R44: a long press excluded by a recognizer that began gets the engine's reason, not one of its own")
    func excludedGetsEngineReason() {
        let gestures = #"{ "id": "T", "type": "longPress", "view": "V", "duration": 0.2 }, { "id": "LP", "type": "longPress", "view": "V" }"#
        let text = Self.file(gestures: gestures, input: [Self.touch(0, 1, "began", 100, 100), Self.touch(1, 1, "ended", 100, 100)].joined(separator: ", "))
        let result = TraceCommand.run(["s.json", "--explain"], readFile: { _ in text })
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("# LP possible -> failed: excluded by T (it began or recognized on a related view; no simultaneity)"))
        #expect(!lines.contains { $0.hasPrefix("# LP failed because") })
        #expect(lines.contains("0.200 gesture T began") && lines.contains("1.000 gesture T ended"))
    }
}
