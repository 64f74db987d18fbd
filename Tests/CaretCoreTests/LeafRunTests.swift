import Testing
@testable import CaretCore

/// A leaf's run list edited in place (with the position hint the typing path keeps) against a
/// plain per-byte model.
@Suite struct LeafRunTests {
    @Test func replaceBytesAgreesWithPerByteModel() {
        let pool: [Attributes] = [Attributes(), .traits(.bold), .traits(.italic)]
        for seed in SeededRandom.seeds(default: [11, 12, 13]) {
            var random = SeededRandom(seed: seed)
            var runs: [LeafRun] = []
            var model: [Attributes] = []
            var hint = RunHint()
            for step in 0..<4_000 {
                let lower = random.int(in: 0...model.count)
                // Deletions grow with the model so it stays around a hundred bytes, like a leaf.
                let reach = model.count > 120 ? 12 : 6
                let upper = random.bool() ? lower : random.int(in: lower...min(model.count, lower + reach))
                let length = random.int(in: 0...4)
                let attributes = random.element(of: pool)!
                runs.replaceBytes(lower, upper, insertLength: length, attributes: attributes, hint: &hint)
                model.replaceSubrange(lower..<upper, with: Array(repeating: attributes, count: length))
                var expected: [LeafRun] = []
                for a in model { expected.appendCoalescing(LeafRun(length: 1, attributes: a)) }
                guard runs == expected else {
                    Issue.record("step \(step): runs \(runs) != \(expected); seed \(seed) (CARET_SEED replays)")
                    return
                }
                if hint.index < runs.count {
                    let start = runs[..<hint.index].reduce(0) { $0 + $1.length }
                    #expect(start == hint.start, "stale hint at step \(step); seed \(seed)")
                }
            }
        }
    }
}
