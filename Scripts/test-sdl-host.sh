#!/usr/bin/env bash
# Builds the recorder's C test (Tests/CRecorder/recorder_test.c) and replays the file it records;
# then builds the SDL2 host example (Examples/sdl-host/sdl-host.c) with clang against the C interface,
# outside SwiftPM (libsdl2-dev is not on every machine), runs it headless with its built-in script
# of input pushed through SDL's event queue (fingers, then the mouse as a pointer: a right click,
# hover, a wheel step, a click drag, then a trackpad pinch and turn as SDL multigesture events),
# checks which recognizers fired with what scale and rotation, which buttons got their taps and
# how the list scrolled, in order, checks that the run it recorded is the whole run (the pointer
# part too: a click, hover, scroll and transform entries), and replays it with
# `gesture-trace --check` (the replay's log must equal the live one). Needs sdl2-config (Debian:
# apt-get install libsdl2-dev; .ci/run installs it when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sdl2-config >/dev/null || { echo "sdl2-config not found: install libsdl2-dev"; exit 1; }
swift build --product GestureArbiterC
swift build --product gesture-trace
bin=$(swift build --show-bin-path)
out=.build/sdl-host
mkdir -p "$out"
# shellcheck disable=SC2046 # sdl2-config prints several flags
${CC:-clang} -std=c11 -Wall -Wextra -Werror -I Sources/CGestureArbiter/include Examples/sdl-host/sdl-host.c \
  $(sdl2-config --cflags --libs) -L "$bin" -lGestureArbiterC -Wl,-rpath,"$bin" -o "$out/sdl-host"
# The recorder's C functions first, without SDL: their errors, and a run with a delegate's answer.
${CC:-clang} -std=c11 -Wall -Wextra -Werror -I Sources/CGestureArbiter/include Tests/CRecorder/recorder_test.c \
  -L "$bin" -lGestureArbiterC -Wl,-rpath,"$bin" -o "$out/recorder_test"
"$out/recorder_test" "$out"
"$bin/gesture-trace" "$out/simultaneous.json" --check | tail -n 1
"$bin/gesture-trace" "$out/finish-in-action.json" --check | tail -n 1
"$bin/gesture-trace" "$out/scroll-view.json" --check | tail -n 1
rm -f "$out/recorded.json"
SDL_VIDEODRIVER=${SDL_VIDEODRIVER:-dummy} SDL_AUDIODRIVER=dummy "$out/sdl-host" --headless --record "$out/recorded.json" \
  > "$out/actions.txt"
# The script, and what the rules say it prints (docs/semantics.md). On the button: a double tap
# (the double tap recognizes; the single tap fails, so it sends nothing), a single tap (the double
# tap fails when its 0.35 s run out, then the single tap recognizes). Then on the list, a scroll
# view at window y 240 whose content (12 rows of 80 pt) is taller than it, so it scrolls
# vertically (R232); row button k spans content y [80k + 10, 80k + 70):
# - a 50 ms tap at window (240, 500), content y 260: row 3. The lift comes before the 0.15 s
#   content delay, which lets the touch go at once (R237); the button gets its began and its end
#   together: touchDown, touchUpInside (R242, R206). The delay and the pan fail, with no action.
# - a finger drag starting at the same point, 12 pt up within 10 ms, then 12 pt every 20 ms to
#   window y 380: the scroll pan begins at the first move (10 pt along the scrollable axis,
#   R240), before the delay lets the touch go, so it takes the touch and row 3 never hears of it
#   (R241, R67): no control line. The list handles its pan's action before the host's (R245):
#   will-begin-dragging, then the pan began, changed as often as SDL delivered moves, and at the
#   lift did-end-dragging, then the pan ended. The offset is 0 minus the translation, 120 pt up
#   less the 10 pt of hysteresis (R95): 110.
# - a tap at the same window point: the content has moved 110 pt up, so the point is content
#   y 260 + 110 = 370, row 4 (330 to 390): it is row 4 that gets touchDown and touchUpInside.
# Then the mouse, a pointer (docs/semantics.md "Pointer input"):
# - a right click on the button: a click is a touch of type indirectPointer (R260, R261) holding
#   the secondary button (R262); the taps take primary clicks only (R263, R280), so neither sees
#   it and the double tap and single tap send nothing; the button view gets the click, began and
#   ended (the host prints the clicks its button view gets).
# - the mouse enters the window where it was, over the button: its hover recognizer begins
#   (R267, R268); two moves over the button: changed; a move over the list: the button is no
#   longer under the pointer, hover ends (R268).
# - a wheel step down over the list: a discrete scroll began carrying a finger's movement of
#   (0, -40), then an ended (R283). The list's pan takes every scroll type (R273, R275); the
#   discrete began moves its virtual finger at once with the hysteresis 10 x 0.0001 = 0.001 pt
#   (R274), so the pan begins and the offset moves by 40 - 0.001: 110 + 39.999 = 149.999 (R245);
#   the ended ends the drag and the pan (no changed).
# - a fast left-button drag on the list, as the finger drag (the pan takes primary clicks, R263;
#   the moves while the button is held are the click's moves, R261): 120 pt up less the 10 pt of
#   hysteresis, so the offset goes from 149.999 to 259.999.
# - the mouse leaves the window: no hover recognizer is active, nothing is printed.
# Then a trackpad (docs/semantics.md "Pointer input"; the host's mapping is in its header):
# - the mouse comes back over the photo (a move while out enters): the hover recognizer is the
#   button's, not under the pointer, so nothing is printed.
# - four multigesture events of touch device 2, each a spread (dDist) of 2/1024 and a turn
#   (dTheta) of -16/1024 rad (anticlockwise: SDL's dTheta is clockwise positive on screen, as the
#   engine's rotation). The first begins a transform at the pointer, over the photo: its pinch
#   and rotation bind (R277, R291). After event k the host sends the totals: scale 1 + (2k/1024)
#   / 0.125 = 1 + k/64 and rotation -k/64.
#   The pinch reads the scale as two fingers 100 pt apart with a 2 pt dead zone (R292): at k = 1,
#   101.5625 pt is within it; at k = 2, 103.125 pt is past it: the pinch begins with the dead
#   zone taken out, 103.125 / 102 = 1.0110; then 104.6875 / 102 = 1.0263 and 106.25 / 102 =
#   1.0417. The rotation's pointer threshold is 1 degree, 0.017453 rad (R293): at k = 1, 0.015625
#   is within it; at k = 2 the rotation begins with the degree taken out, -0.03125 + 0.017453 =
#   -0.0138; then -0.0294 and -0.0450. The pinch's delegate lets it recognize with the rotation
#   (R45), so both begin in the same pass, the pinch's action first (added first to the same view,
#   R28).
# - no more events: device 2 is not one SDL knows, so the gesture ends 150 ms after its last
#   event (the host's timeout): the transform's ended ends both, pinch first (R291).
# - the mouse leaves the window: nothing is printed.
# Repeated "changed" lines count as one.
expected="action double-tap recognized
action single-tap recognized
control row3 touchDown
control row3 touchUpInside
scroll list will-begin-dragging
action pan began
action pan changed
scroll list did-end-dragging offset 0,110
action pan ended
control row4 touchDown
control row4 touchUpInside
view button began click
view button ended click
action hover began
action hover changed
action hover ended
scroll list will-begin-dragging
action pan began
scroll list did-end-dragging offset 0,149.999
action pan ended
scroll list will-begin-dragging
action pan began
action pan changed
scroll list did-end-dragging offset 0,259.999
action pan ended
action pinch began scale 1.0110
action rotation began rotation -0.0138
action pinch changed scale 1.0263
action rotation changed rotation -0.0294
action pinch changed scale 1.0417
action rotation changed rotation -0.0450
action pinch ended scale 1.0417
action rotation ended rotation -0.0450"
actual=$(uniq "$out/actions.txt")
if [ "$actual" != "$expected" ]; then
  echo "sdl-host: the recognizers, the buttons and the list did not do as expected"
  diff <(echo "$expected") <(echo "$actual") || true
  exit 1
fi
echo "sdl-host: the recognizers, the buttons and the list did as expected ($(wc -l < "$out/actions.txt") lines)"
# The host records its whole run, so the file holds the pointer part (docs/scenario-format.md,
# "Input"): the clicks are touches of type indirectPointer; the mouse's hover, the wheel step and
# the trackpad gesture are hover, scroll and transform entries. The patterns take an input entry
# only (a gesture's "type": "hover" or id "hover" is not one).
recorded_entry() { # what the entry is, an extended regular expression that finds it
  grep -Eq -- "$2" "$out/recorded.json" && return
  echo "sdl-host: the recording ($out/recorded.json) holds no $1: it lost the pointer part of the run"
  exit 1
}
recorded_entry "click (a touch of type indirectPointer)" '"touches": \[.*"type": "indirectPointer"'
recorded_entry "hover entry" '"t": [0-9.e+-]+, "hover": \{'
recorded_entry "scroll entry" '"t": [0-9.e+-]+, "scroll": \{'
recorded_entry "transform entry" '"t": [0-9.e+-]+, "transform": \{'
echo "sdl-host: the recording holds the pointer part (a click, hover, scroll and transform entries)"
"$bin/gesture-trace" "$out/recorded.json" --check > "$out/replay.txt"
tail -n 1 "$out/replay.txt"
