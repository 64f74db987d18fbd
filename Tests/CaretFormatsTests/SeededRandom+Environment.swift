#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import CaretCore

extension SeededRandom {
    /// A generator seeded from CARET_SEED when set, else from a fresh random seed; prints the seed.
    static func fromEnvironment(label: String) -> SeededRandom {
        var seed = UInt64.random(in: 0...UInt64.max)
        if let raw = getenv("CARET_SEED"), let parsed = UInt64(String(cString: raw)) { seed = parsed }
        print("\(label): seed \(seed) (rerun with CARET_SEED=\(seed))")
        return SeededRandom(seed: seed)
    }
}
