import Testing
@testable import CaretCore

/// A lexicon built without the correction index (what `caret suggest` uses) gives the same
/// corrections as one with it; the radix sort behind the index sorts.
@Suite struct SuggestionScanTests {
    @Test func scanningMatchesTheIndex() {
        let seed = SuggestionRandom.seed("scanningMatchesTheIndex", fallback: 11)
        var rng = SuggestionRandom(seed: seed)
        let words = SuggestionFixtures.randomWords(400, using: &rng)
        let list = words.joined(separator: "\n")
        let indexed = SuggestionEngine(lexicon: try! Lexicon(wordListContents: list))
        let scanning = SuggestionEngine(lexicon: try! Lexicon(wordListContents: list, options: .init(indexesCorrections: false)))
        #expect(scanning.lexicon.memoryBytes < indexed.lexicon.memoryBytes)
        for query in SuggestionFixtures.randomWords(200, using: &rng) {
            #expect(scanning.corrections(for: query, limit: 20) == indexed.corrections(for: query, limit: 20),
                    "seed \(seed), query \(query)")
        }
        let fixture = SuggestionFixtures.wordsWithFrequencies
        let a = SuggestionEngine(lexicon: try! Lexicon(wordListContents: fixture, options: .init(indexesCorrections: false)))
        #expect(a.corrections(for: "Teh", limit: 3) == SuggestionFixtures.engine().corrections(for: "Teh", limit: 3))
    }

    @Test func radixSortSorts() {
        var rng = SuggestionRandom(seed: SuggestionRandom.seed("radixSortSorts", fallback: 5))
        for count in [0, 1, 100, 5_000, 70_000] {
            var values = (0..<count).map { _ in rng.next() >> rng.uint64(in: 0...63) }
            let expected = values.sorted()
            RadixSort.sort(&values)
            #expect(values == expected, "count \(count)")
        }
    }

    @Test func possessiveStems() {
        #expect(Lexicon.possessiveStem("apple's") == "apple")
        #expect(Lexicon.possessiveStem("apple’S") == "apple")
        #expect(Lexicon.possessiveStem("'s") == nil)
        #expect(Lexicon.possessiveStem("a's") == "a")
        #expect(Lexicon.possessiveStem("é’s") == "é")
        #expect(Lexicon.possessiveStem("apples") == nil)
        #expect(Lexicon.possessiveStem("s") == nil)
    }
}
