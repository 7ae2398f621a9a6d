// Reused touch buffers of the dispatch path: sorting by id and removing a set, without
// allocating.

extension Array where Element == Touch {
    /// Sorts the buffer by touch id, ascending (R79), in place: an insertion sort, which
    /// allocates nothing and costs one comparison per touch when the buffer is already sorted
    /// (the usual case; touch sets hold a few fingers).
    mutating func sortByTouchID() {
        guard count > 1 else { return }
        var index = 1
        while index < count {
            if self[index - 1].id > self[index].id {
                var position = index
                while position > 0, self[position - 1].id > self[position].id {
                    swapAt(position - 1, position)
                    position -= 1
                }
            }
            index += 1
        }
    }

    /// Whether the buffer is sorted by touch id, ascending. (Two touches may share an id: a
    /// finger that ended but is still withheld, and a new one the host gave its id.)
    @usableFromInline
    var isSortedByTouchID: Bool {
        var index = 1
        while index < count {
            if self[index - 1].id > self[index].id { return false }
            index += 1
        }
        return true
    }

    /// Removes the touches that `touches` holds, keeping the order of the rest. Cheaper than
    /// `removeAll(where:)`, which always goes through `replaceSubrange`.
    mutating func remove(_ touches: TouchSet) {
        var index = count
        while index > 0 {
            index -= 1
            if touches.contains(self[index]) {
                removeCheaply(at: index)
            }
        }
    }
}
