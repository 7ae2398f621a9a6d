@testable import GestureArbiter
import Testing

// Scroll views (docs/semantics.md, "Scroll views", R230-R256). Every expected log here is worked
// out from the rules by hand. The logs use TestWorld's format plus three kinds of line:
// `t scroll SV offset x,y` (scrollViewDidScroll), `t scroll SV willBeginDragging` and
// `t scroll SV didEndDragging false` (the delegate, R234, R245), and `t control B event` for a
// button in the content. A scroll view's built-in recognizers are named `SV.delay` and `SV.pan`.

// MARK: - Fixtures

/// A scroll view that answers `touchesShouldBegin` and `touchesShouldCancel` as the test says
/// and notes each question (`begin 1 in P`, `cancel P true`), and that logs the touch callbacks
/// reaching it (a touch that hit the scroll view itself) as a ``RecordingView`` does.
private final class LoggingScrollView: ScrollView {
    let log: Log
    let clock: VirtualClock
    /// Ids of the touches that `touchesShouldBegin` refuses.
    var refusedTouches: Set<Int> = []
    /// `touchesShouldCancel` answers by view name; a view not listed gets UIKit's answer.
    var cancelAnswers: [String: Bool] = [:]
    /// The questions asked, in order.
    private(set) var questions: [String] = []

    init(frame: Rect, log: Log, clock: VirtualClock) {
        self.log = log
        self.clock = clock
        super.init(frame: frame)
    }

    override func touchesShouldBegin(_ touches: TouchSet, with event: GestureArbiter.Event?, in view: View) -> Bool {
        let ids = touches.map(\.id)
        questions.append("begin \(ids.map(String.init).joined(separator: ",")) in \(view.name ?? "?")")
        return !ids.contains(where: refusedTouches.contains)
    }

    override func touchesShouldCancel(in view: View) -> Bool {
        let answer = cancelAnswers[view.name ?? ""] ?? super.touchesShouldCancel(in: view)
        questions.append("cancel \(view.name ?? "?") \(answer)")
        return answer
    }

    private func note(_ phase: TouchPhase, _ touches: TouchSet) { log.noteCallback(at: clock, view: name, phase, touches) }

    override func touchesBegan(_ touches: TouchSet, with event: GestureArbiter.Event?) { note(.began, touches) }
    override func touchesMoved(_ touches: TouchSet, with event: GestureArbiter.Event?) { note(.moved, touches) }
    override func touchesEnded(_ touches: TouchSet, with event: GestureArbiter.Event?) { note(.ended, touches) }
    override func touchesCancelled(_ touches: TouchSet, with event: GestureArbiter.Event?) { note(.cancelled, touches) }
}

/// A button that logs its touch callbacks as `view` lines before handling them.
private final class LoggingButton: Button {
    let log: Log
    let clock: VirtualClock

    init(frame: Rect, log: Log, clock: VirtualClock) {
        self.log = log
        self.clock = clock
        super.init(frame: frame)
    }

    private func note(_ phase: TouchPhase, _ touches: TouchSet) { log.noteCallback(at: clock, view: name, phase, touches) }

    override func touchesBegan(_ touches: TouchSet, with event: GestureArbiter.Event?) {
        note(.began, touches)
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: TouchSet, with event: GestureArbiter.Event?) {
        note(.moved, touches)
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: TouchSet, with event: GestureArbiter.Event?) {
        note(.ended, touches)
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: TouchSet, with event: GestureArbiter.Event?) {
        note(.cancelled, touches)
        super.touchesCancelled(touches, with: event)
    }
}

/// Logs what a scroll view tells its delegate.
private final class ScrollLogger: ScrollViewDelegate {
    let log: Log
    let clock: VirtualClock

    init(log: Log, clock: VirtualClock) {
        self.log = log
        self.clock = clock
    }

    private func note(_ scrollView: ScrollView, _ what: String) {
        log.lines.append("\(clock.now) scroll \(scrollView.name ?? "?") \(what)")
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) { note(scrollView, "offset \(text(scrollView.contentOffset))") }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { note(scrollView, "willBeginDragging") }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        note(scrollView, "didEndDragging \(decelerate)")
    }
}

/// `x,y`, whole numbers without a decimal point.
private func text(_ point: Point) -> String {
    func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
    return "\(number(point.x)),\(number(point.y))"
}

/// What an action added to a scroll pan after the scroll view's own saw, call by call: the
/// state and translation with the scroll view's offset (`began t 0,-2 offset 0,2`), the
/// velocity, and the offset alone.
private final class PanWatch {
    var seen: [String] = []
    var velocities: [String] = []
    var offsets: [String] = []
}

fileprivate extension TestWorld {
    /// Adds a ``LoggingScrollView`` named `name` with the given content and starting offset, its
    /// built-in recognizers named `name.delay` and `name.pan` with their actions logged, and a
    /// delegate that logs.
    @discardableResult
    func addScrollView(_ name: String, _ frame: Rect, content: Size, offset: Point = .zero, to parent: View? = nil)
        -> LoggingScrollView
    {
        let scrollView = LoggingScrollView(frame: frame, log: log, clock: clock)
        scrollView.name = name
        scrollView.contentSize = content
        scrollView.contentOffset = offset
        scrollView.delayGestureRecognizer.name = "\(name).delay"
        scrollView.panGestureRecognizer.name = "\(name).pan"
        logActions(of: scrollView.delayGestureRecognizer)
        logActions(of: scrollView.panGestureRecognizer)
        let logger = ScrollLogger(log: log, clock: clock)
        retained.append(logger)
        scrollView.delegate = logger
        (parent ?? window).addSubview(scrollView)
        return scrollView
    }

    /// Adds a ``LoggingButton`` named `name` that logs each control event it sends as
    /// `control NAME event`.
    @discardableResult
    func addButton(_ name: String, _ frame: Rect, to parent: View) -> LoggingButton {
        let button = LoggingButton(frame: frame, log: log, clock: clock)
        button.name = name
        for (event, eventName) in Control.Event.named {
            button.addAction(for: event) { [log, clock] _, _ in log.lines.append("\(clock.now) control \(name) \(eventName)") }
        }
        parent.addSubview(button)
        return button
    }

    /// Watches `scrollView`'s pan with an action added after the scroll view's own.
    func watch(_ scrollView: ScrollView) -> PanWatch {
        let watch = PanWatch()
        scrollView.panGestureRecognizer.addAction { [unowned scrollView] pan in
            let offset = text(scrollView.contentOffset)
            watch.seen.append("\(pan.state) t \(text(pan.translation(in: nil))) offset \(offset)")
            watch.velocities.append(text(pan.velocity(in: nil)))
            watch.offsets.append(offset)
        }
        return watch
    }

    /// The log lines that mention `subject` (` view P1 `, ` gesture `, ` offset `).
    func lines(with subject: String) -> [String] { log.lines.filter { $0.contains(subject) } }
}

/// The usual world: a window 400 x 800 with scroll view `SV` filling it, which scrolls only
/// vertically (content 400 x 2400).
private func verticalWorld() -> (world: TestWorld, scrollView: LoggingScrollView) {
    let world = TestWorld()
    let scrollView = world.addScrollView("SV", Rect(x: 0, y: 0, width: 400, height: 800), content: Size(width: 400, height: 2400))
    return (world, scrollView)
}

/// ``verticalWorld()`` with a plain view `P` filling the content.
private func verticalWorldWithContent() -> (world: TestWorld, scrollView: LoggingScrollView, content: RecordingView) {
    let (world, scrollView) = verticalWorld()
    let content = world.addView("P", Rect(x: 0, y: 0, width: 400, height: 2400), to: scrollView)
    return (world, scrollView, content)
}

/// ``verticalWorld()`` with `P1` on the left half of the content and `P2` on the right half.
private func verticalWorldWithTwoViews() -> (world: TestWorld, scrollView: LoggingScrollView) {
    let (world, scrollView) = verticalWorld()
    world.addView("P1", Rect(x: 0, y: 0, width: 200, height: 2400), to: scrollView)
    world.addView("P2", Rect(x: 200, y: 0, width: 200, height: 2400), to: scrollView)
    return (world, scrollView)
}

/// ``verticalWorld()`` with button `B` in the content at (40, 250, 200, 100): a touch at
/// (100, 300) hits it.
private func verticalWorldWithButton() -> (world: TestWorld, scrollView: LoggingScrollView, button: LoggingButton) {
    let (world, scrollView) = verticalWorld()
    let button = world.addButton("B", Rect(x: 40, y: 250, width: 200, height: 100), to: scrollView)
    return (world, scrollView, button)
}

// MARK: - Recognizers and properties (R230-R234)

@Suite struct ScrollViewPropertyTests {
    @Test("R230, R246: the delay then the pan are the view's first recognizers; delaysTouchesBegan on the delay, delaysTouchesEnded off and cancelsTouchesInView on the pan")
    func builtInRecognizers() {
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let delay = scrollView.delayGestureRecognizer
        let pan = scrollView.panGestureRecognizer
        #expect(scrollView.gestureRecognizers.count == 2)
        #expect(scrollView.gestureRecognizers.first === delay && scrollView.gestureRecognizers.last === pan)
        #expect(delay.view === scrollView && pan.view === scrollView)
        #expect(delay.delaysTouchesBegan && delay.cancelsTouchesInView)
        #expect(!pan.delaysTouchesEnded && pan.cancelsTouchesInView && !pan.delaysTouchesBegan)
        let own = TapGestureRecognizer()
        scrollView.addGestureRecognizer(own)
        #expect(scrollView.gestureRecognizers.count == 3 && scrollView.gestureRecognizers[2] === own)
    }

    @Test("R230: the built-ins refuse a delegate: setting one leaves it nil; a recognizer of your own takes one")
    func builtInsRefuseADelegate() {
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let delegate = TestDelegate()
        scrollView.panGestureRecognizer.delegate = delegate
        scrollView.delayGestureRecognizer.delegate = delegate
        #expect(scrollView.panGestureRecognizer.delegate == nil)
        #expect(scrollView.delayGestureRecognizer.delegate == nil)
        let own = PanGestureRecognizer()
        scrollView.addGestureRecognizer(own)
        own.delegate = delegate
        #expect(own.delegate === delegate)
    }

    @Test("R230, R250, R48: the scroll pan recognizes with nobody: it excludes the pan of the view that holds the scroll view")
    func excludesAnEnclosingPan() throws {
        let world = TestWorld()
        let holder = world.addView("W", Rect(x: 0, y: 0, width: 400, height: 800))
        world.attach(PanGestureRecognizer(), "W.pan", to: holder)
        let scrollView = world.addScrollView("SV", Rect(x: 0, y: 0, width: 400, height: 800), content: Size(width: 400, height: 2400), to: holder)
        world.addView("P", Rect(x: 0, y: 0, width: 400, height: 2400), to: scrollView)
        try world.down(1, at: 0, 100, 300)
        // Both pans reach 20 pt in this move; the scroll pan is deeper, so it goes first and wins.
        try world.move(1, at: 0.05, 100, 280)
        try world.up(1, at: 0.1, 100, 280)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P",
            "0.050 gesture SV.delay failed", "0.050 gesture W.pan failed",
            "0.050 scroll SV willBeginDragging", "0.050 scroll SV offset 0,10", "0.050 gesture SV.pan began",
            "0.100 scroll SV didEndDragging false", "0.100 gesture SV.pan ended",
        ])
    }

    @Test("R250: the scroll pan keeps the default canPrevent and canBePrevented answers")
    func panPreventsAndIsPrevented() {
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let content = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        scrollView.addSubview(content)
        let tap = TapGestureRecognizer()
        let pan = PanGestureRecognizer()
        content.addGestureRecognizer(tap)
        content.addGestureRecognizer(pan)
        for other in [tap, pan] as [GestureRecognizer] {
            #expect(scrollView.panGestureRecognizer.canPrevent(other))
            #expect(scrollView.panGestureRecognizer.canBePrevented(by: other))
        }
    }

    @Test("R231: the defaults")
    func defaults() {
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(scrollView.delaysContentTouches && scrollView.canCancelContentTouches && scrollView.isScrollEnabled)
        #expect(scrollView.bounces)
        #expect(scrollView.transfersHorizontalScrollingToParent && scrollView.transfersVerticalScrollingToParent)
        #expect(!scrollView.isDirectionalLockEnabled && !scrollView.alwaysBounceVertical && !scrollView.alwaysBounceHorizontal)
        #expect(scrollView.contentOffset == .zero && scrollView.contentSize == .zero && scrollView.contentInset == .zero)
        #expect(!scrollView.isTracking && !scrollView.isDragging && !scrollView.isDecelerating)
        #expect(scrollView.delegate == nil)
        #expect(scrollView.delayGestureRecognizer.isEnabled && scrollView.panGestureRecognizer.isEnabled)
    }

    /// A case of R232 for a 100 x 100 view.
    struct ScrollableCase: Sendable, CustomTestStringConvertible {
        var width: Double
        var height: Double
        var inset = EdgeInsets.zero
        var alwaysBounceHorizontal = false
        var alwaysBounceVertical = false
        var bounces = true
        var scrollEnabled = true
        var horizontally: Bool
        var vertically: Bool
        var testDescription: String {
            "content \(width) x \(height), inset \(inset), bounce \(alwaysBounceHorizontal)/\(alwaysBounceVertical), bounces \(bounces), enabled \(scrollEnabled)"
        }
    }

    static let scrollableCases: [ScrollableCase] = [
        ScrollableCase(width: 100, height: 100, horizontally: false, vertically: false),
        // Within the 0.0001 epsilon: not scrollable; past it: scrollable.
        ScrollableCase(width: 100.00005, height: 100.00005, horizontally: false, vertically: false),
        ScrollableCase(width: 100.0005, height: 100.0005, horizontally: true, vertically: true),
        ScrollableCase(width: 101, height: 50, horizontally: true, vertically: false),
        // Insets count: 5 + 90 + 6 = 101 wide; 25 + 50 + 25 = 100 tall.
        ScrollableCase(
            width: 90, height: 50, inset: EdgeInsets(top: 25, left: 5, bottom: 25, right: 6), horizontally: true, vertically: false),
        ScrollableCase(
            width: 50, height: 90, inset: EdgeInsets(top: 5, left: 25, bottom: 6, right: 25), horizontally: false, vertically: true),
        // Always bouncing needs bounces.
        ScrollableCase(width: 0, height: 0, alwaysBounceHorizontal: true, horizontally: true, vertically: false),
        ScrollableCase(width: 0, height: 0, alwaysBounceVertical: true, horizontally: false, vertically: true),
        ScrollableCase(
            width: 0, height: 0, alwaysBounceHorizontal: true, alwaysBounceVertical: true, bounces: false, horizontally: false,
            vertically: false),
        // Content larger than the view scrolls whatever bounces says.
        ScrollableCase(width: 200, height: 200, bounces: false, horizontally: true, vertically: true),
        // isScrollEnabled is not part of the test.
        ScrollableCase(width: 200, height: 200, scrollEnabled: false, horizontally: true, vertically: true),
    ]

    @Test("R232: canScrollHorizontally and canScrollVertically", arguments: scrollableCases)
    func scrollableAxes(_ scrollable: ScrollableCase) {
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scrollView.contentSize = Size(width: scrollable.width, height: scrollable.height)
        scrollView.contentInset = scrollable.inset
        scrollView.alwaysBounceHorizontal = scrollable.alwaysBounceHorizontal
        scrollView.alwaysBounceVertical = scrollable.alwaysBounceVertical
        scrollView.bounces = scrollable.bounces
        scrollView.isScrollEnabled = scrollable.scrollEnabled
        #expect(scrollView.canScrollHorizontally == scrollable.horizontally)
        #expect(scrollView.canScrollVertically == scrollable.vertically)
    }

    @Test("R233: scrolling off disables both built-ins: the content gets its touch at once and a drag does not scroll; on again, both work")
    func scrollingOff() throws {
        let (world, scrollView, _) = verticalWorldWithContent()
        scrollView.isScrollEnabled = false
        #expect(!scrollView.delayGestureRecognizer.isEnabled && !scrollView.panGestureRecognizer.isEnabled)
        try world.down(1, at: 0, 100, 300)
        #expect(scrollView.panGestureRecognizer.numberOfTouches == 0)
        try world.move(1, at: 0.05, 100, 250)
        try world.up(1, at: 0.1, 100, 250)
        #expect(scrollView.contentOffset == .zero)
        #expect(world.log.lines == ["0.000 touch 1 hit P", "0.000 view P began 1", "0.050 view P moved 1", "0.100 view P ended 1"])

        world.log.lines.removeAll()
        scrollView.isScrollEnabled = true
        #expect(scrollView.delayGestureRecognizer.isEnabled && scrollView.panGestureRecognizer.isEnabled)
        try world.down(2, at: 1, 100, 300)
        try world.move(2, at: 1.05, 100, 270)
        try world.up(2, at: 1.1, 100, 270)
        #expect(world.log.lines == [
            "1.000 touch 2 hit P",
            "1.050 gesture SV.delay failed",
            "1.050 scroll SV willBeginDragging", "1.050 scroll SV offset 0,20", "1.050 gesture SV.pan began",
            "1.100 scroll SV didEndDragging false", "1.100 gesture SV.pan ended",
        ])
    }

    @Test("R234: isTracking from the touch-down, isDragging from the pan's began; the delegate hears willBegin, the scrolls, then didEnd(false)")
    func trackingAndDragging() throws {
        let (world, scrollView, _) = verticalWorldWithContent()
        try world.down(1, at: 0, 100, 300)
        #expect(scrollView.isTracking && !scrollView.isDragging)
        try world.move(1, at: 0.05, 100, 288)
        #expect(scrollView.isTracking && scrollView.isDragging)
        try world.move(1, at: 0.08, 100, 270)
        try world.up(1, at: 0.1, 100, 270)
        #expect(!scrollView.isTracking && !scrollView.isDragging)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P",
            "0.050 gesture SV.delay failed",
            "0.050 scroll SV willBeginDragging", "0.050 scroll SV offset 0,2", "0.050 gesture SV.pan began",
            "0.080 scroll SV offset 0,20", "0.080 gesture SV.pan changed",
            "0.100 scroll SV didEndDragging false", "0.100 gesture SV.pan ended",
        ])
        // A tap: tracking while the finger is down, never dragging.
        try world.down(2, at: 1, 100, 300)
        #expect(scrollView.isTracking && !scrollView.isDragging)
        try world.up(2, at: 1.05, 100, 300)
        #expect(!scrollView.isTracking && !scrollView.isDragging)
    }

    @Test("R234: isTracking is set at the touch-down also on a view that cannot scroll")
    func trackingWithoutScrolling() throws {
        let world = TestWorld()
        let scrollView = world.addScrollView("SV", Rect(x: 0, y: 0, width: 400, height: 800), content: Size(width: 400, height: 800))
        try world.down(1, at: 0, 100, 300)
        #expect(scrollView.isTracking)
        try world.up(1, at: 0.05, 100, 300)
        #expect(!scrollView.isTracking)
    }
}

// MARK: - The content delay (R235-R239, R252, R253, R255)

@Suite struct ScrollViewDelayTests {
    @Test("R235, R246: a second touch-down restarts the 0.15 s for both touches; a lift reaches the content while the pan is still possible")
    func secondTouchRestartsTheDelay() throws {
        let (world, _) = verticalWorldWithTwoViews()
        try world.down(1, at: 0, 100, 300)
        try world.down(2, at: 0.1, 300, 300)
        try world.advance(to: 0.2)
        #expect(world.log.lines == ["0.000 touch 1 hit P1", "0.100 touch 2 hit P2"])
        try world.advance(to: 0.25)
        try world.up(1, at: 0.3, 100, 300)
        try world.up(2, at: 0.35, 300, 300)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P1", "0.100 touch 2 hit P2",
            "0.250 gesture SV.delay failed", "0.250 view P1 began 1", "0.250 view P2 began 2",
            "0.300 view P1 ended 1",
            "0.350 gesture SV.pan failed", "0.350 view P2 ended 2",
        ])
    }

    @Test("R235, R238: the start point is the withheld touches' centroid at the latest touch-down; only its travel of more than 10 pt counts")
    func startPointIsTheCentroid() throws {
        let (world, _) = verticalWorldWithTwoViews()
        try world.down(1, at: 0, 100, 300)
        try world.down(2, at: 0.05, 300, 300)  // start point (200, 300)
        try world.move(2, at: 0.08, 320, 300)  // touch 2 moved 20 pt, the centroid 10: no release
        #expect(world.log.lines == ["0.000 touch 1 hit P1", "0.050 touch 2 hit P2"])
        try world.move(2, at: 0.1, 321, 300)  // the centroid moved 10.5 pt
        try world.up(1, at: 0.2, 100, 300)
        try world.up(2, at: 0.25, 321, 300)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P1", "0.050 touch 2 hit P2",
            "0.100 gesture SV.delay failed", "0.100 view P1 began 1", "0.100 view P2 began 2", "0.100 view P2 moved 2",
            "0.200 view P1 ended 1",
            "0.250 gesture SV.pan failed", "0.250 view P2 ended 2",
        ])
    }

    @Test("R252, R116: a delay you create yourself counts from the first touch: a second touch-down does not restart it")
    func ownDelayDoesNotRestart() throws {
        let world = TestWorld()
        let container = world.addView("C", Rect(x: 0, y: 0, width: 400, height: 800), forwards: true)
        world.addView("V1", Rect(x: 0, y: 0, width: 200, height: 800), to: container)
        world.addView("V2", Rect(x: 200, y: 0, width: 200, height: 800), to: container)
        world.attach(DelayedTouchesBeganGestureRecognizer(), "D", to: container)
        try world.down(1, at: 0, 100, 300)
        try world.down(2, at: 0.1, 300, 300)
        try world.advance(to: 0.2)
        #expect(world.log.lines == [
            "0.000 touch 1 hit V1", "0.100 touch 2 hit V2", "0.150 gesture D failed", "0.150 view V1 began 1", "0.150 view V2 began 2",
        ])
        try world.up(1, at: 0.3, 100, 300)
        try world.up(2, at: 0.3, 300, 300)
    }

    @Test("R235, R236, R241: with delaysContentTouches off the content gets the touch at the touch-down; a drag then takes a plain view's touch")
    func noDelay() throws {
        let (world, scrollView, _) = verticalWorldWithContent()
        scrollView.delaysContentTouches = false
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.05, 100, 270)
        try world.up(1, at: 0.1, 100, 270)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P", "0.000 gesture SV.delay failed", "0.000 view P began 1",
            "0.050 scroll SV willBeginDragging", "0.050 scroll SV offset 0,20", "0.050 gesture SV.pan began", "0.050 view P cancelled 1",
            "0.100 scroll SV didEndDragging false", "0.100 gesture SV.pan ended",
        ])
        #expect(scrollView.questions == ["begin 1 in P", "cancel P true"])
    }

    @Test("R236: touchesShouldBegin is asked per touch in id order; a refused touch never reaches the content, the delay recognizes, the other touch goes on")
    func refusedTouch() throws {
        let (world, scrollView) = verticalWorldWithTwoViews()
        scrollView.refusedTouches = [2]
        try world.send(0, TouchInput(id: 1, phase: .began, x: 100, y: 300), TouchInput(id: 2, phase: .began, x: 300, y: 300))
        try world.advance(to: 0.15)
        try world.send(0.2, TouchInput(id: 1, phase: .moved, x: 100, y: 270), TouchInput(id: 2, phase: .moved, x: 300, y: 270))
        try world.send(0.3, TouchInput(id: 1, phase: .ended, x: 100, y: 270), TouchInput(id: 2, phase: .ended, x: 300, y: 270))
        #expect(world.log.lines == [
            "0.000 touch 1 hit P1", "0.000 touch 2 hit P2",
            "0.150 gesture SV.delay recognized", "0.150 view P1 began 1",
            "0.200 scroll SV willBeginDragging", "0.200 scroll SV offset 0,20", "0.200 gesture SV.pan began", "0.200 view P1 cancelled 1",
            "0.300 scroll SV didEndDragging false", "0.300 gesture SV.pan ended",
        ])
        // Only touch 1 reached content, so only its view is asked before the pan takes it.
        #expect(scrollView.questions == ["begin 1 in P1", "begin 2 in P2", "cancel P1 true"])
    }

    @Test("R236, R253: the delay's recognition prevents nobody: the pan and a tap on the content stay possible, and the tap recognizes at the lift")
    func refusalPreventsNobody() throws {
        let (world, scrollView) = verticalWorldWithTwoViews()
        let left = world.window.subviews[0].subviews[0]
        let tap = world.attach(TapGestureRecognizer(), "T", to: left)
        scrollView.refusedTouches = [2]
        #expect(!scrollView.delayGestureRecognizer.canPrevent(scrollView.panGestureRecognizer))
        #expect(!scrollView.delayGestureRecognizer.canPrevent(tap))
        try world.send(0, TouchInput(id: 1, phase: .began, x: 100, y: 300), TouchInput(id: 2, phase: .began, x: 300, y: 300))
        try world.advance(to: 0.15)
        #expect(tap.state == .possible && scrollView.panGestureRecognizer.state == .possible)
        try world.up(1, at: 0.2, 100, 300)
        try world.up(2, at: 0.3, 300, 300)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P1", "0.000 touch 2 hit P2",
            "0.150 gesture SV.delay recognized", "0.150 view P1 began 1",
            // The tap excludes the scroll pan (R44) and takes touch 1 from P1 (R67).
            "0.200 gesture SV.pan failed", "0.200 gesture T recognized", "0.200 view P1 cancelled 1",
        ])
    }

    @Test("R237, R230: a tap shorter than the delay reaches the content at the lift, began then ended; the delay fails before the pan")
    func quickTap() throws {
        let (world, _, _) = verticalWorldWithContent()
        try world.tap(1, at: 0, 100, 300, duration: 0.06)
        try world.advance(to: 0.5)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P", "0.060 gesture SV.delay failed", "0.060 gesture SV.pan failed", "0.060 view P began 1", "0.060 view P ended 1",
        ])
    }

    @Test("R237, R236: one withheld touch ending lets go of every withheld touch")
    func oneLiftReleasesAll() throws {
        let (world, _) = verticalWorldWithTwoViews()
        try world.send(0, TouchInput(id: 1, phase: .began, x: 100, y: 300), TouchInput(id: 2, phase: .began, x: 300, y: 300))
        try world.up(1, at: 0.05, 100, 300)
        try world.up(2, at: 0.1, 300, 300)
        #expect(world.lines(with: " gesture ") == ["0.050 gesture SV.delay failed", "0.100 gesture SV.pan failed"])
        #expect(world.lines(with: " view P1 ") == ["0.050 view P1 began 1", "0.050 view P1 ended 1"])
        #expect(world.lines(with: " view P2 ") == ["0.050 view P2 began 2", "0.100 view P2 ended 2"])
    }

    @Test("R237, R72, R101: a cancelled withheld touch fails the delay and the pan; the content never hears of it")
    func cancelledTouch() throws {
        let (world, _, _) = verticalWorldWithContent()
        try world.down(1, at: 0, 100, 300)
        try world.send(0.05, TouchInput(id: 1, phase: .cancelled, x: 100, y: 300))
        try world.advance(to: 0.5)
        #expect(world.log.lines == ["0.000 touch 1 hit P", "0.050 gesture SV.delay failed", "0.050 gesture SV.pan failed"])
    }

    @Test(
        "R238, R240: a move of more than 10 pt along the axis the view cannot scroll lets go at once; exactly 10 does not; along the scrollable axis the pan begins and the content hears nothing",
        arguments: [
            (10.0, 0.0, [
                "0.000 touch 1 hit P", "0.150 gesture SV.delay failed", "0.150 view P began 1", "0.150 view P moved 1",
                "0.300 gesture SV.pan failed", "0.300 view P ended 1",
            ]),
            (10.5, 0.0, [
                "0.000 touch 1 hit P", "0.050 gesture SV.delay failed", "0.050 view P began 1", "0.050 view P moved 1",
                "0.300 gesture SV.pan failed", "0.300 view P ended 1",
            ]),
            (-10.5, 0.0, [
                "0.000 touch 1 hit P", "0.050 gesture SV.delay failed", "0.050 view P began 1", "0.050 view P moved 1",
                "0.300 gesture SV.pan failed", "0.300 view P ended 1",
            ]),
            (10.0, 9.0, [
                "0.000 touch 1 hit P", "0.150 gesture SV.delay failed", "0.150 view P began 1", "0.150 view P moved 1",
                "0.300 gesture SV.pan failed", "0.300 view P ended 1",
            ]),
            (0.0, 11.0, [
                "0.000 touch 1 hit P", "0.050 gesture SV.delay failed",
                "0.050 scroll SV willBeginDragging", "0.050 scroll SV offset 0,1", "0.050 gesture SV.pan began",
                "0.300 scroll SV didEndDragging false", "0.300 gesture SV.pan ended",
            ]),
        ])
    func earlyRelease(dx: Double, up: Double, expected: [String]) throws {
        let (world, _, _) = verticalWorldWithContent()
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.05, 100 + dx, 300 - up)
        try world.advance(to: 0.2)
        try world.up(1, at: 0.3, 100 + dx, 300 - up)
        #expect(world.log.lines == expected)
    }

    @Test("R255, R238: the early release applies to every content view: a button gets touchDown at the move")
    func earlyReleaseOnAButton() throws {
        let (world, _, _) = verticalWorldWithButton()
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.05, 111, 300)
        try world.up(1, at: 0.3, 111, 300)
        #expect(world.log.lines == [
            "0.000 touch 1 hit B", "0.050 gesture SV.delay failed",
            "0.050 view B began 1", "0.050 control B touchDown", "0.050 view B moved 1", "0.050 control B touchDragInside",
            "0.300 gesture SV.pan failed", "0.300 view B ended 1", "0.300 control B touchUpInside", "0.300 control B primaryActionTriggered",
        ])
    }

    @Test("R239, R13: a view vetoing the scroll pan makes it fail, which lets the delay go at once")
    func vetoedPanReleases() throws {
        let (world, scrollView, content) = verticalWorldWithContent()
        content.shouldBeginAnswers["SV.pan"] = false
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.05, 100, 288)
        try world.up(1, at: 0.1, 100, 288)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P",
            "0.050 gesture SV.pan failed", "0.050 gesture SV.delay failed", "0.050 view P began 1", "0.050 view P moved 1",
            "0.100 view P ended 1",
        ])
        #expect(scrollView.contentOffset == .zero)
    }

    @Test(
        "R239, R44, R250: a content pan that excludes the scroll pan excludes the delay too, unless it may recognize with the delay, which then keeps its timer",
        arguments: [false, true])
    func exclusionByAContentPan(simultaneousWithDelay: Bool) throws {
        let (world, scrollView, content) = verticalWorldWithContent()
        let pan = world.attach(PanGestureRecognizer(), "C", to: content)
        pan.cancelsTouchesInView = false
        let delegate = TestDelegate()
        if simultaneousWithDelay { delegate.simultaneousWith = ["SV.delay"] }
        world.retained.append(delegate)
        pan.delegate = delegate
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.05, 100, 288)
        try world.advance(to: 0.2)
        try world.up(1, at: 0.3, 100, 288)
        let expected = simultaneousWithDelay
            ? [
                "0.000 touch 1 hit P", "0.050 gesture SV.pan failed", "0.050 gesture C began",
                "0.150 gesture SV.delay failed", "0.150 view P began 1", "0.150 view P moved 1",
                "0.300 gesture C ended", "0.300 view P ended 1",
            ]
            : [
                "0.000 touch 1 hit P", "0.050 gesture SV.delay failed", "0.050 gesture SV.pan failed", "0.050 gesture C began",
                "0.050 view P began 1", "0.050 view P moved 1",
                "0.300 gesture C ended", "0.300 view P ended 1",
            ]
        #expect(world.log.lines == expected)
        // An excluded delay fails without letting go by R236: nobody is asked.
        #expect(scrollView.questions == (simultaneousWithDelay ? ["begin 1 in P"] : []))
        #expect(scrollView.contentOffset == .zero)
    }

    @Test("R251, R235, R241: a cell highlights when its began arrives after 0.15 s, and loses the highlight when a scroll cancels its touch")
    func cellHighlight() throws {
        /// A cell: highlighted while it has a touch.
        final class Cell: View {
            var isHighlighted = false
            override func touchesBegan(_ touches: TouchSet, with event: GestureArbiter.Event?) { isHighlighted = true }
            override func touchesEnded(_ touches: TouchSet, with event: GestureArbiter.Event?) { isHighlighted = false }
            override func touchesCancelled(_ touches: TouchSet, with event: GestureArbiter.Event?) { isHighlighted = false }
        }
        let (world, scrollView) = verticalWorld()
        let cell = Cell(frame: Rect(x: 0, y: 250, width: 400, height: 100))
        scrollView.addSubview(cell)
        try world.down(1, at: 0, 100, 300)
        try world.advance(to: 0.149)
        #expect(!cell.isHighlighted)
        try world.advance(to: 0.15)
        #expect(cell.isHighlighted)
        try world.move(1, at: 0.2, 100, 270)
        #expect(!cell.isHighlighted && scrollView.contentOffset == Point(x: 0, y: 20))
        try world.up(1, at: 0.3, 100, 270)
    }
}

// MARK: - The scroll pan (R240-R246, R254, R256)

@Suite struct ScrollViewPanTests {
    @Test("R240: a view that scrolls only vertically never begins on horizontal travel; the pan stays possible and fails at the lift")
    func horizontalTravelOnAVerticalView() throws {
        let (world, scrollView, _) = verticalWorldWithContent()
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.05, 150, 300)
        try world.move(1, at: 0.1, 200, 300)
        #expect(scrollView.panGestureRecognizer.state == .possible)
        try world.up(1, at: 0.2, 200, 300)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P", "0.050 gesture SV.delay failed", "0.050 view P began 1", "0.050 view P moved 1",
            "0.100 view P moved 1", "0.200 gesture SV.pan failed", "0.200 view P ended 1",
        ])
        #expect(scrollView.contentOffset == .zero)
    }

    @Test("R240, R95, R238, R67: at the began the hysteresis comes off per axis and the component along the axis the view cannot scroll is zero")
    func translationAtTheBegan() throws {
        let (world, scrollView, _) = verticalWorldWithContent()
        let watch = world.watch(scrollView)
        try world.down(1, at: 0, 100, 300)
        // (15, -12): the delay lets go (15 > 10 across) and the pan begins in the same move,
        // so its cancellation drops the began before it reaches P.
        try world.move(1, at: 0.05, 115, 288)
        try world.move(1, at: 0.1, 115, 270)
        try world.up(1, at: 0.2, 115, 270)
        #expect(watch.seen.first == "began t 0,-2 offset 0,2")
        #expect(world.log.lines == [
            "0.000 touch 1 hit P", "0.050 gesture SV.delay failed",
            "0.050 scroll SV willBeginDragging", "0.050 scroll SV offset 0,2", "0.050 gesture SV.pan began",
            "0.100 scroll SV offset 0,20", "0.100 gesture SV.pan changed",
            "0.200 scroll SV didEndDragging false", "0.200 gesture SV.pan ended",
        ])
        #expect(scrollView.questions == ["begin 1 in P"])
    }

    @Test("R240: a view that scrolls along neither axis never begins; the pan fails at the lift")
    func neitherAxis() throws {
        let world = TestWorld()
        let scrollView = world.addScrollView("SV", Rect(x: 0, y: 0, width: 400, height: 800), content: Size(width: 400, height: 800))
        world.addView("P", Rect(x: 0, y: 0, width: 400, height: 800), to: scrollView)
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.05, 200, 150)
        #expect(scrollView.panGestureRecognizer.state == .possible)
        try world.up(1, at: 0.1, 200, 150)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P", "0.050 gesture SV.delay failed", "0.050 view P began 1", "0.050 view P moved 1",
            "0.100 gesture SV.pan failed", "0.100 view P ended 1",
        ])
    }

    @Test("R241: with canCancelContentTouches off a drag on content that has its touch fails the pan, which does not begin again; nobody is asked")
    func cannotCancelContentTouches() throws {
        let (world, scrollView, _) = verticalWorldWithContent()
        scrollView.canCancelContentTouches = false
        try world.down(1, at: 0, 100, 300)
        try world.advance(to: 0.15)
        try world.move(1, at: 0.2, 100, 270)
        try world.move(1, at: 0.25, 100, 200)
        try world.up(1, at: 0.3, 100, 200)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P", "0.150 gesture SV.delay failed", "0.150 view P began 1",
            "0.200 gesture SV.pan failed", "0.200 view P moved 1", "0.250 view P moved 1", "0.300 view P ended 1",
        ])
        #expect(scrollView.questions == ["begin 1 in P"])
        #expect(scrollView.contentOffset == .zero)
    }

    @Test("R241, R208: touchesShouldCancel overridden to say yes for a button: the scroll takes its touch and the button sends touchCancel")
    func overriddenCancelOnAButton() throws {
        let (world, scrollView, button) = verticalWorldWithButton()
        scrollView.cancelAnswers["B"] = true
        try world.down(1, at: 0, 100, 300)
        try world.advance(to: 0.15)
        try world.move(1, at: 0.2, 100, 270)
        try world.up(1, at: 0.3, 100, 270)
        #expect(world.log.lines == [
            "0.000 touch 1 hit B",
            "0.150 gesture SV.delay failed", "0.150 view B began 1", "0.150 control B touchDown",
            "0.200 scroll SV willBeginDragging", "0.200 scroll SV offset 0,20", "0.200 gesture SV.pan began",
            "0.200 view B cancelled 1", "0.200 control B touchCancel",
            "0.300 scroll SV didEndDragging false", "0.300 gesture SV.pan ended",
        ])
        #expect(scrollView.questions == ["begin 1 in B", "cancel B true"])
        #expect(!button.isTracking && !button.isHighlighted)
    }

    /// The cases of R242, each with its own scroll view settings.
    enum DefaultsCase: String, CaseIterable, Sendable {
        case quickTap, quickDrag, heldThenDraggedOnAButton, heldThenDraggedOnAPlainView, noDelayDragOnAButton, noDelayDragOnAButtonThatMayCancel
    }

    @Test("R242: what follows with the defaults", arguments: DefaultsCase.allCases)
    func withTheDefaults(_ which: DefaultsCase) throws {
        let (world, scrollView) = verticalWorld()
        if which == .heldThenDraggedOnAPlainView {
            world.addView("B", Rect(x: 40, y: 250, width: 200, height: 100), to: scrollView)
        } else {
            world.addButton("B", Rect(x: 40, y: 250, width: 200, height: 100), to: scrollView)
        }
        let expected: [String]
        switch which {
        case .quickTap:
            try world.tap(1, at: 0, 100, 300, duration: 0.1)
            expected = [
                "0.000 touch 1 hit B", "0.100 gesture SV.delay failed", "0.100 gesture SV.pan failed",
                "0.100 view B began 1", "0.100 control B touchDown",
                "0.100 view B ended 1", "0.100 control B touchUpInside", "0.100 control B primaryActionTriggered",
            ]
        case .quickDrag:
            try world.down(1, at: 0, 100, 300)
            try world.move(1, at: 0.05, 100, 290)
            try world.move(1, at: 0.1, 100, 250)
            try world.up(1, at: 0.12, 100, 250)
            expected = [
                "0.000 touch 1 hit B", "0.050 gesture SV.delay failed", "0.050 scroll SV willBeginDragging", "0.050 gesture SV.pan began",
                "0.100 scroll SV offset 0,40", "0.100 gesture SV.pan changed",
                "0.120 scroll SV didEndDragging false", "0.120 gesture SV.pan ended",
            ]
        case .heldThenDraggedOnAButton, .heldThenDraggedOnAPlainView:
            try world.down(1, at: 0, 100, 300)
            try world.advance(to: 0.15)
            try world.move(1, at: 0.2, 100, 270)
            try world.up(1, at: 0.3, 100, 270)
            expected = which == .heldThenDraggedOnAButton
                ? [
                    "0.000 touch 1 hit B", "0.150 gesture SV.delay failed", "0.150 view B began 1", "0.150 control B touchDown",
                    "0.200 gesture SV.pan failed", "0.200 view B moved 1", "0.200 control B touchDragInside",
                    "0.300 view B ended 1", "0.300 control B touchUpInside", "0.300 control B primaryActionTriggered",
                ]
                : [
                    "0.000 touch 1 hit B", "0.150 gesture SV.delay failed", "0.150 view B began 1",
                    "0.200 scroll SV willBeginDragging", "0.200 scroll SV offset 0,20", "0.200 gesture SV.pan began", "0.200 view B cancelled 1",
                    "0.300 scroll SV didEndDragging false", "0.300 gesture SV.pan ended",
                ]
        case .noDelayDragOnAButton, .noDelayDragOnAButtonThatMayCancel:
            scrollView.delaysContentTouches = false
            let mayCancel = which == .noDelayDragOnAButtonThatMayCancel
            if mayCancel { scrollView.cancelAnswers["B"] = true }
            try world.down(1, at: 0, 100, 300)
            try world.move(1, at: 0.05, 100, 290)
            try world.move(1, at: 0.1, 100, 250)
            try world.up(1, at: 0.12, 100, 250)
            let down = ["0.000 touch 1 hit B", "0.000 gesture SV.delay failed", "0.000 view B began 1", "0.000 control B touchDown"]
            expected = down + (mayCancel
                ? [
                    "0.050 scroll SV willBeginDragging", "0.050 gesture SV.pan began", "0.050 view B cancelled 1", "0.050 control B touchCancel",
                    "0.100 scroll SV offset 0,40", "0.100 gesture SV.pan changed",
                    "0.120 scroll SV didEndDragging false", "0.120 gesture SV.pan ended",
                ]
                : [
                    "0.050 gesture SV.pan failed", "0.050 view B moved 1", "0.050 control B touchDragInside",
                    "0.100 view B moved 1", "0.100 control B touchDragInside",
                    "0.120 view B ended 1", "0.120 control B touchUpInside", "0.120 control B primaryActionTriggered",
                ])
        }
        #expect(world.log.lines == expected)
    }

    /// A 400 x 800 scroll view that scrolls both ways (content 2000 x 3000), starting at
    /// offset (100, 200), with the directional lock on and plain content `P`.
    fileprivate static func lockWorld() -> (world: TestWorld, scrollView: LoggingScrollView) {
        let world = TestWorld()
        let scrollView = world.addScrollView(
            "SV", Rect(x: 0, y: 0, width: 400, height: 800), content: Size(width: 2000, height: 3000), offset: Point(x: 100, y: 200))
        scrollView.isDirectionalLockEnabled = true
        world.addView("P", Rect(x: 0, y: 0, width: 2000, height: 3000), to: scrollView)
        return (world, scrollView)
    }

    @Test("R243, R245: locked horizontally by a flat first move, a diagonal drag keeps offset.y; after a 0.6 s rest a steep move locks vertically")
    func directionalLock() throws {
        let (world, _) = Self.lockWorld()
        try world.down(1, at: 0, 200, 400)
        try world.move(1, at: 0.02, 180, 398)  // about 5.7 degrees: locked horizontally; tx -20 begins
        try world.move(1, at: 0.04, 140, 360)  // diagonal: only x counts
        try world.move(1, at: 0.06, 140, 300)  // steep, but no rest: still horizontal, nothing moves
        try world.move(1, at: 0.7, 140, 240)  // after a 0.64 s rest: 90 degrees locks vertically
        try world.move(1, at: 0.72, 100, 190)  // diagonal: only y counts now
        try world.up(1, at: 0.74, 100, 190)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P", "0.020 gesture SV.delay failed",
            "0.020 scroll SV willBeginDragging", "0.020 scroll SV offset 110,200", "0.020 gesture SV.pan began",
            "0.040 scroll SV offset 150,200", "0.040 gesture SV.pan changed",
            "0.060 gesture SV.pan changed",
            "0.700 scroll SV offset 150,260", "0.700 gesture SV.pan changed",
            "0.720 scroll SV offset 150,310", "0.720 gesture SV.pan changed",
            "0.740 scroll SV didEndDragging false", "0.740 gesture SV.pan ended",
        ])
    }

    @Test(
        "R243: the lock's angles: at most 20 degrees locks across, 70 or more locks down, in between no lock",
        arguments: [
            // (dx, dy) of the first move from (200, 400); the pan begins in that move, 10 pt comes
            // off each axis that reached it (R95), and the offset starts at (100, 200).
            (-100.0, -36.0, "190,200"),  // 19.8 degrees: locked across, y stays
            (-100.0, -37.0, "190,227"),  // 20.3 degrees: no lock
            (-36.0, -100.0, "100,290"),  // 70.2 degrees: locked down, x stays
            (-37.0, -100.0, "127,290"),  // 69.7 degrees: no lock
        ])
    func lockAngles(dx: Double, dy: Double, offset: String) throws {
        let (world, _) = Self.lockWorld()
        try world.down(1, at: 0, 200, 400)
        try world.move(1, at: 0.02, 200 + dx, 400 + dy)
        try world.up(1, at: 0.04, 200 + dx, 400 + dy)
        #expect(world.lines(with: " offset ") == ["0.020 scroll SV offset \(offset)"])
    }

    @Test("R243: a first move between 20 and 70 degrees sets no lock: both axes scroll")
    func noLockOnADiagonal() throws {
        let (world, scrollView) = Self.lockWorld()
        try world.down(1, at: 0, 200, 400)
        try world.move(1, at: 0.02, 170, 370)
        try world.up(1, at: 0.04, 170, 370)
        #expect(world.lines(with: " offset ") == ["0.020 scroll SV offset 120,220"])
        #expect(scrollView.contentOffset == Point(x: 120, y: 220))
    }

    @Test("R243: a flat move does not lock horizontally a view that cannot scroll horizontally, so vertical travel still begins the pan")
    func noHorizontalLockWithoutHorizontalScrolling() throws {
        let (world, scrollView, _) = verticalWorldWithContent()
        scrollView.isDirectionalLockEnabled = true
        try world.down(1, at: 0, 100, 300)
        try world.move(1, at: 0.02, 120, 298)  // about 5.7 degrees; 20 pt across lets the delay go (R238)
        try world.move(1, at: 0.04, 120, 286)
        try world.up(1, at: 0.06, 120, 286)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P", "0.020 gesture SV.delay failed", "0.020 view P began 1", "0.020 view P moved 1",
            "0.040 scroll SV willBeginDragging", "0.040 scroll SV offset 0,4", "0.040 gesture SV.pan began", "0.040 view P cancelled 1",
            "0.060 scroll SV didEndDragging false", "0.060 gesture SV.pan ended",
        ])
    }

    @Test("R244, R254: a touch-down on a decelerating view catches it: the pan begins at once with zero translation and velocity, and the button never hears of the tap")
    func catchingADeceleratingView() throws {
        let (world, scrollView, button) = verticalWorldWithButton()
        let pan = scrollView.panGestureRecognizer
        scrollView.isDecelerating = true
        #expect(pan.delaysTouchesBegan)
        let watch = world.watch(scrollView)
        try world.down(1, at: 0, 100, 300)
        #expect(scrollView.isDragging)
        try world.up(1, at: 0.08, 100, 300)
        try world.advance(to: 0.5)
        #expect(watch.seen == ["began t 0,0 offset 0,0", "ended t 0,0 offset 0,0"])
        #expect(watch.velocities == ["0,0", "0,0"])
        #expect(world.log.lines == [
            "0.000 touch 1 hit B", "0.000 gesture SV.delay failed", "0.000 scroll SV willBeginDragging", "0.000 gesture SV.pan began",
            "0.080 scroll SV didEndDragging false", "0.080 gesture SV.pan ended",
        ])
        #expect(!button.isTracking)
        // The host clears the flag, not the engine (R254).
        #expect(scrollView.isDecelerating)
        scrollView.isDecelerating = false
        #expect(!pan.delaysTouchesBegan)
        // delaysTouchesBegan follows isDecelerating && cancelsTouchesInView.
        pan.cancelsTouchesInView = false
        scrollView.isDecelerating = true
        #expect(!pan.delaysTouchesBegan)
    }

    @Test("R245: the offset is the offset at the began minus the translation, on the scrollable axis only; the view's own action runs first; touches hit the content now under them")
    func offsetFollowsTheDrag() throws {
        let (world, scrollView) = verticalWorld()
        world.addView("P1", Rect(x: 0, y: 0, width: 400, height: 600), to: scrollView)
        let lower = world.addView("P2", Rect(x: 0, y: 600, width: 400, height: 1800), to: scrollView)
        let watch = world.watch(scrollView)
        try world.down(1, at: 0, 200, 500)
        try world.move(1, at: 0.05, 200, 390)
        try world.up(1, at: 0.1, 200, 390)
        // Set through the API: the delegate hears of it; setting the same value again says nothing.
        scrollView.contentOffset = Point(x: 30, y: 100)
        scrollView.contentOffset = Point(x: 30, y: 100)
        #expect(world.window.hitTest(Point(x: 200, y: 550), with: nil) === lower)
        try world.down(2, at: 0.5, 200, 550)
        try world.move(2, at: 0.55, 205, 600)
        try world.move(2, at: 0.6, 209, 700)
        try world.up(2, at: 0.65, 209, 700)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P1", "0.050 gesture SV.delay failed",
            "0.050 scroll SV willBeginDragging", "0.050 scroll SV offset 0,100", "0.050 gesture SV.pan began",
            "0.100 scroll SV didEndDragging false", "0.100 gesture SV.pan ended",
            "0.100 scroll SV offset 30,100",
            "0.500 touch 2 hit P2", "0.550 gesture SV.delay failed",
            "0.550 scroll SV willBeginDragging", "0.550 scroll SV offset 30,60", "0.550 gesture SV.pan began",
            "0.600 scroll SV offset 30,-40", "0.600 gesture SV.pan changed",
            "0.650 scroll SV didEndDragging false", "0.650 gesture SV.pan ended",
        ])
        #expect(watch.offsets == ["0,100", "0,100", "30,60", "30,-40", "30,-40"])
        let scrolled = world.records.compactMap { record -> String? in
            guard case let .scrolled(view, offset) = record, view === scrollView else { return nil }
            return text(offset)
        }
        #expect(scrolled == ["0,100", "30,100", "30,60", "30,-40"])
    }

    @Test("R254: with bounces off a drag clamps the offset to the content's range, insets included; with bounces on it follows past the edges", arguments: [false, true])
    func bouncesOffClamps(bounces: Bool) throws {
        let world = TestWorld()
        let scrollView = world.addScrollView("SV", Rect(x: 0, y: 0, width: 400, height: 800), content: Size(width: 400, height: 1200))
        scrollView.contentInset = EdgeInsets(top: 50, left: 0, bottom: 20, right: 0)  // range -50 ... 420
        scrollView.bounces = bounces
        world.addView("P", Rect(x: 0, y: 0, width: 400, height: 1200), to: scrollView)
        try world.down(1, at: 0, 200, 300)
        try world.move(1, at: 0.05, 200, 400)
        try world.move(1, at: 0.1, 200, 450)
        try world.up(1, at: 0.12, 200, 450)
        try world.down(2, at: 1, 200, 700)
        try world.move(2, at: 1.05, 200, 100)
        try world.up(2, at: 1.1, 200, 100)
        let expected = bounces
            ? ["0.050 scroll SV offset 0,-90", "0.100 scroll SV offset 0,-140", "1.050 scroll SV offset 0,450"]
            : ["0.050 scroll SV offset 0,-50", "1.050 scroll SV offset 0,420"]
        #expect(world.lines(with: " offset ") == expected)
        #expect(!scrollView.isDecelerating)
    }

    /// A vertical scroll view whose content is plain view `P` on the left half; the right half
    /// has no content, so a touch there hits the scroll view itself. Touch 7 lands on `P`, then
    /// touch 3 on the scroll view; both are let go at 0.16 and dragged 30 pt up at 0.2.
    fileprivate static func twoTouchesInContent(cancelAnswers: [String: Bool]) throws -> (world: TestWorld, scrollView: LoggingScrollView) {
        let (world, scrollView) = verticalWorld()
        scrollView.cancelAnswers = cancelAnswers
        world.addView("P", Rect(x: 0, y: 0, width: 200, height: 2400), to: scrollView)
        try world.down(7, at: 0, 100, 300)
        try world.down(3, at: 0.01, 300, 300)
        try world.advance(to: 0.16)
        try world.send(0.2, TouchInput(id: 3, phase: .moved, x: 300, y: 270), TouchInput(id: 7, phase: .moved, x: 100, y: 270))
        try world.send(0.3, TouchInput(id: 3, phase: .ended, x: 300, y: 270), TouchInput(id: 7, phase: .ended, x: 100, y: 270))
        return (world, scrollView)
    }

    @Test("R256, R236: touchesShouldCancel is asked once per touch that reached content, in id order; a touch on the scroll view itself asks with the scroll view")
    func askedInIDOrder() throws {
        let (world, scrollView) = try Self.twoTouchesInContent(cancelAnswers: [:])
        #expect(scrollView.questions == ["begin 3 in SV", "begin 7 in P", "cancel SV true", "cancel P true"])
        #expect(world.lines(with: " view SV ") == ["0.160 view SV began 3", "0.200 view SV cancelled 3"])
        #expect(world.lines(with: " view P ") == ["0.160 view P began 7", "0.200 view P cancelled 7"])
        #expect(world.lines(with: " offset ") == ["0.200 scroll SV offset 0,20"])
        let answers = world.records.compactMap { record -> String? in
            guard case let .delegateAnswered(recognizer, .touchesShouldCancel(view), answer) = record else { return nil }
            return "\(recognizer.name ?? "?") \(view.name ?? "?") \(answer)"
        }
        #expect(answers == ["SV.pan SV true", "SV.pan P true"])
    }

    @Test("R256, R241: the first no fails the pan; the touches after it are not asked, and the content keeps its touches")
    func firstNoFails() throws {
        let (world, scrollView) = try Self.twoTouchesInContent(cancelAnswers: ["SV": false])
        #expect(scrollView.questions == ["begin 3 in SV", "begin 7 in P", "cancel SV false"])
        #expect(world.lines(with: " view SV ") == ["0.160 view SV began 3", "0.200 view SV moved 3", "0.300 view SV ended 3"])
        #expect(world.lines(with: " view P ") == ["0.160 view P began 7", "0.200 view P moved 7", "0.300 view P ended 7"])
        #expect(world.lines(with: " gesture ") == ["0.160 gesture SV.delay failed", "0.200 gesture SV.pan failed"])
        #expect(scrollView.contentOffset == .zero)
    }
}

// MARK: - Nested scroll views (R247, R248)

@Suite struct NestedScrollViewTests {
    /// Outer scroll view `O` filling the window (content `outerContent`, offset `outerOffset`),
    /// inner scroll view `H` at `innerFrame` in O's content (content `innerContent`, offset
    /// `innerOffset`), and plain content `P` filling H's content.
    fileprivate static func world(outerContent: Size, outerOffset: Point = .zero, innerFrame: Rect, innerContent: Size, innerOffset: Point = .zero)
        -> (world: TestWorld, outer: LoggingScrollView, inner: LoggingScrollView)
    {
        let world = TestWorld()
        let outer = world.addScrollView("O", Rect(x: 0, y: 0, width: 400, height: 800), content: outerContent, offset: outerOffset)
        let inner = world.addScrollView("H", innerFrame, content: innerContent, offset: innerOffset, to: outer)
        world.addView("P", Rect(x: 0, y: 0, width: innerContent.width, height: innerContent.height), to: inner)
        return (world, outer, inner)
    }

    /// A horizontal carousel `H` (content 1600 x 200) in a vertical list `O` (content 400 x 3000);
    /// a touch at (200, 200) hits `P`.
    fileprivate static func carousel() -> (world: TestWorld, outer: LoggingScrollView, inner: LoggingScrollView) {
        world(outerContent: Size(width: 400, height: 3000), innerFrame: Rect(x: 0, y: 100, width: 400, height: 200), innerContent: Size(width: 1600, height: 200))
    }

    @Test("R247, R28: every scroll view on the chain binds the touch; a still touch reaches the content once, when both delays have let go at 0.15 s")
    func bothDelaysWithhold() throws {
        let (world, outer, inner) = Self.carousel()
        try world.down(1, at: 0, 200, 200)
        #expect(outer.panGestureRecognizer.numberOfTouches == 1 && inner.panGestureRecognizer.numberOfTouches == 1)
        try world.advance(to: 0.2)
        try world.up(1, at: 0.3, 200, 200)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P", "0.150 gesture H.delay failed", "0.150 gesture O.delay failed", "0.150 view P began 1",
            "0.300 gesture H.pan failed", "0.300 gesture O.pan failed", "0.300 view P ended 1",
        ])
    }

    @Test("R247, R44, R48: a horizontal drag begins the inner pan, which excludes the outer pan and both delays; the carousel scrolls")
    func horizontalDragScrollsTheCarousel() throws {
        let (world, outer, inner) = Self.carousel()
        try world.down(1, at: 0, 200, 200)
        try world.move(1, at: 0.05, 190, 200)
        try world.move(1, at: 0.1, 150, 200)
        try world.up(1, at: 0.12, 150, 200)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P",
            "0.050 gesture H.delay failed", "0.050 gesture O.delay failed", "0.050 gesture O.pan failed",
            "0.050 scroll H willBeginDragging", "0.050 gesture H.pan began",
            "0.100 scroll H offset 40,0", "0.100 gesture H.pan changed",
            "0.120 scroll H didEndDragging false", "0.120 gesture H.pan ended",
        ])
        #expect(outer.contentOffset == .zero && inner.contentOffset == Point(x: 40, y: 0))
    }

    @Test("R247: a vertical drag leaves the inner pan possible; the outer pan begins and excludes it; the list scrolls")
    func verticalDragScrollsTheList() throws {
        let (world, outer, inner) = Self.carousel()
        try world.down(1, at: 0, 200, 200)
        try world.move(1, at: 0.05, 200, 190)
        try world.move(1, at: 0.1, 200, 160)
        try world.up(1, at: 0.12, 200, 160)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P",
            "0.050 gesture H.delay failed", "0.050 gesture H.pan failed", "0.050 gesture O.delay failed",
            "0.050 scroll O willBeginDragging", "0.050 gesture O.pan began",
            "0.100 scroll O offset 0,30", "0.100 gesture O.pan changed",
            "0.120 scroll O didEndDragging false", "0.120 gesture O.pan ended",
        ])
        #expect(outer.contentOffset == Point(x: 0, y: 30) && inner.contentOffset == .zero)
    }

    /// A case of R248: which view a horizontal drag along `dx` (10 pt, then 30 pt in all) scrolls.
    struct HandOverCase: Sendable, CustomTestStringConvertible {
        var outerScrollsHorizontally: Bool
        var innerOffsetX: Double
        var transfers: Bool
        var dx: Double
        /// The view that scrolls and its offset.x afterwards.
        var scrolled: String
        var offsetX: Double
        var testDescription: String {
            "outer scrolls across \(outerScrollsHorizontally), inner at x \(innerOffsetX), transfers \(transfers), drag \(dx): \(scrolled) to \(offsetX)"
        }
    }

    static let handOverCases: [HandOverCase] = [
        // At the left edge, a drag to the right goes to the outer view: 100 - 20 (the 10 pt of
        // hysteresis come off, R95).
        HandOverCase(outerScrollsHorizontally: true, innerOffsetX: 0, transfers: true, dx: 1, scrolled: "O", offsetX: 80),
        // ... unless the inner view keeps it: it scrolls past its edge.
        HandOverCase(outerScrollsHorizontally: true, innerOffsetX: 0, transfers: false, dx: 1, scrolled: "H", offsetX: -20),
        // At the left edge, a drag to the left is the inner view's.
        HandOverCase(outerScrollsHorizontally: true, innerOffsetX: 0, transfers: true, dx: -1, scrolled: "H", offsetX: 20),
        // At the right edge (1600 - 400), a drag to the left goes to the outer view (100 + 20).
        HandOverCase(outerScrollsHorizontally: true, innerOffsetX: 1200, transfers: true, dx: -1, scrolled: "O", offsetX: 120),
        // Away from the edges the inner view scrolls.
        HandOverCase(outerScrollsHorizontally: true, innerOffsetX: 600, transfers: true, dx: 1, scrolled: "H", offsetX: 580),
        // An outer view that cannot scroll across takes nothing: the inner one scrolls past its edge.
        HandOverCase(outerScrollsHorizontally: false, innerOffsetX: 0, transfers: true, dx: 1, scrolled: "H", offsetX: -20),
    ]

    @Test("R248: at its horizontal edge the inner view leaves the drag to an enclosing view that scrolls horizontally", arguments: handOverCases)
    func horizontalHandOver(_ handOver: HandOverCase) throws {
        // O starts at x 100 and holds H at x 100 of its content, so H shows at window x 0...400.
        let (world, outer, inner) = Self.world(
            outerContent: Size(width: handOver.outerScrollsHorizontally ? 1200 : 400, height: 3000), outerOffset: Point(x: 100, y: 0),
            innerFrame: Rect(x: 100, y: 100, width: 400, height: 200), innerContent: Size(width: 1600, height: 200),
            innerOffset: Point(x: handOver.innerOffsetX, y: 0))
        inner.transfersHorizontalScrollingToParent = handOver.transfers
        try world.down(1, at: 0, 200, 200)
        try world.move(1, at: 0.05, 200 + 10 * handOver.dx, 200)
        try world.move(1, at: 0.1, 200 + 30 * handOver.dx, 200)
        try world.up(1, at: 0.12, 200 + 30 * handOver.dx, 200)
        let other = handOver.scrolled == "O" ? "H" : "O"
        let scrolled = handOver.scrolled == "O" ? outer : inner
        let failures = handOver.scrolled == "O"
            ? ["0.050 gesture H.delay failed", "0.050 gesture H.pan failed", "0.050 gesture O.delay failed"]
            : ["0.050 gesture H.delay failed", "0.050 gesture O.delay failed", "0.050 gesture O.pan failed"]
        let s = handOver.scrolled
        #expect(world.log.lines == ["0.000 touch 1 hit P"] + failures + [
            "0.050 scroll \(s) willBeginDragging", "0.050 gesture \(s).pan began",
            "0.100 scroll \(s) offset \(text(Point(x: handOver.offsetX, y: 0)))", "0.100 gesture \(s).pan changed",
            "0.120 scroll \(s) didEndDragging false", "0.120 gesture \(s).pan ended",
        ])
        #expect(scrolled.contentOffset.x == handOver.offsetX)
        #expect(world.lines(with: " scroll \(other) ").isEmpty)
    }

    @Test("R248: vertically the same: at its top edge the inner list leaves a downward drag to the enclosing list, unless it keeps it", arguments: [true, false])
    func verticalHandOver(transfers: Bool) throws {
        // O starts at y 500 and holds V at y 600 of its content, so V shows at window y 100...400.
        let (world, outer, inner) = Self.world(
            outerContent: Size(width: 400, height: 3000), outerOffset: Point(x: 0, y: 500),
            innerFrame: Rect(x: 0, y: 600, width: 400, height: 300), innerContent: Size(width: 400, height: 1200))
        inner.transfersVerticalScrollingToParent = transfers
        try world.down(1, at: 0, 200, 200)
        try world.move(1, at: 0.05, 200, 210)
        try world.move(1, at: 0.1, 200, 240)
        try world.up(1, at: 0.12, 200, 240)
        if transfers {
            #expect(world.lines(with: " offset ") == ["0.100 scroll O offset 0,470"])
            #expect(inner.contentOffset == .zero)
        } else {
            #expect(world.lines(with: " offset ") == ["0.100 scroll H offset 0,-30"])
            #expect(outer.contentOffset == Point(x: 0, y: 500))
        }
    }
}

extension NestedScrollViewTests {
    @Test("R248: an inner view that scrolls both ways and begins along both axes at once keeps the drag, even at its left edge")
    func beginningAlongBothAxesKeepsTheDrag() throws {
        // O scrolls across; H scrolls both ways, at its left edge and mid-way down.
        let (world, outer, inner) = Self.world(
            outerContent: Size(width: 1200, height: 3000), outerOffset: Point(x: 100, y: 0),
            innerFrame: Rect(x: 100, y: 100, width: 400, height: 200), innerContent: Size(width: 1600, height: 800),
            innerOffset: Point(x: 0, y: 300))
        try world.down(1, at: 0, 200, 200)
        try world.move(1, at: 0.05, 212, 212)  // (12, 12): both axes reach 10 pt in one move
        try world.up(1, at: 0.1, 212, 212)
        #expect(world.lines(with: " began") == ["0.050 gesture H.pan began"])
        #expect(inner.contentOffset == Point(x: -2, y: 298) && outer.contentOffset == Point(x: 100, y: 0))
    }

    @Test("R248, R233: the hand-over goes to the nearest enclosing view whose pan tracks the touch, not past it", arguments: [true, false])
    func nearestTrackingEnclosingView(middleEnabled: Bool) throws {
        // O scrolls across (content 1200 wide, at x 100); M, a vertical list filling O's view,
        // holds carousel H at its left edge. A drag to the right at H's left edge:
        let world = TestWorld()
        let outer = world.addScrollView(
            "O", Rect(x: 0, y: 0, width: 400, height: 800), content: Size(width: 1200, height: 3000), offset: Point(x: 100, y: 0))
        let middle = world.addScrollView("M", Rect(x: 100, y: 0, width: 400, height: 800), content: Size(width: 400, height: 3000), to: outer)
        let inner = world.addScrollView(
            "H", Rect(x: 0, y: 100, width: 400, height: 200), content: Size(width: 1600, height: 200), to: middle)
        world.addView("P", Rect(x: 0, y: 0, width: 1600, height: 200), to: inner)
        middle.isScrollEnabled = middleEnabled
        try world.down(1, at: 0, 200, 200)
        try world.move(1, at: 0.05, 210, 200)
        try world.move(1, at: 0.1, 230, 200)
        try world.up(1, at: 0.12, 230, 200)
        if middleEnabled {
            // M tracks the touch but cannot scroll across: H keeps the drag and passes its edge.
            #expect(world.lines(with: " began") == ["0.050 gesture H.pan began"])
            #expect(inner.contentOffset == Point(x: -20, y: 0) && outer.contentOffset == Point(x: 100, y: 0))
        } else {
            // M's pan is disabled and tracks nothing: the nearest one that does is O's.
            #expect(world.lines(with: " began") == ["0.050 gesture O.pan began"])
            #expect(inner.contentOffset == .zero && outer.contentOffset == Point(x: 80, y: 0))
        }
        #expect(middle.contentOffset == .zero)
    }
}

// MARK: - Transformed scroll views (R290)

/// A scroll view's axes are its own (R290): its drag is read in its own space, through the
/// transforms of R285 and R288. Each expected value is worked out in the comments.
@Suite struct TransformedScrollViewTests {
    /// Turned 90° clockwise: `[0, 1, -1, 0, 0, 0]` draws the view's vector (x, y) as (-y, x), so a
    /// window vector (X, Y) is (Y, -X) in the view (R285, R288).
    private static let quarterTurn = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)

    /// `SV`, a 400 x 400 square at (0, 200) (centre (200, 400)) turned 90° clockwise, scrolling
    /// only vertically in its own space (content 400 x 2400), at offset (0, 1000), with plain
    /// content `P` filling the content. The touch point (200, 400) is the view's centre: its own
    /// (200, 1200), on `P`. With `inContainer`, SV is untransformed and fills a plain view `C` of
    /// that frame, which is turned instead: SV's space is turned the same (R287, R288).
    private static func turnedVerticalWorld(inContainer: Bool = false) -> (world: TestWorld, scrollView: LoggingScrollView) {
        let world = TestWorld()
        let frame = Rect(x: 0, y: 200, width: 400, height: 400)
        let container = inContainer ? world.addView("C", frame) : nil
        let scrollView = world.addScrollView(
            "SV", inContainer ? Rect(x: 0, y: 0, width: 400, height: 400) : frame, content: Size(width: 400, height: 2400),
            offset: Point(x: 0, y: 1000), to: container)
        world.addView("P", Rect(x: 0, y: 0, width: 400, height: 2400), to: scrollView)
        (container ?? scrollView).transform = quarterTurn
        return (world, scrollView)
    }

    @Test("R290, R240, R245, R288: a scroll view turned 90° (itself, or its superview) that scrolls vertically scrolls under a horizontal drag on screen", arguments: [false, true])
    func turnedViewScrollsUnderAHorizontalDrag(inContainer: Bool) throws {
        let (world, scrollView) = Self.turnedVerticalWorld(inContainer: inContainer)
        #expect(world.window.hitTest(Point(x: 200, y: 400), with: nil)?.name == "P")
        try world.down(1, at: 0, 200, 400)
        // 12 pt left on screen, (-12, 0), is (0, 12) in SV: vertical travel of 12 pt >= 10 begins
        // the pan (R240); along a scrollable axis the delay does not let go (R238), the pan
        // excludes it and drops the began (R67). The hysteresis comes off: (0, 2), so the offset
        // is 1000 - 2 = 998 (R95, R245).
        try world.move(1, at: 0.02, 188, 400)
        // 32 pt left in all: (0, 32) in SV, less the 10: offset 1000 - 22 = 978.
        try world.move(1, at: 0.04, 168, 400)
        try world.up(1, at: 0.06, 168, 400)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P", "0.020 gesture SV.delay failed",
            "0.020 scroll SV willBeginDragging", "0.020 scroll SV offset 0,998", "0.020 gesture SV.pan began",
            "0.040 scroll SV offset 0,978", "0.040 gesture SV.pan changed",
            "0.060 scroll SV didEndDragging false", "0.060 gesture SV.pan ended",
        ])
        #expect(scrollView.contentOffset == Point(x: 0, y: 978))
    }

    @Test("R290, R240, R238: the same view does not begin on a vertical drag on screen (horizontal in its space, where it cannot scroll); the delay lets go at once")
    func turnedViewIgnoresAVerticalDrag() throws {
        let (world, scrollView) = Self.turnedVerticalWorld()
        try world.down(1, at: 0, 200, 400)
        // 50 pt up on screen, (0, -50), is (-50, 0) in SV: across, where SV cannot scroll. The
        // delay lets go (50 > 10 along that axis, R238); the pan stays possible (R240).
        try world.move(1, at: 0.05, 200, 350)
        try world.move(1, at: 0.1, 200, 300)
        #expect(scrollView.panGestureRecognizer.state == .possible)
        try world.up(1, at: 0.2, 200, 300)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P", "0.050 gesture SV.delay failed", "0.050 view P began 1", "0.050 view P moved 1",
            "0.100 view P moved 1", "0.200 gesture SV.pan failed", "0.200 view P ended 1",
        ])
        #expect(scrollView.contentOffset == Point(x: 0, y: 1000))
    }

    @Test("R290, R274, R275: a trackpad scroll across the screen scrolls the turned view along its own vertical axis")
    func turnedViewTakesATrackpadScroll() throws {
        let (world, scrollView) = Self.turnedVerticalWorld()
        func scroll(_ phase: ScrollInput.Phase, at seconds: Double, dx: Double = 0) throws {
            try world.environment.dispatch(ScrollInput(
                timestamp: Timestamp(seconds: seconds), phase: phase, type: .continuous, location: Point(x: 200, y: 400),
                delta: Point(x: dx, y: 0)))
        }
        try scroll(.began, at: 0)
        // The virtual finger moves (-30, 0) on screen: (0, 30) in SV, less the 10 pt of a trackpad
        // (R274): offset 1000 - 20 = 980.
        try scroll(.changed, at: 0.02, dx: -30)
        try scroll(.ended, at: 0.04)
        #expect(world.lines(with: "SV.pan") == ["0.020 gesture SV.pan began", "0.040 gesture SV.pan ended"])
        #expect(scrollView.contentOffset == Point(x: 0, y: 980))
    }

    /// `SV`, 200 x 200 at (100, 200) (centre (200, 300)) scaled by 2, so drawn over x 0...400,
    /// y 100...500; it scrolls only vertically (content 200 x 1000), at offset (0, 400), with `P`
    /// filling the content. A window vector (X, Y) is (X / 2, Y / 2) in SV (R288); the touch point
    /// (200, 300) is SV's own (100, 500), on `P`.
    private static func doubledWorld() -> (world: TestWorld, scrollView: LoggingScrollView) {
        let world = TestWorld()
        let scrollView = world.addScrollView(
            "SV", Rect(x: 100, y: 200, width: 200, height: 200), content: Size(width: 200, height: 1000), offset: Point(x: 0, y: 400))
        world.addView("P", Rect(x: 0, y: 0, width: 200, height: 1000), to: scrollView)
        scrollView.transform = AffineTransform(scaleX: 2, y: 2)
        return (world, scrollView)
    }

    @Test("R290, R240, R245, R288: a scroll view scaled by 2 begins after 10 of its own points (20 on screen) and moves its content by half the screen distance")
    func doubledViewMovesByHalf() throws {
        let (world, scrollView) = Self.doubledWorld()
        let watch = world.watch(scrollView)
        try world.down(1, at: 0, 200, 300)
        // 16 pt up on screen: 8 in SV, under the 10 pt hysteresis: nothing yet.
        try world.move(1, at: 0.02, 200, 284)
        // 30 pt up: 15 in SV, begins; less the 10: (0, -5) in SV, offset 400 + 5 = 405. In the
        // window the translation is (0, -10).
        try world.move(1, at: 0.04, 200, 270)
        // 20 pt more on screen: 10 more in SV, so (0, -15) and offset 415; (0, -30) in the window.
        try world.move(1, at: 0.06, 200, 250)
        try world.up(1, at: 0.08, 200, 250)
        #expect(world.log.lines == [
            "0.000 touch 1 hit P", "0.040 gesture SV.delay failed",
            "0.040 scroll SV willBeginDragging", "0.040 scroll SV offset 0,405", "0.040 gesture SV.pan began",
            "0.060 scroll SV offset 0,415", "0.060 gesture SV.pan changed",
            "0.080 scroll SV didEndDragging false", "0.080 gesture SV.pan ended",
        ])
        #expect(watch.seen == ["began t 0,-10 offset 0,405", "changed t 0,-30 offset 0,415", "ended t 0,-30 offset 0,415"])
    }

    @Test(
        "R290, R238: the doubled view's delay lets go after more than 10 of its own points across (more than 20 on screen)",
        arguments: [
            // 16 pt right on screen is 8 in SV: held until the timer at 0.15 s.
            (16.0, [
                "0.000 touch 1 hit P", "0.150 gesture SV.delay failed", "0.150 view P began 1", "0.150 view P moved 1",
                "0.300 gesture SV.pan failed", "0.300 view P ended 1",
            ]),
            // 22 pt right is 11 in SV: let go at the move.
            (22.0, [
                "0.000 touch 1 hit P", "0.050 gesture SV.delay failed", "0.050 view P began 1", "0.050 view P moved 1",
                "0.300 gesture SV.pan failed", "0.300 view P ended 1",
            ]),
        ])
    func doubledViewEarlyRelease(dx: Double, expected: [String]) throws {
        let (world, _) = Self.doubledWorld()
        try world.down(1, at: 0, 200, 300)
        try world.move(1, at: 0.05, 200 + dx, 300)
        try world.advance(to: 0.2)
        try world.up(1, at: 0.3, 200 + dx, 300)
        #expect(world.log.lines == expected)
    }

    @Test("R290, R243, R245: the directional lock of a turned view locks on the view's own axis")
    func lockOnATurnedViewsAxis() throws {
        let world = TestWorld()
        // SV scrolls both ways (content 2000 x 3000), from offset (100, 200), locked, turned by
        // the 3-4-5 rotation [0.6, 0.8, -0.8, 0.6, 0, 0] (about 53.13° clockwise): its vector
        // (x, y) is drawn as (0.6x - 0.8y, 0.8x + 0.6y), and a window vector (X, Y) is
        // (0.6X + 0.8Y, -0.8X + 0.6Y) in SV. The square at (0, 200) turns about its centre
        // (200, 400), which is its own (300, 400), on P.
        let scrollView = world.addScrollView(
            "SV", Rect(x: 0, y: 200, width: 400, height: 400), content: Size(width: 2000, height: 3000), offset: Point(x: 100, y: 200))
        world.addView("P", Rect(x: 0, y: 0, width: 2000, height: 3000), to: scrollView)
        scrollView.isDirectionalLockEnabled = true
        scrollView.transform = AffineTransform(a: 0.6, b: 0.8, c: -0.8, d: 0.6, tx: 0, ty: 0)
        var offsets: [Point] = []
        var translations: [Point] = []
        scrollView.panGestureRecognizer.addAction { [unowned scrollView] pan in
            offsets.append(scrollView.contentOffset)
            translations.append(pan.translation(in: scrollView))
        }
        try world.down(1, at: 0, 200, 400)
        // (-12, -16) on screen, 53° from the screen's x axis (no lock in screen axes), is
        // (-20, 0) in SV: 0°, a horizontal lock in SV's axes (R243). 20 pt across begins; less
        // the 10: (-10, 0), offset (110, 200).
        try world.move(1, at: 0.02, 188, 384)
        // (2, -14) on screen is (-10, -10) in SV, a 45° diagonal: locked across, only x counts:
        // (-20, 0), offset (120, 200). Locked in screen axes instead, some of it would move y.
        try world.move(1, at: 0.04, 190, 370)
        try world.up(1, at: 0.06, 190, 370)
        func near(_ p: Point, _ x: Double, _ y: Double) -> Bool { abs(p.x - x) <= 1e-9 && abs(p.y - y) <= 1e-9 }
        try #require(offsets.count == 3 && translations.count == 3)
        #expect(near(offsets[0], 110, 200) && near(translations[0], -10, 0))
        #expect(near(offsets[1], 120, 200) && near(translations[1], -20, 0))
        #expect(near(offsets[2], 120, 200))
        #expect(world.lines(with: " gesture ") == [
            "0.020 gesture SV.delay failed", "0.020 gesture SV.pan began", "0.040 gesture SV.pan changed", "0.060 gesture SV.pan ended",
        ])
    }

    @Test("R290, R243: turned 90°, a view that scrolls only vertically in its own space locks vertically under a horizontal drag on screen")
    func lockOnAQuarterTurn() throws {
        let (world, scrollView) = Self.turnedVerticalWorld()
        scrollView.isDirectionalLockEnabled = true
        var translations: [Point] = []
        scrollView.panGestureRecognizer.addAction { [unowned scrollView] pan in translations.append(pan.translation(in: scrollView)) }
        try world.down(1, at: 0, 200, 400)
        // (-20, 2) on screen is (2, 20) in SV: about 84°, which locks vertically in SV, an axis it
        // scrolls (R243); the 2 across is dropped. Begins: (0, 20) less 10 is (0, 10), offset 990.
        try world.move(1, at: 0.02, 180, 402)
        // (-10, 10) on screen is (10, 10) in SV: locked, only y counts: (0, 20), offset 980. In
        // screen axes the first move would have locked horizontally, which the view cannot
        // scroll, so no lock, and this move's 10 across would show in the translation.
        try world.move(1, at: 0.04, 170, 412)
        try world.up(1, at: 0.06, 170, 412)
        #expect(translations == [Point(x: 0, y: 10), Point(x: 0, y: 20), Point(x: 0, y: 20)])
        #expect(world.lines(with: " offset ") == ["0.020 scroll SV offset 0,990", "0.040 scroll SV offset 0,980"])
    }
}

// MARK: - Lifetime and the view's side of every touch

@Suite struct ScrollViewLifetimeTests {
    @Test("R230: a scroll view and its recognizers are freed when dropped: the built-ins and the scroll view's own action hold it weakly")
    func freedAlone() {
        weak var weakScrollView: ScrollView?
        weak var weakPan: GestureRecognizer?
        weak var weakDelay: GestureRecognizer?
        do {
            let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            weakScrollView = scrollView
            weakPan = scrollView.panGestureRecognizer
            weakDelay = scrollView.delayGestureRecognizer
            #expect(weakPan != nil && weakDelay != nil)
        }
        #expect(weakScrollView == nil && weakPan == nil && weakDelay == nil)
    }

    @Test("R230, R245: a scroll view that scrolled, its finger lifted or still down, is freed with its environment", arguments: [true, false])
    func freedWithItsEnvironment(lifted: Bool) throws {
        weak var weakScrollView: ScrollView?
        weak var weakPan: GestureRecognizer?
        weak var weakDelay: GestureRecognizer?
        weak var weakWindow: Window?
        do {
            let environment = GestureEnvironment(scheduler: VirtualClock())
            let window = Window(width: 400, height: 800)
            environment.addWindow(window)
            let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
            scrollView.contentSize = Size(width: 400, height: 2400)
            scrollView.addSubview(View(frame: Rect(x: 0, y: 0, width: 400, height: 2400)))
            window.addSubview(scrollView)
            weakScrollView = scrollView
            weakPan = scrollView.panGestureRecognizer
            weakDelay = scrollView.delayGestureRecognizer
            weakWindow = window
            try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 100, y: 300)]))
            try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.05), touches: [TouchInput(id: 1, phase: .moved, x: 100, y: 250)]))
            #expect(scrollView.contentOffset == Point(x: 0, y: 40))
            if lifted {
                try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.1), touches: [TouchInput(id: 1, phase: .ended, x: 100, y: 250)]))
            }
        }
        #expect(weakScrollView == nil && weakPan == nil && weakDelay == nil && weakWindow == nil)
    }

    @Test("R230: removed from its window after a drag, a scroll view is freed while the environment lives on")
    func freedAfterRemoval() throws {
        // No tracer: a tracer that keeps its records keeps the recognizers and views they name.
        let environment = GestureEnvironment(scheduler: VirtualClock())
        let window = Window(width: 400, height: 800)
        environment.addWindow(window)
        weak var weakScrollView: ScrollView?
        weak var weakPan: GestureRecognizer?
        weak var weakDelay: GestureRecognizer?
        do {
            let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
            scrollView.contentSize = Size(width: 400, height: 2400)
            window.addSubview(scrollView)
            weakScrollView = scrollView
            weakPan = scrollView.panGestureRecognizer
            weakDelay = scrollView.delayGestureRecognizer
            for (seconds, phase, y) in [(0.0, TouchPhase.began, 300.0), (0.05, .moved, 250), (0.1, .ended, 250)] {
                try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: seconds), touches: [TouchInput(id: 1, phase: phase, x: 100, y: y)]))
            }
            #expect(scrollView.contentOffset == Point(x: 0, y: 40))
            scrollView.removeFromSuperview()
        }
        #expect(weakScrollView == nil && weakPan == nil && weakDelay == nil)
        #expect(environment.isIdle)
    }

    /// Scripts run on a scroll view with content, each ending with every finger lifted.
    enum Script: String, CaseIterable, Sendable {
        case quickTap, heldPress, quickDrag, heldThenDragged, heldThenDraggedOnAButton, noDelayDrag, cannotCancel, refusedTouch,
            cancelledTouch, twoFingers, decelerating, nestedHorizontal, nestedVertical
    }

    /// Runs `script` and returns the log.
    static func run(_ script: Script) throws -> [String] {
        if script == .nestedHorizontal || script == .nestedVertical {
            let (world, _, _) = NestedScrollViewTests.carousel()
            let (dx, dy) = script == .nestedHorizontal ? (-1.0, 0.0) : (0.0, -1.0)
            try world.down(1, at: 0, 200, 200)
            try world.move(1, at: 0.05, 200 + 30 * dx, 200 + 30 * dy)
            try world.advance(to: 0.2)
            try world.up(1, at: 0.3, 200 + 30 * dx, 200 + 30 * dy)
            return world.log.lines
        }
        let (world, scrollView) = verticalWorldWithTwoViews()
        world.addButton("B", Rect(x: 40, y: 1000, width: 200, height: 100), to: scrollView)
        switch script {
        case .quickTap: try world.tap(1, at: 0, 100, 300, duration: 0.06)
        case .heldPress: try world.tap(1, at: 0, 100, 300, duration: 0.3)
        case .quickDrag, .heldThenDragged, .heldThenDraggedOnAButton, .noDelayDrag, .cannotCancel, .decelerating:
            scrollView.delaysContentTouches = script != .noDelayDrag
            scrollView.canCancelContentTouches = script != .cannotCancel
            scrollView.isDecelerating = script == .decelerating
            let y = script == .heldThenDraggedOnAButton ? 1050.0 : 300
            try world.down(1, at: 0, 100, y)
            try world.move(1, at: script == .quickDrag ? 0.05 : 0.25, 100, y - 40)
            try world.up(1, at: 0.3, 100, y - 40)
        case .refusedTouch:
            scrollView.refusedTouches = [1]
            try world.send(0, TouchInput(id: 1, phase: .began, x: 100, y: 300), TouchInput(id: 2, phase: .began, x: 300, y: 300))
            try world.advance(to: 0.2)
            try world.send(0.3, TouchInput(id: 1, phase: .ended, x: 100, y: 300), TouchInput(id: 2, phase: .ended, x: 300, y: 300))
        case .cancelledTouch:
            try world.down(1, at: 0, 100, 300)
            try world.advance(to: 0.2)
            try world.send(0.25, TouchInput(id: 1, phase: .cancelled, x: 100, y: 300))
        case .twoFingers:
            try world.down(1, at: 0, 100, 300)
            try world.down(2, at: 0.1, 300, 300)
            try world.advance(to: 0.3)
            try world.up(1, at: 0.35, 100, 300)
            try world.move(2, at: 0.4, 300, 250)
            try world.up(2, at: 0.45, 300, 250)
        case .nestedHorizontal, .nestedVertical: break
        }
        #expect(world.environment.isIdle)
        return world.log.lines
    }

    @Test("R236, R237, R67, R73: every touch a view saw begin gets exactly one ended or cancelled, and nothing after it", arguments: Script.allCases)
    func everyBeganEndsOnce(_ script: Script) throws {
        // Per view and touch: the phases in the order the view got them.
        var phases: [String: [String]] = [:]
        for line in try Self.run(script) {
            let words = line.split(separator: " ").map(String.init)
            guard words.count == 5, words[1] == "view" else { continue }
            for id in words[4].split(separator: ",") { phases["\(words[2]) touch \(id)", default: []].append(words[3]) }
        }
        for (key, seen) in phases.sorted(by: { $0.key < $1.key }) {
            let ends = seen.filter { $0 == "ended" || $0 == "cancelled" }
            #expect(seen.first == "began", "\(key): \(seen)")
            #expect(seen.filter { $0 == "began" }.count == 1, "\(key): \(seen)")
            #expect(ends.count == 1 && (seen.last == "ended" || seen.last == "cancelled"), "\(key): \(seen)")
        }
    }
}
