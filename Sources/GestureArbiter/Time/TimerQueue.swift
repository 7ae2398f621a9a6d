/// The pending timers of a ``VirtualClock``, kept sorted by `(deadline, sequence)`.
///
/// The sequence number breaks ties by scheduling order, which makes equal deadlines fire in a
/// deterministic order (R118). Internal to ``VirtualClock``.
///
/// The entries are kept in one array, latest first, so that the next timer to fire is the last
/// element: firing is a `removeLast`, and scheduling a timer that is due after the others (the
/// usual case) only shifts the few entries due later. Pending timers are few (one per recognizer
/// waiting on a timeout), which makes this cheaper than a heap; inserting and cancelling are
/// O(n) in the pending timers. Entries move bitwise: no reference counting while sorting.
struct TimerQueue {
    struct Entry {
        var deadline: Timestamp
        var sequence: UInt64
        var action: Action

        /// Fires before `other`.
        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
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

    /// Latest first: the next to fire is last.
    private var entries: [Entry] = []

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    /// The next timer's deadline and sequence.
    func peek() -> (deadline: Timestamp, sequence: UInt64)? {
        guard let next = entries.last else { return nil }
        return (next.deadline, next.sequence)
    }

    mutating func insert(_ entry: Entry) {
        // From the end (earliest), past every entry that fires before this one.
        var index = entries.count
        while index > 0, entries[index - 1].precedes(entry) { index -= 1 }
        if index == entries.count {
            entries.append(entry)
        } else {
            entries.insert(entry, at: index)
        }
    }

    mutating func popFirst() -> Entry? {
        entries.popLast()
    }

    mutating func remove(sequence: UInt64) {
        var index = entries.count
        while index > 0 {
            index -= 1
            if entries[index].sequence == sequence {
                entries.removeCheaply(at: index)
                return
            }
        }
    }
}
