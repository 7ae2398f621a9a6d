/// A point in time on the engine's clock, in integer nanoseconds since the clock's origin.
///
/// Points in time are `Timestamp`; spans of time are the standard library's `Duration`.
/// Integer nanoseconds make every deadline exact: a tap's 0.35 s inter-tap timer started at
/// 0.100 s fires at exactly 0.450 s, never at 0.44999999.
///
/// ```swift
/// let down = Timestamp(seconds: 0.1)
/// let deadline = down + .milliseconds(350)   // 0.450 s exactly
/// ```
///
/// Arithmetic never wraps: `Timestamp ± Duration` saturates at ``min`` and ``max`` (about ±292
/// years), and `Timestamp - Timestamp` is exact.
///
/// Rule: R78, R118.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the clock's origin. May be negative.
    public var nanoseconds: Int64

    /// Creates a timestamp from nanoseconds since the clock's origin.
    @inlinable
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// Creates a timestamp from seconds since the clock's origin, rounded to the nearest
    /// nanosecond (so `0.08` is exactly 80 000 000 ns).
    ///
    /// Never traps. Like the rest of the time arithmetic it saturates (R118): seconds past the
    /// range (about ±292 years), infinities included, give ``max`` or ``min``. NaN, which names
    /// no time, gives ``zero``. Use ``init(checkedSeconds:)`` to reject such values instead.
    @inlinable
    public init(seconds: Double) {
        self.nanoseconds = Self.saturatingNanoseconds(seconds) ?? 0
    }

    /// Creates a timestamp from seconds since the clock's origin, rounded to the nearest
    /// nanosecond, or `nil` when `seconds` is NaN, infinite or outside the range of ``min`` to
    /// ``max`` (about ±292 years): for input from a file or another program, where such a value
    /// is a mistake to report.
    @inlinable
    public init?(checkedSeconds seconds: Double) {
        let scaled = (seconds * 1e9).rounded()
        guard scaled >= -0x1p63, scaled < 0x1p63 else { return nil }  // false for NaN too
        self.nanoseconds = Int64(scaled)
    }

    /// `seconds` as whole nanoseconds, saturated at the ends of `Int64`; nil for NaN.
    @inlinable
    static func saturatingNanoseconds(_ seconds: Double) -> Int64? {
        let scaled = (seconds * 1e9).rounded()
        if scaled.isNaN { return nil }
        if scaled >= 0x1p63 { return .max }
        if scaled < -0x1p63 { return .min }
        return Int64(scaled)
    }

    /// The clock's origin, 0 ns.
    public static let zero = Timestamp(nanoseconds: 0)

    /// This point in time as seconds since the origin (for display and velocity arithmetic).
    @inlinable
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// Whether `lhs` is earlier than `rhs`.
    @inlinable
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// The latest representable point in time: `Int64.max` nanoseconds, about 292 years after
    /// the origin. Sums that would go past it stop here.
    public static let max = Timestamp(nanoseconds: .max)

    /// The earliest representable point in time: `Int64.min` nanoseconds, about 292 years before
    /// the origin. Differences that would go past it stop here.
    public static let min = Timestamp(nanoseconds: .min)

    /// The point in time `rhs` after `lhs`, `rhs` truncated toward zero to whole nanoseconds.
    ///
    /// Saturates: a result beyond ``max`` or ``min`` is ``max`` or ``min``, never a wrapped
    /// time (so a timer started with an enormous delay waits until the end of time instead of
    /// firing at once). Below that the result is exact, even for a `Duration` longer than 292
    /// years that brings a time from near ``min`` back into range.
    @inlinable
    public static func + (lhs: Timestamp, rhs: Duration) -> Timestamp {
        if let delta = rhs.shortWholeNanoseconds {
            // |delta| < 9.3 s: the sum overflows only past the ends, in the direction of `delta`.
            let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(delta)
            if _fastPath(!overflow) { return Timestamp(nanoseconds: sum) }
            return delta > 0 ? .max : .min
        }
        return Timestamp(nanoseconds: Duration.saturatingSum(lhs.nanoseconds, rhs, subtracting: false))
    }

    /// The point in time `rhs` before `lhs`, `rhs` truncated toward zero to whole nanoseconds.
    ///
    /// Saturates at ``min`` and ``max``, as `+` does.
    @inlinable
    public static func - (lhs: Timestamp, rhs: Duration) -> Timestamp {
        if let delta = rhs.shortWholeNanoseconds {
            let (difference, overflow) = lhs.nanoseconds.subtractingReportingOverflow(delta)
            if _fastPath(!overflow) { return Timestamp(nanoseconds: difference) }
            return delta > 0 ? .min : .max
        }
        return Timestamp(nanoseconds: Duration.saturatingSum(lhs.nanoseconds, rhs, subtracting: true))
    }

    /// The span from `rhs` to `lhs` (negative when `lhs` is earlier).
    ///
    /// Exact for any two timestamps: a span wider than `Int64` nanoseconds (up to the whole
    /// range, ``max`` - ``min``) is still a correct `Duration`.
    @inlinable
    public static func - (lhs: Timestamp, rhs: Timestamp) -> Duration {
        let (difference, overflow) = lhs.nanoseconds.subtractingReportingOverflow(rhs.nanoseconds)
        if _fastPath(!overflow) { return .nanoseconds(difference) }
        return .nanoseconds(lhs.nanoseconds) - .nanoseconds(rhs.nanoseconds)
    }

    /// Seconds with exactly three decimals, as in the scenario log: `0.450`.
    ///
    /// Rounds half away from zero at the millisecond.
    public var description: String { formattedSeconds(decimals: 3) }

    /// Seconds with the given number of decimals (0 to 9), rounded half away from zero.
    public func formattedSeconds(decimals: Int) -> String {
        precondition((0...9).contains(decimals), "decimals must be 0...9, got \(decimals)")
        var unit: Int64 = 1
        for _ in 0..<(9 - decimals) { unit *= 10 }
        let negative = nanoseconds < 0
        let magnitude = nanoseconds.magnitude
        let rounded = (magnitude + UInt64(unit / 2)) / UInt64(unit)
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let whole = rounded / scale
        var text = (negative && rounded != 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = String(rounded % scale)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }
}

extension Duration {
    /// This span in whole nanoseconds, truncated toward zero (attoseconds below 1 ns are
    /// dropped), saturated at `Int64.min` and `Int64.max` (about ±292 years) for longer spans.
    @inlinable
    var wholeNanoseconds: Int64 {
        shortWholeNanoseconds ?? Self.saturatingSum(0, self, subtracting: false)
    }

    /// ``wholeNanoseconds`` for spans shorter than about 9.2 s (every delay the engine uses),
    /// whose attoseconds fit in 64 bits: one 64-bit division instead of `components`' 128-bit
    /// one. Nil for longer spans.
    @inlinable
    var shortWholeNanoseconds: Int64? {
        let low = Int64(bitPattern: _low)
        guard _fastPath(_high == (low < 0 ? -1 : 0)) else { return nil }
        return low / 1_000_000_000
    }

    /// `nanoseconds` plus (or minus) `duration` truncated toward zero to whole nanoseconds,
    /// exactly, then saturated at `Int64.min` and `Int64.max`.
    @usableFromInline
    static func saturatingSum(_ nanoseconds: Int64, _ duration: Duration, subtracting: Bool) -> Int64 {
        // At 2^97 attoseconds (over 10^11 s) or more, `duration` takes any sum past the end of
        // Int64 nanoseconds (about 9.2 * 10^9 s) in its direction.
        guard duration._high >= -(1 << 33), duration._high < 1 << 33 else {
            return (duration._high < 0) != subtracting ? .min : .max
        }
        // Below it `components` cannot overflow its Int64 seconds, and the 128-bit sum of two
        // spans under 2^97 attoseconds cannot overflow.
        let (seconds, attoseconds) = duration.components
        let truncated = Duration(
            secondsComponent: seconds,
            attosecondsComponent: attoseconds / 1_000_000_000 * 1_000_000_000
        )
        let sum = subtracting ? .nanoseconds(nanoseconds) - truncated : .nanoseconds(nanoseconds) + truncated
        // Whole nanoseconds now: `components` fits, and the seconds scale back unless too many.
        let (sumSeconds, sumAttoseconds) = sum.components
        let (scaled, overflowed) = sumSeconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflowedAgain) = scaled.addingReportingOverflow(sumAttoseconds / 1_000_000_000)
        guard overflowed || overflowedAgain else { return total }
        return sumSeconds < 0 ? .min : .max
    }

    /// This span in seconds as a `Double`.
    @inlinable
    var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
