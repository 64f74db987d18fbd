import Testing
@testable import CaretCore

/// The general path between certain edges (`Node.replacingBetweenCertainEdges`) measures only
/// parts of leaves and cuts at boundaries it does not segment for; it must build what the
/// growing general path builds — the same text, runs and exact summaries, leaf boundaries on
/// cluster boundaries — next to every cluster the rules single out, on both sides of every
/// leaf boundary and of every cut.
@Suite struct RopeCertainEdgeSplitTests {
    /// Pieces whose scalars join: emoji ZWJ sequences and modifiers, regional-indicator pairs,
    /// combining marks, CR LF, Hangul jamo and syllables, Indic conjuncts, Prepend; and plain
    /// letters and astral emoji that break on both sides.
    static let pieces = [
        "👩‍👩‍👧", "👍🏽", "\u{200D}", "🇺🇸", "🇫", "e\u{301}", "\u{301}", "\r\n", "\r", "\n",
        "\u{1100}\u{1161}\u{11A8}", "\u{1161}", "\u{AC00}", "\u{0915}\u{094D}\u{0937}", "\u{0600}", "\u{0903}",
        "😀", "𝔸", "é", "中", "a", "bc", "word ", "xyzzy", "\u{FE0F}",
    ]

    /// Random text built from `pieces`, typed so that leaves end next to every kind of cluster.
    static func randomText(_ random: inout SeededRandom, pieces count: Int) -> String {
        var string = ""
        for _ in 0..<count { string += random.element(of: pieces)! }
        return string
    }

    /// A valid position at or before `offset`.
    static func valid(_ offset: Int, in reference: ReferenceText) -> Int {
        var offset = max(0, min(offset, reference.utf16Count))
        while !reference.isValidPosition(offset) { offset -= 1 }
        return offset
    }

    /// The UTF-16 offsets where leaves start.
    static func leafStarts(_ text: AttributedText) -> [Int] {
        var starts: [Int] = []
        guard text.utf16Count > 0 else { return [0] }
        text.root.forEachLeaf(overlapping: 0..<text.utf16Count) { _, start in
            starts.append(start)
            return true
        }
        return starts
    }

    /// Applies one edit both ways and compares. Returns whether the certain path took it, or nil
    /// (with an issue recorded) when the results differ.
    static func compare(_ text: AttributedText, _ range: Range<Int>, _ string: String, _ attributes: Attributes,
                        _ context: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool? {
        let bytes = Array(string.utf8)
        let runs = bytes.isEmpty ? [] : [LeafRun(length: bytes.count, attributes: attributes)]
        let grown = AttributedText(root: Node.replacingByGrowing(range.lowerBound, range.upperBound, in: text.root, with: bytes, runs: runs))
        guard let root = Node.replacingBetweenCertainEdges(range.lowerBound, range.upperBound, in: text.root, with: bytes, runs: runs) else {
            return false
        }
        let certain = AttributedText(root: root)
        do { try certain.checkInvariants() } catch {
            let u = Array(text.string.utf16)
            let window = String(decoding: u[max(0, range.lowerBound - 12)..<min(u.count, range.upperBound + 12)], as: UTF16.self)
            Issue.record("invariant: \(error); \(context) around \(window.unicodeScalars.map { String($0.value, radix: 16) })\nbefore: \(text.shape(text.root))\nafter: \(certain.shape(certain.root))",
                         sourceLocation: sourceLocation)
            return nil
        }
        guard certain.string == grown.string, certain.runs == grown.runs, certain.root.summary == grown.root.summary else {
            Issue.record("differs from the growing path; \(context)\ncertain: \(certain.shape(certain.root))\ngrown: \(grown.shape(grown.root))",
                         sourceLocation: sourceLocation)
            return nil
        }
        // The tree the edit was applied to is unchanged (the path builds, never mutates).
        do { try text.checkInvariants() } catch {
            Issue.record("the original changed: \(error); \(context)", sourceLocation: sourceLocation)
            return nil
        }
        return true
    }

    /// Every piece inserted, and every short stretch deleted or replaced, at and next to every leaf
    /// boundary of random texts in several layouts: edits at a leaf's start and end, across two
    /// leaves, into full leaves that must split, out of leaves that become slivers.
    @Test func editsAtEveryLeafBoundaryAgreeWithTheGrowingPath() {
        var taken = 0
        var declined = 0
        for seed in SeededRandom.seeds(default: [71, 72, 73]) {
            var random = SeededRandom(seed: seed)
            let string = Self.randomText(&random, pieces: 40)
            let reference = ReferenceText(string)
            for (layout, text) in RopeCheck.layouts(string).prefix(4) {
                for start in Self.leafStarts(text) {
                    for delta in [-2, -1, 0, 1, 2] {
                        let lower = Self.valid(start + delta, in: reference)
                        for length in [0, 1, 2, 5] {
                            let upper = Self.valid(lower + length + (length > 0 ? 1 : 0), in: reference)
                            guard upper >= lower else { continue }
                            let inserted = length == 0 || random.bool() ? random.element(of: Self.pieces)! : ""
                            let attributes: Attributes = random.bool() ? .traits(.bold) : Attributes()
                            let context = "seed \(seed) \(layout): replace \(lower)..<\(upper) with \(inserted.debugDescription) in \(string.debugDescription)"
                            guard let took = Self.compare(text, lower..<upper, inserted, attributes, context) else { return }
                            if took { taken += 1 } else { declined += 1 }
                        }
                    }
                }
            }
        }
        // Most of these edges are certain: the path must have been exercised, not declined.
        #expect(taken > 10 * max(1, declined / 10))
        #expect(taken > 500)
    }

    /// Typing into full leaves until they split, at random places of text full of joining
    /// clusters, and pasting text longer than a leaf: the splits land on both sides of every
    /// kind of cluster, and the leaf measured by difference must be exact.
    @Test func splitsOfFullLeavesAgreeWithTheGrowingPath() throws {
        var taken = 0
        for seed in SeededRandom.seeds(default: [81, 82, 83, 84]) {
            var random = SeededRandom(seed: seed)
            var text = AttributedText(Self.randomText(&random, pieces: 30))
            var reference = ReferenceText(text.string)
            for step in 0..<250 {
                var offset = Self.valid(random.int(in: 0...reference.utf16Count), in: reference)
                if random.oneIn(3), let start = random.element(of: Self.leafStarts(text)) { offset = Self.valid(start, in: reference) }
                // Phases of growth and of shrinking, so leaves both split and become slivers.
                let shrinking = (step / 60) % 2 == 1
                var inserted = random.oneIn(12) ? Self.randomText(&random, pieces: random.int(in: 5...25)) : random.element(of: Self.pieces)!
                var upper = offset
                if shrinking || random.oneIn(4) { upper = Self.valid(offset + random.int(in: 1...8), in: reference) }
                if shrinking && random.oneIn(3) { inserted = "" }
                let attributes: Attributes = (step / 16) % 2 == 0 ? .traits(.italic) : Attributes()
                let context = "seed \(seed) step \(step): replace \(offset)..<\(upper) with \(inserted.debugDescription)"
                guard let took = Self.compare(text, offset..<upper, inserted, attributes, context) else { return }
                if took { taken += 1 }
                try text.replaceSubrange(offset..<upper, with: inserted, attributes: attributes)
                try reference.replaceSubrange(offset..<upper, with: inserted, attributes: attributes)
                guard RopeCheck.agree(text, reference, context, exhaustive: step % 50 == 49) else { return }
            }
        }
        #expect(taken > 300)
    }

    /// Deleting forward at a leaf's start leaves the next deletion there inside one leaf (the
    /// in-leaf path), not back on the general path: either the deletion stayed in the leaf
    /// (ASCII before the boundary makes it certain) or the general path moved the boundary.
    @Test func deletingForwardAtALeafStartKeepsTheNextDeletionInALeaf() throws {
        for string in [String(repeating: "abcdefgh ", count: 40), String(repeating: "ab😀d é中\n", count: 40)] {
            var text = AttributedText(string)
            var reference = ReferenceText(string)
            let starts = Self.leafStarts(text).filter { $0 > 0 && $0 + 8 < text.utf16Count }
            #expect(starts.count > 4)
            for start in starts.prefix(6) {
                guard Self.leafStarts(text).contains(start) else { continue }
                let upper = Self.valid(start + 2, in: reference)
                guard upper > start else { continue }
                try text.removeSubrange(start..<upper)
                try reference.replaceSubrange(start..<upper, with: "", attributes: Attributes())
                guard RopeCheck.agree(text, reference, "deleting \(start)..<\(upper)", exhaustive: false) else { return }
                // The next forward deletion at the caret, on a copy: the in-leaf path takes it.
                let next = Self.valid(start + 2, in: reference)
                guard next > start else { continue }
                var copy = text
                let inLeaf = copy.replaceInLeaf(start..<next, utf8: UnsafeBufferPointer(start: nil, count: 0), attributes: Attributes())
                #expect(inLeaf, "deleting \(start)..<\(next) after \(start)..<\(upper) left the in-leaf path in \(text.shape(text.root))")
            }
        }
    }

    /// The path declines, building nothing, when an edge may join: a combining mark typed after a
    /// letter, a regional indicator next to another, LF after CR, a jamo continuing a syllable.
    @Test func declinesAnEdgeThatMayJoin() {
        let cases: [(String, Int, String)] = [
            ("abcdefghij", 5, "\u{301}"), ("abc🇺defgh", 5, "🇸"), ("abc\rdefgh", 4, "\n"),
            ("ab\u{1100}cdefgh", 3, "\u{1161}"), ("abcd\u{200D}efgh", 5, "😀"),
        ]
        for (string, offset, inserted) in cases {
            let text = AttributedText(String(repeating: "x", count: Node.maxLeafBytes) + string)
            let at = Node.maxLeafBytes + string.utf16.prefix(offset).count
            let bytes = Array(inserted.utf8)
            #expect(Node.replacingBetweenCertainEdges(at, at, in: text.root, with: bytes,
                                                      runs: [LeafRun(length: bytes.count, attributes: Attributes())]) == nil,
                    "inserting \(inserted.debugDescription) into \(string.debugDescription) at \(offset)")
        }
    }

    /// `Node.summarize` measures what `leafSummary` does, for every cluster piece at every
    /// alignment within a word and after ASCII of every length.
    @Test func summarizeMatchesLeafSummary() {
        var random = SeededRandom(seed: SeededRandom.seed(fallback: 91))
        for _ in 0..<400 {
            let string = String(repeating: "a", count: random.int(in: 0...9)) + Self.randomText(&random, pieces: random.int(in: 0...12))
            let bytes = Array(string.utf8)
            let expected = Node.leafSummary(bytes)
            let actual = bytes.withUnsafeBufferPointer { Node.summarize($0) }
            #expect(actual == expected, "\(string.debugDescription)")
            if actual != expected { return }
        }
    }
}

/// Byte offsets inside a leaf found from the start, the offset hint or the end agree with a
/// plain count, for every target and every hint, in text that mixes ASCII, two-, three- and
/// four-byte scalars at every alignment within a word.
@Suite struct RopeLeafOffsetTests {
    @Test func everyTargetFromEveryHintAgreesWithACount() {
        var random = SeededRandom(seed: SeededRandom.seed(fallback: 101))
        let pieces = ["a", "bc", "é", "中", "😀", "𝔸", "\n", "xyzzyxyz", "ж"]
        for _ in 0..<60 {
            var string = ""
            // Up to ~200 bytes: scans take several sixteen-byte steps, then words.
            for _ in 0..<random.int(in: 0...48) { string += random.element(of: pieces)! }
            let bytes = Array(string.utf8)
            // The byte offset of every UTF-16 offset that starts a scalar, nil inside a pair.
            var expected: [Int?] = []
            var byte = 0
            for scalar in string.unicodeScalars {
                expected.append(byte)
                if scalar.utf16.count == 2 { expected.append(nil) }
                byte += scalar.utf8.count
            }
            expected.append(byte)
            let total = expected.count - 1
            let hints = expected.indices.compactMap { unit in expected[unit].map { OffsetHint(utf16: unit, byte: $0) } }
            bytes.withUnsafeBufferPointer { buffer in
                for hint in hints {
                    for target in 0...total + 1 {
                        let actual = Node.byteOffset(utf16: target, in: buffer, hint: hint, total: total)
                        let wanted = target <= total ? expected[target] : nil
                        #expect(actual == wanted, "\(string.debugDescription): unit \(target) from hint \(hint)")
                        if actual != wanted { return }
                    }
                }
            }
        }
    }
}

/// The vector count of sixteen bytes agrees with the two words' counts, for bytes of every value
/// (valid UTF-8 or not: both only classify bytes) at every position.
@Suite struct RopeSixteenByteCountTests {
    @Test func sixteenBytesCountAsTheirTwoWords() {
        var random = SeededRandom(seed: SeededRandom.seed(fallback: 103))
        // Bytes biased to the classes' edges: ASCII, continuation bytes, leads of each length.
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xDF, 0xE0, 0xEF, 0xF0, 0xF4, 0xF7, 0xF8, 0xFF]
        for _ in 0..<400 {
            let bytes = (0..<64).map { _ in random.int(in: 0...1) == 0 ? random.element(of: edges)! : UInt8(random.int(in: 0...255)) }
            bytes.withUnsafeBytes { raw in
                for i in 0...(bytes.count - 16) {
                    let words = Node.utf16Units(inWord: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                        + Node.utf16Units(inWord: raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                    let vector = Node.utf16Units(in16: raw.baseAddress!, at: i)
                    #expect(vector == words, "bytes \(bytes[i..<i + 16].map { String($0, radix: 16) })")
                    if vector != words { return }
                }
            }
        }
    }
}

/// The word-at-a-time check of inserted and deleted bytes agrees with a byte loop: line feeds
/// counted, nil at a byte that is not ASCII or (when rejected) a CR, at every range and alignment.
@Suite struct RopeASCIILineFeedTests {
    @Test func wordsAgreeWithALoopOverEveryRange() {
        var random = SeededRandom(seed: SeededRandom.seed(fallback: 104))
        let bytes: [UInt8] = [0x61, 0x0A, 0x0D, 0x20, 0x7F, 0x80, 0xC3, 0xFF, 0x00, 0x0B]
        for _ in 0..<60 {
            // Mostly ASCII letters, so that long ranges pass the checks often.
            let text = (0..<40).map { _ in random.int(in: 0..<4) == 0 ? random.element(of: bytes)! : 0x62 }
            text.withUnsafeBufferPointer { buffer in
                for lower in 0...text.count {
                    for upper in lower...text.count {
                        for rejectingCR in [false, true] {
                            var expected: Int? = 0
                            for byte in text[lower..<upper] {
                                if byte >= 0x80 || (rejectingCR && byte == 0x0D) { expected = nil; break }
                                if byte == 0x0A { expected! += 1 }
                            }
                            let actual = Node.lineFeedsInASCII(buffer.baseAddress!, lower, upper, rejectingCR: rejectingCR)
                            #expect(actual == expected, "\(text[lower..<upper]) rejectingCR \(rejectingCR)")
                            if actual != expected { return }
                        }
                    }
                }
            }
        }
    }
}

/// Counting clusters a word at a time stops at a CR or LF inside the word and after a Prepend:
/// every such byte at every position of a word, against the scalar-by-scalar rules.
@Suite struct GraphemeCountingWordTests {
    @Test func lineBreaksAndPrependAtEveryPositionOfAWord() {
        var random = SeededRandom(seed: SeededRandom.seed(fallback: 111))
        let pieces: [String] = ["a", "b", " ", "\r", "\n", "\r\n", "\u{0600}", "é", "😀", "\u{301}", "xyzzy", "\t", "🇺"]
        for _ in 0..<3000 {
            var string = String(repeating: "q", count: random.int(in: 0...8))
            for _ in 0..<random.int(in: 1...16) { string += random.element(of: pieces)! }
            let scalars = Array(string.unicodeScalars)
            let expected = GraphemeSegmentation.boundaries(scalars).count - 1
            let counted = Array(string.utf8).withUnsafeBufferPointer { GraphemeSegmentation.clusterCount(utf8: $0) }
            #expect(counted == expected, "\(string.debugDescription)")
            if counted != expected { return }
        }
    }
}
