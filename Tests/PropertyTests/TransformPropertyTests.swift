import GestureArbiter
import GestureArbiterTesting
import Testing

/// View transforms in the property kit (R285-R289): the shrinker takes transforms back to the
/// identity or simpler ones.
@Suite struct TransformPropertyTests {
    static func scenario(_ space: ScenarioSpace, seed: UInt64, index: Int) -> Scenario {
        var random = SeededGenerator(seed: SeededGenerator.caseSeed(seed, index: index))
        return Generator<Scenario>.scenarios(space).generate(&random)
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
}
