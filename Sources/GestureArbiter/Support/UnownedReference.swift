/// A reference that does not own its object and is read without reference counting: the
/// engine's links up its trees (a view's superview and window, a recognizer's view, window and
/// environment, a window's environment, an event's window).
///
/// Each link is cleared by whoever would otherwise leave it dangling, before its object can go
/// away: a superview clears its subviews' links when it is freed, a view its recognizers', a
/// window its event's and its active recognizers', an environment its windows' and its
/// recognizers'. docs/architecture.md lists these owners ("Ownership and reference counting on
/// the dispatch path"). A `weak` reference would be safe without that discipline, but it gives
/// its object a side table, after which every retain and release of the object takes the
/// runtime's slow path; these objects are the hottest of the engine.
///
/// This type and ``ReferenceList`` are the only places of the module that hold `Unmanaged`
/// references (Scripts/check-unsafe.sh checks it).
struct UnownedReference<Object: AnyObject>: BitwiseCopyable {
    private let storage: Unmanaged<Object>

    /// A link to `object`, not retained.
    @inline(__always)
    init(_ object: Object) {
        storage = .passUnretained(object)
    }

    /// The same link as `reference` (for ``ReferenceList``, which stores `Unmanaged` references).
    @inline(__always)
    init(_ reference: Unmanaged<Object>) {
        storage = reference
    }

    /// A link to `object`, or nil.
    @inline(__always)
    static func to(_ object: Object?) -> UnownedReference? {
        guard let object else { return nil }
        return UnownedReference(object)
    }

    /// The object as a strong reference (the caller's copy keeps it alive).
    @inline(__always)
    var object: Object { storage.takeUnretainedValue() }

    /// The reference as stored, for the lists of this folder.
    @inline(__always)
    var unmanaged: Unmanaged<Object> { storage }

    /// The object as a strong reference: ``object`` under `Unmanaged`'s name, so that code
    /// written against a list of `Unmanaged` elements reads the same.
    @inline(__always)
    func takeUnretainedValue() -> Object { object }

    /// Calls `body` with the object, lent without a retain: the caller guarantees that an owner
    /// keeps it alive for the whole call (docs/architecture.md names the owner of each link).
    @inline(__always)
    func withUnsafeUnretained<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try storage._withUnsafeGuaranteedRef(body)
    }

    /// Whether this links to `object` (by identity).
    @inline(__always)
    func refers(to object: Object) -> Bool {
        storage.toOpaque() == Unmanaged.passUnretained(object).toOpaque()
    }
}

extension UnownedReference: Equatable {
    /// Identity of the objects.
    @inline(__always)
    static func == (lhs: UnownedReference, rhs: UnownedReference) -> Bool {
        lhs.storage.toOpaque() == rhs.storage.toOpaque()
    }
}
