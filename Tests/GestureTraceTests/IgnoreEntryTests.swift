import GestureArbiter
import GestureArbiterTesting
import Testing

/// The `ignore` input entry: `ignore(_:for:)` on a gesture for a live touch (R26). Expected logs
/// are written from R26, R99, R100 and R115.
@Suite struct IgnoreEntryTests {
    static func file(_ input: String) -> String {
        """
        {
          "name": "ignore",
          "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 200, 200] } ],
          "gestures": [ { "id": "P", "type": "pan", "view": "V" } ],
          "input": [
            { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 50, "y": 50 } ] },
            { "t": 0.02, "touches": [ { "id": 1, "phase": "moved", "x": 70, "y": 50 } ] },
            \(input)
            { "t": 0.1, "touches": [ { "id": 1, "phase": "ended", "x": 70, "y": 50 } ] },
            { "t": 1, "idle": true }
          ]
        }
        """
    }

    @Test("R26, R100, R115: a pan whose only finger is ignored mid-drag ends at the entry's time; the cancelled view hears no more of it")
    func panEndsAtTheIgnore() throws {
        let scenario = try ScenarioParser.parse(Self.file(#"{ "t": 0.05, "ignore": { "gesture": "P", "touch": 1 } },"#))
        #expect(scenario.input[2].action == .ignore(gesture: "P", touch: 1))
        let run = try ScenarioRunner.run(scenario)
        #expect(run.log == [
            "0.000 touch 1 hit V", "0.000 view V began 1",
            "0.020 gesture P began", "0.020 view V cancelled 1",
            "0.050 gesture P ended",
        ])
        #expect(run.endedIdle, "\(run.busyReasons)")
    }

    @Test("R26: an ignore entry for a touch that is not live does nothing: the pan ends at the lift as usual")
    func ignoreOfAnEndedTouchDoesNothing() throws {
        let scenario = try ScenarioParser.parse(Self.file(#"{ "t": 0.05, "ignore": { "gesture": "P", "touch": 9 } },"#))
        let run = try ScenarioRunner.run(scenario)
        #expect(run.log == [
            "0.000 touch 1 hit V", "0.000 view V began 1",
            "0.020 gesture P began", "0.020 view V cancelled 1",
            "0.100 gesture P ended",
        ])
    }

    @Test("An ignore entry is written back by jsonText() and reads back equal")
    func roundTrip() throws {
        let scenario = try ScenarioParser.parse(Self.file(#"{ "t": 0.05, "ignore": { "gesture": "P", "touch": 1 } },"#))
        #expect(scenario.jsonText().contains(#""ignore": { "gesture": "P", "touch": 1 }"#))
        #expect(try ScenarioParser.parse(scenario.jsonText()) == scenario)
    }

    @Test("A bad ignore entry makes the file invalid, naming the entry", arguments: [
        (#"{ "t": 0.05, "ignore": { "gesture": "Q", "touch": 1 } },"#, "input[2].ignore: \"gesture\" names unknown gesture \"Q\""),
        (#"{ "t": 0.05, "ignore": { "gesture": "P" } },"#, "input[2].ignore: missing \"touch\""),
        (#"{ "t": 0.05, "ignore": { "gesture": "P", "touch": 1.5 } },"#, "input[2].ignore: \"touch\" must be a whole number"),
        (#"{ "t": 0.05, "ignore": { "gesture": "P", "touch": 1, "view": "V" } },"#, "input[2].ignore: unknown field \"view\""),
        (#"{ "t": 0.05, "ignore": "P" },"#, "input[2].ignore: expected an object"),
        (#"{ "t": 0.05, "idle": true, "ignore": { "gesture": "P", "touch": 1 } },"#, "input[2]: has more than one of touches, hover, scroll, transform, idle, disable, enable, removeGesture, removeView, ignore"),
    ])
    func badEntries(_ entry: String, _ message: String) {
        #expect {
            try ScenarioParser.parse(Self.file(entry))
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }
}
