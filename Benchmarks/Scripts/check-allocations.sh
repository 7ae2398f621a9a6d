#!/usr/bin/env bash
# Fails when the dispatch path allocates in steady state more than Thresholds/allocations-per-event.json allows.
# For each stream of the standard scene, the two-finger scene, a running pan's and pinch's moves (RunningMoveScene), and the desktop-input streams of the pointer scene (hover
# moves, wheel ticks, trackpad pinches), it counts heap allocations (valgrind memcheck) of a warmed
# run with N events and with 4N events; whatever grows with the events is allocation per event.
# Usage: Benchmarks/Scripts/check-allocations.sh [N]   (default 2000; takes about a minute)
set -euo pipefail
cd "$(dirname "$0")/.."
events="${1:-2000}"
swift build -c release --product standard-scene >/dev/null
binary=".build/release/standard-scene"
allocations() { valgrind --tool=memcheck "$@" 2>&1 | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,; }
status=0
for stream in tap drag double-tap two-finger pan-move pinch-move hover wheel trackpad-pinch; do
  small=$(( $(allocations "$binary" "$events" 1 "$stream") - $(allocations "$binary" "$events" 0 "$stream") ))
  large=$(( $(allocations "$binary" "$((events * 4))" 1 "$stream") - $(allocations "$binary" "$((events * 4))" 0 "$stream") ))
  limit=$(sed -n "s/.*\"$stream\": \([0-9.]*\).*/\1/p" Thresholds/allocations-per-event.json)
  per_event=$(awk -v a="$small" -v b="$large" -v n="$events" 'BEGIN { printf "%.4f", (b - a) / (3 * n) }')
  verdict=ok
  if awk -v p="$per_event" -v l="$limit" 'BEGIN { exit !(p > l) }'; then verdict=FAIL; status=1; fi
  echo "$stream: $per_event allocations per event (limit $limit) $verdict"
done
exit $status
