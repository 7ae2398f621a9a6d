import GestureArbiter

extension ScenarioInvariant {
    /// R267-R269: a hover recognizer never fails, and every one that began has ended (or was
    /// cancelled) by the time the pointer leaves the window: its log lines are `began`,
    /// `changed`..., then `ended` or `cancelled`, and at each hover `exited` entry none is left
    /// active. Read from the log and the scenario's input.
    public static let hoverNeverFailsAndEndsAtExit = ScenarioInvariant(name: "hover never fails and ends at exit") { observation in
        let hoverIDs = Set(observation.scenario.gestures.filter { $0.kind == .hover }.map(\.id))
        guard !hoverIDs.isEmpty else { return [] }
        let exits = observation.scenario.input.compactMap { entry -> Double? in
            if case let .hover(hover) = entry.action, hover.phase == .exited { return (entry.t * 1000).rounded() / 1000 }
            return nil
        }
        var problems: [String] = []
        var active: [String: Double] = [:]
        var nextExit = exits[...]
        func checkExits(before time: Double?) {
            while let exit = nextExit.first, time.map({ exit < $0 }) ?? true {
                nextExit = nextExit.dropFirst()
                for (id, since) in active.sorted(by: { $0.key < $1.key }) {
                    problems.append("\(id), active since \(since), has not ended when the pointer left the window at \(exit) (R268)")
                }
                active.removeAll()
            }
        }
        for line in observation.log {
            let words = line.split(separator: " ")
            guard words.count == 4, words[1] == "gesture", hoverIDs.contains(String(words[2])), let time = Double(words[0]) else { continue }
            checkExits(before: time)
            let id = String(words[2])
            switch words[3] {
            case "began": active[id] = time
            case "ended", "cancelled": active[id] = nil
            case "failed": problems.append("\(id) failed at \(words[0]); a hover recognizer never fails (R267, R269)")
            default: break
            }
        }
        checkExits(before: nil)
        return problems
    }
}

/// What the input says of the pointer.
enum HoverLog {
    /// The hover recognizers that may still be active at the end: all of them when the input's
    /// last hover entry is not `exited` (the pointer stayed in the window), none otherwise.
    static func stillHovering(_ scenario: Scenario) -> [String] {
        let last = scenario.input.last { if case .hover = $0.action { return true } else { return false } }
        guard case let .hover(hover)? = last?.action, hover.phase != .exited else { return [] }
        return scenario.gestures.filter { $0.kind == .hover }.map(\.id)
    }
}
