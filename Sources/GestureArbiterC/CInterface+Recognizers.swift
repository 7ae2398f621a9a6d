// The C interface: recognizers, their flags, failure requirements and delegates. Each function
// is documented in gesture_arbiter.h.
import CGestureArbiter
import GestureArbiter

/// Attaches a new recognizer to the view of `handle`, registers it and sends its actions to the
/// environment's action callback.
func makeRecognizer<R: GestureRecognizer>(
    _ handle: ga_view, _ out: UnsafeMutablePointer<ga_recognizer>?, _ build: () throws(CError) -> R
) -> ga_result {
    call { () throws(CError) in
        let (view, environment) = try resolve(handle)
        let out = try require(out, "out")
        let recognizer = try build()
        out.pointee = ga_recognizer(bits: environment.adopt(recognizer))
        try active(environment) { () throws(CError) in view.addGestureRecognizer(recognizer) }
    }
}

/// Makes a tap recognizer (`gesture_arbiter.h`).
@_cdecl("ga_tap_recognizer_create")
public func ga_tap_recognizer_create(
    _ view: ga_view, _ taps: Int32, _ touches: Int32, _ out: UnsafeMutablePointer<ga_recognizer>?
) -> ga_result {
    makeRecognizer(view, out) { () throws(CError) in
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = try count(taps, "taps")
        tap.numberOfTouchesRequired = try count(touches, "touches")
        return tap
    }
}

/// Makes a pan recognizer (`gesture_arbiter.h`).
@_cdecl("ga_pan_recognizer_create")
public func ga_pan_recognizer_create(
    _ view: ga_view, _ minimum: Int32, _ maximum: Int32, _ out: UnsafeMutablePointer<ga_recognizer>?
) -> ga_result {
    makeRecognizer(view, out) { () throws(CError) in
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = try count(minimum, "minimum_touches")
        if maximum != 0 {
            guard maximum >= minimum else {
                throw .invalid("maximum_touches is \(maximum); it must be 0 (no maximum) or at least minimum_touches")
            }
            pan.maximumNumberOfTouches = Int(maximum)
        }
        return pan
    }
}

/// Makes a screen-edge pan recognizer (`gesture_arbiter.h`).
@_cdecl("ga_screen_edge_pan_recognizer_create")
public func ga_screen_edge_pan_recognizer_create(
    _ view: ga_view, _ edges: ga_rect_edge, _ out: UnsafeMutablePointer<ga_recognizer>?
) -> ga_result {
    makeRecognizer(view, out) { () throws(CError) in
        guard edges & ~ga_rect_edge(GA_RECT_EDGE_ALL) == 0 else { throw .invalid("edges has unknown bits (\(edges))") }
        let pan = ScreenEdgePanGestureRecognizer()
        pan.edges = RectEdge(rawValue: UInt(edges))
        return pan
    }
}

/// Makes a long-press recognizer (`gesture_arbiter.h`).
@_cdecl("ga_long_press_recognizer_create")
public func ga_long_press_recognizer_create(
    _ view: ga_view, _ minimumDuration: Int64, _ movement: Double, _ taps: Int32, _ touches: Int32,
    _ out: UnsafeMutablePointer<ga_recognizer>?
) -> ga_result {
    makeRecognizer(view, out) { () throws(CError) in
        let press = LongPressGestureRecognizer()
        press.minimumPressDuration = try duration(minimumDuration, "minimum_press_duration_ns")
        guard try finite(movement, "allowable_movement") >= 0 else { throw .invalid("allowable_movement must be at least 0") }
        press.allowableMovement = movement
        press.numberOfTapsRequired = try count(taps, "taps", minimum: 0)
        press.numberOfTouchesRequired = try count(touches, "touches")
        return press
    }
}

/// Makes a swipe recognizer (`gesture_arbiter.h`).
@_cdecl("ga_swipe_recognizer_create")
public func ga_swipe_recognizer_create(
    _ view: ga_view, _ directions: ga_swipe_direction, _ touches: Int32, _ out: UnsafeMutablePointer<ga_recognizer>?
) -> ga_result {
    makeRecognizer(view, out) { () throws(CError) in
        let known = ga_swipe_direction(GA_SWIPE_RIGHT | GA_SWIPE_LEFT | GA_SWIPE_UP | GA_SWIPE_DOWN)
        guard directions != 0, directions & ~known == 0 else {
            throw .invalid("directions is \(directions); it must be a non-empty set of GA_SWIPE_* bits")
        }
        let swipe = SwipeGestureRecognizer()
        swipe.direction = SwipeGestureRecognizer.Direction(rawValue: UInt(directions))
        swipe.numberOfTouchesRequired = try count(touches, "touches")
        return swipe
    }
}

/// Makes a pinch recognizer (`gesture_arbiter.h`).
@_cdecl("ga_pinch_recognizer_create")
public func ga_pinch_recognizer_create(_ view: ga_view, _ out: UnsafeMutablePointer<ga_recognizer>?) -> ga_result {
    makeRecognizer(view, out) { () throws(CError) in PinchGestureRecognizer() }
}

/// Makes a rotation recognizer (`gesture_arbiter.h`).
@_cdecl("ga_rotation_recognizer_create")
public func ga_rotation_recognizer_create(_ view: ga_view, _ out: UnsafeMutablePointer<ga_recognizer>?) -> ga_result {
    makeRecognizer(view, out) { () throws(CError) in RotationGestureRecognizer() }
}

/// Makes a delayed-touches-began recognizer (`gesture_arbiter.h`).
@_cdecl("ga_delayed_touches_began_recognizer_create")
public func ga_delayed_touches_began_recognizer_create(
    _ view: ga_view, _ delay: Int64, _ out: UnsafeMutablePointer<ga_recognizer>?
) -> ga_result {
    makeRecognizer(view, out) { () throws(CError) in
        let delayed = DelayedTouchesBeganGestureRecognizer()
        delayed.delay = try duration(delay, "delay_ns")
        return delayed
    }
}

/// Refuses a scroll view's built-in recognizer (R230) with GA_ERROR_INVALID_HANDLE, saying why
/// (`why`): it lives as long as its scroll view, and its delegate is its scroll view.
private func refuseBuiltIn(_ recognizer: GestureRecognizer, _ why: String) throws(CError) {
    guard let scrollView = recognizer.view as? ScrollView,
        scrollView.panGestureRecognizer === recognizer || scrollView.delayGestureRecognizer === recognizer
    else { return }
    throw CError(GA_ERROR_INVALID_HANDLE, "recognizer is a scroll view's built-in recognizer (R230): \(why)")
}

/// Destroys a recognizer (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_destroy")
public func ga_recognizer_destroy(_ handle: ga_recognizer) -> ga_result {
    call { () throws(CError) in
        let (recognizer, environment) = try resolve(handle)
        try refuseBuiltIn(recognizer, "it goes when its scroll view is destroyed")
        try active(environment) { () throws(CError) in
            handles.remove(handle.bits)
            environment.forget(recognizer)
            recognizer.view?.removeGestureRecognizer(recognizer)
        }
    }
}

/// A recognizer's type (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_get_type")
public func ga_recognizer_get_type(_ handle: ga_recognizer, _ out: UnsafeMutablePointer<ga_recognizer_type>?)
    -> ga_result
{
    call { () throws(CError) in
        let (recognizer, _) = try resolve(handle)
        let type: Int
        switch recognizer {
        case is TapGestureRecognizer: type = GA_RECOGNIZER_TAP
        case is ScreenEdgePanGestureRecognizer: type = GA_RECOGNIZER_SCREEN_EDGE_PAN
        case is PanGestureRecognizer: type = GA_RECOGNIZER_PAN
        case is LongPressGestureRecognizer: type = GA_RECOGNIZER_LONG_PRESS
        case is SwipeGestureRecognizer: type = GA_RECOGNIZER_SWIPE
        case is PinchGestureRecognizer: type = GA_RECOGNIZER_PINCH
        case is RotationGestureRecognizer: type = GA_RECOGNIZER_ROTATION
        case is HoverGestureRecognizer: type = GA_RECOGNIZER_HOVER
        default: type = GA_RECOGNIZER_DELAYED_TOUCHES_BEGAN
        }
        try store(ga_recognizer_type(type), out, "out")
    }
}

/// A recognizer's view (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_get_view")
public func ga_recognizer_get_view(_ handle: ga_recognizer, _ out: UnsafeMutablePointer<ga_view>?) -> ga_result {
    call { () throws(CError) in
        let (recognizer, environment) = try resolve(handle)
        try store(ga_view(bits: environment.handleBits(of: recognizer.view)), out, "out")
    }
}

/// A recognizer's state (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_get_state")
public func ga_recognizer_get_state(_ handle: ga_recognizer, _ out: UnsafeMutablePointer<ga_state>?) -> ga_result {
    call { () throws(CError) in
        let (recognizer, _) = try resolve(handle)
        try store(ga_state(recognizer.state.rawValue), out, "out")
    }
}

/// A recognizer's location in window coordinates (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_get_location")
public func ga_recognizer_get_location(
    _ handle: ga_recognizer, _ outX: UnsafeMutablePointer<Double>?, _ outY: UnsafeMutablePointer<Double>?
) -> ga_result {
    call { () throws(CError) in
        let (recognizer, _) = try resolve(handle)
        try storePoint(recognizer.location(in: nil), outX, outY)
    }
}

/// Changes one flag of a recognizer.
private func setFlag(_ handle: ga_recognizer, _ body: (GestureRecognizer) -> Void) -> ga_result {
    call { () throws(CError) in
        let (recognizer, environment) = try resolve(handle)
        try active(environment) { body(recognizer) }
    }
}

/// Sets `isEnabled` (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_set_enabled")
public func ga_recognizer_set_enabled(_ recognizer: ga_recognizer, _ enabled: Bool) -> ga_result {
    setFlag(recognizer) { $0.isEnabled = enabled }
}

/// Sets or removes a recognizer's `name` (`gesture_arbiter.h`): UTF-8, copied; NULL removes it.
@_cdecl("ga_recognizer_set_name")
public func ga_recognizer_set_name(_ recognizer: ga_recognizer, _ name: UnsafePointer<CChar>?) -> ga_result {
    call { () throws(CError) in
        let (recognizer, environment) = try resolve(recognizer)
        let text = try optionalText(name, "name")
        try active(environment) { recognizer.name = text }
    }
}

/// Sets or clears the recognizer's own action callback (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_set_action_callback")
public func ga_recognizer_set_action_callback(
    _ recognizer: ga_recognizer, _ callback: ga_action_callback?, _ userData: UnsafeMutableRawPointer?
) -> ga_result {
    call { () throws(CError) in
        let (recognizer, environment) = try resolve(recognizer)
        environment.recognizerActions[ObjectIdentifier(recognizer)] = callback.map { ($0, userData) }
    }
}

/// Sets `cancelsTouchesInView` (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_set_cancels_touches_in_view")
public func ga_recognizer_set_cancels_touches_in_view(_ recognizer: ga_recognizer, _ cancels: Bool) -> ga_result {
    setFlag(recognizer) { $0.cancelsTouchesInView = cancels }
}

/// Sets `delaysTouchesBegan` (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_set_delays_touches_began")
public func ga_recognizer_set_delays_touches_began(_ recognizer: ga_recognizer, _ delays: Bool) -> ga_result {
    setFlag(recognizer) { $0.delaysTouchesBegan = delays }
}

/// Sets `delaysTouchesEnded` (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_set_delays_touches_ended")
public func ga_recognizer_set_delays_touches_ended(_ recognizer: ga_recognizer, _ delays: Bool) -> ga_result {
    setFlag(recognizer) { $0.delaysTouchesEnded = delays }
}

/// Adds a failure requirement (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_require_to_fail")
public func ga_recognizer_require_to_fail(_ handle: ga_recognizer, _ otherHandle: ga_recognizer) -> ga_result {
    call { () throws(CError) in
        let (recognizer, environment) = try resolve(handle)
        let (other, otherEnvironment) = try resolve(otherHandle, "other")
        guard environment === otherEnvironment else {
            throw CError(GA_ERROR_WRONG_ENVIRONMENT, "the two recognizers belong to different environments")
        }
        try active(environment) { recognizer.require(toFail: other) }
    }
}

/// Sets or removes a recognizer's delegate (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_set_delegate")
public func ga_recognizer_set_delegate(_ handle: ga_recognizer, _ delegate: UnsafePointer<ga_delegate>?) -> ga_result {
    call { () throws(CError) in
        let (recognizer, environment) = try resolve(handle)
        try refuseBuiltIn(recognizer, "its delegate is its scroll view and cannot be set")
        try active(environment) {
            if let delegate {
                let object = CDelegate(delegate.pointee, owner: environment)
                environment.delegates[ObjectIdentifier(recognizer)] = object
                recognizer.delegate = object
            } else {
                recognizer.delegate = nil
                environment.delegates[ObjectIdentifier(recognizer)] = nil
            }
        }
    }
}

/// How many touches a recognizer tracks (`gesture_arbiter.h`).
@_cdecl("ga_recognizer_get_number_of_touches")
public func ga_recognizer_get_number_of_touches(_ handle: ga_recognizer, _ out: UnsafeMutablePointer<Int32>?) -> ga_result {
    call { () throws(CError) in
        let (recognizer, _) = try resolve(handle)
        try store(Int32(clamping: recognizer.numberOfTouches), out, "out")
    }
}

/// The recognizer of `handle` as type `R`, else GA_ERROR_INVALID_HANDLE naming the type, with its
/// environment.
func resolveTyped<R: GestureRecognizer>(_ handle: ga_recognizer, as type: R.Type, _ name: String) throws(CError) -> (R, CEnvironment) {
    let (recognizer, environment) = try resolve(handle, name)
    guard let typed = recognizer as? R else {
        throw CError(GA_ERROR_INVALID_HANDLE, "\(name) is a \(Swift.type(of: recognizer)), not a \(R.self)")
    }
    return (typed, environment)
}

/// A pan's translation in window coordinates (`gesture_arbiter.h`).
@_cdecl("ga_pan_get_translation")
public func ga_pan_get_translation(
    _ handle: ga_recognizer, _ outX: UnsafeMutablePointer<Double>?, _ outY: UnsafeMutablePointer<Double>?
) -> ga_result {
    call { () throws(CError) in
        let (pan, _) = try resolveTyped(handle, as: PanGestureRecognizer.self, "pan")
        try storePoint(pan.translation(in: nil), outX, outY)
    }
}

/// A pan's velocity in window coordinates (`gesture_arbiter.h`).
@_cdecl("ga_pan_get_velocity")
public func ga_pan_get_velocity(
    _ handle: ga_recognizer, _ outX: UnsafeMutablePointer<Double>?, _ outY: UnsafeMutablePointer<Double>?
) -> ga_result {
    call { () throws(CError) in
        let (pan, _) = try resolveTyped(handle, as: PanGestureRecognizer.self, "pan")
        try storePoint(pan.velocity(in: nil), outX, outY)
    }
}

/// A pinch's scale (`gesture_arbiter.h`).
@_cdecl("ga_pinch_get_scale")
public func ga_pinch_get_scale(_ handle: ga_recognizer, _ out: UnsafeMutablePointer<Double>?) -> ga_result {
    call { () throws(CError) in
        let (pinch, _) = try resolveTyped(handle, as: PinchGestureRecognizer.self, "pinch")
        try store(pinch.scale, out, "out_scale")
    }
}

/// A pinch's velocity (`gesture_arbiter.h`).
@_cdecl("ga_pinch_get_velocity")
public func ga_pinch_get_velocity(_ handle: ga_recognizer, _ out: UnsafeMutablePointer<Double>?) -> ga_result {
    call { () throws(CError) in
        let (pinch, _) = try resolveTyped(handle, as: PinchGestureRecognizer.self, "pinch")
        try store(pinch.velocity, out, "out_velocity")
    }
}

/// A rotation's angle (`gesture_arbiter.h`).
@_cdecl("ga_rotation_get_rotation")
public func ga_rotation_get_rotation(_ handle: ga_recognizer, _ out: UnsafeMutablePointer<Double>?) -> ga_result {
    call { () throws(CError) in
        let (rotation, _) = try resolveTyped(handle, as: RotationGestureRecognizer.self, "rotation")
        try store(rotation.rotation, out, "out_radians")
    }
}

/// A rotation's velocity (`gesture_arbiter.h`).
@_cdecl("ga_rotation_get_velocity")
public func ga_rotation_get_velocity(_ handle: ga_recognizer, _ out: UnsafeMutablePointer<Double>?) -> ga_result {
    call { () throws(CError) in
        let (rotation, _) = try resolveTyped(handle, as: RotationGestureRecognizer.self, "rotation")
        try store(rotation.velocity, out, "out_velocity")
    }
}
