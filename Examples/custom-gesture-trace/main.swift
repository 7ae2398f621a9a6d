// A gesture-trace of your own: the repository's command, knowing one recognizer type of this
// "app" (`example.hold`), so that scenario files can name it and every option works on them.
// `swift run custom-gesture-trace Examples/custom-gesture-trace/hold.json --check` (CI runs it).
import GestureArbiter
import GestureArbiterTesting

/// Begins once one finger has been down for `duration` (0.3 s unless the file says otherwise)
/// and ends when it lifts; a finger that lifts or is ignored before that fails it.
final class HoldRecognizer: GestureRecognizer {
    var duration: Duration = .milliseconds(300)

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        guard numberOfTouches == 1 else { state = .failed; return }
        startTimer(after: duration)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        state = state == .possible ? .failed : .ended
    }

    override func ignore(_ touch: Touch, for event: Event?) {
        super.ignore(touch, for: event)
        if numberOfTouches == 0 { state = state == .possible ? .failed : .ended }
    }

    override func timerDidFire() {
        state = .began
    }
}

let registry = try ScenarioRecognizerRegistry().registering("example.hold", settings: ["duration"]) { gesture in
    let hold = HoldRecognizer()
    hold.duration = .milliseconds(Int64((try gesture.number("duration", default: 0.3) * 1000).rounded()))
    return hold
}
TraceCommand.main(registry: registry)
