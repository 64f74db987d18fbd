@testable import CaretCore
import Testing

/// The word-at-a-time count for valid UTF-8 (what the rope uses) must give what the checking
/// count gives, wherever joining scalars, CR and multi-byte scalars fall against word boundaries.
@Suite struct GraphemeCountingValidTests {
    /// Scalars that join nothing (ASCII, Latin, emoji, CJK, Cyrillic) mixed with ones that may
    /// (combining marks, ZWJ, skin tones, regional indicators, Hangul, CR LF, Prepend).
    static let pool: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x20...0x7E, 0x20...0x7E, 0x0A...0x0A, 0x0D...0x0D,
        0xA0...0x2FF, 0x300...0x36F, 0x400...0x4FF, 0x600...0x605,
        0x200D...0x200D, 0xFE0F...0xFE0F, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF,
        0x1F600...0x1F64F, 0x1F600...0x1F64F, 0x4E00...0x4FFF, 0x4E00...0x4FFF,
        0x1100...0x115F, 0x1160...0x11A7, 0xAC00...0xD7A3, 0x10000...0x1007F,
    ]

    static func count(_ bytes: [UInt8], isValid: Bool) -> Int {
        bytes.withUnsafeBufferPointer { GraphemeCounting.count($0, isValid: isValid) }
    }

    @Test func agreesWithTheCheckingCountOnRandomText() {
        let seed: UInt64 = 0x6C0_2026
        print("GraphemeCountingValidTests seed \(seed)")
        var random = SeededRandom(seed: seed)
        for round in 0..<4000 {
            // Mostly inert text, with a joining scalar now and then, so that stops fall at every
            // lane of a word.
            let inertOnly = random.oneIn(3)
            var scalars = ""
            for _ in 0..<random.int(in: 0...60) {
                let group = inertOnly ? [0, 1, 2, 5, 7, 14, 15, 16, 20][random.int(in: 0..<9)] : random.int(in: 0..<Self.pool.count)
                let range = Self.pool[group]
                if let scalar = Unicode.Scalar(UInt32(random.uint64(in: UInt64(range.lowerBound)...UInt64(range.upperBound)))) {
                    scalars.unicodeScalars.append(scalar)
                }
            }
            let bytes = Array(scalars.utf8)
            #expect(Self.count(bytes, isValid: true) == Self.count(bytes, isValid: false), "seed \(seed) round \(round): \(bytes)")
        }
    }

    @Test func countsEmojiTextAWordAtATimeAndStopsAtJoiningScalars() {
        let text = "let x = \u{1F600}l\u{1F600}m\u{1F600}nt;\n\u{4E2D}\u{6587}\u{00E9}t\u{00E9}"
        #expect(Self.count(Array(text.utf8), isValid: true) == text.count)
        // A combining mark, a ZWJ sequence and CR LF after the inert stretch, at every offset.
        for padding in 0..<9 {
            let joined = String(repeating: "\u{1F600}a", count: padding) + "e\u{301}\u{1F469}\u{200D}\u{1F4BB}\r\n\u{1F1EB}\u{1F1F7}"
            let bytes = Array(joined.utf8)
            #expect(Self.count(bytes, isValid: true) == Self.count(bytes, isValid: false), "padding \(padding)")
            #expect(Self.count(bytes, isValid: true) == 2 * padding + 4, "padding \(padding)")
        }
    }

    /// The measure of short edited text checks for scalars that join nothing instead of counting:
    /// its cluster count must be the checking count's, and the check must pass on text of ASCII
    /// (no CR), Latin, emoji, CJK and Linear B alone.
    @Test func measureClustersAgreesWithTheCheckingCountOnShortText() {
        let seed: UInt64 = 0x6C1_2026
        print("GraphemeCountingValidTests short-text seed \(seed)")
        var random = SeededRandom(seed: seed)
        let inertGroups = [0, 1, 2, 3, 5, 14, 15, 16, 20]
        for round in 0..<6000 {
            let inertOnly = random.oneIn(2)
            var scalars = ""
            for _ in 0..<random.int(in: 1...24) {
                let group = inertOnly ? inertGroups[random.int(in: 0..<inertGroups.count)] : random.int(in: 0..<Self.pool.count)
                let range = Self.pool[group]
                if let scalar = Unicode.Scalar(UInt32(random.uint64(in: UInt64(range.lowerBound)...UInt64(range.upperBound)))) {
                    scalars.unicodeScalars.append(scalar)
                }
            }
            let bytes = Array(scalars.utf8)
            let measured = bytes.withUnsafeBufferPointer { Node.measureClusters($0) }
            #expect(measured.graphemes == Self.count(bytes, isValid: false), "seed \(seed) round \(round): \(bytes)")
            let inert = bytes.withUnsafeBufferPointer { GraphemeCounting.scalarsAreInert($0.baseAddress!, count: $0.count) }
            if inertOnly { #expect(inert, "seed \(seed) round \(round): \(bytes)") }
        }
    }
}
