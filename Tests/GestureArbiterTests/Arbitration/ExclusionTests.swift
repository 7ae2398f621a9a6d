@testable import GestureArbiter
import Testing

/// A recognizer that refuses to be prevented (R50).
final class Unpreventable: ScriptedRecognizerBase {
    override func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { false }
}

/// A recognizer that never prevents others (R50).
final class Harmless: ScriptedRecognizerBase {
    override func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { false }
}

/// A minimal scripted base for subclasses that override arbitration hooks.
class ScriptedRecognizerBase: GestureRecognizer {
    var onEnded: State?
    var onMoved: State?
    init(_ name: String, onEnded: State? = nil, onMoved: State? = nil) {
        self.onEnded = onEnded
        self.onMoved = onMoved
        super.init()
        self.name = name
    }
    override func touchesMoved(_ touches: TouchSet, with event: Event) { if let onMoved { state = onMoved } }
    override func touchesEnded(_ touches: TouchSet, with event: Event) { if let onEnded { state = onEnded } }
}

@Suite struct ExclusionTests {
    @Test("R43, R44, R46: a pan that begins fails the tap; the view's touch is cancelled")
    func panBeatsTap() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        world.attach(PanGestureRecognizer(), "P", to: view)
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.02, 115, 100)
        try world.up(1, at: 0.04, 115, 100)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.020 gesture T failed", "0.020 gesture P began",
            "0.020 view V cancelled 1", "0.040 gesture P ended",
        ])
        #expect(world.transitions(of: tap) == ["possible -> failed (excluded by P (it began or recognized on a related view; no simultaneity))"])
    }

    @Test("R48: two recognizers ending in the same pass on child and parent: the child's wins")
    func tieInnermostWins() throws {
        let world = TestWorld()
        let parent = world.addView("P", Rect(x: 0, y: 0, width: 300, height: 300))
        let child = world.addView("C", Rect(x: 0, y: 0, width: 100, height: 100), to: parent)
        world.attach(TapGestureRecognizer(), "onParent", to: parent)
        world.attach(TapGestureRecognizer(), "onChild", to: child)
        try world.tap(1, at: 0, 50, 50)
        #expect(world.log.lines == [
            "0.000 touch 1 hit C", "0.000 view C began 1", "0.080 gesture onParent failed", "0.080 gesture onChild recognized",
            "0.080 view C cancelled 1",
        ])
    }

    @Test("R48: on one view, the recognizer added first wins a tie")
    func tieSameView() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        world.attach(TapGestureRecognizer(), "first", to: view)
        world.attach(TapGestureRecognizer(), "second", to: view)
        try world.tap(1, at: 0, 50, 50)
        #expect(world.log.lines.filter { $0.contains("gesture") } == ["0.080 gesture second failed", "0.080 gesture first recognized"])
    }

    @Test("R47: a recognizer can go possible -> ended -> failed in one pass")
    func transient() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        let single = world.attach(TapGestureRecognizer(), "S", to: view)
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        world.attach(double, "D", to: view)
        try world.tap(1, at: 0, 50, 50, duration: 0.05)
        try world.tap(2, at: 0.15, 50, 50, duration: 0.05)
        #expect(world.transitions(of: single).suffix(2) == [
            "possible -> ended (its own touch handling)",
            "ended -> failed (excluded by D (it began or recognized on a related view; no simultaneity))",
        ])
        try world.advance(to: 1)
    }

    @Test("R45: simultaneity from either side's delegate is enough", arguments: [true, false])
    func simultaneity(_ fromTap: Bool) throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        let pan = world.attach(PanGestureRecognizer(), "P", to: view)
        let yes = TestDelegate()
        yes.simultaneousWith = fromTap ? ["P"] : ["T"]
        let no = TestDelegate()
        tap.delegate = fromTap ? yes : no
        pan.delegate = fromTap ? no : yes
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.02, 115, 100)
        try world.up(1, at: 0.04, 115, 100)
        #expect(world.log.lines.filter { $0.contains("gesture") } == [
            "0.020 gesture P began", "0.040 gesture T recognized", "0.040 gesture P ended",
        ])
    }

    @Test("R46: a recognizer that already sent began is not excluded by a later one")
    func publishedNotExcluded() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
        world.attach(ScriptedRecognizer("A", log: Log(), script: [.began(1): .began, .ended(1): .ended]), "A", to: view)
        let late = world.attach(ScriptedRecognizer("B", log: Log(), script: [.moved(1): .began, .ended(1): .ended]), "B", to: view)
        let delegate = TestDelegate()
        delegate.simultaneousWith = ["A"]
        late.delegate = delegate
        try world.down(1, at: 0, 50, 50)
        try world.move(1, at: 0.1, 60, 50)
        try world.up(1, at: 0.2, 60, 50)
        #expect(world.log.lines.filter { $0.contains("gesture") } == [
            "0.000 gesture A began", "0.100 gesture A changed", "0.100 gesture B began", "0.200 gesture A ended", "0.200 gesture B ended",
        ])
    }

    @Test("R44.3: recognizers on sibling views never exclude each other")
    func siblings() throws {
        let world = TestWorld()
        let left = world.addView("L", Rect(x: 0, y: 0, width: 100, height: 100))
        let right = world.addView("R", Rect(x: 200, y: 0, width: 100, height: 100))
        world.attach(PanGestureRecognizer(), "leftPan", to: left)
        world.attach(PanGestureRecognizer(), "rightPan", to: right)
        try world.send(0, TouchInput(id: 1, phase: .began, x: 50, y: 50), TouchInput(id: 2, phase: .began, x: 250, y: 50))
        try world.send(0.02, TouchInput(id: 1, phase: .moved, x: 70, y: 50), TouchInput(id: 2, phase: .moved, x: 270, y: 50))
        try world.send(0.04, TouchInput(id: 1, phase: .ended, x: 70, y: 50), TouchInput(id: 2, phase: .ended, x: 270, y: 50))
        #expect(world.log.lines.filter { $0.contains("gesture") } == [
            "0.020 gesture leftPan began", "0.020 gesture rightPan began", "0.040 gesture leftPan ended", "0.040 gesture rightPan ended",
        ])
    }

    @Test("R44.2, R49, R123: two windows in one environment never exclude each other")
    func windows() throws {
        let world = TestWorld(width: 200, height: 200)
        let second = Window(frame: Rect(x: 200, y: 0, width: 200, height: 200))
        second.name = "second"
        world.environment.addWindow(second)
        world.attach(TapGestureRecognizer(), "T1", to: world.window)
        world.attach(TapGestureRecognizer(), "T2", to: second)
        try world.send(0, TouchInput(id: 1, phase: .began, x: 50, y: 50), TouchInput(id: 2, phase: .began, x: 250, y: 50))
        try world.send(0.05, TouchInput(id: 1, phase: .ended, x: 50, y: 50), TouchInput(id: 2, phase: .ended, x: 250, y: 50))
        #expect(world.log.lines == [
            "0.000 touch 1 hit window", "0.000 touch 2 hit second", "0.050 gesture T1 recognized", "0.050 gesture T2 recognized",
        ])
        #expect(world.environment.touches.isEmpty)
    }

    @Test("R50: canPrevent and canBePrevented overrides remove one direction of exclusion",
          arguments: zip(["none", "unpreventable", "harmless"], [
            // No override: both recognize in one pass; A, first in processing order, excludes B (R48).
            ["0.080 gesture B failed", "0.080 gesture A recognized"],
            // B cannot be prevented, so A cannot exclude it; B still excludes A.
            ["0.080 gesture A failed", "0.080 gesture B recognized"],
            // A prevents nothing, so it cannot exclude B; B still excludes A.
            ["0.080 gesture A failed", "0.080 gesture B recognized"],
          ]))
    func overrides(_ kind: String, _ expected: [String]) throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        let first: GestureRecognizer = kind == "harmless" ? Harmless("A", onEnded: .ended) : ScriptedRecognizerBase("A", onEnded: .ended)
        let second: GestureRecognizer = kind == "unpreventable" ? Unpreventable("B", onEnded: .ended) : ScriptedRecognizerBase("B", onEnded: .ended)
        world.attach(first, "A", to: view)
        world.attach(second, "B", to: view)
        try world.tap(1, at: 0, 50, 50)
        #expect(world.log.lines.filter { $0.contains("gesture") } == expected)
    }
}
