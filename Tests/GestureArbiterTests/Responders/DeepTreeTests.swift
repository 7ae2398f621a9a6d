@testable import GestureArbiter
import Testing

/// A responder at the end of the chain (the application's delegate) that logs the touch phases
/// reaching it.
private final class ChainEnd: Responder {
    var phases: [String] = []
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { phases.append("began \(ids(touches))") }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { phases.append("moved \(ids(touches))") }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { phases.append("ended \(ids(touches))") }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { phases.append("cancelled \(ids(touches))") }
    private func ids(_ touches: TouchSet) -> String { touches.map { String($0.id) }.joined(separator: ",") }
}

/// A view that logs the touch phases it receives.
private final class PhaseView: View {
    var phases: [String] = []
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { phases.append("began") }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { phases.append("ended") }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { phases.append("cancelled") }
}

/// Trees of any depth and width: building, hit-testing, tracing, converting, the responder
/// chain, removal and freeing use no recursion on the call stack, and building costs O(n)
/// whatever the order (issue 13, item 3). Correctness asserts only: the depth itself is the test
/// (each step would overflow the stack or take minutes if it recursed or were quadratic).
@Suite struct DeepTreeTests {
    static let depth = 200_000

    /// A chain of `depth` plain views under `window`, each 1 pt right of its superview and wide
    /// enough that the point (depth + 0.5, 5) in the window is inside every one of them. The
    /// deepest view is a ``PhaseView`` when `leafLogs`.
    static func chain(in window: Window, depth: Int, bottomUp: Bool, leaf: View) -> (root: View, leaf: View) {
        let width = Double(depth) + 10
        func make() -> View { View(frame: Rect(x: 1, y: 0, width: width, height: 10)) }
        leaf.frame = Rect(x: 1, y: 0, width: width, height: 10)
        if bottomUp {
            var top = leaf
            for _ in 1..<depth {
                let parent = make()
                parent.addSubview(top)
                top = parent
            }
            window.addSubview(top)
            return (top, leaf)
        }
        var parent: View = window
        var root: View?
        for level in 0..<depth {
            let view = level == depth - 1 ? leaf : make()
            parent.addSubview(view)
            if root == nil { root = view }
            parent = view
        }
        return (root!, leaf)
    }

    static func world() -> (GestureEnvironment, Window) {
        let environment = GestureEnvironment()
        let window = Window(width: Double(depth) + 20, height: 100)
        environment.addWindow(window)
        return (environment, window)
    }

    static func input(_ id: Int, _ phase: TouchPhase, at seconds: Double) -> TouchEvent {
        TouchEvent(timestamp: Timestamp(seconds: seconds), touches: [TouchInput(id: id, phase: phase, x: Double(depth) + 0.5, y: 5)])
    }

    @Test("R2, R9, R10, R23, R44: a tap on the deepest of 200,000 nested views, built top-down or bottom-up",
          arguments: [false, true])
    func tapOnTheDeepestView(bottomUp: Bool) throws {
        let (environment, window) = Self.world()
        let end = ChainEnd()
        environment.application.delegate = end
        let (root, leaf) = Self.chain(in: window, depth: Self.depth, bottomUp: bottomUp, leaf: View())
        #expect(leaf.window === window)
        #expect(leaf.isDescendant(of: root) && !root.isDescendant(of: leaf))
        #expect(leaf.depth == Self.depth)
        let rootTap = TapGestureRecognizer()
        let leafTap = TapGestureRecognizer()
        root.addGestureRecognizer(rootTap)
        leaf.addGestureRecognizer(leafTap)
        var recognized: [String] = []
        rootTap.addAction { _ in recognized.append("root") }
        leafTap.addAction { _ in recognized.append("leaf") }
        let tracer = RecordingTracer()
        environment.tracer = tracer

        try environment.dispatch(Self.input(1, .began, at: 0))
        try environment.dispatch(Self.input(1, .ended, at: 0.05))

        // R23, R28: both bind; the deeper one recognizes first and excludes the other (R44).
        #expect(recognized == ["leaf"])
        #expect(rootTap.state == .possible && leafTap.state == .possible)
        // R10: the plain leaf forwards up the whole chain to the application's delegate; the
        // tap withholds the end (R63) and cancels the touch in the view when it recognizes (R67).
        #expect(end.phases == ["began 1", "cancelled 1"])
        // R122: the hit record names the leaf, and its path lists the window and every view.
        let hits = tracer.records.compactMap { record -> (View?, String)? in
            guard case let .hitTest(_, view) = record else { return nil }
            return (view, record.description)
        }
        #expect(hits.count == 1)
        #expect(hits.first?.0 === leaf)
        let separators = hits.first.map { $0.1.split(separator: ">", omittingEmptySubsequences: false).count - 1 } ?? 0
        #expect(separators == Self.depth)
        #expect(environment.isIdle)
    }

    @Test("R9: converting points and walking the responder chain across 200,000 levels")
    func convertAndResponderChain() {
        let (environment, window) = Self.world()
        let controller = ViewController()
        let (root, leaf) = Self.chain(in: window, depth: Self.depth, bottomUp: false, leaf: View())
        controller.view = root
        // Each level is 1 pt right of its superview.
        #expect(leaf.convert(Point(x: 0.5, y: 5), to: nil) == Point(x: Double(Self.depth) + 0.5, y: 5))
        #expect(leaf.convert(Point(x: Double(Self.depth), y: 0), from: window) == Point(x: 0, y: 0))
        #expect(root.convert(Point(x: 0, y: 0), from: leaf) == Point(x: Double(Self.depth - 1), y: 0))
        // R9: leaf ... root, the root's controller, the window, the application.
        var chain: [Responder] = []
        var responder: Responder? = leaf
        while let current = responder {
            chain.append(current)
            responder = current.next
        }
        #expect(chain.count == Self.depth + 3)
        #expect(chain[Self.depth - 1] === root)
        #expect(chain[Self.depth] === controller)
        #expect(chain[Self.depth + 1] === window)
        #expect(chain.last === environment.application)
    }

    @Test("R119: adding a view's own ancestor under it, 200,000 levels apart, changes nothing")
    func ancestorAsSubviewAtDepth() {
        let (_, window) = Self.world()
        let (root, leaf) = Self.chain(in: window, depth: Self.depth, bottomUp: false, leaf: View())
        leaf.addSubview(root)
        leaf.insertSubview(window, at: 0)
        #expect(root.superview === window)
        #expect(leaf.subviews.isEmpty)
        #expect(window.subviews.count == 1 && window.subviews[0] === root)
    }

    @Test("R41, R120: removing a 200,000-level subtree while its deepest view tracks a touch")
    func removeDeepSubtreeMidGesture() throws {
        let (environment, window) = Self.world()
        let leaf = PhaseView()
        let (root, _) = Self.chain(in: window, depth: Self.depth, bottomUp: true, leaf: leaf)
        let rootTap = TapGestureRecognizer()
        let leafTap = TapGestureRecognizer()
        root.addGestureRecognizer(rootTap)
        leaf.addGestureRecognizer(leafTap)
        var states: [GestureRecognizer.State] = []
        rootTap.addAction { states.append($0.state) }
        leafTap.addAction { states.append($0.state) }
        try environment.dispatch(Self.input(1, .began, at: 0))
        #expect(leaf.phases == ["began"])
        root.removeFromSuperview()
        // R120: the leaf hears the end of its touch at once; R41: both recognizers fail (no action).
        #expect(leaf.phases == ["began", "cancelled"])
        #expect(leaf.window == nil && root.superview == nil)
        #expect(states.isEmpty)
        try environment.dispatch(Self.input(1, .ended, at: 0.05))
        #expect(leaf.phases == ["began", "cancelled"])
        #expect(environment.isIdle)
    }

    @Test("A 200,000-level tree is freed, whether a window or a detached root is the last owner",
          arguments: [false, true])
    func freeDeepTree(detached: Bool) {
        weak var weakLeaf: View?
        weak var weakWindow: Window?
        var survivor: View?
        do {
            let (_, window) = Self.world()
            let (root, leaf) = Self.chain(in: window, depth: Self.depth, bottomUp: false, leaf: View())
            weakLeaf = leaf
            weakWindow = window
            // A view someone else keeps survives as a root of its own, out of the window.
            survivor = root.subviews[0].subviews[0]
            if detached { root.removeFromSuperview() }
        }
        #expect(weakWindow == nil)
        #expect(weakLeaf != nil, "the survivor keeps its subtree")
        #expect(survivor?.superview == nil && survivor?.window == nil && weakLeaf?.window == nil)
        #expect(weakLeaf?.depth == Self.depth - 3)
        survivor = nil
        #expect(weakLeaf == nil)
    }

    @Test("R2, R23, R120: 200,000 sibling views: a tap on the backmost, removed mid-gesture, then freed")
    func wideTree() throws {
        let count = Self.depth
        weak var weakWindow: Window?
        do {
            let environment = GestureEnvironment()
            let window = Window(width: Double(count), height: 100)
            environment.addWindow(window)
            weakWindow = window
            let back = PhaseView(frame: Rect(x: 0, y: 0, width: 1, height: 10))
            window.addSubview(back)
            for index in 1..<count {
                window.addSubview(View(frame: Rect(x: Double(index), y: 0, width: 1, height: 10)))
            }
            #expect(window.subviews.count == count)
            let windowTap = TapGestureRecognizer()
            window.addGestureRecognizer(windowTap)
            var recognized = 0
            windowTap.addAction { _ in recognized += 1 }
            let touch = { (phase: TouchPhase, seconds: Double) in
                TouchEvent(timestamp: Timestamp(seconds: seconds), touches: [TouchInput(id: 1, phase: phase, x: 0.5, y: 5)])
            }
            try environment.dispatch(touch(.began, 0))
            try environment.dispatch(touch(.ended, 0.05))
            #expect(recognized == 1)
            #expect(back.phases == ["began", "cancelled"])
            try environment.dispatch(touch(.began, 1))
            back.removeFromSuperview()
            #expect(back.phases == ["began", "cancelled", "began", "cancelled"])
            try environment.dispatch(touch(.ended, 1.05))
            #expect(window.subviews.count == count - 1)
            // The tap on the window is not in the removed subtree: it recognizes (R120 cancels
            // only the subtree's recognizers).
            #expect(recognized == 2)
            #expect(environment.isIdle)
        }
        #expect(weakWindow == nil)
    }
}
