import GestureArbiterTesting
import Testing

/// `--html` stays near-linear in the run: bounded labels and titles, one fixed-size marker per idle
/// break, and the page written as a stream.
@Suite struct TimelinePictureScaleTests {
    /// A view, a single tap requiring a double tap (R52) with ids `long` characters long, and
    /// `tries` double taps 0.75 s apart.
    static func longNames(_ long: Int, tries: Int) throws -> Scenario {
        let view = String(repeating: "V", count: long)
        let single = String(repeating: "S", count: long)
        let double = String(repeating: "D", count: long)
        var input: [String] = []
        for index in 0..<tries {
            let start = Double(index) * 0.75
            for (offset, phase) in [(0.0, "began"), (0.05, "ended"), (0.15, "began"), (0.2, "ended")] {
                input.append(#"{ "t": \#(start + offset), "touches": [ { "id": 1, "phase": "\#(phase)", "x": 10, "y": 10 } ] }"#)
            }
        }
        return try ScenarioParser.parse(
            #"""
            { "name": "long names",
              "views": [ { "id": "\#(view)", "parent": "window", "frame": [0, 0, 100, 100] } ],
              "gestures": [ { "id": "\#(single)", "type": "tap", "view": "\#(view)", "requireToFail": ["\#(double)"] },
                            { "id": "\#(double)", "type": "tap", "taps": 2, "view": "\#(view)" } ],
              "input": [ \#(input.joined(separator: ",\n")) ] }
            """#)
    }

    @Test("R52, R122: names of 5 000 characters are cut in every label and title line; the page grows linearly with the tries")
    func longNamesAreBounded() throws {
        let ten = try TimelinePicture(try Self.longNames(5_000, tries: 10)).html()
        let twenty = try TimelinePicture(try Self.longNames(5_000, tries: 20)).html()
        for name in ["V", "S", "D"] {
            // No label shows more than 80 characters and no reason line more than 300.
            #expect(!twenty.contains(String(repeating: name, count: TimelinePicture.maximumReasonLength + 1)))
        }
        #expect(twenty.contains(String(repeating: "S", count: TimelinePicture.maximumLabelLength - 3) + "...<"))
        // Twice the tries, about twice the page (the lanes' fixed parts make it less).
        #expect(Double(twenty.utf8.count) < 2.1 * Double(ten.utf8.count))
        // A bound per try: the page of 20 tries is well under the names' own length times the
        // records they appear in.
        #expect(twenty.utf8.count < 20 * 40_000)
    }

    /// `touches` taps on one view, each with its own touch id, `gap` seconds apart.
    static func spacedTaps(_ touches: Int, gap: Double) throws -> Scenario {
        var input: [String] = []
        for index in 0..<touches {
            let start = Double(index) * gap
            input.append(#"{ "t": \#(start), "touches": [ { "id": \#(index + 1), "phase": "began", "x": 10, "y": 10 } ] }"#)
            input.append(#"{ "t": \#(start + 0.05), "touches": [ { "id": \#(index + 1), "phase": "ended", "x": 10, "y": 10 } ] }"#)
        }
        return try ScenarioParser.parse(
            #"""
            { "name": "spaced taps", "views": [ { "id": "V", "parent": "window", "frame": [0, 0, 100, 100] } ],
              "input": [ \#(input.joined(separator: ",\n")) ] }
            """#)
    }

    /// The `<g class="break" ...>...</g>` groups of a page.
    static func breakGroups(_ page: String) -> [Substring] {
        page.split(separator: "\n").filter { $0.hasPrefix("<g class=\"break\"") }
    }

    @Test("an idle break is a fixed-size marker, not a zigzag the height of the page: the page grows linearly with the touches")
    func idleBreaksAreBounded() throws {
        let forty = try TimelinePicture(try Self.spacedTaps(40, gap: 2)).html()
        let eighty = try TimelinePicture(try Self.spacedTaps(80, gap: 2))
        let page = eighty.html()
        #expect(eighty.breaks.count == 79)
        let groups = Self.breakGroups(page)
        #expect(groups.count == 79)
        // 80 touch lanes make the page thousands of points tall; each break stays under 1 KB.
        #expect(groups.allSatisfy { $0.utf8.count < 1_000 })
        #expect(Double(page.utf8.count) < 2.2 * Double(forty.utf8.count))
    }

    @Test("the page is written as a stream: the head, each lane and the legend each a piece of its own")
    func writtenAsAStream() throws {
        let picture = try TimelinePicture(try Self.spacedTaps(200, gap: 0.5))
        var pieces: [String] = []
        picture.writeHTML { pieces.append($0) }
        let page = pieces.joined()
        #expect(page == picture.html())
        // 200 touch lanes and a view lane, each written on its own.
        #expect(picture.lanes.count == 201)
        #expect(pieces.filter { $0.hasPrefix("<g class=\"lane\"") }.count == picture.lanes.count)
        #expect(pieces.allSatisfy { $0.components(separatedBy: "<g class=\"lane\"").count <= 2 })
        #expect(pieces.map(\.utf8.count).max()! < page.utf8.count / 3)
    }
}
