import GestureArbiter

// What ``ScenarioRecorder`` needs to write a scroll view (R230-R256): its fields, the check that
// its built-in recognizers are as the format makes them, the answers of its own methods, and the
// content offsets a replay reproduces.

extension ScenarioRecorder {
    /// The fields of a scroll view entry for `scrollView` (view `id`): its content size, its
    /// content offset as recording starts, and its flags (R231-R235, R241, R243, R244, R248).
    /// What the format has no field for is refused: insets, `bounces` off, and
    /// `alwaysBounceHorizontal` or `alwaysBounceVertical` on (they change R232 and R254).
    static func scrollViewSpec(of scrollView: ScrollView, id: String) throws(ScenarioRecordingError) -> Scenario.ScrollViewSpec {
        let unwritten: [(Bool, String)] = [
            (scrollView.contentInset != .zero, "its contentInset is \(scrollView.contentInset)"),
            (!scrollView.bounces, "bounces is off"),
            (scrollView.alwaysBounceHorizontal, "alwaysBounceHorizontal is on"),
            (scrollView.alwaysBounceVertical, "alwaysBounceVertical is on"),
            (scrollView.contentSize.width < 0 || scrollView.contentSize.height < 0, "its contentSize is negative"),
        ]
        if let (_, what) = unwritten.first(where: \.0) {
            throw .unsupportedView(id: id, reason: "\(what); the scenario format has no field for it (R232, R254)")
        }
        var scroll = Scenario.ScrollViewSpec()
        for flag in Scenario.ScrollViewSpec.flags { flag.capture(scrollView, into: &scroll) }
        scroll.contentSize = scrollView.contentSize
        scroll.contentOffset = scrollView.contentOffset
        return scroll
    }

    /// The built-in recognizers of `scrollView` (view `id`) with their ids, `ID.delay` and
    /// `ID.pan` (R230), after checking that a replay makes them the same: they are still the
    /// view's first two recognizers, require no other recognizer to fail, and have every setting
    /// a fresh scroll view with the same fields gives them. The file does not write them as
    /// gestures; other entries name them by these ids.
    static func builtInRecognizers(of scrollView: ScrollView, id: String) throws(ScenarioRecordingError) -> [(GestureRecognizer, String)] {
        let builtIns: [GestureRecognizer] = [scrollView.delayGestureRecognizer, scrollView.panGestureRecognizer]
        let ids = Scenario.ScrollViewSpec.builtInGestureIDs(of: id)
        guard scrollView.gestureRecognizers.prefix(2).elementsEqual(builtIns, by: ===) else {
            throw .unsupportedView(
                id: id, reason: "its built-in recognizers are not its first two recognizers (one was removed or added again); "
                    + "a scenario's scroll view has them first (R230)")
        }
        let fresh = ScrollView()
        fresh.isScrollEnabled = scrollView.isScrollEnabled
        fresh.isDecelerating = scrollView.isDecelerating
        let expected: [GestureRecognizer] = [fresh.delayGestureRecognizer, fresh.panGestureRecognizer]
        for ((live, gestureID), reference) in zip(zip(builtIns, ids), expected) {
            if let setting = zip(settings(of: live), settings(of: reference)).first(where: { $0.0 != $0.1 })?.0.name {
                throw .unsupportedSetting(
                    gesture: gestureID, setting: "\(setting) of a scroll view's built-in recognizer (a scenario gives it the scroll view's own)")
            }
            guard live.requiredToFail.isEmpty else {
                throw .unsupportedSetting(gesture: gestureID, setting: "require(toFail:) on a scroll view's built-in recognizer")
            }
        }
        return Array(zip(builtIns, ids))
    }

    /// The settings of a built-in recognizer that a program can change, named.
    private static func settings(of recognizer: GestureRecognizer) -> [(name: String, value: String)] {
        var settings = [
            ("isEnabled", "\(recognizer.isEnabled)"), ("cancelsTouchesInView", "\(recognizer.cancelsTouchesInView)"),
            ("delaysTouchesBegan", "\(recognizer.delaysTouchesBegan)"), ("delaysTouchesEnded", "\(recognizer.delaysTouchesEnded)"),
            ("requiresExclusiveTouchType", "\(recognizer.requiresExclusiveTouchType)"),
            ("allowedTouchTypes", "\(recognizer.allowedTouchTypes)"),
        ]
        if let pan = recognizer as? PanGestureRecognizer {
            settings += [
                ("minimumNumberOfTouches", "\(pan.minimumNumberOfTouches)"), ("maximumNumberOfTouches", "\(pan.maximumNumberOfTouches)"),
                ("hysteresis", "\(pan.hysteresis)"),
            ]
        }
        if let delay = recognizer as? DelayedTouchesBeganGestureRecognizer {
            settings += [("delay", "\(delay.delay)"), ("allowableMovement", "\(delay.allowableMovement)")]
        }
        return settings
    }
}

/// The answers of the scroll views' own methods during a recording, `touchesShouldBegin` (R236)
/// and `touchesShouldCancel(in:)` (R241), and the fields they become. The format holds one
/// `touchesShouldBegin` answer per scroll view, for every touch, and one `touchesShouldCancel`
/// answer for every view, or none for UIKit's default (yes, no for a control).
struct ScrollViewAnswers {
    /// `touchesShouldBegin`: the first answer, by scroll view id.
    private var shouldBegin: [String: Bool] = [:]
    /// `touchesShouldCancel`: by scroll view id, each view asked about, in first-seen order,
    /// with the answer and whether the view is a control.
    private var shouldCancel: [String: [(view: String, isControl: Bool, answer: Bool)]] = [:]

    /// Takes an answer of scroll view `scrollView`'s `touchesShouldBegin`, asked by its delay
    /// `asker`; the error when an earlier touch got the other answer.
    mutating func touchesShouldBegin(_ answer: Bool, scrollView: String, asker: String) -> ScenarioRecordingError? {
        guard let earlier = shouldBegin[scrollView] else {
            shouldBegin[scrollView] = answer
            return nil
        }
        return earlier == answer ? nil : .answerChanged(gesture: asker, question: "touchesShouldBegin of scroll view \(scrollView)")
    }

    /// Takes an answer of scroll view `scrollView`'s `touchesShouldCancel(in:)` for `view`,
    /// asked by its pan `asker`; the error when the same view got the other answer before.
    mutating func touchesShouldCancel(
        _ answer: Bool, in view: String, isControl: Bool, scrollView: String, asker: String
    ) -> ScenarioRecordingError? {
        if let earlier = shouldCancel[scrollView]?.first(where: { $0.view == view }) {
            return earlier.answer == answer
                ? nil : .answerChanged(gesture: asker, question: "touchesShouldCancel(in: \(view)) of scroll view \(scrollView)")
        }
        shouldCancel[scrollView, default: []].append((view, isControl, answer))
        return nil
    }

    /// Writes the answers into `scenario`'s scroll view entries: `touchesShouldBegin` as
    /// observed; `touchesShouldCancel` left out when every answer was UIKit's default, else the
    /// one answer every view got.
    ///
    /// - Throws: ``ScenarioRecordingError/unsupportedView(id:reason:)`` when `touchesShouldCancel`
    ///   said yes for one view and no for another, not as the default does.
    func apply(to scenario: inout Scenario) throws(ScenarioRecordingError) {
        for index in scenario.views.indices where scenario.views[index].type == .scrollView {
            let id = scenario.views[index].id
            if let answer = shouldBegin[id] { scenario.views[index].scroll.touchesShouldBegin = answer }
            let answers = shouldCancel[id] ?? []
            if answers.allSatisfy({ $0.answer == !$0.isControl }) { continue }
            guard let yes = answers.first(where: \.answer), let no = answers.first(where: { !$0.answer }) else {
                scenario.views[index].scroll.touchesShouldCancel = answers.first?.answer
                continue
            }
            func named(_ entry: (view: String, isControl: Bool, answer: Bool)) -> String {
                entry.isControl ? "\(entry.view) (a control)" : entry.view
            }
            throw .unsupportedView(
                id: id, reason: "touchesShouldCancel(in:) answered true for \(named(yes)) and false for \(named(no)); the scenario "
                    + "format holds one answer for every view, or UIKit's default (true, false for a control) (R241)")
        }
    }
}

/// The content offsets of the recorded scroll views. A replay moves a scroll view's content only
/// by its own drag (R245), so a change is kept only when it is the one the drag makes: the
/// record right after the scroll view's pan sent its action, with the offset at the drag's
/// began less the pan's translation along each axis the view can scroll. Any other change (a
/// program setting ``ScrollView/contentOffset``) is a change the format cannot hold.
struct ScrollViewOffsets {
    /// Each recorded scroll view's offset as the run has left it so far.
    private(set) var current: [ObjectIdentifier: Point] = [:]
    /// Each scroll view's offset when its latest drag began.
    private var dragStarts: [ObjectIdentifier: Point] = [:]
    /// The change the last record allows: the drag of the scroll view whose pan sent its action.
    private var allowed: (scrollView: ObjectIdentifier, offset: Point)?

    /// Starts from the scroll views as recording starts.
    init(_ scrollViews: [ScrollView]) {
        for scrollView in scrollViews { current[ObjectIdentifier(scrollView)] = scrollView.contentOffset }
    }

    /// Takes one record; false when it is a change of offset that a replay would not make.
    mutating func take(_ record: TraceRecord) -> Bool {
        let allowed = self.allowed
        self.allowed = nil
        switch record {
        case let .actionSent(recognizer, state, _):
            guard let scrollView = recognizer.view as? ScrollView, recognizer === scrollView.panGestureRecognizer else { return true }
            let key = ObjectIdentifier(scrollView)
            guard current[key] != nil else { return true }
            if state == .began { dragStarts[key] = scrollView.contentOffset }
            // R245: the offset at the began minus the translation, along each scrollable axis
            // (R254: no clamping, since the recorder writes only views that bounce).
            let start = dragStarts[key] ?? scrollView.contentOffset
            let translation = scrollView.panGestureRecognizer.translation(in: scrollView)
            var offset = scrollView.contentOffset
            if scrollView.canScrollHorizontally { offset.x = start.x - translation.x }
            if scrollView.canScrollVertically { offset.y = start.y - translation.y }
            self.allowed = (key, offset)
            return true
        case let .scrolled(scrollView, offset):
            let key = ObjectIdentifier(scrollView)
            guard let allowed, allowed.scrollView == key, allowed.offset == offset, current[key] != nil else { return false }
            current[key] = offset
            return true
        default:
            return true
        }
    }
}
