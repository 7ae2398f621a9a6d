#!/usr/bin/env bash
# CPU time per event of the engine, the floor (class tree and flat arrays) and Qt Quick on the
# standard scene, in ONE interleaved run: each round runs one invocation of each system (the
# order rotates from round to round), so that a shared machine's load falls on all of them alike.
#
# Usage: Benchmarks/Scripts/compare-cpu.sh [rounds] [engine-events] [qt-events]
#   rounds         default 5
#   engine-events  events per stream per run for the engine and the floors, default 200000
#   qt-events      events per stream per run for Qt, default 20000 (Qt is ~20-50x slower)
# Environment: RUNS (runs per invocation, default 3), QT_STREAMS (default
#   "tap drag double-tap open-tap open-drag open-double-tap"; see Benchmarks/Qt/qt-scene.cpp),
#   RAW (file for the raw lines, default a temporary file, printed at the end).
#
# It installs, with apt-get, the Debian packages Qt needs when one is missing (root, Debian or
# Ubuntu): qt6-declarative-dev qt6-base-dev qt6-base-private-dev qml6-module-qtquick
# qml6-module-qtqml-workerscript pkg-config g++. It builds `standard-scene` (swift build -c
# release) and `qt-scene` (Benchmarks/Qt/prepare.sh, which installs and builds it).
#
# Prints a table: system x stream, the median over rounds of each invocation's median ns/event,
# with the min and max of those medians, then the ratios Qt / engine and engine / floor: the
# median over rounds of the ratio within each round (the VM's speed drifts between rounds), and
# the ratio of each system's fastest figure.
# The load average (/proc/loadavg) is printed before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-5}"
engine_events="${2:-200000}"
qt_events="${3:-20000}"
runs="${RUNS:-3}"
read -r -a qt_streams <<<"${QT_STREAMS:-tap drag double-tap open-tap open-drag open-double-tap}"
raw="${RAW:-$(mktemp "${TMPDIR:-/tmp}/compare-cpu.XXXXXX")}"

swift build -c release --product standard-scene >/tmp/compare-cpu-build.log 2>&1 || { cat /tmp/compare-cpu-build.log >&2; exit 1; }
source Qt/prepare.sh
engine=".build/release/standard-scene"
qt="$qt_scene"

# One invocation of a system; its lines go to $raw as "<round> <system> <stream> <median> <min> <max>".
invoke() {
  local round="$1" system="$2"
  shift 2
  "$@" | awk -v round="$round" -v sys="$system" '!/^#/ && NF == 5 { print round, sys, $1, $3, $4, $5 }' >>"$raw"
}
run_system() {
  local round="$1" system="$2"
  case "$system" in
    engine) invoke "$round" engine "$engine" "$engine_events" "$runs" tap drag double-tap ;;
    floor) invoke "$round" floor "$engine" "$engine_events" "$runs" floor-tap floor-drag floor-double-tap ;;
    flat-floor) invoke "$round" flat-floor "$engine" "$engine_events" "$runs" flat-floor-tap flat-floor-drag flat-floor-double-tap ;;
    qt) invoke "$round" qt "$qt" "$qt_events" "$runs" "${qt_streams[@]}" ;;
  esac
}

load_before="$(cat /proc/loadavg)"
echo "# load average before: $load_before"
echo "# $rounds rounds; per invocation $runs runs; engine and floors $engine_events events, Qt $qt_events events per stream"
: >"$raw"
systems=(engine floor flat-floor qt)
for ((round = 0; round < rounds; round++)); do
  for ((i = 0; i < ${#systems[@]}; i++)); do
    run_system "$round" "${systems[(i + round) % ${#systems[@]}]}"
  done
  echo "# round $((round + 1)) of $rounds done ($(cut -d' ' -f1-3 /proc/loadavg))" >&2
done
load_after="$(cat /proc/loadavg)"

python3 - "$raw" <<'EOF'
import sys, statistics
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
def normalize(system, stream):
    for prefix in ("flat-floor-", "floor-"):
        if stream.startswith(prefix): return system, stream[len(prefix):]
    if stream.startswith("open-"): return "qt-open-leaf", stream[len("open-"):]
    return system, stream
data = {}
for round_, system, stream, median, low, high in rows:
    key = normalize(system, stream)
    data.setdefault(key, []).append(int(median))
order = ["engine", "floor", "flat-floor", "qt", "qt-open-leaf"]
streams = ["tap", "drag", "double-tap"]
names = {"engine": "engine", "floor": "floor, class tree", "flat-floor": "floor, flat arrays",
         "qt": "Qt Quick 6.4", "qt-open-leaf": "Qt Quick 6.4, open leaf"}
med = {k: statistics.median(v) for k, v in data.items()}
print("| system | stream | rounds | ns/event, median of rounds | min | max |")
print("|---|---|---|---|---|---|")
for system in order:
    for stream in streams:
        values = data.get((system, stream))
        if values:
            print(f"| {names[system]} | {stream} | {len(values)} | {med[(system, stream)]:.0f} | {min(values)} | {max(values)} |")
print()
# The machine's speed drifts from minute to minute on a shared VM, so a ratio is taken within each
# round (the systems ran back to back) and the median of those is given, with the ratio of the
# fastest figures (each system's least disturbed run) beside it.
by_round = {}
for round_, system, stream, median, low, high in rows:
    by_round[(round_,) + normalize(system, stream)] = int(median)
def ratio(a, b):
    within = [by_round[(r,) + a] / by_round[(r,) + b] for r in sorted({row[0] for row in rows})
              if (r,) + a in by_round and (r,) + b in by_round]
    if not within: return "-"
    return f"{statistics.median(within):.1f} ({min(data[a]) / min(data[b]):.1f})"
print("Ratios: the median over rounds of the ratio within a round (in parentheses: the ratio of the fastest figures).")
print()
print("| stream | Qt / engine | Qt open leaf / engine | engine / flat floor | engine / class-tree floor |")
print("|---|---|---|---|---|")
for stream in streams:
    print(f"| {stream} | {ratio(('qt', stream), ('engine', stream))} | {ratio(('qt-open-leaf', stream), ('engine', stream))} "
          f"| {ratio(('engine', stream), ('flat-floor', stream))} | {ratio(('engine', stream), ('floor', stream))} |")
EOF
echo "# load average before: $load_before"
echo "# load average after:  $load_after"
echo "# raw lines (round system stream median min max): $raw"
