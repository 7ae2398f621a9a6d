#!/usr/bin/env python3
"""Where the instructions of one event go, step by step of the pass (issue 27).

Usage: Benchmarks/Scripts/profile.py [STREAM ...] [--events N]
       (streams: tap drag double-tap two-finger pan-move pinch-move; default all six;
       N default 4000)

For each stream it runs the release standard-scene binary under valgrind's callgrind twice, with
the measured run and without it (setup and warm-up only), as Scripts/instructions.sh does, and
prints for each step of the pass the instructions per event it costs *including what it calls*
(callgrind's inclusive cost summed over the calls made in the measured events, divided by the
events), with the calls per event. The steps nest (a timer pass runs inside the timer firing
before an input, a pass's steps inside the pass), so the rows do not add up to the total;
they say where to look. Functions the optimizer inlined into their caller are counted in it;
their row, with no call of its own, reads "-  (inlined, or not run)" (the tap's step 2, for
example, is inlined into the walk over the windows, `forEachWindow`).

A direct move (a running gesture's move, Arbitration/GestureEnvironment+DirectMove.swift) is
inlined into `dispatch` (one finger) or `runDirectMove(of:to:)` (several): its step 2 is not in
the step 2 row, which counts the general pass only; its step 4 is in the step 4 row.

Needs valgrind and swift-demangle (both used by the gates already).
"""
import collections
import os
import re
import subprocess
import sys

# (label, a regular expression on the demangled name), in the order of a pass.
STEPS = [
    ("dispatch (the whole event)", r"^GestureEnvironment\.dispatch\(_:\)$"),
    ("  checks, then timers due before the input", r"^GestureEnvironment\.fireTimers\(through:\)$"),
    ("    a timer pass (timerDidFire, steps 3-7)", r"^GestureEnvironment\.runTimerPass\(_:\)$"),
    ("  an input pass", r"^GestureEnvironment\.(runInputPass|runSingleMovePass)\("),
    ("  several fingers' move (checks, then its pass)", r"^GestureEnvironment\.dispatchMoves\("),
    ("    step 1: hit-test and bind a new touch", r"^GestureEnvironment\.hitTestAndBind\(_:\)$"),
    ("      the hit-test walk", r"View\.walk<"),
    ("      binding to the candidates (R23-R29)", r"^GestureEnvironment\.bindToCandidates\("),
    ("        activation (processing order, R28)", r"^GestureEnvironment\.activate\(_:in:\)$"),
    ("    step 2: recognizers' touch callbacks", r"^GestureEnvironment\.deliverPassTouches\(in:to:event:\)$"),
    ("    steps 3-7 (finishPass)", r"^GestureEnvironment\.finishPass\(\)$"),
    ("      step 3: arbitration", r"^GestureEnvironment\.arbitrate\(in:\)$"),
    ("      step 4: actions", r"^GestureEnvironment\.sendActions\(in:\)$"),
    ("        cancelling touches in views (R67)", r"^GestureEnvironment\.cancelTouchesInViews\(of:\)$"),
    ("      step 5: holds", r"^GestureEnvironment\.updateHolds\(in:\)$"),
    ("      step 6: views' touch callbacks", r"^GestureEnvironment\.deliverPassPhases\(\)$"),
    ("      step 7: resets", r"^GestureEnvironment\.resetFinishedRecognizers\(in:\)$"),
    ("        one reset", r"^GestureEnvironment\.reset\(_:in:\)$"),
    ("      the end of the pass (touch pool)", r"^GestureEnvironment\.recycleRetiredTouches\(\)$"),
    ("  a recognizer's state change", r"^GestureRecognizer\.requestState\(_:\)$"),
    ("  starting a timer", r"^GestureEnvironment\.startTimer\(for:deadline:\)$"),
    ("  swift_retain", r"^swift_retain$"),
    ("  swift_release", r"^swift_release$"),
    ("  uniqueness checks (array mutation)", r"^swift_isUniquelyReferenced_nonNull_native$"),
]
PER_SEQUENCE = {"tap": 2, "drag": 22, "double-tap": 4, "two-finger": 24, "pan-move": 1, "pinch-move": 1}


def inclusive_by_callee(path):
    """Inclusive cost and call count per callee name, from the call records of a callgrind file."""
    names, cost, calls = {}, collections.Counter(), collections.Counter()
    callee, pending = None, None
    with open(path) as data:
        for line in data:
            # Names are compressed: "(id) name" the first time an id appears, in a fn= or a cfn=
            # line, and "(id)" after that.
            match = re.match(r"(c?)fn=\((\d+)\)(?: (.*))?", line)
            if match:
                if match.group(3):
                    names[match.group(2)] = match.group(3).strip()
                if match.group(1):
                    callee = names.get(match.group(2))
                continue
            match = re.match(r"calls=(\d+)", line)
            if match:
                pending = int(match.group(1))
                continue
            if pending is not None:
                cost[callee] += int(line.split()[-1])
                calls[callee] += pending
                pending = None
    return cost, calls


def demangled(names):
    mangled = [name for name in names if name and name.startswith("$s")]
    output = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(mangled),
                            capture_output=True, text=True, check=True).stdout.splitlines()
    table = {name: name for name in names if name}
    table.update(zip(mangled, output))
    return table


def main():
    arguments = sys.argv[1:]
    events = 4000
    if "--events" in arguments:
        index = arguments.index("--events")
        events = int(arguments[index + 1])
        del arguments[index:index + 2]
    streams = arguments or list(PER_SEQUENCE)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    os.chdir(root)
    subprocess.run(["swift", "build", "-c", "release", "--product", "standard-scene"], check=True,
                   stdout=subprocess.DEVNULL)
    binary = ".build/release/standard-scene"
    for stream in streams:
        if stream not in PER_SEQUENCE:
            sys.exit(f"unknown stream {stream}; known: {' '.join(PER_SEQUENCE)}")
        measured = events // PER_SEQUENCE[stream] * PER_SEQUENCE[stream]
        results = []
        for runs in ("1", "0"):
            path = f"/tmp/profile-{stream}-{runs}.callgrind"
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={path}", binary,
                            str(events), runs, stream], check=True, capture_output=True)
            results.append(inclusive_by_callee(path))
        (full_cost, full_calls), (base_cost, base_calls) = results
        names = demangled(set(full_cost) | set(base_cost))
        rows = collections.defaultdict(lambda: [0, 0])
        for callee in full_cost:
            name = names.get(callee, callee or "")
            for label, pattern in STEPS:
                if re.search(pattern, name):
                    rows[label][0] += full_cost[callee] - base_cost.get(callee, 0)
                    rows[label][1] += full_calls[callee] - base_calls.get(callee, 0)
        print(f"# {stream}: {measured} events; instructions per event, inclusive (calls per event)")
        for label, _ in STEPS:
            cost, count = rows.get(label, (0, 0))
            if count == 0:
                # No call of its own in the measured events: counted in its caller, or not run.
                print(f"{label:48} {'-':>9}  (inlined, or not run)")
            else:
                print(f"{label:48} {cost / measured:9.0f}  ({count / measured:.2f})")
        print()


if __name__ == "__main__":
    main()
