import Testing
@testable import CaretCore

/// The cheaper tests of the in-leaf path for text that is not all ASCII: plain blocks (every
/// scalar Grapheme_Cluster_Break Other) decide most certain boundaries and most cluster counts
/// without the rules; ASCII typed at a leaf's end (the document's end above all) or deleted from
/// a leaf's start looks at the neighbouring leaf; a one-scalar edit is measured without the
/// segmenter. Checked against the generated table, the segmenter and `ReferenceText`, in text
/// dense with emoji (every `e` an astral pictograph, as in the derived editing traces) next to ZWJ
/// sequences, regional indicators, combining marks, CR LF, Hangul jamo and variation selectors.
@Suite struct RopeNonASCIIFastPathTests {
    /// Every scalar of a plain block has the property Other; and the blocks the fast tests are
    /// for are plain.
    @Test func plainBlocksHoldOnlyOther() {
        let table = GraphemeBreakProperty.rangeTable
        var plainCount = 0
        for block in 0..<0x1100 where GraphemePropertyCache.isInPlainBlock(UInt32(block) << 8) { plainCount += 1 }
        #expect(plainCount > 1000)
        // Each range of another property keeps all the blocks it meets out.
        for (index, entry) in table.enumerated() {
            let value = entry & 0xFF
            guard UInt8(value) & GraphemeBreakProperty.valueMask != GraphemeBreakProperty.other.rawValue else { continue }
            let start = entry >> 8
            let end = index + 1 < table.count ? table[index + 1] >> 8 : 0x110000
            var block = start >> 8
            while block <= (end - 1) >> 8 {
                if GraphemePropertyCache.isInPlainBlock(block << 8) {
                    Issue.record("block \(String(block, radix: 16)) is plain but U+\(String(start, radix: 16)) has property \(value)")
                    return
                }
                block += 1
            }
        }
        // Spot checks through the scalar lookup itself.
        for scalar: UInt32 in [0x1F600, 0x1F64F, 0x1F680, 0x1F650, 0x4E2D, 0x20000] {
            #expect(GraphemePropertyCache.isInPlainBlock(scalar), "U+\(String(scalar, radix: 16))")
            #expect(GraphemeBreakProperty.packed(scalar) & GraphemeBreakProperty.valueMask == GraphemeBreakProperty.other.rawValue)
        }
        for scalar: UInt32 in [0x0301, 0x200D, 0x1F3FB, 0x1F1E6, 0xFE0F, 0x1100, 0xAC00, 0x0600, 0x0903, 0xE0020, 0x0436, 0x3042] {
            #expect(!GraphemePropertyCache.isInPlainBlock(scalar), "U+\(String(scalar, radix: 16))")
        }
        #expect(!GraphemePropertyCache.isInPlainBlock(0x10FFFF) || GraphemeBreakProperty.packed(0x10FFFF) & GraphemeBreakProperty.valueMask == 0)
    }

    /// The generated bitmap marks exactly the blocks that the range table gives only Other: the
    /// entry in force at the block's start and every entry starting inside it.
    @Test func plainBlockTableMatchesTheRangeTable() {
        let ranges = GraphemeBreakProperty.rangeTable
        var words = [UInt64](repeating: 0, count: (0x1100 + 63) / 64)
        var entry = 0
        for block in 0..<0x1100 {
            let start = UInt32(block) << 8
            while entry + 1 < ranges.count && ranges[entry + 1] >> 8 <= start { entry += 1 }
            var plain = true
            var k = entry
            while k < ranges.count && (k == entry || ranges[k] >> 8 < start + 0x100) {
                if UInt8(truncatingIfNeeded: ranges[k]) & GraphemeBreakProperty.valueMask != GraphemeBreakProperty.other.rawValue {
                    plain = false
                    break
                }
                k += 1
            }
            if plain { words[block >> 6] |= 1 << UInt64(block & 63) }
        }
        #expect(GraphemeBreakProperty.plainBlockTable == words)
    }

    static let neighbours: [Unicode.Scalar] = [
        "a", "\r", "\n", "é", "\u{00A9}", "😀", "\u{1F650}", "\u{1F680}", "中", "\u{3042}", "\u{20000}", "\u{200D}", "\u{301}",
        "\u{FE0F}", "\u{1F3FD}", "🇺", "🇸", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{0600}", "\u{0903}", "\u{094D}", "\u{0915}",
        "\u{2764}", "\u{E0067}",
    ]

    /// A pair the plain-block test calls certain breaks after any context that sets up a rule
    /// looking back, and before anything.
    @Test func plainPairsBreakInAnyContext() {
        let contexts: [[Unicode.Scalar]] = [
            [], ["a"], ["🇺"], ["🇺", "🇸", "🇺"], ["👍", "\u{200D}"], ["👍", "\u{301}", "\u{200D}"], ["\u{1100}"], ["\r"], ["\u{0600}"],
            ["\u{0915}", "\u{094D}"], ["😀", "\u{FE0F}"],
        ]
        var checked = 0
        for context in contexts { for x in Self.neighbours { for y in Self.neighbours { for z in ["a", "\u{301}", "🇸", "\u{200D}"] as [Unicode.Scalar] {
            guard Node.isCertainBoundary(x.value, y.value) else { continue }
            checked += 1
            if !GraphemeSegmentation.boundaries(context + [x, y, z]).contains(context.count + 1) {
                Issue.record("U+\(String(x.value, radix: 16)) U+\(String(y.value, radix: 16)) after \(context.map { String($0.value, radix: 16) }) is called certain but does not break")
                return
            }
        }}}}
        #expect(checked > 5_000)
        // The pictograph after a ZWJ and what joins a plain scalar stay uncertain.
        #expect(!Node.isCertainBoundary(0x200D, 0x1F600))
        #expect(!Node.isCertainBoundary(0x200D, 0x00A9))
        #expect(!Node.isCertainBoundary(0x1F600, 0x1F3FD))
        #expect(!Node.isCertainBoundary(0x4E2D, 0x0301))
        #expect(!Node.isCertainBoundary(0x0600, 0x1F600))
        #expect(Node.isCertainBoundary(0x1F600, 0x4E2D))
        #expect(Node.isCertainBoundary(0x1F650, 0x00A9))
    }

    /// The cluster count equals the segmenter's, for text whose inert stretch (ASCII, Latin,
    /// plain-block scalars) ends anywhere: at a mark, a ZWJ, a CR, a regional indicator, a jamo,
    /// an ill-formed byte, or never.
    @Test func clusterCountsAgreeWithTheSegmenter() {
        let pieces = Self.neighbours.map { String($0) } + ["abcdefghij", "😀😀", "\r\n", "e\u{301}", "👩\u{200D}👩", "🇺🇸", "\u{1100}\u{1161}\u{11A8}", "❤\u{FE0F}"]
        for seed in SeededRandom.seeds(default: [11, 12, 13]) {
            var random = SeededRandom(seed: seed)
            for round in 0..<400 {
                var text = ""
                for _ in 0..<random.int(in: 0...14) { text += random.element(of: pieces)! }
                let expected = GraphemeSegmentation.boundaries(Array(text.unicodeScalars)).count - 1
                let counted = Array(text.utf8).withUnsafeBufferPointer { GraphemeSegmentation.clusterCount(utf8: $0) }
                if counted != expected {
                    Issue.record("seed \(seed) round \(round): \(text.debugDescription) counted \(counted), segmenter \(expected)")
                    return
                }
                // Each byte of an ill-formed sequence counts as a replacement scalar, whatever
                // stretch it ends (a byte dropped into a scalar splits it).
                var bytes = Array(text.utf8)
                let at = random.int(in: 0...bytes.count)
                bytes.insert(0xFF, at: at)
                let withBad = bytes.withUnsafeBufferPointer { GraphemeSegmentation.clusterCount(utf8: $0) }
                var scalars: [Unicode.Scalar] = []
                bytes.withUnsafeBufferPointer { buffer in
                    var i = 0
                    while i < buffer.count {
                        if buffer[i] < 0x80 {
                            scalars.append(Unicode.Scalar(buffer[i]))
                            i += 1
                            continue
                        }
                        let decoded = UTF8Decoding.decode(buffer.baseAddress!, at: i, count: buffer.count)
                        scalars.append(decoded.length > 0 ? Unicode.Scalar(decoded.value)! : "\u{FFFD}")
                        i += max(decoded.length, 1)
                    }
                }
                let expectedBad = GraphemeSegmentation.boundaries(scalars).count - 1
                if withBad != expectedBad {
                    Issue.record("seed \(seed) round \(round): \(bytes) counted \(withBad), segmenter \(expectedBad)")
                    return
                }
            }
        }
    }

    static let pieces = [
        "a", "b", " ", "l", "t", "😀", "😀", "😀", "x😀y", "\n", "\r", "\r\n", "é", "e\u{301}", "\u{301}", "\u{200D}", "👩\u{200D}👩",
        "🇺", "🇸", "🇺🇸", "\u{1100}", "\u{1161}", "\u{AC00}", "❤\u{FE0F}", "\u{FE0F}", "中", "\u{1F3FD}", "\u{0600}",
    ]
    static let pool: [Attributes] = [Attributes(), .traits(.bold)]

    /// Typing and backspacing as the astral traces do: mostly ASCII and emoji at a caret that
    /// moves on, often at the document's end, with forward deletes (which start at leaf starts)
    /// and jumps within and across leaves; text, runs, measures and invariants checked after
    /// every edit against the reference, exhaustively every few edits.
    @Test func typingIntoEmojiTextAgreesWithTheReference() throws {
        for seed in SeededRandom.seeds(default: [21, 22, 23, 24]) {
            var random = SeededRandom(seed: seed)
            var start = ""
            for _ in 0..<random.int(in: 0...60) { start += random.oneIn(3) ? "😀" : random.element(of: Self.pieces)! }
            var text = AttributedText(start)
            var reference = ReferenceText(start)
            var cursor = reference.utf16Count
            for step in 0..<500 {
                let attributes = random.element(of: Self.pool)!
                let description: String
                switch random.int(in: 0..<20) {
                case 0..<9:
                    // Type at the caret, or at the end.
                    if random.oneIn(3) { cursor = reference.utf16Count }
                    let piece = random.oneIn(3) ? random.element(of: Self.pieces)! : String(random.element(of: Array("abcdefgh😀 "))!)
                    try text.insert(piece, at: cursor, attributes: attributes)
                    try reference.insert(piece, at: cursor, attributes: attributes)
                    description = "type \(piece.debugDescription) at \(cursor)"
                    cursor += piece.utf16.count
                case 9..<13:
                    // Backspace one scalar.
                    guard cursor > 0 else { continue }
                    var lower = cursor - 1
                    while !reference.isValidPosition(lower) { lower -= 1 }
                    try text.removeSubrange(lower..<cursor)
                    try reference.replaceSubrange(lower..<cursor, with: "", attributes: Attributes())
                    description = "backspace \(lower)..<\(cursor)"
                    cursor = lower
                case 13..<16:
                    // Delete forward one or a few scalars.
                    var upper = cursor
                    for _ in 0..<random.int(in: 1...3) where upper < reference.utf16Count {
                        upper += 1
                        while !reference.isValidPosition(upper) { upper += 1 }
                    }
                    try text.removeSubrange(cursor..<upper)
                    try reference.replaceSubrange(cursor..<upper, with: "", attributes: Attributes())
                    description = "delete \(cursor)..<\(upper)"
                case 16..<19:
                    // Jump near or anywhere.
                    var offset = random.oneIn(2) ? cursor + random.int(in: -12...12) : random.int(in: 0...reference.utf16Count)
                    offset = max(0, min(reference.utf16Count, offset))
                    while !reference.isValidPosition(offset) { offset -= 1 }
                    cursor = offset
                    description = "jump to \(cursor)"
                default:
                    // Replace a few scalars with a piece.
                    var upper = cursor
                    for _ in 0..<random.int(in: 1...4) where upper < reference.utf16Count {
                        upper += 1
                        while !reference.isValidPosition(upper) { upper += 1 }
                    }
                    let piece = random.element(of: Self.pieces)!
                    try text.replaceSubrange(cursor..<upper, with: piece, attributes: attributes)
                    try reference.replaceSubrange(cursor..<upper, with: piece, attributes: attributes)
                    description = "replace \(cursor)..<\(upper) with \(piece.debugDescription)"
                    cursor += piece.utf16.count
                }
                guard RopeCheck.agree(text, reference, "seed \(seed) step \(step): \(description)", exhaustive: step % 25 == 0) else { return }
            }
        }
    }

    /// ASCII typed at a leaf's end beside the next leaf, and deleted forward from a leaf's start
    /// after the previous one, stays in the leaf when the neighbour's edge byte is ASCII (no new
    /// node), and goes elsewhere correctly when it is not.
    @Test func asciiAtLeafEdgesLooksAtTheNeighbour() throws {
        // Small leaves in a debug build: many leaf edges. Each line is several leaves.
        let line = "😀bc😀 fgh😀jk lmn😀pq rst😀vw xyz"
        for tail in ["", "\u{301}tail", "\u{200D}😀", "🇸"] {
            var text = AttributedText(String(repeating: line + "\n", count: 4) + tail)
            var reference = ReferenceText(String(repeating: line + "\n", count: 4) + tail)
            // Every leaf boundary: type at it, then delete forward from it.
            var boundaries: [Int] = []
            text.root.forEachLeaf(overlapping: 0..<text.utf16Count) { leaf, start in
                boundaries.append(start + leaf.summary.utf16)
                return true
            }
            for (index, boundary) in boundaries.dropLast().enumerated() {
                let offset = boundary + index  // each earlier insertion moved it by one
                try text.insert("q", at: offset, attributes: Attributes())
                try reference.insert("q", at: offset, attributes: Attributes())
                guard RopeCheck.agree(text, reference, "tail \(tail.debugDescription): type at leaf end \(offset)", exhaustive: false) else { return }
            }
            boundaries = []
            text.root.forEachLeaf(overlapping: 0..<text.utf16Count) { leaf, start in
                boundaries.append(start)
                return true
            }
            for boundary in boundaries.dropFirst().reversed() where boundary < reference.utf16Count {
                var upper = boundary + 1
                while !reference.isValidPosition(upper) { upper += 1 }
                try text.removeSubrange(boundary..<upper)
                try reference.replaceSubrange(boundary..<upper, with: "", attributes: Attributes())
                guard RopeCheck.agree(text, reference, "tail \(tail.debugDescription): delete at leaf start \(boundary)", exhaustive: false) else { return }
            }
            #expect(RopeCheck.agree(text, reference, "tail \(tail.debugDescription): end"))
        }
    }

    /// ASCII typed or deleted right beside a scalar that is not ASCII, inside a leaf and at its
    /// edges (a debug build's leaves are 32 bytes, and the padding moves the edit across them):
    /// beside scalars that join nothing the in-leaf path counts a cluster a unit; beside one
    /// that may join (a combining mark, ZWJ, a regional indicator, a Prepend, a Hangul jamo, a
    /// spacing mark, CR) the clusters must still be what the rules give. Every neighbour pair.
    @Test func asciiBesideNonASCIIScalarsAgreesWithTheReference() throws {
        let neighbours = ["😀", "中", "é", "\u{A0}", "\u{85}", "\u{AC00}", "a", "\n", "\u{301}", "\u{200D}", "👩\u{200D}",
                          "🇸", "\u{600}", "\u{1100}", "\u{903}", "\r", "\u{FE0F}"]
        for left in neighbours {
            for right in neighbours {
                for padding in stride(from: 0, through: 36, by: 3) {
                    let start = String(repeating: "p", count: padding) + left + right + "😀tail"
                    var text = AttributedText(start)
                    var reference = ReferenceText(start)
                    let offset = padding + left.utf16.count
                    let context = "\(left.debugDescription) | \(right.debugDescription), padding \(padding)"
                    for piece in ["x", "xy\nz"] {
                        try text.insert(piece, at: offset, attributes: .traits(.bold))
                        try reference.insert(piece, at: offset, attributes: .traits(.bold))
                        guard RopeCheck.agree(text, reference, "type \(piece.debugDescription) at \(context)", exhaustive: false) else { return }
                        let range = offset..<(offset + piece.utf16.count)
                        try text.removeSubrange(range)
                        try reference.replaceSubrange(range, with: "", attributes: Attributes())
                        guard RopeCheck.agree(text, reference, "delete \(piece.debugDescription) at \(context)", exhaustive: false) else { return }
                    }
                }
            }
        }
    }

    /// The same at a leaf boundary placed by hand: ASCII typed at a leaf's end looks at the next
    /// leaf's first scalar, and ASCII deleted from a leaf's start at the previous leaf's last one.
    /// A leaf may start with a mark that joins what comes before it when a control ends the leaf
    /// before (GB4), and may end with a scalar that joins what follows it when what follows
    /// does not join (a ZWJ before a letter, a Prepend before a line feed, a regional indicator).
    @Test func asciiAtLeafEdgesBesideJoinersAgreesWithTheReference() throws {
        let padding = String(repeating: "p", count: Node.minLeafBytes)
        // Two leaves, `padding + left` and `right + padding`, each with a full leaf's room; the
        // reference of the same text; and the offset of the boundary between them.
        func twoLeaves(_ left: String, _ right: String) -> (AttributedText, ReferenceText, Int)? {
            func leaf(_ string: String) -> Node {
                let bytes = Array(string.utf8)
                return Node.leaf(bytes: bytes, runs: [LeafRun(length: bytes.count, attributes: Attributes())],
                                 summary: Node.leafSummary(bytes), roomy: true)
            }
            let text = AttributedText(root: Node.internal([leaf(padding + left), leaf(right + padding)]))
            let reference = ReferenceText(padding + left + right + padding)
            guard RopeCheck.agree(text, reference, "\(left.debugDescription) | \(right.debugDescription) as built") else { return nil }
            return (text, reference, (padding + left).utf16.count)
        }
        // Typing "x" where the left leaf ends: the right leaf's first scalar decides.
        let typed: [(String, String)] = [
            ("\n", "\u{301}"), ("\n", "\u{200D}"), ("\n", "\u{903}"), ("\n", "\u{FE0F}"), ("\n", "🇸"), ("\n", "\u{600}"),
            ("\n", "😀"), ("\n", "é"), ("a", "中"), ("😀", "😀"),
        ]
        // Deleting "x" (or the line feed) where the right leaf starts: the left leaf's last scalar decides.
        let deleted: [(String, String)] = [
            ("👩\u{200D}", "x😀"), ("\u{600}", "\nx"), ("🇸", "x🇪"), ("\u{1100}", "x\u{1161}"), ("\u{AC00}", "x\u{11A8}"),
            ("😀", "x\u{301}"), ("😀", "x😀"), ("中", "x"), ("é", "xa"),
        ]
        for (left, right) in typed {
            guard case (var text, var reference, let offset)? = twoLeaves(left, right) else { return }
            try text.insert("x", at: offset, attributes: Attributes())
            try reference.insert("x", at: offset, attributes: Attributes())
            guard RopeCheck.agree(text, reference, "type x at the end of \(left.debugDescription) before \(right.debugDescription)") else { return }
        }
        for (left, right) in deleted {
            guard case (var text, var reference, let offset)? = twoLeaves(left, right) else { return }
            try text.removeSubrange(offset..<(offset + 1))
            try reference.replaceSubrange(offset..<(offset + 1), with: "", attributes: Attributes())
            guard RopeCheck.agree(text, reference, "delete the first unit after \(left.debugDescription)") else { return }
        }
    }

    /// Backspacing right after typing, in a leaf that is not all ASCII: the edit ends at the
    /// offset hint, and one unit back is one byte only when that byte is ASCII. A multi-byte
    /// scalar goes back whole, and half of a surrogate pair is refused.
    @Test func backspacingAtTheHintTakesTheWholeScalar() throws {
        for key in ["a", "\n", "é", "中", "😀"] {
            var text = AttributedText("x😀yz")
            var reference = ReferenceText("x😀yz")
            for step in 0..<3 {
                try text.insert(key, at: text.utf16Count, attributes: Attributes())
                try reference.insert(key, at: reference.utf16Count, attributes: Attributes())
                let end = text.utf16Count
                if key.utf16.count == 2 {
                    #expect(throws: TextError.self) { try text.removeSubrange((end - 1)..<end) }
                }
                if step < 2 {
                    try text.removeSubrange((end - key.utf16.count)..<end)
                    try reference.replaceSubrange((end - key.utf16.count)..<end, with: "", attributes: Attributes())
                }
                guard RopeCheck.agree(text, reference, "\(key.debugDescription), step \(step)") else { return }
            }
        }
    }

    /// Typing ASCII at the end of a document whose last leaf holds an emoji edits that leaf in
    /// place (the path typing at the end takes), as does deleting it again.
    @Test func typingAtTheDocumentEndStaysInTheLeaf() throws {
        var text = AttributedText("ab😀 xy")
        #expect(text.root.isLeaf)
        let leaf = ObjectIdentifier(text.root)
        try text.insert("z", at: text.utf16Count, attributes: Attributes())
        #expect(ObjectIdentifier(text.root) == leaf)
        try text.removeSubrange(text.utf16Count - 1..<text.utf16Count)
        #expect(ObjectIdentifier(text.root) == leaf)
        #expect(text.string == "ab😀 xy")
        try text.checkInvariants()
    }
}
