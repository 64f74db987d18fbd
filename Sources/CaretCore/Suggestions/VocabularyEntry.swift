/// What an editor adds to one lexicon key: its document counts per spelling and whether it was
/// learned.
struct VocabularyEntry: Sendable {
    /// Occurrences in the document, per spelling as written (`The`, `the`).
    var variants: [String: Int] = [:]
    /// The sum of `variants`.
    var documentCount = 0
    /// The spelling given to `learn(_:)`, when the word is learned.
    var learnedForm: String?
    /// The key's index in the base lexicon, if the lexicon has it.
    let baseID: Int?

    init(baseID: Int?) { self.baseID = baseID }

    /// Whether the entry still adds anything (otherwise it is dropped).
    var isEmpty: Bool { documentCount == 0 && learnedForm == nil }

    /// The highest-priority source of this key.
    var source: Suggestion.Source {
        if learnedForm != nil { return .learned }
        if documentCount > 0 { return .document }
        return .wordList
    }

    /// The display form of a key the base lexicon lacks: the lowercase spelling when seen, else the
    /// learned spelling, else the most frequent spelling (ties: first in scalar order).
    func display(key: String) -> String {
        if variants[key] != nil || learnedForm == key { return key }
        if let learned = learnedForm { return learned }
        var best: (word: String, count: Int)? = nil
        for (word, count) in variants {
            if let b = best {
                if count < b.count { continue }
                if count == b.count && !SuggestionCandidate.precedes(word, b.word) { continue }
            }
            best = (word, count)
        }
        return best?.word ?? key
    }
}
