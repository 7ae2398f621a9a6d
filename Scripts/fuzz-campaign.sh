#!/usr/bin/env bash
# A long fuzzing campaign: every target at once (one per core), each for HOURS on a fresh seed,
# growing the corpus that Scripts/fuzz.sh keeps in .build-fuzz/corpus/<target>/, and a line per
# target appended to the campaign log in Fuzz/README.md ("Campaigns"): date, commit, target, seed,
# hours, inputs run, and the result (clean, or the reproducer to minimise and save).
#
#   Scripts/fuzz-campaign.sh HOURS [TARGET ...]      default targets: operations scenarios tools
#
# Inputs may take FUZZ_TIMEOUT seconds (default here 60, against fuzz.sh's 10): a campaign shares
# the machine for hours, often at low priority (`nice`), and a process starved for ten seconds is
# not a hang. A real hang still stops it, a minute later. (The first multi-hour run stopped on
# such a timeout: the saved input ran in 69 ms.)
#
# The seed of each target is printed and logged, so a run can be repeated input for input with
# FUZZ_SEED=<seed> FUZZ_TARGETS=<target> Scripts/fuzz.sh <seconds> from the same corpus. Set
# FUZZ_SEED to choose the seeds yourself (target i gets FUZZ_SEED + i). Commit the README line
# with the code it ran on; a campaign on uncommitted code is logged as such.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -lt 1 || ! $1 =~ ^[0-9]+([.][0-9]+)?$ ]]; then
  echo "usage: $0 HOURS [TARGET ...]" >&2
  exit 64
fi
hours=$1
shift
targets=("$@")
((${#targets[@]})) || targets=(operations scenarios tools)
seconds=$(awk -v h="$hours" 'BEGIN { printf "%d", h * 3600 }')
commit=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- Sources Fuzz || commit="$commit+uncommitted"
started=$(date -u +%Y-%m-%dT%H:%MZ)

FUZZ_TARGETS="${targets[*]}" Scripts/fuzz.sh --build
mkdir -p .build-fuzz/campaign
pids=()
seeds=()
for i in "${!targets[@]}"; do
  target=${targets[$i]}
  if [[ -n ${FUZZ_SEED:-} ]]; then
    seed=$((FUZZ_SEED + i))
  else
    seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
  fi
  seeds+=("$seed")
  echo "== $target: $hours h from seed $seed (log .build-fuzz/campaign/$target.log)"
  FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-60} FUZZ_SEED=$seed FUZZ_TARGETS=$target Scripts/fuzz.sh "$seconds" >".build-fuzz/campaign/$target.log" 2>&1 &
  pids+=($!)
done

status=0
for i in "${!targets[@]}"; do
  target=${targets[$i]}
  result=clean
  if ! wait "${pids[$i]}"; then
    status=1
    reproducer=$(sed -n 's/^   reproducer: //p' ".build-fuzz/campaign/$target.log" | head -1)
    reproducer=${reproducer#"$PWD/"}
    result="FAILED${reproducer:+: $reproducer}"
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' ".build-fuzz/campaign/$target.log" | tail -1)
  line="| $started | $commit | $target | ${seeds[$i]} | $hours | ${runs:-?} | $result |"
  echo "$line"
  printf '%s\n' "$line" >>Fuzz/README.md
done
exit $status
