@testable import GestureArbiter
import Testing

/// Whether `value`'s static type (what the compiler inferred for an action's parameter) is
/// exactly `type`.
private func hasStaticType<T, U>(_ value: T, _ type: U.Type) -> Bool { T.self == U.self }

/// A press recognizer of a test's own, with API the base class lacks: recognizes when a single
/// touch has been down for `minimumPressDuration`.
private final class LongPress: GestureRecognizer {
    var minimumPressDuration: Duration = .milliseconds(500)
    var pressesRecognized = 0

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        startTimer(after: minimumPressDuration)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        if state == .possible { state = .failed }
    }

    override func timerDidFire() {
        pressesRecognized += 1
        state = .recognized
    }
}

/// An open-style chain: a non-final subclass and a subclass of it, each with API of its own.
private class Press: GestureRecognizer {
    var pressure = 0.5

    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        state = .recognized
    }
}

private final class FirmPress: Press {
    var firmness = 2
}

/// A subclass with a designated initializer of its own: it does not inherit `init(action:)`
/// (Swift's initializer inheritance), but `addAction(_:)` is typed all the same.
private final class NamedPress: Press {
    let label: String

    init(label: String) {
        self.label = label
        super.init()
    }
}

@Suite struct TypedActionTests {
    @Test("R34, R86: a tap's action gets a TapGestureRecognizer, from init(action:) and addAction(_:)")
    func tap() throws {
        let world = TestWorld()
        var seen: [String] = []
        // Compile-time check: numberOfTapsRequired is TapGestureRecognizer API, read without a cast.
        let tap = TapGestureRecognizer { tap in
            seen.append("init \(tap.state) taps=\(tap.numberOfTapsRequired)")
            #expect(hasStaticType(tap, TapGestureRecognizer.self))
        }
        tap.addAction { tap in
            seen.append("added \(tap.state) touches=\(tap.numberOfTouchesRequired)")
            #expect(hasStaticType(tap, TapGestureRecognizer.self))
        }
        world.window.addGestureRecognizer(tap)
        try world.tap(1, at: 0, 50, 50)
        #expect(seen == ["init ended taps=1", "added ended touches=1"])
    }

    @Test("R34, R94, R95: a pan's action reads translation(in:) and velocity(in:) without a cast")
    func pan() throws {
        let world = TestWorld()
        var translations: [Point] = []
        var velocities: [Point] = []
        let pan = PanGestureRecognizer { pan in
            #expect(hasStaticType(pan, PanGestureRecognizer.self))
            translations.append(pan.translation(in: nil))
            velocities.append(pan.velocity(in: nil))
        }
        world.window.addGestureRecognizer(pan)
        try world.down(1, at: 0, 100, 100)
        // 30 pt to the right: more than the 10 pt hysteresis, which comes off the translation (R95).
        try world.move(1, at: 0.02, 130, 100)
        try world.up(1, at: 0.04, 130, 100)
        #expect(translations == [Point(x: 20, y: 0), Point(x: 20, y: 0)])
        #expect(velocities.count == 2)
        #expect(velocities.allSatisfy { $0.y == 0 })
    }

    @Test("R34, R105-R108: an edge pan's action reads touchedEdge and the inherited translation(in:)")
    func screenEdgePan() throws {
        let world = TestWorld(width: 400, height: 800)
        var edges: [RectEdge?] = []
        let edgePan = ScreenEdgePanGestureRecognizer { edgePan in
            #expect(hasStaticType(edgePan, ScreenEdgePanGestureRecognizer.self))
            edges.append(edgePan.touchedEdge)
            _ = edgePan.translation(in: nil)
        }
        edgePan.edges = .left
        world.window.addGestureRecognizer(edgePan)
        try world.down(1, at: 0, 5, 300)
        try world.move(1, at: 0.02, 25, 300)
        try world.up(1, at: 0.04, 25, 300)
        #expect(edges == [.left, .left])
    }

    @Test("R34, R116: the content-delay recognizer's action is typed, and never runs: it only fails")
    func delayedTouchesBegan() throws {
        let world = TestWorld()
        var calls = 0
        let delay = DelayedTouchesBeganGestureRecognizer { delay in
            #expect(hasStaticType(delay, DelayedTouchesBeganGestureRecognizer.self))
            _ = delay.allowableMovement
            calls += 1
        }
        world.attach(delay, "D", to: world.window)
        try world.down(1, at: 0, 50, 50)
        try world.advance(to: 0.2)
        try world.up(1, at: 0.3, 50, 50)
        #expect(world.log.lines == ["0.000 touch 1 hit window", "0.150 gesture D failed"])
        #expect(calls == 0)
    }

    @Test("R34, R78: a final subclass of the base gets its own type in its action")
    func finalSubclass() throws {
        let world = TestWorld()
        var durations: [Duration] = []
        let press = LongPress { press in
            #expect(hasStaticType(press, LongPress.self))
            durations.append(press.minimumPressDuration)
            #expect(press.pressesRecognized == 1)
        }
        press.minimumPressDuration = .milliseconds(300)
        world.window.addGestureRecognizer(press)
        try world.down(1, at: 0, 50, 50)
        try world.advance(to: 0.3)
        try world.up(1, at: 0.5, 50, 50)
        #expect(durations == [.milliseconds(300)])
    }

    @Test("R34: subclasses of a non-final subclass, and one with its own initializer, get their own types")
    func subclassChain() throws {
        let world = TestWorld()
        var log: [String] = []
        let press = Press { press in
            #expect(hasStaticType(press, Press.self))
            log.append("press \(press.pressure)")
        }
        let firm = FirmPress { firm in
            #expect(hasStaticType(firm, FirmPress.self))
            log.append("firm \(firm.firmness) \(firm.pressure)")
        }
        let named = NamedPress(label: "N")
        named.addAction { named in
            #expect(hasStaticType(named, NamedPress.self))
            log.append("named \(named.label)")
        }
        let left = world.addView("L", Rect(x: 0, y: 0, width: 100, height: 100))
        let middle = world.addView("M", Rect(x: 100, y: 0, width: 100, height: 100))
        let right = world.addView("R", Rect(x: 200, y: 0, width: 100, height: 100))
        left.addGestureRecognizer(press)
        middle.addGestureRecognizer(firm)
        right.addGestureRecognizer(named)
        try world.tap(1, at: 0, 50, 50)
        try world.tap(1, at: 1, 150, 50)
        try world.tap(1, at: 2, 250, 50)
        #expect(log == ["press 0.5", "firm 2 0.5", "named N"])
    }

    @Test("R34: through a GestureRecognizer reference or a generic parameter the action gets that type")
    func staticTypeDecides() throws {
        let world = TestWorld()
        let tap = TapGestureRecognizer()
        let base: GestureRecognizer = tap
        var calls: [String] = []
        base.addAction { [unowned tap] recognizer in
            #expect(hasStaticType(recognizer, GestureRecognizer.self))
            #expect(recognizer === tap)
            calls.append("base")
        }
        func attachLogger<R: GestureRecognizer>(to recognizer: R) {
            recognizer.addAction { typed in
                #expect(hasStaticType(typed, R.self))
                calls.append("generic")
            }
        }
        attachLogger(to: tap)
        world.window.addGestureRecognizer(tap)
        try world.tap(1, at: 0, 50, 50)
        #expect(calls == ["base", "generic"])
    }

    @Test("R34: code written for untyped actions still compiles and runs: { _ in }, a (GestureRecognizer) -> Void value, a handle to remove")
    func sourceCompatible() throws {
        let world = TestWorld()
        var calls: [String] = []
        let untyped: (GestureRecognizer) -> Void = { calls.append("untyped \($0.state)") }
        let tap = TapGestureRecognizer { _ in calls.append("ignored parameter") }
        tap.addAction(untyped)
        let handle = tap.addAction { (recognizer: GestureRecognizer) in calls.append("annotated \(recognizer.state)") }
        world.window.addGestureRecognizer(tap)
        try world.tap(1, at: 0, 50, 50)
        tap.removeAction(handle)
        try world.tap(1, at: 1, 50, 50)
        #expect(calls == ["ignored parameter", "untyped ended", "annotated ended", "ignored parameter", "untyped ended"])
        let other = TestWorld()
        other.window.addGestureRecognizer(TapGestureRecognizer(action: untyped))
        try other.tap(1, at: 0, 50, 50)
        #expect(calls.last == "untyped ended")
        #expect(calls.count == 6)
    }
}
