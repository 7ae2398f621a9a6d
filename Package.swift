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
        // The engine: standard library only. No Foundation, no Glibc, no Dispatch.
        .target(name: "GestureArbiter"),
        // Scenario files, the timeline log and the property-testing kit. May use Foundation;
        // never imports Testing, so it works under XCTest and in the command-line tool.
        .target(name: "GestureArbiterTesting", dependencies: ["GestureArbiter"]),
        .executableTarget(name: "gesture-trace", dependencies: ["GestureArbiter", "GestureArbiterTesting"]),
        .testTarget(name: "GestureArbiterTests", dependencies: ["GestureArbiter"]),
        .testTarget(name: "ConformanceTests", dependencies: ["GestureArbiter", "GestureArbiterTesting"]),
        .testTarget(name: "GestureTraceTests", dependencies: ["GestureArbiter", "GestureArbiterTesting"]),
        .testTarget(name: "PropertyTests", dependencies: ["GestureArbiter", "GestureArbiterTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
