/*
 * gesture_arbiter_recorder.h: recording a live run of an environment as a scenario file, part of
 * the C interface of GestureArbiter (the library product GestureArbiterC). Include it after, or
 * instead of, gesture_arbiter.h (it includes that header).
 *
 * A recorder watches an environment while the host dispatches input and moves time as usual,
 * then writes what really happened as a scenario file (JSON, the format of
 * docs/scenario-format.md): the window's views and recognizers as they were when recording
 * started, the delegates' answers as they were observed, every input event with its time (in
 * seconds since the recording started: touches and clicks, hover, scroll and trackpad transform
 * input), and the run's timeline log as the file's "expect" list.
 * `gesture-trace FILE --check` replays the file and passes when the replay gives the same log.
 *
 * A view or recognizer named with ga_view_set_name or ga_recognizer_set_name keeps its name as
 * its id in the file when the name is unique and has no white space. The others are called
 * view1, view2, ... and gesture1, gesture2, ... in the order of the tree (the window's
 * recognizers first, then each view depth first, parents before children, siblings in the order
 * they were added), skipping the numbers a kept name already uses. A scroll view
 * (ga_scroll_view_create) is written as a "scrollView" entry with the content offset it had
 * when recording started; its built-in recognizers are called ID.delay and ID.pan, ID being the
 * scroll view's id, whatever their names (ga_recognizer_set_name).
 *
 * OWNERSHIP
 *   ga_recorder_start makes a recorder; ga_recorder_finish or ga_recorder_discard ends it and
 *   makes its handle stale, whatever they return. A recorder keeps its environment's engine
 *   alive until it ends, but calls none of the environment's callbacks.
 *
 * TRACE CALLBACK
 *   The recorder is the environment's tracer while it records, and passes every record on to the
 *   trace callback that was set when recording started. Set the trace callback before
 *   ga_recorder_start: setting it while recording detaches the recorder, and ga_recorder_finish
 *   then fails with GA_ERROR_CANNOT_RECORD.
 */
#ifndef GESTURE_ARBITER_RECORDER_H
#define GESTURE_ARBITER_RECORDER_H

#include "gesture_arbiter.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A recording in progress. The all-zero handle is never valid. */
typedef struct ga_recorder { uint64_t bits; } ga_recorder;

/* The recorder's result codes, besides those of gesture_arbiter.h. */
enum {
    /* The environment cannot be recorded now (it is busy, or has not exactly one window), or the
     * run cannot be written as a scenario that replays the same: the window changed while
     * recording (a scroll view's content offset set outside a drag included), a delegate's or a
     * scroll view's content-touch callback's answer to the same question changed, something in
     * the window has no field in the format or a value the format refuses (a window of zero
     * size, a view of negative size, a scroll view's content inset, bounces off or an
     * always-bounce, a touch id of magnitude 10^15 or more), or input the format cannot hold
     * (a touch neither GA_TOUCH_TYPE_DIRECT nor GA_TOUCH_TYPE_INDIRECT_POINTER; a click that
     * goes down holding a button other than GA_BUTTON_PRIMARY and GA_BUTTON_SECONDARY; buttons
     * or modifier flags that change while a click is down; a second click while one is down;
     * hover input while a click is down; a cancelled scroll or transform sequence).
     * ga_last_error_message() says which, naming the view, recognizer or touch, or the input's
     * time. A file ga_recorder_finish writes always reads back. */
    GA_ERROR_CANNOT_RECORD = 100,
    /* The scenario file could not be written; the message names the path and the reason. */
    GA_ERROR_IO = 101
};

/* Starts recording env, which must be idle (no touch down, no timer pending) and have exactly
 * one window; the recording's time 0 is the environment's current time. name: the scenario's
 * name (UTF-8, without control or bidirectional formatting characters: GA_ERROR_CANNOT_RECORD),
 * or NULL for "recorded run". Writes the recorder's handle to *out.
 * Errors: GA_ERROR_NULL_ARGUMENT (out), GA_ERROR_INVALID_HANDLE (env),
 * GA_ERROR_INVALID_ARGUMENT (name is not UTF-8), GA_ERROR_CANNOT_RECORD. */
ga_result ga_recorder_start(ga_environment env, const char *name, ga_recorder *out);

/* Stops recording and writes the scenario file to path (UTF-8), replacing any file there. The
 * file's input ends with an "idle" entry at the environment's current time, so the timers that
 * fired live fire in the replay too. The recorder ends whatever the result, except
 * GA_ERROR_BUSY: called from inside a callback of the recorded environment (a pass is running,
 * and the log would stop in its middle) or while another thread is inside a call on it, it
 * changes nothing and keeps recording; finish it after that call returns.
 * Errors: GA_ERROR_INVALID_HANDLE (recorder), GA_ERROR_BUSY, GA_ERROR_NULL_ARGUMENT (path),
 * GA_ERROR_CANNOT_RECORD (nothing is written), GA_ERROR_IO. */
ga_result ga_recorder_finish(ga_recorder recorder, const char *path);

/* Stops recording without writing anything. Errors: GA_ERROR_INVALID_HANDLE, GA_ERROR_BUSY (as
 * for ga_recorder_finish: the recorder keeps recording). */
ga_result ga_recorder_discard(ga_recorder recorder);

#ifdef __cplusplus
}
#endif

#endif /* GESTURE_ARBITER_RECORDER_H */
