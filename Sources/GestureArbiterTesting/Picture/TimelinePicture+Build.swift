import GestureArbiter

extension TimelinePicture {
    /// The picture of a run: `scenario`'s first `played` input entries, drawn by `recorder`,
    /// which was the run's tracer.
    init(_ scenario: Scenario, recorder: Recorder, played: Int, stopReason: String?) {
        let input = scenario.input.prefix(played)
        var end = recorder.lastTime
        for entry in input {
            switch entry.action {
            case .touches, .hover, .scroll: end = max(end, Timestamp(seconds: entry.t))
            default: break
            }
        }
        recorder.finish(at: end)

        // Touch lanes: a lane per host id, a contact span for each finger that used it.
        var touchLanes: [Lane] = []
        var laneOfID: [Int: Int] = [:]
        var downs: [Int: (time: Timestamp, reasons: [String])] = [:]
        var hitViews: [Int: [String]] = [:]
        var clicks: Set<Int> = []
        for entry in input {
            guard case let .touches(touches) = entry.action else { continue }
            let time = Timestamp(seconds: entry.t)
            for touch in touches where touch.phase != .stationary {
                let key = Recorder.TouchInstant(id: touch.id, time: time)
                let index: Int
                if let known = laneOfID[touch.id] {
                    index = known
                } else {
                    index = touchLanes.count
                    laneOfID[touch.id] = index
                    touchLanes.append(Lane(kind: .touch, name: "touch \(touch.id)", detail: ""))
                }
                let at = "(\(Self.number(touch.x)), \(Self.number(touch.y)))"
                var reasons: [String]
                let label: String
                switch touch.phase {
                case .began where touch.type == .indirectPointer:
                    // A click: its buttons and modifier keys (R260-R262).
                    label = Self.clickLabel(touch)
                    reasons = ["touch \(touch.id) down at \(at): \(label)"]
                    clicks.insert(touch.id)
                    if let hit = recorder.hits[key] { hitViews[touch.id, default: []].append(hit ?? "nothing") }
                case .began:
                    label = "down"
                    reasons = ["touch \(touch.id) down at \(at)"]
                    if let hit = recorder.hits[key] { hitViews[touch.id, default: []].append(hit ?? "nothing") }
                case .moved:
                    label = ""
                    reasons = ["touch \(touch.id) moved to \(at)"]
                case .ended:
                    label = "up"
                    reasons = ["touch \(touch.id) up at \(at)"]
                default:
                    label = "cancel"
                    reasons = ["touch \(touch.id) cancelled by the system at \(at)"]
                }
                reasons += recorder.touchNotes[key] ?? []
                let reason = reasons.joined(separator: "\n")
                touchLanes[index].marks.append(Mark(time: time, kind: .touch(touch.phase), label: label, reason: reason))
                if touch.phase == .began {
                    downs[touch.id] = (time, [reason])
                } else if touch.phase.isTerminal, let down = downs.removeValue(forKey: touch.id) {
                    touchLanes[index].spans.append(Self.contact(touch.id, from: down.time, to: time, reasons: down.reasons + [reason]))
                }
            }
        }
        for (id, down) in downs.sorted(by: { $0.key < $1.key }) {
            guard let index = laneOfID[id] else { continue }
            touchLanes[index].spans.append(
                Self.contact(id, from: down.time, to: end, reasons: down.reasons + ["touch \(id) still down at the end"]))
        }
        for index in touchLanes.indices {
            guard let id = Int(touchLanes[index].name.dropFirst("touch ".count)) else { continue }
            let views = unique(hitViews[id] ?? [])
            let hit = views.isEmpty ? "" : "hit " + views.joined(separator: ", ")
            touchLanes[index].detail = clicks.contains(id) ? (hit.isEmpty ? "click" : "click, " + hit) : hit
        }
        let pointerLanes = Self.pointerLane(input, notes: recorder.pointerNotes, end: end).map { [$0] } ?? []

        // View lanes in the scenario's order (the window first), each with its parent.
        var viewLanes: [Lane] = []
        var drawnViews: Set<String> = []
        var parents: [String: String] = [:]
        for view in scenario.views where parents[view.id] == nil { parents[view.id] = view.parent }
        let viewOrder = ["window"] + scenario.views.map(\.id)
        for id in viewOrder + recorder.viewLanes.keys.sorted() where !drawnViews.contains(id) {
            guard var lane = recorder.viewLanes[id] else { continue }
            drawnViews.insert(id)
            lane.detail = parents[id].map { "view in \($0)" } ?? "window"
            viewLanes.append(lane)
        }

        // A lane for every recognizer of the scenario, used or not.
        var recognizerLanes: [Lane] = []
        for spec in scenario.gestures {
            var lane = recorder.recognizerLanes[spec.id] ?? Lane(kind: .recognizer, name: spec.id, detail: "")
            lane.detail = Self.detail(of: spec)
            lane.spans = Self.inStartOrder(lane.spans)
            recognizerLanes.append(lane)
        }
        // And for the built-in recognizers of each scroll view (R230), used or not.
        for view in scenario.views where view.type == .scrollView {
            let ids = Scenario.ScrollViewSpec.builtInGestureIDs(of: view.id)
            for (id, what) in zip(ids, ["content delay", "scroll pan"]) {
                var lane = recorder.recognizerLanes[id] ?? Lane(kind: .recognizer, name: id, detail: "")
                lane.detail = "\(what) of \(view.id)"
                lane.spans = Self.inStartOrder(lane.spans)
                recognizerLanes.append(lane)
            }
        }
        let scenarioGestures = Set(recognizerLanes.map(\.name))
        for (name, lane) in recorder.recognizerLanes.sorted(by: { $0.key < $1.key }) where !scenarioGestures.contains(name) {
            recognizerLanes.append(lane)
        }

        self.title = scenario.name
        self.lanes = touchLanes + pointerLanes + viewLanes + recognizerLanes
        self.endTime = end
        self.stopReason = stopReason
        self.breaks = Self.breaks(in: lanes, end: end)
    }

    /// `spans` in the order they started; spans that start together keep the order they ended in.
    static func inStartOrder(_ spans: [Span]) -> [Span] {
        spans.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// The idle stretches: gaps longer than ``idleThreshold`` between consecutive instants at
    /// which a mark sits or a span starts or ends.
    static func breaks(in lanes: [Lane], end: Timestamp) -> [AxisBreak] {
        var instants: Set<Timestamp> = [.zero, end]
        for lane in lanes {
            for mark in lane.marks { instants.insert(mark.time) }
            for span in lane.spans {
                instants.insert(span.start)
                instants.insert(span.end)
            }
        }
        let sorted = instants.sorted()
        return zip(sorted, sorted.dropFirst()).compactMap { start, next in
            next - start > idleThreshold ? AxisBreak(start: start, end: next) : nil
        }
    }

    private static func contact(_ id: Int, from start: Timestamp, to end: Timestamp, reasons: [String]) -> Span {
        Span(start: start, end: end, kind: .contact, label: "", reason: reasons.joined(separator: "\n"))
    }

    /// `tap x2 on V, requires D to fail`: a gesture's type, settings that matter, view and
    /// failure requirements.
    static func detail(of spec: Scenario.GestureSpec) -> String {
        var text: String
        switch spec.kind {
        case let .tap(taps, touches):
            text = "tap" + (taps > 1 ? " x\(taps)" : "") + (touches > 1 ? ", \(touches) fingers" : "")
        case let .pan(minimum, maximum):
            text = "pan" + (minimum > 1 || maximum != nil ? ", \(minimum)-\(maximum.map(String.init) ?? "any") fingers" : "")
        case let .edgePan(edges): text = "edge pan " + edges.joined(separator: "+")
        case let .delayedTouchesBegan(delay): text = "content delay \(number(delay)) s"
        case let .swipe(directions, touches):
            text = "swipe " + directions.joined(separator: "+") + (touches > 1 ? ", \(touches) fingers" : "")
        case .pinch: text = "pinch"
        case .rotation: text = "rotation"
        case .hover: text = "hover"
        case let .longPress(duration, _, _, _): text = "long press \(number(duration)) s"
        case let .custom(custom): text = custom.type
        }
        text += " on \(spec.view)"
        if !spec.requireToFail.isEmpty { text += ", requires \(spec.requireToFail.joined(separator: ", ")) to fail" }
        return text
    }

    /// `100`, `100.5`: a coordinate or setting without needless decimals.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
        return String(value)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
