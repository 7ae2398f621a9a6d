import GestureArbiter

extension TraceCommand {
    /// The `--latency` section of the output: a `# latency:` line, then one `#` line per
    /// ``LatencyRecord`` (an action or a view delivery, with its delay and causes, R122), so
    /// that the output stays a valid timeline log.
    static func latencySection(_ report: LatencyReport) -> String {
        let delayed = report.records.filter { $0.delay > .zero }.count
        var text = "# latency: \(report.records.count) records (actions and view deliveries), \(delayed) delayed by arbitration\n"
        for record in report.records { text += "# \(record)\n" }
        return text
    }
}
