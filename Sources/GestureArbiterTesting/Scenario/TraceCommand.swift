/// The `gesture-trace` command, as a function of its arguments, so that tests can run it
/// in-process.
///
/// `gesture-trace [FILE] [--check] [--explain] [--help]`: prints the timeline log of FILE, or of
/// the built-in single-vs-double-tap demo when no file is given. `--check` compares the log with
/// the file's `expect` and prints a diff; `--explain` adds `#` lines with the engine's reasons.
/// Exit status: 0 success (and equal under `--check`), 1 a difference under `--check`, 2 an
/// invalid file or invalid arguments.
public enum TraceCommand {
    /// What the command printed and its exit status.
    public struct Result: Sendable {
        /// Standard output.
        public var output: String
        /// Standard error.
        public var errorOutput: String
        /// Exit status: 0, 1 or 2.
        public var status: Int32
    }

    /// The usage text of `--help`.
    public static let usage = """
        usage: gesture-trace [FILE] [--check] [--explain] [--help]

        Replays a scenario file (docs/scenario-format.md) on a virtual clock and prints its
        timeline log: one line per observable outcome, `<t> <subject> <what>`.
        With no FILE, replays the built-in demo: a single tap that requires a double tap to fail,
        and four fast taps (only the double tap fires, twice).

          --check     compare the log with the file's "expect" list ("order": strict or
                      by-time); print a diff on stderr (- expected, + actual)
                      exit 0 when equal, 1 when different, 2 when the file is invalid
                      or has no "expect"
          --explain   add "#" lines with the engine's reasons (hit-test paths, bindings,
                      state changes and their causes, holds, releases, deliveries)
          --help      print this text

        The log goes to stdout and stays a valid log (the header and reasons are "#" lines);
        errors and the diff go to stderr. Exit status 2 also covers an unreadable file, bad
        arguments and input the engine rejects.

        """

    /// Runs the command with `arguments` (without the program name); `readFile` returns a
    /// file's text or nil when it cannot be read.
    public static func run(_ arguments: [String], readFile: (String) -> String?) -> Result {
        var check = false
        var explain = false
        var path: String?
        for argument in arguments {
            switch argument {
            case "--help", "-h": return Result(output: usage, errorOutput: "", status: 0)
            case "--check": check = true
            case "--explain": explain = true
            default:
                if argument.hasPrefix("-") || path != nil {
                    return Result(output: "", errorOutput: "gesture-trace: unexpected argument \"\(argument)\"\n\(usage)", status: 2)
                }
                path = argument
            }
        }
        let text: String
        let source: String
        if let path {
            guard let contents = readFile(path) else {
                return Result(output: "", errorOutput: "gesture-trace: cannot read \(path)\n", status: 2)
            }
            text = contents
            source = path
        } else {
            text = BuiltInScenarios.singleRequiresDoubleFourFastTaps
            source = "built-in scenario"
        }
        let scenario: Scenario
        let run: ScenarioRunner.Run
        do {
            scenario = try ScenarioParser.parse(text)
            run = try ScenarioRunner.run(scenario, explain: explain)
        } catch {
            return Result(output: "", errorOutput: "gesture-trace: invalid scenario (\(source)): \(error)\n", status: 2)
        }
        var output = "# scenario: \(scenario.name)\n"
        output += (explain ? run.explained : run.log).map { $0 + "\n" }.joined()
        guard check else { return Result(output: output, errorOutput: "", status: 0) }
        guard let expect = scenario.expect else {
            return Result(output: output, errorOutput: "gesture-trace: --check needs an \"expect\" list in \(source)\n", status: 2)
        }
        let differences = ScenarioCheck.differences(expected: expect, actual: run.log, order: scenario.order)
        if differences.isEmpty {
            output += "# check: the log matches \"expect\" (\(expect.count) lines, order \(scenario.order.rawValue))\n"
            return Result(output: output, errorOutput: "", status: 0)
        }
        var report = "gesture-trace: the log differs from \"expect\" (- expected, + actual, order \(scenario.order.rawValue)):\n"
        report += differences.map { $0 + "\n" }.joined()
        return Result(output: output, errorOutput: report, status: 1)
    }
}
