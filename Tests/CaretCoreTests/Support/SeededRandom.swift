import CaretCore
import Foundation

extension SeededRandom {
    /// The seeds a randomized test runs: `CARET_SEED` when set, otherwise `defaults`.
    static func seeds(default defaults: [UInt64]) -> [UInt64] {
        if let text = ProcessInfo.processInfo.environment["CARET_SEED"], let seed = UInt64(text) { return [seed] }
        return defaults
    }
}
