#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import CaretCore

extension SeededRandom {
    /// A generator seeded from CARET_SEED when set, else from a fixed seed of the label's own
    /// (`SeededRandom.seed(for:)`, so CI runs are reproducible); prints the seed.
    static func fromEnvironment(label: String) -> SeededRandom {
        var seed = SeededRandom.seed(for: label)
        if let raw = getenv("CARET_SEED"), let parsed = UInt64(String(cString: raw)) { seed = parsed }
        print("\(label): seed \(seed) (rerun with CARET_SEED=\(seed))")
        return SeededRandom(seed: seed)
    }
}
