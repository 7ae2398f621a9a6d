import GestureArbiterTesting
import Testing

/// A scenario file can describe a tree of any depth (views listed with parent ids): the parser,
/// the runner and `gesture-trace` handle a deep chain without recursion (issue 13, item 3).
///
/// 50,000 levels: deep enough that any recursion per level (hit-testing, freeing, setting the
/// window) would overflow the stack, and fast to parse in a debug build (a few seconds at most);
/// the engine's own tests go to 200,000 levels (DeepTreeTests).
@Suite struct DeepScenarioTests {
    static let depth = 50_000

    /// `v0` in the window, each `v<i>` in `v<i-1>` 1 pt to its right and wide enough that
    /// (depth + 0.5, 5) is inside all of them; a tap T on the deepest view.
    static func text(depth: Int) -> String {
        let width = depth + 10
        var views: [String] = []
        views.reserveCapacity(depth)
        for index in 0..<depth {
            let parent = index == 0 ? "window" : "v\(index - 1)"
            views.append("{ \"id\": \"v\(index)\", \"parent\": \"\(parent)\", \"frame\": [1, 0, \(width), 10] }")
        }
        let x = "\(depth).5"
        return """
            {
              "name": "a chain of \(depth) nested views",
              "window": { "width": \(depth + 20), "height": 100 },
              "views": [\(views.joined(separator: ",\n"))],
              "gestures": [ { "id": "T", "type": "tap", "view": "v\(depth - 1)" } ],
              "input": [
                { "t": 0.000, "touches": [ { "id": 1, "phase": "began", "x": \(x), "y": 5 } ] },
                { "t": 0.080, "touches": [ { "id": 1, "phase": "ended", "x": \(x), "y": 5 } ] },
                { "t": 1.080, "idle": true }
              ],
              "order": "strict",
              "expect": []
            }
            """
    }

    /// From the rules: the touch hits the deepest view (R2), which sees it begin (R21); the tap
    /// recognizes at the lift (R86) and cancels the touch in the view (R67, R68).
    static func expected(depth: Int) -> [String] {
        let leaf = "v\(depth - 1)"
        return ["0.000 touch 1 hit \(leaf)", "0.000 view \(leaf) began 1", "0.080 gesture T recognized", "0.080 view \(leaf) cancelled 1"]
    }

    @Test("R2, R21, R67, R86: a scenario of 50,000 nested views parses, runs and is freed")
    func deepChainRuns() throws {
        let scenario = try ScenarioParser.parse(Self.text(depth: Self.depth))
        #expect(scenario.views.count == Self.depth)
        let run = try ScenarioRunner.run(scenario)
        #expect(run.log == Self.expected(depth: Self.depth))
        #expect(run.endedIdle)
    }

    @Test("R2, R21, R67, R86, R122: gesture-trace --explain prints a 50,000-view hit path")
    func deepChainThroughTheCommand() {
        let text = Self.text(depth: Self.depth)
        let result = TraceCommand.run(["--explain", "deep.json"]) { $0 == "deep.json" ? text : nil }
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { !$0.hasPrefix("#") } == Self.expected(depth: Self.depth))
        let path = lines.first { $0.hasPrefix("#") && $0.contains("(path window > v0 > v1 > ") }
        #expect(path.map { $0.split(separator: ">").count - 1 } == Self.depth)
    }
}
