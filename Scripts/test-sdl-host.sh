#!/usr/bin/env bash
# Builds the recorder's C test (Tests/CRecorder/recorder_test.c) and replays the file it records;
# then builds the SDL2 host example (Examples/sdl-host/sdl-host.c) with clang against the C interface,
# outside SwiftPM (libsdl2-dev is not on every machine), runs it headless with its built-in script
# of input pushed through SDL's event queue, checks which recognizers fired and in what order, and
# replays the run it recorded with `gesture-trace --check` (the replay's log must equal the live
# one). Needs sdl2-config (Debian: apt-get install libsdl2-dev; .ci/run installs it when missing).
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
# The script: a double tap on the button (the double tap recognizes; the single tap fails, so
# sends nothing), a single tap (the double tap fails when its 0.35 s run out, then the single
# tap recognizes), then a drag on the scroll view (the pan begins, changes as often as SDL
# delivered moves, ends). Repeated "changed" lines count as one.
expected="action double-tap recognized
action single-tap recognized
action pan began
action pan changed
action pan ended"
actual=$(uniq "$out/actions.txt")
if [ "$actual" != "$expected" ]; then
  echo "sdl-host: the recognizers did not fire as expected"
  diff <(echo "$expected") <(echo "$actual") || true
  exit 1
fi
echo "sdl-host: the recognizers fired in the expected order ($(wc -l < "$out/actions.txt") actions)"
"$bin/gesture-trace" "$out/recorded.json" --check > "$out/replay.txt"
tail -n 1 "$out/replay.txt"
