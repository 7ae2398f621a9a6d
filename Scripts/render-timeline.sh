#!/usr/bin/env bash
# Renders the timeline picture of a scenario (`gesture-trace FILE --html`) to a PNG with headless
# Chromium, and checks that Chromium rendered it without an error.
#
# Usage: Scripts/render-timeline.sh [FILE] OUT.png
#   FILE: a scenario file; without it, the built-in demo. The HTML page is kept beside the PNG
#   (OUT.html).
# Environment:
#   GESTURE_TRACE  the gesture-trace executable (default: build it with swift build, debug)
#   CHROMIUM       the browser (default: chromium, else chromium-browser, google-chrome)
#
# Checks, each a failure (exit 1) with a message on stderr:
#   - gesture-trace writes the page (exit 0, or 3 when the engine stopped the run: the page then
#     shows the run up to the rejected entry);
#   - Chromium, reading the page as XHTML (strict XML) with --dump-dom, exits 0, reports no XML
#     parse error (its <parsererror> page) and has the page's <svg> and every lane in its DOM;
#   - Chromium's screenshot exits 0 and is a PNG of the page's size (<meta name="timeline-size">)
#     and is not blank (a blank page of that size compresses to a few kilobytes).
# Only this script and Scripts/check-timelines.sh need Chromium; nothing else does.
set -euo pipefail

if [ $# -eq 1 ]; then scenario=""; out="$1"
elif [ $# -eq 2 ]; then scenario="$1"; out="$2"
else echo "usage: $0 [FILE] OUT.png" >&2; exit 2; fi
case "$out" in *.png) ;; *) echo "$0: the output must end in .png: $out" >&2; exit 2 ;; esac

root="$(cd "$(dirname "$0")/.." && pwd)"
fail() { echo "render-timeline: ${scenario:-demo}: $*" >&2; exit 1; }

trace="${GESTURE_TRACE:-}"
if [ -z "$trace" ]; then
  (cd "$root" && swift build --product gesture-trace >/dev/null) || fail "swift build --product gesture-trace failed"
  trace="$(cd "$root" && swift build --show-bin-path)/gesture-trace"
fi
browser="${CHROMIUM:-}"
if [ -z "$browser" ]; then
  for candidate in chromium chromium-browser google-chrome; do
    if command -v "$candidate" >/dev/null; then browser="$candidate"; break; fi
  done
fi
[ -n "$browser" ] || fail "no Chromium found (install Debian's chromium package, or set CHROMIUM)"

mkdir -p "$(dirname "$out")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
html="${out%.png}.html"
work="$(mktemp -d "${TMPDIR:-/tmp}/render-timeline.XXXXXX")"
trap 'rm -rf "$work"' EXIT

status=0
if [ -n "$scenario" ]; then
  "$trace" "$scenario" --html "$html" >"$work/log" 2>"$work/err" || status=$?
else
  "$trace" --html "$html" >"$work/log" 2>"$work/err" || status=$?
fi
if [ "$status" -ne 0 ] && [ "$status" -ne 3 ]; then fail "gesture-trace exited $status: $(cat "$work/err")"; fi
[ -s "$html" ] || fail "gesture-trace wrote no page"

size="$(sed -n 's/.*<meta name="timeline-size" content="\([0-9]*\)x\([0-9]*\)".*/\1 \2/p' "$html" | head -n 1)"
[ -n "$size" ] || fail "the page gives no timeline-size"
read -r width height <<<"$size"
lanes="$(grep -o 'class="lane"' "$html" | wc -l)"

# A fresh profile each run, no sandbox (CI runs as root), no GPU; killed after two minutes.
run_chromium() {
  local limit=()
  if command -v timeout >/dev/null; then limit=(timeout 120); fi
  "${limit[@]}" "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$work/profile" "$@"
}

# 1. Parsed as strict XML: Chromium replaces a page that is not well-formed by its parse error.
cp "$html" "$work/page.xhtml"
dom_status=0
run_chromium --dump-dom "file://$work/page.xhtml" >"$work/dom" 2>"$work/chromium-dom.err" || dom_status=$?
[ "$dom_status" -eq 0 ] || fail "chromium --dump-dom exited $dom_status: $(tail -n 5 "$work/chromium-dom.err")"
if grep -q '<parsererror' "$work/dom"; then
  fail "chromium reports an XML error: $(sed -n 's/.*\(error on line [^<]*\).*/\1/p' "$work/dom" | head -n 1)"
fi
grep -q '<svg' "$work/dom" || fail "chromium's DOM has no <svg>"
dom_lanes="$(grep -o 'class="lane"' "$work/dom" | wc -l)"
[ "$dom_lanes" -eq "$lanes" ] || fail "chromium's DOM has $dom_lanes lanes, the page $lanes"

# 2. The screenshot.
rm -f "$out"
shot_status=0
run_chromium --screenshot="$out" --window-size="$width,$height" "file://$html" >/dev/null 2>"$work/chromium-shot.err" || shot_status=$?
[ "$shot_status" -eq 0 ] || fail "chromium --screenshot exited $shot_status: $(tail -n 5 "$work/chromium-shot.err")"
[ -s "$out" ] || fail "chromium wrote no PNG"
signature="$(head -c 8 "$out" | od -An -tx1 | tr -d ' \n')"
[ "$signature" = "89504e470d0a1a0a" ] || fail "$out is not a PNG"
png_width=$((16#$(head -c 20 "$out" | tail -c 4 | od -An -tx1 | tr -d ' \n')))
png_height=$((16#$(head -c 24 "$out" | tail -c 4 | od -An -tx1 | tr -d ' \n')))
[ "$png_width" -eq "$width" ] && [ "$png_height" -eq "$height" ] ||
  fail "the PNG is ${png_width}x$png_height, the page ${width}x$height"
bytes="$(wc -c <"$out")"
[ "$bytes" -ge 15000 ] || fail "the PNG has only $bytes bytes: a blank page?"
echo "$out (${width}x$height, $lanes lanes)"
