import Foundation
import GestureArbiter
import GestureArbiterTesting
import Testing

/// The repository stands on its own: a stranger's clone, with nothing beside it, has every rule
/// it cites defined, no pointer to files outside it, the paths its README names, and examples
/// that pass their own checks.
@Suite struct RepositoryTests {
    static let files = RepositoryScan.files()

    static func text(_ path: String) -> String {
        (try? String(contentsOfFile: RepositoryScan.packageRoot.appendingPathComponent(path).path, encoding: .utf8)) ?? ""
    }

    /// One finding per line.
    static func list(_ findings: [Finding]) -> String {
        findings.map(\.description).joined(separator: "\n")
    }

    @Test("Every rule id cited in Sources, Tests, docs and the README is defined in docs/semantics.md")
    func citedRulesAreDefined() {
        let defined = RepositoryScan.definedRuleIDs(in: Self.text("docs/semantics.md"))
        #expect(defined.count >= 100, "docs/semantics.md defines only \(defined.count) rule ids")
        let cited = Self.files.filter { $0.path != "Package.swift" }
        #expect(cited.count > 100, "the scan found only \(cited.count) files")
        let offenders = RepositoryScan.undefinedRuleCitations(in: cited, defined: defined)
        #expect(offenders.count == 0, "rule ids docs/semantics.md does not define:\n\(Self.list(offenders))")
    }

    @Test("No README line, doc, doc comment, help text or source points outside the repository")
    func nothingPointsOutside() {
        #expect(Self.files.contains { $0.path == "Sources/GestureArbiterTesting/Command/TraceCommand.swift" })
        let offenders = RepositoryScan.outsidePointers(in: Self.files)
        #expect(offenders.count == 0, "pointers outside the repository:\n\(Self.list(offenders))")
    }

    @Test("docs/public-api.md names every public type of Sources")
    func everyPublicTypeIsListed() {
        let sources = Self.files.filter { $0.path.hasPrefix("Sources/") && $0.path.hasSuffix(".swift") }
        let types = sources.flatMap { RepositoryScan.publicTypes(in: $0) }
        #expect(types.count > 50, "the scan found only \(types.count) public types")
        let offenders = RepositoryScan.unlistedPublicTypes(in: sources, document: Self.text("docs/public-api.md"))
        #expect(offenders.count == 0, "public types docs/public-api.md does not list:\n\(Self.list(offenders))")
    }

    @Test("Every repository path the README names exists")
    func readmePathsExist() {
        let readme = Self.text("README.md")
        #expect(!RepositoryScan.namedPaths(in: readme).isEmpty, "the README names no repository path")
        let offenders = RepositoryScan.missingPaths(in: readme) { path in
            FileManager.default.fileExists(atPath: RepositoryScan.packageRoot.appendingPathComponent(path).path)
        }
        #expect(offenders.count == 0, "paths the README names but the repository lacks:\n\(Self.list(offenders))")
    }

    static let examples: [String] = {
        let folder = RepositoryScan.packageRoot.appendingPathComponent("docs/examples").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test("docs/examples holds the README tour's scenarios")
    func examplesArePresent() {
        #expect(Self.examples.count >= 3, "docs/examples has \(Self.examples.count) scenario files")
    }

    @Test("gesture-trace docs/examples/FILE --check matches the file's expect list", arguments: examples)
    func examplePassesItsCheck(_ name: String) {
        let path = RepositoryScan.packageRoot.appendingPathComponent("docs/examples/" + name).path
        let result = TraceCommand.run([path, "--check"]) { try? String(contentsOfFile: $0, encoding: .utf8) }
        #expect(result.status == 0, "\(name):\n\(result.errorOutput)")
        #expect(result.output.contains("# check: the log matches"), "\(name):\n\(result.output)")
    }

    @Test("The JSON examples of docs/scenario-format.md pass their own check")
    func formatDocumentExamplesPass() {
        let blocks = Self.text("docs/scenario-format.md").components(separatedBy: "```json\n").dropFirst()
            .compactMap { $0.components(separatedBy: "```").first }
        #expect(!blocks.isEmpty, "docs/scenario-format.md has no ```json example")
        for block in blocks {
            if block.contains("\"type\": \"myapp.") {
                // The example of a registered type: it parses with that type registered (and only then).
                #expect(throws: ScenarioError.self) { try ScenarioParser.parse(block) }
                #expect(throws: Never.self, "\(block)") {
                    let registry = try ScenarioRecognizerRegistry().registering("myapp.longPress", settings: ["minimumPressDuration"]) { _ in
                        TapGestureRecognizer()
                    }
                    let scenario = try ScenarioParser.parse(block, registry: registry)
                    _ = try ScenarioRunner.run(scenario, registry: registry)
                }
                continue
            }
            let result = TraceCommand.run(["example.json", "--check"]) { _ in block }
            #expect(result.status == 0, "\(result.errorOutput)\n\(block)")
        }
    }
}
