@testable import GestureArbiter
import Testing

struct BadInput: CustomTestStringConvertible, Sendable {
    let name: String
    let event: TouchEvent
    let error: DispatchError
    var testDescription: String { name }
}

@Suite struct BadInputTests {
    static func event(_ seconds: Double, _ touches: TouchInput...) -> TouchEvent {
        TouchEvent(timestamp: Timestamp(seconds: seconds), touches: touches)
    }

    static let cases: [BadInput] = [
        BadInput(name: "time going backwards", event: event(0.05, TouchInput(id: 1, phase: .moved, x: 1, y: 1)),
                 error: .timeWentBackwards(now: Timestamp(seconds: 0.1), requested: Timestamp(seconds: 0.05))),
        BadInput(name: "duplicate began", event: event(0.2, TouchInput(id: 1, phase: .began, x: 1, y: 1)), error: .duplicateBegan(1)),
        BadInput(name: "unknown id moved", event: event(0.2, TouchInput(id: 7, phase: .moved, x: 1, y: 1)), error: .unknownTouch(7)),
        BadInput(name: "unknown id ended", event: event(0.2, TouchInput(id: 7, phase: .ended, x: 1, y: 1)), error: .unknownTouch(7)),
        BadInput(name: "NaN x", event: event(0.2, TouchInput(id: 1, phase: .moved, x: .nan, y: 1)), error: .nonFiniteLocation(1)),
        BadInput(name: "infinite y", event: event(0.2, TouchInput(id: 2, phase: .began, x: 1, y: .infinity)), error: .nonFiniteLocation(2)),
        BadInput(name: "empty event", event: event(0.2), error: .emptyEvent),
        BadInput(name: "same id twice", event: event(0.2, TouchInput(id: 1, phase: .moved, x: 1, y: 1), TouchInput(id: 1, phase: .ended, x: 1, y: 1)),
                 error: .duplicateTouchInEvent(1)),
        BadInput(name: "a valid touch with a bad one", event: event(0.2, TouchInput(id: 1, phase: .moved, x: 5, y: 5), TouchInput(id: 9, phase: .ended, x: 1, y: 1)),
                 error: .unknownTouch(9)),
    ]

    @Test("R117: bad input throws its error, changes nothing, and the engine stays usable", arguments: cases)
    func rejected(_ row: BadInput) throws {
        let world = TestWorld()
        world.addView("V", Rect(x: 0, y: 0, width: 100, height: 100))
        let tap = world.attach(TapGestureRecognizer(), "T", to: world.window)
        tap.numberOfTapsRequired = 2
        try world.down(1, at: 0, 10, 10)
        try world.move(1, at: 0.1, 12, 10)
        let linesBefore = world.log.lines
        let recordsBefore = world.records.count
        let touchBefore = try #require(world.environment.touches.first)
        #expect(throws: row.error) { try world.environment.dispatch(row.event) }
        #expect(world.log.lines == linesBefore)
        #expect(world.records.count == recordsBefore)
        #expect(world.clock.now == Timestamp(seconds: 0.1))
        #expect(touchBefore.location(in: nil) == Point(x: 12, y: 10))
        #expect(world.environment.touches.map(\.id) == [1])
        try world.up(1, at: 0.3, 12, 10)
        try world.advance(to: 2)
        #expect(world.log.lines == linesBefore + ["0.650 gesture T failed", "0.650 view V ended 1"])
        #expect(world.environment.isIdle)
    }

    @Test("R117: advancing the environment to the past throws and changes nothing")
    func advanceBackwards() throws {
        let world = TestWorld()
        try world.advance(to: 1)
        #expect(throws: DispatchError.timeWentBackwards(now: Timestamp(seconds: 1), requested: Timestamp(seconds: 0.5))) {
            try world.advance(to: 0.5)
        }
        #expect(world.clock.now == Timestamp(seconds: 1))
    }

    @Test("R118: the same input in two fresh worlds gives the same log and the same trace")
    func determinism() throws {
        func run() throws -> ([String], [String]) {
            let world = TestWorld()
            let view = world.addView("V", Rect(x: 0, y: 0, width: 300, height: 300))
            let single = world.attach(TapGestureRecognizer(), "S", to: view)
            let double = TapGestureRecognizer()
            double.numberOfTapsRequired = 2
            world.attach(double, "D", to: view)
            single.require(toFail: double)
            world.attach(PanGestureRecognizer(), "P", to: view)
            try world.tap(1, at: 0, 50, 50)
            try world.tap(2, at: 0.2, 52, 50)
            try world.down(3, at: 1, 50, 50)
            for step in 1...5 { try world.move(3, at: 1 + Double(step) * 0.016, 50 + Double(step) * 5, 50) }
            try world.up(3, at: 1.1, 75, 50)
            try world.advance(to: 3)
            return (world.log.lines, world.records.map(\.description))
        }
        let first = try run()
        let second = try run()
        #expect(first.0 == second.0)
        #expect(first.1 == second.1)
        #expect(!first.1.isEmpty)
    }
}
