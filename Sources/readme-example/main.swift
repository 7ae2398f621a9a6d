// The README's library example as a program that imports nothing but GestureArbiter: it proves
// the engine links on its own (no Foundation) and that the example does what the README says.
// `swift run readme-example` prints "single tap at 0.430" and exits 0, or stops with a message.
import GestureArbiter

let clock = VirtualClock()
let environment = GestureEnvironment(scheduler: clock)
let window = Window(width: 400, height: 800)
environment.addWindow(window)
let card = View(frame: Rect(x: 20, y: 100, width: 200, height: 200))
window.addSubview(card)

var heard: [String] = []
let doubleTap = TapGestureRecognizer { _ in heard.append("double tap at \(clock.now)") }
doubleTap.numberOfTapsRequired = 2
let singleTap = TapGestureRecognizer { _ in heard.append("single tap at \(clock.now)") }
singleTap.require(toFail: doubleTap)
card.addGestureRecognizer(singleTap)
card.addGestureRecognizer(doubleTap)

do {
    try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0), touches: [TouchInput(id: 1, phase: .began, x: 50, y: 150)]))
    try environment.dispatch(TouchEvent(timestamp: Timestamp(seconds: 0.08), touches: [TouchInput(id: 1, phase: .ended, x: 50, y: 150)]))
    try environment.advance(to: Timestamp(seconds: 1))
} catch {
    print("rejected: \(error)")
}
for line in heard { print(line) }
// R54, R56, R88: the single tap waits 0.35 s after the lift for the double tap to fail.
if heard != ["single tap at 0.430"] || !environment.isIdle {
    // Without Foundation or Glibc there is no exit(); stopping with a message exits non-zero.
    fatalError("readme-example: unexpected \(heard), idle \(environment.isIdle)")
}
