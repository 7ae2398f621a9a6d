#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer: any read or write of freed memory, overflow or
# other memory error fails the run. Builds into its own scratch path (.build-asan), so the normal
# debug build in .build is left alone.
# Usage: Scripts/test-asan.sh [extra `swift test` arguments, e.g. --filter LifetimeTests]
# ASAN_LEAKS=1 also runs LeakSanitizer: any block still allocated at exit and unreachable fails
# the run (.ci/run runs the whole suite that way). Tests whose closures use the object that owns
# them capture it unowned, so they build no reference cycle of their own; the blocks Foundation
# itself loses are suppressed by name in Scripts/lsan-suppressions.txt. Off by default, for quick
# runs of the memory checks alone.
# From scratch on two cores: about 1.5 minutes (build and tests about half each) on a quiet
# machine, up to 3.5 minutes under load. With ASAN_LEAKS=1 the tests of the whole suite (629)
# took 4.4 minutes on a loaded machine.
set -euo pipefail
cd "$(dirname "$0")/.."
suppressions="$PWD/Scripts/lsan-suppressions.txt"
leaks=0
if [ "${ASAN_LEAKS:-0}" = 1 ]; then leaks=1; fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=$leaks:halt_on_error=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$suppressions:print_suppressions=0}"
# The gold linker warns about every ASan assembly stub it cannot export; those lines say nothing
# about this package, so they are filtered out of the build's output.
set +e
swift build --build-tests --sanitize=address --scratch-path .build-asan 2>&1 \
  | grep -v "warning: Cannot export local symbol '__asan_"
build_status=${PIPESTATUS[0]}
set -e
if [ "$build_status" -ne 0 ]; then exit "$build_status"; fi
swift test --skip-build --sanitize=address --scratch-path .build-asan "$@"
