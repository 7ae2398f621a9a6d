#!/usr/bin/env bash
# Instructions per event for each stream of the standard scene (and the two-finger scene of the
# same tree, TwoFingerScene), counted by valgrind's callgrind:
# a stable measure on noisy machines (the same binary and input give the same count).
# Each stream is counted twice, with the measured run and without it (setup and warm-up only);
# the difference divided by the events is the cost of one event.
# Usage: Benchmarks/Scripts/instructions.sh [events-per-stream] [stream ...]
#   (default 4000 events; the streams tap drag double-tap two-finger pan-move pinch-move, the
#   last two one move an event of a running pan and pinch (RunningMoveScene); the floor of
#   docs/performance.md by name: floor-tap, flat-floor-drag, ...; the scaling scenes by name:
#   move-views-N, move-recognizers-N, move-fingers-N, one move an event)
set -euo pipefail
cd "$(dirname "$0")/.."
events="${1:-4000}"
shift || true
streams=("$@")
((${#streams[@]})) || streams=(tap drag double-tap two-finger pan-move pinch-move)
swift build -c release --product standard-scene >/tmp/instructions-build.log 2>&1 || { cat /tmp/instructions-build.log >&2; exit 1; }
binary=".build/release/standard-scene"
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*Collected : //p'; }
echo "# stream events instructions-per-event"
for stream in "${streams[@]}"; do
  case "$stream" in
    *double-tap) per=4 ;;
    *tap) per=2 ;;
    *drag) per=22 ;;
    two-finger) per=24 ;;
    move-views-*|move-recognizers-*|move-fingers-*|pan-move|pinch-move) per=1 ;;
    *) echo "instructions.sh: unknown stream $stream" >&2; exit 64 ;;
  esac
  measured=$(( (events / per) * per ))
  base=$(count "$binary" "$events" 0 "$stream")
  full=$(count "$binary" "$events" 1 "$stream")
  echo "$stream $measured $(( (full - base) / measured ))"
done
