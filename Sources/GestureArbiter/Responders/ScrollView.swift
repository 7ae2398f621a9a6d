/// What a scroll view tells its delegate: UIKit's `UIScrollViewDelegate`, for the parts that
/// touch arbitration drives. Every method has an empty default, so a delegate implements only
/// what it needs.
///
/// Rule: R234, R245.
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed: by a drag (R245) or by setting ``ScrollView/contentOffset``.
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// The scroll pan began: the user starts dragging the content (R234).
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The drag ended (the pan ended or was cancelled). `decelerate` is always false here: the
    /// engine has no scrolling physics; a host that animates a fling sets
    /// ``ScrollView/isDecelerating`` itself (R234, R254).
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
}

extension ScrollViewDelegate {
    /// Does nothing.
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
}

/// A view whose content is larger than itself and moves under a drag: UIKit's `UIScrollView`,
/// for touch arbitration (no physics, no zooming).
///
/// Its subviews are the content, in content coordinates; ``contentOffset`` is the bounds origin,
/// so after a scroll a touch hits the content that is under it now. It installs two recognizers
/// on itself, in this order (R230):
/// - ``delayGestureRecognizer``, the content-touch delay: it withholds a touch's began from the
///   content for 0.15 s after the latest touch-down (R235), lets it go early at a lift (R237),
///   at a move of more than 10 pt along an axis the view cannot scroll (R238, R255) or when the
///   scroll pan fails (R239), and asks ``touchesShouldBegin(_:with:in:)`` for each touch it lets
///   go (R236);
/// - ``panGestureRecognizer``, the scroll pan: it begins only along an axis the view can scroll
///   (R240, R232), fails instead of taking a touch that the content already has when
///   ``canCancelContentTouches`` is off or ``touchesShouldCancel(in:)`` says no (R241), honours
///   the directional lock (R243) and leaves a drag to an enclosing scroll view at its edge
///   (R248). Its began cancels the content's touches (R67). While it runs, ``contentOffset``
///   follows its translation (R245).
///
/// Both have the scroll view as their owner: their delegates cannot be set (setting one leaves
/// it nil, as UIKit forbids changing the pan's delegate). Recognizers of your own added to the
/// scroll view come after them.
///
/// A quick tap on a button in the content reaches it at the lift; a press held 0.15 s reaches
/// it then; a drag of 10 pt within 0.15 s scrolls and the button never hears of it; a drag
/// that starts after the button got its touch does not scroll, because a control's touches are
/// not cancelled by default (R242).
///
/// Its axes are its own (R290): with a ``View/transform`` on it or above it, the begin, the
/// hysteresis and the early release (10 of its own points), the directional lock and the
/// offset all work on the drag as converted into its own space. Turned 90°, a view that
/// scrolls vertically scrolls under a horizontal drag on screen; scaled by 2, its content
/// moves by half the distance the finger travels on screen.
///
/// Rule: R230-R256, R290.
open class ScrollView: View {
    /// The stored state of this class, which the dispatch path reads (the configuration, at
    /// every move of a drag) and writes (the tracking and dragging flags), in one cell that the
    /// runtime does not check for overlapping access (Support/UncheckedExclusivityCell.swift;
    /// Scripts/check-exclusivity.sh proves that none is formed). The properties of the same
    /// names forward to it.
    private let scrollViewFields = UncheckedExclusivityCell(ScrollViewFields())
    /// The fields of `scrollViewFields`: the stored properties they replace, with their defaults.
    private struct ScrollViewFields: ~Copyable {
        var contentSize: Size = .zero
        var contentInset: EdgeInsets = .zero
        var isScrollEnabled: Bool = true
        var delaysContentTouches: Bool = true
        var canCancelContentTouches: Bool = true
        var isDirectionalLockEnabled: Bool = false
        var bounces: Bool = true
        var alwaysBounceVertical: Bool = false
        var alwaysBounceHorizontal: Bool = false
        var transfersHorizontalScrollingToParent: Bool = true
        var transfersVerticalScrollingToParent: Bool = true
        var isTracking: Bool = false
        weak var delegate: (any ScrollViewDelegate)?
        var isDragging: Bool = false
        var isDecelerating: Bool = false
        var dragStartOffset: Point = .zero
    }

    /// The size of the content, in points. Default zero.
    ///
    /// Rule: R232.
    public final var contentSize: Size {
        @inline(__always) get { scrollViewFields.value.contentSize }
        @inline(__always) set { scrollViewFields.value.contentSize = newValue }
    }
    /// Extra room around the content, in points, that scrolling can reveal. Default zero.
    ///
    /// Rule: R232, R254.
    public final var contentInset: EdgeInsets {
        @inline(__always) get { scrollViewFields.value.contentInset }
        @inline(__always) set { scrollViewFields.value.contentInset = newValue }
    }
    /// Whether the view scrolls by touch. Off: the scroll pan and the content delay are
    /// disabled, so the content gets its touches at once and the view never scrolls (R233).
    /// Default true.
    public final var isScrollEnabled: Bool {
        @inline(__always) get { scrollViewFields.value.isScrollEnabled }
        set {
            let oldValue = scrollViewFields.value.isScrollEnabled
            scrollViewFields.value.isScrollEnabled = newValue
            guard isScrollEnabled != oldValue else { return }
            delayGestureRecognizer.isEnabled = isScrollEnabled
            panGestureRecognizer.isEnabled = isScrollEnabled
        }
    }
    /// Whether a touch's began is withheld from the content for 0.15 s, in case the touch becomes
    /// a scroll (R235). Off: the content gets it at once, and a drag that starts on a control
    /// never scrolls unless ``touchesShouldCancel(in:)`` says yes (R242). Default true.
    public final var delaysContentTouches: Bool {
        @inline(__always) get { scrollViewFields.value.delaysContentTouches }
        @inline(__always) set { scrollViewFields.value.delaysContentTouches = newValue }
    }
    /// Whether a scroll may take a touch that the content already has (R241). Off: a drag on
    /// content that got its touch never scrolls. Default true.
    public final var canCancelContentTouches: Bool {
        @inline(__always) get { scrollViewFields.value.canCancelContentTouches }
        @inline(__always) set { scrollViewFields.value.canCancelContentTouches = newValue }
    }
    /// Whether a drag locks to the axis it starts along (R243). Default false.
    public final var isDirectionalLockEnabled: Bool {
        @inline(__always) get { scrollViewFields.value.isDirectionalLockEnabled }
        @inline(__always) set { scrollViewFields.value.isDirectionalLockEnabled = newValue }
    }
    /// Whether a drag may move the content past its edges; off, the offset is clamped (R254).
    /// Default true.
    public final var bounces: Bool {
        @inline(__always) get { scrollViewFields.value.bounces }
        @inline(__always) set { scrollViewFields.value.bounces = newValue }
    }
    /// Whether the view scrolls vertically even when its content fits, if ``bounces`` is on
    /// (R232). Default false.
    public final var alwaysBounceVertical: Bool {
        @inline(__always) get { scrollViewFields.value.alwaysBounceVertical }
        @inline(__always) set { scrollViewFields.value.alwaysBounceVertical = newValue }
    }
    /// Whether the view scrolls horizontally even when its content fits, if ``bounces`` is on
    /// (R232). Default false.
    public final var alwaysBounceHorizontal: Bool {
        @inline(__always) get { scrollViewFields.value.alwaysBounceHorizontal }
        @inline(__always) set { scrollViewFields.value.alwaysBounceHorizontal = newValue }
    }
    /// Whether, at its left or right edge, the view leaves a horizontal drag to an enclosing
    /// scroll view that can take it (R248). Default true.
    public final var transfersHorizontalScrollingToParent: Bool {
        @inline(__always) get { scrollViewFields.value.transfersHorizontalScrollingToParent }
        @inline(__always) set { scrollViewFields.value.transfersHorizontalScrollingToParent = newValue }
    }
    /// Whether, at its top or bottom edge, the view leaves a vertical drag to an enclosing
    /// scroll view that can take it (R248). Default true.
    public final var transfersVerticalScrollingToParent: Bool {
        @inline(__always) get { scrollViewFields.value.transfersVerticalScrollingToParent }
        @inline(__always) set { scrollViewFields.value.transfersVerticalScrollingToParent = newValue }
    }
    /// Whether a finger is on the view: true from the scroll pan's first touch-down, before any
    /// movement, to the end of the touch sequence (R234).
    public internal(set) final var isTracking: Bool {
        @inline(__always) get { scrollViewFields.value.isTracking }
        @inline(__always) set { scrollViewFields.value.isTracking = newValue }
    }
    /// Whether the user is dragging the content: true from the scroll pan's began to its end
    /// (R234).
    public internal(set) final var isDragging: Bool {
        @inline(__always) get { scrollViewFields.value.isDragging }
        @inline(__always) set { scrollViewFields.value.isDragging = newValue }
    }
    /// Whether the content is still moving after a drag. The engine has no physics: the host
    /// sets it while it animates a fling and clears it when the content stops. While it is true
    /// a touch-down catches the view: the scroll pan begins at once and withholds the touch, so
    /// the tap that stops a fling never reaches the content (R244, R254). Default false.
    public final var isDecelerating: Bool {
        @inline(__always) get { scrollViewFields.value.isDecelerating }
        set {
            scrollViewFields.value.isDecelerating = newValue
            panGestureRecognizer.delaysTouchesBegan = isDecelerating && panGestureRecognizer.cancelsTouchesInView
        }
    }
    /// Told when the view scrolls and when a drag begins and ends. Held weakly.
    public final var delegate: (any ScrollViewDelegate)? {
        @inline(__always) get { scrollViewFields.value.delegate }
        @inline(__always) set { scrollViewFields.value.delegate = newValue }
    }

    /// The scroll pan (R230, R240-R248). Read its translation and velocity as for any pan; its
    /// delegate cannot be set.
    public final let panGestureRecognizer: PanGestureRecognizer
    /// The content-touch delay (R230, R235-R239, R252-R255): UIKit keeps it private; here it is
    /// visible so that a trace or a test can name it. Its delegate cannot be set.
    public final let delayGestureRecognizer: DelayedTouchesBeganGestureRecognizer

    /// ``contentOffset`` when the current drag began.
    private final var dragStartOffset: Point {
        @inline(__always) get { scrollViewFields.value.dragStartOffset }
        @inline(__always) set { scrollViewFields.value.dragStartOffset = newValue }
    }

    /// Creates a scroll view with the given frame, its delay and scroll pan installed.
    public override init(frame: Rect = .zero) {
        let delay = DelayedTouchesBeganGestureRecognizer(forScrollView: ())
        let pan = ScrollViewPanGestureRecognizer()
        delayGestureRecognizer = delay
        panGestureRecognizer = pan
        super.init(frame: frame)
        delay.scrollView = self
        pan.scrollView = self
        addGestureRecognizer(delay)
        addGestureRecognizer(pan)
        _ = pan.addAction { [weak self] pan in self?.panDidChange(pan) }
    }

    /// Where the content starts: the point of the content at the view's top-left corner, which
    /// is the bounds origin. Setting it moves the content (touches hit-test where it is now)
    /// and tells the delegate when the value changes.
    ///
    /// Rule: R245, R254.
    public final var contentOffset: Point {
        get { boundsOrigin }
        set {
            guard newValue != boundsOrigin else { return }
            boundsOrigin = newValue
            window?.environment?.liveTracer?.record(.scrolled(scrollView: self, offset: newValue))
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// Whether the view scrolls horizontally: its content plus insets is wider than its bounds,
    /// or ``alwaysBounceHorizontal`` and ``bounces`` are on. ``isScrollEnabled`` plays no part.
    ///
    /// Rule: R232.
    public final var canScrollHorizontally: Bool {
        contentInset.left + contentInset.right + contentSize.width > frame.size.width + GestureDefaults.scrollableAxisEpsilon
            || (alwaysBounceHorizontal && bounces)
    }

    /// Whether the view scrolls vertically: its content plus insets is taller than its bounds,
    /// or ``alwaysBounceVertical`` and ``bounces`` are on. ``isScrollEnabled`` plays no part.
    ///
    /// Rule: R232.
    public final var canScrollVertically: Bool {
        contentInset.top + contentInset.bottom + contentSize.height > frame.size.height + GestureDefaults.scrollableAxisEpsilon
            || (alwaysBounceVertical && bounces)
    }

    /// Asked when the content delay lets a withheld touch go, with the touch alone, for the view
    /// it hit: true hands its began to the content; false keeps it from the content for good
    /// (the delay recognizes and discards it, R236, R253). Default true.
    ///
    /// Rule: R236, R253.
    open func touchesShouldBegin(_ touches: TouchSet, with event: GestureArbiter.Event?, in view: View) -> Bool {
        true
    }

    /// Asked, when the scroll pan would begin, for each of its touches whose began already
    /// reached content (in id order): false makes the pan fail, so the view does not scroll and
    /// the content keeps the touch. Not asked when ``canCancelContentTouches`` is off (the pan
    /// fails then). Default: true, except false for a ``Control``.
    ///
    /// Rule: R241, R256.
    open func touchesShouldCancel(in view: View) -> Bool {
        !(view is Control)
    }

    // MARK: - Edges (R248, R254)

    /// The smallest offset along each axis: the content's top-left corner less the inset.
    final var minimumOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }

    /// The largest offset along each axis (never below the smallest).
    final var maximumOffset: Point {
        let minimum = minimumOffset
        return Point(
            x: max(minimum.x, contentSize.width + contentInset.right - frame.size.width),
            y: max(minimum.y, contentSize.height + contentInset.bottom - frame.size.height)
        )
    }

    // MARK: - The scroll pan's action (R234, R245)

    /// The scroll view handles its pan's action, before any action added later (R245): the
    /// offset follows the translation along the axes it can scroll.
    private final func panDidChange(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            isDragging = true
            dragStartOffset = contentOffset
            delegate?.scrollViewWillBeginDragging(self)
            follow(pan)
        case .changed:
            follow(pan)
        case .ended, .cancelled:
            follow(pan)
            isDragging = false
            delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
        case .possible, .failed:
            break
        }
    }

    /// R245, R254, R290: offset = offset at the began - translation in the view's own space,
    /// along each scrollable axis; clamped to the content's range when ``bounces`` is off.
    private final func follow(_ pan: PanGestureRecognizer) {
        let translation = pan.translation(in: self)
        var offset = contentOffset
        let minimum = minimumOffset
        let maximum = maximumOffset
        if canScrollHorizontally {
            offset.x = dragStartOffset.x - translation.x
            if !bounces { offset.x = min(max(offset.x, minimum.x), maximum.x) }
        }
        if canScrollVertically {
            offset.y = dragStartOffset.y - translation.y
            if !bounces { offset.y = min(max(offset.y, minimum.y), maximum.y) }
        }
        contentOffset = offset
    }
}
