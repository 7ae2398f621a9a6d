#!/usr/bin/env bash
# The scaling gate (issue 27 item 4): the cost of a move, in instructions per event (counted
# by callgrind as Scripts/instructions.sh does, so a busy machine cannot move it), must stay
# - flat in the views off the touch's path: a move never looks at the tree, so 10 000 views
#   beside the touch may cost at most 2 % more than 10;
# - at most linear in the recognizers bound to the touch: the cost per recognizer added from 16
#   to 64 may be at most 1.25 times the cost per recognizer added from 1 to 4 (a quadratic
#   term would grow it about 25 times);
# - at most linear in the fingers moving in one event, the same way: the cost per finger from 5
#   to 10 against 2 to 5 (from the second finger on: the first takes the direct path).
# Prints the figures (the table of docs/performance.md, "Scaling") and exits 1 if a bound fails.
# Usage: Benchmarks/Scripts/check-scaling.sh [events]   (default 2000 moves per scene)
set -euo pipefail
cd "$(dirname "$0")/.."
events="${1:-2000}"
streams=(move-views-10 move-views-100 move-views-1000 move-views-10000
         move-recognizers-1 move-recognizers-4 move-recognizers-16 move-recognizers-64
         move-fingers-1 move-fingers-2 move-fingers-5 move-fingers-10)
declare -A cost
while read -r stream _ perEvent; do
  [[ "$stream" == "#" ]] && continue
  cost[$stream]=$perEvent
  echo "$stream $perEvent"
done < <(Scripts/instructions.sh "$events" "${streams[@]}")
status=0
check() {  # check LABEL ACTUAL LIMIT (integers; fails when ACTUAL > LIMIT)
  if (( $2 > $3 )); then echo "check-scaling: FAIL $1: $2 > $3"; status=1; else echo "check-scaling: ok $1: $2 <= $3"; fi
}
# Flat in the views off the path: at most 2 % more with 1 000 times the views.
check "views off the path, 10 000 against 10" "${cost[move-views-10000]}" $(( cost[move-views-10] * 102 / 100 ))
# Linear in the recognizers: per-recognizer cost from 16 to 64 against 1 to 4 (scaled by 100).
early=$(( (cost[move-recognizers-4] - cost[move-recognizers-1]) * 100 / 3 ))
late=$(( (cost[move-recognizers-64] - cost[move-recognizers-16]) * 100 / 48 ))
check "per recognizer from 16 to 64, against 1 to 4 (x100)" "$late" $(( early * 125 / 100 ))
# Linear in the fingers: per-finger cost from 5 to 10 against 2 to 5.
early=$(( (cost[move-fingers-5] - cost[move-fingers-2]) * 100 / 3 ))
late=$(( (cost[move-fingers-10] - cost[move-fingers-5]) * 100 / 5 ))
check "per finger from 5 to 10, against 2 to 5 (x100)" "$late" $(( early * 125 / 100 ))
exit $status
