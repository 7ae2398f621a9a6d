// The C interface: scroll views (UIScrollView; R230-R256), their properties, their built-in
// recognizers and their callbacks. Each function is documented in gesture_arbiter.h.
import CGestureArbiter
import GestureArbiter

/// A scroll view made through C (`ga_scroll_view_create`): the engine's ``ScrollView``, which
/// reports its own touches as a C view does, tells its scroll callback when it scrolls and when a
/// drag begins and ends (it is its own delegate), and asks its content-touch callbacks
/// `touchesShouldBegin` and `touchesShouldCancel` (UIKit's answers when they are not set).
final class CScrollView: ScrollView, ScrollViewDelegate, CTouchReporting {
    override class var usesDefaultHitTesting: Bool { true }

    weak var owner: CEnvironment?
    var handlesTouches = true
    /// `ga_scroll_view_set_scroll_callback`'s function and user data.
    var scrollCallback: (function: ga_scroll_callback, data: UnsafeMutableRawPointer?)?
    /// `ga_scroll_view_set_content_touch_callbacks`'s functions (each may be NULL) and user data.
    var shouldBegin: ga_touches_should_begin_callback?
    var shouldCancel: ga_touches_should_cancel_callback?
    var contentTouchData: UnsafeMutableRawPointer?

    init(frame: Rect, owner: CEnvironment) {
        self.owner = owner
        super.init(frame: frame)
        delegate = self
    }

    override func touchesBegan(_ t: TouchSet, with e: Event?) { if !report(.began, t) { super.touchesBegan(t, with: e) } }
    override func touchesMoved(_ t: TouchSet, with e: Event?) { if !report(.moved, t) { super.touchesMoved(t, with: e) } }
    override func touchesEnded(_ t: TouchSet, with e: Event?) { if !report(.ended, t) { super.touchesEnded(t, with: e) } }
    override func touchesCancelled(_ t: TouchSet, with e: Event?) { if !report(.cancelled, t) { super.touchesCancelled(t, with: e) } }

    /// The scroll view's handle, or nil when no callback may run: the environment was destroyed
    /// or the scroll view's handle was (it was destroyed, perhaps by the running callback).
    private var liveHandle: ga_view? {
        guard let owner, !owner.isDestroyed else { return nil }
        let bits = owner.handleBits(of: self)
        return bits == 0 ? nil : ga_view(bits: bits)
    }

    /// The handle of `view` for a question: the null handle when it has none.
    private func handle(of view: View) -> ga_view { ga_view(bits: owner?.handleBits(of: view) ?? 0) }

    private func tell(_ event: Int) {
        guard let callback = scrollCallback, let me = liveHandle else { return }
        callback.function(callback.data, me, ga_scroll_event(event))
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) { tell(GA_SCROLL_EVENT_DID_SCROLL) }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { tell(GA_SCROLL_EVENT_WILL_BEGIN_DRAGGING) }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) { tell(GA_SCROLL_EVENT_DID_END_DRAGGING) }

    /// R236: the C callback's answer for the one touch offered, else UIKit's (true).
    override func touchesShouldBegin(_ touches: TouchSet, with event: Event?, in view: View) -> Bool {
        guard let function = shouldBegin, let me = liveHandle, let touch = touches.first else {
            return super.touchesShouldBegin(touches, with: event, in: view)
        }
        return function(contentTouchData, me, Int64(touch.id), handle(of: view))
    }

    /// R241, R256: the C callback's answer, else UIKit's (true, false for a control).
    override func touchesShouldCancel(in view: View) -> Bool {
        guard let function = shouldCancel, let me = liveHandle else { return super.touchesShouldCancel(in: view) }
        return function(contentTouchData, me, handle(of: view))
    }
}

/// Makes a scroll view and the handles of its two built-in recognizers (`gesture_arbiter.h`).
@_cdecl("ga_scroll_view_create")
public func ga_scroll_view_create(
    _ env: ga_environment, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
    _ out: UnsafeMutablePointer<ga_view>?
) -> ga_result {
    makeView(env, x, y, width, height, out) { frame, environment in
        let scrollView = CScrollView(frame: frame, owner: environment)
        // R230: the delay, then the pan; their actions reach the action callbacks after the
        // scroll view's own handling of its pan (R245).
        _ = environment.adopt(scrollView.delayGestureRecognizer)
        _ = environment.adopt(scrollView.panGestureRecognizer)
        return scrollView
    }
}

/// Changes a scroll view, counting the call as active (setting the offset calls back).
private func changeScrollView(_ handle: ga_view, _ body: (CScrollView) throws(CError) -> Void) -> ga_result {
    call { () throws(CError) in
        let (scrollView, environment) = try resolve(scrollView: handle)
        try active(environment) { () throws(CError) in try body(scrollView) }
    }
}

/// Reads a scroll view.
private func readScrollView(_ handle: ga_view, _ body: (CScrollView) throws(CError) -> Void) -> ga_result {
    call { () throws(CError) in try body(try resolve(scrollView: handle).0) }
}

/// Sets `contentSize` (`gesture_arbiter.h`).
@_cdecl("ga_scroll_view_set_content_size")
public func ga_scroll_view_set_content_size(_ handle: ga_view, _ width: Double, _ height: Double) -> ga_result {
    changeScrollView(handle) { scrollView throws(CError) in
        guard try finite(width, "width") >= 0, try finite(height, "height") >= 0 else {
            throw .invalid("a content size's width and height must be at least 0")
        }
        scrollView.contentSize = Size(width: width, height: height)
    }
}

/// Reads `contentSize` (`gesture_arbiter.h`).
@_cdecl("ga_scroll_view_get_content_size")
public func ga_scroll_view_get_content_size(
    _ handle: ga_view, _ outWidth: UnsafeMutablePointer<Double>?, _ outHeight: UnsafeMutablePointer<Double>?
) -> ga_result {
    readScrollView(handle) { scrollView throws(CError) in
        let size = scrollView.contentSize
        try storePoint(Point(x: size.width, y: size.height), outWidth, outHeight, names: ("out_width", "out_height"))
    }
}

/// Sets `contentOffset` (`gesture_arbiter.h`): the scroll callback hears did-scroll when it changes.
@_cdecl("ga_scroll_view_set_content_offset")
public func ga_scroll_view_set_content_offset(_ handle: ga_view, _ x: Double, _ y: Double) -> ga_result {
    changeScrollView(handle) { scrollView throws(CError) in
        scrollView.contentOffset = Point(x: try finite(x, "x"), y: try finite(y, "y"))
    }
}

/// Reads `contentOffset` (`gesture_arbiter.h`).
@_cdecl("ga_scroll_view_get_content_offset")
public func ga_scroll_view_get_content_offset(
    _ handle: ga_view, _ outX: UnsafeMutablePointer<Double>?, _ outY: UnsafeMutablePointer<Double>?
) -> ga_result {
    readScrollView(handle) { scrollView throws(CError) in try storePoint(scrollView.contentOffset, outX, outY) }
}

/// Sets `contentInset` (`gesture_arbiter.h`).
@_cdecl("ga_scroll_view_set_content_inset")
public func ga_scroll_view_set_content_inset(
    _ handle: ga_view, _ top: Double, _ left: Double, _ bottom: Double, _ right: Double
) -> ga_result {
    changeScrollView(handle) { scrollView throws(CError) in
        scrollView.contentInset = EdgeInsets(
            top: try finite(top, "top"), left: try finite(left, "left"), bottom: try finite(bottom, "bottom"),
            right: try finite(right, "right"))
    }
}

/// Reads `contentInset` (`gesture_arbiter.h`).
@_cdecl("ga_scroll_view_get_content_inset")
public func ga_scroll_view_get_content_inset(
    _ handle: ga_view, _ outTop: UnsafeMutablePointer<Double>?, _ outLeft: UnsafeMutablePointer<Double>?,
    _ outBottom: UnsafeMutablePointer<Double>?, _ outRight: UnsafeMutablePointer<Double>?
) -> ga_result {
    readScrollView(handle) { scrollView throws(CError) in
        let outs = (
            try require(outTop, "out_top"), try require(outLeft, "out_left"), try require(outBottom, "out_bottom"),
            try require(outRight, "out_right")
        )
        let inset = scrollView.contentInset
        (outs.0.pointee, outs.1.pointee, outs.2.pointee, outs.3.pointee) = (inset.top, inset.left, inset.bottom, inset.right)
    }
}

/// The property of a `ga_scroll_view_flag` value and whether it can be set, or nil for a value
/// the header does not define.
private func flagProperty(_ flag: ga_scroll_view_flag) -> (path: KeyPath<ScrollView, Bool>, settable: ReferenceWritableKeyPath<ScrollView, Bool>?)? {
    switch Int(flag) {
    case Int(GA_SCROLL_VIEW_SCROLL_ENABLED): return (\.isScrollEnabled, \.isScrollEnabled)
    case Int(GA_SCROLL_VIEW_DELAYS_CONTENT_TOUCHES): return (\.delaysContentTouches, \.delaysContentTouches)
    case Int(GA_SCROLL_VIEW_CAN_CANCEL_CONTENT_TOUCHES): return (\.canCancelContentTouches, \.canCancelContentTouches)
    case Int(GA_SCROLL_VIEW_DIRECTIONAL_LOCK_ENABLED): return (\.isDirectionalLockEnabled, \.isDirectionalLockEnabled)
    case Int(GA_SCROLL_VIEW_BOUNCES): return (\.bounces, \.bounces)
    case Int(GA_SCROLL_VIEW_ALWAYS_BOUNCE_VERTICAL): return (\.alwaysBounceVertical, \.alwaysBounceVertical)
    case Int(GA_SCROLL_VIEW_ALWAYS_BOUNCE_HORIZONTAL): return (\.alwaysBounceHorizontal, \.alwaysBounceHorizontal)
    case Int(GA_SCROLL_VIEW_TRANSFERS_HORIZONTAL_SCROLLING_TO_PARENT):
        return (\.transfersHorizontalScrollingToParent, \.transfersHorizontalScrollingToParent)
    case Int(GA_SCROLL_VIEW_TRANSFERS_VERTICAL_SCROLLING_TO_PARENT):
        return (\.transfersVerticalScrollingToParent, \.transfersVerticalScrollingToParent)
    case Int(GA_SCROLL_VIEW_DECELERATING): return (\.isDecelerating, \.isDecelerating)
    case Int(GA_SCROLL_VIEW_TRACKING): return (\.isTracking, nil)
    case Int(GA_SCROLL_VIEW_DRAGGING): return (\.isDragging, nil)
    case Int(GA_SCROLL_VIEW_CAN_SCROLL_HORIZONTALLY): return (\.canScrollHorizontally, nil)
    case Int(GA_SCROLL_VIEW_CAN_SCROLL_VERTICALLY): return (\.canScrollVertically, nil)
    default: return nil
    }
}

/// Sets one of a scroll view's true-or-false properties (`gesture_arbiter.h`).
@_cdecl("ga_scroll_view_set_flag")
public func ga_scroll_view_set_flag(_ handle: ga_view, _ flag: ga_scroll_view_flag, _ value: Bool) -> ga_result {
    changeScrollView(handle) { scrollView throws(CError) in
        guard let property = flagProperty(flag) else { throw .invalid("flag is \(flag), not a ga_scroll_view_flag value") }
        guard let path = property.settable else { throw .invalid("flag \(flag) can be read, not set") }
        scrollView[keyPath: path] = value
    }
}

/// Reads one of a scroll view's true-or-false properties (`gesture_arbiter.h`).
@_cdecl("ga_scroll_view_get_flag")
public func ga_scroll_view_get_flag(_ handle: ga_view, _ flag: ga_scroll_view_flag, _ out: UnsafeMutablePointer<Bool>?) -> ga_result {
    readScrollView(handle) { scrollView throws(CError) in
        guard let property = flagProperty(flag) else { throw .invalid("flag is \(flag), not a ga_scroll_view_flag value") }
        try store(scrollView[keyPath: property.path], out, "out")
    }
}

/// The handle of a built-in recognizer of a scroll view.
private func builtIn(
    _ handle: ga_view, _ out: UnsafeMutablePointer<ga_recognizer>?, _ recognizer: (ScrollView) -> GestureRecognizer
) -> ga_result {
    call { () throws(CError) in
        let (scrollView, environment) = try resolve(scrollView: handle)
        try store(ga_recognizer(bits: environment.handleBits(of: recognizer(scrollView))), out, "out")
    }
}

/// The scroll pan's handle (`gesture_arbiter.h`).
@_cdecl("ga_scroll_view_get_pan_recognizer")
public func ga_scroll_view_get_pan_recognizer(_ handle: ga_view, _ out: UnsafeMutablePointer<ga_recognizer>?) -> ga_result {
    builtIn(handle, out) { $0.panGestureRecognizer }
}

/// The content delay's handle (`gesture_arbiter.h`).
@_cdecl("ga_scroll_view_get_delay_recognizer")
public func ga_scroll_view_get_delay_recognizer(_ handle: ga_view, _ out: UnsafeMutablePointer<ga_recognizer>?) -> ga_result {
    builtIn(handle, out) { $0.delayGestureRecognizer }
}

/// Sets or clears the scroll callback (`gesture_arbiter.h`).
@_cdecl("ga_scroll_view_set_scroll_callback")
public func ga_scroll_view_set_scroll_callback(
    _ handle: ga_view, _ callback: ga_scroll_callback?, _ userData: UnsafeMutableRawPointer?
) -> ga_result {
    call { () throws(CError) in
        let (scrollView, _) = try resolve(scrollView: handle)
        scrollView.scrollCallback = callback.map { ($0, userData) }
    }
}

/// Sets or clears the content-touch callbacks (`gesture_arbiter.h`).
@_cdecl("ga_scroll_view_set_content_touch_callbacks")
public func ga_scroll_view_set_content_touch_callbacks(
    _ handle: ga_view, _ shouldBegin: ga_touches_should_begin_callback?, _ shouldCancel: ga_touches_should_cancel_callback?,
    _ userData: UnsafeMutableRawPointer?
) -> ga_result {
    call { () throws(CError) in
        let (scrollView, _) = try resolve(scrollView: handle)
        scrollView.shouldBegin = shouldBegin
        scrollView.shouldCancel = shouldCancel
        scrollView.contentTouchData = userData
    }
}
