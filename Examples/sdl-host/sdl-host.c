/*
 * sdl-host.c: GestureArbiter inside a real toolkit's event loop (SDL2), through its C interface.
 *
 * The scene: a button with a single tap that waits for a double tap to fail and a hover
 * recognizer, beside it a photo with a pinch and a rotation recognizer that may recognize
 * together, above a scrolling list (a scroll view) whose rows are buttons. SDL's finger events
 * become touch events (direct touches); its mouse is a pointer (docs/semantics.md "Pointer
 * input"): a button going down, the moves while one is held and the last going up are a click
 * (a touch of type GA_TOUCH_TYPE_INDIRECT_POINTER) holding the buttons down (left primary, right
 * secondary, middle button 3) and SDL's key modifiers as modifier flags; a move with no button
 * down is hover (entered when the mouse enters the window, SDL_WINDOWEVENT_ENTER, at the last
 * position the host knows; exited at SDL_WINDOWEVENT_LEAVE); a wheel step is a discrete scroll
 * tick (a began carrying 40 pt per step, then an ended, R283). SDL's event timestamps are the
 * engine's clock, and SDL timers run the engine's timers (a host-owned scheduler). The window
 * shows the views, lights the button in the colour of the tap that fired and the row button last
 * tapped, scales and turns the photo with its pinch and rotation, moves the rows with the list's
 * content offset, and names the last action in its title. Standard output gets every action,
 * `action <recognizer> <state>` (a pinch's with `scale <s>`, a rotation's with `rotation
 * <radians>`), the clicks the button view gets, `view button <phase> click`, the row buttons'
 * touchDown, touchUpInside and touchCancel, `control <row> <event>`, and the start and end of
 * each drag or scroll of the list, `scroll list will-begin-dragging` and
 * `scroll list did-end-dragging offset <x>,<y>`.
 *
 * Trackpad pinch and rotation: SDL_MULTIGESTURE events become transform input
 * (ga_environment_dispatch_transform, R277, R291-R293), which acts at the pointer as a
 * trackpad's gestures do. SDL sends a multigesture event at every move of a finger while two or
 * more are down on a touch device: dDist is the change of that finger's distance from the
 * fingers' centroid and dTheta its turn about it, in radians, both in the device's normalized
 * coordinates (x right, y down, width and height 1), so a positive dTheta turns clockwise on
 * screen (SDL computes atan2 of the cross and dot products of the finger's old and new offsets
 * from the centroid, in those y-down coordinates). The first multigesture event of a gesture
 * sends a began (scale 1, rotation 0) at the mouse pointer, then each event, that first one
 * included, sends a changed with SDL's totals since the began:
 *   scale = 1 + (sum of dDist) / PINCH_RADIUS   (at least MIN_SCALE)
 *   rotation = sum of dTheta                    (clockwise positive already: no sign change)
 * PINCH_RADIUS reads the fingers as starting 0.125 of the device from their centroid, a quarter
 * of the device apart (about 3 cm on a 12 cm trackpad, the usual start of a pinch): two fingers
 * spreading to half the device apart double the scale. SDL gives no start distance and no end,
 * so the host decides both: the gesture ends when its fingers lift (an SDL_FINGERUP of the
 * device that leaves fewer than two fingers down) on a trackpad SDL reports fingers of, and
 * after TRANSFORM_IDLE_MS without a multigesture event on a device SDL does not know (events
 * pushed by a program, as the headless script's). A two-finger scroll also makes multigesture
 * events; its spread and turn stay near 0, so the pinch and the rotation stay within their
 * thresholds and fail at its end.
 * Not delivered twice: SDL also makes multigesture events of a touchscreen's fingers, which
 * already reach the engine as direct touches (and its pinch and rotation recognizers through
 * them). So a multigesture event becomes transform input only when its device is not a
 * touchscreen (SDL_GetTouchDeviceType is not SDL_TOUCH_DEVICE_DIRECT) and no finger is down as a
 * direct touch. A trackpad's own finger events (SDL_TOUCH_DEVICE_INDIRECT_ABSOLUTE or _RELATIVE:
 * positions on the pad, not on the screen) are not touches; they only end its gesture. Fingers of
 * any other device, a device SDL does not know included, are direct touches.
 *
 *   sdl-host [--headless] [--record FILE]
 *     --headless     plays a built-in script of input through SDL's own event queue
 *                    (SDL_PushEvent), then quits: for CI, with SDL_VIDEODRIVER=dummy.
 *     --record FILE  records the whole run (touches, clicks, hover, wheel steps and trackpad
 *                    gestures) and writes it as a scenario file when the loop ends; replay it
 *                    with `gesture-trace FILE --check`. The recorder refuses pointer input the
 *                    format cannot hold: a click with the middle or a side button; buttons
 *                    (another one pressed) or modifier keys that change during a click; hover
 *                    during a click (the mouse leaving or entering the window with a button
 *                    down). Then no file is written: the host says why and exits with status 1.
 *
 * Build (Scripts/test-sdl-host.sh does this and runs it headless):
 *   swift build --product GestureArbiterC
 *   clang -I Sources/CGestureArbiter/include Examples/sdl-host/sdl-host.c $(sdl2-config --cflags --libs) \
 *     -L .build/debug -lGestureArbiterC -Wl,-rpath,$PWD/.build/debug -o sdl-host
 */
#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gesture_arbiter_recorder.h"

enum { WIDTH = 480, HEIGHT = 640, MOUSE_TOUCH_ID = 1000, MAX_TIMERS = 64, MAX_FIRED = 12 };

/* One wheel step scrolls this many points (a finger's movement of the same size). */
enum { WHEEL_TICK = 40 };

/* A trackpad gesture's fingers start this far from their centroid, in the touch device's
 * normalized units: a pinch's scale is 1 + its spread (the sum of SDL's dDist) over this, kept
 * at least MIN_SCALE (the engine takes scales greater than 0). */
#define PINCH_RADIUS 0.125
#define MIN_SCALE 0.01

/* A multigesture from a device SDL reports no fingers of ends after this long without another. */
enum { TRANSFORM_IDLE_MS = 150 };

/* The button and the photo beside it: (x, y, width, height) in window points. */
enum { BUTTON_X = 40, BUTTON_Y = 40, BUTTON_WIDTH = 260, BUTTON_HEIGHT = 160 };
enum { PHOTO_X = 320, PHOTO_Y = 40, PHOTO_WIDTH = 120, PHOTO_HEIGHT = 160 };

/* The list: a scroll view at (0, LIST_Y, WIDTH, LIST_HEIGHT) whose content is ROWS rows of
 * ROW_HEIGHT points, each a button inset 10 points from its row's top and bottom. */
enum { LIST_Y = 240, LIST_HEIGHT = 400, ROWS = 12, ROW_HEIGHT = 80 };

/* Stops with the library's message when a call fails. */
static void check(ga_result result, const char *what) {
    if (result != GA_OK) {
        fprintf(stderr, "sdl-host: %s failed: %s (%s)\n", what, ga_result_name(result), ga_last_error_message());
        exit(1);
    }
}

/* ---- The scene ------------------------------------------------------------------------- */

struct scene {
    ga_environment env;
    ga_window window;
    ga_view button, photo, list, rows[ROWS];
    ga_recognizer single_tap, double_tap, hover, pinch, rotation, pan, delay;
    SDL_Window *sdl_window; /* its title names the last action */
    ga_recorder recorder;   /* while recording (recording true) */
    bool recording;
    const char *record_path;
    double list_offset;     /* the list's content offset (y), for drawing */
    double photo_scale, photo_rotation; /* the photo's size and turn after the gestures that ended */
    double pinch_scale, rotation_radians; /* the running pinch's scale and rotation's turn (1, 0 when none) */
    int tapped_row;         /* the row button last tapped, -1 for none */
    int fired_colour[MAX_FIRED]; /* the last actions, as colour indices, newest last */
    int fired_count;
    bool dirty;
};

static const char *const row_names[ROWS] = { "row0", "row1", "row2", "row3", "row4", "row5",
                                             "row6", "row7", "row8", "row9", "row10", "row11" };

static const char *recognizer_name(const struct scene *scene, ga_recognizer recognizer) {
    if (recognizer.bits == scene->single_tap.bits) return "single-tap";
    if (recognizer.bits == scene->double_tap.bits) return "double-tap";
    if (recognizer.bits == scene->pan.bits) return "pan";
    if (recognizer.bits == scene->delay.bits) return "delay";
    if (recognizer.bits == scene->hover.bits) return "hover";
    if (recognizer.bits == scene->pinch.bits) return "pinch";
    if (recognizer.bits == scene->rotation.bits) return "rotation";
    return "?";
}

static const char *state_name(ga_state state, bool discrete) {
    switch (state) {
    case GA_STATE_BEGAN: return "began";
    case GA_STATE_CHANGED: return "changed";
    case GA_STATE_ENDED: return discrete ? "recognized" : "ended";
    case GA_STATE_CANCELLED: return "cancelled";
    default: return "?";
    }
}

/* The photo's pinch or rotation sent its action: the value to print after it (" scale 1.0110",
 * " rotation -0.0138"); the photo follows it, and keeps it when the gesture ends. */
static void photo_gesture(struct scene *scene, ga_recognizer recognizer, ga_state state, char *value, size_t size) {
    bool done = state == GA_STATE_ENDED || state == GA_STATE_CANCELLED;
    if (recognizer.bits == scene->pinch.bits) {
        check(ga_pinch_get_scale(recognizer, &scene->pinch_scale), "ga_pinch_get_scale");
        snprintf(value, size, " scale %.4f", scene->pinch_scale);
        if (state == GA_STATE_ENDED) scene->photo_scale *= scene->pinch_scale;
        if (done) scene->pinch_scale = 1;
    } else {
        check(ga_rotation_get_rotation(recognizer, &scene->rotation_radians), "ga_rotation_get_rotation");
        snprintf(value, size, " rotation %.4f", scene->rotation_radians);
        if (state == GA_STATE_ENDED) scene->photo_rotation += scene->rotation_radians;
        if (done) scene->rotation_radians = 0;
    }
}

/* A recognizer sent its action: print it, remember it for drawing. */
static void on_action(void *user_data, ga_recognizer recognizer, ga_state state) {
    struct scene *scene = user_data;
    bool photo = recognizer.bits == scene->pinch.bits || recognizer.bits == scene->rotation.bits;
    bool discrete = recognizer.bits != scene->pan.bits && recognizer.bits != scene->hover.bits && !photo;
    const char *name = recognizer_name(scene, recognizer);
    char value[48] = "";
    if (photo) photo_gesture(scene, recognizer, state, value, sizeof value);
    printf("action %s %s%s\n", name, state_name(state, discrete), value);
    fflush(stdout);
    int colour = recognizer.bits == scene->double_tap.bits ? 1 : recognizer.bits == scene->single_tap.bits ? 2 : photo ? 4 : 3;
    if (scene->fired_count == MAX_FIRED) {
        memmove(scene->fired_colour, scene->fired_colour + 1, sizeof(int) * (MAX_FIRED - 1));
        scene->fired_count -= 1;
    }
    scene->fired_colour[scene->fired_count++] = colour;
    char title[128];
    snprintf(title, sizeof title, "GestureArbiter SDL host: %s %s", name, state_name(state, discrete));
    if (scene->sdl_window) SDL_SetWindowTitle(scene->sdl_window, title);
    scene->dirty = true;
}

/* A row button sent a control event: print it; a touchUpInside lights the row. */
static void on_row_event(void *user_data, ga_control_action action, ga_view control, ga_control_event event) {
    (void)action;
    struct scene *scene = user_data;
    for (int row = 0; row < ROWS; row++) {
        if (control.bits != scene->rows[row].bits) continue;
        const char *name = event == GA_CONTROL_EVENT_TOUCH_DOWN       ? "touchDown"
                           : event == GA_CONTROL_EVENT_TOUCH_UP_INSIDE ? "touchUpInside"
                                                                       : "touchCancel";
        printf("control %s %s\n", row_names[row], name);
        fflush(stdout);
        if (event == GA_CONTROL_EVENT_TOUCH_UP_INSIDE) scene->tapped_row = row;
    }
    scene->dirty = true;
}

/* The button view got a click (the mouse's touch): print it. Its taps take primary clicks only
 * (R263), so a right click reaches the view and no tap. */
static void on_delivery(void *user_data, ga_view view, ga_phase phase, const int64_t *ids, size_t count) {
    struct scene *scene = user_data;
    if (view.bits != scene->button.bits || count != 1 || ids[0] != MOUSE_TOUCH_ID) return;
    const char *name = phase == GA_PHASE_BEGAN ? "began" : phase == GA_PHASE_MOVED ? "moved" : phase == GA_PHASE_ENDED ? "ended" : "cancelled";
    printf("view button %s click\n", name);
    fflush(stdout);
}

/* The list scrolled, or a drag of it began or ended: follow the offset, print the drag. */
static void on_scroll(void *user_data, ga_view list, ga_scroll_event event) {
    struct scene *scene = user_data;
    double x, y;
    check(ga_scroll_view_get_content_offset(list, &x, &y), "ga_scroll_view_get_content_offset");
    scene->list_offset = y;
    if (event == GA_SCROLL_EVENT_WILL_BEGIN_DRAGGING) printf("scroll list will-begin-dragging\n");
    if (event == GA_SCROLL_EVENT_DID_END_DRAGGING) printf("scroll list did-end-dragging offset %g,%g\n", x, y);
    fflush(stdout);
    scene->dirty = true;
}

/* The pinch's delegate lets it recognize together with the rotation (one yes is enough, R45), as
 * a photo viewer's do: one two-finger gesture both scales and turns the photo. */
static bool photo_together(void *user_data, ga_recognizer pinch, ga_recognizer other) {
    const struct scene *scene = user_data;
    (void)pinch;
    return other.bits == scene->rotation.bits;
}

/* The button (a single tap that requires the double tap to fail, and a hover recognizer) and the
 * photo (a pinch and a rotation) above the list, a scroll view whose rows are buttons, in one
 * window of WIDTH x HEIGHT points. */
static void build_scene(struct scene *scene, const ga_scheduler *scheduler) {
    check(ga_environment_create(scheduler, &scene->env), "ga_environment_create");
    check(ga_window_create(scene->env, WIDTH, HEIGHT, &scene->window), "ga_window_create");
    check(ga_view_create(scene->env, BUTTON_X, BUTTON_Y, BUTTON_WIDTH, BUTTON_HEIGHT, &scene->button), "ga_view_create");
    check(ga_window_add_subview(scene->window, scene->button), "ga_window_add_subview");
    check(ga_tap_recognizer_create(scene->button, 1, 1, &scene->single_tap), "ga_tap_recognizer_create");
    check(ga_tap_recognizer_create(scene->button, 2, 1, &scene->double_tap), "ga_tap_recognizer_create");
    check(ga_recognizer_require_to_fail(scene->single_tap, scene->double_tap), "ga_recognizer_require_to_fail");
    check(ga_hover_recognizer_create(scene->button, &scene->hover), "ga_hover_recognizer_create");
    /* The photo: fingers on it pinch and turn it, and so does a trackpad with the pointer on it. */
    check(ga_view_create(scene->env, PHOTO_X, PHOTO_Y, PHOTO_WIDTH, PHOTO_HEIGHT, &scene->photo), "ga_view_create");
    check(ga_window_add_subview(scene->window, scene->photo), "ga_window_add_subview");
    check(ga_pinch_recognizer_create(scene->photo, &scene->pinch), "ga_pinch_recognizer_create");
    check(ga_rotation_recognizer_create(scene->photo, &scene->rotation), "ga_rotation_recognizer_create");
    ga_delegate together = { .should_recognize_simultaneously = photo_together, .user_data = scene };
    check(ga_recognizer_set_delegate(scene->pinch, &together), "ga_recognizer_set_delegate");
    scene->photo_scale = scene->pinch_scale = 1;
    /* The list: its content is taller than itself, so it scrolls vertically; its built-in
     * recognizers (the 0.15 s content delay and the scroll pan) come with it. */
    check(ga_scroll_view_create(scene->env, 0, LIST_Y, WIDTH, LIST_HEIGHT, &scene->list), "ga_scroll_view_create");
    check(ga_window_add_subview(scene->window, scene->list), "ga_window_add_subview");
    check(ga_scroll_view_set_content_size(scene->list, WIDTH, ROWS * ROW_HEIGHT), "ga_scroll_view_set_content_size");
    check(ga_scroll_view_get_pan_recognizer(scene->list, &scene->pan), "ga_scroll_view_get_pan_recognizer");
    check(ga_scroll_view_get_delay_recognizer(scene->list, &scene->delay), "ga_scroll_view_get_delay_recognizer");
    check(ga_scroll_view_set_scroll_callback(scene->list, on_scroll, scene), "ga_scroll_view_set_scroll_callback");
    ga_control_event events = GA_CONTROL_EVENT_TOUCH_DOWN | GA_CONTROL_EVENT_TOUCH_UP_INSIDE | GA_CONTROL_EVENT_TOUCH_CANCEL;
    for (int row = 0; row < ROWS; row++) {
        ga_control_action action;
        check(ga_control_create(scene->env, GA_CONTROL_KIND_BUTTON, 40, row * ROW_HEIGHT + 10, WIDTH - 80, ROW_HEIGHT - 20,
                                &scene->rows[row]), "ga_control_create");
        check(ga_view_add_subview(scene->list, scene->rows[row]), "ga_view_add_subview");
        check(ga_control_add_action(scene->rows[row], events, on_row_event, scene, &action), "ga_control_add_action");
        check(ga_view_set_name(scene->rows[row], row_names[row]), "ga_view_set_name");
    }
    scene->tapped_row = -1;
    /* Names: traces and recordings call the views and recognizers by them. */
    check(ga_view_set_name(scene->button, "button"), "ga_view_set_name");
    check(ga_view_set_name(scene->photo, "photo"), "ga_view_set_name");
    check(ga_view_set_name(scene->list, "list"), "ga_view_set_name");
    check(ga_recognizer_set_name(scene->single_tap, "single"), "ga_recognizer_set_name");
    check(ga_recognizer_set_name(scene->double_tap, "double"), "ga_recognizer_set_name");
    check(ga_recognizer_set_name(scene->hover, "hover"), "ga_recognizer_set_name");
    check(ga_recognizer_set_name(scene->pinch, "pinch"), "ga_recognizer_set_name");
    check(ga_recognizer_set_name(scene->rotation, "rotation"), "ga_recognizer_set_name");
    check(ga_environment_set_action_callback(scene->env, on_action, scene), "ga_environment_set_action_callback");
    check(ga_environment_set_delivery_callback(scene->env, on_delivery, scene), "ga_environment_set_delivery_callback");
}

/* ---- Time: SDL's timestamps and SDL timers ----------------------------------------------- */

/* SDL timestamps are milliseconds since SDL_Init; the engine's clock is nanoseconds since the
 * environment was made, which is right after SDL_Init: the two agree. */
static int64_t ticks_ns(Uint32 ticks) { return (int64_t)ticks * 1000000; }

static Uint32 timer_event; /* the SDL user event a due engine timer posts */

struct timers {
    uint64_t token[MAX_TIMERS];
    SDL_TimerID id[MAX_TIMERS];
};

/* Runs on SDL's timer thread: post the due token to the event loop (the engine's thread). */
static Uint32 timer_due(Uint32 interval, void *param) {
    (void)interval;
    SDL_Event event;
    SDL_zero(event);
    event.type = timer_event;
    event.user.data1 = param; /* the token */
    SDL_PushEvent(&event);
    return 0; /* one shot */
}

/* The engine asks for a timer at deadline_ns: an SDL timer posts it when due. */
static void schedule_timer(void *user_data, uint64_t token, int64_t deadline_ns) {
    struct timers *timers = user_data;
    int64_t delay_ns = deadline_ns - ticks_ns(SDL_GetTicks());
    Uint32 delay_ms = delay_ns <= 0 ? 1 : (Uint32)((delay_ns + 999999) / 1000000);
    for (int index = 0; index < MAX_TIMERS; index++) {
        if (timers->token[index] == 0) {
            timers->token[index] = token;
            timers->id[index] = SDL_AddTimer(delay_ms, timer_due, (void *)(uintptr_t)token);
            return;
        }
    }
    fprintf(stderr, "sdl-host: more than %d engine timers at once\n", MAX_TIMERS);
    exit(1);
}

/* The engine no longer wants the timer: remove its SDL timer. */
static void cancel_timer(void *user_data, uint64_t token) {
    struct timers *timers = user_data;
    for (int index = 0; index < MAX_TIMERS; index++) {
        if (timers->token[index] == token) {
            SDL_RemoveTimer(timers->id[index]);
            timers->token[index] = 0;
        }
    }
}

/* A posted timer is due: forget its slot and fire it (the engine moves its clock to the
 * deadline; a token it cancelled meanwhile does nothing). */
static void fire_timer(struct scene *scene, struct timers *timers, uint64_t token) {
    for (int index = 0; index < MAX_TIMERS; index++) {
        if (timers->token[index] == token) timers->token[index] = 0;
    }
    check(ga_environment_fire_timer(scene->env, token), "ga_environment_fire_timer");
}

/* ---- Recording ---------------------------------------------------------------------------- */

/* Writes the recording, if one runs, and stops it: when the loop ends, so the file holds the whole
 * run. The recording ends at the engine's time: move it to SDL's first, so the file's last entry
 * is the end of the run. */
static void finish_recording(struct scene *scene) {
    if (!scene->recording) return;
    scene->recording = false;
    int64_t now_ns, sdl_ns = (int64_t)SDL_GetTicks() * 1000000;
    check(ga_environment_now(scene->env, &now_ns), "ga_environment_now");
    if (sdl_ns > now_ns) check(ga_environment_advance_to(scene->env, sdl_ns), "ga_environment_advance_to");
    check(ga_recorder_finish(scene->recorder, scene->record_path), "ga_recorder_finish");
    fprintf(stderr, "sdl-host: recorded the run to %s\n", scene->record_path);
}

/* ---- Input: SDL events become touches, clicks, hover and scroll input ---------------------- */

/* The time of an input at SDL's timestamp. An event may reach the loop after a timer that fired
 * at a later deadline (the two come from different threads): its time is then the engine's. */
static int64_t input_time(struct scene *scene, Uint32 timestamp) {
    int64_t now_ns, time_ns = ticks_ns(timestamp);
    check(ga_environment_now(scene->env, &now_ns), "ga_environment_now");
    scene->dirty = true;
    return time_ns < now_ns ? now_ns : time_ns;
}

/* One touch event of one touch of `type`, holding `buttons` and `modifiers` (a finger: none). */
static void dispatch(struct scene *scene, Uint32 timestamp, int64_t id, ga_phase phase, double x, double y, ga_touch_type type,
                     ga_button_mask buttons, ga_key_modifier_flags modifiers) {
    ga_touch touch = { .id = id, .phase = phase, .x = x, .y = y };
    check(ga_environment_dispatch_typed(scene->env, input_time(scene, timestamp), &touch, 1, type, buttons, modifiers),
          "ga_environment_dispatch_typed");
}

/* One hover input at (x, y): the pointer entered the window, moved with no button down, or left. */
static void dispatch_hover(struct scene *scene, Uint32 timestamp, ga_hover_phase phase, double x, double y) {
    check(ga_environment_dispatch_hover(scene->env, input_time(scene, timestamp), phase, x, y), "ga_environment_dispatch_hover");
}

/* A wheel tick (R283): a discrete began carrying the finger's movement, then an ended. */
static void dispatch_wheel_tick(struct scene *scene, Uint32 timestamp, double x, double y, double dx, double dy) {
    int64_t time_ns = input_time(scene, timestamp);
    check(ga_environment_dispatch_scroll(scene->env, time_ns, GA_SCROLL_PHASE_BEGAN, GA_SCROLL_TYPE_DISCRETE, x, y, dx, dy),
          "ga_environment_dispatch_scroll");
    check(ga_environment_dispatch_scroll(scene->env, time_ns, GA_SCROLL_PHASE_ENDED, GA_SCROLL_TYPE_DISCRETE, x, y, 0, 0),
          "ga_environment_dispatch_scroll");
}

/* What the host knows of the mouse: the buttons down (a click goes on while any is), whether it
 * is in the window (a hover sequence goes on), and where it was last. */
struct mouse {
    ga_button_mask held;
    bool inside;
    double x, y;
};

/* What the host knows of two-finger gestures: whether a trackpad pinch or rotation goes on, the
 * touch device it comes from, SDL's sums of dDist and dTheta since it began and the time of its
 * latest multigesture event; and how many fingers are down as direct touches. */
struct trackpad {
    bool active;
    SDL_TouchID device;
    double spread, turn;
    Uint32 last_ms;
    int direct_fingers;
};

/* Whether SDL's touch device is a trackpad: its finger positions are on the pad, not the screen. */
static bool is_trackpad(SDL_TouchID device) {
    SDL_TouchDeviceType type = SDL_GetTouchDeviceType(device);
    return type == SDL_TOUCH_DEVICE_INDIRECT_ABSOLUTE || type == SDL_TOUCH_DEVICE_INDIRECT_RELATIVE;
}

/* One transform input at the pointer with the gesture's totals: the scale from the fingers'
 * spread (at least MIN_SCALE), the rotation SDL's turn, clockwise positive on screen as the
 * engine's. */
static void dispatch_transform(struct scene *scene, Uint32 timestamp, ga_transform_phase phase, const struct mouse *mouse,
                               const struct trackpad *trackpad) {
    double scale = 1 + trackpad->spread / PINCH_RADIUS;
    check(ga_environment_dispatch_transform(scene->env, input_time(scene, timestamp), phase, mouse->x, mouse->y,
                                            scale < MIN_SCALE ? MIN_SCALE : scale, trackpad->turn),
          "ga_environment_dispatch_transform");
}

/* A multigesture event: from a touchscreen, or while a finger is down as a direct touch, its
 * fingers already reach the engine as touches; otherwise the first of a gesture begins a
 * transform at the pointer, and each adds its spread and turn and sends the totals. */
static void multigesture(struct scene *scene, const SDL_MultiGestureEvent *gesture, const struct mouse *mouse,
                         struct trackpad *trackpad) {
    if (SDL_GetTouchDeviceType(gesture->touchId) == SDL_TOUCH_DEVICE_DIRECT || trackpad->direct_fingers > 0) return;
    if (trackpad->active && gesture->touchId != trackpad->device) return;
    if (!trackpad->active) {
        trackpad->active = true;
        trackpad->device = gesture->touchId;
        trackpad->spread = 0;
        trackpad->turn = 0;
        dispatch_transform(scene, gesture->timestamp, GA_TRANSFORM_PHASE_BEGAN, mouse, trackpad);
    }
    trackpad->spread += gesture->dDist;
    trackpad->turn += gesture->dTheta;
    trackpad->last_ms = gesture->timestamp;
    dispatch_transform(scene, gesture->timestamp, GA_TRANSFORM_PHASE_CHANGED, mouse, trackpad);
}

/* The trackpad gesture is over: its ended, with its last totals. */
static void end_transform(struct scene *scene, Uint32 timestamp, const struct mouse *mouse, struct trackpad *trackpad) {
    if (!trackpad->active) return;
    trackpad->active = false;
    dispatch_transform(scene, timestamp, GA_TRANSFORM_PHASE_ENDED, mouse, trackpad);
}

/* A gesture of a device SDL reports no fingers of ends TRANSFORM_IDLE_MS after its last event. */
static void end_idle_transform(struct scene *scene, const struct mouse *mouse, struct trackpad *trackpad) {
    Uint32 now = SDL_GetTicks();
    if (trackpad->active && !is_trackpad(trackpad->device) && now - trackpad->last_ms >= TRANSFORM_IDLE_MS) {
        end_transform(scene, now, mouse, trackpad);
    }
}

/* SDL's mouse button as a pointer button (R262): left primary, right secondary, middle button 3,
 * the side buttons 4 and 5. */
static ga_button_mask button_bit(Uint8 button) {
    switch (button) {
    case SDL_BUTTON_LEFT: return GA_BUTTON_PRIMARY;
    case SDL_BUTTON_RIGHT: return GA_BUTTON_SECONDARY;
    case SDL_BUTTON_MIDDLE: return GA_BUTTON(3);
    case SDL_BUTTON_X1: return GA_BUTTON(4);
    case SDL_BUTTON_X2: return GA_BUTTON(5);
    default: return 0;
    }
}

/* SDL's key modifiers as UIKit's modifier flags (R262). */
static ga_key_modifier_flags modifier_flags(SDL_Keymod mods) {
    ga_key_modifier_flags flags = 0;
    if (mods & KMOD_CAPS) flags |= GA_KEY_MODIFIER_ALPHA_SHIFT;
    if (mods & KMOD_SHIFT) flags |= GA_KEY_MODIFIER_SHIFT;
    if (mods & KMOD_CTRL) flags |= GA_KEY_MODIFIER_CONTROL;
    if (mods & KMOD_ALT) flags |= GA_KEY_MODIFIER_ALTERNATE;
    if (mods & KMOD_GUI) flags |= GA_KEY_MODIFIER_COMMAND;
    return flags;
}

/* A mouse button went down or up at (x, y): the first down begins the click, a change while one
 * is down moves it with the new buttons, the last up ends it (with no button). */
static void mouse_button(struct scene *scene, struct mouse *mouse, Uint32 timestamp, Uint8 button, bool down, double x, double y) {
    ga_button_mask bit = button_bit(button);
    if (bit == 0 || (down == ((mouse->held & bit) != 0))) return;
    ga_button_mask before = mouse->held;
    mouse->held = down ? before | bit : before & ~bit;
    mouse->x = x;
    mouse->y = y;
    ga_phase phase = before == 0 ? GA_PHASE_BEGAN : mouse->held == 0 ? GA_PHASE_ENDED : GA_PHASE_MOVED;
    dispatch(scene, timestamp, MOUSE_TOUCH_ID, phase, x, y, GA_TOUCH_TYPE_INDIRECT_POINTER, mouse->held,
             modifier_flags(SDL_GetModState()));
}

/* Fingers keep SDL's finger id and are direct touches, but for a trackpad's, whose lifting ends
 * its gesture; multigesture events of other than touchscreen fingers are transform input; the
 * mouse is a pointer. Mouse events SDL makes up from touches are skipped (the finger events carry
 * them). */
static void handle_input(struct scene *scene, const SDL_Event *event, struct mouse *mouse, struct trackpad *trackpad) {
    switch (event->type) {
    case SDL_FINGERDOWN:
    case SDL_FINGERMOTION:
    case SDL_FINGERUP: {
        if (is_trackpad(event->tfinger.touchId)) {
            if (event->type == SDL_FINGERUP && trackpad->active && event->tfinger.touchId == trackpad->device
                && SDL_GetNumTouchFingers(event->tfinger.touchId) < 2) {
                end_transform(scene, event->tfinger.timestamp, mouse, trackpad);
            }
            break;
        }
        ga_phase phase = event->type == SDL_FINGERDOWN ? GA_PHASE_BEGAN
                         : event->type == SDL_FINGERUP ? GA_PHASE_ENDED
                                                       : GA_PHASE_MOVED;
        dispatch(scene, event->tfinger.timestamp, (int64_t)event->tfinger.fingerId, phase, event->tfinger.x * WIDTH,
                 event->tfinger.y * HEIGHT, GA_TOUCH_TYPE_DIRECT, 0, 0);
        if (event->type == SDL_FINGERDOWN) trackpad->direct_fingers += 1;
        if (event->type == SDL_FINGERUP && trackpad->direct_fingers > 0) trackpad->direct_fingers -= 1;
        break;
    }
    case SDL_MULTIGESTURE:
        multigesture(scene, &event->mgesture, mouse, trackpad);
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        if (event->button.which == SDL_TOUCH_MOUSEID) break;
        mouse_button(scene, mouse, event->button.timestamp, event->button.button, event->type == SDL_MOUSEBUTTONDOWN,
                     event->button.x, event->button.y);
        break;
    case SDL_MOUSEMOTION:
        if (event->motion.which == SDL_TOUCH_MOUSEID) break;
        mouse->x = event->motion.x;
        mouse->y = event->motion.y;
        if (mouse->held != 0) {
            /* A button is down: the click moves. */
            dispatch(scene, event->motion.timestamp, MOUSE_TOUCH_ID, GA_PHASE_MOVED, mouse->x, mouse->y,
                     GA_TOUCH_TYPE_INDIRECT_POINTER, mouse->held, modifier_flags(SDL_GetModState()));
        } else {
            /* No button: hover; a move seen while out (no enter event came) enters. */
            dispatch_hover(scene, event->motion.timestamp, mouse->inside ? GA_HOVER_MOVED : GA_HOVER_ENTERED, mouse->x, mouse->y);
            mouse->inside = true;
        }
        break;
    case SDL_MOUSEWHEEL: {
        if (event->wheel.which == SDL_TOUCH_MOUSEID || (event->wheel.x == 0 && event->wheel.y == 0)) break;
        /* A finger's movement: wheel up (y > 0) shows what is above, as a finger dragging down;
         * wheel right (x > 0) as a finger dragging left. */
        double flip = event->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -1 : 1;
        dispatch_wheel_tick(scene, event->wheel.timestamp, event->wheel.mouseX, event->wheel.mouseY,
                            -flip * event->wheel.x * WHEEL_TICK, flip * event->wheel.y * WHEEL_TICK);
        break;
    }
    case SDL_WINDOWEVENT:
        if (event->window.event == SDL_WINDOWEVENT_ENTER && !mouse->inside) {
            /* SDL's enter event has no position: the last one the host knows. */
            dispatch_hover(scene, event->window.timestamp, GA_HOVER_ENTERED, mouse->x, mouse->y);
            mouse->inside = true;
        } else if (event->window.event == SDL_WINDOWEVENT_LEAVE && mouse->inside) {
            dispatch_hover(scene, event->window.timestamp, GA_HOVER_EXITED, mouse->x, mouse->y);
            mouse->inside = false;
        }
        break;
    default:
        break;
    }
}

/* ---- Drawing ------------------------------------------------------------------------------ */

static const SDL_Color colours[] = {
    { 60, 60, 70, 255 },   /* 0: idle */
    { 60, 190, 90, 255 },  /* 1: double tap */
    { 70, 120, 230, 255 }, /* 2: single tap, the row last tapped */
    { 230, 160, 40, 255 }, /* 3: the list's pan, its rows */
    { 170, 90, 210, 255 }, /* 4: the photo, its pinch and rotation */
};

static void fill(SDL_Renderer *renderer, SDL_Color colour, int x, int y, int w, int h) {
    SDL_SetRenderDrawColor(renderer, colour.r, colour.g, colour.b, colour.a);
    SDL_Rect rect = { x, y, w, h };
    SDL_RenderFillRect(renderer, &rect);
}

/* The photo, scaled and turned (clockwise for a positive angle, y pointing down) about its centre
 * by the gestures that ended and the ones running. */
static void draw_photo(SDL_Renderer *renderer, const struct scene *scene) {
    double scale = scene->photo_scale * scene->pinch_scale, angle = scene->photo_rotation + scene->rotation_radians;
    double cx = PHOTO_X + PHOTO_WIDTH / 2.0, cy = PHOTO_Y + PHOTO_HEIGHT / 2.0;
#if SDL_VERSION_ATLEAST(2, 0, 18)
    static const double corners[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
    SDL_Vertex vertices[4];
    for (int index = 0; index < 4; index++) {
        double x = corners[index][0] * PHOTO_WIDTH / 2 * scale, y = corners[index][1] * PHOTO_HEIGHT / 2 * scale;
        vertices[index] = (SDL_Vertex){ .position = { (float)(cx + x * SDL_cos(angle) - y * SDL_sin(angle)),
                                                      (float)(cy + x * SDL_sin(angle) + y * SDL_cos(angle)) },
                                        .color = colours[4] };
    }
    static const int triangles[6] = { 0, 1, 2, 0, 2, 3 };
    SDL_RenderGeometry(renderer, NULL, vertices, 4, triangles, 6);
#else
    /* SDL before 2.0.18 draws no turned shapes: the photo only scales. */
    (void)angle;
    fill(renderer, colours[4], (int)(cx - PHOTO_WIDTH / 2.0 * scale), (int)(cy - PHOTO_HEIGHT / 2.0 * scale),
         (int)(PHOTO_WIDTH * scale), (int)(PHOTO_HEIGHT * scale));
#endif
}

/* The button in the colour of the last tap that fired, the photo, the list's rows where its
 * content offset puts them (the row last tapped lit), and a strip of the last actions (one square
 * each, oldest first). */
static void draw(SDL_Renderer *renderer, const struct scene *scene) {
    fill(renderer, (SDL_Color){ 20, 20, 24, 255 }, 0, 0, WIDTH, HEIGHT);
    int button_colour = 0;
    for (int index = scene->fired_count - 1; index >= 0; index--) {
        if (scene->fired_colour[index] == 1 || scene->fired_colour[index] == 2) {
            button_colour = scene->fired_colour[index];
            break;
        }
    }
    fill(renderer, colours[button_colour], BUTTON_X, BUTTON_Y, BUTTON_WIDTH, BUTTON_HEIGHT);
    SDL_Rect clip = { 0, LIST_Y, WIDTH, LIST_HEIGHT };
    SDL_RenderSetClipRect(renderer, &clip);
    for (int row = 0; row < ROWS; row++) {
        int y = LIST_Y + row * ROW_HEIGHT + 10 - (int)scene->list_offset;
        fill(renderer, colours[row == scene->tapped_row ? 2 : 3], 40, y, WIDTH - 80, ROW_HEIGHT - 20);
    }
    SDL_RenderSetClipRect(renderer, NULL);
    draw_photo(renderer, scene);
    for (int index = 0; index < scene->fired_count; index++) {
        fill(renderer, colours[scene->fired_colour[index]], 40 + index * 34, 210, 28, 20);
    }
    SDL_RenderPresent(renderer);
}

/* ---- The headless script: input pushed through SDL's event queue -------------------------- */

struct step {
    Uint32 at_ms; /* after the script starts */
    Uint32 type;  /* SDL_FINGERDOWN/MOTION/UP, SDL_MOUSEBUTTONDOWN/MOTION/BUTTONUP, SDL_MOUSEWHEEL,
                   * SDL_WINDOWEVENT (enter or leave), SDL_MULTIGESTURE, or 0: quit */
    SDL_FingerID finger; /* a finger's id; a mouse button's SDL_BUTTON_*; a wheel's steps (y);
                          * a window event's SDL_WINDOWEVENT_*; a multigesture's touch device */
    int x, y;     /* window points; a multigesture's dDist and dTheta in 1/1024 of the device's
                   * size and of a radian (exact in SDL's floats) */
};

/* The touch part: a double tap on the button, a single tap on it; then, on the list, a quick
 * tap on a row button, a fast finger drag up that starts on that button, and a tap at the same
 * point. The pointer part: a right click on the button (its taps take primary clicks only, the
 * view gets it); the mouse enters the window where it was, over the button (its hover recognizer
 * begins), moves there (it changes) and on to the list (it ends); a wheel step down scrolls the
 * list; a fast mouse drag up scrolls it again; the mouse leaves. It comes back over the photo,
 * and two fingers on a trackpad (touch device 2, which SDL does not know: the gesture ends
 * 150 ms after its last event) spread and turn anticlockwise, four multigesture events of
 * 2/1024 and -16/1024 each; the mouse leaves. */
static const struct step script[] = {
    { 100, SDL_FINGERDOWN, 1, 240, 120 },  { 150, SDL_FINGERUP, 1, 240, 120 },
    { 230, SDL_FINGERDOWN, 2, 242, 121 },  { 280, SDL_FINGERUP, 2, 242, 121 },
    { 900, SDL_FINGERDOWN, 3, 240, 120 },  { 950, SDL_FINGERUP, 3, 240, 120 },
    { 1700, SDL_FINGERDOWN, 4, 240, 500 }, { 1750, SDL_FINGERUP, 4, 240, 500 },
    { 2400, SDL_FINGERDOWN, 6, 240, 500 }, { 2410, SDL_FINGERMOTION, 6, 240, 488 },
    { 2430, SDL_FINGERMOTION, 6, 240, 476 }, { 2450, SDL_FINGERMOTION, 6, 240, 464 },
    { 2470, SDL_FINGERMOTION, 6, 240, 452 }, { 2490, SDL_FINGERMOTION, 6, 240, 440 },
    { 2510, SDL_FINGERMOTION, 6, 240, 428 }, { 2530, SDL_FINGERMOTION, 6, 240, 416 },
    { 2550, SDL_FINGERMOTION, 6, 240, 404 }, { 2570, SDL_FINGERMOTION, 6, 240, 392 },
    { 2590, SDL_FINGERMOTION, 6, 240, 380 }, { 2610, SDL_FINGERUP, 6, 240, 380 },
    { 3200, SDL_FINGERDOWN, 5, 240, 500 }, { 3250, SDL_FINGERUP, 5, 240, 500 },
    { 3600, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_RIGHT, 240, 120 }, { 3650, SDL_MOUSEBUTTONUP, SDL_BUTTON_RIGHT, 240, 120 },
    { 3700, SDL_WINDOWEVENT, SDL_WINDOWEVENT_ENTER, 0, 0 },
    { 3750, SDL_MOUSEMOTION, 0, 250, 125 }, { 3800, SDL_MOUSEMOTION, 0, 260, 130 },
    { 3850, SDL_MOUSEMOTION, 0, 240, 520 },
    { 3950, SDL_MOUSEWHEEL, -1, 240, 520 },
    { 4300, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, 240, 520 }, { 4310, SDL_MOUSEMOTION, 0, 240, 508 },
    { 4330, SDL_MOUSEMOTION, 0, 240, 496 }, { 4350, SDL_MOUSEMOTION, 0, 240, 484 },
    { 4370, SDL_MOUSEMOTION, 0, 240, 472 }, { 4390, SDL_MOUSEMOTION, 0, 240, 460 },
    { 4410, SDL_MOUSEMOTION, 0, 240, 448 }, { 4430, SDL_MOUSEMOTION, 0, 240, 436 },
    { 4450, SDL_MOUSEMOTION, 0, 240, 424 }, { 4470, SDL_MOUSEMOTION, 0, 240, 412 },
    { 4490, SDL_MOUSEMOTION, 0, 240, 400 }, { 4510, SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, 240, 400 },
    { 4700, SDL_WINDOWEVENT, SDL_WINDOWEVENT_LEAVE, 0, 0 },
    { 4800, SDL_MOUSEMOTION, 0, 380, 120 },
    { 4900, SDL_MULTIGESTURE, 2, 2, -16 }, { 4920, SDL_MULTIGESTURE, 2, 2, -16 },
    { 4940, SDL_MULTIGESTURE, 2, 2, -16 }, { 4960, SDL_MULTIGESTURE, 2, 2, -16 },
    { 5300, SDL_WINDOWEVENT, SDL_WINDOWEVENT_LEAVE, 0, 0 },
    { 5500, 0, 0, 0, 0 },
};

/* Pushes one scripted step as the SDL event a real device would give. */
static void push_step(const struct step *step, Uint8 *buttons_down) {
    SDL_Event event;
    SDL_zero(event);
    event.type = step->type == 0 ? SDL_QUIT : step->type;
    switch (step->type) {
    case SDL_FINGERDOWN:
    case SDL_FINGERMOTION:
    case SDL_FINGERUP:
        event.tfinger.touchId = 1;
        event.tfinger.fingerId = step->finger;
        event.tfinger.x = (float)step->x / WIDTH;
        event.tfinger.y = (float)step->y / HEIGHT;
        event.tfinger.pressure = 1;
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        event.button.button = (Uint8)step->finger;
        event.button.state = step->type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
        event.button.x = step->x;
        event.button.y = step->y;
        if (step->type == SDL_MOUSEBUTTONDOWN) {
            *buttons_down |= (Uint8)SDL_BUTTON(step->finger);
        } else {
            *buttons_down &= (Uint8)~SDL_BUTTON(step->finger);
        }
        break;
    case SDL_MOUSEMOTION:
        event.motion.state = *buttons_down;
        event.motion.x = step->x;
        event.motion.y = step->y;
        break;
    case SDL_MOUSEWHEEL:
        event.wheel.y = (Sint32)step->finger;
        event.wheel.preciseY = (float)step->finger;
        event.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
        event.wheel.mouseX = step->x;
        event.wheel.mouseY = step->y;
        break;
    case SDL_WINDOWEVENT:
        event.window.event = (Uint8)step->finger;
        break;
    case SDL_MULTIGESTURE:
        event.mgesture.touchId = (SDL_TouchID)step->finger;
        event.mgesture.dDist = (float)step->x / 1024;
        event.mgesture.dTheta = (float)step->y / 1024;
        event.mgesture.x = 0.5f;
        event.mgesture.y = 0.5f;
        event.mgesture.numFingers = 2;
        break;
    default:
        break;
    }
    SDL_PushEvent(&event); /* SDL stamps it with SDL_GetTicks() */
}

/* ---- The event loop ------------------------------------------------------------------------ */

int main(int argc, char **argv) {
    bool headless = false;
    const char *record_path = NULL;
    for (int index = 1; index < argc; index++) {
        if (strcmp(argv[index], "--headless") == 0) {
            headless = true;
        } else if (strcmp(argv[index], "--record") == 0 && index + 1 < argc) {
            record_path = argv[++index];
        } else {
            fprintf(stderr, "usage: sdl-host [--headless] [--record FILE]\n");
            return 2;
        }
    }
    SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0");
    SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "sdl-host: SDL_Init failed: %s\n", SDL_GetError());
        return 1;
    }
    timer_event = SDL_RegisterEvents(1);
    SDL_Window *window = SDL_CreateWindow("GestureArbiter SDL host", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED,
                                          WIDTH, HEIGHT, 0);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE) : NULL;
    if (!renderer) {
        fprintf(stderr, "sdl-host: no window or renderer: %s\n", SDL_GetError());
        return 1;
    }

    /* The engine's clock starts now, at SDL's tick 0 plus what SDL_Init took: move it there. */
    static struct timers timers;
    ga_scheduler scheduler = { .schedule = schedule_timer, .cancel = cancel_timer, .user_data = &timers };
    static struct scene scene;
    build_scene(&scene, &scheduler);
    scene.sdl_window = window;
    check(ga_environment_advance_to(scene.env, ticks_ns(SDL_GetTicks())), "ga_environment_advance_to");

    if (record_path) {
        check(ga_recorder_start(scene.env, "SDL host run", &scene.recorder), "ga_recorder_start");
        scene.recording = true;
        scene.record_path = record_path;
    }

    Uint32 script_start = SDL_GetTicks();
    size_t next_step = 0;
    /* The mouse starts where SDL says it is, out of the window until SDL says it entered. */
    int mouse_x = 0, mouse_y = 0;
    SDL_GetMouseState(&mouse_x, &mouse_y);
    struct mouse mouse = { .held = 0, .inside = false, .x = mouse_x, .y = mouse_y };
    struct trackpad trackpad = { .active = false };
    Uint8 script_buttons = 0;
    bool running = true;
    scene.dirty = true;
    while (running) {
        if (headless) {
            while (next_step < sizeof script / sizeof script[0] && SDL_GetTicks() - script_start >= script[next_step].at_ms) {
                push_step(&script[next_step++], &script_buttons);
            }
        }
        SDL_Event event;
        if (SDL_WaitEventTimeout(&event, 5)) {
            do {
                if (event.type == SDL_QUIT || (event.type == SDL_KEYDOWN && event.key.keysym.sym == SDLK_ESCAPE)) {
                    running = false;
                } else if (event.type == timer_event) {
                    fire_timer(&scene, &timers, (uint64_t)(uintptr_t)event.user.data1);
                } else {
                    handle_input(&scene, &event, &mouse, &trackpad);
                }
            } while (running && SDL_PollEvent(&event));
        }
        end_idle_transform(&scene, &mouse, &trackpad);
        if (scene.dirty) {
            draw(renderer, &scene);
            scene.dirty = false;
        }
    }

    finish_recording(&scene);
    check(ga_environment_destroy(scene.env), "ga_environment_destroy");
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
