import Testing
@testable import CaretCore

/// Large edits, emptying, building in pieces, and slices that cut clusters.
@Suite struct RopeLargeTests {
    /// A megabyte inserted at once into the middle of a text of many leaves, then deleted.
    @Test func megabyteInsertedIntoTheMiddle() throws {
        let unit = "lorem ipsum é😀 dolor\r\n"
        let big = String(repeating: unit, count: (1 << 20) / unit.utf8.count)
        let small = String(repeating: "0123456789", count: 30)
        var text = AttributedText(small)
        try text.insert(big, at: 155, attributes: .traits(.bold))
        try text.checkInvariants()
        #expect(text.utf8Count == small.utf8.count + big.utf8.count)
        #expect(text.characterCount == small.count + big.count)
        #expect(text.lineCount == 1 + big.utf8.lazy.filter { $0 == 10 }.count)
        #expect(try text.string(in: 150..<160) == "01234lorem")
        let bigUnits = big.utf16.count
        #expect(try text.runs(in: 150..<(160 + bigUnits)).map(\.range) == [150..<155, 155..<(155 + bigUnits), (155 + bigUnits)..<(160 + bigUnits)])
        // Lines and clusters far from the start still convert.
        let line = text.lineCount / 2
        let start = try text.utf16Offset(line: line, column: 0)
        #expect(try text.lineColumn(fromUTF16: start) == (line, 0))
        #expect(try text.string(in: start..<(start + 5)) == "lorem")
        #expect(try text.utf16Offset(fromCharacter: try text.characterIndex(fromUTF16: start)) == start)
        try text.removeSubrange(155..<(155 + bigUnits))
        try text.checkInvariants()
        #expect(text.string == small)
        #expect(text.runs.count == 1)
    }

    /// Edits at random places in a text longer than `Node.prefetchingTextBytes`, which ask for their
    /// leaf's lines ahead (estimating byte offsets from UTF-16 ones, short where the text is not
    /// ASCII), give the text and runs a plain array of units gives.
    @Test func randomEditsInATextThatPrefetches() throws {
        var random = SeededRandom.forTest(fallback: 0x1A7E)
        let line = "caret ropes é and 😀 leaves\n"
        let string = String(repeating: line, count: Node.prefetchingTextBytes / line.utf8.count + 100)
        var text = AttributedText(string)
        #expect(text.utf8Count > Node.prefetchingTextBytes)
        // Shallow enough for the edit path that walks the tree by offsets (deeper trees scan).
        #expect(text.root.height <= EditFinger.maxDepth)
        var units = Array(string.utf16)
        var italic = [Bool](repeating: false, count: units.count)
        for _ in 0..<3_000 {
            var position = random.int(in: 0..<units.count)
            if UTF16.isTrailSurrogate(units[position]) { position -= 1 }
            switch random.int(in: 0..<3) {
            case 0:
                try text.replaceSubrange(position..<position, with: "x", attributes: .traits(.italic))
                units.insert(0x78, at: position)
                italic.insert(true, at: position)
            case 1:
                try text.replaceSubrange(position..<position, with: "ü", attributes: .traits(.italic))
                units.insert(0xFC, at: position)
                italic.insert(true, at: position)
            default:
                let length = UTF16.isLeadSurrogate(units[position]) ? 2 : 1
                try text.removeSubrange(position..<(position + length))
                units.removeSubrange(position..<(position + length))
                italic.removeSubrange(position..<(position + length))
            }
        }
        try text.checkInvariants()
        #expect(text.string == String(decoding: units, as: UTF16.self))
        var expectedRuns: [AttributedText.Run] = []
        var start = 0
        for end in 1...italic.count where end == italic.count || italic[end] != italic[start] {
            expectedRuns.append(AttributedText.Run(range: start..<end, attributes: italic[start] ? .traits(.italic) : Attributes()))
            start = end
        }
        #expect(text.runs == expectedRuns)
    }

    /// Deleting everything, in one edit and leaf by leaf from either end, leaves a valid empty text
    /// that can be typed into again.
    @Test func deletingEverything() throws {
        let string = String(repeating: "ab😀\r\n🇺🇸e\u{301}", count: 60)
        for direction in 0..<3 {
            var text = AttributedText(string)
            var reference = ReferenceText(string)
            while !reference.isEmpty {
                let range: Range<Int>
                switch direction {
                case 0: range = 0..<reference.utf16Count
                case 1: range = 0..<(try reference.graphemeBoundary(after: text.clamped(min(30, reference.utf16Count - 1))) ?? reference.utf16Count)
                default:
                    let lower = try reference.graphemeBoundary(before: text.clamped(max(1, reference.utf16Count - 29))) ?? 0
                    range = lower..<reference.utf16Count
                }
                try text.removeSubrange(range)
                try reference.replaceSubrange(range, with: "", attributes: Attributes())
                guard RopeCheck.agree(text, reference, "direction \(direction), removed \(range)", exhaustive: false) else { return }
            }
            #expect(text.root.isLeaf && text.root.bytes.isEmpty)
            RopeCheck.agree(text, reference, "empty")
            try text.insert("\r", at: 0, attributes: .traits(.bold))
            try reference.insert("\r", at: 0, attributes: .traits(.bold))
            try text.insert("\n", at: 1, attributes: Attributes())
            try reference.insert("\n", at: 1, attributes: Attributes())
            RopeCheck.agree(text, reference, "typed into the emptied text")
        }
    }

    /// The builder fed one scalar (or one byte's worth) at a time gives the same value as one
    /// string, and the same as the text typed: runs and all.
    @Test func builderFromTinyPiecesMatchesOneString() throws {
        let string = String(repeating: "x👩‍👩‍👧🇺🇸🇫\r\ne\u{301}\u{302}क्षab", count: 40) + "a" + String(repeating: "\u{301}", count: 100)
        var byScalar = AttributedText.Builder()
        for scalar in string.unicodeScalars { byScalar.append(String(scalar)) }
        var byCharacter = AttributedText.Builder()
        for character in string { byCharacter.append(String(character)) }
        var alternating = AttributedText.Builder()
        var pieces: [(String, Attributes)] = []
        for (i, character) in string.enumerated() {
            let attributes: Attributes = i % 5 < 2 ? .traits(.bold) : Attributes()
            alternating.append(String(character), attributes: attributes)
            pieces.append((String(character), attributes))
        }
        let whole = AttributedText(string)
        for (name, built) in [("scalar", byScalar.finish()), ("character", byCharacter.finish())] {
            try built.checkInvariants()
            #expect(built == whole, "built by \(name)")
        }
        let built = alternating.finish()
        RopeCheck.agree(built, ReferenceText(runs: pieces), "alternating attributes", exhaustive: false)
        #expect(built == AttributedText(runs: pieces))
    }

    /// Deep trees (thousands of debug leaves) cut and grafted at random: ranges spanning many
    /// subtrees deleted, large texts inserted, whole subtrees' worth replaced, so that rebuilt
    /// paths merge underfull nodes at every level.
    @Test func deepTreeSurgery() throws {
        for seed in SeededRandom.seeds(default: [41, 42]) {
            var random = SeededRandom(seed: seed)
            let unit = "surgery é😀 \r\n🇺🇸 "
            var text = AttributedText(String(repeating: unit, count: 600))
            var reference = ReferenceText(String(repeating: unit, count: 600))
            for step in 0..<60 {
                func position() -> Int {
                    var offset = random.int(in: 0...reference.utf16Count)
                    while !reference.isValidPosition(offset) { offset -= 1 }
                    return offset
                }
                let a = position()
                let span = random.element(of: [1, 30, 500, 3_000, 10_000])!
                var b = min(reference.utf16Count, a + random.int(in: 0...span))
                while !reference.isValidPosition(b) { b -= 1 }
                let inserted = random.bool() ? "" : String(repeating: "ab\u{301}c😀\n", count: random.element(of: [1, 10, 800])!)
                let attributes: Attributes = step % 3 == 0 ? .traits(.bold) : Attributes()
                try text.replaceSubrange(a..<b, with: inserted, attributes: attributes)
                try reference.replaceSubrange(a..<b, with: inserted, attributes: attributes)
                guard RopeCheck.agree(text, reference, "seed \(seed) step \(step): replace \(a)..<\(b) with \(inserted.utf16.count) units",
                                      exhaustive: false) else { return }
                if reference.utf16Count < 500 {
                    let refill = String(repeating: unit, count: 400)
                    let at = position()
                    try text.insert(refill, at: at, attributes: Attributes())
                    try reference.insert(refill, at: at, attributes: Attributes())
                }
            }
        }
    }

    /// A regional indicator typed before a run of flags thousands of leaves long re-pairs the
    /// whole run. Before the fix each leaf added to the edited region re-segmented the region
    /// from its start: 128 KiB of flags took 10 s per edit in a debug build (quadratic); now
    /// each check starts at the last boundary found.
    @Test func regionalIndicatorRunOfThousandsOfLeaves() throws {
        let count = 16_000
        var text = AttributedText("ab" + String(repeating: "🇺🇸", count: count) + "cd")
        try text.insert("🇫", at: 2, attributes: .traits(.bold))
        #expect(text.characterCount == 2 + count + 1 + 2)
        #expect(try text.graphemeRange(containing: 2) == 2..<6)
        #expect(try text.graphemeRange(containing: text.utf16Count - 4) == (text.utf16Count - 4)..<(text.utf16Count - 2))
        try text.checkInvariants()
        try text.removeSubrange(0..<4)
        #expect(text.characterCount == count + 2)
        #expect(try text.graphemeRange(containing: 0) == 0..<4)
        try text.checkInvariants()
    }

    /// A cluster far longer than a leaf given to the builder a scalar at a time. Before the fix
    /// every append segmented the whole pending cluster again: 8,000 marks took 3.4 s in a debug
    /// build (quadratic); now a cut that must wait waits until the pending text has doubled.
    @Test func longClusterAppendedAScalarAtATime() throws {
        var builder = AttributedText.Builder()
        builder.append("xy")
        builder.append("a", attributes: .traits(.bold))
        for i in 0..<8_000 { builder.append("\u{301}", attributes: i < 4_000 ? .traits(.bold) : Attributes()) }
        builder.append("bc")
        let text = builder.finish()
        try text.checkInvariants()
        #expect(text.characterCount == 5)
        #expect(text.runs.map(\.range) == [0..<2, 2..<4003, 4003..<8005])
        #expect(try text.graphemeRange(containing: 3000) == 2..<8003)
    }

    /// The builder fed random pieces of cluster-heavy text, cut anywhere between scalars (inside
    /// CR LF, between regional indicators, before a ZWJ or a mark) with random attributes.
    @Test func builderFromRandomPiecesOfTrickyText() throws {
        let scalars: [Unicode.Scalar] = ["\r", "\n", "\u{1F1FA}", "\u{1F1F8}", "\u{200D}", "\u{1F44D}", "\u{1F3FD}", "\u{301}",
                                         "\u{094D}", "\u{0915}", "\u{1100}", "\u{1161}", "\u{0600}", "a", "b"]
        let pool: [Attributes] = [Attributes(), .traits(.bold), .traits(.italic)]
        for seed in SeededRandom.seeds(default: [51, 52, 53, 54]) {
            var random = SeededRandom(seed: seed)
            var builder = AttributedText.Builder()
            var pieces: [(String, Attributes)] = []
            for _ in 0..<120 {
                var view = String.UnicodeScalarView()
                for _ in 0..<random.int(in: 1...(random.bool() ? 3 : 40)) {
                    // Long stretches of one scalar make clusters and indicator runs longer than a leaf.
                    let scalar = random.element(of: scalars)!
                    for _ in 0..<(random.int(in: 0..<8) == 0 ? 20 : 1) { view.append(scalar) }
                }
                let attributes = random.element(of: pool)!
                builder.append(String(view), attributes: attributes)
                pieces.append((String(view), attributes))
            }
            guard RopeCheck.agree(builder.finish(), ReferenceText(runs: pieces), "seed \(seed)", exhaustive: false) else { return }
        }
    }

    /// `attributedText(in:)` over every valid range of a tricky text, including ranges that
    /// cut clusters (a combining mark or a lone regional indicator at the start).
    @Test func slicesThatCutClusters() throws {
        let string = "ab\r\n🇺🇸🇫e\u{301}👩‍👩‍👧\u{0915}\u{094D}\u{0937}" + String(repeating: "z", count: 20) + "\u{1100}\u{1161}"
        var reference = ReferenceText(string)
        try reference.setAttributes(.traits(.bold), in: 3..<8)
        var text = AttributedText(string)
        try text.setAttributes(.traits(.bold), in: 3..<8)
        let valid = (0...reference.utf16Count).filter { reference.isValidPosition($0) }
        for lower in valid {
            for upper in valid where upper >= lower {
                let slice = try text.attributedText(in: lower..<upper)
                guard RopeCheck.agree(slice, try reference.attributedText(in: lower..<upper), "slice \(lower)..<\(upper)",
                                      exhaustive: upper - lower < 12) else { return }
            }
        }
    }

    /// Every conversion at every offset of small tricky texts, exhaustively, with every invalid
    /// offset (negative, past the end, inside a surrogate pair or a UTF-8 sequence) throwing the
    /// same `TextError` as the model.
    @Test func everyConversionAtEveryOffset() {
        let strings = [
            "", "a", "\r\n", "\n", "😀", "\n\n", "a\r\nb\n", "🇺🇸🇫", "e\u{301}\n😀\r\n", "👩‍👩‍👧x\n\n中", "\u{0600}\n\u{0915}\u{094D}\u{0937}",
            String(repeating: "é😀\n", count: 12),
        ]
        for string in strings {
            for (layout, text) in RopeCheck.layouts(string) {
                guard RopeCheck.agree(text, ReferenceText(string), "\(string.debugDescription), \(layout)") else { return }
            }
        }
    }
}
