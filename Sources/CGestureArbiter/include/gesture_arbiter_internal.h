/*
 * gesture_arbiter_internal.h: used by the library itself: each thread's last error, the lock
 * of the handle table.
 * Not part of the C interface: a program has no reason to call it.
 */
#ifndef GESTURE_ARBITER_INTERNAL_H
#define GESTURE_ARBITER_INTERNAL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Records the result of the call now returning on this thread: its code and, for an error, its
 * message (NUL-terminated UTF-8, copied and cut at 1023 bytes; NULL means ""). */
void ga_internal_set_last_error(int32_t code, const char *message);

/* The lock of the library's handle table (a process-wide mutex, not recursive). */
void ga_internal_lock(void);
void ga_internal_unlock(void);

#ifdef __cplusplus
}
#endif

#endif
