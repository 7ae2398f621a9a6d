@testable import GestureArbiter
import Testing

/// Reflecting the engine's objects (`dump`, `String(reflecting:)`, a failed `#expect` that shows
/// an operand) must not trap: their hot state lives in cells whose value is noncopyable, which
/// the runtime's reflection cannot copy, so a cell shows no children.
@Suite struct ReflectionTests {
    @Test("dump reflects every engine class with a fields cell without trapping")
    func dumpDoesNotTrap() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        let tap = world.attach(TapGestureRecognizer(), "T", to: view)
        let pan = world.attach(PanGestureRecognizer(), "P", to: view)
        try world.down(1, at: 0, 50, 50)
        let touch = try #require(world.environment.liveTouches.array.first)
        let event = world.window.event
        let objects: [(String, Any)] = [
            ("environment", world.environment), ("window", world.window), ("view", view), ("tap", tap),
            ("pan", pan), ("touch", touch), ("event", event), ("clock", world.clock),
        ]
        for (name, object) in objects {
            var text = ""
            dump(object, to: &text, maxDepth: 3)
            #expect(!text.isEmpty, "dump of the \(name)")
            #expect(!String(reflecting: object).isEmpty, "String(reflecting:) of the \(name)")
        }
    }
}
