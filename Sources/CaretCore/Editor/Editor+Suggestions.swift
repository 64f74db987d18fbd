// Per-editor suggestions: an optional `SuggestionEngine` whose document vocabulary follows every
// change, queries for the word at the selection, and the `applySuggestion` / `learnWord` commands.

extension Editor {
    /// The editor's suggestion engine (lexicon, document vocabulary, learned words), or nil when
    /// none is attached.
    public var suggestionEngine: SuggestionEngine? { suggestionState?.settledEngine(in: text) }

    /// Attaches a suggestion engine over `lexicon`, replacing any attached one (its learned words are
    /// kept). The document is scanned once; from then on each change re-segments only the words
    /// around the edited ranges.
    /// - Complexity: O(n) in the document, once.
    public func attachSuggestions(lexicon: Lexicon, weights: SuggestionEngine.Weights = .init()) {
        var engine = SuggestionEngine(lexicon: lexicon, weights: weights)
        for word in suggestionState?.engine.learnedWords ?? [] { engine.learn(word) }
        detachSuggestions()
        VocabularyWindow.forEachWord(in: text) { engine.addDocumentWord($0) }
        // Every command that changes the text updates it (`updateVocabulary()`) before observers
        // hear of the change, so they already see the new vocabulary.
        suggestionState = EditorSuggestionState(engine: engine)
    }

    /// Drops the suggestion engine and stops following changes.
    public func detachSuggestions() {
        suggestionState = nil
    }

    /// The word at the selection (`wordAtSelection()`) with its completions and corrections, or nil
    /// when no engine is attached or there is no word. Completions are for the whole word; a known
    /// word has no corrections. The word's own occurrence in the document does not count as knowing
    /// it (a second occurrence does).
    public func suggestionsAtSelection(limit: Int = 10) -> SelectionSuggestions? {
        guard let engine = suggestionState?.settledEngine(in: text), let word = wordAtSelection() else { return nil }
        // The word's own occurrence does not make it known (otherwise every typo would be).
        let counted = SuggestionEngine.words(in: word.string) == [word.string]
        return SelectionSuggestions(
            word: word, isKnown: engine.isKnown(word.string, discountingOne: counted),
            completions: engine.completions(for: word.string, limit: limit),
            corrections: engine.corrections(for: word.string, limit: limit, maxDistance: 2,
                                            discountingOne: counted))
    }

    /// Replaces `word` with `suggestion` (performs `applySuggestion`): one undo step; the
    /// replacement takes the attributes of the word's first character; the caret ends after it.
    /// - Throws: `EditorError.invalidPosition` when the word's range is no longer valid.
    public func apply(_ suggestion: Suggestion, to word: DocumentWord) throws {
        try perform(.applySuggestion(suggestion.word, range: word.range))
    }

    /// Learns `word` for this editor (performs `learnWord`): it is known and ranked first from now on.
    /// Without an attached engine, attaches one over an empty lexicon first.
    /// - Throws: `EditorError.badArgument` for an empty word.
    public func learnWord(_ word: String) throws {
        try perform(.learnWord(word))
    }

    // MARK: Commands

    func applySuggestion(_ word: String, to range: Range<Int>) throws {
        try checked { try text.validate(range) }
        let attributes = range.isEmpty
            ? try text.inheritedTypingAttributes(at: range.lowerBound)
            : try text.attributes(at: range.lowerBound)
        try apply(TextEdit(range: range, replacement: AttributedText(word, attributes: attributes)))
        // Typing continues in the word's attributes even when the caret did not move.
        selection = Selection(caret: try snappedForward(range.lowerBound + word.utf16.count))
        typingAttributes = inherited(for: selection)
    }

    func learn(_ word: String) throws {
        guard !word.isEmpty else {
            throw EditorError.badArgument(command: "learnWord", argument: "word", message: "must not be empty")
        }
        // Learning is per editor; an editor without a word list learns into an empty lexicon.
        if suggestionState == nil { attachSuggestions(lexicon: Lexicon(wordList: WordList(entries: []))) }
        suggestionState!.engine.learn(word)
    }

    // MARK: Following changes

    /// Updates the vocabulary for the command in progress (`pendingEdits`, `pendingInverses`).
    /// What each edit replaced is its inverse's replacement; an attribute change leaves the words
    /// as they are. One edit is only noted (`EditorSuggestionState.noteEdit`): its words are
    /// counted when the engine is next read or an edit lands elsewhere. Several edits are counted
    /// at once, each from a window around it. If an inverse does not match its edit, the document
    /// is rescanned.
    func updateVocabulary() {
        guard let state = suggestionState else { return }
        if pendingEdits.count == 1, let edit = pendingEdits.first, let inverse = pendingInverses.first {
            // The usual case: one edit, and the document right after it is the current one.
            guard inverse.range == edit.replacementRange else { return rescanVocabulary(state) }
            guard let removed = Editor.replacedString(edit, inverse) else { return }
            state.noteEdit(replaced: inverse.range, removed: removed, in: text)
            return
        }
        let edits = Array(sequence: pendingEdits)
        let inverses = Array(sequence: pendingInverses)
        guard edits.count == inverses.count,
              zip(edits, inverses).allSatisfy({ $0.1.range == $0.0.replacementRange }) else { return rescanVocabulary(state) }
        // Walk back from the current document, undoing each edit's characters in turn, so each
        // window is read in the document just after its edit.
        var document = text
        var differences: [(removed: [String], inserted: [String])] = []
        for (edit, inverse) in zip(edits, inverses).reversed() {
            guard let removed = Editor.replacedString(edit, inverse) else { continue }
            differences.append(VocabularyWindow.difference(replaced: inverse.range, removed: removed, in: document))
            try? document.replaceSubrange(inverse.range, with: removed, attributes: Attributes())
        }
        // `document` is now the text before this command, where the pending region is counted.
        state.settle(in: document)
        for difference in differences.reversed() {
            state.engine.applyWordDifference(removed: difference.removed, inserted: difference.inserted)
        }
    }

    func rescanVocabulary(_ state: EditorSuggestionState) {
        state.discardPending()
        state.engine.rescanDocument(text)
        state.rescanCount += 1
    }

    /// The characters `edit` replaced (its inverse's replacement), or nil when it changed only
    /// attributes.
    static func replacedString(_ edit: EditRecord, _ inverse: EditRecord) -> String? {
        switch edit.replacement {
        case .restyle, .runs: return nil
        case .plain, .rich: break
        }
        switch inverse.replacement {
        case .plain(let string, _, _): return string
        case .rich(let text): return text.string
        case .restyle, .runs: return nil
        }
    }
}
