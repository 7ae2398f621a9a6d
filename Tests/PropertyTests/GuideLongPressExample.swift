import GestureArbiter
import GestureArbiterTesting
import Testing

/// Recognizes a finger held still for `minimumPressDuration` (a long press, R114's values).
final class LongPressRecognizer: GestureRecognizer {
    var minimumPressDuration: Duration = .milliseconds(500)
    var allowableMovement = 10.0
    private var start: Point?

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        guard numberOfTouches == 1, let touch = touches.first else { state = .failed; return }
        start = touch.location(in: nil)
        startTimer(after: minimumPressDuration)           // runs on the environment's clock
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        guard let start, let touch = touches.first else { return }
        if touch.location(in: nil).distance(to: start) > allowableMovement {
            state = state == .possible ? .failed : .changed
        } else if state != .possible {
            state = .changed
        }
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        state = state == .possible ? .failed : .ended
    }

    override func timerDidFire() {
        state = .began                                    // continuous: began, changed..., ended
    }

    override func reset() {
        super.reset()
        start = nil
    }
}

extension ScenarioRecognizerRegistry {
    /// The app's own recognizer types, for scenario files and property runs.
    static func myApp() throws -> ScenarioRecognizerRegistry {
        try ScenarioRecognizerRegistry().registering(
            "myapp.longPress", settings: ["minimumPressDuration", "allowableMovement"]
        ) { gesture in
            let seconds = try gesture.number("minimumPressDuration", default: 0.5)
            guard seconds >= 0 else { throw ScenarioError("settings", "\"minimumPressDuration\" must not be negative") }
            let press = LongPressRecognizer()
            press.minimumPressDuration = .seconds(seconds)
            press.allowableMovement = try gesture.number("allowableMovement", default: 10)
            return press
        }
    }
}

@Test func longPressKeepsEveryRule() throws {
    var space = ScenarioSpace()
    space.customGestures = [
        Scenario.CustomGesture(type: "myapp.longPress"),
        Scenario.CustomGesture(type: "myapp.longPress", settings: ["minimumPressDuration": .number(0.2)]),
    ]
    try checkScenarioProperty("long press keeps every rule", seed: 0x1046, count: 1_000, space: space,
                              invariants: ScenarioInvariant.all, registry: try .myApp())
}
