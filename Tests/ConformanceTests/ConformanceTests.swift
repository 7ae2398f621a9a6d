import Foundation
import GestureArbiterTesting
import Testing

/// Every scenario of the shared conformance folder, through the same code as
/// `gesture-trace FILE --check`.
///
/// The folder is `../shared/conformance` beside the package (override with
/// `GESTURE_ARBITER_CONFORMANCE_DIR`). A missing or empty folder fails the suite: it never
/// passes by running nothing.
@Suite struct ConformanceTests {
    static let folder: String = {
        if let override = ProcessInfo.processInfo.environment["GESTURE_ARBITER_CONFORMANCE_DIR"], !override.isEmpty {
            return override
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance").path
    }()

    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test("scenario-format: the conformance folder exists and holds scenarios")
    func folderIsPresent() {
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: Self.folder, isDirectory: &isDirectory) && isDirectory.boolValue,
                "conformance folder missing: \(Self.folder)")
        #expect(!Self.files.isEmpty, "no *.json in \(Self.folder)")
    }

    @Test("scenario-format --check: the scenario's log equals its expect", arguments: files)
    func scenarioPasses(_ file: String) throws {
        let path = Self.folder + "/" + file
        let result = TraceCommand.run([path, "--check"]) { try? String(contentsOfFile: $0, encoding: .utf8) }
        #expect(result.status == 0, "\(file):\n\(result.errorOutput)")
    }

    @Test("style.md 7: each conformance run ends idle (no live touch, timer, hold or unreset recognizer)", arguments: files)
    func scenarioEndsIdle(_ file: String) throws {
        let scenario = try ScenarioParser.parse(contentsOf: Self.folder + "/" + file)
        let run = try ScenarioRunner.run(scenario)
        #expect(run.endedIdle, "\(file): \(run.busyReasons)")
    }
}
