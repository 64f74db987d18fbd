import Testing
@testable import CaretCore

/// The engine's sorted keys and deletion index are brought up to date lazily, when a query needs
/// them: after any edits, queries answer as an engine built from scratch over the same document.
@Suite struct SuggestionVocabularyIndexTests {
    static let prefixes = ["", "t", "th", "ca", "w", "zo", "na", "he", "中", "x"]
    static let typos = ["teh", "cta", "wrold", "zorpp", "naive", "hellp", "caat", "x"]

    static func answers(_ engine: SuggestionEngine) -> [String] {
        var lines: [String] = []
        for prefix in prefixes {
            lines.append("complete \(prefix): " + engine.completions(for: prefix, limit: 8).map(\.word).joined(separator: " "))
        }
        for typo in typos {
            lines.append("correct \(typo): " + engine.corrections(for: typo, limit: 8).map(\.word).joined(separator: " "))
        }
        return lines
    }

    @Test(arguments: SeededRandom.seeds(default: [31, 32, 33]))
    func queriesAfterEditsMatchAFreshEngine(seed: UInt64) throws {
        print("SuggestionVocabularyIndexTests: seed \(seed) (replay with CARET_SEED=\(seed))")
        var rng = SeededRandom(seed: seed)
        let lexicon = SuggestionFixtures.engine().lexicon
        let editor = try makeEditor("the cat sat on the mat|")
        editor.attachSuggestions(lexicon: lexicon)
        let pieces = ["t", "h", "e", "c", "a", "zorp", "Zorp", " ", "\n", "wrld", "naïve", "hello", "中文", "x"]
        for step in 0..<250 {
            switch rng.int(in: 0..<8) {
            case 0: try editor.perform(.deleteBackward)
            case 1: try editor.perform(.move(.wordLeft, extend: false))
            case 2: try editor.perform(.undo)
            case 3: try editor.perform(.learnWord(pieces[rng.int(in: 0..<pieces.count)]))
            default: try editor.perform(.insertText(pieces[rng.int(in: 0..<pieces.count)]))
            }
            // Query now and then, so the index settles some changes and keeps others pending.
            guard rng.int(in: 0..<6) == 0 else { continue }
            let engine = try #require(editor.suggestionEngine)
            var fresh = SuggestionEngine(lexicon: lexicon)
            for word in engine.learnedWords { fresh.learn(word) }
            fresh.addDocumentWords(in: editor.text.string)
            #expect(Self.answers(engine) == Self.answers(fresh), "seed \(seed), step \(step): \(printMarkup(editor.state))")
        }
    }

    @Test func aCopyKeepsItsOwnIndex() {
        var engine = SuggestionFixtures.engine()
        engine.addDocumentWord("zorpish")
        let copy = engine
        #expect(copy.completions(for: "zorp").map(\.word) == ["zorpish"])
        engine.removeDocumentWord("zorpish")
        engine.addDocumentWord("zorpette")
        #expect(engine.completions(for: "zorp").map(\.word) == ["zorpette"])
        #expect(copy.completions(for: "zorp").map(\.word) == ["zorpish"])
        #expect(copy.corrections(for: "zorpisj").map(\.word) == ["zorpish"])
        #expect(engine.corrections(for: "zorpisj").isEmpty)
    }

    /// `é` and `e` + U+0301 are one key (`String` equality is canonical equivalence) but sort
    /// apart in scalar order: the sorted keys must hold the key once, in the spelling the
    /// vocabulary has, whichever spelling each change used.
    @Test func canonicallyEquivalentSpellingsAreOneSortedKey() {
        var engine = SuggestionFixtures.engine()
        func words() -> [String] { engine.documentWords.map { "\($0.word):\($0.count)" } }
        engine.addDocumentWord("e\u{301}")
        #expect(words() == ["e\u{301}:1"])
        engine.removeDocumentWord("e\u{301}")
        engine.addDocumentWord("\u{E9}")
        #expect(words().count == 1)
        engine.removeDocumentWord("\u{E9}")
        #expect(words().isEmpty)
        engine.addDocumentWord("\u{E9}")
        #expect(words().count == 1)
        #expect(engine.documentWords.first?.word.unicodeScalars.elementsEqual("\u{E9}".unicodeScalars) == true)
        engine.addDocumentWord("e\u{301}x")
        #expect(words().count == 2)
    }
}
