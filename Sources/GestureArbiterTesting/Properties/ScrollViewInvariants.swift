import GestureArbiter

extension ScenarioInvariant {
    /// R235, R241, R67, R244: a scroll view's content never sees a touch that scrolled before the
    /// content delay ran out. When `SV.pan` begins while a touch hit-tested into the scroll view
    /// (the scroll view itself or its content) is down, less than 0.15 s after that touch came
    /// down, and no `view` or `controller` line has shown the touch's began yet, then none ever
    /// does: the withheld began is discarded by the pan's began (R241, R67).
    ///
    /// It reads the log (`touch N hit V`, `gesture SV.pan began`, `... began N` lines) and the
    /// scenario's input (when each touch came down and lifted). It judges scroll views that
    /// delay content touches and scroll; a scroll view that does not delay hands the began over
    /// at once (R235), and that case is R241's other half. A began at the time of a scroll entry
    /// is the pan following a wheel or trackpad (R274, R279), which takes no touch: not judged.
    /// Nor is a touch that came down while a scroll sequence went on: a pan driven by a scroll
    /// takes no touch until it resets (R274), so the pan may not have it when it later begins.
    /// Nor a click, or a finger that came down while a click was down: the pan may refuse either
    /// at binding (a click's buttons, R280; a touch type other than the one it tracks, R266).
    public static let scrollTakesNoContentTouch = ScenarioInvariant(name: "scroll takes no content touch") { observation in
        let scenario = observation.scenario
        let (seconds, attoseconds) = GestureDefaults.contentTouchDelay.components
        let delay = Double(seconds) + Double(attoseconds) / 1e18
        var problems: [String] = []
        // A pan that a scroll began takes no touch (R274): it is driven in a scroll's own pass
        // (R279), at the time of a scroll entry, and judged by the hover and scroll rules.
        let scrollTimes: Set<Double> = Set(scenario.input.compactMap { entry in
            if case .scroll = entry.action { return (entry.t * 1000).rounded() / 1000 }
            return nil
        })
        // The scroll sequences, began to ended, in input time: a touch that comes down in one may
        // have been refused by a scroll-driven pan (R274).
        var scrolls: [(start: Double, end: Double)] = []
        for entry in scenario.input {
            guard case let .scroll(scroll) = entry.action else { continue }
            if scroll.phase == .began { scrolls.append((entry.t, .infinity)) } else if scroll.phase == .ended || scroll.phase == .cancelled {
                if !scrolls.isEmpty { scrolls[scrolls.count - 1].end = entry.t }
            }
        }
        // The clicks, down to up: a click, and a finger that comes down during one, may be refused.
        var clicks: [(start: Double, end: Double)] = []
        var clickStart: [Int: Int] = [:]
        for entry in scenario.input {
            guard case let .touches(touches) = entry.action else { continue }
            for touch in touches {
                if touch.phase == .began, touch.type == .indirectPointer {
                    clickStart[touch.id] = clicks.count
                    clicks.append((entry.t, .infinity))
                } else if touch.phase.isTerminal, let index = clickStart.removeValue(forKey: touch.id) {
                    clicks[index].end = entry.t
                }
            }
        }
        func during(_ spans: [(start: Double, end: Double)], _ time: Double) -> Bool {
            spans.contains { $0.start - 1e-9 <= time && time <= $0.end + 1e-9 }
        }
        func mayBeRefused(_ time: Double) -> Bool { during(scrolls, time) || during(clicks, time) }
        for scrollView in scenario.views where scrollView.type == .scrollView {
            guard scrollView.scroll.delaysContentTouches, scrollView.scroll.scrollEnabled else { continue }
            let subtree = Set(scenario.views.filter { scenario.ancestry(of: $0.id).contains(scrollView.id) }.map(\.id))
            let panBegan = "\(scrollView.id).pan"
            var downAt: [Int: Double] = [:]
            var shown: Set<Int> = []
            var scrolled: [Int: Substring] = [:]
            for line in observation.log {
                let words = line.split(separator: " ")
                guard words.count >= 4, let time = Double(words[0]) else { continue }
                switch (words[1], words[3]) {
                case ("touch", "hit") where words.count == 5:
                    // A touch id may come back after its lift: each hit starts afresh.
                    guard let touch = Int(words[2]) else { continue }
                    downAt[touch] = subtree.contains(String(words[4])) && !mayBeRefused(time) ? time : nil
                    shown.remove(touch)
                    scrolled[touch] = nil
                case ("view", "began"), ("controller", "began"):
                    guard words.count == 5 else { continue }
                    for id in words[4].split(separator: ",").compactMap({ Int($0) }) {
                        if let at = scrolled[id] {
                            problems.append("\(words[0]) \(words[2]) got the began of touch \(id), which \(panBegan) took at \(at) (R241, R67)")
                        }
                        shown.insert(id)
                    }
                case ("gesture", "began") where words[2] == panBegan && !scrollTimes.contains(time):
                    for (touch, down) in downAt.sorted(by: { $0.key < $1.key }) where !shown.contains(touch) && scrolled[touch] == nil {
                        // Before the delay ran out (timers fire before entries of their time, R78),
                        // with the touch still down.
                        guard time - down < delay - 1e-9 else { continue }
                        let lift = ControlLogLine.liftTime(of: touch, downAt: down, in: scenario)
                        guard lift.map({ $0 >= time }) ?? true else { continue }
                        scrolled[touch] = words[0]
                    }
                default:
                    break
                }
            }
        }
        return problems
    }
}
