import Testing
import CaretCore

/// An editor with an attached engine: suggestions for the word at the selection, applying one,
/// learning words.
@Suite struct SuggestionEditorTests {
    func editor(_ markup: String) throws -> Editor {
        let editor = try makeEditor(markup)
        editor.attachSuggestions(lexicon: SuggestionFixtures.engine().lexicon)
        return editor
    }

    @Test func suggestionsForTheWordAtTheCaret() throws {
        let e = try editor("I said teh|")
        let result = try #require(e.suggestionsAtSelection(limit: 3))
        #expect(result.word == DocumentWord(range: 7..<10, string: "teh"))
        #expect(!result.isKnown)
        #expect(result.corrections.first?.word == "the")
        #expect(try editor("no word here |").suggestionsAtSelection() == nil)
        #expect(try makeEditor("teh|").suggestionsAtSelection() == nil, "no engine attached")
    }

    @Test func rankingIsDeterministicAndFollowsCapitalisation() throws {
        let lower = try #require(try editor("th|").suggestionsAtSelection(limit: 6))
        #expect(lower.completions.map(\.word) == ["the", "they", "them", "then", "there", "their"])
        let again = try #require(try editor("th|").suggestionsAtSelection(limit: 6))
        #expect(again == lower)
        let capital = try #require(try editor("Th|").suggestionsAtSelection(limit: 2))
        #expect(capital.completions.map(\.word) == ["The", "They"])
        let upper = try #require(try editor("TEH|").suggestionsAtSelection(limit: 1))
        #expect(upper.corrections.map(\.word) == ["THE"])
        let proper = try #require(try editor("paris|").suggestionsAtSelection(limit: 1))
        #expect(proper.corrections.map(\.word) == ["Paris"])
        // The typed occurrence does not lend the proper noun a document count.
        #expect(proper.corrections.first?.source == .wordList)
        #expect(proper.corrections.first?.frequency == 40)
        let twice = try #require(try editor("paris and paris|").suggestionsAtSelection(limit: 1))
        #expect(twice.isKnown, "a second occurrence makes a word known")
        #expect(twice.corrections.isEmpty)
    }

    @Test func documentWordsRankAndCount() throws {
        let e = try editor("thermos thermos th|")
        #expect(e.suggestionEngine?.documentCount(of: "thermos") == 2)
        #expect(e.suggestionsAtSelection(limit: 1)?.completions.first?.word == "thermos")
        try e.perform(.selectAll)
        try e.perform(.insertText("gone"))
        #expect(e.suggestionEngine?.documentCount(of: "thermos") == 0)
        #expect(e.suggestionEngine?.documentWords.map(\.word) == ["gone"])
    }

    @Test func applyKeepsTheFirstCharacterAttributesAndIsOneUndoStep() throws {
        let e = try editor("x {bold:t}{italic:eh}| y")
        let before = e.state
        let result = try #require(e.suggestionsAtSelection(limit: 1))
        try e.apply(try #require(result.corrections.first), to: result.word)
        #expect(printMarkup(e.state) == "x {bold:the}| y")
        #expect(e.undoCount == 1)
        #expect(e.suggestionEngine?.documentCount(of: "the") == 1)
        #expect(e.suggestionEngine?.documentCount(of: "teh") == 0)
        try e.perform(.undo)
        #expect(e.state == before)
        #expect(e.suggestionEngine?.documentCount(of: "teh") == 1)
        try e.perform(.redo)
        #expect(printMarkup(e.state) == "x {bold:the}| y")
    }

    @Test func applyByNameAsATraceRecordsIt() throws {
        let e = try editor("wor|d teh end")
        let command = EditorCommand.applySuggestion("the", range: 5..<8)
        #expect(command.description == "applySuggestion(length: 3, location: 5, word: \"the\")")
        try e.perform("applySuggestion", ["word": .string("the"), "location": .int(5), "length": .int(3)])
        #expect(printMarkup(e.state) == "word the| end")
        #expect(e.undoCount == 1)
        try checkThrows("ab|", .applySuggestion("x", range: 1..<9),
                        "invalid position: offset 9 is past the end (length 2, UTF-16)")
    }

    @Test func learnWord() throws {
        let e = try editor("zorpy|")
        #expect(e.suggestionsAtSelection()?.isKnown == false)
        try e.learnWord("Zorp")
        #expect(e.suggestionEngine?.isLearned("zorp") == true)
        #expect(e.undoCount == 0)
        try e.perform("learnWord", ["word": .string("Blick")])
        #expect(e.suggestionsAtSelection(limit: 1)?.corrections.map(\.word) == ["Zorp"])
        // An editor without a word list learns into an empty lexicon of its own.
        let bare = try editor("a|")
        bare.detachSuggestions()
        try bare.learnWord("xyzzy")
        #expect(bare.suggestionEngine?.isLearned("xyzzy") == true)
        #expect(throws: EditorError.self) { try e.learnWord("") }
        // Re-attaching keeps learned words.
        e.attachSuggestions(lexicon: SuggestionFixtures.engine().lexicon)
        #expect(e.suggestionEngine?.isLearned("blick") == true)
        e.detachSuggestions()
        #expect(e.suggestionEngine == nil)
        try e.perform(.insertText(" more"))
    }
}
