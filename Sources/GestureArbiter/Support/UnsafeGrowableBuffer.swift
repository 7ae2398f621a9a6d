/// A growable buffer of plain values (no reference counting, no deinitialization) that owns its
/// memory alone: the storage under ``ReferenceList``.
///
/// A Swift array is copy-on-write: every change first asks whether its storage is shared
/// (`isUniquelyReferenced`), and inserting or removing in the middle goes through the generic
/// `replaceSubrange`. The engine's bookkeeping lists change at every touch that begins or ends
/// (bindings, activations, resets), and those checks were a visible share of a tap's cost. This
/// buffer is non-copyable, so its storage can never be shared and needs no such check.
///
/// What makes it safe to use:
/// - it is `~Copyable`: one owner, and `deinit` frees the memory exactly once;
/// - its elements are `BitwiseCopyable`: nothing to retain, release or deinitialize, so moving
///   them with `memmove` and dropping them by lowering `count` is correct;
/// - every index is checked against `count` with a `precondition`, in release builds too, so a
///   wrong index traps instead of reading or writing outside the buffer (an engine bug, never a
///   user's: no public API hands out an index);
/// - the storage only grows (doubling): once warm, the dispatch path allocates nothing.
struct UnsafeGrowableBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private(set) var capacity = 0

    init() {}

    deinit {
        base?.deallocate()
    }

    var isEmpty: Bool {
        @inline(__always) get { count == 0 }
    }

    /// The element at `index`; traps unless `0 <= index < count`.
    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "buffer index out of range")
            return base.unsafelyUnwrapped[index]
        }
        set {
            precondition(index >= 0 && index < count, "buffer index out of range")
            base.unsafelyUnwrapped[index] = newValue
        }
    }

    /// The element at `index`, or nil unless `0 <= index < count`: a loop's test and the bounds
    /// check in one comparison (written apart, the compiler keeps both in the loops it rotates).
    @inline(__always)
    func element(at index: Int) -> Element? {
        guard UInt(bitPattern: index) < UInt(bitPattern: count) else { return nil }
        return base.unsafelyUnwrapped[index]
    }

    /// The last element, if any.
    var last: Element? {
        @inline(__always) get { count == 0 ? nil : base.unsafelyUnwrapped[count - 1] }
    }

    /// Removes and returns the last element, if any.
    @inline(__always)
    mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return base.unsafelyUnwrapped[count]
    }

    /// Appends `element`, growing the storage when it is full.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    /// Inserts `element` at `index` (`0 <= index <= count`), moving the later elements up by one.
    mutating func insert(_ element: Element, at index: Int) {
        precondition(index >= 0 && index <= count, "buffer insertion index out of range")
        if count == capacity { grow() }
        let start = base.unsafelyUnwrapped + index
        // The regions overlap: `moveInitialize` moves them back to front.
        if index < count { (start + 1).moveInitialize(from: start, count: count - index) }
        start.initialize(to: element)
        count += 1
    }

    /// Removes and returns the element at `index`, moving the later elements down by one.
    @discardableResult
    @inline(__always)
    mutating func remove(at index: Int) -> Element {
        precondition(index >= 0 && index < count, "buffer index out of range")
        let start = base.unsafelyUnwrapped + index
        let element = start.pointee
        if index < count - 1 { start.moveInitialize(from: start + 1, count: count - 1 - index) }
        count -= 1
        return element
    }

    /// Removes every element, keeping the storage.
    @inline(__always)
    mutating func removeAll() {
        count = 0
    }

    /// Removes the elements for which `shouldBeRemoved` is true, keeping the others in order.
    mutating func removeAll(where shouldBeRemoved: (Element) -> Bool) {
        var kept = 0
        for index in 0..<count {
            let element = base.unsafelyUnwrapped[index]
            if shouldBeRemoved(element) { continue }
            base.unsafelyUnwrapped[kept] = element
            kept += 1
        }
        count = kept
    }

    /// Doubles the storage (at least four elements), keeping the elements.
    @inline(never)
    private mutating func grow() {
        let newCapacity = Swift.max(4, capacity * 2)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }
}
