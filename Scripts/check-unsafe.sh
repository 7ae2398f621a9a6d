#!/usr/bin/env bash
# Fails when one of the engine's unsafe constructs appears in Sources/ outside the files allowed
# to hold it, naming each offending file:line. The constructs, and where each may appear:
#
#   Unmanaged, _withUnsafeGuaranteedRef, unowned(unsafe)
#       Sources/GestureArbiter/Support/ReferenceList.swift     (RetainedList, UnownedList)
#       Sources/GestureArbiter/Support/UnownedReference.swift  (the links up the trees)
#       Sources/GestureArbiter/Support/Identity.swift          (withUnsafeUnretained)
#       Sources/GestureArbiter/Support/RequirementEdges.swift  (failure requirements, not owned)
#   unsafeDowncast, unsafelyUnwrapped, unsafeBitCast
#       Sources/GestureArbiter/Support/UncheckedCast.swift     (the typed action's downcast,
#                                                               checked in debug builds)
#   UnsafeMutablePointer<, .deallocate() (in the core module), and unsafelyUnwrapped as above
#       Sources/GestureArbiter/Support/UnsafeGrowableBuffer.swift (the storage under the
#                                                               bookkeeping lists and the timer
#                                                               queue: memory it allocates and
#                                                               frees itself, every index
#                                                               checked)
#   @exclusivity(unchecked)
#       Sources/GestureArbiter/Support/UncheckedExclusivityCell.swift, and no other file: the
#       one stored property of the cell in which each of the engine's hot classes keeps the
#       fields that the dispatch path reads and writes at every event, reached through
#       forwarding properties. Scripts/check-exclusivity.sh proves that the engine never forms
#       an overlapping access to a cell (it removes the attribute and runs the suite, the
#       scenario files and the fuzz regressions with every access checked). Without the
#       attribute, a tap / drag / double tap event of the standard scene costs about five times
#       as many instructions (docs/performance.md, "Sound by construction").
#
# Comments do not count (text after `//`). Before checking the repository, the script checks a
# planted offender of each construct in a scratch tree, so that a check that cannot fail fails.
# Usage: Scripts/check-unsafe.sh
set -euo pipefail
cd "$(dirname "$0")/.."

SUPPORT_ALLOWED="Sources/GestureArbiter/Support/ReferenceList.swift
Sources/GestureArbiter/Support/UnownedReference.swift
Sources/GestureArbiter/Support/Identity.swift
Sources/GestureArbiter/Support/RequirementEdges.swift"
CAST_ALLOWED="Sources/GestureArbiter/Support/UncheckedCast.swift"
BUFFER_ALLOWED="Sources/GestureArbiter/Support/UnsafeGrowableBuffer.swift"
EXCLUSIVITY_ALLOWED="Sources/GestureArbiter/Support/UncheckedExclusivityCell.swift"

# offenders ROOT CONSTRUCT ALLOWED: prints "file:line: construct" for each use outside ALLOWED.
offenders() {
  local root="$1" construct="$2" allowed="$3"
  (cd "$root" && grep -rnF --include='*.swift' -- "$construct" Sources || true) |
    awk -F: -v construct="$construct" -v allowed="$allowed" '
      BEGIN { n = split(allowed, list, "\n"); for (i = 1; i <= n; i++) ok[list[i]] = 1 }
      {
        file = $1; line = $2
        code = substr($0, length(file) + length(line) + 3)
        cut = index(code, "//"); if (cut > 0) code = substr(code, 1, cut - 1)
        if (index(code, construct) > 0 && !(file in ok)) print file ":" line ": " construct
      }'
}

# check ROOT: every offender of ROOT, all constructs.
check() {
  local root="$1"
  offenders "$root" "Unmanaged" "$SUPPORT_ALLOWED"
  offenders "$root" "_withUnsafeGuaranteedRef" "$SUPPORT_ALLOWED"
  offenders "$root" "unowned(unsafe)" "$SUPPORT_ALLOWED"
  offenders "$root" "unsafeDowncast" "$CAST_ALLOWED"
  offenders "$root" "unsafelyUnwrapped" "$CAST_ALLOWED
$BUFFER_ALLOWED"
  # Raw memory: the core module only (the C interface's functions take C pointers by nature).
  offenders "$root" "UnsafeMutablePointer<" "$BUFFER_ALLOWED" | grep '^Sources/GestureArbiter/' || true
  offenders "$root" ".deallocate()" "$BUFFER_ALLOWED" | grep '^Sources/GestureArbiter/' || true
  offenders "$root" "unsafeBitCast" "$CAST_ALLOWED"
  offenders "$root" "@exclusivity(unchecked)" "$EXCLUSIVITY_ALLOWED"
}

# The planted offenders: one of each construct in a file no list allows, each must be reported;
# the same constructs in an allowed file, or in a comment, must not be.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Sources/GestureArbiter/Support" "$scratch/Sources/GestureArbiter/Time"
cat >"$scratch/Sources/GestureArbiter/Time/Planted.swift" <<'EOF'
final class Planted {
    @exclusivity(unchecked) var count = 0
    unowned(unsafe) var other: Planted? = nil
    let link = Unmanaged.passUnretained(Planted.self as AnyObject)
    func lend() { link._withUnsafeGuaranteedRef { _ in } }
    func cast(_ o: AnyObject) -> Planted { unsafeDowncast(o, to: Planted.self) }
    func unwrap(_ o: Int?) -> Int { o.unsafelyUnwrapped + unsafeBitCast(o, to: Int.self) }
    func raw() { UnsafeMutablePointer<Int>.allocate(capacity: 1).deallocate() }
    // Unmanaged in a comment is fine.
}
EOF
cp "$scratch/Sources/GestureArbiter/Time/Planted.swift" "$scratch/Sources/GestureArbiter/Support/ReferenceList.swift"
planted=$(check "$scratch" | sort)
expected="Sources/GestureArbiter/Time/Planted.swift:4: Unmanaged
Sources/GestureArbiter/Time/Planted.swift:5: _withUnsafeGuaranteedRef
Sources/GestureArbiter/Time/Planted.swift:6: unsafeDowncast
Sources/GestureArbiter/Time/Planted.swift:7: unsafelyUnwrapped
Sources/GestureArbiter/Time/Planted.swift:7: unsafeBitCast
Sources/GestureArbiter/Time/Planted.swift:3: unowned(unsafe)
Sources/GestureArbiter/Time/Planted.swift:2: @exclusivity(unchecked)
Sources/GestureArbiter/Time/Planted.swift:8: UnsafeMutablePointer<
Sources/GestureArbiter/Time/Planted.swift:8: .deallocate()
Sources/GestureArbiter/Support/ReferenceList.swift:8: UnsafeMutablePointer<
Sources/GestureArbiter/Support/ReferenceList.swift:8: .deallocate()
Sources/GestureArbiter/Support/ReferenceList.swift:2: @exclusivity(unchecked)
Sources/GestureArbiter/Support/ReferenceList.swift:6: unsafeDowncast
Sources/GestureArbiter/Support/ReferenceList.swift:7: unsafeBitCast
Sources/GestureArbiter/Support/ReferenceList.swift:7: unsafelyUnwrapped"
expected=$(echo "$expected" | sort)
if [ "$planted" != "$expected" ]; then
  echo "check-unsafe.sh: the planted offenders were not reported as expected."
  echo "Expected:"; echo "$expected"; echo "Got:"; echo "$planted"
  exit 2
fi

found=$(check . | sort)
if [ -n "$found" ]; then
  echo "Unsafe constructs outside their allowed files (see Scripts/check-unsafe.sh):"
  echo "$found"
  exit 1
fi
echo "check-unsafe.sh: no unsafe construct outside its allowed files"
