@testable import GestureArbiter
import Testing

@Suite struct TouchDeliveryTests {
    @Test("R14, R15: phases began, moved, ended reach the view; stationary gives no callback")
    func phases() throws {
        let world = TestWorld()
        world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
        try world.down(1, at: 0, 10, 10)
        try world.move(1, at: 0.02, 20, 10)
        try world.send(0.04, TouchInput(id: 1, phase: .stationary, x: 20, y: 10))
        try world.up(1, at: 0.06, 20, 10)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.020 view V moved 1", "0.060 view V ended 1",
        ])
        #expect(world.environment.isIdle, "\(world.environment.busyReasons)")
    }

    @Test("R14, R16, R17: location(in:) and previousLocation(in:) in view space; view and hitTestView stay")
    func locations() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 100, y: 100, width: 50, height: 50))
        var seen: [String] = []
        view.onCallback = { [unowned view] phase, touches in
            let touch = touches[0]
            seen.append("\(phase) \(touch.location(in: view)) \(touch.previousLocation(in: view)) \(touch.view === view) \(touch.hitTestView === view)")
        }
        try world.down(1, at: 0, 110, 120)
        try world.move(1, at: 0.1, 300, 400)
        try world.up(1, at: 0.2, 300, 400)
        #expect(seen == [
            "began (10.0, 20.0) (10.0, 20.0) true true",
            "moved (200.0, 300.0) (10.0, 20.0) true true",
            "ended (200.0, 300.0) (200.0, 300.0) true true",
        ])
    }

    @Test("R14: tapCount counts quick taps at about the same place")
    func tapCount() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
        var counts: [Int] = []
        view.onCallback = { phase, touches in if phase == .began { counts.append(touches[0].tapCount) } }
        try world.tap(1, at: 0, 50, 50)
        try world.tap(2, at: 0.2, 52, 50)
        try world.tap(3, at: 0.4, 150, 50)
        try world.tap(4, at: 2.0, 150, 50)
        #expect(counts == [1, 2, 1, 1])
    }

    @Test("R18, R19: a second touch on a single-touch view reaches nobody; R79: two touches in one event, one call")
    func multipleTouch() throws {
        let world = TestWorld()
        world.addView("single", Rect(x: 0, y: 0, width: 200, height: 200))
        let multi = world.addView("multi", Rect(x: 200, y: 0, width: 200, height: 200))
        multi.isMultipleTouchEnabled = true
        try world.down(1, at: 0, 50, 50)
        try world.down(2, at: 0.01, 60, 60)
        try world.send(0.02, TouchInput(id: 3, phase: .began, x: 300, y: 50), TouchInput(id: 4, phase: .began, x: 250, y: 50))
        try world.send(0.05, TouchInput(id: 1, phase: .ended, x: 50, y: 50), TouchInput(id: 2, phase: .ended, x: 60, y: 60),
                       TouchInput(id: 3, phase: .ended, x: 300, y: 50), TouchInput(id: 4, phase: .ended, x: 250, y: 50))
        #expect(world.log.lines == [
            "0.000 touch 1 hit single", "0.000 view single began 1",
            "0.010 touch 2 hit single",
            "0.020 touch 3 hit multi", "0.020 touch 4 hit multi", "0.020 view multi began 3,4",
            "0.050 view single ended 1", "0.050 view multi ended 3,4",
        ])
        #expect(world.environment.isIdle)
    }

    @Test("R18: recognizers still get a touch its single-touch view does not")
    func recognizersGetSuppressedTouches() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        world.attach(tap, "T2", to: view)
        try world.send(0, TouchInput(id: 1, phase: .began, x: 50, y: 50), TouchInput(id: 2, phase: .began, x: 80, y: 50))
        try world.send(0.05, TouchInput(id: 1, phase: .ended, x: 50, y: 50), TouchInput(id: 2, phase: .ended, x: 80, y: 50))
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 touch 2 hit V", "0.000 view V began 1",
            "0.050 gesture T2 recognized", "0.050 view V cancelled 1",
        ])
    }

    @Test("R20: while an exclusive-touch view tracks, other views get no new touch, and vice versa")
    func exclusiveTouch() throws {
        let world = TestWorld()
        let exclusive = world.addView("X", Rect(x: 0, y: 0, width: 100, height: 100))
        exclusive.isExclusiveTouch = true
        world.addView("O", Rect(x: 200, y: 0, width: 100, height: 100))
        try world.down(1, at: 0, 50, 50)
        try world.down(2, at: 0.01, 250, 50)
        try world.up(2, at: 0.02, 250, 50)
        try world.up(1, at: 0.03, 50, 50)
        try world.down(3, at: 1, 250, 50)
        try world.down(4, at: 1.01, 50, 50)
        try world.up(4, at: 1.02, 50, 50)
        try world.up(3, at: 1.03, 250, 50)
        #expect(world.log.lines == [
            "0.000 touch 1 hit X", "0.000 view X began 1", "0.010 touch 2 hit O", "0.030 view X ended 1",
            "1.000 touch 3 hit O", "1.000 view O began 3", "1.010 touch 4 hit X", "1.030 view O ended 3",
        ])
    }

    @Test("R20: recognizers outside the exclusive view's ancestry do not receive new touches")
    func exclusiveTouchRecognizers() throws {
        let world = TestWorld()
        let exclusive = world.addView("X", Rect(x: 0, y: 0, width: 100, height: 100))
        exclusive.isExclusiveTouch = true
        let other = world.addView("O", Rect(x: 200, y: 0, width: 100, height: 100))
        let tap = world.attach(TapGestureRecognizer(), "T", to: other)
        let refusals = { world.records.compactMap { record -> BindingRefusal? in
            if case let .touchRefused(_, recognizer, reason) = record, recognizer === tap { return reason }
            return nil
        } }
        try world.down(1, at: 0, 50, 50)
        try world.tap(2, at: 0.01, 250, 50)
        try world.up(1, at: 0.2, 50, 50)
        #expect(refusals() == [.exclusiveTouch])
        #expect(!world.log.lines.contains("0.090 gesture T recognized"))
    }

    @Test("R22: a touch the system cancels gives touchesCancelled to its view")
    func systemCancel() throws {
        let world = TestWorld()
        world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        try world.down(1, at: 0, 50, 50)
        try world.send(0.1, TouchInput(id: 1, phase: .cancelled, x: 50, y: 50))
        #expect(world.log.lines == ["0.000 touch 1 hit V", "0.000 view V began 1", "0.100 view V cancelled 1"])
        #expect(world.environment.isIdle)
    }

    @Test("R80: an ancestor with a recognizer gets no touch callbacks unless forwarded")
    func ancestorsGetNothing() throws {
        let world = TestWorld()
        let parent = world.addView("P", Rect(x: 0, y: 0, width: 300, height: 300))
        world.addView("C", Rect(x: 0, y: 0, width: 100, height: 100), to: parent)
        let pan = world.attach(PanGestureRecognizer(), "pan", to: parent)
        try world.tap(1, at: 0, 50, 50)
        #expect(world.log.lines == ["0.000 touch 1 hit C", "0.000 view C began 1", "0.080 gesture pan failed", "0.080 view C ended 1"])
        _ = pan
    }

    @Test("A touch id may be reused once its touch ended")
    func idReuse() throws {
        let world = TestWorld()
        world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        try world.tap(1, at: 0, 50, 50)
        try world.tap(1, at: 1, 60, 60)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.080 view V ended 1",
            "1.000 touch 1 hit V", "1.000 view V began 1", "1.080 view V ended 1",
        ])
    }
}
