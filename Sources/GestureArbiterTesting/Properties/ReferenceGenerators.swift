import GestureArbiter

extension Generator where Value == Scenario {
    /// Scenarios inside ``ReferenceInterpreter``'s subset: nested views, one- and two-tap
    /// recognizers and one-finger long presses (0.2, 0.5 or 1 s) with random delivery flags,
    /// require-to-fail graphs (cycles included) and simultaneity, and a finger tapping one tap at
    /// a time, often near its last tap, with gaps around the 0.35 s double-tap window, presses
    /// held 0.5 and 0.7 s (the long press's deadline exactly, and past it) and some past 1.5 s.
    public static func referenceScenarios() -> Generator<Scenario> {
        Generator(generate: { random in
            var scenario = Scenario(name: "reference subset")
            var ids = ["window"]
            for index in 0..<Int.random(in: 1...4, using: &random) {
                let id = "v\(index + 1)"
                var view = Scenario.ViewSpec(
                    id: id, parent: ids.randomElement(using: &random)!,
                    frame: Rect(x: Double(Int.random(in: 0...10, using: &random) * 10), y: Double(Int.random(in: 0...20, using: &random) * 10),
                                width: Double(Int.random(in: 10...30, using: &random) * 10), height: Double(Int.random(in: 10...40, using: &random) * 10)))
                view.handlesTouches = Int.random(in: 0..<4, using: &random) > 0
                scenario.views.append(view)
                ids.append(id)
            }
            for index in 0..<Int.random(in: 1...3, using: &random) {
                var tap = Scenario.GestureSpec(id: "t\(index + 1)", kind: .tap(taps: Int.random(in: 1...2, using: &random), touches: 1),
                                               view: ids.randomElement(using: &random)!)
                // Long presses (R141-R154): a third of the recognizers, around UIKit's 0.5 s.
                if Int.random(in: 0..<3, using: &random) == 0 {
                    tap.kind = .longPress(duration: [0.5, 0.5, 0.2, 1.0][Int.random(in: 0..<4, using: &random)], allowableMovement: 10, taps: 0, touches: 1)
                }
                if Int.random(in: 0..<4, using: &random) == 0 { tap.cancelsTouchesInView = false }
                if Int.random(in: 0..<4, using: &random) == 0 { tap.delaysTouchesBegan = true }
                if Int.random(in: 0..<4, using: &random) == 0 { tap.delaysTouchesEnded = false }
                scenario.gestures.append(tap)
            }
            let names = scenario.gestures.map(\.id)
            for index in scenario.gestures.indices where names.count > 1 && Bool.random(using: &random) {
                let other = names.randomElement(using: &random)!
                if other != scenario.gestures[index].id { scenario.gestures[index].requireToFail.append(other) }
            }
            if names.count > 1, Int.random(in: 0..<3, using: &random) == 0 {
                let pair = names.shuffled(using: &random).prefix(2)
                scenario.delegate.simultaneous.append(Array(pair))
            }
            var time = 0.0
            var point = Point(x: Double(Int.random(in: 0...399, using: &random)), y: Double(Int.random(in: 0...500, using: &random)))
            for id in 1...Int.random(in: 1...5, using: &random) {
                time += [0.05, 0.1, 0.2, 0.3, 0.34, 0.36, 0.5, 1.0][Int.random(in: 0..<8, using: &random)]
                if Int.random(in: 0..<10, using: &random) < 3 {
                    point = Point(x: Double(Int.random(in: 0...399, using: &random)), y: Double(Int.random(in: 0...500, using: &random)))
                } else {
                    point.x += Double(Int.random(in: -30...30, using: &random))
                    point.y += Double(Int.random(in: -30...30, using: &random))
                }
                let down = (time * 1000).rounded() / 1000
                time += [0.05, 0.08, 0.1, 0.2, 1.6, 0.5, 0.7][Int.random(in: 0..<7, using: &random)]
                let up = (time * 1000).rounded() / 1000
                scenario.input.append(.init(t: down, action: .touches([.init(id: id, phase: .began, x: point.x, y: point.y)])))
                scenario.input.append(.init(t: up, action: .touches([.init(id: id, phase: .ended, x: point.x, y: point.y)])))
            }
            scenario.input.append(.init(t: ((time + 3) * 1000).rounded() / 1000, action: .idle))
            return scenario
        }, shrink: { scenario in
            ScenarioShrinker.candidates(scenario).filter(ReferenceInterpreter.supports)
        })
    }
}
