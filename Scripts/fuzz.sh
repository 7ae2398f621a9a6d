#!/usr/bin/env bash
# Builds the libFuzzer targets under Fuzz/ with AddressSanitizer and runs them.
#
#   Scripts/fuzz.sh [seconds-per-target]   replays Fuzz/Regressions/<target>/, then fuzzes each
#                                          target for that long (default 120)
#   Scripts/fuzz.sh --regressions          replays the saved inputs only; exits non-zero if any
#                                          still fails
#   Scripts/fuzz.sh --build                builds only
#
# Environment: FUZZ_SEED (libFuzzer's -seed) and FUZZ_RUNS (a number of inputs per target instead
# of a time): with both, a run from an empty corpus is repeatable input for input (CI sets both),
# SWIFTC (default: swiftc on PATH), FUZZ_TARGETS (default "operations scenarios tools"),
# FUZZ_TOOLS_RUNS (with FUZZ_RUNS: the inputs of the tools target, which runs the whole command
# with --html on each and so is slower; default FUZZ_RUNS),
# FUZZ_TIMEOUT (seconds one input may take before libFuzzer reports a timeout; default 10; a
# campaign run at low priority beside other work raises it, since a starved process is not a hang),
# FUZZ_OPTIMIZATION (default -O; -Onone builds faster, runs slower), OPERATIONS_AVOID (below;
# set it empty to fuzz with nothing switched off).
# The targets are built in .build-fuzz/ (git ignores it; only what changed is rebuilt, delete
# it after changing this script's flags); the growing corpus is kept in
# .build-fuzz/corpus/<target>/. A failing input found while fuzzing is written to
# .build-fuzz/crashes/<target>/ and its path printed: minimise it (see Fuzz/README.md) and save
# it as Fuzz/Regressions/<target>/<short-name>, so that every later run replays it first.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
SWIFTC=${SWIFTC:-swiftc}
OPT=${FUZZ_OPTIMIZATION:--O}
TARGETS=${FUZZ_TARGETS:-operations scenarios tools}
OUT=$ROOT/.build-fuzz

# Operations and checks the operations target skips while the finding they trip is open (see
# Fuzz/README.md, "Findings"). Empty when every finding is fixed. The regression replay never
# skips anything.
OPERATIONS_AVOID=${OPERATIONS_AVOID-}

mode=fuzz
seconds=120
case "${1:-}" in
--regressions) mode=regressions ;;
--build) mode=build ;;
'') ;;
*[!0-9]*) echo "usage: $0 [seconds-per-target | --regressions | --build]" >&2; exit 64 ;;
*) seconds=$1 ;;
esac

# The Swift runtime's own crash backtracer reads memory AddressSanitizer does not let it read;
# libFuzzer prints the stack itself.
export SWIFT_BACKTRACE=enable=no
# LeakSanitizer is on: an input that leaves memory unfreed (a reference cycle among the engine's
# objects, or an object a teardown forgot) is a finding like a crash.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}

FLAGS=(-sanitize=fuzzer,address -parse-as-library "$OPT" -g -swift-version 6 -use-ld=lld)

# True when $1 exists and is newer than every other argument.
fresh() {
    local output=$1
    shift
    [[ -e $output ]] || return 1
    for input in "$@"; do [[ $input -nt $output ]] && return 1; done
    return 0
}

build_module() { # name, source dir, extra flags...
    local name=$1 dir=$2
    shift 2
    mapfile -t sources < <(find "$dir" -name '*.swift' | LC_ALL=C sort)
    if fresh "$OUT/lib/lib$name.a" "${sources[@]}"; then return 0; fi
    echo "== building $name" >&2
    "$SWIFTC" "${FLAGS[@]}" "$@" -module-name "$name" -I "$OUT/lib" \
        -emit-module -emit-module-path "$OUT/lib/$name.swiftmodule" \
        -emit-library -static -o "$OUT/lib/lib$name.a" "${sources[@]}"
}

build() {
    mkdir -p "$OUT/lib"
    build_module GestureArbiter Sources/GestureArbiter
    local libs=(-lGestureArbiter -lm)
    if [[ " $TARGETS " == *" scenarios "* || " $TARGETS " == *" tools "* ]]; then
        build_module GestureArbiterTesting Sources/GestureArbiterTesting
    fi
    for target in $TARGETS; do
        local dir
        dir=Fuzz/$(tr '[:lower:]' '[:upper:]' <<<"${target:0:1}")${target:1}
        if fresh "$OUT/$target" "$dir"/*.swift Fuzz/Common/*.swift "$OUT"/lib/*.a; then continue; fi
        echo "== building $target ($dir)" >&2
        local extra=()
        [[ $target == scenarios || $target == tools ]] && extra=(-lGestureArbiterTesting)
        # gold/lld warn about ASan's local symbols; nothing of ours.
        "$SWIFTC" "${FLAGS[@]}" -I "$OUT/lib" -L "$OUT/lib" "$dir"/*.swift Fuzz/Common/*.swift "${extra[@]}" "${libs[@]}" \
            -o "$OUT/$target" 2> >(grep -v 'Cannot export local symbol' >&2)
    done
}

# Replays the saved inputs of one target; returns non-zero if any fails.
replay() {
    local target=$1 dir=$ROOT/Fuzz/Regressions/$1
    [[ -d $dir ]] || return 0
    mapfile -t inputs < <(find "$dir" -type f ! -name '*.md' | LC_ALL=C sort)
    ((${#inputs[@]})) || return 0
    local failed=0
    for input in "${inputs[@]}"; do
        if "$OUT/$target" -runs=1 "$input" >"$OUT/replay.log" 2>&1; then
            echo "   ok    ${input#"$ROOT"/}"
        else
            echo "   FAIL  ${input#"$ROOT"/}"
            grep -m3 -E 'INVARIANT VIOLATED|ERROR: (AddressSanitizer|libFuzzer)|Fatal error|precondition' "$OUT/replay.log" | sed 's/^/         /' || true
            failed=1
        fi
    done
    return $failed
}

build
[[ $mode == build ]] && exit 0

status=0
for target in $TARGETS; do
    echo "== $target: regression inputs"
    replay "$target" || status=1
done
if [[ $mode == regressions ]]; then
    exit $status
fi

for target in $TARGETS; do
    corpus=$OUT/corpus/$target
    crashes=$OUT/crashes/$target
    mkdir -p "$corpus" "$crashes"
    seeds=()
    [[ -d Fuzz/Regressions/$target ]] && seeds+=("$ROOT/Fuzz/Regressions/$target")
    extra=()
    if [[ $target == scenarios || $target == tools ]]; then
        seeds+=("$ROOT/Tests/ConformanceTests/Scenarios" "$ROOT/docs/examples")
        extra+=(-max_len=65536 "-dict=$ROOT/Fuzz/Scenarios/json.dict")
    fi
    [[ $target == operations && -n $OPERATIONS_AVOID ]] && extra+=("--avoid=$OPERATIONS_AVOID")
    [[ -n ${FUZZ_SEED:-} ]] && extra+=("-seed=$FUZZ_SEED")
    budget=(-max_total_time="$seconds")
    runs=${FUZZ_RUNS:-}
    [[ $target == tools && -n $runs ]] && runs=${FUZZ_TOOLS_RUNS:-$runs}
    [[ -n $runs ]] && budget=(-runs="$runs")
    if [[ -n $runs ]]; then length="$runs inputs"; else length="${seconds}s"; fi
    echo "== $target: fuzzing for $length${FUZZ_SEED:+ (seed $FUZZ_SEED)}"
    log=$OUT/$target.log
    set +e
    started=$SECONDS
    "$OUT/$target" "${budget[@]}" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$crashes/" "${extra[@]}" "$corpus" "${seeds[@]}" >"$log" 2>&1
    rc=$?
    set -e
    elapsed=$((SECONDS - started))
    grep -E '^stat::number_of_executed_units|^Done [0-9]+ runs' "$log" | tail -2 || true
    if ((rc != 0)); then
        status=1
        echo "   FAILED after ${elapsed}s (exit $rc); log: ${log#"$ROOT"/}"
        grep -m3 -E 'INVARIANT VIOLATED|ERROR: (AddressSanitizer|libFuzzer)|Fatal error|precondition' "$log" | sed 's/^/   /' || true
        grep -E 'Test unit written to' "$log" | sed 's/.*Test unit written to /   reproducer: /' || true
    else
        echo "   clean for ${elapsed}s"
    fi
done
exit $status
