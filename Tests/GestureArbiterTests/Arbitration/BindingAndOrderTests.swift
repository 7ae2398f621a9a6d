@testable import GestureArbiter
import Testing

@Suite struct BindingAndOrderTests {
    @Test("R21, R28: recognizers get touches before the view, innermost view first, one view's in order added")
    func order() throws {
        let world = TestWorld()
        let parent = world.addView("P", Rect(x: 0, y: 0, width: 300, height: 300))
        let child = world.addView("C", Rect(x: 0, y: 0, width: 100, height: 100), to: parent)
        parent.addGestureRecognizer(ScriptedRecognizer("onParent", log: world.log))
        child.addGestureRecognizer(ScriptedRecognizer("onChild1", log: world.log))
        child.addGestureRecognizer(ScriptedRecognizer("onChild2", log: world.log))
        world.window.addGestureRecognizer(ScriptedRecognizer("onWindow", log: world.log))
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.1, 60, 50)
        #expect(world.log.lines == [
            "0.000 touch 1 hit C",
            "onChild1 touchesBegan 1", "onChild2 touchesBegan 1", "onParent touchesBegan 1", "onWindow touchesBegan 1",
            "0.000 view C began 1",
            "onChild1 touchesMoved 1", "onChild2 touchesMoved 1", "onParent touchesMoved 1", "onWindow touchesMoved 1",
            "0.100 view C moved 1",
        ])
        try world.up(1, at: 0.2, 60, 50)
    }

    @Test("R23, R30: recognizers on a covered sibling never see the touch")
    func candidates() throws {
        let world = TestWorld()
        let covered = world.addView("covered", Rect(x: 0, y: 0, width: 200, height: 200))
        world.addView("front", Rect(x: 0, y: 0, width: 200, height: 200))
        covered.addGestureRecognizer(ScriptedRecognizer("onCovered", log: world.log))
        try world.tap(1, at: 0, 50, 50)
        #expect(world.log.lines == ["0.000 touch 1 hit front", "0.000 view front began 1", "0.080 view front ended 1"])
    }

    @Test("R24, R25: disabled, delegate-refused and wrong-type candidates never see the touch, with reasons")
    func refusals() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let disabled = ScriptedRecognizer("disabled", log: world.log)
        disabled.isEnabled = false
        let refused = ScriptedRecognizer("refused", log: world.log)
        let delegate = TestDelegate()
        delegate.shouldReceive = false
        refused.delegate = delegate
        let fingersOnly = ScriptedRecognizer("fingersOnly", log: world.log)
        fingersOnly.allowedTouchTypes = [.direct]
        for recognizer in [disabled, refused, fingersOnly] { view.addGestureRecognizer(recognizer) }
        try world.send(0, TouchInput(id: 1, phase: .began, x: 50, y: 50, type: .pencil))
        try world.send(0.1, TouchInput(id: 1, phase: .ended, x: 50, y: 50))
        let reasons = world.records.compactMap { record -> String? in
            guard case let .touchRefused(_, recognizer, reason) = record else { return nil }
            return "\(recognizer.name!) \(reason)"
        }
        #expect(reasons == ["disabled disabled", "refused delegate", "fingersOnly touchType"])
        #expect(world.log.lines == ["0.000 touch 1 hit V", "0.000 view V began 1", "0.100 view V ended 1"])
    }

    @Test("R29: with requiresExclusiveTouchType a recognizer ignores touches of another type until reset")
    func exclusiveTouchType() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        view.isMultipleTouchEnabled = true
        view.addGestureRecognizer(ScriptedRecognizer("A", log: world.log))
        try world.send(0, TouchInput(id: 1, phase: .began, x: 50, y: 50, type: .direct))
        try world.send(0.01, TouchInput(id: 2, phase: .began, x: 60, y: 50, type: .pencil))
        #expect(world.log.lines.filter { $0.hasPrefix("A ") } == ["A touchesBegan 1"])
        try world.up(1, at: 0.1, 50, 50)
        try world.up(2, at: 0.1, 60, 50)
    }

    @Test("R26: a recognizer added while a touch is down never gets that touch; R27: after a reset it ignores the rest")
    func fixedBindings() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let early = ScriptedRecognizer("early", log: world.log, script: [.moved(1): .failed])
        view.addGestureRecognizer(early)
        try world.down(1, at: 0, 50, 50)
        view.addGestureRecognizer(ScriptedRecognizer("late", log: world.log))
        try world.move(1, at: 0.1, 60, 50)
        try world.move(1, at: 0.2, 70, 50)
        try world.up(1, at: 0.3, 70, 50)
        #expect(world.log.lines.filter { !$0.contains("view") && !$0.contains("hit") } == [
            "early touchesBegan 1", "early touchesMoved 1", "0.100 gesture early failed",
        ])
        #expect(world.environment.isIdle)
    }

    @Test("R26, R115: an ignored touch is never cancelled in its view on the recognizer's behalf")
    func ignore() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        view.isMultipleTouchEnabled = true
        final class IgnoresSecond: GestureRecognizer {
            override func touchesBegan(_ touches: TouchSet, with event: Event) {
                for touch in touches where touch.id == 2 { ignore(touch, for: event) }
            }
            override func touchesEnded(_ touches: TouchSet, with event: Event) {
                if touches.contains(where: { $0.id == 1 }) { state = .recognized }
            }
        }
        let recognizer = world.attach(IgnoresSecond(), "G", to: view)
        try world.down(1, at: 0, 50, 50)
        try world.down(2, at: 0.01, 60, 50)
        #expect(recognizer.numberOfTouches == 1)
        try world.up(1, at: 0.1, 50, 50)
        try world.up(2, at: 0.2, 60, 50)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.010 touch 2 hit V", "0.010 view V began 2",
            "0.100 gesture G recognized", "0.100 view V cancelled 1", "0.200 view V ended 2",
        ])
    }

    @Test("R42: numberOfTouches counts live touches, location(in:) is their centroid, and location(ofTouch:in:) out of range is the centroid")
    func location() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 100, y: 100, width: 200, height: 200))
        view.isMultipleTouchEnabled = true
        let recognizer = ScriptedRecognizer("A", log: world.log)
        view.addGestureRecognizer(recognizer)
        try world.down(1, at: 0, 110, 110)
        try world.down(2, at: 0.01, 130, 150)
        #expect(recognizer.numberOfTouches == 2)
        #expect(recognizer.location(in: nil) == Point(x: 120, y: 130))
        #expect(recognizer.location(in: view) == Point(x: 20, y: 30))
        #expect(recognizer.location(ofTouch: 1, in: view) == Point(x: 30, y: 50))
        // An index out of range is the centroid, not a trap (no public call traps on a mistake).
        for index in [2, 99, -1, Int.min, Int.max] {
            #expect(recognizer.location(ofTouch: index, in: view) == Point(x: 20, y: 30), "index \(index)")
        }
        try world.up(1, at: 0.1, 110, 110)
        #expect(recognizer.numberOfTouches == 1)
        try world.up(2, at: 0.1, 130, 150)
    }
}
