#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SplitMix64: a small seeded generator for reproducible randomized tests.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// A generator seeded from CARET_SEED when set, else from a fresh random seed; prints the seed.
    static func fromEnvironment(label: String) -> SeededGenerator {
        var seed = UInt64.random(in: 0...UInt64.max)
        if let raw = getenv("CARET_SEED"), let parsed = UInt64(String(cString: raw)) { seed = parsed }
        print("\(label): seed \(seed) (rerun with CARET_SEED=\(seed))")
        return SeededGenerator(seed: seed)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
