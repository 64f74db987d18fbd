import Testing
@testable import CaretCore

/// Seeded random operations applied both to `AttributedText` and to the naive `ReferenceText`;
/// after every operation the two must agree and the rope's invariants must hold.
/// Set `CARET_SEED` to replay one seed.
@Suite struct AttributedTextDifferentialTests {
    static let alphabets: [(name: String, pieces: [String])] = [
        ("ascii", ["a", "b", "c", " ", "\n", "xyz", "hello world ", "\r\n", "\r"]),
        // The long cluster is longer than a debug-build leaf, so leaves must grow to hold it.
        ("bmp", ["é", "中", "e\u{301}", "\u{301}", "ж", "a", " ", "\n", "ñ", "o" + String(repeating: "\u{301}\u{302}", count: 20)]),
        ("astral", ["😀", "𝔸", "👩‍👩‍👧", "\u{200D}", "🇺🇸", "🇫", "a", "👍🏽", "\n", "e\u{301}", "ﷺ", "\u{0915}\u{094D}\u{0937}"]),
        // Single scalars that the cluster rules treat specially, so that clusters are assembled
        // and taken apart a scalar at a time, wherever leaves happen to end.
        ("scalars", ["\r", "\n", "🇺", "🇸", "\u{200D}", "👍", "🏽", "\u{301}", "\u{094D}", "\u{0915}", "\u{1100}",
                     "\u{1161}", "\u{11A8}", "\u{0600}", "a", "b", "\u{FE0F}", "\u{0903}", "\u{AC00}"]),
    ]

    static let attributePool: [Attributes] = [
        Attributes(),
        .traits(.bold),
        .traits(.italic),
        .traits(.bold, .italic),
        try! Attributes([(.fontSize, .number(14))]),
        try! Attributes([(.custom("flip"), .bool(true))]),
        try! Attributes([(.link, .string("https://example.com")), (.underline, .bool(true))]),
    ]

    @Test(arguments: [0, 1, 2, 3])
    func randomOperationsAgreeWithReference(alphabet: Int) throws {
        for seed in SeededRandom.seeds(default: [1, 2, 3, 4]) {
            var random = SeededRandom(seed: seed &+ UInt64(alphabet) &* 1000)
            try run(alphabet: Self.alphabets[alphabet], steps: 1500, random: &random)
        }
    }

    private func randomString(_ pieces: [String], maxPieces: Int, _ random: inout SeededRandom) -> String {
        var s = ""
        for _ in 0..<random.int(in: 0...maxPieces) { s += random.element(of: pieces)! }
        return s
    }

    private func randomPosition(_ reference: ReferenceText, _ random: inout SeededRandom) -> Int {
        while true {
            let offset = random.int(in: 0...reference.utf16Count)
            if reference.isValidPosition(offset) { return offset }
        }
    }

    private func randomRange(_ reference: ReferenceText, _ random: inout SeededRandom) -> Range<Int> {
        let a = randomPosition(reference, &random)
        let b = random.bool() ? a : randomPosition(reference, &random)
        return min(a, b)..<max(a, b)
    }

    private func run(alphabet: (name: String, pieces: [String]), steps: Int, random: inout SeededRandom) throws {
        var text = AttributedText()
        var reference = ReferenceText()
        let context = "alphabet \(alphabet.name), seed \(random.seed) (CARET_SEED replays)"
        for step in 0..<steps {
            let attributes = random.element(of: Self.attributePool)!
            let range = randomRange(reference, &random)
            let operation = random.int(in: 0..<10)
            var label = ""
            let shapeBefore = text.shape(text.root)
            switch operation {
            case 0...4:
                // Grow more often than shrink so the tree gets deep.
                let string = randomString(alphabet.pieces, maxPieces: random.int(in: 0...1) == 0 ? 3 : 40, &random)
                label = "replace \(range) with \(string.debugDescription)"
                try text.replaceSubrange(range, with: string, attributes: attributes)
                try reference.replaceSubrange(range, with: string, attributes: attributes)
            case 5:
                let source = try reference.attributedText(in: randomRange(reference, &random))
                let inserted = AttributedText(runs: source.runs.map { (try! source.string(in: $0.range), $0.attributes) })
                label = "replace \(range) with attributed \(inserted)"
                try text.replaceSubrange(range, with: inserted)
                try reference.replaceSubrange(range, with: source)
            case 6:
                label = "set \(attributes) in \(range)"
                try text.setAttributes(attributes, in: range)
                try reference.setAttributes(attributes, in: range)
            case 7:
                label = "merge \(attributes) in \(range)"
                try text.mergeAttributes(attributes, in: range)
                try reference.mergeAttributes(attributes, in: range)
            case 8 where random.bool():
                label = "remove bold in \(range)"
                try text.removeAttribute(.bold, in: range)
                try reference.removeAttribute(.bold, in: range)
            case 8:
                // Restore the runs of another stretch of equal length onto this one.
                let source = reference.runs(unchecked: range).map {
                    AttributedText.Run(range: $0.range, attributes: random.element(of: Self.attributePool)!)
                }
                label = "set runs \(source) at \(range.lowerBound)"
                try text.setAttributes(runs: source, startingAt: range.lowerBound)
                for run in source { try reference.setAttributes(run.attributes, in: run.range) }
            default:
                label = "copy-on-write \(range)"
                let before = text
                let beforeString = before.string
                try text.removeSubrange(range)
                try reference.replaceSubrange(range, with: "", attributes: Attributes())
                #expect(before.string == beforeString, "a copy changed when the original was edited; \(context)")
            }
            do {
                try text.checkInvariants()
            } catch {
                Issue.record("step \(step) (\(label)): \(error); \(context); before: \(shapeBefore)")
                return
            }
            guard text.string == reference.string, text.runs == reference.runs else {
                Issue.record("step \(step) (\(label)): text or runs differ; \(context)\nrope: \(text)\nreference: \(reference)")
                return
            }
            if step % 10 == 0 { try compareQueries(text, reference, &random, context: "step \(step); \(context)") }
        }
    }

    private func compareQueries(_ text: AttributedText, _ reference: ReferenceText, _ random: inout SeededRandom, context: String) throws {
        #expect(text.utf16Count == reference.utf16Count, "\(context)")
        #expect(text.utf8Count == reference.utf8Count, "\(context)")
        #expect(text.unicodeScalarCount == reference.unicodeScalarCount, "\(context)")
        #expect(text.characterCount == reference.characterCount, "\(context)")
        #expect(text.lineCount == reference.lineCount, "\(context)")
        for _ in 0..<8 {
            let raw = random.int(in: 0...reference.utf16Count)
            #expect(text.isValidPosition(raw) == reference.isValidPosition(raw), "valid \(raw); \(context)")
            let offset = randomPosition(reference, &random)
            #expect(try text.scalarOffset(fromUTF16: offset) == reference.scalarOffset(fromUTF16: offset), "\(context)")
            #expect(try text.utf8Offset(fromUTF16: offset) == reference.utf8Offset(fromUTF16: offset), "\(context)")
            #expect(try text.characterIndex(fromUTF16: offset) == reference.characterIndex(fromUTF16: offset), "char index \(offset); \(context)")
            #expect(try text.isGraphemeBoundary(offset) == reference.isGraphemeBoundary(offset), "boundary \(offset); \(context)")
            #expect(try text.graphemeBoundary(before: offset) == reference.graphemeBoundary(before: offset), "before \(offset); \(context)")
            #expect(try text.graphemeBoundary(after: offset) == reference.graphemeBoundary(after: offset), "after \(offset); \(context)")
            let lc = try text.lineColumn(fromUTF16: offset)
            let rlc = try reference.lineColumn(fromUTF16: offset)
            #expect(lc == rlc, "line/column \(offset); \(context)")
            #expect(try text.utf16Offset(line: lc.line, column: lc.column) == offset, "\(context)")
            if offset < reference.utf16Count {
                #expect(try text.attributes(at: offset) == reference.attributes(at: offset), "attributes at \(offset); \(context)")
            }
            let scalar = random.int(in: 0...reference.unicodeScalarCount)
            #expect(try text.utf16Offset(fromScalar: scalar) == reference.utf16Offset(fromScalar: scalar), "\(context)")
            let character = random.int(in: 0...reference.characterCount)
            #expect(try text.utf16Offset(fromCharacter: character) == reference.utf16Offset(fromCharacter: character), "\(context)")
            let byte = random.int(in: 0...reference.utf8Count)
            let expected = Result { try reference.utf16Offset(fromUTF8: byte) }
            let actual = Result { try text.utf16Offset(fromUTF8: byte) }
            #expect(String(describing: actual) == String(describing: expected), "utf8 \(byte); \(context)")
            let range = randomRange(reference, &random)
            #expect(try text.string(in: range) == reference.string(in: range), "\(context)")
            #expect(try text.runs(in: range) == reference.runs(in: range), "runs in \(range); \(context)")
            #expect(try text.unicodeScalars(in: range) == reference.unicodeScalars(in: range), "\(context)")
            let sub = try text.attributedText(in: range)
            try sub.checkInvariants()
            #expect(sub.string == (try reference.string(in: range)), "\(context)")
        }
    }
}
