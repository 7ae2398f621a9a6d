import GestureArbiter

extension TimelinePicture {
    /// The picture as one self-contained HTML page: inline SVG and CSS, no script, nothing
    /// fetched, and well-formed XML (XHTML), so that an XML parser reads it as well as a browser.
    ///
    /// Every mark and span is an SVG group with a `<title>`: the time and the engine's reasons
    /// (R122), which a browser shows on hover. Groups carry `class` (`lane`, `mark`, `span`,
    /// `break`) and `data-` attributes (kind, name, times in seconds with three decimals) for
    /// tools. The page's size is in `<meta name="timeline-size" content="WIDTHxHEIGHT">`.
    public func html() -> String {
        var page = ""
        writeHTML { page += $0 }
        return page
    }

    /// Writes ``html()`` piece by piece to `write` (the head, then each lane), so that a large
    /// page is never held whole in memory. The page's size is linear in the marks and spans: a
    /// label is at most ``maximumLabelLength`` characters, a title at most
    /// ``maximumTitleLines`` lines of at most ``maximumReasonLength`` characters, and an idle
    /// break is drawn with a fixed number of shapes whatever the page's height.
    public func writeHTML(to write: (String) -> Void) {
        var canvas = Canvas(picture: self)
        canvas.layOut()
        write(
            """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="timeline-size" content="\(canvas.width)x\(canvas.height)"/>
            <title>\(escape("Timeline: " + clipped(title, to: Self.maximumLabelLength * 2)))</title>
            <style>
            \(Canvas.css)
            </style>
            </head>
            <body>

            """)
        canvas.draw(to: write)
        write(
            """

            </body>
            </html>

            """)
    }

    /// The most characters a label, lane name or detail shows; a longer one is cut, ending in
    /// "...".
    public static let maximumLabelLength = 80
    /// The most characters of one reason line (one `--explain` line) a title shows.
    public static let maximumReasonLength = 300
    /// The most lines a mark's or span's title shows; the rest are counted in a last line.
    public static let maximumTitleLines = 40
}

/// `text` cut to `limit` characters (the last three being "...") when it is longer.
func clipped(_ text: String, to limit: Int) -> String {
    var count = 0
    var index = text.startIndex
    while index < text.endIndex {
        count += 1
        if count > limit { return String(text[..<text.index(index, offsetBy: -3, limitedBy: text.startIndex)!]) + "..." }
        index = text.index(after: index)
    }
    return text
}

/// A title's text: at most ``TimelinePicture/maximumTitleLines`` lines, each at most
/// ``TimelinePicture/maximumReasonLength`` characters, then how many more lines there were.
func clippedTitle(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let shown = lines.count > TimelinePicture.maximumTitleLines ? TimelinePicture.maximumTitleLines - 1 : lines.count
    var kept = lines.prefix(shown).map { clipped(String($0), to: TimelinePicture.maximumReasonLength) }
    if shown < lines.count { kept.append("... (\(lines.count - shown) more lines)") }
    return kept.joined(separator: "\n")
}

/// `text` with the five XML special characters as entities, and the control characters XML
/// forbids left out (tabs and newlines stay).
func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\n", "\t": out.unicodeScalars.append(scalar)
        default:
            if scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF { out.unicodeScalars.append(scalar) }
        }
    }
    return out
}

/// Lays out and draws a ``TimelinePicture`` as SVG: ``layOut()`` measures every lane (one pass,
/// no SVG), then ``draw(to:)`` writes the page lane by lane. Every lookup on the time axis is a
/// binary search, and each lane is drawn in one sweep over its marks and spans.
private struct Canvas {
    let picture: TimelinePicture
    /// Where the plot starts (the lane names are to its left).
    static let plotLeft = 200.0
    static let breakWidth = 64.0
    static let charWidth = 6.2
    /// A generous width per character of the 9.5 px lane details.
    static let detailCharWidth = 5.7
    static let labelRowHeight = 11.0
    static let spanRowHeight = 15.0
    /// The axis's knots, in time order: their times and their x from the plot's left.
    var knotTimes: [Timestamp] = []
    var knotXs: [Double] = []
    var secondsWidth = 0.0
    var width = 0
    var height = 0
    var plotRight = 0.0
    var lanesBottom = 0.0
    /// The height of the notes written out below the legend.
    var notesHeight = 0.0
    /// Per lane (in ``TimelinePicture/lanes`` order): its top, its height, the row of each of its
    /// stacked spans.
    var layouts: [(top: Double, height: Double, rows: [Int])] = []

    init(picture: TimelinePicture) {
        self.picture = picture
        var instants: Set<Timestamp> = [.zero, picture.endTime]
        for lane in picture.lanes {
            for mark in lane.marks { instants.insert(mark.time) }
            for span in lane.spans {
                instants.insert(span.start)
                instants.insert(span.end)
            }
        }
        let sorted = instants.sorted()
        let idle = picture.breaks.reduce(0.0) { $0 + $1.length.inSeconds }
        let linear = picture.endTime.seconds - idle
        secondsWidth = linear > 0 ? min(20_000, max(15, 1000 / linear)) : 2400
        let breakStarts = Set(picture.breaks.map(\.start))
        var x = 0.0
        knotTimes = [sorted.first ?? .zero]
        knotXs = [0]
        for (start, end) in zip(sorted, sorted.dropFirst()) {
            // Breaks join consecutive instants, so a break starting here ends at `end`.
            x += breakStarts.contains(start) ? Self.breakWidth : (end - start).inSeconds * secondsWidth
            knotTimes.append(end)
            knotXs.append(x)
        }
    }

    /// The x of `time` in the page.
    func x(_ time: Timestamp) -> Double {
        // The first knot at or after `time`.
        var low = 1
        var high = knotTimes.count
        while low < high {
            let middle = (low + high) / 2
            if knotTimes[middle] < time { low = middle + 1 } else { high = middle }
        }
        guard low < knotTimes.count else {
            let last = knotTimes.count - 1
            return Self.plotLeft + knotXs[last] + (time - knotTimes[last]).inSeconds * secondsWidth
        }
        let span = (knotTimes[low] - knotTimes[low - 1]).inSeconds
        let fraction = span > 0 ? (time - knotTimes[low - 1]).inSeconds / span : 0
        return Self.plotLeft + knotXs[low - 1] + fraction * (knotXs[low] - knotXs[low - 1])
    }

    static let sections: [(TimelinePicture.LaneKind, String)] = [
        (.touch, "Touches (as the host sent them; the view each hit; clicks with their buttons)"),
        (.pointer, "Pointer (in the window while hovering; scroll sequences by type; trackpad pinch and rotation; clicks)"),
        (.view, "Views (touch callbacks received; withheld phases shaded)"),
        (.recognizer, "Recognizers (state bands, actions; waits on failure requirements hatched)"),
    ]

    /// The page's width and height, and where each lane goes.
    mutating func layOut() {
        // Wide enough for the plot and the labels after its end, the title and the legend.
        let titleWidth = Double(label(picture.title).count) * 9.6 + 20
        var labelsRight = x(picture.endTime) + 40
        for lane in picture.lanes {
            for span in lane.spans {
                let width = Double(label(span.label).count) * Self.charWidth
                // Stacked spans have their label at their start, bands may have it after their end.
                let isBand = span.kind != .withheld && span.kind != .waiting
                labelsRight = max(labelsRight, x(span.start) + 12 + width, isBand ? x(span.end) + 30 + width : 0)
            }
            // Coincident marks share one label (marks are in time order).
            var index = 0
            let marks = lane.marks
            while index < marks.count {
                var end = index + 1
                while end < marks.count, marks[end].time == marks[index].time { end += 1 }
                let list = marks[index..<end].map(\.label).filter { !$0.isEmpty }
                if !list.isEmpty {
                    let width = Double(groupLabel(list).count) * Self.charWidth
                    labelsRight = max(labelsRight, x(marks[index].time) + 10 * Double(list.count) + width)
                }
                index = end
            }
        }
        plotRight = max(labelsRight + 10, Self.plotLeft + 520, titleWidth - 20, 1180)
        width = Int(plotRight.rounded(.up)) + 20
        layouts = Array(repeating: (0, 0, []), count: picture.lanes.count)
        var y = 84.0
        for (kind, _) in Self.sections {
            let indices = picture.lanes.indices.filter { picture.lanes[$0].kind == kind }
            if indices.isEmpty { continue }
            y += 20
            for index in indices {
                let (rows, rowCount) = stackedRows(picture.lanes[index])
                let height = 2 * Self.labelRowHeight + 10 + 12 + Double(rowCount) * Self.spanRowHeight + 6
                layouts[index] = (y, height, rows)
                y += height
            }
            y += 6
        }
        lanesBottom = y
        notesHeight = notes(top: lanesBottom + 14 + legendHeight).height
        height = Int((lanesBottom + 14 + legendHeight + notesHeight).rounded(.up)) + 10
    }

    /// The row of each waiting or withheld span of `lane` (first fit), and the number of rows.
    func stackedRows(_ lane: TimelinePicture.Lane) -> (rows: [Int], count: Int) {
        var rowEnds: [Double] = []
        var rowOf: [Int] = []
        for span in lane.spans where span.kind == .withheld || span.kind == .waiting {
            // A row keeps room for the span's label, drawn from its start.
            let start = x(span.start)
            let end = max(x(span.end), start + 6, start + 8 + Double(label(span.label).count) * Self.charWidth)
            if let row = rowEnds.firstIndex(where: { $0 + 2 <= start }) {
                rowEnds[row] = end
                rowOf.append(row)
            } else {
                rowOf.append(rowEnds.count)
                rowEnds.append(end)
            }
        }
        return (rowOf, rowEnds.count)
    }

    /// Writes the SVG: back to front, lane backgrounds, the axis and its grid, the breaks, the
    /// lanes' contents (one lane at a time), the legend.
    func draw(to write: (String) -> Void) {
        let lanesTop = 96.0
        var header = text(10, 24, picture.title, "title")
        let seconds = picture.endTime.formattedSeconds(decimals: 3)
        var subtitle = "virtual time in seconds, 0 to \(seconds)"
        if !picture.breaks.isEmpty {
            let idle = picture.breaks.map { $0.length.inSeconds }.reduce(0, +)
            subtitle +=
                "; \(picture.breaks.count) idle stretch\(picture.breaks.count == 1 ? "" : "es") of "
                + "\(Timestamp(seconds: idle).formattedSeconds(decimals: 3)) s in all drawn short (zigzag breaks)"
        }
        subtitle += ". Hover a mark or bar for the engine's reason; the notes are also written out below the legend."
        header += text(10, 42, subtitle, "subtitle", limit: .max)
        if let stop = picture.stopReason {
            header += text(10, 58, "Run stopped: " + stop, "stopped", limit: TimelinePicture.maximumReasonLength)
        }
        write(
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            role="img" aria-label="\(escape("Timeline of " + label(picture.title)))">
            \(Self.defs)
            <rect class="page" x="0" y="0" width="\(width)" height="\(height)"/>
            \(header)
            """)
        for (lane, layout) in zip(picture.lanes, layouts) {
            write(
                "<rect class=\"lane-bg \(lane.kind.rawValue)\" x=\"0\" y=\"\(f(layout.top))\" width=\"\(f(plotRight + 20))\" "
                    + "height=\"\(f(layout.height))\"/>\n")
        }
        write(axis(top: lanesTop, bottom: lanesBottom, right: plotRight))
        for gap in picture.breaks { write(breakMarker(gap, top: lanesTop - 12, bottom: lanesBottom)) }
        for (kind, heading) in Self.sections {
            let indices = picture.lanes.indices.filter { picture.lanes[$0].kind == kind }
            guard let first = indices.first else { continue }
            write(text(Self.plotLeft - 190, layouts[first].top - 20 + 14, heading, "section", limit: .max))
            for index in indices {
                write(drawLane(picture.lanes[index], top: layouts[index].top, rows: layouts[index].rows, right: plotRight))
            }
        }
        write(legend(top: lanesBottom + 14).svg)
        write(notes(top: lanesBottom + 14 + legendHeight).svg)
        write("</svg>")
    }

    // MARK: Lanes

    /// One lane: its name and detail on the left, its spans and marks on the plot, in one sweep.
    func drawLane(_ lane: TimelinePicture.Lane, top: Double, rows rowOf: [Int], right: Double) -> String {
        // Rows: two label rows, the mark row, then rows of stacked waiting or withheld spans.
        let markY = top + 2 * Self.labelRowHeight + 10
        let stacked = lane.spans.filter { $0.kind == .withheld || $0.kind == .waiting }
        var svg = "<g class=\"lane\" data-kind=\"\(lane.kind.rawValue)\" data-name=\"\(escape(label(lane.name)))\" "
            + "data-detail=\"\(escape(label(lane.detail)))\">"
        svg += text(10, markY - 2, lane.name, "lane-name")
        // The detail stays in the left column (9.5 px text, about 5.7 px a character): a longer
        // one is cut with an ellipsis instead of running into the plot; the whole of it is in the
        // lane group's data-detail (up to the picture's bound on labels).
        let detailFit = Int((Self.plotLeft - 16) / Self.detailCharWidth)
        if lane.detail.count > detailFit {
            svg += text(10, markY + 11, String(lane.detail.prefix(detailFit - 1)) + "…", "lane-detail")
        } else {
            svg += text(10, markY + 11, lane.detail, "lane-detail")
        }

        // State bands in the mark row; a band too narrow for its label has it beside it when
        // there is room before the next band. Then the contacts, a bar from down to up.
        let bands = lane.spans.filter {
            switch $0.kind {
            case .state, .held, .hovering, .scrolling, .transforming: return true
            default: return false
            }
        }
        let markXs = lane.marks.map { x($0.time) }.sorted()
        struct Said: Hashable {
            var time: Timestamp
            var label: String
        }
        let said = Set(lane.marks.map { Said(time: $0.time, label: $0.label) })
        // The leftmost start among the bands after each one.
        var nextStart = Array(repeating: right, count: bands.count)
        var leftmost = right
        for index in bands.indices.reversed() {
            nextStart[index] = leftmost
            leftmost = min(leftmost, x(bands[index].start))
        }
        for (bandIndex, span) in bands.enumerated() {
            let start = x(span.start)
            let end = max(x(span.end), start + 5)
            let bandClass: String
            switch span.kind {
            case let .state(state): bandClass = "span state \(Self.stateClass(state))"
            case .held: bandClass = "span state held"
            case .hovering: bandClass = "span pointer hovering"
            case let .scrolling(type): bandClass = "span pointer scrolling \(type)"
            case .transforming: bandClass = "span pointer transforming"
            default: continue
            }
            let bandLabel = label(span.label)
            svg += group(bandClass, span)
            svg += "<rect x=\"\(f(start))\" y=\"\(f(markY - 8))\" width=\"\(f(end - start))\" height=\"16\"/>"
            let labelWidth = Double(bandLabel.count) * Self.charWidth
            // Inside when it fits and no mark covers it; else after the band (and the marks at
            // its end) when there is room before the next band.
            let firstAfter = Self.firstIndex(in: markXs) { $0 > start - 6 }
            let covered = firstAfter < markXs.count && markXs[firstAfter] < start + labelWidth + 10
            if labelWidth + 8 <= end - start, !covered {
                svg += text(start + 4, markY + 4, bandLabel, "band-label")
            } else {
                let pastEnd = Self.firstIndex(in: markXs) { $0 > end + 30 }
                let lastNearEnd = pastEnd > 0 && markXs[pastEnd - 1] >= end - 6 ? markXs[pastEnd - 1] : 0
                let after = max(end, lastNearEnd + 6) + 3
                if !said.contains(Said(time: span.start, label: span.label)), after + labelWidth + 4 <= nextStart[bandIndex] {
                    svg += text(after, markY + 4, bandLabel, "band-label outside")
                }
            }
            svg += "</g>"
        }
        for span in lane.spans where span.kind == .contact {
            let start = x(span.start)
            let end = max(x(span.end), start + 5)
            svg += group("span contact", span)
            svg += "<rect x=\"\(f(start))\" y=\"\(f(markY - 2))\" width=\"\(f(end - start))\" height=\"4\" rx=\"2\"/></g>"
        }
        // Stacked spans.
        for (span, row) in zip(stacked, rowOf) {
            let start = x(span.start)
            let end = max(x(span.end), start + 6)
            let rowY = markY + 12 + Double(row) * Self.spanRowHeight
            let kind = span.kind == .withheld ? "withheld" : "waiting"
            svg += group("span \(kind)", span)
            svg += "<rect x=\"\(f(start))\" y=\"\(f(rowY))\" width=\"\(f(end - start))\" height=\"12\"/>"
            svg += text(start + 4, rowY + 9.5, span.label, "span-label")
            svg += "</g>"
        }
        // Marks: coincident ones side by side, one label for them. Labels go in two rows above
        // the marks; those of moves and changes only where the others leave room.
        var groups: [(x: Double, label: String)] = []
        var index = 0
        let marks = lane.marks
        while index < marks.count {
            var group = [marks[index]]
            while index + group.count < marks.count, marks[index + group.count].time == marks[index].time {
                group.append(marks[index + group.count])
            }
            let baseX = x(marks[index].time)
            for (offset, mark) in group.enumerated() {
                svg += drawMark(mark, at: baseX + Double(offset) * 9, y: markY)
            }
            groups.append((baseX - 3, groupLabel(group.map(\.label).filter { !$0.isEmpty })))
            index += group.count
        }
        // Each row's labels so far: the major ones (placed first, in x order, so sorted and
        // disjoint) and the furthest right end of the minor ones (placed in x order).
        var majors: [[ClosedRange<Double>]] = [[], []]
        var majorEnds: [[Double]] = [[], []]
        var minorEnds: [Double] = [-.infinity, -.infinity]
        for minor in [false, true] {
            for group in groups where !group.label.isEmpty && Self.isMinor(group.label) == minor {
                let extent = (group.x - 2)...(group.x + Double(group.label.count) * Self.charWidth + 2)
                let row = (0..<2).first { row in
                    guard extent.lowerBound > minorEnds[row] else { return false }
                    // The first major label ending at or after this one's start: the only one
                    // that can overlap it.
                    let candidate = Self.firstIndex(in: majorEnds[row]) { $0 >= extent.lowerBound }
                    return candidate == majors[row].count || majors[row][candidate].lowerBound > extent.upperBound
                }
                guard let row else { continue }
                if minor {
                    minorEnds[row] = max(minorEnds[row], extent.upperBound)
                } else {
                    majors[row].append(extent)
                    majorEnds[row].append(extent.upperBound)
                }
                svg += text(group.x, markY - 12 - Double(row) * Self.labelRowHeight, group.label, "mark-label")
            }
        }
        svg += "</g>\n"
        return svg
    }

    /// The index of the first element of the ascending `values` for which `isPast` holds (it
    /// holds for every later one too), or `values.count`.
    static func firstIndex(in values: [Double], where isPast: (Double) -> Bool) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(values[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The one label of coincident marks: their labels without repeats, each clipped.
    func groupLabel(_ labels: [String]) -> String {
        label(unique(labels).joined(separator: ", "))
    }

    /// `text` as a label: at most ``TimelinePicture/maximumLabelLength`` characters.
    func label(_ text: String) -> String { clipped(text, to: TimelinePicture.maximumLabelLength) }

    /// A label that may give way to others: a move or a change.
    static func isMinor(_ label: String) -> Bool { label.hasPrefix("moved") || label == "changed" }

    func drawMark(_ mark: TimelinePicture.Mark, at x: Double, y: Double) -> String {
        let cx = f(x)
        let shape: String
        let kind: String
        switch mark.kind {
        case let .touch(phase):
            kind = "touch \(phase)"
            switch phase {
            case .began: shape = "<circle cx=\"\(cx)\" cy=\"\(f(y))\" r=\"5\"/>"
            case .moved: shape = "<circle cx=\"\(cx)\" cy=\"\(f(y))\" r=\"2.6\"/>"
            case .ended: shape = "<circle cx=\"\(cx)\" cy=\"\(f(y))\" r=\"5\"/>"
            default: shape = cross(x, y, 5)
            }
        case let .delivery(phase, delayed):
            kind = "delivery \(phase)" + (delayed ? " delayed" : "")
            let r = phase == .moved ? 3.0 : 5.5
            shape = "<circle cx=\"\(cx)\" cy=\"\(f(y))\" r=\"\(f(r))\"/>"
        case .discarded:
            kind = "discarded"
            shape = cross(x, y, 5)
        case let .action(state, recognized):
            kind = "action " + (recognized ? "recognized" : state.description)
            shape = "<path d=\"M\(cx) \(f(y - 7))L\(f(x + 6)) \(f(y))L\(cx) \(f(y + 7))L\(f(x - 6)) \(f(y))Z\"/>"
        case .note:
            kind = "note"
            shape = "<rect x=\"\(f(x - 1.5))\" y=\"\(f(y - 16))\" width=\"3\" height=\"7\"/>"
        case .controlEvent:
            kind = "control"
            shape = "<rect x=\"\(f(x - 3.5))\" y=\"\(f(y + 7))\" width=\"7\" height=\"7\"/>"
        case .scrolled:
            kind = "scrolled"
            shape = "<rect x=\"\(f(x - 1.5))\" y=\"\(f(y + 6))\" width=\"3\" height=\"9\"/>"
        case let .hover(phase):
            kind = "hover \(phase)"
            shape = "<circle cx=\"\(cx)\" cy=\"\(f(y))\" r=\"\(phase == .moved ? "2.6" : "4.5")\"/>"
        case let .scroll(phase):
            kind = "scroll \(phase)"
            let r = phase == .changed ? 2.5 : 4.5
            shape = "<rect x=\"\(f(x - r))\" y=\"\(f(y - r))\" width=\"\(f(2 * r))\" height=\"\(f(2 * r))\"/>"
        case let .transform(phase):
            kind = "transform \(phase)"
            let r = phase == .changed ? 2.8 : 4.8
            shape = "<path d=\"M\(f(x)) \(f(y - r))L\(f(x + r)) \(f(y))L\(f(x)) \(f(y + r))L\(f(x - r)) \(f(y))Z\"/>"
        case .click:
            kind = "click"
            shape = "<circle cx=\"\(cx)\" cy=\"\(f(y))\" r=\"5.5\"/>"
        }
        let title = escape(clippedTitle("\(mark.time.formattedSeconds(decimals: 3)) s\n\(mark.reason)"))
        return "<g class=\"mark \(kind)\" data-time=\"\(mark.time.formattedSeconds(decimals: 3))\" "
            + "data-label=\"\(escape(label(mark.label)))\"><title>\(title)</title>\(shape)</g>"
    }

    func group(_ classes: String, _ span: TimelinePicture.Span) -> String {
        let start = span.start.formattedSeconds(decimals: 3)
        let end = span.end.formattedSeconds(decimals: 3)
        let title = escape(clippedTitle("\(start) s to \(end) s: \(span.label.isEmpty ? "touch down" : label(span.label))\n\(span.reason)"))
        return "<g class=\"\(classes)\" data-start=\"\(start)\" data-end=\"\(end)\" data-label=\"\(escape(label(span.label)))\">"
            + "<title>\(title)</title>"
    }

    func cross(_ x: Double, _ y: Double, _ r: Double) -> String {
        "<path class=\"cross\" d=\"M\(f(x - r)) \(f(y - r))L\(f(x + r)) \(f(y + r))M\(f(x - r)) \(f(y + r))L\(f(x + r)) \(f(y - r))\"/>"
    }

    // MARK: Axis, breaks, legend

    func axis(top: Double, bottom: Double, right: Double) -> String {
        var svg = "<g class=\"axis\">"
        let axisY = top - 14
        svg += "<line class=\"axis-line\" x1=\"\(f(Self.plotLeft))\" y1=\"\(f(axisY))\" x2=\"\(f(right))\" y2=\"\(f(axisY))\"/>"
        let steps = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100]
        let step = steps.first { $0 * secondsWidth >= 60 } ?? 100
        let decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3
        // The edges of the breaks get exact labels; regular ticks keep clear of them.
        var edges: [Timestamp] = []
        for gap in picture.breaks { edges += [gap.start, gap.end] }
        let edgeXs = edges.map(x)
        var count = 0
        // Ticks and breaks both go left to right: the first break not yet behind the tick.
        var nextBreak = 0
        while true {
            let time = Timestamp(seconds: Double(count) * step)
            count += 1
            if time > picture.endTime || count > 10_000 { break }
            while nextBreak < picture.breaks.count, picture.breaks[nextBreak].end <= time { nextBreak += 1 }
            if nextBreak < picture.breaks.count, time > picture.breaks[nextBreak].start { continue }
            let tickX = x(time)
            svg += "<line class=\"grid\" x1=\"\(f(tickX))\" y1=\"\(f(axisY))\" x2=\"\(f(tickX))\" y2=\"\(f(bottom))\"/>"
            let nearEdge = Self.firstIndex(in: edgeXs) { $0 > tickX - 34 }
            if nearEdge < edgeXs.count, edgeXs[nearEdge] < tickX + 34 { continue }
            svg += text(tickX, axisY - 5, time.formattedSeconds(decimals: decimals), "tick", anchor: "middle")
        }
        var lastEdgeX = -Double.infinity
        for (edge, edgeX) in zip(edges, edgeXs) {
            svg += "<line class=\"grid\" x1=\"\(f(edgeX))\" y1=\"\(f(axisY))\" x2=\"\(f(edgeX))\" y2=\"\(f(bottom))\"/>"
            if edgeX - lastEdgeX >= 40 {
                svg += text(edgeX, axisY - 5, edge.formattedSeconds(decimals: 3), "tick", anchor: "middle")
                lastEdgeX = edgeX
            }
        }
        svg += text(Self.plotLeft - 22, axisY - 5, "t (s)", "tick", anchor: "end")
        return svg + "</g>\n"
    }

    /// An idle break: a shaded column the height of the lanes and a zigzag pair across the axis
    /// only, so that a break costs the same few shapes whatever the page's height.
    func breakMarker(_ gap: TimelinePicture.AxisBreak, top: Double, bottom: Double) -> String {
        let left = x(gap.start) + 8
        let right = x(gap.end) - 8
        let length = (Timestamp.zero + gap.length).formattedSeconds(decimals: 3)
        let label = "\(length) s idle"
        var zig = "M\(f(left)) \(f(top))"
        var zag = "M\(f(right)) \(f(top))"
        let zigzagBottom = min(bottom, top + 24)
        var y = top
        var flip = false
        while y < zigzagBottom {
            y = min(y + 8, zigzagBottom)
            flip.toggle()
            zig += "L\(f(left + (flip ? 4 : 0))) \(f(y))"
            zag += "L\(f(right + (flip ? 4 : 0))) \(f(y))"
        }
        let title = escape(
            "\(gap.start.formattedSeconds(decimals: 3)) s to \(gap.end.formattedSeconds(decimals: 3)) s: "
                + "nothing happened for \(length) s; drawn short")
        return
            "<g class=\"break\" data-start=\"\(gap.start.formattedSeconds(decimals: 3))\" data-end=\"\(gap.end.formattedSeconds(decimals: 3))\">"
            + "<title>\(title)</title>"
            + "<rect class=\"break-fill\" x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(max(right - left + 4, 1)))\" height=\"\(f(bottom - top))\"/>"
            + "<path class=\"break-line\" d=\"\(zig)\"/><path class=\"break-line\" d=\"\(zag)\"/>"
            + "<line class=\"break-line\" x1=\"\(f(left))\" y1=\"\(f(zigzagBottom))\" x2=\"\(f(left))\" y2=\"\(f(bottom))\"/>"
            + "<line class=\"break-line\" x1=\"\(f(right))\" y1=\"\(f(zigzagBottom))\" x2=\"\(f(right))\" y2=\"\(f(bottom))\"/>"
            + text((left + right) / 2 + 2, top - 20, label, "break-label", anchor: "middle") + "</g>\n"
    }

    /// The legend's height.
    var legendHeight: Double { legend(top: 0).height }

    /// Whether a control sent an event in the picture (its legend item is shown only then).
    var hasControlEvents: Bool { picture.lanes.contains { $0.marks.contains { $0.kind == .controlEvent } } }
    var hasScrolls: Bool { picture.lanes.contains { $0.marks.contains { $0.kind == .scrolled } } }

    func legend(top: Double) -> (svg: String, height: Double) {
        typealias Item = (shape: String, label: String)
        func dot(_ classes: String, _ r: Double = 5) -> String {
            "<g class=\"\(classes)\"><circle cx=\"6\" cy=\"0\" r=\"\(f(r))\"/></g>"
        }
        func band(_ classes: String) -> String { "<g class=\"\(classes)\"><rect x=\"0\" y=\"-7\" width=\"22\" height=\"14\"/></g>" }
        let rows: [(String, [Item])] = [
            (
                "Touch",
                [
                    (dot("touch began"), "down"), (dot("touch moved", 2.2), "move"), (dot("touch ended"), "up"),
                    ("<g class=\"touch cancelled\">" + cross(6, 0, 5) + "</g>", "cancel"),
                    ("<g class=\"contact\"><rect x=\"0\" y=\"-2\" width=\"22\" height=\"4\" rx=\"2\"/></g>", "finger down"),
                ]
            ),
            (
                "View",
                [
                    (dot("delivery began"), "began"), (dot("delivery moved", 3), "moved"), (dot("delivery ended"), "ended"),
                    (dot("delivery cancelled"), "cancelled"), (dot("delivery began delayed"), "delayed (was withheld)"),
                    ("<g class=\"discarded\">" + cross(6, 0, 5) + "</g>", "discarded"),
                    ("<g class=\"withheld\"><rect x=\"0\" y=\"-6\" width=\"22\" height=\"12\"/></g>", "phase withheld by recognizers"),
                ] + (hasControlEvents ? [("<g class=\"control\"><rect x=\"2.5\" y=\"-3.5\" width=\"7\" height=\"7\"/></g>", "control event sent")] : [])
                    + (hasScrolls ? [("<g class=\"scrolled\"><rect x=\"4.5\" y=\"-4.5\" width=\"3\" height=\"9\"/></g>", "content scrolled")] : [])
            ),
            (
                "Recognizer",
                [
                    (band("state possible"), "possible"), (band("state active"), "began / changed"),
                    (band("state ended"), "recognized / ended"), (band("state failed"), "failed"),
                    (band("state cancelled"), "cancelled"), (band("state held"), "held: began or recognized, not published"),
                    ("<g class=\"action\"><path d=\"M6 -7L12 0L6 7L0 0Z\"/></g>", "action sent"),
                    ("<g class=\"waiting\"><rect x=\"0\" y=\"-6\" width=\"22\" height=\"12\"/></g>", "held: waits for a failure"),
                    ("<g class=\"note\"><rect x=\"4.5\" y=\"-7\" width=\"3\" height=\"7\"/></g>", "note (refused touch, requirement)"),
                ]
            ),
        ]
        var svg = "<g class=\"legend\">"
        var y = top + 10
        for (heading, items) in rows {
            svg += text(10, y + 4, heading, "legend-heading")
            var x = 100.0
            for item in items {
                // An item that would run past the page's right edge starts a new line.
                let itemWidth = 28 + Double(item.label.count) * Self.charWidth
                if x > 100, width > 0, x + itemWidth > Double(width) - 10 {
                    x = 100
                    y += 22
                }
                svg += "<g transform=\"translate(\(f(x)) \(f(y)))\">\(item.shape)</g>"
                svg += text(x + 28, y + 4, item.label, "legend-text")
                x += itemWidth + 18
            }
            y += 22
        }
        svg += text(
            10, y + 4,
            "Axis: virtual seconds. A zigzag break is an idle stretch drawn short; the label above it gives its real length.",
            "legend-text", limit: .max)
        return (svg + "</g>\n", y + 14 - top)
    }

    /// The text of every note mark (refused touches, dynamic requirements, cycles, relations),
    /// one line each under the legend, so that a static picture keeps what hovering shows:
    /// `0.050 S: requires D (S requires D to fail for this attempt (...))`. Lines wider than the
    /// page are cut with an ellipsis.
    func notes(top: Double) -> (svg: String, height: Double) {
        var lines: [String] = []
        for lane in picture.lanes {
            for mark in lane.marks where mark.kind == .note {
                let reason = mark.reason.split(separator: "\n").first.map(String.init) ?? ""
                let label = mark.label.isEmpty ? "" : mark.label + ": "
                lines.append("\(mark.time) \(lane.name): \(label)\(reason)")
            }
        }
        guard !lines.isEmpty else { return ("", 0) }
        // In time order; lanes keep their order within an instant (a stable sort).
        let ordered = lines.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element.prefix { $0 != " " }, rhs.element.prefix { $0 != " " })
            if let l = Double(left), let r = Double(right), l != r { return l < r }
            return lhs.offset < rhs.offset
        }.map(\.element)
        let fit = max(20, Int((Double(width) - 20) / Self.charWidth))
        var svg = "<g class=\"notes\">" + text(10, top + 14, "Notes", "legend-heading")
        var y = top + 14
        for line in ordered {
            y += 14
            let shown = line.count > fit ? String(line.prefix(fit - 1)) + "…" : line
            svg += text(10, y, shown, "legend-text note-line", limit: .max)
        }
        return (svg + "</g>\n", y + 8 - top)
    }

    // MARK: Helpers

    /// A text element: `content` escaped, cut to `limit` characters (a label's length unless
    /// told otherwise).
    func text(
        _ x: Double, _ y: Double, _ content: String, _ classes: String, anchor: String? = nil,
        limit: Int = TimelinePicture.maximumLabelLength
    ) -> String {
        let anchorAttribute = anchor.map { " text-anchor=\"\($0)\"" } ?? ""
        return "<text class=\"\(classes)\" x=\"\(f(x))\" y=\"\(f(y))\"\(anchorAttribute)>\(escape(clipped(content, to: limit)))</text>"
    }

    /// A coordinate with one decimal.
    func f(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        let whole = Int(tenths / 10)
        let fraction = Int(abs(tenths).truncatingRemainder(dividingBy: 10))
        return fraction == 0 ? String(whole) : "\(tenths < 0 && whole == 0 ? "-" : "")\(whole).\(fraction)"
    }

    static func stateClass(_ state: GestureRecognizer.State) -> String {
        switch state {
        case .possible: return "possible"
        case .began, .changed: return "active"
        case .ended: return "ended"
        case .failed: return "failed"
        case .cancelled: return "cancelled"
        }
    }

    static let defs = """
        <defs>
        <pattern id="hatch-withheld" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
        <rect width="6" height="6" fill="#ffe0b2"/><line x1="0" y1="0" x2="0" y2="6" stroke="#fb8c00" stroke-width="2.5"/></pattern>
        <pattern id="hatch-waiting" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">\
        <rect width="6" height="6" fill="#e3f2fd"/><line x1="0" y1="0" x2="0" y2="6" stroke="#64b5f6" stroke-width="2.5"/></pattern>
        </defs>
        """

    static let css = """
        body { margin: 0; background: #ffffff; }
        svg { display: block; font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; }
        .page { fill: #ffffff; }
        .title { font-size: 16px; font-weight: bold; fill: #212121; }
        .subtitle { font-size: 11px; fill: #546e7a; }
        .stopped { font-size: 11px; fill: #c62828; font-weight: bold; }
        .section { font-size: 11px; font-weight: bold; fill: #37474f; }
        .lane-bg { fill: #fafafa; stroke: #eceff1; }
        .lane-bg.view { fill: #f7f9fc; }
        .lane-bg.recognizer { fill: #fcfaf7; }
        .lane-name { font-size: 12px; font-weight: bold; fill: #263238; }
        .lane-detail { font-size: 9.5px; fill: #607d8b; }
        .axis-line { stroke: #90a4ae; stroke-width: 1; }
        .grid { stroke: #eceff1; stroke-width: 1; }
        .tick { font-size: 10px; fill: #546e7a; }
        .mark-label { font-size: 10px; fill: #263238; }
        .band-label { font-size: 10px; fill: #ffffff; font-weight: bold; }
        .state.possible .band-label { fill: #37474f; }
        .band-label.outside { font-weight: normal; }
        .state.ended .band-label.outside { fill: #2e7d32; }
        .state.failed .band-label.outside { fill: #c62828; }
        .state.cancelled .band-label.outside { fill: #6a1b9a; }
        .state.held .band-label { fill: #e65100; }
        .state.active .band-label.outside { fill: #e65100; }
        .span-label { font-size: 9.5px; fill: #3e2723; }
        .waiting .span-label { fill: #0d47a1; }
        .contact rect { fill: #78909c; }
        .touch circle { stroke: #263238; stroke-width: 1.5; }
        .touch.began circle { fill: #263238; }
        .touch.moved circle { fill: #263238; stroke: #ffffff; stroke-width: 0.8; }
        .touch.ended circle { fill: #ffffff; }
        .cross { stroke: #c62828; stroke-width: 2.2; fill: none; }
        .discarded .cross { stroke: #757575; }
        .delivery circle { stroke: #ffffff; stroke-width: 1.2; }
        .delivery.began circle { fill: #2e7d32; }
        .delivery.moved circle { fill: #90a4ae; }
        .delivery.ended circle { fill: #1565c0; }
        .delivery.cancelled circle { fill: #c62828; }
        .delivery.delayed circle { stroke: #e65100; stroke-width: 2; stroke-dasharray: 2 1.5; }
        .state rect { stroke: #ffffff; stroke-width: 0.5; }
        .state.possible rect { fill: #cfd8dc; }
        .state.active rect { fill: #ffb300; }
        .state.ended rect { fill: #43a047; }
        .state.failed rect { fill: #e53935; }
        .state.cancelled rect { fill: #8e24aa; }
        .state.held rect { fill: #fff8e1; stroke: #ff8f00; stroke-width: 1; stroke-dasharray: 3 2; }
        .action path { fill: #212121; stroke: #ffffff; stroke-width: 1; }
        .withheld rect { fill: url(#hatch-withheld); stroke: #ef6c00; stroke-width: 1; }
        .waiting rect { fill: url(#hatch-waiting); stroke: #1e88e5; stroke-width: 1; }
        .note rect { fill: #546e7a; }
        .lane-bg.pointer { fill: #f7fbf9; }
        .pointer.hovering rect { fill: #b2dfdb; }
        .pointer.scrolling rect { fill: #4db6ac; }
        .pointer.scrolling.discrete rect { fill: #00796b; }
        .pointer .band-label { fill: #004d40; }
        .pointer.scrolling .band-label { fill: #ffffff; }
        .pointer.transforming rect { fill: #80cbc4; }
        .transform path { fill: #004d40; stroke: #ffffff; stroke-width: 0.8; }
        .hover circle { fill: #00695c; stroke: #ffffff; stroke-width: 0.8; }
        .scroll rect { fill: #004d40; stroke: #ffffff; stroke-width: 0.8; }
        .click circle { fill: #ffffff; stroke: #004d40; stroke-width: 2.5; }
        .control rect { fill: #00897b; stroke: #ffffff; stroke-width: 0.8; }
        .scrolled rect { fill: #6a1b9a; }
        .break-fill { fill: #eceff1; }
        .break-line { stroke: #90a4ae; stroke-width: 1.2; fill: none; }
        .break-label { font-size: 10px; fill: #37474f; font-style: italic; }
        .legend-heading { font-size: 11px; font-weight: bold; fill: #37474f; }
        .legend-text { font-size: 10.5px; fill: #37474f; }
        .mark:hover, .span:hover { opacity: 0.75; }
        """
}
