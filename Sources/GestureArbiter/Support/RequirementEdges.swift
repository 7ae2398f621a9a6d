/// A recognizer's static failure requirements (R51; generic over the recognizer class, which
/// `Support/` does not name): the recognizers it must see fail, in the
/// order they were added, held without owning them.
///
/// A requirement does not keep the required recognizer alive, so two recognizers that require
/// each other (R59) are not a reference cycle. The two ends are linked both ways instead: every
/// recognizer also lists its dependents (an unowned list), and whichever of
/// the two is freed first takes the edge out of the other's list in its `deinit`. So a listed
/// recognizer is always alive, and reading the list costs no reference counting.
///
/// The engine reads it like an array (`isEmpty`, `last`, `for edge in ...`). A loop over it must
/// not run user code, which could free a listed recognizer while the loop holds its reference.
struct RequirementEdges<Recognizer: AnyObject>: RandomAccessCollection {
    private var storage: [Unmanaged<Recognizer>] = []

    init() {}

    var startIndex: Int {
        @inline(__always) get { 0 }
    }

    var endIndex: Int {
        @inline(__always) get { storage.count }
    }

    @inline(__always)
    subscript(position: Int) -> Recognizer { storage[position].takeUnretainedValue() }

    mutating func append(_ recognizer: Recognizer) {
        storage.append(.passUnretained(recognizer))
    }

    /// Takes `recognizer` out of the list (the edge's other end is being freed).
    mutating func remove(_ recognizer: Recognizer) {
        let target = Unmanaged.passUnretained(recognizer).toOpaque()
        if let index = storage.firstIndex(where: { $0.toOpaque() == target }) { storage.remove(at: index) }
    }
}
