import Testing

/// Each check of RepositoryTests fails on a planted offender. The offenders are spelled in pieces,
/// so that this file is not itself one.
@Suite struct RepositoryScanTests {
    let r = "R"

    @Test("The rule-id check reports an undefined id with its file and line, and expands ranges")
    func undefinedRuleIsReported() {
        let file = RepositoryFile(path: "Sources/X.swift", text: "/// Rule: \(r)4.\n/// Rules \(r)2-\(r)5, \(r)-9 and \(r)999.\n")
        #expect(RepositoryScan.citedRuleIDs(in: file).map(\.id) == [4, 2, 3, 4, 5, 9, 999])
        let defined = RepositoryScan.definedRuleIDs(in: "- **\(r)2** a\n- **\(r)3** b\n| **\(r)4** | c |\n- **\(r)5** d\n- **\(r)9** e\n")
        #expect(defined == [2, 3, 4, 5, 9])
        #expect(RepositoryScan.undefinedRuleCitations(in: [file], defined: defined) == [Finding(path: "Sources/X.swift", line: 2, what: "\(r)999")])
    }

    @Test("An id mentioned in passing is not a definition")
    func mentionIsNotDefinition() {
        #expect(RepositoryScan.definedRuleIDs(in: "Hit-testing follows \(r)4 and **\(r)5** here.\n").isEmpty)
    }

    @Test("The outside-pointer check reports the design folder and paths climbing above the root")
    func outsidePointersAreReported() {
        let up = ".."
        let files = [
            RepositoryFile(path: "README.md", text: "fine\nsee `\(up)/shared" + "/docs/x.md`\n"),
            RepositoryFile(path: "Sources/A.swift", text: "let p = \"\(up)/other/file\"\n"),
            RepositoryFile(path: "docs/guides/g.md", text: "[ok](\(up)/architecture.md) [bad](\(up)/\(up)/\(up)/x.md)\n"),
            RepositoryFile(path: "Tests/B.swift", text: "// see shared" + "/conformance\n"),
        ]
        #expect(RepositoryScan.outsidePointers(in: files).map { "\($0.path):\($0.line)" }
                == ["README.md:2", "Sources/A.swift:1", "docs/guides/g.md:1", "Tests/B.swift:1"])
    }

    @Test("Only the marked line of ConformanceTests may name the optional extra set")
    func allowanceIsNarrow() {
        let up = ".."
        let marker = "// repository-check: " + "optional extra set"
        let line = "let extra = \"\(up)/shared" + "/conformance\"  \(marker)\n"
        #expect(RepositoryScan.outsidePointers(in: [RepositoryFile(path: "Tests/ConformanceTests/ConformanceTests.swift", text: line)]).isEmpty)
        #expect(RepositoryScan.outsidePointers(in: [RepositoryFile(path: "Tests/Other.swift", text: line)]).count == 1)
    }

    @Test("The README path check reports a named path that does not exist")
    func missingReadmePathIsReported() {
        let readme = "See `docs/semantics.md`, and run\n```\nswift run gesture-trace docs/examples/nope.json --check\n```\n"
        #expect(RepositoryScan.namedPaths(in: readme).map(\.path) == ["docs/semantics.md", "docs/examples/nope.json"])
        #expect(RepositoryScan.missingPaths(in: readme) { $0 == "docs/semantics.md" }
                == [Finding(path: "README.md", line: 3, what: "no such path docs/examples/nope.json")])
    }

    @Test("The public-type check names nested types by their container and reports an unlisted one")
    func unlistedPublicTypeIsReported() {
        let source = RepositoryFile(path: "Sources/X/A.swift", text: """
            public struct Outer {
                public enum Inner { case a }
                struct Hidden {}
                open class var shared: Int { 0 }
            }
            extension Outer {
                public struct Added {}
            }
            final class Internal {}
            """)
        #expect(RepositoryScan.publicTypes(in: source).map(\.name) == ["Outer", "Outer.Inner", "Outer.Added"])
        let findings = RepositoryScan.unlistedPublicTypes(in: [source], document: "`Outer`, `Outer.Inner`")
        #expect(findings == [Finding(path: "Sources/X/A.swift", line: 7, what: "public type Outer.Added is not listed")])
    }
}
