import GestureArbiter
import GestureArbiterTesting
import Testing

/// Trackpad pinch and rotation (R277, R291-R293) in scenario files, the picture and the recorder:
/// the `transform` entry, its checks, the pointer lane's span and marks, and a recorded run that
/// replays with the live log. Expected values come from the rules and the input, not from output.
@Suite struct TrackpadScenarioTests {
    /// A file with a view `V` holding a pinch `Z` and a rotation `R`, and `input`.
    static func file(input: String) -> String {
        """
        { "name": "trackpad", "window": { "width": 400, "height": 800 },
          "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 400, 800] } ],
          "gestures": [ { "id": "Z", "type": "pinch", "view": "V" }, { "id": "R", "type": "rotation", "view": "V" } ],
          "input": [\(input)] }
        """
    }

    @Test("scenario-format, R291: transform entries are read with their defaults and round-trip through the writer")
    func entriesRoundTrip() throws {
        let scenario = try ScenarioParser.parse(
            Self.file(
                input: """
                    { "t": 0, "transform": { "phase": "began", "x": 10, "y": 20 } },
                    { "t": 0.1, "transform": { "phase": "changed", "x": 10, "y": 20, "scale": 1.5 } },
                    { "t": 0.2, "transform": { "phase": "changed", "x": 12, "y": 20, "rotation": -0.25 } },
                    { "t": 0.3, "transform": { "phase": "ended", "x": 12, "y": 20 } }
                    """))
        #expect(scenario.input.map(\.action) == [
            .transform(Scenario.TransformSpec(phase: .began, x: 10, y: 20)),
            .transform(Scenario.TransformSpec(phase: .changed, x: 10, y: 20, scale: 1.5, rotation: 0)),
            .transform(Scenario.TransformSpec(phase: .changed, x: 12, y: 20, scale: 1, rotation: -0.25)),
            .transform(Scenario.TransformSpec(phase: .ended, x: 12, y: 20)),
        ])
        #expect(try ScenarioParser.parse(scenario.jsonText()) == scenario)
    }

    @Test(
        "scenario-format, R279, R291: an invalid transform entry or sequence names the entry and the problem",
        arguments: [
            (#"{ "t": 0, "transform": { "phase": "pinching", "x": 1, "y": 1 } }"#, #"unknown transform phase "pinching""#),
            (#"{ "t": 0, "transform": { "phase": "began", "x": 1 } }"#, #"missing "x" or "y""#),
            (#"{ "t": 0, "transform": { "phase": "began", "x": 1, "y": 1, "scale": 2 } }"#, #""scale" is given with "phase": "changed" only"#),
            (#"{ "t": 0, "transform": { "phase": "changed", "x": 1, "y": 1 } }"#, #"input[0]: transform "changed" with no transform going on"#),
            (#"{ "t": 0, "transform": { "phase": "began", "x": 1, "y": 1, "speed": 2 } }"#, #"unknown field "speed""#),
            ("""
             { "t": 0, "transform": { "phase": "began", "x": 1, "y": 1 } },
             { "t": 0.1, "transform": { "phase": "changed", "x": 1, "y": 1, "scale": 0 } }
             """, #""scale" must be greater than 0"#),
            ("""
             { "t": 0, "transform": { "phase": "began", "x": 1, "y": 1 } },
             { "t": 0.1, "transform": { "phase": "ended", "x": 1, "y": 1, "rotation": 1 } }
             """, #""rotation" is given with "phase": "changed" only"#),
            ("""
             { "t": 0, "transform": { "phase": "began", "x": 1, "y": 1 } },
             { "t": 0.1, "transform": { "phase": "began", "x": 1, "y": 1 } }
             """, #"input[1]: a transform "began" while another transform goes on"#),
            ("""
             { "t": 0, "transform": { "phase": "began", "x": 1, "y": 1 }, "idle": true }
             """, "has more than one of touches, hover, scroll, transform, idle"),
        ])
    func invalidEntries(input: String, message: String) {
        #expect {
            _ = try ScenarioParser.parse(Self.file(input: input))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test("R291, R122: P03's pointer lane has one pinch/rotate span per transform sequence, and a mark per entry")
    func pictureLane() throws {
        let picture = try TimelinePicture(try TimelinePictureTests.scenario("Tests/ConformanceTests/Scenarios/P03-trackpad-pinch-and-rotation.json"))
        let pointer = try #require(picture.lanes(.pointer).first)
        #expect(pointer.detail == "trackpad transform")
        #expect(pointer.spans.map(\.kind) == [.transforming, .transforming, .transforming])
        #expect(PointerPictureTests.spans(pointer) == ["0.000-0.066 pinch/rotate", "1.000-1.050 pinch/rotate", "2.000-2.016 pinch/rotate"])
        // The input has 11 transform entries: 3 began, 5 changed, 3 ended.
        #expect(pointer.marks.count == 11)
        #expect(pointer.marks.filter { $0.kind == .transform(.changed) }.count == 5)
        #expect(pointer.marks[2].reason.contains("input: transform changed (200.0, 200.0) scale 1.03 rotation 0.01"))
        let html = picture.html()
        #expect(html.contains("span pointer transforming"))
        #expect(html.contains("mark transform began"))
    }

    /// A world on the recorder tests' host: V (the whole window) with a pinch Z and a rotation R.
    static func world(_ host: ScenarioRecorderTests.Host) {
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        view.name = "V"
        host.window.addSubview(view)
        let pinch = PinchGestureRecognizer()
        pinch.name = "Z"
        let rotation = RotationGestureRecognizer()
        rotation.name = "R"
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(rotation)
    }

    static func transform(
        _ host: ScenarioRecorderTests.Host, _ phase: TransformInput.Phase, at t: Double, scale: Double = 1, rotation: Double = 0
    ) throws {
        try host.environment.dispatch(
            TransformInput(timestamp: host.time(t), phase: phase, location: Point(x: 100, y: 100), scale: scale, rotation: rotation))
    }

    @Test("R291, R292: a recorded trackpad run is written relative to its began and replays with the same log")
    func recordsTransform() throws {
        let host = ScenarioRecorderTests.Host()
        Self.world(host)
        let recorder = try ScenarioRecorder(environment: host.environment, name: "trackpad")
        // The host's totals: the gesture began at scale 2 and rotation 1 (a running total).
        try Self.transform(host, .began, at: 0, scale: 2, rotation: 1)
        try Self.transform(host, .changed, at: 0.02, scale: 2.02, rotation: 1)
        try Self.transform(host, .changed, at: 0.04, scale: 2.1, rotation: 1.01)
        try Self.transform(host, .ended, at: 0.06, scale: 2.1, rotation: 1.01)
        try host.idle(until: 1)
        let scenario = try recorder.finish()
        // 2.02 / 2 = 1.01 (101 pt, inside the dead zone); 2.1 / 2 = 1.05 begins Z (R292), which
        // excludes R, still under 1 degree (R183); the end ends Z.
        #expect(scenario.expect == ["0.040 gesture R failed", "0.040 gesture Z began", "0.060 gesture Z ended"])
        let changes = scenario.input.compactMap { entry -> Scenario.TransformSpec? in
            guard case let .transform(spec) = entry.action, spec.phase == .changed else { return nil }
            return spec
        }
        #expect(changes.count == 2)
        #expect(changes.map(\.scale) == [2.02 / 2, 2.1 / 2])
        #expect(changes.map(\.rotation) == [0, 1.01 - 1])
        let read = try ScenarioParser.parse(scenario.jsonText())
        #expect(read.input == scenario.input)
        #expect(try ScenarioRunner.run(read).log == scenario.expect)
    }

    @Test("R291: a cancelled trackpad transform is refused (the format's transform phases are began, changed and ended)")
    func refusesCancelledTransform() throws {
        let error = try PointerRecorderTests.refusal(prepare: { Self.world($0) }) { host in
            try Self.transform(host, .began, at: 0)
            try Self.transform(host, .cancelled, at: 0.1)
        }
        #expect(error?.description.contains("trackpad transform was cancelled") == true, "\(String(describing: error))")
    }
}
