import CGestureArbiter
import GestureArbiter

/// One C environment: the engine's environment, the C callbacks, and the map from the engine's
/// objects back to their handles (for the callbacks' arguments).
final class CEnvironment {
    let environment: GestureEnvironment
    /// The host's scheduler, when the host owns time.
    let hostScheduler: HostScheduler?
    var bits: UInt64 = 0
    /// Set by `ga_environment_destroy`: no callback runs from then on.
    var isDestroyed = false
    /// How many library calls on this environment are running (more than one from callbacks).
    var activeCalls = 0
    /// The thread inside a call on this environment (``ga_internal_thread_id``), 0 for none.
    /// Read and written under the handle table's lock only.
    var claimingThread: UInt = 0
    /// Input (events, clock moves, timer firings) queued from callbacks since the outermost call
    /// began: bounded by ``maximumQueuedInput``.
    var queuedInput = 0

    var action: ga_action_callback?
    var actionData: UnsafeMutableRawPointer?
    var delivery: ga_delivery_callback?
    var deliveryData: UnsafeMutableRawPointer?
    var trace: ga_trace_callback?
    var traceData: UnsafeMutableRawPointer?

    /// Handle bits by object, for the callbacks: windows, views and recognizers with a live handle.
    private var bitsByObject: [ObjectIdentifier: UInt64] = [:]
    /// The recognizers' delegates (a recognizer holds its delegate weakly).
    var delegates: [ObjectIdentifier: CDelegate] = [:]
    /// The recognizers' own action callbacks and their user data (`ga_recognizer_set_action_callback`).
    var recognizerActions: [ObjectIdentifier: (callback: ga_action_callback, data: UnsafeMutableRawPointer?)] = [:]
    /// The controls' C actions (`ga_control_add_action`) by control, in the order added.
    var controlActions: [ObjectIdentifier: [CControlAction]] = [:]
    /// The touches of the event being dispatched, reused so that a dispatch allocates no array
    /// of its own in steady state (an event the engine keeps, queued from a callback, keeps its
    /// copy: the array is a value).
    var inputScratch: [TouchInput] = []

    init(scheduler: ga_scheduler?) {
        if let scheduler {
            let host = HostScheduler(scheduler)
            hostScheduler = host
            environment = GestureEnvironment(scheduler: host)
        } else {
            hostScheduler = nil
            environment = GestureEnvironment()
        }
    }

    func register(_ object: AnyObject, kind: HandleKind) -> UInt64 {
        let bits = handles.insert(object, kind: kind, owner: self)
        bitsByObject[ObjectIdentifier(object)] = bits
        return bits
    }

    func forget(_ object: AnyObject) {
        bitsByObject[ObjectIdentifier(object)] = nil
        delegates[ObjectIdentifier(object)] = nil
        recognizerActions[ObjectIdentifier(object)] = nil
        controlActions[ObjectIdentifier(object)] = nil
    }

    func handleBits(of object: AnyObject?) -> UInt64 {
        guard let object else { return 0 }
        return bitsByObject[ObjectIdentifier(object)] ?? 0
    }

    // MARK: Callbacks

    /// Calls the environment's action callback, then the recognizer's own (each if set).
    func sendAction(_ recognizer: GestureRecognizer) {
        guard !isDestroyed else { return }
        let bits = handleBits(of: recognizer)
        guard bits != 0 else { return }
        if let action { action(actionData, ga_recognizer(bits: bits), ga_state(recognizer.state.rawValue)) }
        // The environment's callback may have destroyed the environment or the recognizer.
        guard !isDestroyed, handleBits(of: recognizer) == bits, let own = recognizerActions[ObjectIdentifier(recognizer)] else { return }
        own.callback(own.data, ga_recognizer(bits: bits), ga_state(recognizer.state.rawValue))
    }

    /// Makes `recognizer` a C object: its actions go to ``sendAction(_:)`` (and so to the
    /// environment's and its own action callbacks), and it gets a handle; returns the handle's bits.
    func adopt(_ recognizer: GestureRecognizer) -> UInt64 {
        _ = recognizer.addAction { [weak self] recognizer in self?.sendAction(recognizer) }
        return register(recognizer, kind: .recognizer)
    }

    func deliver(_ view: View, _ phase: TouchPhase, _ touches: TouchSet) {
        guard !isDestroyed, let delivery else { return }
        let bits = handleBits(of: view)
        guard bits != 0 else { return }
        // On the stack for the usual few touches: a delivery allocates nothing.
        withUnsafeTemporaryAllocation(of: Int64.self, capacity: max(touches.count, 1)) { buffer in
            var count = 0
            for touch in touches where count < buffer.count {
                buffer[count] = Int64(touch.id)
                count += 1
            }
            delivery(deliveryData, ga_view(bits: bits), phase.cValue, buffer.baseAddress, count)
        }
    }

    func sendTrace(_ record: TraceRecord) {
        guard !isDestroyed, let trace else { return }
        var event = ga_trace_event()
        event.time_ns = environment.now.nanoseconds
        switch record {
        case let .hitTest(touch, view):
            event.kind = ga_trace_kind(GA_TRACE_HIT_TEST)
            event.touch_id = Int64(touch.id)
            event.view = ga_view(bits: handleBits(of: view))
        case let .stateChanged(recognizer, from, to, _):
            event.kind = ga_trace_kind(GA_TRACE_STATE_CHANGED)
            event.recognizer = ga_recognizer(bits: handleBits(of: recognizer))
            event.from_state = ga_state(from.rawValue)
            event.to_state = ga_state(to.rawValue)
        case let .actionSent(recognizer, state, isDiscrete):
            event.kind = ga_trace_kind(GA_TRACE_ACTION_SENT)
            event.recognizer = ga_recognizer(bits: handleBits(of: recognizer))
            event.to_state = ga_state(state.rawValue)
            event.is_discrete = isDiscrete
        default:
            return
        }
        trace(traceData, &event)
    }
}

/// A view made through C that reports its touches through the environment's delivery callback
/// while ``handlesTouches`` is true, and otherwise passes them up the responder chain (a plain
/// view made by `ga_view_create`, a scroll view made by `ga_scroll_view_create`).
protocol CTouchReporting: View {
    var owner: CEnvironment? { get }
    var handlesTouches: Bool { get set }
}

extension CTouchReporting {
    /// Reports `touches` in `phase` when the view handles its touches; false when it does not,
    /// and the caller passes them on (its superclass's method).
    func report(_ phase: TouchPhase, _ touches: TouchSet) -> Bool {
        guard handlesTouches, let owner else { return false }
        owner.deliver(self, phase, touches)
        return true
    }
}

/// A view made through C: reports its touches through the environment's delivery callback, or
/// passes them up the responder chain.
final class CView: View, CTouchReporting {
    override class var usesDefaultHitTesting: Bool { true }

    weak var owner: CEnvironment?
    var handlesTouches = true

    override func touchesBegan(_ t: TouchSet, with e: Event?) { if !report(.began, t) { super.touchesBegan(t, with: e) } }
    override func touchesMoved(_ t: TouchSet, with e: Event?) { if !report(.moved, t) { super.touchesMoved(t, with: e) } }
    override func touchesEnded(_ t: TouchSet, with e: Event?) { if !report(.ended, t) { super.touchesEnded(t, with: e) } }
    override func touchesCancelled(_ t: TouchSet, with e: Event?) { if !report(.cancelled, t) { super.touchesCancelled(t, with: e) } }
}

/// The tracer of an environment with a trace callback.
final class CTracer: Tracer {
    weak var owner: CEnvironment?

    init(owner: CEnvironment) {
        self.owner = owner
    }

    func record(_ record: TraceRecord) {
        owner?.sendTrace(record)
    }
}

/// A recognizer's delegate made of C functions.
final class CDelegate: GestureRecognizerDelegate {
    let functions: ga_delegate
    weak var owner: CEnvironment?

    init(_ functions: ga_delegate, owner: CEnvironment) {
        self.functions = functions
        self.owner = owner
    }

    /// The handle of `recognizer`: nil (so the default answer) when the environment is destroyed,
    /// or, unless `orNull`, when the recognizer's handle was destroyed.
    private func handle(_ recognizer: GestureRecognizer, orNull: Bool = false) -> ga_recognizer? {
        guard let owner, !owner.isDestroyed else { return nil }
        let bits = owner.handleBits(of: recognizer)
        guard bits != 0 || orNull else { return nil }
        return ga_recognizer(bits: bits)
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let function = functions.should_begin, let me = handle(gestureRecognizer) else { return true }
        return function(functions.user_data, me)
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        guard let function = functions.should_receive, let me = handle(gestureRecognizer) else { return true }
        return function(functions.user_data, me, Int64(touch.id))
    }

    private func ask(_ function: ga_pair_callback?, _ recognizer: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
        guard let function, let me = handle(recognizer), let them = handle(other, orNull: true) else { return false }
        return function(functions.user_data, me, them)
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        ask(functions.should_recognize_simultaneously, gestureRecognizer, otherGestureRecognizer)
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        ask(functions.should_require_failure, gestureRecognizer, otherGestureRecognizer)
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        ask(functions.should_be_required_to_fail, gestureRecognizer, otherGestureRecognizer)
    }
}

/// A ``Scheduler`` whose timers the host runs: it tells the host to schedule and cancel tokens,
/// and fires a timer's action when the environment advances past its deadline (the host calls
/// `ga_environment_fire_timer`, which advances to the deadline).
final class HostScheduler: Scheduler {
    private struct Pending {
        var deadline: Timestamp
        var token: UInt64
        var action: () -> Void
    }

    private let functions: ga_scheduler
    private(set) var now = Timestamp.zero
    /// Sorted by (deadline, token): the firing order.
    private var pending: [Pending] = []
    private var lastToken: UInt64 = 0
    /// How many of the host's schedule or cancel functions are running (they may nest: a
    /// function that changes a recognizer can make the engine cancel another timer).
    private var hostCallDepth = 0
    /// True while one of the host's schedule or cancel functions runs.
    var isCallingHost: Bool { hostCallDepth > 0 }
    /// Set when the environment is destroyed: the host's functions are not called any more.
    var isSilenced = false

    init(_ functions: ga_scheduler) {
        self.functions = functions
    }

    var nextDeadline: Timestamp? { pending.first?.deadline }

    func deadline(of token: UInt64) -> Timestamp? {
        pending.first { $0.token == token }?.deadline
    }

    func schedule(at deadline: Timestamp, _ action: @escaping () -> Void) -> TimerHandle {
        lastToken += 1
        let token = lastToken
        let index = pending.firstIndex { $0.deadline > deadline } ?? pending.count
        pending.insert(Pending(deadline: deadline, token: token, action: action), at: index)
        if !isSilenced {
            hostCallDepth += 1
            functions.schedule?(functions.user_data, token, deadline.nanoseconds)
            hostCallDepth -= 1
        }
        return TimerHandle(rawValue: token)
    }

    func cancel(_ handle: TimerHandle) {
        guard let index = pending.firstIndex(where: { $0.token == handle.rawValue }) else { return }
        pending.remove(at: index)
        if !isSilenced {
            hostCallDepth += 1
            functions.cancel?(functions.user_data, handle.rawValue)
            hostCallDepth -= 1
        }
    }

    func advance(to time: Timestamp) throws(ClockError) {
        guard time >= now else { throw .timeWentBackwards(now: now, requested: time) }
        var firingsAtInstant = 0
        while let first = pending.first, first.deadline <= time {
            pending.removeFirst()
            if first.deadline > now {
                now = first.deadline
                firingsAtInstant = 0
            }
            firingsAtInstant += 1
            if firingsAtInstant > VirtualClock.timerChainLimit {
                throw .timersDidNotSettle(at: now, firings: firingsAtInstant - 1)
            }
            first.action()
        }
        now = time
    }
}

extension TouchPhase {
    /// The phase's `ga_phase` value.
    var cValue: ga_phase {
        switch self {
        case .began: return ga_phase(GA_PHASE_BEGAN)
        case .moved: return ga_phase(GA_PHASE_MOVED)
        case .stationary: return ga_phase(GA_PHASE_STATIONARY)
        case .ended: return ga_phase(GA_PHASE_ENDED)
        case .cancelled: return ga_phase(GA_PHASE_CANCELLED)
        }
    }

    /// The phase of a `ga_phase` value, nil when out of range.
    init?(cValue: ga_phase) {
        switch Int(cValue) {
        case Int(GA_PHASE_BEGAN): self = .began
        case Int(GA_PHASE_MOVED): self = .moved
        case Int(GA_PHASE_STATIONARY): self = .stationary
        case Int(GA_PHASE_ENDED): self = .ended
        case Int(GA_PHASE_CANCELLED): self = .cancelled
        default: return nil
        }
    }
}
