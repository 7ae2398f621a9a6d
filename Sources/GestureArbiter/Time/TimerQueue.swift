/// A binary min-heap of timers keyed by `(deadline, sequence)`.
///
/// The sequence number breaks ties by scheduling order, which makes equal deadlines fire in a
/// deterministic order (R118). Internal to ``VirtualClock``.
///
/// The heap holds plain values (deadline, sequence, slot); the actions live in `actions`, indexed
/// by slot, with freed slots reused. Sifting therefore moves no closure and costs no reference
/// counting, and after warm-up scheduling allocates nothing.
struct TimerQueue {
    struct Entry {
        var deadline: Timestamp
        var sequence: UInt64
        var action: Action
    }

    /// What a timer does when it fires.
    enum Action {
        /// A caller's closure (``VirtualClock/schedule(at:_:)``).
        case closure(() -> Void)
        /// A gesture recognizer's timer, scheduled by its environment: no closure to make or to
        /// reference-count. Not owned: a recognizer with a pending timer is active in a window,
        /// which owns it, and its timer is cancelled before it stops being active.
        case recognizer(Unmanaged<GestureRecognizer>)

        /// Runs the action.
        @inline(__always)
        func run() {
            switch self {
            case let .closure(body): body()
            case let .recognizer(recognizer): recognizer._withUnsafeGuaranteedRef { $0.clockTimerFired() }
            }
        }
    }

    private struct Key {
        var deadline: Timestamp
        var sequence: UInt64
        var slot: Int

        @inline(__always)
        func precedes(_ other: Key) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    private var heap: [Key] = []
    private var actions: [Action?] = []
    private var freeSlots: [Int] = []

    var count: Int { heap.count }
    var isEmpty: Bool { heap.isEmpty }

    /// The earliest timer's deadline and sequence.
    func peek() -> (deadline: Timestamp, sequence: UInt64)? {
        guard let first = heap.first else { return nil }
        return (first.deadline, first.sequence)
    }

    mutating func insert(_ entry: Entry) {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            actions[slot] = entry.action
        } else {
            slot = actions.count
            actions.append(entry.action)
        }
        heap.append(Key(deadline: entry.deadline, sequence: entry.sequence, slot: slot))
        siftUp(heap.count - 1)
    }

    mutating func popFirst() -> Entry? {
        guard !heap.isEmpty else { return nil }
        return remove(at: 0)
    }

    mutating func remove(sequence: UInt64) {
        var index = 0
        while index < heap.count {
            if heap[index].sequence == sequence {
                _ = remove(at: index)
                return
            }
            index += 1
        }
    }

    private mutating func remove(at index: Int) -> Entry {
        let key = heap[index]
        let last = heap.count - 1
        if index != last { heap[index] = heap[last] }
        heap.removeLast()
        if index < heap.count {
            siftDown(index)
            siftUp(index)
        }
        let action = actions[key.slot].unsafelyUnwrapped
        actions[key.slot] = nil
        freeSlots.append(key.slot)
        return Entry(deadline: key.deadline, sequence: key.sequence, action: action)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        let moving = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard moving.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = moving
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let moving = heap[parent]
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { break }
            var best = left
            let right = left + 1
            if right < heap.count, heap[right].precedes(heap[left]) { best = right }
            guard heap[best].precedes(moving) else { break }
            heap[parent] = heap[best]
            parent = best
        }
        heap[parent] = moving
    }
}
