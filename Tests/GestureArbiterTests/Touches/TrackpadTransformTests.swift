@testable import GestureArbiter
import Testing

/// Trackpad pinch and rotation as transform input (docs/semantics.md, "Pointer input", R277,
/// R291-R293). Expected values are worked out from the rules cited in each test: the pinch reads
/// the trackpad's scale as two virtual fingers 100 pt apart with the 2 pt pointer dead zone
/// (R292, R174); the rotation reads its turn with the 1 degree pointer threshold (R293, R180).
@Suite struct TrackpadTransformTests {
    private static func transform(
        _ phase: TransformInput.Phase, at seconds: Double, _ x: Double = 200, _ y: Double = 200, scale: Double = 1, rotation: Double = 0
    ) -> TransformInput {
        TransformInput(timestamp: Timestamp(seconds: seconds), phase: phase, location: Point(x: x, y: y), scale: scale, rotation: rotation)
    }

    private static let degree = Double.pi / 180

    /// A canvas filling the window with a photo at (100, 100, 200, 200) on it.
    private static func world() -> (TestWorld, RecordingView, RecordingView) {
        let world = TestWorld()
        let canvas = world.addView("canvas", Rect(x: 0, y: 0, width: 400, height: 800))
        let photo = world.addView("photo", Rect(x: 100, y: 100, width: 200, height: 200), to: canvas)
        return (world, canvas, photo)
    }

    @Test("R277, R291, R292, R174: a trackpad pinch begins past a 2 % change (2 pt of 100), with the dead zone taken out of its scale")
    func pinchFollowsTheScale() throws {
        let (world, _, photo) = Self.world()
        let pinch = world.attach(PinchGestureRecognizer(), "zoom", to: photo)
        var seen: [(scale: Double, touches: Int, location: Point)] = []
        // The photo owns the pinch, which owns this action: the photo is held unowned here.
        pinch.addAction { [unowned photo] pinch in seen.append((pinch.scale, pinch.numberOfTouches, pinch.location(in: photo))) }
        try world.environment.dispatch(Self.transform(.began, at: 0, 150, 160))
        try world.environment.dispatch(Self.transform(.changed, at: 0.016, 150, 160, scale: 1.02))
        try world.environment.dispatch(Self.transform(.changed, at: 0.032, 150, 160, scale: 1.03))
        try world.environment.dispatch(Self.transform(.changed, at: 0.048, 170, 160, scale: 0.9))
        try world.environment.dispatch(Self.transform(.ended, at: 0.064, 170, 160))
        // 1.02: 102 pt is exactly 2 pt from 100, not more: no began. 1.03: 103 pt; the reference
        // moves 2 pt toward it (102), scale 103/102. 0.9: 90/102. Views hear nothing.
        #expect(world.log.lines == ["0.032 gesture zoom began", "0.048 gesture zoom changed", "0.064 gesture zoom ended"])
        let expectedScales: [Double] = [103.0 / 102, 90.0 / 102, 90.0 / 102]
        #expect(seen.map(\.scale) == expectedScales)
        #expect(seen.map(\.touches) == [0, 0, 0])
        // The location is the pointer's, in the photo's coordinates (its origin at 100, 100).
        #expect(seen.map(\.location) == [Point(x: 50, y: 60), Point(x: 70, y: 60), Point(x: 70, y: 60)])
        #expect(world.environment.isIdle)
    }

    @Test("R292, R176: the trackpad pinch's velocity is its scale change over the time since the began, then filtered")
    func pinchVelocity() throws {
        let (world, _, photo) = Self.world()
        let pinch = world.attach(PinchGestureRecognizer(), "zoom", to: photo)
        var velocities: [Double] = []
        pinch.addAction { pinch in velocities.append(pinch.velocity) }
        try world.environment.dispatch(Self.transform(.began, at: 0))
        try world.environment.dispatch(Self.transform(.changed, at: 0.05, scale: 1.04))
        try world.environment.dispatch(Self.transform(.changed, at: 0.1, scale: 1.06))
        let first = (104.0 / 102 - 1) / 0.05
        let second = (106.0 / 102 - 104.0 / 102) / 0.05
        #expect(velocities.count == 2)
        #expect(abs(velocities[0] - first) < 1e-9)
        #expect(abs(velocities[1] - (0.75 * first + 0.25 * second)) < 1e-9)
    }

    @Test("R177, R292: setting a trackpad pinch's scale makes later values scale from the distance at that moment")
    func pinchScaleSet() throws {
        let (world, _, photo) = Self.world()
        let pinch = world.attach(PinchGestureRecognizer(), "zoom", to: photo)
        var scales: [Double] = []
        pinch.addAction { pinch in
            if pinch.state == .began { pinch.scale = 2 }
            scales.append(pinch.scale)
        }
        try world.environment.dispatch(Self.transform(.began, at: 0))
        try world.environment.dispatch(Self.transform(.changed, at: 0.02, scale: 1.03))
        try world.environment.dispatch(Self.transform(.changed, at: 0.04, scale: 1.1))
        // Set to 2 at 103 pt: later, 2 x 110 / 103.
        #expect(scales.count == 2 && scales[0] == 2 && abs(scales[1] - 2 * 110.0 / 103) < 1e-12)
    }

    @Test("R291, R293, R179, R180: a trackpad rotation begins past 1 degree, with the threshold taken out; positive is clockwise")
    func rotationFollowsTheTurn() throws {
        let (world, _, photo) = Self.world()
        let rotation = world.attach(RotationGestureRecognizer(), "turn", to: photo)
        var seen: [Double] = []
        rotation.addAction { rotation in seen.append(rotation.rotation) }
        try world.environment.dispatch(Self.transform(.began, at: 0))
        try world.environment.dispatch(Self.transform(.changed, at: 0.02, rotation: 0.01))
        try world.environment.dispatch(Self.transform(.changed, at: 0.04, rotation: 0.02))
        try world.environment.dispatch(Self.transform(.changed, at: 0.06, rotation: -0.5))
        try world.environment.dispatch(Self.transform(.ended, at: 0.08))
        // 0.01 rad is 0.57 degrees: no began; 0.02 rad (1.15 degrees) begins with 0.02 - 1 degree.
        #expect(world.log.lines == ["0.040 gesture turn began", "0.060 gesture turn changed", "0.080 gesture turn ended"])
        let expected: [Double] = [0.02 - Self.degree, -0.5 - Self.degree, -0.5 - Self.degree]
        #expect(seen == expected)

        // Counter-clockwise first: the threshold comes off the other way.
        seen.removeAll()
        try world.environment.dispatch(Self.transform(.began, at: 1))
        try world.environment.dispatch(Self.transform(.changed, at: 1.02, rotation: -0.03))
        try world.environment.dispatch(Self.transform(.ended, at: 1.04))
        let expectedBack: [Double] = [-0.03 + Self.degree, -0.03 + Self.degree]
        #expect(seen == expectedBack)
    }

    @Test("R291: the values are measured from the began's, whatever the host's running totals")
    func valuesFromTheBegan() throws {
        let (world, _, photo) = Self.world()
        let pinch = world.attach(PinchGestureRecognizer(), "zoom", to: photo)
        let rotation = world.attach(RotationGestureRecognizer(), "turn", to: photo)
        _ = pinch.recognizesSimultaneously(with: rotation)
        var scales: [Double] = []
        var turns: [Double] = []
        pinch.addAction { pinch in scales.append(pinch.scale) }
        rotation.addAction { rotation in turns.append(rotation.rotation) }
        try world.environment.dispatch(Self.transform(.began, at: 0, scale: 2, rotation: 1))
        try world.environment.dispatch(Self.transform(.changed, at: 0.02, scale: 2.06, rotation: 1.05))
        // 2.06 / 2 = 1.03: 103 pt, scale 103/102; 1.05 - 1 = 0.05 rad past 1 degree.
        let expectedScale: [Double] = [103.0 / 102]
        #expect(scales == expectedScale)
        #expect(turns.count == 1 && abs(turns[0] - (0.05 - Self.degree)) < 1e-12)
    }

    @Test("R183, R44, R291: a pinch and a rotation on one view share the trackpad: the first past its threshold excludes the other")
    func pinchAndRotationExclude() throws {
        let (world, _, photo) = Self.world()
        world.attach(PinchGestureRecognizer(), "zoom", to: photo)
        world.attach(RotationGestureRecognizer(), "turn", to: photo)
        try world.environment.dispatch(Self.transform(.began, at: 0))
        try world.environment.dispatch(Self.transform(.changed, at: 0.02, scale: 1.01, rotation: 0.01))
        try world.environment.dispatch(Self.transform(.changed, at: 0.04, scale: 1.01, rotation: 0.03))
        try world.environment.dispatch(Self.transform(.changed, at: 0.06, scale: 1.5, rotation: 0.03))
        try world.environment.dispatch(Self.transform(.ended, at: 0.08))
        #expect(world.log.lines == [
            "0.040 gesture zoom failed", "0.040 gesture turn began", "0.060 gesture turn changed", "0.080 gesture turn ended",
        ])
    }

    @Test("R45, R183, R291: allowed to recognize together, a trackpad pinch and rotation both begin and end with the gesture")
    func pinchAndRotationTogether() throws {
        let (world, _, photo) = Self.world()
        let pinch = world.attach(PinchGestureRecognizer(), "zoom", to: photo)
        let rotation = world.attach(RotationGestureRecognizer(), "turn", to: photo)
        _ = pinch.recognizesSimultaneously(with: rotation)
        try world.environment.dispatch(Self.transform(.began, at: 0))
        try world.environment.dispatch(Self.transform(.changed, at: 0.02, scale: 1.05))
        try world.environment.dispatch(Self.transform(.changed, at: 0.04, scale: 1.05, rotation: 0.05))
        try world.environment.dispatch(Self.transform(.ended, at: 0.06))
        #expect(world.log.lines == [
            "0.020 gesture zoom began", "0.040 gesture zoom changed", "0.040 gesture turn began", "0.060 gesture zoom ended",
            "0.060 gesture turn ended",
        ])
    }

    @Test("R277, R279, R291: nothing but pinch and rotation recognizers hears the trackpad, whatever the view; an ancestor's pinch does")
    func onlyPinchAndRotation() throws {
        let (world, canvas, photo) = Self.world()
        let pan = world.attach(PanGestureRecognizer(), "drag", to: photo)
        pan.allowedScrollTypesMask = .all
        world.attach(TapGestureRecognizer(), "tap", to: photo)
        world.attach(HoverGestureRecognizer(), "hover", to: photo)
        world.attach(PinchGestureRecognizer(), "zoom", to: canvas)
        try world.environment.dispatch(Self.transform(.began, at: 0))
        try world.environment.dispatch(Self.transform(.changed, at: 0.02, scale: 1.05, rotation: 0.3))
        try world.environment.dispatch(Self.transform(.ended, at: 0.04))
        #expect(world.log.lines == ["0.020 gesture zoom began", "0.040 gesture zoom ended"])
        // Over no view with a pinch or rotation, or outside every window: no recognizer, no error.
        try world.environment.dispatch(Self.transform(.began, at: 1, 2000, 2000))
        try world.environment.dispatch(Self.transform(.changed, at: 1.02, 2000, 2000, scale: 3))
        try world.environment.dispatch(Self.transform(.ended, at: 1.04, 2000, 2000))
        #expect(world.log.lines.count == 2)
        #expect(world.environment.isIdle)
    }

    @Test("R291, R26: a pinch that tracks a finger takes no trackpad transform; one that follows the trackpad takes no finger")
    func fingersAndTrackpadDoNotMix() throws {
        let (world, _, photo) = Self.world()
        let pinch = world.attach(PinchGestureRecognizer(), "zoom", to: photo)
        try world.down(1, at: 0, 150, 150)
        #expect(pinch.numberOfTouches == 1)
        try world.environment.dispatch(Self.transform(.began, at: 0.01))
        try world.environment.dispatch(Self.transform(.changed, at: 0.02, scale: 1.5))
        try world.environment.dispatch(Self.transform(.ended, at: 0.03))
        try world.up(1, at: 0.04, 150, 150)
        // The finger's pinch never began; it fails when its finger lifts (R169).
        #expect(world.log.lines == ["0.000 touch 1 hit photo", "0.000 view photo began 1", "0.040 gesture zoom failed", "0.040 view photo ended 1"])

        world.log.lines.removeAll()
        try world.environment.dispatch(Self.transform(.began, at: 1))
        try world.down(2, at: 1.01, 150, 150)
        try world.environment.dispatch(Self.transform(.changed, at: 1.02, scale: 1.5))
        #expect(pinch.numberOfTouches == 0)
        try world.up(2, at: 1.03, 150, 150)
        try world.environment.dispatch(Self.transform(.ended, at: 1.04))
        #expect(world.log.lines == [
            "1.010 touch 2 hit photo", "1.010 view photo began 2", "1.020 gesture zoom began", "1.030 view photo ended 2", "1.040 gesture zoom ended",
        ])
        #expect(world.environment.isIdle)
    }

    @Test("R291: a trackpad gesture that ends before the threshold fails its recognizers; a cancelled one cancels a running one")
    func endsAndCancels() throws {
        let (world, _, photo) = Self.world()
        let pinch = world.attach(PinchGestureRecognizer(), "zoom", to: photo)
        world.attach(RotationGestureRecognizer(), "turn", to: photo)
        try world.environment.dispatch(Self.transform(.began, at: 0))
        try world.environment.dispatch(Self.transform(.changed, at: 0.02, scale: 1.01))
        try world.environment.dispatch(Self.transform(.ended, at: 0.04))
        #expect(world.log.lines == ["0.040 gesture zoom failed", "0.040 gesture turn failed"])
        #expect(world.transitions(of: pinch).last?.contains("the trackpad gesture ended before its scale changed by more than 2 %") == true)

        world.log.lines.removeAll()
        try world.environment.dispatch(Self.transform(.began, at: 1))
        try world.environment.dispatch(Self.transform(.changed, at: 1.02, scale: 1.1))
        try world.environment.dispatch(Self.transform(.cancelled, at: 1.04))
        #expect(world.log.lines == ["1.020 gesture turn failed", "1.020 gesture zoom began", "1.040 gesture zoom cancelled"])
        #expect(world.environment.isIdle)
    }

    @Test("R41, R291: a view removed during a trackpad pinch cancels it; the rest of the sequence is taken and does nothing")
    func viewRemovedMidGesture() throws {
        let (world, _, photo) = Self.world()
        world.attach(PinchGestureRecognizer(), "zoom", to: photo)
        try world.environment.dispatch(Self.transform(.began, at: 0))
        try world.environment.dispatch(Self.transform(.changed, at: 0.02, scale: 1.1))
        photo.removeFromSuperview()
        try world.environment.dispatch(Self.transform(.changed, at: 0.04, scale: 1.2))
        try world.environment.dispatch(Self.transform(.ended, at: 0.06))
        #expect(world.log.lines == ["0.020 gesture zoom began", "0.020 gesture zoom cancelled"])
        #expect(world.environment.isIdle)
    }

    @Test("R279, R291: transform input out of sequence or not finite is rejected and changes nothing")
    func sequenceErrors() throws {
        let (world, _, photo) = Self.world()
        world.attach(PinchGestureRecognizer(), "zoom", to: photo)
        func kind(_ input: TransformInput) -> DispatchError.Kind? {
            do { try world.environment.dispatch(input) } catch { return error.kind }
            return nil
        }
        #expect(kind(Self.transform(.changed, at: 0, scale: 1.5)) == .pointerSequence)
        #expect(kind(Self.transform(.ended, at: 0)) == .pointerSequence)
        #expect(kind(Self.transform(.began, at: 0, .nan, 10)) == .pointerSequence)
        #expect(kind(Self.transform(.began, at: 0, scale: 0)) == .pointerSequence)
        #expect(kind(Self.transform(.began, at: 0, scale: -1)) == .pointerSequence)
        #expect(kind(Self.transform(.began, at: 0, rotation: .infinity)) == .pointerSequence)
        #expect(kind(Self.transform(.began, at: 0.1)) == nil)
        #expect(kind(Self.transform(.began, at: 0.1)) == .pointerSequence)
        #expect(kind(Self.transform(.changed, at: 0.2, scale: .infinity)) == .pointerSequence)
        #expect(kind(Self.transform(.changed, at: 0.05, scale: 1.5)) == .timeWentBackwards)
        #expect(world.log.lines == [])
        #expect(kind(Self.transform(.changed, at: 0.2, scale: 1.5)) == nil)
        #expect(kind(Self.transform(.ended, at: 0.3)) == nil)
        #expect(world.log.lines == ["0.200 gesture zoom began", "0.300 gesture zoom ended"])
        #expect(world.environment.isIdle)
    }

    @Test("R119, R279: pointer inputs dispatched from an action are queued and run after the pass, in call order")
    func transformFromACallback() throws {
        let (world, _, photo) = Self.world()
        let tap = world.attach(TapGestureRecognizer(), "tap", to: photo)
        world.attach(PinchGestureRecognizer(), "zoom", to: photo)
        world.attach(HoverGestureRecognizer(), "hover", to: photo)
        let environment = world.environment
        // The environment owns the window and so the tap and this action: held unowned here.
        tap.addAction { [unowned environment] _ in
            try? environment.dispatch(Self.transform(.began, at: 0.08))
            try? environment.dispatch(HoverInput(timestamp: Timestamp(seconds: 0.085), phase: .entered, location: Point(x: 150, y: 150)))
            try? environment.dispatch(Self.transform(.changed, at: 0.09, scale: 1.2))
            try? environment.dispatch(HoverInput(timestamp: Timestamp(seconds: 0.095), phase: .moved, location: Point(x: 160, y: 150)))
            try? environment.dispatch(Self.transform(.ended, at: 0.1))
        }
        try world.tap(1, at: 0, 150, 150)
        // The pinch took the finger (R168) and fails as it lifts alone (R169); the tap recognizes.
        // Then the queued inputs, each at its time, in the order they were dispatched.
        #expect(world.log.lines == [
            "0.000 touch 1 hit photo", "0.000 view photo began 1", "0.080 gesture zoom failed", "0.080 gesture tap recognized",
            "0.080 view photo cancelled 1", "0.085 gesture hover began", "0.090 gesture zoom began", "0.095 gesture hover changed",
            "0.100 gesture zoom ended",
        ])
        #expect(world.environment.rejectedDeferredInputs.isEmpty)
    }

    @Test("R277, R287, R292: the trackpad's scale is not measured in any view's space: a scaled, turned photo reports the same values")
    func transformedViews() throws {
        let (world, _, photo) = Self.world()
        photo.transform = AffineTransform(rotationAngle: 0.5).concatenating(AffineTransform(scaleX: 2, y: 2))
        let pinch = world.attach(PinchGestureRecognizer(), "zoom", to: photo)
        var scales: [Double] = []
        pinch.addAction { pinch in scales.append(pinch.scale) }
        try world.environment.dispatch(Self.transform(.began, at: 0))
        try world.environment.dispatch(Self.transform(.changed, at: 0.02, scale: 1.03))
        try world.environment.dispatch(Self.transform(.ended, at: 0.04))
        let expectedScales: [Double] = [103.0 / 102, 103.0 / 102]
        #expect(scales == expectedScales)
        // The location goes through the photo's transform: its centre is the window's (200, 200).
        let centre = pinch.location(in: photo)
        #expect(abs(centre.x - 100) < 1e-9 && abs(centre.y - 100) < 1e-9)
    }
}
