@testable import GestureArbiter
import Testing

/// Clicks, hover and scrolling (docs/semantics.md, "Pointer input"). Expected logs are worked out
/// from the rules cited in each test.
@Suite struct PointerInputTests {
    /// A click event: one pointer touch with `buttons`.
    private static func click(
        _ id: Int, _ phase: TouchPhase, at seconds: Double, _ x: Double, _ y: Double, buttons: Event.ButtonMask = .primary,
        modifiers: KeyModifierFlags = []
    ) -> TouchEvent {
        TouchEvent(
            timestamp: Timestamp(seconds: seconds), touches: [TouchInput(id: id, phase: phase, x: x, y: y, type: .indirectPointer)],
            buttonMask: buttons, modifierFlags: modifiers)
    }

    private static func hover(_ phase: HoverInput.Phase, at seconds: Double, _ x: Double, _ y: Double) -> HoverInput {
        HoverInput(timestamp: Timestamp(seconds: seconds), phase: phase, location: Point(x: x, y: y))
    }

    private static func scroll(
        _ phase: ScrollInput.Phase, at seconds: Double, _ x: Double, _ y: Double, type: ScrollType = .continuous, dy: Double = 0
    ) -> ScrollInput {
        ScrollInput(timestamp: Timestamp(seconds: seconds), phase: phase, type: type, location: Point(x: x, y: y), delta: Point(x: 0, y: dy))
    }

    /// A world with a view `V` filling the window and a pan `P` on it, its actions logged.
    private static func worldWithPan() -> (TestWorld, RecordingView, PanGestureRecognizer) {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
        return (world, view, world.attach(PanGestureRecognizer(), "P", to: view))
    }

    // MARK: - Clicks

    @Test("R260, R261, R262, R278: a pointer touch's event holds the primary button unless told otherwise; a finger's holds none; raw values are UIKit's")
    func defaultButtons() {
        let clickEvent = TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 0, y: 0, type: .indirectPointer)])
        #expect(clickEvent.buttonMask == .primary)
        let fingerEvent = TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 0, y: 0)])
        #expect(fingerEvent.buttonMask == [])
        #expect(Self.click(1, .began, at: 0, 0, 0, buttons: .secondary).buttonMask == .secondary)
        #expect(TouchType.allCases.map(\.rawValue) == [0, 1, 2, 3])
        #expect(Event.ButtonMask.button(1) == .primary && Event.ButtonMask.button(2) == .secondary)
        #expect(Event.ButtonMask.button(3).rawValue == 4 && Event.ButtonMask.button(0) == [])
        #expect(KeyModifierFlags.command.rawValue == 1 << 20 && KeyModifierFlags.alphaShift.rawValue == 1 << 16)
        #expect("\(Event.ButtonMask([.primary, .secondary]))" == "primary|secondary")
        #expect("\(KeyModifierFlags([.shift, .command]))" == "shift|command")
    }

    @Test("R261, R278: a click with no button down, or a click move with none, is rejected and changes nothing; the lift may hold none")
    func clicksNeedAButton() throws {
        let world = TestWorld()
        world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
        #expect(throws: DispatchError.pointerWithoutButton(1)) { try world.environment.dispatch(Self.click(1, .began, at: 0, 10, 10, buttons: [])) }
        try world.environment.dispatch(Self.click(1, .began, at: 0, 10, 10))
        #expect(throws: DispatchError.pointerWithoutButton(1)) { try world.environment.dispatch(Self.click(1, .moved, at: 0.02, 12, 10, buttons: [])) }
        try world.environment.dispatch(Self.click(1, .moved, at: 0.02, 12, 10))
        try world.environment.dispatch(Self.click(1, .ended, at: 0.05, 12, 10, buttons: []))
        #expect(world.log.lines == ["0.000 touch 1 hit V", "0.000 view V began 1", "0.020 view V moved 1", "0.050 view V ended 1"])
    }

    @Test("R261, R174: the engine does not limit pointer touches to one, so two pointer touches can stand for a trackpad pinch")
    func twoPointerTouches() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
        view.isMultipleTouchEnabled = true
        try world.environment.dispatch(TouchEvent(timestamp: .zero, touches: [
            TouchInput(id: 1, phase: .began, x: 100, y: 100, type: .indirectPointer), TouchInput(id: 2, phase: .began, x: 200, y: 100, type: .indirectPointer),
        ]))
        #expect(world.log.lines == ["0.000 touch 1 hit V", "0.000 touch 2 hit V", "0.000 view V began 1,2"])
    }

    @Test("R263, R280: a right click is refused by a default tap at binding (reason buttonMask); the view still gets it")
    func rightClickSkipsDefaultTap() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        try world.environment.dispatch(Self.click(1, .began, at: 0, 100, 100, buttons: .secondary))
        try world.environment.dispatch(Self.click(1, .ended, at: 0.08, 100, 100, buttons: .secondary))
        #expect(world.log.lines == ["0.000 touch 1 hit V", "0.000 view V began 1", "0.080 view V ended 1"])
        #expect(world.records.contains {
            if case let .touchRefused(_, recognizer, .buttonMask) = $0 { return recognizer === tap }
            return false
        })
        // A primary click is a tap.
        try world.environment.dispatch(Self.click(2, .began, at: 1, 100, 100))
        try world.environment.dispatch(Self.click(2, .ended, at: 1.08, 100, 100))
        // A primary click is a tap, which withholds the view's end and cancels it (R62, R67).
        #expect(world.log.lines.suffix(4) == ["1.000 touch 2 hit V", "1.000 view V began 2", "1.080 gesture T recognized", "1.080 view V cancelled 2"])
    }

    @Test("R264, R281, R284: a tap requiring the secondary button takes right clicks and refuses primary ones")
    func secondaryTap() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
        let tap = world.attach(TapGestureRecognizer(), "R", to: view)
        tap.buttonMaskRequired = .secondary
        #expect(tap.allowedButtonMask == .secondary)
        try world.environment.dispatch(Self.click(1, .began, at: 0, 100, 100))
        try world.environment.dispatch(Self.click(1, .ended, at: 0.08, 100, 100))
        try world.environment.dispatch(Self.click(2, .began, at: 1, 100, 100, buttons: .secondary))
        try world.environment.dispatch(Self.click(2, .ended, at: 1.08, 100, 100, buttons: .secondary))
        // The primary click reaches only the view; the right click is a tap, which holds the
        // view's end until it recognizes and then cancels the touch (R62, R67).
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.080 view V ended 1",
            "1.000 touch 2 hit V", "1.000 view V began 2", "1.080 gesture R recognized", "1.080 view V cancelled 2",
        ])
        // An empty mask is ignored (R281).
        tap.buttonMaskRequired = []
        #expect(tap.buttonMaskRequired == .secondary)
        // Set explicitly, the allowed mask no longer follows (R284).
        tap.allowedButtonMask = [.primary, .secondary]
        tap.buttonMaskRequired = .primary
        #expect(tap.allowedButtonMask == [.primary, .secondary])
    }

    @Test("R281: a click of other buttons than the tap requires, taken because allowedButtonMask allows it, fails the tap at the touch-down")
    func wrongButtonsFailAtTouchDown() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        tap.allowedButtonMask = [.primary, .secondary]
        try world.environment.dispatch(Self.click(1, .began, at: 0, 100, 100, buttons: [.primary, .secondary]))
        #expect(world.log.lines == ["0.000 touch 1 hit V", "0.000 gesture T failed", "0.000 view V began 1"])
        #expect(world.transitions(of: tap).first?.hasPrefix("possible -> failed") == true)
        try world.environment.dispatch(Self.click(1, .ended, at: 0.08, 100, 100))
        #expect(!world.log.lines.contains { $0.contains("recognized") })
    }

    @Test("R83, R264: a single tap prevents a double tap only when their buttonMaskRequired differ (fingers: the mask plays no other part)")
    func tapPreventionNeedsEqualMasks() throws {
        for sameMask in [true, false] {
            let world = TestWorld()
            let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
            world.attach(TapGestureRecognizer(), "S", to: view)
            let double = world.attach(TapGestureRecognizer(), "D", to: view)
            double.numberOfTapsRequired = 2
            if !sameMask { double.buttonMaskRequired = .secondary }
            try world.tap(1, at: 0, 100, 100)
            try world.tap(2, at: 0.2, 100, 100)
            let doubleRecognized = world.log.lines.contains("0.280 gesture D recognized")
            #expect(doubleRecognized == sameMask, "same mask: \(sameMask), log \(world.log.lines)")
        }
    }

    @Test("R262: a recognizer's buttonMask and modifierFlags are the latest input's while it tracks, empty after its reset; Event shows them to views")
    func buttonsAndModifiersAreReadable() throws {
        let (world, view, pan) = Self.worldWithPan()
        pan.allowedButtonMask = .secondary
        var seen: [String] = []
        pan.addAction { pan in seen.append("\(pan.buttonMask) \(pan.modifierFlags)") }
        view.onCallback = { _, touches in
            if let event = touches.first?.window?.event { seen.append("view \(event.buttonMask) \(event.modifierFlags)") }
        }
        try world.environment.dispatch(Self.click(1, .began, at: 0, 100, 100, buttons: .secondary, modifiers: .shift))
        try world.environment.dispatch(Self.click(1, .moved, at: 0.02, 100, 130, buttons: .secondary, modifiers: [.shift, .command]))
        try world.environment.dispatch(Self.click(1, .ended, at: 0.04, 100, 130, buttons: .secondary))
        #expect(seen.first == "view secondary shift")
        #expect(seen.contains("secondary shift|command"))
        #expect(pan.buttonMask == [] && pan.modifierFlags == [])
    }

    @Test("R223, R265: a right click on a button is passed up untracked and sends no control event; a primary click presses it")
    func rightClickOnButton() throws {
        let world = TestWorld()
        let card = world.addView("card", Rect(x: 0, y: 0, width: 400, height: 800))
        let button = Button(frame: Rect(x: 50, y: 50, width: 100, height: 40))
        button.name = "B"
        card.addSubview(button)
        var events: [String] = []
        for (event, name) in Control.Event.named { button.addAction(for: event) { _, _ in events.append(name) } }
        try world.environment.dispatch(Self.click(1, .began, at: 0, 60, 60, buttons: .secondary))
        try world.environment.dispatch(Self.click(1, .ended, at: 0.08, 60, 60, buttons: .secondary))
        #expect(events == [] && !button.isTracking)
        #expect(world.log.lines == ["0.000 touch 1 hit B", "0.000 view card began 1", "0.080 view card ended 1"])
        try world.environment.dispatch(Self.click(2, .began, at: 1, 60, 60))
        try world.environment.dispatch(Self.click(2, .ended, at: 1.08, 60, 60))
        #expect(events == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test("R266: a recognizer that allows direct touches only refuses a click at binding (reason touchType)")
    func touchTypesFilterClicks() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        tap.allowedTouchTypes = [.direct]
        try world.environment.dispatch(Self.click(1, .began, at: 0, 100, 100))
        try world.environment.dispatch(Self.click(1, .ended, at: 0.08, 100, 100))
        #expect(world.log.lines == ["0.000 touch 1 hit V", "0.000 view V began 1", "0.080 view V ended 1"])
        #expect(world.records.contains {
            if case let .touchRefused(_, recognizer, .touchType) = $0 { return recognizer === tap }
            return false
        })
    }

    // MARK: - Hover

    @Test("R267, R268, R270: nested hover recognizers begin together (deeper first), change while the pointer moves, and end as it leaves each view")
    func nestedHover() throws {
        let world = TestWorld()
        let outer = world.addView("O", Rect(x: 0, y: 0, width: 400, height: 400))
        let inner = world.addView("I", Rect(x: 100, y: 100, width: 100, height: 100), to: outer)
        let outerHover = world.attach(HoverGestureRecognizer(), "HO", to: outer)
        let innerHover = world.attach(HoverGestureRecognizer(), "HI", to: inner)
        var locations: [Point] = []
        // The view owns the recognizer, which owns this action: the action holds the view unowned.
        innerHover.addAction { [unowned inner] hover in locations.append(hover.location(in: inner)) }
        #expect(innerHover.location(in: nil) == .zero)
        try world.environment.dispatch(Self.hover(.entered, at: 0, 150, 150))
        try world.environment.dispatch(Self.hover(.moved, at: 0.1, 160, 170))
        try world.environment.dispatch(Self.hover(.moved, at: 0.2, 300, 300))
        try world.environment.dispatch(Self.hover(.moved, at: 0.3, 300, 500))
        try world.environment.dispatch(Self.hover(.exited, at: 0.4, 300, 500))
        #expect(world.log.lines == [
            "0.000 gesture HI began", "0.000 gesture HO began",
            "0.100 gesture HI changed", "0.100 gesture HO changed",
            "0.200 gesture HI ended", "0.200 gesture HO changed",
            "0.300 gesture HO ended",
        ])
        #expect(locations == [Point(x: 50, y: 50), Point(x: 60, y: 70), Point(x: 60, y: 70)])
        #expect(outerHover.state == .possible && world.environment.isIdle)
    }

    @Test("R269: a hover recognizer takes no failure requirement, prevents nothing, is never prevented and takes no touch")
    func hoverNeverArbitrates() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
        let hover = world.attach(HoverGestureRecognizer(), "H", to: view)
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        hover.require(toFail: tap)
        #expect(hover.requiredToFail.isEmpty)
        try world.environment.dispatch(Self.hover(.entered, at: 0, 100, 100))
        try world.tap(1, at: 0.1, 100, 100)
        try world.environment.dispatch(Self.hover(.moved, at: 0.3, 110, 100))
        #expect(world.log.lines == [
            "0.000 gesture H began", "0.100 touch 1 hit V", "0.100 view V began 1", "0.180 gesture T recognized", "0.180 view V cancelled 1",
            "0.300 gesture H changed",
        ])
        #expect(!world.records.contains {
            if case let .touchBound(_, recognizer) = $0 { return recognizer === hover }
            return false
        })
    }

    @Test("R271, R282: while a click is down, hover moves change nothing; the first move after it changes")
    func hoverPausesDuringClick() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
        world.attach(HoverGestureRecognizer(), "H", to: view)
        try world.environment.dispatch(Self.hover(.entered, at: 0, 100, 100))
        try world.environment.dispatch(Self.click(1, .began, at: 0.1, 100, 100))
        try world.environment.dispatch(Self.hover(.moved, at: 0.15, 105, 100))
        try world.environment.dispatch(Self.click(1, .ended, at: 0.2, 100, 100))
        try world.environment.dispatch(Self.hover(.moved, at: 0.3, 110, 100))
        #expect(world.log.lines == [
            "0.000 gesture H began", "0.100 touch 1 hit V", "0.100 view V began 1", "0.200 view V ended 1", "0.300 gesture H changed",
        ])
    }

    @Test("R279: hover out of sequence is rejected: a move before the pointer entered, entering twice, a non-finite location")
    func hoverSequenceErrors() throws {
        let world = TestWorld()
        func kind(_ input: HoverInput) -> DispatchError.Kind? {
            do { try world.environment.dispatch(input) } catch { return error.kind }
            return nil
        }
        #expect(kind(Self.hover(.moved, at: 0, 1, 1)) == .pointerSequence)
        #expect(kind(Self.hover(.exited, at: 0, 1, 1)) == .pointerSequence)
        #expect(kind(Self.hover(.entered, at: 0, 1, 1)) == nil)
        #expect(kind(Self.hover(.entered, at: 0.1, 1, 1)) == .pointerSequence)
        #expect(kind(Self.hover(.moved, at: 0.1, .nan, 1)) == .pointerSequence)
        #expect(kind(HoverInput(timestamp: Timestamp(seconds: -1), phase: .moved, location: .zero)) == .timeWentBackwards)
    }

    // MARK: - Scrolling

    @Test("R273, R274: a pan takes no scroll by default; allowed, a trackpad moves its virtual finger and it begins at 10 pt, with the hysteresis taken off")
    func trackpadDrivesPan() throws {
        let (world, _, pan) = Self.worldWithPan()
        try world.environment.dispatch(Self.scroll(.began, at: 0, 100, 100))
        try world.environment.dispatch(Self.scroll(.changed, at: 0.02, 100, 100, dy: -12))
        try world.environment.dispatch(Self.scroll(.ended, at: 0.04, 100, 100))
        #expect(world.log.lines == [])
        pan.allowedScrollTypesMask = .continuous
        var translations: [Double] = []
        pan.addAction { pan in translations.append(pan.translation(in: nil).y) }
        try world.environment.dispatch(Self.scroll(.began, at: 1, 100, 100))
        try world.environment.dispatch(Self.scroll(.changed, at: 1.02, 100, 100, dy: -6))
        try world.environment.dispatch(Self.scroll(.changed, at: 1.04, 100, 100, dy: -6))
        try world.environment.dispatch(Self.scroll(.changed, at: 1.06, 100, 100, dy: -6))
        try world.environment.dispatch(Self.scroll(.ended, at: 1.08, 100, 100))
        // -12 at 1.04 reaches the hysteresis: began with -2; -18 at 1.06: changed; ended.
        #expect(world.log.lines == ["1.040 gesture P began", "1.060 gesture P changed", "1.080 gesture P ended"])
        #expect(translations == [-2, -8, -8])
    }

    @Test("R274, R283: one wheel tick begins and ends a pan (0.001 pt hysteresis); a scroll that ends before the pan began fails it")
    func wheelTick() throws {
        let (world, _, pan) = Self.worldWithPan()
        pan.allowedScrollTypesMask = .all
        var translations: [Double] = []
        pan.addAction { pan in translations.append(pan.translation(in: nil).y) }
        try world.environment.dispatch(Self.scroll(.began, at: 0, 100, 100, type: .discrete, dy: 20))
        try world.environment.dispatch(Self.scroll(.ended, at: 0, 100, 100))
        try world.environment.dispatch(Self.scroll(.began, at: 1, 100, 100))
        try world.environment.dispatch(Self.scroll(.changed, at: 1.02, 100, 100, dy: 5))
        try world.environment.dispatch(Self.scroll(.ended, at: 1.04, 100, 100))
        #expect(world.log.lines == ["0.000 gesture P began", "0.000 gesture P ended", "1.040 gesture P failed"])
        #expect(translations.count == 2 && translations.allSatisfy { abs($0 - 19.999) < 1e-9 })
    }

    @Test("R274: at the end of a scroll whose last change is more than 0.13 s old the velocity is dropped; a cancelled scroll cancels a running pan")
    func scrollEndVelocityAndCancel() throws {
        let (world, _, pan) = Self.worldWithPan()
        pan.allowedScrollTypesMask = .continuous
        var endVelocity: Point?
        pan.addAction { pan in if pan.state == .ended { endVelocity = pan.velocity(in: nil) } }
        try world.environment.dispatch(Self.scroll(.began, at: 0, 100, 100))
        try world.environment.dispatch(Self.scroll(.changed, at: 0.02, 100, 100, dy: 20))
        try world.environment.dispatch(Self.scroll(.ended, at: 0.2, 100, 100))
        #expect(endVelocity == .zero)
        try world.environment.dispatch(Self.scroll(.began, at: 1, 100, 100))
        try world.environment.dispatch(Self.scroll(.changed, at: 1.02, 100, 100, dy: 20))
        try world.environment.dispatch(Self.scroll(.ended, at: 1.1, 100, 100))
        #expect(endVelocity == Point(x: 0, y: 1000))
        try world.environment.dispatch(Self.scroll(.began, at: 2, 100, 100))
        try world.environment.dispatch(Self.scroll(.changed, at: 2.02, 100, 100, dy: 20))
        try world.environment.dispatch(Self.scroll(.cancelled, at: 2.04, 100, 100))
        #expect(world.log.lines.suffix(2) == ["2.020 gesture P began", "2.040 gesture P cancelled"])
    }

    @Test("R275, R276, R234, R245: a wheel over a scroll view in a scroll view scrolls the inner one; it tracks while the scroll goes on")
    func wheelOverNestedScrollViews() throws {
        let world = TestWorld()
        let outer = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        outer.contentSize = Size(width: 400, height: 2400)
        outer.name = "O"
        let inner = ScrollView(frame: Rect(x: 0, y: 100, width: 400, height: 200))
        inner.contentSize = Size(width: 400, height: 1000)
        inner.name = "I"
        world.window.addSubview(outer)
        outer.addSubview(inner)
        world.logActions(of: outer.panGestureRecognizer)
        world.logActions(of: inner.panGestureRecognizer)
        outer.panGestureRecognizer.name = "O.pan"
        inner.panGestureRecognizer.name = "I.pan"
        try world.environment.dispatch(Self.scroll(.began, at: 0, 200, 200))
        #expect(inner.isTracking && outer.isTracking)
        try world.environment.dispatch(Self.scroll(.changed, at: 0.02, 200, 200, dy: -30))
        try world.environment.dispatch(Self.scroll(.ended, at: 0.04, 200, 200))
        #expect(world.log.lines == ["0.020 gesture O.pan failed", "0.020 gesture I.pan began", "0.040 gesture I.pan ended"])
        #expect(inner.contentOffset == Point(x: 0, y: 20) && outer.contentOffset == .zero)
        #expect(!inner.isTracking && !outer.isTracking)
    }

    @Test("R248, R275: a wheel at the inner scroll view's top edge pulling down hands the scroll to the outer one")
    func wheelHandsOverAtTheEdge() throws {
        let world = TestWorld()
        let outer = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        outer.contentSize = Size(width: 400, height: 2400)
        outer.contentOffset = Point(x: 0, y: 500)
        let inner = ScrollView(frame: Rect(x: 0, y: 600, width: 400, height: 200))
        inner.contentSize = Size(width: 400, height: 1000)
        world.window.addSubview(outer)
        outer.addSubview(inner)
        try world.environment.dispatch(Self.scroll(.began, at: 0, 200, 200, type: .discrete, dy: 40))
        try world.environment.dispatch(Self.scroll(.ended, at: 0, 200, 200))
        #expect(inner.contentOffset == .zero)
        #expect(abs(outer.contentOffset.y - (500 - 39.999)) < 1e-9 && outer.contentOffset.x == 0)
    }

    @Test("R272, R279: scroll out of sequence is rejected: a change with no scroll, a second began, a non-finite delta")
    func scrollSequenceErrors() throws {
        let world = TestWorld()
        func kind(_ input: ScrollInput) -> DispatchError.Kind? {
            do { try world.environment.dispatch(input) } catch { return error.kind }
            return nil
        }
        #expect(kind(Self.scroll(.changed, at: 0, 1, 1, dy: 1)) == .pointerSequence)
        #expect(kind(Self.scroll(.began, at: 0, 1, 1)) == nil)
        #expect(kind(Self.scroll(.began, at: 0.1, 1, 1)) == .pointerSequence)
        #expect(kind(Self.scroll(.changed, at: 0.1, 1, 1, dy: .infinity)) == .pointerSequence)
        #expect(kind(Self.scroll(.ended, at: 0.2, 1, 1)) == nil)
        #expect(world.environment.isIdle)
    }

    @Test("R119, R279: hover and scroll dispatched from an action are queued and run after the pass")
    func pointerInputFromACallback() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 400, height: 800))
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        world.attach(HoverGestureRecognizer(), "H", to: view)
        let environment = world.environment
        // The environment owns the window and so the tap and this action: held unowned here.
        tap.addAction { [unowned environment] _ in try? environment.dispatch(Self.hover(.entered, at: 0.08, 10, 10)) }
        try world.tap(1, at: 0, 100, 100)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1", "0.080 gesture T recognized", "0.080 view V cancelled 1", "0.080 gesture H began",
        ])
    }
}
