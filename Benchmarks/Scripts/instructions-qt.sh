#!/usr/bin/env bash
# Instructions per event of Qt Quick on the standard scene (Benchmarks/Qt/qt-scene), counted by
# valgrind's callgrind the way Scripts/instructions.sh counts the engine: each stream is run with
# the measured run and without it (build and warm-up only, `qt-scene N 0 stream`); the difference
# divided by the measured events is the cost of one event.
# Usage: Benchmarks/Scripts/instructions-qt.sh [events-per-stream] [stream ...]
#   (default 4000 events; streams tap drag double-tap; open-tap, open-drag, open-double-tap by name)
# Needs valgrind; installs Qt's Debian packages when one is missing (Qt/prepare.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
events="${1:-4000}"
shift || true
streams=("$@")
((${#streams[@]})) || streams=(tap drag double-tap)
source Qt/prepare.sh
binary="$qt_scene"
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*Collected : //p'; }
echo "# stream events instructions-per-event"
for stream in "${streams[@]}"; do
  case "$stream" in
    *double-tap) per=4 ;;
    *tap) per=2 ;;
    *drag) per=22 ;;
    *) echo "instructions-qt.sh: unknown stream $stream" >&2; exit 64 ;;
  esac
  measured=$(( (events / per) * per ))
  base=$(count "$binary" "$events" 0 "$stream")
  full=$(count "$binary" "$events" 1 "$stream")
  [[ -n "$base" && -n "$full" ]] || { echo "instructions-qt.sh: valgrind gave no count for $stream" >&2; exit 1; }
  echo "$stream $measured $(( (full - base) / measured ))"
done
