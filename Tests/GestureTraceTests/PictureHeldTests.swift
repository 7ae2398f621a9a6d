import GestureArbiter
import GestureArbiterTesting
import Testing

/// The picture as a newcomer reads it: a recognizer held by a failure requirement is drawn as
/// held, never as the state it has not published (R54), and as that state from its release (R56).
@Suite struct PictureHeldTests {
    static let singleWaitsForDouble = """
        { "name": "one tap", "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 200, 200] } ],
          "gestures": [ { "id": "S", "type": "tap", "view": "V", "requireToFail": ["D"] }, { "id": "D", "type": "tap", "view": "V", "taps": 2 } ],
          "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 5, "y": 5 } ] },
                     { "t": 0.1, "touches": [ { "id": 1, "phase": "ended", "x": 5, "y": 5 } ] }, { "t": 1, "idle": true } ] }
        """

    /// `start-end kind label` of the recognizer lane's state and held bands.
    static func bands(of name: String, in picture: TimelinePicture) -> [String] {
        let lane = picture.lanes(.recognizer).first { $0.name == name }
        return (lane?.spans ?? []).compactMap { span in
            switch span.kind {
            case let .held(state): return "\(span.start)-\(span.end) held \(state) \(span.label)"
            case let .state(state): return "\(span.start)-\(span.end) \(state) \(span.label)"
            default: return nil
            }
        }
    }

    @Test("R54, R56, R88: a single tap held for a double tap is drawn held from its lift (0.100) to the release (0.450), then recognized")
    func heldThenReleased() throws {
        let picture = try TimelinePicture(try ScenarioParser.parse(Self.singleWaitsForDouble))
        let bands = Self.bands(of: "S", in: picture)
        #expect(bands.contains("0.100-0.450 held ended held (recognized)"), "\(bands)")
        #expect(bands.contains { $0.hasPrefix("0.450-") && $0.contains(" ended recognized") }, "\(bands)")
        #expect(!bands.contains { $0.hasPrefix("0.100-") && !$0.contains("held") }, "no band at 0.100 reads as recognized: \(bands)")
        let html = picture.html()
        #expect(html.contains("span state held"))
        #expect(html.contains("held: began or recognized, not published"))
    }

    @Test("R54, R55: in the demo the single tap is held after each odd tap and fails when the double tap recognizes; no recognized band precedes the failure")
    func heldThenFailed() throws {
        let picture = try TimelinePicture(try ScenarioParser.parse(BuiltInScenarios.singleRequiresDoubleFourFastTaps))
        let bands = Self.bands(of: "S", in: picture)
        #expect(bands.contains { $0.hasPrefix("0.050-0.200 held ended") }, "\(bands)")
        #expect(bands.contains { $0.hasPrefix("0.200-") && $0.contains(" failed ") }, "\(bands)")
        #expect(!bands.contains { $0.contains(" ended recognized") }, "the single tap never recognizes in the demo: \(bands)")
    }
}

/// A static picture (a PNG of the page) keeps the notes' hover text: each note mark has a line
/// under the legend, with its time, lane, label and reason.
@Suite struct PictureNotesTests {
    @Test("R53, R122: every note mark is written out under the legend, in time order, with its reason")
    func notesAreWrittenOut() throws {
        let text = """
            { "name": "notes", "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 200, 200] } ],
              "gestures": [ { "id": "S", "type": "tap", "view": "V" }, { "id": "D", "type": "tap", "view": "V", "taps": 2 } ],
              "relations": { "exclusive": [["D", "S"]] },
              "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 5, "y": 5 } ] },
                         { "t": 0.1, "touches": [ { "id": 1, "phase": "ended", "x": 5, "y": 5 } ] }, { "t": 1, "idle": true } ] }
            """
        let picture = try TimelinePicture(try ScenarioParser.parse(text))
        let notes = picture.lanes.flatMap { lane in lane.marks.filter { $0.kind == .note }.map { (lane.name, $0) } }
        #expect(!notes.isEmpty)
        let html = picture.html()
        #expect(ParsedPage(html) != nil)
        let lines = html.matches(of: /note-line"[^>]*>([^<]*)<\/text>/).map { String($0.output.1) }
        #expect(lines.count == notes.count)
        // S's dynamic requirement from the exclusive relation, at S's lift (R53).
        #expect(lines.contains { $0.hasPrefix("0.100 S: requires D: S requires D to fail for this attempt (exclusive relation)") }, "\(lines)")
        let times = lines.compactMap { Double($0.prefix { $0 != " " }) }
        #expect(times == times.sorted())
    }
}

/// Labels that used to run into each other: a lane's detail stays in the left column.
@Suite struct PictureLabelTests {
    @Test("R122: a lane detail longer than the left column is cut with an ellipsis and kept whole in the lane's data-detail; a short one is drawn as it is")
    func longDetailIsCut() throws {
        let text = """
            { "name": "details", "views": [ { "id": "Photo", "parent": "window", "frame": [0, 0, 200, 200] } ],
              "gestures": [ { "id": "Single", "type": "tap", "view": "Photo", "requireToFail": ["DoubleTap"] },
                            { "id": "DoubleTap", "type": "tap", "view": "Photo", "taps": 2 } ],
              "input": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "x": 5, "y": 5 } ] },
                         { "t": 0.1, "touches": [ { "id": 1, "phase": "ended", "x": 5, "y": 5 } ] }, { "t": 1, "idle": true } ] }
            """
        let picture = try TimelinePicture(try ScenarioParser.parse(text))
        let single = try #require(picture.lanes(.recognizer).first { $0.name == "Single" })
        #expect(single.detail == "tap on Photo, requires DoubleTap to fail")
        let html = picture.html()
        #expect(ParsedPage(html) != nil)
        let drawn = html.matches(of: /class="lane-detail" x="10" y="[\d.]+">([^<]*)<\/text>/).map { String($0.output.1) }
        // The left column is 200 px; details are drawn from x = 10 at about 5.7 px a character.
        #expect(drawn.allSatisfy { 10 + Double($0.count) * 5.7 <= 196 }, "\(drawn)")
        #expect(drawn.contains("tap on Photo, requires DoubleTa…"))
        #expect(html.contains(#"data-name="Single" data-detail="tap on Photo, requires DoubleTap to fail""#))
        #expect(drawn.contains("tap x2 on Photo"))
    }
}
