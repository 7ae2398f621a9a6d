import GestureArbiter

extension TimelinePicture {
    /// The pointer lane of a run's input, or nil when it has no pointer input: the pointer in the
    /// window as a ``SpanKind/hovering`` band from hover entered to exited (R268), each scroll
    /// sequence as a ``SpanKind/scrolling(_:)`` span (R272), each trackpad pinch or rotation as a
    /// ``SpanKind/transforming`` span (R291), a mark for every hover, scroll and transform entry
    /// and one for every click's button going down (R261, R262). Spans still open at `end` close
    /// there.
    static func pointerLane(_ input: ArraySlice<Scenario.InputEntry>, notes: [Timestamp: [String]], end: Timestamp) -> Lane? {
        var lane = Lane(kind: .pointer, name: "pointer", detail: "")
        var hovering: (start: Timestamp, reasons: [String])?
        var scrolling: (start: Timestamp, type: ScrollType, reasons: [String])?
        var transforming: (start: Timestamp, reasons: [String])?
        var kinds: [String] = []
        for entry in input {
            let time = Timestamp(seconds: entry.t)
            switch entry.action {
            case let .hover(hover):
                let reason = (["hover \(hover.phase) at \(at(hover.x, hover.y))"] + (notes[time] ?? [])).joined(separator: "\n")
                let label = hover.phase == .moved ? "" : hover.phase == .entered ? "enter" : "exit"
                lane.marks.append(Mark(time: time, kind: .hover(hover.phase), label: label, reason: reason))
                kinds.append("hover")
                switch hover.phase {
                case .entered:
                    hovering = (time, [reason])
                case .moved:
                    hovering?.reasons.append(reason)
                case .exited:
                    if let open = hovering {
                        lane.spans.append(Span(start: open.start, end: time, kind: .hovering, label: "in the window",
                                               reason: (open.reasons + [reason]).joined(separator: "\n")))
                    }
                    hovering = nil
                }
            case let .scroll(scroll):
                let type = scroll.type ?? scrolling?.type ?? .continuous
                let reason = (["scroll \(scroll.phase) \(type) at \(at(scroll.x, scroll.y)), delta \(at(scroll.delta.x, scroll.delta.y))"]
                    + (notes[time] ?? [])).joined(separator: "\n")
                let label = scroll.phase == .began ? scrollName(type) : scroll.phase == .changed ? "" : "\(scroll.phase)"
                lane.marks.append(Mark(time: time, kind: .scroll(scroll.phase), label: label, reason: reason))
                kinds.append("scroll")
                switch scroll.phase {
                case .began:
                    scrolling = (time, type, [reason])
                case .changed:
                    scrolling?.reasons.append(reason)
                case .ended, .cancelled:
                    if let open = scrolling {
                        lane.spans.append(Span(start: open.start, end: time, kind: .scrolling(open.type), label: scrollName(open.type),
                                               reason: (open.reasons + [reason]).joined(separator: "\n")))
                    }
                    scrolling = nil
                }
            case let .transform(transform):
                let reason = (["trackpad \(transform.phase) at \(at(transform.x, transform.y)), scale \(transform.scale), rotation \(transform.rotation) rad"]
                    + (notes[time] ?? [])).joined(separator: "\n")
                let label = transform.phase == .began ? "pinch/rotate" : transform.phase == .changed ? "" : "\(transform.phase)"
                lane.marks.append(Mark(time: time, kind: .transform(transform.phase), label: label, reason: reason))
                kinds.append("trackpad transform")
                switch transform.phase {
                case .began:
                    transforming = (time, [reason])
                case .changed:
                    transforming?.reasons.append(reason)
                case .ended, .cancelled:
                    if let open = transforming {
                        lane.spans.append(Span(start: open.start, end: time, kind: .transforming, label: "pinch/rotate",
                                               reason: (open.reasons + [reason]).joined(separator: "\n")))
                    }
                    transforming = nil
                }
            case let .touches(touches):
                for touch in touches where touch.type == .indirectPointer && touch.phase == .began {
                    let label = clickLabel(touch)
                    lane.marks.append(Mark(time: time, kind: .click, label: label,
                                           reason: "\(label) (touch \(touch.id)) at \(at(touch.x, touch.y))"))
                    kinds.append("clicks")
                }
            default:
                break
            }
        }
        if let open = hovering {
            lane.spans.append(Span(start: open.start, end: end, kind: .hovering, label: "in the window",
                                   reason: (open.reasons + ["still in the window at the end"]).joined(separator: "\n")))
        }
        if let open = scrolling {
            lane.spans.append(Span(start: open.start, end: end, kind: .scrolling(open.type), label: scrollName(open.type),
                                   reason: (open.reasons + ["still scrolling at the end"]).joined(separator: "\n")))
        }
        if let open = transforming {
            lane.spans.append(Span(start: open.start, end: end, kind: .transforming, label: "pinch/rotate",
                                   reason: (open.reasons + ["still transforming at the end"]).joined(separator: "\n")))
        }
        guard !kinds.isEmpty else { return nil }
        lane.detail = unique(kinds).joined(separator: ", ")
        lane.spans = inStartOrder(lane.spans)
        return lane
    }

    /// `click secondary+shift`: a click's buttons (primary when none is named, R262) and modifier
    /// keys.
    static func clickLabel(_ touch: Scenario.TouchSpec) -> String {
        "click " + ((touch.buttons.isEmpty ? ["primary"] : touch.buttons) + touch.modifiers).joined(separator: "+")
    }

    /// `wheel` for a discrete scroll, `trackpad` for a continuous one (R272).
    static func scrollName(_ type: ScrollType) -> String { type == .discrete ? "wheel" : "trackpad" }

    private static func at(_ x: Double, _ y: Double) -> String { "(\(number(x)), \(number(y)))" }
}
