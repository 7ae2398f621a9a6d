import GestureArbiter

/// The floor the engine is measured against (issue 27): the standard scene's tree and event
/// streams with only the work that any dispatcher must do. A new touch is hit-tested down the
/// same 52 views (the window and its 51) by UIKit's rules (subviews back to front; hidden, non-interactive and
/// transparent views skipped; the point translated into each view and tested half-open against
/// its bounds), bound to the view it hit, and every event of that touch is delivered to that view
/// through an overridable method. No recognizer, no arbitration, no timer, no pass.
///
/// Two forms of the tree:
/// - ``Layout/classTree``: each view an object holding its frame, bounds origin, flags and an array
///   of its subviews, as a view tree is (and as the engine's is);
/// - ``Layout/flat``: the tree as parallel arrays (frames, bounds origins, flags, the range of
///   each view's children), the cheapest a walk can read it.
///
/// The streams are the standard scene's, built by the same code and lent to the floor from the
/// same restamped buffer, so the harness costs the same on both sides.
public final class FloorScene {
    /// How the floor holds its tree.
    public enum Layout: String, CaseIterable, Sendable {
        case classTree = "class"
        case flat
    }

    /// A view of the class tree: what a hit-test reads, and a callback per phase. Constants, as
    /// the floor never changes its tree (a `var` would cost a run-time exclusivity check at each
    /// read, which is not the floor's to pay).
    class Node {
        let x: Double
        let y: Double
        let width: Double
        let height: Double
        let boundsX = 0.0
        let boundsY = 0.0
        let isHidden = false
        let isUserInteractionEnabled = true
        let alpha = 1.0
        let subviews: [Node]

        init(x: Double, y: Double, width: Double, height: Double, subviews: [Node] = []) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.subviews = subviews
        }

        func touchesBegan(_ id: Int) {}
        func touchesMoved(_ id: Int) {}
        func touchesEnded(_ id: Int) {}
    }

    /// The leaf: counts its callbacks, as the standard scene's leaf does.
    final class CountingNode: Node {
        var callbacks = 0
        override func touchesBegan(_ id: Int) { callbacks &+= 1 }
        override func touchesMoved(_ id: Int) { callbacks &+= 1 }
        override func touchesEnded(_ id: Int) { callbacks &+= 1 }
    }

    /// The same tree as parallel arrays, breadth first from the window: view `i`'s frame, bounds
    /// origin and flags; its children are the views `firstChild[i] ..< firstChild[i] + childCount[i]`
    /// (breadth first, a view's children are neighbours), front last.
    struct FlatTree {
        var frameX: [Double] = []
        var frameY: [Double] = []
        var width: [Double] = []
        var height: [Double] = []
        var boundsX: [Double] = []
        var boundsY: [Double] = []
        /// Hidden, non-interactive or transparent: skipped by the walk.
        var isSkipped: [Bool] = []
        var firstChild: [Int] = []
        var childCount: [Int] = []
        /// Callbacks per view (only the leaf's grow).
        var callbacks: [Int] = []
    }

    public let layout: Layout
    let root: Node
    let leaf: CountingNode
    // The floor's mutable state skips the run-time exclusivity check, as the engine's cells do
    // (its accesses never overlap): that check is not the floor's to pay.
    @exclusivity(unchecked) var flat = FlatTree()
    let flatLeaf: Int
    /// The live touches and the view each is bound to, for either layout.
    @exclusivity(unchecked) var boundNodes: [(id: Int, node: Node)] = []
    @exclusivity(unchecked) var boundIndices: [(id: Int, view: Int)] = []
    let templates: [Stream: [TouchEvent]]
    @exclusivity(unchecked) var nextStart: Int64 = 0

    public init(layout: Layout) {
        self.layout = layout
        // The standard scene's tree (StandardScene.buildTree): the window, a root view, ten path
        // views each 5 pt in from its parent, and four decoys per level above the path child in
        // z-order; built from the leaf up, since a node's subviews are constants.
        func decoys() -> [Node] { (0..<4).map { Node(x: 400 + Double($0) * 40, y: 400, width: 30, height: 30) } }
        let leaf = CountingNode(x: 5, y: 5, width: 780.0 - 100, height: 780.0 - 100)
        var child: Node = leaf
        for depth in stride(from: 9, through: 1, by: -1) {
            let size = 780.0 - Double(depth) * 10
            child = Node(x: 5, y: 5, width: size, height: size, subviews: [child] + decoys())
        }
        let top = Node(x: 0, y: 0, width: 800, height: 800, subviews: [child] + decoys())
        let window = Node(x: 0, y: 0, width: 800, height: 800, subviews: [top])
        self.root = window
        self.leaf = leaf
        // The flat form, breadth first from the window.
        var order: [Node] = [window]
        var index = 0
        while index < order.count {
            order.append(contentsOf: order[index].subviews)
            index += 1
        }
        var flat = FlatTree()
        var next = 1
        for node in order {
            flat.frameX.append(node.x)
            flat.frameY.append(node.y)
            flat.width.append(node.width)
            flat.height.append(node.height)
            flat.boundsX.append(node.boundsX)
            flat.boundsY.append(node.boundsY)
            flat.isSkipped.append(node.isHidden || !node.isUserInteractionEnabled || node.alpha < 0.01)
            flat.firstChild.append(next)
            flat.childCount.append(node.subviews.count)
            next += node.subviews.count
            flat.callbacks.append(0)
        }
        self.flat = flat
        flatLeaf = order.firstIndex { $0 === leaf }!
        boundNodes.reserveCapacity(4)
        boundIndices.reserveCapacity(4)
        templates = StandardScene.eventTemplates()
    }

    /// Events per sequence of `stream`.
    public func eventsPerSequence(_ stream: Stream) -> Int { templates[stream]!.count }

    /// The leaf's callbacks so far.
    public var leafCallbacks: Int { layout == .classTree ? leaf.callbacks : flat.callbacks[flatLeaf] }

    /// Runs `count` sequences of `stream`, each 2 s after the last (as the standard scene does).
    @inline(__always)
    public func run(_ stream: Stream, sequences count: Int) {
        let template = templates[stream]!
        var events = template
        var start = nextStart
        events.withUnsafeMutableBufferPointer { buffer in
            for _ in 0..<count {
                for index in buffer.indices {
                    buffer[index].timestamp = Timestamp(nanoseconds: start &+ template[index].timestamp.nanoseconds)
                    switch layout {
                    case .classTree: dispatchToClassTree(buffer[index])
                    case .flat: dispatchToFlatTree(buffer[index])
                    }
                }
                start &+= 2_000_000_000
            }
        }
        nextStart = start
    }

    // MARK: - The class tree

    @inline(never)
    func dispatchToClassTree(_ event: TouchEvent) {
        for input in event.touches {
            switch input.phase {
            case .began:
                guard let hit = hitTest(root, input.location) else { continue }
                boundNodes.append((input.id, hit))
                hit.touchesBegan(input.id)
            case .moved, .stationary:
                boundNode(of: input.id)?.touchesMoved(input.id)
            case .ended, .cancelled:
                guard let position = boundNodes.firstIndex(where: { $0.id == input.id }) else { continue }
                let node = boundNodes[position].node
                boundNodes.remove(at: position)
                node.touchesEnded(input.id)
            }
        }
    }

    @inline(__always)
    func boundNode(of id: Int) -> Node? {
        for entry in boundNodes where entry.id == id { return entry.node }
        return nil
    }

    /// UIKit's hit-test: the deepest view that contains the point, subviews front to back.
    func hitTest(_ view: Node, _ point: Point) -> Node? {
        guard !view.isHidden, view.isUserInteractionEnabled, view.alpha >= 0.01 else { return nil }
        guard point.x >= view.boundsX, point.x < view.boundsX + view.width,
            point.y >= view.boundsY, point.y < view.boundsY + view.height
        else { return nil }
        var index = view.subviews.count
        while index > 0 {
            index -= 1
            let subview = view.subviews[index]
            let local = Point(x: point.x - subview.x + subview.boundsX, y: point.y - subview.y + subview.boundsY)
            if let hit = hitTest(subview, local) { return hit }
        }
        return view
    }

    // MARK: - The flat tree

    @inline(never)
    func dispatchToFlatTree(_ event: TouchEvent) {
        for input in event.touches {
            switch input.phase {
            case .began:
                guard let hit = flatHitTest(input.location) else { continue }
                boundIndices.append((input.id, hit))
                flat.callbacks[hit] &+= 1
            case .moved, .stationary:
                for entry in boundIndices where entry.id == input.id { flat.callbacks[entry.view] &+= 1 }
            case .ended, .cancelled:
                guard let position = boundIndices.firstIndex(where: { $0.id == input.id }) else { continue }
                flat.callbacks[boundIndices[position].view] &+= 1
                boundIndices.remove(at: position)
            }
        }
    }

    /// The same walk over the arrays, without recursion (a view that contains the point holds
    /// the answer, so the walk never comes back up).
    func flatHitTest(_ point: Point) -> Int? {
        var view = 0
        var location = point
        guard !flat.isSkipped[0], contains(view, location) else { return nil }
        while true {
            var found = -1
            var position = flat.firstChild[view] + flat.childCount[view]
            while position > flat.firstChild[view] {
                position -= 1
                let child = position
                let local = Point(x: location.x - flat.frameX[child] + flat.boundsX[child], y: location.y - flat.frameY[child] + flat.boundsY[child])
                if !flat.isSkipped[child], contains(child, local) {
                    found = child
                    location = local
                    break
                }
            }
            if found < 0 { return view }
            view = found
        }
    }

    @inline(__always)
    func contains(_ view: Int, _ point: Point) -> Bool {
        point.x >= flat.boundsX[view] && point.x < flat.boundsX[view] + flat.width[view]
            && point.y >= flat.boundsY[view] && point.y < flat.boundsY[view] + flat.height[view]
    }
}
