import Testing
@testable import CaretCore

@Suite struct SuggestionLexiconTests {
    @Test func plainListFallsBackToFrequencyOne() throws {
        let lexicon = try Lexicon(wordListContents: "cherry\napple\nbanana\n")
        #expect(!lexicon.hasFrequencies)
        #expect(lexicon.count == 3)
        #expect(lexicon.frequency(of: "apple") == 1)
        let engine = SuggestionEngine(lexicon: lexicon)
        #expect(!engine.hasFrequencies)
        // Equal frequencies: alphabetical.
        #expect(engine.completions(for: "").map(\.word) == ["apple", "banana", "cherry"])
    }

    @Test func separateFrequencyListSuppliesCounts() throws {
        let lexicon = try Lexicon(wordListContents: "Apple\napple\nbanana\ncherry\n",
                                  frequencyContents: "banana 30\napple 20\nzebra 99\n")
        #expect(lexicon.hasFrequencies)
        #expect(lexicon.count == 3)  // the frequency list adds no words
        #expect(lexicon.frequency(of: "APPLE") == 20)
        #expect(lexicon.frequency(of: "cherry") == 0)
        #expect(lexicon.frequency(of: "zebra") == nil)
        let engine = SuggestionEngine(lexicon: lexicon)
        #expect(engine.completions(for: "").map(\.word) == ["banana", "apple", "cherry"])
    }

    @Test func caseInsensitiveLookupKeepsProperNouns() throws {
        let lexicon = try Lexicon(wordListContents: "the\nParis\nBill\nbill\n")
        #expect(lexicon.contains("the"))
        #expect(lexicon.contains("The"))
        #expect(lexicon.contains("THE"))
        #expect(lexicon.contains("Paris"))
        #expect(lexicon.contains("PARIS"))
        #expect(!lexicon.contains("paris"))
        #expect(lexicon.contains("bill"))  // the common noun exists too
        #expect(lexicon.displayForm(of: "paris") == "Paris")
        #expect(lexicon.displayForm(of: "BILL") == "bill")
    }

    @Test func possessivesAreAcceptedButNotListed() throws {
        let lexicon = try Lexicon(wordListContents: "apple\napple's\nParis\nParis's\n")
        #expect(lexicon.count == 2)
        #expect(lexicon.contains("apple's"))
        #expect(lexicon.contains("apple\u{2019}s"))
        #expect(lexicon.contains("Paris's"))
        #expect(!lexicon.contains("pear's"))
        let engine = SuggestionEngine(lexicon: lexicon)
        #expect(engine.completions(for: "app").map(\.word) == ["apple"])
        let withPossessives = try Lexicon(wordListContents: "apple\napple's\n",
                                          options: .init(includesPossessives: true))
        #expect(withPossessives.count == 2)
    }

    @Test func duplicateEntriesKeepTheLargestFrequency() throws {
        let lexicon = try Lexicon(wordListContents: "word 3\nWord 9\nword 5\n")
        #expect(lexicon.count == 1)
        #expect(lexicon.frequency(of: "word") == 9)
        #expect(lexicon.displayForm(of: "word") == "word")
    }

    @Test func malformedFrequencyFileNamesItsLine() {
        #expect(throws: WordListError(line: 2, reason: "frequency '1x' is not a non-negative integer")) {
            try Lexicon(wordListContents: "a\nb\n", frequencyContents: "a 1\nb 1x\n")
        }
    }

    @Test func memoryIsReported() throws {
        let lexicon = try Lexicon(wordListContents: SuggestionFixtures.wordsWithFrequencies)
        #expect(lexicon.memoryBytes > 0)
    }
}
