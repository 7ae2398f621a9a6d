import GestureArbiter
import Testing

/// One way to make each kind of error, with what it must carry and say.
struct ErrorRow: CustomTestStringConvertible, Sendable {
    let error: DispatchError
    let kind: DispatchError.Kind
    let touchID: Int?
    let times: (clock: Timestamp, requested: Timestamp)?
    let description: String
    var testDescription: String { "\(kind)" }
}

/// What a host might do about an error: written as a client would, with a `default` branch,
/// which a `switch` over `DispatchError.Kind` must have (the kinds are static members, so the
/// switch is never exhaustive). A kind added later lands in `default` and this still compiles.
func advice(for error: DispatchError) -> String {
    switch error.kind {
    case .timeWentBackwards: return "resynchronize the clock"
    case .unknownTouch, .duplicateBegan: return "rebuild touch tracking"
    case .nonFiniteLocation: return "drop the sample"
    default: return "log and carry on"
    }
}

@Suite struct DispatchErrorTests {
    static let rows: [ErrorRow] = [
        ErrorRow(error: .timeWentBackwards(now: Timestamp(seconds: 1), requested: Timestamp(seconds: 0.5)),
                 kind: .timeWentBackwards, touchID: nil, times: (Timestamp(seconds: 1), Timestamp(seconds: 0.5)),
                 description: "time went backwards: the clock is at 1.000 s and the input is stamped 0.500 s"),
        ErrorRow(error: .duplicateBegan(3), kind: .duplicateBegan, touchID: 3, times: nil,
                 description: "touch 3 began while it is already down"),
        ErrorRow(error: .unknownTouch(7), kind: .unknownTouch, touchID: 7, times: nil,
                 description: "touch 7 is not down (no began, or it already ended)"),
        ErrorRow(error: .nonFiniteLocation(2), kind: .nonFiniteLocation, touchID: 2, times: nil,
                 description: "touch 2 has a non-finite coordinate"),
        ErrorRow(error: .emptyEvent, kind: .emptyEvent, touchID: nil, times: nil,
                 description: "the event lists no touches"),
        ErrorRow(error: .duplicateTouchInEvent(4), kind: .duplicateTouchInEvent, touchID: 4, times: nil,
                 description: "touch 4 appears twice in one event"),
        ErrorRow(error: .noWindow(5), kind: .noWindow, touchID: 5, times: nil,
                 description: "touch 5 began while the environment has no window: add a window before dispatching"),
    ]

    @Test("R117: each error carries its kind, its touch id or its times, and says what was wrong", arguments: rows)
    func fields(_ row: ErrorRow) {
        #expect(row.error.kind == row.kind)
        #expect(row.error.touchID == row.touchID)
        #expect(row.error.clockTime == row.times?.clock)
        #expect(row.error.requestedTime == row.times?.requested)
        #expect(row.error.description == row.description)
        #expect("\(row.error)" == row.description)
    }

    @Test("R117: the kinds are distinct and named as their static members")
    func kinds() {
        let kinds = Self.rows.map(\.kind)
        #expect(Set(kinds).count == kinds.count)
        #expect(kinds.map(\.description) == ["timeWentBackwards", "duplicateBegan", "unknownTouch", "nonFiniteLocation",
                                              "emptyEvent", "duplicateTouchInEvent", "noWindow"])
    }

    @Test("R117: errors are equal exactly when kind and details are equal, and hash alike")
    func equality() {
        #expect(DispatchError.unknownTouch(7) == .unknownTouch(7))
        #expect(DispatchError.unknownTouch(7) != .unknownTouch(8))
        #expect(DispatchError.unknownTouch(7) != .duplicateBegan(7))
        #expect(DispatchError.nonFiniteLocation(7) != .duplicateTouchInEvent(7))
        #expect(DispatchError.timeWentBackwards(now: Timestamp(seconds: 1), requested: .zero)
            != .timeWentBackwards(now: Timestamp(seconds: 2), requested: .zero))
        #expect(DispatchError.timeWentBackwards(now: Timestamp(seconds: 1), requested: .zero)
            != .timeWentBackwards(now: Timestamp(seconds: 1), requested: Timestamp(seconds: 0.5)))
        let all = Self.rows.map(\.error) + Self.rows.map(\.error)
        #expect(Set(all).count == Self.rows.count)
    }

    @Test("R117: a thrown error matches its static member in #expect(throws:), a catch, and a pattern")
    func matching() throws {
        let environment = GestureEnvironment(scheduler: VirtualClock())
        environment.addWindow(Window(width: 100, height: 100))
        let stray = TouchEvent(timestamp: .zero, touches: [TouchInput(id: 7, phase: .moved, x: 1, y: 1)])
        #expect(throws: DispatchError.unknownTouch(7)) { try environment.dispatch(stray) }
        do {
            try environment.dispatch(stray)
            Issue.record("a move of a touch that is not down must be rejected")
        } catch {
            // Typed throws: `error` is a DispatchError, no cast.
            #expect(error.kind == .unknownTouch)
            #expect(error.touchID == 7)
            switch error {
            case .unknownTouch(7): break
            default: Issue.record("expected unknownTouch(7), got \(error)")
            }
        }
    }

    @Test("R117: a switch over the kind needs, and has, a default branch, which the kinds it does not name reach",
          arguments: zip(rows.map(\.error), ["resynchronize the clock", "rebuild touch tracking", "rebuild touch tracking",
                                              "drop the sample", "log and carry on", "log and carry on"]))
    func switchWithDefault(_ error: DispatchError, _ expected: String) {
        #expect(advice(for: error) == expected)
    }
}
