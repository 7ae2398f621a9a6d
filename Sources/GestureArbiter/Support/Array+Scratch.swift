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
    /// common one-element case pops it, which is far cheaper than the generic path.
    @inline(__always)
    mutating func clearKeepingCapacity() {
        switch count {
        case 0: return
        case 1: removeLast()
        default: removeAll(keepingCapacity: true)
        }
    }
}
