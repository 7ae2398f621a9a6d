import GestureArbiter

/// Proposes simpler scenarios: fewer touches, events, views, recognizers, requirements, delegate
/// answers, flags and custom settings, controls and buttons (their settings back to the
/// defaults, or plain views), long presses with default settings, pointer input (whole hover
/// sessions, scroll sequences and trackpad transforms, single hover moves, scroll changes and
/// transform changes, clicks back to primary with no key or made fingers, pointer settings back
/// to UIKit's defaults), view transforms (back to the identity, or simpler: without their
/// translation, without their turn and scale, or turned by the nearest quarter turn instead),
/// and rounder numbers.
/// Every candidate keeps the input valid (times in order, touches that begin before they move or
/// end, the format's pointer sequences: R261, R268, R272, R291) and has a smaller ``size(of:)``.
///
/// A gesture of a type of your own (``Scenario/GestureKind/custom(_:)``) keeps its registered
/// type in every candidate (only whole gestures are removed, and settings one at a time, back
/// to the factory's defaults), so a shrunk case still names it and replays with your registry.
public enum ScenarioShrinker {
    /// How complex a scenario is: the measure every shrink strictly decreases.
    public static func size(of scenario: Scenario) -> Int {
        var size = 0
        for entry in scenario.input {
            size += 1
            if case let .touches(touches) = entry.action {
                size += 2 * touches.count
                size += touches.filter { !isRound($0.x) || !isRound($0.y) }.count
                // A click counts its type, buttons and keys (R260-R262).
                size += touches.filter { $0.type != .direct }.count + touches.filter { !$0.buttons.isEmpty }.count
                    + touches.filter { !$0.modifiers.isEmpty }.count
            }
        }
        for view in scenario.views {
            size += 3 + flagCount(view) + transformWeight(view.transform)
        }
        for gesture in scenario.gestures {
            size += 3 + gesture.requireToFail.count + flagCount(gesture)
            if case let .custom(custom) = gesture.kind { size += custom.settings.count }
            if case .longPress = gesture.kind, gesture.kind != .defaultLongPress { size += 1 }
            if gesture.tuning.buttonMaskRequired != ["primary"] { size += 1 }
            if !gesture.tuning.allowedScrollTypes.isEmpty { size += 1 }
        }
        if let first = scenario.input.first, first.t != 0 { size += 1 }
        let delegate = scenario.delegate
        size += delegate.shouldReceive.count + delegate.shouldBegin.count + delegate.simultaneous.count
            + delegate.requireFailure.count + delegate.requiredToFailBy.count
        size += GestureRelation.Kind.allCases.map { scenario.relations[$0].count }.reduce(0, +)
        return size
    }

    /// The candidates, roughly biggest step first.
    @Sendable public static func candidates(_ scenario: Scenario) -> [Scenario] {
        var result: [Scenario] = []
        // Whole touches.
        var touchIDs: [Int] = []
        for entry in scenario.input {
            if case let .touches(touches) = entry.action {
                for touch in touches where !touchIDs.contains(touch.id) { touchIDs.append(touch.id) }
            }
        }
        for id in touchIDs { result.append(removingTouch(id, from: scenario)) }
        // Single moves (a touch keeps its began and its end).
        for (index, entry) in scenario.input.enumerated() {
            guard case let .touches(touches) = entry.action else { continue }
            for (position, touch) in touches.enumerated() where touch.phase == .moved || touch.phase == .stationary {
                var copy = scenario
                var remaining = touches
                remaining.remove(at: position)
                if remaining.isEmpty {
                    copy.input.remove(at: index)
                } else {
                    copy.input[index].action = .touches(remaining)
                }
                result.append(copy)
            }
        }
        // The timeline starting at 0.
        if let first = scenario.input.first?.t, first > 0 {
            var copy = scenario
            for index in copy.input.indices { copy.input[index].t = ((copy.input[index].t - first) * 1000).rounded() / 1000 }
            result.append(copy)
        }
        // Pointer input: whole hover sessions, scroll sequences and trackpad transforms, then
        // single hover moves, scroll changes and transform changes, so that every sequence stays
        // whole (R268, R272, R291).
        result += pointerCandidates(scenario)
        // API and idle entries (the last entry lets timers run out; it stays).
        for index in scenario.input.indices.dropLast() {
            switch scenario.input[index].action {
            case .touches, .hover, .scroll, .transform: continue
            default: break
            }
            var copy = scenario
            copy.input.remove(at: index)
            result.append(copy)
        }
        // Recognizers.
        for gesture in scenario.gestures { result.append(removingGesture(gesture.id, from: scenario)) }
        // Leaf views.
        for view in scenario.views where !scenario.views.contains(where: { $0.parent == view.id }) {
            result.append(removingView(view.id, from: scenario))
        }
        // Requirements and delegate answers.
        for (index, gesture) in scenario.gestures.enumerated() where !gesture.requireToFail.isEmpty {
            var copy = scenario
            copy.gestures[index].requireToFail.removeLast()
            result.append(copy)
        }
        for kind in GestureRelation.Kind.allCases where !scenario.relations[kind].isEmpty {
            var copy = scenario
            copy.relations[kind].removeLast()
            result.append(copy)
        }
        for path in [\Scenario.DelegateSpec.simultaneous, \.requireFailure, \.requiredToFailBy] where !scenario.delegate[keyPath: path].isEmpty {
            var copy = scenario
            copy.delegate[keyPath: path].removeLast()
            result.append(copy)
        }
        for path in [\Scenario.DelegateSpec.shouldReceive, \.shouldBegin] {
            for key in scenario.delegate[keyPath: path].keys.sorted() {
                var copy = scenario
                copy.delegate[keyPath: path][key] = nil
                result.append(copy)
            }
        }
        // Flags back to their defaults.
        for index in scenario.views.indices where flagCount(scenario.views[index]) > 0 {
            let view = scenario.views[index]
            var copy = view.type == .view ? scenario : forgettingKind(of: view.id, in: scenario)
            copy.views[index] = Scenario.ViewSpec(id: view.id, parent: view.parent, frame: view.frame)
            copy.views[index].controller = view.controller
            copy.views[index].transform = view.transform
            result.append(copy)
        }
        // Transforms back to the identity, or simpler (R285).
        for (index, view) in scenario.views.enumerated() {
            for simpler in simplerTransforms(than: view.transform) {
                var copy = scenario
                copy.views[index].transform = simpler
                result.append(copy)
            }
        }
        // A control or button: its settings back to the format's defaults, or a plain view
        // keeping its other flags (R200-R217).
        // A scroll view: its settings back to the format's defaults (R231), or a plain view whose
        // built-in recognizers no requirement names any more.
        for (index, view) in scenario.views.enumerated() where view.type != .view {
            if view.control != Scenario.ControlSpec() {
                var copy = scenario
                copy.views[index].control = Scenario.ControlSpec()
                result.append(copy)
            }
            if view.scroll != Scenario.ScrollViewSpec() {
                var copy = scenario
                copy.views[index].scroll = Scenario.ScrollViewSpec()
                result.append(copy)
            }
            var plain = view
            plain.type = .view
            plain.control = Scenario.ControlSpec()
            plain.scroll = Scenario.ScrollViewSpec()
            if flagCount(plain) > 0 || view.type == .scrollView || namesControl(view.id, scenario) {
                var copy = forgettingKind(of: view.id, in: scenario)
                copy.views[index] = plain
                result.append(copy)
            }
        }
        for index in scenario.gestures.indices where flagCount(scenario.gestures[index]) > 0 {
            var copy = scenario
            let gesture = scenario.gestures[index]
            var plain = Scenario.GestureSpec(id: gesture.id, kind: gesture.kind, view: gesture.view)
            plain.requireToFail = gesture.requireToFail
            copy.gestures[index] = plain
            result.append(copy)
        }
        // A custom gesture's settings back to the factory's defaults, one at a time.
        for (index, gesture) in scenario.gestures.enumerated() {
            guard case let .custom(custom) = gesture.kind else { continue }
            for name in custom.settings.keys.sorted() {
                var copy = scenario
                var fewer = custom
                fewer.settings[name] = nil
                copy.gestures[index].kind = .custom(fewer)
                result.append(copy)
            }
        }
        // A long press back to UIKit's defaults (R140).
        for (index, gesture) in scenario.gestures.enumerated() {
            guard case .longPress = gesture.kind, gesture.kind != .defaultLongPress else { continue }
            var copy = scenario
            copy.gestures[index].kind = .defaultLongPress
            result.append(copy)
        }
        // Rounder coordinates.
        var rounded = scenario
        var changed = false
        for index in rounded.input.indices {
            guard case let .touches(touches) = rounded.input[index].action else { continue }
            let simpler = touches.map { touch in
                var simpler = touch
                simpler.x = roundTo10(touch.x)
                simpler.y = roundTo10(touch.y)
                return simpler
            }
            if simpler != touches {
                rounded.input[index].action = .touches(simpler)
                changed = true
            }
        }
        if changed { result.append(rounded) }
        return result
    }

    /// Simpler pointer input (R260-R284, R291): a hover session from entered to exited (or to its
    /// last entry), a scroll sequence or a trackpad transform from began to ended or cancelled
    /// removed whole; a hover move, a scroll change or a transform change removed; a click back to the primary button with no key, or made
    /// a finger; a tap's `buttonMaskRequired` and a pan's `allowedScrollTypes` back to UIKit's.
    /// None of them can put hover inside a click or break a sequence.
    static func pointerCandidates(_ scenario: Scenario) -> [Scenario] {
        var result: [Scenario] = []
        func without(_ indices: [Int]) -> Scenario {
            var copy = scenario
            for index in indices.reversed() { copy.input.remove(at: index) }
            return copy
        }
        var hoverStart: Int?
        var hoverSession: [Int] = []
        var scrollSequence: [Int] = []
        var transformSequence: [Int] = []
        for (index, entry) in scenario.input.enumerated() {
            switch entry.action {
            case let .hover(hover):
                if hover.phase == .entered {
                    hoverStart = index
                    hoverSession = [index]
                } else if hoverStart != nil {
                    hoverSession.append(index)
                }
                if hover.phase == .moved { result.append(without([index])) }
                if hover.phase == .exited, hoverStart != nil {
                    result.append(without(hoverSession))
                    hoverStart = nil
                }
            case let .scroll(scroll):
                if scroll.phase == .began { scrollSequence = [] }
                scrollSequence.append(index)
                if scroll.phase == .changed { result.append(without([index])) }
                if scroll.phase == .ended || scroll.phase == .cancelled { result.append(without(scrollSequence)) }
            case let .transform(transform):
                if transform.phase == .began { transformSequence = [] }
                transformSequence.append(index)
                if transform.phase == .changed { result.append(without([index])) }
                if transform.phase == .ended || transform.phase == .cancelled { result.append(without(transformSequence)) }
            default:
                break
            }
        }
        // A session the pointer never left: its entries to the end.
        if hoverStart != nil { result.append(without(hoverSession)) }
        for (index, entry) in scenario.input.enumerated() {
            guard case let .touches(touches) = entry.action else { continue }
            for (position, touch) in touches.enumerated() where touch.type != .direct {
                if !touch.buttons.isEmpty || !touch.modifiers.isEmpty {
                    var copy = scenario
                    var plain = touches
                    plain[position].buttons = []
                    plain[position].modifiers = []
                    copy.input[index].action = .touches(plain)
                    result.append(copy)
                }
                var copy = scenario
                var finger = touches
                finger[position].type = .direct
                finger[position].buttons = []
                finger[position].modifiers = []
                copy.input[index].action = .touches(finger)
                result.append(copy)
            }
        }
        for (index, gesture) in scenario.gestures.enumerated() {
            if gesture.tuning.buttonMaskRequired != ["primary"] {
                var copy = scenario
                copy.gestures[index].tuning.buttonMaskRequired = ["primary"]
                result.append(copy)
            }
            if !gesture.tuning.allowedScrollTypes.isEmpty {
                var copy = scenario
                copy.gestures[index].tuning.allowedScrollTypes = []
                result.append(copy)
            }
        }
        return result
    }

    static func removingTouch(_ id: Int, from scenario: Scenario) -> Scenario {
        var copy = scenario
        copy.input = scenario.input.compactMap { entry in
            guard case let .touches(touches) = entry.action else { return entry }
            let remaining = touches.filter { $0.id != id }
            return remaining.isEmpty ? nil : Scenario.InputEntry(t: entry.t, action: .touches(remaining))
        }
        return copy
    }

    static func removingGesture(_ id: String, from scenario: Scenario) -> Scenario {
        var copy = scenario
        copy.gestures.removeAll { $0.id == id }
        for index in copy.gestures.indices { copy.gestures[index].requireToFail.removeAll { $0 == id } }
        for index in copy.views.indices { copy.views[index].gestureRecognizerShouldBegin[id] = nil }
        copy.delegate.shouldReceive[id] = nil
        copy.delegate.shouldBegin[id] = nil
        copy.delegate.simultaneous.removeAll { $0.contains(id) }
        copy.delegate.requireFailure.removeAll { $0.contains(id) }
        copy.delegate.requiredToFailBy.removeAll { $0.contains(id) }
        for kind in GestureRelation.Kind.allCases {
            copy.relations[kind] = copy.relations[kind].map { $0.filter { $0 != id } }.filter { $0.count >= 2 }
        }
        copy.input.removeAll { entry in
            switch entry.action {
            case let .disable(other), let .enable(other), let .removeGesture(other), let .ignore(other, _): return other == id
            case .touches, .idle, .removeView, .disableControl, .enableControl, .hover, .scroll, .transform: return false
            }
        }
        return copy
    }

    static func removingView(_ id: String, from scenario: Scenario) -> Scenario {
        var copy = scenario
        for gesture in scenario.gestures where gesture.view == id { copy = removingGesture(gesture.id, from: copy) }
        copy.views.removeAll { $0.id == id }
        copy.controllersHandlingTouches.removeAll { name in !copy.views.contains { $0.controller == name } }
        copy = forgettingKind(of: id, in: copy)
        copy.input.removeAll { if case let .removeView(other) = $0.action { return other == id }; return false }
        return copy
    }

    /// Whether an input entry enables or disables view `id` as a control.
    static func namesControl(_ id: String, _ scenario: Scenario) -> Bool {
        scenario.input.contains { entry in
            switch entry.action {
            case let .disableControl(other), let .enableControl(other): return other == id
            default: return false
            }
        }
    }

    /// `scenario` without what names view `id` as a control or a scroll view: the entries that
    /// enable or disable it as a control, and the requirements on its built-in recognizers
    /// (R230), for when the view goes or becomes a plain view.
    static func forgettingKind(of id: String, in scenario: Scenario) -> Scenario {
        var copy = scenario
        copy.input.removeAll { entry in
            switch entry.action {
            case let .disableControl(other), let .enableControl(other): return other == id
            default: return false
            }
        }
        let builtIns = Set(Scenario.ScrollViewSpec.builtInGestureIDs(of: id))
        for index in copy.gestures.indices { copy.gestures[index].requireToFail.removeAll { builtIns.contains($0) } }
        return copy
    }

    /// The view's settings away from their defaults: its flags, and for a control or button its
    /// type and each of `enabled`, `beginTracking` and `actions`.
    static func flagCount(_ view: Scenario.ViewSpec) -> Int {
        [view.hidden, !view.userInteractionEnabled, view.alpha != 1, view.clipsToBounds, !view.handlesTouches,
         view.multipleTouchEnabled, view.exclusiveTouch, view.boundsOrigin != .zero, !view.gestureRecognizerShouldBegin.isEmpty,
         view.type != .view, !view.control.enabled, !view.control.beginTracking,
         view.control.actions != Scenario.ControlSpec.eventNames, view.scroll != Scenario.ScrollViewSpec()]
            .filter { $0 }.count
    }

    /// How complex a view's transform is: 0 for the identity; else 1, plus 1 for a translation,
    /// plus 1 for a quarter turn or 2 for any other linear part (a scale, an odd turn).
    static func transformWeight(_ transform: AffineTransform) -> Int {
        guard !transform.isIdentity else { return 0 }
        return 1 + (transform.tx != 0 || transform.ty != 0 ? 1 : 0) + linearWeight(transform)
    }

    /// 0 for no turn or scale, 1 for a quarter, half or three-quarter turn, 2 otherwise.
    static func linearWeight(_ transform: AffineTransform) -> Int {
        let linear = AffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0)
        if linear.isIdentity { return 0 }
        return quarterTurns.contains(linear) ? 1 : 2
    }

    /// The three turns by a multiple of 90 degrees other than none, exact: [0, 1, -1, 0],
    /// [-1, 0, 0, -1] and [0, -1, 1, 0] (R285: positive angles turn clockwise on screen).
    static let quarterTurns = [
        AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0), AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0),
        AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0),
    ]

    /// Simpler transforms than `transform`, each of a smaller ``transformWeight(_:)`` and all
    /// invertible (R289): the identity; with a translation and a turn or scale, either part
    /// alone; and for a scale or an odd turn, the nearest quarter turn (keeping the translation)
    /// when that is not no turn at all (that case is already among the others).
    static func simplerTransforms(than transform: AffineTransform) -> [AffineTransform] {
        guard !transform.isIdentity else { return [] }
        var result = [AffineTransform.identity]
        let moves = transform.tx != 0 || transform.ty != 0
        let linear = linearWeight(transform)
        if moves, linear > 0 {
            result.append(AffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0))
            result.append(AffineTransform(translationX: transform.tx, y: transform.ty))
        }
        if linear == 2 {
            // The quarter (0 to 3) nearest the direction (a, b) into which (1, 0) turns.
            let quarter = abs(transform.a) >= abs(transform.b) ? (transform.a > 0 ? 0 : 2) : (transform.b > 0 ? 1 : 3)
            if quarter != 0 {
                var turned = quarterTurns[quarter - 1]
                turned.tx = transform.tx
                turned.ty = transform.ty
                result.append(turned)
            }
        }
        return result
    }

    static func flagCount(_ gesture: Scenario.GestureSpec) -> Int {
        let plain = Scenario.GestureSpec(id: gesture.id, kind: gesture.kind, view: gesture.view)
        return [!gesture.enabled, !gesture.cancelsTouchesInView, gesture.delaysTouchesBegan != plain.delaysTouchesBegan,
                !gesture.delaysTouchesEnded].filter { $0 }.count
    }

    static func isRound(_ value: Double) -> Bool { value == roundTo10(value) }

    static func roundTo10(_ value: Double) -> Double { (value / 10).rounded() * 10 }
}
