import Foundation
import Testing

/// docs/guides/c-and-sdl.md shows the real example's code: every C block in it is, line for line,
/// part of the SDL host (Examples/sdl-host/sdl-host.c) or of the recorder's C test
/// (Tests/CRecorder/recorder_test.c), which CI compiles and runs (Scripts/test-sdl-host.sh).
@Suite struct CAndSDLGuideTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: RepositoryScan.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The ```c blocks of a Markdown text, without their fences.
    static func cBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```c" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test("the guide's C code is the example's code")
    func guideCodeIsRealCode() throws {
        let guide = try Self.text("docs/guides/c-and-sdl.md")
        let sources = try [Self.text("Examples/sdl-host/sdl-host.c"), Self.text("Tests/CRecorder/recorder_test.c")]
        let blocks = Self.cBlocks(guide)
        #expect(blocks.count >= 10)
        for block in blocks {
            #expect(sources.contains { $0.contains(block) }, "not in the example or the C test:\n\(block)")
        }
    }

    @Test("a planted block that is not in the sources is found, and only ```c blocks count")
    func plantedBlock() {
        let blocks = Self.cBlocks("text\n```c\nint x;\n```\n```sh\nls\n```\n```c\nint y;\n```\n")
        #expect(blocks == ["int x;", "int y;"])
    }
}
