import GestureArbiter

/// A deliberately simple second implementation of the rules, for a subset of scenarios, written
/// for clarity and not speed: the differential check runs it beside the engine and any log
/// difference is a failure.
///
/// The subset (``ReferenceInterpreter/supports(_:)``): one window; views with frames and
/// `handlesTouches` only; tap recognizers of one finger and one or two taps, and one-finger long
/// presses without taps (any positive duration), with `cancelsTouchesInView`,
/// `delaysTouchesBegan`, `delaysTouchesEnded` and `requireToFail`; delegate simultaneity; input
/// of one finger at a time that begins and ends (no moves), and idle entries. Within it the
/// interpreter follows docs/semantics.md directly: hit-testing (R1-R8), binding (R23-R28), the
/// tap (R81-R92), the long press (R141, R143, R146, R148, R154, R184), exclusion (R43-R48),
/// requirements (R51-R59), holds recomputed from scratch rather than counted (R61-R67), pass
/// order (R76-R78), resets (R39).
public enum ReferenceInterpreter {
    /// Whether the interpreter covers `scenario`.
    public static func supports(_ scenario: Scenario) -> Bool {
        guard scenario.controllersHandlingTouches.isEmpty, scenario.delegate.shouldReceive.isEmpty,
            scenario.delegate.shouldBegin.isEmpty, scenario.delegate.requireFailure.isEmpty,
            scenario.delegate.requiredToFailBy.isEmpty
        else { return false }
        for view in scenario.views {
            let plain = Scenario.ViewSpec(id: view.id, parent: view.parent, frame: view.frame)
            var comparable = view
            comparable.handlesTouches = true
            if comparable != plain { return false }
        }
        for gesture in scenario.gestures {
            guard gesture.enabled else { return false }
            switch gesture.kind {
            case let .tap(taps, touches): guard touches == 1, taps <= 2 else { return false }
            case let .longPress(duration, _, taps, touches): guard duration > 0, duration <= 100, taps == 0, touches == 1 else { return false }
            default: return false
            }
        }
        var live: Int?
        for entry in scenario.input {
            switch entry.action {
            case .idle: continue
            case let .touches(touches):
                guard touches.count == 1, let touch = touches.first else { return false }
                switch touch.phase {
                case .began: if live != nil { return false }; live = touch.id
                case .ended: if live != touch.id { return false }; live = nil
                case .moved, .stationary, .cancelled: return false
                }
            case .disable, .enable, .removeGesture, .removeView, .ignore, .disableControl, .enableControl, .hover, .scroll, .transform: return false
            }
        }
        return live == nil
    }

    /// The log of `scenario`, by the rules.
    ///
    /// - Precondition: ``supports(_:)`` is true.
    public static func log(of scenario: Scenario) -> [String] {
        var machine = Machine(scenario: scenario)
        for entry in scenario.input {
            machine.fireTimers(through: entry.t)
            machine.time = max(machine.time, entry.t)
            if case let .touches(touches) = entry.action, let touch = touches.first {
                machine.input(touch)
            }
        }
        return machine.lines
    }
}

private struct Machine {
    let scenario: Scenario
    var time = 0.0
    var lines: [String] = []

    /// A recognizer of the subset: a tap, or a long press when `pressDuration` is set.
    struct Tap {
        let spec: Scenario.GestureSpec
        let taps: Int
        let depth: Int
        let order: Int
        /// A long press's minimumPressDuration, in seconds; nil for a tap.
        var pressDuration: Double? = nil
        /// A long press sent its ended action.
        var endedSent = false
        var state = GestureRecognizer.State.possible
        var touches: [Int] = []  // touch keys since reset
        var completed = 0
        var start: Point?
        var deadline: Double?
        var timerSequence = 0
        var published = false
        var held = false
        /// When its view joined the sequence (shared by the view's bound recognizers).
        var joined = Int.max
    }

    struct TouchRecord {
        let id: Int
        let view: String?
        var beganDelivered = false
        var finished = false  // ended or cancelled delivered, or discarded
        var ended = false
        var endDelivered = false
        var beganHolders: Set<String> = []
        var endedHolders: Set<String> = []
    }

    var taps: [String: Tap] = [:]
    var touches: [TouchRecord] = []
    var sequence = 0
    var joins = 0

    init(scenario: Scenario) {
        self.scenario = scenario
        for (index, spec) in scenario.gestures.enumerated() {
            switch spec.kind {
            case let .tap(count, _):
                taps[spec.id] = Tap(spec: spec, taps: count, depth: Self.depth(spec.view, in: scenario), order: index)
            case let .longPress(duration, _, _, _):
                taps[spec.id] = Tap(spec: spec, taps: 0, depth: Self.depth(spec.view, in: scenario), order: index, pressDuration: duration)
            default:
                continue
            }
        }
    }

    static func depth(_ view: String, in scenario: Scenario) -> Int {
        var depth = 0
        var current = view
        while let parent = scenario.views.first(where: { $0.id == current })?.parent {
            depth += 1
            current = parent
        }
        return depth
    }

    func stamp() -> String { Timestamp(seconds: time).description }

    mutating func log(_ text: String) { lines.append("\(stamp()) \(text)") }

    // MARK: Hit-testing (R2, R4, R7, R8)

    func hitTest(_ point: Point) -> String? {
        guard Rect(x: 0, y: 0, width: scenario.windowSize.width, height: scenario.windowSize.height).contains(point) else { return nil }
        return hit("window", point) ?? "window"
    }

    func hit(_ view: String, _ point: Point) -> String? {
        for child in scenario.views.reversed() where child.parent == view {
            let local = Point(x: point.x - child.frame.minX, y: point.y - child.frame.minY)
            guard Rect(x: 0, y: 0, width: child.frame.width, height: child.frame.height).contains(local) else { continue }
            return hit(child.id, local) ?? child.id
        }
        return nil
    }

    func chain(from view: String) -> [String] { scenario.ancestry(of: view) }

    /// The responder that runs a touch callback of `view`: the first view up the chain that
    /// handles touches (the window handles none, R10).
    func handler(of view: String) -> String? {
        for candidate in chain(from: view) where candidate != "window" {
            if scenario.views.first(where: { $0.id == candidate })?.handlesTouches ?? false { return candidate }
        }
        return nil
    }

    mutating func deliver(_ phase: String, _ key: Int) {
        guard let view = touches[key].view, let handler = handler(of: view) else { return }
        log("view \(handler) \(phase) \(touches[key].id)")
    }

    // MARK: Order (R28)

    /// Deeper views first; views at the same depth in the order they joined the sequence (the
    /// engine's documented tie rule, which R28 leaves open); a view's recognizers in the order added.
    var ordered: [String] {
        taps.values.sorted { ($0.depth, -$0.joined, -$0.order) > ($1.depth, -$1.joined, -$1.order) }.map(\.spec.id)
    }

    // MARK: Input

    mutating func input(_ touch: Scenario.TouchSpec) {
        let point = Point(x: touch.x, y: touch.y)
        switch touch.phase {
        case .began:
            let view = hitTest(point)
            log("touch \(touch.id) hit \(view ?? "none")")
            touches.append(TouchRecord(id: touch.id, view: view))
            let key = touches.count - 1
            if view == nil { touches[key].finished = true }
            var bound: [String] = []
            if let view {
                for candidate in chain(from: view) {
                    for spec in scenario.gestures where spec.view == candidate {
                        guard taps[spec.id]?.state == .possible else { continue }
                        if taps[spec.id]!.touches.isEmpty {
                            let sibling = taps.values.first { $0.spec.view == spec.view && !$0.touches.isEmpty }
                            if let sibling {
                                taps[spec.id]!.joined = sibling.joined
                            } else {
                                joins += 1
                                taps[spec.id]!.joined = joins
                            }
                        }
                        taps[spec.id]!.touches.append(key)
                        bound.append(spec.id)
                    }
                }
            }
            for id in ordered where bound.contains(id) {
                if let duration = taps[id]!.pressDuration { schedule(id, after: duration) } else { tapDown(id, at: point) }  // R141
            }
            settle(newTouch: key, endedTouch: nil)
        case .ended:
            let key = touches.lastIndex { $0.id == touch.id }!
            touches[key].ended = true
            for id in ordered where taps[id]!.touches.contains(key) {
                if taps[id]!.pressDuration != nil {
                    if taps[id]!.state == .possible { fail(id) }  // R146
                    if taps[id]!.state == .began { taps[id]!.state = .ended }  // R148
                } else if taps[id]!.state == .possible {
                    tapUp(id, at: point)
                }
            }
            settle(newTouch: nil, endedTouch: key)
        case .moved, .stationary, .cancelled:
            break
        }
    }

    // MARK: The tap (R84-R88)

    mutating func schedule(_ id: String, after seconds: Double) {
        sequence += 1
        taps[id]!.deadline = ((time + seconds) * 1e9).rounded() / 1e9
        taps[id]!.timerSequence = sequence
    }

    mutating func fail(_ id: String) {
        guard taps[id]!.state != .failed else { return }
        taps[id]!.state = .failed
        taps[id]!.held = false
        taps[id]!.deadline = nil
        log("gesture \(id) failed")
    }

    mutating func tapDown(_ id: String, at point: Point) {
        schedule(id, after: 1.5)
        if let start = taps[id]!.start {
            if point.distance(to: start) > 45 { fail(id) }
        } else {
            taps[id]!.start = point
        }
    }

    mutating func tapUp(_ id: String, at point: Point) {
        if let start = taps[id]!.start, point.distance(to: start) > 45 { return fail(id) }
        taps[id]!.completed += 1
        if taps[id]!.completed >= taps[id]!.taps {
            taps[id]!.state = .ended
            taps[id]!.deadline = nil
        } else {
            schedule(id, after: 0.35)
        }
    }

    mutating func fireTimers(through limit: Double) {
        while true {
            let due = taps.values.filter { $0.deadline.map { $0 <= limit + 1e-12 } ?? false }
                .min { ($0.deadline!, $0.timerSequence) < ($1.deadline!, $1.timerSequence) }
            guard let tap = due else { return }
            time = tap.deadline!
            if tap.pressDuration != nil {
                taps[tap.spec.id]!.deadline = nil
                taps[tap.spec.id]!.state = .began  // R143: only a possible press has a timer
            } else {
                fail(tap.spec.id)
            }
            settle(newTouch: nil, endedTouch: nil)
        }
    }

    // MARK: Arbitration (R43-R59)

    func requirements(of id: String) -> [String] { taps[id]?.spec.requireToFail.filter { taps[$0] != nil } ?? [] }

    /// R52: tracking, and possible or began (a long press that began, held or running).
    func isActive(_ id: String) -> Bool {
        !(taps[id]!.touches.isEmpty) && (taps[id]!.state == .possible || taps[id]!.state == .began)
    }

    /// R52, R132: whether requirement `req` of `id` holds `id` up: active, or held in ended and
    /// not itself waiting, through held recognizers, on `id` (in a cycle R59 decides instead).
    func holdsUp(_ id: String, _ req: String) -> Bool {
        if isActive(req) { return true }
        guard taps[req]!.held, taps[req]!.state == .ended, !taps[req]!.touches.isEmpty else { return false }
        var seen: Set<String> = [req]
        var pending = [req]
        while let current = pending.popLast() {
            for next in requirements(of: current) {
                if next == id { return false }
                if taps[next]!.held, seen.insert(next).inserted { pending.append(next) }
            }
        }
        return true
    }

    /// Began or recognized: a tap that ended, a long press that began or ended.
    func claims(_ id: String) -> Bool { taps[id]!.state == .ended || taps[id]!.state == .began }

    func related(_ a: String, _ b: String) -> Bool {
        let first = taps[a]!.spec.view
        let second = taps[b]!.spec.view
        return chain(from: first).contains(second) || chain(from: second).contains(first)
    }

    func simultaneous(_ a: String, _ b: String) -> Bool {
        scenario.delegate.simultaneous.contains([a, b]) || scenario.delegate.simultaneous.contains([b, a])
    }

    func mayExclude(_ x: String, _ y: String) -> Bool {
        if requirements(of: x).contains(y) { return false }
        // R83: never a tap with more taps (one finger each); R153 never applies to long presses
        // without taps.
        guard taps[x]!.pressDuration == nil, taps[y]!.pressDuration == nil else { return true }
        return !(taps[y]!.taps > taps[x]!.taps)
    }

    mutating func arbitrate() {
        var committed: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for id in ordered where claims(id) && !taps[id]!.published && !taps[id]!.held {
                if requirements(of: id).contains(where: { holdsUp(id, $0) }) { taps[id]!.held = true }
            }
            // Only recognizers tracking this sequence can fail by a requirement (R52, R55).
            for id in ordered where !taps[id]!.published && taps[id]!.state != .failed && !taps[id]!.touches.isEmpty {
                let recognizing = requirements(of: id).first { other in
                    let tap = taps[other]!
                    guard claims(other), !tap.held else { return false }
                    if tap.published || committed.contains(other) { return true }
                    return !requirements(of: other).contains { isActive($0) || (taps[$0]!.state == .ended && !taps[$0]!.published) }
                }
                if recognizing != nil {
                    fail(id)
                    changed = true
                    continue
                }
                guard claims(id), !requirements(of: id).contains(where: { holdsUp(id, $0) }) else { continue }
                committed.insert(id)
                if taps[id]!.held {
                    taps[id]!.held = false
                    changed = true
                }
            }
            for x in ordered where claims(x) && !taps[x]!.held && !taps[x]!.published {
                for y in ordered where y != x && !taps[y]!.published && taps[y]!.state != .failed && !taps[y]!.touches.isEmpty {
                    if related(x, y), mayExclude(x, y), !simultaneous(x, y) {
                        fail(y)
                        changed = true
                    }
                }
            }
        }
    }

    // MARK: A pass after the recognizers got their touches (R76 steps 3-7)

    mutating func settle(newTouch: Int?, endedTouch: Int?) {
        arbitrate()
        // Step 4: actions, then cancellations (R67, R68).
        for id in ordered where claims(id) && !taps[id]!.held && (!taps[id]!.published || pendingEnd(id)) {
            let pressEnded = taps[id]!.pressDuration != nil && taps[id]!.state == .ended
            if taps[id]!.published {
                // A running long press's lift (R148).
                taps[id]!.endedSent = true
                log("gesture \(id) ended")
                continue
            }
            taps[id]!.published = true
            log("gesture \(id) \(taps[id]!.pressDuration == nil ? "recognized" : "began")")
            // R56: a long press released after its lift sends began, then its current state; both
            // actions come before its cancellations (R76 step 4).
            if pressEnded {
                taps[id]!.endedSent = true
                log("gesture \(id) ended")
            }
            guard taps[id]!.spec.cancelsTouchesInView else { continue }
            // One touchesCancelled per hit-test view, ids ascending; forwarding decides who logs it.
            var cancelled: [(view: String, id: Int)] = []
            for key in taps[id]!.touches where !touches[key].finished {
                if touches[key].beganDelivered, let view = touches[key].view { cancelled.append((view, touches[key].id)) }
                touches[key].finished = true
                touches[key].beganHolders = []
                touches[key].endedHolders = []
            }
            cancelled.sort { $0.id < $1.id }
            var views: [String] = []
            for entry in cancelled where !views.contains(entry.view) { views.append(entry.view) }
            for view in views {
                guard let handler = handler(of: view) else { continue }
                let ids = cancelled.filter { $0.view == view }.map { String($0.id) }.joined(separator: ",")
                log("view \(handler) cancelled \(ids)")
            }
        }
        // Step 5: holds of recognizers that are no longer undecided go; new ones come (R61-R65).
        releaseDecided()
        if let key = newTouch, !touches[key].finished {
            for id in ordered where taps[id]!.touches.contains(key) && isUndecided(id) {
                let holding = touches.indices.contains { $0 != key && (touches[$0].beganHolders.contains(id) || touches[$0].endedHolders.contains(id)) }
                if taps[id]!.spec.delaysTouchesBegan || holding { touches[key].beganHolders.insert(id) }
            }
        }
        if let key = endedTouch, !touches[key].finished {
            for id in ordered where taps[id]!.touches.contains(key) && isUndecided(id) && taps[id]!.spec.delaysTouchesEnded {
                touches[key].endedHolders.insert(id)
            }
        }
        deliverReleased(except: [newTouch].compactMap { $0 }, ownEnd: endedTouch)
        // Step 6: this pass's own phases.
        if let key = newTouch, !touches[key].finished, touches[key].beganHolders.isEmpty {
            touches[key].beganDelivered = true
            deliver("began", key)
        }
        if let key = endedTouch, !touches[key].finished, touches[key].beganDelivered, touches[key].endedHolders.isEmpty {
            touches[key].finished = true
            deliver("ended", key)
        }
        // Step 7: resets (R39), then whatever they released.
        var reset = true
        while reset {
            reset = false
            // A running long press (began, published) is not finished: it does not reset.
            for id in ordered where taps[id]!.state != .possible && !(taps[id]!.state == .began && taps[id]!.published) {
                let linked = requirements(of: id) + taps.keys.sorted().filter { requirements(of: $0).contains(id) }
                guard !linked.contains(where: isActive) else { continue }
                // R132: a held requirement still holds up a dependent that waits (is held).
                guard !(taps[id]!.held && requirements(of: id).contains(where: { holdsUp(id, $0) })) else { continue }
                let spec = taps[id]!.spec
                let (count, depth, order) = (taps[id]!.taps, taps[id]!.depth, taps[id]!.order)
                taps[id] = Tap(spec: spec, taps: count, depth: depth, order: order, pressDuration: taps[id]!.pressDuration)
                for key in touches.indices {
                    touches[key].beganHolders.remove(id)
                    touches[key].endedHolders.remove(id)
                }
                reset = true
            }
        }
        deliverReleased(except: [], ownEnd: nil)
    }

    /// A long press that published began and has ended, its ended action not yet sent (R148).
    func pendingEnd(_ id: String) -> Bool {
        taps[id]!.pressDuration != nil && taps[id]!.state == .ended && !taps[id]!.endedSent
    }

    func isUndecided(_ id: String) -> Bool { taps[id]!.state == .possible || taps[id]!.held }

    mutating func releaseDecided() {
        for key in touches.indices {
            touches[key].beganHolders = touches[key].beganHolders.filter { isUndecided($0) }
            touches[key].endedHolders = touches[key].endedHolders.filter { isUndecided($0) }
        }
    }

    /// Withheld phases whose holders are all gone, in time order: a began with its catch-up end,
    /// or an end (R66).
    /// `ownEnd` is the touch that ended in this pass: its end is step 6's unless its began is
    /// released here (then the catch-up end comes with it).
    mutating func deliverReleased(except current: [Int], ownEnd: Int?) {
        for key in touches.indices where !touches[key].finished && !current.contains(key) {
            if key == ownEnd, touches[key].beganDelivered { continue }
            if !touches[key].beganDelivered, touches[key].beganHolders.isEmpty, touches[key].view != nil {
                touches[key].beganDelivered = true
                deliver("began", key)
                if touches[key].ended, touches[key].endedHolders.isEmpty {
                    touches[key].finished = true
                    deliver("ended", key)
                }
            } else if touches[key].beganDelivered, touches[key].ended, touches[key].endedHolders.isEmpty {
                touches[key].finished = true
                deliver("ended", key)
            }
        }
    }
}
