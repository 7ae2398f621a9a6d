// The C interface: environments, time, input and the environment's callbacks. Each function is
// documented in gesture_arbiter.h, the reference for C callers.
import CGestureArbiter
import GestureArbiter

/// Makes an environment (`gesture_arbiter.h`).
@_cdecl("ga_environment_create")
public func ga_environment_create(
    _ scheduler: UnsafePointer<ga_scheduler>?, _ out: UnsafeMutablePointer<ga_environment>?
) -> ga_result {
    call { () throws(CError) in
        let out = try require(out, "out")
        var functions: ga_scheduler?
        if let scheduler {
            guard scheduler.pointee.schedule != nil, scheduler.pointee.cancel != nil else {
                throw .invalid("the scheduler's schedule and cancel functions must both be set")
            }
            functions = scheduler.pointee
        }
        let environment = CEnvironment(scheduler: functions)
        environment.bits = handles.insert(environment, kind: .environment, owner: nil)
        out.pointee = ga_environment(bits: environment.bits)
    }
}

/// Destroys an environment (`gesture_arbiter.h`).
@_cdecl("ga_environment_destroy")
public func ga_environment_destroy(_ env: ga_environment) -> ga_result {
    call { () throws(CError) in
        let environment = try resolve(env)
        try active(environment) { () throws(CError) in
            if environment.activeCalls == 1 {
                // Not from a callback: the gesture in flight ends with the host told, window by
                // window, back to front as the engine's own teardown goes (the callbacks may
                // still use the handles meanwhile).
                for window in environment.environment.windows {
                    environment.environment.removeWindow(window)
                }
            }
            environment.isDestroyed = true
            environment.hostScheduler?.isSilenced = true
            environment.environment.tracer = nil
            let removed = handles.removeAll(ownedBy: environment)
            for slot in removed { if let object = slot.object { environment.forget(object) } }
        }
    }
}

/// The environment's time (`gesture_arbiter.h`).
@_cdecl("ga_environment_now")
public func ga_environment_now(_ env: ga_environment, _ out: UnsafeMutablePointer<Int64>?) -> ga_result {
    call { () throws(CError) in
        let environment = try resolve(env)
        try store(environment.environment.now.nanoseconds, out, "out_ns")
    }
}

/// The next timer deadline (`gesture_arbiter.h`).
@_cdecl("ga_environment_next_deadline")
public func ga_environment_next_deadline(
    _ env: ga_environment, _ outHas: UnsafeMutablePointer<Bool>?, _ out: UnsafeMutablePointer<Int64>?
) -> ga_result {
    call { () throws(CError) in
        let environment = try resolve(env)
        let has = try require(outHas, "out_has")
        let time = try require(out, "out_ns")
        if let deadline = environment.environment.nextDeadline {
            has.pointee = true
            time.pointee = deadline.nanoseconds
        } else {
            has.pointee = false
        }
    }
}

/// Refuses a call that would run timers while the host's scheduler function is running.
func checkNotInScheduler(_ environment: CEnvironment) throws(CError) {
    if environment.hostScheduler?.isCallingHost == true {
        throw CError(
            GA_ERROR_BUSY,
            "called from the host scheduler's schedule or cancel function; call it after that function returns")
    }
    // Called from a callback: the input is queued until the running pass ends (R119). Bounded,
    // so that callbacks that keep queueing input cannot keep the outermost call running forever.
    if environment.activeCalls > 0 {
        guard environment.queuedInput < maximumQueuedInput else {
            throw CError(
                GA_ERROR_INPUT_LIMIT,
                "more than \(maximumQueuedInput) events, clock moves and timer firings were queued from callbacks "
                    + "during one call; the rest is refused so that the call returns")
        }
        environment.queuedInput += 1
    }
}

/// The most input (events, clock moves, timer firings) callbacks may queue during one outermost
/// call on an environment (GA_MAX_QUEUED_INPUT in the header).
let maximumQueuedInput = 10_000

/// Moves time (`gesture_arbiter.h`).
@_cdecl("ga_environment_advance_to")
public func ga_environment_advance_to(_ env: ga_environment, _ time: Int64) -> ga_result {
    call { () throws(CError) in
        let environment = try resolve(env)
        try checkNotInScheduler(environment)
        try active(environment) { () throws(CError) in
            do throws(DispatchError) {
                try environment.environment.advance(to: Timestamp(nanoseconds: time))
            } catch {
                throw CError(advancing: error)
            }
        }
    }
}

/// Fires a host timer (`gesture_arbiter.h`).
@_cdecl("ga_environment_fire_timer")
public func ga_environment_fire_timer(_ env: ga_environment, _ token: UInt64) -> ga_result {
    call { () throws(CError) in
        let environment = try resolve(env)
        guard let scheduler = environment.hostScheduler else {
            throw CError(GA_ERROR_WRONG_CLOCK, "the environment runs on a virtual clock; move it with ga_environment_advance_to")
        }
        try checkNotInScheduler(environment)
        guard let deadline = scheduler.deadline(of: token) else { return }
        try active(environment) { () throws(CError) in
            do throws(DispatchError) {
                try environment.environment.advance(to: max(deadline, environment.environment.now))
            } catch {
                throw CError(advancing: error)
            }
        }
    }
}

/// Whether nothing is in flight (`gesture_arbiter.h`).
@_cdecl("ga_environment_is_idle")
public func ga_environment_is_idle(_ env: ga_environment, _ out: UnsafeMutablePointer<Bool>?) -> ga_result {
    call { () throws(CError) in
        let environment = try resolve(env)
        try store(environment.environment.isIdle, out, "out_idle")
    }
}

/// The most touches one event may list (GA_MAX_TOUCHES_PER_EVENT in the header): a larger count
/// is a caller's mistake (a negative number cast to size_t), refused before the array is read.
let maximumTouchesPerEvent = 1024

/// Dispatches a touch event of finger touches (`gesture_arbiter.h`).
@_cdecl("ga_environment_dispatch")
public func ga_environment_dispatch(
    _ env: ga_environment, _ time: Int64, _ touches: UnsafePointer<ga_touch>?, _ count: Int
) -> ga_result {
    call { () throws(CError) in
        try dispatchTouches(env, time, touches, count, type: .direct, buttons: [], modifiers: [])
    }
}

/// Checks a touch event's shape and hands it to the engine (`ga_environment_dispatch`,
/// `ga_environment_dispatch_typed`): every touch of `type`, the event holding `buttons` and
/// `modifiers` (R262, R278).
func dispatchTouches(
    _ env: ga_environment, _ time: Int64, _ touches: UnsafePointer<ga_touch>?, _ count: Int,
    type: TouchType, buttons: Event.ButtonMask, modifiers: KeyModifierFlags
) throws(CError) {
    let environment = try resolve(env)
    guard let touches else { throw .null("touches") }
    guard count >= 0, count <= maximumTouchesPerEvent else {
        throw .invalid("count is \(UInt(bitPattern: count)); an event has at most \(maximumTouchesPerEvent) touches")
    }
    try checkNotInScheduler(environment)
    var inputs: [TouchInput] = []
    swap(&inputs, &environment.inputScratch)
    defer { swap(&inputs, &environment.inputScratch) }
    inputs.removeAll(keepingCapacity: true)
    for index in 0..<count {
        let touch = touches[index]
        guard let phase = TouchPhase(cValue: touch.phase) else {
            throw .invalid("touches[\(index)].phase is \(touch.phase), not a ga_phase value")
        }
        inputs.append(TouchInput(id: try touchID(touch.id), phase: phase, x: touch.x, y: touch.y, type: type))
    }
    try active(environment) { () throws(CError) in
        do throws(DispatchError) {
            let event = TouchEvent(timestamp: Timestamp(nanoseconds: time), touches: inputs, buttonMask: buttons, modifierFlags: modifiers)
            try environment.environment.dispatch(event)
        } catch {
            throw CError(error)
        }
    }
}

/// Sets the action callback (`gesture_arbiter.h`).
@_cdecl("ga_environment_set_action_callback")
public func ga_environment_set_action_callback(
    _ env: ga_environment, _ callback: ga_action_callback?, _ userData: UnsafeMutableRawPointer?
) -> ga_result {
    call { () throws(CError) in
        let environment = try resolve(env)
        environment.action = callback
        environment.actionData = userData
    }
}

/// Sets the delivery callback (`gesture_arbiter.h`).
@_cdecl("ga_environment_set_delivery_callback")
public func ga_environment_set_delivery_callback(
    _ env: ga_environment, _ callback: ga_delivery_callback?, _ userData: UnsafeMutableRawPointer?
) -> ga_result {
    call { () throws(CError) in
        let environment = try resolve(env)
        environment.delivery = callback
        environment.deliveryData = userData
    }
}

/// Sets the trace callback (`gesture_arbiter.h`); the engine has a tracer only while it is set.
@_cdecl("ga_environment_set_trace_callback")
public func ga_environment_set_trace_callback(
    _ env: ga_environment, _ callback: ga_trace_callback?, _ userData: UnsafeMutableRawPointer?
) -> ga_result {
    call { () throws(CError) in
        let environment = try resolve(env)
        environment.trace = callback
        environment.traceData = userData
        environment.environment.tracer = callback == nil ? nil : CTracer(owner: environment)
    }
}
