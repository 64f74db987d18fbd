#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import CaretCore
import CaretFormats
import Foundation
@testable import CaretFoundation

typealias Caret = AttributeScopes.CaretAttributes

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

/// Text from canonical markup (a test's input).
func markup(_ source: String) throws -> AttributedText {
    try Markup.parseText(source)
}

/// The presentation intents of `string`'s runs, as `kind#identity` chains innermost first.
func intentChains(_ string: AttributedString) -> [String] {
    string.runs.map { run in
        (run[Caret.PresentationIntentAttribute.self]?.components ?? []).map { "\($0.kind)#\($0.identity)" }.joined(separator: " < ")
    }
}

/// The loss kinds, in order.
func kinds(_ losses: [FormatLoss]) -> [String] { losses.map(\.what) }
