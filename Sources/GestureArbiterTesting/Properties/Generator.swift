/// A way to make random values of a type, with a shrinker that proposes simpler values.
///
/// `shrink` returns candidates that are each strictly simpler than the input (never equal to it,
/// never larger), simplest first. ``checkProperty(_:seed:count:input:maximumShrinkSteps:property:)``
/// walks them greedily while the property keeps failing.
public struct Generator<Value>: Sendable {
    /// Makes a value from the random source.
    public let generate: @Sendable (inout SeededGenerator) -> Value
    /// Proposes simpler values, simplest first; empty when `value` is as simple as it gets.
    public let shrink: @Sendable (Value) -> [Value]

    /// Creates a generator from its two halves.
    public init(
        generate: @escaping @Sendable (inout SeededGenerator) -> Value,
        shrink: @escaping @Sendable (Value) -> [Value] = { _ in [] }
    ) {
        self.generate = generate
        self.shrink = shrink
    }
}

extension Generator where Value == Int {
    /// Integers in `range`, shrinking toward its lower bound (halving the distance, then by one).
    public static func int(in range: ClosedRange<Int>) -> Generator<Int> {
        Generator(generate: { Int.random(in: range, using: &$0) }) { value in
            var candidates: [Int] = []
            var distance = value - range.lowerBound
            while distance > 0 {
                candidates.append(value - distance)
                distance /= 2
            }
            if value > range.lowerBound, candidates.last != value - 1 { candidates.append(value - 1) }
            return candidates
        }
    }
}

extension Generator where Value == Bool {
    /// `true` with probability `probability`, shrinking toward false.
    public static func bool(_ probability: Double = 0.5) -> Generator<Bool> {
        Generator(generate: { Double.random(in: 0..<1, using: &$0) < probability }) { $0 ? [false] : [] }
    }
}

extension Generator {
    /// Arrays of `element` values, `count` long, shrinking by removing one element at a time
    /// (from the back), then by shrinking elements.
    public static func array<Element>(of element: Generator<Element>, count: ClosedRange<Int>) -> Generator<[Element]>
    where Value == [Element] {
        Generator<[Element]>(generate: { random in
            let length = Int.random(in: count, using: &random)
            return (0..<length).map { _ in element.generate(&random) }
        }) { values in
            var candidates: [[Element]] = []
            if values.count > count.lowerBound {
                for index in values.indices.reversed() {
                    var smaller = values
                    smaller.remove(at: index)
                    candidates.append(smaller)
                }
            }
            for index in values.indices {
                for simpler in element.shrink(values[index]) {
                    var copy = values
                    copy[index] = simpler
                    candidates.append(copy)
                }
            }
            return candidates
        }
    }
}
