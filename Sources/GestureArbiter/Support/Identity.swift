// Reference counting on the dispatch path.
//
// A plain loop over an array of class references, or a `===` on an optional reference, retains
// and releases what it looks at: atomic operations that were a third of all instructions of a
// pass. These helpers let the engine look without owning.

/// Calls `body` with `object` without retaining it for the call.
///
/// The engine's hot loops walk arrays of class references (recognizers, touches, views) and
/// call into user code from them; a plain loop retains and releases every element it visits,
/// which was a third of all instructions of a pass. Use this only for objects that something
/// else keeps alive for the whole call: during a pass, the window's active recognizers stay in
/// `activeRecognizers` until step 7 (reset), and touches stay in `passTouches`, `liveTouches`
/// or `retiredTouches` until the pass ends.
@inline(__always)
func withUnsafeUnretained<Object: AnyObject, Result>(_ object: Object, _ body: (Object) throws -> Result) rethrows -> Result {
    try Unmanaged.passUnretained(object)._withUnsafeGuaranteedRef(body)
}

/// Identity of two optional references, without the retain and release that the standard
/// library's `===` (which converts both sides to `AnyObject?`) costs. Used by the whole module in
/// place of the standard one: same meaning, both nil counts as identical.
@inline(__always)
func === <Left: AnyObject, Right: AnyObject>(lhs: Left?, rhs: Right?) -> Bool {
    switch (lhs, rhs) {
    case let (left?, right?): return ObjectIdentifier(left) == ObjectIdentifier(right)
    case (nil, nil): return true
    default: return false
    }
}

/// Not ``===(_:_:)``.
@inline(__always)
func !== <Left: AnyObject, Right: AnyObject>(lhs: Left?, rhs: Right?) -> Bool {
    !(lhs === rhs)
}

extension Array where Element: AnyObject {
    /// Whether one of the elements is `object` itself (by identity), comparing the references as
    /// addresses: a plain loop retains and releases each element it looks at.
    @inline(__always)
    func containsIdentical(_ object: Element) -> Bool {
        let target = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        return withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafeRawPointer.self) { $0.contains(target) }
        }
    }
}
