// The handle table's lock, and each thread's last error: the code and message of the last call into the library on that
// thread. Kept in C for its thread-local storage; the Swift side writes it through
// ga_internal_set_last_error at the end of every call.
#include "gesture_arbiter.h"
#include "gesture_arbiter_internal.h"
#include "gesture_arbiter_recorder.h"

#include <pthread.h>
#include <string.h>

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

void ga_internal_lock(void) { pthread_mutex_lock(&table_lock); }

void ga_internal_unlock(void) { pthread_mutex_unlock(&table_lock); }

enum { GA_MESSAGE_CAPACITY = 1024 };

static _Thread_local ga_result last_code = GA_OK;
static _Thread_local char last_message[GA_MESSAGE_CAPACITY];

void ga_internal_set_last_error(int32_t code, const char *message) {
    last_code = code;
    if (message == NULL) {
        last_message[0] = '\0';
        return;
    }
    size_t length = strlen(message);
    if (length >= GA_MESSAGE_CAPACITY) {
        /* Cut on a character boundary: never keep the first bytes of a UTF-8 sequence whose
         * continuation bytes (10xxxxxx) were cut off. */
        length = GA_MESSAGE_CAPACITY - 1;
        while (length > 0 && ((unsigned char)message[length] & 0xC0) == 0x80) length--;
    }
    memcpy(last_message, message, length);
    last_message[length] = '\0';
}

ga_result ga_last_error_code(void) { return last_code; }

const char *ga_last_error_message(void) { return last_message; }

const char *ga_result_name(ga_result result) {
    switch (result) {
    case GA_OK: return "GA_OK";
    case GA_ERROR_NULL_ARGUMENT: return "GA_ERROR_NULL_ARGUMENT";
    case GA_ERROR_INVALID_HANDLE: return "GA_ERROR_INVALID_HANDLE";
    case GA_ERROR_INVALID_ARGUMENT: return "GA_ERROR_INVALID_ARGUMENT";
    case GA_ERROR_WRONG_ENVIRONMENT: return "GA_ERROR_WRONG_ENVIRONMENT";
    case GA_ERROR_TIME_WENT_BACKWARDS: return "GA_ERROR_TIME_WENT_BACKWARDS";
    case GA_ERROR_DUPLICATE_BEGAN: return "GA_ERROR_DUPLICATE_BEGAN";
    case GA_ERROR_UNKNOWN_TOUCH: return "GA_ERROR_UNKNOWN_TOUCH";
    case GA_ERROR_NON_FINITE_LOCATION: return "GA_ERROR_NON_FINITE_LOCATION";
    case GA_ERROR_EMPTY_EVENT: return "GA_ERROR_EMPTY_EVENT";
    case GA_ERROR_DUPLICATE_TOUCH_IN_EVENT: return "GA_ERROR_DUPLICATE_TOUCH_IN_EVENT";
    case GA_ERROR_TIMERS_DID_NOT_SETTLE: return "GA_ERROR_TIMERS_DID_NOT_SETTLE";
    case GA_ERROR_WRONG_CLOCK: return "GA_ERROR_WRONG_CLOCK";
    case GA_ERROR_INVALID_TREE: return "GA_ERROR_INVALID_TREE";
    case GA_ERROR_BUSY: return "GA_ERROR_BUSY";
    case GA_ERROR_INPUT_LIMIT: return "GA_ERROR_INPUT_LIMIT";
    case GA_ERROR_NO_WINDOW: return "GA_ERROR_NO_WINDOW";
    case GA_ERROR_POINTER_WITHOUT_BUTTON: return "GA_ERROR_POINTER_WITHOUT_BUTTON";
    case GA_ERROR_POINTER_SEQUENCE: return "GA_ERROR_POINTER_SEQUENCE";
    case GA_ERROR_CANNOT_RECORD: return "GA_ERROR_CANNOT_RECORD";
    case GA_ERROR_IO: return "GA_ERROR_IO";
    default: return "GA_ERROR_OTHER";
    }
}

/* The environments this thread claimed, by handle bits, innermost last (see
 * gesture_arbiter_internal.h). */
#define GA_CLAIM_CAPACITY 256
static _Thread_local uint64_t claims[GA_CLAIM_CAPACITY];
static _Thread_local int32_t claim_count;
static _Thread_local char thread_marker;

uintptr_t ga_internal_thread_id(void) { return (uintptr_t)&thread_marker; }

int32_t ga_internal_claim_mark(void) { return claim_count; }

bool ga_internal_push_claim(uint64_t bits) {
    if (claim_count >= GA_CLAIM_CAPACITY) return false;
    claims[claim_count++] = bits;
    return true;
}

uint64_t ga_internal_pop_claim(int32_t mark) {
    if (claim_count <= mark) return 0;
    return claims[--claim_count];
}
