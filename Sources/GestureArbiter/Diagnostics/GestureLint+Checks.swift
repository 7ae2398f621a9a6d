/// One run of ``GestureLint/findings(in:)`` on a window: a snapshot of the tree, then the checks.
///
/// Everything user code could change is read first (views, recognizers, static requirements,
/// reachability), holding each object, so that the questions asked afterwards (delegates,
/// `canPrevent`, requirement hooks) cannot make the lint read anything freed or change its
/// findings.
struct LintPass {
    typealias Finding = GestureLint.Finding
    typealias Kind = GestureLint.Finding.Kind

    /// Why no touch reaches a view, with the view (index in `views`) that blocks it.
    struct Blocker {
        var view: Int
        var reason: HitTestSkipReason
    }

    /// A scroll view that scrolls and whose content gets each touch at touch-down
    /// (`delaysContentTouches` off, R235), as read before any user code runs.
    struct ImmediateScrollView {
        /// The scroll view's index in `views`.
        var view: Int
        /// Its scroll pan's index in `recognizers` (live).
        var pan: Int
        /// `canCancelContentTouches` (R241).
        var cancelsContentTouches: Bool
        /// The enabled controls of its content that touches reach and get at touch-down: no
        /// scroll view between withholds their touches (in tree order, indices in `views`).
        var controls: [Int]
    }

    /// The views of the window in tree order (the window first).
    private var views: [View] = []
    /// For each view, the index of its superview (-1 for the window).
    private var parents: [Int] = []
    /// For each view, one past the last index of its subtree (a subtree is contiguous).
    private var subtreeEnd: [Int] = []
    /// For each view, why no touch can reach it, or nil when one can (or the lint cannot tell).
    private var blockers: [Blocker?] = []
    /// For each view that no blocker hides, the later sibling (of the view or of an ancestor)
    /// that covers all of it that touches could reach, if any (R7).
    private var coveredBy: [Int?] = []
    /// The recognizers of the window in tree order.
    private var recognizers: [GestureRecognizer] = []
    /// For each recognizer, the index of its view in `views`.
    private var recognizerView: [Int] = []
    /// `isEnabled` of each recognizer when the lint started.
    private var enabled: [Bool] = []
    /// Enabled and on a view that touches reach.
    private var live: [Bool] = []
    /// For each recognizer, the live recognizers it requires to fail (static and dynamic), in
    /// tree order; empty for recognizers that are not live.
    private var successors: [[Int]] = []
    /// For each recognizer, its static requirements (read before any user code runs).
    private var staticRequirements: [Set<ObjectIdentifier>] = []
    /// `a * count + b` for each requirement a → b in `successors`.
    private var requirementPairs: Set<Int> = []
    /// The scroll views whose content gets its touches at once (R235, R241).
    private var immediateScrollViews: [ImmediateScrollView] = []
    /// The built-in recognizers of scroll views with `isScrollEnabled` off, which that switch
    /// disabled (R233): not reported as disabled.
    private var scrollingOff: Set<Int> = []
    private var findings: [(key: [Int], finding: Finding)] = []

    init(window: Window) {
        snapshotTree(window)
        snapshotRecognizers()
        snapshotScrollViews()
    }

    /// Runs every check and returns the findings in order.
    mutating func run() -> [Finding] {
        collectRequirements()
        checkCycles()
        checkSimultaneity()
        checkWaitsForResting()
        checkDuplicates()
        checkDisabledAndUnreachable()
        checkMultiTapLatency()
        checkRequirementsAcrossWindows()
        checkTapsOverControls()
        checkScrollsBlockedByContent()
        let kinds = Kind.allCases
        return findings.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element, rhs.element)
            if left.key[0] != right.key[0] { return left.key[0] < right.key[0] }
            let (leftKind, rightKind) = (kinds.firstIndex(of: left.finding.kind)!, kinds.firstIndex(of: right.finding.kind)!)
            if leftKind != rightKind { return leftKind < rightKind }
            if left.key != right.key { return left.key.lexicographicallyPrecedes(right.key) }
            return lhs.offset < rhs.offset
        }.map(\.element.finding)
    }

    // MARK: - Snapshot (no user code)

    /// The views depth-first, each subtree's extent, and what keeps touches from each view.
    private mutating func snapshotTree(_ window: Window) {
        var pending: [(view: View, parent: Int)] = [(window, -1)]
        while let (view, parent) = pending.popLast() {
            views.append(view)
            parents.append(parent)
            let index = views.count - 1
            for subview in view.subviews.reversed() { pending.append((subview, index)) }
        }
        let count = views.count
        subtreeEnd = (0..<count).map { $0 + 1 }
        for index in stride(from: count - 1, through: 1, by: -1) {
            subtreeEnd[parents[index]] = max(subtreeEnd[parents[index]], subtreeEnd[index])
        }

        // Parents come before children, so one forward sweep sees each parent settled.
        blockers = [Blocker?](repeating: nil, count: count)
        var overridden = [Bool](repeating: false, count: count)  // the view or an ancestor overrides hit-testing
        var region = [Rect?](repeating: nil, count: count)  // the part of the view touches can reach, in window coordinates
        var offset = [Point](repeating: .zero, count: count)  // window point = own point + offset
        var geometryKnown = [Bool](repeating: true, count: count)
        for index in 0..<count {
            let view = views[index]
            let parent = parents[index]
            overridden[index] = !view.isHitTestedInline || (parent >= 0 && overridden[parent])
            if parent >= 0, let inherited = blockers[parent] {
                blockers[index] = inherited
                continue
            }
            if !view.isHitTestable {
                if !overridden[index] { blockers[index] = Blocker(view: index, reason: view.skipReason) }
                geometryKnown[index] = false
                continue
            }
            // Bounds (R4, R5): each view's bounds, placed in window coordinates and cut by its
            // ancestors' reachable region.
            // A transformed view's region is not a rectangle of the window: not reasoned about.
            guard !view.hasTransform, view.frame.isFiniteRect, view.boundsOrigin.isFinite,
                parent < 0 || geometryKnown[parent]
            else {
                geometryKnown[index] = false
                continue
            }
            let base = parent < 0 ? Point.zero : offset[parent]
            let origin =
                parent < 0 ? view.boundsOrigin : Point(x: view.frame.origin.x + base.x, y: view.frame.origin.y + base.y)
            offset[index] = Point(x: origin.x - view.boundsOrigin.x, y: origin.y - view.boundsOrigin.y)
            let own = Rect(origin: origin, size: view.frame.size)
            region[index] = parent < 0 ? own.nonEmpty : region[parent].flatMap { own.intersection($0) }
            if region[index] == nil, !overridden[index] {
                blockers[index] = Blocker(view: index, reason: .outside)
            }
        }
        findCoveredViews(parents: parents, region: region, offset: offset, overridden: overridden)
    }

    /// R2, R7: default hit-testing asks the subviews frontmost first and, once a plain hittable
    /// subview contains the point, answers from inside it and never comes back. So a view whose
    /// whole reachable region lies inside a later sibling of it (or of one of its ancestors) that
    /// is plain and hittable gets no touch. Only views with no hit-test override above them.
    private mutating func findCoveredViews(parents: [Int], region: [Rect?], offset: [Point], overridden: [Bool]) {
        let count = views.count
        var children = [[Int]](repeating: [], count: count)
        for index in 1..<max(count, 1) { children[parents[index]].append(index) }
        var siblingIndex = [Int](repeating: 0, count: count)
        for list in children {
            for (position, child) in list.enumerated() { siblingIndex[child] = position }
        }
        coveredBy = [Int?](repeating: nil, count: count)
        for index in 1..<max(count, 1) where blockers[index] == nil && !overridden[index] {
            guard let reachable = region[index] else { continue }
            var current = index
            search: while current != 0 {
                let parent = parents[current]
                for sibling in children[parent][(siblingIndex[current] + 1)...] {
                    let view = views[sibling]
                    guard view.isHitTestable, view.isHitTestedInline, !view.hasTransform, view.frame.isFiniteRect else {
                        continue
                    }
                    let base = offset[parent]
                    let minX = view.frame.minX + base.x
                    let minY = view.frame.minY + base.y
                    if minX <= reachable.minX, minY <= reachable.minY, reachable.maxX <= minX + view.frame.width,
                        reachable.maxY <= minY + view.frame.height
                    {
                        coveredBy[index] = sibling
                        break search
                    }
                }
                current = parent
            }
        }
    }

    /// The recognizers in tree order, their views, whether each is live, and the static edges.
    private mutating func snapshotRecognizers() {
        for (index, view) in views.enumerated() {
            for recognizer in view.gestureRecognizers {
                recognizers.append(recognizer)
                recognizerView.append(index)
                enabled.append(recognizer.isEnabled)
                live.append(recognizer.isEnabled && blockers[index] == nil && coveredBy[index] == nil)
            }
        }
        var position: [ObjectIdentifier: Int] = [:]
        for (index, recognizer) in recognizers.enumerated() { position[ObjectIdentifier(recognizer)] = index }
        let count = recognizers.count
        staticRequirements = recognizers.map { Set($0.requiredToFail.map(ObjectIdentifier.init)) }
        successors = recognizers.enumerated().map { index, recognizer in
            guard live[index] else { return [] }
            return recognizer.requiredToFail.compactMap { required in
                guard let other = position[ObjectIdentifier(required)], other != index, live[other] else { return nil }
                return other
            }
        }
        for (index, list) in successors.enumerated() {
            for other in list { requirementPairs.insert(index * count + other) }
        }
    }

    /// R232, R235, R241: each scroll view that scrolls, with a live pan and
    /// `delaysContentTouches` off, and the controls of its content that get their touches at
    /// touch-down. A scroll view between one of them and the scroll view that withholds
    /// touches (scroll-enabled, `delaysContentTouches` on) keeps it out. R233: the built-ins
    /// that `isScrollEnabled` off switched off.
    private mutating func snapshotScrollViews() {
        for (index, view) in views.enumerated() {
            if let scrollView = view as? ScrollView, !scrollView.isScrollEnabled {
                let builtIns: [GestureRecognizer] = [scrollView.delayGestureRecognizer, scrollView.panGestureRecognizer]
                scrollingOff.formUnion(recognizers.indices.filter { recognizer in builtIns.contains { $0 === recognizers[recognizer] } })
            }
            guard let scrollView = view as? ScrollView, !scrollView.delaysContentTouches,
                scrollView.canScrollHorizontally || scrollView.canScrollVertically,
                let pan = recognizers.indices.first(where: { recognizers[$0] === scrollView.panGestureRecognizer }), live[pan]
            else { continue }
            let controls = ((index + 1)..<subtreeEnd[index]).filter { candidate in
                guard let control = views[candidate] as? Control, control.isEnabled, blockers[candidate] == nil,
                    coveredBy[candidate] == nil
                else { return false }
                var ancestor = parents[candidate]
                while ancestor != index {
                    if let between = views[ancestor] as? ScrollView, between.isScrollEnabled, between.delaysContentTouches { return false }
                    ancestor = parents[ancestor]
                }
                return true
            }
            immediateScrollViews.append(
                ImmediateScrollView(view: index, pan: pan, cancelsContentTouches: scrollView.canCancelContentTouches, controls: controls))
        }
    }

    // MARK: - Requirements (user code from here on)

    private func requires(_ recognizer: Int, _ other: Int) -> Bool {
        requirementPairs.contains(recognizer * recognizers.count + other)
    }

    /// Adds the dynamic requirements (R53), asked as the engine asks them.
    private mutating func collectRequirements() {
        let count = recognizers.count
        for index in 0..<count where live[index] {
            for other in 0..<count where other != index && live[other] && !requires(index, other) {
                let (recognizer, required) = (recognizers[index], recognizers[other])
                if recognizer.usesDefaultRequirementHooks, required.usesDefaultRequirementHooks, !recognizer.asksRelationQuestions,
                    !required.asksRelationQuestions
                {
                    continue
                }
                let dynamic =
                    recognizer.shouldRequireFailure(of: required)
                    || recognizer.exclusiveRelationRequiresFailure(of: required)
                    || recognizer.liveDelegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: required) == true
                    || required.shouldBeRequiredToFail(by: recognizer)
                    || required.liveDelegate?.gestureRecognizer(required, shouldBeRequiredToFailBy: recognizer) == true
                guard dynamic else { continue }
                successors[index].append(other)
                requirementPairs.insert(index * count + other)
            }
            successors[index].sort()
        }
    }

    // MARK: - Checks

    /// R59, R121: one finding per strongly connected group of live recognizers.
    private mutating func checkCycles() {
        let component = FailureRequirementGraph.stronglyConnectedComponents(successors)
        var members = [[Int]](repeating: [], count: component.count)
        for node in 0..<recognizers.count { members[component.of[node]].append(node) }
        for group in members where group.count > 1 {
            let first = group[0]
            let cycle = FailureRequirementGraph.shortestCycle(through: first, successors: successors) {
                component.of[$0] == component.of[first]
            }
            let path = (cycle + [first]).map { name(recognizers[$0]) }.joined(separator: " -> ")
            let names = Self.list(group.map { name(recognizers[$0]) })
            add(
                .failureRequirementCycle, group, views: [views[recognizerView[first]]], rules: ["R59", "R121"],
                message: "\(names) wait for each other to fail (\(path)): while they are possible none of them can "
                    + "fire, and one that begins is held until the fingers lift",
                fix: "remove one requirement of the cycle (a require(toFail:) or a delegate's yes) so that one of "
                    + "them decides first")
        }
    }

    /// R44, R45, R51, R55: simultaneity answers that do not do what they say.
    private mutating func checkSimultaneity() {
        let count = recognizers.count
        for first in 0..<count where live[first] {
            for second in (first + 1)..<max(count, first + 1) where live[second] && related(first, second) {
                let (a, b) = (recognizers[first], recognizers[second])
                let aSaysYes = a.liveDelegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
                let bSaysYes = b.liveDelegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
                // A declared simultaneous relation says yes for both (R45).
                let relationSaysYes = a.simultaneityRelation(with: b) != nil || b.simultaneityRelation(with: a) != nil
                guard aSaysYes || bSaysYes || relationSaysYes else { continue }
                if requires(first, second) || requires(second, first) {
                    let (waiter, waited) = requires(first, second) ? (first, second) : (second, first)
                    let (w, o) = (name(recognizers[waiter]), name(recognizers[waited]))
                    let sayer = aSaysYes ? "\(name(a))'s delegate" : bSaysYes ? "\(name(b))'s delegate" : "a simultaneous relation"
                    add(
                        .simultaneityDefeatedByRequirement, [waiter, waited], views: [views[recognizerView[waiter]]],
                        rules: ["R45", "R51", "R54", "R55"],
                        message: "\(sayer) lets \(name(a)) and \(name(b)) recognize together, but \(w) requires "
                            + "\(o) to fail: \(w) sends nothing while \(o) is possible and fails when \(o) begins, so they "
                            + "never recognize together",
                        fix: "drop the requirement if they should run together, or the yes if \(w) should wait for \(o)")
                    continue
                }
                if a.racesWith(b) {
                    // A declared race is a no that any yes overrules (R45).
                    let canExclude =
                        (a.canPrevent(b) && b.canBePrevented(by: a)) || (b.canPrevent(a) && a.canBePrevented(by: b))
                    guard canExclude else { continue }
                    let sayer = relationSaysYes ? "a simultaneous relation" : aSaysYes ? "\(name(a))'s delegate" : "\(name(b))'s delegate"
                    add(
                        .overruledSimultaneityRefusal, [first, second], views: [views[recognizerView[first]]], rules: ["R44", "R45"],
                        message: "\(name(a)) and \(name(b)) race, but \(sayer) lets them recognize together: one yes is "
                            + "enough, so the race has no effect",
                        fix: "drop the race, or the yes that lets \(name(a)) and \(name(b)) recognize together")
                    continue
                }
                guard !relationSaysYes else { continue }
                guard aSaysYes != bSaysYes else { continue }
                let (yes, no) = aSaysYes ? (first, second) : (second, first)
                let (yesRecognizer, noRecognizer) = (recognizers[yes], recognizers[no])
                guard noRecognizer.liveDelegate != nil else { continue }
                let canExclude =
                    (a.canPrevent(b) && b.canBePrevented(by: a)) || (b.canPrevent(a) && a.canBePrevented(by: b))
                guard canExclude else { continue }
                let (y, n) = (name(yesRecognizer), name(noRecognizer))
                add(
                    .overruledSimultaneityRefusal, [yes, no], views: [views[recognizerView[yes]]], rules: ["R44", "R45"],
                    message: "\(y)'s delegate lets \(y) recognize with \(n), and \(n)'s delegate says no: one yes is "
                        + "enough, so they recognize together and \(n)'s no has no effect",
                    fix: "give one answer on both sides: drop \(y)'s yes to keep them exclusive, or answer yes in \(n)'s "
                        + "delegate too")
            }
        }
    }

    /// R103, R143, R158, R168, R54, R56: a tap or long press waiting on a recognizer that a
    /// resting finger never settles.
    private mutating func checkWaitsForResting() {
        for waiter in 0..<recognizers.count {
            let recognizer = recognizers[waiter]
            let isPress = recognizer is LongPressGestureRecognizer
            guard isPress || recognizer is TapGestureRecognizer else { continue }
            for waited in successors[waiter] where related(waiter, waited) {
                guard let (kind, rule) = Self.restingKind(recognizers[waited]) else { continue }
                let (w, o) = (name(recognizer), name(recognizers[waited]))
                let effect =
                    isPress
                    ? "\(w), which begins while the finger rests, is held until the lift and then begins and ends at once"
                    : "\(w) fires no earlier than the lift of every finger \(o) tracks"
                add(
                    .waitsForRestingRecognizer, [waiter, waited], views: [views[recognizerView[waiter]]],
                    rules: isPress ? [rule, "R143", "R54", "R56"] : [rule, "R54", "R56"],
                    message: "\(w) (\(isPress ? "long press" : "tap")) requires \(o) (\(kind)) to fail, and \(o) neither "
                        + "begins nor fails while the fingers rest: \(effect)",
                    fix: "drop the requirement: \(o) beginning already fails \(w) by exclusion (R43)")
            }
        }
    }

    /// The kind of a recognizer that neither begins nor fails while its fingers rest, and the
    /// rule that says so; nil for any other.
    private static func restingKind(_ recognizer: GestureRecognizer) -> (String, String)? {
        if recognizer is ScreenEdgePanGestureRecognizer { return ("edge pan", "R103") }
        if recognizer is PanGestureRecognizer { return ("pan", "R103") }
        if recognizer is SwipeGestureRecognizer { return ("swipe", "R158") }
        if recognizer is PinchGestureRecognizer { return ("pinch", "R168") }
        if recognizer is RotationGestureRecognizer { return ("rotation", "R168") }
        return nil
    }

    /// R28, R48: a later exact copy on the same view always loses the tie.
    private mutating func checkDuplicates() {
        let count = recognizers.count
        for later in 0..<count where live[later] {
            for earlier in 0..<later where live[earlier] && recognizerView[earlier] == recognizerView[later] {
                let (copy, original) = (recognizers[later], recognizers[earlier])
                guard Self.isExactCopy(copy, of: original), !requires(later, earlier), !requires(earlier, later),
                    staticRequirements[later] == staticRequirements[earlier],
                    original.canPrevent(copy), copy.canBePrevented(by: original),
                    copy.liveDelegate?.gestureRecognizer(copy, shouldRecognizeSimultaneouslyWith: original) != true,
                    original.liveDelegate?.gestureRecognizer(original, shouldRecognizeSimultaneouslyWith: copy) != true,
                    copy.simultaneityRelation(with: original) == nil, original.simultaneityRelation(with: copy) == nil
                else { continue }
                let view = views[recognizerView[later]]
                add(
                    .shadowedDuplicate, [later, earlier], views: [view], rules: ["R28", "R48"],
                    message: "\(name(copy)) is an exact copy of \(name(original)) on \(name(view)): both reach the same "
                        + "state in the same pass and the earlier one wins the tie, so \(name(copy)) never recognizes",
                    fix: "remove \(name(copy)), or make it differ from \(name(original)) (settings, or a delegate that "
                        + "allows simultaneous recognition)")
                break
            }
        }
    }

    /// Same library class, same settings.
    private static func isExactCopy(_ copy: GestureRecognizer, of original: GestureRecognizer) -> Bool {
        guard ObjectIdentifier(type(of: copy)) == ObjectIdentifier(type(of: original)), copy.usesDefaultRequirementHooks,
            ObjectIdentifier(type(of: copy)) != ObjectIdentifier(GestureRecognizer.self),
            copy.cancelsTouchesInView == original.cancelsTouchesInView,
            copy.delaysTouchesBegan == original.delaysTouchesBegan,
            copy.delaysTouchesEnded == original.delaysTouchesEnded,
            copy.requiresExclusiveTouchType == original.requiresExclusiveTouchType,
            copy.allowedTouchTypes == original.allowedTouchTypes
        else { return false }
        switch (copy, original) {
        case let (a as TapGestureRecognizer, b as TapGestureRecognizer):
            return a.numberOfTapsRequired == b.numberOfTapsRequired && a.numberOfTouchesRequired == b.numberOfTouchesRequired
                && a.maximumIntervalBetweenSuccessiveTaps == b.maximumIntervalBetweenSuccessiveTaps
                && a.maximumTapDuration == b.maximumTapDuration && a.allowableMovement == b.allowableMovement
        case let (a as ScreenEdgePanGestureRecognizer, b as ScreenEdgePanGestureRecognizer):
            return a.edges == b.edges && a.edgeRegion == b.edgeRegion && a.edgeHysteresis == b.edgeHysteresis
                && a.minimumNumberOfTouches == b.minimumNumberOfTouches && a.maximumNumberOfTouches == b.maximumNumberOfTouches
                && a.hysteresis == b.hysteresis
        case let (a as PanGestureRecognizer, b as PanGestureRecognizer):
            return a.minimumNumberOfTouches == b.minimumNumberOfTouches && a.maximumNumberOfTouches == b.maximumNumberOfTouches
                && a.hysteresis == b.hysteresis
        case let (a as SwipeGestureRecognizer, b as SwipeGestureRecognizer):
            return a.direction == b.direction && a.numberOfTouchesRequired == b.numberOfTouchesRequired
        case let (a as LongPressGestureRecognizer, b as LongPressGestureRecognizer):
            return a.minimumPressDuration == b.minimumPressDuration && a.allowableMovement == b.allowableMovement
                && a.numberOfTapsRequired == b.numberOfTapsRequired && a.numberOfTouchesRequired == b.numberOfTouchesRequired
        case let (a as DelayedTouchesBeganGestureRecognizer, b as DelayedTouchesBeganGestureRecognizer):
            return a.delay == b.delay && a.allowableMovement == b.allowableMovement
        case (is PinchGestureRecognizer, is PinchGestureRecognizer), (is RotationGestureRecognizer, is RotationGestureRecognizer):
            return true
        default:
            return false
        }
    }

    /// R24, R40 (disabled); R2-R6, R30 (unreachable).
    private mutating func checkDisabledAndUnreachable() {
        for index in 0..<recognizers.count {
            let recognizer = recognizers[index]
            let view = views[recognizerView[index]]
            if !enabled[index], !scrollingOff.contains(index) {
                add(
                    .disabled, [index], views: [view], rules: ["R24", "R40"],
                    message: "\(name(recognizer)) on \(name(view)) is disabled (isEnabled is false), so it takes no touch",
                    fix: "set isEnabled = true when it should work, or remove it")
            }
            if let cover = coveredBy[recognizerView[index]] {
                let front = views[cover]
                add(
                    .coveredView, [index], views: [view, front], rules: ["R2", "R7", "R30"],
                    message: "no touch can reach \(name(recognizer)) on \(name(view)): \(name(front)), in front of it, covers all "
                        + "of it that touches could reach and takes every touch there",
                    fix: "turn user interaction off on \(name(front)) if it only draws, move or shrink it, or bring "
                        + "\(name(view)) to the front")
            }
            guard let blocker = blockers[recognizerView[index]] else { continue }
            let blocking = views[blocker.view]
            let subject = blocker.view == recognizerView[index] ? name(view) : "its ancestor \(name(blocking))"
            let (why, fix, rules): (String, String, [String])
            switch blocker.reason {
            case .hidden:
                (why, fix, rules) = ("\(subject) is hidden", "show \(name(blocking)) (isHidden = false)", ["R2", "R3", "R30"])
            case .userInteractionDisabled:
                (why, fix, rules) = (
                    "\(subject) has user interaction off", "set isUserInteractionEnabled = true on \(name(blocking))",
                    ["R2", "R3", "R30"]
                )
            case .transparent:
                (why, fix, rules) = (
                    "\(subject) has alpha \(blocking.alpha), below \(GestureDefaults.hitTestMinimumAlpha)",
                    "raise the alpha of \(name(blocking)) to at least \(GestureDefaults.hitTestMinimumAlpha) (use a clear "
                        + "background instead of a transparent view)",
                    ["R2", "R3", "R6", "R30"]
                )
            case .outside:
                let empty = !(blocking.frame.width > 0 && blocking.frame.height > 0)
                (why, fix, rules) = (
                    empty
                        ? "\(subject) has an empty size" : "\(subject) lies wholly outside the bounds of its superview chain",
                    empty
                        ? "give \(name(blocking)) a size"
                        : "move \(name(blocking)) inside its superview's bounds, or enlarge the superview (or override its "
                            + "point(inside:with:))",
                    ["R4", "R5", "R30"]
                )
            }
            add(
                .unreachableView, [index], views: [view, blocking], reason: blocker.reason, rules: rules,
                message: "no touch can reach \(name(recognizer)) on \(name(view)): \(why)",
                fix: fix + ", or move \(name(recognizer)) to a view that touches reach")
        }
    }

    /// R62, R88 (delays below); R51, R54, R88 (waits for a multi-tap above).
    private mutating func checkMultiTapLatency() {
        for tapIndex in 0..<recognizers.count where live[tapIndex] {
            guard let tap = recognizers[tapIndex] as? TapGestureRecognizer, tap.numberOfTapsRequired >= 2 else { continue }
            let tapView = recognizerView[tapIndex]
            let interval = Self.seconds(tap.maximumIntervalBetweenSuccessiveTaps)
            let describe = "\(name(tap)) (a \(tap.numberOfTapsRequired)-tap tap on \(name(views[tapView])))"
            if tap.delaysTouchesEnded {
                let below = ((tapView + 1)..<subtreeEnd[tapView]).filter { blockers[$0] == nil && coveredBy[$0] == nil }
                if !below.isEmpty {
                    let names = below.map { name(views[$0]) }
                    let shown = names.count > 3 ? names[..<3].joined(separator: ", ") + " and \(names.count - 3) more" : Self.list(names)
                    add(
                        .multiTapDelaysTouchesBelow, [tapIndex], views: [views[tapView]] + below.map { views[$0] },
                        rules: ["R62", "R88"],
                        message: "\(describe) takes every touch that lands below it and withholds its end while it waits "
                            + "for the next tap, up to \(interval) after each lift: touchesEnded reaches \(shown) late",
                        fix: "set delaysTouchesEnded = false on \(name(tap)), or move it to the view that needs it")
                }
            }
            for waiter in 0..<recognizers.count where requires(waiter, tapIndex) {
                let waiterView = recognizerView[waiter]
                guard waiterView > tapView, waiterView < subtreeEnd[tapView] else { continue }
                add(
                    .waitsForMultiTapAbove, [waiter, tapIndex], views: [views[waiterView], views[tapView]],
                    rules: ["R51", "R54", "R88"],
                    message: "\(name(recognizers[waiter])) on \(name(views[waiterView])) requires \(describe) to fail: "
                        + "every gesture on \(name(views[waiterView])) waits until the multi-tap gives up, \(interval) "
                        + "after each lift",
                    fix: "drop the requirement, or put \(name(tap)) on \(name(views[waiterView])) next to what waits for it")
            }
        }
    }

    /// R215, R217: a live single tap of one finger that cancels touches in views, on a view
    /// above an enabled control that touches reach and that does not refuse it (a plain
    /// `Control`, or a subclass that keeps the default answer): the tap recognizes at every lift
    /// and the control sends `touchCancel`, never `touchUpInside`. A ``Button`` refuses such a
    /// tap and is not flagged; a tap attached to the control itself is the documented way to
    /// take its taps (R214) and is not flagged either.
    private mutating func checkTapsOverControls() {
        for tapIndex in 0..<recognizers.count where live[tapIndex] {
            guard let tap = recognizers[tapIndex] as? TapGestureRecognizer, tap.numberOfTapsRequired == 1,
                tap.numberOfTouchesRequired == 1, tap.cancelsTouchesInView
            else { continue }
            let tapView = recognizerView[tapIndex]
            for below in (tapView + 1)..<subtreeEnd[tapView] where blockers[below] == nil && coveredBy[below] == nil {
                guard let control = views[below] as? Control, control.isEnabled, control.gestureRecognizerShouldBegin(tap) else { continue }
                add(
                    .tapTakesControlTaps, [tapIndex], views: [views[tapView], control], rules: ["R215", "R217"],
                    message: "\(name(tap)) (a single tap on \(name(views[tapView]))) takes every tap on the control "
                        + "\(name(control)), which does not refuse it: the tap recognizes at the lift and \(name(control)) "
                        + "sends touchCancel, never touchUpInside",
                    fix: "make \(name(control)) a Button, or override its gestureRecognizerShouldBegin(_:) to refuse single "
                        + "taps of other views, or set cancelsTouchesInView = false on \(name(tap))")
            }
        }
    }

    /// R241, R242, R256: a scroll view whose content gets every touch at touch-down
    /// (`delaysContentTouches` off) never scrolls from a drag whose touch it may not take:
    /// with `canCancelContentTouches` off, no drag at all (one finding for the scroll view);
    /// otherwise none that starts on a control for which `touchesShouldCancel(in:)` answers
    /// false (one finding per control; the default answer for every control).
    private mutating func checkScrollsBlockedByContent() {
        for entry in immediateScrollViews {
            guard let scrollView = views[entry.view] as? ScrollView else { continue }
            let pan = recognizers[entry.pan]
            guard entry.cancelsContentTouches else {
                add(
                    .scrollBlockedByContent, [entry.pan], views: [scrollView], rules: ["R241", "R242", "R256"],
                    message: "no drag scrolls \(name(scrollView)): delaysContentTouches is off, so its content (or "
                        + "\(name(scrollView)) itself) gets every touch at touch-down, and canCancelContentTouches is off, so "
                        + "\(name(pan)) fails whenever it would take a touch the content already has",
                    fix: "set canCancelContentTouches = true on \(name(scrollView)) (a control still keeps its drags unless "
                        + "touchesShouldCancel(in:) says yes), or keep delaysContentTouches on so that a quick drag scrolls "
                        + "before the content gets the touch")
                continue
            }
            for controlIndex in entry.controls where !scrollView.touchesShouldCancel(in: views[controlIndex]) {
                let control = views[controlIndex]
                add(
                    .scrollBlockedByControl, [entry.pan], views: [scrollView, control], rules: ["R241", "R242"],
                    message: "a drag that starts on the control \(name(control)) never scrolls \(name(scrollView)): "
                        + "delaysContentTouches is off, so \(name(control)) gets the touch at touch-down, and "
                        + "touchesShouldCancel(in: \(name(control))) answers false, so \(name(pan)) fails and "
                        + "\(name(control)) keeps tracking",
                    fix: "override touchesShouldCancel(in:) in \(name(scrollView))'s class to return true for "
                        + "\(name(control)) (UIKit's advice for controls in scroll views), or keep delaysContentTouches on "
                        + "so that a quick drag scrolls before \(name(control)) gets the touch")
            }
        }
    }

    // MARK: - Helpers

    /// The two recognizers' views are the same or one contains the other.
    private func related(_ first: Int, _ second: Int) -> Bool {
        let (a, b) = (recognizerView[first], recognizerView[second])
        return (a <= b && b < subtreeEnd[a]) || (b <= a && a < subtreeEnd[b])
    }

    /// R49, R123: a static requirement on a recognizer attached to a view outside this window
    /// (another window, or another environment's) never has an effect.
    private mutating func checkRequirementsAcrossWindows() {
        let here = Set(recognizers.map(ObjectIdentifier.init))
        for (index, recognizer) in recognizers.enumerated() {
            for required in recognizer.requiredToFail where !here.contains(ObjectIdentifier(required)) {
                guard let otherView = required.view else { continue }  // not attached yet: may join this window
                let finding = Finding(
                    kind: .requirementAcrossWindows, recognizers: [recognizer, required],
                    views: [views[recognizerView[index]], otherView], unreachableReason: nil, rules: ["R49", "R123"],
                    message: "\(name(recognizer)) requires \(name(required)) to fail, but \(name(required)) is on "
                        + "\(name(otherView)), outside this window: failure requirements never cross windows or "
                        + "environments, so the requirement has no effect",
                    fix: "attach both recognizers to views of one window, or remove the requirement")
                findings.append(([index], finding))
            }
        }
    }

    private mutating func add(
        _ kind: Kind, _ involved: [Int], views involvedViews: [View], reason: HitTestSkipReason? = nil, rules: [String],
        message: String, fix: String
    ) {
        let finding = Finding(
            kind: kind, recognizers: involved.map { recognizers[$0] }, views: involvedViews, unreachableReason: reason,
            rules: rules, message: message, fix: fix)
        findings.append((involved, finding))
    }

    private func name(_ recognizer: GestureRecognizer) -> String { recognizer.name ?? recognizer.description }

    private func name(_ view: View) -> String { view.name ?? view.description }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// A duration as seconds with three decimals: `0.350 s` (clamped to a day either way, so
    /// that no setting can overflow the arithmetic).
    private static func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        let clamped = min(max(whole, -86_400), 86_400)
        let total = clamped * 1000 + attoseconds / 1_000_000_000_000_000
        let magnitude = total.magnitude
        let fraction = String(magnitude % 1000)
        let zeros = String(repeating: "0", count: max(0, 3 - fraction.count))
        return "\(total < 0 ? "-" : "")\(magnitude / 1000).\(zeros)\(fraction) s"
    }
}

extension Rect {
    /// Every coordinate and size is finite.
    fileprivate var isFiniteRect: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }

    /// Self, or nil when it has no area (half-open ranges, R4).
    fileprivate var nonEmpty: Rect? { width > 0 && height > 0 ? self : nil }

    /// The common part of two rectangles, or nil when it has no area.
    fileprivate func intersection(_ other: Rect) -> Rect? {
        let (left, top) = (max(minX, other.minX), max(minY, other.minY))
        let (right, bottom) = (min(maxX, other.maxX), min(maxY, other.maxY))
        return Rect(x: left, y: top, width: right - left, height: bottom - top).nonEmpty
    }
}
