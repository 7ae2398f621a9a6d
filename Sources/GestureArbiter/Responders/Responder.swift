/// An object that can handle touch and non-touch events, linked into the responder chain.
///
/// UIKit's `UIResponder`. The default touch methods forward the same call, with the same touches
/// and event, to ``next`` (R10): a view that overrides them without calling `super` stops the
/// propagation. Touches always start at their hit-test view (R11); the first responder matters
/// only for non-touch events: motion and remote-control events and actions sent with no target
/// start at the first responder and travel the chain.
///
/// ```swift
/// final class Canvas: View {
///     override func touchesBegan(_ touches: TouchSet, with event: Event?) {
///         // handle; no super call, so the superview never hears of these touches
///     }
/// }
/// ```
///
/// Rule: R9, R10, R11.
open class Responder {
    /// Creates a responder.
    public init() {
        let type = ObjectIdentifier(Swift.type(of: self))
        onlyForwards =
            type == ObjectIdentifier(View.self) || type == ObjectIdentifier(Window.self)
            || type == ObjectIdentifier(ViewController.self) || type == ObjectIdentifier(Application.self)
            || type == ObjectIdentifier(Responder.self)
    }

    /// Whether this responder's class is one of the library's own (not a subclass), whose event
    /// methods only forward to ``next``.
    let onlyForwards: Bool

    /// The next responder in the chain, or nil at its end.
    ///
    /// A view returns its view controller if it is that controller's root view, else its
    /// superview; a view controller returns its view's superview; a window returns the
    /// application; the application returns its delegate if it has one (R9).
    open var next: Responder? { nil }

    /// The first responder after this one that may handle an event itself, or nil.
    ///
    /// Responders of the library's own classes would only pass the event on, so the walk steps
    /// over them in a loop instead of one nested call each: forwarding up a chain of any length
    /// costs no stack (as many frames as subclasses that forward by calling `super`). What each
    /// responder receives is the same as if every one had been called (R10).
    ///
    /// Past this responder's own ``next`` (which a subclass may override), the walk reads each
    /// library responder's next one unretained (``forwardingNext``): their `next` runs no user
    /// code, and every responder on the chain is owned elsewhere (a view by its superview, a
    /// window by its host, the application by its environment, a delegate by whoever set it),
    /// so none can be freed during the walk. Only the responder returned is retained.
    final var nextHandler: Responder? {
        guard let first = next else { return nil }
        guard first.onlyForwards else { return first }
        var current = UnownedReference(first)
        while let following = current.withUnsafeUnretained({ $0.forwardingNext }) {
            if !following.withUnsafeUnretained({ $0.onlyForwards }) { return following.object }
            current = following
        }
        return nil
    }

    /// ``next``, unretained, for a responder of the library's own classes (``onlyForwards``),
    /// whose `next` is the library's: the step of ``nextHandler``'s walk. View, window and
    /// application read it from what they store; the others wrap ``next``.
    var forwardingNext: UnownedReference<Responder>? {
        guard let responder = next else { return nil }
        return UnownedReference(responder)
    }

    // MARK: Touches

    /// Called when touches began in this responder. The default forwards to ``next`` (R10).
    open func touchesBegan(_ touches: TouchSet, with event: Event?) {
        nextHandler?.touchesBegan(touches, with: event)
    }

    /// Called when touches moved. The default forwards to ``next`` (R10).
    open func touchesMoved(_ touches: TouchSet, with event: Event?) {
        nextHandler?.touchesMoved(touches, with: event)
    }

    /// Called when touches lifted. The default forwards to ``next`` (R10).
    open func touchesEnded(_ touches: TouchSet, with event: Event?) {
        nextHandler?.touchesEnded(touches, with: event)
    }

    /// Called when touches were cancelled, by the system or by a gesture recognizer
    /// (R22, R67). The default forwards to ``next`` (R10).
    open func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        nextHandler?.touchesCancelled(touches, with: event)
    }

    // MARK: Non-touch events

    /// Called when a motion event began. The default forwards to ``next`` (R11).
    open func motionBegan(_ motion: MotionKind) {
        nextHandler?.motionBegan(motion)
    }

    /// Called when a motion event ended. The default forwards to ``next`` (R11).
    open func motionEnded(_ motion: MotionKind) {
        nextHandler?.motionEnded(motion)
    }

    /// Called when a motion event was cancelled. The default forwards to ``next`` (R11).
    open func motionCancelled(_ motion: MotionKind) {
        nextHandler?.motionCancelled(motion)
    }

    /// Called for a remote-control event. The default forwards to ``next`` (R11).
    open func remoteControlReceived(_ event: RemoteControlKind) {
        nextHandler?.remoteControlReceived(event)
    }

    /// Whether this responder handles `action`; the first responder in the chain that answers
    /// true receives an action sent with no target. Default: false.
    open func canPerformAction(_ action: ResponderAction, withSender sender: AnyObject?) -> Bool {
        false
    }

    /// Performs `action`, which this responder said it can perform. Default: does nothing.
    open func perform(_ action: ResponderAction, withSender sender: AnyObject?) {}

    /// The responder that would receive `action` sent with no target from this responder: the
    /// first one from here up the chain whose ``canPerformAction(_:withSender:)`` is true.
    public func target(forAction action: ResponderAction, withSender sender: AnyObject?) -> Responder? {
        var responder: Responder? = self
        while let current = responder {
            if current.canPerformAction(action, withSender: sender) { return current }
            responder = current.next
        }
        return nil
    }

    // MARK: First responder

    /// Whether this responder accepts first-responder status. Default: false.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder gives up first-responder status when asked. Default: true.
    open var canResignFirstResponder: Bool { true }

    /// The window whose first responder this responder can be: a view's window, a view
    /// controller's view's window, a window itself. Nil for the application.
    var firstResponderWindow: Window? { nil }

    /// Whether this responder is its window's first responder.
    public var isFirstResponder: Bool {
        firstResponderWindow?.firstResponder === self
    }

    /// Asks to become the first responder of its window.
    ///
    /// Succeeds when ``canBecomeFirstResponder`` is true, the responder is in a window, and the
    /// current first responder (if another) agrees to resign.
    ///
    /// - Returns: whether this responder is now the first responder.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = firstResponderWindow else { return false }
        if let current = window.firstResponder, current !== self {
            guard current.resignFirstResponder() else { return false }
        }
        window.firstResponder = self
        return true
    }

    /// Gives up first-responder status.
    ///
    /// - Returns: false if ``canResignFirstResponder`` is false; true otherwise.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let window = firstResponderWindow, window.firstResponder === self {
            window.firstResponder = nil
        }
        return true
    }
}

/// The kind of a motion event (UIKit's `UIEvent.EventSubtype` for motion).
public enum MotionKind: Hashable, Sendable {
    /// The device was shaken.
    case shake
}

/// The kind of a remote-control event (UIKit's remote-control subtypes).
public enum RemoteControlKind: Hashable, Sendable {
    /// Play.
    case play
    /// Pause.
    case pause
    /// Toggle play and pause.
    case togglePlayPause
    /// Skip to the next track.
    case nextTrack
    /// Skip to the previous track.
    case previousTrack
}

/// The name of an action message that travels the responder chain when sent with no target
/// (UIKit's selector, such as `copy:`).
public struct ResponderAction: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The action's name.
    public var name: String

    /// Creates an action name.
    public init(_ name: String) {
        self.name = name
    }

    /// Creates an action name from a literal: `let copy: ResponderAction = "copy"`.
    public init(stringLiteral value: String) {
        self.name = value
    }

    /// The name.
    public var description: String { name }
}
