#!/usr/bin/env bash
# Fails when dispatching an event of the standard scene costs more instructions than
# Thresholds/instructions-per-event.json allows: a latency regression gate that does not depend
# on the machine's load (valgrind callgrind counts instructions; the same binary and input give
# the same count); and when a move of two fingers (pinch-move) costs more than twice a move of one
# (pan-move), issue 27 item 3. Usage: Benchmarks/Scripts/check-instructions.sh [events-per-stream]
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
seen=0
declare -A measured=()
while read -r stream events count; do
  [ "$stream" = "#" ] && continue
  seen=$((seen + 1))
  measured[$stream]=$count
  limit=$(sed -n "s/.*\"$stream\": \([0-9]*\).*/\1/p" Thresholds/instructions-per-event.json)
  if [ -z "$limit" ]; then echo "$stream: no limit in Thresholds/instructions-per-event.json"; status=1; continue; fi
  verdict=ok
  if [ "$count" -gt "$limit" ]; then verdict=FAIL; status=1; fi
  echo "$stream: $count instructions per event (limit $limit) $verdict"
done < <(Scripts/instructions.sh "${1:-4000}" || echo "failed")
# Issue 27, item 3: a move of two fingers (a running pinch's) costs at most twice a move of one
# (a running pan's), in the same tree.
if [ -n "${measured[pan-move]:-}" ] && [ -n "${measured[pinch-move]:-}" ]; then
  verdict=ok
  if [ "${measured[pinch-move]}" -gt $((2 * measured[pan-move])) ]; then verdict=FAIL; status=1; fi
  echo "pinch-move / pan-move: ${measured[pinch-move]} / ${measured[pan-move]} (limit 2 times) $verdict"
else
  echo "check-instructions.sh: pan-move and pinch-move not both measured"
  status=1
fi
# A measurement that printed nothing (a build that failed, valgrind missing) is a failure, not a pass.
expected=$(grep -c '^  "[a-z-]*": [0-9]' Thresholds/instructions-per-event.json)
if [ "$seen" -ne "$expected" ]; then
  echo "check-instructions.sh: $seen of $expected streams measured (Scripts/instructions.sh failed?)"
  status=1
fi
exit $status
