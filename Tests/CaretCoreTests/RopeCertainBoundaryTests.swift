import Testing
@testable import CaretCore

/// The typing path for non-ASCII text trusts `Node.isCertainBoundary` to say that an edit's edges
/// are cluster boundaries whatever surrounds them. Checked exhaustively over the scalars the
/// cluster rules single out, in context, against the segmenter itself.
@Suite struct RopeCertainBoundaryTests {
    static let special: [Unicode.Scalar] = [
        "\r", "\n", "\t", "🇺", "🇸", "\u{200D}", "👍", "🏽", "\u{301}", "\u{094D}", "\u{0915}", "\u{1100}",
        "\u{1161}", "\u{11A8}", "\u{0600}", "a", "b", "\u{FE0F}", "\u{0903}", "\u{AC00}", "\u{AC01}", "é", "ж", "中",
    ]

    private func clusters(_ scalars: [Unicode.Scalar]) -> Int { GraphemeSegmentation.boundaries(scalars).count - 1 }

    @Test func insertingBetweenCertainEdgesAddsTheInsertedClusters() {
        let s = Self.special
        for w in s { for x in s { for y in s { for z in ["a", "\u{301}", "🇸"] as [Unicode.Scalar] { for inserted in s {
            guard Node.isCertainBoundary(x.value, y.value), Node.isCertainBoundary(x.value, inserted.value),
                  Node.isCertainBoundary(inserted.value, y.value) else { continue }
            let before = clusters([w, x, y, z])
            let after = clusters([w, x, inserted, y, z])
            if after != before + 1 {
                Issue.record("inserting U+\(String(inserted.value, radix: 16)) between U+\(String(x.value, radix: 16)) and U+\(String(y.value, radix: 16)) after U+\(String(w.value, radix: 16)): \(before) -> \(after)")
                return
            }
        }}}}}
    }

    @Test func deletingBetweenCertainEdgesRemovesTheDeletedClusters() {
        let s = Self.special
        for w in s { for x in s { for deleted in s { for y in s {
            guard Node.isCertainBoundary(x.value, deleted.value), Node.isCertainBoundary(deleted.value, y.value),
                  Node.isCertainBoundary(x.value, y.value) else { continue }
            let before = clusters([w, x, deleted, y])
            let after = clusters([w, x, y])
            if after != before - 1 {
                Issue.record("deleting U+\(String(deleted.value, radix: 16)) between U+\(String(x.value, radix: 16)) and U+\(String(y.value, radix: 16)): \(before) -> \(after)")
                return
            }
        }}}}
    }

    @Test func typingNonASCIITakesTheInLeafPath() throws {
        // Accented Latin, Cyrillic and CJK typed into a document stay correct and are counted.
        var text = AttributedText("Привет, мир! 中文 café ")
        var reference = ReferenceText("Привет, мир! 中文 café ")
        for (i, piece) in ["é", "ж", "中", "ñ", "\r\n", "a", "ö"].enumerated() {
            let offset = [3, 7, 12, 0, 15, 20, 9][i]
            try text.insert(piece, at: offset, attributes: .traits(.bold))
            try reference.insert(piece, at: offset, attributes: .traits(.bold))
            try text.checkInvariants()
            #expect(text.string == reference.string)
            #expect(text.characterCount == reference.characterCount)
            #expect(text.runs == reference.runs)
        }
    }
}
