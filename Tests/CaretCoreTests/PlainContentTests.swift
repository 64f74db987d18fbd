import Testing
@testable import CaretCore

/// `AttributedText.plainContent(in:)`, what the editor keeps of a deleted range for undo, reads the
/// leaf of the last in-leaf edit through the finger when that leaf holds the range. Its answer must
/// be the one the reference gives: the text of the range and its one set of attributes, or nil
/// when the range crosses runs (or leaves, which the editor then reads the general way).
@Suite struct PlainContentTests {
    @Test func answersMatchTheReferenceNearAndAwayFromTheFinger() throws {
        for seed in SeededRandom.seeds(default: [11, 12, 13]) {
            var random = SeededRandom(seed: seed)
            var (text, reference) = RopeFingerTests.document(&random, length: 500)
            var cursor = reference.utf16Count / 2
            for step in 0..<400 {
                let label = try RopeFingerTests.randomEdit(&text, &reference, cursor: &cursor, &random)
                // Ranges next to the last edit (inside the finger's leaf, at its ends, across them)
                // and anywhere.
                for _ in 0..<4 {
                    let near = random.bool()
                    let a = RopeFingerTests.position(near: near ? cursor : nil, in: reference, &random)
                    let b = RopeFingerTests.position(near: near ? a : nil, in: reference, &random)
                    let range = min(a, b)..<max(a, b)
                    guard !range.isEmpty else { continue }
                    let context: Comment = "seed \(seed) (rerun with CARET_SEED=\(seed)), step \(step) after \(label): \(range)"
                    let runs = try reference.runs(in: range)
                    if let content = text.plainContent(in: range) {
                        #expect(runs.count == 1, context)
                        #expect(content.string == (try reference.string(in: range)), context)
                        #expect(content.attributes == runs.first?.attributes, context)
                    } else {
                        // Declined: only when the range crosses runs or leaves.
                        if runs.count == 1, let (leaf, start) = text.fingerLeaf(holding: range) {
                            #expect(range.upperBound > start + leaf.takeUnretainedValue().summary.utf16, context)
                        }
                    }
                }
            }
        }
    }

    @Test func theFingerLeafIsTheOneADescentFinds() throws {
        for seed in SeededRandom.seeds(default: [21, 22]) {
            var random = SeededRandom(seed: seed)
            var (text, reference) = RopeFingerTests.document(&random, length: 800)
            var cursor = reference.utf16Count / 3
            for step in 0..<300 {
                let label = try RopeFingerTests.randomEdit(&text, &reference, cursor: &cursor, &random)
                let a = RopeFingerTests.position(near: cursor, in: reference, &random)
                let range = a..<min(reference.utf16Count, a + random.int(in: 1...3))
                guard !range.isEmpty, let (leaf, start) = text.fingerLeaf(holding: range) else { continue }
                let found = text.root.leaf(at: range.lowerBound, in: .utf16, preferRight: true)
                #expect(found.leaf === leaf.takeUnretainedValue() && found.before.utf16 == start,
                        "seed \(seed) (rerun with CARET_SEED=\(seed)), step \(step) after \(label): \(range)")
            }
        }
    }
}
