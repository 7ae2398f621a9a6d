#!/usr/bin/env bash
# Builds the DocC documentation of the GestureArbiter module with the toolchain's own `docc`,
# warnings as errors (a broken ``symbol`` link in a doc comment or an article fails the build).
#
# 1. `swift build --target GestureArbiter` (incremental: nothing to do after `swift build`);
# 2. `swift symbolgraph-extract` reads that module's public symbols and their doc comments;
# 3. `docc convert` renders Sources/GestureArbiter/GestureArbiter.docc with those symbols.
#
# The catalog holds the landing page (GestureArbiter.md) and symbolic links to the guides in
# docs/guides/ and to docs/semantics.md and docs/architecture.md: the Markdown files under docs/
# are the only copy, read on GitHub and rendered here. So they link to each other in words, name
# symbols as ``Symbol`` (a code span on GitHub, a link here), and never use relative links.
#
# Output: .build-docs/GestureArbiter.doccarchive (gitignored), ready for static hosting.
# Preview it with any static file server, e.g. `python3 -m http.server -d .build-docs/GestureArbiter.doccarchive`,
# then open /documentation/gesturearbiter.
#
# Usage: Scripts/build-docs.sh     Exit status: 0 built without warnings, non-zero otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build-docs
catalog=Sources/GestureArbiter/GestureArbiter.docc

swift build --target GestureArbiter
bin=$(swift build --show-bin-path)
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"  # toolchains before 6.0 keep modules beside the products
triple=$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
sdk=()
if command -v xcrun >/dev/null 2>&1; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi

rm -rf "$out/symbol-graphs" "$out/GestureArbiter.doccarchive"
mkdir -p "$out/symbol-graphs"
swift symbolgraph-extract -module-name GestureArbiter -I "$modules" -target "$triple" "${sdk[@]}" \
  -minimum-access-level public -skip-inherited-docs -output-dir "$out/symbol-graphs"

# The docc of the toolchain that runs `swift` (Xcode's through xcrun on macOS).
if command -v xcrun >/dev/null 2>&1; then
  docc=$(xcrun --find docc)
else
  docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
"$docc" convert "$catalog" \
  --additional-symbol-graph-dir "$out/symbol-graphs" \
  --output-path "$out/GestureArbiter.doccarchive" \
  --fallback-display-name GestureArbiter \
  --fallback-bundle-identifier GestureArbiter \
  --warnings-as-errors
echo "build-docs: $out/GestureArbiter.doccarchive"
