#!/usr/bin/env bash
# Instructions per event of Qt Quick on the standard scene (Benchmarks/Qt/qt-scene), counted by
# valgrind's callgrind the way Scripts/instructions.sh counts the engine: each stream is run with
# the measured run and without it (build and warm-up only, `qt-scene N 0 stream`); the difference
# divided by the measured events is the cost of one event.
# Usage: Benchmarks/Scripts/instructions-qt.sh [events-per-stream] [stream ...]
#   (default 4000 events; streams tap drag double-tap; open-tap, open-drag, open-double-tap by name)
# Needs Qt (Scripts/compare-cpu.sh installs it) and valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
events="${1:-4000}"
shift || true
streams=("$@")
((${#streams[@]})) || streams=(tap drag double-tap)
Qt/build.sh >/tmp/instructions-qt-build.log 2>&1 || { cat /tmp/instructions-qt-build.log >&2; exit 1; }
binary="Qt/.build/qt-scene"
export QT_QPA_PLATFORM=offscreen
if [[ -z "${XDG_RUNTIME_DIR:-}" ]]; then
  XDG_RUNTIME_DIR="$(mktemp -d "${TMPDIR:-/tmp}/instructions-qt-xdg.XXXXXX")"
  chmod 700 "$XDG_RUNTIME_DIR"
  export XDG_RUNTIME_DIR
fi
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
