import GestureArbiter
import GestureArbiterTesting
import Testing

/// What gesture-trace and the parser say when a user gets something wrong: exit 2 means nothing
/// ran, --html wants an HTML name, an unknown field suggests the field meant, and a bad frame
/// names the shape it wants and what it got.
@Suite struct CommandMessageTests {
    static let noExpect = """
        { "name": "no expect", "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 10, 10] } ],
          "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 1, "y": 1 } ] },
                     { "t": 0.1, "touches": [ { "id": 1, "phase": "ended", "x": 1, "y": 1 } ] } ] }
        """

    @Test("--check on a file with no expect exits 2 before running anything: no log on stdout")
    func checkWithoutExpectRunsNothing() {
        var written: [String] = []
        let result = TraceCommand.run(
            ["f.json", "--check", "--html", "out.html"], readFile: { _ in Self.noExpect }, readStandardInput: { nil },
            meters: .unavailable, writeFile: { path, _ in written.append(path); return nil })
        #expect(result.status == TraceCommand.ExitStatus.invalid)
        #expect(result.output == "")
        #expect(result.errorOutput == "gesture-trace: --check needs an \"expect\" list in f.json\n")
        #expect(written.isEmpty)
        // Without --check the same file runs.
        #expect(TraceCommand.run(["f.json"], readFile: { _ in Self.noExpect }).status == TraceCommand.ExitStatus.success)
    }

    @Test("--html refuses an output name that is not .html, .htm or .xhtml (exit 2), and points to the PNG script", arguments: [
        "x.png", "timeline", "x.html.png", "x.svg",
    ])
    func htmlWantsAnHTMLName(_ name: String) {
        let result = TraceCommand.run(["--html", name], readFile: { _ in nil })
        #expect(result.status == TraceCommand.ExitStatus.invalid)
        #expect(result.errorOutput.hasPrefix("gesture-trace: --html writes an HTML page: give OUT a .html, .htm or .xhtml name, not \"\(name)\""))
        #expect(result.errorOutput.contains("Scripts/render-timeline.sh"))
    }

    @Test("--html takes .html, .htm and .xhtml names, in any case", arguments: ["a.html", "b.HTM", "c.xhtml"])
    func htmlNames(_ name: String) {
        var written: [String] = []
        let result = TraceCommand.run(
            ["--html", name], readFile: { _ in nil }, readStandardInput: { nil }, meters: .unavailable,
            writeFile: { path, _ in written.append(path); return nil })
        #expect(result.status == TraceCommand.ExitStatus.success)
        #expect(written == [name])
    }

    @Test("An unknown field suggests the known field it most likely misspells", arguments: [
        (#"{ "name": "x", "gestures": [ { "id": "D", "type": "tap", "view": "window", "tapz": 2 } ] }"#,
         #"gestures[0] (id "D"): unknown field "tapz" (did you mean "taps"?)"#),
        (#"{ "name": "x", "gestures": [ { "id": "S", "type": "tap", "view": "window", "requireToFial": ["S"] } ] }"#,
         #"gestures[0] (id "S"): unknown field "requireToFial" (did you mean "requireToFail"?)"#),
        (#"{ "name": "x", "delegate": { "shouldRecieve": {} } }"#, #"delegate: unknown field "shouldRecieve" (did you mean "shouldReceive"?)"#),
        (#"{ "name": "x", "expected": [] }"#, #"file: unknown field "expected" (did you mean "expect"?)"#),
        (#"{ "name": "x", "colour": 1 }"#, #"file: unknown field "colour""#),
    ])
    func didYouMean(_ json: String, _ message: String) {
        #expect {
            try ScenarioParser.parse(json)
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test("A bad frame names the shape it wants and what it got", arguments: [
        (#"[0, 0, 1]"#, #"views[0] (id "V"): "frame" must be [x, y, width, height], a list of four numbers, not a list of 3 items"#),
        (#"{ "x": 0, "y": 0, "width": 1, "height": 1 }"#, #"views[0] (id "V"): "frame" must be [x, y, width, height], a list of four numbers, not an object"#),
        (#""0 0 1 1""#, #"views[0] (id "V"): "frame" must be [x, y, width, height], a list of four numbers, not a string"#),
        (#"[0, 0, "1", 1]"#, #"views[0] (id "V"): "frame" must be [x, y, width, height]: width is a string, not a number"#),
    ])
    func frameShape(_ frame: String, _ message: String) {
        #expect {
            try ScenarioParser.parse(#"{ "name": "x", "views": [ { "id": "V", "parent": "window", "frame": "# + frame + " } ] }")
        } throws: { error in
            "\(error)" == message
        }
    }
}
