import Foundation
import GestureArbiterTesting
import Testing

/// One scenario file of a conformance set, as a test argument.
struct CorpusFile: CustomTestStringConvertible, Sendable {
    /// Which set it belongs to: `repository` (Scenarios/ beside this file) or `extra`.
    let set: String
    /// The file's full path.
    let path: String

    var testDescription: String { "\(set)/\((path as NSString).lastPathComponent)" }
}

/// The conformance scenarios, run through the same code as `gesture-trace FILE --check`.
///
/// Two sets run. The repository's own set, `Tests/ConformanceTests/Scenarios/*.json`, always: it
/// must not be empty. An extra set runs as well when a folder for it exists: the one named by
/// `GESTURE_ARBITER_EXTRA_CONFORMANCE_DIR`, else the project's design checkout beside the package,
/// which the project's CI has. On a clone on its own there is no such folder, and the extra set is
/// simply empty: that is neither an error nor a skipped test.
@Suite struct ConformanceTests {
    /// The package root, three levels above this file.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The repository's own set.
    static let repositoryFolder = packageRoot.appendingPathComponent("Tests/ConformanceTests/Scenarios").path

    /// The folder of the extra set, whether or not it exists.
    static let extraFolder: String = {
        if let folder = ProcessInfo.processInfo.environment["GESTURE_ARBITER_EXTRA_CONFORMANCE_DIR"], !folder.isEmpty {
            return folder
        }
        return packageRoot.appendingPathComponent("../shared/conformance").standardized.path  // repository-check: optional extra set
    }()

    /// The `*.json` files of `folder`, sorted by name; none when the folder does not exist.
    static func scenarios(in folder: String, set: String) -> [CorpusFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { CorpusFile(set: set, path: folder + "/" + $0) }
    }

    static let repositoryFiles = scenarios(in: repositoryFolder, set: "repository")
    static let files = repositoryFiles + scenarios(in: extraFolder, set: "extra")

    @Test("The repository's own conformance set is present and not empty")
    func repositorySetIsPresent() {
        #expect(Self.repositoryFiles.count >= 30, "expected the repository's scenarios in \(Self.repositoryFolder)")
    }

    @Test("--check: the scenario's log equals its expect list", arguments: files)
    func scenarioPasses(_ file: CorpusFile) throws {
        let result = TraceCommand.run([file.path, "--check"]) { try? String(contentsOfFile: $0, encoding: .utf8) }
        #expect(result.status == 0, "\(file.testDescription):\n\(result.errorOutput)")
    }

    @Test("Each conformance run ends idle: no live touch, timer, hold or unreset recognizer (R39, R118)", arguments: files)
    func scenarioEndsIdle(_ file: CorpusFile) throws {
        let scenario = try ScenarioParser.parse(contentsOf: file.path)
        let run = try ScenarioRunner.run(scenario)
        #expect(run.endedIdle, "\(file.testDescription): \(run.busyReasons)")
    }
}
