// The C interface: controls and buttons (UIControl, UIButton; R200-R227), their state and their
// actions. Each function is documented in gesture_arbiter.h.
import CGestureArbiter
import GestureArbiter

/// One C action on a control (`ga_control_add_action`): the C callback, its user data, and the
/// engine's registrations that call it.
///
/// The engine's actions receive the control, not the events sent, so the action registers one
/// engine action per bit of its mask, each calling the callback with its bit. The controls of the
/// C interface send one event at a time (their touch handling, R205-R208, R212; the C interface
/// has no `sendActions`), so each send calls the callback once, with the event sent, in the
/// order the actions were added (R211).
final class CControlAction {
    let callback: ga_control_action_callback
    let data: UnsafeMutableRawPointer?
    /// Weak: the control holds the engine's registrations, which hold this action.
    weak var control: Control?
    weak var owner: CEnvironment?
    /// The action's handle bits.
    var bits: UInt64 = 0
    /// The engine's registrations, one per event bit.
    var registrations: [ActionHandle] = []

    init(_ callback: @escaping ga_control_action_callback, _ data: UnsafeMutableRawPointer?, control: Control, owner: CEnvironment) {
        self.callback = callback
        self.data = data
        self.control = control
        self.owner = owner
    }

    /// Calls the C callback with `events`, unless the action was removed or its control or
    /// environment destroyed (even during the send that is running: its user data may be gone).
    func fire(_ events: Control.Event) {
        guard let owner, !owner.isDestroyed, owner.handleBits(of: self) == bits, let control else { return }
        let controlBits = owner.handleBits(of: control)
        guard controlBits != 0 else { return }
        callback(data, ga_control_action(bits: bits), ga_view(bits: controlBits), ga_control_event(events.rawValue))
    }
}

/// Makes a control or a button (`gesture_arbiter.h`).
@_cdecl("ga_control_create")
public func ga_control_create(
    _ env: ga_environment, _ kind: ga_control_kind, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
    _ out: UnsafeMutablePointer<ga_view>?
) -> ga_result {
    makeView(env, x, y, width, height, out) { frame, _ throws(CError) in
        switch Int(kind) {
        case Int(GA_CONTROL_KIND_CONTROL): return Control(frame: frame)
        case Int(GA_CONTROL_KIND_BUTTON): return Button(frame: frame)
        default: throw .invalid("kind is \(kind); it must be GA_CONTROL_KIND_CONTROL or GA_CONTROL_KIND_BUTTON")
        }
    }
}

/// Changes one property of a control.
private func setControlProperty(_ handle: ga_view, _ body: (Control) -> Void) -> ga_result {
    call { () throws(CError) in
        let (control, environment) = try resolve(control: handle)
        try active(environment) { () throws(CError) in body(control) }
    }
}

/// Sets `isEnabled` (`gesture_arbiter.h`).
@_cdecl("ga_control_set_enabled")
public func ga_control_set_enabled(_ control: ga_view, _ enabled: Bool) -> ga_result {
    setControlProperty(control) { $0.isEnabled = enabled }
}

/// Sets `isSelected` (`gesture_arbiter.h`).
@_cdecl("ga_control_set_selected")
public func ga_control_set_selected(_ control: ga_view, _ selected: Bool) -> ga_result {
    setControlProperty(control) { $0.isSelected = selected }
}

/// A control's state bits, with tracking and touch-inside (`gesture_arbiter.h`).
@_cdecl("ga_control_get_state")
public func ga_control_get_state(_ handle: ga_view, _ out: UnsafeMutablePointer<ga_control_state>?) -> ga_result {
    call { () throws(CError) in
        let (control, _) = try resolve(control: handle)
        var state = ga_control_state(control.state.rawValue)
        if control.isTracking { state |= ga_control_state(GA_CONTROL_STATE_TRACKING) }
        if control.isTouchInside { state |= ga_control_state(GA_CONTROL_STATE_TOUCH_INSIDE) }
        try store(state, out, "out")
    }
}

/// Registers a C action for control events (`gesture_arbiter.h`).
@_cdecl("ga_control_add_action")
public func ga_control_add_action(
    _ handle: ga_view, _ events: ga_control_event, _ callback: ga_control_action_callback?, _ userData: UnsafeMutableRawPointer?,
    _ out: UnsafeMutablePointer<ga_control_action>?
) -> ga_result {
    call { () throws(CError) in
        let (control, environment) = try resolve(control: handle)
        guard let callback else { throw .null("callback") }
        let out = try require(out, "out")
        guard events != 0, events & ~ga_control_event(GA_CONTROL_EVENT_ALL) == 0 else {
            throw .invalid("events is \(events); it must be a non-empty set of GA_CONTROL_EVENT_* bits")
        }
        let action = CControlAction(callback, userData, control: control, owner: environment)
        action.bits = environment.register(action, kind: .controlAction)
        environment.controlActions[ObjectIdentifier(control), default: []].append(action)
        var rest = UInt(events)
        while rest != 0 {
            let bit = Control.Event(rawValue: rest & (~rest &+ 1))
            rest &= rest &- 1
            action.registrations.append(control.addAction(for: bit) { _, _ in action.fire(bit) })
        }
        out.pointee = ga_control_action(bits: action.bits)
    }
}

/// Removes a C action (`gesture_arbiter.h`).
@_cdecl("ga_control_remove_action")
public func ga_control_remove_action(_ handle: ga_control_action) -> ga_result {
    call { () throws(CError) in
        let (action, environment) = try resolve(handle)
        try active(environment) { () throws(CError) in
            handles.remove(action.bits)
            environment.forget(action)
            guard let control = action.control else { return }
            environment.controlActions[ObjectIdentifier(control)]?.removeAll { $0 === action }
            for registration in action.registrations { control.removeAction(registration) }
        }
    }
}
