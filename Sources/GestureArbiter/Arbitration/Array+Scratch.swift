extension Array {
    /// Empties a reused buffer without giving up its storage; a no-op on an empty buffer (which
    /// `removeAll(keepingCapacity:)` is not: it still goes through `replaceSubrange`). The
    /// common one-element case pops it, which is far cheaper than the generic path.
    @inline(__always)
    mutating func clearKeepingCapacity() {
        switch count {
        case 0: return
        case 1: removeLast()
        default: removeAll(keepingCapacity: true)
        }
    }
}

/// Calls `body` with `object` without retaining it for the call.
///
/// The engine's hot loops walk arrays of class references (recognizers, touches, views) and
/// call into user code from them; a plain loop retains and releases every element it visits,
/// which was a third of all instructions of a pass. Use this only for objects that something
/// else keeps alive for the whole call: during a pass, the window's active recognizers stay in
/// `activeRecognizers` until step 7 (reset), and touches stay in `passTouches`, `liveTouches`
/// or `retiredTouches` until the pass ends.
@inline(__always)
func withUnretained<Object: AnyObject, Result>(_ object: Object, _ body: (Object) throws -> Result) rethrows -> Result {
    try Unmanaged.passUnretained(object)._withUnsafeGuaranteedRef(body)
}
