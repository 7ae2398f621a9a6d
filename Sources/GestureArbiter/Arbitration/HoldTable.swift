/// The one owner of withheld phases: which recognizer withholds which phase of which touch from
/// the touch's view, which touches a pass has released, and (through each touch's
/// ``TouchDelivery``) how far every touch has got with its view.
///
/// The rules it keeps:
/// - R61: a recognizer with `delaysTouchesBegan` withholds the began of each touch it takes while
///   it is possible or held; R63: one that withholds anything withholds every new began too.
/// - R62: one with `delaysTouchesEnded` withholds a tracked touch's end while possible or held.
/// - R64: a phase reaches the view only when no entry for it is left (holds are counted per touch
///   across recognizers: here, the entries for that touch and phase).
/// - R65: a recognizer that fails, is cancelled, resets or publishes without cancelling lets go
///   of all its entries ( ``release(by:)``); R26, R115: one that ignores a touch lets go of that
///   touch's ( ``release(_:from:)``). A touch whose entries went is a *release candidate*.
/// - R66, R131: the candidates are delivered at the end of the pass in timestamp order (the
///   began's time for a withheld began, the latest time for a withheld end; ties by touch id),
///   each released began followed by its one catch-up ( ``TouchDelivery/owesCatchUpMove``).
/// - R67, R72, R120: a touch cancelled or dropped before its view got it loses every entry at
///   once, and is no candidate (``discard(_:)``, ``dropHolds(on:)``).
///
/// Entries are keyed by touch, recognizer and phase. There are no counters to keep in step with
/// them: "how many recognizers withhold this began" is the number of entries. The table is
/// small (a few entries while a tap waits for a double tap, none in a plain drag), so it is a
/// list scanned in order; that order is the order the holds were taken, which keeps releases in
/// the order the engine has always used.
///
/// Invariants, checked after each change in debug builds (``checkInvariants()``):
/// 1. no entry appears twice;
/// 2. a withheld began belongs to a touch whose view has not had its began (`pending`);
/// 3. no touch is a release candidate twice.
struct HoldTable {
    /// The phases a recognizer can withhold (R61, R62).
    enum Phase {
        case began
        case ended
    }

    /// One hold: `recognizer` withholds `phase` of `touch` from the touch's view.
    struct Entry {
        let touch: Touch
        let recognizer: GestureRecognizer
        let phase: Phase
    }

    /// The holds, in the order they were taken.
    private(set) var entries: [Entry] = []
    /// Touches some of whose holds went in this pass (R65), not yet delivered.
    private var candidates: [Touch] = []
    /// A second buffer, so that taking the candidates never copies or allocates.
    private var spare: [Touch] = []
    /// Step 6 of the pass has run: a release after it (by a reset in step 7) must deliver the
    /// pass's own ends too.
    private(set) var ownPhasesDelivered = false

    // MARK: - Questions

    /// Whether any recognizer withholds `phase` of `touch` (R64).
    @inline(__always)
    func isWithheld(_ touch: Touch, _ phase: Phase) -> Bool {
        if entries.isEmpty { return false }
        return entries.contains { $0.touch === touch && $0.phase == phase }
    }

    /// Whether `recognizer` withholds `phase` of `touch`.
    func isWithheld(_ touch: Touch, _ phase: Phase, by recognizer: GestureRecognizer) -> Bool {
        if entries.isEmpty { return false }
        return entries.contains { $0.touch === touch && $0.recognizer === recognizer && $0.phase == phase }
    }

    /// How many recognizers withhold `phase` of `touch` (R64).
    func holdCount(of touch: Touch, _ phase: Phase) -> Int {
        var count = 0
        for entry in entries where entry.touch === touch && entry.phase == phase { count += 1 }
        return count
    }

    /// The recognizers withholding `phase` of `touch`, in the touch's processing order (for the
    /// tracer; allocates).
    func holders(of touch: Touch, _ phase: Phase) -> [GestureRecognizer] {
        touch.recognizers.array.filter { isWithheld(touch, phase, by: $0) }
    }

    /// Whether `recognizer` withholds anything (R63: then it withholds every new began too).
    @inline(__always)
    func isHolding(_ recognizer: GestureRecognizer) -> Bool {
        if entries.isEmpty { return false }
        return entries.contains { $0.recognizer === recognizer }
    }

    /// Whether `touch` is withheld in any phase.
    func isHeld(_ touch: Touch) -> Bool {
        if entries.isEmpty { return false }
        return entries.contains { $0.touch === touch }
    }

    // MARK: - Taking and letting go

    /// `recognizer` withholds `phase` of `touch` (R61, R62, R63). Taking a hold twice is one hold.
    mutating func hold(_ phase: Phase, of touch: Touch, by recognizer: GestureRecognizer) {
        guard !isWithheld(touch, phase, by: recognizer) else { return }
        entries.append(Entry(touch: touch, recognizer: recognizer, phase: phase))
        checkInvariants()
    }

    /// R65: `recognizer` withholds nothing any more; each touch it let go of becomes a release
    /// candidate (its began holds first, then its ended holds, each in the order taken).
    /// Inlined: with no hold at all (every reset of a recognizer that delays nothing) it costs
    /// one test.
    @inline(__always)
    mutating func release(by recognizer: GestureRecognizer) {
        if !entries.isEmpty { releaseHolds(by: recognizer) }
    }

    private mutating func releaseHolds(by recognizer: GestureRecognizer) {
        removeEntries(markingCandidates: true) { $0.recognizer === recognizer && $0.phase == .began }
        removeEntries(markingCandidates: true) { $0.recognizer === recognizer && $0.phase == .ended }
        checkInvariants()
    }

    /// R26, R115: `recognizer` stopped tracking `touch`: its holds on it go, and the touch becomes
    /// a release candidate if it had any.
    mutating func release(_ touch: Touch, from recognizer: GestureRecognizer) {
        if entries.isEmpty { return }
        removeEntries(markingCandidates: true) { $0.touch === touch && $0.recognizer === recognizer && $0.phase == .began }
        removeEntries(markingCandidates: true) { $0.touch === touch && $0.recognizer === recognizer && $0.phase == .ended }
        checkInvariants()
    }

    /// R67's last clause: every recognizer's holds on `touch` go, and nothing is delivered for
    /// them (the touch is being cancelled in its view).
    mutating func dropHolds(on touch: Touch) {
        if entries.isEmpty { return }
        removeEntries(markingCandidates: false) { $0.touch === touch }
        checkInvariants()
    }

    /// R67, R72, R120: `touch` is cancelled or dropped before its view got its began: the view
    /// never hears of it, and every hold on it goes.
    mutating func discard(_ touch: Touch) {
        touch.delivery.discard()
        dropHolds(on: touch)
    }

    private mutating func removeEntries(markingCandidates: Bool, where matches: (Entry) -> Bool) {
        var index = 0
        while index < entries.count {
            guard matches(entries[index]) else {
                index += 1
                continue
            }
            let touch = entries.remove(at: index).touch
            if markingCandidates, !candidates.contains(where: { $0 === touch }) { candidates.append(touch) }
        }
    }

    // MARK: - Releases (R66, R131)

    /// Whether some touch was let go of and is still to be looked at.
    var hasReleaseCandidates: Bool {
        @inline(__always) get { !candidates.isEmpty }
    }

    /// The release candidates in delivery order (R66, R131): by the time of the withheld phase
    /// (the began's for a touch whose view has not had it, else the latest), then by id. The
    /// table starts a fresh list; hand the buffer back with ``recycle(_:)``.
    mutating func takeReleaseCandidates() -> [Touch] {
        guard !candidates.isEmpty else { return [] }
        candidates.sort(by: Self.releaseOrder)
        var taken: [Touch] = []
        swap(&taken, &spare)
        swap(&taken, &candidates)
        return taken
    }

    /// Takes back a buffer from ``takeReleaseCandidates()`` (emptied, its capacity kept).
    mutating func recycle(_ buffer: inout [Touch]) {
        buffer.clearKeepingCapacity()
        swap(&buffer, &spare)
    }

    /// R66, R131: the order in which released phases reach their views.
    static func releaseOrder(_ lhs: Touch, _ rhs: Touch) -> Bool {
        let left = lhs.delivery.view == .pending ? lhs.beganTimestamp : lhs.currentTimestamp
        let right = rhs.delivery.view == .pending ? rhs.beganTimestamp : rhs.currentTimestamp
        return left != right ? left < right : lhs.id < rhs.id
    }

    // MARK: - The pass

    /// A pass begins: its own phases have not been delivered yet.
    @inline(__always)
    mutating func passDidBegin() {
        ownPhasesDelivered = false
    }

    /// Step 6 ran: the pass's own phases have been delivered.
    @inline(__always)
    mutating func ownPhasesDidDeliver() {
        ownPhasesDelivered = true
    }

    // MARK: - Invariants

    /// Checks the table's invariants (debug builds only; the body compiles away in release).
    /// Linear in the entries and candidates (sets, not pairwise scans), so that a debug build
    /// with thousands of withheld touches stays usable.
    func checkInvariants() {
        assert(
            {
                // (touch, recognizer) pairs seen, one set per phase.
                var seen: [Set<[ObjectIdentifier]>] = [[], []]
                for entry in entries {
                    let pair = [ObjectIdentifier(entry.touch), ObjectIdentifier(entry.recognizer)]
                    if !seen[entry.phase == .began ? 0 : 1].insert(pair).inserted { return false }
                }
                return true
            }(), "a hold was taken twice")
        assert(
            !entries.contains { $0.phase == .began && $0.touch.delivery.view != .pending },
            "a began is withheld from a view that already had it")
        assert(
            {
                var seen: Set<ObjectIdentifier> = []
                seen.reserveCapacity(candidates.count)
                for touch in candidates where !seen.insert(ObjectIdentifier(touch)).inserted { return false }
                return true
            }(), "a touch is a release candidate twice")
    }
}
