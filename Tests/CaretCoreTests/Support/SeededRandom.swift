import Foundation

/// A small deterministic generator (SplitMix64) for randomized tests: the same seed gives the same
/// sequence on every machine.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seeds a randomized test runs: `CARET_SEED` when set, otherwise `defaults`.
    static func seeds(default defaults: [UInt64]) -> [UInt64] {
        if let text = ProcessInfo.processInfo.environment["CARET_SEED"], let seed = UInt64(text) { return [seed] }
        return defaults
    }
}
