/// The suggestions for the word at an editor's selection: the word, whether the engine knows it,
/// and the ranked completions and corrections (`Editor.suggestionsAtSelection(limit:)`).
public struct SelectionSuggestions: Hashable, Sendable {
    /// The word the suggestions are for; applying one replaces this range.
    public var word: DocumentWord
    /// Whether the engine knows the word (learned, in the document, or in the lexicon).
    public var isKnown: Bool
    /// Words that start with the word, best first.
    public var completions: [Suggestion]
    /// Known words within two edits of the word, best first (empty for a known word).
    public var corrections: [Suggestion]

    /// Creates the suggestions for `word`.
    public init(word: DocumentWord, isKnown: Bool, completions: [Suggestion], corrections: [Suggestion]) {
        self.word = word
        self.isKnown = isKnown
        self.completions = completions
        self.corrections = corrections
    }
}
