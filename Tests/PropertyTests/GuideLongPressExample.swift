// The long press both guides use, and the property-testing guide's test file for it, verbatim:
// the first block of docs/guides/custom-recognizer.md (LongPressRecognizer, the one copy in the
// docs), then the block of docs/guides/property-testing.md that continues it ("## Your own
// recognizers"). RepositoryTests checks that both are here word for word, so that the suites
// below use what the guides show.

import GestureArbiter
import GestureArbiterTesting
import Testing

/// Recognizes a finger held still for `minimumPressDuration`: a simple long press, with the defaults of R114.
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

    override func ignore(_ touch: Touch, for event: Event?) {
        super.ignore(touch, for: event)                   // the engine forgets the touch first
        // Its finger is gone and its lift will never come: end as if it had lifted.
        if start != nil, numberOfTouches == 0 { state = state == .possible ? .failed : .ended }
    }

    override func reset() {
        super.reset()
        start = nil
    }
}

extension ScenarioRecognizerRegistry {
    /// The app's own recognizer types, by the names scenario files use.
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

/// Random worlds with long presses among the built-in recognizers, against every invariant;
/// now and then a recognizer is told to ignore a finger that is down (R26).
@Test func longPressKeepsEveryRule() throws {
    var space = ScenarioSpace()
    space.includesIgnores = true
    space.customGestures = [
        Scenario.CustomGesture(type: "myapp.longPress"),
        Scenario.CustomGesture(type: "myapp.longPress", settings: ["minimumPressDuration": .number(0.2)]),
    ]
    try checkScenarioProperty("long press keeps every rule", seed: 0x1046, count: 1_000, space: space,
                              invariants: ScenarioInvariant.all, registry: try .myApp())
}

/// The shrunk case of a failure, kept as a regression test: pasted from the report as printed.
let shrunkLongPressCase = """
    {
      "name": "generated",
      "window": { "width": 400, "height": 800 },
      "views": [
        { "id": "v2", "parent": "window", "frame": [150, 410, 370, 790] }
      ],
      "gestures": [
        { "id": "g2", "type": "myapp.longPress", "view": "v2" }
      ],
      "input": [
        { "t": 0, "touches": [ { "id": 3, "phase": "began", "x": 160, "y": 750 } ] },
        { "t": 0.6, "touches": [ { "id": 3, "phase": "ended", "x": 160, "y": 750 } ] },
        { "t": 4.262, "idle": true }
      ],
      "order": "strict"
    }
    """

@Test func shrunkLongPressCaseKeepsEveryRule() throws {
    let registry = try ScenarioRecognizerRegistry.myApp()
    let scenario = try ScenarioParser.parse(shrunkLongPressCase, registry: registry)
    #expect(ScenarioInvariant.problems(in: observe(scenario, registry: registry)) == [])
    // The press begins after 0.5 s and cancels the touch in its view (R67); lifting ends it.
    #expect(try ScenarioRunner.run(scenario, registry: registry).log == [
        "0.000 touch 3 hit v2",
        "0.000 view v2 began 3",
        "0.500 gesture g2 began",
        "0.500 view v2 cancelled 3",
        "0.600 gesture g2 ended",
    ])
}
