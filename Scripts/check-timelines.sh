#!/usr/bin/env bash
# Renders the timeline picture (gesture-trace --html) of the demo, every docs/examples/*.json,
# every Tests/ConformanceTests/Scenarios/*.json and the picture fixtures in
# Tests/GestureTraceTests/Timelines/ with headless Chromium (Scripts/render-timeline.sh, which
# says what it checks), and fails when any of them does not render cleanly.
#
# Usage: Scripts/check-timelines.sh [OUTPUT_DIR]   (default: a temporary folder, removed after)
# Needs Chromium (Debian's chromium package); .ci/run installs it when it is missing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

if [ $# -ge 1 ]; then out="$1"; mkdir -p "$out"; else
  out="$(mktemp -d "${TMPDIR:-/tmp}/check-timelines.XXXXXX")"
  trap 'rm -rf "$out"' EXIT
fi
swift build --product gesture-trace >/dev/null
export GESTURE_TRACE="${GESTURE_TRACE:-$(swift build --show-bin-path)/gesture-trace}"

failures=0
count=0
render() {
  count=$((count + 1))
  if ! Scripts/render-timeline.sh "$@" >/dev/null; then failures=$((failures + 1)); fi
}
render "$out/demo.png"
for file in docs/examples/*.json Tests/ConformanceTests/Scenarios/*.json Tests/GestureTraceTests/Timelines/*.json; do
  name="$(basename "$(dirname "$file")")-$(basename "$file" .json)"
  render "$file" "$out/$name.png"
done
if [ "$failures" -ne 0 ]; then
  echo "check-timelines: $failures of $count pictures did not render cleanly (see above)" >&2
  exit 1
fi
echo "check-timelines: $count pictures rendered by Chromium without an error"
