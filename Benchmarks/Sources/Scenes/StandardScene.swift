import GestureArbiter

/// The three input streams of the standard scene.
public enum Stream: String, CaseIterable, Sendable {
    /// down, up 50 ms later: 2 events.
    case tap
    /// down, 20 moves of 5 pt 16 ms apart, up: 22 events.
    case drag
    /// down, up, down, up at 0, 50, 150, 200 ms: 4 events.
    case doubleTap = "double-tap"
}

/// What the scene observed, to check that a benchmark did the work (R43-R48, R83, R94).
public struct Outcome: Equatable, Sendable, CustomStringConvertible {
    public var taps = 0
    public var doubleTaps = 0
    public var panBegan = 0
    public var panChanged = 0
    public var panEnded = 0
    public var leafCallbacks = 0

    public init(taps: Int = 0, doubleTaps: Int = 0, panBegan: Int = 0, panChanged: Int = 0, panEnded: Int = 0, leafCallbacks: Int = 0) {
        self.taps = taps
        self.doubleTaps = doubleTaps
        self.panBegan = panBegan
        self.panChanged = panChanged
        self.panEnded = panEnded
        self.leafCallbacks = leafCallbacks
    }

    public var description: String {
        "taps \(taps), double taps \(doubleTaps), pan began/changed/ended \(panBegan)/\(panChanged)/\(panEnded), leaf callbacks \(leafCallbacks)"
    }

    /// What one sequence of `stream` must produce, from the rules:
    /// - tap: the depth-8 tap recognizes at the lift (R86), fails the pan (R44) but not the double
    ///   tap (R83), and cancels the leaf's touch (R67): leaf began + cancelled; the double tap
    ///   fails 0.35 s later (R87), with nothing left to deliver.
    /// - drag: the pan begins on the 2nd move (10 pt, R94), excludes both taps (R44), cancels the
    ///   leaf's touch (began, moved, cancelled), changes on moves 3-20 (R36) and ends at the lift.
    /// - double tap: the first lift is a tap as above; at the second lift the single tap and the
    ///   double tap both recognize and the double tap, which the tap cannot prevent (R83),
    ///   excludes it (R44, R47): one double tap; the leaf gets began+cancelled twice.
    public static func perSequence(_ stream: Stream) -> Outcome {
        switch stream {
        case .tap: return Outcome(taps: 1, leafCallbacks: 2)
        case .drag: return Outcome(panBegan: 1, panChanged: 18, panEnded: 1, leafCallbacks: 3)
        case .doubleTap: return Outcome(taps: 1, doubleTaps: 1, leafCallbacks: 4)
        }
    }

    public static func * (outcome: Outcome, count: Int) -> Outcome {
        Outcome(taps: outcome.taps * count, doubleTaps: outcome.doubleTaps * count, panBegan: outcome.panBegan * count,
                panChanged: outcome.panChanged * count, panEnded: outcome.panEnded * count, leafCallbacks: outcome.leafCallbacks * count)
    }
}

/// A view that counts its touch callbacks and forwards nothing (the leaf "handles its touches").
final class CountingLeaf: View {
    var callbacks = 0
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { callbacks &+= 1 }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { callbacks &+= 1 }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { callbacks &+= 1 }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { callbacks &+= 1 }
}

/// Counters written by the recognizers' actions.
final class Counters {
    var taps = 0
    var doubleTaps = 0
    var panBegan = 0
    var panChanged = 0
    var panEnded = 0
}

/// The standard scene of issue 6, exactly: a window 800 x 800; a root plus 10 nested levels of 5
/// children, the child on the touch's path first (bottom-most) and 4 decoys above it, so
/// hit-testing rejects 4 siblings at every level; the touch lands on the depth-10 leaf at
/// (100, 100). A pan on the depth-2 ancestor, a double tap on depth 5, a tap on depth 8.
public final class StandardScene {
    public let clock = VirtualClock()
    public let environment: GestureEnvironment
    let window = Window(width: 800, height: 800)
    let leaf: CountingLeaf
    let counters = Counters()
    /// The events of one sequence per stream, as offsets from the sequence's start.
    let templates: [Stream: [TouchEvent]]
    /// The start of the next sequence (sequences are 2 s apart).
    var nextStart = Timestamp.zero

    public init() {
        environment = GestureEnvironment(scheduler: clock)
        environment.addWindow(window)
        let pathViews = Self.buildTree(in: window)
        leaf = pathViews[10] as! CountingLeaf
        let counters = self.counters
        let pan = PanGestureRecognizer { recognizer in
            switch recognizer.state {
            case .began: counters.panBegan &+= 1
            case .changed: counters.panChanged &+= 1
            case .ended: counters.panEnded &+= 1
            default: break
            }
        }
        pathViews[2].addGestureRecognizer(pan)
        let doubleTap = TapGestureRecognizer { _ in counters.doubleTaps &+= 1 }
        doubleTap.numberOfTapsRequired = 2
        pathViews[5].addGestureRecognizer(doubleTap)
        pathViews[8].addGestureRecognizer(TapGestureRecognizer { _ in counters.taps &+= 1 })
        templates = Self.eventTemplates()
    }

    /// One sequence of each stream, from time zero: a tap (down, up 50 ms later), a drag (down,
    /// 20 moves of 5 pt every 16 ms, up) and a double tap (two taps 150 ms apart), all at
    /// (100, 100) on the leaf. The floor scene runs the same ones.
    static func eventTemplates() -> [Stream: [TouchEvent]] {
        func event(_ milliseconds: Int, _ id: Int, _ phase: TouchPhase, x: Double = 100) -> TouchEvent {
            TouchEvent(timestamp: Timestamp(nanoseconds: Int64(milliseconds) * 1_000_000),
                       touches: [TouchInput(id: id, phase: phase, x: x, y: 100)])
        }
        var drag = [event(0, 1, .began)]
        for step in 1...20 { drag.append(event(step * 16, 1, .moved, x: 100 + Double(step) * 5)) }
        drag.append(event(21 * 16, 1, .ended, x: 200))
        return [
            .tap: [event(0, 1, .began), event(50, 1, .ended)],
            .drag: drag,
            .doubleTap: [event(0, 1, .began), event(50, 1, .ended), event(150, 2, .began), event(200, 2, .ended)],
        ]
    }

    /// Builds the scene's tree in `window` and returns the views on the touch's path, root first
    /// (index = depth; the depth-10 leaf is a ``CountingLeaf``).
    static func buildTree(in window: Window) -> [View] {
        let root = View(frame: Rect(x: 0, y: 0, width: 800, height: 800))
        window.addSubview(root)
        var parent = root
        var pathViews: [View] = [root]
        for depth in 1...10 {
            // The path child contains the touch (it moves 5 pt in per level); the decoys sit away
            // from it, above it in z-order, so each is visited and rejected first.
            let size = 780.0 - Double(depth) * 10
            let child: View = depth == 10 ? CountingLeaf(frame: Rect(x: 5, y: 5, width: size, height: size))
                : View(frame: Rect(x: 5, y: 5, width: size, height: size))
            parent.addSubview(child)
            for decoy in 0..<4 {
                parent.addSubview(View(frame: Rect(x: 400 + Double(decoy) * 40, y: 400, width: 30, height: 30)))
            }
            pathViews.append(child)
            parent = child
        }
        return pathViews
    }

    /// The number of events in one sequence of `stream`.
    public func eventsPerSequence(_ stream: Stream) -> Int { templates[stream]!.count }

    /// Dispatches `count` sequences of `stream`, 2 s apart on the virtual clock.
    ///
    /// - Precondition: the events are valid (they are built that way).
    @inline(__always)
    public func run(_ stream: Stream, sequences count: Int) {
        let template = templates[stream]!
        // The events are restamped in place and lent to the engine from the buffer, so the loop
        // builds, copies and reference-counts no event of its own.
        var events = template
        var start = nextStart.nanoseconds
        let environment = environment
        events.withUnsafeMutableBufferPointer { buffer in
            for _ in 0..<count {
                for index in buffer.indices {
                    buffer[index].timestamp = Timestamp(nanoseconds: start &+ template[index].timestamp.nanoseconds)
                    do { try environment.dispatch(buffer[index]) } catch { preconditionFailure("standard scene input rejected: \(error)") }
                }
                start &+= 2_000_000_000
            }
        }
        nextStart = Timestamp(nanoseconds: start)
    }

    /// Fires the timers left after the last sequence, so that the outcome is complete.
    public func finish() {
        do { try environment.advance(to: nextStart) } catch { preconditionFailure("\(error)") }
    }

    /// What the scene observed so far.
    public var outcome: Outcome {
        Outcome(taps: counters.taps, doubleTaps: counters.doubleTaps, panBegan: counters.panBegan, panChanged: counters.panChanged,
                panEnded: counters.panEnded, leafCallbacks: leaf.callbacks)
    }

    /// Resets the counters (the scene itself stays warm).
    public func resetCounters() {
        counters.taps = 0
        counters.doubleTaps = 0
        counters.panBegan = 0
        counters.panChanged = 0
        counters.panEnded = 0
        leaf.callbacks = 0
    }

    /// Runs `count` sequences after resetting the counters, fires the remaining timers, and
    /// stops the process if the outcome is not what the rules say.
    public func runChecked(_ stream: Stream, sequences count: Int) {
        resetCounters()
        run(stream, sequences: count)
        finish()
        let expected = Outcome.perSequence(stream) * count
        precondition(outcome == expected, "\(stream.rawValue): observed \(outcome), the rules say \(expected)")
        precondition(environment.isIdle, "\(stream.rawValue): environment not idle: \(environment.busyReasons)")
    }
}
