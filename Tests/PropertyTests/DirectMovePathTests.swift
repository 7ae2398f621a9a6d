@_spi(Testing) import GestureArbiter
import GestureArbiterTesting
import Testing

/// An extra event sent before one of a scenario's entries: a move of a live touch, or of every
/// live touch at once (valid, so they take the direct paths when nothing is due), or a bad move
/// of one touch or several (R117).
enum ExtraMove: CaseIterable, Sendable {
    case moveFirstLive, moveLastLive, unknownTouch, notANumber, timeBackwards, timeBackwardsAndUnknown
    case moveAllLive, moveAllLiveAndUnknown, moveFirstLiveTwice, moveAllLiveNotANumberLast, moveAllLiveBackwards
    case moveFirstLiveTwiceNotANumber, moveAllLiveNotANumberFirstThenEndLast

    /// The event, at `time` (from the current time up to the next entry's) unless it is sent
    /// back in time.
    func event(now: Timestamp, time: Timestamp, live: [Int], offset: Double) -> TouchEvent? {
        switch self {
        case .moveFirstLive:
            guard let id = live.first else { return nil }
            return TouchEvent(timestamp: time, touches: [TouchInput(id: id, phase: .moved, x: 40 + offset, y: 60 + offset)])
        case .moveLastLive:
            guard let id = live.last else { return nil }
            return TouchEvent(timestamp: time, touches: [TouchInput(id: id, phase: .moved, x: 200 - offset, y: 300)])
        case .unknownTouch:
            return TouchEvent(timestamp: time, touches: [TouchInput(id: 9_999, phase: .moved, x: 1, y: 1)])
        case .notANumber:
            guard let id = live.first else { return nil }
            return TouchEvent(timestamp: time, touches: [TouchInput(id: id, phase: .moved, x: .nan, y: 1)])
        case .timeBackwards:
            guard let id = live.first, now > .zero else { return nil }
            return TouchEvent(timestamp: now - .nanoseconds(1), touches: [TouchInput(id: id, phase: .moved, x: 1, y: 1)])
        case .timeBackwardsAndUnknown:
            guard now > .zero else { return nil }
            return TouchEvent(timestamp: now - .nanoseconds(1), touches: [TouchInput(id: 9_999, phase: .moved, x: .infinity, y: 1)])
        case .moveAllLive:
            guard live.count > 1 else { return nil }
            return TouchEvent(timestamp: time, touches: Self.moves(of: live, offset: offset))
        case .moveAllLiveAndUnknown:
            guard !live.isEmpty else { return nil }
            return TouchEvent(timestamp: time, touches: Self.moves(of: live, offset: offset) + [TouchInput(id: 9_999, phase: .moved, x: 1, y: 1)])
        case .moveFirstLiveTwice:
            guard let id = live.first else { return nil }
            return TouchEvent(timestamp: time, touches: Self.moves(of: [id, id], offset: offset))
        case .moveAllLiveNotANumberLast:
            guard live.count > 1 else { return nil }
            var touches = Self.moves(of: live, offset: offset)
            touches[touches.count - 1].location.y = .nan
            return TouchEvent(timestamp: time, touches: touches)
        case .moveAllLiveBackwards:
            guard live.count > 1, now > .zero else { return nil }
            return TouchEvent(timestamp: now - .nanoseconds(1), touches: Self.moves(of: live, offset: offset))
        case .moveFirstLiveTwiceNotANumber:
            // The repeated id and the bad location are in one input: the location is checked first.
            guard let id = live.first else { return nil }
            var touches = Self.moves(of: [id, id], offset: offset)
            touches[1].location.x = .nan
            return TouchEvent(timestamp: time, touches: touches)
        case .moveAllLiveNotANumberFirstThenEndLast:
            // Not only moves: the general path takes it, and rejects the first input's location.
            guard live.count > 1 else { return nil }
            var touches = Self.moves(of: live, offset: offset)
            touches[0].location.y = .nan
            touches[touches.count - 1].phase = .ended
            return TouchEvent(timestamp: time, touches: touches)
        }
    }

    /// A move of each of `ids`, apart from one another.
    private static func moves(of ids: [Int], offset: Double) -> [TouchInput] {
        ids.enumerated().map { index, id in TouchInput(id: id, phase: .moved, x: 30 + Double(index) * 40 + offset, y: 60 + offset) }
    }
}

/// An extra move: what, how far, and when, as a fraction of the time to the next entry (so that
/// timers fall due at some of them, and the general path must take those).
struct Extra: Sendable {
    var move: ExtraMove
    var offset: Double
    var fraction: Double
}

/// A scenario and the extra moves sent before some of its entries (by entry index).
struct MoveMix: Sendable {
    var scenario: Scenario
    var extras: [Int: Extra]
}

@Suite struct DirectMovePathTests {
    static let mixes = Generator<MoveMix>(generate: { random in
        let scenario = Generator<Scenario>.scenarios().generate(&random)
        var extras: [Int: Extra] = [:]
        for index in scenario.input.indices where Int.random(in: 0..<3, using: &random) == 0 {
            extras[index] = Extra(move: ExtraMove.allCases.randomElement(using: &random)!, offset: Double(Int.random(in: 0...20, using: &random) * 5),
                                  fraction: [0, 0.5, 0.9, 1].randomElement(using: &random)!)
        }
        return MoveMix(scenario: scenario, extras: extras)
    }, shrink: { mix in
        ScenarioShrinker.candidates(mix.scenario).map { smaller in
            MoveMix(scenario: smaller, extras: mix.extras.filter { $0.key < smaller.input.count })
        }
    })

    /// Plays `mix` with the direct path on or off; returns the explained log with each rejected
    /// event's error in its place, and the environment's state at the end.
    ///
    /// Untraced, the environment has no tracer (a several-finger move then decides its direct
    /// move before its pass begins): the log holds only what the views and controllers write
    /// themselves, and after each event a line gives every recognizer's public state (its
    /// state, touches, location and measure), since nothing else tells what happened.
    static func transcript(of mix: MoveMix, direct: Bool, traced: Bool = true) throws(ScenarioError) -> [String] {
        let session = try ScenarioSession(mix.scenario, explain: traced)
        let environment = session.environment
        environment.movesTakeDirectPath = direct
        if !traced { environment.tracer = nil }
        var lines: [String] = []
        func snapshot(_ label: String) {
            guard !traced else { return }
            let states = mix.scenario.gestures.compactMap { spec -> String? in
                guard let recognizer = session.recognizer(spec.id) else { return nil }
                var text = "\(spec.id) \(recognizer.state) \(recognizer.numberOfTouches) \(recognizer.location(in: nil))"
                if let pan = recognizer as? PanGestureRecognizer { text += " \(pan.translation(in: nil)) \(pan.velocity(in: nil))" }
                if let pinch = recognizer as? PinchGestureRecognizer { text += " \(pinch.scale) \(pinch.velocity)" }
                if let rotation = recognizer as? RotationGestureRecognizer { text += " \(rotation.rotation) \(rotation.velocity)" }
                return text
            }
            lines.append("after \(label), log line \(session.log.lines.count): " + states.joined(separator: "; "))
        }
        func attempt(_ label: String, _ body: () throws(DispatchError) -> Void) {
            do throws(DispatchError) {
                try body()
            } catch {
                lines.append("\(label) rejected after log line \(session.log.lines.count): \(error)")
            }
        }
        for (index, entry) in mix.scenario.input.enumerated() {
            let now = environment.now
            let next = Timestamp(seconds: entry.t)
            if let extra = mix.extras[index], next >= now,
                let event = extra.move.event(now: now, time: now + (next - now) * extra.fraction, live: environment.touches.map(\.id), offset: extra.offset)
            {
                attempt("extra before input[\(index)]") { () throws(DispatchError) in try environment.dispatch(event) }
                snapshot("extra before input[\(index)]")
            }
            attempt("input[\(index)]") { () throws(DispatchError) in try session.play(entry) }
            snapshot("input[\(index)]")
        }
        lines.append(contentsOf: session.log.lines)
        lines.append("now \(environment.now), live \(environment.touches.map(\.id)), idle \(environment.isIdle)")
        lines.append(contentsOf: environment.busyReasons)
        return lines
    }

    /// `movesTakeDirectPath` also switches the direct move inside a pass (a running gesture's
    /// fingers, one or several in an event), so the same comparison covers it: the scenarios'
    /// own events move several fingers at once too.
    @Test("R76, R78, R117: events that move one touch or several give the same log, errors and end state through the direct paths as through the general one")
    func directPathMatchesGeneralPath() {
        var movesSent = 0
        var multiFingerMoves = 0
        do {
            try checkProperty("direct move path = general path", seed: PropertyRun.seed(0x5EED_D12E), count: PropertyRun.count(2_000),
                              input: Self.mixes, describe: { "extras \($0.extras.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })\n\($0.scenario.jsonText())" }) { mix in
                movesSent += mix.scenario.input.filter { entry in
                    if case let .touches(touches) = entry.action { return touches.count == 1 && touches[0].phase == .moved }
                    return false
                }.count + mix.extras.count
                multiFingerMoves += mix.scenario.input.filter { entry in
                    if case let .touches(touches) = entry.action { return touches.count > 1 && touches.allSatisfy { $0.phase == .moved } }
                    return false
                }.count
                let direct = try Self.transcript(of: mix, direct: true)
                let general = try Self.transcript(of: mix, direct: false)
                guard direct != general else { return }
                let differences = ScenarioCheck.differences(expected: general, actual: direct, order: .strict)
                throw PropertyViolation("the paths differ (- general, + direct):\n" + differences.joined(separator: "\n"))
            }
        } catch {
            Issue.record("\(error)")
        }
        // The property is about moves: the generated input must be full of them.
        #expect(movesSent > PropertyRun.count(2_000) * 3)
        #expect(multiFingerMoves > PropertyRun.count(2_000) / 10)
    }

    /// The same without a tracer: a several-finger move then takes the direct path that decides
    /// before its pass begins, which a traced run never takes.
    @Test("R76, R78, R117: without a tracer, events that move one touch or several leave the same callbacks, errors and recognizer states through the direct paths as through the general one")
    func untracedDirectPathMatchesGeneralPath() {
        var multiFingerMoves = 0
        do {
            try checkProperty("untraced direct move path = general path", seed: PropertyRun.seed(0x5EED_D12F), count: PropertyRun.count(1_000),
                              input: Self.mixes, describe: { "extras \($0.extras.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })\n\($0.scenario.jsonText())" }) { mix in
                multiFingerMoves += mix.scenario.input.filter { entry in
                    if case let .touches(touches) = entry.action { return touches.count > 1 && touches.allSatisfy { $0.phase == .moved } }
                    return false
                }.count
                let direct = try Self.transcript(of: mix, direct: true, traced: false)
                let general = try Self.transcript(of: mix, direct: false, traced: false)
                guard direct != general else { return }
                let differences = ScenarioCheck.differences(expected: general, actual: direct, order: .strict)
                throw PropertyViolation("the paths differ (- general, + direct):\n" + differences.joined(separator: "\n"))
            }
        } catch {
            Issue.record("\(error)")
        }
        #expect(multiFingerMoves > PropertyRun.count(1_000) / 10)
    }

    struct Rejection: Equatable {
        var error: String
        var now: Timestamp
        var live: [Int]
        var locations: [Point]
    }

    @Test("R117: a bad single move is rejected with the error the general path gives, in its order (location, then time, then liveness), and changes nothing", arguments: [
        // (x, time offset in ns, whether the id is live)
        (Double.nan, -1, false), (Double.nan, 0, true), (Double.infinity, -1, true),
        (1.0, -1, false), (1.0, -1, true), (1.0, 0, false),
    ])
    func badSingleMove(x: Double, timeOffset: Int64, known: Bool) throws {
        let start = Timestamp(seconds: 1)
        func rejection(direct: Bool) throws -> Rejection? {
            let environment = GestureEnvironment(scheduler: VirtualClock())
            environment.movesTakeDirectPath = direct
            environment.addWindow(Window(width: 100, height: 100))
            try environment.dispatch(TouchEvent(timestamp: start, touches: [TouchInput(id: 1, phase: .began, x: 5, y: 5)]))
            let event = TouchEvent(timestamp: start + .nanoseconds(timeOffset), touches: [TouchInput(id: known ? 1 : 2, phase: .moved, x: x, y: 5)])
            do {
                try environment.dispatch(event)
                return nil
            } catch {
                return Rejection(error: "\(error)", now: environment.now, live: environment.touches.map(\.id),
                                 locations: environment.touches.map { $0.location(in: nil) })
            }
        }
        let expected: DispatchError
        if !x.isFinite {
            expected = .nonFiniteLocation(known ? 1 : 2)
        } else if timeOffset < 0 {
            expected = .timeWentBackwards(now: start, requested: start - .nanoseconds(1))
        } else {
            expected = .unknownTouch(2)
        }
        let direct = try rejection(direct: true)
        #expect(direct == Rejection(error: "\(expected)", now: start, live: [1], locations: [Point(x: 5, y: 5)]))
        #expect(direct == (try rejection(direct: false)))
    }
}
