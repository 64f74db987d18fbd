import Testing
@testable import CaretCore

/// Pieces of text whose every grapheme cluster is one scalar: `Node.summarize` and
/// `Node.measureClusters` with `clustersAreScalars` take their cluster count to be their scalar
/// count without segmenting, and the rope's general path, leaf splits and in-leaf deletions rely
/// on that. Checked against segmentation on every piece of random texts built from the scalars
/// that the joining rules are about, and through edits that split and rebuild leaves of such text.
@Suite struct ClustersAreScalarsTests {
    /// A scalar of each class a joining rule names, and plain ones.
    static let alphabet: [String] = [
        "a", "\r", "\n", "\u{301}", "\u{200D}", "🇺", "🇸", "\u{0600}", "\u{0903}", "\u{1100}", "\u{1161}",
        "\u{11A8}", "\u{AC00}", "\u{AC01}", "😀", "👍", "🏽", "中", "é", "\u{094D}", "\u{0915}", "\u{FE0F}",
    ]

    /// Random texts over `alphabet` whose clusters are all single scalars, with their summaries.
    static func singletonTexts(count: Int, random: inout SeededRandom) -> [[UInt8]] {
        var texts: [[UInt8]] = []
        while texts.count < count {
            let length = random.int(in: 1...12)
            var text = ""
            for _ in 0..<length { text += alphabet[random.int(in: 0..<alphabet.count)] }
            let bytes = Array(text.utf8)
            let summary = Node.leafSummary(bytes)
            if summary.clustersAreScalars { texts.append(bytes) }
        }
        return texts
    }

    /// The scalar boundaries of valid UTF-8 `bytes`, its ends included.
    static func scalarBoundaries(_ bytes: [UInt8]) -> [Int] {
        (0...bytes.count).filter { $0 == bytes.count || bytes[$0] & 0xC0 != 0x80 }
    }

    /// Every piece of every such text, cut at scalar boundaries, has as many clusters as scalars
    /// by segmentation, and `summarize` with the flag agrees with `leafSummary` on all of it.
    @Test func everyPieceOfASingletonTextHasAClusterAScalar() {
        var random = SeededRandom.forTest(fallback: 2026_12_03)
        let texts = Self.singletonTexts(count: 5_000, random: &random)
        var pieces = 0
        for bytes in texts {
            let boundaries = Self.scalarBoundaries(bytes)
            for (i, lower) in boundaries.enumerated() {
                for upper in boundaries[i...] {
                    let piece = Array(bytes[lower..<upper])
                    let expected = Node.leafSummary(piece)
                    let flagged = piece.withUnsafeBufferPointer { Node.summarize($0, clustersAreScalars: true) }
                    // What the in-leaf path measures a deletion from such a leaf with.
                    let deleted = piece.withUnsafeBufferPointer { Node.measureClusters($0, clustersAreScalars: true) }
                    guard flagged == expected, deleted == expected else {
                        Issue.record("piece \(lower)..<\(upper) of \(String(decoding: bytes, as: UTF8.self).unicodeScalars.map { String($0.value, radix: 16) }): \(flagged) and \(deleted) against \(expected)")
                        return
                    }
                    pieces += 1
                }
            }
        }
        // Not vacuous: the texts hold the scalars the rules are about.
        let scalars = Set(texts.flatMap { String(decoding: $0, as: UTF8.self).unicodeScalars })
        for scalar: Unicode.Scalar in ["\u{301}", "\u{200D}", "🇺", "\u{0600}", "\u{1100}", "\r", "\u{094D}"] {
            #expect(scalars.contains(scalar), "no U+\(String(scalar.value, radix: 16)) in the texts")
        }
        #expect(pieces > 40_000)
    }

    /// Texts where some cluster holds two scalars do not have the property, so the flag is never
    /// set for them (the check is the summary's own count).
    @Test func joinedClustersAreNotSingletons() {
        for text in ["\r\n", "e\u{301}", "🇺🇸", "\u{0600}a", "\u{1100}\u{1161}", "👍🏽", "a\u{200D}", "\u{0915}\u{094D}\u{0915}"] {
            #expect(!Node.leafSummary(Array(text.utf8)).clustersAreScalars, "\(text.unicodeScalars.map { $0.value })")
        }
        for text in ["", "abc", "中文", "😀a", "\r", "\n\u{301}", "🇺a🇸", "a\u{0600}\n"] {
            #expect(Node.leafSummary(Array(text.utf8)).clustersAreScalars, "\(text.unicodeScalars.map { $0.value })")
        }
    }

    /// Pastes, deletions across leaves and typing past a leaf's room in text of CJK, emoji,
    /// accented letters and ASCII: the paths that now take a piece's clusters from its scalars
    /// (leaf splits, the general path's kept parts and cut leaves). The invariants recount every
    /// leaf; the text is checked against a plain string.
    @Test func editsOfSingletonTextKeepEveryLeafCountRight() throws {
        var random = SeededRandom.forTest(fallback: 12)
        let words = ["中文", "😀", "é", "ab", "カタカナ", "한국", " ", "\n", "Ωμέγα", "𝔸"]
        func phrase(_ count: Int) -> String {
            (0..<count).map { _ in words[random.int(in: 0..<words.count)] }.joined()
        }
        var text = AttributedText(phrase(60))
        var reference = Array(text.string.utf16)
        for step in 0..<600 {
            let length = reference.count
            var lower = random.int(in: 0...length)
            var upper = min(length, lower + (random.oneIn(3) ? random.int(in: 0...90) : random.int(in: 0...2)))
            // Positions inside a surrogate pair are not valid: move them to the pair's start.
            if lower < length, UTF16.isTrailSurrogate(reference[lower]) { lower -= 1 }
            if upper < length, UTF16.isTrailSurrogate(reference[upper]) { upper -= 1 }
            upper = max(lower, upper)
            let inserted = random.oneIn(4) ? phrase(random.int(in: 10...40)) : phrase(random.int(in: 0...2))
            try text.replaceSubrange(lower..<upper, with: inserted, attributes: random.oneIn(2) ? .traits(.bold) : Attributes())
            reference.replaceSubrange(lower..<upper, with: Array(inserted.utf16))
            do {
                try text.checkInvariants()
            } catch {
                Issue.record("step \(step), \(lower)..<\(upper) with \(inserted.utf16.count) units: \(error)")
                return
            }
            #expect(Array(text.string.utf16) == reference, "step \(step)")
        }
    }
}
