import CaretCore
import Foundation
@testable import CaretReplay

/// Where the golden traces live, found from this file's path.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let traces = root + "/Tests/GoldenTraces"

    static var goldenFiles: [String] { (try? TestRunner.discover([traces])) ?? [] }

    static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }
}

extension SeededRandom {
    /// `CARET_SEED` when set, otherwise `fallback` (fixed, so CI runs are reproducible); printed
    /// with `test` so a failure can be replayed.
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
}
