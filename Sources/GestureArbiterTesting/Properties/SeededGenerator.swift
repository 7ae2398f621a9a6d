/// A deterministic random number generator: SplitMix64 (Steele, Lea and Flood, 2014).
///
/// The same seed gives the same sequence on every platform. There is no default seed: a property
/// always says which seed it uses, so that a failure can be replayed from its report.
///
/// ```swift
/// var random = SeededGenerator(seed: 0x5EED_0001)
/// let coin = Bool.random(using: &random)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from `seed`.
    public init(seed: UInt64) {
        self.state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of case `index` of a run seeded with `seed`: independent streams per case, so that
    /// one case can be replayed without the ones before it.
    public static func caseSeed(_ seed: UInt64, index: Int) -> UInt64 {
        var generator = SeededGenerator(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        return generator.next()
    }
}
