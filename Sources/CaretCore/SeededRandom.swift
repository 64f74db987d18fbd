/// A deterministic random number generator (SplitMix64): the same seed gives the same sequence on
/// every machine, in every process and with every toolchain. Caret makes every random choice from
/// a seed — randomized tests, benchmarks, generated documents — so a run can be repeated from its
/// printed seed.
///
/// The derived draws (`int(in:)`, `bool()`, `element(of:)`, `shuffle(_:)`, …) are this type's own,
/// written down below, rather than the standard library's `random(in:using:)`,
/// `randomElement(using:)` or `shuffled(using:)`: the standard library does not promise how those
/// turn generator output into values, so a toolchain update could change every randomized test's
/// inputs under a fixed seed. That is also why this type is not a `RandomNumberGenerator`.
public struct SeededRandom: Sendable {
    private var state: UInt64
    /// The seed this generator started from.
    public let seed: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// The next 64 random bits (SplitMix64: a Weyl sequence with step 0x9E3779B97F4A7C15, then a
    /// bijective mix of it).
    /// - Complexity: O(1).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed integer in `0..<bound`, without modulo bias (Lemire's method:
    /// the high word of `next() × bound`, redrawing when the low word falls in the
    /// `2^64 mod bound` values that would make some results more likely).
    /// - Precondition: `bound > 0`.
    /// - Complexity: O(1) expected (fewer than two draws on average for any bound).
    public mutating func below(_ bound: UInt64) -> UInt64 {
        precondition(bound > 0, "SeededRandom.below: the bound must be positive")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            // 2^64 mod bound, computed in 64 bits as (2^64 - bound) mod bound.
            let threshold = (0 &- bound) % bound
            while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
        }
        return product.high
    }

    /// A uniformly distributed integer in `range`; the whole range of `UInt64` is allowed.
    /// - Complexity: O(1) expected.
    public mutating func uint64(in range: ClosedRange<UInt64>) -> UInt64 {
        let span = range.upperBound &- range.lowerBound
        if span == .max { return next() }
        return range.lowerBound &+ below(span &+ 1)
    }

    /// A uniformly distributed integer in `range`; the whole range of `Int64` is allowed.
    /// - Complexity: O(1) expected.
    public mutating func int64(in range: ClosedRange<Int64>) -> Int64 {
        // Offsets from the lower bound, in two's complement: exact for any pair of bounds.
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound)
        let offset = span == .max ? next() : below(span &+ 1)
        return range.lowerBound &+ Int64(bitPattern: offset)
    }

    /// A uniformly distributed integer in `range`.
    /// - Complexity: O(1) expected.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        Int(int64(in: Int64(range.lowerBound)...Int64(range.upperBound)))
    }

    /// A uniformly distributed integer in `range`.
    /// - Precondition: `range` is not empty.
    /// - Complexity: O(1) expected.
    public mutating func int(in range: Range<Int>) -> Int {
        precondition(!range.isEmpty, "SeededRandom.int(in:): the range is empty")
        return int(in: range.lowerBound...(range.upperBound - 1))
    }

    /// `true` or `false` with equal probability (the top bit of the next draw).
    public mutating func bool() -> Bool { next() >> 63 == 1 }

    /// `true` with probability `1 / denominator` (`oneIn(4)` is true a quarter of the time).
    /// - Precondition: `denominator > 0`.
    public mutating func oneIn(_ denominator: Int) -> Bool { int(in: 0..<denominator) == 0 }

    /// A uniformly distributed `Double` in `0..<1`: the top 53 bits of a draw over 2^53, so every
    /// value is a multiple of 2^-53.
    public mutating func unitDouble() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A `Double` in `range`: `lowerBound + unitDouble() × (upperBound − lowerBound)`, so the upper
    /// bound itself is (almost) never drawn.
    /// - Precondition: both bounds are finite.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        precondition(range.lowerBound.isFinite && range.upperBound.isFinite, "SeededRandom.double(in:): bounds must be finite")
        return range.lowerBound + unitDouble() * (range.upperBound - range.lowerBound)
    }

    /// A uniformly chosen element of `collection`, or nil when it is empty.
    /// - Complexity: O(1) for a random-access collection, else O(n).
    public mutating func element<C: Collection>(of collection: C) -> C.Element? {
        guard !collection.isEmpty else { return nil }
        return collection[collection.index(collection.startIndex, offsetBy: int(in: 0..<collection.count))]
    }

    /// Puts `collection` in a uniformly random order (Fisher–Yates: from the last position down,
    /// swap each element with one at or before it).
    /// - Complexity: O(n).
    public mutating func shuffle<C: MutableCollection & RandomAccessCollection>(_ collection: inout C) {
        var i = collection.count - 1
        while i > 0 {
            let j = int(in: 0...i)
            if j != i {
                collection.swapAt(collection.index(collection.startIndex, offsetBy: i),
                                  collection.index(collection.startIndex, offsetBy: j))
            }
            i -= 1
        }
    }

    /// The elements of `sequence` in a uniformly random order (`shuffle(_:)` of a copy).
    /// - Complexity: O(n).
    public mutating func shuffled<S: Sequence>(_ sequence: S) -> [S.Element] {
        var elements = Array(sequence)
        shuffle(&elements)
        return elements
    }

    /// A stable 64-bit seed for a name (FNV-1a of its UTF-8 bytes): randomized tests give each
    /// case a fixed default seed of its own this way.
    public static func seed(for name: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
