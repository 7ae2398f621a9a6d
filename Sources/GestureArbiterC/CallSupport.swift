// The C interface's functions are `@_cdecl("name") public func name(...)`: Swift 6.3 also has
// `@c` (SE-0495), but the package builds with Swift 6.0 and later, and `@_cdecl` gives the same
// C symbol on all of them. Every function returns through `call`, which turns a thrown `CError`
// into its code and the thread's last-error message; no argument reaches a trap.
import CGestureArbiter
import GestureArbiter

/// An error a C call returns: its code and the message `ga_last_error_message` gives.
struct CError: Error {
    var code: ga_result
    var message: String

    init(_ code: Int, _ message: String) {
        self.code = ga_result(code)
        self.message = message
    }

    static func null(_ name: String) -> CError {
        CError(GA_ERROR_NULL_ARGUMENT, "\(name) is NULL")
    }

    static func invalid(_ message: String) -> CError {
        CError(GA_ERROR_INVALID_ARGUMENT, message)
    }

    /// The C code of an engine error from moving the clock (`ga_environment_advance_to`, ...):
    /// the message says "advance", and names the time asked for.
    init(advancing error: DispatchError) {
        if error.kind == .timeWentBackwards {
            let now = error.clockTime.map { "\($0)" } ?? "?"
            let requested = error.requestedTime.map { "\($0)" } ?? "?"
            self.init(GA_ERROR_TIME_WENT_BACKWARDS, "advance went backwards: the clock is at \(now) s and the advance asks for \(requested) s")
        } else {
            self.init(error)
            message = "advance: " + message
        }
    }

    /// The C code of an engine error.
    init(_ error: DispatchError) {
        let code: Int
        switch error.kind {
        case .timeWentBackwards: code = GA_ERROR_TIME_WENT_BACKWARDS
        case .duplicateBegan: code = GA_ERROR_DUPLICATE_BEGAN
        case .unknownTouch: code = GA_ERROR_UNKNOWN_TOUCH
        case .nonFiniteLocation: code = GA_ERROR_NON_FINITE_LOCATION
        case .emptyEvent: code = GA_ERROR_EMPTY_EVENT
        case .duplicateTouchInEvent: code = GA_ERROR_DUPLICATE_TOUCH_IN_EVENT
        case .timersDidNotSettle: code = GA_ERROR_TIMERS_DID_NOT_SETTLE
        case .noWindow: code = GA_ERROR_NO_WINDOW
        case .pointerWithoutButton: code = GA_ERROR_POINTER_WITHOUT_BUTTON
        case .pointerSequence: code = GA_ERROR_POINTER_SEQUENCE
        default: code = GA_ERROR_OTHER
        }
        self.init(code, error.description)
    }
}

/// Runs one C call: records its result as the thread's last error and returns its code. An
/// environment whose handle (or the handle of something in it) the call resolves is claimed by
/// this thread until the call returns: another thread's call on it meanwhile gets
/// GA_ERROR_BUSY instead of racing it.
func call(_ body: () throws(CError) -> Void) -> ga_result {
    // The environments this call claims (resolving their handles) are released when it returns.
    let mark = ga_internal_claim_mark()
    defer {
        while case let bits = ga_internal_pop_claim(mark), bits != 0 { handles.releaseClaim(bits) }
    }
    do {
        try body()
        ga_internal_set_last_error(ga_result(GA_OK), nil)
        return ga_result(GA_OK)
    } catch {
        error.message.withCString { ga_internal_set_last_error(error.code, $0) }
        return error.code
    }
}

/// Writes `value` to a C out-parameter, refusing NULL.
func store<T>(_ value: T, _ pointer: UnsafeMutablePointer<T>?, _ name: String) throws(CError) {
    guard let pointer else { throw .null(name) }
    pointer.pointee = value
}

/// Writes a point to two out-parameters, refusing NULL (named `names`) before writing either.
func storePoint(
    _ point: Point, _ outX: UnsafeMutablePointer<Double>?, _ outY: UnsafeMutablePointer<Double>?, names: (String, String) = ("out_x", "out_y")
) throws(CError) {
    let x = try require(outX, names.0)
    let y = try require(outY, names.1)
    x.pointee = point.x
    y.pointee = point.y
}

/// Checks that a C out-parameter is not NULL before any work is done.
func require<T>(_ pointer: UnsafeMutablePointer<T>?, _ name: String) throws(CError) -> UnsafeMutablePointer<T> {
    guard let pointer else { throw .null(name) }
    return pointer
}

private func kindName(_ kind: HandleKind) -> String {
    switch kind {
    case .environment: return "ga_environment"
    case .window: return "ga_window"
    case .view: return "ga_view"
    case .recognizer: return "ga_recognizer"
    case .controlAction: return "ga_control_action"
    }
}

/// The live slot of `bits` if its kind is one of `kinds`.
private func resolve(_ bits: UInt64, _ kinds: [HandleKind], _ name: String) throws(CError) -> HandleTable.Slot {
    guard bits != 0 else { throw CError(GA_ERROR_INVALID_HANDLE, "\(name) is the null handle") }
    guard let slot = handles.lookup(bits) else {
        throw CError(GA_ERROR_INVALID_HANDLE, "\(name) is not a live handle (destroyed, or never made)")
    }
    guard kinds.contains(slot.kind) else {
        throw CError(GA_ERROR_INVALID_HANDLE, "\(name) is a \(kindName(slot.kind)), not a \(kindName(kinds[0]))")
    }
    return slot
}

func resolve(_ handle: ga_environment, _ name: String = "env") throws(CError) -> CEnvironment {
    let slot = try resolve(handle.bits, [.environment], name)
    guard let environment = slot.object as? CEnvironment else { throw CError(GA_ERROR_INVALID_HANDLE, "\(name) is not live") }
    try claim(environment)
    return environment
}

/// Claims `environment` for this thread until the running call returns (nested calls from its
/// callbacks find it claimed by their own thread), or throws GA_ERROR_BUSY when another thread's
/// call holds it. The header forbids overlapping calls on one environment; this makes them an
/// error instead of a crash.
func claim(_ environment: CEnvironment) throws(CError) {
    switch handles.claim(environment, for: ga_internal_thread_id()) {
    case .alreadyMine:
        return
    case .claimed:
        guard ga_internal_push_claim(environment.bits) else {
            handles.releaseClaim(environment.bits)
            throw CError(GA_ERROR_BUSY, "calls are nested more than 256 environments deep on this thread")
        }
    case .busy:
        throw CError(
            GA_ERROR_BUSY,
            "another thread is inside a call on this environment; calls for one environment (and everything in it) "
                + "must not overlap")
    }
}

/// The live object of `bits` (one of `kinds`) as a `T`, and its environment, claimed for this
/// thread; `notT` is the message when the object is not a `T` (nil: "is not live").
private func resolveOwned<T>(_ bits: UInt64, _ kinds: [HandleKind], _ name: String, notT: String? = nil) throws(CError)
    -> (T, CEnvironment)
{
    let slot = try resolve(bits, kinds, name)
    guard let object = slot.object as? T, let owner = slot.owner else {
        throw CError(GA_ERROR_INVALID_HANDLE, "\(name) \(notT ?? "is not live")")
    }
    try claim(owner)
    return (object, owner)
}

func resolve(_ handle: ga_window, _ name: String = "window") throws(CError) -> (Window, CEnvironment) {
    try resolveOwned(handle.bits, [.window], name)
}

/// A view handle; a window's handle is accepted too (a window is a view) unless `viewOnly`.
func resolve(_ handle: ga_view, _ name: String = "view", viewOnly: Bool = false) throws(CError) -> (View, CEnvironment) {
    try resolveOwned(handle.bits, viewOnly ? [.view] : [.view, .window], name)
}

func resolve(_ handle: ga_recognizer, _ name: String = "recognizer") throws(CError) -> (GestureRecognizer, CEnvironment) {
    try resolveOwned(handle.bits, [.recognizer], name)
}

/// A control's handle: a view handle whose view is a ``Control`` made by `ga_control_create`; a
/// plain view, a window's view or a handle of another kind is refused with GA_ERROR_INVALID_HANDLE.
func resolve(control handle: ga_view, _ name: String = "control") throws(CError) -> (Control, CEnvironment) {
    try resolveOwned(handle.bits, [.view, .window], name, notT: "is not a control (a view made by ga_control_create)")
}

/// A scroll view's handle: a view handle whose view was made by `ga_scroll_view_create`; a plain
/// view, a control, a window's view or a handle of another kind is refused with
/// GA_ERROR_INVALID_HANDLE.
func resolve(scrollView handle: ga_view, _ name: String = "scroll_view") throws(CError) -> (CScrollView, CEnvironment) {
    try resolveOwned(handle.bits, [.view, .window], name, notT: "is not a scroll view (a view made by ga_scroll_view_create)")
}

func resolve(_ handle: ga_control_action, _ name: String = "action") throws(CError) -> (CControlAction, CEnvironment) {
    try resolveOwned(handle.bits, [.controlAction], name)
}

/// Runs `body` with `environment` counted as active (the destroy functions read the count).
func active<T>(_ environment: CEnvironment, _ body: () throws(CError) -> T) throws(CError) -> T {
    // An outermost call starts a new count of the input its callbacks queue.
    if environment.activeCalls == 0 { environment.queuedInput = 0 }
    environment.activeCalls += 1
    defer { environment.activeCalls -= 1 }
    return try body()
}

/// A finite number, else GA_ERROR_INVALID_ARGUMENT naming it.
func finite(_ value: Double, _ name: String) throws(CError) -> Double {
    guard value.isFinite else { throw .invalid("\(name) is \(value); it must be a finite number") }
    return value
}

/// A frame of finite numbers, else GA_ERROR_INVALID_ARGUMENT naming the first that is not.
func finiteFrame(_ x: Double, _ y: Double, _ width: Double, _ height: Double) throws(CError) -> Rect {
    Rect(x: try finite(x, "x"), y: try finite(y, "y"), width: try finite(width, "width"), height: try finite(height, "height"))
}

/// A count at least `minimum`, as an Int.
func count(_ value: Int32, _ name: String, minimum: Int32 = 1) throws(CError) -> Int {
    guard value >= minimum else { throw .invalid("\(name) is \(value); it must be at least \(minimum)") }
    return Int(value)
}

/// A duration in nanoseconds, at least 0.
func duration(_ nanoseconds: Int64, _ name: String) throws(CError) -> Duration {
    guard nanoseconds >= 0 else { throw .invalid("\(name) is \(nanoseconds) ns; it must be at least 0") }
    return .nanoseconds(nanoseconds)
}

/// A touch id as the engine's `Int`.
func touchID(_ id: Int64) throws(CError) -> Int {
    guard let value = Int(exactly: id) else { throw .invalid("touch id \(id) does not fit this platform's Int") }
    return value
}

/// A C string argument as a Swift string, refusing NULL and text that is not UTF-8.
func text(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(CError) -> String {
    guard let pointer else { throw .null(name) }
    guard let value = String(validatingCString: pointer) else { throw .invalid("\(name) is not valid UTF-8") }
    return value
}

/// An optional C string argument: nil for NULL, else the text, refusing text that is not UTF-8.
func optionalText(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(CError) -> String? {
    guard pointer != nil else { return nil }
    return try text(pointer, name)
}
