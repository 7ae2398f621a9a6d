import GestureArbiter
import Testing

@Suite struct ClockErrorTests {
    @Test("R117: a clock asked to go back throws an error with its kind and both times, and says so")
    func timeWentBackwards() throws {
        let clock = VirtualClock(start: Timestamp(seconds: 2))
        do {
            try clock.advance(to: Timestamp(seconds: 1.5))
            Issue.record("advancing to the past must throw")
        } catch {
            // Typed throws: `error` is a ClockError, no cast.
            #expect(error.kind == .timeWentBackwards)
            #expect(error.clockTime == Timestamp(seconds: 2))
            #expect(error.requestedTime == Timestamp(seconds: 1.5))
            #expect(error == .timeWentBackwards(now: Timestamp(seconds: 2), requested: Timestamp(seconds: 1.5)))
            #expect(error.description == "time went backwards: the clock is at 2.000 s and was asked to go to 1.500 s")
            #expect(error.kind.description == "timeWentBackwards")
        }
        #expect(throws: ClockError.timeWentBackwards(now: Timestamp(seconds: 2), requested: Timestamp(seconds: 1))) {
            try clock.advance(by: .seconds(-1))
        }
    }

    @Test("R117: clock errors are equal exactly when their times are, and a switch over the kind takes a default")
    func equalityAndSwitch() {
        let error = ClockError.timeWentBackwards(now: Timestamp(seconds: 1), requested: .zero)
        #expect(error == .timeWentBackwards(now: Timestamp(seconds: 1), requested: .zero))
        #expect(error != .timeWentBackwards(now: Timestamp(seconds: 1), requested: Timestamp(seconds: 0.5)))
        #expect(Set([error, error]).count == 1)
        let action: String
        switch error.kind {
        case .timeWentBackwards: action = "resynchronize"
        default: action = "log"
        }
        #expect(action == "resynchronize")
    }
}
