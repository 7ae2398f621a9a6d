import Testing

@testable import GestureArbiter

/// The lint of controls in scroll views that delay no content touches (R235, R241, R242, R256):
/// `control-blocks-scroll` and `content-blocks-scroll`.
extension GestureLintControlTests {
    /// A scroll view that answers `touchesShouldCancel(in:)` as its closure says, counting the
    /// questions.
    final class AnsweringScrollView: ScrollView {
        var answer: (View) -> Bool = { !($0 is Control) }
        var asked: [String] = []
        override func touchesShouldCancel(in view: View) -> Bool {
            asked.append(view.name ?? "?")
            return answer(view)
        }
    }

    /// A window with a scroll view "SV" (400 x 800, content 400 x 2400: it scrolls vertically,
    /// R232) holding `content`, `delaysContentTouches` off unless `configure` says otherwise.
    static func scrollWorld(
        _ scrollView: ScrollView = AnsweringScrollView(), content: [View], configure: (ScrollView) -> Void = { _ in }
    ) -> Window {
        let window = GestureLintTests.makeWindow()
        scrollView.frame = Rect(x: 0, y: 0, width: 400, height: 800)
        scrollView.contentSize = Size(width: 400, height: 2400)
        scrollView.name = "SV"
        scrollView.panGestureRecognizer.name = "SV.pan"
        scrollView.delaysContentTouches = false
        window.addSubview(scrollView)
        for (index, view) in content.enumerated() {
            view.frame = Rect(x: 40, y: 100 + Double(index) * 100, width: 200, height: 60)
            scrollView.addSubview(view)
        }
        configure(scrollView)
        return window
    }

    static func named<V: View>(_ view: V, _ name: String) -> V {
        view.name = name
        return view
    }

    @Test("R241, R242: a button in a scroll view that delays no content touches never scrolls from a drag on it: control-blocks-scroll")
    func controlBlocksScroll() throws {
        let scrollView = AnsweringScrollView()
        let window = Self.scrollWorld(scrollView, content: [Self.named(Button(), "B"), Self.named(View(), "P")])
        let findings = GestureLint.findings(in: window)
        #expect(findings.map(\.kind) == [.scrollBlockedByControl])
        let finding = try #require(findings.first)
        #expect(finding.kind.rawValue == "control-blocks-scroll")
        #expect(finding.recognizers.map(\.name) == ["SV.pan"])
        #expect(finding.views.map(\.name) == ["SV", "B"])
        #expect(finding.rules == ["R241", "R242"])
        #expect(finding.message.contains("never scrolls SV"))
        #expect(finding.fix.contains("touchesShouldCancel(in:)"))
        #expect(finding.fix.contains("delaysContentTouches"))
        // The lint asks the method, for the control only (R241: a plain view is never in question).
        #expect(scrollView.asked == ["B"])
    }

    @Test("R241, R242: not flagged with delaysContentTouches on, a yes from touchesShouldCancel, a disabled control, scrolling off, or content that fits")
    func controlBlocksScrollNotFlagged() {
        func kinds(_ scrollView: AnsweringScrollView = AnsweringScrollView(), _ configure: (ScrollView) -> Void) -> [GestureLint.Finding.Kind] {
            let window = Self.scrollWorld(scrollView, content: [Self.named(Button(), "B")], configure: configure)
            return GestureLint.findings(in: window).map(\.kind).filter { [.scrollBlockedByControl, .scrollBlockedByContent].contains($0) }
        }
        // R242: with the delay a quick drag scrolls before the button gets the touch.
        #expect(kinds { $0.delaysContentTouches = true }.isEmpty)
        let yes = AnsweringScrollView()
        yes.answer = { _ in true }
        #expect(kinds(yes) { _ in }.isEmpty)
        #expect(kinds { scrollView in if let control = scrollView.subviews.first as? Control { control.isEnabled = false } }.isEmpty)
        #expect(kinds { $0.isScrollEnabled = false }.isEmpty)
        #expect(kinds { $0.contentSize = Size(width: 400, height: 800) }.isEmpty)
    }

    @Test("R235, R241: a control under a nested scroll view that withholds its touches does not block the outer scroll")
    func nestedDelayingScrollView() {
        let inner = ScrollView()
        inner.name = "inner"
        inner.contentSize = Size(width: 800, height: 60)
        let window = Self.scrollWorld(content: [inner])
        inner.frame = Rect(x: 0, y: 100, width: 400, height: 60)
        inner.addSubview(Self.named(Button(frame: Rect(x: 10, y: 0, width: 100, height: 60)), "B"))
        #expect(GestureLint.findings(in: window).isEmpty)
        // Without its delay, B gets its touches at once: both scroll views are blocked from B.
        inner.delaysContentTouches = false
        let blocked = GestureLint.findings(in: window).filter { $0.kind == .scrollBlockedByControl }
        #expect(blocked.map { $0.views.map(\.name) } == [["SV", "B"], ["inner", "B"]])
    }

    @Test("R241, R242, R256: canCancelContentTouches off with delaysContentTouches off: no drag scrolls, one content-blocks-scroll finding")
    func contentBlocksScroll() throws {
        let scrollView = AnsweringScrollView()
        let window = Self.scrollWorld(scrollView, content: [Self.named(Button(), "B"), Self.named(View(), "P")]) {
            $0.canCancelContentTouches = false
        }
        let findings = GestureLint.findings(in: window)
        #expect(findings.map(\.kind) == [.scrollBlockedByContent])
        let finding = try #require(findings.first)
        #expect(finding.kind.rawValue == "content-blocks-scroll")
        #expect(finding.recognizers.map(\.name) == ["SV.pan"])
        #expect(finding.views.map(\.name) == ["SV"])
        #expect(finding.rules == ["R241", "R242", "R256"])
        #expect(finding.fix.contains("canCancelContentTouches = true"))
        // R241: with canCancelContentTouches off the pan never asks.
        #expect(scrollView.asked.isEmpty)
    }

    @Test("R241, R242: canCancelContentTouches off with the delay on is not flagged: a quick drag still scrolls")
    func contentBlocksScrollNotFlagged() {
        let window = Self.scrollWorld(content: [Self.named(Button(), "B")]) {
            $0.canCancelContentTouches = false
            $0.delaysContentTouches = true
        }
        #expect(GestureLint.findings(in: window).isEmpty)
    }

    @Test("R233, R24: scrolling switched off is not reported as two disabled recognizers; a scroll pan disabled by hand is")
    func scrollingOff() {
        let off = Self.scrollWorld(content: [Self.named(View(), "P")]) {
            $0.delaysContentTouches = true
            $0.isScrollEnabled = false
        }
        #expect(GestureLint.findings(in: off).isEmpty)
        let byHand = Self.scrollWorld(content: [Self.named(View(), "P")]) {
            $0.delaysContentTouches = true
            $0.panGestureRecognizer.isEnabled = false
        }
        let findings = GestureLint.findings(in: byHand)
        #expect(findings.map(\.kind) == [.disabled])
        #expect(findings.first?.recognizers.map(\.name) == ["SV.pan"])
    }
}
