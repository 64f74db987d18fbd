import Testing
@testable import CaretCore

/// The vocabulary an editor keeps from its change notifications equals a full rescan, under seeded
/// random edits (every command, undo and redo included). Replay a failure with `CARET_SEED=<seed>`.
@Suite struct SuggestionVocabularyEditorTests {
    static let pieces = [
        "the", "The", "cat", "can't", "don’t", "well-known", "e.g.", "3.14", "中文", "カタカナ", "naïve",
        "na\u{308}", "x\u{301}", " ", "  ", "\n", "\t", ".", ",", "'", "-", "😀", "🇺🇸", "teh ", " word ",
        "\u{200D}", "a", "b",
    ]

    static func vocabulary(_ engine: SuggestionEngine) -> [String] {
        engine.documentWords.map { "\($0.word):\($0.count)" }
    }

    static func rescan(_ editor: Editor) -> [String] {
        var engine = SuggestionEngine(lexicon: SuggestionFixtures.engine().lexicon)
        engine.addDocumentWords(in: editor.text.string)
        return vocabulary(engine)
    }

    @Test(arguments: SeededRandom.seeds(default: [1, 2, 3, 4]))
    func randomEditsMatchARescan(seed: UInt64) throws {
        print("SuggestionVocabularyEditorTests: seed \(seed) (replay with CARET_SEED=\(seed))")
        let editor = try makeEditor("Hello world, the cat can't sleep.\nSecond line|")
        editor.attachSuggestions(lexicon: SuggestionFixtures.engine().lexicon)
        var drawer = CommandDrawer(rng: SeededRandom(seed: seed))
        for step in 0..<400 {
            let roll = drawer.rng.int(in: 0..<10)
            let command: EditorCommand
            switch roll {
            case 0..<4: command = .insertText(drawer.pick(Self.pieces))
            case 4:
                if let word = editor.wordAtSelection() {
                    command = .applySuggestion(drawer.pick(Self.pieces), range: word.range)
                } else {
                    command = .learnWord(drawer.pick(["teh", "Zorp"]))
                }
            case 5:
                command = .replaceAll(FindQuery(drawer.pick(["the", "a", " ", "t"])), with: drawer.pick(Self.pieces))
            default: command = drawer.next(for: editor)
            }
            do {
                try editor.perform(command)
            } catch is EditorError {
                continue
            }
            let expected = Self.rescan(editor)
            let actual = Self.vocabulary(try #require(editor.suggestionEngine))
            #expect(actual == expected, "seed \(seed), step \(step), after \(command) on \(printMarkup(editor.state))")
            if actual != expected { return }
        }
        #expect(editor.suggestionState?.rescanCount == 0, "every change was applied incrementally")
    }

    @Test(arguments: SeededRandom.seeds(default: [7, 8]))
    func chunkedScanMatchesAWholeScan(seed: UInt64) {
        print("chunkedScanMatchesAWholeScan: seed \(seed) (replay with CARET_SEED=\(seed))")
        var rng = SeededRandom(seed: seed)
        var string = ""
        for _ in 0..<3_000 { string += Self.pieces[rng.int(in: 0..<Self.pieces.count)] }
        let text = AttributedText(string)
        for chunk in [1, 7, 64, 1_000] {
            var words: [String] = []
            VocabularyWindow.forEachWord(in: text, chunk: chunk) { words.append($0) }
            #expect(words == SuggestionEngine.words(in: string), "seed \(seed), chunk \(chunk)")
        }
    }

    @Test func editsBetweenWordsTouchOnlyTheirNeighbours() throws {
        let editor = try makeEditor("alpha beta| gamma")
        editor.attachSuggestions(lexicon: SuggestionFixtures.engine().lexicon)
        try editor.perform(.insertText("s"))
        try editor.perform(.deleteWordBackward)
        try editor.perform(.insertText("del'ta-x"))
        #expect(Self.vocabulary(editor.suggestionEngine!) == ["alpha:1", "del'ta:1", "gamma:1", "x:1"])
        try editor.perform(.undo)
        #expect(Self.vocabulary(editor.suggestionEngine!) == Self.rescan(editor))
    }
}
