@testable import GestureArbiter
import Testing

/// Failure requirements do not own the recognizers they name (R51, R59): a requirement cycle is
/// not a reference cycle, and a freed recognizer takes its edges with it from both ends. Run under
/// AddressSanitizer these tests also fail on any read of a freed recognizer through an edge.
@Suite struct RequirementOwnershipTests {
    private static func tap(_ id: Int, at seconds: Double) -> [TouchEvent] {
        [
            TouchEvent(timestamp: Timestamp(seconds: seconds), touches: [TouchInput(id: id, phase: .began, x: 50, y: 50)]),
            TouchEvent(timestamp: Timestamp(seconds: seconds + 0.05), touches: [TouchInput(id: id, phase: .ended, x: 50, y: 50)]),
        ]
    }

    /// An environment with a 200 x 200 window and a 100 x 100 view at its origin.
    private static func scene() -> (GestureEnvironment, Window, View) {
        let environment = GestureEnvironment()
        let window = Window(width: 200, height: 200)
        environment.addWindow(window)
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        return (environment, window, view)
    }

    @Test("R59, R136: two recognizers that require each other are both freed with their view (no reference cycle)")
    func requirementCycleIsFreedWithItsView() throws {
        weak var weakFirst: TapGestureRecognizer?
        weak var weakSecond: TapGestureRecognizer?
        do {
            let (environment, _, view) = Self.scene()
            let first = TapGestureRecognizer()
            let second = TapGestureRecognizer()
            first.require(toFail: second)
            second.require(toFail: first)
            view.addGestureRecognizer(first)
            view.addGestureRecognizer(second)
            weakFirst = first
            weakSecond = second
            // A finger down and left down: the environment goes away mid-gesture.
            try environment.dispatch(TouchEvent(
                timestamp: Timestamp(seconds: 1), touches: [TouchInput(id: 1, phase: .began, x: 50, y: 50)]))
        }
        #expect(weakFirst == nil)
        #expect(weakSecond == nil)
    }

    @Test("R51, R52, R136: a required recognizer that is freed leaves requiredToFail, and its dependent recognizes without waiting")
    func freedRequirementLeavesTheDependent() throws {
        let (environment, _, view) = Self.scene()
        let single = TapGestureRecognizer()
        var recognizedAt: [Timestamp] = []
        single.addAction { tap in
            if tap.state == .recognized, let now = tap.currentTime { recognizedAt.append(now) }
        }
        view.addGestureRecognizer(single)
        weak var weakDouble: TapGestureRecognizer?
        do {
            let double = TapGestureRecognizer()
            double.numberOfTapsRequired = 2
            view.addGestureRecognizer(double)
            single.require(toFail: double)
            weakDouble = double
            #expect(single.requiredToFail.count == 1)
            view.removeGestureRecognizer(double)
        }
        #expect(weakDouble == nil)
        #expect(single.requiredToFail.isEmpty)
        // With the double tap gone nothing holds the single tap: it recognizes at its lift
        // (R51: a requirement only ever waits on a recognizer that still exists).
        for event in Self.tap(1, at: 1) { try environment.dispatch(event) }
        #expect(recognizedAt == [Timestamp(seconds: 1.05)])
    }

    @Test("R51: a dependent freed first leaves the required recognizer's list, which can then be freed and required again")
    func freedDependentLeavesTheRequiredRecognizer() {
        let required = TapGestureRecognizer()
        weak var weakDependent: TapGestureRecognizer?
        do {
            let dependent = TapGestureRecognizer()
            dependent.require(toFail: required)
            weakDependent = dependent
            let listed = required.failureDependents.count
            #expect(listed == 1)
        }
        #expect(weakDependent == nil)
        let stillListed = required.failureDependents.count
        #expect(stillListed == 0)
        let another = TapGestureRecognizer()
        another.require(toFail: required)
        #expect(another.requiredToFail.count == 1)
        #expect(another.requiredToFail.first === required)
    }

    @Test("R59, R121, R136: a complete requirement graph of 32 recognizers frees every one of them when dropped, in any order", arguments: [false, true])
    func completeGraphIsFreed(reversed: Bool) {
        var recognizers: [TapGestureRecognizer] = (0..<32).map { _ in TapGestureRecognizer() }
        for first in recognizers {
            for second in recognizers { first.require(toFail: second) }
        }
        let watched = recognizers.map { Weak($0) }
        // Drop them one at a time, each dropping its edges from the ones still alive.
        while !recognizers.isEmpty {
            if reversed { recognizers.removeLast() } else { recognizers.removeFirst() }
            let alive = recognizers.count
            #expect(recognizers.allSatisfy { $0.requiredToFail.count == alive - 1 })
        }
        #expect(watched.allSatisfy { $0.object == nil })
    }
}

/// A weak box, to watch a list of objects go.
private struct Weak {
    weak var object: GestureRecognizer?
    init(_ object: GestureRecognizer) { self.object = object }
}
