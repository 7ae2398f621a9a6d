import GestureArbiter
import GestureArbiterTesting
import Testing

/// View transforms in the property kit (R285-R289): `ScenarioSpace.includesViewTransforms` turns,
/// scales and moves some views from a stream of its own, and the shrinker takes transforms back
/// to the identity or simpler ones.
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
}
