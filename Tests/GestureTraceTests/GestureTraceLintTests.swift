import Foundation
import GestureArbiter
import GestureArbiterTesting
import Testing

/// `gesture-trace FILE --lint`: the recognizer-graph lint on scenario files.
///
/// Expected findings are derived from the rules and the scenario's set-up, never from a run.
@Suite struct GestureTraceLintTests {
    static func run(_ arguments: [String], file: String? = nil) -> TraceCommand.Result {
        TraceCommand.run(arguments, readFile: { _ in file })
    }

    /// The finding lines (`kind ids: ...`) of an output, without the fix and `#` lines.
    static func findingLines(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.hasPrefix("  fix: ") }
    }

    /// `kind ids` of each finding line.
    static func findingHeads(_ output: String) -> [String] {
        findingLines(output).map { line in String(line[..<(line.range(of: ": ")?.lowerBound ?? line.endIndex)]) }
    }

    static func repositoryFile(_ relative: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOfFile: root.appendingPathComponent(relative).path, encoding: .utf8)
    }

    @Test("--lint runs on every scenario file of the repository (conformance corpus, docs/examples): each finding has its fix line, then a count")
    func everyRepositoryScenario() {
        let corpus = ExplainTextTests.repositoryScenarios()
        #expect(corpus.contains { $0.0.hasPrefix("Tests/ConformanceTests/Scenarios/S54") })
        #expect(corpus.contains { $0.0 == "docs/examples/double-tap.json" })
        for (name, text) in corpus {
            let result = Self.run(["f.json", "--lint"], file: text)
            #expect(result.errorOutput == "", "\(name)")
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first?.hasPrefix("# scenario: ") == true, "\(name)")
            let body = Array(lines.dropFirst().dropLast(2))
            #expect(body.count % 2 == 0, "\(name)")
            for pair in stride(from: 0, to: body.count - 1, by: 2) {
                #expect(!body[pair].hasPrefix("#") && body[pair].hasSuffix(")"), "\(name): \(body[pair])")
                #expect(body[pair + 1].hasPrefix("  fix: "), "\(name): \(body[pair + 1])")
            }
            let count = body.count / 2
            let expectedCount = count == 0 ? "# lint: no findings" : count == 1 ? "# lint: 1 finding" : "# lint: \(count) findings"
            #expect(lines.dropLast().last == expectedCount, "\(name)")
            #expect(result.status == (count == 0 ? TraceCommand.ExitStatus.success : TraceCommand.ExitStatus.findings), "\(name)")
        }
    }

    @Test("R59, R121: --lint finds the edge-pan / pan cycle of S54 (E requires P, P requires E), and nothing else; exit 5")
    func edgePanPanCycle() throws {
        let text = try Self.repositoryFile("Tests/ConformanceTests/Scenarios/S54-edge-pan-pan-cycle.json")
        let result = Self.run(["S54.json", "--lint"], file: text)
        #expect(result.status == TraceCommand.ExitStatus.findings)
        #expect(result.status == 5)
        #expect(Self.findingHeads(result.output) == ["requirement-cycle E,P"])
        #expect(result.output.contains("(E -> P -> E)"))
        #expect(result.output.hasSuffix("# lint: 1 finding\n"))
    }

    @Test("R59: the real executable exits 5 on S54's cycle and 0 on the plain double-tap example")
    func executableStatus() throws {
        let path = try #require(GestureTraceCommandTests.executablePath(), "gesture-trace not found; build it first")
        let cycle = try GestureTraceCommandTests.runExecutable(
            path, ["-", "--lint"], standardInput: try Self.repositoryFile("Tests/ConformanceTests/Scenarios/S54-edge-pan-pan-cycle.json"))
        #expect(cycle.status == 5)
        #expect(Self.findingHeads(cycle.output) == ["requirement-cycle E,P"])
        let clean = try GestureTraceCommandTests.runExecutable(
            path, ["-", "--lint"], standardInput: try Self.repositoryFile("docs/examples/double-tap.json"))
        #expect(clean.status == 0)
        #expect(clean.output.hasSuffix("# lint: no findings\n"))
    }

    @Test("R51, R58, R62: the plain double-tap example and the built-in demo (single waits for double on one leaf view) have no finding; exit 0")
    func doubleTapDemosAreClean() throws {
        let example = Self.run(["double-tap.json", "--lint"], file: try Self.repositoryFile("docs/examples/double-tap.json"))
        #expect(example.status == TraceCommand.ExitStatus.success)
        #expect(Self.findingLines(example.output) == [])
        #expect(example.output.hasSuffix("# lint: no findings\n"))
        let demo = Self.run(["--lint"])
        #expect(demo.status == 0)
        #expect(demo.output == "# scenario: single tap requires double tap, four fast taps\n# lint: no findings\n")
    }

    @Test("R103, R143: S70's long press waits for a pan that a resting finger never settles")
    func longPressWaitingOnPan() throws {
        let text = try Self.repositoryFile("Tests/ConformanceTests/Scenarios/S70-long-press-waiting-on-resting-pan.json")
        #expect(Self.findingHeads(Self.run(["S70.json", "--lint"], file: text).output) == ["waits-while-resting LP,PAN"])
    }

    @Test("R2, R3: S39's tap on a hidden view is unreachable")
    func hiddenView() throws {
        let text = try Self.repositoryFile("Tests/ConformanceTests/Scenarios/S39-hidden-view-skipped.json")
        #expect(Self.findingHeads(Self.run(["S39.json", "--lint"], file: text).output) == ["unreachable T1"])
    }

    @Test("R45: S24's pan says yes to the tap and the tap's delegate (the scenario's) says no: the no is overruled")
    func overruledNo() throws {
        let text = try Self.repositoryFile("Tests/ConformanceTests/Scenarios/S24-simultaneous-via-pan-delegate.json")
        #expect(Self.findingHeads(Self.run(["S24.json", "--lint"], file: text).output) == ["overruled-no P,T"])
    }

    /// A pan P on the root R and a tap T on its child C that requires P to fail. Finger 1 rests
    /// on R from 0 to 1.0; finger 2 taps C from 0.1 to 0.2.
    static let tapWaitingOnRestingPan = #"""
        { "name": "tap waits for a resting pan",
          "views": [ { "id": "R", "parent": "window", "frame": [0, 0, 400, 800], "handlesTouches": false },
                     { "id": "C", "parent": "R", "frame": [200, 200, 100, 100] } ],
          "gestures": [ { "id": "P", "type": "pan", "view": "R" },
                        { "id": "T", "type": "tap", "view": "C", "requireToFail": ["P"] } ],
          "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 50, "y": 50 } ] },
                     { "t": 0.1, "touches": [ { "id": 2, "phase": "began", "x": 250, "y": 250 } ] },
                     { "t": 0.2, "touches": [ { "id": 2, "phase": "ended", "x": 250, "y": 250 } ] },
                     { "t": 1.0, "touches": [ { "id": 1, "phase": "ended", "x": 50, "y": 50 } ] },
                     { "t": 2, "idle": true } ] }
        """#

    @Test("R103, R54, R56, R100: the tap that waits for a resting pan is flagged, and the replay shows the wait")
    func tapWaitingOnRestingPanHoldsUntilLift() {
        let lint = Self.run(["w.json", "--lint"], file: Self.tapWaitingOnRestingPan)
        #expect(Self.findingHeads(lint.output) == ["waits-while-resting T,P"])
        // T recognizes at finger 2's lift (0.2) but is held: P still tracks the resting finger 1
        // and stays possible (R103, R54). Finger 1 lifts at 1.0: P fails (R100), T is released
        // (R56); its touch's end, withheld meanwhile (R62), is cancelled in C (R67).
        let replay = Self.run(["w.json"], file: Self.tapWaitingOnRestingPan)
        #expect(
            Self.findingLines(replay.output) == [
                "0.000 touch 1 hit R", "0.100 touch 2 hit C", "0.100 view C began 2", "1.000 gesture P failed",
                "1.000 gesture T recognized", "1.000 view C cancelled 2",
            ])
    }

    /// A long press LP that requires X (of type `type`) to fail, both on V; one finger rests on V
    /// from 0 to 2.0.
    static func longPressWaiting(on type: String) -> String {
        #"""
        { "name": "long press waits for a resting \#(type)",
          "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 400, 800] } ],
          "gestures": [ { "id": "LP", "type": "longPress", "view": "V", "requireToFail": ["X"] },
                        { "id": "X", "type": "\#(type)", "view": "V" } ],
          "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 50, "y": 50 } ] },
                     { "t": 2.0, "touches": [ { "id": 1, "phase": "ended", "x": 50, "y": 50 } ] },
                     { "t": 3, "idle": true } ] }
        """#
    }

    @Test(
        "R143, R54, R56, R103, R158, R168: a long press waiting for a pan, swipe, pinch or rotation is flagged, and begins only at the lift",
        arguments: ["pan", "swipe", "pinch", "rotation"])
    func longPressWaitingOnResting(type: String) {
        let text = Self.longPressWaiting(on: type)
        #expect(Self.findingHeads(Self.run(["w.json", "--lint"], file: text).output) == ["waits-while-resting LP,X"])
        // LP begins at 0.5 s while the finger rests (R143), but X, still possible with a resting
        // finger (R103, R158, R168), holds it (R54). At the lift X fails and LP is released:
        // began, then ended at once (R56, R148); recognizing cancels the touch in V (R67).
        let replay = Self.run(["w.json"], file: text)
        #expect(
            Self.findingLines(replay.output) == [
                "0.000 touch 1 hit V", "0.000 view V began 1", "2.000 gesture X failed", "2.000 gesture LP began",
                "2.000 gesture LP ended", "2.000 view V cancelled 1",
            ])
    }

    /// A double tap D on List, Row inside it; one tap on Row from 0 to 0.08.
    static let doubleTapOverRow = #"""
        { "name": "double tap on a list delays the row",
          "views": [ { "id": "List", "parent": "window", "frame": [0, 0, 400, 400] },
                     { "id": "Row", "parent": "List", "frame": [0, 0, 400, 50] } ],
          "gestures": [ { "id": "D", "type": "tap", "view": "List", "taps": 2 } ],
          "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 50, "y": 20 } ] },
                     { "t": 0.08, "touches": [ { "id": 1, "phase": "ended", "x": 50, "y": 20 } ] },
                     { "t": 1, "idle": true } ] }
        """#

    @Test("R62, R88, R87: the double tap over a row is flagged, and the replay shows the row's end 0.35 s late")
    func doubleTapOverRowDelaysItsEnd() {
        let lint = Self.run(["d.json", "--lint"], file: Self.doubleTapOverRow)
        #expect(Self.findingHeads(lint.output) == ["multi-tap-delays-below D"])
        #expect(lint.output.contains("touchesEnded reaches Row late"))
        // D withholds the end (R62) until its inter-tap timer fails it, 0.35 s after the lift
        // (R87, R88): 0.08 + 0.35 = 0.43.
        let replay = Self.run(["d.json"], file: Self.doubleTapOverRow)
        #expect(
            Self.findingLines(replay.output) == [
                "0.000 touch 1 hit Row", "0.000 view Row began 1", "0.430 gesture D failed", "0.430 view Row ended 1",
            ])
    }

    static func disabledScenario(enabledLater: Bool) -> String {
        let enable = enabledLater ? #"{ "t": 0.5, "enable": "T" },"# : ""
        return #"""
            { "name": "disabled tap",
              "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 100, 100] } ],
              "gestures": [ { "id": "T", "type": "tap", "view": "V", "enabled": false } ],
              "input": [ \#(enable) { "t": 1, "idle": true } ] }
            """#
    }

    @Test("R24, R40: a gesture disabled in the file is reported unless the input enables it later")
    func disabledUnlessEnabledLater() {
        let never = Self.run(["d.json", "--lint"], file: Self.disabledScenario(enabledLater: false))
        #expect(Self.findingHeads(never.output) == ["disabled T"])
        #expect(never.status == 5)
        let later = Self.run(["d.json", "--lint"], file: Self.disabledScenario(enabledLater: true))
        #expect(Self.findingLines(later.output) == [])
        #expect(later.status == 0)
    }

    @Test("--lint takes no other option, and an invalid file is exit 2 as always")
    func optionsAndErrors() {
        let demo = BuiltInScenarios.singleRequiresDoubleFourFastTaps
        for other in [["--check"], ["--explain"], ["--bench"], ["--latency"], ["--html", "x.html"]] {
            let result = Self.run(["d.json", "--lint"] + other, file: demo)
            #expect(result.status == TraceCommand.ExitStatus.invalid, "\(other)")
            #expect(result.errorOutput.hasPrefix("gesture-trace: --lint cannot be combined with --check, --explain, --latency, --html or --bench\n"))
        }
        #expect(Self.run(["d.json", "--lint"], file: "{").status == TraceCommand.ExitStatus.invalid)
        #expect(Self.run(["missing.json", "--lint"], file: nil).status == TraceCommand.ExitStatus.invalid)
        #expect(TraceCommand.usage.contains("--lint"))
        #expect(TraceCommand.usage.contains("5  under --lint"))
    }

    /// A scroll view SV that scrolls vertically, with a button B in its content, and the
    /// scroll view's own `fields`.
    static func buttonInScrollView(_ fields: String) -> String {
        """
        { "name": "a button in a scroll view", "window": { "width": 400, "height": 800 },
          "views": [
            { "id": "SV", "type": "scrollView", "parent": "window", "frame": [0, 0, 400, 800], "contentSize": [400, 2400]\(fields) },
            { "id": "B", "type": "button", "parent": "SV", "frame": [40, 200, 200, 60] }
          ],
          "input": [ { "t": 0, "idle": true } ] }
        """
    }

    @Test("R241, R242, R256: --lint flags a scroll view that delays no content touches: control-blocks-scroll, or content-blocks-scroll when it cancels none")
    func scrollBlocked() {
        let control = Self.run(["s.json", "--lint"], file: Self.buttonInScrollView(", \"delaysContentTouches\": false"))
        #expect(Self.findingHeads(control.output) == ["control-blocks-scroll SV.pan"])
        #expect(control.status == TraceCommand.ExitStatus.findings)
        // The file's own answer: a yes lets the scroll take B's touch (R241).
        let answered = Self.run(
            ["s.json", "--lint"], file: Self.buttonInScrollView(", \"delaysContentTouches\": false, \"touchesShouldCancel\": true"))
        #expect(Self.findingHeads(answered.output) == [])
        let content = Self.run(
            ["s.json", "--lint"], file: Self.buttonInScrollView(", \"delaysContentTouches\": false, \"canCancelContentTouches\": false"))
        #expect(Self.findingHeads(content.output) == ["content-blocks-scroll SV.pan"])
        // R242: with the delay (the default) a quick drag scrolls: nothing to flag.
        #expect(Self.findingHeads(Self.run(["s.json", "--lint"], file: Self.buttonInScrollView("")).output) == [])
    }

    @Test("--help and docs/scenario-format.md name every kind of finding")
    func everyKindIsDocumented() throws {
        let format = try Self.repositoryFile("docs/scenario-format.md")
        for kind in GestureLint.Finding.Kind.allCases {
            #expect(TraceCommand.usage.contains(kind.rawValue), "\(kind.rawValue)")
            #expect(format.contains("`\(kind.rawValue)`"), "\(kind.rawValue)")
        }
    }
}
