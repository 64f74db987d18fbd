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

    /// A certain boundary is a boundary after any context: checked for every pair of the special
    /// scalars (and a few more) after contexts that set up each rule that looks back — a run of
    /// regional indicators of either parity, a pictograph with extenders and a ZWJ, Hangul
    /// jamo, CR, Prepend — and before a following scalar that could join the next cluster.
    @Test func certainBoundariesBreakAfterAnyContext() {
        let scalars = Self.special + ["\u{00A9}", "\u{00AD}", "\u{0085}", "😀", "\u{1F469}", "\u{0E33}", "\u{E0067}", "\u{1160}", "\u{D7A3}", "\u{0001}", "\u{00AD}", "\u{3042}"]
        let contexts: [[Unicode.Scalar]] = [
            [], ["a"], ["🇺"], ["🇺", "🇸"], ["🇺", "🇸", "🇺"], ["👍", "\u{200D}"], ["👍", "\u{301}", "\u{200D}"], ["👍", "\u{301}"],
            ["\u{1100}"], ["\u{1100}", "\u{1161}"], ["\u{AC00}"], ["\r"], ["\u{0600}"], ["\u{0915}", "\u{094D}"], ["\u{200D}"],
        ]
        var checked = 0
        for context in contexts { for x in scalars { for y in scalars { for z in ["a", "\u{301}", "🇸"] as [Unicode.Scalar] {
            guard Node.isCertainBoundary(x.value, y.value) else { continue }
            let boundaries = GraphemeSegmentation.boundaries(context + [x, y, z])
            checked += 1
            if !boundaries.contains(context.count + 1) {
                Issue.record("U+\(String(x.value, radix: 16)) U+\(String(y.value, radix: 16)) after \(context.map { String($0.value, radix: 16) }) is called certain but does not break")
                return
            }
        }}}}
        #expect(checked > 10_000)
    }

    /// The pairs the in-leaf path accepts beyond letters: Hangul by its syllable arithmetic, a
    /// regional indicator or ZWJ next to what cannot pair with it, emoji after anything that does
    /// not join; and the pairs it must still refuse.
    @Test func certainBoundaryDecidesByThePair() {
        let certain: [(Unicode.Scalar, Unicode.Scalar)] = [
            ("\u{AC00}", "\u{AC00}"), ("\u{AC01}", "\u{1100}"), ("\u{AC00}", "a"), ("\u{1161}", "\u{1100}"), ("\u{11A8}", "\u{1161}"),
            ("🇺", "a"), ("🇺", "😀"), ("\u{200D}", "a"), ("a", "😀"), ("😀", "😀"), ("😀", "a"), ("中", "😀"), ("\r", "é"),
        ]
        let refused: [(Unicode.Scalar, Unicode.Scalar)] = [
            ("\u{1100}", "\u{1161}"), ("\u{1100}", "\u{AC00}"), ("\u{AC00}", "\u{1161}"), ("\u{AC00}", "\u{11A8}"), ("\u{AC01}", "\u{11A8}"),
            ("\u{1161}", "\u{11A8}"), ("🇺", "🇸"), ("\u{200D}", "😀"), ("\u{200D}", "\u{2764}"), ("😀", "\u{1F3FD}"), ("a", "\u{301}"),
            ("\u{0600}", "a"), ("\r", "\n"), ("\u{0915}", "\u{0903}"), ("😀", "\u{200D}"),
        ]
        for (x, y) in certain {
            #expect(Node.isCertainBoundary(x.value, y.value), "U+\(String(x.value, radix: 16)) U+\(String(y.value, radix: 16))")
        }
        for (x, y) in refused {
            #expect(!Node.isCertainBoundary(x.value, y.value), "U+\(String(x.value, radix: 16)) U+\(String(y.value, radix: 16))")
        }
    }

    /// Typing emoji, Hangul syllables, CJK and accented letters into the middle of a leaf edits
    /// that leaf in place (the general path would replace it with a new node), and the text
    /// stays equal to the reference after each key and after backspacing it.
    @Test func typingEmojiHangulAndCJKStaysInTheLeaf() throws {
        for piece in ["😀", "\u{AC00}", "\u{D55C}", "中", "é", "a", "🇺", "👍"] {
            // One leaf even in a debug build, with room for one more scalar.
            var text = AttributedText("ab😀 xyz")
            var reference = ReferenceText("ab😀 xyz")
            // The root's identity, held without a reference (one would force a copy on write).
            let leaf = ObjectIdentifier(text.root)
            #expect(text.root.isLeaf)
            let offset = 4 // after the emoji, before the space
            try text.insert(piece, at: offset, attributes: .traits(.bold))
            try reference.insert(piece, at: offset, attributes: .traits(.bold))
            #expect(ObjectIdentifier(text.root) == leaf, "typing \(piece.debugDescription) after an emoji left the leaf")
            #expect(RopeCheck.agree(text, reference, "typed \(piece.debugDescription)"))
            try text.removeSubrange(offset..<(offset + piece.utf16.count))
            try reference.replaceSubrange(offset..<(offset + piece.utf16.count), with: "", attributes: Attributes())
            #expect(ObjectIdentifier(text.root) == leaf, "backspacing \(piece.debugDescription) left the leaf")
            #expect(RopeCheck.agree(text, reference, "backspaced \(piece.debugDescription)"))
        }
        // A regional indicator after another does not stay: the pairing may move.
        var flags = AttributedText("ab🇺 xyz")
        let leaf = ObjectIdentifier(flags.root)
        try flags.insert("🇸", at: 4, attributes: Attributes())
        #expect(ObjectIdentifier(flags.root) != leaf)
        #expect(flags.characterCount == "ab🇺🇸 xyz".count)
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
