/// A binary min-heap of timers keyed by `(deadline, sequence)`.
///
/// The sequence number breaks ties by scheduling order, which makes equal deadlines fire in a
/// deterministic order (R118). Internal to ``VirtualClock``.
struct TimerQueue {
    struct Entry {
        var deadline: Timestamp
        var sequence: UInt64
        var action: () -> Void

        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    private var heap: [Entry] = []

    var count: Int { heap.count }
    var isEmpty: Bool { heap.isEmpty }

    func peek() -> Entry? { heap.first }

    mutating func insert(_ entry: Entry) {
        heap.append(entry)
        siftUp(heap.count - 1)
    }

    mutating func popFirst() -> Entry? {
        guard !heap.isEmpty else { return nil }
        return remove(at: 0)
    }

    mutating func remove(sequence: UInt64) {
        guard let index = heap.firstIndex(where: { $0.sequence == sequence }) else { return }
        _ = remove(at: index)
    }

    private mutating func remove(at index: Int) -> Entry {
        let last = heap.count - 1
        if index != last { heap.swapAt(index, last) }
        let removed = heap.removeLast()
        if index < heap.count {
            siftDown(index)
            siftUp(index)
        }
        return removed
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var best = left
            let right = left + 1
            if right < heap.count, heap[right].precedes(heap[left]) { best = right }
            guard heap[best].precedes(heap[parent]) else { return }
            heap.swapAt(best, parent)
            parent = best
        }
    }
}
