/// An immutable, indexed word list with frequencies: the shared base that every editor's
/// `SuggestionEngine` ranks against. Cheap to copy and to share between editors.
///
/// Words are looked up by key: the word lowercased. A key keeps one display form: the lowercase word
/// when the list has it, otherwise its capitalised form (a proper noun such as `Paris`; among several,
/// the first in Unicode scalar order).
public struct Lexicon: Sendable {
    /// How word-list entries become lexicon words.
    public struct Options: Hashable, Sendable {
        /// Whether possessives (`apple's`, `apple’s`) become words of their own. Off by default: the
        /// lexicon accepts a possessive when it holds its stem, and never suggests one.
        public var includesPossessives: Bool
        /// How many leading scalars of each word the correction index is built from (default 7).
        /// Results are the same for any value; smaller values make the index smaller and each
        /// correction query verify more candidates.
        public var correctionPrefixLength: Int
        /// Whether to build the correction index (default true). Without it a lexicon builds about
        /// twice as fast and takes half the memory, and each correction query scans every word
        /// instead (milliseconds for 100k words) — the better trade for a process that asks once.
        public var indexesCorrections: Bool

        /// Creates options.
        public init(includesPossessives: Bool = false, correctionPrefixLength: Int = 7, indexesCorrections: Bool = true) {
            self.includesPossessives = includesPossessives
            self.correctionPrefixLength = correctionPrefixLength
            self.indexesCorrections = indexesCorrections
        }
    }

    let storage: LexiconStorage

    /// Builds a lexicon from a word list and, optionally, a separate frequency list (`word count`
    /// lines). Every word of `wordList` is in the lexicon; `frequencies` only supplies counts (the
    /// word's key is looked up case-insensitively; words missing from it get frequency 0). Without
    /// either frequency source every word has frequency 1 and `hasFrequencies` is false.
    /// - Complexity: O(n log n + n × L³) for n words of length L (the correction index).
    public init(wordList: WordList, frequencies: WordList? = nil, options: Options = Options()) {
        storage = LexiconStorage(wordList: wordList, frequencies: frequencies, options: options)
    }

    /// Parses and builds in one step: see `WordList.init(parsing:malformedLines:)` and
    /// `init(wordList:frequencies:options:)`.
    /// - Throws: `WordListError` for a malformed line in either file.
    public init(wordListContents: String, frequencyContents: String? = nil, options: Options = Options()) throws {
        let words = try WordList(parsing: wordListContents)
        let counts = try frequencyContents.map { try WordList(parsing: $0) }
        self.init(wordList: words, frequencies: counts, options: options)
    }

    /// The number of distinct words (keys).
    public var count: Int { storage.keys.count }

    /// Whether word frequencies came from a frequency column or list; when false, every word has
    /// frequency 1 and completions rank alphabetically.
    public var hasFrequencies: Bool { storage.hasFrequencies }

    /// Whether the lexicon knows `word`: case-insensitively, except that a proper noun needs its
    /// leading capital (`Paris`, `PARIS`, not `paris`); a possessive is known when its stem is.
    /// - Complexity: O(log n × word length).
    public func contains(_ word: String) -> Bool {
        if let id = storage.id(ofKey: word.lowercased()) {
            return storage.acceptsCasing(of: word, id: id)
        }
        if let stem = Lexicon.possessiveStem(word), let id = storage.id(ofKey: stem.lowercased()) {
            return storage.acceptsCasing(of: stem, id: id)
        }
        return false
    }

    /// The frequency of `word` (case-insensitive), or nil when the lexicon lacks it.
    public func frequency(of word: String) -> Int? {
        storage.id(ofKey: word.lowercased()).map { storage.frequencies[$0] }
    }

    /// The word in the lexicon's own casing (`paris` → `Paris`), or nil when the lexicon lacks it.
    public func displayForm(of word: String) -> String? {
        storage.id(ofKey: word.lowercased()).map { storage.display($0) }
    }

    /// Approximate bytes held by the lexicon's tables and indexes (keys, frequencies, completion
    /// tree, correction index).
    public var memoryBytes: Int { storage.memoryBytes }

    /// The stem of a possessive (`apple's` → `apple`), or nil.
    static func possessiveStem(_ word: String) -> String? {
        // On the UTF-8 bytes: `'s` is 27 73, `’s` is E2 80 99 73 (either case of s); the stem must
        // keep at least one scalar.
        let bytes = Array(word.utf8)
        let n = bytes.count
        guard n > 2, bytes[n - 1] == UInt8(ascii: "s") || bytes[n - 1] == UInt8(ascii: "S") else { return nil }
        var cut = 0
        if bytes[n - 2] == UInt8(ascii: "'") {
            cut = 2
        } else if n > 4, bytes[n - 4] == 0xE2, bytes[n - 3] == 0x80, bytes[n - 2] == 0x99 {
            cut = 4
        } else {
            return nil
        }
        return String(decoding: bytes[..<(n - cut)], as: UTF8.self)
    }
}
