/*
 * recorder_test.c: the recorder's C functions (gesture_arbiter_recorder.h), their errors and a
 * recorded run with a delegate's answer and the trace callback, a recorded drag in a scroll view
 * with a content-touch callback's answer, without SDL. Built and run by Scripts/test-sdl-host.sh,
 * which then replays the written files with `gesture-trace --check`.
 *
 *   recorder_test OUT_DIR
 * Writes OUT_DIR/simultaneous.json, finish-in-action.json and scroll-view.json; exits 0 when
 * every check passed, else prints the failures.
 */
#include <stdio.h>
#include <string.h>

#include "gesture_arbiter_recorder.h"

static int failures = 0;

#define EXPECT(condition)                                                                                    \
    do {                                                                                                     \
        if (!(condition)) {                                                                                  \
            fprintf(stderr, "recorder_test.c:%d: expected %s (last error: %s)\n", __LINE__, #condition,      \
                    ga_last_error_message());                                                                \
            failures += 1;                                                                                   \
        }                                                                                                    \
    } while (0)

static ga_result touch(ga_environment env, int64_t time_ns, int64_t id, ga_phase phase, double x, double y) {
    ga_touch one = { .id = id, .phase = phase, .x = x, .y = y };
    return ga_environment_dispatch(env, time_ns, &one, 1);
}

static bool say_yes(void *user_data, ga_recognizer recognizer, ga_recognizer other) {
    (void)user_data, (void)recognizer, (void)other;
    return true;
}

static int trace_events = 0;
static void count_trace(void *user_data, const ga_trace_event *event) {
    (void)user_data, (void)event;
    trace_events += 1;
}

/* Two pans, the inner one's delegate letting it recognize with the outer one. */
static void build(ga_environment *env, ga_recognizer *inner_pan) {
    ga_window window;
    ga_view outer, inner;
    ga_recognizer outer_pan;
    EXPECT(ga_environment_create(NULL, env) == GA_OK);
    EXPECT(ga_window_create(*env, 400, 800, &window) == GA_OK);
    EXPECT(ga_view_create(*env, 0, 0, 400, 800, &outer) == GA_OK);
    EXPECT(ga_window_add_subview(window, outer) == GA_OK);
    EXPECT(ga_view_create(*env, 0, 100, 400, 300, &inner) == GA_OK);
    EXPECT(ga_view_add_subview(outer, inner) == GA_OK);
    EXPECT(ga_pan_recognizer_create(outer, 1, 0, &outer_pan) == GA_OK);
    EXPECT(ga_pan_recognizer_create(inner, 1, 0, inner_pan) == GA_OK);
    ga_delegate delegate = { .should_recognize_simultaneously = say_yes };
    EXPECT(ga_recognizer_set_delegate(*inner_pan, &delegate) == GA_OK);
}

/* Reads the file at path into text (at most size - 1 bytes, then a NUL); false when it cannot. */
static bool read_text(const char *path, char *text, size_t size) {
    FILE *file = fopen(path, "r");
    EXPECT(file != NULL);
    if (!file) return false;
    size_t length = fread(text, 1, size - 1, file);
    text[length] = '\0';
    fclose(file);
    return true;
}

static bool cancel_yes(void *user_data, ga_view scroll_view, ga_view view) {
    (void)user_data, (void)scroll_view, (void)view;
    return true;
}

/* A window filled by a scroll view "list" (content 400 x 2400) holding a button "buy" at
 * (40, 200, 200, 60); the scroll view's touchesShouldCancel answers yes. */
static ga_environment scroll_list(ga_view *list) {
    ga_environment env;
    ga_window window;
    ga_view button;
    EXPECT(ga_environment_create(NULL, &env) == GA_OK);
    EXPECT(ga_window_create(env, 400, 800, &window) == GA_OK);
    EXPECT(ga_scroll_view_create(env, 0, 0, 400, 800, list) == GA_OK);
    EXPECT(ga_window_add_subview(window, *list) == GA_OK);
    EXPECT(ga_scroll_view_set_content_size(*list, 400, 2400) == GA_OK);
    EXPECT(ga_control_create(env, GA_CONTROL_KIND_BUTTON, 40, 200, 200, 60, &button) == GA_OK);
    EXPECT(ga_view_add_subview(*list, button) == GA_OK);
    EXPECT(ga_view_set_name(*list, "list") == GA_OK);
    EXPECT(ga_view_set_name(button, "buy") == GA_OK);
    EXPECT(ga_scroll_view_set_content_touch_callbacks(*list, NULL, cancel_yes, NULL) == GA_OK);
    return env;
}

/* The recorder an action callback tries to finish, and what that returned. */
static ga_recorder finishing_recorder;
static const char *finishing_path;
static ga_result finish_in_action = GA_OK;
static int finish_attempts = 0;
static void finish_from_action(void *user_data, ga_recognizer recognizer, ga_state state) {
    (void)user_data, (void)recognizer, (void)state;
    finish_attempts += 1;
    finish_in_action = ga_recorder_finish(finishing_recorder, finishing_path);
}

/* A 400 x 800 window with one view of the given size at the origin. */
static ga_environment one_view(double width, double height, ga_view *view) {
    ga_environment env;
    ga_window window;
    EXPECT(ga_environment_create(NULL, &env) == GA_OK);
    EXPECT(ga_window_create(env, 400, 800, &window) == GA_OK);
    EXPECT(ga_view_create(env, 0, 0, width, height, view) == GA_OK);
    EXPECT(ga_window_add_subview(window, *view) == GA_OK);
    return env;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: recorder_test OUT_DIR\n");
        return 2;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/simultaneous.json", argv[1]);

    /* Arguments a C caller may get wrong. */
    ga_recorder recorder = { 0 };
    ga_environment stale = { 0 };
    EXPECT(ga_recorder_start(stale, NULL, &recorder) == GA_ERROR_INVALID_HANDLE);
    EXPECT(ga_recorder_finish(recorder, path) == GA_ERROR_INVALID_HANDLE);
    EXPECT(ga_recorder_discard((ga_recorder){ 12345 }) == GA_ERROR_INVALID_HANDLE);
    EXPECT(strcmp(ga_result_name(GA_ERROR_CANNOT_RECORD), "GA_ERROR_CANNOT_RECORD") == 0);
    EXPECT(strcmp(ga_result_name(GA_ERROR_IO), "GA_ERROR_IO") == 0);

    ga_environment env;
    EXPECT(ga_environment_create(NULL, &env) == GA_OK);
    EXPECT(ga_recorder_start(env, NULL, NULL) == GA_ERROR_NULL_ARGUMENT);
    /* No window: nothing to record. */
    EXPECT(ga_recorder_start(env, NULL, &recorder) == GA_ERROR_CANNOT_RECORD);
    EXPECT(strstr(ga_last_error_message(), "0 windows") != NULL);
    EXPECT(ga_environment_destroy(env) == GA_OK);

    /* A busy environment cannot start; a change while recording cannot be written. */
    ga_recognizer inner_pan;
    build(&env, &inner_pan);
    EXPECT(touch(env, 0, 1, GA_PHASE_BEGAN, 100, 200) == GA_OK);
    EXPECT(ga_recorder_start(env, "busy", &recorder) == GA_ERROR_CANNOT_RECORD);
    EXPECT(touch(env, 10000000, 1, GA_PHASE_ENDED, 100, 200) == GA_OK);
    EXPECT(ga_environment_advance_to(env, 1000000000) == GA_OK);
    EXPECT(ga_recorder_start(env, "changed", &recorder) == GA_OK);
    EXPECT(ga_recognizer_set_enabled(inner_pan, false) == GA_OK);
    EXPECT(ga_recorder_finish(recorder, path) == GA_ERROR_CANNOT_RECORD);
    EXPECT(strstr(ga_last_error_message(), "changed") != NULL);
    /* It ended anyway: its handle is stale. */
    EXPECT(ga_recorder_discard(recorder) == GA_ERROR_INVALID_HANDLE);
    EXPECT(ga_environment_destroy(env) == GA_OK);

    /* A recording whose environment is destroyed cannot be written. */
    build(&env, &inner_pan);
    EXPECT(ga_recorder_start(env, "destroyed", &recorder) == GA_OK);
    EXPECT(ga_environment_destroy(env) == GA_OK);
    EXPECT(ga_recorder_finish(recorder, path) == GA_ERROR_CANNOT_RECORD);

    /* Discarding; finishing to NULL or to a folder that does not exist. */
    build(&env, &inner_pan);
    EXPECT(ga_recorder_start(env, "discarded", &recorder) == GA_OK);
    EXPECT(ga_recorder_discard(recorder) == GA_OK);
    EXPECT(ga_recorder_discard(recorder) == GA_ERROR_INVALID_HANDLE);
    EXPECT(ga_recorder_start(env, "no path", &recorder) == GA_OK);
    EXPECT(ga_recorder_finish(recorder, NULL) == GA_ERROR_NULL_ARGUMENT);
    EXPECT(ga_recorder_finish(recorder, path) == GA_ERROR_INVALID_HANDLE);
    EXPECT(ga_recorder_start(env, "bad path", &recorder) == GA_OK);
    EXPECT(ga_recorder_finish(recorder, "/nonexistent-folder/run.json") == GA_ERROR_IO);
    EXPECT(ga_environment_destroy(env) == GA_OK);

    /* A run with a delegate's answer, the trace callback set before recording still called. */
    build(&env, &inner_pan);
    /* The inner pan gets a name, which the file keeps as its id; the outer one stays gesture1. */
    EXPECT(ga_recognizer_set_name(inner_pan, "list") == GA_OK);
    ga_view rows;
    EXPECT(ga_recognizer_get_view(inner_pan, &rows) == GA_OK);
    EXPECT(ga_view_set_name(rows, "rows") == GA_OK);
    EXPECT(ga_view_set_name(rows, NULL) == GA_OK);
    EXPECT(ga_view_set_name(rows, "rows") == GA_OK);
    EXPECT(ga_recognizer_set_name((ga_recognizer){ 0 }, "stale") == GA_ERROR_INVALID_HANDLE);
    EXPECT(ga_recognizer_set_name(inner_pan, "\xff\xfe") == GA_ERROR_INVALID_ARGUMENT);
        EXPECT(ga_environment_set_trace_callback(env, count_trace, NULL) == GA_OK);
    EXPECT(ga_environment_advance_to(env, 2500000000) == GA_OK);
    EXPECT(ga_recorder_start(env, "two pans recognizing together, from C", &recorder) == GA_OK);
    int64_t t = 2500000000;
    EXPECT(touch(env, t, 7, GA_PHASE_BEGAN, 100, 200) == GA_OK);
    for (int step = 1; step <= 4; step++) {
        EXPECT(touch(env, t + step * 20000000, 7, GA_PHASE_MOVED, 100, 200 + step * 10) == GA_OK);
    }
    EXPECT(touch(env, t + 100000000, 7, GA_PHASE_ENDED, 100, 240) == GA_OK);
    EXPECT(ga_environment_advance_to(env, t + 1000000000) == GA_OK);
    EXPECT(ga_recorder_finish(recorder, path) == GA_OK);
    EXPECT(trace_events > 0);
    EXPECT(ga_environment_destroy(env) == GA_OK);

    static char text[8192];
    if (read_text(path, text, sizeof text)) {
        EXPECT(strstr(text, "\"simultaneous\": [[\"list\", \"gesture1\"]]") != NULL);
        EXPECT(strstr(text, "\"0.020 gesture gesture1 began\"") != NULL);
        EXPECT(strstr(text, "\"0.020 gesture list began\"") != NULL);
        EXPECT(strstr(text, "{ \"id\": \"rows\", \"parent\": \"view1\"") != NULL);
    }

    /* Values the format cannot hold are refused while recording, never written (issue 26). */
    ga_environment bad;
    ga_window zero;
    EXPECT(ga_environment_create(NULL, &bad) == GA_OK);
    EXPECT(ga_window_create(bad, 0, 0, &zero) == GA_OK);
    EXPECT(ga_recorder_start(bad, "zero window", &recorder) == GA_ERROR_CANNOT_RECORD);
    EXPECT(strstr(ga_last_error_message(), "window cannot be recorded: its size is 0.0 x 0.0") != NULL);
    EXPECT(ga_environment_destroy(bad) == GA_OK);
    ga_view view;
    bad = one_view(-10, 50, &view);
    EXPECT(ga_recorder_start(bad, "negative view", &recorder) == GA_ERROR_CANNOT_RECORD);
    EXPECT(strstr(ga_last_error_message(), "its size is -10.0 x 50.0") != NULL);
    EXPECT(ga_environment_destroy(bad) == GA_OK);
    bad = one_view(400, 800, &view);
    EXPECT(ga_recorder_start(bad, "huge touch id", &recorder) == GA_OK);
    EXPECT(touch(bad, 0, 1000000000000000, GA_PHASE_BEGAN, 10, 10) == GA_OK);
    EXPECT(touch(bad, 1000000, 1000000000000000, GA_PHASE_ENDED, 10, 10) == GA_OK);
    EXPECT(ga_recorder_finish(recorder, path) == GA_ERROR_CANNOT_RECORD);
    EXPECT(strstr(ga_last_error_message(), "touch id 1000000000000000 at 0.0 s is too large") != NULL);
    EXPECT(ga_environment_destroy(bad) == GA_OK);

    /* A finish from inside an action callback is refused (the pass is running) and the
     * recording goes on; finished after the call, the file has the whole run. */
    char action_path[4096];
    snprintf(action_path, sizeof action_path, "%s/finish-in-action.json", argv[1]);
    ga_recognizer tap;
    bad = one_view(400, 800, &view);
    EXPECT(ga_tap_recognizer_create(view, 1, 1, &tap) == GA_OK);
    EXPECT(ga_environment_set_action_callback(bad, finish_from_action, NULL) == GA_OK);
    EXPECT(ga_recorder_start(bad, "finish from an action", &recorder) == GA_OK);
    finishing_recorder = recorder;
    finishing_path = action_path;
    EXPECT(touch(bad, 0, 1, GA_PHASE_BEGAN, 10, 10) == GA_OK);
    EXPECT(touch(bad, 50000000, 1, GA_PHASE_ENDED, 10, 10) == GA_OK);
    EXPECT(finish_attempts == 1 && finish_in_action == GA_ERROR_BUSY);
    EXPECT(ga_recorder_finish(recorder, action_path) == GA_OK);
    EXPECT(ga_environment_destroy(bad) == GA_OK);

    /* A scroll view: a press held on its button past the content delay, then dragged; the
     * callback's yes lets the drag take the button's touch and scroll (R241). The file has the
     * scroll view, its answer and the scroll lines. */
    char scroll_path[4096];
    snprintf(scroll_path, sizeof scroll_path, "%s/scroll-view.json", argv[1]);
    ga_view list;
    bad = scroll_list(&list);
    EXPECT(ga_recorder_start(bad, "a drag takes a button's touch in a scroll view", &recorder) == GA_OK);
    EXPECT(touch(bad, 0, 1, GA_PHASE_BEGAN, 100, 230) == GA_OK);
    EXPECT(touch(bad, 250000000, 1, GA_PHASE_MOVED, 100, 212) == GA_OK);
    EXPECT(touch(bad, 300000000, 1, GA_PHASE_MOVED, 100, 150) == GA_OK);
    EXPECT(touch(bad, 350000000, 1, GA_PHASE_ENDED, 100, 150) == GA_OK);
    EXPECT(ga_environment_advance_to(bad, 1000000000) == GA_OK);
    EXPECT(ga_recorder_finish(recorder, scroll_path) == GA_OK);
    if (read_text(scroll_path, text, sizeof text)) {
        EXPECT(strstr(text, "{ \"id\": \"list\", \"type\": \"scrollView\"") != NULL);
        EXPECT(strstr(text, "\"touchesShouldCancel\": true") != NULL);
        EXPECT(strstr(text, "\"0.250 scroll list offset 0.000,8.000\"") != NULL);
        EXPECT(strstr(text, "\"0.250 control buy touchCancel\"") != NULL);
    }
    /* An offset set outside a drag while recording, and an inset, cannot be written. */
    EXPECT(ga_recorder_start(bad, "moved by the host", &recorder) == GA_OK);
    EXPECT(ga_scroll_view_set_content_offset(list, 0, 100) == GA_OK);
    EXPECT(ga_recorder_finish(recorder, scroll_path) == GA_ERROR_CANNOT_RECORD);
    EXPECT(ga_scroll_view_set_content_inset(list, 20, 0, 0, 0) == GA_OK);
    EXPECT(ga_recorder_start(bad, "inset", &recorder) == GA_ERROR_CANNOT_RECORD);
    EXPECT(strstr(ga_last_error_message(), "contentInset") != NULL);
    EXPECT(ga_environment_destroy(bad) == GA_OK);

    if (failures) {
        fprintf(stderr, "recorder_test: %d checks failed\n", failures);
        return 1;
    }
    printf("recorder_test: every check passed\n");
    return 0;
}
