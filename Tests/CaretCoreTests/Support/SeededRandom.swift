import CaretCore
import Foundation

/// Seeds for randomized tests: fixed defaults, so CI runs are reproducible; `CARET_SEED` replaces
/// them to replay a failure; each is printed with the test's name.
extension SeededRandom {
    /// `CARET_SEED` when set, otherwise `fallback`; printed.
    static func seed(_ test: String = #function, fallback: UInt64) -> UInt64 {
        let seed = ProcessInfo.processInfo.environment["CARET_SEED"].flatMap { UInt64($0) } ?? fallback
        print("\(test): seed \(seed) (replay with CARET_SEED=\(seed))")
        return seed
    }

    /// The seeds a randomized test runs: `CARET_SEED` when set, otherwise `defaults`; printed.
    static func seeds(_ test: String = #function, default defaults: [UInt64]) -> [UInt64] {
        if let text = ProcessInfo.processInfo.environment["CARET_SEED"], let seed = UInt64(text) {
            print("\(test): seed \(seed) (from CARET_SEED)")
            return [seed]
        }
        print("\(test): seeds \(defaults.map(String.init).joined(separator: ", ")) (replay one with CARET_SEED=N)")
        return defaults
    }

    /// A generator for `test`, seeded from `seed(_:fallback:)`.
    static func forTest(_ test: String = #function, fallback: UInt64) -> SeededRandom {
        SeededRandom(seed: seed(test, fallback: fallback))
    }
}
