#!/usr/bin/env python3
"""The double-tap demo through GestureArbiter's C interface, from Python (standard library only).

Loads libGestureArbiterC (build it with `swift build --product GestureArbiterC`), builds a card
with a single tap that needs a double tap to fail, plays two quick taps and a lone tap, prints the
timeline the callbacks give, and checks it against the lines the rules give (R51, R55, R60, R62,
R63, R67, R88): the double tap wins the first pair of taps, the lone tap is a single tap only
once the double tap has waited its 0.35 s for a second tap.

Usage: python3 Examples/python/double_tap.py [path/to/libGestureArbiterC.so]
       (default: .build/debug/libGestureArbiterC.so of this repository, or $GESTURE_ARBITER_LIB)
Exit status: 0 when the timeline is as expected, 1 otherwise.
"""
import ctypes
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_LIBRARY = os.path.join(HERE, "..", "..", ".build", "debug", "libGestureArbiterC.so")

GA_OK = 0
GA_PHASE_BEGAN, GA_PHASE_MOVED, GA_PHASE_STATIONARY, GA_PHASE_ENDED, GA_PHASE_CANCELLED = range(5)
PHASES = ["began", "moved", "stationary", "ended", "cancelled"]
GA_STATE_ENDED, GA_STATE_FAILED = 3, 5
STATES = ["possible", "began", "changed", "ended", "cancelled", "failed"]
GA_TRACE_HIT_TEST, GA_TRACE_STATE_CHANGED = 0, 1


# The handles: each a struct holding one 64-bit number, as in gesture_arbiter.h.
class Handle(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class Environment(Handle):
    pass


class Window(Handle):
    pass


class View(Handle):
    pass


class Recognizer(Handle):
    pass


class Touch(ctypes.Structure):
    _fields_ = [("id", ctypes.c_int64), ("phase", ctypes.c_int32), ("x", ctypes.c_double), ("y", ctypes.c_double)]


class TraceEvent(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_int32),
        ("time_ns", ctypes.c_int64),
        ("touch_id", ctypes.c_int64),
        ("view", View),
        ("recognizer", Recognizer),
        ("from_state", ctypes.c_int32),
        ("to_state", ctypes.c_int32),
        ("is_discrete", ctypes.c_bool),
    ]


ACTION = ctypes.CFUNCTYPE(None, ctypes.c_void_p, Recognizer, ctypes.c_int32)
DELIVERY = ctypes.CFUNCTYPE(None, ctypes.c_void_p, View, ctypes.c_int32, ctypes.POINTER(ctypes.c_int64), ctypes.c_size_t)
TRACE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(TraceEvent))


def load(path):
    lib = ctypes.CDLL(path)
    signatures = {
        "ga_environment_create": [ctypes.c_void_p, ctypes.POINTER(Environment)],
        "ga_environment_destroy": [Environment],
        "ga_environment_now": [Environment, ctypes.POINTER(ctypes.c_int64)],
        "ga_environment_advance_to": [Environment, ctypes.c_int64],
        "ga_environment_dispatch": [Environment, ctypes.c_int64, ctypes.POINTER(Touch), ctypes.c_size_t],
        "ga_environment_set_action_callback": [Environment, ACTION, ctypes.c_void_p],
        "ga_environment_set_delivery_callback": [Environment, DELIVERY, ctypes.c_void_p],
        "ga_environment_set_trace_callback": [Environment, TRACE, ctypes.c_void_p],
        "ga_window_create": [Environment, ctypes.c_double, ctypes.c_double, ctypes.POINTER(Window)],
        "ga_view_create": [Environment] + [ctypes.c_double] * 4 + [ctypes.POINTER(View)],
        "ga_window_add_subview": [Window, View],
        "ga_tap_recognizer_create": [View, ctypes.c_int32, ctypes.c_int32, ctypes.POINTER(Recognizer)],
        "ga_recognizer_require_to_fail": [Recognizer, Recognizer],
    }
    for name, arguments in signatures.items():
        function = getattr(lib, name)
        function.argtypes = arguments
        function.restype = ctypes.c_int32
    lib.ga_last_error_message.restype = ctypes.c_char_p
    lib.ga_last_error_message.argtypes = []
    return lib


def run(lib):
    def must(result):
        if result != GA_OK:
            raise RuntimeError("call failed (%d): %s" % (result, lib.ga_last_error_message().decode()))

    env = Environment()
    must(lib.ga_environment_create(None, ctypes.byref(env)))
    names = {}
    lines = []

    def append(text):
        now = ctypes.c_int64()
        must(lib.ga_environment_now(env, ctypes.byref(now)))
        lines.append("%d.%03d %s" % (now.value // 1_000_000_000, now.value % 1_000_000_000 // 1_000_000, text))

    # Both recognizers are taps (discrete): their ended state reads "recognized".
    def on_action(_user, recognizer, state):
        append("gesture %s %s" % (names.get(recognizer.bits, "?"), "recognized" if state == GA_STATE_ENDED else STATES[state]))

    def on_delivery(_user, view, phase, ids, count):
        append("view %s %s %s" % (names.get(view.bits, "?"), PHASES[phase], ",".join(str(ids[i]) for i in range(count))))

    def on_trace(_user, event_pointer):
        event = event_pointer.contents
        if event.kind == GA_TRACE_HIT_TEST:
            append("touch %d hit %s" % (event.touch_id, names.get(event.view.bits, "none")))
        elif event.kind == GA_TRACE_STATE_CHANGED and event.to_state == GA_STATE_FAILED:
            append("gesture %s failed" % names.get(event.recognizer.bits, "?"))

    # Keep the callback objects alive as long as the environment may call them.
    callbacks = (ACTION(on_action), DELIVERY(on_delivery), TRACE(on_trace))
    must(lib.ga_environment_set_action_callback(env, callbacks[0], None))
    must(lib.ga_environment_set_delivery_callback(env, callbacks[1], None))
    must(lib.ga_environment_set_trace_callback(env, callbacks[2], None))

    window, card, single, double = Window(), View(), Recognizer(), Recognizer()
    must(lib.ga_window_create(env, 400, 800, ctypes.byref(window)))
    must(lib.ga_view_create(env, 20, 100, 200, 200, ctypes.byref(card)))
    must(lib.ga_window_add_subview(window, card))
    must(lib.ga_tap_recognizer_create(card, 1, 1, ctypes.byref(single)))
    must(lib.ga_tap_recognizer_create(card, 2, 1, ctypes.byref(double)))
    must(lib.ga_recognizer_require_to_fail(single, double))
    names.update({card.bits: "card", single.bits: "single", double.bits: "double"})

    for seconds, touch_id, phase, x, y in [
        (0.000, 1, GA_PHASE_BEGAN, 100, 200),
        (0.080, 1, GA_PHASE_ENDED, 100, 200),
        (0.200, 2, GA_PHASE_BEGAN, 102, 201),
        (0.280, 2, GA_PHASE_ENDED, 102, 201),
        (1.000, 3, GA_PHASE_BEGAN, 100, 200),
        (1.080, 3, GA_PHASE_ENDED, 100, 200),
    ]:
        touch = Touch(touch_id, phase, x, y)
        must(lib.ga_environment_dispatch(env, round(seconds * 1e9), ctypes.byref(touch), 1))
    must(lib.ga_environment_advance_to(env, 2_000_000_000))
    must(lib.ga_environment_destroy(env))
    return lines


# From the rules: the double tap recognizes at 0.280, so the single tap fails and touch 1 is
# cancelled in the card (R55, R62, R67); touch 2's began was withheld and is dropped (R63). The
# lone tap waits for the double tap to fail at 1.080 + 0.350 (R60, R88).
EXPECTED = [
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
]


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("GESTURE_ARBITER_LIB", DEFAULT_LIBRARY)
    lines = run(load(path))
    for line in lines:
        print(line)
    if lines != EXPECTED:
        print("double_tap.py: the timeline differs from the expected one:", file=sys.stderr)
        for index in range(max(len(lines), len(EXPECTED))):
            got = lines[index] if index < len(lines) else "(no line)"
            want = EXPECTED[index] if index < len(EXPECTED) else "(no line)"
            if got != want:
                print("  line %d: expected %r, got %r" % (index + 1, want, got), file=sys.stderr)
        return 1
    print("double_tap.py: the timeline is as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
