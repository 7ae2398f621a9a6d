extension Array {
    /// Empties a reused buffer without giving up its storage; a no-op on an empty buffer (which
    /// `removeAll(keepingCapacity:)` is not: it still goes through `replaceSubrange`).
    @inline(__always)
    mutating func clearKeepingCapacity() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
