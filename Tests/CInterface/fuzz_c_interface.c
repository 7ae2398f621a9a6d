/*
 * fuzz_c_interface.c: random calls into the C interface, from a seeded generator, to show that
 * nothing a C caller passes crashes the process: null, stale, wrong-kind and random handles,
 * NULL pointers, wrong touch ids, out-of-range enum values, NaN and infinite numbers, time going
 * backwards, handles destroyed from inside callbacks (the environment's own included), calls
 * made again from inside callbacks (actions, control actions, deliveries, trace events, delegate
 * questions, the host scheduler's functions). Controls and buttons (ga_control_create) join the
 * views, and their functions get control, view, recognizer and action handles alike. So do scroll
 * views (ga_scroll_view_create): their properties get random numbers and flags, their built-in
 * recognizers join the recognizers (whose functions must refuse to destroy them or set their
 * delegates), and their scroll callbacks and content-touch questions call back in. Pointer
 * input joins the events: clicks (ga_environment_dispatch_typed with random types, buttons and
 * keys), hover, scroll and trackpad transform input in and out of sequence (random phases,
 * NaN, infinite, zero and negative scales and rotations); hover recognizers join the
 * recognizers, and the button and scroll-type properties get every kind of handle.
 *
 * Besides not crashing, every call is checked against the contract of the header: its result
 * is a known code; ga_last_error_code() is that result and an error has a message; a handle
 * known to be stale (destroyed earlier, its environment destroyed) or null is refused with
 * GA_ERROR_INVALID_HANDLE; NULL out-pointers are refused with GA_ERROR_NULL_ARGUMENT.
 *
 * Environment variables: GA_FUZZ_SEED (default 1), GA_FUZZ_ITERATIONS (default 20000).
 * The seed and count are printed first, so a failing run can be repeated.
 * Exit status: 0 when every check passed; 1 otherwise. Built and run (also under
 * AddressSanitizer) by Scripts/test-c-interface.sh.
 */
#include "gesture_arbiter.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;
static long iteration;
static int failures;

/* SplitMix64: a small, seeded, well-mixed generator. */
static uint64_t next_random(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t below(uint64_t n) { return n == 0 ? 0 : next_random() % n; }
static bool chance(int percent) { return below(100) < (uint64_t)percent; }

#define FAIL(...)                                                                                    \
    do {                                                                                             \
        failures++;                                                                                  \
        fprintf(stderr, "FAIL (iteration %ld) %s:%d: ", iteration, __FILE__, __LINE__);              \
        fprintf(stderr, __VA_ARGS__);                                                                \
        fprintf(stderr, "\n");                                                                       \
        if (failures > 20) exit(1);                                                                  \
    } while (0)

/* ---- Pools of handles: live ones and stale ones ------------------------------------------- */

enum { POOL = 48 };

typedef struct {
    uint64_t bits[POOL];
    /* The environment each was made in. */
    uint64_t owner[POOL];
    int count;
} pool;

static pool live_envs, live_windows, live_views, live_recognizers;
/* Controls (also in live_views: a control is a view) and their actions. */
static pool live_controls, live_actions;
/* Scroll views (also in live_views). */
static pool live_scrolls;
/* Handles destroyed directly (not through a callback, where their state is the caller's). */
static pool stale;

static void pool_add(pool *p, uint64_t bits, uint64_t owner) {
    if (bits == 0) return;
    int index = p->count < POOL ? p->count++ : (int)below(POOL);
    p->bits[index] = bits;
    p->owner[index] = owner;
}

/* One of the pool's handles made in `owner`, or 0 when it has none. */
static uint64_t pick_owned(const pool *p, uint64_t owner) {
    int matches = 0;
    for (int i = 0; i < p->count; i++) matches += p->owner[i] == owner;
    if (matches == 0) return 0;
    int chosen = (int)below((uint64_t)matches);
    for (int i = 0; i < p->count; i++)
        if (p->owner[i] == owner && chosen-- == 0) return p->bits[i];
    return 0;
}

static uint64_t owner_of(const pool *p, uint64_t bits) {
    for (int i = 0; i < p->count; i++)
        if (p->bits[i] == bits) return p->owner[i];
    return 0;
}

static void pool_remove(pool *p, uint64_t bits) {
    for (int i = 0; i < p->count; i++) {
        if (p->bits[i] == bits) {
            --p->count;
            p->bits[i] = p->bits[p->count];
            p->owner[i] = p->owner[p->count];
            return;
        }
    }
}

/* A handle's bits for a call: usually one of the pool's, else a stale one, another kind's, null
 * or random bits. */
static uint64_t pick(const pool *p) {
    uint64_t roll = below(100);
    if (roll < 70 && p->count > 0) return p->bits[below((uint64_t)p->count)];
    if (roll < 80 && stale.count > 0) return stale.bits[below((uint64_t)stale.count)];
    if (roll < 88) {
        const pool *any[] = {&live_envs, &live_windows, &live_views, &live_recognizers, &live_controls, &live_actions, &live_scrolls};
        const pool *other = any[below(7)];
        if (other->count > 0) return other->bits[below((uint64_t)other->count)];
    }
    if (roll < 94) return 0;
    return next_random();
}

static ga_environment pick_env(void) { return (ga_environment){pick(&live_envs)}; }
static ga_window pick_window(void) { return (ga_window){pick(&live_windows)}; }
static ga_view pick_view(void) { return (ga_view){pick(&live_views)}; }
static ga_recognizer pick_recognizer(void) { return (ga_recognizer){pick(&live_recognizers)}; }
static ga_view pick_control(void) { return (ga_view){pick(&live_controls)}; }
static ga_control_action pick_action(void) { return (ga_control_action){pick(&live_actions)}; }
static ga_view pick_scroll(void) { return (ga_view){pick(chance(80) ? &live_scrolls : &live_views)}; }

/* A name for ga_view_set_name / ga_recognizer_set_name: NULL, empty, a duplicate, white space,
 * text that is not UTF-8, or a plain one. */
static const char *random_name(void) {
    static const char *const names[] = { NULL, "", "card", "card", "two words", "\xff\xfe", "row\xc3", "caf\xc3\xa9" };
    return names[below(sizeof names / sizeof names[0])];
}

static double random_number(void) {
    switch (below(12)) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    case 3: return -1;
    case 4: return 1e300;
    default: return (double)below(500);
    }
}

static int64_t random_time(void) {
    switch (below(40)) {
    case 0: return -(int64_t)below(1000000000);
    case 1: return chance(20) ? INT64_MAX : INT64_MAX / 2;
    case 2: return INT64_MIN;
    default: return (int64_t)(iteration / 4) * 10000000 + (int64_t)below(400000000);
    }
}

/* time + step, saturating at INT64_MAX. */
static int64_t later(int64_t time, int64_t step) { return time > INT64_MAX - step ? INT64_MAX : time + step; }

static int32_t random_count(void) { return chance(10) ? (int32_t)next_random() : (int32_t)below(4); }

/* ---- Checking each call against the contract ----------------------------------------------- */

static bool is_known(ga_result result) { return (result >= GA_OK && result <= GA_ERROR_POINTER_SEQUENCE) || result == GA_ERROR_OTHER; }

static bool is_stale(uint64_t bits) {
    if (bits == 0) return true;
    for (int i = 0; i < stale.count; i++)
        if (stale.bits[i] == bits) return true;
    return false;
}

/* Checks a call's result; `was_stale` whether the call's first handle was stale or null before
 * the call (then it must be refused; a handle destroyed by a callback during the call may
 * still see its call succeed), `null_out` whether it got a NULL out-pointer (refused). */
static long results[GA_ERROR_POINTER_SEQUENCE + 2];
static long dispatched;
static long actions, control_actions, deliveries, traces, questions, reentries, scroll_events, content_questions;

static ga_result checked(const char *name, ga_result result, uint64_t handle, bool was_stale, bool null_out) {
    results[result >= GA_OK && result <= GA_ERROR_POINTER_SEQUENCE ? result : GA_ERROR_POINTER_SEQUENCE + 1]++;
    if (!is_known(result)) FAIL("%s returned %d, not a ga_result", name, result);
    if (ga_last_error_code() != result) FAIL("%s returned %d but ga_last_error_code() is %d", name, result, ga_last_error_code());
    const char *message = ga_last_error_message();
    if (message == NULL) {
        FAIL("%s: ga_last_error_message() is NULL", name);
    } else if ((result != GA_OK) != (message[0] != '\0')) {
        FAIL("%s returned %s with the message \"%s\"", name, ga_result_name(result), message);
    }
    if (was_stale && result != GA_ERROR_INVALID_HANDLE && result != GA_ERROR_NULL_ARGUMENT)
        FAIL("%s with a stale or null handle %#" PRIx64 " returned %s", name, handle, ga_result_name(result));
    if (null_out && result == GA_OK) FAIL("%s with a NULL out-pointer succeeded", name);
    return result;
}

/* A checked call (a GNU statement expression: the handle's staleness is read before the call). */
#define CALL(name, handle, null_out, expression)                                                     \
    ({                                                                                               \
        uint64_t call_handle = (handle);                                                             \
        bool call_was_stale = is_stale(call_handle);                                                 \
        checked(name, (expression), call_handle, call_was_stale, (null_out));                        \
    })

/* ---- The callbacks: they record, and now and then call back in ----------------------------- */

static int depth;
static void random_call(void);

static void maybe_reenter(void) {
    if (depth < 3 && chance(15)) {
        reentries++;
        depth++;
        random_call();
        depth--;
    }
}

static void on_action(void *user_data, ga_recognizer recognizer, ga_state state) {
    (void)user_data;
    (void)recognizer;
    actions++;
    if (state < GA_STATE_POSSIBLE || state > GA_STATE_FAILED) FAIL("an action with state %d", state);
    maybe_reenter();
}

static void on_control_action(void *user_data, ga_control_action action, ga_view control, ga_control_event events) {
    (void)user_data;
    (void)control;
    control_actions++;
    /* One event at a time, a known one (the header). */
    if (events == 0 || (events & (events - 1)) != 0 || (events & ~(ga_control_event)GA_CONTROL_EVENT_ALL) != 0)
        FAIL("a control action with events %#x", events);
    /* Now and then an action removes itself during the send. */
    if (chance(10) && ga_control_remove_action(action) != GA_OK) FAIL("an action could not remove itself in its callback");
    maybe_reenter();
}

static void on_delivery(void *user_data, ga_view view, ga_phase phase, const int64_t *ids, size_t count) {
    (void)user_data;
    (void)view;
    deliveries++;
    if (phase < GA_PHASE_BEGAN || phase > GA_PHASE_CANCELLED) FAIL("a delivery with phase %d", phase);
    if (count == 0 || ids == NULL) FAIL("a delivery of no touches");
    maybe_reenter();
}

static void on_trace(void *user_data, const ga_trace_event *event) {
    (void)user_data;
    traces++;
    if (event == NULL || event->kind < GA_TRACE_HIT_TEST || event->kind > GA_TRACE_ACTION_SENT) FAIL("a bad trace event");
    maybe_reenter();
}

static bool on_should_begin(void *user_data, ga_recognizer recognizer) {
    (void)user_data;
    (void)recognizer;
    questions++;
    maybe_reenter();
    return chance(70);
}

static bool on_should_receive(void *user_data, ga_recognizer recognizer, int64_t touch_id) {
    (void)user_data;
    (void)recognizer;
    (void)touch_id;
    questions++;
    maybe_reenter();
    return chance(80);
}

static bool on_pair(void *user_data, ga_recognizer recognizer, ga_recognizer other) {
    (void)user_data;
    (void)recognizer;
    (void)other;
    questions++;
    maybe_reenter();
    return chance(30);
}

static void on_scroll(void *user_data, ga_view scroll_view, ga_scroll_event event) {
    (void)user_data;
    (void)scroll_view;
    scroll_events++;
    if (event < GA_SCROLL_EVENT_DID_SCROLL || event > GA_SCROLL_EVENT_DID_END_DRAGGING) FAIL("a scroll event %d", event);
    maybe_reenter();
}

static bool on_touches_should_begin(void *user_data, ga_view scroll_view, int64_t touch_id, ga_view view) {
    (void)user_data;
    (void)scroll_view;
    (void)touch_id;
    (void)view;
    content_questions++;
    maybe_reenter();
    return chance(80);
}

static bool on_touches_should_cancel(void *user_data, ga_view scroll_view, ga_view view) {
    (void)user_data;
    (void)scroll_view;
    (void)view;
    content_questions++;
    maybe_reenter();
    return chance(60);
}

/* Host timers: tokens the fuzz may fire later (some cancelled, some never scheduled). */
static uint64_t host_tokens[64];
static int host_token_count;

static void on_schedule(void *user_data, uint64_t token, int64_t deadline_ns) {
    (void)user_data;
    (void)deadline_ns;
    host_tokens[host_token_count < 64 ? host_token_count++ : (int)below(64)] = token;
    /* A call that runs timers from here is refused with GA_ERROR_BUSY. */
    if (chance(10) && live_envs.count > 0) {
        ga_environment env = {live_envs.bits[below((uint64_t)live_envs.count)]};
        ga_result result = ga_environment_fire_timer(env, token);
        if (result == GA_OK) {
            /* Fine when env is another environment (or one on a virtual clock: WRONG_CLOCK). */
        }
        (void)result;
    }
    maybe_reenter();
}

static void on_cancel(void *user_data, uint64_t token) {
    (void)user_data;
    (void)token;
    maybe_reenter();
}

/* ---- One random call ----------------------------------------------------------------------- */

/* Destroys a handle: directly it becomes stale (checked later); from a callback too. */
static void destroyed(pool *p, uint64_t bits, ga_result result) {
    if (result != GA_OK) return;
    pool_remove(p, bits);
    pool_add(&stale, bits, 0);
}

static void add_touches(ga_touch *touches, size_t count) {
    for (size_t i = 0; i < count; i++) {
        touches[i].id = chance(90) ? (int64_t)below(6) : (int64_t)next_random();
        touches[i].phase = chance(40)   ? GA_PHASE_BEGAN
                           : chance(95) ? (ga_phase)below(5)
                                        : (ga_phase)(int32_t)next_random();
        touches[i].x = chance(95) ? (double)below(400) : random_number();
        touches[i].y = chance(95) ? (double)below(800) : random_number();
    }
}

static void random_call(void) {
    ga_environment env;
    ga_window window;
    ga_view view, other_view;
    ga_recognizer recognizer, other;
    bool null_out = chance(5);
    switch (below(43)) {
    case 39:
    case 40: {
        /* Pointer input: a click (a typed touch event with buttons and keys, sometimes none, a
         * wrong type or unknown keys), hover, scroll or transform input in or out of sequence. */
        env = pick_env();
        int64_t now = 0;
        if (ga_environment_now(env, &now) == GA_OK && chance(90)) {
            now = later(now, (int64_t)below(200000000));
        } else {
            now = random_time();
        }
        double x = chance(5) ? random_number() : (double)below(400), y = chance(5) ? random_number() : (double)below(800);
        switch (below(4)) {
        case 0: {
            ga_touch touches[2];
            size_t count = chance(5) ? 0 : 1 + below(chance(80) ? 1 : 2);
            add_touches(touches, count);
            ga_touch_type type = chance(80) ? GA_TOUCH_TYPE_INDIRECT_POINTER : (ga_touch_type)below(6) - 1;
            ga_button_mask buttons = chance(70) ? GA_BUTTON_PRIMARY : chance(50) ? GA_BUTTON_SECONDARY : next_random() & below(2) * 7;
            ga_key_modifier_flags keys = chance(90) ? (ga_key_modifier_flags)(next_random() & GA_KEY_MODIFIER_ALL) : (ga_key_modifier_flags)next_random();
            if (CALL("ga_environment_dispatch_typed", env.bits, false,
                     ga_environment_dispatch_typed(env, now, chance(2) ? NULL : touches, count, type, buttons, keys)) == GA_OK)
                dispatched++;
            break;
        }
        case 1:
            if (CALL("ga_environment_dispatch_hover", env.bits, false,
                     ga_environment_dispatch_hover(env, now, (ga_hover_phase)below(chance(95) ? 3 : 9) - (chance(3) ? 4 : 0), x, y)) == GA_OK)
                dispatched++;
            break;
        case 2: {
            /* A trackpad pinch or rotation: mostly a sensible scale (0.5 to 1.5) and turn, now and
             * then 0, a negative, NaN or infinite one. */
            double scale = chance(90) ? 0.5 + (double)below(101) / 100 : chance(30) ? 0 : random_number();
            double rotation = chance(90) ? ((double)below(201) - 100) / 100 : random_number();
            ga_transform_phase phase = (ga_transform_phase)below(chance(95) ? 4 : 9) - (chance(3) ? 4 : 0);
            if (CALL("ga_environment_dispatch_transform", env.bits, false,
                     ga_environment_dispatch_transform(env, now, phase, x, y, scale, rotation)) == GA_OK)
                dispatched++;
            break;
        }
        default: {
            double dx = chance(3) ? random_number() : (double)below(81) - 40, dy = (double)below(81) - 40;
            ga_scroll_phase phase = (ga_scroll_phase)below(chance(95) ? 4 : 9) - (chance(3) ? 4 : 0);
            ga_scroll_type type = chance(95) ? (ga_scroll_type)below(2) : (ga_scroll_type)next_random();
            if (CALL("ga_environment_dispatch_scroll", env.bits, false,
                     ga_environment_dispatch_scroll(env, now, phase, type, x, y, dx, dy)) == GA_OK)
                dispatched++;
        }
        }
        break;
    }
    case 41: {
        /* A hover recognizer on a view. */
        view = pick_view();
        uint64_t view_owner = owner_of(&live_views, view.bits);
        ga_result r = CALL("ga_hover_recognizer_create", view.bits, null_out,
                           ga_hover_recognizer_create(view, null_out ? NULL : &recognizer));
        if (r == GA_OK) pool_add(&live_recognizers, recognizer.bits, view_owner);
        break;
    }
    case 42: {
        /* The button and scroll-type properties, on any recognizer or control (wrong kinds
         * included: each must be refused with its code). */
        recognizer = pick_recognizer();
        view = pick_control();
        ga_button_mask mask;
        ga_key_modifier_flags keys;
        ga_scroll_type_mask types;
        ga_button_mask buttons = chance(60) ? 1 + below(3) : chance(10) ? 0 : next_random();
        switch (below(11)) {
        case 0: CALL("get_button_mask", recognizer.bits, null_out, ga_recognizer_get_button_mask(recognizer, null_out ? NULL : &mask)); break;
        case 1: CALL("get_modifier_flags", recognizer.bits, null_out, ga_recognizer_get_modifier_flags(recognizer, null_out ? NULL : &keys)); break;
        case 2: CALL("set_allowed_button_mask", recognizer.bits, false, ga_recognizer_set_allowed_button_mask(recognizer, buttons)); break;
        case 3: CALL("get_allowed_button_mask", recognizer.bits, null_out, ga_recognizer_get_allowed_button_mask(recognizer, null_out ? NULL : &mask)); break;
        case 4: CALL("tap_set_button_mask_required", recognizer.bits, false, ga_tap_set_button_mask_required(recognizer, buttons)); break;
        case 5: CALL("tap_get_button_mask_required", recognizer.bits, null_out, ga_tap_get_button_mask_required(recognizer, null_out ? NULL : &mask)); break;
        case 6: CALL("pan_set_allowed_scroll_types", recognizer.bits, false,
                     ga_pan_set_allowed_scroll_types(recognizer, chance(90) ? (ga_scroll_type_mask)below(4) : (ga_scroll_type_mask)next_random())); break;
        case 7: CALL("pan_get_allowed_scroll_types", recognizer.bits, null_out, ga_pan_get_allowed_scroll_types(recognizer, null_out ? NULL : &types)); break;
        case 8: CALL("control_set_required_button_mask", view.bits, false, ga_control_set_required_button_mask(view, buttons)); break;
        case 9: CALL("control_get_required_button_mask", view.bits, null_out, ga_control_get_required_button_mask(view, null_out ? NULL : &mask)); break;
        default:
            /* A view or a control as a recognizer, a recognizer as a control. */
            other_view = pick_view();
            CALL("get_button_mask (a view)", other_view.bits, false, ga_recognizer_get_button_mask((ga_recognizer){other_view.bits}, &mask));
            CALL("control_get_required_button_mask (a recognizer)", recognizer.bits, false,
                 ga_control_get_required_button_mask((ga_view){recognizer.bits}, &mask));
        }
        break;
    }
    case 30:
    case 31: {
        /* A whole gesture: one or two fingers down, a few moves, up (a tap, a drag, a pinch). */
        env = pick_env();
        int64_t now = 0;
        if (ga_environment_now(env, &now) != GA_OK) break;
        size_t fingers = 1 + below(2);
        ga_touch touches[2];
        for (size_t i = 0; i < fingers; i++) {
            touches[i].id = 100 + (int64_t)i;
            touches[i].phase = GA_PHASE_BEGAN;
            touches[i].x = (double)below(400);
            touches[i].y = (double)below(800);
        }
        int moves = (int)below(8);
        double dx = (double)below(41) - 20, dy = (double)below(41) - 20;
        for (int step = 0; step <= moves + 1; step++) {
            now = later(now, (int64_t)below(120000000));
            for (size_t i = 0; i < fingers; i++) {
                if (step > 0) {
                    touches[i].phase = step == moves + 1 ? GA_PHASE_ENDED : GA_PHASE_MOVED;
                    touches[i].x += i == 0 ? dx : -dx;
                    touches[i].y += dy;
                }
            }
            if (CALL("ga_environment_dispatch", env.bits, false, ga_environment_dispatch(env, now, touches, fingers)) != GA_OK)
                break;
            dispatched++;
        }
        break;
    }
    case 0: {
        if (live_envs.count >= 3) break;
        bool host = chance(40);
        ga_scheduler scheduler = {on_schedule, on_cancel, NULL};
        if (chance(3)) scheduler.cancel = NULL;
        ga_result r = CALL("ga_environment_create", 1, null_out,
                           ga_environment_create(host ? &scheduler : NULL, null_out ? NULL : &env));
        if (r == GA_OK) {
            pool_add(&live_envs, env.bits, env.bits);
            if (chance(90)) CALL("set_action", env.bits, false, ga_environment_set_action_callback(env, on_action, NULL));
            if (chance(90)) CALL("set_delivery", env.bits, false, ga_environment_set_delivery_callback(env, on_delivery, NULL));
            if (chance(60)) CALL("set_trace", env.bits, false, ga_environment_set_trace_callback(env, on_trace, NULL));
            if (chance(90) && CALL("ga_window_create", env.bits, false, ga_window_create(env, 400, 800, &window)) == GA_OK)
                pool_add(&live_windows, window.bits, env.bits);
        }
        break;
    }
    case 1:
        if (!chance(4)) break;
        env = pick_env();
        destroyed(&live_envs, env.bits, CALL("ga_environment_destroy", env.bits, false, ga_environment_destroy(env)));
        break;
    case 2: {
        env = pick_env();
        ga_result r = CALL("ga_window_create", env.bits, null_out,
                           ga_window_create(env, random_number(), random_number(), null_out ? NULL : &window));
        if (r == GA_OK) pool_add(&live_windows, window.bits, env.bits);
        break;
    }
    case 3:
        if (!chance(8)) break;
        window = pick_window();
        destroyed(&live_windows, window.bits, CALL("ga_window_destroy", window.bits, false, ga_window_destroy(window)));
        break;
    case 4: {
        env = pick_env();
        double x = chance(90) ? (double)below(300) : random_number();
        ga_result r = CALL("ga_view_create", env.bits, null_out,
                           ga_view_create(env, x, (double)below(600), (double)below(300), (double)below(300),
                                          null_out ? NULL : &view));
        if (r == GA_OK) {
            pool_add(&live_views, view.bits, env.bits);
            /* Mostly into a tree of its own environment, where touches find it. */
            if (chance(85)) {
                uint64_t parent = chance(40) ? pick_owned(&live_views, env.bits) : 0;
                if (parent != 0 && parent != view.bits) {
                    CALL("ga_view_add_subview", parent, false, ga_view_add_subview((ga_view){parent}, view));
                } else if ((parent = pick_owned(&live_windows, env.bits)) != 0) {
                    CALL("ga_window_add_subview", parent, false, ga_window_add_subview((ga_window){parent}, view));
                }
            }
        }
        break;
    }
    case 5:
        if (!chance(20)) break;
        view = pick_view();
        destroyed(&live_views, view.bits, CALL("ga_view_destroy", view.bits, false, ga_view_destroy(view)));
        break;
    case 6:
        window = pick_window();
        view = pick_view();
        CALL("ga_window_add_subview", window.bits, false, ga_window_add_subview(window, view));
        break;
    case 7:
        view = pick_view();
        other_view = pick_view();
        CALL("ga_view_add_subview", view.bits, false, ga_view_add_subview(view, other_view));
        break;
    case 8:
        view = pick_view();
        CALL("ga_view_remove_from_superview", view.bits, false, ga_view_remove_from_superview(view));
        break;
    case 9: {
        view = pick_view();
        bool flag = chance(50);
        switch (below(10)) {
        case 8:
            /* The identity, a quarter turn, a halving, or anything (NaN, infinities, no inverse). */
            switch (below(4)) {
            case 0: CALL("ga_view_set_transform", view.bits, false, ga_view_set_transform(view, 1, 0, 0, 1, 0, 0)); break;
            case 1: CALL("ga_view_set_transform", view.bits, false, ga_view_set_transform(view, 0, 1, -1, 0, 0, 0)); break;
            case 2: CALL("ga_view_set_transform", view.bits, false, ga_view_set_transform(view, 0.5, 0, 0, 0.5, 10, -10)); break;
            default:
                CALL("ga_view_set_transform", view.bits, false,
                     ga_view_set_transform(view, random_number(), random_number(), random_number(), random_number(), random_number(),
                                           random_number()));
            }
            break;
        case 7: CALL("ga_view_set_name", view.bits, false, ga_view_set_name(view, random_name())); break;
        case 0: CALL("ga_view_set_hidden", view.bits, false, ga_view_set_hidden(view, flag && chance(30))); break;
        case 1: CALL("ga_view_set_user_interaction_enabled", view.bits, false, ga_view_set_user_interaction_enabled(view, flag || chance(50))); break;
        case 2: CALL("ga_view_set_alpha", view.bits, false, ga_view_set_alpha(view, random_number())); break;
        case 3: CALL("ga_view_set_multiple_touch_enabled", view.bits, false, ga_view_set_multiple_touch_enabled(view, flag)); break;
        case 4: CALL("ga_view_set_exclusive_touch", view.bits, false, ga_view_set_exclusive_touch(view, flag && chance(30))); break;
        case 5: CALL("ga_view_set_handles_touches", view.bits, false, ga_view_set_handles_touches(view, flag)); break;
        case 6: CALL("ga_view_set_clips_to_bounds", view.bits, false, ga_view_set_clips_to_bounds(view, flag)); break;
        default:
            CALL("ga_view_set_frame", view.bits, false,
                 ga_view_set_frame(view, random_number(), random_number(), random_number(), random_number()));
        }
        break;
    }
    case 10:
    case 11:
    case 12: {
        view = chance(15) ? (ga_view){pick(&live_windows)} : pick_view();
        uint64_t view_owner = owner_of(&live_views, view.bits);
        ga_recognizer *out = null_out ? NULL : &recognizer;
        ga_result r;
        switch (below(9)) {
        case 0: r = CALL("tap", view.bits, null_out, ga_tap_recognizer_create(view, random_count(), random_count(), out)); break;
        case 1: r = CALL("pan", view.bits, null_out, ga_pan_recognizer_create(view, random_count(), random_count(), out)); break;
        case 2: r = CALL("edge", view.bits, null_out, ga_screen_edge_pan_recognizer_create(view, (ga_rect_edge)below(20), out)); break;
        case 3:
            r = CALL("long_press", view.bits, null_out,
                     ga_long_press_recognizer_create(view, chance(90) ? (int64_t)below(900000000) : -5, random_number(),
                                                     random_count() - 1, random_count(), out));
            break;
        case 4: r = CALL("swipe", view.bits, null_out, ga_swipe_recognizer_create(view, (ga_swipe_direction)below(20), random_count(), out)); break;
        case 5: r = CALL("pinch", view.bits, null_out, ga_pinch_recognizer_create(view, out)); break;
        case 6: r = CALL("rotation", view.bits, null_out, ga_rotation_recognizer_create(view, out)); break;
        case 7:
            r = CALL("delayed", view.bits, null_out,
                     ga_delayed_touches_began_recognizer_create(view, chance(90) ? (int64_t)below(300000000) : -1, out));
            break;
        default: r = CALL("tap", view.bits, null_out, ga_tap_recognizer_create(view, 2, 1, out));
        }
        if (r == GA_OK) pool_add(&live_recognizers, recognizer.bits, view_owner);
        break;
    }
    case 13:
        if (!chance(20)) break;
        recognizer = pick_recognizer();
        destroyed(&live_recognizers, recognizer.bits,
                  CALL("ga_recognizer_destroy", recognizer.bits, false, ga_recognizer_destroy(recognizer)));
        break;
    case 14: {
        recognizer = pick_recognizer();
        bool flag = chance(60);
        switch (below(5)) {
        case 3: CALL("set_name", recognizer.bits, false, ga_recognizer_set_name(recognizer, random_name())); break;
        case 0: CALL("set_enabled", recognizer.bits, false, ga_recognizer_set_enabled(recognizer, flag || chance(50))); break;
        case 1: CALL("set_cancels", recognizer.bits, false, ga_recognizer_set_cancels_touches_in_view(recognizer, flag)); break;
        case 2: CALL("set_delays_began", recognizer.bits, false, ga_recognizer_set_delays_touches_began(recognizer, flag)); break;
        default: CALL("set_delays_ended", recognizer.bits, false, ga_recognizer_set_delays_touches_ended(recognizer, flag));
        }
        break;
    }
    case 15:
        recognizer = pick_recognizer();
        other = chance(70) ? (ga_recognizer){pick_owned(&live_recognizers, owner_of(&live_recognizers, recognizer.bits))}
                           : pick_recognizer();
        CALL("ga_recognizer_require_to_fail", recognizer.bits, false, ga_recognizer_require_to_fail(recognizer, other));
        break;
    case 16: {
        recognizer = pick_recognizer();
        ga_delegate delegate = {0};
        if (chance(60)) delegate.should_begin = on_should_begin;
        if (chance(60)) delegate.should_receive = on_should_receive;
        if (chance(60)) delegate.should_recognize_simultaneously = on_pair;
        if (chance(40)) delegate.should_require_failure = on_pair;
        if (chance(40)) delegate.should_be_required_to_fail = on_pair;
        CALL("ga_recognizer_set_delegate", recognizer.bits, false,
             ga_recognizer_set_delegate(recognizer, chance(85) ? &delegate : NULL));
        break;
    }
    case 17: {
        recognizer = pick_recognizer();
        ga_state state;
        ga_recognizer_type type;
        ga_view owner;
        double x, y;
        int32_t touches;
        switch (below(11)) {
        case 4: CALL("get_number_of_touches", recognizer.bits, null_out, ga_recognizer_get_number_of_touches(recognizer, null_out ? NULL : &touches)); break;
        case 5: CALL("pan_translation", recognizer.bits, null_out, ga_pan_get_translation(recognizer, &x, null_out ? NULL : &y)); break;
        case 6: CALL("pan_velocity", recognizer.bits, null_out, ga_pan_get_velocity(recognizer, null_out ? NULL : &x, &y)); break;
        case 7: CALL("pinch_scale", recognizer.bits, null_out, ga_pinch_get_scale(recognizer, null_out ? NULL : &x)); break;
        case 8: CALL("pinch_velocity", recognizer.bits, null_out, ga_pinch_get_velocity(recognizer, null_out ? NULL : &x)); break;
        case 9: CALL("rotation", recognizer.bits, null_out, ga_rotation_get_rotation(recognizer, null_out ? NULL : &x)); break;
        case 10: CALL("rotation_velocity", recognizer.bits, null_out, ga_rotation_get_velocity(recognizer, null_out ? NULL : &x)); break;
        case 0: CALL("get_state", recognizer.bits, null_out, ga_recognizer_get_state(recognizer, null_out ? NULL : &state)); break;
        case 1: CALL("get_type", recognizer.bits, null_out, ga_recognizer_get_type(recognizer, null_out ? NULL : &type)); break;
        case 2: CALL("get_view", recognizer.bits, null_out, ga_recognizer_get_view(recognizer, null_out ? NULL : &owner)); break;
        default:
            CALL("get_location", recognizer.bits, null_out, ga_recognizer_get_location(recognizer, &x, null_out ? NULL : &y));
        }
        break;
    }
    case 18:
    case 19:
    case 20:
    case 21:
    case 22:
    case 23: {
        env = pick_env();
        ga_touch touches[4];
        size_t count = chance(5) ? 0 : 1 + below(chance(70) ? 1 : 4);
        add_touches(touches, count);
        int64_t now = 0;
        if (ga_environment_now(env, &now) == GA_OK && chance(90)) {
            now = later(now, (int64_t)below(200000000));
        } else {
            now = random_time();
        }
        if (CALL("ga_environment_dispatch", env.bits, false, ga_environment_dispatch(env, now, chance(2) ? NULL : touches, count)) == GA_OK)
            dispatched++;
        break;
    }
    case 24: {
        env = pick_env();
        int64_t now = 0;
        if (ga_environment_now(env, &now) == GA_OK && chance(85)) {
            now = later(now, (int64_t)below(600000000));
        } else {
            now = random_time();
        }
        CALL("ga_environment_advance_to", env.bits, false, ga_environment_advance_to(env, now));
        break;
    }
    case 25: {
        env = pick_env();
        uint64_t token = host_token_count > 0 && chance(80) ? host_tokens[below((uint64_t)host_token_count)] : next_random();
        CALL("ga_environment_fire_timer", env.bits, false, ga_environment_fire_timer(env, token));
        break;
    }
    case 26: {
        env = pick_env();
        bool has, idle;
        int64_t time;
        switch (below(3)) {
        case 0: CALL("now", env.bits, null_out, ga_environment_now(env, null_out ? NULL : &time)); break;
        case 1: CALL("next_deadline", env.bits, null_out, ga_environment_next_deadline(env, null_out ? NULL : &has, &time)); break;
        default: CALL("is_idle", env.bits, null_out, ga_environment_is_idle(env, null_out ? NULL : &idle));
        }
        break;
    }
    case 27: {
        env = pick_env();
        switch (below(3)) {
        case 0: CALL("set_action", env.bits, false, ga_environment_set_action_callback(env, chance(80) ? on_action : NULL, NULL)); break;
        case 1: CALL("set_delivery", env.bits, false, ga_environment_set_delivery_callback(env, chance(80) ? on_delivery : NULL, NULL)); break;
        default: CALL("set_trace", env.bits, false, ga_environment_set_trace_callback(env, chance(70) ? on_trace : NULL, NULL));
        }
        break;
    }
    case 28: {
        window = pick_window();
        ga_view as_view;
        ga_result r = CALL("ga_window_get_view", window.bits, null_out, ga_window_get_view(window, null_out ? NULL : &as_view));
        if (r == GA_OK && chance(50)) pool_add(&live_views, as_view.bits, owner_of(&live_windows, window.bits));
        break;
    }
    case 32: {
        /* A control or a button (now and then an unknown kind), mostly into a tree, as case 4. */
        env = pick_env();
        ga_control_kind kind = chance(95) ? (ga_control_kind)below(2) : (ga_control_kind)(int32_t)next_random();
        double x = chance(90) ? (double)below(300) : random_number();
        ga_result r = CALL("ga_control_create", env.bits, null_out,
                           ga_control_create(env, kind, x, (double)below(600), (double)below(300), (double)below(300),
                                             null_out ? NULL : &view));
        if (r == GA_OK) {
            pool_add(&live_views, view.bits, env.bits);
            pool_add(&live_controls, view.bits, env.bits);
            uint64_t parent = chance(40) ? pick_owned(&live_views, env.bits) : 0;
            if (parent != 0 && parent != view.bits) {
                CALL("ga_view_add_subview", parent, false, ga_view_add_subview((ga_view){parent}, view));
            } else if (chance(85) && (parent = pick_owned(&live_windows, env.bits)) != 0) {
                CALL("ga_window_add_subview", parent, false, ga_window_add_subview((ga_window){parent}, view));
            }
        }
        break;
    }
    case 33: {
        view = chance(80) ? pick_control() : pick_view();
        ga_control_state state;
        switch (below(3)) {
        case 0: CALL("ga_control_set_enabled", view.bits, false, ga_control_set_enabled(view, chance(75))); break;
        case 1: CALL("ga_control_set_selected", view.bits, false, ga_control_set_selected(view, chance(50))); break;
        default:
            if (CALL("ga_control_get_state", view.bits, null_out, ga_control_get_state(view, null_out ? NULL : &state)) == GA_OK &&
                (state & ~(ga_control_state)(0xFu | GA_CONTROL_STATE_TRACKING | GA_CONTROL_STATE_TOUCH_INSIDE)) != 0)
                FAIL("ga_control_get_state gave unknown bits %#x", state);
        }
        break;
    }
    case 34: {
        view = chance(80) ? pick_control() : pick_view();
        ga_control_event events = chance(90) ? (ga_control_event)(1 + below(GA_CONTROL_EVENT_ALL)) : (ga_control_event)next_random();
        ga_control_action action;
        ga_result r = CALL("ga_control_add_action", view.bits, null_out,
                           ga_control_add_action(view, events, chance(97) ? on_control_action : NULL, NULL,
                                                 null_out ? NULL : &action));
        if (r == GA_OK) pool_add(&live_actions, action.bits, owner_of(&live_controls, view.bits));
        break;
    }
    case 35: {
        if (!chance(30)) break;
        ga_control_action action = pick_action();
        destroyed(&live_actions, action.bits, CALL("ga_control_remove_action", action.bits, false, ga_control_remove_action(action)));
        break;
    }
    case 36: {
        /* A scroll view (content mostly larger than itself), mostly into a tree, as case 4. */
        env = pick_env();
        double width = chance(90) ? (double)below(400) : random_number();
        ga_result r = CALL("ga_scroll_view_create", env.bits, null_out,
                           ga_scroll_view_create(env, (double)below(100), (double)below(400), width, (double)below(500),
                                                 null_out ? NULL : &view));
        if (r == GA_OK) {
            pool_add(&live_views, view.bits, env.bits);
            pool_add(&live_scrolls, view.bits, env.bits);
            CALL("ga_scroll_view_set_content_size", view.bits, false,
                 ga_scroll_view_set_content_size(view, (double)below(800), (double)below(2400)));
            if (chance(70)) CALL("ga_scroll_view_set_scroll_callback", view.bits, false, ga_scroll_view_set_scroll_callback(view, on_scroll, NULL));
            if (chance(50))
                CALL("ga_scroll_view_set_content_touch_callbacks", view.bits, false,
                     ga_scroll_view_set_content_touch_callbacks(view, on_touches_should_begin, on_touches_should_cancel, NULL));
            uint64_t parent = chance(30) ? pick_owned(&live_views, env.bits) : 0;
            if (parent != 0 && parent != view.bits) {
                CALL("ga_view_add_subview", parent, false, ga_view_add_subview((ga_view){parent}, view));
            } else if (chance(90) && (parent = pick_owned(&live_windows, env.bits)) != 0) {
                CALL("ga_window_add_subview", parent, false, ga_window_add_subview((ga_window){parent}, view));
            }
        }
        break;
    }
    case 37: {
        /* A scroll view's properties: random flags (some unknown), numbers (some NaN, infinite,
         * negative) and NULL out-pointers; handles of every kind. */
        view = pick_scroll();
        ga_scroll_view_flag flag = chance(95) ? (ga_scroll_view_flag)below(14) : (ga_scroll_view_flag)(int32_t)next_random();
        double a, b, c, d;
        bool value;
        switch (below(8)) {
        case 0: CALL("ga_scroll_view_set_flag", view.bits, false, ga_scroll_view_set_flag(view, flag, chance(50))); break;
        case 1: CALL("ga_scroll_view_get_flag", view.bits, null_out, ga_scroll_view_get_flag(view, flag, null_out ? NULL : &value)); break;
        case 2:
            CALL("ga_scroll_view_set_content_size", view.bits, false,
                 ga_scroll_view_set_content_size(view, chance(90) ? (double)below(900) : random_number(), random_number() * 4));
            break;
        case 3: CALL("ga_scroll_view_get_content_size", view.bits, null_out, ga_scroll_view_get_content_size(view, &a, null_out ? NULL : &b)); break;
        case 4:
            CALL("ga_scroll_view_set_content_offset", view.bits, false,
                 ga_scroll_view_set_content_offset(view, chance(80) ? 0 : random_number(), chance(90) ? (double)below(600) : random_number()));
            break;
        case 5: CALL("ga_scroll_view_get_content_offset", view.bits, null_out, ga_scroll_view_get_content_offset(view, null_out ? NULL : &a, &b)); break;
        case 6:
            CALL("ga_scroll_view_set_content_inset", view.bits, false,
                 ga_scroll_view_set_content_inset(view, chance(80) ? 0 : random_number(), 0, chance(80) ? 0 : random_number(),
                                                  chance(95) ? 0 : random_number()));
            break;
        default:
            CALL("ga_scroll_view_get_content_inset", view.bits, null_out,
                 ga_scroll_view_get_content_inset(view, &a, &b, &c, null_out ? NULL : &d));
        }
        break;
    }
    case 38: {
        /* The built-in recognizers (joining the recognizers' pool, so their functions meet them:
         * destroying one or setting its delegate must be refused), and the callbacks. */
        view = pick_scroll();
        switch (below(4)) {
        case 0:
        case 1: {
            bool pan = chance(50);
            ga_recognizer *out = null_out ? NULL : &recognizer;
            ga_result r = pan ? CALL("ga_scroll_view_get_pan_recognizer", view.bits, null_out, ga_scroll_view_get_pan_recognizer(view, out))
                              : CALL("ga_scroll_view_get_delay_recognizer", view.bits, null_out, ga_scroll_view_get_delay_recognizer(view, out));
            if (r == GA_OK) {
                pool_add(&live_recognizers, recognizer.bits, owner_of(&live_scrolls, view.bits));
                ga_delegate delegate = {0};
                if (ga_recognizer_destroy(recognizer) != GA_ERROR_INVALID_HANDLE) FAIL("a scroll view's built-in recognizer was destroyed");
                if (ga_recognizer_set_delegate(recognizer, &delegate) != GA_ERROR_INVALID_HANDLE)
                    FAIL("a scroll view's built-in recognizer took a delegate");
            }
            break;
        }
        case 2:
            CALL("ga_scroll_view_set_scroll_callback", view.bits, false,
                 ga_scroll_view_set_scroll_callback(view, chance(80) ? on_scroll : NULL, NULL));
            break;
        default:
            CALL("ga_scroll_view_set_content_touch_callbacks", view.bits, false,
                 ga_scroll_view_set_content_touch_callbacks(view, chance(60) ? on_touches_should_begin : NULL,
                                                            chance(60) ? on_touches_should_cancel : NULL, NULL));
        }
        break;
    }
    default:
        /* From a callback, destroy whatever comes (this environment's own objects included). */
        if (depth > 0 && chance(50)) {
            switch (below(5)) {
            case 4: {
                ga_control_action action = pick_action();
                if (ga_control_remove_action(action) == GA_OK) pool_remove(&live_actions, action.bits);
                break;
            }
            case 0: env = pick_env(); if (ga_environment_destroy(env) == GA_OK) pool_remove(&live_envs, env.bits); break;
            case 1: window = pick_window(); if (ga_window_destroy(window) == GA_OK) pool_remove(&live_windows, window.bits); break;
            case 2: view = pick_view(); if (ga_view_destroy(view) == GA_OK) pool_remove(&live_views, view.bits); break;
            default: recognizer = pick_recognizer(); if (ga_recognizer_destroy(recognizer) == GA_OK) pool_remove(&live_recognizers, recognizer.bits);
            }
        }
    }
}

/* Handles of objects destroyed with their environment, window or view: take them out of the live
 * pools once they are refused (a live pool may hold them until then; that is fine). */
static void prune(pool *p) {
    for (int i = 0; i < p->count; i++) {
        ga_view probe = {p->bits[i]};
        int64_t time;
        ga_result r = p == &live_envs ? ga_environment_now((ga_environment){p->bits[i]}, &time)
                    : p == &live_recognizers ? ga_recognizer_get_state((ga_recognizer){p->bits[i]}, &(ga_state){0})
                    : p == &live_windows ? ga_window_get_view((ga_window){p->bits[i]}, &probe)
                    : p == &live_controls ? ga_control_get_state(probe, &(ga_control_state){0})
                    : p == &live_scrolls ? ga_scroll_view_get_flag(probe, GA_SCROLL_VIEW_DRAGGING, &(bool){false})
                    : ga_view_set_clips_to_bounds(probe, false);
        if (r == GA_ERROR_INVALID_HANDLE) {
            --p->count;
            p->bits[i] = p->bits[p->count];
            p->owner[i] = p->owner[p->count];
            i--;
        }
    }
}

int main(void) {
    const char *seed_text = getenv("GA_FUZZ_SEED");
    const char *count_text = getenv("GA_FUZZ_ITERATIONS");
    uint64_t seed = seed_text ? strtoull(seed_text, NULL, 10) : 1;
    long iterations = count_text ? strtol(count_text, NULL, 10) : 20000;
    printf("fuzz_c_interface: seed %" PRIu64 ", %ld iterations (GA_FUZZ_SEED, GA_FUZZ_ITERATIONS)\n", seed, iterations);
    rng_state = seed;
    for (iteration = 0; iteration < iterations; iteration++) {
        random_call();
        if (iteration % 64 == 0) {
            prune(&live_envs);
            prune(&live_windows);
            prune(&live_views);
            prune(&live_recognizers);
            prune(&live_controls);
            prune(&live_scrolls);
        }
    }
    /* Tear everything down; every environment's objects are then refused. A destroy runs
     * callbacks (views get their touches cancelled), and those may destroy or make other
     * environments, so take each one out of the pool first and go on until it is empty. */
    for (int rounds = 0; live_envs.count > 0; rounds++) {
        if (rounds == 1000) {
            FAIL("the environments' callbacks kept making environments through 1000 teardowns");
            break;
        }
        uint64_t bits = live_envs.bits[0];
        pool_remove(&live_envs, bits);
        ga_environment_destroy((ga_environment){bits});
    }
    for (int i = 0; i < live_views.count; i++) {
        ga_result r = ga_view_set_hidden((ga_view){live_views.bits[i]}, true);
        if (r != GA_ERROR_INVALID_HANDLE) FAIL("a view outlived its environment's destruction: %s", ga_result_name(r));
    }
    for (int i = 0; i < live_actions.count; i++) {
        ga_result r = ga_control_remove_action((ga_control_action){live_actions.bits[i]});
        if (r != GA_ERROR_INVALID_HANDLE) FAIL("a control action outlived its environment's destruction: %s", ga_result_name(r));
    }
    if (failures) {
        fprintf(stderr, "fuzz_c_interface: %d failure(s); repeat with GA_FUZZ_SEED=%" PRIu64 " GA_FUZZ_ITERATIONS=%ld\n", failures,
                seed, iterations);
        return 1;
    }
    printf("fuzz_c_interface: results:");
    for (int code = GA_OK; code <= GA_ERROR_POINTER_SEQUENCE; code++)
        if (results[code]) printf(" %s %ld", ga_result_name(code), results[code]);
    printf("\nfuzz_c_interface: %ld events dispatched; callbacks: %ld actions, %ld control actions, %ld deliveries, %ld trace events, "
           "%ld delegate questions, %ld scroll events, %ld content-touch questions, %ld calls made from callbacks\n",
           dispatched, actions, control_actions, deliveries, traces, questions, scroll_events, content_questions, reentries);
    printf("fuzz_c_interface: no crash, every call kept the contract\n");
    return 0;
}
