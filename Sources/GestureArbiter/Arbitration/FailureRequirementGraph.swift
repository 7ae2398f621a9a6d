/// Recognizers tied together by failure requirements that go round in circles: starting from any
/// of them and following "requires to fail" edges (``GestureRecognizer/require(toFail:)``), you
/// can reach every other one and come back (R59, R121).
///
/// Such cycles are allowed; the engine resolves them by processing order (R59). A group is a
/// strongly connected component of the requirement graph: it lists every recognizer caught in the
/// cycles once, however many cycles run through them, so a host can report the tangle without
/// enumerating the cycles (a dozen recognizers that each require all the others to fail make
/// millions of them).
///
/// ```swift
/// for group in environment.failureRequirementCycles() {
///     print("requirement cycle:", group.exampleCycle.map { $0.name ?? "?" })
/// }
/// ```
public struct FailureRequirementCycleGroup {
    /// Every recognizer of the group, in tree order: windows in the order they were attached,
    /// views depth-first (a view before its subviews, subviews in order), and on one view in the
    /// order the recognizers were added. Two or more recognizers.
    public let recognizers: [GestureRecognizer]

    /// One cycle through the group's first recognizer, as short as any: each recognizer requires
    /// the next one to fail and the last requires the first. Starts with `recognizers[0]`.
    public let exampleCycle: [GestureRecognizer]
}

/// The static failure-requirement edges among a set of recognizers, for finding cycles (R121).
///
/// Everything here is linear in the recognizers and their edges, and iterative (no recursion),
/// so any graph a host can build is safe to examine.
struct FailureRequirementGraph {
    /// The recognizers in tree order.
    let recognizers: [GestureRecognizer]

    /// The strongly connected components with a cycle, each with its members in the order of
    /// `recognizers` and a shortest cycle through its first member, ordered by first member.
    ///
    /// - Complexity: O(V + E) in the recognizers and their static edges.
    func cycleGroups() -> [FailureRequirementCycleGroup] {
        let count = recognizers.count
        var position: [ObjectIdentifier: Int] = [:]
        position.reserveCapacity(count)
        for (index, recognizer) in recognizers.enumerated() { position[ObjectIdentifier(recognizer)] = index }
        // Edges to recognizers outside the set (detached, in no window) are left out.
        let successors: [[Int]] = recognizers.map { recognizer in
            recognizer.failureRequirements.compactMap { position[ObjectIdentifier($0)] }
        }
        let component = Self.stronglyConnectedComponents(successors)

        // Members per component, in the order of `recognizers`; components by first member.
        var members: [[Int]] = []
        var slot = [Int](repeating: -1, count: component.count)
        for node in 0..<count {
            let id = component.of[node]
            if slot[id] < 0 {
                slot[id] = members.count
                members.append([])
            }
            members[slot[id]].append(node)
        }
        var groups: [FailureRequirementCycleGroup] = []
        for group in members {
            let first = group[0]
            guard group.count > 1 || successors[first].contains(first) else { continue }
            let cycle = Self.shortestCycle(through: first, successors: successors) { component.of[$0] == component.of[first] }
            groups.append(
                FailureRequirementCycleGroup(
                    recognizers: group.map { recognizers[$0] },
                    exampleCycle: cycle.map { recognizers[$0] }
                )
            )
        }
        return groups
    }

    /// Tarjan's algorithm with an explicit stack: the component of each node (numbered in the
    /// order components complete) and the number of components.
    static func stronglyConnectedComponents(_ successors: [[Int]]) -> (of: [Int], count: Int) {
        let count = successors.count
        var order = [Int](repeating: -1, count: count)  // discovery order, -1 if unvisited
        var lowest = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var component = [Int](repeating: -1, count: count)
        var stack: [Int] = []
        var work: [(node: Int, nextEdge: Int)] = []
        var discovered = 0
        var components = 0

        func discover(_ node: Int) {
            order[node] = discovered
            lowest[node] = discovered
            discovered += 1
            stack.append(node)
            onStack[node] = true
            work.append((node, 0))
        }

        for root in 0..<count where order[root] < 0 {
            discover(root)
            while let (node, edge) = work.last {
                if edge < successors[node].count {
                    work[work.count - 1].nextEdge = edge + 1
                    let next = successors[node][edge]
                    if order[next] < 0 {
                        discover(next)
                    } else if onStack[next] {
                        lowest[node] = min(lowest[node], order[next])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { lowest[parent] = min(lowest[parent], lowest[node]) }
                guard lowest[node] == order[node] else { continue }
                while let member = stack.popLast() {
                    onStack[member] = false
                    component[member] = components
                    if member == node { break }
                }
                components += 1
            }
        }
        return (component, components)
    }

    /// A shortest path from `start` back to `start` through nodes accepted by `isAllowed`
    /// (breadth-first, edges in their order), listed from `start`; empty if there is none.
    static func shortestCycle(through start: Int, successors: [[Int]], isAllowed: (Int) -> Bool) -> [Int] {
        var parent: [Int: Int] = [start: start]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in successors[node] {
                if next == start {
                    var path = [node]
                    while path[path.count - 1] != start { path.append(parent[path[path.count - 1]]!) }
                    return path.reversed()
                }
                guard parent[next] == nil, isAllowed(next) else { continue }
                parent[next] = node
                queue.append(next)
            }
        }
        return []
    }

    /// A shortest cycle that the static edge `recognizer` → `requirement` closes, following only
    /// recognizers accepted by `isMember`, listed from `recognizer`; nil if the edge closes none.
    ///
    /// - Complexity: O(V + E) in the recognizers reachable from `requirement`.
    static func cycle(
        closedBy recognizer: GestureRecognizer,
        requiring requirement: GestureRecognizer,
        among isMember: (GestureRecognizer) -> Bool
    ) -> [GestureRecognizer]? {
        guard isMember(recognizer), isMember(requirement) else { return nil }
        if requirement === recognizer { return [recognizer] }
        // Breadth-first from `requirement` until an edge leads back to `recognizer`.
        var nodes: [GestureRecognizer] = [requirement]
        var parent: [Int] = [-1]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(requirement)]
        var head = 0
        while head < nodes.count {
            let node = nodes[head]
            // Look for the way back first: in a dense graph it is usually right there.
            if node.failureRequirements.contains(where: { $0 === recognizer }) {
                var path: [GestureRecognizer] = []
                var index = head
                while index >= 0 {
                    path.append(nodes[index])
                    index = parent[index]
                }
                return [recognizer] + path.reversed()
            }
            for next in node.failureRequirements {
                guard isMember(next), seen.insert(ObjectIdentifier(next)).inserted else { continue }
                nodes.append(next)
                parent.append(head)
            }
            head += 1
        }
        return nil
    }
}
