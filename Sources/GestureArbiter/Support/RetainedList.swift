/// An ordered list of strong references whose elements are read without reference counting.
///
/// The engine's bookkeeping lists (a window's active recognizers, a recognizer's touches, a
/// touch's recognizers, the pass's touches) are walked many times per pass, and a walk over a
/// Swift array of class references retains and releases each element it visits whenever the loop
/// body calls code the optimizer cannot see. This list owns its elements (one retain when added,
/// one release when removed or when the list is destroyed) and hands them out as `Unmanaged`
/// values, which cost nothing to copy; `withElement(at:_:)` lends one for a call.
///
/// It is non-copyable, so that ownership is never duplicated by accident. Lending an element is
/// safe as long as the list keeps it for the duration of the call: the engine never removes
/// elements it is walking, except at the points documented where it takes a strong reference
/// first (`object(at:)`).
struct RetainedList<Element: AnyObject>: ~Copyable {
    private var storage: [Unmanaged<Element>] = []

    init() {}

    deinit {
        for item in storage { item.release() }
    }

    var count: Int {
        @inline(__always) get { storage.count }
    }

    var isEmpty: Bool {
        @inline(__always) get { storage.isEmpty }
    }

    /// The element at `index`, unretained.
    @inline(__always)
    subscript(index: Int) -> Unmanaged<Element> { storage[index] }

    /// The element at `index` as a strong reference (it stays alive if the list drops it).
    @inline(__always)
    func object(at index: Int) -> Element { storage[index].takeUnretainedValue() }

    /// Calls `body` with the element at `index`, lent without a retain.
    @inline(__always)
    func withElement<Result>(at index: Int, _ body: (Element) throws -> Result) rethrows -> Result {
        try storage[index]._withUnsafeGuaranteedRef(body)
    }

    /// The elements as an array (for the public API and traces; allocates).
    var array: [Element] { storage.map { $0.takeUnretainedValue() } }

    @inline(__always)
    mutating func append(_ element: Element) {
        storage.append(.passRetained(element))
    }

    mutating func insert(_ element: Element, at index: Int) {
        // At the end (the usual place) `append` skips the generic `replaceSubrange`.
        if index == storage.count {
            storage.append(.passRetained(element))
        } else {
            storage.insert(.passRetained(element), at: index)
        }
    }

    /// Removes and releases the element at `index`.
    mutating func remove(at index: Int) {
        let removed = index == storage.count - 1 ? storage.removeLast() : storage.remove(at: index)
        removed.release()
    }

    /// Removes and releases every element, keeping the storage.
    @inline(__always)
    mutating func removeAll() {
        guard !storage.isEmpty else { return }
        for item in storage { item.release() }
        if storage.count == 1 {
            storage.removeLast()
        } else {
            storage.removeAll(keepingCapacity: true)
        }
    }

    /// Removes and releases the elements matching `predicate`, keeping the order of the rest.
    mutating func removeAll(where predicate: (Element) -> Bool) {
        var index = 0
        while index < storage.count {
            if storage[index]._withUnsafeGuaranteedRef(predicate) {
                remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// The position of `element` (by identity), if present.
    @inline(__always)
    func firstIndex(of element: Element) -> Int? {
        let target = Unmanaged.passUnretained(element).toOpaque()
        var index = 0
        while index < storage.count {
            if storage[index].toOpaque() == target { return index }
            index += 1
        }
        return nil
    }

    /// Whether `element` (by identity) is present.
    @inline(__always)
    func contains(_ element: Element) -> Bool { firstIndex(of: element) != nil }

    /// Whether some element matches `predicate`.
    func contains(where predicate: (Element) throws -> Bool) rethrows -> Bool {
        var index = 0
        while index < storage.count {
            if try storage[index]._withUnsafeGuaranteedRef(predicate) { return true }
            index += 1
        }
        return false
    }

    /// Removes and returns the last element, as a strong reference.
    mutating func popLast() -> Element? {
        storage.popLast()?.takeRetainedValue()
    }
}

/// An ordered list of references that it does not own: the same reads as ``RetainedList``, with
/// no reference counting at all, adding and removing included.
///
/// Used where something else owns the elements for as long as they are listed:
/// - the pass's own touches: each is owned by the environment's live or retired touches from
///   before it joins the list until after the list is emptied at the end of the pass;
/// - a recognizer's tracked touches and a touch's bound recognizers, which mirror each other
///   (binding adds to both, ignoring and resetting remove from both): a touch is recycled only
///   once no recognizer tracks it, and a bound recognizer is active in its window (which owns
///   it) until it resets. Non-copyable
/// like ``RetainedList``, so that lending an element borrows the list in place (a copy would
/// retain its storage).
struct UnownedList<Element: AnyObject>: ~Copyable {
    private var storage: [Unmanaged<Element>] = []

    init() {}

    var count: Int {
        @inline(__always) get { storage.count }
    }

    var isEmpty: Bool {
        @inline(__always) get { storage.isEmpty }
    }

    /// The element at `index`, unretained.
    @inline(__always)
    subscript(index: Int) -> Unmanaged<Element> { storage[index] }

    /// The element at `index` as a strong reference.
    @inline(__always)
    func object(at index: Int) -> Element { storage[index].takeUnretainedValue() }

    /// Calls `body` with the element at `index`, lent without a retain.
    @inline(__always)
    func withElement<Result>(at index: Int, _ body: (Element) throws -> Result) rethrows -> Result {
        try storage[index]._withUnsafeGuaranteedRef(body)
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        storage.append(.passUnretained(element))
    }

    mutating func insert(_ element: Element, at index: Int) {
        if index == storage.count {
            storage.append(.passUnretained(element))
        } else {
            storage.insert(.passUnretained(element), at: index)
        }
    }

    /// Empties the list, keeping the storage.
    @inline(__always)
    mutating func removeAll() {
        switch storage.count {
        case 0: return
        case 1: storage.removeLast()
        default: storage.removeAll(keepingCapacity: true)
        }
    }

    mutating func remove(at index: Int) {
        if index == storage.count - 1 {
            storage.removeLast()
        } else {
            storage.remove(at: index)
        }
    }

    /// The position of `element` (by identity), if present.
    @inline(__always)
    func firstIndex(of element: Element) -> Int? {
        let target = Unmanaged.passUnretained(element).toOpaque()
        var index = 0
        while index < storage.count {
            if storage[index].toOpaque() == target { return index }
            index += 1
        }
        return nil
    }

    /// Whether `element` (by identity) is present.
    @inline(__always)
    func contains(_ element: Element) -> Bool { firstIndex(of: element) != nil }

    /// The elements as an array (for the public API and traces; allocates).
    var array: [Element] { storage.map { $0.takeUnretainedValue() } }
}
