// The C interface: pointer input (R260-R284, R291-R293): clicks as typed touches with buttons
// and modifier keys, hover, scroll and trackpad transform input, hover recognizers, and the
// recognizers' and controls' button and scroll-type properties. Each function is documented in gesture_arbiter.h.
import CGestureArbiter
import GestureArbiter

/// The touch type of a `ga_touch_type` value, else GA_ERROR_INVALID_ARGUMENT.
private func touchType(_ value: ga_touch_type) throws(CError) -> TouchType {
    guard let type = TouchType(rawValue: Int(value)) else {
        throw .invalid("type is \(value), not a ga_touch_type value (GA_TOUCH_TYPE_DIRECT to GA_TOUCH_TYPE_INDIRECT_POINTER)")
    }
    return type
}

/// A `ga_button_mask` as the engine's mask: every bit is a button (R262).
private func buttonMask(_ value: ga_button_mask) -> Event.ButtonMask {
    Event.ButtonMask(rawValue: Int(truncatingIfNeeded: value))
}

/// The engine's mask as a `ga_button_mask`.
private func cValue(_ mask: Event.ButtonMask) -> ga_button_mask {
    ga_button_mask(truncatingIfNeeded: mask.rawValue)
}

/// A `ga_key_modifier_flags` value as the engine's flags, refusing bits outside
/// GA_KEY_MODIFIER_ALL.
private func modifierFlags(_ value: ga_key_modifier_flags) throws(CError) -> KeyModifierFlags {
    guard value & ~ga_key_modifier_flags(GA_KEY_MODIFIER_ALL) == 0 else {
        throw .invalid("modifiers is 0x\(String(value, radix: 16)); it has bits outside GA_KEY_MODIFIER_ALL (0x3f0000)")
    }
    return KeyModifierFlags(rawValue: Int(value))
}

/// Dispatches a touch event of one touch type with buttons and modifier keys (`gesture_arbiter.h`).
@_cdecl("ga_environment_dispatch_typed")
public func ga_environment_dispatch_typed(
    _ env: ga_environment, _ time: Int64, _ touches: UnsafePointer<ga_touch>?, _ count: Int, _ type: ga_touch_type,
    _ buttons: ga_button_mask, _ modifiers: ga_key_modifier_flags
) -> ga_result {
    call { () throws(CError) in
        // The handle first: a stale one is refused whatever the other arguments are.
        _ = try resolve(env)
        let type = try touchType(type)
        guard type == .indirectPointer || buttons == 0 else {
            throw .invalid("buttons is \(buttons) for touches of type \(type); only pointer touches (GA_TOUCH_TYPE_INDIRECT_POINTER) hold buttons")
        }
        let flags = try modifierFlags(modifiers)
        try dispatchTouches(env, time, touches, count, type: type, buttons: buttonMask(buttons), modifiers: flags)
    }
}

/// Hands one hover or scroll input to the engine, as a touch event is handed (timers first; from
/// a callback, queued and bounded): `input` reads the arguments (after the handle, so that a stale
/// handle is refused whatever they are) and gives the engine's dispatch.
private func dispatchPointer(
    _ env: ga_environment, _ input: () throws(CError) -> (GestureEnvironment) throws(DispatchError) -> Void
) throws(CError) {
    let environment = try resolve(env)
    let dispatch = try input()
    try checkNotInScheduler(environment)
    try active(environment) { () throws(CError) in
        do throws(DispatchError) {
            try dispatch(environment.environment)
        } catch {
            throw CError(error)
        }
    }
}

/// A finite pointer location, else GA_ERROR_NON_FINITE_LOCATION.
private func pointerLocation(_ x: Double, _ y: Double) throws(CError) -> Point {
    guard x.isFinite, y.isFinite else {
        throw CError(GA_ERROR_NON_FINITE_LOCATION, "the pointer location (\(x), \(y)) is not finite")
    }
    return Point(x: x, y: y)
}

/// Dispatches hover input (`gesture_arbiter.h`).
@_cdecl("ga_environment_dispatch_hover")
public func ga_environment_dispatch_hover(
    _ env: ga_environment, _ time: Int64, _ phase: ga_hover_phase, _ x: Double, _ y: Double
) -> ga_result {
    call { () throws(CError) in
        try dispatchPointer(env) { () throws(CError) in
            let hoverPhase: HoverInput.Phase
            switch Int(phase) {
            case Int(GA_HOVER_ENTERED): hoverPhase = .entered
            case Int(GA_HOVER_MOVED): hoverPhase = .moved
            case Int(GA_HOVER_EXITED): hoverPhase = .exited
            default: throw .invalid("phase is \(phase), not a ga_hover_phase value")
            }
            let input = HoverInput(timestamp: Timestamp(nanoseconds: time), phase: hoverPhase, location: try pointerLocation(x, y))
            return { (environment) throws(DispatchError) in try environment.dispatch(input) }
        }
    }
}

/// Dispatches scroll input (`gesture_arbiter.h`).
@_cdecl("ga_environment_dispatch_scroll")
public func ga_environment_dispatch_scroll(
    _ env: ga_environment, _ time: Int64, _ phase: ga_scroll_phase, _ type: ga_scroll_type, _ x: Double, _ y: Double,
    _ dx: Double, _ dy: Double
) -> ga_result {
    call { () throws(CError) in
        try dispatchPointer(env) { () throws(CError) in
            let scrollPhase: ScrollInput.Phase
            switch Int(phase) {
            case Int(GA_SCROLL_PHASE_BEGAN): scrollPhase = .began
            case Int(GA_SCROLL_PHASE_CHANGED): scrollPhase = .changed
            case Int(GA_SCROLL_PHASE_ENDED): scrollPhase = .ended
            case Int(GA_SCROLL_PHASE_CANCELLED): scrollPhase = .cancelled
            default: throw .invalid("phase is \(phase), not a ga_scroll_phase value")
            }
            guard let scrollType = ScrollType(rawValue: Int(type)) else { throw .invalid("type is \(type), not a ga_scroll_type value") }
            let location = try pointerLocation(x, y)
            let delta = Vector(x: try finite(dx, "dx"), y: try finite(dy, "dy"))
            let input = ScrollInput(timestamp: Timestamp(nanoseconds: time), phase: scrollPhase, type: scrollType, location: location, delta: delta)
            return { (environment) throws(DispatchError) in try environment.dispatch(input) }
        }
    }
}

/// Dispatches a trackpad pinch or rotation as transform input (`gesture_arbiter.h`).
@_cdecl("ga_environment_dispatch_transform")
public func ga_environment_dispatch_transform(
    _ env: ga_environment, _ time: Int64, _ phase: ga_transform_phase, _ x: Double, _ y: Double, _ scale: Double,
    _ rotation: Double
) -> ga_result {
    call { () throws(CError) in
        try dispatchPointer(env) { () throws(CError) in
            let transformPhase: TransformInput.Phase
            switch Int(phase) {
            case Int(GA_TRANSFORM_PHASE_BEGAN): transformPhase = .began
            case Int(GA_TRANSFORM_PHASE_CHANGED): transformPhase = .changed
            case Int(GA_TRANSFORM_PHASE_ENDED): transformPhase = .ended
            case Int(GA_TRANSFORM_PHASE_CANCELLED): transformPhase = .cancelled
            default: throw .invalid("phase is \(phase), not a ga_transform_phase value")
            }
            let location = try pointerLocation(x, y)
            guard scale.isFinite, scale > 0 else { throw .invalid("scale is \(scale); it must be a finite number greater than 0") }
            let input = TransformInput(
                timestamp: Timestamp(nanoseconds: time), phase: transformPhase, location: location, scale: scale,
                rotation: try finite(rotation, "rotation"))
            return { (environment) throws(DispatchError) in try environment.dispatch(input) }
        }
    }
}

/// Makes a hover recognizer (`gesture_arbiter.h`).
@_cdecl("ga_hover_recognizer_create")
public func ga_hover_recognizer_create(_ view: ga_view, _ out: UnsafeMutablePointer<ga_recognizer>?) -> ga_result {
    makeRecognizer(view, out) { () throws(CError) in HoverGestureRecognizer() }
}

/// A recognizer's buttons of the latest input (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_get_button_mask")
public func ga_recognizer_get_button_mask(_ handle: ga_recognizer, _ out: UnsafeMutablePointer<ga_button_mask>?) -> ga_result {
    call { () throws(CError) in
        let (recognizer, _) = try resolve(handle)
        try store(cValue(recognizer.buttonMask), out, "out")
    }
}

/// A recognizer's modifier keys of the latest input (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_get_modifier_flags")
public func ga_recognizer_get_modifier_flags(_ handle: ga_recognizer, _ out: UnsafeMutablePointer<ga_key_modifier_flags>?) -> ga_result {
    call { () throws(CError) in
        let (recognizer, _) = try resolve(handle)
        try store(ga_key_modifier_flags(truncatingIfNeeded: recognizer.modifierFlags.rawValue), out, "out")
    }
}

/// Sets a recognizer's `allowedButtonMask` (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_set_allowed_button_mask")
public func ga_recognizer_set_allowed_button_mask(_ handle: ga_recognizer, _ buttons: ga_button_mask) -> ga_result {
    call { () throws(CError) in
        let (recognizer, environment) = try resolve(handle)
        try active(environment) { recognizer.allowedButtonMask = buttonMask(buttons) }
    }
}

/// A recognizer's `allowedButtonMask` (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_get_allowed_button_mask")
public func ga_recognizer_get_allowed_button_mask(_ handle: ga_recognizer, _ out: UnsafeMutablePointer<ga_button_mask>?) -> ga_result {
    call { () throws(CError) in
        let (recognizer, _) = try resolve(handle)
        try store(cValue(recognizer.allowedButtonMask), out, "out")
    }
}

/// Sets a tap's `buttonMaskRequired` (`gesture_arbiter.h`).
@_cdecl("ga_tap_set_button_mask_required")
public func ga_tap_set_button_mask_required(_ handle: ga_recognizer, _ buttons: ga_button_mask) -> ga_result {
    call { () throws(CError) in
        let (tap, environment) = try resolveTyped(handle, as: TapGestureRecognizer.self, "tap")
        guard buttons != 0 else { throw .invalid("buttons is 0; a tap requires at least one button (UIKit asserts)") }
        try active(environment) { tap.buttonMaskRequired = buttonMask(buttons) }
    }
}

/// A tap's `buttonMaskRequired` (`gesture_arbiter.h`).
@_cdecl("ga_tap_get_button_mask_required")
public func ga_tap_get_button_mask_required(_ handle: ga_recognizer, _ out: UnsafeMutablePointer<ga_button_mask>?) -> ga_result {
    call { () throws(CError) in
        let (tap, _) = try resolveTyped(handle, as: TapGestureRecognizer.self, "tap")
        try store(cValue(tap.buttonMaskRequired), out, "out")
    }
}

/// Sets a pan's `allowedScrollTypesMask` (`gesture_arbiter.h`).
@_cdecl("ga_pan_set_allowed_scroll_types")
public func ga_pan_set_allowed_scroll_types(_ handle: ga_recognizer, _ types: ga_scroll_type_mask) -> ga_result {
    call { () throws(CError) in
        let (pan, environment) = try resolveTyped(handle, as: PanGestureRecognizer.self, "pan")
        guard types & ~ga_scroll_type_mask(GA_SCROLL_TYPE_MASK_ALL) == 0 else {
            throw .invalid("types is \(types); it has bits outside GA_SCROLL_TYPE_MASK_ALL (3)")
        }
        try active(environment) { pan.allowedScrollTypesMask = ScrollTypeMask(rawValue: Int(types)) }
    }
}

/// A pan's `allowedScrollTypesMask` (`gesture_arbiter.h`).
@_cdecl("ga_pan_get_allowed_scroll_types")
public func ga_pan_get_allowed_scroll_types(_ handle: ga_recognizer, _ out: UnsafeMutablePointer<ga_scroll_type_mask>?) -> ga_result {
    call { () throws(CError) in
        let (pan, _) = try resolveTyped(handle, as: PanGestureRecognizer.self, "pan")
        try store(ga_scroll_type_mask(truncatingIfNeeded: pan.allowedScrollTypesMask.rawValue), out, "out")
    }
}

/// Sets a control's `requiredButtonMask` (`gesture_arbiter.h`).
@_cdecl("ga_control_set_required_button_mask")
public func ga_control_set_required_button_mask(_ handle: ga_view, _ buttons: ga_button_mask) -> ga_result {
    call { () throws(CError) in
        let (control, environment) = try resolve(control: handle)
        try active(environment) { control.requiredButtonMask = buttonMask(buttons) }
    }
}

/// A control's `requiredButtonMask` (`gesture_arbiter.h`).
@_cdecl("ga_control_get_required_button_mask")
public func ga_control_get_required_button_mask(_ handle: ga_view, _ out: UnsafeMutablePointer<ga_button_mask>?) -> ga_result {
    call { () throws(CError) in
        let (control, _) = try resolve(control: handle)
        try store(cValue(control.requiredButtonMask), out, "out")
    }
}
