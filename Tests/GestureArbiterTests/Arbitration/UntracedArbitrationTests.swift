@testable import GestureArbiter
import Testing

/// With no tracer, an arbitration round that only excluded recognizers of the library's own
/// classes, none with a delegate or a requirement, ends arbitration without the confirming round
/// (`GestureEnvironment.onlyExclusionsChange`). The test world always traces, so these tests run
/// the same input with and without a tracer and check both against the rules.
@Suite struct UntracedArbitrationTests {
    /// What the recognizers sent and what the leaf view saw.
    struct Outcome: Equatable {
        var actions: [String] = []
        var leaf: [String] = []
    }

    /// A delegate that lets two recognizers recognize together and counts the questions.
    final class SimultaneousDelegate: GestureRecognizerDelegate {
        var asked = 0
        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            asked += 1
            return true
        }
    }

    /// Runs `events` (time in ms, phase, x) at y 50, finger 1 before 150 ms and finger 2 from
    /// then on (a second tap), then 2 s more, on a tree of three nested views
    /// over a recording leaf; `attach` puts recognizers on the views (outer, middle, inner), each
    /// named, whose actions are recorded as "name state".
    static func run(traced: Bool, events: [(Int, TouchPhase, Double)], attach: ([View]) -> [GestureRecognizer]) throws -> Outcome {
        let clock = VirtualClock()
        let environment = GestureEnvironment(scheduler: clock)
        if traced { environment.tracer = RecordingTracer() }
        let window = Window(width: 400, height: 400)
        environment.addWindow(window)
        var views: [View] = []
        var parent: View = window
        for _ in 0..<3 {
            let view = View(frame: Rect(x: 5, y: 5, width: 300, height: 300))
            parent.addSubview(view)
            views.append(view)
            parent = view
        }
        let leaf = CallLogView(frame: Rect(x: 5, y: 5, width: 200, height: 200))
        parent.addSubview(leaf)
        var outcome = Outcome()
        var sent: [String] = []
        for recognizer in attach(views) {
            recognizer.addAction { sent.append("\($0.name ?? "?") \($0.state)") }
        }
        for (milliseconds, phase, x) in events {
            try environment.dispatch(TouchEvent(timestamp: Timestamp(nanoseconds: Int64(milliseconds) * 1_000_000),
                                                touches: [TouchInput(id: milliseconds >= 150 ? 2 : 1, phase: phase, x: x, y: 50)]))
        }
        try clock.advance(by: .seconds(2))
        outcome.actions = sent
        // "began 1" -> "began": the phases alone.
        outcome.leaf = leaf.calls.map { String($0.prefix { $0 != " " }) }
        return outcome
    }

    static func named<Recognizer: GestureRecognizer>(_ name: String, _ recognizer: Recognizer) -> Recognizer {
        recognizer.name = name
        return recognizer
    }

    /// A pan on the outer view, a double tap on the middle one, a tap on the inner one.
    static func panDoubleTapTap(_ views: [View]) -> [GestureRecognizer] {
        let pan = named("pan", PanGestureRecognizer())
        let double = named("double", TapGestureRecognizer())
        double.numberOfTapsRequired = 2
        let tap = named("tap", TapGestureRecognizer())
        views[0].addGestureRecognizer(pan)
        views[1].addGestureRecognizer(double)
        views[2].addGestureRecognizer(tap)
        return [pan, double, tap]
    }

    @Test("R44, R47, R83, R86: a double tap over a tap, traced or not: the tap acts at the first lift, the double tap at the second excludes the tap; the leaf's touches are cancelled",
          arguments: [false, true])
    func doubleTapExcludesTap(traced: Bool) throws {
        let events: [(Int, TouchPhase, Double)] = [(0, .began, 50), (50, .ended, 50), (150, .began, 50), (200, .ended, 50)]
        let outcome = try Self.run(traced: traced, events: events, attach: Self.panDoubleTapTap)
        // R86: the tap recognizes at the first lift; R83: it cannot prevent the double tap, which
        // recognizes at the second lift with the second tap and excludes it (R44, R47). Each
        // recognition cancels the leaf's touch (R67).
        #expect(outcome == Outcome(actions: ["tap ended", "double ended"], leaf: ["began", "cancelled", "began", "cancelled"]))
    }

    @Test("R44, R94: a drag, traced or not: the pan begins on its second move and excludes both taps; the leaf's touch is cancelled",
          arguments: [false, true])
    func panExcludesTaps(traced: Bool) throws {
        var events: [(Int, TouchPhase, Double)] = [(0, .began, 50)]
        for step in 1...4 { events.append((step * 16, .moved, 50 + Double(step) * 5)) }
        events.append((80, .ended, 70))
        let outcome = try Self.run(traced: traced, events: events, attach: Self.panDoubleTapTap)
        // R94: 10 pt from the start on the second move; changed on moves 3 and 4 (R36); the
        // lift ends it (R100). The taps moved too far (R85) or were excluded (R44).
        #expect(outcome == Outcome(actions: ["pan began", "pan changed", "pan changed", "pan ended"], leaf: ["began", "moved", "cancelled"]))
    }

    @Test("R28, R44: three nested taps that all recognize at one lift, traced or not: the deepest, first in the processing order, excludes the other two",
          arguments: [false, true])
    func deepestTapExcludesTheOthers(traced: Bool) throws {
        let outcome = try Self.run(traced: traced, events: [(0, .began, 50), (50, .ended, 50)]) { views in
            let taps = ["outer", "middle", "inner"].map { Self.named($0, TapGestureRecognizer()) }
            for (view, tap) in zip(views, taps) { view.addGestureRecognizer(tap) }
            return taps
        }
        #expect(outcome == Outcome(actions: ["inner ended"], leaf: ["began", "cancelled"]))
    }

    @Test("R45, R44: with a delegate that lets the outer tap recognize with the inner one, traced or not: both act, the middle one is excluded, and the delegate is asked as often either way",
          arguments: [false, true])
    func delegateKeepsBoth(traced: Bool) throws {
        let delegate = SimultaneousDelegate()
        let outcome = try Self.run(traced: traced, events: [(0, .began, 50), (50, .ended, 50)]) { views in
            let taps = ["outer", "middle", "inner"].map { Self.named($0, TapGestureRecognizer()) }
            for (view, tap) in zip(views, taps) { view.addGestureRecognizer(tap) }
            taps[0].delegate = delegate
            return taps
        }
        // Processing order: inner, middle, outer (R28). The inner tap excludes the middle one;
        // the outer one's delegate answers yes (R45), so it recognizes too, and being excluded
        // by nobody it excludes nobody that is left: the middle one has already failed.
        #expect(outcome.actions.sorted() == ["inner ended", "outer ended"])
        #expect(outcome.leaf == ["began", "cancelled"])
        #expect(delegate.asked > 0)
        let askedThisRun = delegate.asked
        let other = SimultaneousDelegate()
        _ = try Self.run(traced: !traced, events: [(0, .began, 50), (50, .ended, 50)]) { views in
            let taps = ["outer", "middle", "inner"].map { Self.named($0, TapGestureRecognizer()) }
            for (view, tap) in zip(views, taps) { view.addGestureRecognizer(tap) }
            taps[0].delegate = other
            return taps
        }
        #expect(other.asked == askedThisRun)
    }

    @Test("R55, R56: a tap that requires the double tap to fail, traced or not: a single tap acts once the double tap fails; a double tap fails it",
          arguments: [false, true])
    func requirementStillSettles(traced: Bool) throws {
        func attach(_ views: [View]) -> [GestureRecognizer] {
            let double = Self.named("double", TapGestureRecognizer())
            double.numberOfTapsRequired = 2
            let tap = Self.named("tap", TapGestureRecognizer())
            tap.require(toFail: double)
            views[1].addGestureRecognizer(double)
            views[2].addGestureRecognizer(tap)
            return [double, tap]
        }
        let single = try Self.run(traced: traced, events: [(0, .began, 50), (50, .ended, 50)], attach: attach)
        #expect(single.actions == ["tap ended"])
        let twice = try Self.run(traced: traced, events: [(0, .began, 50), (50, .ended, 50), (150, .began, 50), (200, .ended, 50)], attach: attach)
        #expect(twice.actions == ["double ended"])
    }

    @Test("R44, R54, R56, R83, R264: an exclusion that fails a requirement releases the recognizer held on it in the same pass, traced or not",
          arguments: [false, true])
    func exclusionReleasesHeldDependent(traced: Bool) throws {
        let outcome = try Self.run(traced: traced, events: [(0, .began, 50), (50, .ended, 50)]) { views in
            // Outer tap, waiting for the middle double tap to fail; inner tap, which neither
            // cancels the leaf's touch nor delays its end.
            let outer = Self.named("outer", TapGestureRecognizer())
            let double = Self.named("double", TapGestureRecognizer())
            double.numberOfTapsRequired = 2
            // Other buttons than the taps': R83's exemption does not hold (R264), so a tap can
            // prevent it. A finger's touch binds whatever the buttons (only clicks are filtered).
            double.buttonMaskRequired = .secondary
            let inner = Self.named("inner", TapGestureRecognizer())
            inner.cancelsTouchesInView = false
            inner.delaysTouchesEnded = false
            outer.require(toFail: double)
            outer.recognizesSimultaneously(with: inner)
            views[0].addGestureRecognizer(outer)
            views[1].addGestureRecognizer(double)
            views[2].addGestureRecognizer(inner)
            return [outer, double, inner]
        }
        // At the lift both taps recognize, and the double tap waits for its second tap. The outer
        // tap is held: its requirement is still possible (R54). The inner tap excludes the double
        // tap (R44), not the outer tap (R45); that failure releases the outer tap (R56), which
        // acts in the same pass and cancels the leaf's touch before its end is delivered (R67).
        #expect(outcome.actions == ["inner ended", "outer ended"])
        #expect(outcome.leaf == ["began", "cancelled"])
    }

    /// Whether an object was freed.
    final class Freed {
        var isFreed = false
    }

    /// A view whose `gestureRecognizerShouldBegin` runs a hook, then answers no; it says when it
    /// is freed (no weak reference to it: one would keep its memory).
    final class DenyingView: View {
        var asked = 0
        var hook: (() -> Void)?
        let freed: Freed

        init(frame: Rect, freed: Freed) {
            self.freed = freed
            super.init(frame: frame)
        }

        deinit { freed.isFreed = true }

        override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
            asked += 1
            hook?()
            return false
        }
    }

    /// A recognizer that changes state only when its host says so.
    final class HostDrivenRecognizer: GestureRecognizer {}

    @Test("R13, R32: a recognizer asked to begin outside a pass asks its touch's view, which may end the touch and leave the tree meanwhile: the view is kept for its answer, and a no fails the recognizer",
          arguments: [false, true])
    func viewAskedOutsidePass(hostile: Bool) throws {
        let environment = GestureEnvironment(scheduler: VirtualClock())
        let window = Window(width: 400, height: 400)
        environment.addWindow(window)
        let recognizer = HostDrivenRecognizer()
        let freed = Freed()
        do {
            let view = DenyingView(frame: Rect(x: 0, y: 0, width: 100, height: 100), freed: freed)
            window.addSubview(view)
            view.addGestureRecognizer(recognizer)
            if hostile {
                // The answer takes the view out of the tree and lifts the finger, each a pass of
                // its own, outside the engine's: the touch then owns the view alone, and ends.
                view.hook = { [weak environment, weak window] in
                    window?.subviews.first?.removeFromSuperview()
                    try? environment?.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.1), touches: [TouchInput(id: 1, phase: .ended, x: 50, y: 50)]))
                }
            }
        }
        try environment.dispatch(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 50, y: 50)]))
        var actions = 0
        recognizer.addAction { _ in actions += 1 }
        // Outside any pass: the host drives the recognizer.
        recognizer.state = .began
        if hostile {
            // The removal cancelled the recognizer (R41, R120) and the lift ended the sequence;
            // the view lived through its answer and is freed by now.
            #expect(freed.isFreed)
        } else {
            // The no fails it (R13); failed, it resets (R39).
            #expect((window.subviews.first as? DenyingView)?.asked == 1)
            try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.1), touches: [TouchInput(id: 1, phase: .ended, x: 50, y: 50)]))
        }
        #expect(actions == 0 && recognizer.state == .possible)
        #expect(environment.isIdle)
    }

    @Test("R83: a subclass of the tap is a tap to another tap's canPrevent; a pan is not",
          arguments: [false, true])
    func tapSubclassIsATap(traced: Bool) throws {
        final class CustomDoubleTap: TapGestureRecognizer {}
        let outcome = try Self.run(traced: traced, events: [(0, .began, 50), (50, .ended, 50), (150, .began, 50), (200, .ended, 50)]) { views in
            let double = Self.named("double", CustomDoubleTap())
            double.numberOfTapsRequired = 2
            let tap = Self.named("tap", TapGestureRecognizer())
            views[1].addGestureRecognizer(double)
            views[2].addGestureRecognizer(tap)
            return [double, tap]
        }
        // The tap cannot prevent the custom double tap (R83): the double tap recognizes.
        #expect(outcome.actions == ["tap ended", "double ended"])
        #expect(CustomDoubleTap().isTapGestureRecognizer && !PanGestureRecognizer().isTapGestureRecognizer)
        #expect(CustomDoubleTap().asTapGestureRecognizer != nil && PanGestureRecognizer().asTapGestureRecognizer == nil)
    }
}
