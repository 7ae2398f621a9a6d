import GestureArbiter

extension TimelinePicture {
    /// The tracer behind a picture: it turns each trace record, as it arrives, into the marks and
    /// spans of the view and recognizer lanes (reading names and reasons while the objects are
    /// live, keeping none of them), and lets a ``LatencyTracer`` account for it first, so that an
    /// action's or a delivery's latency line is at hand for its title (R122).
    final class Recorder: Tracer {
        /// A tracer that receives every record after this one.
        var next: (any Tracer)?
        /// The latency accounting of the run: its newest record is the action or delivery being
        /// drawn.
        let latency = LatencyTracer()
        /// The time of the running pass.
        private(set) var now = Timestamp.zero
        /// The latest time anything happened (a pass started).
        private(set) var lastTime = Timestamp.zero
        private(set) var viewLanes: [String: Lane] = [:]
        private(set) var recognizerLanes: [String: Lane] = [:]
        /// The `--explain` lines about each touch, by host id and time, for the touch lanes.
        private(set) var touchNotes: [TouchInstant: [String]] = [:]
        /// The `--explain` lines of the hover and scroll passes, by time, for the pointer lane.
        private(set) var pointerNotes: [Timestamp: [String]] = [:]
        /// The view each touch hit (nil: none), by host id and time.
        private(set) var hits: [TouchInstant: String?] = [:]
        private var skippedViews: [String] = []
        private var bands: [String: OpenSpan] = [:]
        private var waits: [String: OpenSpan] = [:]
        private var withheld: [OpenWithheld] = []

        /// A touch's host id at a time.
        struct TouchInstant: Hashable {
            var id: Int
            var time: Timestamp
        }

        /// A span still open: its kind, start, label and reasons so far.
        struct OpenSpan {
            var kind: SpanKind
            var start: Timestamp
            var label: String
            var reasons: [String]
        }

        /// A touch phase a view has not received yet (R61-R64).
        struct OpenWithheld {
            var view: String
            var touch: Int
            var phase: TouchPhase
            var by: [String]
            var start: Timestamp
            var reasons: [String]
        }

        func record(_ record: TraceRecord) {
            latency.record(record)
            draw(record)
            next?.record(record)
        }

        /// `text` kept as one reason line: names may be long, so a line is cut to
        /// ``TimelinePicture/maximumReasonLength`` characters.
        private func reasonLine(_ text: String) -> String { clipped(text, to: TimelinePicture.maximumReasonLength) }

        /// Closes every open span at `end` (the axis end), saying it was still open.
        func finish(at end: Timestamp) {
            for name in bands.keys.sorted() { closeBand(name, at: end, note: "still \(stateWord(bands[name]?.kind)) at the end") }
            for name in waits.keys.sorted() { closeWait(name, at: end, note: "still held at the end") }
            for entry in withheld {
                closeWithheld(entry, at: end, note: "still withheld at the end")
            }
            withheld.removeAll()
        }

        private func draw(_ record: TraceRecord) {
            // Names may be long: each reason line is kept to a bounded length.
            let text = reasonLine(record.description)
            switch record {
            case let .passStarted(_, time):
                now = time
                lastTime = max(lastTime, time)
                skippedViews.removeAll()
            case .hitTestSkipped:
                skippedViews.append(text)
            case let .hitTest(touch, view):
                let key = TouchInstant(id: touch.id, time: now)
                hits[key] = view.map(Self.name(of:))
                touchNotes[key, default: []] += skippedViews + [text]
                skippedViews.removeAll()
            case let .viewDeliverySuppressed(touch, _):
                touchNotes[TouchInstant(id: touch.id, time: now), default: []].append(text)
            case let .touchBound(touch, recognizer):
                let name = Self.name(of: recognizer)
                touchNotes[TouchInstant(id: touch.id, time: now), default: []].append(text)
                if bands[name] == nil {
                    bands[name] = OpenSpan(kind: .state(.possible), start: now, label: "possible", reasons: [text])
                } else {
                    bands[name]?.reasons.append(text)
                }
            case let .touchRefused(touch, recognizer, _):
                touchNotes[TouchInstant(id: touch.id, time: now), default: []].append(text)
                addMark(toRecognizer: Self.name(of: recognizer), .note, label: "", reason: text)
            case let .stateChanged(recognizer, from, to, cause):
                let name = Self.name(of: recognizer)
                var reasons = [text]
                if to == .failed, cause.isOwnDecision, let reason = ownFailureReason(of: recognizer) {
                    reasons.append(reasonLine("\(name) failed because \(reason)"))
                }
                closeBand(name, at: now, note: nil)
                if to == .failed || to == .cancelled { closeWait(name, at: now, note: text) }
                let label = to == .ended && from == .possible ? "recognized" : to.description
                bands[name] = OpenSpan(kind: .state(to), start: now, label: label, reasons: reasons)
                // Still held (a held began that ends while its requirement is active): still
                // not published (R54).
                if waits[name] != nil, to == .began || to == .ended {
                    bands[name]?.kind = .held(to)
                    bands[name]?.label = "held (\(label))"
                }
            case let .held(recognizer, waitingFor):
                let name = Self.name(of: recognizer)
                // The state band it opened is not published: draw it as held (R54).
                if let open = bands[name], case let .state(state) = open.kind, state == .began || state == .ended {
                    bands[name]?.kind = .held(state)
                    bands[name]?.label = "held (\(open.label))"
                }
                if waits[name] == nil {
                    let others = waitingFor.map(Self.name(of:)).joined(separator: ", ")
                    waits[name] = OpenSpan(kind: .waiting, start: now, label: "waits for \(others) to fail", reasons: [text])
                } else if waits[name]?.reasons.last != text {
                    waits[name]?.reasons.append(text)
                }
            case let .releasedByRequirements(recognizer):
                let name = Self.name(of: recognizer)
                closeWait(name, at: now, note: text)
                // Released: from now on the state is published (R56).
                if let open = bands[name], case let .held(state) = open.kind {
                    closeBand(name, at: now, note: text)
                    let label = open.label.hasPrefix("held (") ? String(open.label.dropFirst(6).dropLast()) : state.description
                    bands[name] = OpenSpan(kind: .state(state), start: now, label: label, reasons: [text])
                }
            case let .dynamicRequirement(recognizer, other, _):
                addMark(toRecognizer: Self.name(of: recognizer), .note, label: "requires \(Self.name(of: other))", reason: text)
            case let .requirementCycle(recognizers):
                for recognizer in recognizers {
                    addMark(toRecognizer: Self.name(of: recognizer), .note, label: "cycle", reason: text)
                }
            case let .actionSent(recognizer, state, isDiscrete):
                let name = Self.name(of: recognizer)
                let recognized = isDiscrete && state == .ended
                var reasons = [text]
                if let line = latencyLine(for: .action(recognizer: name, state: state, isDiscrete: isDiscrete)) {
                    reasons.append(reasonLine(line.description))
                    // The wait that just ended is the one this action's latency counts (R56).
                    if line.delay > .zero,
                        let index = recognizerLanes[name]?.spans.lastIndex(where: { $0.kind == .waiting && $0.end == now })
                    {
                        recognizerLanes[name]?.spans[index].reason += "\n" + reasonLine(line.description)
                    }
                }
                addMark(
                    toRecognizer: name, .action(state, recognized: recognized),
                    label: recognized ? "recognized" : state.description, reason: reasons.joined(separator: "\n"))
            case let .withheld(touch, phase, by):
                touchNotes[TouchInstant(id: touch.id, time: now), default: []].append(text)
                let view = touch.hitTestView.map(Self.name(of:)) ?? "?"
                let names = by.map(Self.name(of:))
                if let index = withheld.firstIndex(where: { $0.view == view && $0.touch == touch.id && $0.phase == phase }) {
                    withheld[index].reasons.append(text)
                    withheld[index].by = names
                } else {
                    withheld.append(OpenWithheld(view: view, touch: touch.id, phase: phase, by: names, start: now, reasons: [text]))
                }
            case let .delivered(view, phase, touches, delayed):
                delivered(Self.name(of: view), phase, touches.map(\.id), delayed: delayed, text: text)
            case let .cancelledInView(_, _, discarded):
                discard(discarded, text: text)
            case let .viewRemoved(_, _, discarded):
                discard(discarded, text: text)
            case let .reset(recognizer):
                let name = Self.name(of: recognizer)
                closeWait(name, at: now, note: text)
                closeBand(name, at: now, note: text)
            case let .resetBlocked(recognizer, _):
                let name = Self.name(of: recognizer)
                if bands[name]?.reasons.last != text { bands[name]?.reasons.append(text) }
            case let .relationApplied(recognizer, other, relation):
                addMark(toRecognizer: Self.name(of: recognizer), .note, label: "\(relation.rawValue) with \(Self.name(of: other))", reason: text)
            case let .controlEventSent(control, events):
                self[view: Self.name(of: control)].marks.append(Mark(time: now, kind: .controlEvent, label: "\(events)", reason: text))
            case let .scrolled(scrollView, offset):
                self[view: Self.name(of: scrollView)].marks.append(
                    Mark(time: now, kind: .scrolled, label: "offset \(offset.x),\(offset.y)", reason: text))
            case .hoverReceived, .scrollReceived, .transformReceived:
                // The pointer lane comes from the scenario's input; this is its reason.
                pointerNotes[now, default: []].append(text)
            case .deferredInputRejected, .inputReceived, .delegateAnswered:
                // The touch lanes come from the scenario's input; answers show in --explain.
                break
            }
        }

        /// A view's callback: its mark, the span its latency record gives when it was delayed,
        /// and the end of the withheld phases it delivers or replaces (R65, R66).
        private func delivered(_ view: String, _ phase: TouchPhase, _ ids: [Int], delayed: Bool, text: String) {
            let idText = ids.map(String.init).joined(separator: ",")
            var reasons = [text]
            let line = latencyLine(for: .delivery(view: view, phase: phase, touchIDs: ids))
            if let line { reasons.append(reasonLine(line.description)) }
            // A callback for a phase ends the wait of that phase; an end or cancel ends them all.
            let closes = withheld.filter {
                $0.view == view && ids.contains($0.touch) && ($0.phase == phase || phase.isTerminal)
            }
            withheld.removeAll { entry in closes.contains { $0.touch == entry.touch && $0.phase == entry.phase && $0.view == entry.view } }
            if let line, line.delay > .zero {
                let causes = line.causes.map { "\($0.recognizer) (\($0.reason))" }
                let by = causes.isEmpty ? "" : " by " + unique(causes).joined(separator: ", ")
                let withheldLines = closes.filter { $0.phase == phase }.flatMap(\.reasons)
                self[view: view].spans.append(
                    Span(
                        start: line.readyAt, end: line.deliveredAt, kind: .withheld, label: "\(phase) \(idText) withheld\(by)",
                        reason: (withheldLines + [reasonLine(line.description)]).joined(separator: "\n")))
                for entry in closes where entry.phase != phase {
                    closeWithheld(entry, at: now, note: text)
                }
            } else {
                for entry in closes { closeWithheld(entry, at: now, note: text) }
            }
            self[view: view].marks.append(
                Mark(
                    time: now, kind: .delivery(phase, delayed: delayed), label: "\(phase) \(idText)",
                    reason: reasons.joined(separator: "\n")))
        }

        /// Withheld phases that will never reach their view (R67, R120).
        private func discard(_ touches: [Touch], text: String) {
            for touch in touches {
                let entries = withheld.filter { $0.touch == touch.id }
                withheld.removeAll { $0.touch == touch.id }
                for entry in entries { closeWithheld(entry, at: now, note: text) }
                let view = entries.first?.view ?? touch.hitTestView.map(Self.name(of:)) ?? "?"
                self[view: view].marks.append(Mark(time: now, kind: .discarded, label: "discarded \(touch.id)", reason: text))
            }
        }

        private func closeWithheld(_ entry: OpenWithheld, at end: Timestamp, note: String) {
            guard end > entry.start else { return }
            self[view: entry.view].spans.append(
                Span(
                    start: entry.start, end: end, kind: .withheld,
                    label: "\(entry.phase) \(entry.touch) withheld by \(entry.by.joined(separator: ", "))",
                    reason: (entry.reasons + [note]).joined(separator: "\n")))
        }

        private func closeBand(_ name: String, at end: Timestamp, note: String?) {
            guard let open = bands.removeValue(forKey: name) else { return }
            let reasons = open.reasons + (note.map { [$0] } ?? [])
            self[recognizer: name].spans.append(
                Span(start: open.start, end: end, kind: open.kind, label: open.label, reason: reasons.joined(separator: "\n")))
        }

        private func closeWait(_ name: String, at end: Timestamp, note: String) {
            guard let open = waits.removeValue(forKey: name) else { return }
            self[recognizer: name].spans.append(
                Span(
                    start: open.start, end: end, kind: .waiting, label: open.label,
                    reason: (open.reasons + [note]).joined(separator: "\n")))
        }

        private func addMark(toRecognizer name: String, _ kind: MarkKind, label: String, reason: String) {
            self[recognizer: name].marks.append(Mark(time: now, kind: kind, label: label, reason: reason))
        }

        /// The latency tracer's newest record when it is the one for `event` (it accounts for
        /// each record before this recorder draws it).
        private func latencyLine(for event: LatencyRecord.Event) -> LatencyRecord? {
            guard let last = latency.records.last, last.event == event, last.deliveredAt == now else { return nil }
            return last
        }

        // Modified in place (`_modify`): a get-then-set would copy the lane's arrays at every
        // mark, quadratic in a long run.
        private subscript(view view: String) -> Lane {
            get { viewLanes[view] ?? Lane(kind: .view, name: view, detail: "") }
            _modify { yield &viewLanes[view, default: Lane(kind: .view, name: view, detail: "")] }
        }

        private subscript(recognizer name: String) -> Lane {
            get { recognizerLanes[name] ?? Lane(kind: .recognizer, name: name, detail: "") }
            _modify { yield &recognizerLanes[name, default: Lane(kind: .recognizer, name: name, detail: "")] }
        }

        private func stateWord(_ kind: SpanKind?) -> String {
            if case let .state(state)? = kind { return state.description }
            if case let .held(state)? = kind { return "\(state) (held)" }
            return "open"
        }

        static func name(of view: View) -> String { view.name ?? view.description }
        static func name(of recognizer: GestureRecognizer) -> String { recognizer.name ?? recognizer.description }
    }
}

/// `list` without repeats, in first-seen order.
func unique(_ list: [String]) -> [String] {
    var seen: Set<String> = []
    return list.filter { seen.insert($0).inserted }
}
