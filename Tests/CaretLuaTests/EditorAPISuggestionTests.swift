import CaretCore
import CaretFormats
import Testing
@testable import CaretLua

/// The suggestion surface of the Lua API: the word at the selection, ranked suggestions, script
/// providers merged into the ranking, applying and learning.
@Suite struct EditorAPISuggestionTests {
    static let words = "the\t1000\nquick\t300\nquiet\t250\nbrown\t200\nfox\t150\nthen\t400\nthey\t390\n"

    private func suggestingSession(_ markup: String) throws -> ScriptSession {
        let s = try session(markup)
        s.lexiconLoader = { try Lexicon(wordListContents: Self.words) }
        return s
    }

    @Test func wordAtSelectionInUTF16() throws {
        let s = try session("a 😀 can't| stop")
        #expect(try s.run("local w = editor:word_at_selection() return w.word, w.location, w.length")
                == [.string("can't"), .number(5), .number(5)])
        let none = try session("ab, |  cd")
        #expect(try none.run("return editor:word_at_selection()") == [.nil])
    }

    @Test func rankedSuggestionsForAMisspelling() throws {
        let s = try suggestingSession("The {bold:qui|kc} fox")
        let result = try s.run("""
        local s = editor:suggestions{limit = 3}
        local out = {s.word, s.location, s.length, tostring(s.known), s.kind, #s}
        for _, x in ipairs(s) do out[#out + 1] = x.word .. ':' .. x.kind .. ':' .. x.distance .. ':' .. x.source end
        return table.concat(out, ' ')
        """)
        #expect(result == [.string("quikc 4 5 false all 2 quick:correction:1:wordList quiet:correction:2:wordList")])
        #expect(try s.run("return #editor:suggestions{kind = 'completion'}") == [.number(0)])
    }

    @Test func providersMergeIntoTheRanking() throws {
        let s = try suggestingSession("th|")
        let result = try s.run("""
        local asked
        caret.add_suggestion_provider(function(q) asked = q.word .. '@' .. q.location .. '+' .. q.length
          return {'thorn', {word = 'theory', frequency = 395}, {word = 'the', frequency = 1}} end)
        local out = {}
        for _, x in ipairs(editor:suggestions{kind = 'completion', limit = 5}) do out[#out + 1] = x.word .. '/' .. x.source end
        return asked, table.concat(out, ' ')
        """)
        // 'the' is already suggested by the engine: the provider's duplicate is dropped.
        #expect(result == [.string("th@0+2"), .string("the/wordList then/wordList theory/script they/wordList thorn/script")])
    }

    @Test func providerErrorsReachTheScript() throws {
        let s = try suggestingSession("teh|")
        let error = scriptError(s, """
        caret.add_suggestion_provider(function() return 42 end)
        editor:suggestions()
        """)
        #expect(error?.message.contains("suggestion provider #1 returned a number") == true, "\(String(describing: error))")
        let bad = try suggestingSession("teh|")
        #expect(scriptError(bad, "caret.add_suggestion_provider('nope')")?.message.contains("bad argument #1 to 'add_suggestion_provider' (function expected, got string") == true)
        #expect(scriptError(bad, "editor:suggestions{kind = 'typo'}")?.message.contains("kind must be") == true)
    }

    @Test func applyKeepsTheFirstCharactersAttributesAndIsOneUndoStep() throws {
        let s = try suggestingSession("The {bold:quikc}| fox")
        try s.run("editor:apply_suggestion(editor:suggestions()[1])")
        #expect(s.main.markup == "The {bold:quick}| fox")
        try s.run("editor:undo()")
        #expect(s.main.markup.hasPrefix("The {bold:quikc}"))
        try s.run("editor:select(1) editor:apply_suggestion('Tea')")
        #expect(Markup.print(s.main.editor.text) == "Tea {bold:quikc} fox")
    }

    @Test func learnedWordsAreKnownAndRankFirst() throws {
        let s = try suggestingSession("quikc|")
        try s.run("editor:learn_word('quikc')")
        #expect(try s.run("return tostring(editor:suggestions().known)") == [.string("true")])
        // Without any word list, suggestions come from the document and learned words.
        let bare = try session("zorp zorb|")
        #expect(try bare.run("editor:learn_word('zorpa') local s = editor:suggestions{kind = 'correction'} return s[1].word, s[1].source")
                == [.string("zorp"), .string("document")])
    }
}
