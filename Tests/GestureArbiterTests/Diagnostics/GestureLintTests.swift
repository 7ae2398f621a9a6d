import Testing

@testable import GestureArbiter

/// ``GestureLint``: each check on a tree that triggers it and on one that does not, the order of
/// the findings, and the lint's behaviour when user code it asks changes the tree or when it is
/// called from inside a pass.
///
/// The trees use plain `View`s (default hit-testing), so that reachability is decided by the
/// rules R2-R6 alone. Expected findings are written from the rules each test cites.
@Suite struct GestureLintTests {
    /// A 400 x 800 window named "window".
    static func makeWindow() -> Window {
        let window = Window(width: 400, height: 800)
        window.name = "window"
        return window
    }

    /// A window with one plain view "R" that fills it.
    static func windowWithRoot() -> (Window, View) {
        let window = makeWindow()
        return (window, view("R", Rect(x: 0, y: 0, width: 400, height: 800), in: window))
    }

    /// A plain view named `name` in `parent`.
    @discardableResult
    static func view(_ name: String, _ frame: Rect, in parent: View) -> View {
        let view = View(frame: frame)
        view.name = name
        parent.addSubview(view)
        return view
    }

    /// Names `recognizer` and attaches it to `view`.
    @discardableResult
    static func attach<R: GestureRecognizer>(_ recognizer: R, _ name: String, to view: View) -> R {
        recognizer.name = name
        view.addGestureRecognizer(recognizer)
        return recognizer
    }

    static func doubleTap() -> TapGestureRecognizer {
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = 2
        return tap
    }

    /// Each finding as `kind recognizer,recognizer`.
    static func summary(_ findings: [GestureLint.Finding]) -> [String] {
        findings.map { "\($0.kind.rawValue) " + $0.recognizers.map { $0.name ?? "?" }.joined(separator: ",") }
    }

    static func summary(_ window: Window) -> [String] { summary(GestureLint.findings(in: window)) }

    // MARK: - Cycles

    @Test("R59, R121: two recognizers that require each other to fail are one cycle finding")
    func twoWayCycle() {
        let (window, root) = Self.windowWithRoot()
        let edge = Self.attach(ScreenEdgePanGestureRecognizer(), "E", to: root)
        let pan = Self.attach(PanGestureRecognizer(), "P", to: root)
        edge.require(toFail: pan)
        pan.require(toFail: edge)
        let findings = GestureLint.findings(in: window)
        #expect(Self.summary(findings) == ["requirement-cycle E,P"])
        #expect(findings.first?.views.first === root)
        #expect(findings.first?.rules == ["R59", "R121"])
        #expect(findings.first?.message.contains("E -> P -> E") == true)
    }

    @Test("R51, R59: a one-way requirement is no cycle, and neither is a requirement on itself (ignored)")
    func oneWayIsNoCycle() {
        let (window, root) = Self.windowWithRoot()
        let edge = Self.attach(ScreenEdgePanGestureRecognizer(), "E", to: root)
        let pan = Self.attach(PanGestureRecognizer(), "P", to: root)
        pan.require(toFail: edge)
        pan.require(toFail: pan)
        #expect(Self.summary(window) == [])
    }

    @Test("R53, R121: a cycle closed by a delegate's dynamic requirement is found; a tangle of three is reported once")
    func dynamicEdgeClosesCycle() {
        let (window, root) = Self.windowWithRoot()
        let a = Self.attach(PanGestureRecognizer(), "A", to: root)
        let b = Self.attach(SwipeGestureRecognizer(), "B", to: root)
        let c = Self.attach(PinchGestureRecognizer(), "C", to: root)
        a.require(toFail: b)
        b.require(toFail: c)
        b.require(toFail: a)
        let delegate = TestDelegate()
        delegate.requireFailureOf = ["A"]
        c.delegate = delegate
        let findings = GestureLint.findings(in: window)
        #expect(Self.summary(findings) == ["requirement-cycle A,B,C"])
        // Shortest way round from A: A -> B -> A.
        #expect(findings.first?.message.contains("(A -> B -> A)") == true)
        delegate.requireFailureOf = []
        #expect(Self.summary(window) == ["requirement-cycle A,B"])
    }

    // MARK: - Simultaneity

    @Test("R45: one delegate's yes overrules the other delegate's no on a related pair")
    func overruledRefusal() {
        let (window, root) = Self.windowWithRoot()
        let card = Self.view("C", Rect(x: 0, y: 0, width: 100, height: 100), in: root)
        let pan = Self.attach(PanGestureRecognizer(), "P", to: root)
        let tap = Self.attach(TapGestureRecognizer(), "T", to: card)
        let yes = TestDelegate()
        yes.simultaneousWith = ["T"]
        let no = TestDelegate()
        pan.delegate = yes
        tap.delegate = no
        // Tree order: P (on R) before T (on C): the yes side first, then the no side.
        let findings = GestureLint.findings(in: window)
        #expect(Self.summary(findings) == ["overruled-no P,T"])
        #expect(findings.first?.rules == ["R44", "R45"])
    }

    @Test("R45: no finding when the other side has no delegate, when both say yes, or when the views are unrelated")
    func agreedSimultaneity() {
        let (window, root) = Self.windowWithRoot()
        let left = Self.view("L", Rect(x: 0, y: 0, width: 100, height: 100), in: root)
        let right = Self.view("Rt", Rect(x: 200, y: 0, width: 100, height: 100), in: root)
        let pan = Self.attach(PanGestureRecognizer(), "P", to: root)
        let tap = Self.attach(TapGestureRecognizer(), "T", to: root)
        let yes = TestDelegate()
        yes.simultaneousWith = ["T"]
        pan.delegate = yes
        // T has no delegate: it declared nothing.
        #expect(Self.summary(window) == [])
        let alsoYes = TestDelegate()
        alsoYes.simultaneousWith = ["P"]
        tap.delegate = alsoYes
        #expect(Self.summary(window) == [])
        // Siblings never exclude each other (R44): their answers do not matter.
        let first = Self.attach(SwipeGestureRecognizer(), "S1", to: left)
        let second = Self.attach(SwipeGestureRecognizer(), "S2", to: right)
        let siblingYes = TestDelegate()
        siblingYes.simultaneousWith = ["S2"]
        first.delegate = siblingYes
        let no = TestDelegate()
        second.delegate = no
        #expect(Self.summary(window) == [])
    }

    /// Neither prevents nor can be prevented (R50).
    final class Unpreventable: GestureRecognizer {
        override func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { false }
        override func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { false }
    }

    @Test("R50: a no is not flagged when canPrevent rules out exclusion both ways")
    func refusalThatCannotMatter() {
        let (window, root) = Self.windowWithRoot()
        let a = Self.attach(Unpreventable(), "A", to: root)
        let b = Self.attach(Unpreventable(), "B", to: root)
        let yes = TestDelegate()
        yes.simultaneousWith = ["B"]
        let no = TestDelegate()
        a.delegate = yes
        b.delegate = no
        #expect(Self.summary(window) == [])
    }

    @Test("R45, R51, R55: a yes to simultaneity between a recognizer and one it requires to fail is defeated")
    func simultaneityDefeatedByRequirement() {
        let (window, root) = Self.windowWithRoot()
        let pan = Self.attach(PanGestureRecognizer(), "P", to: root)
        let pinch = Self.attach(PinchGestureRecognizer(), "Z", to: root)
        let yes = TestDelegate()
        yes.simultaneousWith = ["Z"]
        pan.delegate = yes
        // Without a requirement: Z has no delegate, nothing declared against it.
        #expect(Self.summary(window) == [])
        pinch.require(toFail: pan)
        let findings = GestureLint.findings(in: window)
        // The waiting one (Z), then the one it waits for (P).
        #expect(Self.summary(findings) == ["simultaneity-vs-requirement Z,P"])
        #expect(findings.first?.rules == ["R45", "R51", "R54", "R55"])
    }

    // MARK: - Waiting on a recognizer a resting finger never settles

    @Test("R103, R143, R54, R56: a long press that requires a pan on its view, a tap that requires a pan on an ancestor")
    func waitsForResting() {
        let (window, root) = Self.windowWithRoot()
        let card = Self.view("C", Rect(x: 0, y: 0, width: 100, height: 100), in: root)
        let pan = Self.attach(PanGestureRecognizer(), "PAN", to: root)
        let press = Self.attach(LongPressGestureRecognizer(), "LP", to: root)
        let tap = Self.attach(TapGestureRecognizer(), "T", to: card)
        press.require(toFail: pan)
        tap.require(toFail: pan)
        let findings = GestureLint.findings(in: window)
        #expect(Self.summary(findings) == ["waits-while-resting LP,PAN", "waits-while-resting T,PAN"])
        #expect(findings.first?.rules == ["R103", "R143", "R54", "R56"])
        #expect(findings.last?.rules == ["R103", "R54", "R56"])
    }

    @Test("R103: no finding for a pan that waits for a tap, a tap that waits for a long press, or a pan on an unrelated view")
    func restingNegatives() {
        let window = Self.makeWindow()
        let left = Self.view("L", Rect(x: 0, y: 0, width: 100, height: 100), in: window)
        let right = Self.view("Rt", Rect(x: 200, y: 0, width: 100, height: 100), in: window)
        let pan = Self.attach(PanGestureRecognizer(), "PAN", to: left)
        let tap = Self.attach(TapGestureRecognizer(), "T", to: left)
        let press = Self.attach(LongPressGestureRecognizer(), "LP", to: left)
        let farPan = Self.attach(PanGestureRecognizer(), "FAR", to: right)
        pan.require(toFail: tap)
        tap.require(toFail: press)
        press.require(toFail: farPan)
        #expect(Self.summary(window) == [])
    }

    // MARK: - Recognizers that never recognize

    @Test("R28, R48: an exact copy on the same view loses the tie; the copy is reported with the one it loses to")
    func duplicate() {
        let window = Self.makeWindow()
        let card = Self.view("C", Rect(x: 0, y: 0, width: 100, height: 100), in: window)
        Self.attach(Self.doubleTap(), "D1", to: card)
        Self.attach(Self.doubleTap(), "D2", to: card)
        let findings = GestureLint.findings(in: window)
        #expect(Self.summary(findings) == ["duplicate D2,D1"])
        #expect(findings.first?.rules == ["R28", "R48"])
    }

    @Test("R48, R45, R83: no duplicate for different settings, different views, a delegate allowing simultaneity, or a requirement between them")
    func duplicateNegatives() {
        let window = Self.makeWindow()
        let card = Self.view("C", Rect(x: 0, y: 0, width: 100, height: 100), in: window)
        let other = Self.view("O", Rect(x: 200, y: 0, width: 100, height: 100), in: window)
        Self.attach(TapGestureRecognizer(), "T1", to: card)
        Self.attach(Self.doubleTap(), "D", to: card)
        Self.attach(TapGestureRecognizer(), "T2", to: other)
        #expect(Self.summary(window) == [])

        let pans = Self.view("P", Rect(x: 0, y: 200, width: 100, height: 100), in: window)
        Self.attach(PanGestureRecognizer(), "P1", to: pans)
        let second = Self.attach(PanGestureRecognizer(), "P2", to: pans)
        let together = TestDelegate()
        together.simultaneousWith = ["P1"]
        second.delegate = together
        #expect(Self.summary(window) == [])

        let swipes = Self.view("S", Rect(x: 0, y: 400, width: 100, height: 100), in: window)
        let first = Self.attach(SwipeGestureRecognizer(), "S1", to: swipes)
        let copy = Self.attach(SwipeGestureRecognizer(), "S2", to: swipes)
        first.require(toFail: copy)
        #expect(Self.summary(window) == [])
    }

    @Test("R24, R40: a disabled recognizer is reported, and only that")
    func disabled() {
        let window = Self.makeWindow()
        let card = Self.view("C", Rect(x: 0, y: 0, width: 100, height: 100), in: window)
        let tap = Self.attach(TapGestureRecognizer(), "T", to: card)
        #expect(Self.summary(window) == [])
        tap.isEnabled = false
        let findings = GestureLint.findings(in: window)
        #expect(Self.summary(findings) == ["disabled T"])
        #expect(findings.first?.views.first === card)
    }

    @Test("R2, R3, R30: a hidden or non-interactive ancestor hides the recognizers below it; the blocking view is named")
    func hiddenOrNonInteractiveAncestor() {
        let window = Self.makeWindow()
        let panel = Self.view("Panel", Rect(x: 0, y: 0, width: 300, height: 300), in: window)
        let button = Self.view("B", Rect(x: 10, y: 10, width: 50, height: 50), in: panel)
        Self.attach(TapGestureRecognizer(), "T", to: button)
        #expect(Self.summary(window) == [])
        panel.isHidden = true
        var findings = GestureLint.findings(in: window)
        #expect(Self.summary(findings) == ["unreachable T"])
        #expect(findings.first?.unreachableReason == .hidden)
        #expect(findings.first?.views.map { $0.name ?? "?" } == ["B", "Panel"])
        panel.isHidden = false
        button.isUserInteractionEnabled = false
        findings = GestureLint.findings(in: window)
        #expect(Self.summary(findings) == ["unreachable T"])
        #expect(findings.first?.unreachableReason == .userInteractionDisabled)
        #expect(findings.first?.views.map { $0.name ?? "?" } == ["B", "B"])
    }

    @Test("R2, R6: alpha below 0.01 makes a view unreachable; exactly 0.01 does not")
    func alphaThreshold() {
        let window = Self.makeWindow()
        let card = Self.view("C", Rect(x: 0, y: 0, width: 100, height: 100), in: window)
        Self.attach(TapGestureRecognizer(), "T", to: card)
        card.alpha = GestureDefaults.hitTestMinimumAlpha
        #expect(Self.summary(window) == [])
        card.alpha = 0.005
        let findings = GestureLint.findings(in: window)
        #expect(Self.summary(findings) == ["unreachable T"])
        #expect(findings.first?.unreachableReason == .transparent)
    }

    /// Takes touches in a 200 pt margin around its bounds (R4: `point(inside:)` is open).
    final class GenerousView: View {
        override class var usesDefaultHitTesting: Bool { false }
        override func point(inside point: Point, with event: Event?) -> Bool {
            point.x >= -200 && point.y >= -200 && point.x < bounds.width + 200 && point.y < bounds.height + 200
        }
    }

    @Test("R4, R5: a view wholly outside its superview's bounds, or with no size, is unreachable, unless an override can bring it back")
    func outsideBounds() {
        let window = Self.makeWindow()
        let box = Self.view("Box", Rect(x: 0, y: 0, width: 100, height: 100), in: window)
        let half = Self.view("Half", Rect(x: 50, y: 50, width: 100, height: 100), in: box)
        let out = Self.view("Out", Rect(x: 100, y: 0, width: 50, height: 50), in: box)
        let flat = Self.view("Flat", Rect(x: 0, y: 0, width: 0, height: 40), in: box)
        Self.attach(TapGestureRecognizer(), "TH", to: half)
        Self.attach(TapGestureRecognizer(), "TO", to: out)
        Self.attach(TapGestureRecognizer(), "TF", to: flat)
        let findings = GestureLint.findings(in: window)
        // Half overlaps the box: reachable. Out starts at x = 100, outside the half-open box.
        #expect(Self.summary(findings) == ["unreachable TO", "unreachable TF"])
        #expect(findings.allSatisfy { $0.unreachableReason == .outside })
        #expect(findings.last?.message.contains("empty size") == true)

        // The same child under a superview that overrides point(inside:): no claim.
        let generous = GenerousView(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        generous.name = "Generous"
        window.addSubview(generous)
        let outside = Self.view("Outside", Rect(x: 150, y: 0, width: 50, height: 50), in: generous)
        Self.attach(TapGestureRecognizer(), "TG", to: outside)
        #expect(Self.summary(window) == ["unreachable TO", "unreachable TF"])
    }

    @Test("R5: bounds origins shift the subviews, and a window's bounds limit its views")
    func boundsOrigin() {
        let window = Self.makeWindow()
        let scroll = Self.view("Scroll", Rect(x: 0, y: 0, width: 100, height: 100), in: window)
        let row = Self.view("Row", Rect(x: 0, y: 500, width: 100, height: 50), in: scroll)
        Self.attach(TapGestureRecognizer(), "T", to: row)
        #expect(Self.summary(window) == ["unreachable T"])
        scroll.boundsOrigin = Point(x: 0, y: 480)
        #expect(Self.summary(window) == [])
        let offscreen = Self.view("Off", Rect(x: 400, y: 0, width: 100, height: 100), in: window)
        Self.attach(TapGestureRecognizer(), "TW", to: offscreen)
        #expect(Self.summary(window) == ["unreachable TW"])
    }

    @Test("R2, R7, R30: a view wholly under a later sibling (of it or of an ancestor) is covered; partly, or under a non-interactive one, is not")
    func coveredByViewInFront() {
        let window = Self.makeWindow()
        let panel = Self.view("Panel", Rect(x: 0, y: 0, width: 200, height: 200), in: window)
        let button = Self.view("B", Rect(x: 10, y: 10, width: 50, height: 50), in: panel)
        Self.attach(TapGestureRecognizer(), "T", to: button)
        // A sibling in front of Panel that covers only part of B: not covered.
        let badge = Self.view("Badge", Rect(x: 30, y: 30, width: 100, height: 100), in: window)
        #expect(Self.summary(window) == [])
        // An overlay in front of Panel over the whole of B (but not all of Panel).
        let overlay = Self.view("Overlay", Rect(x: 0, y: 0, width: 100, height: 100), in: window)
        let findings = GestureLint.findings(in: window)
        #expect(Self.summary(findings) == ["covered T"])
        #expect(findings.first?.views.map { $0.name ?? "?" } == ["B", "Overlay"])
        #expect(findings.first?.rules == ["R2", "R7", "R30"])
        // An overlay that only draws (user interaction off) lets touches through (R2).
        overlay.isUserInteractionEnabled = false
        #expect(Self.summary(window) == [])
        // Behind B (an earlier sibling of Panel) covers nothing.
        overlay.isUserInteractionEnabled = true
        window.sendSubviewToBack(overlay)
        #expect(Self.summary(window) == [])
        _ = badge
    }

    @Test("R7: a recognizer on the covering view itself and on a view inside it is reachable")
    func coveringViewIsReachable() {
        let window = Self.makeWindow()
        let back = Self.view("Back", Rect(x: 0, y: 0, width: 100, height: 100), in: window)
        let front = Self.view("Front", Rect(x: 0, y: 0, width: 100, height: 100), in: window)
        let inner = Self.view("Inner", Rect(x: 0, y: 0, width: 10, height: 10), in: front)
        Self.attach(PanGestureRecognizer(), "PB", to: back)
        Self.attach(PanGestureRecognizer(), "PF", to: front)
        Self.attach(TapGestureRecognizer(), "TI", to: inner)
        #expect(Self.summary(window) == ["covered PB"])
    }

    // MARK: - Latency traps

    @Test("R62, R88: a double tap on a container withholds the end of every touch on the views below it")
    func multiTapDelaysBelow() {
        let window = Self.makeWindow()
        let list = Self.view("List", Rect(x: 0, y: 0, width: 400, height: 400), in: window)
        let row = Self.view("Row", Rect(x: 0, y: 0, width: 400, height: 50), in: list)
        let hidden = Self.view("Hidden", Rect(x: 0, y: 60, width: 400, height: 50), in: list)
        hidden.isHidden = true
        let double = Self.attach(Self.doubleTap(), "D", to: list)
        let findings = GestureLint.findings(in: window)
        #expect(Self.summary(findings) == ["multi-tap-delays-below D"])
        // The tap's view, then the reachable views below it (the hidden one is left out).
        #expect(findings.first?.views.map { $0.name ?? "?" } == ["List", "Row"])
        #expect(findings.first?.message.contains("0.350 s") == true)
        #expect(findings.first?.rules == ["R62", "R88"])
        _ = row
        double.delaysTouchesEnded = false
        #expect(Self.summary(window) == [])
    }

    @Test("R62, R58: a double tap on a leaf view, beside a single tap that waits for it, is no trap")
    func multiTapOnLeaf() {
        let (window, root) = Self.windowWithRoot()
        let card = Self.view("V", Rect(x: 50, y: 50, width: 100, height: 100), in: root)
        let single = Self.attach(TapGestureRecognizer(), "S", to: card)
        let double = Self.attach(Self.doubleTap(), "D", to: card)
        single.require(toFail: double)
        #expect(Self.summary(window) == [])
    }

    @Test("R51, R54, R88: a single tap below a double tap that requires it to fail waits for it on every tap")
    func waitsForMultiTapAbove() {
        let window = Self.makeWindow()
        let list = Self.view("List", Rect(x: 0, y: 0, width: 400, height: 400), in: window)
        let row = Self.view("Row", Rect(x: 0, y: 0, width: 400, height: 50), in: list)
        let double = Self.attach(Self.doubleTap(), "D", to: list)
        double.delaysTouchesEnded = false
        let single = Self.attach(TapGestureRecognizer(), "S", to: row)
        #expect(Self.summary(window) == [])
        single.require(toFail: double)
        let findings = GestureLint.findings(in: window)
        #expect(Self.summary(findings) == ["waits-for-multi-tap-above S,D"])
        #expect(findings.first?.views.map { $0.name ?? "?" } == ["Row", "List"])
    }

    // MARK: - Order, windows, user code

    @Test("R28: findings come in tree order of their first recognizer, then in the order of the kinds")
    func order() {
        let window = Self.makeWindow()
        let list = Self.view("List", Rect(x: 0, y: 0, width: 400, height: 400), in: window)
        let row = Self.view("Row", Rect(x: 0, y: 0, width: 400, height: 50), in: list)
        let double = Self.attach(Self.doubleTap(), "D", to: list)
        let copy = Self.attach(Self.doubleTap(), "D2", to: list)
        let single = Self.attach(TapGestureRecognizer(), "S", to: row)
        let off = Self.attach(PanGestureRecognizer(), "OFF", to: row)
        single.require(toFail: double)
        off.isEnabled = false
        _ = copy
        // D (first in the tree): multi-tap-delays-below; D2: duplicate of D, and it delays the
        // row as well; S: waits for D above; OFF: disabled.
        #expect(
            Self.summary(window) == [
                "multi-tap-delays-below D",
                "duplicate D2,D",
                "multi-tap-delays-below D2",
                "waits-for-multi-tap-above S,D",
                "disabled OFF",
            ])
        // The same again: the order does not depend on anything but the tree.
        #expect(Self.summary(window) == Self.summary(window))
    }

    @Test("R49, R123: an environment is linted window by window, in the order the windows were attached")
    func environmentWindowByWindow() {
        let environment = GestureEnvironment(scheduler: VirtualClock())
        let first = Self.makeWindow()
        let second = Self.makeWindow()
        environment.addWindow(first)
        environment.addWindow(second)
        let a = Self.attach(PanGestureRecognizer(), "A", to: second)
        let b = Self.attach(TapGestureRecognizer(), "B", to: first)
        a.isEnabled = false
        b.isEnabled = false
        #expect(Self.summary(GestureLint.findings(in: environment)) == ["disabled B", "disabled A"])
    }

    /// A delegate that, when asked, takes views out of the window and drops recognizers.
    final class Vandal: GestureRecognizerDelegate {
        var onAsk: (() -> Void)?
        func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            onAsk?()
            onAsk = nil
            return true
        }
    }

    @Test("R119: a delegate that removes views and recognizers while the lint asks it changes neither the findings nor safety")
    func delegateChangesTreeWhileAsked() {
        let (window, root) = Self.windowWithRoot()
        let pan = PanGestureRecognizer()
        Self.attach(pan, "P", to: root)
        var tap: TapGestureRecognizer? = TapGestureRecognizer()
        Self.attach(tap!, "T", to: root)
        let no = TestDelegate()
        tap!.delegate = no
        weak let weakTap = tap
        let vandal = Vandal()
        vandal.onAsk = { [weak root] in
            root?.removeFromSuperview()
            if let weakTap { weakTap.view?.removeGestureRecognizer(weakTap) }
        }
        pan.delegate = vandal
        tap = nil
        // Read before the delegate ran: P says yes, T's delegate says no.
        #expect(Self.summary(window) == ["overruled-no P,T"])
        // The tree has changed since; a second lint sees what is left.
        #expect(Self.summary(window) == [])
        #expect(root.window == nil)
    }

    @Test("R119: the lint called from an action inside a pass reports the tree as it stands, and changes nothing")
    func lintInsidePass() throws {
        let world = TestWorld()
        let card = world.addView("C", Rect(x: 0, y: 0, width: 100, height: 100))
        let tap = world.attach(TapGestureRecognizer(), "T", to: card)
        let copy = world.attach(TapGestureRecognizer(), "T2", to: card)
        var seen: [String] = []
        // Weak captures: the action is owned by the tree it looks at.
        tap.addAction { [weak window = world.window, weak copy] _ in
            if let window { seen = Self.summary(window) }
            copy?.isEnabled = false
        }
        try world.tap(1, at: 0, 10, 10)
        // Inside the action, T2 was still enabled: it is T's exact copy (R48).
        #expect(seen == ["duplicate T2,T"])
        #expect(Self.summary(world.window) == ["disabled T2"])
        #expect(world.environment.isIdle)
    }
}

/// The lint of single taps over controls (R214, R215, R217).
@Suite struct GestureLintControlTests {
    /// A window with a container "V" holding the control `control`, named "C".
    static func world(_ control: Control) -> (Window, View) {
        let (window, container) = GestureLintTests.windowWithRoot()
        container.name = "V"
        control.frame = Rect(x: 40, y: 100, width: 200, height: 60)
        control.name = "C"
        container.addSubview(control)
        return (window, container)
    }

    @Test("R217: a single tap of one finger above a plain control takes its taps: tap-over-control")
    func plainControl() throws {
        let (window, container) = Self.world(Control())
        GestureLintTests.attach(TapGestureRecognizer(), "T", to: container)
        let findings = GestureLint.findings(in: window)
        #expect(findings.map(\.kind) == [.tapTakesControlTaps])
        let finding = try #require(findings.first)
        #expect(finding.kind.rawValue == "tap-over-control")
        #expect(finding.recognizers.map(\.name) == ["T"])
        #expect(finding.views.map(\.name) == ["V", "C"])
        #expect(finding.rules == ["R215", "R217"])
    }

    @Test("R215: a button refuses the tap, so nothing is flagged")
    func button() {
        let (window, container) = Self.world(Button())
        GestureLintTests.attach(TapGestureRecognizer(), "T", to: container)
        #expect(GestureLint.findings(in: window).isEmpty)
    }

    @Test("R215, R217: not flagged for a double tap, a two-finger tap, a tap that does not cancel touches, a disabled control, or a tap on the control itself (R214)")
    func notFlagged() {
        func findings(_ configure: (TapGestureRecognizer, Control, View) -> Void) -> [GestureLint.Finding] {
            let control = Control()
            let (window, container) = Self.world(control)
            let tap = TapGestureRecognizer()
            configure(tap, control, container)
            if tap.view == nil { GestureLintTests.attach(tap, "T", to: container) }
            return GestureLint.findings(in: window).filter { $0.kind == .tapTakesControlTaps }
        }
        #expect(findings { tap, _, _ in tap.numberOfTapsRequired = 2 }.isEmpty)
        #expect(findings { tap, _, _ in tap.numberOfTouchesRequired = 2 }.isEmpty)
        #expect(findings { tap, _, _ in tap.cancelsTouchesInView = false }.isEmpty)
        #expect(findings { _, control, _ in control.isEnabled = false }.isEmpty)
        #expect(findings { tap, control, _ in GestureLintTests.attach(tap, "T", to: control) }.isEmpty)
    }
}
