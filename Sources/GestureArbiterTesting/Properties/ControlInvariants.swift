import GestureArbiter

extension ScenarioInvariant {
    /// R203, R206, R208, R220: every `touchDown` a control sends is ended by exactly one of
    /// `touchUpInside`, `touchUpOutside` or `touchCancel` before its next `touchDown`, and by the
    /// end of a run that ended idle; none of the three comes without an open `touchDown`.
    ///
    /// It reads the log's `control ID event` lines, so it judges only the controls and buttons
    /// whose `actions` include all four events. It skips a control with `multipleTouchEnabled`
    /// true: there a second finger starts tracking again with another `touchDown` while the first
    /// is still down (R210). The generators never make one (``ScenarioSpace/includesControls``).
    /// A control that is disabled or declines tracking sends nothing (R202, R204), which holds.
    public static let controlTouchDownEndsOnce = ScenarioInvariant(name: "control touch-down ends once") { observation in
        let ends: Set<Substring> = ["touchUpInside", "touchUpOutside", "touchCancel"]
        var problems: [String] = []
        for view in observation.scenario.views where view.type != .view && !view.multipleTouchEnabled {
            guard (["touchDown"] + ends).allSatisfy({ view.control.actions.contains(String($0)) }) else { continue }
            var openedAt: Substring?
            for line in ControlLogLine.lines(in: observation.log, of: view.id) {
                if line.event == "touchDown" {
                    if let openedAt { problems.append("\(line.time) \(view.id) touchDown while its touchDown at \(openedAt) had not ended") }
                    openedAt = line.time
                } else if ends.contains(line.event) {
                    if openedAt == nil { problems.append("\(line.time) \(view.id) \(line.event) without an open touchDown") }
                    openedAt = nil
                }
            }
            if let openedAt, observation.endedIdle {
                problems.append("\(view.id) touchDown at \(openedAt) never ended, though the run ended idle")
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
        for view in observation.scenario.views where view.type != .view {
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
