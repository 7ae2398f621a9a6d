@testable import GestureArbiter
import Testing

/// Counts its instances, to see what a list keeps alive.
final class Tracked {
    nonisolated(unsafe) static var alive = 0
    let id: Int
    init(_ id: Int) {
        self.id = id
        Tracked.alive += 1
    }
    deinit { Tracked.alive -= 1 }
}

/// The engine's bookkeeping lists (used by every pass; these tests pin their ownership rules).
@Suite(.serialized) struct ReferenceListTests {
    @Test("A RetainedList owns its elements: they live while listed and go when removed or when the list goes")
    func ownership() {
        let before = Tracked.alive
        do {
            var list = RetainedList<Tracked>()
            for id in 0..<4 { list.append(Tracked(id)) }
            #expect(Tracked.alive == before + 4)
            list.remove(at: 1)
            #expect(Tracked.alive == before + 3)
            let afterRemoval = (0..<list.count).map { list.unsafeObject(at: $0).id }
            #expect(afterRemoval == [0, 2, 3])
            list.insert(Tracked(9), at: 0)
            let afterInsert = list.array.map(\.id)
            #expect(afterInsert == [9, 0, 2, 3])
            list.remove(at: 0)
            list.remove(at: 2)
            let afterRemovals = list.array.map(\.id)
            #expect(afterRemovals == [0, 2])
            #expect(Tracked.alive == before + 2)
            list.removeAll()
            let emptied = list.isEmpty
            #expect(emptied)
            #expect(Tracked.alive == before)
            for id in 0..<2 { list.append(Tracked(id)) }
        }
        // Destroying the list released the two it still held.
        #expect(Tracked.alive == before)
    }

    @Test("A RetainedList finds elements by identity and lends them for a call")
    func identityAndLending() {
        var list = RetainedList<Tracked>()
        let a = Tracked(1)
        let twin = Tracked(1)
        list.append(a)
        let (hasA, hasTwin, index) = (list.contains(a), list.contains(twin), list.firstIndex(of: a))
        #expect(hasA && !hasTwin && index == 0)
        let lent = list[0].withUnsafeUnretained { $0 === a }
        let strong = list.unsafeObject(at: 0) === a && list[0].takeUnretainedValue() === a
        #expect(lent && strong)
        list.removeAll()
        let emptied = list.isEmpty && !list.contains(a)
        #expect(emptied)
    }

    @Test("A RetainedList handed a reference keeps that one alone: the element goes when the list lets it go")
    func appendTakingOwnership() {
        let before = Tracked.alive
        do {
            var list = RetainedList<Tracked>()
            var pool = RetainedList<Tracked>()
            for id in 0..<3 { list.appendTakingOwnership(Tracked(id)) }
            #expect(Tracked.alive == before + 3)
            // From one list to another through the caller, as the touch pool is filled.
            var taken = list.removeTakingOwnership(at: 1)
            let unique = isKnownUniquelyReferenced(&taken)
            #expect(unique)
            pool.appendTakingOwnership(consume taken)
            let (listed, pooled) = (list.array.map(\.id), pool.array.map(\.id))
            #expect(listed == [0, 2] && pooled == [1])
            #expect(Tracked.alive == before + 3)
            pool.removeAll()
            #expect(Tracked.alive == before + 2)
            list.remove(at: 0)
            #expect(Tracked.alive == before + 1)
        }
        #expect(Tracked.alive == before)
    }

    @Test("element(at:) is the element within the list and nil outside it, so a loop may shrink the list under it")
    func elementAtIndex() {
        var list = RetainedList<Tracked>()
        let elements = (0..<4).map { Tracked($0) }
        for element in elements { list.append(element) }
        let inside = (0..<4).map { index in list.element(at: index)?.takeUnretainedValue() === elements[index] }
        #expect(inside == [true, true, true, true])
        let outside = [-1, 4, 5, Int.min, Int.max].map { list.element(at: $0) == nil }
        #expect(outside == [true, true, true, true, true])
        // The loop the engine writes: an element removed ahead of the index ends it early, not
        // past the end.
        var visited: [Int] = []
        var index = 0
        while let listed = list.element(at: index) {
            visited.append(listed.withUnsafeUnretained { $0.id })
            if index == 1 { list.remove(at: 3) }
            index += 1
        }
        #expect(visited == [0, 1, 2])
        list.removeAll()
        let empty = list.element(at: 0) == nil
        #expect(empty)
    }

    @Test("An UnownedList keeps nothing alive: its owner does")
    func unowned() {
        let before = Tracked.alive
        var owner: [Tracked] = [Tracked(1), Tracked(2)]
        var list = UnownedList<Tracked>()
        list.append(owner[1])
        list.insert(owner[0], at: 0)
        let ids = (0..<list.count).map { list.unsafeObject(at: $0).id }
        #expect(ids == [1, 2])
        list.removeAll()
        let emptied = list.isEmpty
        #expect(emptied)
        owner.removeAll()
        #expect(Tracked.alive == before)
    }
}
