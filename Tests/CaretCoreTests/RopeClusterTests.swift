import Testing
@testable import CaretCore

/// Grapheme clusters where leaves meet: every tricky cluster placed at every offset relative to
/// a debug-build leaf (32 bytes), in every layout, compared with the naive model in every query;
/// and edits (typing, deleting) at every position of such text.
@Suite struct RopeClusterTests {
    static let ri = ["🇺", "🇸", "🇫", "🇷", "🇩", "🇪"]
    static let flags = String(repeating: "🇺🇸🇫🇷🇩🇪", count: 3)
    static let tricky: [(name: String, text: String)] = [
        ("crlf", "\r\n\r\r\n\n\r"),
        ("flags", "🇺🇸🇫🇷🇩"),
        ("family", "👩‍👩‍👧‍👦"),
        ("skin tones", "👍🏽👩🏽‍💻🏿"),
        ("hangul jamo", "\u{1100}\u{1161}\u{11A8}\u{1100}\u{1100}\u{1161}\u{AC00}\u{11A8}"),
        ("indic conjuncts", "\u{0915}\u{094D}\u{0937}\u{093F}\u{0915}\u{094D}\u{200D}\u{0915}\u{094D}\u{0915}"),
        ("prepend", "\u{0600}1\u{0600}\u{0D4E}\u{0D15}\u{0600}\n"),
        ("combining", "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}\u{309}\u{30A}\u{30B}"),
        ("zwj alone", "a\u{200D}\u{200D}👍\u{200D}\n\u{200D}👍"),
        ("astral", "𝔸😀𝔹"),
    ]

    /// Paddings that put what follows at the start of a leaf, at the size the builder aims for,
    /// and around the largest leaf (in debug builds: 24 and 32 bytes; the same places in release).
    static let paddings: [Int] = {
        let (target, limit) = (Node.targetLeafBytes, Node.maxLeafBytes)
        return [0, 1, 2, 3, 7, 13, target - 4, target, target + 1] + ((limit - 4)...(limit + 1)).map { $0 }
    }()

    /// Each tricky text after padding that puts it at the edges of leaves and before a tail, in
    /// every layout.
    @Test func trickyClustersAtEveryLeafOffset() {
        for (name, tricky) in Self.tricky {
            for padding in Self.paddings {
                let string = String(repeating: "x", count: padding) + tricky + "tail"
                let reference = ReferenceText(string)
                for (layout, text) in RopeCheck.layouts(string) {
                    guard RopeCheck.agree(text, reference, "\(name), padding \(padding), layout \(layout)",
                                          exhaustive: (layout == "whole" || layout == "typed") && padding < 100) else { return }
                }
            }
        }
    }

    static let probes = ["\r", "\n", "a", "\u{200D}", "\u{301}", "🏽", "🇺", "👍", "\u{094D}", "\u{0915}",
                         "\u{1161}", "\u{11A8}", "\u{1100}", "\u{0600}", "\u{FE0F}", "😀"]

    /// Every probe scalar typed at every position, and every scalar deleted, in text whose leaves
    /// start and end next to the tricky clusters.
    @Test func typingAndDeletingAtEveryPosition() throws {
        let bases = [
            String(repeating: "ab", count: 14) + "\r\n" + String(repeating: "cd", count: 14) + "\r" + "x\n" + "yz",
            "abc" + Self.flags + "\u{0915}\u{094D}\u{0937}" + "👩‍👩‍👧" + "e\u{301}" + "\u{1100}\u{1161}" + "end",
            String(repeating: "q", count: 29) + "👍🏽" + String(repeating: "r", count: 27) + "\r\n" + "s",
        ]
        for (b, base) in bases.enumerated() {
            for (layout, text) in RopeCheck.layouts(base).prefix(3) {
                let reference = ReferenceText(base)
                for offset in 0...reference.utf16Count where reference.isValidPosition(offset) {
                    for probe in Self.probes {
                        var edited = text
                        var expected = reference
                        try edited.insert(probe, at: offset, attributes: .traits(.bold))
                        try expected.insert(probe, at: offset, attributes: .traits(.bold))
                        guard RopeCheck.agree(edited, expected, "base \(b) \(layout): insert \(probe.debugDescription) at \(offset)",
                                              exhaustive: false) else { return }
                    }
                    guard offset < reference.utf16Count else { continue }
                    var end = offset + 1
                    while !reference.isValidPosition(end) { end += 1 }
                    var edited = text
                    var expected = reference
                    try edited.removeSubrange(offset..<end)
                    try expected.replaceSubrange(offset..<end, with: "", attributes: Attributes())
                    guard RopeCheck.agree(edited, expected, "base \(b) \(layout): delete \(offset..<end)", exhaustive: false) else { return }
                }
                #expect(text.string == base, "a copy changed when another was edited")
            }
        }
    }

    /// Deleting the character between CR and LF joins them into one cluster, wherever the
    /// leaves fall; typing it back splits them again.
    @Test func deletingBetweenCarriageReturnAndLineFeed() throws {
        for padding in 0..<40 {
            let string = String(repeating: "p", count: padding) + "\rX\n" + String(repeating: "t", count: 40)
            for (layout, base) in RopeCheck.layouts(string) {
                var text = base
                var reference = ReferenceText(string)
                try text.removeSubrange((padding + 1)..<(padding + 2))
                try reference.replaceSubrange((padding + 1)..<(padding + 2), with: "", attributes: Attributes())
                guard RopeCheck.agree(text, reference, "padding \(padding), \(layout): delete X", exhaustive: false) else { return }
                try text.insert("Y", at: padding + 1, attributes: Attributes())
                try reference.insert("Y", at: padding + 1, attributes: Attributes())
                guard RopeCheck.agree(text, reference, "padding \(padding), \(layout): type Y", exhaustive: false) else { return }
                // CR typed before an LF, and LF typed after a CR.
                try text.removeSubrange((padding + 1)..<(padding + 2))
                try reference.replaceSubrange((padding + 1)..<(padding + 2), with: "", attributes: Attributes())
                try text.insert("\r", at: padding + 1, attributes: Attributes())
                try reference.insert("\r", at: padding + 1, attributes: Attributes())
                try text.insert("\n", at: padding + 1, attributes: Attributes())
                try reference.insert("\n", at: padding + 1, attributes: Attributes())
                guard RopeCheck.agree(text, reference, "padding \(padding), \(layout): CR LF typed", exhaustive: false) else { return }
            }
        }
    }

    /// A regional indicator inserted or deleted at the start of a run of flags many leaves long
    /// re-pairs every indicator after it.
    @Test func regionalIndicatorParityShiftsAcrossManyLeaves() throws {
        let flags = String(repeating: "🇺🇸", count: 60)  // 480 bytes: fifteen debug leaves
        for (layout, base) in RopeCheck.layouts("ab" + flags + "cd") {
            var text = base
            var reference = ReferenceText("ab" + flags + "cd")
            for step in 0..<12 {
                let offset = [2, 0, 4, reference.utf16Count - 2][step % 4]
                if step % 3 == 2 {
                    let end = offset + (reference.isValidPosition(offset + 1) ? 1 : 2)
                    try text.removeSubrange(offset..<end)
                    try reference.replaceSubrange(offset..<end, with: "", attributes: Attributes())
                } else {
                    let indicator = Self.ri[step % Self.ri.count]
                    try text.insert(indicator, at: offset, attributes: .traits(.italic))
                    try reference.insert(indicator, at: offset, attributes: .traits(.italic))
                }
                guard RopeCheck.agree(text, reference, "\(layout), step \(step)", exhaustive: step == 11) else { return }
            }
        }
    }

    /// Emoji ZWJ sequences and skin tones assembled one scalar at a time where a leaf ends, in
    /// order and from the back.
    @Test func emojiAssembledScalarByScalarAcrossALeafBoundary() throws {
        let sequences = ["👩‍👩‍👧‍👦", "👩🏽‍💻", "🏳️‍🌈", "👍🏿", "\u{1100}\u{1161}\u{11A8}", "\u{0915}\u{094D}\u{0937}\u{094D}\u{0915}"]
        for sequence in sequences {
            let scalars = sequence.unicodeScalars.map(String.init)
            for padding in (Node.maxLeafBytes - 12)..<(Node.maxLeafBytes + 8) {
                let prefix = String(repeating: "m", count: padding)
                let suffix = String(repeating: "n", count: 30)
                for backwards in [false, true] {
                    var text = AttributedText(prefix + suffix)
                    var reference = ReferenceText(prefix + suffix)
                    for scalar in backwards ? scalars.reversed() : scalars {
                        let offset = backwards ? padding : reference.utf16Count - suffix.utf16.count
                        try text.insert(scalar, at: offset, attributes: Attributes())
                        try reference.insert(scalar, at: offset, attributes: Attributes())
                        guard RopeCheck.agree(text, reference, "\(sequence.debugDescription) padding \(padding) backwards \(backwards)",
                                              exhaustive: false) else { return }
                    }
                    // One cluster each, except the Indic conjunct: Unicode 15.0's rules (Caret's
                    // tables) keep a virama with the consonant before it but break before the next.
                    let clusters = GraphemeSegmentation.boundaries(Array(sequence.unicodeScalars)).count - 1
                    #expect(text.characterCount == padding + clusters + 30)
                    // Taken apart again from the front.
                    while reference.utf16Count > padding + 30 {
                        let end = ((padding + 1)...).first { reference.isValidPosition($0) }!
                        try text.removeSubrange(padding..<end)
                        try reference.replaceSubrange(padding..<end, with: "", attributes: Attributes())
                        guard RopeCheck.agree(text, reference, "\(sequence.debugDescription) taken apart, padding \(padding)",
                                              exhaustive: false) else { return }
                    }
                }
            }
        }
    }

    /// One cluster far longer than a leaf, edited in its middle: split by a base character,
    /// joined again, its base deleted so the marks join the character before.
    @Test func clusterLongerThanManyLeavesEditedInItsMiddle() throws {
        let marks = String(repeating: "\u{301}\u{302}", count: 100)  // 400 bytes
        let string = "xyz" + "a" + marks + "tail"
        for (layout, base) in RopeCheck.layouts(string) {
            var text = base
            var reference = ReferenceText(string)
            let edits: [(Range<Int>, String)] = [
                (104..<104, "b"), (104..<105, ""), (50..<50, "\u{303}"), (3..<4, ""), (0..<0, "\r"),
                (2..<3, ""), (150..<180, "🇺"), (150..<152, "\n"), (0..<100, ""),
            ]
            for (range, inserted) in edits {
                try text.replaceSubrange(range, with: inserted, attributes: .traits(.underline))
                try reference.replaceSubrange(range, with: inserted, attributes: .traits(.underline))
                guard RopeCheck.agree(text, reference, "\(layout): replace \(range) with \(inserted.debugDescription)",
                                      exhaustive: false) else { return }
            }
        }
    }

    /// The same random edits applied to the same text laid out five ways: the fast typing path
    /// applies in some layouts and not others, and every layout must end up equal.
    @Test func sameEditsOnEveryLayout() throws {
        let pieces = ["\r", "\n", "🇺", "🇸", "\u{200D}", "👍", "🏽", "\u{301}", "\u{094D}", "\u{0915}", "\u{1161}",
                      "\u{1100}", "\u{0600}", "a", "b", "c", "word ", "\r\n", "xyzzy",
                      // What the in-leaf path takes beyond letters: emoji, Hangul syllables and
                      // trailing jamo, CJK, a ZWJ sequence, a spacing mark, a tag sequence.
                      "😀", "\u{AC00}", "\u{AC01}", "\u{11A8}", "中", "👩‍👩‍👧", "\u{0E33}", "\u{1F3F4}\u{E0067}\u{E007F}", "é", "𝔸"]
        for seed in SeededRandom.seeds(default: [31, 32, 33, 34]) {
            let start = String(repeating: "abc\r\n🇺🇸👍🏽한글 😀e\u{301}", count: 8)
            var texts = RopeCheck.layouts(start)
            var reference = ReferenceText(start)
            var random = SeededRandom(seed: seed)
            for step in 0..<300 {
                var offsets: [Int] = []
                for _ in 0..<2 {
                    var offset = random.int(in: 0...reference.utf16Count)
                    while !reference.isValidPosition(offset) { offset -= 1 }
                    offsets.append(offset)
                }
                // Mostly typing and backspacing next to the caret, like a user.
                let range = random.bool() ? offsets[0]..<offsets[0]
                    : min(offsets[0], offsets[1])..<min(max(offsets[0], offsets[1]), (offsets[0]...reference.utf16Count).first { $0 > offsets[0] + 1 && reference.isValidPosition($0) } ?? reference.utf16Count)
                var string = ""
                if range.isEmpty || random.bool() {
                    for _ in 0..<random.int(in: 1...3) { string += random.element(of: pieces)! }
                }
                let attributes: Attributes = random.bool() ? .traits(.bold) : Attributes()
                try reference.replaceSubrange(range, with: string, attributes: attributes)
                for i in texts.indices {
                    try texts[i].text.replaceSubrange(range, with: string, attributes: attributes)
                    guard RopeCheck.agree(texts[i].text, reference, "seed \(seed) step \(step) \(texts[i].name): replace \(range) with \(string.debugDescription)",
                                          exhaustive: step % 50 == 49) else { return }
                }
            }
        }
    }

    /// The checker finds a leaf boundary inside a cluster even when the cluster counts happen
    /// to add up: "🇺" + "🇸🇫🇷🇩" segments as 1 + 2, like the whole (3), with a leaf boundary
    /// inside the first flag.
    @Test func checkerFindsALeafBoundaryInsideAClusterWhoseCountsAddUp() {
        func leaf(_ string: String) -> Node {
            let bytes = Array(string.utf8)
            var summary = Node.leafSummary(bytes)
            summary.graphemes = string.count
            return Node.leaf(bytes: bytes, runs: [LeafRun(length: bytes.count, attributes: Attributes())], summary: summary)
        }
        let text = AttributedText(root: Node.internal([leaf("🇺"), leaf("🇸🇫🇷🇩")]))
        #expect(text.characterCount == "🇺🇸🇫🇷🇩".count)
        #expect(throws: InvariantViolation.self) { try text.checkInvariants() }
        #expect(throws: Never.self) { try AttributedText(root: Node.internal([leaf("🇺🇸"), leaf("🇫🇷🇩")])).checkInvariants() }
    }

    /// The rope segments each leaf on its own, trusting that segmentation started at a cluster
    /// boundary agrees with segmentation of the whole text. Checked for Swift's `Character`
    /// over every string of three scalars from an alphabet of the scalars the rules treat
    /// specially.
    @Test func segmentationFromAnyBoundaryAgreesWithTheWhole() {
        let alphabet: [Unicode.Scalar] = [
            "\r", "\n", "a", "\u{200D}", "\u{301}", "\u{1F3FD}", "\u{1F1FA}", "\u{1F44D}", "\u{094D}", "\u{0915}",
            "\u{1161}", "\u{11A8}", "\u{1100}", "\u{AC00}", "\u{0600}", "\u{FE0F}", "\u{2701}", "\u{0903}", "\u{E0061}", "\u{00A9}",
        ]
        func boundaries(_ scalars: ArraySlice<Unicode.Scalar>) -> [Int] {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            var result = [0]
            for character in String(view) { result.append(result.last! + character.unicodeScalars.count) }
            return result
        }
        var scalars = [Unicode.Scalar](repeating: "a", count: 4)
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    for d in ["\u{1F1FA}", "\u{1F44D}", "\u{0915}", "a"] as [Unicode.Scalar] {
                        scalars[0] = a; scalars[1] = b; scalars[2] = c; scalars[3] = d
                        let whole = boundaries(scalars[...])
                        for start in whole.dropFirst().dropLast() {
                            let tail = boundaries(scalars[start...]).map { $0 + start }
                            if Array(whole.drop { $0 < start }) != tail {
                                Issue.record("segmenting \(scalars) from boundary \(start): \(tail) != \(whole)")
                                return
                            }
                        }
                    }
                }
            }
        }
        // Longer random strings, for rules that look further back (conjunct chains, emoji
        // sequences with modifiers, indicator runs after a prepend).
        var random = SeededRandom.forTest(fallback: 61)
        for _ in 0..<20_000 {
            let long = (0..<random.int(in: 5...14)).map { _ in random.element(of: alphabet)! }
            let whole = boundaries(long[...])
            for start in whole.dropFirst().dropLast() {
                let tail = boundaries(long[start...]).map { $0 + start }
                if Array(whole.drop { $0 < start }) != tail {
                    Issue.record("segmenting \(long) from boundary \(start): \(tail) != \(whole)")
                    return
                }
            }
        }
    }
}
