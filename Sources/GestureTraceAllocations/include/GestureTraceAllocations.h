#ifndef GESTURE_TRACE_ALLOCATIONS_H
#define GESTURE_TRACE_ALLOCATIONS_H

/// The number of heap allocations this process has made so far through malloc, calloc, realloc,
/// aligned_alloc, posix_memalign, memalign, valloc and pvalloc, or -1 when this platform has no
/// counter (only glibc-based Linux has one, and not in a sanitizer build, whose runtime owns the
/// allocation functions). Used by `gesture-trace --bench` only.
long long gesture_trace_allocation_count(void);

#endif
