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
    /// - Precondition: `seconds` is finite and within ±292 years.
    @inlinable
    public init(seconds: Double) {
        precondition(seconds.isFinite && abs(seconds) < 9.2e9, "Timestamp(seconds:) needs a finite value, got \(seconds)")
        self.nanoseconds = Int64((seconds * 1e9).rounded())
    }

    /// The clock's origin, 0 ns.
    public static let zero = Timestamp(nanoseconds: 0)

    /// This point in time as seconds since the origin (for display and velocity arithmetic).
    @inlinable
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// Whether `lhs` is earlier than `rhs`.
    @inlinable
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// The point in time `rhs` after `lhs`, truncated to whole nanoseconds.
    @inlinable
    public static func + (lhs: Timestamp, rhs: Duration) -> Timestamp {
        Timestamp(nanoseconds: lhs.nanoseconds &+ rhs.wholeNanoseconds)
    }

    /// The point in time `rhs` before `lhs`, truncated to whole nanoseconds.
    @inlinable
    public static func - (lhs: Timestamp, rhs: Duration) -> Timestamp {
        Timestamp(nanoseconds: lhs.nanoseconds &- rhs.wholeNanoseconds)
    }

    /// The span from `rhs` to `lhs` (negative when `lhs` is earlier).
    @inlinable
    public static func - (lhs: Timestamp, rhs: Timestamp) -> Duration {
        .nanoseconds(lhs.nanoseconds &- rhs.nanoseconds)
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
    /// This span in whole nanoseconds, truncated toward zero (attoseconds below 1 ns are dropped).
    @inlinable
    var wholeNanoseconds: Int64 {
        // Durations shorter than about 9.2 s (every delay the engine uses) fit their attoseconds
        // in 64 bits: one 64-bit division, instead of `components`' 128-bit one. Both truncate
        // toward zero.
        let low = Int64(bitPattern: _low)
        if _high == (low < 0 ? -1 : 0) { return low / 1_000_000_000 }
        let (seconds, attoseconds) = components
        return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }

    /// This span in seconds as a `Double`.
    @inlinable
    var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
