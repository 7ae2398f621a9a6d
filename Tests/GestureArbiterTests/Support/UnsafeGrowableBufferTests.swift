@testable import GestureArbiter
import Testing

/// The storage under the engine's bookkeeping lists. It moves elements with raw memory
/// operations, so these tests hold it against a Swift array, operation by operation.
@Suite struct UnsafeGrowableBufferTests {
    /// One change to the buffer and to the array it is held against.
    enum Operation: Equatable, CustomStringConvertible {
        case append(Int)
        case insert(Int, at: Int)
        case remove(at: Int)
        case set(Int, at: Int)
        case popLast
        case removeOdd
        case removeAll

        var description: String {
            switch self {
            case let .append(value): "append(\(value))"
            case let .insert(value, index): "insert(\(value), at: \(index))"
            case let .remove(index): "remove(at: \(index))"
            case let .set(value, index): "[\(index)] = \(value)"
            case .popLast: "popLast"
            case .removeOdd: "removeAll(where: odd)"
            case .removeAll: "removeAll"
            }
        }
    }

    /// A SplitMix64 stream: the test's cases depend on their seed alone.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Random operations, each valid for the count the buffer has when it runs (inserts and
    /// removes at the front, in the middle and at the end; runs long enough to grow several times).
    static func operations(seed: UInt64) -> [Operation] {
        var random = SplitMix(state: seed)
        var scratch = UnsafeGrowableBuffer<Int>()
        var model: [Int] = []
        var operations: [Operation] = []
        for step in 0..<Int.random(in: 1...200, using: &random) {
            let count = model.count
            let roll = Int.random(in: 0..<20, using: &random)
            let operation: Operation
            switch roll {
            case 0 where count > 0: operation = .removeAll
            case 1...4 where count > 0: operation = .remove(at: Int.random(in: 0..<count, using: &random))
            case 5 where count > 0: operation = .set(-step, at: Int.random(in: 0..<count, using: &random))
            case 6: operation = .popLast
            case 7: operation = .removeOdd
            case 8...11: operation = .insert(step, at: Int.random(in: 0...count, using: &random))
            default: operation = .append(step)
            }
            _ = apply(operation, to: &scratch, and: &model)
            operations.append(operation)
        }
        return operations
    }

    /// Does `operation` to `buffer` and to `array`; returns the element each took out, if any.
    static func apply(_ operation: Operation, to buffer: inout UnsafeGrowableBuffer<Int>, and array: inout [Int]) -> (taken: Int?, expected: Int?) {
        switch operation {
        case let .append(value):
            buffer.append(value)
            array.append(value)
        case let .insert(value, position):
            buffer.insert(value, at: position)
            array.insert(value, at: position)
        case let .remove(position):
            return (buffer.remove(at: position), array.remove(at: position))
        case let .set(value, position):
            buffer[position] = value
            array[position] = value
        case .popLast:
            return (buffer.popLast(), array.popLast())
        case .removeOdd:
            buffer.removeAll { $0 % 2 != 0 }
            array.removeAll { $0 % 2 != 0 }
        case .removeAll:
            buffer.removeAll()
            array.removeAll()
        }
        return (nil, nil)
    }

    /// Runs `operations` on a buffer and on an array; returns the first operation after which
    /// they differ (its index, what each took out or holds), or nil.
    static func firstDifference(_ operations: [Operation]) -> (index: Int, buffer: [Int], expected: [Int])? {
        var buffer = UnsafeGrowableBuffer<Int>()
        var expected: [Int] = []
        for (index, operation) in operations.enumerated() {
            let (taken, expectedTaken) = apply(operation, to: &buffer, and: &expected)
            if taken != expectedTaken { return (index, taken.map { [$0] } ?? [], expectedTaken.map { [$0] } ?? []) }
            let contents = (0..<buffer.count).map { buffer[$0] }
            // element(at:) reads the same elements, and nil on either side of them.
            let read = (-1...buffer.count).map { buffer.element(at: $0) }
            let readExpected: [Int?] = [nil] + expected.map { $0 } + [nil]
            if contents != expected || read != readExpected || buffer.capacity < buffer.count || buffer.last != expected.last {
                return (index, contents, expected)
            }
        }
        return nil
    }

    @Test("The buffer holds what an array holds after every append, insert, remove, assignment, popLast and removal by predicate or of all",
          arguments: 0..<200)
    func matchesArray(index: Int) {
        let seed = 0x6B_0FF3 ^ UInt64(index) &* 0xD1B5_4A32_D192_ED03
        let operations = Self.operations(seed: seed)
        guard let difference = Self.firstDifference(operations) else { return }
        // Shrunk: the shortest prefix that still shows the difference.
        let shrunk = Array(operations.prefix(difference.index + 1))
        Issue.record("""
            seed \(seed): after operation \(difference.index), the buffer holds \(difference.buffer), the array \(difference.expected)
            shrunk case: \(shrunk)
            """)
    }

    @Test("element(at:) is nil for an index outside the buffer, however far outside")
    func elementOutside() {
        var buffer = UnsafeGrowableBuffer<Int>()
        let empty = [0, -1, Int.min, Int.max].map { buffer.element(at: $0) }
        #expect(empty == [nil, nil, nil, nil])
        for value in [7, 8] { buffer.append(value) }
        let read = [-1, 0, 1, 2, Int.min, Int.max].map { buffer.element(at: $0) }
        #expect(read == [nil, 7, 8, nil, nil, nil])
    }

    @Test("The storage only grows: emptying keeps it, and refilling to the same count allocates nothing")
    func capacityIsKept() {
        var buffer = UnsafeGrowableBuffer<Int>()
        #expect(buffer.capacity == 0 && buffer.isEmpty)
        for value in 0..<9 { buffer.append(value) }
        let grown = buffer.capacity
        #expect(grown >= 9)
        buffer.removeAll()
        #expect(buffer.isEmpty && buffer.capacity == grown)
        for value in 0..<9 { buffer.insert(value, at: 0) }
        #expect(buffer.capacity == grown)
        #expect((0..<buffer.count).map { buffer[$0] } == Array((0..<9).reversed()))
    }
}
