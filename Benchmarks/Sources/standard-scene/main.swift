import Glibc
import Scenes

// standard-scene [events-per-stream] [runs] [stream ...]
// Prints one line per stream: <stream> <events> <ns-per-event median> <min> <max>, CPU time
// (CLOCK_PROCESS_CPUTIME_ID) over several runs, each on a warmed scene, each checked against the
// outcome the rules predict. Streams: tap, drag, double-tap (default: all), and two-finger (the
// TwoFingerScene of the same tree, by name only); by name too, the other scenes listed below
// (the scroll list, the transformed tree, pointer input, the floor, the scaling scenes). With 0
// runs it only builds and warms the scenes (the baseline of Scripts/instructions.sh).
let numbers = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let requestedEvents = numbers.first ?? 200_000
let runs = numbers.count > 1 ? numbers[1] : 7
let named = CommandLine.arguments.dropFirst().compactMap { Stream(rawValue: $0) }
// The scroll scene's two sequences (not part of the standard scene or its gates):
// `scroll-tap` and `scroll-drag` (ScrollListScene), measured the same way.
let scrollStreams = CommandLine.arguments.dropFirst().filter { $0 == "scroll-tap" || $0 == "scroll-drag" }
// And the transformed tree's (TransformedTreeScene, 20 views): `tree-tap` and `rotated-tree-tap`.
let treeStreams = CommandLine.arguments.dropFirst().filter { $0 == "tree-tap" || $0 == "rotated-tree-tap" }
// And desktop input (PointerScene): `hover`, `wheel` and `trackpad-pinch`, one input an event.
let pointerStreams = CommandLine.arguments.dropFirst().filter { PointerScene.inputsPerSequence[$0] != nil }
// And two fingers (TwoFingerScene, issue 27): `two-finger`, a pinch that beats a pan on an ancestor.
let twoFinger = CommandLine.arguments.dropFirst().contains("two-finger")
// And the floor (FloorScene, issue 27): `floor-tap`, `floor-drag`, `floor-double-tap` on the class
// tree, `flat-floor-tap` ... on flat arrays: the same streams with hit-testing and delivery only.
let floorStreams: [(layout: FloorScene.Layout, stream: Stream, name: String)] = CommandLine.arguments.dropFirst().compactMap { name in
    for layout in FloorScene.Layout.allCases {
        let prefix = layout == .classTree ? "floor-" : "flat-floor-"
        if name.hasPrefix(prefix), let stream = Stream(rawValue: String(name.dropFirst(prefix.count))) { return (layout, stream, name) }
    }
    return nil
}
// And the scaling scenes (MoveScene, issue 27 item 4): `move-views-N` (one finger held on a view,
// moved, with N views off its path), `move-recognizers-N` (N recognizers bound to it) and
// `move-fingers-N` (N fingers moving in each event); one event is one move.
let moveStreams: [(name: String, scene: () -> MoveScene)] = CommandLine.arguments.dropFirst().compactMap { name in
    for (prefix, make) in [
        ("move-views-", { (count: Int) in MoveScene(offPathViews: count) }),
        ("move-recognizers-", { (count: Int) in MoveScene(recognizers: count) }),
        ("move-fingers-", { (count: Int) in MoveScene(touches: count) }),
    ] where name.hasPrefix(prefix) {
        guard let count = Int(name.dropFirst(prefix.count)), count >= 1 else { return nil }
        return (name, { make(count) })
    }
    return nil
}
// And a running gesture's moves alone (RunningMoveScene, issue 27 item 3): `pan-move` (one
// finger, the standard scene's pan running) and `pinch-move` (two fingers, the two-finger
// scene's pinch running); one event is one move.
let runningMoveStreams = CommandLine.arguments.dropFirst().compactMap { RunningMoveScene.Kind(rawValue: $0) }
let streams = named.isEmpty && scrollStreams.isEmpty && treeStreams.isEmpty && pointerStreams.isEmpty && !twoFinger && floorStreams.isEmpty
    && moveStreams.isEmpty && runningMoveStreams.isEmpty
    ? Stream.allCases : named

func cpuNanoseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}

/// Prints `<name> <events> <median> <min> <max>` (ns per event) for `samples`, sorting them. The
/// line is built in a buffer reserved once, so that printing allocates the same however many
/// digits the timings have: Scripts/check-allocations.sh counts this process's allocations, and a
/// line that crossed a string's growth step with the machine's speed made it see one.
func report(_ name: String, events: Int, samples: [Double]) {
    guard !samples.isEmpty else { return }
    let sorted = samples.sorted()
    var line = ""
    line.reserveCapacity(256)
    line += name
    line += " "
    line += String(events)
    for value in [sorted[sorted.count / 2], sorted[0], sorted[sorted.count - 1]] {
        line += " "
        line += String(Int(value.rounded()))
    }
    print(line)
}

if runs > 0 { print("# stream events ns-per-event-median min max (CPU time, \(runs) runs)") }
for stream in streams {
    let scene = StandardScene()
    let perSequence = scene.eventsPerSequence(stream)
    let sequences = max(1, requestedEvents / perSequence)
    scene.runChecked(stream, sequences: min(sequences, 1000))  // warm-up: pools and buffers grow
    var samples: [Double] = []
    for _ in 0..<runs {
        scene.resetCounters()
        let start = cpuNanoseconds()
        scene.run(stream, sequences: sequences)
        let elapsed = cpuNanoseconds() - start
        scene.finish()
        precondition(scene.outcome == Outcome.perSequence(stream) * sequences, "\(stream.rawValue): \(scene.outcome)")
        samples.append(Double(elapsed) / Double(sequences * perSequence))
    }
    report(stream.rawValue, events: sequences * perSequence, samples: samples)
}

for name in scrollStreams {
    let scene = ScrollListScene()
    let isTap = name == "scroll-tap"
    let perSequence = isTap ? ScrollListScene.eventsPerTap : ScrollListScene.eventsPerDrag
    let sequences = max(2, (requestedEvents / perSequence) / 2 * 2)
    scene.checked(taps: isTap ? min(sequences, 1000) : 0, drags: isTap ? 0 : min(sequences, 1000))  // warm-up
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = cpuNanoseconds()
        for _ in 0..<sequences { if isTap { scene.tap() } else { scene.drag() } }
        let elapsed = cpuNanoseconds() - start
        scene.checked(taps: 0, drags: 0)
        samples.append(Double(elapsed) / Double(sequences * perSequence))
    }
    report(name, events: sequences * perSequence, samples: samples)
}

for name in treeStreams {
    let scene = TransformedTreeScene(depth: 20, rotated: name == "rotated-tree-tap")
    let sequences = max(1, requestedEvents / TransformedTreeScene.eventsPerTap)
    scene.tapChecked(times: min(sequences, 1000))  // warm-up
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = cpuNanoseconds()
        for _ in 0..<sequences { scene.tap() }
        let elapsed = cpuNanoseconds() - start
        scene.tapChecked(times: 0)
        samples.append(Double(elapsed) / Double(sequences * TransformedTreeScene.eventsPerTap))
    }
    report(name, events: sequences * TransformedTreeScene.eventsPerTap, samples: samples)
}

for name in pointerStreams {
    let scene = PointerScene()
    let perSequence = PointerScene.inputsPerSequence[name] ?? 1
    let sequences = max(1, requestedEvents / perSequence)
    scene.runChecked(name, times: min(sequences, 1000))  // warm-up
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = cpuNanoseconds()
        for _ in 0..<sequences { scene.run(name) }
        let elapsed = cpuNanoseconds() - start
        scene.runChecked(name, times: 0)
        samples.append(Double(elapsed) / Double(sequences * perSequence))
    }
    report(name, events: sequences * perSequence, samples: samples)
}

if twoFinger {
    let scene = TwoFingerScene()
    let perSequence = TwoFingerScene.eventsPerSequence
    let sequences = max(1, requestedEvents / perSequence)
    scene.runChecked(sequences: min(sequences, 1000))  // warm-up
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = cpuNanoseconds()
        scene.run(sequences: sequences)
        let elapsed = cpuNanoseconds() - start
        scene.runChecked(sequences: 0)
        samples.append(Double(elapsed) / Double(sequences * perSequence))
    }
    report("two-finger", events: sequences * perSequence, samples: samples)
}

for (layout, stream, name) in floorStreams {
    let scene = FloorScene(layout: layout)
    let perSequence = scene.eventsPerSequence(stream)
    let sequences = max(1, requestedEvents / perSequence)
    // Each event of a stream reaches the leaf once (the engine's leaf sees fewer: recognizers
    // cancel or withhold some).
    func check(_ expected: Int) { precondition(scene.leafCallbacks == expected, "\(name): \(scene.leafCallbacks) leaf callbacks, not \(expected)") }
    let warmUp = min(sequences, 1000)
    scene.run(stream, sequences: warmUp)
    check(warmUp * perSequence)
    var samples: [Double] = []
    for run in 0..<runs {
        let start = cpuNanoseconds()
        scene.run(stream, sequences: sequences)
        let elapsed = cpuNanoseconds() - start
        check((warmUp + (run + 1) * sequences) * perSequence)
        samples.append(Double(elapsed) / Double(sequences * perSequence))
    }
    report(name, events: sequences * perSequence, samples: samples)
}

/// Measures a scene whose every event is one move: `move(n)` sends n moves, `check()` stops the
/// process unless they did what the scene expects.
func measureMoves(_ name: String, move: (Int) -> Void, check: () -> Void) {
    move(min(requestedEvents, 1000))  // warm-up
    check()
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = cpuNanoseconds()
        move(requestedEvents)
        let elapsed = cpuNanoseconds() - start
        check()
        samples.append(Double(elapsed) / Double(requestedEvents))
    }
    report(name, events: requestedEvents, samples: samples)
}

for (name, makeScene) in moveStreams {
    let scene = makeScene()
    measureMoves(name, move: { scene.move(times: $0) }, check: { scene.check() })
}

for kind in runningMoveStreams {
    let scene = RunningMoveScene(kind)
    measureMoves(kind.rawValue, move: { scene.move(times: $0) }, check: { scene.check() })
}
