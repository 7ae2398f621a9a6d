/// The root of a view tree that receives touches: UIKit's `UIWindow`.
///
/// A window is itself a view (the root view of scenario files, with id `window`). Attach it to a
/// ``GestureEnvironment`` with ``GestureEnvironment/addWindow(_:)`` so that touches can land in it.
/// Its ``View/frame`` is in screen coordinates; touches are hit-tested against the frontmost window
/// that contains them (R8). A window's next responder is the application (R9), and the window
/// keeps track of its first responder (R11).
///
/// Rule: R8, R9, R11, R123.
public final class Window: View {
    /// The stored state of this class that the dispatch path reads and writes at every event,
    /// in one cell that the runtime does not check for overlapping access
    /// (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh proves that none
    /// is formed). The properties of the same names forward to it.
    private let windowFields = UncheckedExclusivityCell(WindowFields())
    /// The fields of `windowFields`: the stored properties they replace, with their defaults.
    private struct WindowFields: ~Copyable {
        var activeRecognizers: RetainedList<GestureRecognizer> = RetainedList<GestureRecognizer>()
        var environmentRef: UnownedReference<GestureEnvironment>?
        var lastLift: (time: Timestamp, location: Point, tapCount: Int)?
        var treeRevision: UInt64 = 0
    }

    /// The environment the window is attached to, if any; nil while that environment is being
    /// freed (its teardown cancels the window's touches, and a callback must not keep it).
    public internal(set) var environment: GestureEnvironment? {
        get {
            guard let environmentRef, !environmentRef.withUnsafeUnretained({ $0.isGoingAway }) else { return nil }
            return environmentRef.object
        }
        set { environmentRef = .to(newValue) }
    }
    /// `environment` as stored: not owned, read without reference counting (see
    /// ``UnownedReference``); the environment clears it when it detaches the window or goes away.
    final var environmentRef: UnownedReference<GestureEnvironment>? {
        @inline(__always) get { windowFields.value.environmentRef }
        @inline(__always) set { windowFields.value.environmentRef = newValue }
    }
    /// The window's first responder, if any (R11).
    public internal(set) weak var firstResponder: Responder?
    /// The reused event object handed to callbacks for this window's touches.
    let event = Event()
    /// Recognizers bound in this window's current sequence (or finished and not yet reset), in
    /// processing order (R28).
    var activeRecognizers: RetainedList<GestureRecognizer> {
        @inline(__always) _read { yield windowFields.value.activeRecognizers }
        @inline(__always) _modify { yield &windowFields.value.activeRecognizers }
    }
    /// Moves on whenever a view of this window's tree moves or leaves it (`insertSubview`,
    /// `removeFromSuperview`) or gains a recognizer (`addGestureRecognizer`): the bind paths
    /// found before then are found anew (`BindPathStop`).
    var treeRevision: UInt64 {
        @inline(__always) get { windowFields.value.treeRevision }
        @inline(__always) set { windowFields.value.treeRevision = newValue }
    }
    /// The last lift-off in this window, for ``Touch/tapCount``.
    var lastLift: (time: Timestamp, location: Point, tapCount: Int)? {
        @inline(__always) get { windowFields.value.lastLift }
        @inline(__always) set { windowFields.value.lastLift = newValue }
    }

    /// Creates a window with the given frame, in screen coordinates.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        window = self
        event.windowRef = UnownedReference(self)
    }

    deinit {
        // First: an event a user kept must not lead to this window once it is going away.
        event.windowRef = nil
        for index in 0..<activeRecognizers.count { activeRecognizers[index].withUnsafeUnretained { $0.activeWindow = nil } }
    }

    /// Creates a window of the given size at the screen's origin.
    public convenience init(width: Double, height: Double) {
        self.init(frame: Rect(x: 0, y: 0, width: width, height: height))
    }

    /// The application, when the window is attached to an environment (R9), also while that
    /// environment's teardown cancels the window's touches.
    public override var next: Responder? { environmentRef?.withUnsafeUnretained { $0.application } }

    /// ``next`` without retaining the application (see ``Responder/nextHandler``).
    override var forwardingNext: UnownedReference<Responder>? {
        environmentRef?.withUnsafeUnretained { UnownedReference<Responder>($0.application) }
    }

    override var firstResponderWindow: Window? { self }

    /// `Window(name)` or `Window` with the frame.
    public override var description: String { name.map { "Window(\($0))" } ?? "Window\(frame)" }

    /// Sends a motion event to the first responder (or the window when there is none); it
    /// travels the responder chain from there (R11).
    public func sendMotionBegan(_ motion: MotionKind) {
        (firstResponder ?? self).motionBegan(motion)
    }

    /// Sends the end of a motion event to the first responder, as ``sendMotionBegan(_:)``.
    public func sendMotionEnded(_ motion: MotionKind) {
        (firstResponder ?? self).motionEnded(motion)
    }

    /// Sends a remote-control event to the first responder (or the window); it travels the
    /// chain (R11).
    public func sendRemoteControl(_ event: RemoteControlKind) {
        (firstResponder ?? self).remoteControlReceived(event)
    }

    /// Sends an action message. With a target, the target performs it if it can. With no target,
    /// it goes to the first responder in the chain, starting at the first responder (or the
    /// window), whose ``Responder/canPerformAction(_:withSender:)`` is true (R11).
    ///
    /// - Returns: whether some responder performed the action.
    @discardableResult
    public func sendAction(_ action: ResponderAction, to target: Responder?, from sender: AnyObject?) -> Bool {
        let receiver: Responder?
        if let target {
            receiver = target.canPerformAction(action, withSender: sender) ? target : nil
        } else {
            receiver = (firstResponder ?? self).target(forAction: action, withSender: sender)
        }
        guard let receiver else { return false }
        receiver.perform(action, withSender: sender)
        return true
    }
}
