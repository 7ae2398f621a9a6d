/// The pending timers of a ``VirtualClock``, kept sorted by `(deadline, sequence)`.
///
/// The sequence number breaks ties by scheduling order, which makes equal deadlines fire in a
/// deterministic order (R118). Internal to ``VirtualClock``.
///
/// The entries are kept in one buffer, latest first, so that the next timer to fire is the last
/// element: firing is a `removeLast`, and scheduling a timer shifts up the entries due before it.
/// Pending timers are few (one per recognizer waiting on a timeout), which makes this cheaper
/// than a heap; inserting and cancelling are O(n) in the pending timers. Entries move bitwise:
/// no reference counting while sorting. The buffer is an ``UnsafeGrowableBuffer``, with no
/// copy-on-write check at each change: the queue is non-copyable, as the clock's fields are.
struct TimerQueue: ~Copyable {
    /// A pending timer. Plain data (no reference counted field), so that entries move bitwise
    /// and sorting them costs no reference counting; a caller's closure waits in `closures`, and
    /// the engine's timers carry their token and its receiver instead (no closure to make).
    struct Entry: BitwiseCopyable {
        /// The deadline in nanoseconds: ``Timestamp`` is public, and declares no bitwise copying.
        var deadlineNanoseconds: Int64
        var sequence: UInt64
        /// The engine's token for its timer (see ``TimerTokenReceiver``); unused for a caller's
        /// closure.
        var token: UInt64
        /// Where `token` goes when the timer fires; nil for a caller's closure. Not owned: the
        /// receiver's owner (an environment) cancels its timers before it goes away.
        var receiver: UnownedReference<TimerTokenReceiver>?

        /// When it fires.
        var deadline: Timestamp { Timestamp(nanoseconds: deadlineNanoseconds) }

        init(deadline: Timestamp, sequence: UInt64, token: UInt64, receiver: UnownedReference<TimerTokenReceiver>?) {
            self.deadlineNanoseconds = deadline.nanoseconds
            self.sequence = sequence
            self.token = token
            self.receiver = receiver
        }

        /// Fires before `other`.
        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            deadlineNanoseconds != other.deadlineNanoseconds ? deadlineNanoseconds < other.deadlineNanoseconds : sequence < other.sequence
        }
    }

    /// What a timer does when it fires.
    enum Action {
        /// A caller's closure (``VirtualClock/schedule(at:_:)``).
        case closure(() -> Void)
        /// An engine timer, scheduled by token: no closure to make.
        case token(UInt64, UnownedReference<TimerTokenReceiver>)

        /// Runs the action.
        @inline(__always)
        func run() {
            switch self {
            case let .closure(body): body()
            case let .token(token, receiver): receiver.withUnsafeUnretained { $0.receive(token) }
            }
        }
    }

    /// Latest first: the next to fire is last.
    private var entries = UnsafeGrowableBuffer<Entry>()
    /// The callers' closures of the pending entries without a receiver, by sequence.
    private var closures: [(sequence: UInt64, body: () -> Void)] = []

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    /// The next timer's deadline and sequence.
    func peek() -> (deadline: Timestamp, sequence: UInt64)? {
        guard let next = entries.last else { return nil }
        return (next.deadline, next.sequence)
    }

    /// Adds an engine timer: `token` goes to `receiver` when it fires.
    mutating func insert(deadline: Timestamp, sequence: UInt64, token: UInt64, receiver: TimerTokenReceiver) {
        insert(Entry(deadline: deadline, sequence: sequence, token: token, receiver: UnownedReference(receiver)))
    }

    /// Adds a caller's closure.
    mutating func insert(deadline: Timestamp, sequence: UInt64, body: @escaping () -> Void) {
        closures.append((sequence, body))
        insert(Entry(deadline: deadline, sequence: sequence, token: 0, receiver: nil))
    }

    private mutating func insert(_ entry: Entry) {
        // From the end (earliest), each entry that fires before this one moves up a place.
        entries.append(entry)
        var index = entries.count - 1
        while index > 0, entries[index - 1].precedes(entry) {
            entries[index] = entries[index - 1]
            index -= 1
        }
        entries[index] = entry
    }

    /// Removes and returns the next timer to fire: its deadline and what it does.
    mutating func popFirst() -> (deadline: Timestamp, action: Action)? {
        guard let entry = entries.popLast() else { return nil }
        if let receiver = entry.receiver { return (entry.deadline, .token(entry.token, receiver)) }
        return (entry.deadline, .closure(takeClosure(sequence: entry.sequence)))
    }

    mutating func remove(sequence: UInt64) {
        var index = entries.count
        while index > 0 {
            index -= 1
            if entries[index].sequence == sequence {
                let entry = entries.remove(at: index)
                if entry.receiver == nil { _ = takeClosure(sequence: sequence) }
                return
            }
        }
    }

    /// Removes every engine timer of `receiver`.
    mutating func removeAll(for receiver: TimerTokenReceiver) {
        entries.removeAll { $0.receiver?.refers(to: receiver) == true }
    }

    private mutating func takeClosure(sequence: UInt64) -> () -> Void {
        guard let index = closures.firstIndex(where: { $0.sequence == sequence }) else {
            preconditionFailure("timer \(sequence) has no closure")
        }
        return closures.remove(at: index).body
    }
}
