/*
 * gesture_arbiter_internal.h: used by the library itself: each thread's last error, the lock
 * of the handle table.
 * Not part of the C interface: a program has no reason to call it.
 */
#ifndef GESTURE_ARBITER_INTERNAL_H
#define GESTURE_ARBITER_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Records the result of the call now returning on this thread: its code and, for an error, its
 * message (NUL-terminated UTF-8, copied and cut to at most 1023 bytes on a character boundary;
 * NULL means ""). */
void ga_internal_set_last_error(int32_t code, const char *message);

/* The lock of the library's handle table (a process-wide mutex, not recursive). */
void ga_internal_lock(void);
void ga_internal_unlock(void);

/* A number that differs between live threads (the address of a thread-local variable). */
uintptr_t ga_internal_thread_id(void);

/* The environments a thread has claimed for the call it is in (by handle bits, a stack): the
 * mark where a call starts, a push when a call claims an environment (false when the stack is
 * full), and a pop of the innermost claim above a mark (0 when there is none). */
int32_t ga_internal_claim_mark(void);
bool ga_internal_push_claim(uint64_t bits);
uint64_t ga_internal_pop_claim(int32_t mark);

#ifdef __cplusplus
}
#endif

#endif
