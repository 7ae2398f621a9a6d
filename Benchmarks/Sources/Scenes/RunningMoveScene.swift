import GestureArbiter

/// The moves of a running gesture alone, one event a move (issue 27, item 3: a move of two
/// fingers should cost at most twice a move of one):
/// - `pan-move`: the standard scene's drag, held. Its first three events run once (the touch-down
///   and two 5 pt moves: the pan on the depth-2 ancestor begins at the second, R94, and cancels
///   the leaf's touch, R67); then the finger moves 5 pt right and back, 16 ms apart.
/// - `pinch-move`: the two-finger scene, held. Its first four events run once (both fingers down
///   40 pt apart, two moves that spread them to 50 pt: the pinch on the depth-8 view begins at
///   the second, R174, and excludes the pan, R44); then the fingers spread by 5 pt and back,
///   16 ms apart, one event moving both.
///
/// Every move reaches the running recognizer as a move and makes it report `changed` (R36,
/// R102, R175): ``check()`` stops the process unless each move sent one changed action.
public final class RunningMoveScene {
    /// The streams, by name.
    public enum Kind: String, CaseIterable, Sendable {
        case pan = "pan-move"
        case pinch = "pinch-move"
    }

    public let environment: GestureEnvironment
    let changedActions: () -> Int
    var event: TouchEvent
    var outward = false
    var nanoseconds: Int64
    let changedAtStart: Int
    var movesSent = 0

    public init(_ kind: Kind) {
        switch kind {
        case .pan:
            let scene = StandardScene()
            let drag = StandardScene.eventTemplates()[.drag]!
            Self.dispatch(drag[0..<3], to: scene.environment)
            environment = scene.environment
            changedActions = { scene.counters.panChanged }
            precondition(scene.counters.panBegan == 1, "pan-move: the pan did not begin")
            event = drag[2]
        case .pinch:
            let scene = TwoFingerScene()
            Self.dispatch(scene.template[0..<4], to: scene.environment)
            environment = scene.environment
            changedActions = { scene.counters.pinchChanged }
            precondition(scene.counters.pinchBegan == 1, "pinch-move: the pinch did not begin")
            event = scene.template[3]
        }
        nanoseconds = event.timestamp.nanoseconds
        changedAtStart = changedActions()
    }

    private static func dispatch(_ events: ArraySlice<TouchEvent>, to environment: GestureEnvironment) {
        for event in events {
            do { try environment.dispatch(event) } catch { preconditionFailure("running move scene: \(error)") }
        }
    }

    /// Dispatches `times` moves, each 16 ms after the one before: every finger 5 pt (one
    /// finger: right, then back; two: apart, then back) in each. The scene's state is read once
    /// and written back once, as in ``MoveScene/move(times:)``.
    @inline(__always)
    public func move(times: Int) {
        var event = self.event
        var time = nanoseconds
        var out = outward
        for _ in 0..<times {
            time &+= 16_000_000
            event.timestamp = Timestamp(nanoseconds: time)
            out.toggle()
            let step = out ? 5.0 : -5.0
            if event.touches.count == 1 {
                event.touches[0].location.x += step
            } else {
                event.touches[0].location.x -= step / 2
                event.touches[1].location.x += step / 2
            }
            do { try environment.dispatch(event) } catch { preconditionFailure("running move scene: \(error)") }
        }
        self.event = event
        nanoseconds = time
        outward = out
        movesSent &+= times
    }

    /// Stops the process unless every move sent so far made the running recognizer send one
    /// changed action: a run that did nothing reports nothing.
    public func check() {
        let changed = changedActions() - changedAtStart
        precondition(changed == movesSent, "running move scene: \(changed) changed actions for \(movesSent) moves")
    }
}
