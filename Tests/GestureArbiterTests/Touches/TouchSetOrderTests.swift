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
}
