import Testing
@testable import CaretCore

/// Numbers a word list or a script supplies to suggestions (frequencies up to `Int.max`, any
/// limit) never trap, and a very long word is not asked about (its corrections were quadratic).
@Suite struct SuggestionLimitTests {
    @Test func suggestionQueriesTakeAnyLimitAndLongWords() throws {
        let lexicon = try Lexicon(wordListContents: "the\t\(Int.max)\nthen\t\(Int.max)\nthey\t1\n")
        let editor = try Editor(text: AttributedText("the then teh"), selection: Selection(caret: 12))
        editor.attachSuggestions(lexicon: lexicon)
        try editor.learnWord("then")
        // Frequencies at Int.max plus document counts and the learned bonus saturate.
        let found = try #require(editor.suggestionsAtSelection(limit: 10))
        #expect(found.corrections.first?.word == "the")
        #expect(found.corrections.first?.frequency == Int.max)
        for limit in [0, -1, Int.min, Int.max] {
            #expect(editor.suggestionEngine?.completions(for: "th", limit: limit).count == (limit > 0 ? 3 : 0))
            _ = editor.suggestionEngine?.corrections(for: "teh", limit: limit, maxDistance: limit)
            _ = editor.suggestionsAtSelection(limit: limit)
        }
    }

    @Test func wordsLongerThanTheCapGetNoSuggestions() throws {
        let lexicon = try Lexicon(wordListContents: "aaaa\n")
        let long = String(repeating: "a", count: SuggestionEngine.maxWordLength + 1)
        let atCap = String(repeating: "a", count: SuggestionEngine.maxWordLength)
        // A long run next to near copies of itself: each correction would compare two long words.
        let editor = try Editor(text: AttributedText(long + "b " + long + "c " + long))
        editor.attachSuggestions(lexicon: lexicon)
        let found = try #require(editor.suggestionsAtSelection())
        #expect(found.word.string == long)
        #expect(found.corrections.isEmpty && found.completions.isEmpty)
        let engine = try #require(editor.suggestionEngine)
        #expect(engine.corrections(for: long + "x").isEmpty)
        #expect(engine.completions(for: long).isEmpty)

        // At the cap, corrections still come.
        let near = try Editor(text: AttributedText(atCap + "b " + atCap + "c"))
        near.attachSuggestions(lexicon: lexicon)
        #expect(near.suggestionEngine?.corrections(for: atCap + "d").isEmpty == true)  // 65 units: over the cap
        #expect(near.suggestionEngine?.corrections(for: String(atCap.dropLast()) + "d").isEmpty == false)
    }
}
