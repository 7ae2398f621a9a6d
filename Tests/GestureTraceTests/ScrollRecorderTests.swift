import GestureArbiter
import GestureArbiterTesting
import Testing

/// Scroll views recorded by ``ScenarioRecorder``: written as `scrollView` entries whose built-in
/// recognizers are `ID.delay` and `ID.pan`, the offset they started with, the content-touch
/// answers observed; what the format cannot hold is refused.
@Suite struct ScrollRecorderTests {
    typealias Host = ScenarioRecorderTests.Host

    /// A scroll view whose content-touch answers a test sets (nil: UIKit's). It hit-tests as a
    /// plain view, and says so.
    final class AnsweringScrollView: ScrollView {
        override class var usesDefaultHitTesting: Bool { true }
        var shouldBegin: Bool?
        var shouldCancel: ((View) -> Bool)?

        override func touchesShouldBegin(_ touches: TouchSet, with event: Event?, in view: View) -> Bool {
            shouldBegin ?? super.touchesShouldBegin(touches, with: event, in: view)
        }

        override func touchesShouldCancel(in view: View) -> Bool { shouldCancel?(view) ?? super.touchesShouldCancel(in: view) }
    }

    /// A window filled by scroll view `SV` (content 400 x 2400: it scrolls vertically, R232)
    /// holding buttons `b0` at (40, 200, 200, 60) and `b1` at (40, 300, 200, 60).
    static func list(_ host: Host, _ scrollView: ScrollView = ScrollView()) -> ScrollView {
        scrollView.frame = Rect(x: 0, y: 0, width: 400, height: 800)
        scrollView.contentSize = Size(width: 400, height: 2400)
        scrollView.name = "SV"
        host.window.addSubview(scrollView)
        for (index, y) in [200.0, 300].enumerated() {
            let button = Button(frame: Rect(x: 40, y: y, width: 200, height: 60))
            button.name = "b\(index)"
            scrollView.addSubview(button)
        }
        return scrollView
    }

    @Test("R122, R230, R237, R240, R241, R245, R95: a tap, a fast drag from a button and a tap after the scroll are recorded and replay")
    func dragFromButton() throws {
        let host = Host()
        let scrollView = Self.list(host)
        scrollView.panGestureRecognizer.name = "mine"
        let recorder = try ScenarioRecorder(environment: host.environment, name: "a list of buttons")
        try host.touch(1, .began, 100, 230, at: 0)
        try host.touch(1, .ended, 100, 230, at: 0.06)
        try host.touch(2, .began, 100, 230, at: 1)
        for (t, y) in [(1.03, 218.0), (1.06, 180), (1.09, 130)] { try host.touch(2, .moved, 100, y, at: t) }
        try host.touch(2, .ended, 100, 130, at: 1.12)
        try host.touch(3, .began, 100, 230, at: 2)
        try host.touch(3, .ended, 100, 230, at: 2.06)
        try host.idle(until: 3)
        let scenario = try recorder.finish()
        // The built-ins are the scroll view's: no gesture entries, and their ids are SV.delay and
        // SV.pan whatever their names (R230). The offset written is the one the run started
        // with, though the drag moved it.
        #expect(scenario.views.map(\.type) == [.scrollView, .button, .button])
        #expect(scenario.views[0].scroll.contentSize == Size(width: 400, height: 2400))
        #expect(scenario.views[0].scroll.contentOffset == .zero)
        #expect(scenario.gestures.isEmpty)
        // The 60 ms tap reaches b0 at the lift, the delay and the pan failing first (R237, R100,
        // R230). The drag reaches 12 pt within 0.15 s: the pan begins, excluding the delay
        // before any action (R240, R241, R44, R47); the offset is 0 minus the translation, 12 pt
        // less the 10 pt of hysteresis (R95, R245), then 50 and 100 pt less 10; b0 never hears
        // of touch 2 (R67). The content is 90 pt up, so the last tap, at content y 320, hits b1.
        let tap: (Int, String, String) -> [String] = { id, button, t in
            [
                "\(t) gesture SV.delay failed", "\(t) gesture SV.pan failed", "\(t) view \(button) began \(id)",
                "\(t) control \(button) touchDown", "\(t) view \(button) ended \(id)", "\(t) control \(button) touchUpInside",
                "\(t) control \(button) primaryActionTriggered",
            ]
        }
        let expected =
            ["0.000 touch 1 hit b0"] + tap(1, "b0", "0.060") + [
                "1.000 touch 2 hit b0",
                "1.030 gesture SV.delay failed",
                "1.030 gesture SV.pan began",
                "1.030 scroll SV offset 0.000,2.000",
                "1.060 gesture SV.pan changed",
                "1.060 scroll SV offset 0.000,40.000",
                "1.090 gesture SV.pan changed",
                "1.090 scroll SV offset 0.000,90.000",
                "1.120 gesture SV.pan ended",
                "2.000 touch 3 hit b1",
            ] + tap(3, "b1", "2.060")
        #expect(scenario.expect == expected)
        let result = ScenarioRecorderTests.replay(scenario)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test("R122, R236, R241, R242: the answers of touchesShouldBegin and touchesShouldCancel are written as the scroll view's fields and replay")
    func contentTouchAnswers() throws {
        let host = Host()
        let scrollView = AnsweringScrollView()
        _ = Self.list(host, scrollView)
        scrollView.shouldCancel = { _ in true }
        let recorder = try ScenarioRecorder(environment: host.environment, name: "a drag that takes a button's touch")
        // Held past the delay, b0 gets its touchDown (R235, R236); 18 pt up, the pan asks about
        // b0 (R241): yes, so it begins, scrolls 8 pt (R95, R245) and cancels b0's touch (R67).
        try host.touch(1, .began, 100, 230, at: 0)
        try host.touch(1, .moved, 100, 212, at: 0.25)
        try host.touch(1, .ended, 100, 212, at: 0.3)
        try host.idle(until: 1)
        let scenario = try recorder.finish()
        #expect(scenario.views[0].scroll.touchesShouldCancel == true)
        #expect(scenario.views[0].scroll.touchesShouldBegin == true)
        #expect((scenario.expect ?? []).contains("0.250 scroll SV offset 0.000,8.000"))
        #expect((scenario.expect ?? []).contains("0.250 control b0 touchCancel"))
        let result = ScenarioRecorderTests.replay(scenario)
        #expect(result.status == 0, "\(result.errorOutput)")

        // A no to touchesShouldBegin keeps the tap from b0 for good (R236): the delay
        // recognizes, and the file says no. This recording starts at the host's 1 s.
        scrollView.shouldBegin = false
        let refusing = try ScenarioRecorder(environment: host.environment, name: "a tap the scroll view keeps")
        try host.touch(2, .began, 100, 230, at: 2)
        try host.touch(2, .ended, 100, 230, at: 2.06)
        try host.idle(until: 3)
        let kept = try refusing.finish()
        #expect(kept.views[0].scroll.touchesShouldBegin == false)
        #expect(kept.views[0].scroll.touchesShouldCancel == nil)
        #expect(kept.expect == ["1.000 touch 2 hit b0", "1.060 gesture SV.pan failed", "1.060 gesture SV.delay recognized"])
        let replayed = ScenarioRecorderTests.replay(kept)
        #expect(replayed.status == 0, "\(replayed.errorOutput)")
    }

    @Test("R122, R241: touchesShouldCancel answers that are neither UIKit's nor one answer for every view are refused")
    func mixedShouldCancel() throws {
        let host = Host()
        let scrollView = AnsweringScrollView()
        _ = Self.list(host, scrollView)
        let plain = View(frame: Rect(x: 40, y: 500, width: 200, height: 60))
        scrollView.addSubview(plain)
        // UIKit's answers turned round: yes for a button, no for a plain view.
        scrollView.shouldCancel = { $0 is Control }
        let recorder = try ScenarioRecorder(environment: host.environment)
        for (id, y, t) in [(1, 230.0, 0.0), (2, 530, 1)] {
            try host.touch(id, .began, 100, y, at: t)
            try host.touch(id, .moved, 100, y - 18, at: t + 0.25)
            try host.touch(id, .ended, 100, y - 18, at: t + 0.3)
        }
        do {
            _ = try recorder.finish()
            Issue.record("answers turned round were recorded")
        } catch {
            #expect(error.description.contains("touchesShouldCancel(in:) answered true for b0 (a control) and false for view1"), "\(error)")
        }
    }

    @Test("R122, R232, R245, R254: a scroll view is refused with an inset, bounces off or an always-bounce; an offset set while recording is refused")
    func unwritableScrollViews() throws {
        let changes: [(String, (ScrollView) -> Void)] = [
            ("contentInset", { $0.contentInset = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0) }),
            ("bounces is off", { $0.bounces = false }),
            ("alwaysBounceVertical is on", { $0.alwaysBounceVertical = true }),
            ("alwaysBounceHorizontal is on", { $0.alwaysBounceHorizontal = true }),
        ]
        for (what, change) in changes {
            let host = Host()
            change(Self.list(host))
            do {
                _ = try ScenarioRecorder(environment: host.environment)
                Issue.record("a scroll view with \(what) was recorded")
            } catch {
                #expect(error.description.contains(what), "\(error.description)")
            }
        }
        let host = Host()
        let scrollView = Self.list(host)
        scrollView.delayGestureRecognizer.cancelsTouchesInView = false
        #expect(throws: ScenarioRecordingError.unsupportedSetting(
            gesture: "SV.delay", setting: "cancelsTouchesInView of a scroll view's built-in recognizer (a scenario gives it the scroll view's own)")
        ) {
            try ScenarioRecorder(environment: host.environment)
        }
        scrollView.delayGestureRecognizer.cancelsTouchesInView = true
        let recorder = try ScenarioRecorder(environment: host.environment)
        try host.touch(1, .began, 100, 230, at: 0)
        try host.touch(1, .ended, 100, 230, at: 0.06)
        scrollView.contentOffset = Point(x: 0, y: 100)
        #expect(throws: ScenarioRecordingError.changedWhileRecording(at: 0.06)) { try recorder.finish() }
    }
}
