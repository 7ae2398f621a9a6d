// The C interface: windows and views. Each function is documented in gesture_arbiter.h.
import CGestureArbiter
import GestureArbiter

/// Makes a window (`gesture_arbiter.h`).
@_cdecl("ga_window_create")
public func ga_window_create(
    _ env: ga_environment, _ width: Double, _ height: Double, _ out: UnsafeMutablePointer<ga_window>?
) -> ga_result {
    call { () throws(CError) in
        let environment = try resolve(env)
        let out = try require(out, "out")
        guard try finite(width, "width") >= 0, try finite(height, "height") >= 0 else {
            throw .invalid("a window's width and height must be at least 0")
        }
        let window = Window(width: width, height: height)
        let bits = environment.register(window, kind: .window)
        out.pointee = ga_window(bits: bits)
        try active(environment) { () throws(CError) in environment.environment.addWindow(window) }
    }
}

/// Makes the handles of `view`'s subtree (views, their recognizers and the controls' actions) stale.
private func forgetSubtree(of view: View, in environment: CEnvironment) {
    var stack: [View] = [view]
    while let next = stack.popLast() {
        for recognizer in next.gestureRecognizers {
            handles.remove(environment.handleBits(of: recognizer))
            environment.forget(recognizer)
        }
        for action in environment.controlActions[ObjectIdentifier(next)] ?? [] {
            handles.remove(action.bits)
            environment.forget(action)
        }
        handles.remove(environment.handleBits(of: next))
        environment.forget(next)
        stack.append(contentsOf: next.subviews)
    }
}

/// Destroys a window (`gesture_arbiter.h`).
@_cdecl("ga_window_destroy")
public func ga_window_destroy(_ handle: ga_window) -> ga_result {
    call { () throws(CError) in
        let (window, environment) = try resolve(handle)
        try active(environment) { () throws(CError) in
            forgetSubtree(of: window, in: environment)
            environment.environment.removeWindow(window)
        }
    }
}

/// A window's handle as a view (`gesture_arbiter.h`).
@_cdecl("ga_window_get_view")
public func ga_window_get_view(_ handle: ga_window, _ out: UnsafeMutablePointer<ga_view>?) -> ga_result {
    call { () throws(CError) in
        _ = try resolve(handle)
        try store(ga_view(bits: handle.bits), out, "out")
    }
}

/// Makes a view of the C interface: `build` makes it from its checked frame in the environment;
/// it is registered and its handle written to `out` (`ga_view_create`, `ga_control_create`,
/// `ga_scroll_view_create`).
func makeView(
    _ env: ga_environment, _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ out: UnsafeMutablePointer<ga_view>?,
    _ build: (Rect, CEnvironment) throws(CError) -> View
) -> ga_result {
    call { () throws(CError) in
        let environment = try resolve(env)
        let out = try require(out, "out")
        let view = try build(try finiteFrame(x, y, width, height), environment)
        out.pointee = ga_view(bits: environment.register(view, kind: .view))
    }
}

/// Makes a view (`gesture_arbiter.h`).
@_cdecl("ga_view_create")
public func ga_view_create(
    _ env: ga_environment, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
    _ out: UnsafeMutablePointer<ga_view>?
) -> ga_result {
    makeView(env, x, y, width, height, out) { frame, environment in
        let view = CView(frame: frame)
        view.owner = environment
        return view
    }
}

/// Destroys a view (`gesture_arbiter.h`).
@_cdecl("ga_view_destroy")
public func ga_view_destroy(_ handle: ga_view) -> ga_result {
    call { () throws(CError) in
        let (view, environment) = try resolve(handle, viewOnly: true)
        try active(environment) { () throws(CError) in
            forgetSubtree(of: view, in: environment)
            view.removeFromSuperview()
        }
    }
}

/// Adds `view` to `parent` (a view or a window).
private func add(_ view: View, _ viewEnvironment: CEnvironment, to parent: View, _ parentEnvironment: CEnvironment)
    throws(CError)
{
    guard viewEnvironment === parentEnvironment else {
        throw CError(GA_ERROR_WRONG_ENVIRONMENT, "the view and its new superview belong to different environments")
    }
    guard !parent.isDescendant(of: view) else {
        throw CError(GA_ERROR_INVALID_TREE, "the new superview is the view itself or one of its descendants")
    }
    try active(parentEnvironment) { () throws(CError) in parent.addSubview(view) }
}

/// Adds a subview to a window (`gesture_arbiter.h`).
@_cdecl("ga_window_add_subview")
public func ga_window_add_subview(_ window: ga_window, _ view: ga_view) -> ga_result {
    call { () throws(CError) in
        let (parent, parentEnvironment) = try resolve(window)
        let (child, childEnvironment) = try resolve(view, viewOnly: true)
        try add(child, childEnvironment, to: parent, parentEnvironment)
    }
}

/// Adds a subview to a view (`gesture_arbiter.h`).
@_cdecl("ga_view_add_subview")
public func ga_view_add_subview(_ parent: ga_view, _ view: ga_view) -> ga_result {
    call { () throws(CError) in
        let (superview, parentEnvironment) = try resolve(parent, "parent")
        let (child, childEnvironment) = try resolve(view, viewOnly: true)
        try add(child, childEnvironment, to: superview, parentEnvironment)
    }
}

/// Removes a view from its superview (`gesture_arbiter.h`).
@_cdecl("ga_view_remove_from_superview")
public func ga_view_remove_from_superview(_ handle: ga_view) -> ga_result {
    call { () throws(CError) in
        let (view, environment) = try resolve(handle, viewOnly: true)
        try active(environment) { () throws(CError) in view.removeFromSuperview() }
    }
}

/// Changes one property of a view.
private func setProperty(_ handle: ga_view, _ body: (View) throws(CError) -> Void) -> ga_result {
    call { () throws(CError) in
        let (view, environment) = try resolve(handle)
        try active(environment) { () throws(CError) in try body(view) }
    }
}

/// Sets a view's frame (`gesture_arbiter.h`).
@_cdecl("ga_view_set_frame")
public func ga_view_set_frame(_ view: ga_view, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> ga_result {
    setProperty(view) { view throws(CError) in
        view.frame = try finiteFrame(x, y, width, height)
    }
}

/// Sets a view's affine transform about its frame's centre (`gesture_arbiter.h`, R285-R289).
@_cdecl("ga_view_set_transform")
public func ga_view_set_transform(
    _ view: ga_view, _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double
) -> ga_result {
    setProperty(view) { view throws(CError) in
        guard [a, b, c, d, tx, ty].allSatisfy(\.isFinite) else { throw .invalid("a transform entry is not finite") }
        view.transform = AffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }
}

/// A view's affine transform, as six numbers a, b, c, d, tx, ty (`gesture_arbiter.h`).
@_cdecl("ga_view_get_transform")
public func ga_view_get_transform(_ handle: ga_view, _ out: UnsafeMutablePointer<Double>?) -> ga_result {
    call { () throws(CError) in
        let (view, _) = try resolve(handle)
        guard let out else { throw .null("out_transform") }
        let transform = view.transform
        for (index, value) in [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].enumerated() {
            out[index] = value
        }
    }
}

/// Sets `isHidden` (`gesture_arbiter.h`).
@_cdecl("ga_view_set_hidden")
public func ga_view_set_hidden(_ view: ga_view, _ hidden: Bool) -> ga_result {
    setProperty(view) { $0.isHidden = hidden }
}

/// Sets or removes a view's `name` (`gesture_arbiter.h`): UTF-8, copied; NULL removes it.
@_cdecl("ga_view_set_name")
public func ga_view_set_name(_ view: ga_view, _ name: UnsafePointer<CChar>?) -> ga_result {
    setProperty(view) { view throws(CError) in view.name = try optionalText(name, "name") }
}

/// Sets `isUserInteractionEnabled` (`gesture_arbiter.h`).
@_cdecl("ga_view_set_user_interaction_enabled")
public func ga_view_set_user_interaction_enabled(_ view: ga_view, _ enabled: Bool) -> ga_result {
    setProperty(view) { $0.isUserInteractionEnabled = enabled }
}

/// Sets `alpha` (`gesture_arbiter.h`).
@_cdecl("ga_view_set_alpha")
public func ga_view_set_alpha(_ view: ga_view, _ alpha: Double) -> ga_result {
    setProperty(view) { view throws(CError) in
        guard !alpha.isNaN else { throw .invalid("alpha is NaN") }
        view.alpha = min(max(alpha, 0), 1)
    }
}

/// Sets `clipsToBounds` (`gesture_arbiter.h`).
@_cdecl("ga_view_set_clips_to_bounds")
public func ga_view_set_clips_to_bounds(_ view: ga_view, _ clips: Bool) -> ga_result {
    setProperty(view) { $0.clipsToBounds = clips }
}

/// Sets `isMultipleTouchEnabled` (`gesture_arbiter.h`).
@_cdecl("ga_view_set_multiple_touch_enabled")
public func ga_view_set_multiple_touch_enabled(_ view: ga_view, _ enabled: Bool) -> ga_result {
    setProperty(view) { $0.isMultipleTouchEnabled = enabled }
}

/// Sets `isExclusiveTouch` (`gesture_arbiter.h`).
@_cdecl("ga_view_set_exclusive_touch")
public func ga_view_set_exclusive_touch(_ view: ga_view, _ exclusive: Bool) -> ga_result {
    setProperty(view) { $0.isExclusiveTouch = exclusive }
}

/// Sets whether the view reports its touches (`gesture_arbiter.h`).
@_cdecl("ga_view_set_handles_touches")
public func ga_view_set_handles_touches(_ view: ga_view, _ handles: Bool) -> ga_result {
    call { () throws(CError) in
        let (object, _) = try resolve(view, viewOnly: true)
        guard let cView = object as? any CTouchReporting else {
            throw CError(GA_ERROR_INVALID_HANDLE, "view is not a view made by ga_view_create or ga_scroll_view_create")
        }
        cView.handlesTouches = handles
    }
}
