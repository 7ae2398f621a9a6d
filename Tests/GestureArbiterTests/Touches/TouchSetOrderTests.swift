@testable import GestureArbiter
import Testing

/// Every touch set handed to a callback, of a view or a recognizer, lists its touches by id,
/// ascending, whatever order they began or ended in (R79, R118).
@Suite struct TouchSetOrderTests {
    enum Removal: String, CaseIterable, CustomStringConvertible {
        case view
        case window
        var description: String { rawValue }
    }

    @Test("R79, R120: a removal cancels a view's touches and its recognizer's in one call each, ids ascending, though 2 began before 1",
          arguments: Removal.allCases)
    func removalCancelsInIDOrder(_ removal: Removal) throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        view.isMultipleTouchEnabled = true
        let recognizerLog = Log()
        view.addGestureRecognizer(ScriptedRecognizer("A", log: recognizerLog))
        try world.down(2, at: 0, 50, 50)
        try world.down(1, at: 0.01, 60, 50)
        switch removal {
        case .view: view.removeFromSuperview()
        case .window: world.environment.removeWindow(world.window)
        }
        #expect(world.log.lines == [
            "0.000 touch 2 hit V", "0.000 view V began 2", "0.010 touch 1 hit V", "0.010 view V began 1",
            "0.010 view V cancelled 1,2", "0.010 gesture A failed",
        ])
        #expect(recognizerLog.lines == ["A touchesBegan 2", "A touchesBegan 1", "A touchesCancelled 1,2"])
        let removed = world.records.compactMap { record -> [Int]? in
            guard case let .viewRemoved(_, cancelled, _) = record else { return nil }
            return cancelled.map(\.id)
        }
        #expect(removed == [[1, 2]])
    }

    @Test("R79, R66: ends withheld by a two-finger double tap and released together when it fails come in one call, ids ascending")
    func releasedEndsInIDOrder() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        view.isMultipleTouchEnabled = true
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        doubleTap.numberOfTouchesRequired = 2
        world.attach(doubleTap, "T", to: view)
        try world.down(5, at: 0, 50, 50)
        try world.down(1, at: 0.01, 60, 50)
        try world.up(5, at: 0.05, 50, 50)
        try world.up(1, at: 0.06, 60, 50)
        // One two-finger tap; the second never comes: the double tap fails 0.35 s after the last
        // lift (R88) and releases both ends (delaysTouchesEnded, R62, R65).
        try world.advance(to: 0.5)
        #expect(world.log.lines == [
            "0.000 touch 5 hit V", "0.000 view V began 5", "0.010 touch 1 hit V", "0.010 view V began 1",
            "0.410 gesture T failed", "0.410 view V ended 1,5",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R79, R66: began phases withheld together and released together come in one call, ids ascending")
    func releasedBeganInIDOrder() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        view.isMultipleTouchEnabled = true
        world.attach(DelayedTouchesBeganGestureRecognizer(), "D", to: view)
        try world.send(0, TouchInput(id: 7, phase: .began, x: 50, y: 50), TouchInput(id: 3, phase: .began, x: 60, y: 50))
        try world.send(0.05, TouchInput(id: 3, phase: .ended, x: 60, y: 50), TouchInput(id: 7, phase: .ended, x: 50, y: 50))
        #expect(world.log.lines == [
            "0.000 touch 7 hit V", "0.000 touch 3 hit V",
            "0.050 gesture D failed", "0.050 view V began 3,7", "0.050 view V ended 3,7",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R79: sorting a touch buffer by id puts it in ascending order and keeps every touch")
    func sortByID() {
        let ids = [5, 1, 4, 2, 3, 9, 0]
        var buffer = ids.map { Touch(id: $0, phase: .began, timestamp: .zero, location: .zero) }
        let objects = Set(buffer.map(ObjectIdentifier.init))
        buffer.sortByTouchID()
        #expect(buffer.map(\.id) == ids.sorted())
        #expect(Set(buffer.map(ObjectIdentifier.init)) == objects)
    }

    @Test("R79, R131, R66: a finger that ended and a new finger with its id, both began at one time and released together, go in two calls, the older first")
    func releasedBegansWithOneIDTwice() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let triple = TapGestureRecognizer()
        triple.numberOfTapsRequired = 3
        triple.delaysTouchesBegan = true
        world.attach(triple, "T", to: view)
        // The host reuses id 2 at once: down, up and down again, all stamped 0. Each began is
        // withheld by the triple tap (R61), and the first end too (R62).
        try world.down(2, at: 0, 50, 50)
        try world.up(2, at: 0, 50, 50)
        try world.down(2, at: 0, 50, 50)
        // The second finger rests: the tap fails when it has been down longer than 1.5 s (R89),
        // and its holds are released (R65). Both began at 0 in V, so R131 would group them; a set
        // names each id once (R79), so the finger that ended comes first with its catch-up end
        // (R66), then the new one.
        try world.advance(to: 2)
        #expect(world.log.lines == [
            "0.000 touch 2 hit V", "0.000 touch 2 hit V",
            "1.500 gesture T failed",
            "1.500 view V began 2", "1.500 view V ended 2", "1.500 view V began 2",
        ])
        try world.up(2, at: 2.5, 50, 50)
        #expect(world.log.lines.last == "2.500 view V ended 2")
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R63, R79, R120: a new finger with the id of one whose end is withheld is withheld itself, so a removal never cancels one id twice in a view")
    func newFingerWithAWithheldEndsID() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        view.isMultipleTouchEnabled = true
        let scripted = ScriptedRecognizer("A", log: Log())
        scripted.delaysTouchesEnded = true
        view.addGestureRecognizer(scripted)
        try world.down(2, at: 0, 50, 50)
        try world.up(2, at: 0.1, 50, 50)  // its end withheld while A is possible (R62)
        try world.down(2, at: 0.2, 50, 50)  // a new finger, id 2 again: A withholds its began (R63)
        view.removeFromSuperview()
        // R120: the finger V saw begin is cancelled; the new one, never delivered, is discarded.
        #expect(world.log.lines == [
            "0.000 touch 2 hit V", "0.000 view V began 2", "0.200 touch 2 hit V",
            "0.200 view V cancelled 2", "0.200 gesture A failed",
        ])
    }

    @Test("R79, R115, R120: a finger whose end is withheld and a new finger with its id that the recognizer ignored, cancelled in their view at once, go in two calls, the older first")
    func cancelledFingersWithOneIDTwice() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        view.isMultipleTouchEnabled = true
        let scripted = ScriptedRecognizer("A", log: Log())
        scripted.delaysTouchesEnded = true
        world.window.addGestureRecognizer(scripted)
        try world.down(2, at: 0, 50, 50)
        try world.up(2, at: 0.1, 50, 50)  // its end withheld while A is possible (R62)
        try world.down(2, at: 0.2, 50, 50)  // a new finger, id 2 again: its began withheld (R63)
        // A lets go of the new finger (R115): its began is released and reaches V, while the first
        // finger's end is still withheld.
        let newFinger = try #require(world.environment.touches.first { $0.id == 2 })
        scripted.ignore(newFinger, for: nil)
        view.removeFromSuperview()
        // R120: both fingers V saw begin are cancelled; a set names each id once (R79), so they
        // go in two calls, the finger that ended first.
        #expect(world.log.lines == [
            "0.000 touch 2 hit V", "0.000 view V began 2", "0.200 touch 2 hit V", "0.200 view V began 2",
            "0.200 view V cancelled 2", "0.200 view V cancelled 2",
        ])
        #expect(view.superview == nil)
    }
}
