#!/usr/bin/env bash
# Proves the repository stands on its own: clones the committed HEAD of this checkout into a fresh
# temporary folder with nothing beside it, then runs there what the README tells a stranger to run:
#   swift test
#   swift run gesture-trace
#   swift run gesture-trace docs/examples/<each>.json --check
# Uncommitted changes are not part of the clone: commit first.
#
# Usage: Scripts/test-bare-clone.sh [extra swift test arguments, e.g. --parallel]
# Environment: KEEP_CLONE=1 keeps the temporary folder for inspection.
set -euo pipefail

source_repo="$(cd "$(dirname "$0")/.." && git rev-parse --show-toplevel)"
head="$(git -C "$source_repo" rev-parse HEAD)"
sandbox="$(mktemp -d "${TMPDIR:-/tmp}/gesture-arbiter-bare.XXXXXX")"
cleanup() {
  if [ "${KEEP_CLONE:-0}" = "1" ]; then echo "kept: $sandbox"; else rm -rf "$sandbox"; fi
}
trap cleanup EXIT

# The clone is the only thing in the sandbox, so nothing can be found beside it.
git clone --quiet --no-local "$source_repo" "$sandbox/GestureArbiter"
cd "$sandbox/GestureArbiter"
git checkout --quiet --detach "$head"
echo "bare clone of $head in $sandbox/GestureArbiter; beside it: $(ls -A "$sandbox" | tr '\n' ' ')"

# Environment overrides that could point the tests at files outside the clone are cleared.
unset GESTURE_ARBITER_EXTRA_CONFORMANCE_DIR

swift test "$@"
swift run gesture-trace
shopt -s nullglob
examples=(docs/examples/*.json)
if [ ${#examples[@]} -eq 0 ]; then echo "no docs/examples/*.json in the clone"; exit 1; fi
for example in "${examples[@]}"; do
  swift run gesture-trace "$example" --check
done
echo "bare clone: swift test, the demo and ${#examples[@]} examples passed"
