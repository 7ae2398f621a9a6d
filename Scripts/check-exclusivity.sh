#!/usr/bin/env bash
# Proves that the engine forms no overlapping access to a class's stored property.
#
# `@exclusivity(unchecked)` switches off the runtime's check of Swift's exclusivity rule for one
# stored property; it is allowed only in the small cell types of Sources/GestureArbiter/Support/
# (Scripts/check-unsafe.sh). This script removes every one of them in a scratch copy of the
# repository and runs, in a debug build where the runtime checks every such access and traps on
# an overlap ("Simultaneous accesses to ..."):
#   1. a planted overlap, which must trap (so that a build that checks nothing fails this script);
#   2. the built-in demo and every scenario file of the repository through gesture-trace --check;
#   3. the whole test suite (unit, conformance, property and command-line tests);
#   4. the saved fuzz regressions (Scripts/fuzz.sh --regressions, without optimisation).
#
# Usage: Scripts/check-exclusivity.sh [--no-fuzz]
# The scratch copy is kept in .build-exclusivity/ (git ignores it) so that a second run rebuilds
# only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SCRATCH=$ROOT/.build-exclusivity/tree
fuzz=yes
case "${1:-}" in
--no-fuzz) fuzz=no ;;
'') ;;
*) echo "usage: $0 [--no-fuzz]" >&2; exit 64 ;;
esac

# 1. The planted overlap: a read of a stored property lent for the length of a call that
# modifies it. A toolchain or build mode that does not trap here would make the rest vacuous.
planted=$(mktemp -d)
trap 'rm -rf "$planted"' EXIT
cat >"$planted/main.swift" <<'EOF'
final class Owner {
    var list = [1, 2, 3]
    func borrowWhile(_ body: () -> Void) { list.withUnsafeBufferPointer { _ in body() } }
}
let owner = Owner()
func modify(_ value: inout [Int], _ body: () -> Void) { body() }
modify(&owner.list) { owner.list.append(4) }
print("no trap")
EOF
swiftc -Onone -swift-version 6 "$planted/main.swift" -o "$planted/overlap" 2>"$planted/build.log" || {
  cat "$planted/build.log"; echo "check-exclusivity.sh: the planted overlap did not build"; exit 2
}
# (Run by a shell of its own, whose "Aborted" notice is not wanted in this log.)
if bash -c '"$1" >"$2" 2>&1' _ "$planted/overlap" "$planted/out.log" 2>/dev/null; then
  echo "check-exclusivity.sh: the planted overlapping access did not trap; exclusivity checking is off"
  exit 2
fi
grep -q "Simultaneous accesses" "$planted/out.log" || {
  cat "$planted/out.log"; echo "check-exclusivity.sh: the planted overlap failed without the exclusivity report"; exit 2
}

# The scratch copy: the files git tracks (and untracked ones it does not ignore), with every
# @exclusivity(unchecked) removed. Files are rewritten only when their text changes, so an
# unchanged file keeps its time stamp and is not rebuilt.
mkdir -p "$SCRATCH"
git ls-files -co --exclude-standard -z | while IFS= read -r -d '' file; do
  [ -f "$file" ] || continue
  target="$SCRATCH/$file"
  mkdir -p "$(dirname "$target")"
  if [[ $file == *.swift ]]; then
    sed 's/@exclusivity(unchecked)[[:space:]]*//g' "$file" >"$target.new"
  else
    cp "$file" "$target.new"
  fi
  if cmp -s "$target.new" "$target"; then rm "$target.new"; else mv "$target.new" "$target"; fi
  if [ -x "$file" ]; then chmod +x "$target"; fi
done
# Files deleted from the repository since the last run leave the scratch copy too.
(cd "$SCRATCH" && find . -type f -not -path './.build*' -printf '%P\n') | while IFS= read -r file; do
  if [ ! -e "$file" ]; then rm -f "$SCRATCH/$file"; fi
done
left=$(grep -rl --include='*.swift' '@exclusivity(unchecked)' "$SCRATCH/Sources" || true)
if [ -n "$left" ]; then echo "check-exclusivity.sh: not stripped: $left"; exit 2; fi

cd "$SCRATCH"
echo "== debug build with every access checked"
swift build --build-tests
tool=$(swift build --show-bin-path)/gesture-trace

# 2. The demo and every scenario file through the command-line tool.
echo "== the demo and every scenario file"
"$tool" >/dev/null
count=0
while IFS= read -r -d '' file; do
  # A file with an `expect` is checked; one without is replayed.
  if grep -q '"expect"' "$file"; then "$tool" "$file" --check >/dev/null; else "$tool" "$file" >/dev/null; fi
  count=$((count + 1))
done < <(find docs/examples Tests/ConformanceTests/Scenarios Tests/GestureTraceTests/Timelines -name '*.json' -print0 | sort -z)
echo "$count scenario files replayed"

# 3. The whole suite.
echo "== swift test"
swift test --skip-build

# 4. The fuzz regressions.
if [ "$fuzz" = yes ]; then
  echo "== fuzz regressions"
  FUZZ_OPTIMIZATION=-Onone Scripts/fuzz.sh --regressions
fi
echo "check-exclusivity.sh: no overlapping access in the demo, $count scenario files, the suite$([ "$fuzz" = yes ] && echo " and the fuzz regressions")"
