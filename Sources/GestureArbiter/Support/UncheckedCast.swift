/// `object` as a `Target`, for a caller that knows it is one: checked with a trap in debug builds,
/// unchecked in release builds (`unsafeDowncast`), where a conditional cast would cost a runtime
/// call on every use.
///
/// The engine uses it for two things:
/// - a typed action (``GestureRecognizer/addAction(_:)``) is stored as a closure over the base
///   class and only ever called with the recognizer that added it, whose class is the action's
///   `Self` or a subclass of it;
/// - `GestureRecognizer.asTapGestureRecognizer` casts a recognizer whose class was found at its
///   creation to be ``TapGestureRecognizer`` or a subclass (`isTapGestureRecognizer`).
@inline(__always)
func uncheckedDowncast<Target: AnyObject>(_ object: AnyObject, to target: Target.Type) -> Target {
    assert(object is Target, "\(type(of: object)) is not a \(Target.self)")
    return unsafeDowncast(object, to: target)
}
