import GestureArbiter
import GestureArbiterTesting
import Testing

/// The `swipe` gesture type of the scenario format, and the swipe's `--explain` reasons.
@Suite struct SwipeScenarioTests {
    /// A scenario with view V (0, 0, 400, 600) holding swipe SW with `fields`, and `input`.
    static func file(_ fields: String = "", input: String) -> String {
        """
        { "name": "swipe", "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 400, 600], "multipleTouchEnabled": true } ],
          "gestures": [ { "id": "SW", "type": "swipe", "view": "V"\(fields) } ],
          "input": [ \(input) ] }
        """
    }

    /// Touch `id` in `phase` at (x, y), at `t`.
    static func touch(_ t: Double, _ id: Int, _ phase: String, _ x: Double, _ y: Double) -> String {
        #"{ "t": \#(t), "touches": [ { "id": \#(id), "phase": "\#(phase)", "x": \#(x), "y": \#(y) } ] }"#
    }

    @Test("R155: swipe defaults: directions [right], one touch, the generic flags; the runner builds a SwipeGestureRecognizer")
    func defaults() throws {
        let scenario = try ScenarioParser.parse(Self.file(input: #"{ "t": 0, "idle": true }"#))
        let gesture = try #require(scenario.gestures.first)
        #expect(gesture.kind == .swipe(directions: ["right"], touches: 1))
        #expect(gesture.kind.typeName == "swipe")
        #expect(!gesture.delaysTouchesBegan && gesture.delaysTouchesEnded && gesture.cancelsTouchesInView)
        #expect(ScenarioRecognizerRegistry.builtInTypeNames.contains("swipe"))
    }

    @Test("R155, R159: the runner sets each direction: a flick its way recognizes, the opposite flick fails", arguments: [
        ("right", 1.0, 0.0), ("left", -1.0, 0.0), ("up", 0.0, -1.0), ("down", 0.0, 1.0),
    ])
    func runnerDirections(_ name: String, _ x: Double, _ y: Double) throws {
        for (sign, expected) in [(1.0, "recognized"), (-1.0, "failed")] {
            let text = Self.file(#", "directions": ["\#(name)"]"#, input: [
                Self.touch(0, 1, "began", 200, 300), Self.touch(0.05, 1, "moved", 200 + sign * 80 * x, 300 + sign * 80 * y),
                Self.touch(0.1, 1, "ended", 200, 300),
            ].joined(separator: ", "))
            let run = try ScenarioRunner.run(try ScenarioParser.parse(text))
            #expect(run.log.contains("0.050 gesture SW \(expected)"), "\(name) \(sign): \(run.log)")
        }
    }

    @Test("R155, R161: directions and touches are read, run and written back unchanged", arguments: [
        (#", "directions": ["left"]"#, Scenario.GestureKind.swipe(directions: ["left"], touches: 1)),
        (#", "directions": ["up", "down"], "touches": 2"#, .swipe(directions: ["up", "down"], touches: 2)),
        (#", "directions": ["right", "down"], "touches": 0"#, .swipe(directions: ["right", "down"], touches: 0)),
    ])
    func fieldsRoundTrip(_ fields: String, _ kind: Scenario.GestureKind) throws {
        let scenario = try ScenarioParser.parse(Self.file(fields, input: #"{ "t": 0, "idle": true }"#))
        #expect(scenario.gestures.first?.kind == kind)
        #expect(try ScenarioParser.parse(scenario.jsonText()) == scenario)
    }

    @Test("scenario-format: a swipe with an empty or unknown direction, or negative touches, is an invalid file", arguments: [
        (#", "directions": []"#, "swipe needs a non-empty \"directions\" list"),
        (#", "directions": ["sideways"]"#, "unknown direction \"sideways\""),
        (#", "touches": -1"#, "\"touches\" must not be negative"),
        (#", "edges": ["left"]"#, "unknown field"),
    ])
    func invalidFields(_ fields: String, _ message: String) {
        #expect(performing: { try ScenarioParser.parse(Self.file(fields, input: #"{ "t": 0, "idle": true }"#)) },
                throws: { "\($0)".contains(message) })
    }

    @Test("R160, R167: a fast flick in a scenario recognizes in its move and cancels the view's touch")
    func flickRuns() throws {
        let text = Self.file(input: [
            Self.touch(0, 1, "began", 100, 300), Self.touch(0.02, 1, "moved", 130, 300),
            Self.touch(0.04, 1, "moved", 170, 300), Self.touch(0.06, 1, "ended", 180, 300),
        ].joined(separator: ", "))
        let run = try ScenarioRunner.run(try ScenarioParser.parse(text))
        #expect(run.log.contains("0.040 gesture SW recognized"))
        #expect(run.log.contains("0.040 view V cancelled 1"))
        #expect(run.endedIdle)
    }

    /// A way to fail in a scenario and the start of its `--explain` reason.
    static let explained: [(String, String, String)] = [
        ("", [touch(0, 1, "began", 100, 300), touch(0.02, 1, "moved", 90, 300), touch(0.1, 1, "ended", 90, 300)].joined(separator: ", "),
         "# SW failed because wrong direction: touch 1 moved 10 pt against right"),
        ("", [touch(0, 1, "began", 100, 300), touch(0.1, 1, "moved", 120, 400), touch(0.2, 1, "ended", 120, 400)].joined(separator: ", "),
         "# SW failed because touch 1 is 100 pt off the horizontal axis, more than the 45.1 pt allowed then"),
        ("", [touch(0, 1, "began", 100, 300), touch(0.6, 1, "moved", 200, 300), touch(0.7, 1, "ended", 200, 300)].joined(separator: ", "),
         "# SW failed because too slow: a move 0.6 s after the start, past the 0.5 s limit"),
        ("", [touch(0, 1, "began", 100, 300), touch(0.1, 1, "moved", 130, 300), touch(0.2, 1, "ended", 300, 300)].joined(separator: ", "),
         "# SW failed because too short: the fingers lifted before a move recognized it; the last move reached 30 pt along an allowed direction of the 45.3 pt needed then"),
        (#", "touches": 2"#, [touch(0, 1, "began", 100, 300), touch(0.02, 2, "began", 100, 400), touch(0.05, 2, "ended", 100, 400),
                              touch(0.1, 1, "ended", 100, 300)].joined(separator: ", "),
         "# SW failed because touch 2 lifted while other fingers stayed down"),
        ("", [touch(0, 1, "began", 100, 300), touch(0.02, 2, "began", 100, 400), touch(0.05, 2, "ended", 100, 400),
              touch(0.1, 1, "ended", 100, 300)].joined(separator: ", "),
         "# SW failed because 2 fingers where 1 is required"),
        (#", "touches": 0"#, [touch(0, 1, "began", 100, 300), touch(0.1, 1, "ended", 100, 300)].joined(separator: ", "),
         "# SW failed because numberOfTouchesRequired is 0, which no swipe can satisfy"),
        ("", [touch(0, 1, "began", 100, 300), touch(0.1, 1, "cancelled", 100, 300)].joined(separator: ", "),
         "# SW failed because too short: the fingers lifted before any move"),
    ]

    @Test("R158, R159, R162, R188: --explain gives the reason of each way a swipe fails", arguments: 0..<explained.count)
    func explainReasons(_ index: Int) {
        let (fields, input, reason) = Self.explained[index]
        let result = TraceCommand.run(["s.json", "--explain"], readFile: { _ in Self.file(fields, input: input) })
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains(reason), "\(lines.filter { $0.contains("SW") })")
        // The reason follows the failure's state change.
        if let at = lines.firstIndex(of: reason) { #expect(lines[at - 1].hasPrefix("# SW possible -> failed")) }
    }
}
