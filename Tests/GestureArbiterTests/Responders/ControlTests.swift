@testable import GestureArbiter
import Testing

/// A view that logs the touch phases that reach it (by forwarding, for the responder chain).
private final class LoggingView: View {
    var phases: [String] = []
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { phases.append("began") }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { phases.append("moved") }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { phases.append("ended") }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { phases.append("cancelled") }
}

/// A control whose tracking answers are set by the test.
private final class ScriptedControl: Control {
    var beginAnswer = true
    var continueAnswer = true
    var cancelCallsSuper = true
    var endTrackingCalls = 0
    override func beginTracking(_ touch: Touch, with event: GestureArbiter.Event?) -> Bool { beginAnswer }
    override func continueTracking(_ touch: Touch, with event: GestureArbiter.Event?) -> Bool { continueAnswer }
    override func endTracking(_ touch: Touch?, with event: GestureArbiter.Event?) { endTrackingCalls += 1 }
    override func cancelTracking(with event: GestureArbiter.Event?) {
        if cancelCallsSuper { super.cancelTracking(with: event) }
    }
}

/// A window 400 x 800 with a logging container `V` filling it, in an environment on a virtual
/// clock, and a log of the control events of the controls added with ``add(_:)``.
@MainActor
private final class ControlWorld {
    let environment = GestureEnvironment()
    let window = Window(width: 400, height: 800)
    let container = LoggingView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    var events: [String] = []

    init() {
        environment.addWindow(window)
        window.addSubview(container)
    }

    /// Adds `control` to the container and logs each event it sends as `name event`.
    func add<C: Control>(_ control: C, named name: String) -> C {
        container.addSubview(control)
        // One action per single event, so that the log names the event of each send.
        for (event, eventName) in Control.Event.named {
            control.addAction(for: event) { [weak self] _, _ in self?.events.append("\(name) \(eventName)") }
        }
        return control
    }

    func touch(_ id: Int, _ phase: TouchPhase, x: Double, y: Double, at seconds: Double) throws {
        try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: seconds), touches: [TouchInput(id: id, phase: phase, x: x, y: y)]))
    }

    /// The logged events, in the order sent.
    var named: [String] { events }
}

@Suite @MainActor struct ControlTests {
    @Test("R201: control events have UIKit's raw values")
    func eventRawValues() {
        let expected: [(Control.Event, UInt)] = [
            (.touchDown, 1), (.touchDownRepeat, 2), (.touchDragInside, 4), (.touchDragOutside, 8), (.touchDragEnter, 16),
            (.touchDragExit, 32), (.touchUpInside, 64), (.touchUpOutside, 128), (.touchCancel, 256), (.valueChanged, 4096),
            (.primaryActionTriggered, 8192), (.menuActionTriggered, 16384), (.allTouchEvents, 0x0FFF),
        ]
        for (event, raw) in expected { #expect(event.rawValue == raw) }
        #expect(Control.Event([.touchDown, .touchUpInside]).description == "touchDown|touchUpInside")
    }

    @Test("R200: defaults, and state computed from the flags")
    func defaultsAndState() {
        let control = Control(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(control.isEnabled && !control.isSelected && !control.isHighlighted && !control.isTracking && !control.isTouchInside)
        #expect(control.isUserInteractionEnabled && !control.isMultipleTouchEnabled && !control.isExclusiveTouch)
        #expect(control.state == .normal)
        control.isSelected = true
        control.isHighlighted = true
        #expect(control.state == [.selected, .highlighted])
        #expect(Control.State.highlighted.rawValue == 1 && Control.State.disabled.rawValue == 2)
        #expect(Control.State.selected.rawValue == 4 && Control.State.focused.rawValue == 8)
        control.isEnabled = false
        #expect(control.state == [.selected, .highlighted, .disabled])
    }

    @Test("R203, R206, R212, R222: a tap on a button sends touchDown, touchUpInside, then its primary action; the container hears nothing")
    func tapOnButton() throws {
        let world = ControlWorld()
        let button = world.add(Button(frame: Rect(x: 40, y: 100, width: 200, height: 60)), named: "B")
        try world.touch(1, .began, x: 100, y: 130, at: 0)
        #expect(world.named == ["B touchDown"])
        #expect(button.isTracking && button.isTouchInside && button.isHighlighted)
        try world.touch(1, .ended, x: 100, y: 130, at: 0.09)
        #expect(world.named == ["B touchDown", "B touchUpInside", "B primaryActionTriggered"])
        #expect(!button.isTracking && !button.isTouchInside && !button.isHighlighted)
        #expect(world.container.phases.isEmpty)
    }

    @Test("R210, R18: a control tracks one touch: a second finger never reaches it unless multiple touch is on, when it starts tracking again")
    func oneTouchAtATime() throws {
        for multiple in [false, true] {
            let world = ControlWorld()
            let button = world.add(Button(frame: Rect(x: 40, y: 100, width: 200, height: 60)), named: "B")
            button.isMultipleTouchEnabled = multiple
            try world.touch(1, .began, x: 100, y: 130, at: 0)
            try world.touch(2, .began, x: 150, y: 130, at: 0.05)
            #expect(world.named == (multiple ? ["B touchDown", "B touchDown"] : ["B touchDown"]), "multiple touch \(multiple)")
            #expect(button.isTracking)
        }
    }

    @Test("R212: a plain control has no primary action")
    func plainControlHasNoPrimaryAction() throws {
        let world = ControlWorld()
        _ = world.add(Control(frame: Rect(x: 40, y: 100, width: 200, height: 60)), named: "C")
        try world.touch(1, .began, x: 100, y: 130, at: 0)
        try world.touch(1, .ended, x: 100, y: 130, at: 0.09)
        #expect(world.named == ["C touchDown", "C touchUpInside"])
    }

    @Test("R203: a touch-down with a tap count of 2 sends touchDownRepeat after touchDown")
    func touchDownRepeat() throws {
        let world = ControlWorld()
        _ = world.add(Control(frame: Rect(x: 40, y: 100, width: 200, height: 60)), named: "C")
        try world.touch(1, .began, x: 100, y: 130, at: 0)
        try world.touch(1, .ended, x: 100, y: 130, at: 0.05)
        try world.touch(2, .began, x: 100, y: 130, at: 0.2)
        #expect(world.named == ["C touchDown", "C touchUpInside", "C touchDown", "C touchDownRepeat"])
    }

    @Test("R205, R207, R225: leaving the 70 pt slop sends touchDragExit then touchDragOutside; coming back, touchDragEnter then touchDragInside")
    func dragAcrossTheSlop() throws {
        let world = ControlWorld()
        // Frame (100, 100, 120, 44): inside for window x in [30, 290) and y in [30, 214).
        let control = world.add(Control(frame: Rect(x: 100, y: 100, width: 120, height: 44)), named: "C")
        try world.touch(1, .began, x: 150, y: 120, at: 0)
        try world.touch(1, .moved, x: 289.5, y: 120, at: 0.02)
        try world.touch(1, .moved, x: 290, y: 120, at: 0.04)
        #expect(!control.isTouchInside && !control.isHighlighted && control.isTracking)
        try world.touch(1, .moved, x: 30, y: 213.9, at: 0.06)
        #expect(control.isTouchInside && control.isHighlighted)
        #expect(world.named == [
            "C touchDown", "C touchDragInside", "C touchDragExit", "C touchDragOutside", "C touchDragEnter", "C touchDragInside",
        ])
    }

    @Test("R206: a lift outside the slop sends touchDragExit (no drag outside) and touchUpOutside; endTracking runs first")
    func liftOutside() throws {
        let world = ControlWorld()
        let control = world.add(ScriptedControl(frame: Rect(x: 100, y: 100, width: 120, height: 44)), named: "C")
        try world.touch(1, .began, x: 150, y: 120, at: 0)
        try world.touch(1, .ended, x: 150, y: 300, at: 0.05)
        #expect(world.named == ["C touchDown", "C touchDragExit", "C touchUpOutside"])
        #expect(control.endTrackingCalls == 1)
        #expect(!control.isTracking && !control.isHighlighted && !control.isTouchInside)
    }

    @Test("R202: a disabled control is not hit (the container gets the touch) and cannot become highlighted")
    func disabledControlIsNotHit() throws {
        let world = ControlWorld()
        let control = world.add(Control(frame: Rect(x: 40, y: 100, width: 200, height: 60)), named: "C")
        control.isEnabled = false
        control.isHighlighted = true
        #expect(!control.isHighlighted)
        try world.touch(1, .began, x: 100, y: 130, at: 0)
        #expect(world.container.phases == ["began"])
        #expect(world.named.isEmpty)
        #expect(world.window.hitTest(Point(x: 100, y: 130), with: nil) === world.container)
    }

    @Test("R213: disabling a control while it tracks does not end the tracking")
    func disablingWhileTracking() throws {
        let world = ControlWorld()
        let control = world.add(Control(frame: Rect(x: 40, y: 100, width: 200, height: 60)), named: "C")
        try world.touch(1, .began, x: 100, y: 130, at: 0)
        control.isEnabled = false
        try world.touch(1, .moved, x: 110, y: 130, at: 0.02)
        try world.touch(1, .ended, x: 110, y: 130, at: 0.04)
        #expect(world.named == ["C touchDown", "C touchDragInside", "C touchUpInside"])
    }

    @Test("R204, R222: a control that declines tracking sends nothing, keeps its began, and passes the moves and the lift on")
    func declinedTracking() throws {
        let world = ControlWorld()
        let control = world.add(ScriptedControl(frame: Rect(x: 40, y: 100, width: 200, height: 60)), named: "C")
        control.beginAnswer = false
        try world.touch(1, .began, x: 100, y: 130, at: 0)
        try world.touch(1, .moved, x: 110, y: 130, at: 0.02)
        try world.touch(1, .ended, x: 110, y: 130, at: 0.04)
        #expect(world.named.isEmpty)
        #expect(!control.isHighlighted)
        #expect(world.container.phases == ["moved", "ended"])
    }

    @Test("R205: continueTracking returning false stops tracking silently and passes the rest of the touch on")
    func continueTrackingDeclines() throws {
        let world = ControlWorld()
        let control = world.add(ScriptedControl(frame: Rect(x: 40, y: 100, width: 200, height: 60)), named: "C")
        try world.touch(1, .began, x: 100, y: 130, at: 0)
        control.continueAnswer = false
        try world.touch(1, .moved, x: 110, y: 130, at: 0.02)
        try world.touch(1, .ended, x: 110, y: 130, at: 0.04)
        #expect(world.named == ["C touchDown"])
        #expect(!control.isTracking)
        #expect(world.container.phases == ["moved", "ended"])
    }

    @Test("R208: removed from its window while tracking, a control sends touchCancel; cancelTracking without super sends none; never forwarded")
    func cancelledByRemoval() throws {
        for callsSuper in [true, false] {
            let world = ControlWorld()
            let control = world.add(ScriptedControl(frame: Rect(x: 40, y: 100, width: 200, height: 60)), named: "C")
            control.cancelCallsSuper = callsSuper
            try world.touch(1, .began, x: 100, y: 130, at: 0)
            control.removeFromSuperview()
            #expect(world.named == (callsSuper ? ["C touchDown", "C touchCancel"] : ["C touchDown"]))
            #expect(world.container.phases.isEmpty)
            if callsSuper { #expect(!control.isTracking && !control.isHighlighted) }
        }
    }

    @Test("R211: actions run in the order added, once per send; a removed action no longer runs")
    func actionOrder() {
        let control = Control(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var calls: [String] = []
        control.addAction(for: [.touchDown, .touchUpInside]) { _, _ in calls.append("first") }
        let second = control.addAction(for: .touchUpInside) { _, _ in calls.append("second") }
        control.addAction(for: .touchCancel) { _, _ in calls.append("cancel") }
        control.sendActions(for: [.touchUpInside, .touchDown])
        #expect(calls == ["first", "second"])
        control.removeAction(second)
        calls.removeAll()
        control.sendActions(for: .touchUpInside)
        #expect(calls == ["first"])
        #expect(control.allControlEvents == [.touchDown, .touchUpInside, .touchCancel])
    }

    @Test("R211: a send runs from a snapshot: an action removed by an earlier one still runs this time")
    func sendSnapshot() {
        let control = Control(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var calls: [String] = []
        var later: ActionHandle?
        control.addAction(for: .touchDown) { sender, _ in
            calls.append("first")
            if let later { sender.removeAction(later) }
        }
        later = control.addAction(for: .touchDown) { _, _ in calls.append("second") }
        control.sendActions(for: .touchDown)
        control.sendActions(for: .touchDown)
        #expect(calls == ["first", "second", "first"])
    }

    @Test("R212, R213: sendActions on a button adds its primary action; changesSelectionAsPrimaryAction toggles the selection")
    func buttonPrimaryAction() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var calls: [String] = []
        button.addAction(for: .primaryActionTriggered) { _, _ in calls.append("primary") }
        button.sendActions(for: .touchDown)
        #expect(calls.isEmpty)
        button.changesSelectionAsPrimaryAction = true
        button.sendActions(for: .touchUpInside)
        #expect(calls == ["primary"])
        #expect(button.isSelected)
    }

    @Test("R209, R226: lifted inside while not highlighted, a control is highlighted for 0.12 s more")
    func minimumHighlight() throws {
        let world = ControlWorld()
        let control = world.add(Control(frame: Rect(x: 40, y: 100, width: 200, height: 60)), named: "C")
        try world.touch(1, .began, x: 100, y: 130, at: 0)
        control.isHighlighted = false
        try world.touch(1, .ended, x: 100, y: 130, at: 0.05)
        #expect(world.named.last == "C touchUpInside")
        #expect(control.isHighlighted)
        try world.environment.advance(to: Timestamp(seconds: 0.169))
        #expect(control.isHighlighted)
        try world.environment.advance(to: Timestamp(seconds: 0.17))
        #expect(!control.isHighlighted)
    }

    @Test("R215, R216 case 1: a button refuses a single tap of its superview, which fails; the button gets its touch-up")
    func buttonVetoesParentSingleTap() throws {
        let world = ControlWorld()
        let tap = TapGestureRecognizer()
        var taps = 0
        tap.addAction { _ in taps += 1 }
        world.container.addGestureRecognizer(tap)
        _ = world.add(Button(frame: Rect(x: 40, y: 200, width: 200, height: 60)), named: "B")
        try world.touch(1, .began, x: 100, y: 230, at: 0)
        try world.touch(1, .ended, x: 100, y: 230, at: 0.08)
        #expect(taps == 0)
        #expect(tap.state == .possible)  // failed, then reset
        #expect(world.named == ["B touchDown", "B touchUpInside", "B primaryActionTriggered"])
    }

    @Test("R215, R216 case 2: with cancelsTouchesInView off the button is not asked: both the tap and the button fire")
    func noVetoWithoutCancelsTouches() throws {
        let world = ControlWorld()
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        var taps = 0
        tap.addAction { _ in taps += 1 }
        world.container.addGestureRecognizer(tap)
        _ = world.add(Button(frame: Rect(x: 40, y: 200, width: 200, height: 60)), named: "B")
        try world.touch(1, .began, x: 100, y: 230, at: 0)
        try world.touch(1, .ended, x: 100, y: 230, at: 0.08)
        #expect(taps == 1)
        #expect(world.named == ["B touchDown", "B touchUpInside", "B primaryActionTriggered"])
    }

    @Test("R215, R216 case 4, R220: a single tap on the button itself is not refused: it cancels the button's touch")
    func tapOnTheButtonItself() throws {
        let world = ControlWorld()
        let button = world.add(Button(frame: Rect(x: 40, y: 200, width: 200, height: 60)), named: "B")
        let tap = TapGestureRecognizer()
        var taps = 0
        tap.addAction { _ in taps += 1 }
        button.addGestureRecognizer(tap)
        try world.touch(1, .began, x: 100, y: 230, at: 0)
        try world.touch(1, .ended, x: 100, y: 230, at: 0.08)
        #expect(taps == 1)
        #expect(world.named == ["B touchDown", "B touchCancel"])
    }

    @Test("R215, R216 case 3: a button does not refuse a double tap, which withholds its end until it fails 0.35 s later")
    func doubleTapWithholdsTheTouchUp() throws {
        let world = ControlWorld()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        world.container.addGestureRecognizer(doubleTap)
        _ = world.add(Button(frame: Rect(x: 40, y: 200, width: 200, height: 60)), named: "B")
        try world.touch(1, .began, x: 100, y: 230, at: 0)
        try world.touch(1, .ended, x: 100, y: 230, at: 0.08)
        #expect(world.named == ["B touchDown"])
        try world.environment.advance(to: Timestamp(seconds: 0.43))
        #expect(world.named == ["B touchDown", "B touchUpInside", "B primaryActionTriggered"])
    }

    @Test("R216 case 3, R220: a pan of the superview takes the button's touch: touchCancel, no touch-up")
    func panCancelsTheButton() throws {
        let world = ControlWorld()
        let pan = PanGestureRecognizer()
        world.container.addGestureRecognizer(pan)
        _ = world.add(Button(frame: Rect(x: 40, y: 200, width: 200, height: 60)), named: "B")
        try world.touch(1, .began, x: 100, y: 230, at: 0)
        try world.touch(1, .moved, x: 100, y: 245, at: 0.02)
        try world.touch(1, .ended, x: 100, y: 245, at: 0.04)
        #expect(world.named == ["B touchDown", "B touchCancel"])
    }

    @Test("R217, R227: a plain control has no veto: its superview's single tap takes every tap")
    func plainControlLosesToParentTap() throws {
        let world = ControlWorld()
        let tap = TapGestureRecognizer()
        var taps = 0
        tap.addAction { _ in taps += 1 }
        world.container.addGestureRecognizer(tap)
        _ = world.add(Control(frame: Rect(x: 40, y: 200, width: 200, height: 60)), named: "C")
        try world.touch(1, .began, x: 100, y: 230, at: 0)
        try world.touch(1, .ended, x: 100, y: 230, at: 0.08)
        #expect(taps == 1)
        #expect(world.named == ["C touchDown", "C touchCancel"])
    }

    @Test("R215: the veto's test, recognizer by recognizer")
    func vetoTest() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        parent.addSubview(button)
        func attached(_ recognizer: GestureRecognizer, to view: View) -> GestureRecognizer {
            view.addGestureRecognizer(recognizer)
            return recognizer
        }
        let single = attached(TapGestureRecognizer(), to: parent)
        let double = attached(TapGestureRecognizer(), to: parent)
        (double as? TapGestureRecognizer)?.numberOfTapsRequired = 2
        let twoFinger = attached(TapGestureRecognizer(), to: parent)
        (twoFinger as? TapGestureRecognizer)?.numberOfTouchesRequired = 2
        let own = attached(TapGestureRecognizer(), to: button)
        let pan = attached(PanGestureRecognizer(), to: parent)
        let press = attached(LongPressGestureRecognizer(), to: parent)
        #expect(!button.gestureRecognizerShouldBegin(single))
        #expect(button.gestureRecognizerShouldBegin(double))
        #expect(button.gestureRecognizerShouldBegin(twoFinger))
        #expect(button.gestureRecognizerShouldBegin(own))
        #expect(button.gestureRecognizerShouldBegin(pan))
        #expect(button.gestureRecognizerShouldBegin(press))
        #expect(Control(frame: .zero).gestureRecognizerShouldBegin(single))
    }
}

/// A control keeps no reference to its touches: a touch owns its window and view, so a control
/// that held its tracked touch would keep its own tree alive (found by LeakSanitizer in CI).
@Suite struct ControlLifetimeTests {
    /// A control that declines every touch (R204).
    final class DecliningControl: Control {
        override func beginTracking(_ touch: Touch, with event: GestureArbiter.Event?) -> Bool { false }
    }

    @Test("R204: a control that declined a touch is freed with its environment (it kept no reference to the touch)")
    func decliningControlIsFreed() throws {
        weak var weakControl: Control?
        do {
            let environment = GestureEnvironment()
            let window = Window(width: 400, height: 800)
            environment.addWindow(window)
            let control = DecliningControl(frame: Rect(x: 40, y: 100, width: 200, height: 60))
            window.addSubview(control)
            weakControl = control
            try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 100, y: 130)]))
            try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.09), touches: [TouchInput(id: 1, phase: .ended, x: 100, y: 130)]))
            #expect(!control.isTracking)
        }
        #expect(weakControl == nil)
    }

    @Test("R120, R203, R206: a control that tracked a touch, lifted or still down, is freed with its environment", arguments: [true, false])
    func freedWithItsEnvironment(lifted: Bool) throws {
        weak var weakControl: Control?
        weak var weakWindow: Window?
        do {
            let environment = GestureEnvironment()
            let window = Window(width: 400, height: 800)
            environment.addWindow(window)
            let button = Button(frame: Rect(x: 40, y: 100, width: 200, height: 60))
            window.addSubview(button)
            weakControl = button
            weakWindow = window
            try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 100, y: 130)]))
            #expect(button.isTracking)
            if lifted {
                try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.09), touches: [TouchInput(id: 1, phase: .ended, x: 100, y: 130)]))
            }
        }
        #expect(weakControl == nil)
        #expect(weakWindow == nil)
    }
}
