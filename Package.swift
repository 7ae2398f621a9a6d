// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GestureArbiter",
    products: [
        .library(name: "GestureArbiter", targets: ["GestureArbiter"]),
        .library(name: "GestureArbiterTesting", targets: ["GestureArbiterTesting"]),
        .executable(name: "gesture-trace", targets: ["gesture-trace"]),
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
        // The README's example, importing only the engine: proves it links on its own.
        .executableTarget(name: "readme-example", dependencies: ["GestureArbiter"]),
        .testTarget(name: "GestureArbiterTests", dependencies: ["GestureArbiter"]),
        .testTarget(name: "ConformanceTests", dependencies: ["GestureArbiter", "GestureArbiterTesting"]),
        .testTarget(name: "GestureTraceTests", dependencies: ["GestureArbiter", "GestureArbiterTesting"]),
        .testTarget(name: "PropertyTests", dependencies: ["GestureArbiter", "GestureArbiterTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
