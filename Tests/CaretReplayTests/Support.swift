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
}
