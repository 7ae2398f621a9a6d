/// The end of the responder chain: UIKit's `UIApplication`.
///
/// Every window's next responder is its environment's application (R9). The application's next
/// responder is its ``delegate``, when it has one.
///
/// Rule: R9.
public final class Application: Responder {
    /// The application's stored state, in one cell that the runtime does not check for
    /// overlapping access (Support/UncheckedExclusivityCell.swift; Scripts/check-exclusivity.sh
    /// proves that none is formed): every touch phase that reaches a view which does not handle
    /// it walks the chain up to here and reads ``next``.
    private let applicationFields = UncheckedExclusivityCell(ApplicationFields())
    /// The fields of `applicationFields`.
    private struct ApplicationFields: ~Copyable {
        weak var delegate: Responder?
        /// A delegate was ever set: until then ``next`` is nil without loading the weak reference.
        var everHadDelegate = false
    }

    /// The responder after the application, if any (UIKit's app delegate when it is a responder).
    /// The application does not keep it alive (a weak reference, as in UIKit).
    public var delegate: Responder? {
        get { applicationFields.value.everHadDelegate ? applicationFields.value.delegate : nil }
        set {
            if newValue != nil { applicationFields.value.everHadDelegate = true }
            applicationFields.value.delegate = newValue
        }
    }

    /// Creates an application.
    public override init() {
        super.init()
    }

    /// The delegate, if any (R9).
    public override var next: Responder? { delegate }
}
