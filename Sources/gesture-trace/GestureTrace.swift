import GestureArbiterTesting
import GestureTraceAllocations

/// `gesture-trace [FILE | -] [--check] [--explain] [--latency] [--html OUT] [--bench [--bench-iterations N]] [--lint] [--help]`:
/// see `TraceCommand` (its `usage` is the `--help` text). `TraceCommand.main` does the work; this
/// tool adds only the heap-allocation counter of `--bench`.
@main
struct GestureTrace {
    static func main() {
        TraceCommand.main(allocationCount: allocationCount)
    }

    /// The heap allocations made so far, counted by the tool's wrappers around glibc's allocator
    /// (GestureTraceAllocations), or nil where they are not counted.
    static func allocationCount() -> UInt64? {
        let count = gesture_trace_allocation_count()
        return count < 0 ? nil : UInt64(count)
    }
}
