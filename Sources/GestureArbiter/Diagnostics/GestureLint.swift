/// A lint of the recognizer graph: it inspects a window's views and gesture recognizers, without
/// any touch, and reports set-ups that cannot work as their author most likely meant.
///
/// ```swift
/// for finding in GestureLint.findings(in: window) {
///     print(finding.kind.rawValue, finding.message, "fix:", finding.fix)
/// }
/// ```
///
/// The checks (each finding's ``Finding/Kind`` says which one fired and documents exactly what
/// it flags):
/// - failure-requirement cycles (R59, R121);
/// - a yes to simultaneous recognition that a "no" on the other side cannot overrule (R45), and
///   a yes that a failure requirement between the same two recognizers defeats (R51, R55);
/// - a tap or long press that requires the failure of a recognizer that neither begins nor fails
///   while the fingers rest (R103);
/// - recognizers that can never recognize: an exact duplicate that always loses the tie (R48), a
///   disabled one (R24), one on a view that no touch can reach (R2-R5) or that a view in front
///   covers (R7);
/// - latency traps: a multi-tap on a view that withholds the end of every touch on the views
///   below it (R62, R88), and a recognizer below a multi-tap that waits for it to fail (R54);
/// - a `require(toFail:)` on a recognizer in another window or environment, which never has an
///   effect (R49, R123);
/// - controls: a single tap above a plain control that takes its taps (R217); a scroll view
///   that never scrolls from a drag on a control in its content, or from any drag, because its
///   content gets every touch at touch-down and the scroll may not take it (R241, R242).
///
/// The recognizers that take part in the interaction checks (cycles, simultaneity, waits,
/// duplicates, latency) are the *live* ones: enabled, on a view that a touch can reach. A
/// disabled or unreachable recognizer gets its own finding and is left out of the others, since
/// it takes no touch and so holds no one up (R24, R52).
///
/// **User code.** Besides reading properties, the lint asks what the engine would ask during a
/// pass, and nothing else:
/// - the delegates' `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` (R45), for each
///   ordered pair of live recognizers whose views are the same or one contains the other;
/// - the delegates' `gestureRecognizer(_:shouldRequireFailureOf:)` and
///   `gestureRecognizer(_:shouldBeRequiredToFailBy:)`, and the subclass hooks
///   ``GestureRecognizer/shouldRequireFailure(of:)`` and
///   ``GestureRecognizer/shouldBeRequiredToFail(by:)`` (R53), for each ordered pair of live
///   recognizers of the window, as the engine does (skipped, as there, when both are library
///   classes without a delegate);
/// - ``GestureRecognizer/canPrevent(_:)`` and ``GestureRecognizer/canBePrevented(by:)`` (R50);
/// - an enabled control's ``View/gestureRecognizerShouldBegin(_:)`` about a single tap of a view
///   above it (R215, R217);
/// - a scroll view's ``ScrollView/touchesShouldCancel(in:)`` about each enabled control of its
///   content that gets its touches at touch-down, when the scroll view may cancel content
///   touches (R241).
///
/// It never asks a delegate's `gestureRecognizerShouldBegin(_:)` or `shouldReceive` (their
/// answers depend on a touch), never changes a recognizer or a view, and sends no action. Dynamic requirements
/// count as the delegates answer at the moment of the lint.
///
/// **When to call it.** Any time: outside a pass, or from a callback inside one (an action, a
/// delegate method, a touch method). It changes nothing in the engine, and it reports the tree as
/// it stands when called: changes a callback has queued for the end of the running pass (R119)
/// are not applied yet. The tree (views, frames and flags, the recognizers, their views and
/// `isEnabled`) and every static requirement are read before any user code is asked, and the
/// lint holds every recognizer and view it read: a delegate that changes the tree or frees
/// recognizers while being asked changes neither which recognizers and views are checked nor
/// which are live, and makes the lint read nothing freed. A delegate that calls the lint again gets a nested lint, like any other
/// recursive call.
///
/// **Order.** Deterministic: by the tree position of the finding's first recognizer (views
/// depth-first, a view before its subviews, subviews in order; on one view, the order the
/// recognizers were added), then by ``Finding/Kind`` in declaration order, then by the tree
/// positions of its other recognizers.
///
/// - Complexity: O(V + R²) for a window of V views and R recognizers, with up to four user
///   questions per ordered pair of recognizers; the covered-view check adds, per view, the later
///   siblings of the view and of its ancestors (O(V²) at worst, for one very wide level); the
///   scroll view checks add, per scroll view that delays no content touches, its subtree, the
///   ancestors of its controls up to it and one `touchesShouldCancel(in:)` per control.
public enum GestureLint {
    /// The findings for the views and recognizers of `window`, in the order described above.
    ///
    /// Rule: R2-R5, R24, R45, R48, R49, R51, R53, R59, R62, R88, R103, R121, R123, R217, R241,
    /// R242.
    public static func findings(in window: Window) -> [Finding] {
        var pass = LintPass(window: window)
        return pass.run()
    }

    /// The findings for every window of `environment`, window by window in the order they were
    /// attached. Requirements and simultaneity never cross windows (R49, R123), so each window is
    /// linted on its own.
    ///
    /// Rule: R49, R123.
    public static func findings(in environment: GestureEnvironment) -> [Finding] {
        environment.windows.flatMap { findings(in: $0) }
    }
}

extension GestureLint {
    /// One problem the lint found: what kind, which recognizers and views, why, and how to fix it.
    ///
    /// A finding holds its recognizers and views (strong references): keep findings only as long
    /// as you need them.
    public struct Finding: CustomStringConvertible {
        /// Which check fired.
        public let kind: Kind
        /// The recognizers involved, in the order the kind documents.
        public let recognizers: [GestureRecognizer]
        /// The views involved: the first recognizer's view first, then any other view the kind
        /// documents.
        public let views: [View]
        /// For ``Kind/unreachableView``, why no touch reaches the view; nil for other kinds.
        public let unreachableReason: HitTestSkipReason?
        /// The rule ids the finding follows, such as `R59`.
        public let rules: [String]
        /// What is wrong, in one sentence, naming recognizers and views by `name` (or their
        /// description when unnamed).
        public let message: String
        /// How to fix it, in one line.
        public let fix: String

        /// `kind: message (rules) fix: fix`.
        public var description: String {
            "\(kind.rawValue): \(message) (\(rules.joined(separator: ", "))) fix: \(fix)"
        }
    }
}

extension GestureLint.Finding {
    /// What the lint checks, one case per check. The raw value is the short tag that
    /// `gesture-trace --lint` prints.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Recognizers that wait, through their failure requirements, for each other to fail
        /// (static `require(toFail:)` edges and the delegates' and subclasses' dynamic ones).
        /// Each strongly connected group is reported once; ``Finding/recognizers`` lists its
        /// members in tree order and the message shows one shortest cycle. Both sides are
        /// held while both are possible, so a gesture that begins mid-drag is held until the
        /// fingers lift (R59, R121). A requirement on itself is ignored (R51) and is no cycle.
        case failureRequirementCycle = "requirement-cycle"
        /// Two live recognizers on the same view or on nested views, that could exclude each
        /// other (``GestureRecognizer/canPrevent(_:)`` and
        /// ``GestureRecognizer/canBePrevented(by:)`` allow it in at least one direction),
        /// with no failure requirement between them, where one delegate allows simultaneous
        /// recognition and the other recognizer has a delegate that answers no. One yes is
        /// enough (R45): they recognize together, and the no has no effect. A recognizer with
        /// no delegate is not flagged: it declared nothing. Recognizers: the one whose
        /// delegate said yes, then the one whose delegate said no. Also two members of a
        /// declared race (``GestureRecognizer/race(_:)``) that a delegate or a simultaneous
        /// relation lets recognize together: the race has no effect (recognizers in tree order).
        case overruledSimultaneityRefusal = "overruled-no"
        /// Two live recognizers on the same or nested views where either delegate allows
        /// simultaneous recognition, but one requires the other to fail (statically or through
        /// a dynamic requirement, an exclusive relation among them); a simultaneous relation
        /// (``GestureRecognizer/recognizesSimultaneously(with:)``) counts as a yes. The
        /// requirement wins: the waiting one sends nothing while the other is possible and fails
        /// when it begins (R51, R54, R55), so they never recognize together. Recognizers: the waiting one, then the one it waits for.
        case simultaneityDefeatedByRequirement = "simultaneity-vs-requirement"
        /// A live tap or long press that requires the failure of a live pan (or edge pan),
        /// swipe, pinch or rotation on the same or a nested view. Those neither begin nor fail
        /// while the fingers rest (R103, R158, R168): the tap fires no earlier than the lift
        /// of every finger they track, and a long press, which begins while the finger
        /// rests (R143), is held until the lift and then begins and ends at once (R54, R56).
        /// Recognizers: the waiting one, then the one it waits for.
        case waitsForRestingRecognizer = "waits-while-resting"
        /// A live recognizer that is an exact copy of an earlier one on the same view: the
        /// same library class and settings, the same static requirements, no requirement
        /// between the two, able to exclude each other (R50) and no delegate or simultaneous
        /// relation allowing simultaneity. Both reach the same state in the same pass, and the
        /// earlier in processing order wins the tie (R28, R48): the copy never recognizes. Only the
        /// library's own classes are compared (a subclass's settings are unknown), and the
        /// delegates' `shouldBegin` and `shouldReceive` answers, which depend on the touch,
        /// are not asked. Recognizers: the copy, then the earlier one it loses to.
        case shadowedDuplicate = "duplicate"
        /// A recognizer whose `isEnabled` is false at the time of the lint: it takes no touch
        /// while disabled (R24, R40). A static inspection cannot know whether the app enables
        /// it later; `gesture-trace --lint` counts a gesture that the scenario's input enables
        /// as enabled. The built-in recognizers of a ``ScrollView`` whose `isScrollEnabled` is
        /// off are not reported: that switch is how a scroll view is told not to scroll by
        /// touch (R233).
        case disabled = "disabled"
        /// A recognizer on a view that no touch can reach (R30): the view or one of its
        /// ancestors is hidden, has user interaction off, or has `alpha` below
        /// ``GestureDefaults/hitTestMinimumAlpha`` (R2, R3, R6); or the view lies wholly
        /// outside an ancestor's bounds, or has an empty size (R4, R5). Not flagged when a
        /// view on the way down (from the window to the blocking view, or to the recognizer's
        /// view for the bounds) is a subclass that overrides hit-testing
        /// (``View/usesDefaultHitTesting`` false): its `hitTest(_:with:)` or
        /// `point(inside:with:)` may bring the view back. ``Finding/unreachableReason``
        /// says why; ``Finding/views`` lists the recognizer's view, then the blocking view
        /// (for the bounds, the outermost view whose bounds, with those of its ancestors,
        /// leave nothing of it).
        case unreachableView = "unreachable"
        /// A recognizer on a view that a view in front of it takes every touch from: a later
        /// sibling of the view or of one of its ancestors, visible, interactive, opaque enough and
        /// with default hit-testing, whose frame contains all of the view that touches could
        /// otherwise reach. Hit-testing asks the front view first and answers from inside it
        /// (R2, R7), so the view behind, and its recognizers, never see a touch (R30). Only
        /// checked when no view from the window down to the covered view overrides hit-testing;
        /// a view already ``unreachableView`` is not reported again. ``Finding/views``: the
        /// recognizer's view, then the view in front.
        case coveredView = "covered"
        /// A live tap that needs two or more taps, with `delaysTouchesEnded` on, on a view
        /// with live descendants that touches can reach. It takes every touch that lands
        /// below it and withholds each touch's end while it waits for the next tap, up to
        /// `maximumIntervalBetweenSuccessiveTaps` (0.35 s) after the lift (R62, R88): every
        /// view below gets its `touchesEnded` late. ``Finding/views``: the tap's view, then the
        /// reachable views below it in tree order.
        case multiTapDelaysTouchesBelow = "multi-tap-delays-below"
        /// A live recognizer on a view strictly below the view of a live tap that needs two or
        /// more taps, that requires that tap to fail (statically or dynamically). Every
        /// gesture on the lower view waits for the multi-tap to give up, 0.35 s after each
        /// lift (R51, R54, R88). (The same requirement on one view is the usual way to tell a
        /// single from a double tap, R58, and is not flagged.) Recognizers: the waiting one,
        /// then the multi-tap.
        case waitsForMultiTapAbove = "waits-for-multi-tap-above"
        /// A recognizer of the window with a static `require(toFail:)` on a recognizer that is
        /// attached to a view outside the window: another window of the environment, or a window
        /// of another environment (the C interface refuses that with
        /// `GA_ERROR_WRONG_ENVIRONMENT`; the Swift API takes it, as UIKit's does). Touches and
        /// failure requirements never cross windows (R49, R123), so the requirement never has an
        /// effect. A required recognizer attached to no view yet is not flagged. Recognizers: the
        /// waiting one, then the one outside; ``Finding/views``: their views.
        case requirementAcrossWindows = "requirement-across-windows"
        /// A live tap of one tap and one finger, with `cancelsTouchesInView` on, on a view above an
        /// enabled ``Control`` that touches reach and whose `gestureRecognizerShouldBegin(_:)`
        /// does not refuse the tap (a plain control, R217). Every tap on the control is the
        /// recognizer's: the control sends `touchCancel` and never `touchUpInside`. A ``Button``
        /// refuses such a tap (R215) and is not flagged; neither is a tap attached to the control
        /// itself (R214). Recognizers: the tap; ``Finding/views``: its view, then the control.
        case tapTakesControlTaps = "tap-over-control"
        /// A ``ScrollView`` that scrolls (R232), with its scroll pan live,
        /// `delaysContentTouches` off and `canCancelContentTouches` on, and an enabled
        /// ``Control`` in its content that touches reach, for which the scroll view's
        /// ``ScrollView/touchesShouldCancel(in:)`` answers false (the default for every
        /// control). With no delay the control gets the touch at touch-down (R235), so when a
        /// drag that starts on it would begin the scroll, the pan asks, hears no and fails: the
        /// view never scrolls from a drag on the control, which keeps tracking (R241, R242). A
        /// control below a nested scroll view that delays its touches is not flagged (that one
        /// withholds them), nor is anything when ``scrollBlockedByContent`` applies. One finding
        /// per control. Recognizers: the scroll pan; ``Finding/views``: the scroll view, then
        /// the control.
        case scrollBlockedByControl = "control-blocks-scroll"
        /// A ``ScrollView`` that scrolls (R232), with its scroll pan live and both
        /// `delaysContentTouches` and `canCancelContentTouches` off. Every touch reaches the
        /// content at touch-down (R235), and the pan fails whenever it would take a touch that
        /// reached content (R241), which includes the scroll view itself when the touch landed
        /// on it (R256): no drag scrolls the view. One finding per scroll view (not one per
        /// content view: the cause is the scroll view's two settings). Recognizers: the scroll
        /// pan; ``Finding/views``: the scroll view.
        case scrollBlockedByContent = "content-blocks-scroll"
    }
}
