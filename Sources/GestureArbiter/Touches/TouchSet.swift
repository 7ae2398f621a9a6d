/// An ordered collection of distinct touches, sorted by touch id.
///
/// UIKit hands touch callbacks a `Set<UITouch>`, whose iteration order is hash order. GestureArbiter
/// never exposes hash order (R118), so callbacks get a `TouchSet`: the same touches, always in
/// ascending `id` order.
///
/// The engine fills touch sets from reused buffers: handing one to a callback allocates nothing
/// unless the callback keeps it.
public struct TouchSet: RandomAccessCollection, Equatable, CustomStringConvertible {
    @usableFromInline
    internal var storage: [Touch]

    /// An empty set.
    @inlinable
    public init() {
        self.storage = []
    }

    /// A set of the given touches, sorted by id; duplicates (same object) are kept once.
    public init<S: Sequence>(_ touches: S) where S.Element == Touch {
        self.storage = []
        for touch in touches { insert(touch) }
    }

    /// Wraps a buffer that is already sorted by id with no duplicates (engine use). Debug builds
    /// check it, so that every set the engine hands a callback is in id order (R79).
    @inlinable
    internal init(sortedStorage: [Touch]) {
        self.storage = sortedStorage
        assert(storage.isSortedByTouchID, "a touch set out of id order: \(storage.map { $0.id })")
    }

    /// The position of the first touch.
    @inlinable public var startIndex: Int { storage.startIndex }
    /// The position past the last touch.
    @inlinable public var endIndex: Int { storage.endIndex }
    /// The touch at `position`.
    @inlinable public subscript(position: Int) -> Touch { storage[position] }

    /// Whether the set holds this touch object.
    @inlinable
    public func contains(_ touch: Touch) -> Bool {
        // ObjectIdentifier, not `===`: the standard `===` retains both sides to compare them.
        let target = ObjectIdentifier(touch)
        return storage.contains { ObjectIdentifier($0) == target }
    }

    /// The touch with this id, if the set holds one.
    @inlinable
    public func touch(withID id: Int) -> Touch? {
        storage.first { $0.id == id }
    }

    /// The ids of the touches, ascending.
    public var ids: [Int] { storage.map(\.id) }

    /// Inserts `touch` at its place by id; does nothing if this object is already present.
    ///
    /// - Returns: whether the touch was inserted.
    @discardableResult
    public mutating func insert(_ touch: Touch) -> Bool {
        var index = storage.endIndex
        while index > storage.startIndex, storage[index - 1].id >= touch.id {
            if storage[index - 1] === touch { return false }
            index -= 1
        }
        storage.insert(touch, at: index)
        return true
    }

    /// Removes `touch` if present.
    ///
    /// - Returns: whether the touch was present.
    @discardableResult
    public mutating func remove(_ touch: Touch) -> Bool {
        guard let index = storage.firstIndex(where: { $0 === touch }) else { return false }
        storage.remove(at: index)
        return true
    }

    /// Two sets are equal when they hold the same touch objects.
    public static func == (lhs: TouchSet, rhs: TouchSet) -> Bool {
        lhs.storage.count == rhs.storage.count && zip(lhs.storage, rhs.storage).allSatisfy { $0 === $1 }
    }

    /// The ids, as in `[1, 2]`.
    public var description: String { "\(ids)" }
}
