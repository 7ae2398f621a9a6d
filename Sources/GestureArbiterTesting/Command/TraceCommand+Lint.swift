import GestureArbiter

extension TraceCommand {
    /// `gesture-trace FILE --lint`: builds the scenario's window (views, recognizers, their
    /// requirements, and delegates answering as the file's `delegate` entry says), plays none of
    /// its input, and prints ``GestureLint/findings(in:)-(Window)`` for it.
    ///
    /// Output: a `# scenario:` line; per finding a line `<kind> <recognizers>: <message> (<rules>)`
    /// (kind: ``GestureLint/Finding/Kind`` raw value; recognizers: their ids, comma-separated)
    /// and a line `  fix: <fix>`; then a `# lint:` line with the count. A gesture that an `enable`
    /// entry of the input turns on is linted as enabled (it is not disabled for good); the other
    /// API entries (disable, removeGesture, removeView) are not applied: the lint sees the world
    /// as the file builds it.
    ///
    /// Status: ``ExitStatus/success`` with no finding, ``ExitStatus/findings`` with one or more,
    /// ``ExitStatus/invalid`` when the world cannot be built.
    static func lint(_ scenario: Scenario, source: String) -> Result {
        let session: ScenarioSession
        do {
            session = try ScenarioSession(scenario)
        } catch {
            return Result(output: "", errorOutput: "gesture-trace: invalid scenario (\(source)): \(error)\n", status: ExitStatus.invalid)
        }
        for entry in scenario.input {
            if case let .enable(id) = entry.action { session.recognizer(id)?.isEnabled = true }
        }
        let findings = GestureLint.findings(in: session.window)
        var output = "# scenario: \(scenario.name)\n"
        for finding in findings {
            let names = finding.recognizers.map { $0.name ?? $0.description }.joined(separator: ",")
            output += "\(finding.kind.rawValue) \(names): \(finding.message) (\(finding.rules.joined(separator: ", ")))\n"
            output += "  fix: \(finding.fix)\n"
        }
        switch findings.count {
        case 0: output += "# lint: no findings\n"
        case 1: output += "# lint: 1 finding\n"
        default: output += "# lint: \(findings.count) findings\n"
        }
        return Result(output: output, errorOutput: "", status: findings.isEmpty ? ExitStatus.success : ExitStatus.findings)
    }
}
