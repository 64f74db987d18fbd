/// One word offered for a partial or misspelled word, as `UITextChecker` offers completions and
/// guesses.
///
/// Suggestions from one query are ordered best first, and the order is total: the same lexicon,
/// vocabulary and query give the same array in any process.
public struct Suggestion: Hashable, Sendable {
    /// Whether a suggestion completes a prefix or corrects a misspelling.
    public enum Kind: Hashable, Sendable {
        /// A word that starts with the typed prefix (case-insensitively).
        case completion
        /// A known word within a small edit distance of a word the lexicon lacks.
        case correction
    }

    /// Where a word comes from; when words tie on frequency, the lower raw value ranks first.
    public enum Source: Int, Hashable, Comparable, Sendable {
        /// Learned in this editor with `SuggestionEngine.learn(_:)`.
        case learned = 0
        /// Counted in the document's vocabulary.
        case document = 1
        /// Loaded from a word-list file.
        case wordList = 2

        /// Orders sources by priority (learned first).
        public static func < (lhs: Source, rhs: Source) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The suggested word, in the typed capitalisation (`Teh` → `The`, `TEH` → `THE`), otherwise in
    /// the lexicon's own casing (proper nouns keep their capital).
    public var word: String
    /// Completion or correction.
    public var kind: Kind
    /// Edit distance (optimal string alignment, over lowercased Unicode scalars) from the typed word;
    /// always 0 for completions.
    public var distance: Int
    /// The merged frequency the ranking used (see `SuggestionEngine.Weights`).
    public var frequency: Int
    /// The highest-priority source that holds the word.
    public var source: Source

    /// Creates a suggestion.
    public init(word: String, kind: Kind, distance: Int, frequency: Int, source: Source) {
        self.word = word
        self.kind = kind
        self.distance = distance
        self.frequency = frequency
        self.source = source
    }
}
