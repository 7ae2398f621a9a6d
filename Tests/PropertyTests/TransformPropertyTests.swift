import GestureArbiter
import GestureArbiterTesting
import Testing

/// View transforms in the property kit (R285-R289): `ScenarioSpace.includesViewTransforms` turns,
/// scales and moves some views from a stream of its own; the shrinker takes transforms back to
/// the identity or simpler ones; and `translatedContentLogsTheSame` holds.
@Suite struct TransformPropertyTests {
    static func scenario(_ space: ScenarioSpace, seed: UInt64, index: Int) -> Scenario {
        var random = SeededGenerator(seed: SeededGenerator.caseSeed(seed, index: index))
        return Generator<Scenario>.scenarios(space).generate(&random)
    }

    /// What a transform is made of: its linear part and its translation.
    enum Shape: Hashable {
        case quarterTurn, oddTurn, uniformScale, nonUniformScale, translation, combination
    }

    static func shape(of transform: AffineTransform) -> Shape? {
        let moves = transform.tx != 0 || transform.ty != 0
        let linear = AffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0)
        let isTurn = abs(linear.a * linear.a + linear.b * linear.b - 1) < 1e-12 && linear.a == linear.d && linear.b == -linear.c
        let isScale = linear.b == 0 && linear.c == 0
        switch (linear.isIdentity, moves) {
        case (true, false): return nil
        case (true, true): return .translation
        case (false, true): return .combination
        case (false, false):
            if isTurn { return [0, 1, -1].contains(linear.a) && [0, 1, -1].contains(linear.b) ? .quarterTurn : .oddTurn }
            if isScale { return linear.a == linear.d ? .uniformScale : .nonUniformScale }
            return .combination
        }
    }

    @Test("R285, R289: with view transforms on, each seed keeps the scenario it gave without them; some views are turned, scaled or moved, every transform invertible and read back equal")
    func seedsKeepTheirCasesAndGainTransforms() throws {
        var off = ScenarioSpace()
        off.includesViewTransforms = false
        var shapes: [Shape: Int] = [:]
        var transformed = 0
        var scenariosWithTransforms = 0
        for index in 0..<300 {
            let plain = Self.scenario(off, seed: 0x0285, index: index)
            let scenario = Self.scenario(ScenarioSpace(), seed: 0x0285, index: index)
            var stripped = scenario
            for view in stripped.views.indices { stripped.views[view].transform = .identity }
            #expect(stripped == plain, "case \(index)")
            for view in scenario.views where !view.transform.isIdentity {
                transformed += 1
                #expect(view.transform.isInvertible, "case \(index): \(view.id)")
                #expect(view.transform.isFinite, "case \(index): \(view.id)")
                if let shape = Self.shape(of: view.transform) { shapes[shape, default: 0] += 1 }
            }
            if scenario.views.contains(where: { !$0.transform.isIdentity }) {
                scenariosWithTransforms += 1
                #expect(try ScenarioParser.parse(scenario.jsonText()) == scenario, "case \(index)")
            }
        }
        #expect(scenariosWithTransforms > 75)
        #expect(transformed > 100)
        for shape in [Shape.quarterTurn, .oddTurn, .uniformScale, .nonUniformScale, .translation, .combination] {
            #expect(shapes[shape, default: 0] > 5, "\(shape): \(shapes)")
        }
    }

    /// One view V with `transform` and a tap on it.
    static func scenario(transform: AffineTransform) -> Scenario {
        var scenario = Scenario(name: "turned")
        scenario.windowSize = Size(width: 400, height: 800)
        var view = Scenario.ViewSpec(id: "V", parent: "window", frame: Rect(x: 100, y: 100, width: 200, height: 100))
        view.transform = transform
        scenario.views = [view]
        scenario.gestures = [Scenario.GestureSpec(id: "T", kind: .tap(taps: 1, touches: 1), view: "V")]
        scenario.input = [
            Scenario.InputEntry(t: 0, action: .touches([Scenario.TouchSpec(id: 1, phase: .began, x: 200, y: 150)])),
            Scenario.InputEntry(t: 0.08, action: .touches([Scenario.TouchSpec(id: 1, phase: .ended, x: 200, y: 150)])),
            Scenario.InputEntry(t: 1, action: .idle),
        ]
        return scenario
    }

    @Test("R285, R289: the shrinker offers V's transform back to the identity, its turn and scale alone, its translation alone, and the nearest quarter turn with the translation; each smaller")
    func shrinkerSimplifiesTransforms() {
        let turnedAndScaled = AffineTransform(rotationAngle: 100 * Double.pi / 180).concatenating(AffineTransform(scaleX: 2, y: 2))
        let transform = turnedAndScaled.concatenating(AffineTransform(translationX: 10, y: -5))
        let scenario = Self.scenario(transform: transform)
        let candidates = ScenarioShrinker.candidates(scenario)
        let offered = candidates.filter { $0.views.count == 1 && $0.views[0].transform != transform && $0.gestures == scenario.gestures }
            .map(\.views[0].transform)
        var linear = turnedAndScaled
        linear.tx = 0
        linear.ty = 0
        // 100 degrees clockwise is nearest a quarter turn clockwise, [0, 1, -1, 0] (R285).
        #expect(offered == [
            .identity, linear, AffineTransform(translationX: 10, y: -5), AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 10, ty: -5),
        ])
        for candidate in candidates {
            #expect(ScenarioShrinker.size(of: candidate) < ScenarioShrinker.size(of: scenario))
            #expect(candidate.views.allSatisfy { $0.transform.isInvertible })
        }
        // A quarter turn alone offers only the identity; the identity offers nothing.
        let quarter = Self.scenario(transform: AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0))
        let turned = quarter.views[0].transform
        #expect(ScenarioShrinker.candidates(quarter).filter { $0.views.count == 1 && $0.views[0].transform != turned }
            .map(\.views[0].transform) == [.identity])
        let plain = Self.scenario(transform: .identity)
        #expect(ScenarioShrinker.candidates(plain).allSatisfy { $0.views.allSatisfy { $0.transform.isIdentity } })
    }

    @Test("R285: a failure that needs a transform shrinks to the simplest one; a failure that needs two views shrinks its transforms away")
    func shrunkCasesDropTransforms() throws {
        do {
            try checkProperty(
                "no transformed view beside another", seed: 0x7F, count: 200, input: .scenarios(), describe: { $0.jsonText() }, environment: [:]
            ) { scenario in
                if scenario.views.count >= 2 && scenario.views.contains(where: { !$0.transform.isIdentity }) {
                    throw PropertyViolation("two views, one transformed")
                }
            }
            Issue.record("the property should fail")
        } catch {
            // The property fails only with a transform, so the shrunk case keeps one: the
            // simplest the shrinker leaves (a translation alone, a quarter turn, or a scale or
            // odd turn whose nearest quarter turn is none), on one of exactly two views.
            let shrunk = try ScenarioParser.parse(error.shrunk)
            #expect(shrunk.views.count == 2)
            let transforms = shrunk.views.map(\.transform).filter { !$0.isIdentity }
            #expect(transforms.count == 1)
            let simplest = transforms.map { transform -> Bool in
                if transform.tx != 0 || transform.ty != 0 {
                    return transform.a == 1 && transform.b == 0 && transform.c == 0 && transform.d == 1
                }
                let quarterTurn = [0, 1, -1].contains(transform.a) && [0, 1, -1].contains(transform.b)
                    && transform.a == transform.d && transform.b == -transform.c
                return quarterTurn || abs(transform.a) >= abs(transform.b) && transform.a > 0
            }
            #expect(simplest == [true], "\(error.shrunk)")
        }
        do {
            try checkProperty(
                "at most one view", seed: 0x7F, count: 200, input: .scenarios(), describe: { $0.jsonText() }, environment: [:]
            ) { scenario in
                if scenario.views.count >= 2 { throw PropertyViolation("two views") }
            }
            Issue.record("the property should fail")
        } catch {
            let original = try ScenarioParser.parse(error.original)
            try #require(original.views.contains { !$0.transform.isIdentity }, "the seed's first failing case has a transform")
            let shrunk = try ScenarioParser.parse(error.shrunk)
            #expect(shrunk.views.count == 2)
            #expect(shrunk.views.allSatisfy { $0.transform.isIdentity }, "\(error.shrunk)")
        }
    }

    @Test("R285-R288: moving the window's content by its transforms and the input with it changes no log line, on 2,000 generated scenarios")
    func translationInvariantHolds() {
        InvariantCase(invariant: .translatedContentLogsTheSame, seed: 0x5EED_0285).holds()
    }

    /// Conformance file P02: a tap on R turned a quarter turn, and one beside it on W.
    static func rotatedView() throws -> Scenario {
        let text = try String(contentsOfFile: ConformanceFiles.all.first { $0.contains("/P02-") } ?? "", encoding: .utf8)
        return try ScenarioParser.parse(text)
    }

    @Test("R285, R286: the translation invariant reads P02 as holding, and reports a log that does not match its scenario")
    func translationInvariantJudges() throws {
        var observation = observe(try Self.rotatedView())
        #expect(ScenarioInvariant.translatedContentLogsTheSame.check(observation) == [])
        // P02 has 5 input entries: the offsets are tried from the sixth of -130, 90, -37, 23,
        // -11, 7, ..., and 7 keeps every point inside the window along both axes.
        #expect(observation.log.first == "0.000 touch 1 hit R")
        observation.log[0] = "0.000 touch 1 hit W"
        #expect(ScenarioInvariant.translatedContentLogsTheSame.check(observation) == [
            "moved by (7, 7), log line 1 is \"0.000 touch 1 hit R\" instead of \"0.000 touch 1 hit W\" (R285-R288)"
        ])
        observation.log[0] = "0.000 touch 1 hit R"
        let last = observation.log.removeLast()
        #expect(ScenarioInvariant.translatedContentLogsTheSame.check(observation) == [
            "moved by (7, 7), log line \(observation.log.count + 1) is \"\(last)\" instead of no line (R285-R288)"
        ])
    }

    @Test("R8, R285: a scenario whose input spans the window from edge to edge along both axes has no offset that keeps it inside, and is not judged")
    func spanningInputIsNotJudged() throws {
        var scenario = try Self.rotatedView()
        scenario.input.insert(contentsOf: [
            Scenario.InputEntry(t: 0.5, action: .touches([Scenario.TouchSpec(id: 3, phase: .began, x: 0, y: 0)])),
            Scenario.InputEntry(t: 0.55, action: .touches([Scenario.TouchSpec(id: 3, phase: .ended, x: 399, y: 799)])),
        ], at: 2)
        var observation = observe(scenario)
        observation.log[0] = "0.000 touch 1 hit W"
        #expect(ScenarioInvariant.translatedContentLogsTheSame.check(observation) == [])
    }

    @Test("R42, R144, R285: input whose arithmetic moved elsewhere may round differently (a coordinate that is not whole, three touches down) is not judged")
    func inexactInputIsNotJudged() throws {
        var fractional = try Self.rotatedView()
        fractional.input[1].action = .touches([Scenario.TouchSpec(id: 1, phase: .ended, x: 200.5, y: 60.101)])
        var three = try Self.rotatedView()
        three.input[0].action = .touches([
            Scenario.TouchSpec(id: 1, phase: .began, x: 200, y: 60), Scenario.TouchSpec(id: 5, phase: .began, x: 20, y: 600),
            Scenario.TouchSpec(id: 6, phase: .began, x: 40, y: 600),
        ])
        three.input[1].action = .touches([
            Scenario.TouchSpec(id: 1, phase: .ended, x: 200, y: 60), Scenario.TouchSpec(id: 5, phase: .ended, x: 20, y: 600),
            Scenario.TouchSpec(id: 6, phase: .ended, x: 40, y: 600),
        ])
        for scenario in [fractional, three] {
            var observation = observe(scenario)
            #expect(observation.log.first == "0.000 touch 1 hit R")
            observation.log[0] = "0.000 touch 1 hit W"
            #expect(ScenarioInvariant.translatedContentLogsTheSame.check(observation) == [])
        }
        // Two touches down at once, whole coordinates: judged.
        var two = three
        two.input[0].action = .touches([
            Scenario.TouchSpec(id: 1, phase: .began, x: 200, y: 60), Scenario.TouchSpec(id: 5, phase: .began, x: 20, y: 600),
        ])
        two.input[1].action = .touches([
            Scenario.TouchSpec(id: 1, phase: .ended, x: 200, y: 60), Scenario.TouchSpec(id: 5, phase: .ended, x: 20, y: 600),
        ])
        var observation = observe(two)
        #expect(ScenarioInvariant.translatedContentLogsTheSame.check(observation) == [])
        observation.log[0] = "0.000 touch 1 hit W"
        #expect(ScenarioInvariant.translatedContentLogsTheSame.check(observation).count == 1)
    }

    @Test("R245, R274, R95: scroll offsets are compared to within the log's last place (0.001): one thousandth apart passes, ten do not")
    func scrollOffsetsWithinAThousandth() throws {
        var scenario = Scenario(name: "a list")
        scenario.windowSize = Size(width: 400, height: 800)
        var list = Scenario.ViewSpec(id: "SV", parent: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        list.type = .scrollView
        list.scroll.contentSize = Size(width: 400, height: 2400)
        scenario.views = [list]
        scenario.input = [
            Scenario.InputEntry(t: 0, action: .touches([Scenario.TouchSpec(id: 1, phase: .began, x: 100, y: 400)])),
            Scenario.InputEntry(t: 0.1, action: .touches([Scenario.TouchSpec(id: 1, phase: .moved, x: 100, y: 370)])),
            Scenario.InputEntry(t: 0.2, action: .touches([Scenario.TouchSpec(id: 1, phase: .ended, x: 100, y: 370)])),
            Scenario.InputEntry(t: 1, action: .idle),
        ]
        var observation = observe(scenario)
        // R240, R95: the drag of 30 pt begins the pan, less its 10 pt hysteresis: offset 20.
        let index = try #require(observation.log.firstIndex(of: "0.100 scroll SV offset 0.000,20.000"))
        #expect(ScenarioInvariant.translatedContentLogsTheSame.check(observation) == [])
        observation.log[index] = "0.100 scroll SV offset 0.000,20.001"
        #expect(ScenarioInvariant.translatedContentLogsTheSame.check(observation) == [])
        observation.log[index] = "0.100 scroll SV offset 0.000,20.010"
        #expect(ScenarioInvariant.translatedContentLogsTheSame.check(observation).count == 1)
    }

    /// A left-edge pan E on the window, with a touch that lands 5 pt from the left edge and moves
    /// right 6 pt at a time, through 11, 17, 23 and 29 (R107, R108).
    static func edgeSwipe() -> Scenario {
        var scenario = Scenario(name: "edge swipe")
        scenario.windowSize = Size(width: 400, height: 800)
        scenario.views = [Scenario.ViewSpec(id: "V", parent: "window", frame: Rect(x: 0, y: 100, width: 400, height: 600))]
        scenario.gestures = [Scenario.GestureSpec(id: "E", kind: .edgePan(edges: ["left"]), view: "V")]
        var input = [Scenario.InputEntry(t: 0, action: .touches([Scenario.TouchSpec(id: 1, phase: .began, x: 5, y: 400)]))]
        for step in 1...4 {
            input.append(Scenario.InputEntry(
                t: Double(step) * 0.016, action: .touches([Scenario.TouchSpec(id: 1, phase: .moved, x: 5 + Double(step) * 6, y: 400)])))
        }
        input.append(Scenario.InputEntry(t: 0.08, action: .touches([Scenario.TouchSpec(id: 1, phase: .ended, x: 29, y: 400)])))
        input.append(Scenario.InputEntry(t: 1, action: .idle))
        scenario.input = input
        return scenario
    }

    @Test("R107, R108, R285: with a screen-edge pan the offset keeps each point in or out of the 13 pt strip; the pan begins in both runs")
    func edgeStripsAreKept() {
        var observation = observe(Self.edgeSwipe())
        #expect(observation.log.contains("0.048 gesture E began"))
        #expect(ScenarioInvariant.translatedContentLogsTheSame.check(observation) == [])
        // 7 entries: the offsets are tried from the eighth of -130, 90, -37, 23, -11, 7, -3, 2,
        // -1, 1, so 2, -1, 1, -130, ... Along x, 5 and 11 must stay in [0, 13) and 17 out of
        // it: 2 takes 11 out, -1 keeps all. Along y nothing is near a strip or an edge: 2.
        observation.log[0] = "0.000 touch 1 hit window"
        #expect(ScenarioInvariant.translatedContentLogsTheSame.check(observation) == [
            "moved by (-1, 2), log line 1 is \"0.000 touch 1 hit V\" instead of \"0.000 touch 1 hit window\" (R285-R288)"
        ])
    }

    @Test("R285: runs with a prepare hook are not judged (the hook may read window coordinates)")
    func preparedRunsAreNotJudged() throws {
        var observation = observe(try Self.rotatedView(), prepare: { _ in })
        observation.log[0] = "0.000 touch 1 hit W"
        #expect(ScenarioInvariant.translatedContentLogsTheSame.check(observation) == [])
    }
}
