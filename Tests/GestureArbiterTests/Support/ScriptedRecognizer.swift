@testable import GestureArbiter

/// A recognizer driven by a script: on a given touch phase (or its timer) it requests a state.
/// It logs every callback it gets (`A touchesBegan 1`) so tests can check who saw what, in
/// which order (R21, R28).
final class ScriptedRecognizer: GestureRecognizer {
    enum Trigger: Hashable {
        case began(Int)
        case moved(Int)
        case ended(Int)
        case timer
    }

    var script: [Trigger: State] = [:]
    let log: Log
    var timerDelay: Duration?

    init(_ name: String, log: Log, script: [Trigger: State] = [:]) {
        self.log = log
        super.init()
        self.name = name
        self.script = script
    }

    private func handle(_ kind: String, _ touches: TouchSet, trigger: (Int) -> Trigger) {
        log.lines.append("\(name ?? "?") \(kind) \(touches.map { String($0.id) }.joined(separator: ","))")
        for touch in touches {
            if let requested = script[trigger(touch.id)] { state = requested }
        }
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        if let timerDelay, !hasPendingTimer { startTimer(after: timerDelay) }
        handle("touchesBegan", touches, trigger: Trigger.began)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        handle("touchesMoved", touches, trigger: Trigger.moved)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        handle("touchesEnded", touches, trigger: Trigger.ended)
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        log.lines.append("\(name ?? "?") touchesCancelled \(touches.map { String($0.id) }.joined(separator: ","))")
        super.touchesCancelled(touches, with: event)
    }

    override func timerDidFire() {
        log.lines.append("\(name ?? "?") timer")
        if let requested = script[.timer] { state = requested }
    }
}
