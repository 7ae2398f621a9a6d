import Foundation
import GestureArbiter

/// What generated scenarios may contain.
public struct ScenarioSpace: Sendable {
    /// The most views besides the window.
    public var maximumViews = 5
    /// The most gesture recognizers.
    public var maximumGestures = 4
    /// The most human gestures (taps, drags, ...) in the input.
    public var maximumGestureInputs = 4
    /// The most fingers in one gesture (1 to 3).
    public var maximumFingers = 3
    /// Whether to mix in disabling, enabling and removal of gestures and views mid-gesture.
    public var includesAPIChanges = true
    /// Whether views may be hidden, non-interactive or nearly transparent.
    public var includesHiddenViews = true
    /// Whether recognizers may be pinches and rotations, and two- or three-finger input may
    /// spread, pinch or twist (default true).
    public var includesTransforms = true
    /// Whether recognizers may be long presses, and the input may hold still around their 0.5 s
    /// and 10 pt (R140-R154).
    public var includesLongPresses = true
    /// Gestures of recognizer types of your own to mix in (none by default): when there are any,
    /// each generated recognizer is one of them (picked evenly) half of the time, with random
    /// flags, requirements and delegate answers like the built-in ones. Their types must be in
    /// the registry the scenarios run with.
    public var customGestures: [Scenario.CustomGesture] = []
    /// Whether the input may have `ignore` entries (default false, so that existing seeds keep
    /// their cases): now and then, right after an event in which a touch began or moved, a random
    /// recognizer is told to ignore that touch (R26), as a host or a delegate may. A recognizer
    /// of your own that waits for a lift it will never hear of then keeps the environment busy,
    /// which ``ScenarioInvariant/idleAfterwards`` reports.
    public var includesIgnores = false
    /// Whether scenarios may declare relations without delegates (default false, so that
    /// existing seeds keep their cases): now and then a simultaneous pair or trio, an exclusive
    /// group of two or three in a random priority order, and a race, among random gestures
    /// (R44, R45, R53). ``Scenario/RelationsSpec/delegateAnswers()`` gives the same relations as
    /// delegate answers, for a differential check.
    public var includesRelations = false
    /// Whether views may be controls and buttons (default true): about one view in six becomes a
    /// `control` or a `button` (R200-R217), mostly enabled and tracking, with every control event
    /// logged or a random subset. Controls keep the format's defaults for `handlesTouches`
    /// (not allowed on a control) and `multipleTouchEnabled` (false: one touch at a time, R210).
    /// These choices come from a stream of their own, so a seed's scenario is otherwise the
    /// same as without controls.
    public var includesControls = true
    /// Whether views may be scroll views (default true): about one plain view in six becomes a
    /// `scrollView` (R230-R256), with content that scrolls vertically, horizontally, both or
    /// neither, mostly UIKit's defaults, and now and then no content delay, no cancelling of
    /// content touches, scrolling off, the directional lock, a decelerating view or refusing
    /// answers to `touchesShouldBegin` and `touchesShouldCancel`. Its built-in recognizers
    /// `ID.delay` and `ID.pan` may be named in requirements. These choices come from a stream
    /// of their own, so a seed's scenario is otherwise the same as without scroll views.
    public var includesScrollViews = true
    /// Whether scenarios may have pointer input (default true, R260-R284): hover recognizers,
    /// pans that take wheel or trackpad scrolls, taps that need the secondary button, and pointer
    /// sessions in the input: the pointer entering, moving and leaving the window, clicks
    /// (primary or secondary, some with modifier keys, moved or not while down), wheel ticks and
    /// trackpad sequences, all by the format's sequence rules (one click at a time, no hover
    /// while a click is down, one scroll at a time). These choices come from a stream of their
    /// own, so a seed's scenario is otherwise the same as without pointer input.
    public var includesPointer = true
    /// Whether views may have a transform (default true, R285-R289): about one view in four (never
    /// the window, whose transform stays the identity) is turned, scaled, moved or all three about
    /// its centre: a quarter, half or three-quarter turn; a turn by an odd angle (1, 7, 45, 100 or
    /// -20 degrees); a uniform or non-uniform scale, some mirrored, never zero; a translation by
    /// whole points; or a turn, a scale and a translation together. Every transform is
    /// invertible. The entries are exact where exactness decides a hit (R4's half-open edges):
    /// quarter turns are 0 and ±1, scales are powers of two (so their inverses are exact too),
    /// translations are multiples of 5 pt; odd turns use the engine's own sine and cosine
    /// (``GestureArbiter/AffineTransform/init(rotationAngle:)``) of angles whose sine and cosine
    /// are irrational, so that no point of whole coordinates lies exactly on a turned edge (30 and
    /// 60 degrees, whose sine or cosine is 1/2, would put some there, where rounding alone would
    /// decide). These choices come from a stream of their own, so a seed's scenario is otherwise
    /// the same as without transforms. (``includesTransforms`` is about pinch and rotation
    /// recognizers and input, not views.)
    public var includesViewTransforms = true

    /// The default space: small trees, up to 4 recognizers of every type (swipes included), up to 4 gestures.
    public init() {}
}

extension Generator where Value == Scenario {
    /// Random scenarios: a view tree (overlapping frames, hidden, non-interactive, alpha < 0.01
    /// and multiple-touch views), recognizers of every type with random flags and settings,
    /// require-to-fail graphs (cycles included), delegate answers, and touch streams that look
    /// like people (taps, double and triple taps, drags, flicks, fast straight swipes, edge swipes, two- and
    /// three-finger gestures, long holds, gaps around 0.35 s and 0.15 s), with API changes
    /// mid-gesture. With ``ScenarioSpace/includesTransforms`` (the default) recognizers may be
    /// pinches and rotations, and two- and three-finger input may spread, pinch and twist.
    /// With ``ScenarioSpace/includesLongPresses`` (the default) some recognizers are long presses
    /// and the input adds long-press streams: holds that drift near 10 pt around 0.5 s, drags
    /// after that, and a tap followed by a press held past 0.5 s (R140-R154).
    /// With ``ScenarioSpace/includesControls`` (the default) about one view in six is a control
    /// or a button (R200-R217). With ``ScenarioSpace/includesViewTransforms`` (the default) about
    /// one view in four is turned, scaled or moved by its transform (R285-R289).
    /// Shrinks with ``ScenarioShrinker``.
    public static func scenarios(_ space: ScenarioSpace = ScenarioSpace()) -> Generator<Scenario> {
        Generator(generate: { ScenarioBuilder(space: space).build(&$0) }, shrink: ScenarioShrinker.candidates)
    }
}

private struct ScenarioBuilder {
    let space: ScenarioSpace

    func build(_ random: inout SeededGenerator) -> Scenario {
        // Controls draw from a stream of their own, split off without advancing `random`, so
        // the rest of the scenario is what the seed gave before controls existed.
        var peek = random
        var controlRandom = SeededGenerator(seed: peek.next() ^ 0xC047_2011_B077_0115)
        var scrollRandom = SeededGenerator(seed: peek.next() ^ 0x5C20_11FE_ED00_0230)
        var pointerRandom = SeededGenerator(seed: peek.next() ^ 0x9017_7E20_C11C_0028)
        var transformRandom = SeededGenerator(seed: peek.next() ^ 0x7A2F_0285_0289_7E57)
        var scenario = Scenario(name: "generated")
        scenario.windowSize = Size(width: 400, height: 800)
        let viewCount = Int.random(in: 1...max(1, space.maximumViews), using: &random)
        var ids = ["window"]
        for index in 0..<viewCount {
            let id = "v\(index + 1)"
            let parent = ids[Int.random(in: 0..<ids.count, using: &random)]
            let x = Double(Int.random(in: 0...30, using: &random) * 10)
            let y = Double(Int.random(in: 0...60, using: &random) * 10)
            let width = Double(Int.random(in: 5...40, using: &random) * 10)
            let height = Double(Int.random(in: 5...80, using: &random) * 10)
            var view = Scenario.ViewSpec(id: id, parent: parent, frame: Rect(x: x, y: y, width: width, height: height))
            if space.includesHiddenViews {
                let roll = Int.random(in: 0..<20, using: &random)
                if roll == 0 { view.hidden = true }
                if roll == 1 { view.userInteractionEnabled = false }
                if roll == 2 { view.alpha = 0.005 }
            }
            view.handlesTouches = Int.random(in: 0..<10, using: &random) < 7
            view.multipleTouchEnabled = Bool.random(using: &random)
            view.exclusiveTouch = Int.random(in: 0..<15, using: &random) == 0
            scenario.views.append(view)
            ids.append(id)
        }
        let gestureCount = Int.random(in: 0...space.maximumGestures, using: &random)
        for index in 0..<gestureCount {
            let id = "g\(index + 1)"
            let view = ids[Int.random(in: 0..<ids.count, using: &random)]
            var kind: Scenario.GestureKind
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3: kind = .tap(taps: Int.random(in: 1...3, using: &random), touches: Int.random(in: 0..<5, using: &random) == 0 ? 2 : 1)
            case 4...6:
                let minimum = Int.random(in: 0..<4, using: &random) == 0 ? 2 : 1
                kind = .pan(minTouches: minimum, maxTouches: Bool.random(using: &random) ? nil : minimum + Int.random(in: 0...1, using: &random))
            case 7, 8: kind = .edgePan(edges: [["left"], ["right"], ["top"], ["bottom"], ["left", "right"]][Int.random(in: 0..<5, using: &random)])
            default: kind = .delayedTouchesBegan(delay: [0.15, 0.15, 0.1, 0.2][Int.random(in: 0..<4, using: &random)])
            }
            // Swipes (R155-R164): one axis or a mixed mask, usually one finger, now and then a
            // count that never recognizes (R188).
            if Int.random(in: 0..<6, using: &random) == 0 {
                let directions = [["right"], ["left"], ["up"], ["down"], ["right", "left"], ["up", "down"], ["right", "down"]]
                kind = .swipe(
                    directions: directions[Int.random(in: 0..<directions.count, using: &random)],
                    touches: [1, 1, 1, 2, 0][Int.random(in: 0..<5, using: &random)])
            }
            // Pinches and rotations (R168-R183), on their own roll so the other kinds keep their shares.
            if space.includesTransforms, Int.random(in: 0..<5, using: &random) == 0 {
                kind = Bool.random(using: &random) ? .pinch : .rotation
            }
            // Long presses (R140-R154): one recognizer in six, mostly UIKit's defaults, some with
            // no duration (R142), a wider, zero or switched-off allowance (R144), taps before the
            // press (R152), two fingers or none (R188).
            if space.includesLongPresses, Int.random(in: 0..<6, using: &random) == 0 {
                kind = .longPress(
                    duration: [0.5, 0.5, 0.5, 0.2, 0.35, 0][Int.random(in: 0..<6, using: &random)],
                    allowableMovement: [10, 10, 10, 0, 30, -1][Int.random(in: 0..<6, using: &random)],
                    taps: [0, 0, 0, 0, 1, 2][Int.random(in: 0..<6, using: &random)],
                    touches: [1, 1, 1, 1, 1, 1, 2, 2, 3, 0][Int.random(in: 0..<10, using: &random)])
            }
            // Drawn only when there are custom gestures, so the default space keeps its streams.
            if !space.customGestures.isEmpty, Bool.random(using: &random) {
                kind = .custom(space.customGestures[Int.random(in: 0..<space.customGestures.count, using: &random)])
            }
            var gesture = Scenario.GestureSpec(id: id, kind: kind, view: view)
            if Int.random(in: 0..<5, using: &random) == 0 { gesture.cancelsTouchesInView = false }
            if Int.random(in: 0..<5, using: &random) == 0 { gesture.delaysTouchesBegan.toggle() }
            if Int.random(in: 0..<5, using: &random) == 0 { gesture.delaysTouchesEnded = false }
            if Int.random(in: 0..<12, using: &random) == 0 { gesture.enabled = false }
            scenario.gestures.append(gesture)
        }
        let gestureIDs = scenario.gestures.map(\.id)
        if gestureIDs.count >= 2 {
            for index in scenario.gestures.indices where Int.random(in: 0..<3, using: &random) == 0 {
                let other = gestureIDs[Int.random(in: 0..<gestureIDs.count, using: &random)]
                if other != scenario.gestures[index].id { scenario.gestures[index].requireToFail.append(other) }
            }
            func pair(_ random: inout SeededGenerator) -> [String] {
                let first = gestureIDs[Int.random(in: 0..<gestureIDs.count, using: &random)]
                var second = gestureIDs[Int.random(in: 0..<gestureIDs.count, using: &random)]
                if second == first { second = gestureIDs.first { $0 != first } ?? first }
                return [first, second]
            }
            if Int.random(in: 0..<3, using: &random) == 0 { scenario.delegate.simultaneous.append(pair(&random)) }
            if Int.random(in: 0..<6, using: &random) == 0 { scenario.delegate.requireFailure.append(pair(&random)) }
            if Int.random(in: 0..<8, using: &random) == 0 { scenario.delegate.requiredToFailBy.append(pair(&random)) }
            if space.includesRelations {
                // Mostly among gestures on the same or nested views, where relations decide (R44).
                let gestureSpecs = scenario.gestures
                let ancestry = Dictionary(uniqueKeysWithValues: gestureSpecs.map { ($0.id, scenario.ancestry(of: $0.view)) })
                func related(_ a: String, _ b: String) -> Bool {
                    guard let first = ancestry[a], let second = ancestry[b] else { return false }
                    return first.contains(second[0]) || second.contains(first[0])
                }
                func group(_ random: inout SeededGenerator) -> [String] {
                    let size = min(gestureIDs.count, Int.random(in: 2...3, using: &random))
                    let shuffled = gestureIDs.shuffled(using: &random)
                    guard Int.random(in: 0..<4, using: &random) != 0 else { return Array(shuffled.prefix(size)) }
                    let first = shuffled[0]
                    let near = shuffled.dropFirst().filter { related(first, $0) }
                    let far = shuffled.dropFirst().filter { !related(first, $0) }
                    return Array(([first] + near + far).prefix(size))
                }
                if Int.random(in: 0..<2, using: &random) == 0 { scenario.relations.simultaneous.append(group(&random)) }
                if Int.random(in: 0..<2, using: &random) == 0 { scenario.relations.exclusive.append(group(&random)) }
                if Int.random(in: 0..<3, using: &random) == 0 { scenario.relations.race.append(group(&random)) }
            }
        }
        for id in gestureIDs {
            if Int.random(in: 0..<10, using: &random) == 0 { scenario.delegate.shouldReceive[id] = false }
            if Int.random(in: 0..<10, using: &random) == 0 { scenario.delegate.shouldBegin[id] = false }
        }
        scenario.input = inputs(&random, views: Array(ids.dropFirst()), gestures: gestureIDs)
        if space.includesControls {
            for index in scenario.views.indices { makeControl(&scenario.views[index], &controlRandom) }
        }
        if space.includesScrollViews {
            for index in scenario.views.indices where scenario.views[index].type == .view {
                makeScrollView(&scenario.views[index], &scrollRandom)
            }
            let builtIns = scenario.builtInGestureIDs
            if !builtIns.isEmpty {
                for index in scenario.gestures.indices where Int.random(in: 0..<8, using: &scrollRandom) == 0 {
                    scenario.gestures[index].requireToFail.append(builtIns[Int.random(in: 0..<builtIns.count, using: &scrollRandom)])
                }
            }
        }
        if space.includesPointer { addPointer(to: &scenario, &pointerRandom) }
        if space.includesViewTransforms {
            for index in scenario.views.indices { transform(&scenario.views[index], &transformRandom) }
        }
        return scenario
    }

    /// Gives `view` an invertible transform one time in four (R285, R289): a quarter turn, an
    /// odd turn, a uniform or non-uniform scale (powers of two, some mirrored), a translation by
    /// multiples of 5 pt, or a turn, a scale and a translation together. See
    /// ``ScenarioSpace/includesViewTransforms`` for why the entries are what they are.
    func transform(_ view: inout Scenario.ViewSpec, _ random: inout SeededGenerator) {
        guard Int.random(in: 0..<4, using: &random) == 0 else { return }
        let quarterTurns = ScenarioShrinker.quarterTurns
        func quarterTurn() -> GestureArbiter.AffineTransform { quarterTurns[Int.random(in: 0..<quarterTurns.count, using: &random)] }
        func oddTurn() -> GestureArbiter.AffineTransform {
            let degrees = [1.0, 7, 45, 100, -20][Int.random(in: 0..<5, using: &random)]
            return GestureArbiter.AffineTransform(rotationAngle: degrees * Double.pi / 180)
        }
        func uniformScale() -> GestureArbiter.AffineTransform {
            let factor = [0.5, 2, 0.25, 4, -0.5][Int.random(in: 0..<5, using: &random)]
            return GestureArbiter.AffineTransform(scaleX: factor, y: factor)
        }
        func nonUniformScale() -> GestureArbiter.AffineTransform {
            let (x, y) = [(2.0, 0.5), (1, 2), (0.5, 1), (-1, 1), (1, -1), (4, 0.25)][Int.random(in: 0..<6, using: &random)]
            return GestureArbiter.AffineTransform(scaleX: x, y: y)
        }
        func translation() -> GestureArbiter.AffineTransform {
            GestureArbiter.AffineTransform(
                translationX: Double(Int.random(in: -12...12, using: &random) * 5), y: Double(Int.random(in: -12...12, using: &random) * 5))
        }
        var result: GestureArbiter.AffineTransform
        switch Int.random(in: 0..<7, using: &random) {
        case 0: result = quarterTurn()
        case 1: result = oddTurn()
        case 2: result = uniformScale()
        case 3: result = nonUniformScale()
        case 4: result = translation()
        default:
            let turn = Bool.random(using: &random) ? quarterTurn() : oddTurn()
            let scale = Bool.random(using: &random) ? uniformScale() : nonUniformScale()
            result = turn.concatenating(scale)
            if Bool.random(using: &random) { result = result.concatenating(translation()) }
        }
        // No negative zero (the file would read "-0"); a translation of (0, 0) is the identity,
        // which the format leaves out.
        result = GestureArbiter.AffineTransform(
            a: result.a + 0, b: result.b + 0, c: result.c + 0, d: result.d + 0, tx: result.tx + 0, ty: result.ty + 0)
        view.transform = result
    }

    /// Pointer input (R260-R284), from its own stream: one tap in four needs the secondary
    /// button (R264), one pan in three takes wheel ticks, trackpad scrolls or both (R273), up to
    /// two hover recognizers `h1`, `h2` on random views (R267), and, two scenarios in three, one
    /// to three pointer sessions merged into the input by time.
    func addPointer(to scenario: inout Scenario, _ random: inout SeededGenerator) {
        for index in scenario.gestures.indices {
            switch scenario.gestures[index].kind {
            case .tap where Int.random(in: 0..<4, using: &random) == 0:
                scenario.gestures[index].tuning.buttonMaskRequired = ["secondary"]
            case .pan where Int.random(in: 0..<3, using: &random) == 0:
                scenario.gestures[index].tuning.allowedScrollTypes = [["discrete"], ["continuous"], ["discrete", "continuous"]][
                    Int.random(in: 0..<3, using: &random)]
            default:
                break
            }
        }
        let views = ["window"] + scenario.views.map(\.id)
        for number in 0..<[0, 0, 1, 1, 2][Int.random(in: 0..<5, using: &random)] {
            scenario.gestures.append(
                Scenario.GestureSpec(id: "h\(number + 1)", kind: .hover, view: views[Int.random(in: 0..<views.count, using: &random)]))
        }
        guard Int.random(in: 0..<3, using: &random) != 0 else { return }
        let touchEnd = scenario.input.dropLast().last?.t ?? 0
        var time = Double(Int.random(in: 0...max(0, Int(touchEnd * 1000)), using: &random)) / 1000
        var pointer: [Scenario.InputEntry] = []
        var clickID = 1000
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            guard pointerSession(&pointer, &random, time: &time, clickID: &clickID) else { break }
            time += [0.05, 0.2, 0.5][Int.random(in: 0..<3, using: &random)]
        }
        // Merged by time; at equal times the earlier entries (touches, API changes) come first.
        var merged: [Scenario.InputEntry] = []
        var rest = pointer[...]
        for entry in scenario.input.dropLast() {
            while let next = rest.first, next.t < entry.t {
                merged.append(next)
                rest = rest.dropFirst()
            }
            merged.append(entry)
        }
        merged += rest
        let last = merged.last?.t ?? 0
        merged.append(Scenario.InputEntry(t: ((last + 3) * 1000).rounded() / 1000, action: .idle))
        scenario.input = merged
    }

    /// One pointer session from `time`: the pointer enters the window, moves, maybe clicks (no
    /// hover while the button is down, R271), maybe sends a wheel tick (R283), a trackpad scroll
    /// sequence (began, changes, ended: the format has no cancelled scroll, R272) or a trackpad
    /// pinch or rotation (began, changes of scale and turn, ended, R291), and leaves the window
    /// four times in five. Returns whether it left (when it did not, no session may follow).
    func pointerSession(_ entries: inout [Scenario.InputEntry], _ random: inout SeededGenerator, time: inout Double, clickID: inout Int)
        -> Bool
    {
        func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        func add(_ action: Scenario.InputAction) { entries.append(Scenario.InputEntry(t: rounded(time), action: action)) }
        var x = Double(Int.random(in: 0...39, using: &random) * 10)
        var y = Double(Int.random(in: 0...79, using: &random) * 10)
        func step() {
            x = min(399, max(0, x + Double(Int.random(in: -60...60, using: &random))))
            y = min(799, max(0, y + Double(Int.random(in: -60...60, using: &random))))
        }
        add(.hover(Scenario.HoverSpec(phase: .entered, x: x, y: y)))
        for _ in 0..<Int.random(in: 3...8, using: &random) {
            time += [0.016, 0.05, 0.1][Int.random(in: 0..<3, using: &random)]
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1:  // a click: primary, secondary or both, now and then with modifier keys
                var down = Scenario.TouchSpec(id: clickID, phase: .began, x: x, y: y)
                down.type = .indirectPointer
                down.buttons = [[], [], ["secondary"], ["secondary"], ["primary", "secondary"]][Int.random(in: 0..<5, using: &random)]
                if Int.random(in: 0..<4, using: &random) == 0 {
                    down.modifiers = KeyModifierFlags.named.map(\.name).filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
                }
                add(.touches([down]))
                for _ in 0..<[0, 0, 1, 3][Int.random(in: 0..<4, using: &random)] {
                    time += 0.016
                    x = min(399, x + Double(Int.random(in: 0...20, using: &random)))
                    add(.touches([Scenario.TouchSpec(id: clickID, phase: .moved, x: x, y: y)]))
                }
                time += [0.05, 0.08, 0.2, 0.6][Int.random(in: 0..<4, using: &random)]
                add(.touches([Scenario.TouchSpec(id: clickID, phase: Int.random(in: 0..<12, using: &random) == 0 ? .cancelled : .ended, x: x, y: y)]))
                clickID += 1
            case 2:  // a wheel tick: a discrete began with its delta, then an ended
                let delta = Point(x: 0, y: Double([-40, -10, 10, 30][Int.random(in: 0..<4, using: &random)]))
                add(.scroll(Scenario.ScrollSpec(phase: .began, x: x, y: y, type: .discrete, delta: delta)))
                time += [0, 0.01][Int.random(in: 0..<2, using: &random)]
                add(.scroll(Scenario.ScrollSpec(phase: .ended, x: x, y: y)))
            case 3:  // a trackpad sequence
                add(.scroll(Scenario.ScrollSpec(phase: .began, x: x, y: y, type: .continuous)))
                let delta = Point(x: Double(Int.random(in: -4...4, using: &random)), y: Double(Int.random(in: -8...8, using: &random)))
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    time += 0.016
                    add(.scroll(Scenario.ScrollSpec(phase: .changed, x: x, y: y, delta: delta)))
                }
                time += [0.016, 0.2][Int.random(in: 0..<2, using: &random)]
                add(.scroll(Scenario.ScrollSpec(phase: .ended, x: x, y: y)))
            case 4:  // a trackpad pinch or rotation: totals since its began, in steps
                add(.transform(Scenario.TransformSpec(phase: .began, x: x, y: y)))
                let scaleStep = [-0.02, 0, 0.01, 0.03][Int.random(in: 0..<4, using: &random)]
                let turnStep = [-0.02, 0, 0.005, 0.015][Int.random(in: 0..<4, using: &random)]
                for step in 1...Int.random(in: 1...5, using: &random) {
                    time += 0.016
                    add(.transform(Scenario.TransformSpec(
                        phase: .changed, x: x, y: y, scale: rounded(1 + scaleStep * Double(step)), rotation: rounded(turnStep * Double(step)))))
                }
                time += [0.016, 0.2][Int.random(in: 0..<2, using: &random)]
                add(.transform(Scenario.TransformSpec(phase: .ended, x: x, y: y)))
            default:
                step()
                add(.hover(Scenario.HoverSpec(phase: .moved, x: x, y: y)))
            }
        }
        time += 0.05
        guard Int.random(in: 0..<5, using: &random) != 0 else { return false }
        add(.hover(Scenario.HoverSpec(phase: .exited, x: x, y: y)))
        return true
    }

    /// Makes `view` a control or a button one time in six (R200-R217): enabled nine times in
    /// ten (R202), tracking nine times in ten (R204), every control event logged two times in
    /// three and otherwise a random subset, in the format's order. `handlesTouches` and
    /// `multipleTouchEnabled` go back to their defaults: the first is not allowed on a control,
    /// and the second keeps a control to one touch (R210), which the control invariants rely on.
    func makeControl(_ view: inout Scenario.ViewSpec, _ random: inout SeededGenerator) {
        guard Int.random(in: 0..<6, using: &random) == 0 else { return }
        view.type = Bool.random(using: &random) ? .button : .control
        view.handlesTouches = true
        view.multipleTouchEnabled = false
        view.control.enabled = Int.random(in: 0..<10, using: &random) != 0
        view.control.beginTracking = Int.random(in: 0..<10, using: &random) != 0
        if Int.random(in: 0..<3, using: &random) == 0 {
            view.control.actions = Scenario.ControlSpec.eventNames.filter { _ in Bool.random(using: &random) }
        }
    }

    /// Makes a plain `view` a scroll view one time in six (R230-R256): its content is taller,
    /// wider, both or neither (R232), it starts at offset zero or scrolled down, and each of its
    /// settings keeps UIKit's default most of the time.
    func makeScrollView(_ view: inout Scenario.ViewSpec, _ random: inout SeededGenerator) {
        guard Int.random(in: 0..<6, using: &random) == 0 else { return }
        view.type = .scrollView
        var scroll = Scenario.ScrollViewSpec()
        let size = view.frame.size
        switch Int.random(in: 0..<5, using: &random) {
        case 0, 1: scroll.contentSize = Size(width: size.width, height: size.height * 3)
        case 2: scroll.contentSize = Size(width: size.width * 3, height: size.height)
        case 3: scroll.contentSize = Size(width: size.width * 2, height: size.height * 2)
        default: scroll.contentSize = size
        }
        if Int.random(in: 0..<4, using: &random) == 0 { scroll.contentOffset = Point(x: 0, y: Double(Int.random(in: 0...20, using: &random) * 10)) }
        func rarely(_ odds: Int) -> Bool { Int.random(in: 0..<odds, using: &random) == 0 }
        if rarely(5) { scroll.delaysContentTouches = false }
        if rarely(6) { scroll.canCancelContentTouches = false }
        if rarely(10) { scroll.scrollEnabled = false }
        if rarely(4) { scroll.directionalLockEnabled = true }
        if rarely(8) { scroll.transfersHorizontalScrollingToParent = false }
        if rarely(8) { scroll.transfersVerticalScrollingToParent = false }
        if rarely(10) { scroll.decelerating = true }
        if rarely(8) { scroll.touchesShouldBegin = false }
        if rarely(6) { scroll.touchesShouldCancel = Bool.random(using: &random) }
        view.scroll = scroll
    }

    /// A timeline of human gestures, one after another, with API changes mixed in.
    func inputs(_ random: inout SeededGenerator, views: [String], gestures: [String]) -> [Scenario.InputEntry] {
        var entries: [Scenario.InputEntry] = []
        var time = 0.0
        var nextID = 1
        let count = Int.random(in: 1...max(1, space.maximumGestureInputs), using: &random)
        for _ in 0..<count {
            time += [0.05, 0.14, 0.16, 0.34, 0.36, 0.5, 1.2][Int.random(in: 0..<7, using: &random)]
            let fingers = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 2...max(2, space.maximumFingers), using: &random) : 1
            let edge = Int.random(in: 0..<5, using: &random) == 0
            var start = Point(x: Double(Int.random(in: 0...399, using: &random)), y: Double(Int.random(in: 0...799, using: &random)))
            if edge { start.x = Double(Int.random(in: 1...12, using: &random)) }
            let ids = (0..<fingers).map { nextID + $0 }
            nextID += fingers
            func event(_ t: Double, _ phase: TouchPhase, _ dx: Double, _ dy: Double) {
                let specs = ids.enumerated().map { offset, id in
                    Scenario.TouchSpec(id: id, phase: phase, x: start.x + Double(offset) * 30 + dx, y: start.y + dy)
                }
                entries.append(Scenario.InputEntry(t: (t * 1000).rounded() / 1000, action: .touches(specs)))
            }
            event(time, .began, 0, 0)
            if space.includesTransforms, fingers >= 2, Bool.random(using: &random) {
                time = transform(&entries, &random, ids: ids, start: start, time: time)
                continue
            }
            let shape = Int.random(in: 0..<(space.includesLongPresses ? 8 : 6), using: &random)
            // Fast straight flicks (swipes, R155-R160), now and then slower than the swipe's 0.5 s,
            // in place of a quarter of the other shapes; long holds (4) and long-press streams keep their share.
            if shape != 4, shape < 6, Int.random(in: 0..<4, using: &random) == 0 {
                let direction = [(1.0, 0.0), (-1.0, 0.0), (0.0, -1.0), (0.0, 1.0)][Int.random(in: 0..<4, using: &random)]
                let stepLength = Double(Int.random(in: 8...30, using: &random))
                let drift = Double(Int.random(in: -3...3, using: &random))
                let steps = Int.random(in: 2...6, using: &random)
                let interval = Int.random(in: 0..<6, using: &random) == 0 ? 0.15 : [0.008, 0.016][Int.random(in: 0..<2, using: &random)]
                for step in 1...steps {
                    time += interval
                    let along = stepLength * Double(step)
                    event(time, .moved, direction.0 * along + direction.1 * drift * Double(step), direction.1 * along + direction.0 * drift * Double(step))
                }
                time += interval
                event(time, .ended, direction.0 * stepLength * Double(steps), direction.1 * stepLength * Double(steps))
                continue
            }
            switch shape {
            case 0, 1:  // tap, double or triple tap
                let taps = Int.random(in: 1...3, using: &random)
                for tap in 0..<taps {
                    if tap > 0 {
                        time += [0.1, 0.2, 0.34, 0.36][Int.random(in: 0..<4, using: &random)]
                        let again = ids.map { _ -> Int in defer { nextID += 1 }; return nextID }
                        let specs = again.enumerated().map { offset, id in
                            Scenario.TouchSpec(id: id, phase: .began, x: start.x + Double(offset) * 30 + 2, y: start.y)
                        }
                        entries.append(Scenario.InputEntry(t: (time * 1000).rounded() / 1000, action: .touches(specs)))
                        time += 0.05
                        entries.append(Scenario.InputEntry(t: (time * 1000).rounded() / 1000, action: .touches(specs.map {
                            Scenario.TouchSpec(id: $0.id, phase: .ended, x: $0.x, y: $0.y)
                        })))
                    } else {
                        time += 0.06
                        event(time, .ended, 0, 0)
                    }
                }
                continue
            case 2, 3:  // drag or flick
                let steps = Int.random(in: 2...12, using: &random)
                let dx = Double(Int.random(in: -8...8, using: &random))
                let dy = Double(Int.random(in: -8...8, using: &random))
                let interval = Bool.random(using: &random) ? 0.016 : 0.008
                for step in 1...steps {
                    time += interval
                    event(time, .moved, dx * Double(step), dy * Double(step))
                }
                time += interval
                event(time, Int.random(in: 0..<12, using: &random) == 0 ? .cancelled : .ended, dx * Double(steps), dy * Double(steps))
            case 4:  // long hold
                time += [0.14, 0.16, 0.6, 1.6][Int.random(in: 0..<4, using: &random)]
                event(time, .ended, 0, 0)
            case 6:  // long-press hold: drift near 10 pt, around 0.5 s, then maybe a drag after began
                let drift = [3.0, 9, 10, 11, 25][Int.random(in: 0..<5, using: &random)]
                time += [0.2, 0.3, 0.49, 0.5][Int.random(in: 0..<4, using: &random)]
                event(time, .moved, drift, 0)
                time += [0.15, 0.3, 0.6][Int.random(in: 0..<3, using: &random)]
                if Bool.random(using: &random) {
                    event(time, .moved, drift + 40, 20)
                    time += 0.1
                }
                event(time, Int.random(in: 0..<12, using: &random) == 0 ? .cancelled : .ended, drift, 0)
            case 7:  // a tap, then a press within 0.35 s held past 0.5 s (long press with taps)
                time += 0.08
                event(time, .ended, 0, 0)
                time += [0.1, 0.2, 0.34, 0.36][Int.random(in: 0..<4, using: &random)]
                let press = ids.map { _ -> Int in defer { nextID += 1 }; return nextID }
                let at = (time * 1000).rounded() / 1000
                entries.append(Scenario.InputEntry(t: at, action: .touches(press.enumerated().map { offset, id in
                    Scenario.TouchSpec(id: id, phase: .began, x: start.x + Double(offset) * 30 + 4, y: start.y)
                })))
                time += [0.3, 0.6, 1.0][Int.random(in: 0..<3, using: &random)]
                let lift = (time * 1000).rounded() / 1000
                entries.append(Scenario.InputEntry(t: lift, action: .touches(press.enumerated().map { offset, id in
                    Scenario.TouchSpec(id: id, phase: .ended, x: start.x + Double(offset) * 30 + 4, y: start.y)
                })))
                continue
            default:  // edge-style swipe inward
                for step in 1...4 {
                    time += 0.016
                    event(time, .moved, Double(step) * 6, 0)
                }
                time += 0.016
                event(time, .ended, 24, 0)
            }
        }
        if space.includesAPIChanges, !entries.isEmpty, Int.random(in: 0..<3, using: &random) == 0 {
            let position = Int.random(in: 1...entries.count, using: &random)
            let t = entries[position - 1].t
            let action: Scenario.InputAction?
            switch Int.random(in: 0..<4, using: &random) {
            case 0: action = gestures.isEmpty ? nil : .disable(gestures[Int.random(in: 0..<gestures.count, using: &random)])
            case 1: action = gestures.isEmpty ? nil : .enable(gestures[Int.random(in: 0..<gestures.count, using: &random)])
            case 2: action = gestures.isEmpty ? nil : .removeGesture(gestures[Int.random(in: 0..<gestures.count, using: &random)])
            default: action = views.isEmpty ? nil : .removeView(views[Int.random(in: 0..<views.count, using: &random)])
            }
            if let action { entries.insert(Scenario.InputEntry(t: t, action: action), at: position) }
        }
        if space.includesIgnores, !gestures.isEmpty, Bool.random(using: &random) {
            // Right after an event that leaves a touch down: (entry index, that touch's id).
            var candidates: [(Int, Int)] = []
            for (index, entry) in entries.enumerated() {
                guard case let .touches(touches) = entry.action else { continue }
                for touch in touches where touch.phase == .began || touch.phase == .moved { candidates.append((index, touch.id)) }
            }
            if !candidates.isEmpty {
                let (index, touch) = candidates[Int.random(in: 0..<candidates.count, using: &random)]
                let gesture = gestures[Int.random(in: 0..<gestures.count, using: &random)]
                entries.insert(Scenario.InputEntry(t: entries[index].t, action: .ignore(gesture: gesture, touch: touch)), at: index + 1)
            }
        }
        entries.append(Scenario.InputEntry(t: ((time + 3) * 1000).rounded() / 1000, action: .idle))
        return entries
    }

    /// A two-finger spread, pinch or twist (R168-R183) by the first two of `ids`, which landed
    /// 30 pt apart at `start`: 3 to 10 moves about their centroid, the distance growing or
    /// shrinking by up to 12 pt or the line turning by up to 25 degrees a step, sometimes with a
    /// drift of the centroid; a third finger, if any, rests. Then every finger lifts, sometimes
    /// one first and the other after a further move. Returns the time of the last event.
    func transform(_ entries: inout [Scenario.InputEntry], _ random: inout SeededGenerator, ids: [Int], start: Point, time: Double)
        -> Double
    {
        var time = time
        let center = Point(x: start.x + 15, y: start.y)
        let spreadStep = Double(Int.random(in: -12...12, using: &random))
        let turnStep = Double(Int.random(in: -25...25, using: &random)) * Double.pi / 180
        let kind = Int.random(in: 0..<3, using: &random)  // 0 spread, 1 twist, 2 both
        let drift = Int.random(in: 0..<4, using: &random) == 0 ? Double(Int.random(in: -6...6, using: &random)) : 0
        var radius = 15.0
        var angle = 0.0
        var pair: [Scenario.TouchSpec] = []
        func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        func place(_ phase: TouchPhase, shift: Double) -> [Scenario.TouchSpec] {
            let dx = radius * cos(angle)
            let dy = radius * sin(angle)
            return [
                Scenario.TouchSpec(id: ids[0], phase: phase, x: rounded(center.x + shift - dx), y: rounded(center.y - dy)),
                Scenario.TouchSpec(id: ids[1], phase: phase, x: rounded(center.x + shift + dx), y: rounded(center.y + dy)),
            ]
        }
        let steps = Int.random(in: 3...10, using: &random)
        for step in 1...steps {
            time += 0.016
            if kind != 1 { radius = max(1, radius + spreadStep) }
            if kind != 0 { angle += turnStep }
            pair = place(.moved, shift: drift * Double(step))
            entries.append(Scenario.InputEntry(t: rounded(time), action: .touches(pair)))
        }
        time += 0.016
        if Bool.random(using: &random) {
            // One finger lifts, the other moves on, then lifts.
            entries.append(Scenario.InputEntry(t: rounded(time), action: .touches([Scenario.TouchSpec(
                id: pair[0].id, phase: .ended, x: pair[0].x, y: pair[0].y)])))
            time += 0.016
            let moved = Scenario.TouchSpec(id: pair[1].id, phase: .moved, x: pair[1].x + 20, y: pair[1].y)
            entries.append(Scenario.InputEntry(t: rounded(time), action: .touches([moved])))
            time += 0.016
            var rest = [Scenario.TouchSpec(id: moved.id, phase: .ended, x: moved.x, y: moved.y)]
            rest += ids.dropFirst(2).enumerated().map { offset, id in
                Scenario.TouchSpec(id: id, phase: .ended, x: start.x + Double(offset + 2) * 30, y: start.y)
            }
            entries.append(Scenario.InputEntry(t: rounded(time), action: .touches(rest)))
        } else {
            var all = pair.map { Scenario.TouchSpec(id: $0.id, phase: .ended, x: $0.x, y: $0.y) }
            all += ids.dropFirst(2).enumerated().map { offset, id in
                Scenario.TouchSpec(id: id, phase: .ended, x: start.x + Double(offset + 2) * 30, y: start.y)
            }
            entries.append(Scenario.InputEntry(t: rounded(time), action: .touches(all)))
        }
        return time
    }
}
