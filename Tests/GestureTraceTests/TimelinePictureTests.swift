import Foundation
import GestureArbiter
import GestureArbiterTesting
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The timeline picture of `gesture-trace --html` (R122): its lanes, marks and spans agree with
/// the timeline log and with the engine's trace records, for the demo, every example, every
/// conformance scenario and the two picture fixtures (three fingers and six recognizers; sixty
/// seconds); the page is well-formed XML, self-contained, and every mark and span has its reason.
@Suite struct TimelinePictureTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `demo`, then the scenario files by path from the package root.
    static let scenarios: [String] = {
        var names = ["demo"]
        for folder in ["docs/examples", "Tests/ConformanceTests/Scenarios", "Tests/GestureTraceTests/Timelines"] {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)) ?? []
            names += files.filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
        }
        return names
    }()

    static func scenario(_ name: String) throws -> Scenario {
        if name == "demo" { return try ScenarioParser.parse(BuiltInScenarios.singleRequiresDoubleFourFastTaps) }
        let text = try String(contentsOf: packageRoot.appendingPathComponent(name), encoding: .utf8)
        return try ScenarioParser.parse(text)
    }

    /// A trace record reduced to what the checks compare, with the time of its pass.
    struct Traced {
        var time: Timestamp
        var record: TraceRecord
    }

    /// Plays `scenario` once more with a recording tracer, up to an entry the engine rejects.
    static func trace(_ scenario: Scenario) throws -> (log: [String], records: [Traced]) {
        let recorder = RecordingTracer()
        let session = try ScenarioSession(scenario, observer: recorder)
        for entry in scenario.input {
            do { try session.play(entry) } catch { break }
        }
        var time = Timestamp.zero
        var traced: [Traced] = []
        for record in recorder.records {
            if case let .passStarted(_, at) = record { time = at }
            traced.append(Traced(time: time, record: record))
        }
        return (session.log.logLines, traced)
    }

    @Test("R122: there are enough scenarios to draw (demo, examples, conformance, the two fixtures)")
    func corpus() {
        #expect(Self.scenarios.count >= 1 + 3 + 40 + 2)
        #expect(Self.scenarios.contains("Tests/GestureTraceTests/Timelines/three-fingers-six-recognizers.json"))
        #expect(Self.scenarios.contains("Tests/GestureTraceTests/Timelines/sixty-seconds.json"))
    }

    @Test("R1, R34-R37, R15, R66: the lanes and marks match the timeline log", arguments: scenarios)
    func matchesLog(_ name: String) throws {
        let scenario = try Self.scenario(name)
        let picture = try TimelinePicture(scenario)
        let (log, _) = try Self.trace(scenario)
        func lane(_ kind: TimelinePicture.LaneKind, _ laneName: String) -> TimelinePicture.Lane? {
            picture.lanes.first { $0.kind == kind && $0.name == laneName }
        }
        var actionsByLane: [String: [String]] = [:]
        var failuresByLane: [String: [String]] = [:]
        var viewLines: [String: [String]] = [:]
        // A view's log lines are its own deliveries when it handles touches and no view below it
        // forwards touches up the responder chain to it (R15): a view that does not handle its
        // touches, or a control, which passes on what it does not track (R204, R223).
        let forwarding = scenario.views.filter { !$0.handlesTouches || $0.type.isControl }.map(\.id)
        let handling = Set(
            scenario.views.filter { view in
                view.handlesTouches && !forwarding.contains { scenario.ancestry(of: $0).dropFirst().contains(view.id) }
            }.map(\.id))
        for line in log {
            let words = line.split(separator: " ").map(String.init)
            let time = words[0]
            switch words[1] {
            case "touch":
                // "t touch N hit V": the touch lane has a down at t and names V.
                let touchLane = try #require(lane(.touch, "touch \(words[2])"), "\(name): no lane for \(line)")
                #expect(touchLane.marks.contains { $0.kind == .touch(.began) && $0.time.description == time }, "\(name): \(line)")
                #expect(touchLane.detail.contains(words[4] == "none" ? "nothing" : words[4]), "\(name): \(line)")
            case "gesture" where words[3] == "failed":
                failuresByLane[words[2], default: []].append(time)
            case "gesture":
                actionsByLane[words[2], default: []].append("\(time) \(words[3])")
            case "view" where handling.contains(words[2]):
                viewLines[words[2], default: []].append("\(time) \(words[3...].joined(separator: " "))")
            default:
                break
            }
        }
        for recognizer in picture.lanes(.recognizer) {
            let actions = recognizer.marks.compactMap { mark -> String? in
                guard case .action = mark.kind else { return nil }
                return "\(mark.time) \(mark.label)"
            }
            #expect(actions == actionsByLane[recognizer.name, default: []], "\(name): actions of \(recognizer.name)")
            let failures = recognizer.spans.filter { $0.kind == .state(.failed) }.map { $0.start.description }
            #expect(failures == failuresByLane[recognizer.name, default: []], "\(name): failures of \(recognizer.name)")
        }
        // A scroll view's built-in recognizers (R230) have lanes of their own.
        #expect(Set(picture.lanes(.recognizer).map(\.name)) == Set(scenario.gestures.map(\.id) + scenario.builtInGestureIDs), "\(name)")
        for (view, lines) in viewLines {
            let viewLane = try #require(lane(.view, view), "\(name): no lane for view \(view)")
            let deliveries = viewLane.marks.compactMap { mark -> String? in
                guard case .delivery = mark.kind else { return nil }
                return "\(mark.time) \(mark.label)"
            }
            #expect(deliveries == lines, "\(name): deliveries to \(view)")
        }
        // Every touch event of the input is a mark on its touch lane (stationary ones aside).
        var touchMarks = 0
        for entry in scenario.input {
            if case let .touches(touches) = entry.action { touchMarks += touches.filter { $0.phase != .stationary }.count }
        }
        #expect(picture.lanes(.touch).map(\.marks.count).reduce(0, +) == touchMarks, "\(name)")
        // Every hover, scroll and transform entry and every click is a mark on the one pointer
        // lane (R261, R267, R272, R291); there is no pointer lane without pointer input.
        var pointerMarks = 0
        for entry in scenario.input {
            switch entry.action {
            case .hover, .scroll, .transform: pointerMarks += 1
            case let .touches(touches): pointerMarks += touches.filter { $0.type == .indirectPointer && $0.phase == .began }.count
            default: break
            }
        }
        #expect(picture.lanes(.pointer).count == (pointerMarks > 0 ? 1 : 0), "\(name)")
        #expect(picture.lanes(.pointer).map(\.marks.count).reduce(0, +) == pointerMarks, "\(name)")
    }

    @Test("R54, R61-R67, R122: marks and spans match the trace records (deliveries, states, holds, withheld phases)", arguments: scenarios)
    func matchesTrace(_ name: String) throws {
        let scenario = try Self.scenario(name)
        let picture = try TimelinePicture(scenario)
        let (_, records) = try Self.trace(scenario)
        func lane(_ kind: TimelinePicture.LaneKind, _ laneName: String) throws -> TimelinePicture.Lane {
            try #require(picture.lanes.first { $0.kind == kind && $0.name == laneName }, "\(name): no \(kind) lane \(laneName)")
        }
        var deliveries: [String: [String]] = [:]
        var states: [String: [String]] = [:]
        for traced in records {
            switch traced.record {
            case let .delivered(view, phase, touches, delayed):
                let ids = touches.map { String($0.id) }.joined(separator: ",")
                deliveries[view.name ?? "?", default: []].append("\(traced.time) \(phase) \(ids) \(delayed)")
            case let .stateChanged(recognizer, _, to, _):
                states[recognizer.name ?? "?", default: []].append("\(traced.time) \(to)")
            case let .held(recognizer, waitingFor):
                // A hatched span covers the hold and names what it waits for (R54).
                let recognizerLane = try lane(.recognizer, recognizer.name ?? "?")
                let covering = recognizerLane.spans.filter { $0.kind == .waiting && $0.start <= traced.time && traced.time <= $0.end }
                #expect(covering.count == 1, "\(name): \(traced.record) at \(traced.time)")
                for other in waitingFor {
                    #expect(covering.first?.label.contains(other.name ?? "?") == true, "\(name): \(traced.record)")
                }
            case let .withheld(touch, phase, by):
                // A shaded span on the touch's view covers it, or it ended in the same pass.
                let viewLane = try lane(.view, touch.hitTestView?.name ?? "?")
                let id = String(touch.id)
                let covered = viewLane.spans.contains {
                    $0.kind == .withheld && $0.start <= traced.time && traced.time <= $0.end && $0.label.hasPrefix("\(phase) ")
                        && $0.label.split(separator: " ")[1].split(separator: ",").map(String.init).contains(id)
                }
                let sameInstant = viewLane.marks.contains {
                    $0.time == traced.time
                        && $0.label.split(separator: " ").last?.split(separator: ",").map(String.init).contains(id) == true
                }
                #expect(covered || sameInstant, "\(name): \(traced.record) at \(traced.time)")
                for recognizer in by where covered {
                    #expect(
                        viewLane.spans.contains {
                            $0.kind == .withheld && $0.start <= traced.time && $0.label.contains(recognizer.name ?? "?")
                        },
                        "\(name): \(traced.record) names \(recognizer.name ?? "?")")
                }
            default:
                break
            }
        }
        for viewLane in picture.lanes(.view) {
            let drawn = viewLane.marks.compactMap { mark -> String? in
                guard case let .delivery(_, delayed) = mark.kind else { return nil }
                return "\(mark.time) \(mark.label) \(delayed)"
            }
            #expect(drawn == deliveries[viewLane.name, default: []], "\(name): deliveries to \(viewLane.name)")
        }
        for recognizerLane in picture.lanes(.recognizer) {
            // A band for every state change, starting at it: possible bands start with a touch. A
            // state reached while held is a held band (R54); its release continues it as a state
            // band from the release (R56), which is no state change of its own.
            let releases = Set(recognizerLane.spans.compactMap { span -> String? in
                if case let .held(state) = span.kind { return "\(span.end) \(state)" }
                return nil
            })
            let bands = recognizerLane.spans.compactMap { span -> String? in
                switch span.kind {
                case let .held(state): return "\(span.start) \(state)"
                case let .state(state) where state != .possible && !releases.contains("\(span.start) \(state)"):
                    return "\(span.start) \(state)"
                default: return nil
                }
            }
            #expect(bands == states[recognizerLane.name, default: []], "\(name): states of \(recognizerLane.name)")
            for span in recognizerLane.spans { #expect(span.start <= span.end, "\(name): \(span.label)") }
        }
    }

    @Test(
        "R122: the page is well-formed XML with the model's lanes, marks, spans and titles; no script, nothing fetched",
        arguments: scenarios)
    func pageStructure(_ name: String) throws {
        let picture = try TimelinePicture(try Self.scenario(name))
        let html = picture.html()
        let page = try #require(ParsedPage(html), "\(name): the page does not parse as XML")
        #expect(page.root == "html", "\(name)")
        #expect(page.svgCount == 1, "\(name)")
        #expect(!html.lowercased().contains("<script"), "\(name)")
        let addresses = html.components(separatedBy: "http").dropFirst().map { "http" + $0.prefix(40) }
        #expect(
            addresses.allSatisfy { $0.hasPrefix("http://www.w3.org/1999/xhtml\"") || $0.hasPrefix("http://www.w3.org/2000/svg\"") },
            "\(name): \(addresses)")
        #expect(page.lanes.map(\.kind) == picture.lanes.map(\.kind.rawValue), "\(name)")
        #expect(page.lanes.map(\.name) == picture.lanes.map(\.name), "\(name)")
        for (drawn, lane) in zip(page.lanes, picture.lanes) {
            #expect(drawn.markTimes == lane.marks.map { $0.time.formattedSeconds(decimals: 3) }, "\(name): \(lane.name)")
            #expect(drawn.spanCount == lane.spans.count, "\(name): \(lane.name)")
            #expect(drawn.titles.count == lane.marks.count + lane.spans.count, "\(name): \(lane.name)")
            for mark in lane.marks where !mark.reason.isEmpty {
                #expect(drawn.titles.contains { $0.contains(mark.reason) }, "\(name): \(lane.name) \(mark.label)")
            }
        }
        #expect(page.breakCount == picture.breaks.count, "\(name)")
    }

    @Test("R122: a mark's title is the --explain line behind it; a delayed delivery's and action's also the --latency line")
    func titlesAreReasons() throws {
        let picture = try TimelinePicture(try Self.scenario("demo"))
        let view = try #require(picture.lanes(.view).first { $0.name == "V" })
        // At 0.200 D recognizes: it cancels touch 1 in V and discards the withheld touch 2 (R67).
        let discarded = try #require(view.marks.first { $0.kind == .discarded })
        #expect(discarded.time == Timestamp(seconds: 0.2))
        #expect(discarded.reason == "D cancels 1 in the view; discards withheld 2 (cancelsTouchesInView)")
        // The single tap S waits for D from its end at 0.050 until it fails at 0.200 (R54, R55).
        let single = try #require(picture.lanes(.recognizer).first { $0.name == "S" })
        let wait = try #require(single.spans.first { $0.kind == .waiting })
        #expect(wait.start == Timestamp(seconds: 0.05))
        #expect(wait.end == Timestamp(seconds: 0.2))
        #expect(wait.label == "waits for D to fail")
        #expect(wait.reason.hasPrefix("S held: requires D to fail"))
        // S55: D withholds the began of touch 1 until its timer fails it at 0.450 (R61, R65, R66);
        // the latency line names it.
        let s55 = try TimelinePicture(try Self.scenario("Tests/ConformanceTests/Scenarios/S55-double-tap-delays-began-timer-release.json"))
        let v = try #require(s55.lanes(.view).first { $0.name == "V" })
        let began = try #require(v.spans.first { $0.label.hasPrefix("began 1") })
        #expect(began.start == .zero)
        #expect(began.end == Timestamp(seconds: 0.45))
        #expect(began.label == "began 1 withheld by D (delaysTouchesBegan)")
        #expect(began.reason.contains("view V began 1 at 0.450: ready at 0.000, withheld 0.450 by D (delaysTouchesBegan)"))
        let delayed = try #require(v.marks.first { $0.kind == .delivery(.began, delayed: true) })
        #expect(delayed.reason.hasPrefix("V began 1 (delayed)"))
    }

    @Test("A sixty-second scenario: idle stretches over a second are drawn short, with their real length on the page")
    func idleStretchesCompress() throws {
        let picture = try TimelinePicture(try Self.scenario("Tests/GestureTraceTests/Timelines/sixty-seconds.json"))
        #expect(picture.endTime > Timestamp(seconds: 59))
        #expect(picture.breaks.count >= 3)
        let instants = picture.lanes.flatMap { lane in lane.marks.map(\.time) + lane.spans.flatMap { [$0.start, $0.end] } }
        for gap in picture.breaks {
            #expect(gap.length > TimelinePicture.idleThreshold)
            #expect(!instants.contains { $0 > gap.start && $0 < gap.end }, "an event inside the break \(gap)")
            let length = (Timestamp.zero + gap.length).formattedSeconds(decimals: 3)
            #expect(picture.html().contains(">\(length) s idle<"), "no label for \(gap)")
        }
        // The gaps that are left are at most a second; the demo has none to compress.
        #expect(try TimelinePicture(try Self.scenario("demo")).breaks.isEmpty)
    }

    @Test("R17, R79: three fingers and six recognizers: a lane each, and the two-finger pinch on its own lane")
    func threeFingers() throws {
        let picture = try TimelinePicture(try Self.scenario("Tests/GestureTraceTests/Timelines/three-fingers-six-recognizers.json"))
        #expect(picture.lanes(.touch).map(\.name) == ["touch 1", "touch 2", "touch 3"])
        #expect(picture.lanes(.recognizer).count == 6)
        #expect(picture.lanes(.view).map(\.name) == ["Card", "Photo", "Button"])
        let pinch = try #require(picture.lanes(.recognizer).first { $0.name == "Pinch" })
        #expect(pinch.marks.contains { $0.label == "began" })
    }

    @Test("R117: a run the engine stops draws the input up to the rejected entry and says why")
    func stoppedRun() throws {
        let picture = try TimelinePicture(try ScenarioParser.parse(GestureTraceOptionsTests.rejected))
        #expect(picture.stopReason?.hasPrefix("input[2] was rejected by the engine") == true)
        #expect(picture.lanes(.touch).map(\.name) == ["touch 1"])
        #expect(picture.html().contains("Run stopped: input[2]"))
    }

    // MARK: - gesture-trace --html

    /// Runs the command with the demo and a writer that keeps what it was given.
    static func runWriting(_ arguments: [String], file: String? = nil, failure: String? = nil) -> (TraceCommand.Result, [String: String]) {
        var written: [String: String] = [:]
        let result = TraceCommand.run(
            arguments, readFile: { _ in file }, readStandardInput: { nil }, meters: .unavailable,
            writeFile: { path, contents in
                if let failure { return failure }
                written[path] = contents
                return nil
            })
        return (result, written)
    }

    @Test("gesture-trace --html OUT writes the page through the writer, prints the log and a # picture line, exit 0")
    func commandWrites() throws {
        let (result, written) = Self.runWriting(["--html", "out.html"])
        #expect(result.status == TraceCommand.ExitStatus.success)
        #expect(result.output == GestureTraceCommandTests.demoOutput + "# picture: out.html\n")
        #expect(result.errorOutput.isEmpty)
        let page = try #require(written["out.html"])
        #expect(page == (try TimelinePicture(try Self.scenario("demo"))).html())
        #expect(written.count == 1)
    }

    @Test("--html combines with --check, --explain and --latency and keeps their exit status")
    func commandCombines() throws {
        let (checked, written) = Self.runWriting(["--check", "--html", "a.html", "--explain", "--latency"])
        #expect(checked.status == 0)
        #expect(written["a.html"] != nil)
        #expect(checked.output.contains("# latency:"))
        #expect(checked.output.contains("# picture: a.html\n# check: the log matches"))
        // A log that differs from expect: still drawn, still exit 1.
        let wrong = BuiltInScenarios.singleRequiresDoubleFourFastTaps.replacingOccurrences(of: "\"0.000 view V began 1\",", with: "")
        let (different, drawn) = Self.runWriting(["w.json", "--check", "--html", "w.html"], file: wrong)
        #expect(different.status == TraceCommand.ExitStatus.different)
        #expect(drawn["w.html"] != nil)
        // R117: a rejected entry: the picture of the run up to it, exit 3.
        let (rejected, stopped) = Self.runWriting(["r.json", "--html", "r.html"], file: GestureTraceOptionsTests.rejected)
        #expect(rejected.status == TraceCommand.ExitStatus.rejected)
        #expect(stopped["r.html"]?.contains("Run stopped: input[2]") == true)
    }

    @Test("--html: a file that cannot be written is exit 4 with the reason; a missing OUT or --bench is a usage error")
    func commandErrors() {
        let (failed, _) = Self.runWriting(["--html", "/no/such/dir/x.html"], failure: "no such directory")
        #expect(failed.status == TraceCommand.ExitStatus.pictureNotWritten)
        #expect(failed.status == 4)
        #expect(failed.errorOutput == "gesture-trace: cannot write the picture to /no/such/dir/x.html: no such directory\n")
        #expect(failed.output.hasPrefix(GestureTraceCommandTests.demoOutput))
        let (missing, none) = Self.runWriting(["--html"])
        #expect(missing.status == 2)
        #expect(missing.errorOutput.hasPrefix("gesture-trace: --html needs an output file\n"))
        #expect(none.isEmpty)
        #expect(Self.runWriting(["--bench", "--html", "x.html"]).0.status == 2)
        // The overloads without a writer write nothing and say so.
        let old = TraceCommand.run(["--html", "x.html"], readFile: { _ in nil })
        #expect(old.status == 4)
        #expect(old.errorOutput.contains("writes no files"))
    }

    @Test("gesture-trace --html: the real executable writes the file, or exits 4 when it cannot")
    func executableWrites() throws {
        let path = try #require(GestureTraceCommandTests.executablePath(), "gesture-trace not found; build it first")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-trace-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("demo.html").path
        let written = try GestureTraceCommandTests.runExecutable(path, ["--html", out])
        #expect(written.status == 0)
        let page = try String(contentsOfFile: out, encoding: .utf8)
        #expect(ParsedPage(page) != nil)
        let unwritable = try GestureTraceCommandTests.runExecutable(
            path, ["--html", directory.appendingPathComponent("no/such.html").path])
        #expect(unwritable.status == 4)
        #expect(unwritable.errorOutput.hasPrefix("gesture-trace: cannot write the picture to "))
        #expect(unwritable.errorOutput.contains("no such directory"))
        #expect(unwritable.output.hasPrefix(GestureTraceCommandTests.demoOutput))
        // OUT names a folder (with an HTML name): Foundation's reason.
        let folderPath = directory.appendingPathComponent("folder.html")
        try FileManager.default.createDirectory(at: folderPath, withIntermediateDirectories: true)
        let folder = try GestureTraceCommandTests.runExecutable(path, ["--html", folderPath.path])
        #expect(folder.status == 4)
    }
}

/// What the checks read back from a page: its root, its lanes with their marks' times, spans and
/// titles, and its breaks, through an XML parser.
final class ParsedPage: NSObject, XMLParserDelegate {
    struct Lane {
        var kind = ""
        var name = ""
        var markTimes: [String] = []
        var spanCount = 0
        var titles: [String] = []
    }

    var root = ""
    var svgCount = 0
    var lanes: [Lane] = []
    var breakCount = 0
    private var laneDepth: Int?
    private var depth = 0
    private var title: String?

    init?(_ html: String) {
        super.init()
        let parser = XMLParser(data: Data(html.utf8))
        parser.delegate = self
        guard parser.parse() else { return nil }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        if root.isEmpty { root = elementName }
        if elementName == "svg" { svgCount += 1 }
        let classes = (attributes["class"] ?? "").split(separator: " ")
        if elementName == "g", classes.contains("lane") {
            lanes.append(Lane(kind: attributes["data-kind"] ?? "", name: attributes["data-name"] ?? ""))
            laneDepth = depth
        } else if elementName == "g", classes.contains("break") {
            breakCount += 1
        } else if laneDepth != nil, elementName == "g", classes.contains("mark") {
            lanes[lanes.count - 1].markTimes.append(attributes["data-time"] ?? "")
        } else if laneDepth != nil, elementName == "g", classes.contains("span") {
            lanes[lanes.count - 1].spanCount += 1
        } else if laneDepth != nil, elementName == "title" {
            title = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if title != nil { title? += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "title", let text = title {
            lanes[lanes.count - 1].titles.append(text)
            title = nil
        }
        if depth == laneDepth { laneDepth = nil }
        depth -= 1
    }
}
