@testable import GestureArbiter
import Foundation
import Testing

/// Pinch and rotation: the shared two-finger analysis (R168-R172, R187), the pinch (R173-R177),
/// the rotation (R178-R182) and how they meet a pan or each other (R183).
@Suite struct PinchRotationTests {
    // MARK: - Fixtures

    /// A 400 x 800 window with a multiple-touch view V (400 x 600) and `recognizer` on it, named
    /// `name`; `values` gets one line per action from `describe`.
    static func world<R: GestureRecognizer>(
        _ recognizer: R, _ name: String = "G", describe: @escaping (R) -> String
    ) -> (TestWorld, R, Log) {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 600))
        view.isMultipleTouchEnabled = true
        world.attach(recognizer, name, to: view)
        let values = Log()
        let clock = world.clock
        recognizer.addAction { recognizer in values.lines.append("\(clock.now) \(recognizer.state) \(describe(recognizer))") }
        return (world, recognizer, values)
    }

    static func pinchWorld() -> (TestWorld, PinchGestureRecognizer, Log) {
        world(PinchGestureRecognizer(), "P") { "s=\(f($0.scale)) v=\(f($0.velocity)) at=\(p($0.location(in: nil)))" }
    }

    static func rotationWorld() -> (TestWorld, RotationGestureRecognizer, Log) {
        world(RotationGestureRecognizer(), "RO") { "r=\(f($0.rotation)) v=\(f($0.velocity)) at=\(p($0.location(in: nil)))" }
    }

    /// Five decimals.
    static func f(_ value: Double) -> String { String(format: "%.5f", value) }
    static func p(_ point: Point) -> String { "(\(f(point.x)), \(f(point.y)))" }

    /// One event moving (or landing, lifting) touches 1 and 2 together.
    static func pair(_ world: TestWorld, _ t: Double, _ phase: TouchPhase, _ a: Point, _ b: Point, type: TouchType = .direct) throws {
        try world.send(t, TouchInput(id: 1, phase: phase, location: a, type: type), TouchInput(id: 2, phase: phase, location: b, type: type))
    }

    /// Fingers `distance` apart on a horizontal line through (150, 300).
    static func spread(_ distance: Double) -> (Point, Point) {
        (Point(x: 150 - distance / 2, y: 300), Point(x: 150 + distance / 2, y: 300))
    }

    /// Fingers `distance` apart about (150, 300), the line from 1 to 2 turned `degrees`
    /// clockwise on screen (y down) from the x axis.
    static func turned(_ degrees: Double, distance: Double = 100) -> (Point, Point) {
        let radians = degrees * Double.pi / 180
        let dx = distance / 2 * cos(radians)
        let dy = distance / 2 * sin(radians)
        return (Point(x: 150 - dx, y: 300 - dy), Point(x: 150 + dx, y: 300 + dy))
    }

    static let start = spread(100)

    // MARK: - Pinch: the dead zone, the scale, the velocity

    @Test("R173, R174, R176, R172, R169, R36: the pinch of S68 with its values (scale less the dead zone, filtered velocity, centroid)")
    func pinchValuesOfS68() throws {
        let (world, _, values) = Self.pinchWorld()
        try Self.playS68(world)
        #expect(values.lines == Self.s68Lines())
        let (_, _, first, filtered) = Self.s68Values()
        #expect(Self.f(first) == "0.56117" && Self.f(filtered) == "5.86750")
        #expect(world.environment.isIdle)
    }

    /// S68's touches: two fingers 100 pt apart about (150, 300) spread to 106, 110 and 150 pt;
    /// finger 1 lifts, finger 2 moves on alone to (235, 300) and lifts.
    static func playS68(_ world: TestWorld) throws {
        try pair(world, 0, .began, Point(x: 100, y: 300), Point(x: 200, y: 300))
        try pair(world, 0.016, .moved, Point(x: 97, y: 300), Point(x: 203, y: 300))
        try pair(world, 0.033, .moved, Point(x: 95, y: 300), Point(x: 205, y: 300))
        try pair(world, 0.050, .moved, Point(x: 75, y: 300), Point(x: 225, y: 300))
        try world.up(1, at: 0.070, 75, 300)
        try world.move(2, at: 0.080, 235, 300)
        try world.up(2, at: 0.090, 235, 300)
    }

    /// S68's scale at began and later, and the velocity at began and later, worked out by hand.
    static func s68Values() -> (began: Double, later: Double, first: Double, filtered: Double) {
        // R174: 110 pt is 10 pt past 100, beyond the 8 pt dead zone: the reference becomes 108.
        let began = 110.0 / 108
        let later = 150.0 / 108
        // R176: samples (scale change / time since the previous update; the first from touch-down).
        let first = (began - 1) / 0.033
        let second = (later - began) / 0.017
        return (began, later, first, 0.75 * first + 0.25 * second)
    }

    /// S68's action lines as ``pinchWorld()`` writes them, each followed by its entry of `after`.
    static func s68Lines(after: [String] = Array(repeating: "", count: 5)) -> [String] {
        let (began, later, first, filtered) = s68Values()
        let lines = [
            "0.033 began s=\(f(began)) v=\(f(first)) at=(150.00000, 300.00000)",
            "0.050 changed s=\(f(later)) v=\(f(filtered)) at=(150.00000, 300.00000)",
            // R172: the lifting finger still counts in its own event; R169: no value update.
            "0.070 changed s=\(f(later)) v=\(f(filtered)) at=(150.00000, 300.00000)",
            "0.080 changed s=\(f(later)) v=\(f(filtered)) at=(235.00000, 300.00000)",
            "0.090 ended s=\(f(later)) v=\(f(filtered)) at=(235.00000, 300.00000)",
        ]
        return zip(lines, after).map { $0 + $1 }
    }

    struct Spread: CustomTestStringConvertible, Sendable {
        let distance: Double
        let pointer: Bool
        let begins: Bool
        var testDescription: String { "\(distance) pt\(pointer ? " (indirect pointer)" : "")" }
    }

    @Test("R174: the pinch begins strictly past 8 pt (2 pt for a pointer) with the dead zone taken out of the scale", arguments: [
        Spread(distance: 108, pointer: false, begins: false), Spread(distance: 108.001, pointer: false, begins: true),
        Spread(distance: 92, pointer: false, begins: false), Spread(distance: 91.999, pointer: false, begins: true),
        Spread(distance: 150, pointer: false, begins: true), Spread(distance: 40, pointer: false, begins: true),
        Spread(distance: 102, pointer: true, begins: false), Spread(distance: 102.001, pointer: true, begins: true),
        Spread(distance: 97.5, pointer: true, begins: true),
    ])
    func pinchDeadZone(_ spread: Spread) throws {
        let (world, pinch, _) = Self.pinchWorld()
        var atBegan: Double?
        pinch.addAction { if $0.state == .began { atBegan = $0.scale } }
        let type: TouchType = spread.pointer ? .indirectPointer : .direct
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1, type: type)
        let (a, b) = Self.spread(spread.distance)
        try Self.pair(world, 0.02, .moved, a, b, type: type)
        let zone = spread.pointer ? 2.0 : 8.0
        if spread.begins {
            let reference = spread.distance > 100 ? 100 + zone : 100 - zone
            let expected = spread.distance / reference
            #expect(abs((atBegan ?? .nan) - expected) < 1e-12, "scale \(String(describing: atBegan)), expected \(expected)")
        } else {
            #expect(atBegan == nil)
            #expect(pinch.state == .possible && pinch.scale == 1)
        }
        try Self.pair(world, 0.1, .ended, a, b, type: type)
        #expect(world.environment.isIdle)
    }

    @Test("R175, R176: after began the scale is the distance over the reference, each pass a velocity sample; a drag holds the scale")
    func pinchScaleAfterBegan() throws {
        let (world, pinch, _) = Self.pinchWorld()
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        let (a, b) = Self.spread(120)
        try Self.pair(world, 0.02, .moved, a, b)
        #expect(abs(pinch.scale - 120.0 / 108) < 1e-12)
        let (c, d) = Self.spread(216)
        try Self.pair(world, 0.04, .moved, c, d)
        #expect(abs(pinch.scale - 2) < 1e-12)
        let sampleOne = (120.0 / 108 - 1) / 0.02
        let sampleTwo = (2 - 120.0 / 108) / 0.02
        #expect(abs(pinch.velocity - (0.75 * sampleOne + 0.25 * sampleTwo)) < 1e-9)
        // A pure two-finger drag of 200 pt is mostly a translation: the scale holds (R175) and
        // the pass's sample is 0 (the filter then gives 0.25 x 0 + 0.75 x the previous).
        try Self.pair(world, 0.06, .moved, Point(x: c.x + 200, y: c.y), Point(x: d.x + 200, y: d.y))
        #expect(abs(pinch.scale - 2) < 1e-12)
        #expect(abs(pinch.velocity - 0.75 * sampleTwo) < 1e-9)
        #expect(pinch.state == .changed)
    }

    @Test("R177: setting scale rescales what follows and resets the velocity; 1.0 before began and after reset; non-finite values are ignored")
    func settingScale() throws {
        let (world, pinch, _) = Self.pinchWorld()
        #expect(pinch.scale == 1)
        pinch.addAction { pinch in if pinch.state == .began { pinch.scale = 2 } }
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        let (a, b) = Self.spread(120)
        try Self.pair(world, 0.02, .moved, a, b)
        #expect(pinch.scale == 2 && pinch.velocity == 0)
        pinch.scale = .nan
        pinch.scale = .infinity
        #expect(pinch.scale == 2)
        let (c, d) = Self.spread(180)
        try Self.pair(world, 0.04, .moved, c, d)
        // Later scale = 2 x distance / distance when set = 2 x 180 / 120.
        #expect(abs(pinch.scale - 3) < 1e-12)
        #expect(abs(pinch.velocity - (3 - 2) / 0.02) < 1e-9)
        try Self.pair(world, 0.06, .ended, c, d)
        #expect(pinch.scale == 1 && pinch.velocity == 0)
    }

    // MARK: - Rotation: the threshold, the sign, the turns

    @Test("R178, R179, R180, R181, R182, R172: the rotation of S69 with its values (turn less 5 degrees, clockwise positive, filtered velocity)")
    func rotationValuesOfS69() throws {
        let (world, _, values) = Self.rotationWorld()
        try Self.playS69(world)
        #expect(values.lines == Self.s69Lines())
        let (began, later, _, _) = Self.s69Values()
        #expect(Self.f(began) == "0.19653" && Self.f(later) == "0.55623")
        #expect(world.environment.isIdle)
    }

    /// S69's touches: two fingers 100 pt apart about (150, 300) turn clockwise, the line between
    /// them reaching atan(28 / 96) and then atan(60 / 80); they lift one after the other.
    static func playS69(_ world: TestWorld) throws {
        try pair(world, 0, .began, Point(x: 100, y: 300), Point(x: 200, y: 300))
        try pair(world, 0.016, .moved, Point(x: 100, y: 297), Point(x: 200, y: 303))
        try pair(world, 0.033, .moved, Point(x: 102, y: 286), Point(x: 198, y: 314))
        try pair(world, 0.050, .moved, Point(x: 110, y: 270), Point(x: 190, y: 330))
        try world.up(1, at: 0.070, 110, 270)
        try world.up(2, at: 0.090, 190, 330)
    }

    /// S69's rotation at began and later (the turn less 5 degrees, R180), and the velocity at
    /// began and later (R182), worked out by hand.
    static func s69Values() -> (began: Double, later: Double, first: Double, filtered: Double) {
        let five = 5 * Double.pi / 180
        let began = atan2(28, 96) - five
        let later = atan2(60, 80) - five
        let first = began / 0.033
        let second = (later - began) / 0.017
        return (began, later, first, 0.75 * first + 0.25 * second)
    }

    /// S69's action lines as ``rotationWorld()`` writes them, each followed by its entry of `after`.
    static func s69Lines(after: [String] = Array(repeating: "", count: 4)) -> [String] {
        let (began, later, first, filtered) = s69Values()
        let lines = [
            "0.033 began r=\(f(began)) v=\(f(first)) at=(150.00000, 300.00000)",
            "0.050 changed r=\(f(later)) v=\(f(filtered)) at=(150.00000, 300.00000)",
            "0.070 changed r=\(f(later)) v=\(f(filtered)) at=(150.00000, 300.00000)",
            "0.090 ended r=\(f(later)) v=\(f(filtered)) at=(190.00000, 330.00000)",
        ]
        return zip(lines, after).map { $0 + $1 }
    }

    struct Turn: CustomTestStringConvertible, Sendable {
        let degrees: Double
        let distance: Double
        let threshold: Double
        var begins: Bool { abs(degrees) > threshold }
        var testDescription: String { "\(degrees) deg at \(distance) pt (threshold \(threshold) deg)" }
    }

    @Test("R180, R179: the rotation begins strictly past 5 degrees + 5 x sqrt(min(|d - d0| / d0, 1)), the threshold taken out, clockwise positive", arguments: [
        Turn(degrees: 4.999, distance: 100, threshold: 5), Turn(degrees: 5.001, distance: 100, threshold: 5),
        Turn(degrees: -4.999, distance: 100, threshold: 5), Turn(degrees: -5.001, distance: 100, threshold: 5),
        Turn(degrees: 30, distance: 100, threshold: 5),
        Turn(degrees: 7.499, distance: 125, threshold: 7.5), Turn(degrees: 7.501, distance: 125, threshold: 7.5),
        Turn(degrees: -6.58, distance: 110, threshold: 5 + 5 * 0.1.squareRoot()),
        Turn(degrees: 6.59, distance: 110, threshold: 5 + 5 * 0.1.squareRoot()),
    ])
    func rotationThreshold(_ turn: Turn) throws {
        let (world, rotation, _) = Self.rotationWorld()
        var atBegan: Double?
        rotation.addAction { if $0.state == .began { atBegan = $0.rotation } }
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        let (a, b) = Self.turned(turn.degrees, distance: turn.distance)
        try Self.pair(world, 0.02, .moved, a, b)
        if turn.begins {
            let magnitude = (abs(turn.degrees) - turn.threshold) * Double.pi / 180
            let expected = turn.degrees < 0 ? -magnitude : magnitude
            // The threshold's square root magnifies the last bits of the distance (a relative
            // change of 1e-16 adds about 1e-8 degrees), hence the tolerance.
            #expect(abs((atBegan ?? .nan) - expected) < 1e-7, "rotation \(String(describing: atBegan)), expected \(expected)")
        } else {
            #expect(atBegan == nil)
            #expect(rotation.state == .possible && rotation.rotation == 0)
        }
    }

    @Test("R179: turns are counted across +/-180 degrees in steps under 90 degrees: 400 degrees clockwise reads 395 degrees")
    func rotationCountsTurns() throws {
        let (world, rotation, _) = Self.rotationWorld()
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        var time = 0.0
        for step in 1...20 {
            time += 0.016
            let (a, b) = Self.turned(Double(step) * 20)
            try Self.pair(world, time, .moved, a, b)
        }
        #expect(abs(rotation.rotation - 395 * Double.pi / 180) < 1e-9)
        // Counter-clockwise back by 60 degrees: negative steps.
        for step in 1...3 {
            time += 0.016
            let (a, b) = Self.turned(400 - Double(step) * 20)
            try Self.pair(world, time, .moved, a, b)
        }
        #expect(abs(rotation.rotation - 335 * Double.pi / 180) < 1e-9)
        #expect(rotation.velocity < 0)
    }

    @Test("R181, R182: a pass that is mostly a drag leaves the rotation unchanged with a zero sample; setting rotation resets the velocity")
    func rotationHoldsOnDragAndSetterResetsVelocity() throws {
        let (world, rotation, _) = Self.rotationWorld()
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        let (a, b) = Self.turned(20)
        try Self.pair(world, 0.02, .moved, a, b)
        #expect(abs(rotation.rotation - 15 * Double.pi / 180) < 1e-9)
        rotation.rotation = 1
        #expect(rotation.rotation == 1 && rotation.velocity == 0)
        rotation.rotation = .nan
        #expect(rotation.rotation == 1)
        // Later turns add to the value set.
        let (c, d) = Self.turned(30)
        try Self.pair(world, 0.04, .moved, c, d)
        let turned = 1 + 10 * Double.pi / 180
        #expect(abs(rotation.rotation - turned) < 1e-9)
        #expect(abs(rotation.velocity - (turned - 1) / 0.02) < 1e-9)
        // A 150 pt drag with a 2 degree twist: mostly a translation (R171), so the twist is
        // absorbed and the pass's sample is 0: the filter gives 0.75 x the previous sample.
        let (e, f) = Self.turned(32)
        try Self.pair(world, 0.06, .moved, Point(x: e.x + 150, y: e.y), Point(x: f.x + 150, y: f.y))
        #expect(abs(rotation.rotation - turned) < 1e-9)
        #expect(abs(rotation.velocity - 0.75 * (turned - 1) / 0.02) < 1e-9)
    }

    @Test("R180: past the threshold, a pass that is mostly a drag does not begin the rotation and its turn is discarded")
    func rotationNotDominantDoesNotBegin() throws {
        let (world, rotation, _) = Self.rotationWorld()
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        let (a, b) = Self.turned(8)
        try Self.pair(world, 0.02, .moved, Point(x: a.x + 60, y: a.y), Point(x: b.x + 60, y: b.y))
        #expect(rotation.state == .possible)
        // The 8 degrees were added to the reference: the turn measured since it is zero.
        #expect(abs(rotation.referenceAngle - rotation.unwrappedAngle) < 1e-12)
        #expect(abs(rotation.unwrappedAngle + 8 * Double.pi / 180) < 1e-9)
        try Self.pair(world, 0.04, .ended, Point(x: a.x + 60, y: a.y), Point(x: b.x + 60, y: b.y))
        #expect(world.transitions(of: rotation) == [
            "possible -> failed (its own touch handling: its fingers lifted; past the threshold the motion was mostly a drag or a pinch)"
        ])
    }

    @Test("R179: the engine's own arc tangent matches the C library's to a few units in the last place")
    func arcTangentAccuracy() {
        var worst = 0.0
        let values: [Double] = [0, 1, -1, 0.5, -0.5, 2, -2, 1e-9, -1e-9, 1e9, 100, 6, 28, 96, 3, 1e300, Double.leastNonzeroMagnitude]
        for y in values {
            for x in values {
                let expected = atan2(y, x)
                let got = arcTangent(y, x)
                worst = max(worst, abs(got - expected) / max(abs(expected), 1e-300))
                if x == 0, y == 0 { #expect(got == 0) }
            }
        }
        for step in 0..<3600 {
            let angle = Double(step) * Double.pi / 1800 - Double.pi
            let expected = atan2(sin(angle), cos(angle))
            worst = max(worst, abs(arcTangent(sin(angle), cos(angle)) - expected) / max(abs(expected), 1e-300))
        }
        #expect(worst < 1e-14, "worst relative error \(worst)")
        #expect(arcTangent(.nan, 1) == 0 && arcTangent(1, .infinity) == 0)
    }

    // MARK: - Two fingers: the third finger, lifts, cancels

    enum Kind: String, CaseIterable, Sendable { case pinch, rotation }

    static func anyWorld(_ kind: Kind) -> (TestWorld, GestureRecognizer, Log) {
        switch kind {
        case .pinch:
            let (world, pinch, values) = pinchWorld()
            return (world, pinch, values)
        case .rotation:
            let (world, rotation, values) = rotationWorld()
            return (world, rotation, values)
        }
    }

    /// Positions that begin `kind` from ``start`` (a 20 pt spread, or a 20 degree turn).
    static func beginning(_ kind: Kind) -> (Point, Point) { kind == .pinch ? spread(120) : turned(20) }
    static func further(_ kind: Kind) -> (Point, Point) { kind == .pinch ? spread(150) : turned(40) }

    /// The value the recognizer reports (scale or rotation).
    static func value(_ recognizer: GestureRecognizer) -> Double {
        (recognizer as? PinchGestureRecognizer)?.scale ?? (recognizer as? RotationGestureRecognizer)?.rotation ?? .nan
    }

    @Test("R168, R36: a third finger after began is refused: no action, no value change, it reaches its view", arguments: Kind.allCases)
    func thirdFingerAfterBegan(_ kind: Kind) throws {
        let (world, recognizer, _) = Self.anyWorld(kind)
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        let (a, b) = Self.beginning(kind)
        try Self.pair(world, 0.02, .moved, a, b)
        let value = Self.value(recognizer)
        world.log.lines.removeAll()
        try world.down(3, at: 0.03, 300, 100)
        try world.move(3, at: 0.04, 320, 140)
        #expect(world.log.lines == ["0.030 touch 3 hit V", "0.030 view V began 3", "0.040 view V moved 3"])
        #expect(recognizer.numberOfTouches == 2 && Self.value(recognizer) == value)
        #expect(world.records.contains {
            if case let .touchRefused(touch, other, reason) = $0 { return touch.id == 3 && other === recognizer && reason == .recognizerFull }
            return false
        })
        try world.up(3, at: 0.05, 320, 140)
        #expect(world.log.lines.last == "0.050 view V ended 3")
        try Self.pair(world, 0.06, .ended, a, b)
        #expect(world.log.lines.last == "0.060 gesture \(recognizer.name!) ended")
    }

    @Test("R168: a third finger before began is refused too; the pair still begins", arguments: Kind.allCases)
    func thirdFingerBeforeBegan(_ kind: Kind) throws {
        let (world, recognizer, _) = Self.anyWorld(kind)
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        try world.down(3, at: 0.01, 300, 100)
        #expect(recognizer.numberOfTouches == 2)
        let (a, b) = Self.beginning(kind)
        try Self.pair(world, 0.02, .moved, a, b)
        #expect(recognizer.state == .began)
    }

    @Test("R168: three fingers in the first touch-down never start the tracking: nothing begins, it fails at the last lift", arguments: Kind.allCases)
    func threeFingersAtOnce(_ kind: Kind) throws {
        let (world, recognizer, _) = Self.anyWorld(kind)
        try world.send(0, TouchInput(id: 1, phase: .began, location: Self.start.0), TouchInput(id: 2, phase: .began, location: Self.start.1),
                       TouchInput(id: 3, phase: .began, x: 300, y: 100))
        try world.up(3, at: 0.01, 300, 100)
        let (a, b) = Self.further(kind)
        try Self.pair(world, 0.02, .moved, a, b)
        #expect(recognizer.state == .possible)
        try Self.pair(world, 0.03, .ended, a, b)
        #expect(world.transitions(of: recognizer) == [
            "possible -> failed (its own touch handling: three or more fingers came down before two were tracked, so it never tracked a pair)"
        ])
    }

    @Test("R169: one finger lifts after began: still running, no value update, a new finger refused, ended at the last lift", arguments: Kind.allCases)
    func oneFingerLiftsAfterBegan(_ kind: Kind) throws {
        let (world, recognizer, _) = Self.anyWorld(kind)
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        let (a, b) = Self.beginning(kind)
        try Self.pair(world, 0.02, .moved, a, b)
        let value = Self.value(recognizer)
        try world.up(1, at: 0.03, a.x, a.y)
        try world.move(2, at: 0.04, b.x + 50, b.y + 50)
        try world.down(3, at: 0.05, 20, 20)
        #expect(recognizer.state == .changed && Self.value(recognizer) == value && recognizer.numberOfTouches == 1)
        try world.up(2, at: 0.06, b.x + 50, b.y + 50)
        let name = recognizer.name!
        #expect(world.log.lines.filter { $0.contains("gesture") } == [
            "0.020 gesture \(name) began", "0.030 gesture \(name) changed", "0.040 gesture \(name) changed", "0.060 gesture \(name) ended",
        ])
    }

    @Test("R169: a possible one fails when its last finger lifts, not at the first; a one-finger sequence fails at its lift", arguments: Kind.allCases)
    func possibleFailsAtLastLift(_ kind: Kind) throws {
        let (world, recognizer, _) = Self.anyWorld(kind)
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        try world.up(1, at: 0.02, Self.start.0.x, Self.start.0.y)
        #expect(recognizer.state == .possible)
        // The remaining finger alone cannot begin it, however far it moves.
        try world.move(2, at: 0.03, 390, 500)
        #expect(recognizer.state == .possible)
        try world.up(2, at: 0.04, 390, 500)
        try world.down(5, at: 1, 100, 100)
        try world.up(5, at: 1.1, 100, 100)
        #expect(world.log.lines.filter { $0.contains("gesture") } == [
            "0.040 gesture \(recognizer.name!) failed", "1.100 gesture \(recognizer.name!) failed",
        ])
        #expect(world.environment.isIdle)
    }

    @Test("R170: a cancelled touch cancels a running rotation at once; a pinch goes on with one finger and is cancelled with the last")
    func cancelledTouches() throws {
        let (rotationWorld, rotation, _) = Self.rotationWorld()
        try Self.pair(rotationWorld, 0, .began, Self.start.0, Self.start.1)
        let (a, b) = Self.turned(20)
        try Self.pair(rotationWorld, 0.02, .moved, a, b)
        try rotationWorld.send(0.03, TouchInput(id: 1, phase: .cancelled, location: a))
        #expect(rotationWorld.log.lines.last == "0.030 gesture RO cancelled")
        #expect(rotation.state == .possible && rotation.rotation == 0)
        try rotationWorld.up(2, at: 0.035, b.x, b.y)

        let (pinchWorld, _, _) = Self.pinchWorld()
        try Self.pair(pinchWorld, 0, .began, Self.start.0, Self.start.1)
        let (c, d) = Self.spread(120)
        try Self.pair(pinchWorld, 0.02, .moved, c, d)
        try pinchWorld.send(0.03, TouchInput(id: 1, phase: .cancelled, location: c))
        #expect(pinchWorld.log.lines.last == "0.030 gesture P changed")
        try pinchWorld.send(0.04, TouchInput(id: 2, phase: .cancelled, location: d))
        #expect(pinchWorld.log.lines.last == "0.040 gesture P cancelled")
        #expect(pinchWorld.environment.isIdle && rotationWorld.environment.isIdle)
    }

    @Test("R26, R169: fingers ignored through ignore(_:for:) leave as lifted ones do", arguments: Kind.allCases)
    func ignoredFingers(_ kind: Kind) throws {
        let (world, recognizer, _) = Self.anyWorld(kind)
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        let (a, b) = Self.beginning(kind)
        try Self.pair(world, 0.02, .moved, a, b)
        for touch in recognizer.trackedTouches.array { recognizer.ignore(touch, for: nil) }
        #expect(world.log.lines.last == "0.020 gesture \(recognizer.name!) ended")
        try Self.pair(world, 0.03, .ended, a, b)
        #expect(world.environment.isIdle)
    }

    // MARK: - The analysis and the location

    @Test("R171, R187: one finger spreading while the other rests (no delta) is a pinch; a two-finger drag is not")
    func analysisDominance() throws {
        let (world, pinch, _) = Self.pinchWorld()
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        // Touch 1 is not in the event: its delta is zero (R187). 15 pt apart: one-finger spread.
        try world.move(2, at: 0.02, 215, 300)
        #expect(pinch.state == .began && abs(pinch.scale - 115.0 / 108) < 1e-12)

        let (dragWorld, dragged, _) = Self.pinchWorld()
        try Self.pair(dragWorld, 0, .began, Self.start.0, Self.start.1)
        // Both fingers 100 pt right while 10 pt apart more: translation 100 vs radial 5 (R171).
        try Self.pair(dragWorld, 0.02, .moved, Point(x: 195, y: 300), Point(x: 305, y: 300))
        #expect(dragged.state == .possible)
        try Self.pair(dragWorld, 0.05, .ended, Point(x: 195, y: 300), Point(x: 305, y: 300))
        #expect(dragWorld.transitions(of: dragged) == [
            "possible -> failed (its own touch handling: its fingers lifted; past the dead zone the motion was mostly a drag or a turn)"
        ])
    }

    @Test("R187, R172: the location is the exact centroid (no rounding); after the fingers lift, the centroid at the last update")
    func exactCentroid() throws {
        let (world, pinch, _) = Self.pinchWorld()
        try Self.pair(world, 0, .began, Point(x: 100.25, y: 300.5), Point(x: 200.5, y: 301.25))
        #expect(pinch.location(in: nil) == Point(x: 150.375, y: 300.875))
        try Self.pair(world, 0.02, .moved, Point(x: 80.25, y: 300.5), Point(x: 220.75, y: 301.75))
        #expect(pinch.state == .began)
        #expect(pinch.location(in: nil) == Point(x: 150.5, y: 301.125))
        var atEnd: Point?
        pinch.addAction { if $0.state == .ended { atEnd = $0.location(in: nil) } }
        try world.up(1, at: 0.03, 80.25, 300.5)
        try world.up(2, at: 0.04, 230, 310)
        #expect(atEnd == Point(x: 230, y: 310))
        let view = try #require(pinch.view)
        #expect(view.convert(Point(x: 150.5, y: 301.125), from: nil) == pinch.location(in: view))
    }

    @Test("Two fingers on one point, huge coordinates: defined values, never NaN", arguments: Kind.allCases)
    func degenerateInput(_ kind: Kind) throws {
        let (world, recognizer, _) = Self.anyWorld(kind)
        try Self.pair(world, 0, .began, Point(x: 200, y: 300), Point(x: 200, y: 300))
        try Self.pair(world, 0.02, .moved, Point(x: 200, y: 300), Point(x: 200, y: 300))
        #expect(Self.value(recognizer).isFinite)
        let (a, b) = kind == .pinch ? (Point(x: 190, y: 300), Point(x: 210, y: 300)) : (Point(x: 200, y: 290), Point(x: 200, y: 310))
        try Self.pair(world, 0.04, .moved, a, b)
        // Pinch: from distance 0 the reference is 8 pt: scale 20 / 8. Rotation: from no angle the
        // reference is the x axis; the fingers moving apart from one point are a spread, not a
        // turn (R171), so it does not begin and the turn is absorbed.
        #expect(Self.value(recognizer) == (kind == .pinch ? 2.5 : 0))
        #expect(recognizer.state == (kind == .pinch ? .began : .possible))
        try Self.pair(world, 0.06, .moved, Point(x: 200, y: 300), Point(x: 200, y: 300))
        let velocity = (recognizer as? PinchGestureRecognizer)?.velocity ?? (recognizer as! RotationGestureRecognizer).velocity
        #expect(Self.value(recognizer).isFinite && velocity.isFinite)
        #expect(recognizer.location(in: nil).isFinite)
        try Self.pair(world, 0.08, .moved, Point(x: -1e308, y: 1e308), Point(x: 1e308, y: -1e308))
        #expect(Self.value(recognizer).isFinite && recognizer.location(in: nil).isFinite)
        try Self.pair(world, 0.1, .ended, Point(x: -1e308, y: 1e308), Point(x: 1e308, y: -1e308))
        #expect(world.environment.isIdle)
    }

    // MARK: - Transformed views (R173, R178, R287)

    /// A transform for V and where three window points of the scripts are in V's own space.
    struct Transformed: CustomTestStringConvertible, Sendable {
        let name: String
        let transform: GestureArbiter.AffineTransform
        /// V's own (150, 300), (235, 300) and (190, 330), formatted as ``p(_:)``.
        let at150: String
        let at235: String
        let at190: String
        var testDescription: String { name }
    }

    static let transformedViews = [
        // Turned 90° clockwise about V's centre (200, 300), which is its bounds centre too: a
        // window point (X, Y) is V's (200 + (Y - 300), 300 - (X - 200)) (R285, R287).
        Transformed(
            name: "turned 90 degrees", transform: GestureArbiter.AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0),
            at150: "(200.00000, 350.00000)", at235: "(200.00000, 265.00000)", at190: "(230.00000, 310.00000)"),
        // Scaled by 2 about (200, 300): (X, Y) is V's (200 + (X - 200) / 2, 300 + (Y - 300) / 2).
        Transformed(
            name: "scaled by 2", transform: GestureArbiter.AffineTransform(scaleX: 2, y: 2),
            at150: "(175.00000, 300.00000)", at235: "(217.50000, 300.00000)", at190: "(195.00000, 315.00000)"),
    ]

    @Test("R173, R287: a pinch on a turned or scaled view reports the scale and velocity of the same screen touches on a plain view; its location converts into the view's space", arguments: transformedViews)
    func pinchOnATransformedView(_ view: Transformed) throws {
        let (world, pinch, values) = Self.world(PinchGestureRecognizer(), "P") {
            "s=\(Self.f($0.scale)) v=\(Self.f($0.velocity)) at=\(Self.p($0.location(in: nil))) in V=\(Self.p($0.location(in: $0.view)))"
        }
        pinch.view?.transform = view.transform
        // S68's touches (pinchValuesOfS68): scale and velocity are measured on screen (R173), so
        // they are S68's hand-worked values; the location, in V's space, is V's own point.
        try Self.playS68(world)
        let inV = [view.at150, view.at150, view.at150, view.at235, view.at235].map { " in V=\($0)" }
        #expect(values.lines == Self.s68Lines(after: inV))
    }

    @Test("R178, R287: a rotation on a turned or scaled view reports the angle and velocity of the same screen touches on a plain view; its location converts into the view's space", arguments: transformedViews)
    func rotationOnATransformedView(_ view: Transformed) throws {
        let (world, rotation, values) = Self.world(RotationGestureRecognizer(), "RO") {
            "r=\(Self.f($0.rotation)) v=\(Self.f($0.velocity)) at=\(Self.p($0.location(in: nil))) in V=\(Self.p($0.location(in: $0.view)))"
        }
        rotation.view?.transform = view.transform
        // S69's touches (rotationValuesOfS69): the angle is that of the line between the fingers
        // on screen, clockwise positive (R178, R179), whatever the view's own turn.
        try Self.playS69(world)
        let inV = [view.at150, view.at150, view.at150, view.at190].map { " in V=\($0)" }
        #expect(values.lines == Self.s69Lines(after: inV))
    }

    // MARK: - Failure reasons (--explain)

    struct Failure: CustomTestStringConvertible, Sendable {
        let kind: Kind
        let script: String
        let reason: String
        var testDescription: String { "\(kind.rawValue): \(script)" }
    }

    @Test("R169, R170, R171, R174, R180: every way a pinch or rotation fails has its own reason in the trace", arguments: [
        Failure(kind: .pinch, script: "one finger", reason: "its finger lifted before a second one came down (a pinch needs two)"),
        Failure(kind: .pinch, script: "no move", reason: "its fingers lifted without moving"),
        Failure(kind: .pinch, script: "small move", reason: "its fingers lifted before their distance changed by more than 8 pt"),
        Failure(kind: .pinch, script: "outside", reason: "its fingers lifted; past the dead zone a finger was outside the window"),
        Failure(kind: .pinch, script: "drag", reason: "its fingers lifted; past the dead zone the motion was mostly a drag or a turn"),
        Failure(kind: .pinch, script: "cancel", reason: "its touches were cancelled"),
        Failure(kind: .rotation, script: "one finger", reason: "its finger lifted before a second one came down (a rotation needs two)"),
        Failure(kind: .rotation, script: "no move", reason: "its fingers lifted without moving"),
        Failure(kind: .rotation, script: "small move", reason: "its fingers lifted before they turned past the threshold (5 to 10 degrees)"),
        Failure(kind: .rotation, script: "drag", reason: "its fingers lifted; past the threshold the motion was mostly a drag or a pinch"),
        Failure(kind: .rotation, script: "cancel", reason: "its touches were cancelled"),
    ])
    func failureReasons(_ failure: Failure) throws {
        let (world, recognizer, _) = Self.anyWorld(failure.kind)
        let pinch = failure.kind == .pinch
        switch failure.script {
        case "one finger":
            try world.down(1, at: 0, 100, 300)
            try world.up(1, at: 0.1, 100, 300)
        case "cancel":
            try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
            try Self.pair(world, 0.1, .cancelled, Self.start.0, Self.start.1)
        default:
            try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
            var (a, b) = Self.start
            switch failure.script {
            case "small move": (a, b) = pinch ? Self.spread(105) : Self.turned(4)
            case "outside": (a, b) = (Point(x: -10, y: 300), Point(x: 200, y: 300))
            case "drag":
                let (c, d) = pinch ? Self.spread(120) : Self.turned(10)
                (a, b) = (Point(x: c.x + 150, y: c.y), Point(x: d.x + 150, y: d.y))
            default: break
            }
            if failure.script != "no move" { try Self.pair(world, 0.05, .moved, a, b) }
            try Self.pair(world, 0.1, .ended, a, b)
        }
        #expect(world.transitions(of: recognizer) == ["possible -> failed (its own touch handling: \(failure.reason))"])
    }

    // MARK: - Arbitration (R183)

    /// A photo view with a pinch P and a pan PAN (minimum 1 finger); `simultaneous` lets each
    /// recognize with the other.
    static func photo(simultaneous: Bool, second: GestureRecognizer = PanGestureRecognizer(), name: String = "PAN")
        -> (TestWorld, PinchGestureRecognizer)
    {
        let world = TestWorld()
        let view = world.addView("photo", Rect(x: 0, y: 0, width: 400, height: 600))
        view.isMultipleTouchEnabled = true
        let pinch = world.attach(PinchGestureRecognizer(), "P", to: view)
        world.attach(second, name, to: view)
        if simultaneous {
            let delegate = TestDelegate()
            delegate.simultaneousWith = [name]
            pinch.delegate = delegate
            world.retained.append(delegate)
        }
        return (world, pinch)
    }

    @Test("R183, R44: on one photo a symmetric pinch leaves the pan's centroid in place: the pinch begins and excludes the pan")
    func pinchBeatsPanOnSymmetricSpread() throws {
        let (world, _) = Self.photo(simultaneous: false)
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        let (a, b) = Self.spread(160)
        try Self.pair(world, 0.02, .moved, a, b)
        try Self.pair(world, 0.05, .ended, a, b)
        #expect(world.log.lines.filter { $0.contains("gesture") } == [
            "0.020 gesture PAN failed", "0.020 gesture P began", "0.050 gesture P ended",
        ])
    }

    @Test("R183, R44: a two-finger drag begins the pan, which excludes the pinch")
    func panBeatsPinchOnDrag() throws {
        let (world, _) = Self.photo(simultaneous: false)
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        try Self.pair(world, 0.02, .moved, Point(x: 112, y: 300), Point(x: 212, y: 300))
        try Self.pair(world, 0.04, .moved, Point(x: 100, y: 300), Point(x: 260, y: 300))
        try Self.pair(world, 0.05, .ended, Point(x: 100, y: 300), Point(x: 260, y: 300))
        #expect(world.log.lines.filter { $0.contains("gesture") } == [
            "0.020 gesture P failed", "0.020 gesture PAN began", "0.040 gesture PAN changed", "0.050 gesture PAN ended",
        ])
    }

    @Test("R183, R45: with simultaneity a drag that also spreads begins both, and both track the same two fingers")
    func pinchAndPanTogether() throws {
        let (world, pinch) = Self.photo(simultaneous: true)
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        // Centroid 12 pt right (the pan's 10 pt), distance 120 (past the pinch's 8 pt): deltas
        // (2, 0) and (22, 0), translation 12 x 0.5 against radial 10 x 4: mostly a pinch.
        try Self.pair(world, 0.02, .moved, Point(x: 102, y: 300), Point(x: 222, y: 300))
        try Self.pair(world, 0.04, .moved, Point(x: 92, y: 300), Point(x: 242, y: 300))
        try Self.pair(world, 0.05, .ended, Point(x: 92, y: 300), Point(x: 242, y: 300))
        #expect(world.log.lines.filter { $0.contains("gesture") } == [
            "0.020 gesture P began", "0.020 gesture PAN began", "0.040 gesture P changed", "0.040 gesture PAN changed",
            "0.050 gesture P ended", "0.050 gesture PAN ended",
        ])
        #expect(pinch.scale == 1)  // reset after ended
    }

    @Test("R183: pinch and rotation on one view exclude each other unless simultaneous", arguments: [false, true])
    func pinchAndRotation(_ simultaneous: Bool) throws {
        let (world, _) = Self.photo(simultaneous: simultaneous, second: RotationGestureRecognizer(), name: "RO")
        try Self.pair(world, 0, .began, Self.start.0, Self.start.1)
        // A 20 pt spread that also turns 20 degrees: the pinch leads its analysis, the rotation its own.
        let (a, b) = Self.turned(20, distance: 120)
        try Self.pair(world, 0.02, .moved, a, b)
        try Self.pair(world, 0.05, .ended, a, b)
        let gestures = world.log.lines.filter { $0.contains("gesture") }
        if simultaneous {
            #expect(gestures == ["0.020 gesture P began", "0.020 gesture RO began", "0.050 gesture P ended", "0.050 gesture RO ended"])
        } else {
            #expect(gestures == ["0.020 gesture RO failed", "0.020 gesture P began", "0.050 gesture P ended"])
        }
    }
}
