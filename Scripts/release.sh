#!/usr/bin/env bash
# Tags the release that CHANGELOG.md names, on the current commit (CONTRIBUTING.md, "Cutting a
# release"). It never pushes: it prints the push command.
#
# The version is the first "## X.Y.Z (YYYY-MM-DD)" heading of CHANGELOG.md. The script refuses,
# changing nothing, when:
# - the "## Unreleased" section (if any) lists changes: they need a version heading first;
# - the README's "Version X.Y.Z" line names another version;
# - the working tree has uncommitted changes (the tag would not describe what was checked);
# - a tag of that name exists already.
#
# Usage: Scripts/release.sh [--dry-run]   (--dry-run: check everything, say what it would tag)
# Exit status: 0 tagged (or would tag), 1 refused (the reason on stderr), 2 bad arguments.
set -euo pipefail
cd "$(dirname "$0")/.."

dry_run=0
case "${1:-}" in
  "") ;;
  --dry-run) dry_run=1 ;;
  *) echo "usage: Scripts/release.sh [--dry-run]" >&2; exit 2 ;;
esac

refuse() { echo "release: $*" >&2; exit 1; }

version=$(grep -m 1 -oE '^## [0-9]+\.[0-9]+\.[0-9]+ \([0-9]{4}-[0-9]{2}-[0-9]{2}\)' CHANGELOG.md | awk '{print $2}' || true)
[ -n "$version" ] || refuse "CHANGELOG.md has no \"## X.Y.Z (YYYY-MM-DD)\" heading"

# The Unreleased section, if present, must be empty (only blank lines up to the next heading).
unreleased=$(awk '/^## Unreleased/ { inside = 1; next } /^## / { inside = 0 } inside && NF { print }' CHANGELOG.md)
[ -z "$unreleased" ] || refuse "CHANGELOG.md's \"## Unreleased\" section lists changes: give them a version heading (\"## X.Y.Z (date)\") first"

readme_version=$(grep -m 1 -oE '^Version [0-9]+\.[0-9]+\.[0-9]+' README.md | awk '{print $2}' || true)
[ "$readme_version" = "$version" ] || refuse "README.md says \"Version ${readme_version:-?}\" but CHANGELOG.md's newest release is $version"

[ -z "$(git status --porcelain)" ] || refuse "the working tree has uncommitted changes"
if git rev-parse -q --verify "refs/tags/$version" >/dev/null; then refuse "the tag $version exists already"; fi

commit=$(git rev-parse HEAD)
if [ "$dry_run" = 1 ]; then
  echo "release: would tag $commit as $version"
  exit 0
fi
git tag -a "$version" -m "GestureArbiter $version" "$commit"
echo "release: tagged $commit as $version"
echo "release: publish it with: git push origin $version"
