import Testing
@testable import CaretCore

@Suite struct SuggestionCompletionTests {
    @Test func rankedByFrequencyWithTiesByWord() {
        let engine = SuggestionFixtures.engine()
        let result = engine.completions(for: "the", limit: 10)
        // them, then, there all have 300: scalar order breaks the tie; "the" itself is not offered.
        #expect(result.map(\.word) == ["they", "them", "then", "there", "their", "these", "theory"])
        #expect(result.map(\.frequency) == [400, 300, 300, 300, 250, 100, 20])
        #expect(result.allSatisfy { $0.kind == .completion && $0.distance == 0 && $0.source == .wordList })
    }

    @Test func limitTakesTheBest() {
        let engine = SuggestionFixtures.engine()
        #expect(engine.completions(for: "th", limit: 3).map(\.word) == ["the", "they", "them"])
        #expect(engine.completions(for: "th", limit: 0).isEmpty)
        #expect(engine.completions(for: "zz").isEmpty)
    }

    @Test func typedCapitalisationIsKept() {
        let engine = SuggestionFixtures.engine()
        #expect(engine.completions(for: "The", limit: 2).map(\.word) == ["They", "Them"])
        #expect(engine.completions(for: "THE", limit: 2).map(\.word) == ["THEY", "THEM"])
        #expect(engine.completions(for: "tHe", limit: 1).map(\.word) == ["they"])
        // Proper nouns keep their capital.
        #expect(engine.completions(for: "par").map(\.word) == ["Paris", "parish"])
    }

    @Test func deterministicAcrossBuilds() {
        let a = SuggestionFixtures.engine().completions(for: "", limit: 50)
        let b = SuggestionFixtures.engine().completions(for: "", limit: 50)
        #expect(a == b)
        #expect(a.count == 23)
    }

    /// The index against a full sort of the matching words, on random lexicons.
    @Test func matchesNaiveRanking() throws {
        var rng = SuggestionRandom(seed: SuggestionRandom.seed("completions", fallback: 20261129))
        for _ in 0..<20 {
            let words = SuggestionFixtures.randomWords(300, using: &rng)
            var lines: [String] = []
            var frequency: [String: Int] = [:]
            for word in words {
                let f = rng.int(in: 0...20)
                lines.append("\(word) \(f)")
                frequency[word] = max(frequency[word] ?? 0, f)
            }
            let engine = SuggestionEngine(lexicon: try Lexicon(wordListContents: lines.joined(separator: "\n")))
            for _ in 0..<30 {
                let prefix = String(SuggestionFixtures.randomWords(1, using: &rng)[0].prefix(rng.int(in: 0...3)))
                let limit = rng.int(in: 1...12)
                let expected = frequency.keys.filter { $0.hasPrefix(prefix) && $0 != prefix }
                    .sorted { (frequency[$0]!, $1) > (frequency[$1]!, $0) }
                    .prefix(limit)
                #expect(engine.completions(for: prefix, limit: limit).map(\.word) == Array(expected),
                        "prefix \(prefix) limit \(limit)")
            }
        }
    }
}
