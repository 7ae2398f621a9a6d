#!/usr/bin/env bash
# Compiles every ```swift block of README.md, docs/**/*.md and the DocC catalogs' own pages
# (Sources/*/*.docc/**/*.md) against this package's libraries, warnings as errors, and fails
# listing file:line of each block that does not compile (or, compiled, does not run: see below).
#
# The convention (CONTRIBUTING.md says the same for doc writers):
# - A ```swift block is a complete Swift file: it writes its own imports (`import GestureArbiter`,
#   `import GestureArbiterTesting`, `import Testing`) and compiles as it stands. There is no way
#   to mark a ```swift block as "not a program": a fragment that is not meant to compile is not
#   Swift code to check; rewrite it as a program, or as prose.
# - A block without `import Testing` is the `main.swift` of its own executable target, so
#   top-level statements (`let clock = VirtualClock()`, `try environment.dispatch(...)`) are
#   allowed. A block with `import Testing` is the only file of its own test target: declarations
#   only (`@Test func ...`), compiled against Swift Testing.
# - A block that builds on the block before it in the same document says so with this line,
#   alone, directly above its opening fence (an HTML comment: invisible on GitHub and in DocC):
#       <!-- continues the previous block -->
#   It is then compiled as the previous block (with everything that one continued) followed by
#   itself. Say it in the prose too ("Continuing the scheduler above, ...").
# - A block that builds on the first ```swift block of another document (one copy of a class two
#   guides use) says so the same way, naming the document from the repository root:
#       <!-- continues the first block of docs/guides/custom-recognizer.md -->
#   It is compiled as that block followed by itself (errors point at each one's own file).
# - A block whose first line is `// swift-tools-version:...` is a user's Package.swift: it is built
#   as a consumer package whose GestureArbiter dependency is this checkout (see below).
# - Blocks tagged sh, text, json or nothing are not compiled.
#
# How: each block becomes a target of a throwaway package in .build-docblocks/ (gitignored) that
# depends on this repository by path, like a user's package would. The source starts with
# `#sourceLocation(file: "<doc>", line: <n>)`, so the compiler reports errors at the Markdown
# file and line. Targets get `-warnings-as-errors`; the repository's own targets build as usual.
#
# Once every block compiles, the blocks also run: each executable block must exit 0, and each
# test block's tests (`swift test`) must pass; a failed `#expect` is reported at its Markdown line.
# So a block must terminate on its own and must not need input, files or a network.
#
# Usage: Scripts/check-doc-blocks.sh [--compile-only] [FILE.md ...]
#   FILE.md paths are relative to the repository root (default: all of the above).
# Exit status: 0 every block compiles (and runs), 1 some block does not (listed), 2 a malformed
# document.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work="$root/.build-docblocks"

run=1
if [ "${1:-}" = --compile-only ]; then run=0; shift; fi
if [ "$#" -gt 0 ]; then
  docs=("$@")
else
  # The docs, and the DocC catalogs' own pages (not their symbolic links to docs/).
  docs=(README.md)
  while IFS= read -r file; do docs+=("$file"); done < <(
    { find docs -name '*.md' -type f; find Sources -path '*.docc/*' -name '*.md' -type f; } | LC_ALL=C sort)
fi

# The blocks are written to Blocks.new, then moved into Blocks/ only where they changed, so that
# an unchanged block is not compiled again.
rm -rf "$work/Blocks.new" "$work/manifest.tsv" "$work/count" "$work/Manifests" "$work/Manifests.tsv"
mkdir -p "$work/Blocks.new" "$work/Blocks" "$work/Manifests"

# Extract the blocks: one directory per block (or per chain of continued blocks) under Blocks/,
# and a line per block in manifest.tsv: name, kind (exe|test), document, first line, last line.
for doc in "${docs[@]}"; do
  [ -f "$doc" ] || { echo "check-doc-blocks: no such file: $doc" >&2; exit 2; }
  awk -v doc="$doc" -v out="$work/Blocks.new" -v manifest="$work/manifest.tsv" -v count_file="$work/count" \
    -v manifest_dir="$work/Manifests" -v doc_slug="$(echo "$doc" | tr '/.' '__')" '
    BEGIN {
      n = 0
      if ((getline line < count_file) > 0) n = line + 0
      close(count_file)
      in_block = 0; chain = ""; has_chain = 0; previous = ""
    }
    function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
    # The first ```swift block of another document, with its #sourceLocation.
    function first_block_of(path,    line, inside, start, number, result, ind) {
      inside = 0; number = 0; result = ""
      while ((getline line < path) > 0) {
        number++
        if (!inside && line ~ /^[ \t]*```[ \t]*swift[ \t]*$/) {
          inside = 1; match(line, /^[ \t]*/); ind = RLENGTH
          result = sprintf("#sourceLocation(file: \"%s\", line: %d)\n", path, number + 1)
          continue
        }
        if (inside && line ~ /^[ \t]*```[ \t]*$/) { close(path); return result }
        if (inside) {
          if (ind > 0 && substr(line, 1, ind) ~ /^[ \t]*$/) line = substr(line, ind + 1)
          result = result line "\n"
        }
      }
      close(path)
      return ""
    }
    {
      if (!in_block) {
        if ($0 ~ /^[ \t]*```[ \t]*swift[ \t]*$/) {
          in_block = 1
          match($0, /^[ \t]*/); indent = RLENGTH
          start = NR + 1
          continues = (previous ~ /^<!--[ \t]*continues the previous block[ \t]*-->$/)
          if (previous ~ /^<!--[ \t]*continues the first block of [^ ]+[ \t]*-->$/) {
            other = previous
            sub(/^<!--[ \t]*continues the first block of /, "", other); sub(/[ \t]*-->$/, "", other)
            chain = first_block_of(other)
            if (chain == "") {
              printf "%s:%d: error: \"continues the first block of %s\": no swift block there\n", doc, NR, other > "/dev/stderr"
              malformed = 1
              exit 2
            }
            has_chain = 1; continues = 1
            chain_testing = (chain ~ /(^|\n)[ \t]*import[ \t]+Testing[ \t]*(\n|$)/)
          }
          if (continues && !has_chain) {
            printf "%s:%d: error: \"continues the previous block\" above the first swift block\n", doc, NR > "/dev/stderr"
            malformed = 1
            exit 2
          }
          body = sprintf("#sourceLocation(file: \"%s\", line: %d)\n", doc, start)
          testing = 0
          next
        }
        if (trim($0) != "") previous = trim($0)
        next
      }
      if ($0 ~ /^[ \t]*```[ \t]*$/) {
        in_block = 0
        previous = ""
        if (is_manifest) {
          # A package manifest: checked on its own below, not compiled as a program.
          is_manifest = 0
          manifests++
          file = manifest_dir "/" doc_slug "-" start ".swift"
          printf "%s", manifest_body > file
          close(file)
          printf "%s\t%d\t%s\n", doc, start, file >> (manifest_dir ".tsv")
          close(manifest_dir ".tsv")
          next
        }
        n++
        source = (continues ? chain : "") body
        chain_testing = (continues ? chain_testing : 0) || testing
        chain = source; has_chain = 1
        kind = chain_testing ? "test" : "exe"
        name = "DocBlock" n (chain_testing ? "Tests" : "")
        system("mkdir -p \"" out "/" name "\"")
        file = out "/" name "/" (chain_testing ? "Block.swift" : "main.swift")
        printf "%s", source > file
        close(file)
        printf "%s\t%s\t%s\t%d\t%d\t%s\n", name, kind, doc, start, NR - 1, imports_of(source) >> manifest
        close(manifest)
        next
      }
      line = $0
      # Drop the fence indentation (blocks inside list items are indented).
      if (indent > 0 && substr(line, 1, indent) ~ /^[ \t]*$/) line = substr(line, indent + 1)
      if (line ~ /^[ \t]*import[ \t]+Testing[ \t]*$/) testing = 1
      if (NR == start && line ~ /^\/\/ swift-tools-version/) { is_manifest = 1; manifest_body = "" }
      if (is_manifest) { manifest_body = manifest_body line "\n"; next }
      body = body line "\n"
    }
    function imports_of(s,    result) {
      result = ""
      if (s ~ /(^|\n)[ \t]*(@testable[ \t]+)?import[ \t]+GestureArbiter[ \t]*(\n|$)/) result = result "GestureArbiter,"
      if (s ~ /(^|\n)[ \t]*(@testable[ \t]+)?import[ \t]+GestureArbiterTesting[ \t]*(\n|$)/) result = result "GestureArbiterTesting,"
      return result
    }
    END {
      if (malformed) exit 2
      if (in_block) {
        printf "%s:%d: error: unclosed swift block\n", doc, start - 1 > "/dev/stderr"
        exit 2
      }
      print n > count_file
    }
  ' "$doc" || exit 2
done
rm -f "$work/count"

# Package manifests: a ```swift block whose first line is `// swift-tools-version...` is a user's
# Package.swift that depends on this package. It is checked as it stands, as a real consumer
# package: its `.package(path: "...")` of GestureArbiter is made to lead to this checkout (a
# symbolic link at that path, relative to a consumer folder named MyConsumer, never
# GestureArbiter), so the package's name in `package:` is the one SwiftPM really gives it (the
# path's last folder). Each target it declares gets a source file importing the products it names,
# and the package must build. As a control, the same manifest with `package: "GestureArbiter"`
# must be refused (unless the path's last folder is GestureArbiter), so the check cannot pass
# by naming the package after the repository.
manifest_failed=()
if [ -s "$work/Manifests.tsv" ]; then
  while IFS=$'\t' read -r doc first file; do
    consumer="$work/Consumers/$(basename "$file" .swift)"
    rm -rf "$consumer"; mkdir -p "$consumer/MyConsumer"
    dependency=$(grep -oE '\.package\(path: *"[^"]+"\)' "$file" | head -n 1 | sed -E 's/^\.package\(path: *"([^"]+)"\)$/\1/' || true)
    case "$dependency" in
      ""|/*) echo "--- $doc:$first: the manifest has no relative .package(path: \"...\") of GestureArbiter"
         manifest_failed+=("$doc:$first"); continue ;;
    esac
    link="$consumer/MyConsumer/$dependency"
    mkdir -p "$(dirname "$link")"
    ln -sfn "$root" "$link"
    cp "$file" "$consumer/MyConsumer/Package.swift"
    if [ "$(basename "$dependency")" != GestureArbiter ]; then
      # The control: the repository's own name is not the dependency's name here.
      mkdir -p "$consumer/Control"
      ln -sfn "$root" "$consumer/Control/$dependency" 2>/dev/null || { mkdir -p "$(dirname "$consumer/Control/$dependency")"; ln -sfn "$root" "$consumer/Control/$dependency"; }
      sed -E 's/package: *"[^"]+"\)/package: "GestureArbiter")/' "$file" > "$consumer/Control/Package.swift"
      if swift package --package-path "$consumer/Control" describe >"$consumer.control.log" 2>&1; then
        echo "--- $doc:$first: the control manifest (package: \"GestureArbiter\") was accepted; the check would not tell"
        manifest_failed+=("$doc:$first"); continue
      fi
      grep -q "unknown package 'GestureArbiter'" "$consumer.control.log" || {
        echo "--- $doc:$first: the control manifest failed for another reason:"; tail -n 5 "$consumer.control.log"
        manifest_failed+=("$doc:$first"); continue; }
    fi
    # Each declared target gets one source file importing the products listed after its name
    # (and before the next target's): a target that imports a product it does not depend on fails.
    grep -oE '\.(executableTarget|testTarget|target)\(|name: *"[A-Za-z0-9_]+"|\.product\(name: *"[A-Za-z0-9_]+"' "$file" |
      awk -v dir="$consumer/MyConsumer" '
        /^\.(executableTarget|testTarget|target)\($/ { kind = $0; want_name = 1; next }
        /^name:/ && want_name {
          want_name = 0; sub(/^name: *"/, "", $0); sub(/"$/, "", $0)
          folder = (kind ~ /testTarget/) ? "Tests" : "Sources"
          file = dir "/" folder "/" $0 "/" ((kind ~ /executableTarget/) ? "main.swift" : "File.swift")
          system("mkdir -p \"" dir "/" folder "/" $0 "\"")
          printf "// Generated by check-doc-blocks.sh\n" > file
          next
        }
        /^\.product\(name:/ && file != "" { n = $0; sub(/^\.product\(name: *"/, "", n); sub(/"$/, "", n); print "import " n >> file }
      '
    if ! swift build --build-tests --package-path "$consumer/MyConsumer" >"$consumer.log" 2>&1; then
      echo "--- $doc:$first: the package manifest does not build against this checkout:"
      tail -n 20 "$consumer.log"
      manifest_failed+=("$doc:$first")
    fi
  done < "$work/Manifests.tsv"
  if [ "${#manifest_failed[@]}" -gt 0 ]; then
    echo "check-doc-blocks: ${#manifest_failed[@]} package manifest blocks fail:"
    for location in "${manifest_failed[@]}"; do echo "  $location"; done
    exit 1
  fi
  echo "check-doc-blocks: $(wc -l < "$work/Manifests.tsv" | tr -d ' ') package manifest blocks build against this checkout"
fi

if [ ! -s "$work/manifest.tsv" ]; then
  echo "check-doc-blocks: no swift blocks in ${docs[*]}"
  exit 0
fi

# The throwaway package. The dependency's identity is the repository directory's name.
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
{
  echo '// swift-tools-version:6.0'
  echo '// Generated by Scripts/check-doc-blocks.sh: one target per swift block of the docs.'
  echo 'import PackageDescription'
  echo
  echo 'let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]'
  echo 'let package = Package('
  echo '    name: "DocBlocks",'
  echo '    dependencies: [.package(path: "..")],'
  echo '    targets: ['
  while IFS=$'\t' read -r name kind doc first last imports; do
    deps=""
    for product in ${imports//,/ }; do
      deps+=".product(name: \"$product\", package: \"$identity\"), "
    done
    if [ "$kind" = test ]; then
      echo "        .testTarget(name: \"$name\", dependencies: [$deps], path: \"Blocks/$name\", swiftSettings: strict),  // $doc:$first"
    else
      echo "        .executableTarget(name: \"$name\", dependencies: [$deps], path: \"Blocks/$name\", swiftSettings: strict),  // $doc:$first"
    fi
  done < "$work/manifest.tsv"
  echo '    ],'
  echo '    swiftLanguageModes: [.v6]'
  echo ')'
} > "$work/Package.swift.new"

# Keep what did not change (its timestamp, hence SwiftPM's build of it); drop what went away.
sync_file() { cmp -s "$1" "$2" || { mkdir -p "$(dirname "$2")"; cp "$1" "$2"; }; }
sync_file "$work/Package.swift.new" "$work/Package.swift"
rm -f "$work/Package.swift.new"
for dir in "$work/Blocks.new"/*/; do
  name=$(basename "$dir")
  [ -d "$work/Blocks/$name" ] && [ "$(ls "$work/Blocks/$name")" != "$(ls "$dir")" ] && rm -rf "$work/Blocks/$name"
  for file in "$dir"*; do sync_file "$file" "$work/Blocks/$name/$(basename "$file")"; done
done
for dir in "$work/Blocks"/*/; do
  [ -d "$dir" ] || continue
  [ -d "$work/Blocks.new/$(basename "$dir")" ] || rm -rf "$dir"
done
rm -rf "$work/Blocks.new"

blocks=$(wc -l < "$work/manifest.tsv" | tr -d ' ')
echo "check-doc-blocks: compiling $blocks swift blocks from ${#docs[@]} documents"

log="$work/build.log"
if swift build --package-path "$work" --build-tests >"$log" 2>&1; then
  echo "check-doc-blocks: all $blocks blocks compile"
  [ "$run" = 1 ] || exit 0
  # Run them. Output is kept in .build-docblocks/*.run.log and shown only for a failing block.
  bin=$(swift build --package-path "$work" --show-bin-path)
  failed=()
  has_tests=0
  while IFS=$'\t' read -r name kind doc first last imports; do
    if [ "$kind" = test ]; then has_tests=1; continue; fi
    # (In a subshell, so that a crash's "Illegal instruction" goes to the log too.)
    if ! (SWIFT_BACKTRACE=enable=no "$bin/$name") >"$work/$name.run.log" 2>&1; then
      failed+=("$doc:$first")
      echo "--- $doc:$first (target $name) exits with an error:"
      tail -n 20 "$work/$name.run.log"
    fi
  done < "$work/manifest.tsv"
  if [ "$has_tests" = 1 ] && ! swift test --package-path "$work" --skip-build >"$work/tests.run.log" 2>&1; then
    # An issue recorded by a test names the Markdown file (its last component) and the line of
    # its #expect, which tells the block.
    before=${#failed[@]}
    while IFS=$'\t' read -r name kind doc first last imports; do
      [ "$kind" = test ] || continue
      issues=$(grep -oE "$(basename "$doc"):[0-9]+:[0-9]+: .*" "$work/tests.run.log" |
        awk -F: -v first="$first" -v last="$last" '$2 >= first && $2 <= last && !seen[$0]++' || true)
      if [ -n "$issues" ]; then
        failed+=("$doc:$first")
        echo "--- $doc:$first (target $name) has a failing test:"
        echo "$issues"
      fi
    done < "$work/manifest.tsv"
    if [ "${#failed[@]}" -eq "$before" ]; then
      echo "check-doc-blocks: the doc blocks' tests failed:"; tail -n 40 "$work/tests.run.log"; exit 1
    fi
  fi
  if [ "${#failed[@]}" -gt 0 ]; then
    echo
    echo "check-doc-blocks: ${#failed[@]} of $blocks swift blocks compile but fail when run:"
    for location in "${failed[@]}"; do echo "  $location"; done
    exit 1
  fi
  echo "check-doc-blocks: all $blocks blocks run"
  exit 0
fi

# Some block failed. SwiftPM may stop at the first failing target, so build each block on its own
# to list them all; a block's diagnostics point at its Markdown file and line.
failed=()
while IFS=$'\t' read -r name kind doc first last imports; do
  if ! swift build --package-path "$work" --target "$name" >"$work/$name.log" 2>&1; then
    failed+=("$doc:$first")
    echo "--- $doc:$first (target $name)"
    # Diagnostics in the docs, or else the end of the log (a link error, a dependency's error).
    # (SwiftPM prints each diagnostic twice; keep the first.)
    if grep -qE '^[^ ]+\.md:[0-9]+:[0-9]+: (error|warning)' "$work/$name.log"; then
      grep -E '^[^ ]+\.md:[0-9]+:[0-9]+: (error|warning)' "$work/$name.log" | awk '!seen[$0]++'
    else
      tail -n 20 "$work/$name.log"
    fi
  fi
done < "$work/manifest.tsv"

if [ "${#failed[@]}" -eq 0 ]; then
  # Every block compiles alone: the failure is elsewhere (the package itself, linking).
  echo "check-doc-blocks: the build failed outside any block:"
  tail -n 40 "$log"
  exit 1
fi
echo
echo "check-doc-blocks: ${#failed[@]} of $blocks swift blocks do not compile:"
for location in "${failed[@]}"; do echo "  $location"; done
exit 1
