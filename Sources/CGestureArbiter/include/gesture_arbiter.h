/*
 * gesture_arbiter.h: the C interface of GestureArbiter (the library product GestureArbiterC).
 *
 * GestureArbiter reproduces UIKit's touch pipeline (hit-testing, the responder chain, gesture
 * recognizers and their arbitration, delaysTouchesBegan/Ended, cancelsTouchesInView) on a clock
 * the host controls. This header is the complete reference of its C interface: every function
 * says what it does, what it returns and who owns what.
 *
 * BUILD AND LINK
 *   swift build --product GestureArbiterC          (gives .build/debug/libGestureArbiterC.so)
 *   cc -I Sources/CGestureArbiter/include app.c -L .build/debug -lGestureArbiterC \
 *      -Wl,-rpath,$PWD/.build/debug
 *
 * HANDLES
 *   Every object is named by a handle: a small struct holding a 64-bit number, never a pointer.
 *   A handle is an index into the library's table plus a generation, so a handle whose object
 *   was destroyed ("stale") is recognized and refused with GA_ERROR_INVALID_HANDLE: it never
 *   reaches freed memory and is never confused with a newer object. The all-zero handle
 *   (GA_NULL_HANDLE, e.g. `ga_view v = {0};`) is never valid. A handle of one kind passed where
 *   another kind is expected (a recognizer's number in a ga_view) is refused the same way.
 *
 * OWNERSHIP
 *   - ga_environment_create / ga_environment_destroy: the environment owns everything made in
 *     it. Destroying it removes its windows, back to front, which ends the gesture in flight
 *     (views get touchesCancelled for the touches they saw begin, tracking recognizers send
 *     their cancelled action, tracking controls send GA_CONTROL_EVENT_TOUCH_CANCEL, the host
 *     scheduler is told to cancel the pending timers), then
 *     makes the handles of all its windows, views, recognizers and control actions stale. No
 *     callback of it (the host scheduler's included) runs after ga_environment_destroy returns;
 *     the host forgets its tokens itself. From inside one of its callbacks, see CALLBACKS AND RE-ENTRANCY.
 *   - ga_window_create / ga_window_destroy: a window is attached to its environment when made.
 *     Destroying it removes it (the gesture in its views ends as above) and makes the handles of
 *     the window, of every view in it, of their recognizers and of the controls' actions stale.
 *   - ga_view_create (or ga_control_create, ga_scroll_view_create) / ga_view_destroy: destroying
 *     a view removes it from its superview and makes the handles of the view, its subviews, all
 *     their recognizers (a scroll view's built-in ones included) and the actions of the controls
 *     among them stale.
 *   - ga_control_add_action / ga_control_remove_action: an action belongs to its control.
 *   - ga_*_recognizer_create / ga_recognizer_destroy: a recognizer is attached to a view when
 *     made; destroying it detaches it (cancelling it if it was tracking). A scroll view's two
 *     built-in recognizers are made with it and go with it (ga_scroll_view_create).
 *   - Strings the library returns (ga_last_error_message) belong to the library; see there.
 *   - Arrays and structs the library passes to callbacks are valid only during the callback.
 *   - The user_data pointers are never read, written or freed by the library.
 *
 * CALLBACKS AND RE-ENTRANCY
 *   Callbacks (actions, control actions, view deliveries, trace events, delegate questions, a
 *   scroll view's scroll callback and content-touch questions, the host scheduler)
 *   run on the thread that made the call into the library that caused them. From a callback
 *   you may call any function of this header, as UIKit code may from an action:
 *   - tree and flag changes act as in UIKit: the tree changes at once; the cancellations they
 *     cause come when the running pass has finished;
 *   - ga_environment_dispatch (and _dispatch_typed, _dispatch_hover, _dispatch_scroll,
 *     _dispatch_transform) / ga_environment_advance_to / ga_environment_fire_timer called from
 *     a callback are queued and run, in call order, when the running pass has finished; an
 *     error found then is not returned to anyone (the event is dropped, as the engine's
 *     rejectedDeferredInputs does); only the shape and time of the event are checked at once;
 *     callbacks may queue at most GA_MAX_QUEUED_INPUT of them during one outermost call
 *     (GA_ERROR_INPUT_LIMIT after that, so that the call returns);
 *   - any destroy function: the handles become stale at once (the next call with them returns
 *     GA_ERROR_INVALID_HANDLE) and the objects go away when the outermost library call returns.
 *     Destroying the environment from its own callback stops all of its callbacks at once: the
 *     rest of the running pass, and the teardown, happen silently (no cancelled touches are
 *     reported), and the environment's memory goes when the outermost call returns.
 *
 * THREADING
 *   An environment and everything in it belong to one thread at a time: calls for one
 *   environment must not overlap. Different environments may be used on different threads at
 *   once (the handle table is locked). A call that would overlap another thread's call on the
 *   same environment is refused with GA_ERROR_BUSY (a check, not a wait: it changes nothing);
 *   calls made from the environment's own callbacks, on the thread of the running call, are
 *   not overlaps.
 *
 * ERRORS
 *   Every function returns a ga_result: GA_OK (0) or an error code. On an error nothing
 *   changed (except that timers which fired before the error keep their effects, as the error
 *   codes say), out-parameters are left untouched, and ga_last_error_message() describes it. No
 *   argument a C caller passes (null pointers, stale or wrong-kind handles, wrong touch ids,
 *   out-of-range enum values, NaN or infinite numbers, time going backwards) crashes the
 *   process.
 *
 * TIME
 *   Times are int64_t nanoseconds on the environment's clock (0 at creation by default). With
 *   a virtual clock the host moves time with ga_environment_advance_to and the events' times.
 *   With a host scheduler (ga_scheduler) the host owns the timers: the library asks it to
 *   schedule and cancel them, and the host calls ga_environment_fire_timer when one is due.
 */
#ifndef GESTURE_ARBITER_H
#define GESTURE_ARBITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Results
 * ------------------------------------------------------------------------------------------- */

/* A result code. Values are stable; new codes may be added, so treat an unknown non-zero value
 * as an error. */
typedef int32_t ga_result;
enum {
    GA_OK = 0,
    /* A required pointer argument was NULL. */
    GA_ERROR_NULL_ARGUMENT = 1,
    /* A handle was null, stale (its object was destroyed) or of another kind. */
    GA_ERROR_INVALID_HANDLE = 2,
    /* A number out of range: an unknown enum value, a count or size below its minimum, a NaN or
     * infinite coordinate or size, a negative duration. */
    GA_ERROR_INVALID_ARGUMENT = 3,
    /* Two handles from different environments were combined (a view of one environment added
     * to a window of another, a failure requirement across environments). */
    GA_ERROR_WRONG_ENVIRONMENT = 4,
    /* A time before the environment's current time (the engine's timeWentBackwards). */
    GA_ERROR_TIME_WENT_BACKWARDS = 5,
    /* A `began` for a touch id that is already down (duplicateBegan). */
    GA_ERROR_DUPLICATE_BEGAN = 6,
    /* A phase other than `began` for a touch id that is not down (unknownTouch). */
    GA_ERROR_UNKNOWN_TOUCH = 7,
    /* A touch location that is NaN or infinite (nonFiniteLocation). */
    GA_ERROR_NON_FINITE_LOCATION = 8,
    /* An event with no touches (emptyEvent). */
    GA_ERROR_EMPTY_EVENT = 9,
    /* The same touch id twice in one event (duplicateTouchInEvent). */
    GA_ERROR_DUPLICATE_TOUCH_IN_EVENT = 10,
    /* Timers kept scheduling timers due at once; the clock stopped at that instant and the
     * environment stays usable (timersDidNotSettle). */
    GA_ERROR_TIMERS_DID_NOT_SETTLE = 11,
    /* The call does not fit the environment's clock: ga_environment_fire_timer on an
     * environment with a virtual clock. */
    GA_ERROR_WRONG_CLOCK = 12,
    /* The tree would not stay a tree: adding a view to itself or to one of its descendants. */
    GA_ERROR_INVALID_TREE = 13,
    /* A call that would run timers (dispatch, advance, fire) made from inside the host
     * scheduler's schedule or cancel function; make it after that function returns. Also a
     * call on an environment (or anything in it) while another thread is inside a call on the
     * same environment: such calls must not overlap (see THREADING), and this is a cheap check,
     * not a lock: the call did nothing, and may be made again once the other thread's returns. */
    GA_ERROR_BUSY = 14,
    /* Callbacks queued more than GA_MAX_QUEUED_INPUT events, clock moves and timer firings
     * during one outermost call (an action that dispatches a new tap, say, would otherwise keep
     * that call running forever); the input that would go past the bound is refused, and the
     * outermost call returns once the input already queued has run. */
    GA_ERROR_INPUT_LIMIT = 15,
    /* A touch began while the environment has no window (noWindow): add a window first. */
    GA_ERROR_NO_WINDOW = 16,
    /* A pointer touch (GA_TOUCH_TYPE_INDIRECT_POINTER) began or moved in an event that holds no
     * button: a pointer with no button down is hover input (ga_environment_dispatch_hover), not
     * a touch (pointerWithoutButton, R278). Its ended may hold none. */
    GA_ERROR_POINTER_WITHOUT_BUTTON = 17,
    /* Hover, scroll or transform input out of sequence (pointerSequence, R268, R272, R279,
     * R291): a hover entered while the pointer is in, a hover moved or exited while it is out, a
     * scroll (or transform) began while a scroll (a transform) goes on, another scroll (transform)
     * phase with none going on. */
    GA_ERROR_POINTER_SEQUENCE = 18,
    /* An error of the engine this version of the C interface does not name. */
    GA_ERROR_OTHER = 99
};

/* The code of the last call made on this thread (GA_OK when it succeeded). This function,
 * ga_last_error_message and ga_result_name do not change the last error. */
ga_result ga_last_error_code(void);

/* A sentence describing the last error of this thread, or "" after a call that succeeded.
 * Never NULL; valid UTF-8 of at most 1023 bytes (a longer message is cut before the first
 * character that does not fit whole). The text belongs to the library: it is stored per thread
 * and stays readable until the next call into the library on the same thread (copy it to keep
 * it). */
const char *ga_last_error_message(void);

/* The name of a result code ("GA_ERROR_UNKNOWN_TOUCH"); "GA_ERROR_OTHER" for a value this
 * version does not know. A static string: never freed, valid forever. */
const char *ga_result_name(ga_result result);

/* ---------------------------------------------------------------------------------------------
 * Handles
 * ------------------------------------------------------------------------------------------- */

/* An environment: the windows, the clock, the gesture arbitration (UIKit's UIApplication and
 * event system). */
typedef struct ga_environment { uint64_t bits; } ga_environment;
/* A window (UIWindow): the root of a view tree, attached to its environment. */
typedef struct ga_window { uint64_t bits; } ga_window;
/* A view (UIView). */
typedef struct ga_view { uint64_t bits; } ga_view;
/* A gesture recognizer (UIGestureRecognizer), of any type. */
typedef struct ga_recognizer { uint64_t bits; } ga_recognizer;

/* One action registered on a control (ga_control_add_action), removed with
 * ga_control_remove_action. */
typedef struct ga_control_action { uint64_t bits; } ga_control_action;

/* The null handle's bits: a handle with these bits is never valid. */
#define GA_NULL_HANDLE 0u

/* ---------------------------------------------------------------------------------------------
 * Enumerations (int32_t values, so that any value a caller passes can be checked)
 * ------------------------------------------------------------------------------------------- */

/* A touch's phase (UITouch.Phase). */
typedef int32_t ga_phase;
enum {
    GA_PHASE_BEGAN = 0,
    GA_PHASE_MOVED = 1,
    GA_PHASE_STATIONARY = 2,
    GA_PHASE_ENDED = 3,
    GA_PHASE_CANCELLED = 4
};

/* A recognizer's state (UIGestureRecognizer.State). GA_STATE_RECOGNIZED is GA_STATE_ENDED, as
 * in UIKit: a discrete recognizer (tap, swipe) is "recognized" when it ends. */
typedef int32_t ga_state;
enum {
    GA_STATE_POSSIBLE = 0,
    GA_STATE_BEGAN = 1,
    GA_STATE_CHANGED = 2,
    GA_STATE_ENDED = 3,
    GA_STATE_CANCELLED = 4,
    GA_STATE_FAILED = 5,
    GA_STATE_RECOGNIZED = GA_STATE_ENDED
};

/* The type of a recognizer. */
typedef int32_t ga_recognizer_type;
enum {
    GA_RECOGNIZER_TAP = 0,
    GA_RECOGNIZER_PAN = 1,
    GA_RECOGNIZER_SCREEN_EDGE_PAN = 2,
    GA_RECOGNIZER_LONG_PRESS = 3,
    GA_RECOGNIZER_SWIPE = 4,
    GA_RECOGNIZER_PINCH = 5,
    GA_RECOGNIZER_ROTATION = 6,
    GA_RECOGNIZER_DELAYED_TOUCHES_BEGAN = 7,
    /* UIHoverGestureRecognizer (ga_hover_recognizer_create). */
    GA_RECOGNIZER_HOVER = 8
};

/* Screen edges for a screen-edge pan (UIRectEdge), a bit set. */
typedef uint32_t ga_rect_edge;
enum {
    GA_RECT_EDGE_TOP = 1u << 0,
    GA_RECT_EDGE_LEFT = 1u << 1,
    GA_RECT_EDGE_BOTTOM = 1u << 2,
    GA_RECT_EDGE_RIGHT = 1u << 3,
    GA_RECT_EDGE_ALL = 15u
};

/* Swipe directions (UISwipeGestureRecognizer.Direction), a bit set. */
typedef uint32_t ga_swipe_direction;
enum {
    GA_SWIPE_RIGHT = 1u << 0,
    GA_SWIPE_LEFT = 1u << 1,
    GA_SWIPE_UP = 1u << 2,
    GA_SWIPE_DOWN = 1u << 3
};

/* ---------------------------------------------------------------------------------------------
 * Environment and time
 * ------------------------------------------------------------------------------------------- */

/* A host-owned scheduler: the library asks the host to run its recognizers' timers (a double
 * tap's 0.35 s wait, a long press, the content-touch delay).
 *   schedule: arrange for ga_environment_fire_timer(env, token) to be called at deadline_ns (a
 *             deadline at or before now is due at once). Tokens are never reused.
 *   cancel:   the timer `token` is no longer wanted; a host that fires it anyway does no harm
 *             (ga_environment_fire_timer with a cancelled token does nothing).
 * The library also fires every timer that is due by the time of an event it dispatches or of a
 * ga_environment_advance_to (so that timers always fire before later input, in deadline order);
 * firing such a token afterwards does nothing. Both functions are required. They run inside
 * library calls, like the other callbacks (see CALLBACKS AND RE-ENTRANCY), except that a call
 * they make to ga_environment_dispatch, _advance_to or _fire_timer is refused with
 * GA_ERROR_BUSY (make it after they return). The struct is copied by ga_environment_create. */
typedef struct ga_scheduler {
    void (*schedule)(void *user_data, uint64_t token, int64_t deadline_ns);
    void (*cancel)(void *user_data, uint64_t token);
    void *user_data;
} ga_scheduler;

/* Makes an environment and writes its handle to *out.
 * scheduler: NULL for a virtual clock starting at 0 ns (move it with ga_environment_advance_to);
 * else the host's scheduler, copied (its user_data must stay valid until the environment is
 * destroyed). Errors: GA_ERROR_NULL_ARGUMENT (out), GA_ERROR_INVALID_ARGUMENT (a scheduler with
 * a NULL function). */
ga_result ga_environment_create(const ga_scheduler *scheduler, ga_environment *out);

/* Destroys the environment (see OWNERSHIP and CALLBACKS above). */
ga_result ga_environment_destroy(ga_environment env);

/* The environment's current time, in nanoseconds. */
ga_result ga_environment_now(ga_environment env, int64_t *out_ns);

/* When the host must next move time (the earliest pending timer): *out_has is false when no
 * timer is pending (sleep until the next input), else *out_ns is the deadline. Read it again
 * after every call: input and changes schedule and cancel timers. */
ga_result ga_environment_next_deadline(ga_environment env, bool *out_has, int64_t *out_ns);

/* Moves time to time_ns, firing every timer due by then, each in its own pass (with a host
 * scheduler this fires the due timers the host has not fired yet). Errors:
 * GA_ERROR_TIME_WENT_BACKWARDS, GA_ERROR_TIMERS_DID_NOT_SETTLE, GA_ERROR_INPUT_LIMIT (from a
 * callback, past GA_MAX_QUEUED_INPUT). */
ga_result ga_environment_advance_to(ga_environment env, int64_t time_ns);

/* With a host scheduler: the timer `token` is due. Moves time to its deadline (firing it and
 * any timer due before it). A token that is not pending (cancelled, fired, unknown) does
 * nothing and returns GA_OK. Errors: GA_ERROR_WRONG_CLOCK on a virtual-clock environment. */
ga_result ga_environment_fire_timer(ga_environment env, uint64_t token);

/* Whether nothing is in flight: no touch down, no pending timer, no withheld phase, every
 * recognizer reset. */
ga_result ga_environment_is_idle(ga_environment env, bool *out_idle);

/* One touch of an event. */
typedef struct ga_touch {
    /* The host's id for the finger; the same id from began to ended/cancelled. */
    int64_t id;
    /* A ga_phase value. */
    ga_phase phase;
    /* The location in window coordinates (points). */
    double x;
    double y;
} ga_touch;

/* The most touches one event may list. */
#define GA_MAX_TOUCHES_PER_EVENT 1024

/* The most events, clock moves and timer firings the callbacks of one outermost call may queue
 * (GA_ERROR_INPUT_LIMIT past it). */
#define GA_MAX_QUEUED_INPUT 10000

/* Dispatches one touch event: `count` touches (1 <= count <= GA_MAX_TOUCHES_PER_EVENT; the
 * array must hold that many) that changed at time_ns, each id at most once. Timers due by
 * time_ns fire first. Callbacks run during the call. A rejected event changes nothing.
 * Errors: GA_ERROR_NULL_ARGUMENT (touches NULL), GA_ERROR_INVALID_ARGUMENT (an unknown phase, a
 * count above the maximum), GA_ERROR_EMPTY_EVENT (count 0), GA_ERROR_TIME_WENT_BACKWARDS,
 * GA_ERROR_DUPLICATE_BEGAN, GA_ERROR_UNKNOWN_TOUCH, GA_ERROR_NON_FINITE_LOCATION,
 * GA_ERROR_DUPLICATE_TOUCH_IN_EVENT, GA_ERROR_TIMERS_DID_NOT_SETTLE, GA_ERROR_NO_WINDOW,
 * GA_ERROR_INPUT_LIMIT (from a callback, past GA_MAX_QUEUED_INPUT). */
ga_result ga_environment_dispatch(ga_environment env, int64_t time_ns, const ga_touch *touches, size_t count);

/* ---------------------------------------------------------------------------------------------
 * Pointer input: clicks, hover, scroll and trackpad pinch and rotation (mice and trackpads;
 * rules R260-R284 and R291-R293 of docs/semantics.md)
 * ------------------------------------------------------------------------------------------- */

/* A touch's type (UITouch.TouchType), with UIKit's raw values (R261). */
typedef int32_t ga_touch_type;
enum {
    /* A finger on the screen: what ga_environment_dispatch sends. */
    GA_TOUCH_TYPE_DIRECT = 0,
    /* An indirect touch that is not a pointer (a remote's touch surface). */
    GA_TOUCH_TYPE_INDIRECT = 1,
    /* A stylus. */
    GA_TOUCH_TYPE_PENCIL = 2,
    /* A click of a mouse or trackpad: one touch from button down to button up (R260, R261). */
    GA_TOUCH_TYPE_INDIRECT_POINTER = 3
};

/* The pointer buttons held (UIEvent.ButtonMask), a bit set with UIKit's values (R262): button n,
 * counting from 1, is bit n - 1; every bit is accepted. */
typedef uint64_t ga_button_mask;
enum {
    /* The primary (usually left) button. */
    GA_BUTTON_PRIMARY = 1u << 0,
    /* The secondary (usually right) button. */
    GA_BUTTON_SECONDARY = 1u << 1
};
/* Button n (1 to 64): GA_BUTTON(1) is GA_BUTTON_PRIMARY, GA_BUTTON(3) the middle button. */
#define GA_BUTTON(n) ((ga_button_mask)1 << ((n) - 1))

/* The modifier keys held (UIKeyModifierFlags), a bit set with UIKit's values (R262). */
typedef uint32_t ga_key_modifier_flags;
enum {
    GA_KEY_MODIFIER_ALPHA_SHIFT = 1u << 16, /* caps lock */
    GA_KEY_MODIFIER_SHIFT = 1u << 17,
    GA_KEY_MODIFIER_CONTROL = 1u << 18,
    GA_KEY_MODIFIER_ALTERNATE = 1u << 19, /* option, alt */
    GA_KEY_MODIFIER_COMMAND = 1u << 20,
    GA_KEY_MODIFIER_NUMERIC_PAD = 1u << 21,
    /* Every bit a ga_key_modifier_flags value may hold; others are refused. */
    GA_KEY_MODIFIER_ALL = 0x3F0000u
};

/* Dispatches one touch event whose touches are all of `type` (a ga_touch_type), holding the
 * pointer `buttons` and the modifier keys `modifiers`: ga_environment_dispatch is this function
 * with GA_TOUCH_TYPE_DIRECT, 0, 0. A click is a touch of GA_TOUCH_TYPE_INDIRECT_POINTER: its
 * began (the button going down) and its moves hold the buttons down (R261, R278), its ended may
 * hold none. A recognizer takes the clicks of its allowed buttons only (primary by default, a
 * tap its button_mask_required: ga_recognizer_set_allowed_button_mask, R263, R280, R284); the
 * views get every click, and a control tracks only those holding its required buttons (R265).
 * Other types must hold no button. Everything else is as ga_environment_dispatch says.
 * Errors: those of ga_environment_dispatch, GA_ERROR_INVALID_ARGUMENT (an unknown type, buttons
 * with a type that is not GA_TOUCH_TYPE_INDIRECT_POINTER, modifier bits outside
 * GA_KEY_MODIFIER_ALL), GA_ERROR_POINTER_WITHOUT_BUTTON (a pointer touch's began or move with
 * buttons 0). */
ga_result ga_environment_dispatch_typed(ga_environment env, int64_t time_ns, const ga_touch *touches, size_t count,
                                        ga_touch_type type, ga_button_mask buttons, ga_key_modifier_flags modifiers);

/* A hover input's phase (R267, R268). */
typedef int32_t ga_hover_phase;
enum {
    /* The pointer came into the windows (it was outside every window). */
    GA_HOVER_ENTERED = 0,
    /* The pointer moved while in, with no button down (with a button down, send the click's
     * moves instead). */
    GA_HOVER_MOVED = 1,
    /* The pointer left the windows: every active hover recognizer ends. */
    GA_HOVER_EXITED = 2
};

/* Dispatches the pointer moving with no button down at (x, y) in window coordinates, a pass of
 * its own at time_ns (R279): the hover recognizers (ga_hover_recognizer_create) of the view
 * under the pointer and of its ancestors begin, then change at each move; they end when the
 * pointer leaves their view or exits (R268). Views get no delivery. While a click is down, a
 * move changes no hover recognizer (R282). Timers due by time_ns fire first. A rejected input
 * changes nothing. Errors: GA_ERROR_INVALID_ARGUMENT (an unknown phase),
 * GA_ERROR_NON_FINITE_LOCATION, GA_ERROR_TIME_WENT_BACKWARDS, GA_ERROR_POINTER_SEQUENCE
 * (entered while in, moved or exited while out), GA_ERROR_TIMERS_DID_NOT_SETTLE,
 * GA_ERROR_INPUT_LIMIT (from a callback, past GA_MAX_QUEUED_INPUT; from a callback the input is
 * queued as a touch event is). */
ga_result ga_environment_dispatch_hover(ga_environment env, int64_t time_ns, ga_hover_phase phase, double x, double y);

/* A scroll input's phase (R272). */
typedef int32_t ga_scroll_phase;
enum {
    GA_SCROLL_PHASE_BEGAN = 0,
    GA_SCROLL_PHASE_CHANGED = 1,
    GA_SCROLL_PHASE_ENDED = 2,
    GA_SCROLL_PHASE_CANCELLED = 3
};

/* How a scroll was made (UIScrollType, R272). */
typedef int32_t ga_scroll_type;
enum {
    /* A mouse wheel: ticks. */
    GA_SCROLL_TYPE_DISCRETE = 0,
    /* A trackpad: a continuous stream. */
    GA_SCROLL_TYPE_CONTINUOUS = 1
};

/* A set of scroll types (UIScrollTypeMask, R272), for ga_pan_set_allowed_scroll_types. */
typedef uint32_t ga_scroll_type_mask;
enum {
    GA_SCROLL_TYPE_MASK_DISCRETE = 1u << 0,
    GA_SCROLL_TYPE_MASK_CONTINUOUS = 1u << 1,
    GA_SCROLL_TYPE_MASK_ALL = 3u
};

/* Dispatches scroll input, a pass of its own at time_ns (R279): a sequence is a began, any
 * changed, then an ended or a cancelled, one at a time. (x, y) is the pointer in window
 * coordinates; the began is hit-tested there and goes to the pans of the view there and of its
 * ancestors whose allowed scroll types hold `type` (R273, R276): a scroll view's pan takes both
 * types, a pan made by ga_pan_recognizer_create none until ga_pan_set_allowed_scroll_types.
 * The scroll drives them as one finger (R274): (dx, dy) is the movement a finger would make
 * (0, -40 scrolls the content up, as a finger dragging up), used by a changed and by a discrete
 * began. A wheel tick is a discrete began carrying its delta, then an ended (R283): it begins a
 * pan at once (hysteresis 0.001 pt), so a scroll view's offset moves by the delta less 0.001 pt.
 * `type` is read at the began (the sequence keeps it); views get no delivery. Timers due by
 * time_ns fire first. A rejected input changes nothing. Errors: GA_ERROR_INVALID_ARGUMENT (an
 * unknown phase or type, a NaN or infinite delta), GA_ERROR_NON_FINITE_LOCATION,
 * GA_ERROR_TIME_WENT_BACKWARDS, GA_ERROR_POINTER_SEQUENCE (a began while a scroll goes on,
 * another phase with none going on), GA_ERROR_TIMERS_DID_NOT_SETTLE, GA_ERROR_INPUT_LIMIT (as for
 * hover). */
ga_result ga_environment_dispatch_scroll(ga_environment env, int64_t time_ns, ga_scroll_phase phase, ga_scroll_type type,
                                         double x, double y, double dx, double dy);

/* A trackpad transform input's phase (R291). */
typedef int32_t ga_transform_phase;
enum {
    /* The fingers came down on the trackpad: the recognizers under the pointer bind. */
    GA_TRANSFORM_PHASE_BEGAN = 0,
    /* The fingers moved: the scale or the rotation changed. */
    GA_TRANSFORM_PHASE_CHANGED = 1,
    /* The fingers lifted. */
    GA_TRANSFORM_PHASE_ENDED = 2,
    /* The system took the gesture away. */
    GA_TRANSFORM_PHASE_CANCELLED = 3
};

/* Dispatches a trackpad pinch or rotation (UIKit's transform event), a pass of its own at time_ns
 * (R279): a sequence is a began, any changed, then an ended or a cancelled, one at a time. (x, y)
 * is the pointer in window coordinates; the began is hit-tested there and binds the pinch and
 * rotation recognizers (ga_pinch_recognizer_create, ga_rotation_recognizer_create) of the view
 * there and of its ancestors that are enabled, possible and track no finger (R277, R291); no
 * other recognizer hears the sequence, views get no delivery (the fingers on a trackpad are not
 * touches: the recognizers' number of touches is 0), and later (x, y) move the recognizers'
 * location. `scale` is the total magnification since the sequence began (1 unchanged, 1.5 half
 * as large again; finite and greater than 0) and `rotation` the total turn since it began, in
 * radians, positive clockwise on screen as ga_rotation_get_rotation; the recognizers measure from
 * the began's values, so send 1 and 0 with it. A pinch reads the scale as two fingers 100 pt apart
 * at the began with the pointer's 2 pt dead zone: it begins once their distance has moved more
 * than 2 pt, with the dead zone taken out of its scale (a began, then a changed at 1.03: 103 pt,
 * so the pinch begins with scale 103 / 102), then follows (R292). A rotation begins once the turn
 * passes 1 degree, with that degree taken out, then follows (R293). At the ended a running
 * recognizer ends and a possible one fails; at the cancelled a running one is cancelled and a
 * possible one fails. Timers due by time_ns fire first. A rejected input changes nothing.
 * Errors: GA_ERROR_INVALID_ARGUMENT (an unknown phase, a scale that is NaN, infinite, 0 or
 * negative, a NaN or infinite rotation), GA_ERROR_NON_FINITE_LOCATION,
 * GA_ERROR_TIME_WENT_BACKWARDS, GA_ERROR_POINTER_SEQUENCE (a began while a transform goes on,
 * another phase with none going on), GA_ERROR_TIMERS_DID_NOT_SETTLE, GA_ERROR_INPUT_LIMIT (as for
 * hover). */
ga_result ga_environment_dispatch_transform(ga_environment env, int64_t time_ns, ga_transform_phase phase, double x,
                                            double y, double scale, double rotation);

/* ---------------------------------------------------------------------------------------------
 * Callbacks from the environment
 * ------------------------------------------------------------------------------------------- */

/* A recognizer sent its action (UIKit's target-action): state is GA_STATE_BEGAN, _CHANGED,
 * _ENDED (= _RECOGNIZED for a discrete recognizer: a tap or a swipe; see ga_recognizer_get_type,
 * or the trace's is_discrete) or _CANCELLED. A failure sends no action: the trace's
 * GA_TRACE_STATE_CHANGED tells it. */
typedef void (*ga_action_callback)(void *user_data, ga_recognizer recognizer, ga_state state);

/* A view received touches (UIResponder's touchesBegan/Moved/Ended/Cancelled): the ids of the
 * touches, `count` of them, valid only during the call. Only views whose handles_touches is true
 * (the default) report; the others pass their touches up the responder chain. */
typedef void (*ga_delivery_callback)(void *user_data, ga_view view, ga_phase phase, const int64_t *touch_ids,
                                     size_t count);

/* What a trace event tells. */
typedef int32_t ga_trace_kind;
enum {
    /* A new touch was hit-tested: touch_id, view (null handle when it hit no view). */
    GA_TRACE_HIT_TEST = 0,
    /* A recognizer changed state: recognizer, from_state, to_state. */
    GA_TRACE_STATE_CHANGED = 1,
    /* A recognizer sent its action: recognizer, to_state, is_discrete (a discrete recognizer's
     * GA_STATE_ENDED reads "recognized"). */
    GA_TRACE_ACTION_SENT = 2
};

/* A trace event, valid only during the callback. Fields not named by its kind are zero. */
typedef struct ga_trace_event {
    ga_trace_kind kind;
    /* The environment's time when it happened. */
    int64_t time_ns;
    int64_t touch_id;
    ga_view view;
    ga_recognizer recognizer;
    ga_state from_state;
    ga_state to_state;
    bool is_discrete;
} ga_trace_event;

/* The engine explains itself (its tracer): hit tests, state changes (failures included), actions.
 * Setting a trace callback costs a little per event; set NULL to turn it off (the default). */
typedef void (*ga_trace_callback)(void *user_data, const ga_trace_event *event);

/* Sets (or, with NULL, clears) the environment's callbacks. Each replaces the previous one;
 * user_data is passed back untouched and must stay valid until the callback is replaced or the
 * environment destroyed. */
ga_result ga_environment_set_action_callback(ga_environment env, ga_action_callback callback, void *user_data);
ga_result ga_environment_set_delivery_callback(ga_environment env, ga_delivery_callback callback, void *user_data);
ga_result ga_environment_set_trace_callback(ga_environment env, ga_trace_callback callback, void *user_data);

/* ---------------------------------------------------------------------------------------------
 * Windows and views
 * ------------------------------------------------------------------------------------------- */

/* Makes a window of width x height points at the origin, attached to env in front of its other
 * windows. Errors: GA_ERROR_INVALID_ARGUMENT (a negative, NaN or infinite size). */
ga_result ga_window_create(ga_environment env, double width, double height, ga_window *out);

/* Destroys the window (see OWNERSHIP). */
ga_result ga_window_destroy(ga_window window);

/* The window as a view: a window is a view (UIWindow is a UIView), so the functions taking a
 * ga_view accept it (add subviews or recognizers to the window, read it in a hit-test trace),
 * except ga_view_destroy, ga_view_remove_from_superview, ga_view_set_handles_touches and as
 * the child of ga_*_add_subview, which take views made by ga_view_create or
 * ga_scroll_view_create (or, but for ga_view_set_handles_touches, ga_control_create) only, and
 * the functions of controls and scroll views. The window's bits are unchanged: trace events
 * name a window hit as this ga_view. */
ga_result ga_window_get_view(ga_window window, ga_view *out);

/* Makes a view with the frame (x, y, width, height) in its future superview's coordinates, in
 * no tree yet. handles_touches is true. Errors: GA_ERROR_INVALID_ARGUMENT (NaN or infinite). */
ga_result ga_view_create(ga_environment env, double x, double y, double width, double height, ga_view *out);

/* Destroys the view (see OWNERSHIP). */
ga_result ga_view_destroy(ga_view view);

/* Adds `view` in front of the window's (or the parent's) subviews, taking it from its previous
 * superview first (UIView.addSubview). Errors: GA_ERROR_WRONG_ENVIRONMENT,
 * GA_ERROR_INVALID_TREE (parent is view or one of its descendants). */
ga_result ga_window_add_subview(ga_window window, ga_view view);
ga_result ga_view_add_subview(ga_view parent, ga_view view);

/* Removes the view from its superview (UIView.removeFromSuperview); it keeps its handle and may
 * be added again. */
ga_result ga_view_remove_from_superview(ga_view view);

/* The view's properties, as UIView's. */
ga_result ga_view_set_frame(ga_view view, double x, double y, double width, double height);
ga_result ga_view_set_hidden(ga_view view, bool hidden);
ga_result ga_view_set_user_interaction_enabled(ga_view view, bool enabled);
/* alpha, clamped to [0, 1]; a view with alpha below 0.01 is not hit, nor its subviews (R5,
 * R6 of the engine's rules). NaN is refused. */
ga_result ga_view_set_alpha(ga_view view, double alpha);
ga_result ga_view_set_clips_to_bounds(ga_view view, bool clips);
ga_result ga_view_set_multiple_touch_enabled(ga_view view, bool enabled);
ga_result ga_view_set_exclusive_touch(ga_view view, bool exclusive);
/* The view's affine transform (UIView.transform), applied about the centre of its frame: a point
 * (x, y) maps to (a*x + c*y + tx, b*x + d*y + ty), and {0, 1, -1, 0, 0, 0} turns the view 90
 * degrees clockwise on screen (R285). Hit-testing, locations and a pan's translation follow it
 * (R286-R288); a scroll view scrolls along its own axes (R290). A transform with no inverse is
 * kept: the view is then never hit and a point converted into it is its bounds' centre (R289).
 * Default the identity {1, 0, 0, 1, 0, 0}; a window keeps the identity.
 * Errors: GA_ERROR_INVALID_ARGUMENT (an entry that is not finite; the view is unchanged). */
ga_result ga_view_set_transform(ga_view view, double a, double b, double c, double d, double tx, double ty);
/* Writes the view's transform to out_transform[0...5] as a, b, c, d, tx, ty.
 * Errors: GA_ERROR_NULL_ARGUMENT (out_transform). */
ga_result ga_view_get_transform(ga_view view, double *out_transform);
/* Whether the view reports its touches through the delivery callback (true) or passes them up
 * the responder chain to its superview (false), as a UIView subclass that does not override
 * the touch methods. Views made by ga_view_create and ga_scroll_view_create; a control is
 * refused with GA_ERROR_INVALID_HANDLE. */
ga_result ga_view_set_handles_touches(ga_view view, bool handles);
/* The view's name (the engine's View.name; UIView has none): traces, timeline logs and
 * recordings call the view by it (gesture_arbiter_recorder.h keeps a name that is unique and has
 * no white space as the view's id). The UTF-8 text is copied; NULL removes the name.
 * Errors: GA_ERROR_INVALID_ARGUMENT (not UTF-8). */
ga_result ga_view_set_name(ga_view view, const char *name);

/* ---------------------------------------------------------------------------------------------
 * Controls and buttons (UIControl, UIButton; rules R200-R227 of docs/semantics.md)
 * ------------------------------------------------------------------------------------------- */

/* The class of a control made by ga_control_create. */
typedef int32_t ga_control_kind;
enum {
    /* A plain control (UIControl): no primary action, and no veto of recognizers, so a single
     * tap on an ancestor takes its tap and it sends GA_CONTROL_EVENT_TOUCH_CANCEL (R217). */
    GA_CONTROL_KIND_CONTROL = 0,
    /* A button (UIButton): GA_CONTROL_EVENT_PRIMARY_ACTION_TRIGGERED after each
     * GA_CONTROL_EVENT_TOUCH_UP_INSIDE (R212), and it keeps its taps from the single-tap
     * recognizers (one tap, one touch) of other views (R214-R216). */
    GA_CONTROL_KIND_BUTTON = 1
};

/* Control events (UIControl.Event), a bit set with UIKit's values (R201). */
typedef uint32_t ga_control_event;
enum {
    GA_CONTROL_EVENT_TOUCH_DOWN = 1u << 0,
    /* A touch-down whose tap count is 2 or more, sent after GA_CONTROL_EVENT_TOUCH_DOWN. */
    GA_CONTROL_EVENT_TOUCH_DOWN_REPEAT = 1u << 1,
    GA_CONTROL_EVENT_TOUCH_DRAG_INSIDE = 1u << 2,
    GA_CONTROL_EVENT_TOUCH_DRAG_OUTSIDE = 1u << 3,
    GA_CONTROL_EVENT_TOUCH_DRAG_ENTER = 1u << 4,
    GA_CONTROL_EVENT_TOUCH_DRAG_EXIT = 1u << 5,
    GA_CONTROL_EVENT_TOUCH_UP_INSIDE = 1u << 6,
    GA_CONTROL_EVENT_TOUCH_UP_OUTSIDE = 1u << 7,
    GA_CONTROL_EVENT_TOUCH_CANCEL = 1u << 8,
    /* Never sent by the controls of this interface (they have no value); accepted in a mask. */
    GA_CONTROL_EVENT_VALUE_CHANGED = 1u << 12,
    GA_CONTROL_EVENT_PRIMARY_ACTION_TRIGGERED = 1u << 13,
    /* Never sent by the controls of this interface (they have no menu); accepted in a mask. */
    GA_CONTROL_EVENT_MENU_ACTION_TRIGGERED = 1u << 14,
    /* Every touch event (bits 0 to 11, as UIKit's allTouchEvents). */
    GA_CONTROL_EVENT_ALL_TOUCH_EVENTS = 0x0FFFu,
    /* Every bit a mask may hold: the touch events, value changed, primary and menu action. */
    GA_CONTROL_EVENT_ALL = 0x7FFFu
};

/* A control's state (UIControl.State, R200): the first bits with UIKit's values, then two bits
 * of UIKit's application range (0x00FF0000) for what UIControl tells by other properties. */
typedef uint32_t ga_control_state;
enum {
    /* isHighlighted: set while a tracked finger is inside the 70 pt slop (R205, R207). */
    GA_CONTROL_STATE_HIGHLIGHTED = 1u << 0,
    /* Not isEnabled (R202). */
    GA_CONTROL_STATE_DISABLED = 1u << 1,
    /* isSelected. */
    GA_CONTROL_STATE_SELECTED = 1u << 2,
    /* Focused: never set (focus is not modelled). */
    GA_CONTROL_STATE_FOCUSED = 1u << 3,
    /* isTracking: the control tracks a touch (R203-R208). */
    GA_CONTROL_STATE_TRACKING = 1u << 16,
    /* isTouchInside: the tracked touch is inside the slop (R207); false after a lift. */
    GA_CONTROL_STATE_TOUCH_INSIDE = 1u << 17
};

/* Makes a control of `kind` (a ga_control_kind) with the frame (x, y, width, height) in its
 * future superview's coordinates, in no tree yet, enabled and not selected, and writes its
 * handle to *out. A control is a view: its ga_view is accepted everywhere a view made by
 * ga_view_create is (add it to a window or a view, give it subviews and recognizers, set its
 * frame and flags, destroy it with ga_view_destroy), except ga_view_set_handles_touches, which
 * refuses it. A control does not report its touches through the delivery callback: it takes
 * them (it tracks the first touch, R203) and tells what happened through its control events
 * (ga_control_add_action). The touches it passes up the responder chain (R204, R205, R222) are
 * reported by the view that handles them. Errors: GA_ERROR_INVALID_ARGUMENT (an unknown kind,
 * NaN or infinite numbers). */
ga_result ga_control_create(ga_environment env, ga_control_kind kind, double x, double y, double width, double height,
                            ga_view *out);

/* Sets isEnabled (default true). A disabled control is not hit, nor its subviews (R202);
 * disabling it while it tracks does not stop the tracking (R213). The functions of this section
 * refuse a ga_view that is not a control (a plain view, a window's view) with
 * GA_ERROR_INVALID_HANDLE. */
ga_result ga_control_set_enabled(ga_view control, bool enabled);

/* The pointer buttons whose clicks the control tracks (default GA_BUTTON_PRIMARY, UIKit's private
 * _requiredButtonMask): a click holding none of them is passed up the responder chain untracked
 * and sends no control event, so a right click does not press a button (R223, R265). Fingers
 * always qualify. 0 tracks no click. */
ga_result ga_control_set_required_button_mask(ga_view control, ga_button_mask buttons);
ga_result ga_control_get_required_button_mask(ga_view control, ga_button_mask *out);

/* Sets isSelected (default false); it plays no part in tracking (R213). */
ga_result ga_control_set_selected(ga_view control, bool selected);

/* The control's state as ga_control_state bits. */
ga_result ga_control_get_state(ga_view control, ga_control_state *out);

/* A control event reached an action (UIKit's target-action for controls): `action` is the
 * action's handle, `control` the control's, `events` the event sent (one bit of the action's
 * mask: the controls of this interface send one event at a time). */
typedef void (*ga_control_action_callback)(void *user_data, ga_control_action action, ga_view control,
                                           ga_control_event events);

/* Registers `callback` for the events of `events` (ga_control_event bits, at least one; bits
 * outside GA_CONTROL_EVENT_ALL refused) and writes the action's handle to *out. Each time the
 * control sends one of them it calls the control's actions whose masks hold it, in the order
 * they were added (R211); a button sends GA_CONTROL_EVENT_PRIMARY_ACTION_TRIGGERED after
 * GA_CONTROL_EVENT_TOUCH_UP_INSIDE (R212). Events are sent from the control's touch handling,
 * during ga_environment_dispatch (R224). user_data is passed back untouched and must stay valid
 * until the action is removed or the control or its environment destroyed.
 * An action removed, or whose control or environment was destroyed, is not called again, not
 * even by the send that is running (the engine's own actions run from a snapshot, R211; here a
 * removed action's user_data may be freed as soon as ga_control_remove_action returns): a
 * callback may remove its own action or others, destroy the control or the environment, and
 * call the other functions as CALLBACKS AND RE-ENTRANCY says. Errors: GA_ERROR_NULL_ARGUMENT
 * (callback, out), GA_ERROR_INVALID_ARGUMENT (events 0 or with unknown bits). */
ga_result ga_control_add_action(ga_view control, ga_control_event events, ga_control_action_callback callback,
                                void *user_data, ga_control_action *out);

/* Removes the action: its handle becomes stale (removing it again gives
 * GA_ERROR_INVALID_HANDLE), and it is not called again. */
ga_result ga_control_remove_action(ga_control_action action);

/* ---------------------------------------------------------------------------------------------
 * Scroll views (UIScrollView; rules R230-R256 of docs/semantics.md)
 * ------------------------------------------------------------------------------------------- */

/* Makes a scroll view with the frame (x, y, width, height) in its future superview's
 * coordinates, in no tree yet, and writes its handle to *out. A scroll view is a view: its
 * ga_view is accepted everywhere a view made by ga_view_create is (add it to a window or a view,
 * set its frame and flags, give it recognizers of your own, which come after its built-in ones,
 * set handles_touches, destroy it with ga_view_destroy). Its subviews are its content, framed in
 * content coordinates: the content offset is its bounds origin, so after a scroll a touch hits
 * the content that is under it now (R245). It reports the touches that reach it (those that hit
 * it, and those its content passes up) through the delivery callback, as a view does.
 * Defaults (R231): content size, offset and inset zero; scroll enabled, delays content touches,
 * can cancel content touches, bounces and both transfers-to-parent on; directional lock, both
 * always-bounce and decelerating off (ga_scroll_view_flag); no callbacks. It installs two
 * recognizers on itself, first, in this order (R230): the content delay
 * (GA_RECOGNIZER_DELAYED_TOUCHES_BEGAN: it withholds a touch's began from the content for
 * 0.15 s after the latest touch-down, R235-R239) and the scroll pan (GA_RECOGNIZER_PAN: it
 * scrolls the content, R240-R248); their handles are made with the scroll view
 * (ga_scroll_view_get_delay_recognizer, _get_pan_recognizer) and go stale with it. Their actions reach the action callbacks as any recognizer's do, after the scroll view has
 * moved its content (R245). With the defaults: a tap shorter than 0.15 s on a button in the
 * content reaches the button at the lift; a drag of 10 pt within 0.15 s scrolls and the button
 * never hears of it; a press held 0.15 s and then dragged does not scroll, since a control keeps
 * its touch (R242). Errors: GA_ERROR_INVALID_ARGUMENT (NaN or infinite numbers). */
ga_result ga_scroll_view_create(ga_environment env, double x, double y, double width, double height, ga_view *out);

/* The functions of this section refuse a ga_view that is not a scroll view made by
 * ga_scroll_view_create (a plain view, a control, a window's view, the null handle, a stale
 * handle or a handle of another kind) with GA_ERROR_INVALID_HANDLE, and NULL out-pointers with
 * GA_ERROR_NULL_ARGUMENT; on an error no out-parameter is written. */

/* contentSize, in points (R232). Errors: GA_ERROR_INVALID_ARGUMENT (a negative, NaN or infinite
 * width or height). */
ga_result ga_scroll_view_set_content_size(ga_view scroll_view, double width, double height);
ga_result ga_scroll_view_get_content_size(ga_view scroll_view, double *out_width, double *out_height);

/* contentOffset: the point of the content at the scroll view's top-left corner (its bounds
 * origin). Setting it moves the content at once (touches hit-test where it is now), any value,
 * even past the content's edges, and calls the scroll callback with GA_SCROLL_EVENT_DID_SCROLL
 * when the value changes (R245, R254). A drag moves it: the offset at the drag's began minus the
 * scroll pan's translation, along each axis the view can scroll, clamped to the content's range
 * when bounces is off (R245, R254). Errors: GA_ERROR_INVALID_ARGUMENT (NaN or infinite). */
ga_result ga_scroll_view_set_content_offset(ga_view scroll_view, double x, double y);
ga_result ga_scroll_view_get_content_offset(ga_view scroll_view, double *out_x, double *out_y);

/* contentInset: extra room around the content that scrolling can reveal, in points (R232,
 * R254); negative values are accepted, as UIKit does. Errors: GA_ERROR_INVALID_ARGUMENT (NaN or
 * infinite). */
ga_result ga_scroll_view_set_content_inset(ga_view scroll_view, double top, double left, double bottom, double right);
ga_result ga_scroll_view_get_content_inset(ga_view scroll_view, double *out_top, double *out_left, double *out_bottom,
                                           double *out_right);

/* A scroll view's true-or-false properties, as UIScrollView's, for ga_scroll_view_set_flag and
 * ga_scroll_view_get_flag. */
typedef int32_t ga_scroll_view_flag;
enum {
    /* isScrollEnabled (default true): off disables both built-in recognizers, so the view never
     * scrolls by touch and the content gets its touches at once (R233). */
    GA_SCROLL_VIEW_SCROLL_ENABLED = 0,
    /* delaysContentTouches (default true): a touch's began waits up to 0.15 s before it reaches
     * the content, in case it becomes a scroll (R235); off, the content gets it at once, and a
     * drag that starts on a control never scrolls (R242). */
    GA_SCROLL_VIEW_DELAYS_CONTENT_TOUCHES = 1,
    /* canCancelContentTouches (default true): whether a scroll may take a touch the content
     * already has (R241). */
    GA_SCROLL_VIEW_CAN_CANCEL_CONTENT_TOUCHES = 2,
    /* isDirectionalLockEnabled (default false): a drag locks to the axis it starts along (R243). */
    GA_SCROLL_VIEW_DIRECTIONAL_LOCK_ENABLED = 3,
    /* bounces (default true): off, a drag clamps the offset to the content's range (R254). */
    GA_SCROLL_VIEW_BOUNCES = 4,
    /* alwaysBounceVertical, alwaysBounceHorizontal (default false): scroll along that axis even
     * when the content fits, if bounces is on (R232). */
    GA_SCROLL_VIEW_ALWAYS_BOUNCE_VERTICAL = 5,
    GA_SCROLL_VIEW_ALWAYS_BOUNCE_HORIZONTAL = 6,
    /* transfersHorizontalScrollingToParent, transfersVerticalScrollingToParent (default true): at
     * its edge the view leaves a drag to an enclosing scroll view that can take it (R248). */
    GA_SCROLL_VIEW_TRANSFERS_HORIZONTAL_SCROLLING_TO_PARENT = 7,
    GA_SCROLL_VIEW_TRANSFERS_VERTICAL_SCROLLING_TO_PARENT = 8,
    /* isDecelerating (default false): the engine has no physics; a host that animates a fling
     * sets it while the content moves and clears it when it stops. While it is set, a touch-down
     * catches the view: the scroll pan begins at once and the content never hears of that touch
     * (R244, R254). */
    GA_SCROLL_VIEW_DECELERATING = 9,
    /* Read only (ga_scroll_view_set_flag refuses them with GA_ERROR_INVALID_ARGUMENT):
     * isTracking, true from the scroll pan's first touch-down, before any movement, to the end
     * of its touch sequence; isDragging, true from the scroll pan's began to its end (R234). */
    GA_SCROLL_VIEW_TRACKING = 10,
    GA_SCROLL_VIEW_DRAGGING = 11,
    /* Read only: whether the view scrolls horizontally, vertically (R232): the content plus its
     * insets is larger than the view along that axis (by more than 0.0001 pt), or that axis's
     * always-bounce and bounces are both on. GA_SCROLL_VIEW_SCROLL_ENABLED plays no part. */
    GA_SCROLL_VIEW_CAN_SCROLL_HORIZONTALLY = 12,
    GA_SCROLL_VIEW_CAN_SCROLL_VERTICALLY = 13
};

/* Sets or reads one of the properties above. Errors: GA_ERROR_INVALID_ARGUMENT (a value that is
 * not a ga_scroll_view_flag, or setting a read-only one). */
ga_result ga_scroll_view_set_flag(ga_view scroll_view, ga_scroll_view_flag flag, bool value);
ga_result ga_scroll_view_get_flag(ga_view scroll_view, ga_scroll_view_flag flag, bool *out);

/* The built-in recognizers' handles (R230): the same handle at every call, stale once the
 * scroll view is destroyed. Use them as any recognizer's handle: read the scroll pan's state,
 * location, translation and velocity (ga_pan_get_translation, ga_pan_get_velocity), give it an
 * action callback (ga_recognizer_set_action_callback) or a name, set its flags, make a
 * recognizer of your own wait for it (ga_recognizer_require_to_fail); except that
 * ga_recognizer_destroy and ga_recognizer_set_delegate refuse them with GA_ERROR_INVALID_HANDLE
 * (they go with their scroll view, whose delegate they have: R230). */
ga_result ga_scroll_view_get_pan_recognizer(ga_view scroll_view, ga_recognizer *out);
ga_result ga_scroll_view_get_delay_recognizer(ga_view scroll_view, ga_recognizer *out);

/* What a scroll callback is told (UIScrollViewDelegate). */
typedef int32_t ga_scroll_event;
enum {
    /* scrollViewDidScroll: the content offset changed, by a drag (after each move of the scroll
     * pan, before the pan's action reaches the action callbacks) or by
     * ga_scroll_view_set_content_offset (R245). */
    GA_SCROLL_EVENT_DID_SCROLL = 0,
    /* scrollViewWillBeginDragging: the scroll pan began (R234), before the first did-scroll of
     * the drag. */
    GA_SCROLL_EVENT_WILL_BEGIN_DRAGGING = 1,
    /* scrollViewDidEndDragging: the scroll pan ended or was cancelled (R234), after the drag's
     * last did-scroll. It never decelerates (there is no physics, R254), so UIKit's
     * willDecelerate is always false and not passed. */
    GA_SCROLL_EVENT_DID_END_DRAGGING = 2
};

typedef void (*ga_scroll_callback)(void *user_data, ga_view scroll_view, ga_scroll_event event);

/* Sets (or, with NULL, clears) the scroll view's scroll callback, its UIScrollViewDelegate: one
 * per scroll view, replacing the previous one. user_data is passed back untouched and must stay
 * valid until the callback is replaced or the scroll view or its environment destroyed. It runs
 * inside the library call that moved the content (a dispatch, a timer, or
 * ga_scroll_view_set_content_offset), and may call the library as CALLBACKS AND RE-ENTRANCY
 * says; it is not called once the scroll view or its environment has been destroyed. */
ga_result ga_scroll_view_set_scroll_callback(ga_view scroll_view, ga_scroll_callback callback, void *user_data);

/* touchesShouldBegin(_:with:in:): the content delay lets the withheld touch `touch_id` go, to
 * `view`, the view it hit (the scroll view itself when it hit no content). Return true to hand
 * its began to the view; false keeps the touch from the content for good (R236, R253). Asked
 * once per touch, in id order. */
typedef bool (*ga_touches_should_begin_callback)(void *user_data, ga_view scroll_view, int64_t touch_id, ga_view view);
/* touchesShouldCancel(in:): the scroll pan would begin and take a touch whose began already
 * reached `view` (the scroll view itself counts, R256). Return true to let the scroll cancel
 * the view's touch; false makes the pan fail, so the view does not scroll and `view` keeps its
 * touch (R241). Not asked when can_cancel_content_touches is off (the pan fails then). */
typedef bool (*ga_touches_should_cancel_callback)(void *user_data, ga_view scroll_view, ga_view view);

/* Sets the scroll view's answers to the two content-touch questions, UIKit's methods for a
 * UIScrollView subclass to override: each NULL function (or both, to clear) gives UIKit's
 * default answer: touches_should_begin true; touches_should_cancel true, except false for a
 * control (ga_control_create), so that a drag starting on a button that already has its touch
 * does not scroll (R241, R242). A `view` with no handle of its own is passed as the null handle.
 * user_data is passed back untouched and must stay valid until the callbacks are replaced or the
 * scroll view or its environment destroyed. Neither is called once the scroll view or its
 * environment has been destroyed (the default answer is used). */
ga_result ga_scroll_view_set_content_touch_callbacks(ga_view scroll_view, ga_touches_should_begin_callback should_begin,
                                                     ga_touches_should_cancel_callback should_cancel, void *user_data);

/* ---------------------------------------------------------------------------------------------
 * Recognizers
 * ------------------------------------------------------------------------------------------- */

/* Each makes a recognizer of its type attached to `view` (a view or a window's view) and writes
 * its handle to *out. Counts must be >= 1, durations >= 0, distances finite and >= 0, else
 * GA_ERROR_INVALID_ARGUMENT. Its actions go to the environment's action callback. */

/* UITapGestureRecognizer: numberOfTapsRequired, numberOfTouchesRequired. */
ga_result ga_tap_recognizer_create(ga_view view, int32_t taps, int32_t touches, ga_recognizer *out);
/* UIPanGestureRecognizer: minimumNumberOfTouches, maximumNumberOfTouches (0: no maximum). */
ga_result ga_pan_recognizer_create(ga_view view, int32_t minimum_touches, int32_t maximum_touches,
                                   ga_recognizer *out);
/* UIScreenEdgePanGestureRecognizer: the edges (ga_rect_edge bits; unknown bits refused). */
ga_result ga_screen_edge_pan_recognizer_create(ga_view view, ga_rect_edge edges, ga_recognizer *out);
/* UILongPressGestureRecognizer: minimumPressDuration, allowableMovement, numberOfTapsRequired
 * (>= 0), numberOfTouchesRequired. */
ga_result ga_long_press_recognizer_create(ga_view view, int64_t minimum_press_duration_ns, double allowable_movement,
                                          int32_t taps, int32_t touches, ga_recognizer *out);
/* UISwipeGestureRecognizer: direction (ga_swipe_direction bits, at least one; unknown bits
 * refused), numberOfTouchesRequired. */
ga_result ga_swipe_recognizer_create(ga_view view, ga_swipe_direction directions, int32_t touches,
                                     ga_recognizer *out);
/* UIPinchGestureRecognizer: two fingers, or a trackpad pinch (ga_environment_dispatch_transform). */
ga_result ga_pinch_recognizer_create(ga_view view, ga_recognizer *out);
/* UIRotationGestureRecognizer: two fingers, or a trackpad rotation (ga_environment_dispatch_transform). */
ga_result ga_rotation_recognizer_create(ga_view view, ga_recognizer *out);
/* A scroll view's content-touch delay (UIScrollView.delaysContentTouches) as a recognizer: it
 * holds the touches' began from the views for `delay_ns` unless the touch moves first (R116; a
 * scroll view made by ga_scroll_view_create has its own, with the rules R235-R239). */
ga_result ga_delayed_touches_began_recognizer_create(ga_view view, int64_t delay_ns, ga_recognizer *out);
/* UIHoverGestureRecognizer: continuous; it follows the pointer over its view (hover input only,
 * ga_environment_dispatch_hover, never touches), never prevents another recognizer, is never
 * prevented, and ignores ga_recognizer_require_to_fail and its delegate (R267-R271). Its
 * location (ga_recognizer_get_location) is the pointer's, (0, 0) when it follows none. */
ga_result ga_hover_recognizer_create(ga_view view, ga_recognizer *out);

/* Destroys the recognizer (see OWNERSHIP). A scroll view's built-in recognizer is refused with
 * GA_ERROR_INVALID_HANDLE: it goes with its scroll view. */
ga_result ga_recognizer_destroy(ga_recognizer recognizer);

/* The recognizer's type, view and state. */
ga_result ga_recognizer_get_type(ga_recognizer recognizer, ga_recognizer_type *out);
ga_result ga_recognizer_get_view(ga_recognizer recognizer, ga_view *out);
ga_result ga_recognizer_get_state(ga_recognizer recognizer, ga_state *out);
/* The centroid of its touches in window coordinates (UIGestureRecognizer.location(in: nil)). */
ga_result ga_recognizer_get_location(ga_recognizer recognizer, double *out_x, double *out_y);

/* How many touches the recognizer tracks (UIGestureRecognizer.numberOfTouches). */
ga_result ga_recognizer_get_number_of_touches(ga_recognizer recognizer, int32_t *out);

/* The values of the continuous recognizers, as UIKit's, in window coordinates. Each refuses a
 * recognizer of another type with GA_ERROR_INVALID_HANDLE (a screen-edge pan is a pan).
 * ga_pan_get_translation / ga_pan_get_velocity: translation(in: nil) and velocity(in: nil) in
 * points and points per second; ga_pinch_get_scale / _velocity: scale and its rate per second;
 * ga_rotation_get_rotation / _velocity: radians and radians per second. */
ga_result ga_pan_get_translation(ga_recognizer pan, double *out_x, double *out_y);
ga_result ga_pan_get_velocity(ga_recognizer pan, double *out_x, double *out_y);
ga_result ga_pinch_get_scale(ga_recognizer pinch, double *out_scale);
ga_result ga_pinch_get_velocity(ga_recognizer pinch, double *out_velocity);
ga_result ga_rotation_get_rotation(ga_recognizer rotation, double *out_radians);
ga_result ga_rotation_get_velocity(ga_recognizer rotation, double *out_velocity);

/* Pointer buttons and keys (R262-R264, R273, R280, R281, R284).
 * ga_recognizer_get_button_mask / _get_modifier_flags: the buttons and modifier keys of the
 * latest input while the recognizer tracks a sequence, 0 after its reset (facts, not
 * requirements; UIGestureRecognizer.buttonMask, modifierFlags).
 * ga_recognizer_set_allowed_button_mask / _get_allowed_button_mask: the buttons whose clicks the
 * recognizer takes; a click whose touch-down holds none of them never reaches it (the views still
 * get it). Default GA_BUTTON_PRIMARY, except that a tap follows its button_mask_required until
 * this is set (R284). Fingers and styluses are not affected. 0 takes no click.
 * ga_tap_set_button_mask_required / _get_button_mask_required: the buttons a click must hold for
 * the tap (UITapGestureRecognizer.buttonMaskRequired, default GA_BUTTON_PRIMARY): a click holding
 * other buttons fails the tap at its touch-down (R281); GA_BUTTON_SECONDARY makes a tap that
 * takes right clicks. 0 is refused with GA_ERROR_INVALID_ARGUMENT (UIKit asserts); a recognizer
 * that is not a tap with GA_ERROR_INVALID_HANDLE.
 * ga_pan_set_allowed_scroll_types / _get_allowed_scroll_types: the scroll types the pan takes
 * (UIPanGestureRecognizer.allowedScrollTypesMask): 0 for a pan made by ga_pan_recognizer_create,
 * GA_SCROLL_TYPE_MASK_ALL for a scroll view's pan (R273); it does not change touch panning. Bits
 * outside GA_SCROLL_TYPE_MASK_ALL are refused with GA_ERROR_INVALID_ARGUMENT; a recognizer that
 * is not a pan (a screen-edge pan is one) with GA_ERROR_INVALID_HANDLE. */
ga_result ga_recognizer_get_button_mask(ga_recognizer recognizer, ga_button_mask *out);
ga_result ga_recognizer_get_modifier_flags(ga_recognizer recognizer, ga_key_modifier_flags *out);
ga_result ga_recognizer_set_allowed_button_mask(ga_recognizer recognizer, ga_button_mask buttons);
ga_result ga_recognizer_get_allowed_button_mask(ga_recognizer recognizer, ga_button_mask *out);
ga_result ga_tap_set_button_mask_required(ga_recognizer tap, ga_button_mask buttons);
ga_result ga_tap_get_button_mask_required(ga_recognizer tap, ga_button_mask *out);
ga_result ga_pan_set_allowed_scroll_types(ga_recognizer pan, ga_scroll_type_mask types);
ga_result ga_pan_get_allowed_scroll_types(ga_recognizer pan, ga_scroll_type_mask *out);

/* The flags, as UIGestureRecognizer's. */
ga_result ga_recognizer_set_enabled(ga_recognizer recognizer, bool enabled);
ga_result ga_recognizer_set_cancels_touches_in_view(ga_recognizer recognizer, bool cancels);
ga_result ga_recognizer_set_delays_touches_began(ga_recognizer recognizer, bool delays);
ga_result ga_recognizer_set_delays_touches_ended(ga_recognizer recognizer, bool delays);

/* The recognizer's name (UIGestureRecognizer.name): traces, timeline logs and recordings call
 * the recognizer by it, as for ga_view_set_name. The UTF-8 text is copied; NULL removes the
 * name. Errors: GA_ERROR_INVALID_ARGUMENT (not UTF-8). */
ga_result ga_recognizer_set_name(ga_recognizer recognizer, const char *name);

/* Sets (or, with NULL, clears) the recognizer's own action callback, UIKit's target-action for
 * one recognizer: each action of this recognizer calls the environment's action callback (if
 * set) and then this one, with this user_data, which is passed back untouched and must stay
 * valid until the callback is replaced or the recognizer destroyed. Not called once the
 * environment's callback has destroyed the recognizer or the environment. */
ga_result ga_recognizer_set_action_callback(ga_recognizer recognizer, ga_action_callback callback, void *user_data);

/* recognizer.require(toFail: other): the recognizer waits for `other` to fail. Requiring itself
 * does nothing. Errors: GA_ERROR_WRONG_ENVIRONMENT. */
ga_result ga_recognizer_require_to_fail(ga_recognizer recognizer, ga_recognizer other);

/* ---------------------------------------------------------------------------------------------
 * Delegate questions (UIGestureRecognizerDelegate)
 * ------------------------------------------------------------------------------------------- */

/* gestureRecognizerShouldBegin: return false to make the recognizer fail. */
typedef bool (*ga_should_begin_callback)(void *user_data, ga_recognizer recognizer);
/* gestureRecognizer(_:shouldReceive:): return false to keep the touch from the recognizer. */
typedef bool (*ga_should_receive_callback)(void *user_data, ga_recognizer recognizer, int64_t touch_id);
/* The pair questions: shouldRecognizeSimultaneouslyWith, shouldRequireFailureOf,
 * shouldBeRequiredToFailBy. `other` is the null handle when the other recognizer's handle was
 * destroyed while the engine still asks about it (during the pass that removes it). */
typedef bool (*ga_pair_callback)(void *user_data, ga_recognizer recognizer, ga_recognizer other);

/* The recognizer's delegate, as C functions: each NULL function gives UIKit's default answer
 * (should_begin true, should_receive true, the pair questions false). */
typedef struct ga_delegate {
    ga_should_begin_callback should_begin;
    ga_should_receive_callback should_receive;
    ga_pair_callback should_recognize_simultaneously;
    ga_pair_callback should_require_failure;
    ga_pair_callback should_be_required_to_fail;
    void *user_data;
} ga_delegate;

/* Sets the recognizer's delegate (the struct is copied) or, with NULL, removes it. Its
 * user_data must stay valid until the delegate is replaced or removed, or the recognizer or
 * its environment destroyed. A recognizer whose handle was destroyed gets the default answers.
 * A scroll view's built-in recognizer is refused with GA_ERROR_INVALID_HANDLE: its delegate is
 * its scroll view (R230); answer through ga_scroll_view_set_content_touch_callbacks. */
ga_result ga_recognizer_set_delegate(ga_recognizer recognizer, const ga_delegate *delegate);

#ifdef __cplusplus
}
#endif

#endif /* GESTURE_ARBITER_H */
