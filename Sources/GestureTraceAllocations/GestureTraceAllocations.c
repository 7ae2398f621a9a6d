// Heap-allocation counting for `gesture-trace --bench`, linked into the command-line tool only
// (never the engine or the testing library).
//
// On glibc, the tool defines the C allocation functions itself. Its definitions take precedence
// over the C library's for every caller outside the C library (the Swift runtime, Foundation,
// the engine), count the call, and forward to glibc's own allocator through the `__libc_*`
// entry points glibc exports for this purpose, so memory comes from and returns to the one glibc
// heap (`free` is not wrapped: it needs no counting). Allocations the C library makes internally
// call its allocator directly and are not counted.
//
// Elsewhere nothing is wrapped and the count is -1: not available, never a made-up number. The
// same in a sanitizer build (`swift build --sanitize=address` and the like): the sanitizer's
// runtime owns the allocation functions, and memory taken from glibc behind its back would be
// reported as never allocated.

#include "GestureTraceAllocations.h"

// Any C library header defines __GLIBC__ on glibc.
#include <errno.h>
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define GESTURE_TRACE_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define GESTURE_TRACE_SANITIZED 1
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(GESTURE_TRACE_SANITIZED)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static unsigned long long allocations;

static inline void count_allocation(void) {
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_allocation();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count_allocation();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    count_allocation();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    count_allocation();
    return __libc_pvalloc(size);
}

long long gesture_trace_allocation_count(void) {
    return (long long)__atomic_load_n(&allocations, __ATOMIC_RELAXED);
}

#else

long long gesture_trace_allocation_count(void) {
    return -1;
}

#endif
