import Testing
@testable import CaretCore

@Suite struct SuggestionVocabularyTests {
    @Test func documentWordsJoinTheRanking() {
        var engine = SuggestionFixtures.engine()
        #expect(!engine.contains("thermoset"))
        engine.addDocumentWord("thermoset")
        #expect(engine.contains("thermoset"))
        #expect(engine.documentCount(of: "Thermoset") == 1)
        // 1 occurrence × 1,000,000 outranks every fixture word.
        let result = engine.completions(for: "the", limit: 2)
        #expect(result.map(\.word) == ["thermoset", "they"])
        #expect(result[0].source == .document)
        #expect(result[0].frequency == 1_000_000)
        #expect(engine.corrections(for: "thermost").first?.word == "thermoset")
        engine.removeDocumentWord("thermoset")
        #expect(!engine.contains("thermoset"))
        #expect(engine.completions(for: "the", limit: 1).map(\.word) == ["they"])
        #expect(engine.corrections(for: "thermost").isEmpty)
    }

    @Test func documentCountsBoostLexiconWords() {
        var engine = SuggestionFixtures.engine()
        engine.applyDocumentEdit(removed: [], inserted: ["theory", "Theory"])
        let first = engine.completions(for: "the", limit: 1)[0]
        #expect(first.word == "theory")
        #expect(first.frequency == 20 + 2_000_000)
        #expect(first.source == .document)
        #expect(engine.documentWords.map(\.word) == ["Theory", "theory"])
    }

    @Test func removingAbsentWordsChangesNothing() {
        var engine = SuggestionFixtures.engine()
        engine.addDocumentWord("Word")
        let lowercase = engine.removeDocumentWord("word")  // counted per spelling
        let tooMany = engine.removeDocumentWord("Word", count: 2)
        #expect(!lowercase)
        #expect(!tooMany)
        #expect(engine.documentCount(of: "word") == 1)
    }

    @Test func learnAndForget() {
        var engine = SuggestionFixtures.engine()
        engine.learn("Caret")
        #expect(engine.isLearned("caret"))
        #expect(engine.contains("caret"))
        let completion = engine.completions(for: "car", limit: 2)
        #expect(completion.map(\.word) == ["Caret", "cart"])
        #expect(completion[0].source == .learned)
        #expect(engine.corrections(for: "carret").first?.word == "Caret")
        engine.forget("caret")
        #expect(!engine.contains("Caret"))
        #expect(engine.completions(for: "car").map(\.word) == ["cart"])
    }

    @Test func sourcePriorityBreaksFrequencyTies() throws {
        let lexicon = try Lexicon(wordListContents: "alps 5\nalpha 5\n")
        var engine = SuggestionEngine(lexicon: lexicon, weights: .init(documentWeight: 5, learnedBonus: 5))
        engine.addDocumentWord("alpine")
        engine.learn("alpaca")
        let result = engine.completions(for: "alp")
        #expect(result.map(\.word) == ["alpaca", "alpine", "alpha", "alps"])
        #expect(result.map(\.frequency) == [5, 5, 5, 5])
        #expect(result.map(\.source) == [.learned, .document, .wordList, .wordList])
        // The same for corrections at equal distance: cxt is one substitution from each.
        var three = SuggestionEngine(lexicon: try Lexicon(wordListContents: "cat 5\n"),
                                     weights: .init(documentWeight: 5, learnedBonus: 5))
        three.addDocumentWord("cot")
        three.learn("cut")
        #expect(three.corrections(for: "cxt").map(\.word) == ["cut", "cot", "cat"])
    }

    @Test func wordsInText() {
        #expect(SuggestionEngine.words(in: "Hello, wörld 42 x2!") == ["Hello", "wörld", "x2"])
    }

    /// Random adds and removes applied incrementally agree with a recount from scratch, in the
    /// stored counts and in every query.
    @Test func incrementalMatchesRecount() {
        var rng = SuggestionRandom(seed: SuggestionRandom.seed("vocabulary", fallback: 777))
        let pool = SuggestionFixtures.randomWords(60, using: &rng).map {
            rng.bool() ? $0 : $0.prefix(1).uppercased() + $0.dropFirst()
        } + ["the", "The", "theory", "help"]
        var document: [String] = []
        var engine = SuggestionFixtures.engine()
        for step in 0..<600 {
            var removed: [String] = []
            for _ in 0..<rng.int(in: 0...3) where !document.isEmpty {
                removed.append(document.remove(at: rng.int(in: 0..<document.count)))
            }
            let inserted = (0..<rng.int(in: 0...3)).map { _ in rng.element(of: pool)! }
            document.append(contentsOf: inserted)
            engine.applyDocumentEdit(removed: removed, inserted: inserted)
            if step % 50 == 49 {
                var fresh = SuggestionFixtures.engine()
                for word in document { fresh.addDocumentWord(word) }
                #expect(engine.documentWords.map { "\($0.word)=\($0.count)" }
                        == fresh.documentWords.map { "\($0.word)=\($0.count)" })
                for probe in ["", "a", "b", "th", "ab", "cd", "E"] {
                    #expect(engine.completions(for: probe, limit: 8) == fresh.completions(for: probe, limit: 8))
                }
                for probe in SuggestionFixtures.randomWords(10, using: &rng) {
                    #expect(engine.corrections(for: probe, limit: 8) == fresh.corrections(for: probe, limit: 8))
                }
            }
        }
    }
}
