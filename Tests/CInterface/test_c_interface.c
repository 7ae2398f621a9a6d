/*
 * test_c_interface.c: the double-tap demo and a pan in a scroll view, built and run through the
 * C interface only (gesture_arbiter.h), each checked line by line against the timeline its rules
 * give (the same lines docs/examples/double-tap.json and pan-in-scroll-view.json expect). The
 * double tap runs twice: on the library's virtual clock, and with the host owning the timers
 * (a ga_scheduler). Then the error codes of a few wrong calls, and a delegate's answers. Then
 * controls and buttons: a tap on a button, a panel's single tap vetoed by a button and taking a
 * plain control's tap, a disabled button not hit, actions that remove actions or destroy things
 * during a send, and the wrong calls of the control functions. Then scroll views: a list of
 * buttons tapped, dragged from a button and tapped again after the scroll, the content-touch
 * questions answered by callbacks, the defaults and the wrong calls. Then pointer input: hover, a
 * right click that a default tap ignores and a secondary tap takes, a wheel tick that scrolls a
 * list, a right click on a button, a trackpad pinch and rotation (transform input), and the
 * wrong calls of the pointer functions.
 *
 * Exit status: 0 when every check passed; 1, with each difference printed, otherwise.
 * Built and run by Scripts/test-c-interface.sh.
 */
#include "gesture_arbiter.h"
#include "gesture_arbiter_recorder.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static atomic_int failures = 0;

#define CHECK(condition, ...)                                                                        \
    do {                                                                                             \
        if (!(condition)) {                                                                          \
            failures++;                                                                              \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                     \
            fprintf(stderr, __VA_ARGS__);                                                            \
            fprintf(stderr, "\n");                                                                   \
        }                                                                                            \
    } while (0)

/* Every call of the set-up must succeed: stop at once (with the library's message) if not. */
#define MUST(call)                                                                                   \
    do {                                                                                             \
        ga_result must_result = (call);                                                              \
        if (must_result != GA_OK) {                                                                  \
            fprintf(stderr, "FAIL %s:%d: %s returned %s: %s\n", __FILE__, __LINE__, #call,           \
                    ga_result_name(must_result), ga_last_error_message());                           \
            exit(1);                                                                                 \
        }                                                                                            \
    } while (0)

/* ---- The timeline: names for handles, and the log lines the callbacks write ---------------- */

enum { MAX_NAMES = 16, MAX_LINES = 64, LINE_LENGTH = 96 };

typedef struct {
    ga_environment env;
    uint64_t bits[MAX_NAMES];
    const char *names[MAX_NAMES];
    bool discrete[MAX_NAMES];
    int name_count;
    char lines[MAX_LINES][LINE_LENGTH];
    int line_count;
    /* A pan whose translation each action records (0: none). */
    uint64_t watched_pan;
    double translations[8][2];
    int translation_count;
} timeline;

static void name_object(timeline *log, uint64_t bits, const char *name, bool discrete) {
    log->bits[log->name_count] = bits;
    log->names[log->name_count] = name;
    log->discrete[log->name_count] = discrete;
    log->name_count++;
}

static int find_name(const timeline *log, uint64_t bits) {
    for (int i = 0; i < log->name_count; i++)
        if (log->bits[i] == bits) return i;
    return -1;
}

static const char *name_of(const timeline *log, uint64_t bits) {
    int index = find_name(log, bits);
    return index < 0 ? (bits == 0 ? "none" : "?") : log->names[index];
}

/* Appends "<t> <text>", t in seconds with three decimals, the time being the environment's now. */
static void append(timeline *log, const char *format, ...) {
    if (log->line_count == MAX_LINES) {
        CHECK(0, "more than %d timeline lines", MAX_LINES);
        return;
    }
    int64_t now = -1;
    MUST(ga_environment_now(log->env, &now));
    char *line = log->lines[log->line_count++];
    int used = snprintf(line, LINE_LENGTH, "%lld.%03lld ", (long long)(now / 1000000000),
                        (long long)(now % 1000000000 / 1000000));
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(line + used, LINE_LENGTH - (size_t)used, format, arguments);
    va_end(arguments);
}

static const char *state_name(ga_state state, bool discrete) {
    switch (state) {
    case GA_STATE_POSSIBLE: return "possible";
    case GA_STATE_BEGAN: return "began";
    case GA_STATE_CHANGED: return "changed";
    case GA_STATE_ENDED: return discrete ? "recognized" : "ended";
    case GA_STATE_CANCELLED: return "cancelled";
    case GA_STATE_FAILED: return "failed";
    default: return "?";
    }
}

static const char *phase_name(ga_phase phase) {
    switch (phase) {
    case GA_PHASE_BEGAN: return "began";
    case GA_PHASE_MOVED: return "moved";
    case GA_PHASE_STATIONARY: return "stationary";
    case GA_PHASE_ENDED: return "ended";
    case GA_PHASE_CANCELLED: return "cancelled";
    default: return "?";
    }
}

/* A recognizer's action: "gesture <id> <state>" (a discrete recognizer's ended is "recognized"). */
static void on_action(void *user_data, ga_recognizer recognizer, ga_state state) {
    timeline *log = user_data;
    int index = find_name(log, recognizer.bits);
    append(log, "gesture %s %s", name_of(log, recognizer.bits), state_name(state, index >= 0 && log->discrete[index]));
    if (recognizer.bits == log->watched_pan && log->translation_count < 8) {
        double *translation = log->translations[log->translation_count++];
        MUST(ga_pan_get_translation(recognizer, &translation[0], &translation[1]));
    }
}

/* A view's touches: "view <id> <phase> <ids joined by commas>". */
static void on_delivery(void *user_data, ga_view view, ga_phase phase, const int64_t *ids, size_t count) {
    timeline *log = user_data;
    char joined[64] = "";
    for (size_t i = 0; i < count; i++) {
        char one[24];
        snprintf(one, sizeof one, i == 0 ? "%lld" : ",%lld", (long long)ids[i]);
        strncat(joined, one, sizeof joined - strlen(joined) - 1);
    }
    append(log, "view %s %s %s", name_of(log, view.bits), phase_name(phase), joined);
}

/* The trace: "touch <n> hit <id>" for a hit test, "gesture <id> failed" for a failure (a failure
 * sends no action, so only the trace tells it). */
static void on_trace(void *user_data, const ga_trace_event *event) {
    timeline *log = user_data;
    CHECK(event->kind != GA_TRACE_HIT_TEST || event->time_ns >= 0, "a trace event before 0");
    if (event->kind == GA_TRACE_HIT_TEST) {
        append(log, "touch %lld hit %s", (long long)event->touch_id, name_of(log, event->view.bits));
    } else if (event->kind == GA_TRACE_STATE_CHANGED && event->to_state == GA_STATE_FAILED) {
        append(log, "gesture %s failed", name_of(log, event->recognizer.bits));
    }
}

static void listen(timeline *log) {
    MUST(ga_environment_set_action_callback(log->env, on_action, log));
    MUST(ga_environment_set_delivery_callback(log->env, on_delivery, log));
    MUST(ga_environment_set_trace_callback(log->env, on_trace, log));
}

/* Compares the timeline with the expected lines, printing every difference. */
static void check_timeline(const char *scene, const timeline *log, const char *const *expected, int expected_count) {
    int count = log->line_count > expected_count ? log->line_count : expected_count;
    int differences = 0;
    for (int i = 0; i < count; i++) {
        const char *got = i < log->line_count ? log->lines[i] : "(no line)";
        const char *want = i < expected_count ? expected[i] : "(no line)";
        if (strcmp(got, want) != 0) {
            differences++;
            fprintf(stderr, "FAIL %s, line %d:\n  expected: %s\n  got:      %s\n", scene, i + 1, want, got);
        }
    }
    if (differences) {
        failures++;
        fprintf(stderr, "%s: the whole timeline:\n", scene);
        for (int i = 0; i < log->line_count; i++) fprintf(stderr, "  %s\n", log->lines[i]);
    } else {
        printf("ok   %s: %d timeline lines as expected\n", scene, expected_count);
    }
}

/* ---- Input --------------------------------------------------------------------------------- */

#define MS(milliseconds) ((int64_t)(milliseconds) * 1000000)

static void touch(ga_environment env, int64_t time_ns, int64_t id, ga_phase phase, double x, double y) {
    ga_touch one = {id, phase, x, y};
    MUST(ga_environment_dispatch(env, time_ns, &one, 1));
}

/* ---- A host scheduler: the host keeps the timers and fires them in deadline order ------------ */

enum { MAX_TIMERS = 32 };

typedef struct {
    uint64_t tokens[MAX_TIMERS];
    int64_t deadlines[MAX_TIMERS];
    int count;
    int scheduled;
    int cancelled;
} host_timers;

static void host_schedule(void *user_data, uint64_t token, int64_t deadline_ns) {
    host_timers *timers = user_data;
    if (timers->count == MAX_TIMERS) {
        CHECK(0, "more than %d host timers", MAX_TIMERS);
        return;
    }
    timers->tokens[timers->count] = token;
    timers->deadlines[timers->count] = deadline_ns;
    timers->count++;
    timers->scheduled++;
}

static void host_cancel(void *user_data, uint64_t token) {
    host_timers *timers = user_data;
    for (int i = 0; i < timers->count; i++) {
        if (timers->tokens[i] == token) {
            timers->tokens[i] = timers->tokens[timers->count - 1];
            timers->deadlines[i] = timers->deadlines[timers->count - 1];
            timers->count--;
            timers->cancelled++;
            return;
        }
    }
    CHECK(0, "cancel of token %llu, which is not pending", (unsigned long long)token);
}

/* What a host's run loop does before handling input stamped `time_ns`: fire every timer due by
 * then, earliest first (the library answers each fire by moving its clock to the deadline). */
static void host_run_timers(ga_environment env, host_timers *timers, int64_t time_ns) {
    for (;;) {
        int earliest = -1;
        for (int i = 0; i < timers->count; i++)
            if (timers->deadlines[i] <= time_ns && (earliest < 0 || timers->deadlines[i] < timers->deadlines[earliest]))
                earliest = i;
        if (earliest < 0) return;
        uint64_t token = timers->tokens[earliest];
        timers->tokens[earliest] = timers->tokens[timers->count - 1];
        timers->deadlines[earliest] = timers->deadlines[timers->count - 1];
        timers->count--;
        MUST(ga_environment_fire_timer(env, token));
    }
}

/* ---- The double-tap demo ------------------------------------------------------------------- */

/* A single tap that needs a double tap to fail (R51, R54-R56), on a card at (20, 100, 200, 200)
 * in a 400 x 800 window. Taps at 0.000-0.080 and 0.200-0.280 make a double tap: the double tap
 * recognizes at 0.280, so the single tap fails (R55) and the card's touch 1 is cancelled
 * (cancelsTouchesInView, R62, R67). Touch 2 began while the double tap tracked its first touch:
 * its began is withheld and then dropped with the cancellation (R63). The lone tap at
 * 1.000-1.080 is recognized by the single tap only once the double tap has waited 0.35 s for a
 * second tap and failed (1.080 + 0.350 = 1.430, R60, R88), which cancels touch 3 in the card. */
static const char *const double_tap_expected[] = {
    "0.000 touch 1 hit card",
    "0.000 view card began 1",
    "0.200 touch 2 hit card",
    "0.280 gesture single failed",
    "0.280 gesture double recognized",
    "0.280 view card cancelled 1",
    "1.000 touch 3 hit card",
    "1.000 view card began 3",
    "1.430 gesture double failed",
    "1.430 gesture single recognized",
    "1.430 view card cancelled 3",
};

typedef struct {
    ga_window window;
    ga_view card;
    ga_recognizer single, twice;
} double_tap_world;

/* Builds the double-tap demo in a new environment (log->env) and plays its input. */
static double_tap_world play_double_tap(timeline *log, host_timers *timers, bool host_owns_time) {
    ga_scheduler scheduler = {host_schedule, host_cancel, timers};
    MUST(ga_environment_create(host_owns_time ? &scheduler : NULL, &log->env));
    listen(log);

    double_tap_world world;
    MUST(ga_window_create(log->env, 400, 800, &world.window));
    MUST(ga_view_create(log->env, 20, 100, 200, 200, &world.card));
    MUST(ga_window_add_subview(world.window, world.card));
    MUST(ga_tap_recognizer_create(world.card, 1, 1, &world.single));
    MUST(ga_tap_recognizer_create(world.card, 2, 1, &world.twice));
    MUST(ga_recognizer_require_to_fail(world.single, world.twice));
    name_object(log, world.card.bits, "card", false);
    name_object(log, world.single.bits, "single", true);
    name_object(log, world.twice.bits, "double", true);

    struct { int ms; int64_t id; ga_phase phase; double x, y; } input[] = {
        {0, 1, GA_PHASE_BEGAN, 100, 200},   {80, 1, GA_PHASE_ENDED, 100, 200},
        {200, 2, GA_PHASE_BEGAN, 102, 201}, {280, 2, GA_PHASE_ENDED, 102, 201},
        {1000, 3, GA_PHASE_BEGAN, 100, 200}, {1080, 3, GA_PHASE_ENDED, 100, 200},
    };
    for (size_t i = 0; i < sizeof input / sizeof input[0]; i++) {
        if (host_owns_time) host_run_timers(log->env, timers, MS(input[i].ms));
        touch(log->env, MS(input[i].ms), input[i].id, input[i].phase, input[i].x, input[i].y);
    }
    if (host_owns_time) host_run_timers(log->env, timers, MS(2000));
    MUST(ga_environment_advance_to(log->env, MS(2000)));
    return world;
}

static void run_double_tap(bool host_owns_time) {
    const char *scene = host_owns_time ? "double tap, host scheduler" : "double tap, virtual clock";
    static timeline log;
    memset(&log, 0, sizeof log);
    host_timers timers = {0};
    double_tap_world world = play_double_tap(&log, &timers, host_owns_time);

    check_timeline(scene, &log, double_tap_expected, (int)(sizeof double_tap_expected / sizeof double_tap_expected[0]));
    bool idle = false;
    MUST(ga_environment_is_idle(log.env, &idle));
    CHECK(idle, "%s: the environment is not idle at 2.000", scene);
    bool has_deadline = true;
    int64_t deadline = 0;
    MUST(ga_environment_next_deadline(log.env, &has_deadline, &deadline));
    CHECK(!has_deadline, "%s: a timer is still pending at 2.000", scene);
    if (host_owns_time) {
        /* Each touch of the double tap and the lone tap arms the 0.35 s wait (R60, R88). */
        CHECK(timers.scheduled > 0, "%s: the host scheduler was never asked for a timer", scene);
        CHECK(timers.count == 0, "%s: %d host timers left pending", scene, timers.count);
    }
    MUST(ga_environment_destroy(log.env));
    /* The environment's handles are stale once it is destroyed (see OWNERSHIP in the header). */
    CHECK(ga_window_add_subview(world.window, world.card) == GA_ERROR_INVALID_HANDLE, "%s: a destroyed window's handle works",
          scene);
    CHECK(ga_recognizer_set_enabled(world.single, false) == GA_ERROR_INVALID_HANDLE,
          "%s: a destroyed recognizer's handle works", scene);
    CHECK(ga_environment_advance_to(log.env, MS(3000)) == GA_ERROR_INVALID_HANDLE, "%s: a destroyed environment works", scene);
}

/* ---- A pan in a scroll view ---------------------------------------------------------------- */

/* A scroll view (the whole window, passing its touches on) with a pan and a 0.15 s
 * delayed-touches-began recognizer, as UIKit's scroll view with delaysContentTouches, over a
 * row at (0, 100, 400, 80) (R61, R62, R65, R66, R67, R94, R100, R113, R116).
 * Touch 1 moves 20 points by 0.060, before the delay is over: the delay fails and the pan
 * begins (R94, R100), so the row never hears of touch 1 (its began was withheld, R65, and the
 * pan's recognition drops it, R67). Touch 2 rests: the row gets its began when the delay runs
 * out (0.500 + 0.150, R113), and its end when it lifts, once the pan has failed (R66). Touch 3
 * lifts at 0.060 before the delay: both recognizers fail and the row gets began and ended at
 * once (R116). */
static const char *const pan_expected[] = {
    "0.000 touch 1 hit row",
    "0.060 gesture delay failed",
    "0.060 gesture pan began",
    "0.090 gesture pan changed",
    "0.120 gesture pan ended",
    "0.500 touch 2 hit row",
    "0.650 gesture delay failed",
    "0.650 view row began 2",
    "0.800 gesture pan failed",
    "0.800 view row ended 2",
    "1.000 touch 3 hit row",
    "1.060 gesture pan failed",
    "1.060 gesture delay failed",
    "1.060 view row began 3",
    "1.060 view row ended 3",
};

static void run_pan_in_scroll_view(void) {
    const char *scene = "pan in a scroll view";
    static timeline log;
    memset(&log, 0, sizeof log);
    MUST(ga_environment_create(NULL, &log.env));
    listen(&log);

    ga_window window;
    ga_view scroll, row;
    ga_recognizer pan, delay;
    MUST(ga_window_create(log.env, 400, 800, &window));
    MUST(ga_view_create(log.env, 0, 0, 400, 800, &scroll));
    MUST(ga_view_set_handles_touches(scroll, false));
    MUST(ga_window_add_subview(window, scroll));
    MUST(ga_view_create(log.env, 0, 100, 400, 80, &row));
    MUST(ga_view_add_subview(scroll, row));
    MUST(ga_pan_recognizer_create(scroll, 1, 0, &pan));
    MUST(ga_delayed_touches_began_recognizer_create(scroll, MS(150), &delay));
    name_object(&log, scroll.bits, "scroll", false);
    name_object(&log, row.bits, "row", false);
    name_object(&log, pan.bits, "pan", false);
    name_object(&log, delay.bits, "delay", false);
    log.watched_pan = pan.bits;

    touch(log.env, MS(0), 1, GA_PHASE_BEGAN, 200, 140);
    touch(log.env, MS(30), 1, GA_PHASE_MOVED, 200, 135);
    touch(log.env, MS(60), 1, GA_PHASE_MOVED, 200, 120);
    touch(log.env, MS(90), 1, GA_PHASE_MOVED, 200, 100);
    touch(log.env, MS(120), 1, GA_PHASE_ENDED, 200, 100);
    touch(log.env, MS(500), 2, GA_PHASE_BEGAN, 200, 140);
    touch(log.env, MS(800), 2, GA_PHASE_ENDED, 200, 140);
    touch(log.env, MS(1000), 3, GA_PHASE_BEGAN, 200, 140);
    touch(log.env, MS(1060), 3, GA_PHASE_ENDED, 200, 140);
    MUST(ga_environment_advance_to(log.env, MS(2000)));

    check_timeline(scene, &log, pan_expected, (int)(sizeof pan_expected / sizeof pan_expected[0]));
    /* The pan's translation as its actions saw it: at began (0.060, 20 pt up) the 10 pt of
     * hysteresis is taken off (R95): (0, -10); at 0.090 (40 pt up) it is cumulative since began
     * (R96): (0, -30); at the end (no move) still (0, -30). */
    const double expected_ty[] = {-10, -30, -30};
    CHECK(log.translation_count == 3, "%s: %d pan actions, expected 3", scene, log.translation_count);
    for (int i = 0; i < log.translation_count && i < 3; i++)
        CHECK(log.translations[i][0] == 0 && log.translations[i][1] == expected_ty[i],
              "%s: pan translation %d is (%g, %g), expected (0, %g) (R95, R96)", scene, i + 1, log.translations[i][0],
              log.translations[i][1], expected_ty[i]);
    double scale;
    CHECK(ga_pinch_get_scale(pan, &scale) == GA_ERROR_INVALID_HANDLE, "%s: a pan read as a pinch", scene);
    MUST(ga_environment_destroy(log.env));
}

/* ---- Wrong calls get codes, not crashes ------------------------------------------------------ */

static void expect_code(ga_result got, ga_result want, const char *what) {
    CHECK(got == want, "%s: expected %s, got %s (%s)", what, ga_result_name(want), ga_result_name(got),
          ga_last_error_message());
    CHECK(ga_last_error_code() == got, "%s: ga_last_error_code is %d, the call returned %d", what,
          ga_last_error_code(), got);
    if (got != GA_OK) CHECK(ga_last_error_message()[0] != '\0', "%s: no error message", what);
}


/* A recognizer's own action callback (UIKit's target-action for one recognizer): called after the
 * environment's, with its own user data; cleared with NULL. */
struct own_actions { int environment_calls, recognizer_calls; ga_state last; };
static void count_environment_action(void *data, ga_recognizer recognizer, ga_state state) {
    (void)recognizer; (void)state;
    ((struct own_actions *)data)->environment_calls++;
}
static void count_recognizer_action(void *data, ga_recognizer recognizer, ga_state state) {
    (void)recognizer;
    struct own_actions *seen = data;
    CHECK(seen->environment_calls == seen->recognizer_calls + 1, "the recognizer's callback runs after the environment's");
    seen->recognizer_calls++;
    seen->last = state;
}
static void test_recognizer_action_callback(void) {
    ga_environment env;
    ga_window window;
    ga_view view;
    ga_recognizer tap, other;
    struct own_actions seen = {0, 0, GA_STATE_POSSIBLE};
    MUST(ga_environment_create(NULL, &env));
    MUST(ga_window_create(env, 400, 800, &window));
    MUST(ga_view_create(env, 0, 0, 100, 100, &view));
    MUST(ga_window_add_subview(window, view));
    MUST(ga_tap_recognizer_create(view, 1, 1, &tap));
    MUST(ga_pan_recognizer_create(view, 1, 0, &other));
    MUST(ga_environment_set_action_callback(env, count_environment_action, &seen));
    MUST(ga_recognizer_set_action_callback(tap, count_recognizer_action, &seen));
    ga_touch down = {1, GA_PHASE_BEGAN, 10, 10}, up = {1, GA_PHASE_ENDED, 10, 10};
    MUST(ga_environment_dispatch(env, 0, &down, 1));
    MUST(ga_environment_dispatch(env, MS(80), &up, 1));
    CHECK(seen.environment_calls == 1 && seen.recognizer_calls == 1 && seen.last == GA_STATE_RECOGNIZED,
          "one tap: the environment's and the tap's callbacks once each (%d, %d)", seen.environment_calls, seen.recognizer_calls);
    MUST(ga_recognizer_set_action_callback(tap, NULL, NULL));
    down.id = up.id = 2;
    MUST(ga_environment_dispatch(env, MS(1000), &down, 1));
    MUST(ga_environment_dispatch(env, MS(1080), &up, 1));
    CHECK(seen.environment_calls == 2 && seen.recognizer_calls == 1, "cleared: only the environment's callback");
    ga_recognizer stale = tap;
    MUST(ga_recognizer_destroy(tap));
    expect_code(ga_recognizer_set_action_callback(stale, count_recognizer_action, &seen), GA_ERROR_INVALID_HANDLE, "a stale recognizer");
    MUST(ga_environment_destroy(env));
    printf("ok   a recognizer's own action callback, with its user data\n");
}

static void run_wrong_calls(void) {
    ga_environment env;
    ga_window window;
    ga_view view, other_view;
    ga_recognizer tap;
    MUST(ga_environment_create(NULL, &env));
    MUST(ga_window_create(env, 400, 800, &window));
    MUST(ga_view_create(env, 0, 0, 100, 100, &view));
    MUST(ga_window_add_subview(window, view));
    MUST(ga_tap_recognizer_create(view, 1, 1, &tap));

    ga_environment null_env = {GA_NULL_HANDLE};
    expect_code(ga_environment_advance_to(null_env, 0), GA_ERROR_INVALID_HANDLE, "a null environment");
    expect_code(ga_environment_create(NULL, NULL), GA_ERROR_NULL_ARGUMENT, "create with a NULL out");
    ga_view as_view = {tap.bits};
    expect_code(ga_view_set_hidden(as_view, true), GA_ERROR_INVALID_HANDLE, "a recognizer's handle as a view");
    ga_touch bad_phase = {1, 42, 10, 10};
    expect_code(ga_environment_dispatch(env, 0, &bad_phase, 1), GA_ERROR_INVALID_ARGUMENT, "an unknown phase");
    ga_touch nan_touch = {1, GA_PHASE_BEGAN, NAN, 10};
    expect_code(ga_environment_dispatch(env, 0, &nan_touch, 1), GA_ERROR_NON_FINITE_LOCATION, "a NaN location");
    ga_touch unknown = {9, GA_PHASE_MOVED, 10, 10};
    expect_code(ga_environment_dispatch(env, 0, &unknown, 1), GA_ERROR_UNKNOWN_TOUCH, "a wrong touch id");
    expect_code(ga_environment_dispatch(env, 0, &unknown, 0), GA_ERROR_EMPTY_EVENT, "an empty event");
    expect_code(ga_environment_dispatch(env, 0, NULL, 1), GA_ERROR_NULL_ARGUMENT, "NULL touches");
    ga_touch twice[2] = {{1, GA_PHASE_BEGAN, 10, 10}, {1, GA_PHASE_BEGAN, 20, 20}};
    expect_code(ga_environment_dispatch(env, 0, twice, 2), GA_ERROR_DUPLICATE_TOUCH_IN_EVENT, "an id twice");
    ga_environment windowless;
    MUST(ga_environment_create(NULL, &windowless));
    ga_touch lonely = {1, GA_PHASE_BEGAN, 10, 10};
    expect_code(ga_environment_dispatch(windowless, 0, &lonely, 1), GA_ERROR_NO_WINDOW, "a touch with no window (R1)");
    CHECK(strcmp(ga_result_name(GA_ERROR_NO_WINDOW), "GA_ERROR_NO_WINDOW") == 0, "the name of GA_ERROR_NO_WINDOW");
    MUST(ga_environment_destroy(windowless));
    test_recognizer_action_callback();
    ga_touch down = {1, GA_PHASE_BEGAN, 10, 10};
    expect_code(ga_environment_dispatch(env, MS(10), &down, 1), GA_OK, "a began");
    expect_code(ga_environment_dispatch(env, MS(20), &down, 1), GA_ERROR_DUPLICATE_BEGAN, "a began for a live id");
    expect_code(ga_environment_dispatch(env, MS(5), &down, 1), GA_ERROR_TIME_WENT_BACKWARDS, "time going backwards");
    expect_code(ga_environment_advance_to(env, MS(1)), GA_ERROR_TIME_WENT_BACKWARDS, "advance backwards");
    CHECK(strstr(ga_last_error_message(), "advance went backwards") != NULL && strstr(ga_last_error_message(), "0.001") != NULL,
          "the advance's error says advance and the time asked for: %s", ga_last_error_message());
    expect_code(ga_environment_fire_timer(env, 1), GA_ERROR_WRONG_CLOCK, "fire on a virtual clock");
    expect_code(ga_tap_recognizer_create(view, 0, 1, &tap), GA_ERROR_INVALID_ARGUMENT, "zero taps");
    expect_code(ga_swipe_recognizer_create(view, 0x100, 1, &tap), GA_ERROR_INVALID_ARGUMENT, "an unknown direction");
    expect_code(ga_view_set_alpha(view, NAN), GA_ERROR_INVALID_ARGUMENT, "a NaN alpha");
    expect_code(ga_view_add_subview(view, view), GA_ERROR_INVALID_TREE, "a view in itself");
    ga_view window_view;
    MUST(ga_window_get_view(window, &window_view));
    expect_code(ga_view_add_subview(view, window_view), GA_ERROR_INVALID_HANDLE, "a window as a subview");

    ga_environment second;
    MUST(ga_environment_create(NULL, &second));
    MUST(ga_view_create(second, 0, 0, 10, 10, &other_view));
    expect_code(ga_view_add_subview(view, other_view), GA_ERROR_WRONG_ENVIRONMENT, "a view of another environment");
    MUST(ga_environment_destroy(second));
    expect_code(ga_environment_destroy(second), GA_ERROR_INVALID_HANDLE, "destroying twice");

    /* A destroyed view's slot reused by a new view: the old handle stays stale (generations). */
    ga_view reused;
    MUST(ga_view_destroy(view));
    MUST(ga_view_create(env, 0, 0, 5, 5, &reused));
    expect_code(ga_view_set_hidden(view, true), GA_ERROR_INVALID_HANDLE, "a destroyed view after its slot is reused");
    expect_code(ga_recognizer_set_enabled(tap, false), GA_ERROR_INVALID_HANDLE, "a destroyed view's recognizer");
    expect_code(ga_view_set_hidden(reused, true), GA_OK, "the view in the reused slot");
    expect_code(ga_result_name(-7)[0] == 'G' ? GA_OK : GA_ERROR_OTHER, GA_OK, "the name of an unknown code");
    MUST(ga_environment_destroy(env));
    if (failures == 0) printf("ok   wrong calls give their codes and messages\n");
}

/* ---- Controls and buttons (R200-R227) -------------------------------------------------------- */

static const char *control_event_name(ga_control_event event) {
    switch (event) {
    case GA_CONTROL_EVENT_TOUCH_DOWN: return "touchDown";
    case GA_CONTROL_EVENT_TOUCH_DOWN_REPEAT: return "touchDownRepeat";
    case GA_CONTROL_EVENT_TOUCH_DRAG_INSIDE: return "touchDragInside";
    case GA_CONTROL_EVENT_TOUCH_DRAG_OUTSIDE: return "touchDragOutside";
    case GA_CONTROL_EVENT_TOUCH_DRAG_ENTER: return "touchDragEnter";
    case GA_CONTROL_EVENT_TOUCH_DRAG_EXIT: return "touchDragExit";
    case GA_CONTROL_EVENT_TOUCH_UP_INSIDE: return "touchUpInside";
    case GA_CONTROL_EVENT_TOUCH_UP_OUTSIDE: return "touchUpOutside";
    case GA_CONTROL_EVENT_TOUCH_CANCEL: return "touchCancel";
    case GA_CONTROL_EVENT_PRIMARY_ACTION_TRIGGERED: return "primaryActionTriggered";
    default: return "?";
    }
}

/* A control's action: "control <id> <event>". */
static void on_control_event(void *user_data, ga_control_action action, ga_view control, ga_control_event events) {
    (void)action;
    timeline *log = user_data;
    append(log, "control %s %s", name_of(log, control.bits), control_event_name(events));
}

/* A 400 x 800 window holding a control (kind, enabled) at (20, 100, 100, 40), named `name`, in a
 * panel (0, 0, 400, 400) with a single tap (one tap, one touch) when `parent_tap`, else alone;
 * every event of the control is logged. Then a tap at (50, 120), 0.000-0.080. */
static void play_control_tap(timeline *log, ga_control_kind kind, const char *name, bool enabled, bool parent_tap) {
    ga_window window;
    ga_view panel, control;
    ga_recognizer tap;
    ga_control_action action;
    MUST(ga_environment_create(NULL, &log->env));
    listen(log);
    MUST(ga_window_create(log->env, 400, 800, &window));
    MUST(ga_control_create(log->env, kind, 20, 100, 100, 40, &control));
    name_object(log, control.bits, name, false);
    if (parent_tap) {
        MUST(ga_view_create(log->env, 0, 0, 400, 400, &panel));
        name_object(log, panel.bits, "panel", false);
        MUST(ga_window_add_subview(window, panel));
        MUST(ga_view_add_subview(panel, control));
        MUST(ga_tap_recognizer_create(panel, 1, 1, &tap));
        name_object(log, tap.bits, "tap", true);
    } else {
        MUST(ga_window_add_subview(window, control));
    }
    MUST(ga_control_set_enabled(control, enabled));
    MUST(ga_control_add_action(control, GA_CONTROL_EVENT_ALL, on_control_event, log, &action));
    touch(log->env, MS(0), 1, GA_PHASE_BEGAN, 50, 120);
    ga_control_state state = 0;
    MUST(ga_control_get_state(control, &state));
    ga_control_state tracking = GA_CONTROL_STATE_HIGHLIGHTED | GA_CONTROL_STATE_TRACKING | GA_CONTROL_STATE_TOUCH_INSIDE;
    CHECK(state == (enabled ? tracking : GA_CONTROL_STATE_DISABLED),
          "%s after the touch-down: state %#x, expected %#x (R200, R202, R203)", name, state, enabled ? tracking : GA_CONTROL_STATE_DISABLED);
    touch(log->env, MS(80), 1, GA_PHASE_ENDED, 50, 120);
    MUST(ga_control_get_state(control, &state));
    /* After a lift nothing is left (R206); after a cancel isTouchInside keeps its value (R208). */
    bool cancelled = enabled && parent_tap && kind == GA_CONTROL_KIND_CONTROL;
    ga_control_state after = !enabled ? GA_CONTROL_STATE_DISABLED : cancelled ? GA_CONTROL_STATE_TOUCH_INSIDE : 0;
    CHECK(state == after, "%s after the lift: state %#x, expected %#x (R200, R206, R208)", name, state, after);
    MUST(ga_environment_destroy(log->env));
}

/* A button alone: touchDown at the touch-down (R203), touchUpInside at the lift inside (R206),
 * then primaryActionTriggered as a second send (R212). A control reports no deliveries. */
static const char *const button_tap_expected[] = {
    "0.000 touch 1 hit button",
    "0.000 control button touchDown",
    "0.080 control button touchUpInside",
    "0.080 control button primaryActionTriggered",
};

/* A button in a panel with a single tap: the button vetoes the tap (R215), which fails at the
 * lift, and the button gets its end in the same pass (R216 case 1). The panel never hears of the
 * touch: the button takes it (R203). */
static const char *const button_veto_expected[] = {
    "0.000 touch 1 hit button",
    "0.000 control button touchDown",
    "0.080 gesture tap failed",
    "0.080 control button touchUpInside",
    "0.080 control button primaryActionTriggered",
};

/* A plain control in the same panel: no veto (R217, R227), the tap recognizes at the lift and
 * takes the touch (R67), and the control sends touchCancel (R208), never touchUpInside. */
static const char *const control_tap_taken_expected[] = {
    "0.000 touch 1 hit plain",
    "0.000 control plain touchDown",
    "0.080 gesture tap recognized",
    "0.080 control plain touchCancel",
};

/* A disabled button is not hit (R202): the touch goes to the panel as if the button were not
 * there, the panel's tap recognizes and takes it (R67); the button sends nothing. */
static const char *const disabled_button_expected[] = {
    "0.000 touch 1 hit panel",
    "0.000 view panel began 1",
    "0.080 gesture tap recognized",
    "0.080 view panel cancelled 1",
};

static void run_control_taps(void) {
    struct {
        const char *scene;
        ga_control_kind kind;
        const char *name;
        bool enabled, parent_tap;
        const char *const *expected;
        int count;
    } scenes[] = {
        {"a button tapped (R203, R206, R212)", GA_CONTROL_KIND_BUTTON, "button", true, false, button_tap_expected, 4},
        {"a button vetoes its panel's single tap (R215, R216)", GA_CONTROL_KIND_BUTTON, "button", true, true,
         button_veto_expected, 5},
        {"a plain control's tap taken by its panel's single tap (R217)", GA_CONTROL_KIND_CONTROL, "plain", true, true,
         control_tap_taken_expected, 4},
        {"a disabled button is not hit (R202)", GA_CONTROL_KIND_BUTTON, "button", false, true, disabled_button_expected, 4},
    };
    for (size_t i = 0; i < sizeof scenes / sizeof scenes[0]; i++) {
        timeline *log = calloc(1, sizeof *log);
        if (log == NULL) exit(1);
        play_control_tap(log, scenes[i].kind, scenes[i].name, scenes[i].enabled, scenes[i].parent_tap);
        check_timeline(scenes[i].scene, log, scenes[i].expected, scenes[i].count);
        free(log);
    }
}

/* Actions that change the actions, the control or the environment while a send runs. */
typedef struct {
    ga_environment env;
    ga_view control;
    ga_control_action first, second, third;
    char seen[16][40];
    int count;
    /* What the first action does at its first call: 0 removes itself and the second, 1 destroys
     * the control, 2 destroys the environment, 3 dispatches a new tap 1 ms later (each time). */
    int mode;
    ga_result result;
    int limit_errors, other_errors;
} action_reentry;

static void reentrant_action(void *user_data, ga_control_action action, ga_view control, ga_control_event events) {
    action_reentry *state = user_data;
    const char *who = action.bits == state->first.bits ? "first" : action.bits == state->second.bits ? "second" : "third";
    CHECK(control.bits == state->control.bits, "an action got another control's handle");
    if (state->count < 16) snprintf(state->seen[state->count++], 40, "%s %s", who, control_event_name(events));
    if (action.bits != state->first.bits) return;
    if (state->mode == 0 && events == GA_CONTROL_EVENT_TOUCH_DOWN) {
        state->result = ga_control_remove_action(state->first);
        CHECK(ga_control_remove_action(state->second) == GA_OK, "removing another action from an action");
        expect_code(ga_control_remove_action(state->first), GA_ERROR_INVALID_HANDLE, "an action removed twice");
    } else if (state->mode == 1 && events == GA_CONTROL_EVENT_TOUCH_DOWN) {
        state->result = ga_view_destroy(state->control);
        expect_code(ga_control_set_selected(state->control, true), GA_ERROR_INVALID_HANDLE, "the control destroyed in its action");
        expect_code(ga_control_remove_action(state->third), GA_ERROR_INVALID_HANDLE, "an action of the destroyed control");
    } else if (state->mode == 2 && events == GA_CONTROL_EVENT_TOUCH_DOWN) {
        state->result = ga_environment_destroy(state->env);
        int64_t now;
        CHECK(ga_environment_now(state->env, &now) == GA_ERROR_INVALID_HANDLE, "the environment destroyed in a control action");
    } else if (state->mode == 3 && events == GA_CONTROL_EVENT_PRIMARY_ACTION_TRIGGERED) {
        int64_t now;
        MUST(ga_environment_now(state->env, &now));
        ga_touch down = {1, GA_PHASE_BEGAN, 50, 120}, up = {1, GA_PHASE_ENDED, 50, 120};
        ga_result results[2] = {ga_environment_dispatch(state->env, now + MS(1), &down, 1),
                                ga_environment_dispatch(state->env, now + MS(2), &up, 1)};
        for (int i = 0; i < 2; i++) {
            if (results[i] == GA_ERROR_INPUT_LIMIT) state->limit_errors++;
            else if (results[i] != GA_OK) state->other_errors++;
        }
    }
}

/* A button with three actions for every event, the first doing `mode`; then a tap on it. */
static void play_reentry(action_reentry *state, int mode) {
    memset(state, 0, sizeof *state);
    state->mode = mode;
    state->result = -1;
    ga_window window;
    MUST(ga_environment_create(NULL, &state->env));
    MUST(ga_window_create(state->env, 400, 800, &window));
    MUST(ga_control_create(state->env, GA_CONTROL_KIND_BUTTON, 20, 100, 100, 40, &state->control));
    MUST(ga_window_add_subview(window, state->control));
    MUST(ga_control_add_action(state->control, GA_CONTROL_EVENT_ALL, reentrant_action, state, &state->first));
    MUST(ga_control_add_action(state->control, GA_CONTROL_EVENT_ALL, reentrant_action, state, &state->second));
    MUST(ga_control_add_action(state->control, GA_CONTROL_EVENT_ALL, reentrant_action, state, &state->third));
    touch(state->env, MS(0), 1, GA_PHASE_BEGAN, 50, 120);
    if (mode == 2) {
        ga_touch up = {1, GA_PHASE_ENDED, 50, 120};
        expect_code(ga_environment_dispatch(state->env, MS(80), &up, 1), GA_ERROR_INVALID_HANDLE, "a destroyed environment");
        return;
    }
    touch(state->env, MS(80), 1, GA_PHASE_ENDED, 50, 120);
    MUST(ga_environment_destroy(state->env));
}

static void check_seen(const char *scene, const action_reentry *state, const char *const *expected, int count) {
    bool same = state->count == count;
    for (int i = 0; same && i < count; i++) same = strcmp(state->seen[i], expected[i]) == 0;
    CHECK(same, "%s: %d calls, not as expected", scene, state->count);
    if (!same)
        for (int i = 0; i < state->count; i++) fprintf(stderr, "  %s\n", state->seen[i]);
    else
        printf("ok   %s: %d action calls as expected\n", scene, count);
}

static void run_control_reentry(void) {
    action_reentry *state = malloc(sizeof *state);
    if (state == NULL) exit(1);
    /* The first action removes itself and the second during touchDown: the second is not called,
     * not even in that send (the header: a removed action's user data may be gone), and neither
     * is called again; the third gets every event, in order (R211, R212). */
    play_reentry(state, 0);
    CHECK(state->result == GA_OK, "an action removing itself: %s", ga_result_name(state->result));
    static const char *const removed[] = {"first touchDown", "third touchDown", "third touchUpInside",
                                          "third primaryActionTriggered"};
    check_seen("an action removes itself and another during the send (R211)", state, removed, 4);

    /* The first action destroys the button at touchDown: no later action runs, the touchCancel
     * of its removal from the window (R120, R208) included; the lift is still accepted. */
    play_reentry(state, 1);
    CHECK(state->result == GA_OK, "destroying the control from its action: %s", ga_result_name(state->result));
    static const char *const destroyed[] = {"first touchDown"};
    check_seen("an action destroys its control (R120)", state, destroyed, 1);

    /* The first action destroys the environment: every later callback of the pass is silent. */
    play_reentry(state, 2);
    CHECK(state->result == GA_OK, "destroying the environment from a control action: %s", ga_result_name(state->result));
    check_seen("an action destroys the environment", state, destroyed, 1);

    /* Each primary action taps the button again, 1 ms later: the input queued from callbacks is
     * bounded, as for a recognizer's action (GA_MAX_QUEUED_INPUT), and the call returns. */
    play_reentry(state, 3);
    CHECK(state->limit_errors == 2 && state->other_errors == 0,
          "a control action that keeps tapping: %d GA_ERROR_INPUT_LIMIT and %d other errors", state->limit_errors, state->other_errors);
    if (state->limit_errors == 2 && state->other_errors == 0)
        printf("ok   a control action that keeps tapping its button is bounded by GA_MAX_QUEUED_INPUT\n");
    free(state);
}

static void count_control_deliveries(void *user_data, ga_view view, ga_phase phase, const int64_t *ids, size_t count) {
    (void)view; (void)phase; (void)ids; (void)count;
    (*(int *)user_data)++;
}

static void count_control_events(void *user_data, ga_control_action action, ga_view control, ga_control_event events) {
    (void)action; (void)control; (void)events;
    (*(int *)user_data)++;
}

/* Wrong calls: handles of other kinds, bad kinds and masks, NULL pointers. */
static void run_control_wrong_calls(void) {
    ga_environment env;
    ga_window window;
    ga_view view, window_view, button, control;
    ga_recognizer tap;
    ga_control_action action;
    ga_control_state state;
    int ups = 0;
    MUST(ga_environment_create(NULL, &env));
    MUST(ga_window_create(env, 400, 800, &window));
    MUST(ga_window_get_view(window, &window_view));
    MUST(ga_view_create(env, 0, 0, 100, 100, &view));
    MUST(ga_control_create(env, GA_CONTROL_KIND_BUTTON, 0, 0, 50, 50, &button));
    MUST(ga_tap_recognizer_create(view, 1, 1, &tap));
    MUST(ga_control_add_action(button, GA_CONTROL_EVENT_TOUCH_UP_INSIDE, count_control_events, &ups, &action));

    expect_code(ga_control_set_enabled(view, false), GA_ERROR_INVALID_HANDLE, "a plain view as a control");
    CHECK(strstr(ga_last_error_message(), "not a control") != NULL, "the message says it is not a control: %s", ga_last_error_message());
    expect_code(ga_control_get_state(window_view, &state), GA_ERROR_INVALID_HANDLE, "a window's view as a control");
    expect_code(ga_control_set_selected((ga_view){tap.bits}, true), GA_ERROR_INVALID_HANDLE, "a recognizer's handle as a control");
    expect_code(ga_control_add_action((ga_view){action.bits}, GA_CONTROL_EVENT_TOUCH_DOWN, count_control_events, &ups, &action),
                GA_ERROR_INVALID_HANDLE, "an action's handle as a control");
    expect_code(ga_control_get_state((ga_view){GA_NULL_HANDLE}, &state), GA_ERROR_INVALID_HANDLE, "the null handle as a control");
    expect_code(ga_control_remove_action((ga_control_action){button.bits}), GA_ERROR_INVALID_HANDLE, "a control's handle as an action");
    expect_code(ga_view_set_hidden((ga_view){action.bits}, true), GA_ERROR_INVALID_HANDLE, "an action's handle as a view");
    expect_code(ga_control_create(env, 2, 0, 0, 10, 10, &control), GA_ERROR_INVALID_ARGUMENT, "an unknown control kind");
    expect_code(ga_control_create(env, GA_CONTROL_KIND_CONTROL, NAN, 0, 10, 10, &control), GA_ERROR_INVALID_ARGUMENT, "a NaN x");
    expect_code(ga_control_create(env, GA_CONTROL_KIND_CONTROL, 0, 0, 10, 10, NULL), GA_ERROR_NULL_ARGUMENT, "a NULL out");
    expect_code(ga_control_add_action(button, 0, count_control_events, &ups, &action), GA_ERROR_INVALID_ARGUMENT, "an empty mask");
    expect_code(ga_control_add_action(button, 1u << 20, count_control_events, &ups, &action), GA_ERROR_INVALID_ARGUMENT, "an unknown event bit");
    expect_code(ga_control_add_action(button, GA_CONTROL_EVENT_TOUCH_DOWN, NULL, NULL, &action), GA_ERROR_NULL_ARGUMENT, "a NULL callback");
    expect_code(ga_control_add_action(button, GA_CONTROL_EVENT_TOUCH_DOWN, count_control_events, &ups, NULL), GA_ERROR_NULL_ARGUMENT, "a NULL out");
    expect_code(ga_control_get_state(button, NULL), GA_ERROR_NULL_ARGUMENT, "a NULL state");
    expect_code(ga_view_set_handles_touches(button, false), GA_ERROR_INVALID_HANDLE, "handles_touches on a control");

    /* A control is a view: as a child, a parent, with a recognizer, a name, a frame, selected (R200). */
    ga_recognizer on_button;
    MUST(ga_window_add_subview(window, view));
    expect_code(ga_view_add_subview(view, button), GA_OK, "a control as a subview");
    MUST(ga_control_create(env, GA_CONTROL_KIND_CONTROL, 5, 5, 10, 10, &control));
    expect_code(ga_view_add_subview(button, control), GA_OK, "a control in a control");
    expect_code(ga_long_press_recognizer_create(button, MS(500), 10, 0, 1, &on_button), GA_OK, "a recognizer on a control");
    expect_code(ga_view_set_name(button, "ok"), GA_OK, "a control's name");
    expect_code(ga_view_set_frame(button, 0, 0, 60, 60), GA_OK, "a control's frame");
    MUST(ga_control_set_selected(button, true));
    MUST(ga_control_get_state(button, &state));
    CHECK(state == GA_CONTROL_STATE_SELECTED, "a selected button: state %#x, expected selected only (R200)", state);

    /* A control reports no deliveries: only the view behind a disabled one does (R202). */
    int deliveries = 0;
    MUST(ga_environment_set_delivery_callback(env, count_control_deliveries, &deliveries));
    touch(env, MS(0), 1, GA_PHASE_BEGAN, 20, 20);
    touch(env, MS(50), 1, GA_PHASE_ENDED, 20, 20);
    CHECK(deliveries == 0 && ups == 1, "a tap on a button: %d deliveries, expected none; %d touchUpInside", deliveries, ups);
    MUST(ga_control_set_enabled(button, false));
    touch(env, MS(500), 2, GA_PHASE_BEGAN, 20, 20);
    touch(env, MS(550), 2, GA_PHASE_ENDED, 20, 20);
    CHECK(deliveries == 2, "a tap on a disabled button: %d deliveries to the view behind, expected 2 (R202)", deliveries);

    /* Destroying the control makes its actions, its subviews and recognizers stale. */
    MUST(ga_view_destroy(button));
    expect_code(ga_control_remove_action(action), GA_ERROR_INVALID_HANDLE, "an action of a destroyed control");
    expect_code(ga_control_get_state(control, &state), GA_ERROR_INVALID_HANDLE, "a control inside a destroyed control");
    expect_code(ga_recognizer_set_enabled(on_button, false), GA_ERROR_INVALID_HANDLE, "a destroyed control's recognizer");
    MUST(ga_environment_destroy(env));
    if (failures == 0) printf("ok   controls: wrong calls give their codes and messages; a control is a view\n");
}

/* ---- Scroll views (R230-R256) ---------------------------------------------------------------- */

static const char *scroll_event_name(ga_scroll_event event) {
    switch (event) {
    case GA_SCROLL_EVENT_DID_SCROLL: return "did-scroll";
    case GA_SCROLL_EVENT_WILL_BEGIN_DRAGGING: return "will-begin-dragging";
    case GA_SCROLL_EVENT_DID_END_DRAGGING: return "did-end-dragging";
    default: return "?";
    }
}

/* The scroll callback: "scroll <id> <event>", with the offset after a did-scroll. */
static void on_scroll(void *user_data, ga_view scroll_view, ga_scroll_event event) {
    timeline *log = user_data;
    if (event != GA_SCROLL_EVENT_DID_SCROLL) {
        append(log, "scroll %s %s", name_of(log, scroll_view.bits), scroll_event_name(event));
        return;
    }
    double x = NAN, y = NAN;
    MUST(ga_scroll_view_get_content_offset(scroll_view, &x, &y));
    append(log, "scroll %s did-scroll %g,%g", name_of(log, scroll_view.bits), x, y);
}

/* The content-touch questions, logged; the answers are the log's `answer_begin` / `_cancel`. */
typedef struct {
    timeline log;
    bool answer_begin, answer_cancel;
} scroll_world;

static bool ask_should_begin(void *user_data, ga_view scroll_view, int64_t touch_id, ga_view view) {
    scroll_world *world = user_data;
    append(&world->log, "ask %s touchesShouldBegin %lld in %s: %s", name_of(&world->log, scroll_view.bits),
           (long long)touch_id, name_of(&world->log, view.bits), world->answer_begin ? "yes" : "no");
    return world->answer_begin;
}

static bool ask_should_cancel(void *user_data, ga_view scroll_view, ga_view view) {
    scroll_world *world = user_data;
    append(&world->log, "ask %s touchesShouldCancel in %s: %s", name_of(&world->log, scroll_view.bits),
           name_of(&world->log, view.bits), world->answer_cancel ? "yes" : "no");
    return world->answer_cancel;
}

/* A 400 x 800 window filled by a scroll view "list" whose content is 400 x 2400 (so it scrolls
 * vertically only, R232), holding two buttons b0 (40, 200, 200, 60) and b1 (40, 300, 200, 60)
 * in content coordinates; the built-in recognizers named "delay" and "pan", every control event
 * and scroll event logged. */
static ga_view build_list(scroll_world *world, ga_view *b0, ga_recognizer *pan) {
    timeline *log = &world->log;
    ga_window window;
    ga_view list, b1;
    ga_recognizer delay;
    ga_control_action action;
    MUST(ga_environment_create(NULL, &log->env));
    listen(log);
    MUST(ga_window_create(log->env, 400, 800, &window));
    MUST(ga_scroll_view_create(log->env, 0, 0, 400, 800, &list));
    MUST(ga_window_add_subview(window, list));
    MUST(ga_scroll_view_set_content_size(list, 400, 2400));
    MUST(ga_control_create(log->env, GA_CONTROL_KIND_BUTTON, 40, 200, 200, 60, b0));
    MUST(ga_control_create(log->env, GA_CONTROL_KIND_BUTTON, 40, 300, 200, 60, &b1));
    MUST(ga_view_add_subview(list, *b0));
    MUST(ga_view_add_subview(list, b1));
    MUST(ga_control_add_action(*b0, GA_CONTROL_EVENT_ALL, on_control_event, log, &action));
    MUST(ga_control_add_action(b1, GA_CONTROL_EVENT_ALL, on_control_event, log, &action));
    MUST(ga_scroll_view_get_pan_recognizer(list, pan));
    MUST(ga_scroll_view_get_delay_recognizer(list, &delay));
    MUST(ga_scroll_view_set_scroll_callback(list, on_scroll, log));
    name_object(log, list.bits, "list", false);
    name_object(log, b0->bits, "b0", false);
    name_object(log, b1.bits, "b1", false);
    name_object(log, pan->bits, "pan", false);
    name_object(log, delay.bits, "delay", true);
    return list;
}

static void expect_flags(ga_view list, bool tracking, bool dragging, const char *when) {
    bool is_tracking = !tracking, is_dragging = !dragging;
    MUST(ga_scroll_view_get_flag(list, GA_SCROLL_VIEW_TRACKING, &is_tracking));
    MUST(ga_scroll_view_get_flag(list, GA_SCROLL_VIEW_DRAGGING, &is_dragging));
    CHECK(is_tracking == tracking && is_dragging == dragging, "%s: tracking %d dragging %d, expected %d %d (R234)", when,
          is_tracking, is_dragging, tracking, dragging);
}

/* Sequence 1, a 60 ms tap on b0: the lift comes before the 0.15 s content delay, so the delay
 * lets the touch go at once and fails (R237, R236), the scroll pan, which never moved, fails
 * (R100; processing order R230), and b0 gets the began and the end together: touchDown,
 * touchUpInside, primaryActionTriggered (R242, R206, R212). Sequence 2, a fast drag that starts
 * on b0: 12 pt up within 0.15 s reaches the pan's 10 pt along the scrollable axis (R240); no
 * touch has reached the content (the delay still withholds it), so the pan begins (R241) and
 * excludes the delay before any action (R44, R47). The scroll view handles its pan's action
 * first (R245): will-begin-dragging (R234), then the offset is 0 - translation, the
 * translation being -12 less the 10 pt of hysteresis (R95): (0, 2). Moves to 50 and 100 pt up
 * give offsets 40 and 90; the lift, where the last move was, ends the drag without moving the
 * content (no did-scroll). The pan's recognition discards the withheld began (R67): b0 never
 * hears of the touch. Sequence 3, a tap at the same window point: the content has moved 90 pt up
 * (R245), so the point is content y 230 + 90 = 320, in b1, which gets the tap as b0 did. */
static const char *const list_expected[] = {
    "0.000 touch 1 hit b0",
    "0.060 gesture delay failed",
    "0.060 gesture pan failed",
    "0.060 control b0 touchDown",
    "0.060 control b0 touchUpInside",
    "0.060 control b0 primaryActionTriggered",
    "1.000 touch 2 hit b0",
    "1.030 gesture delay failed",
    "1.030 scroll list will-begin-dragging",
    "1.030 scroll list did-scroll 0,2",
    "1.030 gesture pan began",
    "1.060 scroll list did-scroll 0,40",
    "1.060 gesture pan changed",
    "1.090 scroll list did-scroll 0,90",
    "1.090 gesture pan changed",
    "1.120 scroll list did-end-dragging",
    "1.120 gesture pan ended",
    "2.000 touch 3 hit b1",
    "2.060 gesture delay failed",
    "2.060 gesture pan failed",
    "2.060 control b1 touchDown",
    "2.060 control b1 touchUpInside",
    "2.060 control b1 primaryActionTriggered",
};

static void run_scroll_list(void) {
    const char *scene = "a list of buttons: a tap, a fast drag from a button, a tap after the scroll (R237, R241, R245)";
    scroll_world *world = calloc(1, sizeof *world);
    if (world == NULL) exit(1);
    timeline *log = &world->log;
    ga_view b0;
    ga_recognizer pan;
    ga_view list = build_list(world, &b0, &pan);
    log->watched_pan = pan.bits;
    touch(log->env, MS(0), 1, GA_PHASE_BEGAN, 100, 230);
    touch(log->env, MS(60), 1, GA_PHASE_ENDED, 100, 230);
    touch(log->env, MS(1000), 2, GA_PHASE_BEGAN, 100, 230);
    expect_flags(list, true, false, "after the touch-down");
    touch(log->env, MS(1030), 2, GA_PHASE_MOVED, 100, 218);
    expect_flags(list, true, true, "after the pan began");
    touch(log->env, MS(1060), 2, GA_PHASE_MOVED, 100, 180);
    touch(log->env, MS(1090), 2, GA_PHASE_MOVED, 100, 130);
    touch(log->env, MS(1120), 2, GA_PHASE_ENDED, 100, 130);
    expect_flags(list, false, false, "after the lift");
    touch(log->env, MS(2000), 3, GA_PHASE_BEGAN, 100, 230);
    touch(log->env, MS(2060), 3, GA_PHASE_ENDED, 100, 230);
    MUST(ga_environment_advance_to(log->env, MS(3000)));
    check_timeline(scene, log, list_expected, (int)(sizeof list_expected / sizeof list_expected[0]));
    /* The built-in pan read as any pan: its translation at each action, in window coordinates
     * (R95, R96): -2 at the began, -40 and -90 at the changes, -90 at the end. */
    const double expected_ty[] = {-2, -40, -90, -90};
    CHECK(log->translation_count == 4, "%s: %d pan actions, expected 4", scene, log->translation_count);
    for (int i = 0; i < log->translation_count && i < 4; i++)
        CHECK(log->translations[i][0] == 0 && log->translations[i][1] == expected_ty[i],
              "%s: pan translation %d is (%g, %g), expected (0, %g)", scene, i + 1, log->translations[i][0],
              log->translations[i][1], expected_ty[i]);
    MUST(ga_environment_destroy(log->env));
    free(world);
}

/* touchesShouldCancel answering yes for b0 (R241): a press held past the delay reaches b0 at
 * 0.150 (R235, R236: touchDown); at 0.250 the finger is 18 pt up, the pan would begin, the began
 * has reached b0 and can_cancel_content_touches is on, so the scroll view asks; yes: the pan
 * begins with translation -8 (R95), offset (0, 8) (R245), and after the pan's actions its
 * cancellation reaches b0: touchCancel (R67, R76, R208). The lift ends the drag. Without the
 * callback the default answer for a control is no and nothing would scroll (R242). */
static const char *const should_cancel_expected[] = {
    "0.000 touch 1 hit b0",
    "0.150 gesture delay failed",
    "0.150 control b0 touchDown",
    "0.250 ask list touchesShouldCancel in b0: yes",
    "0.250 scroll list will-begin-dragging",
    "0.250 scroll list did-scroll 0,8",
    "0.250 gesture pan began",
    "0.250 control b0 touchCancel",
    "0.300 scroll list did-end-dragging",
    "0.300 gesture pan ended",
};

/* touchesShouldBegin answering no (R236, R253): a 60 ms tap on b0; at the lift the delay lets
 * the touch go (R237) and asks; no keeps it from the content for good: the delay recognizes and
 * discards it, the pan fails at the lift (R100), and b0 hears nothing. */
static const char *const should_begin_expected[] = {
    "0.000 touch 1 hit b0",
    "0.060 ask list touchesShouldBegin 1 in b0: no",
    "0.060 gesture pan failed",
    "0.060 gesture delay recognized",
};

static void run_scroll_questions(void) {
    for (int refuse_begin = 0; refuse_begin < 2; refuse_begin++) {
        scroll_world *world = calloc(1, sizeof *world);
        if (world == NULL) exit(1);
        ga_view b0;
        ga_recognizer pan;
        ga_view list = build_list(world, &b0, &pan);
        world->answer_begin = !refuse_begin;
        world->answer_cancel = true;
        ga_environment env = world->log.env;
        /* One question each: the other function is NULL, so it gets UIKit's answer (yes to
         * touchesShouldBegin; no questions to touchesShouldCancel come in a tap). */
        if (refuse_begin) {
            MUST(ga_scroll_view_set_content_touch_callbacks(list, ask_should_begin, NULL, world));
            touch(env, MS(0), 1, GA_PHASE_BEGAN, 100, 230);
            touch(env, MS(60), 1, GA_PHASE_ENDED, 100, 230);
            MUST(ga_environment_advance_to(env, MS(1000)));
            check_timeline("touchesShouldBegin says no (R236, R253)", &world->log, should_begin_expected,
                           (int)(sizeof should_begin_expected / sizeof should_begin_expected[0]));
        } else {
            MUST(ga_scroll_view_set_content_touch_callbacks(list, NULL, ask_should_cancel, world));
            touch(env, MS(0), 1, GA_PHASE_BEGAN, 100, 230);
            touch(env, MS(250), 1, GA_PHASE_MOVED, 100, 212);
            touch(env, MS(300), 1, GA_PHASE_ENDED, 100, 212);
            MUST(ga_environment_advance_to(env, MS(1000)));
            check_timeline("touchesShouldCancel says yes for a button (R241)", &world->log, should_cancel_expected,
                           (int)(sizeof should_cancel_expected / sizeof should_cancel_expected[0]));
        }
        MUST(ga_environment_destroy(env));
        free(world);
    }
}

/* A scroll callback that destroys its scroll view at the first did-scroll: no callback of it
 * runs again, and the rest of the drag is accepted. */
static void destroy_on_scroll(void *user_data, ga_view scroll_view, ga_scroll_event event) {
    int *calls = user_data;
    (*calls)++;
    if (event == GA_SCROLL_EVENT_DID_SCROLL) CHECK(ga_view_destroy(scroll_view) == GA_OK, "destroying a scroll view in its callback");
}

/* Wrong calls, defaults, the built-in recognizers' handles, and destroying. */
static void run_scroll_wrong_calls(void) {
    ga_environment env;
    ga_window window;
    ga_view list, view, button, window_view;
    ga_recognizer pan, delay, tap;
    MUST(ga_environment_create(NULL, &env));
    MUST(ga_window_create(env, 400, 800, &window));
    MUST(ga_window_get_view(window, &window_view));
    MUST(ga_scroll_view_create(env, 0, 0, 400, 800, &list));
    MUST(ga_view_create(env, 0, 0, 100, 100, &view));
    MUST(ga_control_create(env, GA_CONTROL_KIND_BUTTON, 0, 0, 50, 50, &button));
    MUST(ga_tap_recognizer_create(view, 1, 1, &tap));
    MUST(ga_window_add_subview(window, list));

    /* The defaults (R231), and what can scroll (R232). */
    bool flag, horizontally = true, vertically = true;
    const bool defaults[] = {
        [GA_SCROLL_VIEW_SCROLL_ENABLED] = true,
        [GA_SCROLL_VIEW_DELAYS_CONTENT_TOUCHES] = true,
        [GA_SCROLL_VIEW_CAN_CANCEL_CONTENT_TOUCHES] = true,
        [GA_SCROLL_VIEW_DIRECTIONAL_LOCK_ENABLED] = false,
        [GA_SCROLL_VIEW_BOUNCES] = true,
        [GA_SCROLL_VIEW_ALWAYS_BOUNCE_VERTICAL] = false,
        [GA_SCROLL_VIEW_ALWAYS_BOUNCE_HORIZONTAL] = false,
        [GA_SCROLL_VIEW_TRANSFERS_HORIZONTAL_SCROLLING_TO_PARENT] = true,
        [GA_SCROLL_VIEW_TRANSFERS_VERTICAL_SCROLLING_TO_PARENT] = true,
        [GA_SCROLL_VIEW_DECELERATING] = false,
        [GA_SCROLL_VIEW_TRACKING] = false,
        [GA_SCROLL_VIEW_DRAGGING] = false,
        [GA_SCROLL_VIEW_CAN_SCROLL_HORIZONTALLY] = false,
        [GA_SCROLL_VIEW_CAN_SCROLL_VERTICALLY] = false,
    };
    for (ga_scroll_view_flag f = 0; f <= GA_SCROLL_VIEW_CAN_SCROLL_VERTICALLY; f++) {
        MUST(ga_scroll_view_get_flag(list, f, &flag));
        CHECK(flag == defaults[f], "flag %d is %d by default (R231, R232, R234)", f, flag);
        expect_code(ga_scroll_view_set_flag(view, f, true), GA_ERROR_INVALID_HANDLE, "a plain view as a scroll view");
        expect_code(ga_scroll_view_get_flag(button, f, &flag), GA_ERROR_INVALID_HANDLE, "a button as a scroll view");
        expect_code(ga_scroll_view_get_flag(list, f, NULL), GA_ERROR_NULL_ARGUMENT, "a NULL flag");
        if (f >= GA_SCROLL_VIEW_TRACKING) {
            expect_code(ga_scroll_view_set_flag(list, f, true), GA_ERROR_INVALID_ARGUMENT, "setting a read-only flag");
            continue;
        }
        MUST(ga_scroll_view_set_flag(list, f, !defaults[f]));
        MUST(ga_scroll_view_get_flag(list, f, &flag));
        CHECK(flag == !defaults[f], "flag %d set to %d reads %d", f, !defaults[f], flag);
        MUST(ga_scroll_view_set_flag(list, f, defaults[f]));
    }
    expect_code(ga_scroll_view_set_flag(list, 14, true), GA_ERROR_INVALID_ARGUMENT, "an unknown flag");
    expect_code(ga_scroll_view_get_flag(list, -1, &flag), GA_ERROR_INVALID_ARGUMENT, "a negative flag");
    double a = -1, b = -1, c = -1, d = -1;
    MUST(ga_scroll_view_get_content_size(list, &a, &b));
    CHECK(a == 0 && b == 0, "content size (%g, %g) by default (R231)", a, b);
    MUST(ga_scroll_view_set_flag(list, GA_SCROLL_VIEW_ALWAYS_BOUNCE_VERTICAL, true));
    MUST(ga_scroll_view_get_flag(list, GA_SCROLL_VIEW_CAN_SCROLL_HORIZONTALLY, &horizontally));
    MUST(ga_scroll_view_get_flag(list, GA_SCROLL_VIEW_CAN_SCROLL_VERTICALLY, &vertically));
    CHECK(!horizontally && vertically, "always_bounce_vertical with bounces: scrolls vertically (R232)");
    MUST(ga_scroll_view_set_flag(list, GA_SCROLL_VIEW_BOUNCES, false));
    MUST(ga_scroll_view_get_flag(list, GA_SCROLL_VIEW_CAN_SCROLL_VERTICALLY, &vertically));
    CHECK(!vertically, "always_bounce_vertical without bounces: does not scroll (R232)");
    MUST(ga_scroll_view_set_content_size(list, 400.0001, 800));
    MUST(ga_scroll_view_set_content_inset(list, 0, 0, 0.0002, 0));
    MUST(ga_scroll_view_get_flag(list, GA_SCROLL_VIEW_CAN_SCROLL_HORIZONTALLY, &horizontally));
    MUST(ga_scroll_view_get_flag(list, GA_SCROLL_VIEW_CAN_SCROLL_VERTICALLY, &vertically));
    CHECK(!horizontally && vertically, "0.0001 pt wider is not wider; 0.0002 pt of inset is taller (R232)");
    MUST(ga_scroll_view_get_content_inset(list, &a, &b, &c, &d));
    CHECK(a == 0 && b == 0 && c == 0.0002 && d == 0, "the content inset reads back (%g, %g, %g, %g)", a, b, c, d);
    MUST(ga_scroll_view_set_content_offset(list, -5, 12.5));
    MUST(ga_scroll_view_get_content_offset(list, &a, &b));
    CHECK(a == -5 && b == 12.5, "the content offset reads back (%g, %g)", a, b);

    /* Numbers and pointers. */
    expect_code(ga_scroll_view_create(env, NAN, 0, 10, 10, &view), GA_ERROR_INVALID_ARGUMENT, "a NaN x");
    expect_code(ga_scroll_view_create(env, 0, 0, 10, 10, NULL), GA_ERROR_NULL_ARGUMENT, "a NULL out");
    expect_code(ga_scroll_view_create((ga_environment){list.bits}, 0, 0, 10, 10, &view), GA_ERROR_INVALID_HANDLE,
                "a view's handle as an environment");
    expect_code(ga_scroll_view_set_content_size(list, -1, 10), GA_ERROR_INVALID_ARGUMENT, "a negative content width");
    expect_code(ga_scroll_view_set_content_size(list, 10, INFINITY), GA_ERROR_INVALID_ARGUMENT, "an infinite content height");
    expect_code(ga_scroll_view_set_content_offset(list, 0, NAN), GA_ERROR_INVALID_ARGUMENT, "a NaN offset");
    expect_code(ga_scroll_view_set_content_inset(list, 0, -INFINITY, 0, 0), GA_ERROR_INVALID_ARGUMENT, "an infinite inset");
    a = b = c = d = 7;
    expect_code(ga_scroll_view_get_content_inset(list, &a, &b, &c, NULL), GA_ERROR_NULL_ARGUMENT, "a NULL out_right");
    CHECK(a == 7 && b == 7 && c == 7, "a refused call wrote an out-parameter");
    expect_code(ga_scroll_view_get_content_offset(list, &a, NULL), GA_ERROR_NULL_ARGUMENT, "a NULL out_y");
    expect_code(ga_scroll_view_get_content_size(list, NULL, &b), GA_ERROR_NULL_ARGUMENT, "a NULL out_width");
    expect_code(ga_scroll_view_get_pan_recognizer(list, NULL), GA_ERROR_NULL_ARGUMENT, "a NULL recognizer out");

    /* Handles of other kinds. */
    expect_code(ga_scroll_view_set_content_offset(view, 0, 0), GA_ERROR_INVALID_HANDLE, "a plain view as a scroll view");
    CHECK(strstr(ga_last_error_message(), "not a scroll view") != NULL, "the message says it is not a scroll view: %s",
          ga_last_error_message());
    expect_code(ga_scroll_view_get_content_size(button, &a, &b), GA_ERROR_INVALID_HANDLE, "a control as a scroll view");
    expect_code(ga_scroll_view_set_flag(window_view, GA_SCROLL_VIEW_BOUNCES, true), GA_ERROR_INVALID_HANDLE,
                "a window's view as a scroll view");
    expect_code(ga_scroll_view_get_pan_recognizer((ga_view){tap.bits}, &pan), GA_ERROR_INVALID_HANDLE, "a recognizer as a scroll view");
    expect_code(ga_scroll_view_set_scroll_callback((ga_view){GA_NULL_HANDLE}, on_scroll, NULL), GA_ERROR_INVALID_HANDLE,
                "the null handle as a scroll view");
    expect_code(ga_scroll_view_set_content_touch_callbacks(view, NULL, NULL, NULL), GA_ERROR_INVALID_HANDLE,
                "content-touch callbacks on a plain view");
    expect_code(ga_control_set_enabled(list, false), GA_ERROR_INVALID_HANDLE, "a scroll view as a control");
    expect_code(ga_view_set_handles_touches(list, false), GA_OK, "handles_touches on a scroll view");

    /* The built-in recognizers (R230): the same handles each time, the pan a pan, the delay a
     * delayed-touches-began recognizer, both on the scroll view; neither can be destroyed nor
     * given a delegate; a recognizer of one's own may wait for the pan. */
    ga_recognizer again;
    ga_recognizer_type type;
    ga_view owner;
    MUST(ga_scroll_view_get_pan_recognizer(list, &pan));
    MUST(ga_scroll_view_get_delay_recognizer(list, &delay));
    MUST(ga_scroll_view_get_pan_recognizer(list, &again));
    CHECK(again.bits == pan.bits && pan.bits != delay.bits, "the built-in handles are stable and distinct");
    MUST(ga_recognizer_get_type(pan, &type));
    CHECK(type == GA_RECOGNIZER_PAN, "the scroll pan's type is %d", type);
    MUST(ga_recognizer_get_type(delay, &type));
    CHECK(type == GA_RECOGNIZER_DELAYED_TOUCHES_BEGAN, "the content delay's type is %d", type);
    MUST(ga_recognizer_get_view(pan, &owner));
    CHECK(owner.bits == list.bits, "the scroll pan's view is its scroll view");
    expect_code(ga_recognizer_destroy(pan), GA_ERROR_INVALID_HANDLE, "destroying the scroll pan");
    CHECK(strstr(ga_last_error_message(), "built-in") != NULL, "the message says built-in: %s", ga_last_error_message());
    expect_code(ga_recognizer_destroy(delay), GA_ERROR_INVALID_HANDLE, "destroying the content delay");
    ga_delegate delegate = {0};
    expect_code(ga_recognizer_set_delegate(pan, &delegate), GA_ERROR_INVALID_HANDLE, "a delegate for the scroll pan");
    expect_code(ga_recognizer_set_delegate(delay, NULL), GA_ERROR_INVALID_HANDLE, "removing the content delay's delegate");
    MUST(ga_view_add_subview(list, view));
    expect_code(ga_recognizer_require_to_fail(tap, pan), GA_OK, "a tap that waits for the scroll pan");
    expect_code(ga_recognizer_set_name(pan, "pan"), GA_OK, "naming the scroll pan");
    expect_code(ga_pinch_recognizer_create(list, &again), GA_OK, "a recognizer of one's own on a scroll view");

    /* A callback that destroys the scroll view: nothing of it runs again; its handles go stale. */
    int calls = 0;
    MUST(ga_view_set_frame(view, 0, 100, 400, 100));
    MUST(ga_scroll_view_set_content_offset(list, 0, 0));
    MUST(ga_scroll_view_set_scroll_callback(list, destroy_on_scroll, &calls));
    touch(env, MS(0), 1, GA_PHASE_BEGAN, 200, 300);
    touch(env, MS(20), 1, GA_PHASE_MOVED, 200, 280);
    touch(env, MS(40), 1, GA_PHASE_MOVED, 200, 260);
    touch(env, MS(60), 1, GA_PHASE_ENDED, 200, 260);
    CHECK(calls == 2, "will-begin-dragging and the first did-scroll, then nothing: %d calls", calls);
    expect_code(ga_scroll_view_set_flag(list, GA_SCROLL_VIEW_BOUNCES, true), GA_ERROR_INVALID_HANDLE, "a destroyed scroll view");
    expect_code(ga_recognizer_set_enabled(pan, false), GA_ERROR_INVALID_HANDLE, "a destroyed scroll view's pan");
    expect_code(ga_recognizer_get_state(delay, &(ga_state){0}), GA_ERROR_INVALID_HANDLE, "a destroyed scroll view's delay");
    expect_code(ga_recognizer_set_enabled(tap, false), GA_ERROR_INVALID_HANDLE, "a recognizer of its content");
    MUST(ga_environment_destroy(env));
    if (failures == 0) printf("ok   scroll views: defaults, wrong calls, built-in recognizers, destroying from a callback\n");
}

/* ---- A delegate's answers ------------------------------------------------------------------ */

typedef struct {
    ga_recognizer pan, pinch;
    int simultaneous_asked;
    int began;
    int pan_failed;
} delegate_state;

static void count_failures(void *user_data, const ga_trace_event *event) {
    delegate_state *state = user_data;
    if (event->kind == GA_TRACE_STATE_CHANGED && event->to_state == GA_STATE_FAILED && event->recognizer.bits == state->pan.bits)
        state->pan_failed++;
}

static bool allow_simultaneous(void *user_data, ga_recognizer recognizer, ga_recognizer other) {
    delegate_state *state = user_data;
    state->simultaneous_asked++;
    return (recognizer.bits == state->pan.bits && other.bits == state->pinch.bits) ||
           (recognizer.bits == state->pinch.bits && other.bits == state->pan.bits);
}

static bool refuse_begin(void *user_data, ga_recognizer recognizer) {
    (void)user_data;
    (void)recognizer;
    return false;
}

static void count_began(void *user_data, ga_recognizer recognizer, ga_state state) {
    delegate_state *delegate = user_data;
    if (state == GA_STATE_BEGAN && recognizer.bits == delegate->pan.bits) delegate->began++;
}

/* A pan whose delegate answers should_begin false fails instead of beginning (R13, R33); with a
 * delegate that lets it recognize with a pinch, the question is asked through the C callback. */
static void run_delegate(void) {
    delegate_state state = {0};
    ga_environment env;
    ga_window window;
    ga_view view;
    MUST(ga_environment_create(NULL, &env));
    MUST(ga_environment_set_action_callback(env, count_began, &state));
    MUST(ga_environment_set_trace_callback(env, count_failures, &state));
    MUST(ga_window_create(env, 400, 800, &window));
    MUST(ga_view_create(env, 0, 0, 400, 800, &view));
    MUST(ga_view_set_multiple_touch_enabled(view, true));
    MUST(ga_window_add_subview(window, view));
    MUST(ga_pan_recognizer_create(view, 1, 0, &state.pan));
    MUST(ga_pinch_recognizer_create(view, &state.pinch));
    ga_delegate delegate = {0};
    delegate.should_recognize_simultaneously = allow_simultaneous;
    delegate.user_data = &state;
    MUST(ga_recognizer_set_delegate(state.pan, &delegate));
    MUST(ga_recognizer_set_delegate(state.pinch, &delegate));

    ga_touch two[2] = {{1, GA_PHASE_BEGAN, 100, 100}, {2, GA_PHASE_BEGAN, 200, 200}};
    MUST(ga_environment_dispatch(env, MS(0), two, 2));
    for (int step = 1; step <= 5; step++) {
        /* Touch 1 rests, touch 2 moves away: the centroid moves (the pan) and the distance
         * grows (the pinch). */
        ga_touch moved[2] = {{1, GA_PHASE_STATIONARY, 100, 100}, {2, GA_PHASE_MOVED, 200 + 20.0 * step, 200 + 20.0 * step}};
        MUST(ga_environment_dispatch(env, MS(16 * step), moved, 2));
    }
    ga_state pan_state, pinch_state;
    MUST(ga_recognizer_get_state(state.pan, &pan_state));
    MUST(ga_recognizer_get_state(state.pinch, &pinch_state));
    CHECK(state.simultaneous_asked > 0, "the simultaneity question never reached the C delegate");
    CHECK(state.began == 1, "the pan began %d times, expected once", state.began);
    CHECK(pan_state == GA_STATE_CHANGED && pinch_state == GA_STATE_CHANGED,
          "a pan and a pinch allowed together: states %d and %d, expected both changed (R45)", pan_state, pinch_state);
    double scale = 0;
    int32_t touches = 0;
    MUST(ga_pinch_get_scale(state.pinch, &scale));
    MUST(ga_recognizer_get_number_of_touches(state.pinch, &touches));
    CHECK(scale > 1 && touches == 2, "a spreading pinch: scale %g with %d touches, expected above 1 with 2", scale, touches);
    ga_touch up[2] = {{1, GA_PHASE_ENDED, 50, 50}, {2, GA_PHASE_ENDED, 250, 250}};
    MUST(ga_environment_dispatch(env, MS(100), up, 2));

    /* should_begin false: the pan fails when it would begin (and is reset once it has failed,
     * so the trace tells the failure). */
    delegate.should_begin = refuse_begin;
    MUST(ga_recognizer_set_delegate(state.pan, &delegate));
    state.began = 0;
    state.pan_failed = 0;
    ga_touch one = {3, GA_PHASE_BEGAN, 100, 100};
    MUST(ga_environment_dispatch(env, MS(200), &one, 1));
    one.phase = GA_PHASE_MOVED;
    one.x = 150;
    MUST(ga_environment_dispatch(env, MS(216), &one, 1));
    CHECK(state.began == 0 && state.pan_failed == 1,
          "a pan whose delegate refuses to begin: began %d times, failed %d times, expected failed once (R33)",
          state.began, state.pan_failed);
    MUST(ga_environment_destroy(env));
    if (failures == 0) printf("ok   delegate answers through C callbacks\n");
}

/* ---- Destroying: at top level the gesture ends with the host told; from a callback silently -- */

typedef struct {
    ga_environment env;
    int cancelled_deliveries;
    int deliveries_after_destroy;
    bool destroyed;
    ga_result destroy_result;
} destroy_state;

static void count_cancelled(void *user_data, ga_view view, ga_phase phase, const int64_t *ids, size_t count) {
    (void)view;
    (void)ids;
    (void)count;
    destroy_state *state = user_data;
    if (state->destroyed) state->deliveries_after_destroy++;
    if (phase == GA_PHASE_CANCELLED) state->cancelled_deliveries++;
}

/* Destroys the environment from inside its own action callback, the first time. */
static void destroy_in_action(void *user_data, ga_recognizer recognizer, ga_state state_value) {
    (void)recognizer;
    (void)state_value;
    destroy_state *state = user_data;
    if (state->destroyed) return;
    state->destroy_result = ga_environment_destroy(state->env);
    state->destroyed = true;
    /* Stale at once, even while the call that ran this callback is still on the stack. */
    int64_t now;
    CHECK(ga_environment_now(state->env, &now) == GA_ERROR_INVALID_HANDLE, "the destroyed environment answers in its callback");
}

static void run_destroy(void) {
    /* At top level with a touch down: the view hears touchesCancelled (R120). */
    destroy_state top = {0};
    ga_window window;
    ga_view view;
    MUST(ga_environment_create(NULL, &top.env));
    MUST(ga_environment_set_delivery_callback(top.env, count_cancelled, &top));
    MUST(ga_window_create(top.env, 400, 800, &window));
    MUST(ga_view_create(top.env, 0, 0, 400, 800, &view));
    MUST(ga_window_add_subview(window, view));
    touch(top.env, MS(0), 1, GA_PHASE_BEGAN, 10, 10);
    MUST(ga_environment_destroy(top.env));
    CHECK(top.cancelled_deliveries == 1, "destroying with a touch down: %d cancelled deliveries, expected 1 (R120)",
          top.cancelled_deliveries);

    /* From an action: the environment is gone at once, later callbacks of the pass are silent. */
    destroy_state inside = {0};
    ga_recognizer tap;
    MUST(ga_environment_create(NULL, &inside.env));
    MUST(ga_environment_set_delivery_callback(inside.env, count_cancelled, &inside));
    MUST(ga_environment_set_action_callback(inside.env, destroy_in_action, &inside));
    MUST(ga_window_create(inside.env, 400, 800, &window));
    MUST(ga_view_create(inside.env, 0, 0, 400, 800, &view));
    MUST(ga_window_add_subview(window, view));
    MUST(ga_tap_recognizer_create(view, 1, 1, &tap));
    touch(inside.env, MS(0), 1, GA_PHASE_BEGAN, 10, 10);
    /* The tap recognizes at the end: its action destroys the environment; the cancellation of
     * touch 1 in the view (R67) that would follow is not reported. */
    touch(inside.env, MS(50), 1, GA_PHASE_ENDED, 10, 10);
    CHECK(inside.destroyed && inside.destroy_result == GA_OK, "destroy from an action: %s", ga_result_name(inside.destroy_result));
    CHECK(inside.deliveries_after_destroy == 0, "%d deliveries after the environment was destroyed in a callback",
          inside.deliveries_after_destroy);
    CHECK(ga_view_set_hidden(view, true) == GA_ERROR_INVALID_HANDLE, "a view of the destroyed environment answers");

    ga_touch huge = {1, GA_PHASE_BEGAN, 1, 1};
    ga_environment env;
    MUST(ga_environment_create(NULL, &env));
    CHECK(ga_environment_dispatch(env, 0, &huge, (size_t)-1) == GA_ERROR_INVALID_ARGUMENT, "a count of SIZE_MAX is not refused");
    MUST(ga_environment_destroy(env));
    if (failures == 0) printf("ok   destroying at top level and from a callback\n");
}

/* ---- Environments on several threads at once ------------------------------------------------ */

enum { THREADS = 4, RUNS_PER_THREAD = 100 };

/* Plays the double tap RUNS_PER_THREAD times, each in a new environment (so the threads make and
 * free handles in the shared table at once), and counts the runs whose timeline differs. */
static void *double_tap_thread(void *argument) {
    int *differing = argument;
    timeline *log = malloc(sizeof *log);
    if (log == NULL) exit(1);
    for (int run = 0; run < RUNS_PER_THREAD; run++) {
        memset(log, 0, sizeof *log);
        host_timers timers = {0};
        play_double_tap(log, &timers, run % 2 == 1);
        int expected_count = (int)(sizeof double_tap_expected / sizeof double_tap_expected[0]);
        bool same = log->line_count == expected_count;
        for (int i = 0; same && i < expected_count; i++) same = strcmp(log->lines[i], double_tap_expected[i]) == 0;
        if (!same) (*differing)++;
        MUST(ga_environment_destroy(log->env));
    }
    free(log);
    return NULL;
}

/* One environment per thread, several threads at once (THREADING in the header). */
static void run_threads(void) {
    pthread_t threads[THREADS];
    int differing[THREADS] = {0};
    for (int i = 0; i < THREADS; i++)
        if (pthread_create(&threads[i], NULL, double_tap_thread, &differing[i]) != 0) exit(1);
    int total = 0;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(threads[i], NULL);
        total += differing[i];
    }
    CHECK(total == 0, "%d of %d double taps played on %d threads at once gave another timeline", total,
          THREADS * RUNS_PER_THREAD, THREADS);
    if (total == 0) printf("ok   %d threads, %d double taps each, every timeline as expected\n", THREADS, RUNS_PER_THREAD);
}

/* ---- Misuse: two threads on one environment, input queued without end, long messages ------- */

/* A 400 x 800 window in `env` with one full-size view holding a one-tap recognizer. */
static ga_view tap_world(ga_environment env) {
    ga_window window;
    ga_view view;
    ga_recognizer tap;
    MUST(ga_window_create(env, 400, 800, &window));
    MUST(ga_view_create(env, 0, 0, 400, 800, &view));
    MUST(ga_window_add_subview(window, view));
    MUST(ga_tap_recognizer_create(view, 1, 1, &tap));
    return view;
}

enum { BUSY_ROUNDS = 3000 };

typedef struct {
    ga_environment env;
    ga_view view;
    int64_t id;
    int unexpected;
    int busy;
} busy_state;

static atomic_llong busy_clock = 0;

/* Taps and flips a flag on the shared environment, as fast as it can. Every result must be one
 * the header allows for such a call: never a crash. */
static void *busy_thread(void *argument) {
    busy_state *state = argument;
    for (int round = 0; round < BUSY_ROUNDS; round++) {
        ga_touch down = {state->id, GA_PHASE_BEGAN, 10, 10};
        ga_touch up = {state->id, GA_PHASE_ENDED, 10, 10};
        ga_result results[4];
        results[0] = ga_environment_dispatch(state->env, atomic_fetch_add(&busy_clock, 1000), &down, 1);
        results[1] = ga_environment_dispatch(state->env, atomic_fetch_add(&busy_clock, 1000), &up, 1);
        results[2] = ga_view_set_hidden(state->view, false);
        int64_t now;
        results[3] = ga_environment_now(state->env, &now);
        for (int i = 0; i < 4; i++) {
            ga_result result = results[i];
            if (result == GA_ERROR_BUSY) state->busy++;
            /* The other thread's events interleave with these: times may go backwards, and an
             * up may find its down refused (busy), or a down find the finger still down. */
            else if (result != GA_OK && result != GA_ERROR_TIME_WENT_BACKWARDS && result != GA_ERROR_UNKNOWN_TOUCH &&
                     result != GA_ERROR_DUPLICATE_BEGAN)
                state->unexpected++;
        }
    }
    return NULL;
}

/* Two threads calling one environment at once: the header forbids it, and the library answers
 * GA_ERROR_BUSY to the call that would overlap instead of corrupting the environment. */
static void run_one_environment_two_threads(void) {
    ga_environment env;
    MUST(ga_environment_create(NULL, &env));
    ga_view view = tap_world(env);
    busy_state states[2] = {{env, view, 1, 0, 0}, {env, view, 2, 0, 0}};
    pthread_t threads[2];
    for (int i = 0; i < 2; i++)
        if (pthread_create(&threads[i], NULL, busy_thread, &states[i]) != 0) exit(1);
    for (int i = 0; i < 2; i++) pthread_join(threads[i], NULL);
    CHECK(states[0].unexpected + states[1].unexpected == 0, "%d results outside the header's list",
          states[0].unexpected + states[1].unexpected);
    /* Alone again, the environment works as usual. */
    int64_t now;
    MUST(ga_environment_now(env, &now));
    ga_touch down = {9, GA_PHASE_BEGAN, 10, 10};
    ga_touch up = {9, GA_PHASE_ENDED, 10, 10};
    ga_touch cancel[2] = {{1, GA_PHASE_CANCELLED, 10, 10}, {2, GA_PHASE_CANCELLED, 10, 10}};
    /* A finger of either thread may still be down: cancel those, one at a time. */
    for (int i = 0; i < 2; i++) (void)ga_environment_dispatch(env, now + 1000, &cancel[i], 1);
    MUST(ga_environment_dispatch(env, now + 2000, &down, 1));
    MUST(ga_environment_dispatch(env, now + 3000, &up, 1));
    MUST(ga_environment_destroy(env));
    if (failures == 0)
        printf("ok   two threads on one environment: %d calls answered GA_ERROR_BUSY, no other outcome, no crash\n",
               states[0].busy + states[1].busy);
}

typedef struct {
    ga_environment env;
    int actions;
    int limit_errors;
    int other_errors;
} loop_state;

/* Each recognized tap dispatches a new tap, 1 ms later: without a bound, forever. */
static void tap_again(void *user_data, ga_recognizer recognizer, ga_state state_value) {
    (void)recognizer;
    (void)state_value;
    loop_state *state = user_data;
    state->actions++;
    int64_t now;
    MUST(ga_environment_now(state->env, &now));
    ga_touch down = {1, GA_PHASE_BEGAN, 10, 10};
    ga_touch up = {1, GA_PHASE_ENDED, 10, 10};
    ga_result results[2] = {ga_environment_dispatch(state->env, now + MS(1), &down, 1),
                            ga_environment_dispatch(state->env, now + MS(2), &up, 1)};
    for (int i = 0; i < 2; i++) {
        if (results[i] == GA_ERROR_INPUT_LIMIT) state->limit_errors++;
        else if (results[i] != GA_OK) state->other_errors++;
    }
}

static void run_input_limit(void) {
    loop_state state = {0};
    MUST(ga_environment_create(NULL, &state.env));
    MUST(ga_environment_set_action_callback(state.env, tap_again, &state));
    tap_world(state.env);
    touch(state.env, MS(0), 1, GA_PHASE_BEGAN, 10, 10);
    /* Returns: after GA_MAX_QUEUED_INPUT queued events the callback's dispatch is refused. */
    touch(state.env, MS(50), 1, GA_PHASE_ENDED, 10, 10);
    CHECK(state.actions == GA_MAX_QUEUED_INPUT / 2 + 1, "%d actions, expected %d", state.actions, GA_MAX_QUEUED_INPUT / 2 + 1);
    CHECK(state.limit_errors == 2 && state.other_errors == 0, "%d GA_ERROR_INPUT_LIMIT and %d other errors in the callback",
          state.limit_errors, state.other_errors);
    CHECK(strcmp(ga_result_name(GA_ERROR_INPUT_LIMIT), "GA_ERROR_INPUT_LIMIT") == 0, "GA_ERROR_INPUT_LIMIT has no name");
    /* The next outermost call starts a new count. */
    int64_t now;
    MUST(ga_environment_now(state.env, &now));
    state.limit_errors = 0;
    touch(state.env, now + MS(10), 1, GA_PHASE_BEGAN, 10, 10);
    touch(state.env, now + MS(20), 1, GA_PHASE_ENDED, 10, 10);
    CHECK(state.limit_errors == 2, "a second outermost call: %d GA_ERROR_INPUT_LIMIT", state.limit_errors);
    MUST(ga_environment_destroy(state.env));
    if (failures == 0) printf("ok   input queued from callbacks is bounded: each call returns after %d actions\n", state.actions / 2);
}

/* Whether `text` is valid UTF-8 (RFC 3629: shortest forms, no surrogates, at most U+10FFFF). */
static bool valid_utf8(const unsigned char *text) {
    while (*text) {
        unsigned char lead = *text;
        int length = lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : (lead & 0xF8) == 0xF0 ? 4 : 0;
        if (length == 0 || (length == 2 && lead < 0xC2) || (length == 4 && lead > 0xF4)) return false;
        for (int i = 1; i < length; i++)
            if ((text[i] & 0xC0) != 0x80) return false;
        text += length;
    }
    return true;
}

/* A message longer than the buffer is cut on a character boundary. */
static void run_long_message(void) {
    ga_environment env;
    ga_window window;
    ga_recorder recorder;
    MUST(ga_environment_create(NULL, &env));
    MUST(ga_window_create(env, 400, 800, &window));
    MUST(ga_recorder_start(env, "long message", &recorder));
    /* "cannot write /no/such/dir/" and then 2-byte characters: byte 1023 falls inside one. */
    char path[2048] = "/no/such/dir/";
    size_t length = strlen(path);
    for (int i = 0; i < 700; i++) {
        path[length++] = (char)0xC3;
        path[length++] = (char)0xA9;
    }
    path[length] = '\0';
    CHECK(ga_recorder_finish(recorder, path) == GA_ERROR_IO, "writing to %s did not fail", "/no/such/dir/...");
    const char *message = ga_last_error_message();
    CHECK(strlen(message) <= 1023 && strlen(message) >= 1020, "a message of %zu bytes", strlen(message));
    CHECK(valid_utf8((const unsigned char *)message), "the last error message is not valid UTF-8 (cut inside a character)");
    MUST(ga_environment_destroy(env));
    if (failures == 0) printf("ok   a long error message is cut on a UTF-8 character boundary\n");
}

/* ---- Pointer input: clicks, hover, scroll (R260-R284) ----------------------------------------- */

static void click(ga_environment env, int64_t time_ns, int64_t id, ga_phase phase, double x, double y, ga_button_mask buttons,
                  ga_key_modifier_flags modifiers) {
    ga_touch one = {id, phase, x, y};
    MUST(ga_environment_dispatch_typed(env, time_ns, &one, 1, GA_TOUCH_TYPE_INDIRECT_POINTER, buttons, modifiers));
}

/* A 400 x 800 window: "card" (0, 0, 400, 400) with a hover recognizer "hover", a default single
 * tap "tap" and a single tap "rtap" whose button_mask_required is secondary; below it "list", a
 * scroll view (0, 400, 400, 400) whose content is 400 x 1600 (it scrolls vertically, R232).
 * - Hover entered over the card: hover began (R267, R268); a move over it: changed, its location
 *   the pointer's (R270).
 * - A right click (secondary, control held) on the card: tap's allowed buttons are primary (R263,
 *   R280), so it never sees the click; rtap's follow its button_mask_required (R284), so it
 *   takes it and holds the event's buttons and keys while it tracks (R262). The card gets the
 *   began (views get every click, R280); at the button-up rtap recognizes and the card's touch is
 *   cancelled (cancelsTouchesInView; its end was withheld by delaysTouchesEnded). A hover move
 *   during the click changes nothing (R282); the first move after it sends changed.
 * - A primary click: the mirror image (R284: rtap refuses primary clicks at binding).
 * - The pointer moves over the list: the card is no longer under it, hover ends (R268).
 * - A wheel tick over the list, (0, -40), began and ended at the same time (R283): the list's pan
 *   takes discrete scrolls (R273, R275); the discrete began moves the virtual finger by the delta
 *   at once and the hysteresis is 0.001 pt (R274), so the pan begins with translation
 *   (0, -39.999): will-begin-dragging, the offset 39.999 (R245), then the pan's action; the ended
 *   ends the drag and the pan, without moving the content.
 * - Hover exited: no hover recognizer is active, nothing happens. */
static const char *const pointer_expected[] = {
    "0.000 gesture hover began",
    "0.050 gesture hover changed",
    "0.100 touch 1 hit card",
    "0.100 view card began 1",
    "0.150 gesture rtap recognized",
    "0.150 view card cancelled 1",
    "0.200 gesture hover changed",
    "0.300 touch 2 hit card",
    "0.300 view card began 2",
    "0.350 gesture tap recognized",
    "0.350 view card cancelled 2",
    "0.400 gesture hover ended",
    "0.500 scroll list will-begin-dragging",
    "0.500 scroll list did-scroll 0,39.999",
    "0.500 gesture pan began",
    "0.500 scroll list did-end-dragging",
    "0.500 gesture pan ended",
};

static void run_pointer(void) {
    const char *scene = "pointer: hover, a right click a default tap ignores, a primary click, a wheel tick (R262-R284)";
    timeline log = {0};
    ga_window window;
    ga_view card, list;
    ga_recognizer hover, tap, rtap, pan, delay;
    MUST(ga_environment_create(NULL, &log.env));
    listen(&log);
    MUST(ga_window_create(log.env, 400, 800, &window));
    MUST(ga_view_create(log.env, 0, 0, 400, 400, &card));
    MUST(ga_window_add_subview(window, card));
    MUST(ga_hover_recognizer_create(card, &hover));
    MUST(ga_tap_recognizer_create(card, 1, 1, &tap));
    MUST(ga_tap_recognizer_create(card, 1, 1, &rtap));
    MUST(ga_tap_set_button_mask_required(rtap, GA_BUTTON_SECONDARY));
    MUST(ga_scroll_view_create(log.env, 0, 400, 400, 400, &list));
    MUST(ga_window_add_subview(window, list));
    MUST(ga_scroll_view_set_content_size(list, 400, 1600));
    MUST(ga_scroll_view_get_pan_recognizer(list, &pan));
    MUST(ga_scroll_view_get_delay_recognizer(list, &delay));
    MUST(ga_scroll_view_set_scroll_callback(list, on_scroll, &log));
    name_object(&log, card.bits, "card", false);
    name_object(&log, list.bits, "list", false);
    name_object(&log, hover.bits, "hover", false);
    name_object(&log, tap.bits, "tap", true);
    name_object(&log, rtap.bits, "rtap", true);
    name_object(&log, pan.bits, "pan", false);
    name_object(&log, delay.bits, "delay", true);

    /* The properties (R263, R273, R284). */
    ga_recognizer_type type = -1;
    MUST(ga_recognizer_get_type(hover, &type));
    CHECK(type == GA_RECOGNIZER_HOVER, "a hover recognizer's type is %d", type);
    ga_button_mask mask = 0;
    MUST(ga_recognizer_get_allowed_button_mask(tap, &mask));
    CHECK(mask == GA_BUTTON_PRIMARY, "a default tap allows buttons %llu (R263)", (unsigned long long)mask);
    MUST(ga_recognizer_get_allowed_button_mask(rtap, &mask));
    CHECK(mask == GA_BUTTON_SECONDARY, "a secondary tap allows buttons %llu (R284)", (unsigned long long)mask);
    MUST(ga_tap_get_button_mask_required(rtap, &mask));
    CHECK(mask == GA_BUTTON_SECONDARY, "rtap requires buttons %llu", (unsigned long long)mask);
    MUST(ga_recognizer_get_allowed_button_mask(pan, &mask));
    CHECK(mask == GA_BUTTON_PRIMARY, "a scroll view's pan allows buttons %llu (R280)", (unsigned long long)mask);
    ga_scroll_type_mask types = 0;
    MUST(ga_pan_get_allowed_scroll_types(pan, &types));
    CHECK(types == GA_SCROLL_TYPE_MASK_ALL, "a scroll view's pan allows scroll types %u (R273)", types);

    double x = NAN, y = NAN;
    MUST(ga_environment_dispatch_hover(log.env, MS(0), GA_HOVER_ENTERED, 100, 100));
    MUST(ga_environment_dispatch_hover(log.env, MS(50), GA_HOVER_MOVED, 120, 100));
    MUST(ga_recognizer_get_location(hover, &x, &y));
    CHECK(x == 120 && y == 100, "the hover's location is (%g, %g), not the pointer's (120, 100) (R270)", x, y);

    click(log.env, MS(100), 1, GA_PHASE_BEGAN, 120, 100, GA_BUTTON_SECONDARY, GA_KEY_MODIFIER_CONTROL);
    ga_key_modifier_flags keys = 0;
    MUST(ga_recognizer_get_button_mask(rtap, &mask));
    MUST(ga_recognizer_get_modifier_flags(rtap, &keys));
    CHECK(mask == GA_BUTTON_SECONDARY && keys == GA_KEY_MODIFIER_CONTROL,
          "rtap tracking a right click reads buttons %llu keys 0x%x (R262)", (unsigned long long)mask, keys);
    MUST(ga_environment_dispatch_hover(log.env, MS(120), GA_HOVER_MOVED, 130, 100));
    click(log.env, MS(150), 1, GA_PHASE_ENDED, 130, 100, 0, 0);
    MUST(ga_recognizer_get_button_mask(rtap, &mask));
    MUST(ga_recognizer_get_modifier_flags(rtap, &keys));
    CHECK(mask == 0 && keys == 0, "rtap after its reset reads buttons %llu keys 0x%x (R262)", (unsigned long long)mask, keys);
    MUST(ga_environment_dispatch_hover(log.env, MS(200), GA_HOVER_MOVED, 130, 110));

    click(log.env, MS(300), 2, GA_PHASE_BEGAN, 130, 110, GA_BUTTON_PRIMARY, GA_KEY_MODIFIER_SHIFT | GA_KEY_MODIFIER_COMMAND);
    MUST(ga_recognizer_get_modifier_flags(tap, &keys));
    CHECK(keys == (GA_KEY_MODIFIER_SHIFT | GA_KEY_MODIFIER_COMMAND), "tap tracking a click reads keys 0x%x (R262)", keys);
    click(log.env, MS(350), 2, GA_PHASE_ENDED, 130, 110, 0, 0);

    MUST(ga_environment_dispatch_hover(log.env, MS(400), GA_HOVER_MOVED, 200, 600));
    MUST(ga_environment_dispatch_scroll(log.env, MS(500), GA_SCROLL_PHASE_BEGAN, GA_SCROLL_TYPE_DISCRETE, 200, 600, 0, -40));
    MUST(ga_environment_dispatch_scroll(log.env, MS(500), GA_SCROLL_PHASE_ENDED, GA_SCROLL_TYPE_DISCRETE, 200, 600, 0, 0));
    MUST(ga_scroll_view_get_content_offset(list, &x, &y));
    CHECK(fabs(y - 39.999) < 1e-9, "the wheel tick left the offset at %.9f, not 40 - 0.001 (R274)", y);
    MUST(ga_environment_dispatch_hover(log.env, MS(600), GA_HOVER_EXITED, 200, 900));
    MUST(ga_recognizer_get_location(hover, &x, &y));
    CHECK(x == 0 && y == 0, "the hover's location after the exit is (%g, %g), not (0, 0) (R270)", x, y);
    bool idle = false;
    MUST(ga_environment_is_idle(log.env, &idle));
    CHECK(idle, "the environment is not idle after the pointer input");
    check_timeline(scene, &log, pointer_expected, (int)(sizeof pointer_expected / sizeof pointer_expected[0]));
    MUST(ga_environment_destroy(log.env));
}

/* A button alone: a right click passes it by (R265: no control event), until its required
 * buttons hold the secondary one (R223): then it tracks the click as a finger, touchDown at the
 * button-down (R203), touchUpInside and primaryActionTriggered at the button-up (R206, R212). */
static const char *const right_click_button_expected[] = {
    "0.000 touch 1 hit b",
    "1.000 touch 2 hit b",
    "1.000 control b touchDown",
    "1.050 control b touchUpInside",
    "1.050 control b primaryActionTriggered",
};

static void run_right_click_button(void) {
    const char *scene = "pointer: a right click does not press a button until its required buttons hold it (R223, R265)";
    timeline log = {0};
    ga_window window;
    ga_view button;
    ga_control_action action;
    MUST(ga_environment_create(NULL, &log.env));
    listen(&log);
    MUST(ga_window_create(log.env, 400, 400, &window));
    MUST(ga_control_create(log.env, GA_CONTROL_KIND_BUTTON, 0, 0, 200, 200, &button));
    MUST(ga_window_add_subview(window, button));
    MUST(ga_control_add_action(button, GA_CONTROL_EVENT_ALL, on_control_event, &log, &action));
    name_object(&log, button.bits, "b", false);
    ga_button_mask mask = 0;
    MUST(ga_control_get_required_button_mask(button, &mask));
    CHECK(mask == GA_BUTTON_PRIMARY, "a button requires buttons %llu by default (R223)", (unsigned long long)mask);
    click(log.env, MS(0), 1, GA_PHASE_BEGAN, 50, 50, GA_BUTTON_SECONDARY, 0);
    click(log.env, MS(50), 1, GA_PHASE_ENDED, 50, 50, 0, 0);
    MUST(ga_control_set_required_button_mask(button, GA_BUTTON_PRIMARY | GA_BUTTON_SECONDARY));
    MUST(ga_control_get_required_button_mask(button, &mask));
    CHECK(mask == (GA_BUTTON_PRIMARY | GA_BUTTON_SECONDARY), "the button requires buttons %llu", (unsigned long long)mask);
    click(log.env, MS(1000), 2, GA_PHASE_BEGAN, 50, 50, GA_BUTTON_SECONDARY, 0);
    click(log.env, MS(1050), 2, GA_PHASE_ENDED, 50, 50, 0, 0);
    check_timeline(scene, &log, right_click_button_expected,
                   (int)(sizeof right_click_button_expected / sizeof right_click_button_expected[0]));
    MUST(ga_environment_destroy(log.env));
}

/* A trackpad pinch and rotation as transform input (R277, R291-R293). A 400 x 400 window:
 * "photo" (100, 100, 200, 200) with a pinch "pinch" and a rotation "rot", and "side" (0, 0, 100,
 * 100) with a pinch "far". Each began is hit-tested at the pointer, (150, 150): the photo, so its
 * pinch and rotation bind and "far", on a view that is not under the pointer, never does (R291).
 * - A pinch: the scale reads as two fingers 100 pt apart with the 2 pt dead zone (R292). 1.01
 *   (101 pt) is inside the dead zone; 1.03 (103 pt) is past it: the pinch begins, the dead zone
 *   taken out (its reference moves to 102 pt), so its scale is 103 / 102; the rotation, possible
 *   and not allowed to recognize with it, fails in the same pass, before the pinch's action
 *   (R43, R47). The pointer moved to (160, 150) with the changed: the pinch's location follows
 *   it; it holds no touch. 1.1: changed, 110 / 102. The ended ends it.
 * - A rotation: 0.01 rad is within the 1 degree pointer threshold; 0.03 rad passes it: the
 *   rotation begins with the threshold taken out, 0.03 - pi / 180 (R293), and the pinch fails.
 *   The cancelled cancels it (R291).
 * - A began and an ended with nothing between: both recognizers were possible, both fail. */
static const char *const transform_expected[] = {
    "0.020 gesture rot failed",
    "0.020 gesture pinch began",
    "0.030 gesture pinch changed",
    "0.040 gesture pinch ended",
    "0.120 gesture pinch failed",
    "0.120 gesture rot began",
    "0.130 gesture rot cancelled",
    "0.210 gesture pinch failed",
    "0.210 gesture rot failed",
};

static void run_trackpad_transform(void) {
    const char *scene = "pointer: a trackpad pinch and rotation through ga_environment_dispatch_transform (R291-R293)";
    timeline log = {0};
    ga_window window;
    ga_view photo, side;
    ga_recognizer pinch, rot, far;
    MUST(ga_environment_create(NULL, &log.env));
    listen(&log);
    MUST(ga_window_create(log.env, 400, 400, &window));
    MUST(ga_view_create(log.env, 100, 100, 200, 200, &photo));
    MUST(ga_window_add_subview(window, photo));
    MUST(ga_view_create(log.env, 0, 0, 100, 100, &side));
    MUST(ga_window_add_subview(window, side));
    MUST(ga_pinch_recognizer_create(photo, &pinch));
    MUST(ga_rotation_recognizer_create(photo, &rot));
    MUST(ga_pinch_recognizer_create(side, &far));
    name_object(&log, photo.bits, "photo", false);
    name_object(&log, side.bits, "side", false);
    name_object(&log, pinch.bits, "pinch", false);
    name_object(&log, rot.bits, "rot", false);
    name_object(&log, far.bits, "far", false);

    double scale = NAN, x = NAN, y = NAN, radians = NAN;
    int32_t touches = -1;
    ga_state state = -1;
    MUST(ga_environment_dispatch_transform(log.env, MS(0), GA_TRANSFORM_PHASE_BEGAN, 150, 150, 1, 0));
    MUST(ga_environment_dispatch_transform(log.env, MS(10), GA_TRANSFORM_PHASE_CHANGED, 150, 150, 1.01, 0));
    MUST(ga_recognizer_get_state(pinch, &state));
    CHECK(state == GA_STATE_POSSIBLE, "a pinch at 101 pt of 100 (inside the 2 pt dead zone) is in state %d (R292)", state);
    MUST(ga_environment_dispatch_transform(log.env, MS(20), GA_TRANSFORM_PHASE_CHANGED, 160, 150, 1.03, 0));
    MUST(ga_pinch_get_scale(pinch, &scale));
    CHECK(fabs(scale - 103.0 / 102.0) < 1e-12, "the pinch began with scale %.12f, not 103 / 102 (R292)", scale);
    MUST(ga_recognizer_get_location(pinch, &x, &y));
    CHECK(x == 160 && y == 150, "the pinch's location is (%g, %g), not the pointer's (160, 150)", x, y);
    MUST(ga_recognizer_get_number_of_touches(pinch, &touches));
    CHECK(touches == 0, "a pinch driven by a trackpad tracks %d touches, not 0 (R277)", touches);
    MUST(ga_environment_dispatch_transform(log.env, MS(30), GA_TRANSFORM_PHASE_CHANGED, 160, 150, 1.1, 0));
    MUST(ga_pinch_get_scale(pinch, &scale));
    CHECK(fabs(scale - 110.0 / 102.0) < 1e-12, "the pinch changed to scale %.12f, not 110 / 102 (R292)", scale);
    MUST(ga_environment_dispatch_transform(log.env, MS(40), GA_TRANSFORM_PHASE_ENDED, 160, 150, 1.1, 0));
    MUST(ga_recognizer_get_state(far, &state));
    CHECK(state == GA_STATE_POSSIBLE, "the pinch of a view not under the pointer is in state %d (R291)", state);

    MUST(ga_environment_dispatch_transform(log.env, MS(100), GA_TRANSFORM_PHASE_BEGAN, 150, 150, 1, 0));
    MUST(ga_environment_dispatch_transform(log.env, MS(110), GA_TRANSFORM_PHASE_CHANGED, 150, 150, 1, 0.01));
    MUST(ga_recognizer_get_state(rot, &state));
    CHECK(state == GA_STATE_POSSIBLE, "a rotation turned 0.01 rad (within 1 degree) is in state %d (R293)", state);
    MUST(ga_environment_dispatch_transform(log.env, MS(120), GA_TRANSFORM_PHASE_CHANGED, 150, 150, 1, 0.03));
    MUST(ga_rotation_get_rotation(rot, &radians));
    CHECK(fabs(radians - (0.03 - M_PI / 180)) < 1e-12, "the rotation began at %.12f rad, not 0.03 - pi / 180 (R293)", radians);
    MUST(ga_environment_dispatch_transform(log.env, MS(130), GA_TRANSFORM_PHASE_CANCELLED, 150, 150, 1, 0.03));

    MUST(ga_environment_dispatch_transform(log.env, MS(200), GA_TRANSFORM_PHASE_BEGAN, 150, 150, 1, 0));
    MUST(ga_environment_dispatch_transform(log.env, MS(210), GA_TRANSFORM_PHASE_ENDED, 150, 150, 1, 0));
    bool idle = false;
    MUST(ga_environment_is_idle(log.env, &idle));
    CHECK(idle, "the environment is not idle after the transforms");
    check_timeline(scene, &log, transform_expected, (int)(sizeof transform_expected / sizeof transform_expected[0]));
    MUST(ga_environment_destroy(log.env));
}

/* The wrong calls of the pointer functions: each a documented code, nothing changed. */
static void run_pointer_wrong_calls(void) {
    ga_environment env;
    ga_window window;
    ga_view view, button, window_view;
    ga_recognizer tap, pan, hover, gone;
    MUST(ga_environment_create(NULL, &env));
    MUST(ga_window_create(env, 400, 400, &window));
    MUST(ga_window_get_view(window, &window_view));
    MUST(ga_view_create(env, 0, 0, 400, 400, &view));
    MUST(ga_window_add_subview(window, view));
    MUST(ga_control_create(env, GA_CONTROL_KIND_BUTTON, 0, 0, 50, 50, &button));
    MUST(ga_tap_recognizer_create(view, 1, 1, &tap));
    MUST(ga_pan_recognizer_create(view, 1, 0, &pan));
    MUST(ga_hover_recognizer_create(view, &hover));
    MUST(ga_tap_recognizer_create(view, 1, 1, &gone));
    MUST(ga_recognizer_destroy(gone));
    ga_touch down = {1, GA_PHASE_BEGAN, 10, 10};
    ga_touch nowhere = {1, GA_PHASE_BEGAN, NAN, 10};

    /* Clicks (R278). */
    expect_code(ga_environment_dispatch_typed(env, 0, &down, 1, GA_TOUCH_TYPE_INDIRECT_POINTER, 0, 0),
                GA_ERROR_POINTER_WITHOUT_BUTTON, "a click's began with no button (R278)");
    expect_code(ga_environment_dispatch_typed(env, 0, &down, 1, 4, GA_BUTTON_PRIMARY, 0), GA_ERROR_INVALID_ARGUMENT,
                "an unknown touch type");
    expect_code(ga_environment_dispatch_typed(env, 0, &down, 1, -1, 0, 0), GA_ERROR_INVALID_ARGUMENT, "a negative touch type");
    expect_code(ga_environment_dispatch_typed(env, 0, &down, 1, GA_TOUCH_TYPE_DIRECT, GA_BUTTON_PRIMARY, 0),
                GA_ERROR_INVALID_ARGUMENT, "a finger holding a button");
    expect_code(ga_environment_dispatch_typed(env, 0, &down, 1, GA_TOUCH_TYPE_INDIRECT_POINTER, GA_BUTTON_PRIMARY, 1u),
                GA_ERROR_INVALID_ARGUMENT, "an unknown modifier bit");
    expect_code(ga_environment_dispatch_typed(env, 0, NULL, 1, GA_TOUCH_TYPE_INDIRECT_POINTER, GA_BUTTON_PRIMARY, 0),
                GA_ERROR_NULL_ARGUMENT, "NULL touches");
    expect_code(ga_environment_dispatch_typed(env, 0, &nowhere, 1, GA_TOUCH_TYPE_INDIRECT_POINTER, GA_BUTTON_PRIMARY, 0),
                GA_ERROR_NON_FINITE_LOCATION, "a click at NaN");
    expect_code(ga_environment_dispatch_typed((ga_environment){view.bits}, 0, &down, 1, GA_TOUCH_TYPE_INDIRECT_POINTER,
                                              GA_BUTTON_PRIMARY, 0),
                GA_ERROR_INVALID_HANDLE, "a view as an environment");
    MUST(ga_environment_dispatch_typed(env, 0, &down, 1, GA_TOUCH_TYPE_INDIRECT_POINTER, GA_BUTTON(3), 0));
    ga_touch drag = {1, GA_PHASE_MOVED, 20, 10};
    expect_code(ga_environment_dispatch_typed(env, 10, &drag, 1, GA_TOUCH_TYPE_INDIRECT_POINTER, 0, 0),
                GA_ERROR_POINTER_WITHOUT_BUTTON, "a click's move with no button (R278)");
    ga_touch up = {1, GA_PHASE_ENDED, 20, 10};
    MUST(ga_environment_dispatch_typed(env, 20, &up, 1, GA_TOUCH_TYPE_INDIRECT_POINTER, 0, 0));
    /* Other types: a pencil and an indirect touch are touches without buttons. */
    ga_touch pencil = {2, GA_PHASE_BEGAN, 10, 10};
    MUST(ga_environment_dispatch_typed(env, 30, &pencil, 1, GA_TOUCH_TYPE_PENCIL, 0, GA_KEY_MODIFIER_ALL));
    pencil.phase = GA_PHASE_CANCELLED;
    MUST(ga_environment_dispatch_typed(env, 40, &pencil, 1, GA_TOUCH_TYPE_PENCIL, 0, 0));

    /* Hover (R268, R279). */
    expect_code(ga_environment_dispatch_hover(env, MS(1), GA_HOVER_MOVED, 10, 10), GA_ERROR_POINTER_SEQUENCE,
                "a hover move before the pointer entered");
    expect_code(ga_environment_dispatch_hover(env, MS(1), GA_HOVER_EXITED, 10, 10), GA_ERROR_POINTER_SEQUENCE,
                "a hover exit before the pointer entered");
    expect_code(ga_environment_dispatch_hover(env, MS(1), 3, 10, 10), GA_ERROR_INVALID_ARGUMENT, "an unknown hover phase");
    expect_code(ga_environment_dispatch_hover(env, MS(1), GA_HOVER_ENTERED, 10, INFINITY), GA_ERROR_NON_FINITE_LOCATION,
                "a hover at infinity");
    MUST(ga_environment_dispatch_hover(env, MS(1), GA_HOVER_ENTERED, 10, 10));
    expect_code(ga_environment_dispatch_hover(env, MS(2), GA_HOVER_ENTERED, 10, 10), GA_ERROR_POINTER_SEQUENCE,
                "a second hover entered");
    expect_code(ga_environment_dispatch_hover(env, 0, GA_HOVER_MOVED, 10, 10), GA_ERROR_TIME_WENT_BACKWARDS,
                "a hover before the clock's time");
    expect_code(ga_environment_dispatch_hover((ga_environment){GA_NULL_HANDLE}, MS(2), GA_HOVER_MOVED, 10, 10),
                GA_ERROR_INVALID_HANDLE, "a hover in the null environment");
    MUST(ga_environment_dispatch_hover(env, MS(2), GA_HOVER_EXITED, 10, 10));

    /* Scroll (R272, R279). */
    expect_code(ga_environment_dispatch_scroll(env, MS(3), GA_SCROLL_PHASE_CHANGED, GA_SCROLL_TYPE_CONTINUOUS, 10, 10, 0, 1),
                GA_ERROR_POINTER_SEQUENCE, "a scroll change with no scroll going on");
    expect_code(ga_environment_dispatch_scroll(env, MS(3), GA_SCROLL_PHASE_ENDED, GA_SCROLL_TYPE_DISCRETE, 10, 10, 0, 0),
                GA_ERROR_POINTER_SEQUENCE, "a scroll end with no scroll going on");
    expect_code(ga_environment_dispatch_scroll(env, MS(3), 4, GA_SCROLL_TYPE_DISCRETE, 10, 10, 0, 0), GA_ERROR_INVALID_ARGUMENT,
                "an unknown scroll phase");
    expect_code(ga_environment_dispatch_scroll(env, MS(3), GA_SCROLL_PHASE_BEGAN, 2, 10, 10, 0, 0), GA_ERROR_INVALID_ARGUMENT,
                "an unknown scroll type");
    expect_code(ga_environment_dispatch_scroll(env, MS(3), GA_SCROLL_PHASE_BEGAN, GA_SCROLL_TYPE_DISCRETE, 10, 10, NAN, 0),
                GA_ERROR_INVALID_ARGUMENT, "a NaN delta");
    expect_code(ga_environment_dispatch_scroll(env, MS(3), GA_SCROLL_PHASE_BEGAN, GA_SCROLL_TYPE_DISCRETE, NAN, 10, 0, 0),
                GA_ERROR_NON_FINITE_LOCATION, "a scroll at NaN");
    MUST(ga_environment_dispatch_scroll(env, MS(3), GA_SCROLL_PHASE_BEGAN, GA_SCROLL_TYPE_CONTINUOUS, 10, 10, 0, 0));
    expect_code(ga_environment_dispatch_scroll(env, MS(4), GA_SCROLL_PHASE_BEGAN, GA_SCROLL_TYPE_CONTINUOUS, 10, 10, 0, 0),
                GA_ERROR_POINTER_SEQUENCE, "a second scroll began");
    MUST(ga_environment_dispatch_scroll(env, MS(4), GA_SCROLL_PHASE_CANCELLED, GA_SCROLL_TYPE_CONTINUOUS, 10, 10, 0, 0));

    /* Transform (R291): the location, scale and rotation are checked before the sequence, so a
     * refused began begins nothing. */
    expect_code(ga_environment_dispatch_transform(env, MS(4), GA_TRANSFORM_PHASE_CHANGED, 10, 10, 1.1, 0),
                GA_ERROR_POINTER_SEQUENCE, "a transform change with no transform going on");
    expect_code(ga_environment_dispatch_transform(env, MS(4), GA_TRANSFORM_PHASE_ENDED, 10, 10, 1, 0), GA_ERROR_POINTER_SEQUENCE,
                "a transform end with no transform going on");
    expect_code(ga_environment_dispatch_transform(env, MS(4), GA_TRANSFORM_PHASE_CANCELLED, 10, 10, 1, 0),
                GA_ERROR_POINTER_SEQUENCE, "a transform cancel with no transform going on");
    expect_code(ga_environment_dispatch_transform(env, MS(4), 4, 10, 10, 1, 0), GA_ERROR_INVALID_ARGUMENT,
                "an unknown transform phase");
    expect_code(ga_environment_dispatch_transform(env, MS(4), -1, 10, 10, 1, 0), GA_ERROR_INVALID_ARGUMENT,
                "a negative transform phase");
    expect_code(ga_environment_dispatch_transform(env, MS(4), GA_TRANSFORM_PHASE_BEGAN, NAN, 10, 1, 0),
                GA_ERROR_NON_FINITE_LOCATION, "a transform at NaN");
    expect_code(ga_environment_dispatch_transform(env, MS(4), GA_TRANSFORM_PHASE_BEGAN, 10, -INFINITY, 1, 0),
                GA_ERROR_NON_FINITE_LOCATION, "a transform at infinity");
    const double bad_scales[] = { 0, -1, NAN, INFINITY };
    for (size_t i = 0; i < sizeof bad_scales / sizeof bad_scales[0]; i++) {
        expect_code(ga_environment_dispatch_transform(env, MS(4), GA_TRANSFORM_PHASE_BEGAN, 10, 10, bad_scales[i], 0),
                    GA_ERROR_INVALID_ARGUMENT, "a transform scale that is not finite and positive");
    }
    expect_code(ga_environment_dispatch_transform(env, MS(4), GA_TRANSFORM_PHASE_BEGAN, 10, 10, 1, NAN), GA_ERROR_INVALID_ARGUMENT,
                "a NaN transform rotation");
    expect_code(ga_environment_dispatch_transform(env, MS(4), GA_TRANSFORM_PHASE_BEGAN, 10, 10, 1, INFINITY),
                GA_ERROR_INVALID_ARGUMENT, "an infinite transform rotation");
    expect_code(ga_environment_dispatch_transform(env, MS(4), GA_TRANSFORM_PHASE_CHANGED, 10, 10, 1.1, 0),
                GA_ERROR_POINTER_SEQUENCE, "a transform change after refused begans (they began nothing)");
    expect_code(ga_environment_dispatch_transform(env, 0, GA_TRANSFORM_PHASE_BEGAN, 10, 10, 1, 0), GA_ERROR_TIME_WENT_BACKWARDS,
                "a transform before the clock's time");
    expect_code(ga_environment_dispatch_transform((ga_environment){GA_NULL_HANDLE}, MS(4), GA_TRANSFORM_PHASE_BEGAN, 10, 10, 1, 0),
                GA_ERROR_INVALID_HANDLE, "a transform in the null environment");
    expect_code(ga_environment_dispatch_transform((ga_environment){view.bits}, MS(4), GA_TRANSFORM_PHASE_BEGAN, 10, 10, 1, 0),
                GA_ERROR_INVALID_HANDLE, "a view as an environment for a transform");
    MUST(ga_environment_dispatch_transform(env, MS(4), GA_TRANSFORM_PHASE_BEGAN, 10, 10, 1, 0));
    expect_code(ga_environment_dispatch_transform(env, MS(4), GA_TRANSFORM_PHASE_BEGAN, 10, 10, 1, 0), GA_ERROR_POINTER_SEQUENCE,
                "a second transform began");
    expect_code(ga_environment_dispatch_transform(env, MS(4), GA_TRANSFORM_PHASE_CHANGED, 10, 10, 0, 0), GA_ERROR_INVALID_ARGUMENT,
                "a transform change to scale 0");
    MUST(ga_environment_dispatch_transform(env, MS(4), GA_TRANSFORM_PHASE_CHANGED, 10, 10, 1.5, -0.5));
    MUST(ga_environment_dispatch_transform(env, MS(4), GA_TRANSFORM_PHASE_ENDED, 10, 10, 1.5, -0.5));

    /* The recognizers' and the control's properties. */
    ga_button_mask mask = 7;
    ga_key_modifier_flags keys = 7;
    ga_scroll_type_mask types = 7;
    MUST(ga_pan_get_allowed_scroll_types(pan, &types));
    CHECK(types == 0, "a new pan allows scroll types %u (R273)", types);
    MUST(ga_pan_set_allowed_scroll_types(pan, GA_SCROLL_TYPE_MASK_DISCRETE));
    MUST(ga_pan_get_allowed_scroll_types(pan, &types));
    CHECK(types == GA_SCROLL_TYPE_MASK_DISCRETE, "the pan allows scroll types %u", types);
    expect_code(ga_pan_set_allowed_scroll_types(pan, 4), GA_ERROR_INVALID_ARGUMENT, "an unknown scroll type bit");
    expect_code(ga_pan_set_allowed_scroll_types(tap, GA_SCROLL_TYPE_MASK_ALL), GA_ERROR_INVALID_HANDLE, "a tap as a pan");
    expect_code(ga_pan_get_allowed_scroll_types(hover, &types), GA_ERROR_INVALID_HANDLE, "a hover recognizer as a pan");
    expect_code(ga_pan_get_allowed_scroll_types(pan, NULL), GA_ERROR_NULL_ARGUMENT, "a NULL scroll types out");
    expect_code(ga_tap_set_button_mask_required(tap, 0), GA_ERROR_INVALID_ARGUMENT, "a tap requiring no button");
    expect_code(ga_tap_set_button_mask_required(pan, GA_BUTTON_PRIMARY), GA_ERROR_INVALID_HANDLE, "a pan as a tap");
    expect_code(ga_tap_get_button_mask_required(gone, &mask), GA_ERROR_INVALID_HANDLE, "a destroyed tap");
    MUST(ga_tap_set_button_mask_required(tap, GA_BUTTON(3)));
    MUST(ga_recognizer_get_allowed_button_mask(tap, &mask));
    CHECK(mask == GA_BUTTON(3), "a tap's allowed buttons follow its required ones: %llu (R284)", (unsigned long long)mask);
    MUST(ga_recognizer_set_allowed_button_mask(tap, GA_BUTTON_PRIMARY | GA_BUTTON(3)));
    MUST(ga_tap_set_button_mask_required(tap, GA_BUTTON_SECONDARY));
    MUST(ga_recognizer_get_allowed_button_mask(tap, &mask));
    CHECK(mask == (GA_BUTTON_PRIMARY | GA_BUTTON(3)), "a tap's allowed buttons once set stay: %llu (R284)", (unsigned long long)mask);
    MUST(ga_recognizer_set_allowed_button_mask(hover, 0));
    MUST(ga_recognizer_set_allowed_button_mask(pan, ~(ga_button_mask)0));
    MUST(ga_recognizer_get_allowed_button_mask(pan, &mask));
    CHECK(mask == ~(ga_button_mask)0, "all 64 buttons read back as %llu", (unsigned long long)mask);
    expect_code(ga_recognizer_set_allowed_button_mask(gone, GA_BUTTON_PRIMARY), GA_ERROR_INVALID_HANDLE, "a destroyed recognizer");
    expect_code(ga_recognizer_get_allowed_button_mask(pan, NULL), GA_ERROR_NULL_ARGUMENT, "a NULL allowed buttons out");
    expect_code(ga_recognizer_get_button_mask((ga_recognizer){view.bits}, &mask), GA_ERROR_INVALID_HANDLE, "a view as a recognizer");
    expect_code(ga_recognizer_get_button_mask(tap, NULL), GA_ERROR_NULL_ARGUMENT, "a NULL buttons out");
    expect_code(ga_recognizer_get_modifier_flags(gone, &keys), GA_ERROR_INVALID_HANDLE, "a destroyed recognizer's keys");
    expect_code(ga_recognizer_get_modifier_flags(tap, NULL), GA_ERROR_NULL_ARGUMENT, "a NULL keys out");
    MUST(ga_recognizer_get_button_mask(hover, &mask));
    MUST(ga_recognizer_get_modifier_flags(hover, &keys));
    CHECK(mask == 0 && keys == 0, "an idle recognizer reads buttons %llu keys 0x%x", (unsigned long long)mask, keys);
    expect_code(ga_control_set_required_button_mask(view, GA_BUTTON_PRIMARY), GA_ERROR_INVALID_HANDLE, "a plain view as a control");
    expect_code(ga_control_get_required_button_mask(window_view, &mask), GA_ERROR_INVALID_HANDLE, "a window as a control");
    expect_code(ga_control_get_required_button_mask(button, NULL), GA_ERROR_NULL_ARGUMENT, "a NULL required buttons out");
    MUST(ga_control_set_required_button_mask(button, 0));
    expect_code(ga_hover_recognizer_create((ga_view){GA_NULL_HANDLE}, &hover), GA_ERROR_INVALID_HANDLE, "a hover on the null view");
    expect_code(ga_hover_recognizer_create(view, NULL), GA_ERROR_NULL_ARGUMENT, "a hover with a NULL out");
    expect_code(ga_hover_recognizer_create((ga_view){tap.bits}, &hover), GA_ERROR_INVALID_HANDLE, "a hover on a recognizer");
    CHECK(strcmp(ga_result_name(GA_ERROR_POINTER_WITHOUT_BUTTON), "GA_ERROR_POINTER_WITHOUT_BUTTON") == 0,
          "the name of GA_ERROR_POINTER_WITHOUT_BUTTON");
    CHECK(strcmp(ga_result_name(GA_ERROR_POINTER_SEQUENCE), "GA_ERROR_POINTER_SEQUENCE") == 0, "the name of GA_ERROR_POINTER_SEQUENCE");
    MUST(ga_environment_destroy(env));
    expect_code(ga_environment_dispatch_scroll(env, MS(5), GA_SCROLL_PHASE_BEGAN, GA_SCROLL_TYPE_DISCRETE, 10, 10, 0, 1),
                GA_ERROR_INVALID_HANDLE, "a scroll in a destroyed environment");
    /* A stale handle is refused before the other arguments are read. */
    expect_code(ga_environment_dispatch_transform(env, MS(5), GA_TRANSFORM_PHASE_BEGAN, 10, 10, 1, 0), GA_ERROR_INVALID_HANDLE,
                "a transform in a destroyed environment");
    expect_code(ga_environment_dispatch_transform(env, 0, 9, NAN, INFINITY, -1, NAN), GA_ERROR_INVALID_HANDLE,
                "a transform with every argument wrong in a destroyed environment");
    expect_code(ga_pan_set_allowed_scroll_types(pan, 0), GA_ERROR_INVALID_HANDLE, "a pan of a destroyed environment");
    if (failures == 0) printf("ok   pointer: the wrong calls return their documented codes\n");
}

/* ---- View transforms (R285-R289) ------------------------------------------------------------ */

/* From the rules: R (frame 100, 100, 200, 100; centre (200, 150)) turned 90 degrees clockwise
 * covers x 150...250, y 50...250 on screen (R285). A tap at (200, 60), above R's frame but in the
 * drawn shape, hits R (R286): its tap T recognizes at the lift and R's touch is cancelled (R67).
 * A tap at (120, 150), in R's frame but left of the drawn shape, falls to W behind it. */
static const char *const view_transform_expected[] = {
    "0.000 touch 1 hit R", "0.000 view R began 1", "0.080 gesture T recognized", "0.080 view R cancelled 1",
    "1.000 touch 2 hit W", "1.000 view W began 2", "1.080 view W ended 2",
};

static void run_view_transform(void) {
    const char *scene = "view transforms: a tap lands where a turned view is drawn (R285-R287)";
    timeline log = {0};
    ga_window window;
    ga_view w, r, stale;
    ga_recognizer tap;
    MUST(ga_environment_create(NULL, &log.env));
    listen(&log);
    MUST(ga_window_create(log.env, 400, 800, &window));
    MUST(ga_view_create(log.env, 0, 0, 400, 800, &w));
    MUST(ga_window_add_subview(window, w));
    MUST(ga_view_create(log.env, 100, 100, 200, 100, &r));
    MUST(ga_window_add_subview(window, r));
    MUST(ga_tap_recognizer_create(r, 1, 1, &tap));
    name_object(&log, w.bits, "W", false);
    name_object(&log, r.bits, "R", false);
    name_object(&log, tap.bits, "T", true);
    double got[6] = {NAN, NAN, NAN, NAN, NAN, NAN};
    MUST(ga_view_get_transform(r, got));
    CHECK(got[0] == 1 && got[1] == 0 && got[2] == 0 && got[3] == 1 && got[4] == 0 && got[5] == 0, "a new view's transform is the identity");
    MUST(ga_view_set_transform(r, 0, 1, -1, 0, 0, 0));
    MUST(ga_view_get_transform(r, got));
    CHECK(got[0] == 0 && got[1] == 1 && got[2] == -1 && got[3] == 0 && got[4] == 0 && got[5] == 0, "the transform reads back as set");
    touch(log.env, MS(0), 1, GA_PHASE_BEGAN, 200, 60);
    touch(log.env, MS(80), 1, GA_PHASE_ENDED, 200, 60);
    touch(log.env, MS(1000), 2, GA_PHASE_BEGAN, 120, 150);
    touch(log.env, MS(1080), 2, GA_PHASE_ENDED, 120, 150);
    check_timeline(scene, &log, view_transform_expected, (int)(sizeof view_transform_expected / sizeof *view_transform_expected));

    expect_code(ga_view_set_transform(r, NAN, 0, 0, 1, 0, 0), GA_ERROR_INVALID_ARGUMENT, "a NaN transform entry");
    expect_code(ga_view_set_transform(r, 1, 0, 0, 1, INFINITY, 0), GA_ERROR_INVALID_ARGUMENT, "an infinite translation");
    MUST(ga_view_get_transform(r, got));
    CHECK(got[0] == 0 && got[1] == 1, "a refused transform leaves the view's as it was");
    expect_code(ga_view_get_transform(r, NULL), GA_ERROR_NULL_ARGUMENT, "a NULL out_transform");
    MUST(ga_view_create(log.env, 0, 0, 10, 10, &stale));
    MUST(ga_view_destroy(stale));
    expect_code(ga_view_set_transform(stale, 1, 0, 0, 1, 0, 0), GA_ERROR_INVALID_HANDLE, "a destroyed view");
    expect_code(ga_view_get_transform(stale, got), GA_ERROR_INVALID_HANDLE, "a destroyed view's transform");
    MUST(ga_environment_destroy(log.env));
}

int main(void) {
    run_double_tap(false);
    run_double_tap(true);
    run_pan_in_scroll_view();
    run_wrong_calls();
    run_delegate();
    run_destroy();
    run_threads();
    run_one_environment_two_threads();
    run_input_limit();
    run_long_message();
    run_control_taps();
    run_control_reentry();
    run_control_wrong_calls();
    run_scroll_list();
    run_scroll_questions();
    run_scroll_wrong_calls();
    run_pointer();
    run_right_click_button();
    run_trackpad_transform();
    run_pointer_wrong_calls();
    run_view_transform();
    if (failures) {
        fprintf(stderr, "test_c_interface: %d check(s) failed\n", failures);
        return 1;
    }
    printf("test_c_interface: all checks passed\n");
    return 0;
}
