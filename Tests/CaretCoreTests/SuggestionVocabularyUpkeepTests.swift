import Testing
@testable import CaretCore

/// Keeping an editor's vocabulary current from bytes and a pending region: the byte segmentation
/// and cut points agree with the scalar ones, and a vocabulary read at any moment of a run of
/// edits (typing runs, deletions, jumps, undo, replace-all) equals a rescan. Replay a failure with
/// `CARET_SEED=<seed>`.
@Suite struct SuggestionVocabularyUpkeepTests {
    /// Letters, digits, apostrophes and punctuation that join or split words, combining marks and
    /// format characters that attach to what precedes them, emoji (astral, ZWJ, flags, keycaps),
    /// surrogate-pair letters and ideographs, CJK, Katakana, Hangul, spaces and line breaks.
    static let pieces = [
        "the", "The", "cat", "can't", "don’t", "'", "’", "3", "14", "3.14", "1,000", "a", "b", "x",
        "é", "e\u{301}", "\u{301}", "\u{308}", "\u{200D}", "\u{FE0F}", "\u{AD}", "😀", "👨‍👩‍👧", "🇺🇸",
        "🇫", "1\u{FE0F}\u{20E3}", "中", "文", "中文", "カタカナ", "ｶﾀ", "한국어", "𝒜", "𝒜b", "𠀀", "naïve",
        " ", "  ", "\n", "\t", "\r\n", ".", ",", ":", "_", "-", "\u{3000}", " word ", "snake_case",
    ]

    /// The engine's spellings with their counts, in `String` order. Canonically equivalent
    /// spellings (`é` and `e` + U+0301) are one dictionary key, shown in whichever spelling came
    /// first, and `documentWords` orders by that spelling's scalars; `String` order (and `==`)
    /// treats the two alike, so a vocabulary kept through edits compares equal to a rescan's.
    static func vocabulary(_ engine: SuggestionEngine) -> [String] {
        engine.documentWords.map { "\($0.word):\($0.count)" }.sorted()
    }

    static func rescan(_ text: AttributedText) -> [String] {
        var engine = SuggestionEngine(lexicon: SuggestionFixtures.engine().lexicon)
        engine.addDocumentWords(in: text.string)
        return vocabulary(engine)
    }

    static func randomText(_ rng: inout SeededRandom, pieces count: Int) -> String {
        var string = ""
        for _ in 0..<count { string += pieces[rng.int(in: 0..<pieces.count)] }
        return string
    }

    /// The UTF-16 offsets of `text`'s scalar boundaries.
    static func scalarOffsets(_ text: String) -> [Int] {
        var offsets = [0]
        for scalar in text.unicodeScalars { offsets.append(offsets.last! + scalar.utf16.count) }
        return offsets
    }

    @Test(arguments: SeededRandom.seeds(default: [41, 42, 43]))
    func byteSegmentationFindsTheSameWords(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        for round in 0..<200 {
            let string = Self.randomText(&rng, pieces: rng.int(in: 0..<40))
            var words: [String] = []
            let bytes = Array(string.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                VocabularyBytes.forEachWord(in: buffer) { range in
                    words.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self))
                }
            }
            #expect(words == SuggestionEngine.words(in: string), "seed \(seed), round \(round), text \(string.debugDescription)")
        }
    }

    @Test(arguments: SeededRandom.seeds(default: [51, 52]))
    func byteCutPointsMatchTheScalarOnes(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var scratch: [UInt8] = []
        for round in 0..<40 {
            // Long enough that some searches need a wider second read.
            let string = Self.randomText(&rng, pieces: rng.int(in: 0..<120))
            let text = AttributedText(string)
            for offset in Self.scalarOffsets(string) {
                let before = VocabularyBytes.cut(before: offset, in: text, scratch: &scratch)
                let after = VocabularyBytes.cut(after: offset, in: text, scratch: &scratch)
                #expect(before == VocabularyWindow.cut(before: offset, in: text),
                        "seed \(seed), round \(round), cut before \(offset) in \(string.debugDescription)")
                #expect(after == VocabularyWindow.cut(after: offset, in: text),
                        "seed \(seed), round \(round), cut after \(offset) in \(string.debugDescription)")
            }
        }
    }

    /// Edits mostly next to the previous one (typing and deleting runs), sometimes elsewhere,
    /// sometimes any editor command; the vocabulary is read after a random number of them, so
    /// pending regions of every shape are counted.
    @Test(arguments: SeededRandom.seeds(default: [61, 62, 63, 64, 65, 66]))
    func localEditsMatchARescanWheneverRead(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let start = "Hello world, the cat can't sleep.\n3.14 中文 naïve 😀 don’t e\u{301}t\u{E9} 𝒜b|"
        let editor = try makeEditor(start)
        editor.attachSuggestions(lexicon: SuggestionFixtures.engine().lexicon)
        var drawer = CommandDrawer(rng: SeededRandom(seed: seed &+ 1))
        var position = 0
        var untilRead = rng.int(in: 1...12)
        for step in 0..<700 {
            let offsets = Self.scalarOffsets(editor.text.string)
            var index = offsets.firstIndex(of: position) ?? offsets.count - 1
            if rng.int(in: 0..<10) < 2 {
                index = rng.int(in: 0..<offsets.count)
            } else {
                index = min(offsets.count - 1, max(0, index + rng.int(in: -2...2)))
            }
            let command: EditorCommand
            switch rng.int(in: 0..<20) {
            case 0..<11:
                command = .replaceRange(offsets[index]..<offsets[index], with: drawer.pick(Self.pieces))
            case 11..<16:
                let end = min(offsets.count - 1, index + rng.int(in: 1...3))
                command = .replaceRange(offsets[index]..<offsets[end], with: "")
            case 16..<18:
                let end = min(offsets.count - 1, index + rng.int(in: 0...8))
                command = .replaceRange(offsets[index]..<offsets[end], with: drawer.pick(Self.pieces))
            default:
                command = drawer.next(for: editor)
            }
            do {
                try editor.perform(command)
            } catch is EditorError {
                continue
            }
            if case .replaceRange(let range, let string) = command {
                position = range.lowerBound + string.utf16.count
            } else {
                position = editor.selection.head
            }
            untilRead -= 1
            if untilRead == 0 || step == 699 {
                untilRead = rng.int(in: 1...12)
                let expected = Self.rescan(editor.text)
                let actual = Self.vocabulary(try #require(editor.suggestionEngine))
                #expect(actual == expected, "seed \(seed), step \(step), after \(command) on \(editor.text.string.debugDescription)")
                if actual != expected { return }
            }
        }
        #expect(editor.suggestionState?.rescanCount == 0, "every change was applied incrementally")
    }

    @Test func aTypingRunIsCountedOnceWhenRead() throws {
        let editor = try makeEditor("alpha | omega")
        editor.attachSuggestions(lexicon: SuggestionFixtures.engine().lexicon)
        let state = try #require(editor.suggestionState)
        let settled = state.settleCount
        for character in "hello wor" { try editor.perform(.insertText(String(character))) }
        try editor.perform(.deleteBackward)
        #expect(state.settleCount == settled, "typing inside the pending region counts nothing yet")
        #expect(Self.vocabulary(try #require(editor.suggestionEngine)) == ["alpha:1", "hello:1", "omega:1", "wo:1"])
        #expect(state.settleCount == settled + 1)
    }

    @Test func anEditElsewhereCountsThePendingRegionFirst() throws {
        let editor = try makeEditor("one two| three\n\nfour five")
        editor.attachSuggestions(lexicon: SuggestionFixtures.engine().lexicon)
        try editor.perform(.insertText("s"))
        // Far before, then far after the pending region: each counts the previous region.
        try editor.perform(.replaceRange(0..<3, with: "zero"))
        try editor.perform(.replaceRange(editor.text.utf16Count - 4..<editor.text.utf16Count, with: "5"))
        #expect(editor.suggestionState?.settleCount == 2)
        #expect(Self.vocabulary(try #require(editor.suggestionEngine)) == ["four:1", "three:1", "twos:1", "zero:1"])
    }

    @Test func aReplaceAllWhileARegionIsPending() throws {
        let editor = try makeEditor("the cat and the dog|")
        editor.attachSuggestions(lexicon: SuggestionFixtures.engine().lexicon)
        try editor.perform(.insertText("s"))
        try editor.perform(.replaceAll(FindQuery("the"), with: "a"))
        #expect(Self.vocabulary(try #require(editor.suggestionEngine)) == ["a:2", "and:1", "cat:1", "dogs:1"])
        try editor.perform(.undo)
        try editor.perform(.undo)
        #expect(Self.vocabulary(try #require(editor.suggestionEngine)) == ["and:1", "cat:1", "dog:1", "the:2"])
    }
}
