/// Completions and corrections for one editor, as `UITextChecker` gives on iOS: a shared `Lexicon`
/// plus this editor's document vocabulary and learned words, merged into one deterministic ranking.
///
/// The merged frequency of a word is
/// `lexicon frequency + documentCount × weights.documentWeight + (learned ? weights.learnedBonus : 0)`.
/// Ranking: completions by merged frequency (descending), then source (learned, document, word
/// list), then word in Unicode scalar order; corrections by distance first, then the same.
///
/// The document vocabulary is updated incrementally: apply each edit's removed and inserted words
/// with `applyDocumentEdit(removed:inserted:)`; nothing is rescanned.
public struct SuggestionEngine: Sendable {
    /// How document counts and learned words weigh against the lexicon's frequencies.
    public struct Weights: Hashable, Sendable {
        /// Added to a word's frequency per occurrence in the document.
        public var documentWeight: Int
        /// Added to a learned word's frequency.
        public var learnedBonus: Int

        /// Creates weights. With the recommended frequency list (counts from about 12,700 to
        /// 2.3 × 10¹⁰, median about 230,000), one occurrence in the document (1,000,000) lifts a word
        /// above roughly three quarters of the listed words, and a learned word (10,000,000) above
        /// nine tenths; common words still come first. Without frequencies (every word 1), document
        /// and learned words come before all listed words.
        public init(documentWeight: Int = 1_000_000, learnedBonus: Int = 10_000_000) {
            self.documentWeight = documentWeight
            self.learnedBonus = learnedBonus
        }
    }

    /// The longest word, in UTF-16 units, that gets completions or corrections; a longer one gets
    /// none. No word of a real lexicon is that long, and the cost of a query grows with the word
    /// (a correction compares it with every candidate of similar length, in time proportional to
    /// the product of their lengths), so a 100,000-letter run without spaces must not be asked about.
    public static let maxWordLength = 64

    /// The shared word list.
    public let lexicon: Lexicon
    /// The weights of document and learned words.
    public var weights: Weights

    /// Per key: document counts and learned state. Only looked up, never iterated into output.
    var entries: [String: VocabularyEntry] = [:]
    /// The sorted keys and deletion hashes of `entries`, brought up to date when a query needs them.
    private var index = VocabularyIndex()

    /// The keys of `entries`, sorted in scalar order (for prefix queries), and the deletion hashes
    /// of those the lexicon lacks (for corrections).
    var settledIndex: (sortedKeys: [String], deletions: [UInt64: [String]]) {
        let storage = lexicon.storage
        return index.settled(entries: entries, prefixLength: storage.deletion.prefixLength) { storage.id(ofKey: $0) != nil }
    }

    /// The keys of `entries`, sorted in scalar order.
    var sortedKeys: [String] { settledIndex.sortedKeys }

    /// Creates an engine over `lexicon` with an empty document and nothing learned.
    public init(lexicon: Lexicon, weights: Weights = Weights()) {
        self.lexicon = lexicon
        self.weights = weights
    }

    /// Whether the lexicon has real frequencies (see `Lexicon.hasFrequencies`).
    public var hasFrequencies: Bool { lexicon.hasFrequencies }

    // MARK: Document vocabulary

    /// Counts `count` more occurrences of `word` in the document.
    /// - Complexity: O(log m + word length²) for m document words, plus O(m) when the word is new.
    public mutating func addDocumentWord(_ word: String, count: Int = 1) {
        guard count > 0, !word.isEmpty else { return }
        update(key: word.lowercased()) { entry in
            entry.variants[word, default: 0] += count
            entry.documentCount += count
        }
    }

    /// Counts `count` fewer occurrences of `word` (as spelled); returns false, changing nothing, when
    /// the document vocabulary has fewer than `count` of that spelling.
    @discardableResult
    public mutating func removeDocumentWord(_ word: String, count: Int = 1) -> Bool {
        let key = word.lowercased()
        guard count > 0, let have = entries[key]?.variants[word], have >= count else { return false }
        update(key: key) { entry in
            entry.variants[word] = have == count ? nil : have - count
            entry.documentCount -= count
        }
        return true
    }

    /// Applies one edit: the words it removed, then the words it inserted.
    public mutating func applyDocumentEdit(removed: [String], inserted: [String]) {
        for word in removed { removeDocumentWord(word) }
        for word in inserted { addDocumentWord(word) }
    }

    /// Adds every word of `text` (see `words(in:)`) to the document vocabulary.
    public mutating func addDocumentWords(in text: String) {
        for word in SuggestionEngine.words(in: text) { addDocumentWord(word) }
    }

    /// The words of `text`, in order: its word-like segments (`WordSegmentation`) that hold a letter.
    public static func words(in text: String) -> [String] {
        let view = text.unicodeScalars
        let scalars = Array(view)
        let bounds = WordSegmentation.boundaries(scalars)
        var words: [String] = []
        // Each word is cut from `text` by index (one copy), not rebuilt scalar by scalar.
        var index = view.startIndex
        var position = 0
        for k in 0..<(bounds.count - 1) {
            let lower = bounds[k]
            let upper = bounds[k + 1]
            guard scalars[lower..<upper].contains(where: isLetter) else { continue }
            while position < lower {
                view.formIndex(after: &index)
                position += 1
            }
            var end = index
            while position < upper {
                view.formIndex(after: &end)
                position += 1
            }
            words.append(String(view[index..<end]))
            index = end
        }
        return words
    }

    /// Whether `scalar` is alphabetic (`Unicode.Scalar.Properties.isAlphabetic`), without the
    /// property lookup for ASCII.
    @inline(__always)
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            let folded = scalar.value | 0x20
            return folded >= 0x61 && folded <= 0x7A
        }
        return scalar.properties.isAlphabetic
    }

    /// How often `word` occurs in the document, all spellings together (`The` and `the`).
    public func documentCount(of word: String) -> Int {
        entries[word.lowercased()]?.documentCount ?? 0
    }

    /// Every spelling in the document vocabulary with its count, in Unicode scalar order.
    public var documentWords: [(word: String, count: Int)] {
        var result: [(word: String, count: Int)] = []
        for key in sortedKeys {
            guard let variants = entries[key]?.variants else { continue }
            for word in variants.keys.sorted(by: SuggestionCandidate.precedes) {
                result.append((word, variants[word]!))
            }
        }
        result.sort { SuggestionCandidate.precedes($0.word, $1.word) }
        return result
    }

    // MARK: Learned words

    /// Learns `word` for this editor: it is known from now on and ranked with `learnedBonus`.
    public mutating func learn(_ word: String) {
        guard !word.isEmpty else { return }
        update(key: word.lowercased()) { $0.learnedForm = word }
    }

    /// Forgets a learned word (its document occurrences and lexicon entry stay).
    public mutating func forget(_ word: String) {
        let key = word.lowercased()
        guard entries[key]?.learnedForm != nil else { return }
        update(key: key) { $0.learnedForm = nil }
    }

    /// Whether `word` was learned (case-insensitive).
    public func isLearned(_ word: String) -> Bool {
        entries[word.lowercased()]?.learnedForm != nil
    }

    /// Whether `word` is known: learned, in the document, or in the lexicon (see `Lexicon.contains`).
    public func contains(_ word: String) -> Bool {
        if let entry = entries[word.lowercased()], !entry.isEmpty { return true }
        return lexicon.contains(word)
    }

    // MARK: Bookkeeping

    /// Changes the entry of `key`, noting it for the indexes when it appears or disappears.
    mutating func update(key: String, _ change: (inout VocabularyEntry) -> Void) {
        var existed = true
        let storage = lexicon.storage
        // One hash lookup for the usual case (the key stays): the entry is changed in place.
        let emptied = SuggestionEngine.change(&entries[key, default: {
            existed = false
            return VocabularyEntry(baseID: storage.id(ofKey: key))
        }()], change)
        if emptied {
            entries[key] = nil
            if existed { noteIndexChange(key) }
        } else if !existed {
            noteIndexChange(key)
        }
    }

    private static func change(_ entry: inout VocabularyEntry, _ body: (inout VocabularyEntry) -> Void) -> Bool {
        body(&entry)
        return entry.isEmpty
    }

    private mutating func noteIndexChange(_ key: String) {
        if !isKnownUniquelyReferenced(&index) { index = index.copy() }
        index.note(key)
    }

    /// The first index of `keys` (in scalar order) whose key does not precede `key` (where `key` is
    /// or would be inserted).
    /// - Complexity: O(log n) comparisons.
    static func lowerBound(of key: String, in keys: [String]) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if SuggestionCandidate.precedes(keys[mid], key) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
