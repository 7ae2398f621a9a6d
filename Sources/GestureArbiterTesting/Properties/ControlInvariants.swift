import GestureArbiter

extension ScenarioInvariant {
    /// R203, R206, R208, R220, R10, R126: every tracking a control starts with `touchDown` ends with
    /// exactly one of `touchUpInside`, `touchUpOutside` or `touchCancel`, by the end of a run that
    /// ended idle; none of the three comes while the control is not tracking.
    ///
    /// A `touchDown` while tracking is open restarts the tracking (R203 takes the new touch), so
    /// two `touchDown`s can share one end. That happens when either touch was hit-tested to a
    /// subview that passes its began up the chain (R10; R18 holds back only a touch hit-tested
    /// to the control while another one hit-tested to it is down), or once the tracked touch is
    /// physically up with its end withheld from the control (R62, R221), when a new touch
    /// reaches it (R126), or when a touch that came down earlier, its began withheld by a
    /// recognizer (R61) and its end already in, reaches the control late, after a touch that
    /// came down later and that R126 let through because the first was physically up (a click a
    /// recognizer refuses by touch type, R266, is one). A second `touchDown` for a touch
    /// hit-tested to the control that came down while the tracked touch, also hit-tested to it,
    /// was down, and arrives while it is still down (its ended or cancelled input not yet played),
    /// breaks R18 and R126. The tracked touch is the first one of the `view ID began`
    /// line just before the `touchDown` (R224), its hit view that of its `touch N hit V` line.
    ///
    /// A tracking of a touch passed up from a subview need not end: when that subview leaves the
    /// window, the touch is cancelled in it and the cancel no longer reaches the control (R120,
    /// R222, as in UIKit).
    ///
    /// It reads the log, so it judges only the controls and buttons whose `actions` include all
    /// four events. It skips a control with `multipleTouchEnabled` true, where a second finger
    /// restarts tracking while the first is down (R210); the generators never make one
    /// (``ScenarioSpace/includesControls``). A control that is disabled or declines tracking
    /// sends nothing (R202, R204), which holds.
    public static let controlTouchDownEndsOnce = ScenarioInvariant(name: "control touch-down ends once") { observation in
        let ends: Set<Substring> = ["touchUpInside", "touchUpOutside", "touchCancel"]
        var problems: [String] = []
        for view in observation.scenario.views where view.type.isControl && !view.multipleTouchEnabled {
            guard (["touchDown"] + ends).allSatisfy({ view.control.actions.contains(String($0)) }) else { continue }
            var open: (time: Substring, touch: Int?)?
            var lastBegan: Int?
            var hitViews: [Int: Substring] = [:]
            var hitTimes: [Int: Double] = [:]
            for line in observation.log {
                let words = line.split(separator: " ")
                if words.count == 5, words[1] == "touch", words[3] == "hit", let touch = Int(words[2]) {
                    hitViews[touch] = words[4]
                    hitTimes[touch] = Double(words[0])
                }
                guard words.count >= 4, words[2] == view.id else { continue }
                switch (words[1], words[3]) {
                case ("view", "began") where words.count == 5:
                    lastBegan = words[4].split(separator: ",").first.flatMap { Int($0) }
                case ("control", "touchDown"):
                    // R18 holds back only a touch hit-tested to the control while another touch
                    // hit-tested to it is down: not one that a subview passes on.
                    func hitHere(_ touch: Int?) -> Bool { touch.flatMap { hitViews[$0] }.map { $0 == view.id } ?? true }
                    // R126 admits a touch when it comes down: one that came down before the
                    // tracked touch did (its began delivered late) was admitted first.
                    func cameDownFirst(_ touch: Int?, _ tracked: Int?) -> Bool {
                        guard let touch, let tracked, let down = hitTimes[touch], let trackedDown = hitTimes[tracked] else { return false }
                        return down < trackedDown
                    }
                    if let previous = open, hitHere(lastBegan), hitHere(previous.touch), !cameDownFirst(lastBegan, previous.touch) {
                        let down = Double(previous.time) ?? 0
                        let liftedAt = previous.touch.flatMap { ControlLogLine.liftTime(of: $0, downAt: down, in: observation.scenario) }
                        if liftedAt.map({ $0 > Double(words[0]) ?? 0 }) ?? true {
                            let touch = previous.touch.map { "touch \($0)" } ?? "the touch"
                            problems.append("\(words[0]) \(view.id) touchDown while \(touch) of its touchDown at \(previous.time) was still down")
                        }
                    }
                    open = (words[0], lastBegan)
                case ("control", let event) where ends.contains(event):
                    if open == nil { problems.append("\(words[0]) \(view.id) \(event) without an open touchDown") }
                    open = nil
                default:
                    break
                }
            }
            // A touch passed up from a subview that then left the window is cancelled in that
            // subview, whose chain no longer reaches the control (R120, R222): the control is
            // never told, as in UIKit. Only a touch hit-tested to the control must end.
            let passedUp = open?.touch.flatMap { hitViews[$0] }.map { $0 != view.id } ?? false
            if let open, observation.endedIdle, !passedUp {
                problems.append("\(view.id) touchDown at \(open.time) never ended, though the run ended idle")
            }
        }
        return problems
    }

    /// R212, R216, R220: a button's `primaryActionTriggered` comes right after its
    /// `touchUpInside`, at the same time (the log line just before), and every `touchUpInside`
    /// of a button is followed by one; never after a `touchCancel` of the same touch-down (a
    /// touch a recognizer cancelled, R220, never triggers the primary action). A plain control
    /// has no primary action, so it never sends `primaryActionTriggered` from a touch (R212).
    ///
    /// It reads the log's `control ID event` lines: the pairing is judged when the control's
    /// `actions` include `touchUpInside` and `primaryActionTriggered`, the cancel half when they
    /// include `touchDown`, `touchCancel` and `primaryActionTriggered`.
    public static let buttonPrimaryActionAfterTouchUpInside = ScenarioInvariant(
        name: "button primary action only after touch-up inside"
    ) { observation in
        var problems: [String] = []
        for view in observation.scenario.views where view.type.isControl {
            let actions = view.control.actions
            let lines = ControlLogLine.lines(in: observation.log, of: view.id)
            guard view.type == .button else {
                for line in lines where line.event == "primaryActionTriggered" {
                    problems.append("\(line.time) \(view.id) is a plain control but sent primaryActionTriggered")
                }
                continue
            }
            guard actions.contains("primaryActionTriggered") else { continue }
            let pairs = actions.contains("touchUpInside")
            let cancels = actions.contains("touchDown") && actions.contains("touchCancel")
            var cancelledAt: Substring?
            for line in lines {
                switch line.event {
                case "touchDown":
                    cancelledAt = nil
                case "touchCancel":
                    cancelledAt = line.time
                case "primaryActionTriggered":
                    if pairs, line.index == 0 || observation.log[line.index - 1] != "\(line.time) control \(view.id) touchUpInside" {
                        problems.append("\(line.time) \(view.id) primaryActionTriggered not right after its touchUpInside")
                    }
                    if cancels, let cancelledAt {
                        problems.append("\(line.time) \(view.id) primaryActionTriggered after the touch was cancelled at \(cancelledAt)")
                    }
                case "touchUpInside":
                    let next = line.index + 1
                    if pairs, next == observation.log.count || observation.log[next] != "\(line.time) control \(view.id) primaryActionTriggered" {
                        problems.append("\(line.time) \(view.id) touchUpInside not followed by primaryActionTriggered")
                    }
                default:
                    break
                }
            }
        }
        return problems
    }
}

/// A `<time> control ID event` line of a scenario log (R224).
struct ControlLogLine {
    /// The line's index in the log.
    var index: Int
    /// The time, as written.
    var time: Substring
    /// The control event's name.
    var event: Substring

    /// When touch `id`, down at `time`, is lifted: the time of the first ended or cancelled
    /// input of it after its last began played by `time` (ids may be reused), or nil when the
    /// input never lifts it.
    static func liftTime(of id: Int, downAt time: Double, in scenario: Scenario) -> Double? {
        func has(_ entry: Scenario.InputEntry, _ phases: Set<TouchPhase>) -> Bool {
            guard case let .touches(touches) = entry.action else { return false }
            return touches.contains { $0.id == id && phases.contains($0.phase) }
        }
        let input = scenario.input
        guard let began = input.lastIndex(where: { $0.t <= time && has($0, [.began]) }) else { return nil }
        return input[(began + 1)...].first { has($0, [.ended, .cancelled]) }?.t
    }

    /// The lines of control `id`, in log order.
    static func lines(in log: [String], of id: String) -> [ControlLogLine] {
        var result: [ControlLogLine] = []
        for (index, line) in log.enumerated() {
            let words = line.split(separator: " ")
            guard words.count == 4, words[1] == "control", words[2] == id else { continue }
            result.append(ControlLogLine(index: index, time: words[0], event: words[3]))
        }
        return result
    }
}
