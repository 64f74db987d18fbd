import CaretCore
import Testing

/// Seeded random text on which Swift's `Character` (Unicode 17 data) and Caret's Unicode 15.0
/// segmenter must agree: scalars whose properties both versions share, without the two known
/// classes of difference — non-emoji Extended_Pictographic scalars (the stdlib bug documented in
/// GraphemeConformanceTests) and Indic conjunct linkers (GB9c, new in Unicode 15.1).
@Suite struct GraphemeRandomizedTests {
    typealias Support = GraphemeTestSupport

    /// Groups of scalars to draw from, each a list of closed ranges.
    static let pool: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x20...0x7E, 0x0A...0x0A, 0x0D...0x0D, 0x00...0x1F, 0x7F...0x9F,
        0xA0...0xFF,  // Latin-1, with © and ® (emoji, Extended_Pictographic)
        0x300...0x36F, 0x300...0x36F,  // combining marks
        0x200D...0x200D, 0x200D...0x200D, 0xFE0F...0xFE0F, 0x20E3...0x20E3,
        0x1F3FB...0x1F3FF,  // skin tones
        0x1F1E6...0x1F1FF, 0x1F1E6...0x1F1FF,  // regional indicators
        0x1F600...0x1F64F, 0x1F466...0x1F469, 0x1F4BB...0x1F4BB, 0x2764...0x2764,
        0x1100...0x115F, 0x1160...0x11A7, 0x11A8...0x11FF, 0xAC00...0xD7A3,  // Hangul L V T LV/LVT
        0x600...0x605, 0x6DD...0x6DD, 0x110BD...0x110BD,  // Prepend
        0x915...0x939, 0x93E...0x940, 0x949...0x94C,  // Devanagari letters, spacing marks (no virama)
        0x5D0...0x5EA, 0x4E00...0x4E20, 0x200B...0x200C, 0x2028...0x2029, 0xFEFF...0xFEFF,
    ]

    static func randomScalars(_ random: inout SeededRandom, count: Int) -> [Unicode.Scalar] {
        (0..<count).map { _ in
            let range = pool[random.int(in: 0..<pool.count)]
            let value = range.lowerBound + UInt32(random.int(in: 0..<range.count))
            return Unicode.Scalar(value)!
        }
    }

    @Test func agreesWithCharacterOnSharedScalars() {
        for seed in SeededRandom.seeds(default: [0x6772_6170_6865_6D65]) {
            print("GraphemeRandomizedTests: seed \(seed) (replay with CARET_SEED=\(seed))")
            var random = SeededRandom(seed: seed)
            var failures: [String] = []
            for round in 0..<2000 {
                let scalars = Self.randomScalars(&random, count: random.int(in: 0..<40))
                let expected = Support.swiftBoundaries(scalars)
                let hex = scalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                let actual = GraphemeSegmentation.boundaries(scalars)
                let (walked, _) = Support.cursorBoundaries(scalars)
                let counted = Support.clusterCount(scalars)
                if actual != expected || walked != expected || counted != expected.count - 1 {
                    failures.append("round \(round) [\(hex)]: Character \(expected), boundaries \(actual), cursor \(walked), count \(counted)")
                }
                let split = random.int(in: 0..<scalars.count + 1)
                let splitResult = Support.splitBoundaries(scalars, at: split)
                if splitResult != expected {
                    failures.append("round \(round) [\(hex)] split at \(split): Character \(expected), got \(splitResult)")
                }
            }
            #expect(failures.isEmpty, "seed \(seed): \(failures.count) failures:\n\(failures.prefix(20).joined(separator: "\n"))")
        }
    }

    /// Long mostly-ASCII text, as rope leaves hold, exercises the eight-byte counting path.
    @Test func countsLongMixedTextLikeCharacter() {
        for seed in SeededRandom.seeds(default: [0x6C65_6166]) {
            print("GraphemeRandomizedTests.countsLongMixedTextLikeCharacter: seed \(seed) (replay with CARET_SEED=\(seed))")
            var random = SeededRandom(seed: seed)
            for _ in 0..<200 {
                var scalars: [Unicode.Scalar] = []
                while scalars.count < 1024 {
                    if random.int(in: 0..<8) == 0 {
                        scalars += Self.randomScalars(&random, count: 1 + random.int(in: 0..<3))
                    } else {
                        let run = 1 + random.int(in: 0..<40)
                        scalars += (0..<run).map { _ in Unicode.Scalar(UInt8(0x20 + random.int(in: 0..<95))) }
                    }
                }
                let expected = Support.swiftBoundaries(scalars).count - 1
                #expect(Support.clusterCount(scalars) == expected, "seed \(seed)")
            }
        }
    }
}
