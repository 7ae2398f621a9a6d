@testable import GestureArbiter
import Testing

@Suite struct TouchIdentityTests {
    /// The live touch with host id `id` in `world`.
    static func touch(_ id: Int, in world: TestWorld) throws -> Touch {
        try #require(world.environment.touches.first { $0.id == id })
    }

    @Test("R14: touches with the same id in two environments are two touches, in a Set and as dictionary keys")
    func sameIDTwoEnvironments() throws {
        let first = TestWorld()
        let second = TestWorld()
        try first.down(1, at: 0, 10, 10)
        try second.down(1, at: 0, 10, 10)
        let a = try Self.touch(1, in: first)
        let b = try Self.touch(1, in: second)
        #expect(a.id == b.id)
        #expect(a != b)
        #expect(a == a)
        #expect(Set([a, b, a]).count == 2)
        let names: [Touch: String] = [a: "first", b: "second"]
        #expect(names[a] == "first")
        #expect(names[b] == "second")
    }

    @Test("R14: a touch stays equal to itself, with the same hash, while its phase and location change")
    func identitySurvivesChanges() throws {
        let world = TestWorld()
        try world.down(1, at: 0, 10, 10)
        let touch = try Self.touch(1, in: world)
        let hashAtDown = touch.hashValue
        var seen: Set<Touch> = [touch]
        var starts: [Touch: Point] = [touch: touch.location(in: nil)]
        try world.move(1, at: 0.1, 40, 60)
        let moved = try Self.touch(1, in: world)
        #expect(moved === touch)
        #expect(touch.hashValue == hashAtDown)
        #expect(seen.contains(moved))
        #expect(starts[moved] == Point(x: 10, y: 10))
        seen.insert(moved)
        starts[moved] = moved.location(in: nil)
        #expect(seen.count == 1)
        #expect(starts == [touch: Point(x: 40, y: 60)])
    }

    @Test("R14: a kept touch is not reused for a later finger with the same id: the two differ")
    func keptTouchIsNotReused() throws {
        let world = TestWorld()
        try world.tap(1, at: 0, 10, 10)
        try world.down(1, at: 1, 10, 10)
        // Kept from here on: the environment may pool a touch only when nothing else holds it.
        let kept: Set<Touch> = [try Self.touch(1, in: world)]
        try world.up(1, at: 1.1, 10, 10)
        try world.down(1, at: 2, 20, 20)
        let later = try Self.touch(1, in: world)
        #expect(later.id == 1)
        #expect(!kept.contains(later))
        #expect(kept.first?.phase == .ended)
        #expect(later.phase == .began)
        try world.up(1, at: 2.1, 20, 20)
    }
}
