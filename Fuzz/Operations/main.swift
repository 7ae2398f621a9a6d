// The operations fuzzer: reads the input bytes as a sequence of public calls on GestureArbiter
// (touch events of any phase, id, location and time; views, windows and recognizers of every
// built-in type added, moved and removed; flags flipped; failure requirements, cycles included;
// delegates, actions, views and a recognizer of our own that answer from the bytes and call back
// into the engine from inside its callbacks; the clock advanced, forwards and backwards).
//
// It checks, besides "no crash" (AddressSanitizer is on):
// - every touch a view saw begin ends (ended or cancelled) exactly once: no second began, no
//   moved or end without began, no second end, and at the end of the input, after every live
//   touch is cancelled and the clock is advanced far, no began left without its end (R117-R121);
// - the touches of every callback are in id order (R79);
// - the view tree stays a tree: each view is listed once, under its own superview.
// A thrown `DispatchError` or `ClockError` is an expected outcome, not a failure.
//
// Built and run by Scripts/fuzz.sh; see Fuzz/README.md. Options (libFuzzer ignores arguments
// that start with `--`, so they pass through to this target):
//   --avoid=NAME[,NAME...]  skips one kind of operation or check that a known, still open finding
//                           trips, so that fuzzing goes deeper meanwhile. Names: see `Avoid`.

import GestureArbiter

// MARK: - Options

/// The operations and checks `--avoid=` can switch off, each tied to one finding in
/// Fuzz/README.md.
struct Avoid: OptionSet {
    let rawValue: Int
    /// Dropping the environment while touches are live (views never get touchesCancelled).
    static let dropEnvironment = Avoid(rawValue: 1 << 0)
    /// `ignore(_:for:)` (a pan keeps the ignored touch among its fingers).
    static let ignore = Avoid(rawValue: 1 << 1)
    /// The id-order check of every callback's touches (R79).
    static let idOrder = Avoid(rawValue: 1 << 2)
    /// `addSubview` of an existing view from inside a callback (re-entering a move).
    static let reentrantMove = Avoid(rawValue: 1 << 3)
    /// The tree check (each view listed once, under its own superview).
    static let treeCheck = Avoid(rawValue: 1 << 4)
    /// A `hitTest` override that returns a view from elsewhere.
    static let hostileHitTest = Avoid(rawValue: 1 << 5)
    /// Setting a recognizer's `state` from outside its own callbacks.
    static let outsideState = Avoid(rawValue: 1 << 6)
    /// A pan's touch bounds out of order or negative (maximumNumberOfTouches below minimum).
    static let oddPanBounds = Avoid(rawValue: 1 << 7)

    static let names: [(String, Avoid)] = [
        ("drop-environment", .dropEnvironment), ("ignore", .ignore), ("id-order", .idOrder),
        ("reentrant-move", .reentrantMove), ("tree-check", .treeCheck),
        ("hostile-hit-test", .hostileHitTest), ("outside-state", .outsideState), ("odd-pan-bounds", .oddPanBounds),
    ]
}

nonisolated(unsafe) var avoided: Avoid = []
/// `--trace`: print every operation (to read a reproducer).
nonisolated(unsafe) var tracing = false

/// Prints `message` when tracing, indented by the re-entry depth.
func note(_ depth: Int, _ message: @autoclosure () -> String) {
    if tracing { print(String(repeating: "  ", count: max(0, depth - 1)) + message()) }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> CInt {
    for argument in fuzzerArguments(argc, argv) {
        if argument == "--trace" { tracing = true }
        guard argument.hasPrefix("--avoid=") else { continue }
        for name in argument.dropFirst("--avoid=".count).split(separator: ",") {
            guard let match = Avoid.names.first(where: { $0.0 == name }) else {
                print("operations fuzzer: unknown --avoid name \(name); known: \(Avoid.names.map(\.0))")
                exit(2)
            }
            avoided.insert(match.1)
        }
    }
    if !avoided.isEmpty {
        print("operations fuzzer: avoiding \(Avoid.names.filter { avoided.contains($0.1) }.map(\.0))")
    }
    return 0
}

@_silgen_name("fflush") func fflush(_ stream: OpaquePointer?) -> CInt

/// Reports a broken invariant and stops the process, so that libFuzzer saves the input.
func violation(_ message: String) -> Never {
    print("INVARIANT VIOLATED: \(message)")
    _ = fflush(nil)  // the trace and this line, before the process stops
    fatalError("invariant violated: \(message)")
}

// MARK: - Bytes

/// The input, read front to back; past its end every read is 0.
struct Bytes {
    let base: UnsafePointer<UInt8>
    let count: Int
    var index = 0

    var isAtEnd: Bool { index >= count }

    mutating func byte() -> UInt8 {
        guard index < count else { return 0 }
        defer { index += 1 }
        return base[index]
    }

    mutating func below(_ bound: Int) -> Int { Int(byte()) % bound }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

    /// A coordinate: mostly small and on-screen, sometimes hostile.
    mutating func coordinate() -> Double {
        let b = byte()
        switch b {
        case 0..<200: return Double(b) * 2 - 20
        case 200: return .nan
        case 201: return .infinity
        case 202: return -.infinity
        case 203: return 1e300
        case 204: return -1e300
        case 205: return .greatestFiniteMagnitude
        case 206: return .leastNonzeroMagnitude
        case 207: return -0.0
        case 208: return 1e9
        default: return Double(Int(b) - 230) * 0.5
        }
    }

    mutating func size() -> Double {
        let b = byte()
        switch b {
        case 0..<220: return Double(b) * 2
        case 220: return .nan
        case 221: return -50
        case 222: return .infinity
        case 223: return 1e300
        default: return 0
        }
    }

    mutating func rect() -> Rect { Rect(x: coordinate(), y: coordinate(), width: size(), height: size()) }

    mutating func duration() -> Duration {
        let b = byte()
        switch b % 24 {
        case 0: return .zero
        case 1: return .nanoseconds(1)
        case 2: return .milliseconds(1)
        case 3: return .milliseconds(10)
        case 4: return .milliseconds(50)
        case 5: return .milliseconds(100)
        case 6: return .milliseconds(149)
        case 7: return .milliseconds(150)
        case 8: return .milliseconds(151)
        case 9: return .milliseconds(300)
        case 10: return .milliseconds(350)
        case 11: return .milliseconds(500)
        case 12: return .milliseconds(1499)
        case 13: return .milliseconds(1500)
        case 14: return .seconds(2)
        case 15: return .seconds(10)
        case 16: return .milliseconds(-1)
        case 17: return .seconds(-10)
        case 18: return .seconds(Int64.max)
        case 19: return .seconds(Int64.min)
        case 20: return .nanoseconds(Int64.max)
        case 21: return .seconds(1e6)
        default: return .milliseconds(Int64(byte()) * 4)
        }
    }

    mutating func touchID() -> Int {
        let b = byte()
        switch b % 16 {
        case 12: return Int.max
        case 13: return Int.min
        case 14: return -1
        case 15: return 0
        default: return Int(b % 5) + 1
        }
    }
}

// MARK: - Records

/// What one view saw of one touch object.
struct Sighting {
    let view: RecordingView
    let touch: Touch  // kept alive, so that its identity is never reused
    var began = 0
    var ends = 0
}

/// A view that records began / moved / ended / cancelled per touch object and checks them.
final class RecordingView: View {
    weak var world: World?
    let serial: Int
    /// When set, `hitTest` answers from the bytes, sometimes with a view from elsewhere.
    var hostileHitTest = false
    var sightings: [ObjectIdentifier: Int] = [:]  // touch -> index in world.sightings

    init(world: World, frame: Rect, serial: Int) {
        self.world = world
        self.serial = serial
        super.init(frame: frame)
        name = "v\(serial)"
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        guard let world else { return }
        world.checkOrder(touches, "\(self) touchesBegan")
        for touch in touches {
            let key = ObjectIdentifier(touch)
            if let index = sightings[key] {
                violation("\(self) got began twice for \(touch) (ends so far: \(world.sightings[index].ends))")
            }
            sightings[key] = world.sightings.count
            world.sightings.append(Sighting(view: self, touch: touch, began: 1))
        }
        note(world.depth + 1, "  \(self) touchesBegan \(touches.ids)")
        world.callback(event)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        guard let world else { return }
        world.checkOrder(touches, "\(self) touchesMoved")
        for touch in touches {
            guard let index = sightings[ObjectIdentifier(touch)] else {
                violation("\(self) got moved for \(touch) without began")
            }
            if world.sightings[index].ends > 0 { violation("\(self) got moved for \(touch) after its end") }
        }
        note(world.depth + 1, "  \(self) touchesMoved \(touches.ids)")
        world.callback(event)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        end(touches, event, "touchesEnded")
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        end(touches, event, "touchesCancelled")
    }

    private func end(_ touches: TouchSet, _ event: Event?, _ what: String) {
        guard let world else { return }
        world.checkOrder(touches, "\(self) \(what)")
        for touch in touches {
            guard let index = sightings[ObjectIdentifier(touch)] else {
                violation("\(self) got \(what) for \(touch) without began")
            }
            world.sightings[index].ends += 1
            if world.sightings[index].ends > 1 { violation("\(self) got \(what) for \(touch), a second end") }
        }
        note(world.depth + 1, "  \(self) \(what) \(touches.ids)")
        world.callback(event)
    }

    override func hitTest(_ point: Point, with event: Event?) -> View? {
        guard hostileHitTest, let world, !avoided.contains(.hostileHitTest) else {
            return super.hitTest(point, with: event)
        }
        switch world.bytes.below(4) {
        case 0: return nil
        case 1: return world.views.isEmpty ? nil : world.views[world.bytes.below(world.views.count)]
        default: return super.hitTest(point, with: event)
        }
    }

    override func point(inside point: Point, with event: Event?) -> Bool {
        world?.callback(event)
        return super.point(inside: point, with: event)
    }
}

/// A delegate answering every question from the bytes, sometimes calling back into the engine.
final class FuzzDelegate: GestureRecognizerDelegate {
    weak var world: World?
    init(world: World) { self.world = world }

    private func answer(_ fallback: Bool) -> Bool {
        guard let world else { return fallback }
        world.callback(nil)
        let answer = world.bytes.bool()
        note(world.depth + 1, "  delegate answers \(answer)")
        return answer
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { answer(true) }
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        answer(true)
    }
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool { answer(false) }
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
    ) -> Bool { answer(false) }
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
    ) -> Bool { answer(false) }
}

/// A recognizer of our own whose every decision comes from the bytes: state changes, timers
/// (zero and negative delays included), ignoring touches.
final class FuzzRecognizer: GestureRecognizer {
    weak var world: World?

    init(world: World) {
        self.world = world
        super.init()
    }

    private func decide(_ touches: TouchSet?, _ event: Event?) {
        guard let world else { return }
        if let touches { world.checkOrder(touches, "\(self) touches") }
        note(world.depth + 1, "  \(self) callback \(touches?.ids ?? []) in state \(state)")
        switch world.bytes.below(10) {
        case 0: state = .began
        case 1: state = .changed
        case 2: state = .ended
        case 3: state = .failed
        case 4: state = .cancelled
        case 5: startTimer(after: world.bytes.duration())
        case 6: cancelTimer()
        case 7:
            if !avoided.contains(.ignore), let touch = touches?.first { ignore(touch, for: event) }
        default: break
        }
        world.callback(event)
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event) { decide(touches, event) }
    override func touchesMoved(_ touches: TouchSet, with event: Event) { decide(touches, event) }
    override func touchesEnded(_ touches: TouchSet, with event: Event) { decide(touches, event) }
    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        super.touchesCancelled(touches, with: event)
        decide(touches, event)
    }
    override func timerDidFire() { decide(nil, nil) }
    override func reset() { world?.callback(nil) }
    override func shouldRequireFailure(of otherGestureRecognizer: GestureRecognizer) -> Bool {
        world?.bytes.bool() ?? false
    }
}

// MARK: - The world

final class World {
    var bytes: Bytes
    var environment: GestureEnvironment?
    var windows: [Window] = []
    var views: [RecordingView] = []
    var recognizers: [GestureRecognizer] = []
    /// Recognizers whose state the input set from outside: a continuous one set to began stays
    /// running until whoever began it ends it (the `state` contract), so the end of the input ends them.
    var setFromOutside: [GestureRecognizer] = []
    var delegates: [FuzzDelegate] = []
    var sightings: [Sighting] = []
    /// The last event a callback saw, kept past its lifetime on purpose.
    var lastEvent: Event?
    var depth = 0
    var serial = 0

    init(_ bytes: Bytes) {
        self.bytes = bytes
        environment = GestureEnvironment(scheduler: VirtualClock())
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        windows.append(window)
        environment?.addWindow(window)
    }

    var now: Timestamp { environment?.now ?? .zero }

    func checkOrder(_ touches: TouchSet, _ what: String) {
        guard !avoided.contains(.idOrder) else { return }
        let ids = touches.ids
        for index in ids.indices.dropFirst() where ids[index - 1] >= ids[index] {
            violation("\(what): touches out of id order \(ids) (R79)")
        }
    }

    func describe(_ recognizer: GestureRecognizer) -> String {
        var text = "\(recognizer) \(type(of: recognizer))"
        if let tap = recognizer as? TapGestureRecognizer {
            text += " taps \(tap.numberOfTapsRequired) touches \(tap.numberOfTouchesRequired)"
        }
        if let pan = recognizer as? PanGestureRecognizer {
            text += " touches \(pan.minimumNumberOfTouches)...\(pan.maximumNumberOfTouches)"
        }
        return text + " cancelsTouchesInView \(recognizer.cancelsTouchesInView) delaysTouchesBegan \(recognizer.delaysTouchesBegan) delaysTouchesEnded \(recognizer.delaysTouchesEnded) delegate \(recognizer.delegate != nil)"
    }

    /// Called from inside every callback: sometimes runs one more operation, re-entering.
    func callback(_ event: Event?) {
        if let event { lastEvent = event }
        guard depth < 2, !bytes.isAtEnd, bytes.byte() < 20 else { return }
        step()
    }

    /// Every view and window that may parent a view.
    func anyParent() -> View? {
        let count = windows.count + views.count
        guard count > 0 else { return nil }
        let index = bytes.below(count)
        return index < windows.count ? windows[index] : views[index - windows.count]
    }

    func anyView() -> RecordingView? { views.isEmpty ? nil : views[bytes.below(views.count)] }
    func anyRecognizer() -> GestureRecognizer? {
        recognizers.isEmpty ? nil : recognizers[bytes.below(recognizers.count)]
    }

    func timestamp() -> Timestamp {
        switch bytes.below(8) {
        case 0: return now
        case 1: return now - bytes.duration()  // backwards
        case 2: return bytes.bool() ? .max : .min
        default: return now + bytes.duration()
        }
    }

    func dispatchSmart() {
        guard let environment else { return }
        var inputs: [TouchInput] = []
        let count = 1 + bytes.below(3)
        let live = environment.touches
        for _ in 0..<count {
            let id = 1 + bytes.below(4)
            let phase: TouchPhase
            if live.contains(where: { $0.id == id }) {
                phase = bytes.pick([.moved, .moved, .stationary, .ended, .ended, .cancelled])
            } else {
                phase = .began
            }
            guard !inputs.contains(where: { $0.id == id }) else { continue }
            inputs.append(TouchInput(id: id, phase: phase, x: Double(bytes.below(40)) * 8, y: Double(bytes.below(60)) * 8))
        }
        let time = now + .milliseconds(Int64(bytes.below(64)) * 10)
        note(depth, "dispatch \(time) \(inputs)")
        do { try environment.dispatch(TouchEvent(timestamp: time, touches: inputs)) } catch { note(depth, "  threw \(error)") }
    }

    func dispatchHostile() {
        guard let environment else { return }
        var inputs: [TouchInput] = []
        for _ in 0..<bytes.below(4) {
            inputs.append(
                TouchInput(
                    id: bytes.touchID(), phase: bytes.pick(TouchPhase.allCases),
                    location: Point(x: bytes.coordinate(), y: bytes.coordinate()), type: bytes.pick(TouchType.allCases)))
        }
        let time = timestamp()
        note(depth, "dispatch (hostile) \(time) \(inputs)")
        do { try environment.dispatch(TouchEvent(timestamp: time, touches: inputs)) } catch { note(depth, "  threw \(error)") }
    }

    func makeRecognizer() -> GestureRecognizer {
        let recognizer: GestureRecognizer
        switch bytes.below(6) {
        case 0, 1:
            let tap = TapGestureRecognizer()
            tap.numberOfTapsRequired = bytes.pick([1, 1, 2, 3, 0, -1, 1000])
            tap.numberOfTouchesRequired = bytes.pick([1, 1, 2, 3, 0, -1])
            if bytes.below(4) == 0 { tap.maximumTapDuration = bytes.duration() }
            if bytes.below(4) == 0 { tap.maximumIntervalBetweenSuccessiveTaps = bytes.duration() }
            if bytes.below(4) == 0 { tap.allowableMovement = bytes.coordinate() }
            recognizer = tap
        case 2:
            let pan = PanGestureRecognizer()
            if avoided.contains(.oddPanBounds) {
                pan.minimumNumberOfTouches = bytes.pick([1, 1, 2])
                pan.maximumNumberOfTouches = max(pan.minimumNumberOfTouches, bytes.pick([Int.max, Int.max, 1, 2]))
            } else {
                pan.minimumNumberOfTouches = bytes.pick([1, 1, 2, 0, -1, 5])
                pan.maximumNumberOfTouches = bytes.pick([Int.max, Int.max, 1, 2, 0, -3])
            }
            if bytes.below(4) == 0 { pan.hysteresis = bytes.coordinate() }
            recognizer = pan
        case 3:
            let edge = ScreenEdgePanGestureRecognizer()
            edge.edges = RectEdge(rawValue: UInt(bytes.below(32)))
            if bytes.below(4) == 0 { edge.edgeRegion = bytes.coordinate() }
            if bytes.below(4) == 0 { edge.edgeHysteresis = bytes.coordinate() }
            recognizer = edge
        case 4:
            let delayed = DelayedTouchesBeganGestureRecognizer()
            if bytes.below(4) == 0 { delayed.delay = bytes.duration() }
            if bytes.below(4) == 0 { delayed.allowableMovement = bytes.coordinate() }
            recognizer = delayed
        default:
            recognizer = FuzzRecognizer(world: self)
        }
        serial += 1
        recognizer.name = "g\(serial)"
        recognizer.cancelsTouchesInView = bytes.byte() < 200
        recognizer.delaysTouchesBegan = bytes.byte() < 60
        recognizer.delaysTouchesEnded = bytes.byte() < 200
        if bytes.below(8) == 0 { recognizer.requiresExclusiveTouchType = false }
        if bytes.below(8) == 0 { recognizer.allowedTouchTypes = [bytes.pick(TouchType.allCases)] }
        if bytes.below(3) == 0 {
            let delegate = FuzzDelegate(world: self)
            delegates.append(delegate)
            recognizer.delegate = delegate
        }
        recognizer.addAction { [weak self] recognizer in
            guard let self else { return }
            note(self.depth + 1, "  action \(recognizer) \(recognizer.state)")
            _ = recognizer.numberOfTouches
            self.callback(nil)
        }
        return recognizer
    }

    /// `insertSubview` documents a precondition (not the view itself nor one of its ancestors);
    /// the fuzzer keeps it, so that the run goes on past it.
    func mayAdd(_ child: View, to parent: View) -> Bool {
        child !== parent && !parent.isDescendant(of: child)
    }

    /// The view tree is a tree: each child lists its parent once and names it as its superview.
    func checkTree() {
        guard !avoided.contains(.treeCheck) else { return }
        for parent in windows as [View] + views {
            for (index, child) in parent.subviews.enumerated() {
                if child.superview !== parent {
                    violation("\(child) is listed under \(parent) but its superview is \(String(describing: child.superview))")
                }
                if parent.subviews[(index + 1)...].contains(where: { $0 === child }) {
                    violation("\(child) is listed twice under \(parent)")
                }
            }
        }
    }

    /// Runs one operation read from the bytes.
    func step() {
        depth += 1
        defer { depth -= 1 }
        switch bytes.below(32) {
        case 0, 1, 2, 3, 4, 5, 6: dispatchSmart()
        case 7: dispatchHostile()
        case 8, 9:
            let duration = bytes.duration()
            note(depth, "advance by \(duration)")
            do { try environment?.advance(by: duration) } catch { note(depth, "  threw \(error)") }
        case 10:
            let time = timestamp()
            note(depth, "advance to \(time)")
            do { try environment?.advance(to: time) } catch { note(depth, "  threw \(error)") }
        case 11, 12:
            guard views.count < 24 else { break }
            serial += 1
            let view = RecordingView(world: self, frame: bytes.rect(), serial: serial)
            view.isMultipleTouchEnabled = bytes.bool()
            view.hostileHitTest = bytes.below(16) == 0
            let parent = anyParent()
            views.append(view)
            note(depth, "new \(view) frame \(view.frame) multipleTouch \(view.isMultipleTouchEnabled) under \(String(describing: parent))")
            if let parent {
                if bytes.bool() {
                    parent.addSubview(view)
                } else {
                    parent.insertSubview(view, at: bytes.pick([0, 1, 2, -1, Int.max, Int.min]))
                }
            }
        case 13:
            let view = anyView()
            note(depth, "removeFromSuperview \(String(describing: view))")
            view?.removeFromSuperview()
        case 14:
            // Moves a view, possibly under its own descendant or itself.
            guard let view = anyView(), let parent = anyParent(), mayAdd(view, to: parent) else { break }
            if depth > 1, avoided.contains(.reentrantMove) { break }
            note(depth, "\(parent).addSubview(\(view)) (a move)")
            parent.addSubview(view)
        case 15:
            guard windows.count < 6 else { break }
            let window = Window(frame: bytes.rect())
            windows.append(window)
            note(depth, "new window \(window)")
            environment?.addWindow(window)
        case 16:
            guard !windows.isEmpty else { break }
            let window = windows[bytes.below(windows.count)]
            if bytes.bool() {
                note(depth, "removeWindow \(window)")
                environment?.removeWindow(window)
            } else {
                note(depth, "addWindow \(window)")
                environment?.addWindow(window)
            }
        case 17, 18:
            guard recognizers.count < 16, let view = anyParent() else { break }
            let recognizer = makeRecognizer()
            recognizers.append(recognizer)
            note(depth, "\(view).addGestureRecognizer(\(describe(recognizer)))")
            view.addGestureRecognizer(recognizer)
        case 19:
            guard let recognizer = anyRecognizer() else { break }
            if bytes.bool() {
                note(depth, "removeGestureRecognizer \(recognizer)")
                recognizer.view?.removeGestureRecognizer(recognizer)
            } else if let view = anyParent() {
                note(depth, "\(view).addGestureRecognizer(\(recognizer)) (a move)")
                view.addGestureRecognizer(recognizer)  // moves it
            }
        case 20:
            let recognizer = anyRecognizer()
            recognizer?.isEnabled.toggle()
            note(depth, "\(String(describing: recognizer)).isEnabled = \(String(describing: recognizer?.isEnabled))")
        case 21:
            guard let recognizer = anyRecognizer() else { break }
            switch bytes.below(3) {
            case 0: recognizer.delaysTouchesBegan.toggle()
            case 1: recognizer.delaysTouchesEnded.toggle()
            default: recognizer.cancelsTouchesInView.toggle()
            }
            note(depth, "\(describe(recognizer)) flags changed")
        case 22:
            guard let a = anyRecognizer(), let b = anyRecognizer() else { break }
            note(depth, "\(a).require(toFail: \(b))")
            a.require(toFail: b)
        case 23:
            guard !avoided.contains(.ignore), let recognizer = anyRecognizer(), let environment else { break }
            let live = environment.touches
            guard !live.isEmpty else { break }
            let touch = live[bytes.below(live.count)]
            note(depth, "\(recognizer).ignore(\(touch))")
            recognizer.ignore(touch, for: bytes.bool() ? lastEvent : nil)
        case 24:
            guard let view = anyView() else { break }
            switch bytes.below(8) {
            case 0: view.isHidden.toggle()
            case 1: view.isUserInteractionEnabled.toggle()
            case 2: view.alpha = bytes.pick([0, 0.005, 0.5, 1, .nan])
            case 3: view.isMultipleTouchEnabled.toggle()
            case 4: view.isExclusiveTouch.toggle()
            case 5: view.clipsToBounds.toggle()
            case 6: view.frame = bytes.rect()
            default: view.boundsOrigin = Point(x: bytes.coordinate(), y: bytes.coordinate())
            }
            note(depth, "\(view) properties: hidden \(view.isHidden) interaction \(view.isUserInteractionEnabled) alpha \(view.alpha) multipleTouch \(view.isMultipleTouchEnabled) exclusive \(view.isExclusiveTouch) clips \(view.clipsToBounds) frame \(view.frame) boundsOrigin \(view.boundsOrigin)")
        case 25:
            guard let view = anyView(), let parent = view.superview else { break }
            note(depth, "bring to front / send to back \(view)")
            if bytes.bool() { parent.bringSubviewToFront(view) } else { parent.sendSubviewToBack(view) }
        case 26:
            guard !avoided.contains(.outsideState), let recognizer = anyRecognizer() else { break }
            let state = bytes.pick([GestureRecognizer.State.possible, .began, .changed, .ended, .cancelled, .failed])
            note(depth, "\(recognizer).state = \(state)")
            recognizer.state = state
            if !setFromOutside.contains(where: { $0 === recognizer }) { setFromOutside.append(recognizer) }
        case 27:
            // Public queries: they must not crash either.
            let point = Point(x: bytes.coordinate(), y: bytes.coordinate())
            if let view = anyParent() {
                _ = view.hitTest(point, with: bytes.bool() ? lastEvent : nil)
                _ = view.convert(point, to: anyParent())
                _ = view.isDescendant(of: anyParent() ?? view)
                var responder: Responder? = view
                var steps = 0
                while let next = responder?.next, steps < 1000 {
                    responder = next
                    steps += 1
                }
            }
            if let recognizer = anyRecognizer() {
                _ = recognizer.location(in: anyParent())
                // A documented precondition (index < numberOfTouches), kept like insertSubview's.
                if recognizer.numberOfTouches > 0 {
                    _ = recognizer.location(ofTouch: bytes.below(recognizer.numberOfTouches), in: anyParent())
                }
                _ = recognizer.numberOfTouches
                if let pan = recognizer as? PanGestureRecognizer {
                    _ = pan.velocity(in: nil)
                    _ = pan.translation(in: anyParent())
                }
            }
            if let event = lastEvent {
                _ = event.allTouches
                _ = event.window
                if let view = anyView() { _ = event.touches(for: view) }
            }
            _ = environment?.isIdle
            _ = environment?.busyReasons
        case 28:
            if bytes.below(4) == 0 {
                note(depth, "failureRequirementCycles()")
                _ = environment?.failureRequirementCycles()
            }
        case 29:
            // The environment goes away, possibly mid-gesture; a new one takes the windows.
            guard depth == 1, !avoided.contains(.dropEnvironment) else { break }
            note(depth, "the environment goes away; a new one at \(now)")
            let replacement = GestureEnvironment(scheduler: VirtualClock(start: now))
            environment = replacement
            if bytes.bool() { for window in windows { replacement.addWindow(window) } }
        case 30:
            guard let recognizer = anyRecognizer(), let view = anyParent() else { break }
            // A gesture's action that moves or removes its own view.
            note(depth, "\(recognizer) gets an action that moves its view under \(view) or removes it")
            recognizer.addAction { [weak self, weak view] recognizer in
                guard let self, let view, !self.bytes.isAtEnd else { return }
                if self.bytes.bool() {
                    guard let child = recognizer.view, self.mayAdd(child, to: view) else { return }
                    if !avoided.contains(.reentrantMove) { view.addSubview(child) }
                } else {
                    recognizer.view?.removeFromSuperview()
                }
            }
        default:
            cancelLive()
        }
        if depth == 1 { checkTree() }
    }

    func cancelLive() {
        guard let environment else { return }
        let live = environment.touches.map(\.id).sorted()
        guard !live.isEmpty else { return }
        let inputs = live.map { TouchInput(id: $0, phase: .cancelled, x: 0, y: 0) }
        note(depth, "cancel live touches \(live)")
        try? environment.dispatch(TouchEvent(timestamp: now, touches: inputs))
    }

    /// Ends every live touch, lets every timer fire, and checks that the environment is idle,
    /// every recognizer in it is reset to possible, and each began has had its end.
    func finish() {
        depth = 2  // no more re-entry
        cancelLive()
        // A recognizer of one's own must decide in the end: one that stays possible withholds
        // its touches' phases for as long as it does (R70, no timeout). Ours decide now.
        // One whose state the input set from outside is ended by the input, as its contract asks.
        for recognizer in setFromOutside where recognizer.state == .began || recognizer.state == .changed {
            recognizer.state = .cancelled
        }
        for case let recognizer as FuzzRecognizer in recognizers {
            switch recognizer.state {
            case .possible: recognizer.state = .failed
            case .began, .changed: recognizer.state = .cancelled
            default: break
            }
        }
        // Timers may be set as far as the end of time (a huge tap interval): run them all.
        for _ in 0..<4 {
            let deadline = environment?.nextDeadline ?? now + .seconds(1000)
            do { try environment?.advance(to: max(deadline, now)) } catch { note(depth, "advance threw \(error)") }
            note(depth, "now \(now), next deadline \(String(describing: environment?.nextDeadline))")
            cancelLive()
        }
        if let environment {
            if !environment.isIdle {
                violation("the environment is not idle at the end of the input: \(environment.busyReasons)")
            }
            for recognizer in recognizers where recognizer.view?.window?.environment === environment {
                if recognizer.state != .possible {
                    violation("\(recognizer) is \(recognizer.state), not reset, at the end of the input")
                }
            }
        }
        for sighting in sightings where sighting.ends != 1 {
            let live = environment?.touches.map(\.description) ?? []
            violation(
                "\(sighting.view) saw \(sighting.touch) begin and \(sighting.ends) ends at the end of the input; "
                    + "live touches: \(live); busy: \(environment?.busyReasons ?? [])")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let world = World(Bytes(base: data, count: size))
    while !world.bytes.isAtEnd {
        world.step()
    }
    world.finish()
    // Let everything go: freeing mid-state must be clean too (AddressSanitizer watches).
    world.environment = nil
    world.lastEvent = nil
    world.views.removeAll()
    world.windows.removeAll()
    world.recognizers.removeAll()
    return 0
}
