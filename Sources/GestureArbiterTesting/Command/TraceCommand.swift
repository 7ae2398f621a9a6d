import GestureArbiter

/// The `gesture-trace` command, as a function of its arguments, so that tests can run it
/// in-process.
///
/// `gesture-trace [FILE | -] [--check] [--explain] [--latency] [--html OUT] [--bench [--bench-iterations N]] [--lint] [--help]`:
/// prints the timeline log of FILE (`-`: standard input), or of the built-in single-vs-double-tap
/// demo when no file is given. ``usage`` is the whole manual; ``ExitStatus`` lists the exit codes.
public enum TraceCommand {
    /// What the command printed and its exit status.
    public struct Result: Sendable {
        /// Standard output.
        public var output: String
        /// Standard error.
        public var errorOutput: String
        /// Exit status: one of ``ExitStatus``.
        public var status: Int32
    }

    /// The exit statuses of `gesture-trace`.
    public enum ExitStatus {
        /// 0: the log was printed (and, under `--check`, equals `expect`), or the benchmark ran.
        public static let success: Int32 = 0
        /// 1: under `--check`, the log differs from `expect` (the diff is on standard error).
        public static let different: Int32 = 1
        /// 2: the file cannot be read or is not a valid scenario, `--check` finds no `expect`, or
        /// the arguments are wrong. Nothing was run.
        public static let invalid: Int32 = 2
        /// 3: the engine rejected an input entry (R117): the timeline up to that entry was
        /// printed, then the error; the rest of the input was not played.
        public static let rejected: Int32 = 3
        /// 4: under `--html`, the picture could not be written (the reason is on standard error;
        /// the log was printed).
        public static let pictureNotWritten: Int32 = 4
        /// 5: under `--lint`, the lint found one or more problems (they are on standard output).
        public static let findings: Int32 = 5
        /// 6: under `--check`, the log equals `expect` but the run ended unfinished (a touch still
        /// down, a timer due, a phase withheld, a recognizer held or not reset) and the file does
        /// not say `"endsUnfinished": true`; or the file says it and the run ended idle. What is
        /// pending is on standard error, and in `# unfinished:` lines of the log.
        public static let unfinished: Int32 = 6
    }

    /// The replays `--bench` times when `--bench-iterations` is not given.
    public static let defaultBenchIterations = 1_000

    /// The usage text of `--help`.
    public static let usage = """
        usage: gesture-trace [FILE | -] [--check] [--explain] [--latency] [--help]
               gesture-trace [FILE | -] --bench [--bench-iterations N]
               gesture-trace [FILE | -] --html OUT [--check] [--explain] [--latency]
               gesture-trace [FILE | -] --lint

        Replays a scenario file (JSON: a window, its views, their gesture recognizers, the
        delegates' answers and timed touch input) on a virtual clock and prints its timeline
        log: one line per observable outcome, `<t> <subject> <what>`, t in seconds with three
        decimals. FILE `-` reads the scenario from standard input (write ./- for a file named -).
        The file must be UTF-8 (an error gives the byte offset of the first bad byte); one
        byte-order mark may start it.
        With no FILE, replays the built-in demo: a single tap that requires a double tap to
        fail, and four fast taps (only the double tap fires, twice).

          --check     compare the log with the file's "expect" list ("order": strict or
                      by-time); print a shortest diff on stderr (- expected, + actual, two
                      spaces for a line in both; memory linear in the lines)
          --explain   add "#" lines with the engine's reasons (hit-test paths, bindings,
                      state changes and their causes, holds, releases, deliveries,
                      cancellations)
          --latency   add "#" lines after the log: for every action and every view
                      delivery, how long arbitration delayed it and why; see below
          --html OUT  also write the timeline picture to the file OUT (a .html, .htm or
                      .xhtml name; not "-" and nothing starting with "-": write ./-x.html
                      for a file -x.html); see below
          --bench     time the replay of the input instead of printing the log; see below
          --bench-iterations N
                      with --bench: replay the input N times (digits only, 1 to
                      1000000000; default 1000)
          --lint      check the scenario's recognizer graph instead of replaying it; see below
          --help      print this text

        Scenario files are strict JSON (RFC 8259): no comments, no trailing commas, no field
        given twice in one object, no NaN or Infinity, no leading zeros. An error names the
        line and column (columns count characters from 1) and what was expected there. Objects
        and lists may nest at most 512 levels deep; deeper nesting has its own error.

        The log goes to stdout and stays a valid log (the header and reasons are "#" lines);
        errors and the diff go to stderr. When the engine rejects an input entry, the log up to
        that entry is printed, then a "# run stopped" line, then the error on stderr.

        A run whose input stops while something is still pending (a touch down, a recognizer
        timer due, a phase withheld from a view, a recognizer held or not yet reset) ends
        unfinished: the log says so with a "# unfinished:" line and one "#" line per pending
        thing. Under --check that fails (exit 6) unless the file says "endsUnfinished": true;
        a file that says it but whose run ends idle fails too. --lint reports it as well.

        --latency adds, after the log (and before the --check verdict), a "# latency:" line
        and then one "#" line per action sent and per touch callback a view received, in the
        order they happened: "# S recognized at 0.450: ready at 0.100, waited 0.350 on D
        (require(toFail:))", "# view V began 1 at 0.150: ready at 0.000, withheld 0.150 by C
        (content touch delay)", or "...: no delay". "ready at" is when it would have happened
        had no recognizer made it wait; each cause names the recognizer, what it did
        (require(toFail:) or a dynamic requirement it waited on; delaysTouchesBegan,
        delaysTouchesEnded, the content touch delay or touch order that withheld a phase) and
        for how long, followed by what that recognizer itself waited on meanwhile. A catch-up
        "moved" counts from the touch's began. stdout stays a valid log; --latency combines
        with --check and --explain and changes no exit status (when the engine rejects an
        entry, the lines cover the input played before it).

        --html OUT writes one self-contained HTML page (inline SVG and CSS, no script, nothing
        fetched from the network; well-formed XHTML) that draws the run on one axis of virtual
        seconds: a lane per touch (down, moves, up or cancel, and the view it hit), a lane per
        view (its touch callbacks, the phases discarded, and shaded spans where recognizers
        withheld a phase, named by them), and a lane per recognizer (its states as coloured
        bands, its actions, and hatched spans where failure requirements held it, naming what
        it waited for). Every mark and span has a title, shown on hover: the --explain lines
        behind it, and for a delayed action or delivery its --latency line. Stretches longer
        than a second with nothing happening are drawn short, with a break that gives their
        real length. Labels show at most 80 characters and titles at most 40 lines of 300
        characters (the rest is cut, ending in "..."), so the page grows linearly with the
        run. The log is printed as usual, followed by a "# picture: OUT" line;
        --html combines with --check, --explain and --latency and leaves their exit status
        as it is. When the engine rejects an entry, the picture shows the run up to it. When
        OUT cannot be written, the error is on stderr and the exit status is 4.

        --bench replays the scenario's input N times and prints, one "key: value" a line:
        the touch events per replay and in all, the CPU time per touch event in nanoseconds
        (the process's CPU clock, clock_gettime(CLOCK_PROCESS_CPUTIME_ID), read before and
        after each replay) and the heap allocations per touch event (the tool counts every
        call to malloc, calloc, realloc and the aligned allocators made outside the C library,
        on glibc-based Linux). Where a measurement is not available on the platform, the line
        says so instead of giving a number. Only dispatch is timed: touch events and clock
        advances (the timers they fire), with the recognizers' and views' work and the
        scenario's delegates answering. Building the world, preparing the events and the
        timeline log are outside the timed region (the log is switched off). When the input
        uses no API entries (disable, enable, removeGesture, removeView, ignore) and the world is idle
        after one replay, one world is reused: each replay is shifted later in time, after one
        untimed warm-up replay, so the numbers are those of a warmed, steady state. Otherwise a
        fresh world is built before each replay, outside the timed region, and the numbers
        include each new world's first use and the API entries' own passes. The "mode" line
        says which.

        --lint builds the scenario's window (views, recognizers, requirements, the delegates
        answering as the file says), without playing its input, and prints one line per
        finding, "<kind> <gesture ids>: <what is wrong> (<rules>)", each followed by a
        "  fix: <how to fix it>" line, then a "# lint:" line with the count. Kinds:
        requirement-cycle (gestures that wait for each other to fail), overruled-no (one
        delegate allows simultaneous recognition, the other's no has no effect),
        simultaneity-vs-requirement (allowed to run together, but one requires the other to
        fail), waits-while-resting (a tap or long press waits for a pan, swipe, pinch or
        rotation, which a resting finger never settles), duplicate (an exact copy on the same
        view that always loses the tie), disabled, unreachable (hidden, non-interactive,
        nearly transparent or outside its superview's bounds, the view or an ancestor),
        covered (a view in front takes every touch that could reach it),
        multi-tap-delays-below (a multi-tap that withholds the end of every touch on the views
        below it), waits-for-multi-tap-above, tap-over-control (a single tap above a plain
        control takes every tap on it), control-blocks-scroll (a scroll view that delays no
        content touches never scrolls from a drag on a control it may not cancel),
        content-blocks-scroll (one that may cancel no content touch never scrolls at all) and
        requirement-across-windows (never in a scenario file, which has one window). A gesture the input enables later is linted
        as enabled. Then it plays the input once, in a world of its own, and reports an
        "unfinished:" finding when the run ends unfinished (see above) and the file does not
        say "endsUnfinished": true, or says it and the run ends idle. --lint takes no other
        option; exit status 0 with no finding, 5 with some.

        Exit status:
          0  success (under --check: the log equals "expect")
          1  under --check: the log differs from "expect"
          2  unreadable or invalid file, no "expect" under --check, or bad arguments
             (nothing was run)
          3  the engine rejected an input entry: the log up to it is on stdout, the error
             on stderr
          4  --html: the picture could not be written (the log is on stdout, the reason on
             stderr)
          5  under --lint: the lint found problems (listed on stdout)
          6  under --check: the log equals "expect" but the run ended unfinished and the
             file does not say "endsUnfinished": true (or says it, and the run ended idle)

        """

    /// What `--bench` measures with: the tool's clocks and counters, which only the executable
    /// has (the engine never reads a clock). A nil reading means "not available here".
    public struct BenchMeters {
        /// The process's CPU time in nanoseconds, or nil when this platform has no such clock.
        public var cpuNanoseconds: () -> UInt64?
        /// Heap allocations made so far by the process, or nil when they cannot be counted here.
        public var allocationCount: () -> UInt64?

        /// Meters reading `cpuNanoseconds` and `allocationCount`.
        public init(cpuNanoseconds: @escaping () -> UInt64?, allocationCount: @escaping () -> UInt64?) {
            self.cpuNanoseconds = cpuNanoseconds
            self.allocationCount = allocationCount
        }

        /// No clock and no counter: `--bench` reports both as not available.
        public static var unavailable: BenchMeters { BenchMeters(cpuNanoseconds: { nil }, allocationCount: { nil }) }
    }

    /// What the command reads, writes and measures with: the process's files and clocks for the
    /// executable, stand-ins for tests.
    public struct Host {
        /// A file's bytes, or nil when it cannot be read.
        public var readFile: (String) -> [UInt8]?
        /// All of standard input, or nil when it cannot be read (FILE `-`).
        public var readStandardInput: () -> [UInt8]?
        /// The clock and allocation counter of `--bench`.
        public var meters: BenchMeters
        /// Writes the file at a path (`--html`) as a stream: it calls its second argument once with
        /// a function that appends text to the file. Returns nil when the file was written, else
        /// why it could not be, in words.
        public var writeFile: (_ path: String, _ contents: (_ write: (String) -> Void) -> Void) -> String?

        /// A host made of these functions.
        public init(
            readFile: @escaping (String) -> [UInt8]?, readStandardInput: @escaping () -> [UInt8]?, meters: BenchMeters,
            writeFile: @escaping (_ path: String, _ contents: (_ write: (String) -> Void) -> Void) -> String?
        ) {
            self.readFile = readFile
            self.readStandardInput = readStandardInput
            self.meters = meters
            self.writeFile = writeFile
        }
    }

    /// The largest `--bench-iterations` accepted: a billion replays, far beyond any useful run,
    /// and small enough that the counts and times derived from it cannot overflow.
    public static let maximumBenchIterations = 1_000_000_000

    /// Runs the command with `arguments` (without the program name); `readFile` returns a
    /// file's text or nil when it cannot be read.
    public static func run(_ arguments: [String], readFile: (String) -> String?) -> Result {
        run(arguments, readFile: readFile, readStandardInput: { nil }, meters: .unavailable)
    }

    /// Runs the command with `arguments` (without the program name).
    ///
    /// - Parameters:
    ///   - readFile: a file's text, or nil when it cannot be read.
    ///   - readStandardInput: all of standard input as text, or nil when it cannot be read (FILE `-`).
    ///   - meters: the clock and allocation counter of `--bench`.
    public static func run(
        _ arguments: [String], readFile: (String) -> String?, readStandardInput: () -> String?, meters: BenchMeters
    ) -> Result {
        run(
            arguments, readFile: readFile, readStandardInput: readStandardInput, meters: meters,
            writeFile: { _, _ in "this build of gesture-trace writes no files" })
    }

    /// Runs the command with `arguments` (without the program name).
    ///
    /// - Parameters:
    ///   - readFile: a file's text, or nil when it cannot be read.
    ///   - readStandardInput: all of standard input as text, or nil when it cannot be read (FILE `-`).
    ///   - meters: the clock and allocation counter of `--bench`.
    ///   - writeFile: writes text to the file at a path (`--html`); returns nil when it did, else
    ///     why it could not, in words.
    ///   - registry: the recognizer types of your own that files may name (none by default), for
    ///     a `gesture-trace` of your own (``main(registry:allocationCount:)``): every option works
    ///     with them.
    public static func run(
        _ arguments: [String], readFile: (String) -> String?, readStandardInput: () -> String?, meters: BenchMeters,
        writeFile: (_ path: String, _ contents: String) -> String?,
        registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry()
    ) -> Result {
        withoutActuallyEscaping(readFile) { readFile in
            withoutActuallyEscaping(readStandardInput) { readStandardInput in
                withoutActuallyEscaping(writeFile) { writeFile in
                    let host = Host(
                        readFile: { readFile($0).map { Array($0.utf8) } },
                        readStandardInput: { readStandardInput().map { Array($0.utf8) } },
                        meters: meters,
                        writeFile: { path, contents in
                            var text = ""
                            contents { text += $0 }
                            return writeFile(path, text)
                        })
                    return run(arguments, host: host, registry: registry)
                }
            }
        }
    }

    /// Runs the command with `arguments` (without the program name) on `host`'s files, standard
    /// input and meters; files may name `registry`'s recognizer types of your own (none by
    /// default).
    public static func run(
        _ arguments: [String], host: Host, registry: ScenarioRecognizerRegistry = ScenarioRecognizerRegistry()
    ) -> Result {
        var check = false
        var explain = false
        var bench = false
        var latency = false
        var htmlPath: String?
        var lint = false
        var iterations: Int?
        var path: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--help", "-h": return Result(output: usage, errorOutput: "", status: ExitStatus.success)
            case "--check": check = true
            case "--explain": explain = true
            case "--bench": bench = true
            case "--latency": latency = true
            case "--html":
                guard index < arguments.count, !arguments[index].isEmpty else { return usageError("--html needs an output file") }
                let value = arguments[index]
                // An option or "-" after --html is a forgotten OUT, never a file name.
                guard !value.hasPrefix("-") else {
                    return usageError("--html needs an output file, found \"\(value)\" (write ./\(value) for a file of that name)")
                }
                guard !value.hasSuffix("/") else { return usageError("--html needs an output file, found the directory \"\(value)\"") }
                let lowercased = value.lowercased()
                guard [".html", ".htm", ".xhtml"].contains(where: { lowercased.hasSuffix($0) }) else {
                    return usageError(
                        "--html writes an HTML page: give OUT a .html, .htm or .xhtml name, not \"\(value)\" "
                            + "(for a PNG, Scripts/render-timeline.sh FILE OUT.png renders the page)")
                }
                htmlPath = value
                index += 1
            case "--lint": lint = true
            case "--bench-iterations":
                guard index < arguments.count, let count = wholeNumber(arguments[index]), count >= 1, count <= maximumBenchIterations
                else {
                    return usageError("--bench-iterations needs a whole number from 1 to \(maximumBenchIterations)")
                }
                iterations = count
                index += 1
            default:
                if (argument.hasPrefix("-") && argument != "-") || path != nil {
                    return usageError("unexpected argument \"\(argument)\"")
                }
                path = argument
            }
        }
        if bench, check || explain { return usageError("--bench cannot be combined with --check or --explain") }
        if iterations != nil, !bench { return usageError("--bench-iterations needs --bench") }
        if bench, latency { return usageError("--bench cannot be combined with --latency") }
        if bench, htmlPath != nil { return usageError("--bench cannot be combined with --html") }
        if lint, check || explain || bench || latency || htmlPath != nil {
            return usageError("--lint cannot be combined with --check, --explain, --latency, --html or --bench")
        }

        let text: [UInt8]
        let source: String
        switch path {
        case "-":
            guard let contents = host.readStandardInput() else {
                return Result(output: "", errorOutput: "gesture-trace: cannot read standard input\n", status: ExitStatus.invalid)
            }
            text = contents
            source = "standard input"
        case let path?:
            guard let contents = host.readFile(path) else {
                return Result(output: "", errorOutput: "gesture-trace: cannot read \(path)\n", status: ExitStatus.invalid)
            }
            text = contents
            source = path
        case nil:
            text = Array(BuiltInScenarios.singleRequiresDoubleFourFastTaps.utf8)
            source = "built-in scenario"
        }
        let scenario: Scenario
        do {
            scenario = try ScenarioParser.parse(bytes: text, registry: registry)
        } catch {
            return Result(output: "", errorOutput: "gesture-trace: invalid scenario (\(source)): \(error)\n", status: ExitStatus.invalid)
        }
        // Before anything runs, so that exit status 2 keeps meaning "nothing was run".
        if check, scenario.expect == nil {
            return Result(
                output: "", errorOutput: "gesture-trace: --check needs an \"expect\" list in \(source)\n", status: ExitStatus.invalid)
        }
        if lint { return self.lint(scenario, source: source, registry: registry) }
        if bench {
            return TraceBench.run(
                scenario, source: source, iterations: iterations ?? defaultBenchIterations, meters: host.meters, registry: registry)
        }

        // Played entry by entry, so that a rejection still leaves the timeline up to it.
        let session: ScenarioSession
        let latencyTracer = latency ? LatencyTracer() : nil
        let pictureRecorder = htmlPath == nil ? nil : TimelinePicture.Recorder()
        pictureRecorder?.next = latencyTracer
        do {
            session = try ScenarioSession(scenario, registry: registry, explain: explain, observer: pictureRecorder ?? latencyTracer)
        } catch {
            return Result(output: "", errorOutput: "gesture-trace: invalid scenario (\(source)): \(error)\n", status: ExitStatus.invalid)
        }
        var rejection: ScenarioError?
        var played = scenario.input.count
        for (index, entry) in scenario.input.enumerated() {
            do {
                try session.play(entry)
            } catch {
                rejection = ScenarioError("input[\(index)]", "rejected by the engine: \(error)")
                played = index
                break
            }
        }
        var output = "# scenario: \(scenario.name)\n"
        output += (explain ? session.log.lines : session.log.logLines).map { $0 + "\n" }.joined()
        // A rejected run stopped early on purpose: only a run that played all of its input can
        // end unfinished.
        let pending = rejection == nil ? session.pendingWork : []
        output += unfinishedLines(pending)
        if let latencyTracer { output += latencySection(latencyTracer.report) }
        if let htmlPath, let pictureRecorder {
            let picture = TimelinePicture(scenario, recorder: pictureRecorder, played: played, stopReason: rejection?.description)
            if let failure = host.writeFile(htmlPath, { picture.writeHTML(to: $0) }) {
                return Result(
                    output: output, errorOutput: "gesture-trace: cannot write the picture to \(htmlPath): \(failure)\n",
                    status: ExitStatus.pictureNotWritten)
            }
            output += "# picture: \(htmlPath)\n"
        }
        if let rejection {
            output += "# run stopped: \(rejection.location) was rejected by the engine\n"
            return Result(
                output: output, errorOutput: "gesture-trace: \(source): \(rejection)\n", status: ExitStatus.rejected)
        }
        guard check, let expect = scenario.expect else { return Result(output: output, errorOutput: "", status: ExitStatus.success) }
        let differences = ScenarioCheck.differences(expected: expect, actual: session.log.logLines, order: scenario.order)
        if differences.isEmpty {
            if let problem = unfinishedProblem(pending, expected: scenario.endsUnfinished) {
                return Result(output: output, errorOutput: "gesture-trace: \(source): \(problem)\n", status: ExitStatus.unfinished)
            }
            output += "# check: the log matches \"expect\" (\(expect.count) lines, order \(scenario.order.rawValue))\n"
            return Result(output: output, errorOutput: "", status: ExitStatus.success)
        }
        var report = "gesture-trace: the log differs from \"expect\" (- expected, + actual, order \(scenario.order.rawValue)):\n"
        report += differences.map { $0 + "\n" }.joined()
        return Result(output: output, errorOutput: report, status: ExitStatus.different)
    }

    /// `text` as a whole number when it is only ASCII digits (no sign, no space), else nil.
    private static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }

    /// The `# unfinished:` lines for what `pending` lists (none when nothing is pending).
    static func unfinishedLines(_ pending: [String]) -> String {
        guard !pending.isEmpty else { return "" }
        return "# unfinished: the input ends with work pending\n" + pending.map { "#   \($0)\n" }.joined()
    }

    /// Why a run's end does not match the file's `endsUnfinished`, or nil when it does.
    static func unfinishedProblem(_ pending: [String], expected: Bool) -> String? {
        if !pending.isEmpty, !expected {
            return "the run ended unfinished: \(pending.joined(separator: "; ")). Add input that finishes it "
                + "(the touches' ends, an idle entry after the last timer is due), or \"endsUnfinished\": true "
                + "if ending unfinished is what the scenario shows"
        }
        if pending.isEmpty, expected {
            return "the file says \"endsUnfinished\": true, but the run ended idle; remove it"
        }
        return nil
    }

    private static func usageError(_ message: String) -> Result {
        Result(output: "", errorOutput: "gesture-trace: \(message)\n\(usage)", status: ExitStatus.invalid)
    }
}
