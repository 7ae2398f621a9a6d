@testable import GestureArbiter
import Foundation
import Testing

@Suite struct PanGestureRecognizerTests {
    static func world(minimum: Int = 1, maximum: Int = .max) -> (TestWorld, PanGestureRecognizer, Log) {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 400))
        view.isMultipleTouchEnabled = true
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = minimum
        pan.maximumNumberOfTouches = maximum
        pan.name = "P"
        view.addGestureRecognizer(pan)
        let values = Log()
        pan.addAction { [clock = world.clock] pan in
            values.lines.append("\(clock.now) \(pan.state) tr=\(pan.translation(in: nil)) v=\(pan.velocity(in: nil))")
        }
        return (world, pan, values)
    }

    @Test("R94-R97, R36: hysteresis, translation and velocity with exact numbers (S20)")
    func exactNumbers() throws {
        let (world, _, values) = Self.world()
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.02, 104, 100)
        try world.move(1, at: 0.04, 112, 100)
        try world.move(1, at: 0.06, 120, 100)
        try world.move(1, at: 0.08, 130, 100)
        try world.up(1, at: 0.1, 130, 100)
        // Samples: 4/0.02 = 200, 8/0.02 = 400, 8/0.02 = 400, 10/0.02 = 500 pt/s.
        // began at 112: tx = 12 >= 10, hysteresis removed: 2; v = 0.2*400 + 0.8*200 = 240.
        // 120: tx = 10; v = 0.2*400 + 0.8*400 = 400. 130: tx = 20; v = 0.2*500 + 0.8*400 = 420.
        // lift adds no sample: v stays 420.
        #expect(values.lines == [
            "0.040 began tr=(2.0, 0.0) v=(240.0, 0.0)",
            "0.060 changed tr=(10.0, 0.0) v=(400.0, 0.0)",
            "0.080 changed tr=(20.0, 0.0) v=(420.0, 0.0)",
            "0.100 ended tr=(20.0, 0.0) v=(420.0, 0.0)",
        ])
        #expect(world.environment.isIdle)
    }

    @Test("R99, R100, R51: a pan whose maximumNumberOfTouches ignores every finger fails at once, so a pan that requires it to fail is released and the environment goes idle (a fuzzer's find)", arguments: [0, -3])
    func panThatTakesNoFingerFails(_ maximum: Int) throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 400))
        let waiting = PanGestureRecognizer()
        waiting.minimumNumberOfTouches = 5
        waiting.maximumNumberOfTouches = maximum
        let empty = PanGestureRecognizer()
        empty.maximumNumberOfTouches = maximum
        empty.delaysTouchesBegan = true
        waiting.require(toFail: empty)
        view.addGestureRecognizer(waiting)
        view.addGestureRecognizer(empty)
        try world.down(1, at: 0, 100, 100)
        // Every finger is ignored (R99), so none is left: as when the last one lifts before the pan
        // began (R100), each fails in this pass, and both reset at its end (R39).
        #expect(world.transitions(of: empty).first?.hasPrefix("possible -> failed") == true)
        #expect(world.transitions(of: waiting).first?.hasPrefix("possible -> failed") == true)
        try world.send(0.05, TouchInput(id: 1, phase: .cancelled, x: 100, y: 100))
        try world.advance(to: 2)
        #expect(world.environment.isIdle)
    }

    struct Move: CustomTestStringConvertible, Sendable {
        let dx: Double
        let dy: Double
        let begins: Bool
        var testDescription: String { "(\(dx), \(dy))" }
    }

    @Test("R94: the hysteresis is 10 pt per axis, not Euclidean", arguments: [
        Move(dx: 10, dy: 0, begins: true), Move(dx: 9.999, dy: 0, begins: false), Move(dx: 0, dy: -10, begins: true),
        Move(dx: 8, dy: 8, begins: false), Move(dx: -10, dy: 3, begins: true),
    ])
    func hysteresis(_ move: Move) throws {
        let (world, pan, values) = Self.world()
        var atBegan: Point?
        pan.addAction { pan in
            if pan.state == .began { atBegan = pan.translation(in: nil) }
        }
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.02, 100 + move.dx, 100 + move.dy)
        #expect(values.lines.count == (move.begins ? 1 : 0))
        if move.begins {
            // R95: the hysteresis comes off each axis: sign(t) * max(|t| - 10, 0).
            func reduced(_ value: Double) -> Double { value < 0 ? -max(-value - 10, 0) : max(value - 10, 0) }
            #expect(atBegan == Point(x: reduced(move.dx), y: reduced(move.dy)))
        }
    }

    @Test("R96: setTranslation moves the reference point")
    func setTranslation() throws {
        let (world, pan, values) = Self.world()
        pan.addAction { pan in
            if pan.state == .began { pan.setTranslation(Point(x: 100, y: 50), in: nil) }
        }
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.02, 115, 100)
        try world.move(1, at: 0.04, 125, 110)
        #expect(pan.translation(in: nil) == Point(x: 110, y: 60))
        try world.up(1, at: 0.06, 125, 110)
        #expect(values.lines.count == 3)
    }

    @Test("R97: a velocity sample over less than 1 ms counts as zero")
    func shortSample() throws {
        let (world, pan, _) = Self.world()
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.02, 120, 100)
        try world.environment.dispatch(TouchEvent(timestamp: Timestamp(nanoseconds: 20_500_000),
                                                   touches: [TouchInput(id: 1, phase: .moved, x: 130, y: 100)]))
        // Samples: 20/0.02 = 1000, then 0 (dt 0.5 ms): 0.2*0 + 0.8*1000 = 800.
        #expect(pan.velocity(in: nil) == Point(x: 800, y: 0))
        try world.up(1, at: 0.05, 130, 100)
    }

    @Test("R104: a two-finger pan never begins with one finger however far it moves")
    func minimumTouches() throws {
        let (world, _, values) = Self.world(minimum: 2)
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.02, 200, 100)
        try world.move(1, at: 0.04, 300, 100)
        try world.up(1, at: 0.06, 300, 100)
        #expect(values.lines.isEmpty)
        #expect(world.log.lines.contains("0.060 gesture P failed"))
    }

    @Test("R99, R100, R36: a finger added or lifted keeps translation continuous (S48's numbers)")
    func twoFingers() throws {
        let (world, _, values) = Self.world(minimum: 2, maximum: 2)
        try world.down(1, at: 0, 100, 100)
        try world.down(2, at: 0.02, 200, 100)
        try world.move(1, at: 0.04, 112, 100)
        try world.move(2, at: 0.06, 212, 100)
        try world.move(1, at: 0.08, 132, 100)
        try world.up(1, at: 0.1, 132, 100)
        try world.move(2, at: 0.12, 222, 100)
        try world.up(2, at: 0.14, 222, 100)
        // Centroid 150 after touch 2 (reference shifts with it), 156, 162 (tx 12 -> 2 at began),
        // 172 (12); lifting touch 1 jumps the centroid to 212 and the reference with it (12);
        // 222 (22).
        #expect(values.lines.map { $0.components(separatedBy: " v=")[0] } == [
            "0.060 began tr=(2.0, 0.0)", "0.080 changed tr=(12.0, 0.0)", "0.100 changed tr=(12.0, 0.0)",
            "0.120 changed tr=(22.0, 0.0)", "0.140 ended tr=(22.0, 0.0)",
        ])
    }

    @Test("R99: fingers beyond the maximum are ignored and do not move the centroid")
    func maximumTouches() throws {
        let (world, pan, _) = Self.world(maximum: 1)
        try world.down(1, at: 0, 100, 100)
        try world.down(2, at: 0.01, 300, 300)
        #expect(pan.numberOfTouches == 1)
        try world.move(1, at: 0.02, 120, 100)
        #expect(pan.location(in: nil) == Point(x: 120, y: 100))
        try world.up(2, at: 0.03, 300, 300)
        try world.up(1, at: 0.04, 120, 100)
    }

    @Test("R101: a system-cancelled touch cancels a running pan and fails a possible one")
    func systemCancel() throws {
        let (running, _, runningValues) = Self.world()
        try running.down(1, at: 0, 100, 100)
        try running.move(1, at: 0.02, 130, 100)
        try running.send(0.04, TouchInput(id: 1, phase: .cancelled, x: 130, y: 100))
        #expect(runningValues.lines.map { $0.components(separatedBy: " tr=")[0] } == ["0.020 began", "0.040 cancelled"])
        let (possible, _, possibleValues) = Self.world()
        try possible.down(1, at: 0, 100, 100)
        try possible.send(0.04, TouchInput(id: 1, phase: .cancelled, x: 100, y: 100))
        #expect(possibleValues.lines.isEmpty)
        #expect(possible.log.lines.contains("0.040 gesture P failed"))
        #expect(running.environment.isIdle && possible.environment.isIdle)
    }

    @Test("R98, R56: a pan released late by a failure requirement starts from zero translation (S26's numbers)")
    func releasedLate() throws {
        let (world, pan, values) = Self.world()
        let tap = world.attach(TapGestureRecognizer(), "T", to: pan.view!)
        pan.require(toFail: tap)
        try world.down(1, at: 0, 100, 100)
        try world.move(1, at: 0.02, 110, 100)
        try world.move(1, at: 0.04, 130, 100)
        try world.move(1, at: 0.06, 150, 100)
        try world.move(1, at: 0.08, 160, 100)
        try world.up(1, at: 0.1, 160, 100)
        #expect(values.lines.map { $0.components(separatedBy: " v=")[0] } == [
            "0.060 began tr=(0.0, 0.0)", "0.080 changed tr=(10.0, 0.0)", "0.100 ended tr=(10.0, 0.0)",
        ])
    }
}
