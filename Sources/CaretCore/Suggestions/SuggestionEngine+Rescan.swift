extension SuggestionEngine {
    /// The learned words, in scalar order of their keys.
    var learnedWords: [String] { sortedKeys.compactMap { entries[$0]?.learnedForm } }

    /// Forgets every document occurrence (learned words stay).
    mutating func removeAllDocumentWords() {
        for key in Array(entries.keys) {
            update(key: key) { entry in
                entry.variants = [:]
                entry.documentCount = 0
            }
        }
    }

    /// Replaces the document vocabulary with the words of `text` (a full scan).
    mutating func rescanDocument(_ text: AttributedText) {
        removeAllDocumentWords()
        VocabularyWindow.forEachWord(in: text) { addDocumentWord($0) }
    }

    /// Applies the words one change removed and inserted, cancelling words on both sides so that
    /// only real differences touch the indexes.
    mutating func applyWordDifference(removed: [String], inserted: [String]) {
        let old = removed.sorted(by: SuggestionCandidate.precedes)
        let new = inserted.sorted(by: SuggestionCandidate.precedes)
        var i = 0
        var j = 0
        var gone: [String] = []
        var added: [String] = []
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && SuggestionCandidate.precedes(old[i], new[j])) {
                gone.append(old[i])
                i += 1
            } else if i == old.count || SuggestionCandidate.precedes(new[j], old[i]) {
                added.append(new[j])
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
        applyDocumentEdit(removed: gone, inserted: added)
    }
}
