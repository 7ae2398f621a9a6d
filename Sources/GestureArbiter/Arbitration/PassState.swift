/// The environment's pass state: whether a pass runs, which kind, how far it has got, and whether
/// it must settle (R76, R77, R119). One value, changed only through the methods below, so that a
/// pass cannot start inside another or end twice without a trap, and "in a pass" and "which
/// stage" can never disagree.
struct PassState {
    /// How far a pass has got.
    enum Stage {
        /// No pass runs.
        case idle
        /// Steps 1-3: state changes are seen by the arbitration of this pass.
        case deciding
        /// Steps 4-7: a state change needs a pass of its own (R119).
        case acting
        /// The environment is going away: no pass may start any more.
        case closed
    }

    /// How far the running pass has got.
    private(set) var stage = Stage.idle
    /// What started the running pass (or the last one).
    private(set) var kind = PassKind.input
    /// Passes other than a recognizer timer's run so far (wraps): tells `dispatch` whether
    /// anything that can begin or end touches, or detach a window, ran while timers fired (a
    /// timer's pass does neither: what its callbacks ask for runs in passes of its own, R119).
    private(set) var nonTimerCount: UInt64 = 0
    /// Something happened in this pass that arbitration, holds or resets must look at: a state
    /// change, a touch that began or ended, or a timer or API pass. A pass without it (a plain
    /// move) only sends changed actions and delivers its own phases.
    private(set) var needsSettling = false
    /// Which recognizers reported a change without settling in this pass (R36): 0 for none,
    /// 1 for several, else the one's `ObjectIdentifier` bits (no object lives at 0 or 1). A
    /// direct move reads it: when only the moved recognizer reported, step 4 visits it alone.
    private var changeReporters: UInt = 0
    /// The scheduler is firing timers: queued input waits until it returns.
    var isAdvancingClock = false

    /// Whether a pass runs (or the environment is going away, when none may start).
    var isInPass: Bool {
        @inline(__always) get { stage != .idle }
    }

    /// Whether the running pass is past arbitration (steps 4-7).
    var isActing: Bool {
        @inline(__always) get { stage == .acting }
    }

    /// A pass of `kind` starts (R76, R77). Traps when one is running: the engine queues what
    /// user code asks for during a pass (R119), so this is an internal inconsistency.
    @inline(__always)
    mutating func begin(_ kind: PassKind) {
        precondition(stage == .idle, "a pass started inside a pass (kind \(kind))")
        stage = .deciding
        self.kind = kind
        if kind != .timer { nonTimerCount &+= 1 }
        needsSettling = kind != .input
        changeReporters = 0
    }

    /// `recognizer` reported a change without settling (R36).
    @inline(__always)
    mutating func noteChange(by recognizer: ObjectIdentifier) {
        let bits = UInt(bitPattern: recognizer)
        if changeReporters == 0 {
            changeReporters = bits
        } else if changeReporters != bits {
            changeReporters = 1
        }
    }

    /// Whether no recognizer but `recognizer` reported a change in this pass.
    @inline(__always)
    func noChangeReported(byOtherThan recognizer: ObjectIdentifier) -> Bool {
        changeReporters == 0 || changeReporters == UInt(bitPattern: recognizer)
    }

    /// Something this pass must settle happened (a state change, a touch began or ended).
    @inline(__always)
    mutating func mustSettle() {
        needsSettling = true
    }

    /// Arbitration is over: steps 4-7 run.
    @inline(__always)
    mutating func startActing() {
        assert(stage == .deciding, "acting outside a deciding pass")
        stage = .acting
    }

    /// The pass is over.
    @inline(__always)
    mutating func end() {
        assert(stage == .acting, "a pass ended before it acted")
        stage = .idle
    }

    /// The environment is going away: no pass starts from now on (its own teardown passes are
    /// run with `begin` before this is called, or by code that checks nothing else).
    mutating func close() {
        stage = .closed
    }
}
