/// One decision or observable outcome of the engine, with its cause (R122).
///
/// Records refer to the live objects involved (views, recognizers); read what you need while
/// handling the record. ``description`` gives a one-line English reading, the form that
/// `gesture-trace --explain` prints.
public enum TraceRecord: CustomStringConvertible {
    /// A pass started: an input event, a timer, or an API call (R76, R77).
    case passStarted(PassKind, at: Timestamp)
    /// Default hit-testing skipped `view` (R2-R5).
    case hitTestSkipped(view: View, reason: HitTestSkipReason)
    /// A new touch was hit-tested; `view` is nil when no window contained it (R1, R8).
    case hitTest(touch: Touch, view: View?)
    /// The touch will never reach a view (R18-R20), though recognizers still get it.
    case viewDeliverySuppressed(touch: Touch, reason: SuppressionReason)
    /// A recognizer accepted a new touch (R23-R29).
    case touchBound(touch: Touch, recognizer: GestureRecognizer)
    /// A candidate recognizer refused a new touch (R24, R25).
    case touchRefused(touch: Touch, recognizer: GestureRecognizer, reason: BindingRefusal)
    /// A recognizer's state changed.
    case stateChanged(recognizer: GestureRecognizer, from: GestureRecognizer.State, to: GestureRecognizer.State, cause: StateChangeCause)
    /// A recognizer in began or ended must wait: these recognizers it requires are still active (R54).
    case held(recognizer: GestureRecognizer, waitingFor: [GestureRecognizer])
    /// A held recognizer's requirements all failed or finished: it publishes now (R56).
    case releasedByRequirements(recognizer: GestureRecognizer)
    /// A dynamic failure requirement was set up for this attempt (R53).
    case dynamicRequirement(recognizer: GestureRecognizer, requiresToFail: GestureRecognizer, source: RequirementSource)
    /// A new failure requirement closed a cycle: each recognizer requires the next to fail and
    /// the last requires the first; the first is the one whose requirement was added (R59, R121).
    case requirementCycle([GestureRecognizer])
    /// A recognizer's actions were sent with `state`; `isDiscrete` is true for a recognition
    /// without a prior began action (logged as `recognized`) (R34-R37).
    case actionSent(recognizer: GestureRecognizer, state: GestureRecognizer.State, isDiscrete: Bool)
    /// A touch phase was withheld from its view by these recognizers (R61-R64).
    case withheld(touch: Touch, phase: TouchPhase, by: [GestureRecognizer])
    /// A view received touch callbacks; `delayed` when they were withheld before (R66).
    case delivered(view: View, phase: TouchPhase, touches: [Touch], delayed: Bool)
    /// A recognizer cancelled touches in their view (R67): `cancelled` got `touchesCancelled`,
    /// `discarded` had never reached the view and never will.
    case cancelledInView(by: GestureRecognizer, cancelled: [Touch], discarded: [Touch])
    /// A view left its window with these touches: `cancelled` got `touchesCancelled` (R120).
    case viewRemoved(view: View, cancelled: [Touch], discarded: [Touch])
    /// A recognizer was reset to possible (R39).
    case reset(recognizer: GestureRecognizer)
    /// A recognizer in a final state waits to reset for these linked active recognizers (R39).
    case resetBlocked(recognizer: GestureRecognizer, by: [GestureRecognizer])
    /// Input dispatched from a callback was rejected when its turn came (R117, R119).
    case deferredInputRejected(DispatchError)
    /// The touches of the input event whose pass just started, as the host dispatched them
    /// (window-independent locations, the event's time) (R76, R122). Follows the pass's
    /// ``passStarted(_:at:)``; a recorder reads the host's input from it.
    case inputReceived(TouchEvent)
    /// User code answered a question the engine asked about `recognizer`: its delegate (or, for
    /// ``DelegateQuestion/viewShouldBegin(_:)``, a hit-test view) said `answer` (R13, R24, R33,
    /// R45, R53, R122).
    case delegateAnswered(recognizer: GestureRecognizer, question: DelegateQuestion, answer: Bool)
    /// A declared relation answered the simultaneity question about `recognizer` and `other`
    /// where exclusion is decided (R44, R45): ``GestureRelation/Kind/simultaneous`` lets them
    /// recognize together; ``GestureRelation/Kind/race`` says no (a delegate may still say yes).
    /// An exclusive relation shows as ``dynamicRequirement(recognizer:requiresToFail:source:)``
    /// with ``RequirementSource/exclusiveRelation``.
    case relationApplied(recognizer: GestureRecognizer, other: GestureRecognizer, relation: GestureRelation.Kind)
    /// `control` sent `events` to its registered actions, from its touch callback or from
    /// ``Control/sendActions(for:)`` (R211, R212, R224). Recorded before the actions run, also
    /// when none is registered for them.
    case controlEventSent(control: Control, events: Control.Event)
    /// A scroll view's ``ScrollView/contentOffset`` changed to `offset`, by its scroll pan
    /// (R245) or by a program; its delegate's `scrollViewDidScroll` follows.
    case scrolled(scrollView: ScrollView, offset: Point)
    /// The hover input whose pass just started (R279).
    case hoverReceived(HoverInput)
    /// The scroll input whose pass just started (R279).
    case scrollReceived(ScrollInput)
    /// The trackpad transform input whose pass just started (R279, R291).
    case transformReceived(TransformInput)

    /// One English line, for example
    /// `S held: requires D to fail (require(toFail:))` or
    /// `T failed: excluded by P (began, shares the sequence, no simultaneity)`.
    public var description: String {
        switch self {
        case let .passStarted(kind, time):
            return "pass at \(time): \(kind)"
        case let .hitTestSkipped(view, reason):
            return "hit-test skipped \(traceName(view)): \(reason.explanation)"
        case let .hitTest(touch, view):
            guard let view else { return "touch \(touch.id) hit nothing" }
            var path: [String] = []
            var current: View? = view
            while let ancestor = current {
                path.append(traceName(ancestor))
                current = ancestor.superview
            }
            return "touch \(touch.id) hit \(traceName(view)) (path \(path.reversed().joined(separator: " > ")))"
        case let .viewDeliverySuppressed(touch, reason):
            return "touch \(touch.id) will not reach a view: \(reason.explanation)"
        case let .touchBound(touch, recognizer):
            return "\(traceName(recognizer)) receives touch \(touch.id)"
        case let .touchRefused(touch, recognizer, reason):
            return "\(traceName(recognizer)) does not receive touch \(touch.id): \(reason.explanation)"
        case let .stateChanged(recognizer, from, to, cause):
            return "\(traceName(recognizer)) \(from) -> \(to): \(cause.explanation)"
        case let .held(recognizer, waitingFor):
            return "\(traceName(recognizer)) held: requires \(names(waitingFor)) to fail"
        case let .releasedByRequirements(recognizer):
            return "\(traceName(recognizer)) released: the recognizers it requires to fail are no longer active"
        case let .dynamicRequirement(recognizer, other, source):
            return "\(traceName(recognizer)) requires \(traceName(other)) to fail for this attempt (\(source.rawValue))"
        case let .requirementCycle(recognizers):
            let cycle = recognizers.isEmpty ? "no recognizer" : recognizers.map(traceName).joined(separator: " -> ")
            return "failure-requirement cycle: \(cycle)"
        case let .actionSent(recognizer, state, isDiscrete):
            return "\(traceName(recognizer)) sends \(isDiscrete && state == .ended ? "recognized" : state.description)"
        case let .withheld(touch, phase, recognizers):
            return "touch \(touch.id) \(phase) withheld by \(names(recognizers))"
        case let .delivered(view, phase, touches, delayed):
            return "\(traceName(view)) \(phase) \(touchIDs(touches))\(delayed ? " (delayed)" : "")"
        case let .cancelledInView(recognizer, cancelled, discarded):
            return "\(traceName(recognizer)) \(cancellations(cancelled, discarded, in: "the view")) (cancelsTouchesInView)"
        case let .viewRemoved(view, cancelled, discarded):
            return "\(traceName(view)) left its window; \(cancellations(cancelled, discarded, in: "its views"))"
        case let .reset(recognizer):
            return "\(traceName(recognizer)) reset to possible"
        case let .resetBlocked(recognizer, by):
            return "\(traceName(recognizer)) waits to reset: linked \(names(by)) still active"
        case let .deferredInputRejected(error):
            return "input from a callback rejected: \(error)"
        case let .inputReceived(event):
            let touches = event.touches.map { "\($0.id) \($0.phase) (\($0.location.x), \($0.location.y))" }
            return "input: " + (touches.isEmpty ? "no touch" : touches.joined(separator: ", "))
        case let .delegateAnswered(recognizer, .viewShouldBegin(view), answer):
            return "\(traceName(view)).gestureRecognizerShouldBegin(\(traceName(recognizer))) answered \(answer)"
        case let .delegateAnswered(recognizer, .touchesShouldBegin(touch, view), answer):
            return "\(recognizer.view.map(traceName) ?? "scroll view").touchesShouldBegin(touch \(touch.id), in: \(traceName(view))) answered \(answer) (asked by \(traceName(recognizer)))"
        case let .delegateAnswered(recognizer, .touchesShouldCancel(view), answer):
            return "\(recognizer.view.map(traceName) ?? "scroll view").touchesShouldCancel(in: \(traceName(view))) answered \(answer) (asked by \(traceName(recognizer)))"
        case let .delegateAnswered(recognizer, question, answer):
            return "\(traceName(recognizer)) delegate \(question.name) answered \(answer)"
        case let .relationApplied(recognizer, other, .simultaneous):
            return "\(traceName(recognizer)) and \(traceName(other)) may recognize together (simultaneous relation)"
        case let .relationApplied(recognizer, other, relation):
            return "\(traceName(recognizer)) and \(traceName(other)) do not recognize together (\(relation.rawValue) relation)"
        case let .controlEventSent(control, events):
            return "\(traceName(control)) sends control event \(events)"
        case let .scrolled(scrollView, offset):
            return "\(traceName(scrollView)) scrolled to content offset (\(offset.x), \(offset.y))"
        case let .hoverReceived(input):
            return "input: hover \(input.phase) (\(input.location.x), \(input.location.y))"
        case let .scrollReceived(input):
            return "input: scroll \(input.phase) \(input.type) (\(input.location.x), \(input.location.y)) delta (\(input.delta.x), \(input.delta.y))"
        case let .transformReceived(input):
            return "input: transform \(input.phase) (\(input.location.x), \(input.location.y)) scale \(input.scale) rotation \(input.rotation)"
        }
    }
}

/// Touch ids joined with commas (`1,2`), or `no touch`: an explanation never ends on a dangling
/// word or separator.
private func touchIDs(_ touches: [Touch]) -> String {
    touches.isEmpty ? "no touch" : touches.map { String($0.id) }.joined(separator: ",")
}

/// Recognizer names joined with commas, or `no recognizer`.
private func names(_ recognizers: [GestureRecognizer]) -> String {
    recognizers.isEmpty ? "no recognizer" : recognizers.map(traceName).joined(separator: ", ")
}

/// What a cancellation did to touches: `cancels 1,2 in <place>; discards withheld 3`, naming only
/// the non-empty lists (R67, R120), or `no touch to cancel` when both are empty.
private func cancellations(_ cancelled: [Touch], _ discarded: [Touch], in place: String) -> String {
    var parts: [String] = []
    if !cancelled.isEmpty { parts.append("cancels \(touchIDs(cancelled)) in \(place)") }
    if !discarded.isEmpty { parts.append("discards withheld \(touchIDs(discarded))") }
    return parts.isEmpty ? "no touch to cancel" : parts.joined(separator: "; ")
}

/// What started a pass.
public enum PassKind: Hashable, Sendable, CustomStringConvertible {
    /// A host input event (R76).
    case input
    /// A recognizer's timer (R77).
    case timer
    /// An API call: enabling, removing, requirements, a state set outside a pass (R77).
    case api
    /// A hover or scroll input (R279).
    case pointer

    /// `input`, `timer`, `api` or `pointer`.
    public var description: String {
        switch self {
        case .input: return "input"
        case .timer: return "timer"
        case .api: return "api"
        case .pointer: return "pointer"
        }
    }
}

/// Why a touch never reaches a view.
public enum SuppressionReason: Hashable, Sendable {
    /// It hit no view (R8).
    case noView
    /// The view already tracks a touch and is not multiple-touch enabled (R18, R19).
    case multipleTouchDisabled
    /// Another view tracks a touch exclusively, or this view is exclusive and others track (R20).
    case exclusiveTouch

    var explanation: String {
        switch self {
        case .noView: return "it hit no view"
        case .multipleTouchDisabled: return "its view tracks another touch and isMultipleTouchEnabled is false"
        case .exclusiveTouch: return "an exclusive-touch view is tracking"
        }
    }
}

/// Why a candidate recognizer did not receive a new touch (R24).
public enum BindingRefusal: Hashable, Sendable {
    /// The recognizer is disabled (R24, R40).
    case disabled
    /// The recognizer finished and has not been reset yet (R24, R39, R54).
    case notReset
    /// The touch's type is not allowed, or differs from the type in use (R29).
    case touchType
    /// An exclusive-touch view outside the recognizer's view is tracking (R20).
    case exclusiveTouch
    /// The delegate's `shouldReceive` answered false (R24, R25).
    case delegate
    /// The recognizer takes no more touches: a pinch or rotation already has its two fingers,
    /// or cannot track any more in this attempt (R168), or a scroll or a trackpad gesture drives
    /// it until it resets (R274, R291).
    case recognizerFull
    /// A pointer touch whose touch-down holds none of the recognizer's
    /// ``GestureRecognizer/allowedButtonMask`` (R280).
    case buttonMask

    var explanation: String {
        switch self {
        case .disabled: return "disabled"
        case .notReset: return "finished and not yet reset"
        case .touchType: return "touch type not accepted"
        case .exclusiveTouch: return "an exclusive-touch view is tracking elsewhere"
        case .delegate: return "delegate shouldReceive answered false"
        case .recognizerFull: return "it takes no more touches (a pinch or rotation tracking two fingers, or a scroll or trackpad gesture driving it)"
        case .buttonMask: return "the click's buttons are not among its allowedButtonMask"
        }
    }
}

/// Why a recognizer's state changed.
public enum StateChangeCause: CustomStringConvertible {
    /// The recognizer's own touch handling set it.
    case recognizerLogic
    /// The recognizer's own timer set it (R87).
    case timer
    /// A hit-test view's `gestureRecognizerShouldBegin` answered false (R13).
    case viewDeniedBegin(View)
    /// The delegate's `gestureRecognizerShouldBegin` answered false (R33).
    case delegateDeniedBegin
    /// Excluded by a recognizer that began or recognized on a related view (R43-R48).
    case excluded(by: GestureRecognizer)
    /// A recognizer it requires to fail began or recognized (R55).
    case requiredRecognizerSucceeded(GestureRecognizer)
    /// It was disabled while tracking (R40).
    case disabled
    /// It, or its view, was removed while tracking (R41, R120).
    case removed
    /// The engine moved an unpublished continuous recognizer on (R36).
    case engine
    /// The recognizer's own touch handling set it, for the reason given (for example, a pinch
    /// whose fingers lifted before it began, R169).
    case recognizerReason(StaticString)

    /// The cause in words.
    public var explanation: String {
        switch self {
        case .recognizerLogic: return "its own touch handling"
        case .timer: return "its timer"
        case let .viewDeniedBegin(view): return "\(traceName(view)).gestureRecognizerShouldBegin answered false"
        case .delegateDeniedBegin: return "delegate gestureRecognizerShouldBegin answered false"
        case let .excluded(by): return "excluded by \(traceName(by)) (it began or recognized on a related view; no simultaneity)"
        case let .requiredRecognizerSucceeded(other): return "\(traceName(other)), which it requires to fail, began or recognized"
        case .disabled: return "disabled while tracking"
        case .removed: return "removed while tracking"
        case .engine: return "engine"
        case let .recognizerReason(reason): return "its own touch handling: \(reason)"
        }
    }

    /// Same as ``explanation``.
    public var description: String { explanation }
}

/// Where a dynamic failure requirement came from (R53).
public enum RequirementSource: String, Hashable, Sendable {
    /// `shouldRequireFailure(of:)` of the waiting recognizer's class.
    case shouldRequireFailureOf = "shouldRequireFailure(of:)"
    /// The waiting recognizer's delegate.
    case delegateShouldRequireFailureOf = "delegate shouldRequireFailureOf"
    /// `shouldBeRequiredToFail(by:)` of the required recognizer's class.
    case shouldBeRequiredToFailBy = "shouldBeRequiredToFail(by:)"
    /// The required recognizer's delegate.
    case delegateShouldBeRequiredToFailBy = "delegate shouldBeRequiredToFailBy"
    /// A declared exclusive relation that puts the required recognizer first
    /// (``GestureRecognizer/exclusive(_:)``).
    case exclusiveRelation = "exclusive relation"
}

extension HitTestSkipReason {
    var explanation: String {
        switch self {
        case .hidden: return "hidden"
        case .userInteractionDisabled: return "user interaction disabled"
        case .transparent: return "alpha < \(GestureDefaults.hitTestMinimumAlpha)"
        case .outside: return "point outside its bounds"
        }
    }
}

/// The name used in traces: the object's `name`, else its description.
func traceName(_ view: View) -> String { view.name ?? view.description }

/// The name used in traces: the recognizer's `name`, else its description.
func traceName(_ recognizer: GestureRecognizer) -> String { recognizer.name ?? recognizer.description }

/// A question the engine asks user code about a recognizer, as ``TraceRecord/delegateAnswered(recognizer:question:answer:)``
/// reports it (R13, R24, R33, R45, R53).
public enum DelegateQuestion: CustomStringConvertible {
    /// The delegate's `shouldReceive` for a new touch (R24).
    case shouldReceive(Touch)
    /// The delegate's `gestureRecognizerShouldBegin` (R33).
    case shouldBegin
    /// The hit-test view's own `gestureRecognizerShouldBegin` (R13).
    case viewShouldBegin(View)
    /// The delegate's `shouldRecognizeSimultaneouslyWith` the other recognizer (R45).
    case shouldRecognizeSimultaneously(with: GestureRecognizer)
    /// The delegate's `shouldRequireFailureOf` the other recognizer (R53).
    case shouldRequireFailure(of: GestureRecognizer)
    /// The delegate's `shouldBeRequiredToFailBy` the other recognizer (R53).
    case shouldBeRequiredToFail(by: GestureRecognizer)
    /// The scroll view's `touchesShouldBegin(_:with:in:)`, asked by its content delay for a
    /// withheld touch and the view it hit (R236).
    case touchesShouldBegin(Touch, in: View)
    /// The scroll view's `touchesShouldCancel(in:)`, asked by its scroll pan for a view that
    /// already has one of its touches (R241).
    case touchesShouldCancel(View)

    /// The question's name with its argument, for example `shouldRecognizeSimultaneouslyWith P`.
    public var name: String {
        switch self {
        case let .shouldReceive(touch): return "shouldReceive touch \(touch.id)"
        case .shouldBegin, .viewShouldBegin: return "gestureRecognizerShouldBegin"
        case let .shouldRecognizeSimultaneously(other): return "shouldRecognizeSimultaneouslyWith \(traceName(other))"
        case let .shouldRequireFailure(other): return "shouldRequireFailureOf \(traceName(other))"
        case let .shouldBeRequiredToFail(other): return "shouldBeRequiredToFailBy \(traceName(other))"
        case let .touchesShouldBegin(touch, view): return "touchesShouldBegin touch \(touch.id) in \(traceName(view))"
        case let .touchesShouldCancel(view): return "touchesShouldCancel in \(traceName(view))"
        }
    }

    /// Same as ``name``.
    public var description: String { name }
}
