import Foundation

/// A text file of the repository, by its path relative to the package root.
struct RepositoryFile: Sendable {
    /// The path relative to the package root, `/`-separated.
    let path: String
    /// The file's text.
    let text: String

    /// The lines, numbered from 1.
    var numberedLines: [(number: Int, text: String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { ($0.offset + 1, String($0.element)) }
    }
}

/// One finding of a scan: where, and what.
struct Finding: CustomStringConvertible, Equatable, Sendable {
    let path: String
    let line: Int
    let what: String

    var description: String { "\(path):\(line): \(what)" }
}

/// The checks that keep the repository standing on its own, as pure functions of file texts, so
/// that each one is also tested on planted offenders (RepositoryScanTests).
enum RepositoryScan {
    /// The package root, two levels above this file.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text files the checks read: everything under `Sources/`, `Tests/`, `docs/` and
    /// `Scripts/` with a text extension, plus `README.md` and `Package.swift`; sorted by path.
    static func files() -> [RepositoryFile] {
        var paths = ["README.md", "Package.swift"]
        let extensions: Set<String> = ["swift", "md", "json", "sh", "txt"]
        for folder in ["Sources", "Tests", "docs", "Scripts"] {
            let root = packageRoot.appendingPathComponent(folder).path
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let relative = walker.nextObject() as? String {
                if extensions.contains((relative as NSString).pathExtension) { paths.append(folder + "/" + relative) }
            }
        }
        return paths.sorted().compactMap { path in
            guard let text = try? String(contentsOfFile: packageRoot.appendingPathComponent(path).path, encoding: .utf8)
            else { return nil }
            return RepositoryFile(path: path, text: text)
        }
    }

    // MARK: Rule ids

    /// The rule ids a text cites, with the line of each: `R12`, `R-12`, and every id of a range
    /// such as `R61-R67` or `R61–R67`.
    static func citedRuleIDs(in file: RepositoryFile) -> [(line: Int, id: Int)] {
        var cited: [(line: Int, id: Int)] = []
        let range = /\bR-?(\d{1,3})\s*(?:-|–|\.\.)\s*R-?(\d{1,3})\b/
        let single = /\bR-?(\d{1,3})\b/
        for (number, line) in file.numberedLines {
            for match in line.matches(of: range) {
                if let low = Int(match.output.1), let high = Int(match.output.2), low <= high, high - low <= 200 {
                    cited += (low...high).map { (number, $0) }
                }
            }
            for match in line.replacing(range, with: " ").matches(of: single) {
                if let id = Int(match.output.1) { cited.append((number, id)) }
            }
        }
        return cited
    }

    /// The rule ids `semantics` defines: a bullet or table row that starts with the bold id,
    /// `- **R12**` or `| **R12** |`.
    static func definedRuleIDs(in semantics: String) -> Set<Int> {
        let definition = /^\s*(?:[-*]|\|)\s*\*\*R(\d{1,3})\*\*/
        var ids: Set<Int> = []
        for line in semantics.split(separator: "\n") {
            if let match = line.firstMatch(of: definition), let id = Int(match.output.1) { ids.insert(id) }
        }
        return ids
    }

    /// Citations of rule ids that `defined` does not contain.
    static func undefinedRuleCitations(in files: [RepositoryFile], defined: Set<Int>) -> [Finding] {
        files.flatMap { file in
            citedRuleIDs(in: file).filter { !defined.contains($0.id) }.map { Finding(path: file.path, line: $0.line, what: "R\($0.id)") }
        }
    }

    // MARK: Pointers outside the repository

    /// Text naming the design folder that sits beside the package in the project's own checkout.
    /// Spelled in pieces so that this file does not name it.
    static let outsideNames = [".." + "/shared", "shared" + "/docs", "shared" + "/conformance", "shared" + "/hooks"]

    /// The one line allowed to name a folder outside: the optional extra conformance set, which
    /// is looked for and is empty when absent (ConformanceTests).
    static let allowedOutsideLines: [(path: String, marker: String)] = [
        ("Tests/ConformanceTests/ConformanceTests.swift", "repository-check: " + "optional extra set")
    ]

    /// Lines that point outside the repository: they name the design folder, or hold a relative
    /// path that climbs above the package root (resolved from the file's folder in Markdown, where
    /// links are relative to the page, and from the package root elsewhere).
    static func outsidePointers(in files: [RepositoryFile]) -> [Finding] {
        var findings: [Finding] = []
        let climbing = /(?:\.\.\/)+[A-Za-z0-9_.\-]*/
        let parent = "." + "./"
        for file in files {
            let allowed = allowedOutsideLines.filter { $0.path == file.path }.map(\.marker)
            let base = file.path.hasSuffix(".md") ? file.path.split(separator: "/").dropLast().map(String.init) : []
            for (number, line) in file.numberedLines where !allowed.contains(where: { line.contains($0) }) {
                if let name = outsideNames.first(where: { line.contains($0) }) {
                    findings.append(Finding(path: file.path, line: number, what: "names \(name)"))
                    continue
                }
                for match in line.matches(of: climbing) {
                    let ups = match.output.components(separatedBy: parent).count - 1
                    if ups > base.count {
                        findings.append(Finding(path: file.path, line: number, what: "climbs above the package root: \(match.output)"))
                    }
                }
            }
        }
        return findings
    }

    // MARK: Paths the README names

    /// Repository paths named in `readme` (under `docs/`, `Sources/`, `Tests/`, `Benchmarks/`,
    /// `Scripts/` or `.ci/`), with their lines.
    static func namedPaths(in readme: String) -> [(line: Int, path: String)] {
        let pathPattern = /(?:^|[^A-Za-z0-9_\/.])((?:docs|Sources|Tests|Benchmarks|Scripts|\.ci)\/[A-Za-z0-9_.\-\/]*)/
        var paths: [(line: Int, path: String)] = []
        for (number, line) in RepositoryFile(path: "README.md", text: readme).numberedLines {
            for match in line.matches(of: pathPattern) {
                var path = String(match.output.1)
                while let last = path.last, last == "." || last == "," { path.removeLast() }
                paths.append((number, path))
            }
        }
        return paths
    }

    /// The README's repository paths for which `exists` says no.
    static func missingPaths(in readme: String, exists: (String) -> Bool) -> [Finding] {
        namedPaths(in: readme).filter { !exists($0.path) }.map { Finding(path: "README.md", line: $0.line, what: "no such path \($0.path)") }
    }

    // MARK: Public types

    /// The public types `file` declares, with the line of each; a nested type is qualified by
    /// the type or extension it is declared in (`DispatchError.Kind`).
    static func publicTypes(in file: RepositoryFile) -> [(line: Int, name: String)] {
        let container = /^(?:@[\w()]+\s+)*(?:(?:public|open|internal|private|fileprivate|package)\s+)?(?:final\s+)?(?:class|struct|enum|protocol|extension|actor)\s+([A-Za-z_][A-Za-z_0-9.]*)/
        let declaration = /^(\s*)(?:@[\w()]+\s+)*(?:public|open)\s+(?:final\s+)?(?:indirect\s+)?(?:class|struct|enum|protocol|typealias|actor)\s+([A-Za-z_][A-Za-z_0-9]*)/
        var found: [(line: Int, name: String)] = []
        var outer: String?
        for (number, line) in file.numberedLines {
            if let match = line.firstMatch(of: container) { outer = String(match.1) }
            guard let match = line.firstMatch(of: declaration) else { continue }
            let name = String(match.2)
            // `open class var` and `public class func` declare members, not types.
            if ["var", "let", "func"].contains(name) { continue }
            if match.1.isEmpty {
                found.append((number, name))
            } else if let outer {
                found.append((number, outer + "." + name))
            }
        }
        return found
    }

    /// The public types of `sources` that `document` does not name in backticks.
    static func unlistedPublicTypes(in sources: [RepositoryFile], document: String) -> [Finding] {
        var findings: [Finding] = []
        for file in sources {
            for (line, name) in publicTypes(in: file) where !document.contains("`" + name + "`") {
                findings.append(Finding(path: file.path, line: line, what: "public type \(name) is not listed"))
            }
        }
        return findings
    }
}
