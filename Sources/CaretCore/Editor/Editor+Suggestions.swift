// Per-editor suggestions: an optional `SuggestionEngine` whose document vocabulary follows every
// change, queries for the word at the selection, and the `applySuggestion` / `learnWord` commands.

extension Editor {
    /// The editor's suggestion engine (lexicon, document vocabulary, learned words), or nil when
    /// none is attached.
    public var suggestionEngine: SuggestionEngine? { suggestionState?.engine }

    /// Attaches a suggestion engine over `lexicon`, replacing any attached one (its learned words are
    /// kept). The document is scanned once; from then on each change re-segments only the words
    /// around the edited ranges.
    /// - Complexity: O(n) in the document, once.
    public func attachSuggestions(lexicon: Lexicon, weights: SuggestionEngine.Weights = .init()) {
        var engine = SuggestionEngine(lexicon: lexicon, weights: weights)
        for word in suggestionState?.engine.learnedWords ?? [] { engine.learn(word) }
        detachSuggestions()
        VocabularyWindow.forEachWord(in: text) { engine.addDocumentWord($0) }
        let state = EditorSuggestionState(engine: engine)
        suggestionState = state
        nextObserverID += 1
        let id = nextObserverID
        // First in line, so that other observers already see the updated vocabulary.
        observers.insert((id, { [weak self] event in
            guard let self, case .textChanged(let change) = event else { return }
            self.updateVocabulary(for: change)
        }), at: 0)
        state.observation = EditorObservation(id: id)
    }

    /// Drops the suggestion engine and stops following changes.
    public func detachSuggestions() {
        if let observation = suggestionState?.observation { removeObserver(observation) }
        suggestionState = nil
    }

    /// The word at the selection (`wordAtSelection()`) with its completions and corrections, or nil
    /// when no engine is attached or there is no word. Completions are for the whole word; a known
    /// word has no corrections. The word's own occurrence in the document does not count as knowing
    /// it (a second occurrence does).
    public func suggestionsAtSelection(limit: Int = 10) -> SelectionSuggestions? {
        guard let engine = suggestionState?.engine, let word = wordAtSelection() else { return nil }
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

    /// Updates the vocabulary for one change: per edit, the words of a window around it before and
    /// after. What each edit replaced comes from the undo step the change recorded (the inverses);
    /// if that cannot be matched, the document is rescanned.
    func updateVocabulary(for change: EditorChange) {
        guard let state = suggestionState else { return }
        guard let removed = replacedTexts(for: change) else {
            state.engine.rescanDocument(text)
            state.rescanCount += 1
            return
        }
        var document = text
        var differences: [(removed: [String], inserted: [String])] = []
        for (edit, old) in zip(change.edits, removed).reversed() {
            differences.append(VocabularyWindow.difference(edit: edit, removed: old, in: document))
            if change.edits.count > 1 { try? document.replaceSubrange(edit.replacementRange, with: old) }
        }
        for difference in differences.reversed() {
            state.engine.applyWordDifference(removed: difference.removed, inserted: difference.inserted)
        }
    }

    /// The text each edit of `change` replaced: the replacements of the inverses the command
    /// recorded (`notifiedInverses`), or nil if they do not match the change.
    func replacedTexts(for change: EditorChange) -> [AttributedText]? {
        guard notifiedInverses.count == change.edits.count else { return nil }
        var replaced: [AttributedText] = []
        var index = 0
        var matches = true
        notifiedInverses.forEach { inverse in
            let edit = change.edits[index]
            index += 1
            // The inverse covers exactly what the edit inserted.
            guard inverse.range == edit.replacementRange else {
                matches = false
                return
            }
            switch inverse.replacement {
            case .plain(let string, let attributes, _): replaced.append(AttributedText(string, attributes: attributes))
            case .rich(let text): replaced.append(text)
            // An attribute change leaves the characters as they are.
            case .restyle, .runs: replaced.append(edit.replacement)
            }
        }
        return matches ? replaced : nil
    }
}
