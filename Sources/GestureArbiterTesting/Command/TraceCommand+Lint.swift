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
    /// Then, in a second world of its own, it plays the input once to see how it ends: a run that
    /// ends unfinished (a touch down, a timer due, a phase withheld, a recognizer held or not
    /// reset) when the file does not say `"endsUnfinished": true` is one more finding, an
    /// `unfinished` line naming what is pending (and one whose file says it but that ends idle);
    /// an input entry the engine rejects is left to a replay to report.
    ///
    /// Status: ``ExitStatus/success`` with no finding, ``ExitStatus/findings`` with one or more,
    /// ``ExitStatus/invalid`` when the world cannot be built.
    static func lint(_ scenario: Scenario, source: String, registry: ScenarioRecognizerRegistry) -> Result {
        let session: ScenarioSession
        do {
            session = try ScenarioSession(scenario, registry: registry)
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
        var count = findings.count
        if let problem = unfinishedFinding(scenario, registry: registry) {
            output += "unfinished: \(problem)\n"
            output += scenario.endsUnfinished
                ? "  fix: remove \"endsUnfinished\": true\n"
                : "  fix: add input that finishes the run (the touches' ends, an idle entry after the last timer is due), or \"endsUnfinished\": true if that is what the scenario shows\n"
            count += 1
        }
        switch count {
        case 0: output += "# lint: no findings\n"
        case 1: output += "# lint: 1 finding\n"
        default: output += "# lint: \(count) findings\n"
        }
        return Result(output: output, errorOutput: "", status: count == 0 ? ExitStatus.success : ExitStatus.findings)
    }

    /// Plays `scenario`'s input in a world of its own and says how its end contradicts the
    /// file's `endsUnfinished`, or nil when it does not (or when the engine rejects an entry).
    private static func unfinishedFinding(_ scenario: Scenario, registry: ScenarioRecognizerRegistry) -> String? {
        guard let session = try? ScenarioSession(scenario, registry: registry) else { return nil }
        for entry in scenario.input {
            do { try session.play(entry) } catch { return nil }
        }
        let pending = session.pendingWork
        if !pending.isEmpty, !scenario.endsUnfinished {
            return "the input ends with work pending: \(pending.joined(separator: "; "))"
        }
        if pending.isEmpty, scenario.endsUnfinished { return "the file says \"endsUnfinished\": true, but the run ends idle" }
        return nil
    }
}
