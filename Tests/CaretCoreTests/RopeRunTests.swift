import Testing
@testable import CaretCore

/// Attribute runs against the naive model where runs and leaves meet: inserting at every
/// position, deleting whole runs and leaves, and every formatting change over every range.
@Suite struct RopeRunTests {
    static let pool: [Attributes] = [
        Attributes(), .traits(.bold), .traits(.italic), .traits(.bold, .italic),
        try! Attributes([(.fontSize, .number(14))]),
    ]

    /// Text of many short runs (some of them non-ASCII so that leaves differ in kind), built
    /// whole and typed run by run.
    static func runText(seed: UInt64, pieces: Int) -> (pieces: [(String, Attributes)], reference: ReferenceText) {
        var random = SeededRandom(seed: seed)
        let alphabet = ["a", "b", "c", " ", "é", "中", "😀", "\n", "e\u{301}"]
        var result: [(String, Attributes)] = []
        for i in 0..<pieces {
            var s = ""
            for _ in 0..<random.int(in: 1...7) {
                s += i % 4 == 3 ? random.element(of: alphabet)! : random.element(of: "abcdef").map(String.init)!
            }
            result.append((s, random.element(of: pool)!))
        }
        return (result, ReferenceText(runs: result))
    }

    static func layouts(_ pieces: [(String, Attributes)]) -> [(String, AttributedText)] {
        var typed = AttributedText()
        for (s, a) in pieces { try! typed.insert(s, at: typed.utf16Count, attributes: a) }
        var backwards = AttributedText()
        for (s, a) in pieces.reversed() { try! backwards.insert(s, at: 0, attributes: a) }
        return [("whole", AttributedText(runs: pieces)), ("typed", typed), ("backwards", backwards)]
    }

    @Test func insertingWithAttributesAtEveryPosition() throws {
        let (pieces, reference) = Self.runText(seed: 5, pieces: 24)
        for (layout, text) in Self.layouts(pieces) {
            guard RopeCheck.agree(text, reference, "\(layout) as built") else { return }
            for offset in 0...reference.utf16Count where reference.isValidPosition(offset) {
                for (i, attributes) in Self.pool.enumerated() {
                    var edited = text
                    var expected = reference
                    let inserted = i == 4 ? "ü" : i == 3 ? "\u{301}" : "Z"
                    try edited.insert(inserted, at: offset, attributes: attributes)
                    try expected.insert(inserted, at: offset, attributes: attributes)
                    guard RopeCheck.agree(edited, expected, "\(layout): insert \(inserted) \(attributes) at \(offset)",
                                          exhaustive: false) else { return }
                }
            }
        }
    }

    /// A leaf of one-byte runs, edited first at one place (which leaves the run hint there) and
    /// then at every other: the walk from the hint to the edit's run goes over every distance in
    /// both directions, by fours and one by one, and lands on run starts and ends by insertions
    /// and by deletions.
    @Test func editsAfterAnEditElsewhereFindTheirRunsInALeafOfManyRuns() throws {
        let letters = Array("abcdefgh")
        let pieces = (0..<24).map { i in (String(letters[i % letters.count]), i % 2 == 0 ? Attributes() : Attributes.traits(.bold)) }
        let text = AttributedText(runs: pieces)
        let reference = ReferenceText(runs: pieces)
        var leaves = 0
        text.root.forEachLeaf(overlapping: 0..<text.utf16Count) { _, _ in leaves += 1; return true }
        #expect(leaves == 1, "the runs must share a leaf for the walk to cross them")
        let count = reference.utf16Count
        for first in 0...count {
            var hinted = text
            var hintedReference = reference
            try hinted.insert("x", at: first, attributes: .traits(.italic))
            try hintedReference.insert("x", at: first, attributes: .traits(.italic))
            for offset in 0...count + 1 {
                for (label, attributes) in [("plain", Attributes()), ("bold", Attributes.traits(.bold))] {
                    var edited = hinted
                    var expected = hintedReference
                    try edited.insert("y", at: offset, attributes: attributes)
                    try expected.insert("y", at: offset, attributes: attributes)
                    guard RopeCheck.agree(edited, expected, "insert \(label) at \(offset) after an insertion at \(first)",
                                          exhaustive: false) else { return }
                }
                if offset < count + 1 {
                    var edited = hinted
                    var expected = hintedReference
                    try edited.replaceSubrange(offset..<(offset + 1), with: "", attributes: Attributes())
                    try expected.replaceSubrange(offset..<(offset + 1), with: "", attributes: Attributes())
                    guard RopeCheck.agree(edited, expected, "delete at \(offset) after an insertion at \(first)",
                                          exhaustive: false) else { return }
                }
            }
        }
    }

    @Test func deletingWholeRunsAndLeaves() throws {
        let (pieces, reference) = Self.runText(seed: 6, pieces: 30)
        for (layout, text) in Self.layouts(pieces) {
            // Every run, every leaf and every stretch of two runs removed.
            var ranges = reference.runs.map(\.range)
            ranges += zip(reference.runs, reference.runs.dropFirst()).map { $0.range.lowerBound..<$1.range.upperBound }
            text.root.forEachLeaf(overlapping: 0..<text.utf16Count) { leaf, start in
                ranges.append(start..<(start + leaf.summary.utf16))
                return true
            }
            for range in ranges {
                var edited = text
                var expected = reference
                try edited.removeSubrange(range)
                try expected.replaceSubrange(range, with: "", attributes: Attributes())
                guard RopeCheck.agree(edited, expected, "\(layout): delete \(range)", exhaustive: false) else { return }
            }
            // Runs deleted one after another from the front, from the back and from the middle.
            for order in 0..<3 {
                var edited = text
                var expected = reference
                while !expected.isEmpty {
                    let runs = expected.runs
                    let range = order == 0 ? runs[0].range : order == 1 ? runs[runs.count - 1].range : runs[runs.count / 2].range
                    try edited.removeSubrange(range)
                    try expected.replaceSubrange(range, with: "", attributes: Attributes())
                    guard RopeCheck.agree(edited, expected, "\(layout): delete run \(range), order \(order)", exhaustive: false) else { return }
                }
            }
        }
    }

    /// Every formatting change over every range (both ends at valid positions) of a text long
    /// enough for a few leaves.
    @Test func formattingOverEveryRange() throws {
        let (pieces, reference) = Self.runText(seed: 7, pieces: 10)
        for (layout, text) in Self.layouts(pieces) {
            let valid = (0...reference.utf16Count).filter { reference.isValidPosition($0) }
            for lower in valid {
                for upper in valid where upper >= lower {
                    for kind in 0..<4 {
                        var edited = text
                        var expected = reference
                        let attributes = Self.pool[(lower + upper + kind) % Self.pool.count]
                        switch kind {
                        case 0:
                            try edited.setAttributes(attributes, in: lower..<upper)
                            try expected.setAttributes(attributes, in: lower..<upper)
                        case 1:
                            try edited.mergeAttributes(attributes, in: lower..<upper)
                            try expected.mergeAttributes(attributes, in: lower..<upper)
                        case 2:
                            try edited.removeAttribute(.bold, in: lower..<upper)
                            try expected.removeAttribute(.bold, in: lower..<upper)
                        default:
                            // The runs of the stretch starting at 0 restored here.
                            guard reference.isValidPosition(upper - lower) else { continue }
                            let runs = try reference.runs(in: 0..<(upper - lower)).map {
                                AttributedText.Run(range: $0.range, attributes: $0.attributes)
                            }
                            if let bad = runs.map({ lower + $0.range.upperBound }).first(where: { !reference.isValidPosition($0) }) {
                                // A run would end inside a surrogate pair: refused, nothing changes.
                                let expectedError = bad > reference.utf16Count
                                    ? TextError(.outOfRange, offset: bad, unit: .utf16, length: reference.utf16Count)
                                    : TextError(.insideScalar, offset: bad, unit: .utf16, length: reference.utf16Count)
                                #expect(throws: expectedError) { try edited.setAttributes(runs: runs, startingAt: lower) }
                                #expect(edited == text)
                                continue
                            }
                            try edited.setAttributes(runs: runs, startingAt: lower)
                            for run in runs {
                                try expected.setAttributes(run.attributes, in: (lower + run.range.lowerBound)..<(lower + run.range.upperBound))
                            }
                        }
                        guard RopeCheck.agree(edited, expected, "\(layout): kind \(kind) \(attributes) over \(lower)..<\(upper)",
                                              exhaustive: false) else { return }
                    }
                }
            }
        }
    }

    /// Setting one set over a whole text of many leaves leaves one run; the runs coalesce across
    /// leaves even though each leaf keeps its own run list.
    @Test func runsCoalesceAcrossLeaves() throws {
        var text = AttributedText(runs: (0..<200).map { ("piece\($0) ", $0 % 2 == 0 ? Attributes.traits(.bold) : Attributes()) })
        try text.setAttributes(.traits(.italic), in: 0..<text.utf16Count)
        #expect(text.runs.count == 1)
        #expect(try text.runs(in: 5..<700).count == 1)
        try text.setAttributes(runs: [AttributedText.Run(range: 0..<text.utf16Count, attributes: Attributes())], startingAt: 0)
        #expect(text.runs == [AttributedText.Run(range: 0..<text.utf16Count, attributes: Attributes())])
        try text.checkInvariants()
    }

    /// Runs given to `setAttributes(runs:startingAt:)` that are empty, or whose lengths end
    /// inside a surrogate pair or past the end, are refused without a change.
    @Test func runsRestoredWithBadLengths() throws {
        let original = AttributedText("a😀b😀c")
        var text = original
        try text.setAttributes(runs: [.init(range: 0..<0, attributes: .traits(.bold)), .init(range: 3..<5, attributes: .traits(.bold))], startingAt: 1)
        #expect(try text.attributes(at: 1) == .traits(.bold))
        #expect(try text.attributes(at: 3) == Attributes())
        text = original
        #expect(throws: TextError(.insideScalar, offset: 2, unit: .utf16, length: 7)) {
            try text.setAttributes(runs: [.init(range: 0..<1, attributes: .traits(.bold))], startingAt: 1)
        }
        #expect(throws: TextError(.outOfRange, offset: 9, unit: .utf16, length: 7)) {
            try text.setAttributes(runs: [.init(range: 0..<3, attributes: .traits(.bold))], startingAt: 6)
        }
        #expect(throws: TextError(.outOfRange, offset: -1, unit: .utf16, length: 7)) {
            try text.setAttributes(runs: [.init(range: 0..<1, attributes: .traits(.bold))], startingAt: -1)
        }
        #expect(text == original)
    }
}
