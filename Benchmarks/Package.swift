// swift-tools-version:6.1
import PackageDescription

// The benchmarks live in their own package so that the library keeps zero dependencies.
let package = Package(
    name: "GestureArbiterBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "GestureArbiter", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The standard scene and the scaling scenes, shared by both executables.
        .target(name: "Scenes", dependencies: [.product(name: "GestureArbiter", package: "GestureArbiter")]),
        // `standard-scene [events]`: one line per stream, CPU ns per event (median, min, max).
        .executableTarget(name: "standard-scene", dependencies: ["Scenes"]),
        // `swift package benchmark`: wall clock, CPU, instructions, mallocs, p50/p99.
        .executableTarget(
            name: "DispatchBenchmarks",
            dependencies: ["Scenes", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/DispatchBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
