extension SuggestionEngine {
    /// Words that start with `prefix` (case-insensitively), best first, at most `limit`; the typed
    /// word itself is not offered. Casing follows the prefix (`Th` → `The`, `TH` → `THE`); an empty
    /// prefix gives the most frequent words; one longer than `maxWordLength` UTF-16 units gets none.
    /// - Complexity: O(log n × prefix length + limit × log n) in the lexicon, plus the document and
    ///   learned words with that prefix.
    public func completions(for prefix: String, limit: Int = 10) -> [Suggestion] {
        guard limit > 0, prefix.utf16.count <= SuggestionEngine.maxWordLength else { return [] }
        let key = prefix.lowercased()
        let keyBytes = Array(key.utf8)
        var candidates: [SuggestionCandidate] = []
        // Document and learned words with the prefix (they may outrank their lexicon order).
        let sortedKeys = self.sortedKeys
        var at = SuggestionEngine.lowerBound(of: key, in: sortedKeys)
        while at < sortedKeys.count, sortedKeys[at].utf8.starts(with: keyBytes) {
            let word = sortedKeys[at]
            at += 1
            if word == key { continue }
            candidates.append(candidate(key: word, entry: entries[word], baseID: nil, distance: 0))
        }
        // Lexicon words best first, skipping those already counted, until `limit` are taken.
        let storage = lexicon.storage
        var taken = 0
        storage.completion.forEachRanked(in: storage.keys.range(withPrefix: keyBytes)) { id in
            let word = storage.keys.key(id)
            if word == key || entries[word] != nil { return true }
            candidates.append(candidate(key: word, entry: nil, baseID: id, distance: 0))
            taken += 1
            return taken < limit
        }
        candidates.sort(by: SuggestionCandidate.ranksBefore)
        let shape = CaseShape(of: prefix)
        return candidates.prefix(limit).map { $0.suggestion(kind: .completion, shape: shape) }
    }

    /// Known words within `maxDistance` (at most 2) edits of `word`, for a word the engine does not
    /// know (a known word gets `[]`). Distance is optimal string alignment (Damerau–Levenshtein
    /// without editing a substring twice) over the lowercased word's Unicode scalars. Ranked by
    /// distance, then merged frequency, source and word; casing follows the typed word (`Teh` →
    /// `The`, `TEH` → `THE`, `teh` → `the`). A proper noun typed in lower case (`paris`) gets its
    /// capitalised form at distance 0. A word longer than `maxWordLength` UTF-16 units gets none.
    /// - Complexity: O(L² log n) index look-ups for a word of length L, plus verification of the
    ///   candidates found; never a scan of the lexicon.
    public func corrections(for word: String, limit: Int = 10, maxDistance: Int = 2) -> [Suggestion] {
        corrections(for: word, limit: limit, maxDistance: maxDistance, discountingOne: false)
    }

    /// Whether `word` is known when one occurrence of it in the document is not counted (the one
    /// under the caret: typing a word must not make it known to itself).
    func isKnown(_ word: String, discountingOne: Bool) -> Bool {
        guard discountingOne else { return contains(word) }
        if lexicon.contains(word) { return true }
        guard let entry = entries[word.lowercased()] else { return false }
        if entry.learnedForm != nil { return true }
        let own = (entry.variants[word] ?? 0) > 0 ? 1 : 0
        return entry.documentCount - own > 0
    }

    /// Corrections, optionally for an occurrence in the document that should not vouch for itself.
    func corrections(for word: String, limit: Int, maxDistance: Int, discountingOne: Bool) -> [Suggestion] {
        guard limit > 0, !word.isEmpty, word.utf16.count <= SuggestionEngine.maxWordLength,
              !isKnown(word, discountingOne: discountingOne) else { return [] }
        let limitDistance = min(max(maxDistance, 0), 2)
        let key = word.lowercased()
        let query = key.unicodeScalars.map(\.value)
        var hashes: [UInt64] = []
        DeletionIndex.deletionHashes(query, maxDeletes: limitDistance,
                                     prefixLength: lexicon.storage.deletion.prefixLength, into: &hashes)

        var candidates: [SuggestionCandidate] = []
        let storage = lexicon.storage
        var ids: [Int] = []
        if storage.scansForCorrections {
            ids = Array(0..<storage.keys.count)
        } else {
            storage.deletion.forEachCandidate(hashes: hashes) { ids.append($0) }
            ids.sort()
        }
        var previous = -1
        var scalars: [UInt32] = []
        for id in ids where id != previous {
            previous = id
            // A key has at least as many bytes as scalars: too short a key is out of reach.
            if storage.keys.byteCount(id) < query.count - limitDistance { continue }
            storage.keys.decodeScalars(id, into: &scalars)
            guard let distance = EditDistance.optimalStringAlignment(
                query, scalars, limit: limitDistance) else { continue }
            let candidateKey = storage.keys.key(id)
            var found = candidate(key: candidateKey, entry: entries[candidateKey], baseID: id, distance: distance)
            if discountingOne && candidateKey == key, let entry = entries[key], (entry.variants[word] ?? 0) > 0 {
                // The typed occurrence itself (`th` for the lexicon's `Th`) adds nothing to the ranking.
                let (less, overflow) = found.frequency.subtractingReportingOverflow(weights.documentWeight)
                found.frequency = overflow ? (weights.documentWeight > 0 ? Int.min : Int.max) : less
                if entry.documentCount == 1 && entry.learnedForm == nil { found.source = .wordList }
            }
            candidates.append(found)
        }
        // Document and learned words the lexicon lacks.
        var others: [String] = []
        let deletions = settledIndex.deletions
        for hash in hashes { others.append(contentsOf: deletions[hash] ?? []) }
        others.sort(by: SuggestionCandidate.precedes)
        var last: String? = nil
        for other in others where other != last {
            last = other
            if discountingOne && other == key { continue }
            guard let distance = EditDistance.optimalStringAlignment(
                query, other.unicodeScalars.map(\.value), limit: limitDistance) else { continue }
            candidates.append(candidate(key: other, entry: entries[other], baseID: nil, distance: distance))
        }
        candidates.sort(by: SuggestionCandidate.ranksBefore)
        let shape = CaseShape(of: word)
        return candidates.prefix(limit).map { $0.suggestion(kind: .correction, shape: shape) }
    }

    /// The merged ranking data of `key`: `entry` is its vocabulary entry if any, `baseID` its lexicon
    /// index if already known.
    func candidate(key: String, entry: VocabularyEntry?, baseID: Int?, distance: Int) -> SuggestionCandidate {
        let storage = lexicon.storage
        let id = baseID ?? entry?.baseID
        var frequency = id.map { storage.frequencies[$0] } ?? 0
        var source = Suggestion.Source.wordList
        var display = id.map { storage.display($0) } ?? key
        if let entry {
            // A word list may give a frequency up to Int.max: the merge saturates instead of trapping.
            let (document, productOverflow) = entry.documentCount.multipliedReportingOverflow(by: weights.documentWeight)
            frequency = SuggestionEngine.saturatingSum(frequency, productOverflow ? Int.max : document)
            if entry.learnedForm != nil { frequency = SuggestionEngine.saturatingSum(frequency, weights.learnedBonus) }
            source = entry.source
            if id == nil { display = entry.display(key: key) }
        }
        return SuggestionCandidate(key: key, display: display, frequency: frequency, source: source,
                                   distance: distance)
    }

    /// `a + b` for ranking weights, held at `Int.max` (or `Int.min`) instead of overflowing.
    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : sum
    }
}
