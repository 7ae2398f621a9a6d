import Foundation
import Testing

/// docs/public-api.md says what exists, where it is: the names of its "Names." bullet are
/// declared in Sources, and each type is listed under the product that declares it.
@Suite struct PublicAPIDocTests {
    static let document = (try? String(
        contentsOfFile: RepositoryScan.packageRoot.appendingPathComponent("docs/public-api.md").path, encoding: .utf8)) ?? ""
    static let sources = RepositoryScan.files().filter { $0.path.hasPrefix("Sources/") && $0.path.hasSuffix(".swift") }

    /// The text from the line starting with `start` up to the next line starting with one of
    /// `ends` (or the end).
    static func section(from start: String, to ends: [String]) -> String {
        var lines: [Substring] = []
        var inside = false
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(start) { inside = true } else if inside, ends.contains(where: { line.hasPrefix($0) }) { break }
            if inside { lines.append(line) }
        }
        return lines.joined(separator: "\n")
    }

    /// The backticked names of a text.
    static func backticked(_ text: String) -> [String] {
        text.matches(of: /`([^`]+)`/).map { String($0.output.1) }
    }

    @Test("Every member the Names bullet names is declared in Sources (runUntilIdle and pendingTimerCount were not)")
    func namesExist() {
        let bullet = Self.section(from: "- **Names.**", to: ["- **"])
        let names = Self.backticked(bullet)
        #expect(names.contains("dispatch(_:)") && names.contains("isIdle"))
        let allSource = Self.sources.map(\.text).joined(separator: "\n")
        // Members only (types, the standard library's among them, are checked by the next test).
        for name in names where name.first?.isLowercase == true {
            // `advance(to:)` → advance; `State.recognized` → recognized.
            let base = String(name.split(separator: "(").first ?? "").split(separator: ".").last.map(String.init) ?? name
            let declared = ["func \(base)(", "var \(base):", "var \(base) ", "let \(base):", "let \(base) ", "case \(base)"]
                .contains { allSource.contains($0) }
            #expect(declared, "docs/public-api.md names `\(name)`, which Sources does not declare")
        }
    }

    @Test("Each type is listed under the product whose Sources declare it; GestureArbiterC lists none")
    func typesUnderTheirProducts() {
        let products = ["**GestureArbiter**", "**GestureArbiterC**", "**GestureArbiterTesting**"]
        func declared(in folder: String) -> Set<String> {
            Set(Self.sources.filter { $0.path.hasPrefix("Sources/\(folder)/") }.flatMap { RepositoryScan.publicTypes(in: $0).map(\.name) })
        }
        let engine = declared(in: "GestureArbiter")
        let testing = declared(in: "GestureArbiterTesting")
        #expect(engine.contains("GestureLint") && testing.contains("Scenario"))
        for (product, types) in [("**GestureArbiter**", engine), ("**GestureArbiterC**", Set<String>()), ("**GestureArbiterTesting**", testing)] {
            let listed = Self.backticked(Self.section(from: product, to: products.filter { $0 != product }))
            let allTypes = engine.union(testing)
            for name in listed where allTypes.contains(name) {
                #expect(types.contains(name), "`\(name)` is listed under \(product), which does not declare it")
            }
        }
    }
}
