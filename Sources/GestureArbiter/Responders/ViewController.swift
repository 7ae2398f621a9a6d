/// An object that manages a view: UIKit's `UIViewController`, for its place in the responder
/// chain.
///
/// A controller sits between its root ``view`` and that view's superview: touches a root view
/// does not handle are forwarded to the controller, and from there to the superview (R9, R10).
///
/// Rule: R9.
open class ViewController: Responder {
    /// A name for logs and traces.
    public var name: String?

    /// The root view. Setting it makes the view's next responder this controller.
    public var view: View? {
        willSet {
            if let old = view, old.viewController === self { old.viewController = nil }
        }
        didSet {
            view?.viewController = self
        }
    }

    /// Creates a controller, optionally with its root view.
    public init(view: View? = nil) {
        super.init()
        self.view = view
        view?.viewController = self
    }

    deinit {
        if let view, view.viewController === self { view.viewController = nil }
    }

    /// The root view's superview (R9).
    open override var next: Responder? { view?.superview }

    override var firstResponderWindow: Window? { view?.window }
}
