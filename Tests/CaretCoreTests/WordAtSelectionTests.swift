import Testing
import CaretCore

/// `Editor.wordAtSelection()` and `words(in:)` across scripts, punctuation, apostrophes, hyphens,
/// numbers, CJK and emoji. Documents are markup: `|` the caret (head), `^` the anchor.
@Suite struct WordAtSelectionTests {
    static let carets: [(String, String?)] = [
        ("hello| world", "hello"), ("hello |world", "world"), ("hel|lo world", "hello"),
        ("|hello", "hello"), ("hello |", nil), ("|", nil), ("   |   ", nil),
        ("can'|t stop", "can't"), ("can't|", "can't"), ("don’t|", "don’t"),
        ("say \"hi|\"", "hi"), ("say \"hi\"|", nil), ("(word|)", "word"), ("(|word)", "word"),
        ("end.|", nil), ("end|.", "end"), ("e.g|", "e.g"),
        ("well|-known", "well"), ("well-|known", "known"), ("well-kn|own", "known"),
        ("3.14|", "3.14"), ("pi 3|.14", "3.14"), ("1,000|", "1,000"),
        ("中文|", "文"), ("中|文", "中"), ("|中文", "中"), ("カタカナ|", "カタカナ"), ("한국어|", "한국어"),
        ("😀|", nil), ("a😀|", nil), ("😀|abc", "abc"), ("abc|😀", "abc"), ("👍🏽 yes|", "yes"),
        ("nai\u{308}ve|", "nai\u{308}ve"), ("Straße|", "Straße"), ("привет|", "привет"),
        ("snake_case|", "snake_case"), ("line one\n|two", "two"), ("one|\ntwo", "one"),
    ]

    @Test(arguments: carets)
    func caret(document: String, expected: String?) throws {
        let editor = try makeEditor(document)
        #expect(editor.wordAtSelection()?.string == expected, "\(document)")
        if let word = editor.wordAtSelection() {
            #expect(try editor.text.string(in: word.range) == word.string)
        }
    }

    @Test func rangeSelections() throws {
        var editor = try makeEditor("^hello wor|ld again")
        #expect(editor.wordAtSelection() == DocumentWord(range: 0..<11, string: "hello world"))
        #expect(editor.wordsAtSelection().map(\.string) == ["hello", "world"])
        editor = try makeEditor("he^ll|o")
        #expect(editor.wordAtSelection() == DocumentWord(range: 0..<5, string: "hello"))
        editor = try makeEditor("hello^ |world")
        #expect(editor.wordAtSelection() == nil)
        #expect(editor.wordsAtSelection() == [])
        editor = try makeEditor("|one, two^")
        #expect(editor.wordsAtSelection().map(\.string) == ["one", "two"])
        #expect(editor.wordsAtSelection().map(\.range) == [0..<3, 5..<8])
    }

    @Test func utf16RangesAfterAstralCharacters() throws {
        let editor = try makeEditor("😀😀 can't|")
        #expect(editor.wordAtSelection() == DocumentWord(range: 5..<10, string: "can't"))
    }

    @Test func longWordsGrowTheWindow() throws {
        let long = String(repeating: "ab", count: 2_000)
        let editor = try Editor(text: AttributedText("x " + long + " y"), selection: Selection(caret: 2 + 1_000))
        #expect(editor.wordAtSelection()?.range == 2..<(2 + long.utf16.count))
        let far = try Editor(text: AttributedText(String(repeating: "w ", count: 5_000) + "last"))
        #expect(far.wordAtSelection() == DocumentWord(range: 10_000..<10_004, string: "last"))
    }

    @Test func explicitPositionsAreChecked() throws {
        let editor = try makeEditor("😀ab|")
        #expect(try editor.word(at: 0)?.string == "ab" || (try editor.word(at: 0)) == nil)
        #expect(throws: EditorError.self) { try editor.word(at: 1) }
        #expect(throws: EditorError.self) { try editor.word(at: 5) }
        #expect(try editor.words(in: 0..<4).map(\.string) == ["ab"])
    }
}
