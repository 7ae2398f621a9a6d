#!/usr/bin/env bash
# Instructions and heap allocations per event for the scroll scene (ScrollListScene: a button in
# a scroll view; a quick tap, and a drag that scrolls) and the transformed tree
# (TransformedTreeScene: a tap through 20 nested views, not turned or each turned 1 degree), counted as instructions.sh and
# check-allocations.sh count the standard scene: valgrind, a run with the measured events minus
# a run without them (and, for allocations, N events against 4N). A report, not a gate.
# Usage: Benchmarks/Scripts/scroll-scene.sh [events]   (default 4000)
set -euo pipefail
cd "$(dirname "$0")/.."
events="${1:-4000}"
swift build -c release --product standard-scene >/tmp/scroll-scene-build.log 2>&1 || { cat /tmp/scroll-scene-build.log >&2; exit 1; }
binary=".build/release/standard-scene"
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*Collected : //p'; }
allocations() { valgrind --tool=memcheck "$@" 2>&1 | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,; }
echo "# stream events instructions-per-event allocations-per-event"
for stream in scroll-tap scroll-drag tree-tap rotated-tree-tap; do
  case "$stream" in scroll-drag) per=10 ;; *) per=2 ;; esac
  measured=$(( (events / per) / 2 * 2 * per ))
  instructions=$(( ($(count "$binary" "$events" 1 "$stream") - $(count "$binary" "$events" 0 "$stream")) / measured ))
  small=$(( $(allocations "$binary" "$events" 1 "$stream") - $(allocations "$binary" "$events" 0 "$stream") ))
  large=$(( $(allocations "$binary" "$((events * 4))" 1 "$stream") - $(allocations "$binary" "$((events * 4))" 0 "$stream") ))
  per_event=$(awk -v a="$small" -v b="$large" -v n="$measured" 'BEGIN { printf "%.4f", (b - a) / (3 * n) }')
  echo "$stream $measured $instructions $per_event"
done
