import Testing

@testable import GestureArbiter

/// Declared relations (``GestureRelation``) without delegates, lowered to UIKit's relations:
/// expected logs are written from R44-R56 and R88.
@Suite struct RelationTests {
    @Test("R51, R53, R54, R56, R88: exclusive([double, single]) makes the single tap wait for the double tap, as require(toFail:) does")
    func exclusiveSingleWaitsForDouble() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let double = world.attach(TapGestureRecognizer(), "D", to: view)
        double.numberOfTapsRequired = 2
        let single = world.attach(TapGestureRecognizer(), "S", to: view)
        GestureRecognizer.exclusive([double, single])
        try world.tap(1, at: 0, 50, 50)
        try world.advance(to: 1)
        // S recognizes at the lift and is held for D (R54); D gives up 0.35 s after the lift
        // (R88) and S is released (R56), cancelling the touch in the view (R67).
        #expect(world.log.lines == [
            "0.000 touch 1 hit V", "0.000 view V began 1",
            "0.430 gesture D failed", "0.430 gesture S recognized", "0.430 view V cancelled 1",
        ])
        #expect(world.records.contains {
            if case let .dynamicRequirement(recognizer, other, .exclusiveRelation) = $0 { return recognizer === single && other === double }
            return false
        })
        #expect(!world.records.contains {
            if case let .dynamicRequirement(recognizer, _, _) = $0 { return recognizer === double }
            return false
        })
    }

    @Test("R45, R48: recognizesSimultaneously(with:) lets two taps of one view both recognize; without it the first wins the tie")
    func simultaneousTaps() throws {
        for declared in [false, true] {
            let world = TestWorld()
            let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
            let first = world.attach(TapGestureRecognizer(), "A", to: view)
            let second = world.attach(TapGestureRecognizer(), "B", to: view)
            if declared { second.recognizesSimultaneously(with: first) }
            try world.tap(1, at: 0, 50, 50)
            let common = ["0.000 touch 1 hit V", "0.000 view V began 1"]
            if declared {
                #expect(world.log.lines == common + ["0.080 gesture A recognized", "0.080 view V cancelled 1", "0.080 gesture B recognized"])
                #expect(world.records.contains {
                    if case .relationApplied(_, _, .simultaneous) = $0 { return true }
                    return false
                })
            } else {
                #expect(world.log.lines == common + ["0.080 gesture B failed", "0.080 gesture A recognized", "0.080 view V cancelled 1"])
            }
        }
    }

    @Test("R44, R45: a race changes nothing on its own (UIKit's default) and is traced; a simultaneous yes overrules it")
    func raceIsTheDefault() throws {
        let world = TestWorld()
        let view = world.addView("V", Rect(x: 0, y: 0, width: 200, height: 200))
        let first = world.attach(TapGestureRecognizer(), "A", to: view)
        let second = world.attach(TapGestureRecognizer(), "B", to: view)
        GestureRecognizer.race([first, second])
        try world.tap(1, at: 0, 50, 50)
        #expect(world.log.lines == ["0.000 touch 1 hit V", "0.000 view V began 1", "0.080 gesture B failed", "0.080 gesture A recognized", "0.080 view V cancelled 1"])
        #expect(world.records.contains {
            if case .relationApplied(_, _, .race) = $0 { return true }
            return false
        })
        // One yes is enough (R45): the lint says the race has no effect.
        first.recognizesSimultaneously(with: second)
        let findings = GestureLint.findings(in: world.window)
        #expect(findings.map(\.kind) == [.overruledSimultaneityRefusal])
        #expect(findings.first?.message.hasPrefix("A and B race, but a simultaneous relation lets them recognize together") == true)
    }

    @Test("Relations: listed on each member, duplicates dropped, a one-member relation declares nothing, removeAllRelations leaves them, and a freed member leaves the relation")
    func bookkeeping() {
        let a = TapGestureRecognizer()
        let b = TapGestureRecognizer()
        var c: TapGestureRecognizer? = TapGestureRecognizer()
        let relation = GestureRecognizer.exclusive([a, b, a, c!])
        #expect(relation.kind == .exclusive)
        #expect(relation.recognizers.count == 3 && relation.recognizers[0] === a && relation.recognizers[2] === c)
        #expect(a.relations.count == 1 && b.relations.first?.kind == .exclusive)
        #expect(b.exclusiveRelationRequiresFailure(of: a) && !a.exclusiveRelationRequiresFailure(of: b))
        #expect(a.recognizesSimultaneously(with: a).recognizers.count == 1)
        #expect(a.relations.count == 1)  // the one-member relation was not added
        c = nil
        #expect(relation.recognizers.count == 2)
        b.removeAllRelations()
        #expect(b.relations.isEmpty && !b.exclusiveRelationRequiresFailure(of: a))
        #expect(a.relations.count == 1)
    }

    @Test("R45, R51, R55: the lint names a simultaneous relation that a failure requirement defeats")
    func lintSimultaneityVersusRequirement() {
        let window = Window(width: 200, height: 200)
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let pan = PanGestureRecognizer()
        pan.name = "P"
        let tap = TapGestureRecognizer()
        tap.name = "T"
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(tap)
        tap.recognizesSimultaneously(with: pan)
        GestureRecognizer.exclusive([pan, tap])
        let findings = GestureLint.findings(in: window).filter { $0.kind == .simultaneityDefeatedByRequirement }
        #expect(findings.count == 1)
        #expect(findings.first?.message.hasPrefix("a simultaneous relation lets P and T recognize together, but T requires P to fail") == true)
    }
}
