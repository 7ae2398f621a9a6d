import Glibc
import Scenes

// standard-scene [events-per-stream] [runs]
// Prints one line per stream: <stream> <events> <ns-per-event median> <min> <max>, CPU time
// (CLOCK_PROCESS_CPUTIME_ID) over several runs, each on a warmed scene, each checked against the
// outcome the rules predict.
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let requestedEvents = arguments.first ?? 200_000
let runs = arguments.count > 1 ? arguments[1] : 7

func cpuNanoseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}

print("# stream events ns-per-event-median min max (CPU time, \(runs) runs)")
for stream in Stream.allCases {
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
    samples.sort()
    let median = samples[samples.count / 2]
    func format(_ value: Double) -> String { String(Int(value.rounded())) }
    print("\(stream.rawValue) \(sequences * perSequence) \(format(median)) \(format(samples.first!)) \(format(samples.last!))")
}
