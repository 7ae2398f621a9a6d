#!/usr/bin/env bash
# Checks Scripts/release.sh in a throwaway clone of the current commit (never in this
# repository): it refuses while "Unreleased" lists changes, refuses a README that names another
# version, tags the CHANGELOG's version once the release commit is made, and refuses to tag twice.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
git clone -q --no-hardlinks "$root" "$scratch/clone"
cd "$scratch/clone"
git config user.email release-test@example.invalid
git config user.name "release test"
# Uncommitted work of the checkout is carried over, so the script under test is this one.
cp "$root/Scripts/release.sh" Scripts/release.sh
cp "$root/CHANGELOG.md" CHANGELOG.md
cp "$root/README.md" README.md
git add -A && git commit -q --allow-empty -m "the checkout as it is"

fail() { echo "test-release: $*" >&2; exit 1; }
expect_refusal() {  # expect_refusal WHAT PATTERN
  if out=$(Scripts/release.sh 2>&1); then fail "$1: release.sh tagged ($out)"; fi
  grep -q "$2" <<<"$out" || fail "$1: unexpected refusal: $out"
}

if awk '/^## Unreleased/ { inside = 1; next } /^## / { inside = 0 } inside && NF { found = 1 } END { exit !found }' CHANGELOG.md; then
  expect_refusal "Unreleased lists changes" "Unreleased"
fi

# The release commit: Unreleased becomes 9.8.7, and the README says so.
sed -i 's/^## Unreleased$/## Unreleased\n\n## 9.8.7 (2030-01-02)/' CHANGELOG.md
sed -i -E 's/^Version [0-9]+\.[0-9]+\.[0-9]+/Version 9.8.6/' README.md
git commit -q -am "release commit with a README that disagrees"
expect_refusal "README names another version" "README.md says \"Version 9.8.6\""
sed -i -E 's/^Version 9\.8\.6/Version 9.8.7/' README.md
git commit -q -am "release 9.8.7"
echo dirty >> README.md
expect_refusal "uncommitted changes" "uncommitted"
git checkout -q README.md

Scripts/release.sh --dry-run | grep -q "would tag $(git rev-parse HEAD) as 9.8.7" || fail "--dry-run does not name the commit and version"
git rev-parse -q --verify refs/tags/9.8.7 >/dev/null && fail "--dry-run created the tag"
Scripts/release.sh >/dev/null
[ "$(git cat-file -t 9.8.7)" = tag ] || fail "9.8.7 is not an annotated tag"
[ "$(git rev-parse '9.8.7^{commit}')" = "$(git rev-parse HEAD)" ] || fail "9.8.7 does not point at the release commit"
expect_refusal "tag exists" "exists already"
echo "test-release: release.sh refuses what it should and tags the CHANGELOG's version"
