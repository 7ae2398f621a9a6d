import GestureArbiter
import GestureArbiterTesting
import Testing

/// The timeline picture's pointer lane (R122): hover as a band while the pointer is in the
/// window, scroll sequences as spans with their type, clicks marked with their buttons, and hover
/// recognizers' state bands as for any recognizer. Expected values come from the scenarios'
/// input and the rules, not from the picture.
@Suite struct PointerPictureTests {
    static func picture(_ file: String) throws -> TimelinePicture {
        try TimelinePicture(try TimelinePictureTests.scenario("Tests/ConformanceTests/Scenarios/\(file)"))
    }

    static func spans(_ lane: TimelinePicture.Lane) -> [String] {
        lane.spans.map { "\($0.start)-\($0.end) \($0.label)" }
    }

    @Test("R267, R268, R270, R279: S80's pointer lane is in the window 0-0.4 s and 1-1.1 s; H has began, changed, ended bands and never fails")
    func hoverLane() throws {
        let picture = try Self.picture("S80-hover-began-changed-ended.json")
        let pointer = try #require(picture.lanes(.pointer).first)
        #expect(picture.lanes(.pointer).count == 1)
        #expect(pointer.name == "pointer")
        #expect(pointer.detail == "hover")
        #expect(pointer.spans.map(\.kind) == [.hovering, .hovering])
        #expect(Self.spans(pointer) == ["0.000-0.400 in the window", "1.000-1.100 in the window"])
        #expect(pointer.marks.map(\.kind) == [.hover(.entered), .hover(.moved), .hover(.moved), .hover(.moved), .hover(.exited), .hover(.entered), .hover(.exited)])
        // Each mark's reason names the engine's input line of that pass (R279).
        #expect(pointer.marks[1].reason.contains("input: hover moved (100.0, 100.0)"))
        // The pointer lane sits between the touch lanes and the view lanes.
        let kinds = picture.lanes.map(\.kind)
        #expect(kinds.firstIndex(of: .pointer) == 0)
        let hover = try #require(picture.lanes(.recognizer).first { $0.name == "H" })
        #expect(hover.detail == "hover on W")
        // R267/R268: began at 0.1 over W, changed at 0.2, ended at 0.3 when over V only; again
        // began at 1.0 and ended at 1.1 when the pointer leaves the window. No possible band: a
        // hover recognizer binds no touch (R269).
        #expect(hover.spans.map { "\($0.start) \($0.label)" } == ["0.100 began", "0.200 changed", "0.300 ended", "1.000 began", "1.100 ended"])
        #expect(!hover.spans.contains { $0.kind == .state(.failed) })
        #expect(hover.marks.map { "\($0.time) \($0.label)" } == ["0.100 began", "0.200 changed", "0.300 ended", "1.000 began", "1.100 ended"])
    }

    @Test("R272, R274, R283: S81's pointer lane has a wheel span per tick and one trackpad span; the pans' bands follow the ticks")
    func scrollLane() throws {
        let picture = try Self.picture("S81-wheel-scrolls-scroll-view.json")
        let pointer = try #require(picture.lanes(.pointer).first)
        #expect(pointer.detail == "scroll")
        #expect(pointer.spans.map(\.kind) == [.scrolling(.discrete), .scrolling(.discrete), .scrolling(.discrete), .scrolling(.discrete), .scrolling(.continuous)])
        #expect(
            Self.spans(pointer) == [
                "0.000-0.010 wheel", "0.200-0.210 wheel", "0.400-0.410 wheel", "1.000-1.010 wheel", "2.000-2.100 trackpad",
            ])
        #expect(pointer.marks.filter { $0.kind == .scroll(.changed) }.count == 3)
        // R274: one tick begins the pan at once and the ended ends it.
        let pan = try #require(picture.lanes(.recognizer).first { $0.name == "P" })
        #expect(pan.marks.map { "\($0.time) \($0.label)" } == ["1.000 began", "1.010 ended"])
        // R273: the trackpad sequence at 2.0 is not P's: nothing on its lane after 1.010.
        #expect(pan.spans.allSatisfy { $0.start < Timestamp(seconds: 2) })
    }

    @Test("R260-R262: P01's clicks are marked on their touch lanes and the pointer lane with their buttons")
    func clicks() throws {
        let picture = try Self.picture("P01-secondary-click-takes-right-click-tap.json")
        let touches = picture.lanes(.touch)
        #expect(touches.map(\.detail) == ["click, hit V", "click, hit V", "click, hit B"])
        #expect(touches.map { $0.marks.first?.label } == ["click secondary", "click primary", "click secondary"])
        let pointer = try #require(picture.lanes(.pointer).first)
        #expect(pointer.detail == "clicks")
        #expect(pointer.spans.isEmpty)
        #expect(pointer.marks.map { "\($0.time) \($0.label)" } == ["0.000 click secondary", "1.000 click primary", "2.000 click secondary"])
        // A finger's touch is not a click: the demo has no pointer lane.
        #expect(try TimelinePicture(try TimelinePictureTests.scenario("demo")).lanes(.pointer).isEmpty)
    }
}
