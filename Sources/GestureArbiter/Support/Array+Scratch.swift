// Reused buffers of the dispatch path: emptying and removing without giving up storage.

extension Array {
    /// `remove(at:)`, with the common last-element case as a `removeLast()`, which skips the
    /// generic shifting path.
    @inline(__always)
    @discardableResult
    mutating func removeCheaply(at index: Int) -> Element {
        index == count - 1 ? removeLast() : remove(at: index)
    }

    /// Empties a reused buffer without giving up its storage; a no-op on an empty buffer (which
    /// `removeAll(keepingCapacity:)` is not: it still goes through `replaceSubrange`). The
    /// common cases, up to four elements (a finger or two per recognizer), pop them, which is far
    /// cheaper than the generic path.
    @inline(__always)
    mutating func clearKeepingCapacity() {
        switch count {
        case 0: return
        case 1: removeLast()
        case 2...4: repeat { removeLast() } while !isEmpty
        default: removeAll(keepingCapacity: true)
        }
    }
}

extension Array {
    /// Moves this buffer out, leaving an empty array: how the engine lends a reused buffer to a
    /// callback as a touch set without copying (and retaining) it. Give it back with
    /// ``restoreLent(_:)``.
    @inline(__always)
    mutating func takeForLending() -> [Element] {
        var taken: [Element] = []
        swap(&taken, &self)
        return taken
    }

    /// Puts back a buffer taken with ``takeForLending()``. While it was lent this array held the
    /// shared empty storage, which reference counting never frees; overwriting it without
    /// releasing it saves a runtime call per lent buffer (one per recognizer and view callback).
    /// If a callback gave this array storage of its own meanwhile (capacity above zero), that
    /// storage is released by a plain assignment.
    @inline(__always)
    mutating func restoreLent(_ buffer: consuming [Element]) {
        guard capacity == 0 else {
            self = buffer
            return
        }
        var pending: [Element]? = consume buffer
        withUnsafeMutablePointer(to: &self) { $0.initialize(to: pending.take()!) }
    }
}
