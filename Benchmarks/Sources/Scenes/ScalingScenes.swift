import GestureArbiter

/// A recognizer that takes touches and never decides: it stays bound, so every move reaches it.
/// It counts the move calls it gets, so that a run can check that every move reached it.
final class Watcher: GestureRecognizer {
    var moveCalls = 0
    override func touchesMoved(_ touches: TouchSet, with event: Event) { moveCalls &+= 1 }
}

/// A touch held down on a view, moved back and forth: the cost of one move event as the tree
/// grows beside it, as more recognizers hold the touch, or as more fingers move together.
public final class MoveScene {
    public let clock = VirtualClock()
    public let environment: GestureEnvironment
    var time = Timestamp.zero
    var moves: TouchEvent
    var flip = false
    let touchCount: Int
    var watchers: [Watcher] = []
    var movesSent = 0

    /// - Parameters:
    ///   - offPathViews: views in a sibling subtree the touch never enters.
    ///   - recognizers: watchers bound to the touch (on its view).
    ///   - touches: fingers down on the view, all moving in each event.
    public init(offPathViews: Int = 0, recognizers: Int = 1, touches: Int = 1) {
        environment = GestureEnvironment(scheduler: clock)
        let window = Window(width: 800, height: 800)
        environment.addWindow(window)
        let target = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        target.isMultipleTouchEnabled = true
        window.addSubview(target)
        let elsewhere = View(frame: Rect(x: 400, y: 0, width: 400, height: 800))
        window.insertSubview(elsewhere, at: 0)
        var column = elsewhere
        for index in 0..<offPathViews {
            let view = View(frame: Rect(x: Double(index % 7), y: Double(index % 11), width: 300, height: 300))
            // Grow a mix of depth and breadth: every 10th view nests.
            if index % 10 == 9 { column.addSubview(view); column = view } else { column.addSubview(view) }
        }
        for _ in 0..<recognizers {
            let watcher = Watcher()
            watchers.append(watcher)
            target.addGestureRecognizer(watcher)
        }
        touchCount = touches
        let began = (0..<touches).map { TouchInput(id: $0 + 1, phase: .began, x: 50 + Double($0) * 20, y: 50) }
        moves = TouchEvent(timestamp: .zero, touches: (0..<touches).map { TouchInput(id: $0 + 1, phase: .moved, x: 50 + Double($0) * 20, y: 52) })
        do { try environment.dispatch(TouchEvent(timestamp: .zero, touches: began)) } catch { preconditionFailure("\(error)") }
    }

    /// Dispatches `times` moves of every finger (1 pt back or forth), each 1 ms after the one
    /// before. The scene's own state is read once and written back once, so that the loop costs
    /// the engine's dispatch and not the harness's stored properties (each access of which is a
    /// run-time exclusivity check).
    @inline(__always)
    public func move(times: Int = 1) {
        var event = moves
        var nanoseconds = time.nanoseconds
        var up = flip
        for _ in 0..<times {
            nanoseconds &+= 1_000_000
            event.timestamp = Timestamp(nanoseconds: nanoseconds)
            up.toggle()
            let y = up ? 53.0 : 52.0
            for index in event.touches.indices { event.touches[index].location.y = y }
            do { try environment.dispatch(event) } catch { preconditionFailure("\(error)") }
        }
        moves = event
        time = Timestamp(nanoseconds: nanoseconds)
        flip = up
        movesSent &+= times
    }

    /// Stops with a precondition failure unless every watcher got one move call for every move
    /// event sent (all the fingers of an event move in one call, R15): a run that did nothing
    /// reports nothing.
    public func check() {
        for watcher in watchers {
            precondition(watcher.moveCalls == movesSent, "move scene: a watcher got \(watcher.moveCalls) of \(movesSent) moves")
        }
    }
}

/// Trees for hit-testing alone.
public enum HitTestTrees {
    /// A chain of `depth` nested views, the point inside all of them.
    public static func deep(_ depth: Int) -> Window {
        let window = Window(width: 800, height: 800)
        var parent: View = window
        for _ in 0..<depth {
            let child = View(frame: Rect(x: 1, y: 1, width: 700, height: 700))
            parent.addSubview(child)
            parent = child
        }
        return window
    }

    /// One level of `width` siblings, the point in the first (bottom-most) only, so all the
    /// others are visited and rejected first.
    public static func wide(_ width: Int) -> Window {
        let window = Window(width: 800, height: 800)
        window.addSubview(View(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        for index in 1..<max(width, 1) {
            window.addSubview(View(frame: Rect(x: 200 + Double(index % 100), y: 200, width: 50, height: 50)))
        }
        return window
    }
}

/// `count` single taps on one view, each requiring the failure of every other (a complete
/// requirement graph, `count × (count - 1)` edges): the cost of one tap, and of the cycle report,
/// as the graph grows. By the rules the first tap added recognizes and all the others fail
/// because it did (R28, R55, R59); every run checks that.
public final class RequirementGraphScene {
    public let clock = VirtualClock()
    public let environment: GestureEnvironment
    public let count: Int
    var time = Timestamp.zero
    /// Actions sent by the first tap, and by any other (which the rules never allow).
    var firstRecognized = 0
    var othersRecognized = 0
    var taps = 0
    let down: TouchEvent
    let up: TouchEvent

    public init(recognizers count: Int) {
        precondition(count >= 2, "a requirement graph needs two recognizers")
        self.count = count
        environment = GestureEnvironment(scheduler: clock)
        let window = Window(width: 400, height: 400)
        environment.addWindow(window)
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let recognizers = (0..<count).map { _ in TapGestureRecognizer() }
        for tap in recognizers { view.addGestureRecognizer(tap) }
        for tap in recognizers {
            for other in recognizers where other !== tap { tap.require(toFail: other) }
        }
        down = TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 50, y: 50)])
        up = TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .ended, x: 50, y: 50)])
        let first = recognizers[0]
        for tap in recognizers {
            tap.addAction { [unowned self] recognizer in
                if recognizer === first { self.firstRecognized += 1 } else { self.othersRecognized += 1 }
            }
        }
    }

    /// One tap (down, then up 80 ms later), 1 s after the previous one.
    @inline(__always)
    public func tap() {
        var down = self.down
        var up = self.up
        down.timestamp = Timestamp(nanoseconds: time.nanoseconds &+ 1_000_000_000)
        up.timestamp = Timestamp(nanoseconds: down.timestamp.nanoseconds &+ 80_000_000)
        time = up.timestamp
        do {
            try environment.dispatch(down)
            try environment.dispatch(up)
        } catch {
            preconditionFailure("\(error)")
        }
        taps += 1
    }

    /// `tap()`, checked: the first tap recognized once per tap, no other ever, and the
    /// environment is at rest afterwards.
    public func tapChecked(times: Int = 1) {
        for _ in 0..<times { tap() }
        precondition(
            firstRecognized == taps && othersRecognized == 0 && environment.isIdle,
            "complete graph of \(count): \(firstRecognized) of \(taps) taps recognized by the first, \(othersRecognized) by others"
        )
    }

    /// The cycle report, checked: one group of all the recognizers, with a two-member example.
    @inline(__always)
    public func cycleReport() -> Int {
        let groups = environment.failureRequirementCycles()
        precondition(groups.count == 1 && groups[0].recognizers.count == count && groups[0].exampleCycle.count == 2)
        return groups[0].recognizers.count
    }
}

/// A one-finger flick to the right on a view with a swipe and a pan that requires the swipe to
/// fail (the usual way to let a swipe win, R166): the cost of a whole swipe, from touch-down to
/// lift. One flick is 6 events: down, four 20 pt moves 10 ms apart (the swipe recognizes at the
/// third, 60 pt at 30 ms against the 48.6 pt needed then, R157), and the lift.
public final class SwipeFlickScene {
    public let clock = VirtualClock()
    public let environment: GestureEnvironment
    public static let eventsPerFlick = 6
    var time = Timestamp.zero
    var flicks = 0
    var swipes = 0
    var pans = 0
    var events: [TouchEvent]

    public init() {
        environment = GestureEnvironment(scheduler: clock)
        let window = Window(width: 400, height: 400)
        environment.addWindow(window)
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(view)
        let swipe = SwipeGestureRecognizer()
        let pan = PanGestureRecognizer()
        pan.require(toFail: swipe)
        view.addGestureRecognizer(swipe)
        view.addGestureRecognizer(pan)
        events = [TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 50, y: 200)])]
        for step in 1...4 {
            events.append(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .moved, x: 50 + Double(step) * 20, y: 200)]))
        }
        events.append(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .ended, x: 130, y: 200)]))
        swipe.addAction { [unowned self] _ in self.swipes += 1 }
        pan.addAction { [unowned self] _ in self.pans += 1 }
    }

    /// One flick, 1 s after the previous one (10 ms between its events).
    @inline(__always)
    public func flick() {
        time = dispatchInTurn(&events, to: environment, from: time.nanoseconds &+ 1_000_000_000, every: 10_000_000)
        flicks += 1
    }

    /// `flick()`, checked: every flick recognized the swipe once, the pan never began, and the
    /// environment is at rest afterwards.
    public func flickChecked(times: Int = 1) {
        for _ in 0..<times { flick() }
        precondition(swipes == flicks && pans == 0 && environment.isIdle, "\(swipes) swipes and \(pans) pan actions in \(flicks) flicks")
    }
}

/// Two fingers on a photo view that has a pinch (or a rotation) and a pan: the cost of one event
/// moving both fingers. Possible: the fingers breathe 1 pt in and out about a fixed centroid,
/// inside the pinch's dead zone (R174) and the pan's hysteresis (R94), so both recognizers
/// analyse every move and neither decides. Running: a delegate lets the two recognize together
/// (R45, R183); after a spread and a drag both have begun, and every move sends a changed action
/// of each.
public final class TransformMoveScene {
    public let clock = VirtualClock()
    public let environment: GestureEnvironment
    let transform: GestureRecognizer
    let pan = PanGestureRecognizer()
    let delegate = BothAtOnce()
    var time = Timestamp.zero
    var moves: TouchEvent
    var flip = false
    let center: Double
    let half: Double
    var actions = 0

    /// A delegate that lets every pair recognize simultaneously.
    final class BothAtOnce: GestureRecognizerDelegate {
        func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
    }

    /// - Parameters:
    ///   - rotation: a rotation recognizer instead of a pinch.
    ///   - running: both recognizers begin first (with simultaneity), and then run.
    public init(rotation: Bool = false, running: Bool = false) {
        environment = GestureEnvironment(scheduler: clock)
        let window = Window(width: 800, height: 800)
        environment.addWindow(window)
        let photo = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        photo.isMultipleTouchEnabled = true
        window.addSubview(photo)
        transform = rotation ? RotationGestureRecognizer() : PinchGestureRecognizer()
        photo.addGestureRecognizer(transform)
        photo.addGestureRecognizer(pan)
        if running { transform.delegate = delegate }
        let down = TouchEvent(timestamp: .zero, touches: [
            TouchInput(id: 1, phase: .began, x: 100, y: 200), TouchInput(id: 2, phase: .began, x: 200, y: 200),
        ])
        center = running ? 170 : 150
        half = running ? (rotation ? 50 : 65) : 50
        moves = TouchEvent(timestamp: .zero, touches: [
            TouchInput(id: 1, phase: .moved, x: center - half, y: 200), TouchInput(id: 2, phase: .moved, x: center + half, y: 200),
        ])
        let counter: (GestureRecognizer) -> Void = { [unowned self] _ in self.actions += 1 }
        transform.addAction(counter)
        pan.addAction(counter)
        do {
            try environment.dispatch(down)
            if running {
                // Spread 30 pt (or turn 30 degrees) while the centroid moves 20 pt: both begin.
                var start = moves
                time = Timestamp(nanoseconds: 16_000_000)
                start.timestamp = time
                if rotation {
                    start.touches[0].location = Point(x: 170 - 43.301, y: 225)
                    start.touches[1].location = Point(x: 170 + 43.301, y: 175)
                }
                try environment.dispatch(start)
                precondition(transform.state == .began && pan.state == .began, "running scene: \(transform.state), \(pan.state)")
            }
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// Dispatches one move of both fingers, 1 ms after the previous one: apart by 1 pt each
    /// side, or back (a turn of about 1 degree for the running rotation).
    @inline(__always)
    public func move() {
        time = Timestamp(nanoseconds: time.nanoseconds &+ 1_000_000)
        moves.timestamp = time
        flip.toggle()
        let offset = flip ? 1.0 : 0.0
        if transform is RotationGestureRecognizer, pan.state != .possible {
            moves.touches[0].location = Point(x: center - half, y: 200 + offset)
            moves.touches[1].location = Point(x: center + half, y: 200 - offset)
        } else {
            moves.touches[0].location.x = center - half - offset
            moves.touches[1].location.x = center + half + offset
        }
        do { try environment.dispatch(moves) } catch { preconditionFailure("\(error)") }
    }

    /// Both recognizers are where the scene says: possible (nothing sent), or running.
    public func check(running: Bool) {
        if running {
            precondition(transform.state == .changed && pan.state == .changed, "\(transform.state), \(pan.state)")
        } else {
            precondition(transform.state == .possible && pan.state == .possible && actions == 0, "\(transform.state), \(pan.state)")
        }
    }
}

/// A one-finger long press on a view with a `LongPressGestureRecognizer` and a pan, as in a list
/// whose cells can be dragged or held: down, the clock advanced to the press's 0.5 s deadline
/// (its timer begins it, R143, R184), four 1 pt moves (changed, each inside the pan's 10 pt
/// hysteresis, R94, R147), and the lift (ended, R148). One press is 6 events and one timer.
public final class LongPressHoldScene {
    public let clock = VirtualClock()
    public let environment: GestureEnvironment
    public static let eventsPerPress = 6
    var time = Timestamp.zero
    var presses = 0
    var began = 0
    var ended = 0
    var pans = 0
    /// The press's events, made once (their times are set at each press), so that the scene
    /// itself allocates nothing per press.
    var events: [TouchEvent]

    public init() {
        environment = GestureEnvironment(scheduler: clock)
        let window = Window(width: 400, height: 400)
        environment.addWindow(window)
        let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(view)
        let press = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(press)
        view.addGestureRecognizer(pan)
        events = [TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 100, y: 100)])]
        for step in 1...4 {
            events.append(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .moved, x: 100 + Double(step), y: 100)]))
        }
        events.append(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .ended, x: 104, y: 100)]))
        press.addAction { [unowned self] press in
            if press.state == .began { self.began += 1 }
            if press.state == .ended { self.ended += 1 }
        }
        pan.addAction { [unowned self] _ in self.pans += 1 }
    }

    /// One press, 1 s after the previous one: down, the clock to the 0.5 s deadline, then the
    /// moves and the lift 10 ms apart.
    @inline(__always)
    public func press() {
        var now = time.nanoseconds &+ 1_000_000_000
        do {
            for index in events.indices {
                if index == 1 {
                    now &+= 500_000_000
                    try environment.advance(to: Timestamp(nanoseconds: now))
                }
                if index > 0 { now &+= 10_000_000 }
                events[index].timestamp = Timestamp(nanoseconds: now)
                try environment.dispatch(events[index])
            }
        } catch {
            preconditionFailure("\(error)")
        }
        time = Timestamp(nanoseconds: now)
        presses += 1
    }

    /// `press()`, checked: every press began and ended the long press once, the pan never began,
    /// and the environment is at rest afterwards.
    public func pressChecked(times: Int = 1) {
        for _ in 0..<times { press() }
        precondition(began == presses && ended == presses && pans == 0 && environment.isIdle,
                     "\(began) began, \(ended) ended and \(pans) pan actions in \(presses) presses")
    }
}

/// A button in a list: a `ScrollView` (400 x 800, content 400 x 2400, so it scrolls vertically)
/// with a `Button` in its content, the commonest conflict of a real screen (R235-R245). Two
/// sequences, each starting on the button:
/// - a quick tap (down, up 60 ms later): the content delay lets go at the lift, the scroll pan
///   fails, and the button gets its touch-down and touch-up-inside together (R237, R242);
/// - a drag (down, ``dragMoves`` moves 16 ms apart, 8 pt up each, then up): the scroll pan begins
///   at the second move (16 pt, R240) within the 0.15 s delay, so the button never hears of the
///   touch (R241, R67), and the content scrolls with every move after that (R245). The drags
///   go up and down in turn, each starting on the button where it is then, so the list comes back
///   to where it started after every second drag.
public final class ScrollListScene {
    public let clock = VirtualClock()
    public let environment: GestureEnvironment
    public static let dragMoves = 8
    /// Events per sequence: a tap is 2, a drag is the down, its moves and the up.
    public static let eventsPerTap = 2
    public static let eventsPerDrag = dragMoves + 2
    let list = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let button = Button(frame: Rect(x: 40, y: 200, width: 200, height: 60))
    var time = Timestamp.zero
    var taps = 0
    var drags = 0
    var buttonTaps = 0
    var buttonEvents = 0
    var dragsBegun = 0
    var tapEvents: [TouchEvent]
    var dragEvents: [TouchEvent]
    var dragUp = true

    public init() {
        environment = GestureEnvironment(scheduler: clock)
        let window = Window(width: 400, height: 800)
        environment.addWindow(window)
        list.contentSize = Size(width: 400, height: 2400)
        list.contentOffset = Point(x: 0, y: 400)
        window.addSubview(list)
        list.addSubview(button)
        button.frame.origin.y = 600  // on screen at y 200 while the list is scrolled by 400
        tapEvents = [
            TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 100, y: 230)]),
            TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .ended, x: 100, y: 230)]),
        ]
        dragEvents = [TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, x: 100, y: 230)])]
        for step in 1...Self.dragMoves {
            dragEvents.append(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .moved, x: 100, y: 230 - 8 * Double(step))]))
        }
        dragEvents.append(TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .ended, x: 100, y: 230 - 8 * Double(Self.dragMoves))]))
        button.addAction(for: .primaryActionTriggered) { [unowned self] _, _ in self.buttonTaps += 1 }
        button.addAction(for: .allTouchEvents) { [unowned self] _, _ in self.buttonEvents += 1 }
        list.panGestureRecognizer.addAction { [unowned self] pan in if pan.state == .began { self.dragsBegun += 1 } }
    }

    /// One quick tap on the button, 1 s after the previous sequence.
    @inline(__always)
    public func tap() {
        time = dispatchInTurn(&tapEvents, to: environment, from: time.nanoseconds &+ 1_000_000_000, every: 60_000_000)
        taps += 1
    }

    /// One drag that starts on the button and scrolls the list, alternately up and down, 1 s after
    /// the previous sequence.
    @inline(__always)
    public func drag() {
        var start = time.nanoseconds &+ 1_000_000_000
        let direction = dragUp ? 1.0 : -1.0
        for index in dragEvents.indices {
            dragEvents[index].timestamp = Timestamp(nanoseconds: start)
            // Up from 230, or down from where the button is after scrolling up (54 pt higher).
            let base = dragUp ? 230.0 : 230.0 - 8 * Double(Self.dragMoves) + 10
            dragEvents[index].touches[0].location.y = base - direction * 8 * Double(min(index, Self.dragMoves))
            do { try environment.dispatch(dragEvents[index]) } catch { preconditionFailure("\(error)") }
            start &+= 16_000_000
        }
        dragUp.toggle()
        time = Timestamp(nanoseconds: start)
        drags += 1
    }

    /// `tap()` and `drag()`, checked: every tap fired the button once (two touch events,
    /// touch-down and touch-up inside, then the primary action), every drag scrolled and the
    /// button heard nothing of it, the list is back where it started after an even number of
    /// drags, and the environment is at rest.
    public func checked(taps tapCount: Int = 1, drags dragCount: Int = 2) {
        for _ in 0..<tapCount { tap() }
        for _ in 0..<dragCount { drag() }
        precondition(
            buttonTaps == taps && buttonEvents == 2 * taps && dragsBegun == drags && environment.isIdle
                && (drags % 2 != 0 || list.contentOffset == Point(x: 0, y: 400)),
            "\(buttonTaps) button taps (\(buttonEvents) events) in \(taps) taps, \(dragsBegun) scrolls in \(drags) drags, offset \(list.contentOffset)")
    }
}

/// Dispatches `events` in order, the first at `start` and each next one `step` nanoseconds later
/// (their times are set here, so the scene makes its events once); returns the time one step
/// after the last.
@inline(__always)
func dispatchInTurn(_ events: inout [TouchEvent], to environment: GestureEnvironment, from start: Int64, every step: Int64) -> Timestamp {
    var now = start
    for index in events.indices {
        events[index].timestamp = Timestamp(nanoseconds: now)
        do { try environment.dispatch(events[index]) } catch { preconditionFailure("\(error)") }
        now &+= step
    }
    return Timestamp(nanoseconds: now)
}

/// A tap through a chain of `depth` nested views, each 10 pt inside its parent, with a tap
/// recognizer on the deepest: with `rotated`, every view of the chain is also turned by 1 degree
/// about its centre (R285-R289), so hit-testing and every conversion go through a transform at
/// each level; without, the same tree with identity transforms, for comparison. One tap is a
/// down and an up 80 ms later at a point well inside the deepest view.
public final class TransformedTreeScene {
    public let clock = VirtualClock()
    public let environment: GestureEnvironment
    public static let eventsPerTap = 2
    var time = Timestamp.zero
    var taps = 0
    var recognized = 0
    var events: [TouchEvent]

    public init(depth: Int, rotated: Bool) {
        environment = GestureEnvironment(scheduler: clock)
        let window = Window(width: 800, height: 800)
        environment.addWindow(window)
        var parent: View = window
        var size = 780.0
        for _ in 0..<depth {
            let view = View(frame: Rect(x: 10, y: 10, width: size, height: size))
            if rotated { view.transform = AffineTransform(rotationAngle: Double.pi / 180) }
            parent.addSubview(view)
            parent = view
            size = max(size - 20, 100)
        }
        let tap = TapGestureRecognizer()
        parent.addGestureRecognizer(tap)
        // The deepest view's centre, in window coordinates: a point inside it however it turned.
        let centre = parent.convert(Point(x: parent.bounds.width / 2, y: parent.bounds.height / 2), to: nil)
        events = [
            TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .began, location: centre)]),
            TouchEvent(timestamp: .zero, touches: [TouchInput(id: 1, phase: .ended, location: centre)]),
        ]
        tap.addAction { [unowned self] _ in self.recognized += 1 }
    }

    /// One tap, 1 s after the previous one.
    @inline(__always)
    public func tap() {
        time = dispatchInTurn(&events, to: environment, from: time.nanoseconds &+ 1_000_000_000, every: 80_000_000)
        taps += 1
    }

    /// `tap()`, checked: every tap recognized once, and the environment is at rest.
    public func tapChecked(times: Int = 1) {
        for _ in 0..<times { tap() }
        precondition(recognized == taps && environment.isIdle, "\(recognized) of \(taps) taps recognized through the tree")
    }
}

/// Desktop input on two side-by-side cards, each with a hover recognizer, a pan that takes wheel
/// ticks and a pinch (R267-R277, R291): the pointer passes that a desktop host sends most. Streams:
/// `hover` (four moves a sequence: onto card A, within A, onto B, within B; each crossing ends one
/// hover recognizer and begins the other), `wheel` (one tick over A: a discrete began carrying its
/// delta, then an ended; the pan begins and ends, R283) and `trackpad-pinch` (a transform over B:
/// began, 1.05, 1.1, ended; the pinch begins, changes and ends, R292).
public final class PointerScene {
    public let clock = VirtualClock()
    public let environment: GestureEnvironment
    /// The inputs of one sequence of each stream.
    public static let inputsPerSequence = ["hover": 4, "wheel": 2, "trackpad-pinch": 4]
    var time = Timestamp.zero
    var sequences = 0
    var hoverBegan = 0
    var panEnded = 0
    var pinchEnded = 0

    public init() {
        environment = GestureEnvironment(scheduler: clock)
        let window = Window(width: 800, height: 600)
        environment.addWindow(window)
        for index in 0..<2 {
            let card = View(frame: Rect(x: 40 + Double(index) * 380, y: 40, width: 340, height: 500))
            window.addSubview(card)
            let hover = HoverGestureRecognizer()
            hover.addAction { [unowned self] hover in if hover.state == .began { self.hoverBegan += 1 } }
            let pan = PanGestureRecognizer()
            pan.allowedScrollTypesMask = .discrete
            pan.addAction { [unowned self] pan in if pan.state == .ended { self.panEnded += 1 } }
            let pinch = PinchGestureRecognizer()
            pinch.addAction { [unowned self] pinch in if pinch.state == .ended { self.pinchEnded += 1 } }
            for recognizer in [hover, pan, pinch] as [GestureRecognizer] { card.addGestureRecognizer(recognizer) }
        }
        next()
        do { try environment.dispatch(HoverInput(timestamp: time, phase: .entered, location: Point(x: 10, y: 10))) } catch {
            preconditionFailure("\(error)")
        }
    }

    @inline(__always)
    private func next() {
        time = Timestamp(nanoseconds: time.nanoseconds &+ 16_000_000)
    }

    /// One sequence of `stream`.
    @inline(__always)
    public func run(_ stream: String) {
        do {
            switch stream {
            case "hover":
                for x in [200.0, 210, 600, 610] {
                    next()
                    try environment.dispatch(HoverInput(timestamp: time, phase: .moved, location: Point(x: x, y: 300)))
                }
            case "wheel":
                next()
                try environment.dispatch(ScrollInput(timestamp: time, phase: .began, type: .discrete, location: Point(x: 200, y: 300), delta: Vector(x: 0, y: -30)))
                try environment.dispatch(ScrollInput(timestamp: time, phase: .ended, type: .discrete, location: Point(x: 200, y: 300)))
            default:
                for (phase, scale) in [(TransformInput.Phase.began, 1.0), (.changed, 1.05), (.changed, 1.1), (.ended, 1.1)] {
                    next()
                    try environment.dispatch(TransformInput(timestamp: time, phase: phase, location: Point(x: 600, y: 300), scale: scale))
                }
            }
        } catch {
            preconditionFailure("\(error)")
        }
        sequences += 1
    }

    /// `run(stream)` `times` times, then checked against the rules over every sequence the scene
    /// ran (a scene runs one stream): each hover sequence begins both cards' hover recognizers
    /// once (R268), each wheel tick ends a pan once (R283), each pinch ends once (R292); after a
    /// wheel tick or a pinch the environment is at rest (while the pointer hovers, a hover
    /// recognizer is active: never at rest).
    public func runChecked(_ stream: String, times: Int = 1) {
        for _ in 0..<times { run(stream) }
        let expected = stream == "hover" ? (2 * sequences, 0, 0) : stream == "wheel" ? (0, sequences, 0) : (0, 0, sequences)
        let got = (hoverBegan, panEnded, pinchEnded)
        precondition(got == expected && (stream == "hover" || environment.isIdle), "\(stream): \(got), expected \(expected)")
    }
}
