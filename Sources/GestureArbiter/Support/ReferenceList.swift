/// An ordered list of class references that the engine's loops read without reference counting.
///
/// The engine's bookkeeping lists are walked many times per pass, and a walk over a Swift array
/// of class references retains and releases each element it visits whenever the loop body calls
/// code the optimizer cannot see. This list stores `Unmanaged` references, which cost nothing to
/// copy, and hands an element out as an ``UnownedReference`` (`list[index]`), which the caller
/// then lends with `withUnsafeUnretained(_:)`. Whether it owns its elements is its `Ownership`:
/// see ``RetainedList`` and ``UnownedList``.
///
/// It is non-copyable, so that ownership is never duplicated by accident. It has no method that
/// runs a caller's closure while the list is borrowed: `list[index]` copies the element's
/// reference out and the access to the list ends there, so the closure given to
/// `withUnsafeUnretained` may change the list (even remove that element: see the callers) without
/// an overlapping access. Lending is sound as long as something keeps the element alive for the
/// duration of the call: docs/architecture.md lists who owns what ("Ownership and reference
/// counting on the dispatch path").
struct ReferenceList<Element: AnyObject, Ownership: ListOwnership>: ~Copyable {
    private var storage = UnsafeGrowableBuffer<Unmanaged<Element>>()

    init() {}

    deinit {
        for index in 0..<storage.count { Ownership.drop(storage[index]) }
    }

    var count: Int {
        @inline(__always) get { storage.count }
    }

    var isEmpty: Bool {
        @inline(__always) get { storage.isEmpty }
    }

    /// The element at `index`, unretained: a copy of the reference (the access to the list ends
    /// when it returns). Lend it with `withUnsafeUnretained(_:)`.
    @inline(__always)
    subscript(index: Int) -> UnownedReference<Element> { UnownedReference(storage[index]) }

    /// The element at `index`, unretained, or nil when `index` is not within the list: for a
    /// loop that visits the elements while the list may change under it,
    /// `while let element = list.element(at: index)`, one comparison per element.
    @inline(__always)
    func element(at index: Int) -> UnownedReference<Element>? {
        storage.element(at: index).map { UnownedReference($0) }
    }

    /// The element at `index` as a strong reference (it stays alive if the list drops it). Unsafe
    /// only in an ``UnownedList``, whose element must still be alive when this is called.
    @inline(__always)
    func unsafeObject(at index: Int) -> Element { storage[index].takeUnretainedValue() }

    /// The elements as an array (for the public API and traces; allocates).
    var array: [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(storage.count)
        for index in 0..<storage.count { elements.append(storage[index].takeUnretainedValue()) }
        return elements
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        storage.append(Ownership.adopt(element))
    }

    /// Appends the object `reference` refers to (retained if the list owns it). The caller keeps
    /// the object alive for the call: unlike ``append(_:)`` with the object itself, this costs no
    /// reference counting when the reference is read from another list or set.
    @inline(__always)
    mutating func append(_ reference: UnownedReference<Element>) {
        storage.append(Ownership.adopt(reference.unmanaged))
    }

    mutating func insert(_ element: Element, at index: Int) {
        storage.insert(Ownership.adopt(element), at: index)
    }

    /// Removes the element at `index` (and releases it if the list owns it).
    mutating func remove(at index: Int) {
        Ownership.drop(storage.remove(at: index))
    }

    /// Removes every element (releasing those the list owns), keeping the storage.
    @inline(__always)
    mutating func removeAll() {
        for index in 0..<storage.count { Ownership.drop(storage[index]) }
        storage.removeAll()
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
}

extension ReferenceList where Ownership == Owning {
    /// The first element as a strong reference, or nil when the list is empty.
    var first: Element? {
        @inline(__always) get { isEmpty ? nil : unsafeObject(at: 0) }
    }

    /// Removes the element at `index` and hands its reference over to the caller, without the
    /// release and the retain of removing it and keeping it elsewhere.
    @inline(__always)
    mutating func removeTakingOwnership(at index: Int) -> Element {
        storage.remove(at: index).takeRetainedValue()
    }

    /// Removes the last element, if any, and hands its reference over to the caller.
    @inline(__always)
    mutating func popLastTakingOwnership() -> Element? {
        storage.popLast()?.takeRetainedValue()
    }

    /// Appends `element`, taking over the caller's reference: no retain of its own.
    @inline(__always)
    mutating func appendTakingOwnership(_ element: consuming Element) {
        let reference = Unmanaged.passRetained(element)
        // The parameter's reference ends here, next to the retain, so that the optimizer pairs
        // the two away; ended after the append (which may grow the storage), both stay.
        _ = consume element
        storage.append(reference)
    }

    /// Removes the element at `index` and hands its reference over as a ``ListedReference``,
    /// for ``appendListed(_:)`` of another list: the move costs no retain and no release, where
    /// handing it over as an object (``removeTakingOwnership(at:)``, then
    /// ``appendTakingOwnership(_:)``) leaves the optimizer a retain and a release to pair, which
    /// it does not always do. Two calls, so that the two lists are never accessed at once.
    @inline(__always)
    mutating func removeListed(at index: Int) -> ListedReference<Element> {
        ListedReference(storage.remove(at: index))
    }

    /// Appends the reference that ``removeListed(at:)`` handed over.
    @inline(__always)
    mutating func appendListed(_ reference: consuming ListedReference<Element>) {
        storage.append(reference.takeUnmanaged())
    }
}

/// An owned reference on its way from one ``RetainedList`` to another: non-copyable, so that it
/// is handed on once; one that is dropped on the way releases its object.
struct ListedReference<Element: AnyObject>: ~Copyable {
    private let unmanaged: Unmanaged<Element>

    fileprivate init(_ unmanaged: Unmanaged<Element>) {
        self.unmanaged = unmanaged
    }

    /// The reference, for the list that takes it over.
    @inline(__always)
    fileprivate consuming func takeUnmanaged() -> Unmanaged<Element> {
        let unmanaged = self.unmanaged
        discard self
        return unmanaged
    }

    deinit {
        unmanaged.release()
    }
}

/// Whether a ``ReferenceList`` owns its elements.
protocol ListOwnership {
    /// The reference to store for `element`.
    static func adopt<Element: AnyObject>(_ element: Element) -> Unmanaged<Element>
    /// The reference to store for the object `reference` refers to.
    static func adopt<Element: AnyObject>(_ reference: Unmanaged<Element>) -> Unmanaged<Element>
    /// Called when `element` leaves the list.
    static func drop<Element: AnyObject>(_ element: Unmanaged<Element>)
}

/// The list owns its elements: one retain when added, one release when removed or when the list
/// is destroyed.
enum Owning: ListOwnership {
    @inline(__always)
    static func adopt<Element: AnyObject>(_ element: Element) -> Unmanaged<Element> { .passRetained(element) }
    @inline(__always)
    static func adopt<Element: AnyObject>(_ reference: Unmanaged<Element>) -> Unmanaged<Element> { reference.retain() }
    @inline(__always)
    static func drop<Element: AnyObject>(_ element: Unmanaged<Element>) { element.release() }
}

/// The list does not own its elements: something else keeps each alive while it is listed.
enum NonOwning: ListOwnership {
    @inline(__always)
    static func adopt<Element: AnyObject>(_ element: Element) -> Unmanaged<Element> { .passUnretained(element) }
    @inline(__always)
    static func adopt<Element: AnyObject>(_ reference: Unmanaged<Element>) -> Unmanaged<Element> { reference }
    @inline(__always)
    static func drop<Element: AnyObject>(_ element: Unmanaged<Element>) {}
}

/// A list that owns its elements: the attached windows, a window's active recognizers, a view's
/// recognizers, the live touches, a recognizer's actions.
typealias RetainedList<Element: AnyObject> = ReferenceList<Element, Owning>

/// A list of references it does not own, for elements whose owner outlives their listing:
/// - the pass's own touches: each is owned by the environment's live or retired touches from
///   before it joins the list until after the list is emptied at the end of the pass;
/// - a recognizer's tracked touches and a touch's bound recognizers, which mirror each other
///   (binding adds to both, ignoring and resetting remove from both): a touch is recycled only
///   once no recognizer tracks it, and a bound recognizer is active in its window (which owns
///   it) until it resets.
typealias UnownedList<Element: AnyObject> = ReferenceList<Element, NonOwning>
