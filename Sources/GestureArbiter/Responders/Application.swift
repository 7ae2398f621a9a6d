/// The end of the responder chain: UIKit's `UIApplication`.
///
/// Every window's next responder is its environment's application (R9). The application's next
/// responder is its ``delegate``, when it has one.
///
/// Rule: R9.
public final class Application: Responder {
    /// The responder after the application, if any (UIKit's app delegate when it is a responder).
    public weak var delegate: Responder?

    /// Creates an application.
    public override init() {
        super.init()
    }

    /// The delegate, if any (R9).
    public override var next: Responder? { delegate }
}
