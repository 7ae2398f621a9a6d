import Foundation
import Testing

/// The guides' code has one copy: a recognizer class is declared in one ```swift block of the
/// docs only (another guide continues that block instead of repeating it), and the property
/// tests' copy of the long press is the guides' own, word for word.
@Suite struct GuideCodeCopyTests {
    /// The ```swift blocks of a Markdown text, as text (fence indentation kept as written).
    static func swiftBlocks(of text: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// The names of the `GestureRecognizer` subclasses a text declares.
    static func recognizerClasses(in text: String) -> [String] {
        text.matches(of: /class\s+(\w+)\s*:\s*GestureRecognizer\b/).map { String($0.output.1) }
    }

    /// The text without its `import` lines, trimmed of blank lines at both ends.
    static func withoutImports(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("import ") }
            .joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    static let docs = RepositoryScan.files().filter { $0.path.hasSuffix(".md") && !$0.path.contains(".docc/") }

    @Test("Each GestureRecognizer subclass the docs declare is declared in one swift block only")
    func oneDeclarationPerClass() {
        var places: [String: [String]] = [:]
        for file in Self.docs {
            for (index, block) in Self.swiftBlocks(of: file.text).enumerated() {
                for name in Self.recognizerClasses(in: block) { places[name, default: []].append("\(file.path) block \(index + 1)") }
            }
        }
        #expect(places["LongPressRecognizer"]?.count == 1, "the guides' long press: \(places["LongPressRecognizer"] ?? [])")
        for (name, where_) in places.sorted(by: { $0.key < $1.key }) {
            #expect(where_.count == 1, "\(name) is declared in \(where_.count) blocks: \(where_)")
        }
    }

    @Test("The property-testing guide's long-press test continues the custom-recognizer guide's first block, which overrides ignore(_:for:)")
    func propertyGuideContinuesCustomGuide() throws {
        let guide = try #require(Self.docs.first { $0.path == "docs/guides/property-testing.md" })
        #expect(guide.text.contains("<!-- continues the first block of docs/guides/custom-recognizer.md -->\n```swift\n"))
        let custom = try #require(Self.docs.first { $0.path == "docs/guides/custom-recognizer.md" })
        let first = try #require(Self.swiftBlocks(of: custom.text).first)
        #expect(Self.recognizerClasses(in: first) == ["LongPressRecognizer"])
        #expect(first.contains("override func ignore(_ touch: Touch, for event: Event?)"))
    }

    @Test("Tests/PropertyTests/GuideLongPressExample.swift holds the two guides' blocks word for word")
    func propertyTestsCopyIsTheGuides() throws {
        let example = try #require(RepositoryScan.files().first { $0.path == "Tests/PropertyTests/GuideLongPressExample.swift" })
        let custom = try #require(Self.docs.first { $0.path == "docs/guides/custom-recognizer.md" })
        let guide = try #require(Self.docs.first { $0.path == "docs/guides/property-testing.md" })
        let longPress = Self.withoutImports(try #require(Self.swiftBlocks(of: custom.text).first))
        let testFile = Self.withoutImports(try #require(Self.swiftBlocks(of: guide.text).first { $0.contains("myapp.longPress") }))
        #expect(example.text.contains(longPress))
        #expect(example.text.contains(testFile))
    }

    @Test("The property-testing guide gives checkProperty's full signature: the labels of its declaration, in order")
    func checkPropertySignature() throws {
        let source = try #require(RepositoryScan.files().first { $0.path == "Sources/GestureArbiterTesting/Properties/PropertyCheck.swift" })
        let start = try #require(source.text.range(of: "public func checkProperty<Value>("))
        let end = try #require(source.text[start.upperBound...].range(of: ") throws(PropertyFailure)"))
        let parameters = source.text[start.upperBound..<end.lowerBound]
        let labels = parameters.matches(of: /(?m)^\s*(\w+)(?:\s+\w+)?\s*:/).map { String($0.output.1) }
        let signature = "checkProperty(" + labels.map { $0 == "_" ? "_:" : "\($0):" }.joined() + ")"
        #expect(labels.contains("describe"))
        let guide = try #require(Self.docs.first { $0.path == "docs/guides/property-testing.md" })
        #expect(guide.text.contains("`\(signature)`"), "the guide should name \(signature)")
    }
}
