/// An observer of every decision the engine makes (R122).
///
/// Attach one with ``GestureEnvironment/tracer``. The engine calls ``record(_:)`` synchronously,
/// in the order things happen, so the records read as the story of each pass. With no tracer
/// attached the engine builds no records and no strings.
///
/// A tracer must not call back into the engine.
///
/// Rule: R122.
public protocol Tracer: AnyObject {
    /// Receives one record.
    func record(_ record: TraceRecord)
}

/// A tracer that keeps every record in memory, for tests and tools.
public final class RecordingTracer: Tracer {
    /// The records received so far, oldest first.
    public private(set) var records: [TraceRecord] = []

    /// Creates an empty recorder.
    public init() {}

    /// Appends `record`.
    public func record(_ record: TraceRecord) {
        records.append(record)
    }

    /// Forgets every record.
    public func removeAll() {
        records.removeAll()
    }
}
