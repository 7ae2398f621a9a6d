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
