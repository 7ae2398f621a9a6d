/// A rectangular area in a window's view tree that can receive touches and own gesture
/// recognizers.
///
/// UIKit's `UIView`, reduced to what touch handling needs: geometry (`frame`, `bounds` with an
/// origin), an ordered list of subviews (later ones are in front), the flags that hit-testing reads
/// (``isHidden``, ``isUserInteractionEnabled``, ``alpha``), the multi-touch flags, and the gesture
/// recognizers attached to it, and an affine ``transform`` about the frame's centre.
///
/// Removing a view from its window while it tracks touches cancels those touches in it and
/// cancels the recognizers of its subtree (R41, R120).
///
/// Rule: R2-R9, R18, R20, R120, R285-R289.
open class View: Responder, CustomStringConvertible {
    /// The stored state of this class that the dispatch path reads and writes at every event,
    /// in one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let viewFields: UncheckedExclusivityCell<ViewFields>
    /// The fields of `viewFields`: the stored properties they replace, with their defaults.
    private struct ViewFields: ~Copyable {
        var frame: Rect
        var boundsOrigin: Point = .zero
        var transform: AffineTransform = .identity
        var hasTransform: Bool = false
        var inverseTransform: AffineTransform? = .identity
        var isHidden: Bool = false
        var isUserInteractionEnabled: Bool = true
        var alpha: Double = 1.0
        var isMultipleTouchEnabled: Bool = false
        var isExclusiveTouch: Bool = false
        var superviewRef: UnownedReference<View>?
        var subviews: [View] = []
        var windowRef: UnownedReference<Window>?
        weak var viewController: ViewController?
        var recognizerList: RetainedList<GestureRecognizer> = RetainedList<GestureRecognizer>()
        var walksInline: Bool
        var hitArea: SuperviewHitArea = .testedInView
        var isHitTestable: Bool = true
        var bindPathRevision: UInt64?
        var bindPathStops: [BindPathStop] = []
        var walkPins: Int = 0
        var selfWhileUnlisted: View?
    }

    /// The view's rectangle in its superview's coordinate space.
    public final var frame: Rect {
        @inline(__always) get { viewFields.value.frame }
        set {
            viewFields.value.frame = newValue
            updateWalksInline()
        }
    }
    /// The origin of the view's own coordinate space: the point of its own space at its
    /// top-left corner (scrolling moves it). Default (0, 0).
    public final var boundsOrigin: Point {
        @inline(__always) get { viewFields.value.boundsOrigin }
        set {
            viewFields.value.boundsOrigin = newValue
            updateWalksInline()
        }
    }
    /// A name for logs and traces (GestureArbiter's addition; UIKit has none).
    public final var name: String?
    /// The view's affine transform, applied about the centre of ``frame`` (UIKit's `transform`
    /// with the default anchor point): a point p of the view's own space is drawn in the
    /// superview's space at `frame`'s centre + `transform` applied to (p - the centre of
    /// ``bounds``). Subviews are transformed with the view. Default ``AffineTransform/identity``.
    ///
    /// ``frame`` stays the rectangle before the transform (its centre and size), where UIKit's
    /// `frame` reads the transformed shape's bounding box. Hit-testing converts the point into
    /// the view's own space through the inverse, so a touch hits what is drawn there (R286);
    /// every `convert` and every recognizer's location follow the transform (R287), and a pan's
    /// translation and velocity are vectors converted without the translation part (R288).
    ///
    /// A transform that is not invertible (``AffineTransform/inverted()`` is nil: a zero scale,
    /// a non-finite entry) is kept, but the view and its subtree are never hit (a tracer sees
    /// them skipped as `outside`), a point converted into the view is the centre of its bounds
    /// and a vector converted into it is zero, never NaN (R289). A window's transform stays the
    /// identity: setting one on a window is ignored (R285).
    ///
    /// Rule: R285-R289.
    public final var transform: AffineTransform {
        @inline(__always) get { viewFields.value.transform }
        set {
            viewFields.value.transform = newValue
            transformDidChange()
        }
    }
    /// Whether ``transform`` is not the identity: the one flag the identity case reads, so that
    /// hit-testing and conversions through untransformed views cost one test.
    final var hasTransform: Bool {
        @inline(__always) get { viewFields.value.hasTransform }
        @inline(__always) set { viewFields.value.hasTransform = newValue }
    }
    /// The inverse of ``transform``, nil when it has none (R289).
    final var inverseTransform: AffineTransform? {
        @inline(__always) get { viewFields.value.inverseTransform }
        @inline(__always) set { viewFields.value.inverseTransform = newValue }
    }
    /// Whether the view is hidden; a hidden view and its subtree are skipped by hit-testing (R2, R3).
    public final var isHidden: Bool {
        @inline(__always) get { viewFields.value.isHidden }
        set {
            viewFields.value.isHidden = newValue
            updateHitTestable()
        }
    }
    /// Whether the view takes part in hit-testing; false skips it and its subtree (R2, R3).
    public final var isUserInteractionEnabled: Bool {
        @inline(__always) get { viewFields.value.isUserInteractionEnabled }
        set {
            viewFields.value.isUserInteractionEnabled = newValue
            updateHitTestable()
        }
    }
    /// The view's own opacity; below 0.01 hit-testing skips it and its subtree (R2, R3, R6).
    public final var alpha: Double {
        @inline(__always) get { viewFields.value.alpha }
        set {
            viewFields.value.alpha = newValue
            updateHitTestable()
        }
    }
    /// Whether subviews are clipped to the bounds. Hit-testing never reaches outside the bounds
    /// anyway (R5); kept for fidelity.
    public final var clipsToBounds = false
    /// Whether the view receives more than one touch at a time. Default false: the view gets only
    /// the first of several simultaneous touches hit-tested to it; recognizers still get all (R18, R19).
    public final var isMultipleTouchEnabled: Bool {
        @inline(__always) get { viewFields.value.isMultipleTouchEnabled }
        @inline(__always) set { viewFields.value.isMultipleTouchEnabled = newValue }
    }
    /// Whether the view tracks touches exclusively in its window (R20).
    public final var isExclusiveTouch: Bool {
        @inline(__always) get { viewFields.value.isExclusiveTouch }
        @inline(__always) set { viewFields.value.isExclusiveTouch = newValue }
    }

    /// The view's superview, or nil.
    public internal(set) final var superview: View? {
        get { superviewRef?.object }
        set { superviewRef = .to(newValue) }
    }
    /// `superview` as stored: not owned, read without reference counting (see
    /// ``UnownedReference``); a superview clears it in its subviews when it is freed.
    final var superviewRef: UnownedReference<View>? {
        @inline(__always) get { viewFields.value.superviewRef }
        @inline(__always) set { viewFields.value.superviewRef = newValue }
    }
    /// The view's subviews, back to front.
    public internal(set) final var subviews: [View] {
        @inline(__always) _read { yield viewFields.value.subviews }
        @inline(__always) _modify { yield &viewFields.value.subviews }
    }
    /// The window the view is in, or nil.
    public internal(set) final var window: Window? {
        get { windowRef?.object }
        set { windowRef = .to(newValue) }
    }
    /// `window` as stored: not owned, read without reference counting (see
    /// ``UnownedReference``); cleared in a subtree that leaves its window or outlives it.
    final var windowRef: UnownedReference<Window>? {
        @inline(__always) get { viewFields.value.windowRef }
        @inline(__always) set { viewFields.value.windowRef = newValue }
    }
    /// The view controller whose root view this is, if any (R9); nil once that controller has
    /// been freed (the controller owns its view, not the other way round).
    public internal(set) final var viewController: ViewController? {
        @inline(__always) get { viewFields.value.viewController }
        @inline(__always) set { viewFields.value.viewController = newValue }
    }
    /// The recognizers attached to this view, in the order they were added.
    public final var gestureRecognizers: [GestureRecognizer] { recognizerList.array }
    /// The attached recognizers, owned; touch-down walks them without reference counting.
    final var recognizerList: RetainedList<GestureRecognizer> {
        @inline(__always) _read { yield viewFields.value.recognizerList }
        @inline(__always) _modify { yield &viewFields.value.recognizerList }
    }

    /// The revision of its window's tree (`Window.treeRevision`) at which the engine's bind walk
    /// found ``bindPathStops``, when a touch last began here; nil until then, and again once the
    /// view changes window. See `BindPathStop`.
    final var bindPathRevision: UInt64? {
        @inline(__always) get { viewFields.value.bindPathRevision }
        @inline(__always) set { viewFields.value.bindPathRevision = newValue }
    }
    /// The views with recognizers from this view up to its window, nearest first, as the bind
    /// walk found them at ``bindPathRevision``.
    final var bindPathStops: [BindPathStop] {
        @inline(__always) _read { yield viewFields.value.bindPathStops }
        @inline(__always) _modify { yield &viewFields.value.bindPathStops }
    }

    /// Whether views of this class are hit-tested like plain views: default hit-testing visits
    /// them in its own loop, without calling their ``hitTest(_:with:)`` or
    /// ``point(inside:with:)``, so that a tree of them of any depth costs no stack.
    ///
    /// True for `View` and ``Window``; false for any subclass, whose overrides must be called
    /// (each one asked is a nested call). A subclass that overrides neither method (one that only
    /// handles touches, say) may override this to return true. A subclass of such a class
    /// inherits its answer: if it overrides either method, it must override this again to
    /// return false, or its overrides are skipped by the engine's walk (a direct call of
    /// `hitTest` still reaches them).
    ///
    /// Rule: R2-R7.
    open class var usesDefaultHitTesting: Bool {
        ObjectIdentifier(self) == ObjectIdentifier(View.self) || ObjectIdentifier(self) == ObjectIdentifier(Window.self)
    }

    /// ``usesDefaultHitTesting`` of this view's class, read once at creation.
    let isHitTestedInline: Bool
    /// ``isHitTestedInline`` with the identity transform, ``isHitTestable`` and a finite frame and
    /// bounds origin: the one flag the hit-test walk reads for the common case, a view it visits
    /// with a translation and a bounds test (R2-R6, R286), whose test ``hitArea`` holds in the
    /// superview's space. Kept up to date with ``isHitTestable`` and the geometry.
    final var walksInline: Bool {
        @inline(__always) get { viewFields.value.walksInline }
        @inline(__always) set { viewFields.value.walksInline = newValue }
    }

    /// Creates a view with the given frame.
    public init(frame: Rect = .zero) {
        let isHitTestedInline = Swift.type(of: self).usesDefaultHitTesting
        self.isHitTestedInline = isHitTestedInline
        viewFields = UncheckedExclusivityCell(ViewFields(frame: frame, walksInline: false))
        super.init()
        updateWalksInline()
    }

    deinit {
        if !subviews.isEmpty { View.tearDown(&subviews) }
        for index in 0..<recognizerList.count { recognizerList[index].withUnsafeUnretained { $0.view = nil } }
    }

    /// The view's own coordinate space: ``boundsOrigin`` and the frame's size.
    public final var bounds: Rect {
        get { Rect(origin: boundsOrigin, size: frame.size) }
        set {
            boundsOrigin = newValue.origin
            frame.size = newValue.size
        }
    }

    /// The view controller if this is its root view, else the superview (R9).
    open override var next: Responder? {
        if let viewController { return viewController }
        return superview
    }

    /// ``next`` without retaining the superview (see ``Responder/nextHandler``).
    override var forwardingNext: UnownedReference<Responder>? {
        if let viewController { return UnownedReference(viewController) }
        return superviewRef?.withUnsafeUnretained { UnownedReference<Responder>($0) }
    }

    override var firstResponderWindow: Window? { window }

    /// `View(name)` or `View` with the frame.
    public var description: String { name.map { "View(\($0))" } ?? "View\(frame)" }

    // MARK: - Hierarchy

    /// Adds `view` in front of the other subviews, taking it from its previous superview first.
    ///
    /// The same as ``insertSubview(_:at:)`` at the end: see there for moves, for a view that
    /// tracks touches, and for adding an ancestor (which does nothing).
    ///
    /// Rule: R119, R120.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in ``subviews`` (clamped to the valid range), taking it from its
    /// previous superview first.
    ///
    /// The move is applied whole before any callback runs: `view` leaves its old superview's
    /// ``subviews`` and joins this view's, and its subtree takes this view's window, all at once.
    /// Only then, if `view` was in a window attached to a ``GestureEnvironment``, does the move
    /// count as a removal from that window (R120): the subtree's views get `touchesCancelled` for
    /// the touches they saw begin and not end, and the subtree's recognizers are cancelled, even
    /// when the new superview is in the same window. Those callbacks (and the cancelled actions)
    /// see the tree after the move, so one that moves the view again (for example back to where
    /// it came from, to snap a dragged card home) makes a new move of its own: the tree stays a
    /// tree, each view listed by exactly one superview. Called from inside an engine callback,
    /// the cancellations come when the running pass has finished (R119); the move itself is
    /// immediate.
    ///
    /// Adding this view itself or one of its ancestors would make a cycle: the call does
    /// nothing (no trap, no change), in time O(min(depth of this view, size of `view`'s
    /// subtree)).
    ///
    /// - Complexity: O(1) for a new leaf or under a new root (so building a tree of n views
    ///   top-down or bottom-up costs O(n)), plus O(subtree) when the subtree changes window,
    ///   plus O(siblings) to find `view` in its old superview.
    ///
    /// Rule: R119, R120.
    public func insertSubview(_ view: View, at index: Int) {
        guard !isInSubtree(of: view) else { return }
        let oldParent = view.superviewRef
        let oldWindow = view.window
        if let oldParent {
            // A pass visits views unretained: a view moved during a pass lives until it ends.
            oldWindow?.environment?.keepAliveUntilPassEnds(view)
            oldParent.withUnsafeUnretained { parent in
                if let position = parent.subviews.lastIndex(where: { $0 === view }) { parent.subviews.remove(at: position) }
            }
        }
        let position = max(0, min(index, subviews.count))
        subviews.insert(view, at: position)
        view.superview = self
        view.setWindow(window)
        // Before any callback runs: the moved views have new ancestors. Their old window's paths
        // are found anew (a bind walk under way there, if a delegate made the move, sees it);
        // the moved views lost theirs if they changed window (`setWindow`), and no other view
        // has new ancestors.
        oldWindow?.treeRevision &+= 1
        if oldParent != nil, let oldWindow, let environment = oldWindow.environment {
            environment.subtreeLeftWindow(view, window: oldWindow)
        }
    }

    /// Moves `view`, a subview, in front of its siblings.
    public func bringSubviewToFront(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.remove(at: index)
        subviews.append(view)
    }

    /// Moves `view`, a subview, behind its siblings.
    public func sendSubviewToBack(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.remove(at: index)
        subviews.insert(view, at: 0)
    }

    /// Removes the view from its superview.
    ///
    /// The tree changes at once: the view leaves its superview's ``subviews``, and it and its
    /// subtree leave their window. Then, if the view was in a window attached to a
    /// ``GestureEnvironment``, views of the subtree that had received a touch's began and not its
    /// end get `touchesCancelled`, and recognizers of the subtree are cancelled (R41, R120): at
    /// once, or, if called from inside an engine callback, when the running pass has finished
    /// (R119). Those callbacks see the tree after the removal; one that adds the view back
    /// somewhere makes a move of its own (see ``insertSubview(_:at:)``).
    ///
    /// - Complexity: O(siblings in front of this view) to find and take it out (the search
    ///   starts at the front), plus O(subtree) to clear the window. So removing n siblings
    ///   front-most first costs O(n) in total, and back-most first O(n²), as with an array.
    ///
    /// Rule: R119, R120.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        // A pass visits views unretained: one removed during a pass (by a hit-test override or
        // a callback) lives until the pass ends.
        oldWindow?.environment?.keepAliveUntilPassEnds(self)
        if let index = parent.subviews.lastIndex(where: { $0 === self }) {
            // A hit-test walk that pins it reads it after the removal (see `pinForWalk`).
            keepSelfWhilePinned()
            parent.subviews.remove(at: index)
        }
        superview = nil
        setWindow(nil)
        oldWindow?.treeRevision &+= 1
        if let oldWindow, let environment = oldWindow.environment {
            environment.subtreeLeftWindow(self, window: oldWindow)
        }
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: UnownedReference<View>? = UnownedReference(self)
        while let candidate = current {
            if candidate.refers(to: view) { return true }
            current = candidate.withUnsafeUnretained { $0.superviewRef }
        }
        return false
    }

    /// The number of ancestors between this view and the root of its tree (0 for a root).
    final var depth: Int {
        var count = 0
        var current = superviewRef
        while let view = current {
            count += 1
            current = view.withUnsafeUnretained { $0.superviewRef }
        }
        return count
    }

    /// Whether `view` is this view or one of its ancestors: whether adding `view` under this view
    /// would make a cycle.
    ///
    /// Walks up from this view and through `view`'s subtree in turn, one step each, and stops at
    /// whichever ends first: O(min(depth of this view, size of `view`'s subtree)), so O(1) for a
    /// new leaf (top-down building) and under a root (bottom-up building). No recursion.
    final func isInSubtree(of view: View) -> Bool {
        if view === self { return true }
        if view.subviews.isEmpty { return false }
        var ancestor = superviewRef
        var pending: [(view: UnownedReference<View>, next: Int)] = [(UnownedReference(view), 0)]
        // Nothing below runs user code: the tree cannot change, so unretained references hold.
        while true {
            guard let current = ancestor else { return false }
            if current.refers(to: view) { return true }
            ancestor = current.withUnsafeUnretained { $0.superviewRef }
            guard var top = pending.popLast() else { return false }
            let child: UnownedReference<View>? = top.view.withUnsafeUnretained { parent in
                guard top.next < parent.subviews.count else { return nil }
                return UnownedReference(parent.subviews[top.next])
            }
            guard let child else { continue }
            top.next += 1
            pending.append(top)
            if child.refers(to: self) { return true }
            if child.withUnsafeUnretained({ !$0.subviews.isEmpty }) { pending.append((child, 0)) }
        }
    }

    /// Gives this view and its subtree `newWindow` (a window in the subtree stays its own
    /// window, with its subtree), without recursion.
    ///
    /// Every view that is not a window has its superview's window (nil for a root), so a subtree
    /// whose root already has `newWindow` is left alone: attaching a subtree that does not change
    /// window costs O(1), and bottom-up building stays linear.
    final func setWindow(_ newWindow: Window?) {
        let target = UnownedReference.to(newWindow)
        guard !(self is Window), windowRef != target else { return }
        var pending: [View] = [self]
        while let view = pending.popLast() {
            view.windowRef = target
            // A bind path holds only in the window it was found in.
            view.bindPathRevision = nil
            for subview in view.subviews where !(subview is Window) && subview.windowRef != target {
                pending.append(subview)
            }
        }
    }

    /// Releases `subviews` (the subviews of a view being freed) without recursion: a subview
    /// that this list alone keeps alive hands its own subviews over to the work list before it
    /// is freed, so no deinit frees a subtree of its own; one that someone else keeps becomes
    /// the root of its own tree, out of any window.
    private static func tearDown(_ subviews: inout [View]) {
        var pending: [View] = []
        swap(&pending, &subviews)
        while var subview = pending.popLast() {
            subview.superviewRef = nil
            // A hit-test walk that pins it outlives its superview (see `pinForWalk`).
            subview.keepSelfWhilePinned()
            if isKnownUniquelyReferenced(&subview) {
                pending.append(contentsOf: subview.subviews)
                subview.subviews = []
            } else {
                subview.setWindow(nil)
            }
        }
    }

    // MARK: - Coordinates

    /// Converts `point` from this view's coordinate space to `view`'s (to the window's space when
    /// `view` is nil), through every ``transform`` on the way.
    ///
    /// Rule: R287, R289.
    public func convert(_ point: Point, to view: View?) -> Point {
        let inWindow = convertToWindow(point)
        guard let view else { return inWindow }
        return view.convertFromWindow(inWindow)
    }

    /// Converts `point` from `view`'s coordinate space (the window's when nil) to this view's,
    /// through every ``transform`` on the way.
    ///
    /// Rule: R287, R289.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inWindow = view.map { $0.convertToWindow(point) } ?? point
        return convertFromWindow(inWindow)
    }

    /// Converts a point from this view's bounds space to the bounds space of the root of its
    /// tree: window coordinates when the view is in a window (R287).
    func convertToWindow(_ point: Point) -> Point {
        var result = point
        var current: View? = self
        while let view = current, !(view is Window) {
            if view.hasTransform {
                result = view.localToSuperview.apply(to: result)
            } else {
                result.x += view.frame.origin.x - view.boundsOrigin.x
                result.y += view.frame.origin.y - view.boundsOrigin.y
            }
            current = view.superview
        }
        return result
    }

    /// Converts a point from the bounds space of the root of the view's tree (the window's) to
    /// this view's bounds space; the centre of the bounds when a transform on the way is not
    /// invertible (R287, R289).
    func convertFromWindow(_ point: Point) -> Point {
        let path = mapToWindow()
        guard path.transformed else { return Point(x: point.x - path.map.tx, y: point.y - path.map.ty) }
        guard let inverse = path.map.inverted() else { return boundsCentre }
        return inverse.apply(to: point)
    }

    /// Converts a vector (a translation, a velocity) from the window's space to this view's:
    /// the linear part of the transforms alone; zero when one on the way is not invertible (R288,
    /// R289).
    func convertVectorFromWindow(_ vector: Vector) -> Vector {
        guard isTransformedOnPath else { return vector }
        let path = mapToWindow()
        guard path.transformed else { return vector }
        guard let inverse = path.map.inverted() else { return .zero }
        return inverse.apply(toVector: vector)
    }

    /// Converts a vector from this view's space to the window's: the linear part of the
    /// transforms alone (R288).
    func convertVectorToWindow(_ vector: Vector) -> Vector {
        guard isTransformedOnPath else { return vector }
        var result = vector
        var current: View? = self
        while let view = current, !(view is Window) {
            if view.hasTransform { result = view.transform.apply(toVector: result) }
            current = view.superview
        }
        return result
    }

    /// Whether this view or one above it, up to the root of its tree, has a transform: one flag
    /// per view and no cast, so that with the identity all the way up a vector converts to itself
    /// for the price of that walk (R288, R290). A transform above a window nested in the tree
    /// answers true, and the exact conversion, which stops at the window, then finds none.
    final var isTransformedOnPath: Bool {
        var current: UnownedReference<View>? = UnownedReference(self)
        while let view = current {
            // Reading two stored properties runs no user code: the tree cannot change meanwhile.
            let (transformed, parent) = view.withUnsafeUnretained { ($0.hasTransform, $0.superviewRef) }
            if transformed { return true }
            current = parent
        }
        return false
    }

    /// The map from this view's bounds space to its root's, and whether a transform is on the
    /// way (when none is, the map is the translation alone).
    private func mapToWindow() -> (map: AffineTransform, transformed: Bool) {
        var map = AffineTransform.identity
        var transformed = false
        var current: View? = self
        while let view = current, !(view is Window) {
            if view.hasTransform {
                map = map.concatenating(view.localToSuperview)
                transformed = true
            } else {
                map.tx += view.frame.origin.x - view.boundsOrigin.x
                map.ty += view.frame.origin.y - view.boundsOrigin.y
            }
            current = view.superview
        }
        return (map, transformed)
    }

    /// The centre of ``bounds``, the point the transform turns about.
    final var boundsCentre: Point {
        Point(x: boundsOrigin.x + frame.size.width / 2, y: boundsOrigin.y + frame.size.height / 2)
    }

    /// The map from this view's bounds space to its superview's, ``transform`` included: p goes
    /// to frame centre + transform(p - bounds centre) (R285).
    final var localToSuperview: AffineTransform {
        let centre = boundsCentre
        return AffineTransform(translationX: -centre.x, y: -centre.y)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: frame.midX, y: frame.midY))
    }

    /// Converts a point from the superview's space into this view's bounds space (R286): for
    /// an untransformed view a translation, else through the inverse transform about the centre.
    @inline(__always)
    final func convertFromSuperview(_ point: Point) -> Point {
        if hasTransform { return convertFromSuperviewTransformed(point) }
        return translateFromSuperview(point)
    }

    /// ``convertFromSuperview(_:)`` for a view with the identity transform: a translation.
    @inline(__always)
    final func translateFromSuperview(_ point: Point) -> Point {
        Point(x: SuperviewHitArea.translate(point.x, from: frame.origin.x, into: boundsOrigin.x),
              y: SuperviewHitArea.translate(point.y, from: frame.origin.y, into: boundsOrigin.y))
    }

    /// ``convertFromSuperview(_:)`` through the inverse transform: inverse(p - frame centre) +
    /// half the size + bounds origin, added in that order so that a point the transform maps
    /// exactly lands exactly, as an untransformed view's translation does (a bounds origin of
    /// -0.1 added to 50 first would round, and a point on the top edge would miss, R4); the
    /// bounds centre when there is no inverse (R286, R289).
    @inline(never)
    final func convertFromSuperviewTransformed(_ point: Point) -> Point {
        guard let inverse = inverseTransform else { return boundsCentre }
        let local = inverse.apply(to: Point(x: point.x - frame.midX, y: point.y - frame.midY))
        return Point(x: local.x + frame.size.width / 2 + boundsOrigin.x, y: local.y + frame.size.height / 2 + boundsOrigin.y)
    }

    /// Keeps the flags and the inverse up to date; a window stays untransformed (R285, R289).
    private final func transformDidChange() {
        if self is Window, !transform.isIdentity {
            transform = .identity
            return
        }
        hasTransform = !transform.isIdentity
        inverseTransform = transform.inverted()
        updateHitTestable()
    }

    // MARK: - Hit-testing

    /// The farthest descendant of this view (or this view) that contains `point`, given in this
    /// view's coordinate space; nil if the point is outside or the view cannot be hit.
    ///
    /// The default returns nil when the view is hidden, has user interaction disabled, or has
    /// `alpha < 0.01` (so its whole subtree is skipped), or when ``point(inside:with:)`` is false
    /// (so subviews sticking out of the bounds cannot be hit there). Otherwise it asks the
    /// subviews from front (last) to back (first) and returns the first non-nil answer, or this
    /// view.
    ///
    /// Override to change what a view claims; call `super` for the default.
    ///
    /// An override (of this method or of ``point(inside:with:)``) may add or remove views, whether
    /// the engine hit-tests or you call `hitTest` yourself: the walk keeps alive the view whose
    /// subviews it is visiting and the view it is asking, and reads ``subviews`` afresh after each
    /// answer. A view removed during the walk may still be visited or returned (it was in the tree
    /// when the walk reached it).
    ///
    /// - Complexity: O(views visited): about 3-4 ns per view that uses the default.
    ///
    /// Rule: R2, R3, R5, R6, R7.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        defaultHitTest(point, with: event)
    }

    /// The default ``hitTest(_:with:)``, with the views that do not override hit-testing (plain
    /// `View`s and windows) visited inline, in a loop, without a dynamic call or reference
    /// counting: a tree of plain views of any depth costs no stack. Any other view is asked
    /// through its own ``hitTest(_:with:)``, so overrides keep working (one nested call per
    /// subclassed view on the way down). When the engine traces, each view skipped is recorded
    /// (R122).
    ///
    /// Plain views are visited unretained: visiting one runs no user code, so nothing can remove
    /// it meanwhile. User code runs only when a subclass is asked; the walk then pins that view
    /// and the view whose subviews it is visiting (the only one it reads afterwards: it never
    /// backtracks; see ``pinForWalk()``), so an override that removes views (its own, its parent,
    /// any ancestor), from a pass or from a direct call, never makes the walk read a freed view.
    /// The caller keeps `self` alive, as for any method.
    final func defaultHitTest(_ point: Point, with event: Event?) -> View? {
        if let tracer = event?.hitTestTracer { return walk(point, with: event, recording: TracedWalk(tracer: tracer)) }
        return walk(point, with: event, recording: UntracedWalk())
    }

    /// ``defaultHitTest(_:with:)``'s walk, specialized for tracing or not (untraced, the
    /// recording vanishes).
    private final func walk<Recording: HitTestWalkRecording>(_ point: Point, with event: Event?, recording: Recording) -> View? {
        guard isHitTestable else {
            if Recording.isRecording { recording.skipped(self, skipReason) }
            return nil
        }
        let inside = isHitTestedInline ? bounds.contains(point) : self.point(inside: point, with: event)
        guard inside else {
            if Recording.isRecording { recording.skipped(self, .outside) }
            return nil
        }
        // A leaf (read after `point(inside:with:)`, which may have added subviews): the answer.
        if subviews.isEmpty { return self }
        // From here the answer is this view or a descendant: a plain subview that contains the
        // point holds the answer in its subtree (it answers at least itself), so the search
        // descends into it and never comes back. Only subclasses are asked through their methods,
        // and may answer nil, in which case the next sibling is tried.
        var current = UnownedReference(self)
        // The view visited that is pinned (`pinForWalk`) because user code runs under it: the
        // latest one that asked a subclass (pinned at most once per view visited).
        var pinned: UnownedReference<View>?
        var location = point
        while true {
            var next: UnownedReference<View>?
            var answer: View?
            current.withUnsafeUnretained { view in
                var index = view.subviews.count
                while index != 0 {
                    if !Recording.isRecording {
                        // The plain siblings the point misses, passed over in one scan (no user
                        // code runs in it); it stops at the first that needs more.
                        var local = location
                        let scan = view.scanPlainSubviews(below: index, at: &local)
                        if let hit = scan.hit {
                            next = hit
                            location = local
                            return
                        }
                        index = scan.remaining
                        if index == 0 { break }
                    }
                    index &-= 1
                    // An override may have changed the subviews.
                    guard index < view.subviews.count else { continue }
                    let found = UnownedReference(view.subviews[index]).withUnsafeUnretained { subview -> Bool in
                        // One flag for the common case: a plain view that can be hit, with the
                        // identity transform, converts by a translation (R286).
                        if subview.walksInline {
                            let local = subview.translateFromSuperview(location)
                            // `bounds.contains(local)` with its first test apart, so that a
                            // sibling that test rejects pays for it alone (written as one
                            // expression, the four tests are compiled to run together).
                            guard local.x >= subview.boundsOrigin.x, subview.bounds.contains(local) else {
                                if Recording.isRecording { recording.skipped(subview, .outside) }
                                return false
                            }
                            next = UnownedReference(subview)
                            location = local
                            return true
                        }
                        let local = subview.convertFromSuperview(location)
                        if subview.isHitTestedInline {
                            guard subview.isHitTestable, subview.bounds.contains(local) else {
                                if Recording.isRecording {
                                    recording.skipped(subview, subview.isHitTestable ? .outside : subview.skipReason)
                                }
                                return false
                            }
                            next = UnownedReference(subview)
                            location = local
                            return true
                        }
                        // A transform with no inverse leaves the subview no area (R289).
                        if subview.hasTransform, subview.inverseTransform == nil {
                            if Recording.isRecording { recording.skipped(subview, .outside) }
                            return false
                        }
                        // A subclass: its override may remove any view. The view being
                        // visited and the subview asked are pinned, so that neither is freed
                        // while the walk may still read it, even if taken out of the tree.
                        if pinned != current {
                            view.pinForWalk()
                            // The level pinned before is not read again; this view, its
                            // descendant, is pinned from here on.
                            if let previous = pinned { View.unpin(previous) }
                            pinned = current
                        }
                        subview.pinForWalk()
                        answer = subview.hitTest(local, with: event)
                        View.unpin(UnownedReference(subview))
                        return answer != nil
                    }
                    if found { return }
                }
            }
            if let answer {
                if let pinned { View.unpin(pinned) }
                return answer
            }
            guard let next else {
                let found = current.object
                if let pinned { View.unpin(pinned) }
                return found
            }
            current = next
        }
    }

    /// Ends a pin of the walk (``pinForWalk()``) on `view`, which it may free: the caller reads
    /// it no more.
    @inline(__always)
    private static func unpin(_ view: UnownedReference<View>) {
        let keptAlive = view.withUnsafeUnretained { $0.unpinFromWalk() }
        // Let go last: this may be the view's last reference.
        withExtendedLifetime(keptAlive) {}
    }

    /// Marks this view as visited by a hit-test walk that runs user code (an override of a
    /// subclass) while it may still read the view. The walk holds no reference: a view taken out
    /// of its superview while pinned (``removeFromSuperview()``, or its superview freed) keeps
    /// itself alive until the last pin ends (``unpinFromWalk()``). Cheaper than a retain and a
    /// release per view asked, which are atomic. Walks nest (an override may hit-test), so pins
    /// count.
    @inline(__always)
    final func pinForWalk() {
        viewFields.value.walkPins &+= 1
    }

    /// Ends one pin; returns the view's reference to itself when that was the last pin and the
    /// view left its superview meanwhile, for the caller to let go once it reads the view no
    /// more (which may free it).
    @inline(__always)
    final func unpinFromWalk() -> View? {
        viewFields.value.walkPins &-= 1
        guard viewFields.value.walkPins == 0, viewFields.value.selfWhileUnlisted != nil else { return nil }
        return viewFields.value.selfWhileUnlisted.take()
    }

    /// Called as this view leaves its superview's subviews (removed, or its superview freed):
    /// while a walk pins it, it keeps a reference to itself (see ``pinForWalk()``).
    @inline(__always)
    final func keepSelfWhilePinned() {
        if viewFields.value.walkPins != 0, viewFields.value.selfWhileUnlisted == nil { viewFields.value.selfWhileUnlisted = self }
    }

    /// The untraced walk's scan of the subviews below `end`, front to back: those that walk
    /// inline (``walksInline``) and do not contain `location` are passed over, with their
    /// ``hitArea``, which answers as ``walk(_:with:recording:)``'s own loop does, point for point,
    /// without converting the point. It stops at the first subview that contains it (`hit`, with
    /// `location` converted to its space) or that does not walk inline (`hit` nil); `remaining`
    /// is the number of subviews left, that one included (0: all were passed over). Reads the
    /// subviews through their buffer: no user code runs while it is borrowed.
    ///
    /// A subview that does not walk inline has a ``SuperviewHitArea/testedInView`` area, whose
    /// `minX` every x passes, so the first test stops there; an x that is NaN passes no test,
    /// so with one nothing is scanned (`remaining` is `end`) and the loop asks each subview.
    @inline(__always)
    private final func scanPlainSubviews(below end: Int, at location: inout Point) -> (remaining: Int, hit: UnownedReference<View>?) {
        guard !location.x.isNaN else { return (end, nil) }
        return subviews.withUnsafeBufferPointer { buffer in
            var index = min(end, buffer.count)
            while index != 0 {
                let point = location
                let subview = UnownedReference(buffer[index &- 1])
                let outcome = subview.withUnsafeUnretained { subview -> Int8 in
                    let area = subview.hitArea
                    // The one test most siblings fail: left of the area, in the superview's space.
                    guard point.x >= area.minX else { return -1 }
                    guard subview.walksInline else { return 0 }
                    guard area.contains(point) else { return -1 }
                    location = subview.translateFromSuperview(point)
                    return 1
                }
                if outcome >= 0 { return (index, outcome == 1 ? subview : nil) }
                index &-= 1
            }
            return (0, nil)
        }
    }

    /// Not hidden, interactive, at least 0.01 opaque and with an invertible transform (R2, R3,
    /// R6, R289): kept up to date by the four properties, so that hit-testing reads one flag per
    /// view.
    final var isHitTestable: Bool {
        @inline(__always) get { viewFields.value.isHitTestable }
        @inline(__always) set { viewFields.value.isHitTestable = newValue }
    }

    /// Why hit-testing skips this view when ``isHitTestable`` is false: `outside` for a
    /// transform that is not invertible, which leaves the view no area (R289).
    final var skipReason: HitTestSkipReason {
        if isHidden { return .hidden }
        if !isUserInteractionEnabled { return .userInteractionDisabled }
        return alpha < GestureDefaults.hitTestMinimumAlpha ? .transparent : .outside
    }

    private final func updateHitTestable() {
        isHitTestable = !isHidden && isUserInteractionEnabled && alpha >= GestureDefaults.hitTestMinimumAlpha
            && (!hasTransform || inverseTransform != nil)
        updateWalksInline()
    }

    /// Keeps ``walksInline`` and ``hitArea`` up to date with the class, the transform, the
    /// flags and the geometry (finite frame and bounds origin).
    @inline(never)
    private final func updateWalksInline() {
        let area = isHitTestedInline && !hasTransform && isHitTestable ? SuperviewHitArea(frame: frame, boundsOrigin: boundsOrigin) : nil
        walksInline = area != nil
        hitArea = area ?? .testedInView
    }

    /// For a view that ``walksInline``, its bounds test in the superview's space (see
    /// ``SuperviewHitArea``); else ``SuperviewHitArea/testedInView``.
    final var hitArea: SuperviewHitArea {
        @inline(__always) get { viewFields.value.hitArea }
        @inline(__always) set { viewFields.value.hitArea = newValue }
    }

    /// Whether `point`, in this view's coordinate space, is inside the view. The default is
    /// `bounds.contains(point)`, half-open (R4). Override to enlarge or shape the touch area.
    ///
    /// Rule: R4.
    open func point(inside point: Point, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    // MARK: - Gesture recognizers

    /// Attaches `recognizer` to this view, after any already attached. A recognizer attached to
    /// another view is removed from it first (which cancels it if it was tracking, R41).
    ///
    /// A recognizer attached while touches are down does not receive them (R26).
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if recognizer.view === self { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizerList.append(recognizer)
        recognizer.view = self
        // The bind paths found before, which may pass over this view, are found anew.
        windowRef?.withUnsafeUnretained { $0.treeRevision &+= 1 }
    }

    /// Detaches `recognizer` from this view. A recognizer that was tracking touches is cancelled
    /// as if disabled (R40, R41).
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = recognizerList.firstIndex(of: recognizer) else { return }
        // The caller holds `recognizer`: removing it from the list cannot free it.
        recognizerList.remove(at: index)
        recognizer.view = nil
        recognizer.environment?.recognizerWasDetached(recognizer, reason: .removed)
    }

    /// Asked when a recognizer that tracks a touch hit-tested to this view tries to leave
    /// `possible`; return false to make it fail. Default: true.
    ///
    /// The view is asked only for recognizers whose ``GestureRecognizer/cancelsTouchesInView`` is
    /// true (as UIKit), and before the recognizer's delegate.
    ///
    /// Rule: R13, R33.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        true
    }
}

/// How the hit-test walk reports the views it skips (R122).
private protocol HitTestWalkRecording {
    /// Whether ``skipped(_:_:)`` does anything (a constant of the type).
    static var isRecording: Bool { get }
    /// Reports that the walk skipped `view`.
    func skipped(_ view: View, _ reason: HitTestSkipReason)
}

/// No tracer: nothing is reported.
private struct UntracedWalk: HitTestWalkRecording {
    static var isRecording: Bool { false }
    func skipped(_ view: View, _ reason: HitTestSkipReason) {}
}

/// A tracer receives a `hitTestSkipped` record for each view skipped.
private struct TracedWalk: HitTestWalkRecording {
    let tracer: any Tracer
    static var isRecording: Bool { true }
    func skipped(_ view: View, _ reason: HitTestSkipReason) {
        tracer.record(.hitTestSkipped(view: view, reason: reason))
    }
}

/// A stop of a bind path: what the bind walk of a touch-down found above its hit-test view
/// (R23, R28), a view that has recognizers, with its depth. A hit-test view keeps its path, the
/// views with recognizers from it up to its window, nearest first (`View.bindPathStops`), with
/// the revision of the window's tree it was found at (`View.bindPathRevision`,
/// `Window.treeRevision`).
///
/// A path holds while that revision lasts: every change that gives a view other ancestors or a
/// view a recognizer (`insertSubview`, `removeFromSuperview`, `addGestureRecognizer`) moves the
/// revision on, and a view that changes window loses its path (`setWindow`). The views it lists
/// are then the hit-test view's ancestors, alive and in order, and the views between them have
/// no recognizer, so the walk can visit these alone: touch-down costs in proportion to the
/// recognizers on the path, not to its depth. (Removing a recognizer needs no new path: the walk
/// reads each listed view's recognizers as they are.)
struct BindPathStop {
    /// A view with recognizers, not owned (its window's tree owns it while the path holds).
    var view: UnownedReference<View>
    /// Its depth (`View.depth`).
    var depth: Int
}
