import GestureArbiter

/// The two-finger stream of issue 27: the standard scene's tree (a root plus 10 nested levels of 5
/// children, 4 decoys above the path at each level), a pan on the depth-2 ancestor and a pinch on
/// the depth-8 view; the leaf at depth 10 handles its touches. One sequence (24 events): finger 1
/// down at (100, 100), finger 2 down at (140, 100) 8 ms later, 20 moves of both fingers 16 ms
/// apart in which each moves 2.5 pt outward (the pair spreads by 5 pt, its centroid stays put),
/// finger 1 up, finger 2 up.
///
/// What the rules say one sequence does (checked by ``runChecked(sequences:)``):
/// - the pinch tracks the pair from the second touch-down, d0 = 40 pt (R168). Each move leads with
///   scale (a symmetric spread: translation and tangential samples 0, radial 2.5, R171); after the
///   2nd move d = 50 differs from 40 by more than 8 pt, so the pinch begins there (R174), and
///   changes at moves 3-20 (R175): 18 changed actions, and one more at finger 1's lift, a pass that
///   gives the running pinch a touch callback (R36, R169); it ends at finger 2's lift;
/// - the pan's centroid never moves, so it cannot begin (R94); the pinch excludes it when it
///   begins (R44);
/// - the leaf, a view with `isMultipleTouchEnabled` false (the default), gets finger 1 only (R18,
///   R126): began, moved (the 1st move), and cancelled when the pinch begins (R67): 3 callbacks.
public final class TwoFingerScene {
    public let clock = VirtualClock()
    public let environment: GestureEnvironment
    /// Events of one sequence.
    public static let eventsPerSequence = 24
    let window = Window(width: 800, height: 800)
    let leaf: CountingLeaf
    /// The actions' counts, in an object of their own that the actions hold (as the standard
    /// scene's do): an action that held the scene weakly or unowned would pay for reaching it.
    final class Counters {
        var pinchBegan = 0
        var pinchChanged = 0
        var pinchEnded = 0
        var panBegan = 0
    }
    let counters = Counters()
    var template: [TouchEvent] = []
    var nextStart: Int64 = 0

    public init() {
        environment = GestureEnvironment(scheduler: clock)
        environment.addWindow(window)
        let pathViews = StandardScene.buildTree(in: window)
        leaf = pathViews[10] as! CountingLeaf
        let pan = PanGestureRecognizer()
        let counters = self.counters
        pan.addAction { pan in if pan.state == .began { counters.panBegan &+= 1 } }
        pathViews[2].addGestureRecognizer(pan)
        let pinch = PinchGestureRecognizer()
        pinch.addAction { pinch in
            switch pinch.state {
            case .began: counters.pinchBegan &+= 1
            case .changed: counters.pinchChanged &+= 1
            case .ended: counters.pinchEnded &+= 1
            default: break
            }
        }
        pathViews[8].addGestureRecognizer(pinch)

        func event(_ milliseconds: Int, _ touches: [TouchInput]) -> TouchEvent {
            TouchEvent(timestamp: Timestamp(nanoseconds: Int64(milliseconds) * 1_000_000), touches: touches)
        }
        template = [
            event(0, [TouchInput(id: 1, phase: .began, x: 100, y: 100)]),
            event(8, [TouchInput(id: 2, phase: .began, x: 140, y: 100)]),
        ]
        for step in 1...20 {
            let spread = Double(step) * 2.5
            template.append(event(8 + step * 16, [
                TouchInput(id: 1, phase: .moved, x: 100 - spread, y: 100),
                TouchInput(id: 2, phase: .moved, x: 140 + spread, y: 100),
            ]))
        }
        template.append(event(8 + 21 * 16, [TouchInput(id: 1, phase: .ended, x: 50, y: 100)]))
        template.append(event(8 + 22 * 16, [TouchInput(id: 2, phase: .ended, x: 190, y: 100)]))
    }

    /// Dispatches `count` sequences, 2 s apart on the virtual clock (restamped in place, as the
    /// standard scene does).
    @inline(__always)
    public func run(sequences count: Int) {
        var events = template
        var start = nextStart
        let environment = environment
        let template = template
        events.withUnsafeMutableBufferPointer { buffer in
            for _ in 0..<count {
                for index in buffer.indices {
                    buffer[index].timestamp = Timestamp(nanoseconds: start &+ template[index].timestamp.nanoseconds)
                    do { try environment.dispatch(buffer[index]) } catch { preconditionFailure("two-finger input rejected: \(error)") }
                }
                start &+= 2_000_000_000
            }
        }
        nextStart = start
    }

    /// Runs `count` sequences from zeroed counters, fires what is left, and stops the process
    /// unless each sequence did what the rules say (see the type's comment) and the environment is
    /// idle.
    public func runChecked(sequences count: Int) {
        counters.pinchBegan = 0
        counters.pinchChanged = 0
        counters.pinchEnded = 0
        counters.panBegan = 0
        leaf.callbacks = 0
        run(sequences: count)
        do { try environment.advance(to: Timestamp(nanoseconds: nextStart)) } catch { preconditionFailure("\(error)") }
        let observed = [counters.pinchBegan, counters.pinchChanged, counters.pinchEnded, counters.panBegan, leaf.callbacks]
        let expected = [1, 19, 1, 0, 3].map { $0 * count }
        precondition(observed == expected, "two-finger: pinch began/changed/ended, pan began, leaf callbacks \(observed); the rules say \(expected)")
        precondition(environment.isIdle, "two-finger: environment not idle: \(environment.busyReasons)")
    }
}
