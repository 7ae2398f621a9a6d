// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GestureArbiter",
    // Linux and Windows need no entry. On Apple platforms the public API uses the standard
    // library's `Duration`, which needs macOS 13, iOS 16, tvOS 16, watchOS 9 or later.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16), .visionOS(.v1)],
    products: [
        .library(name: "GestureArbiter", targets: ["GestureArbiter"]),
        .library(name: "GestureArbiterTesting", targets: ["GestureArbiterTesting"]),
        .executable(name: "gesture-trace", targets: ["gesture-trace"]),
        // The C interface (Sources/CGestureArbiter/include/gesture_arbiter.h), a shared library
        // for event cores written in C, C++, Rust or Python.
        .library(name: "GestureArbiterC", type: .dynamic, targets: ["GestureArbiterC"]),
    ],
    targets: [
        // The engine: standard library only. No Foundation, no Glibc, no Dispatch. It links the C
        // math library where the platform keeps it apart (Double.squareRoot and .rounded call it),
        // so that a program that imports nothing else still links.
        .target(
            name: "GestureArbiter",
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android, .openbsd, .wasi]))]
        ),
        // Scenario files, the timeline log and the property-testing kit. May use Foundation;
        // never imports Testing, so it works under XCTest and in the command-line tool.
        .target(name: "GestureArbiterTesting", dependencies: ["GestureArbiter"]),
        // `gesture-trace --bench` counts heap allocations with its own wrappers around glibc's
        // allocator: a C target linked into the tool only.
        .target(name: "GestureTraceAllocations"),
        .executableTarget(
            name: "gesture-trace", dependencies: ["GestureArbiter", "GestureArbiterTesting", "GestureTraceAllocations"]),
        // The C interface: the header (and the per-thread last error, kept in C), and its Swift
        // implementation with @_cdecl functions over generation-checked handles.
        .target(name: "CGestureArbiter"),
        .target(name: "GestureArbiterC", dependencies: ["GestureArbiter", "CGestureArbiter", "GestureArbiterTesting"]),
        // The README's example, importing only the engine: proves it links on its own.
        .executableTarget(name: "readme-example", dependencies: ["GestureArbiter"]),
        // A gesture-trace of a user's own, knowing a recognizer type of theirs (the property-testing
        // guide's "A gesture-trace of your own"); CI runs it on its scenario file.
        .executableTarget(
            name: "custom-gesture-trace", dependencies: ["GestureArbiter", "GestureArbiterTesting"],
            path: "Examples/custom-gesture-trace", exclude: ["hold.json"]),
        .testTarget(name: "GestureArbiterTests", dependencies: ["GestureArbiter"]),
        // Its scenario files (Scenarios/) are read from the source tree by path, by PropertyTests too.
        .testTarget(name: "ConformanceTests", dependencies: ["GestureArbiter", "GestureArbiterTesting"], exclude: ["Scenarios"]),
        // Its picture fixtures (Timelines/) are read from the source tree by path.
        .testTarget(name: "GestureTraceTests", dependencies: ["GestureArbiter", "GestureArbiterTesting"], exclude: ["Timelines"]),
        .testTarget(name: "PropertyTests", dependencies: ["GestureArbiter", "GestureArbiterTesting"]),
        // Keeps the repository standing on its own: rule ids defined, no pointer outside it, the
        // README's paths present, docs/examples passing their checks.
        .testTarget(name: "RepositoryTests", dependencies: ["GestureArbiter", "GestureArbiterTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
