import Benchmark
import GestureArbiter
import Scenes

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .instructions, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 200,
        maxDuration: .seconds(2),
        maxIterations: 200_000
    )
    // No malloc threshold here: on Linux with Swift 6.3 the harness counts 16 allocations of its
    // own per sample (its runtime interposer is not built; see the warning it prints), even for
    // pure hit-testing. The allocation gate is Scripts/check-allocations.sh (valgrind), whose
    // limits are in Thresholds/allocations-per-event.json.

    // The standard scene: one iteration is one sequence of the stream (2, 22 or 4 events);
    // divide by the events per sequence for ns per event (standard-scene prints that directly).
    for stream in Stream.allCases {
        let scene = StandardScene()
        let events = scene.eventsPerSequence(stream)
        Benchmark("standard scene \(stream.rawValue) (1 sequence = \(events) events)") { benchmark in
            for _ in benchmark.scaledIterations { scene.run(stream, sequences: 1) }
        } setup: {
            scene.runChecked(stream, sequences: 200)
        } teardown: {
            scene.runChecked(stream, sequences: 10)
        }
    }

    // The two-finger stream on the same tree: a pinch that beats a pan on an ancestor (24 events).
    let twoFinger = TwoFingerScene()
    Benchmark("two fingers: pinch beats a pan (1 sequence = \(TwoFingerScene.eventsPerSequence) events)") { benchmark in
        for _ in benchmark.scaledIterations { twoFinger.run(sequences: 1) }
    } setup: {
        twoFinger.runChecked(sequences: 200)
    } teardown: {
        twoFinger.runChecked(sequences: 10)
    }

    // Cost of a move as the tree grows off the touch's path: must stay flat.
    for views in [10, 100, 1_000, 10_000] {
        let scene = MoveScene(offPathViews: views)
        Benchmark("move, \(views) views off the path") { benchmark in
            for _ in benchmark.scaledIterations { scene.move() }
        } teardown: {
            scene.check()
        }
    }

    // Cost of a move as more recognizers hold the touch: at most linear.
    for recognizers in [1, 4, 16, 64] {
        let scene = MoveScene(recognizers: recognizers)
        Benchmark("move, \(recognizers) recognizers bound") { benchmark in
            for _ in benchmark.scaledIterations { scene.move() }
        } teardown: {
            scene.check()
        }
    }

    // Cost of one event moving 1 to 10 fingers.
    for touches in [1, 2, 5, 10] {
        let scene = MoveScene(touches: touches)
        Benchmark("move, \(touches) fingers in one event") { benchmark in
            for _ in benchmark.scaledIterations { scene.move() }
        } teardown: {
            scene.check()
        }
    }

    // A move of two fingers with a pinch (or a rotation) and a pan bound on one photo: both
    // possible, or both running together (R183).
    for (name, rotation, running) in [
        ("pinch and pan, both possible", false, false), ("rotation and pan, both possible", true, false),
        ("pinch and pan, both running", false, true), ("rotation and pan, both running", true, true),
    ] {
        let scene = TransformMoveScene(rotation: rotation, running: running)
        Benchmark("move, \(name)") { benchmark in
            for _ in benchmark.scaledIterations { scene.move() }
        } teardown: {
            scene.check(running: running)
        }
    }

    // A complete requirement graph (every tap requires every other to fail): one tap, and the
    // cycle report. Both stay polynomial (the report is linear in the edges).
    for recognizers in [4, 16, 64, 256] {
        let scene = RequirementGraphScene(recognizers: recognizers)
        Benchmark("complete requirement graph, \(recognizers) taps: one tap (2 events)") { benchmark in
            for _ in benchmark.scaledIterations { scene.tap() }
        } setup: {
            scene.tapChecked(times: 20)
        } teardown: {
            scene.tapChecked()
        }
        Benchmark("complete requirement graph, \(recognizers) taps: cycle report") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(scene.cycleReport()) }
        }
    }

    // A whole swipe (a flick of 6 events) with a pan that waits for it to fail.
    do {
        let scene = SwipeFlickScene()
        Benchmark("swipe flick with a waiting pan (1 flick = \(SwipeFlickScene.eventsPerFlick) events)") { benchmark in
            for _ in benchmark.scaledIterations { scene.flick() }
        } setup: {
            scene.flickChecked(times: 20)
        } teardown: {
            scene.flickChecked()
        }
    }

    // A whole long press (6 events and its timer) on a view that also has a pan.
    do {
        let scene = LongPressHoldScene()
        Benchmark("long press held, moved and lifted, beside a pan (1 press = \(LongPressHoldScene.eventsPerPress) events and a timer)") { benchmark in
            for _ in benchmark.scaledIterations { scene.press() }
        } setup: {
            scene.pressChecked(times: 20)
        } teardown: {
            scene.pressChecked()
        }
    }

    // A button in a scroll view: a quick tap that reaches the button at the lift, and a drag
    // that starts on it and scrolls (R235-R245).
    for isTap in [true, false] {
        let scene = ScrollListScene()
        let name = isTap ? "quick tap (1 tap = \(ScrollListScene.eventsPerTap) events)"
            : "drag that scrolls (1 drag = \(ScrollListScene.eventsPerDrag) events)"
        Benchmark("button in a scroll view: \(name)") { benchmark in
            for _ in benchmark.scaledIterations { if isTap { scene.tap() } else { scene.drag() } }
        } setup: {
            scene.checked(taps: isTap ? 20 : 0, drags: isTap ? 0 : 20)
        } teardown: {
            scene.checked(taps: isTap ? 1 : 0, drags: isTap ? 0 : 1)
        }
    }

    // A tap through a chain of 20 views, turned by 1 degree each or not turned (R285-R289).
    for rotated in [false, true] {
        let scene = TransformedTreeScene(depth: 20, rotated: rotated)
        Benchmark("tap through 20 nested views, \(rotated ? "each turned 1 degree" : "no transform") (1 tap = \(TransformedTreeScene.eventsPerTap) events)") { benchmark in
            for _ in benchmark.scaledIterations { scene.tap() }
        } setup: {
            scene.tapChecked(times: 20)
        } teardown: {
            scene.tapChecked()
        }
    }

    // Hit-testing alone.
    for (name, window) in [("deep 10", HitTestTrees.deep(10)), ("deep 100", HitTestTrees.deep(100)),
                           ("wide 10", HitTestTrees.wide(10)), ("wide 1000", HitTestTrees.wide(1_000))] {
        Benchmark("hit-test, \(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(window.hitTest(Point(x: 50, y: 50), with: nil)) }
        }
    }
}
