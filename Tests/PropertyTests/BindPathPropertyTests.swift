import GestureArbiter
import GestureArbiterTesting
import Testing

/// A step between touches in a tree that keeps changing: a view moved (into one of the two
/// windows or into another view), removed, or given or stripped of a recognizer; or a touch,
/// down and up, in one of the two windows.
enum TreeStep: Sendable, CustomStringConvertible {
    case move(view: Int, into: Int, at: Int)
    case remove(view: Int)
    case addRecognizer(view: Int)
    case removeRecognizer(view: Int)
    case touch(window: Int)

    var description: String {
        switch self {
        case let .move(view, into, at): "move v\(view) into \(TreeWorld.nodeName(into)) at \(at)"
        case let .remove(view): "remove v\(view)"
        case let .addRecognizer(view): "add a recognizer to v\(view)"
        case let .removeRecognizer(view): "remove v\(view)'s first recognizer"
        case let .touch(window): "touch in w\(window)"
        }
    }
}

/// Two windows side by side in one environment, and `viewCount` views that cover a window
/// wherever they are (so a touch lands on the front-most deepest one).
final class TreeWorld {
    static let windowSize = 100.0
    let environment = GestureEnvironment()
    let windows: [Window]
    let views: [View]
    var recognizers = 0
    var time = 0.0

    init(viewCount: Int) {
        windows = [Window(frame: Rect(x: 0, y: 0, width: Self.windowSize, height: Self.windowSize)),
                   Window(frame: Rect(x: 200, y: 0, width: Self.windowSize, height: Self.windowSize))]
        for (index, window) in windows.enumerated() {
            window.name = "w\(index)"
            environment.addWindow(window)
        }
        views = (0..<viewCount).map { index in
            let view = View(frame: Rect(x: 0, y: 0, width: Self.windowSize, height: Self.windowSize))
            view.name = "v\(index)"
            return view
        }
    }

    /// Nodes a view can be moved into: 0 and 1 are the windows, 2 and up the views.
    static func nodeName(_ node: Int) -> String { node < 2 ? "w\(node)" : "v\(node - 2)" }

    func node(_ index: Int) -> View { index < 2 ? windows[index] : views[index - 2] }

    /// Applies `step`; for a touch, returns the names of the recognizers the touch was bound to
    /// and of those R23 binds it to, as read from the tree at touch-down.
    func apply(_ step: TreeStep) throws -> (bound: [String], expected: [String])? {
        switch step {
        case let .move(view, into, at):
            node(into).insertSubview(views[view], at: at)
        case let .remove(view):
            views[view].removeFromSuperview()
        case let .addRecognizer(view):
            let pan = PanGestureRecognizer()
            pan.name = "g\(recognizers)"
            recognizers += 1
            views[view].addGestureRecognizer(pan)
        case let .removeRecognizer(view):
            if let first = views[view].gestureRecognizers.first { views[view].removeGestureRecognizer(first) }
        case let .touch(window):
            // A second apart: every recognizer of the last touch has reset (R39).
            time += 1
            let x = windows[window].frame.origin.x + 50
            try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: time), touches: [TouchInput(id: 1, phase: .began, x: x, y: 50)]))
            guard let touch = environment.touches.first else { throw PropertyViolation("touch 1 is not live after its began") }
            let bound = touch.gestureRecognizers.map { $0.name ?? "?" }
            // R23: each recognizer of the hit-test view and of every view above it, each view's
            // in the order added, nearest view first.
            var expected: [String] = []
            var view = touch.view
            while let current = view {
                expected += current.gestureRecognizers.map { $0.name ?? "?" }
                view = current.superview
            }
            try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: time + 0.01), touches: [TouchInput(id: 1, phase: .ended, x: x, y: 50)]))
            return (bound, expected)
        }
        return nil
    }
}

/// A tree and the steps played on it.
struct TreeSteps: Sendable, CustomStringConvertible {
    var viewCount: Int
    var steps: [TreeStep]
    var description: String { "\(viewCount) views:\n" + steps.map(\.description).joined(separator: "\n") }
}

/// A touch-down offers its touch to the recognizers of the hit-test view and of the views above
/// it (R23). The engine keeps each hit-test view's path (the views with recognizers above it) for
/// the next touch there, and must find it anew whenever the tree changes: these steps change it
/// between touches in every way that gives a view other ancestors or other recognizers.
@Suite struct BindPathPropertyTests {
    static let input = Generator<TreeSteps>(generate: { random in
        let viewCount = Int.random(in: 2...8, using: &random)
        var steps: [TreeStep] = []
        // Each view into a window or an earlier view, with a recognizer or two, first.
        for view in 0..<viewCount {
            let into = Int.random(in: 0..<(2 + view), using: &random)
            steps.append(.move(view: view, into: into, at: Int.random(in: 0...3, using: &random)))
            steps.append(.addRecognizer(view: view))
            if Bool.random(using: &random) { steps.append(.addRecognizer(view: view)) }
        }
        for _ in 0..<Int.random(in: 10...30, using: &random) {
            let view = Int.random(in: 0..<viewCount, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0...2: steps.append(.touch(window: Int.random(in: 0...1, using: &random)))
            case 3...5: steps.append(.move(view: view, into: Int.random(in: 0..<(2 + viewCount), using: &random), at: Int.random(in: 0...3, using: &random)))
            case 6: steps.append(.remove(view: view))
            case 7...8: steps.append(.addRecognizer(view: view))
            default: steps.append(.removeRecognizer(view: view))
            }
            // A touch after most changes: the path a touch left must be found anew, or still
            // hold, whichever the change calls for.
            if Int.random(in: 0..<4, using: &random) != 0 { steps.append(.touch(window: Int.random(in: 0...1, using: &random))) }
        }
        return TreeSteps(viewCount: viewCount, steps: steps)
    }, shrink: { value in
        value.steps.indices.map { index in
            var smaller = value
            smaller.steps.remove(at: index)
            return smaller
        }
    })

    @Test("R23, R28: after any change of the tree between touches, a touch is bound to the recognizers of its hit-test view and of the views above it, nearest first, on 1,000 generated trees")
    func bindingFollowsTheTreeAsItIs() {
        var touches = 0
        var boundSome = 0
        do {
            try checkProperty("binding follows the tree", seed: PropertyRun.seed(0x5EED_B1D0), count: PropertyRun.count(1_000),
                              input: Self.input) { value in
                let world = TreeWorld(viewCount: value.viewCount)
                for (index, step) in value.steps.enumerated() {
                    guard let (bound, expected) = try world.apply(step) else { continue }
                    touches += 1
                    if !expected.isEmpty { boundSome += 1 }
                    guard bound == expected else {
                        throw PropertyViolation("step \(index) (\(step)): bound to \(bound), R23 gives \(expected)")
                    }
                }
            }
        } catch {
            Issue.record("\(error)")
        }
        // Not vacuous: many touches land under recognizers (the others hit a window that the
        // steps emptied).
        #expect(touches > PropertyRun.count(1_000) * 5)
        #expect(boundSome > touches / 3)
    }
}
