import GestureArbiter
import Testing

@Suite struct TimestampTests {
    @Test("R118: seconds convert to whole nanoseconds exactly", arguments: zip(
        [0.08, 0.35, 0.15, 1.5, 0.000000001, -0.25],
        [80_000_000 as Int64, 350_000_000, 150_000_000, 1_500_000_000, 1, -250_000_000]
    ))
    func secondsToNanoseconds(_ seconds: Double, _ nanoseconds: Int64) {
        #expect(Timestamp(seconds: seconds).nanoseconds == nanoseconds)
    }

    @Test("Timestamp arithmetic with Duration is exact")
    func arithmetic() {
        let down = Timestamp(seconds: 0.1)
        #expect(down + .milliseconds(350) == Timestamp(seconds: 0.45))
        #expect(Timestamp(seconds: 0.45) - down == .milliseconds(350))
        #expect(down - .nanoseconds(1) < down)
    }

    @Test("The log format: seconds with three decimals, rounded half away from zero", arguments: zip(
        [Timestamp(nanoseconds: 0), Timestamp(seconds: 0.45), Timestamp(nanoseconds: 1_234_500_000),
         Timestamp(nanoseconds: 1_234_499_999), Timestamp(seconds: 12), Timestamp(seconds: -0.05)],
        ["0.000", "0.450", "1.235", "1.234", "12.000", "-0.050"]
    ))
    func formatting(_ time: Timestamp, _ text: String) {
        #expect(time.description == text)
    }

    @Test("formattedSeconds with other precisions")
    func otherPrecisions() {
        #expect(Timestamp(nanoseconds: 1_500_000_001).formattedSeconds(decimals: 9) == "1.500000001")
        #expect(Timestamp(seconds: 2.5).formattedSeconds(decimals: 0) == "3")
    }

    @Test("Duration to whole nanoseconds: the 64-bit shortcut (under about 9.2 s) and the general path both truncate toward zero",
          arguments: [
            (Duration.zero, 0), (.nanoseconds(1), 1), (.nanoseconds(-1), -1), (.milliseconds(350), 350_000_000),
            (.milliseconds(-350), -350_000_000), (Duration(secondsComponent: 0, attosecondsComponent: 1), 0),
            (Duration(secondsComponent: 0, attosecondsComponent: -1), 0),
            (Duration(secondsComponent: 0, attosecondsComponent: 1_999_999_999), 1),
            (.seconds(9), 9_000_000_000), (.milliseconds(9_300), 9_300_000_000),
            (.seconds(1_000_000), 1_000_000_000_000_000), (.seconds(-1_000_000), -1_000_000_000_000_000),
            (Duration(secondsComponent: -20, attosecondsComponent: -1_500_000_000), -20_000_000_001),
          ] as [(Duration, Int64)])
    func wholeNanoseconds(_ duration: Duration, _ expected: Int64) {
        #expect((Timestamp.zero + duration).nanoseconds == expected)
        #expect((Timestamp(nanoseconds: 5) - duration).nanoseconds == 5 - expected)
    }
}
