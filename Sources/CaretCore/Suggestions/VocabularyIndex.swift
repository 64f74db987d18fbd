/// The engine's indexes over its vocabulary keys, kept lazily: the keys in scalar order (prefix
/// queries) and the deletion hashes of the keys the lexicon lacks (corrections). A change only
/// notes the key that appeared or disappeared; the next query brings the indexes up to date with
/// the noted keys. Typing a word makes a key per keystroke (`h`, `he`, `hel`, …) that the next
/// keystroke removes again, so most of them never reach the indexes, and an edit costs a set
/// insertion instead of an array insertion and a dozen hash-table updates.
///
/// A box shared by engine copies; a mutating engine copies it first unless it holds the only
/// reference, so a shared box always belongs to engines with the same entries, and settling it
/// (under its lock) gives each of them the same answer.
final class VocabularyIndex: @unchecked Sendable {
    private let lock = Lock(())
    /// The keys of the settled entries, in scalar order.
    private var sortedKeys: [String] = []
    /// Deletion hash to the settled keys the lexicon lacks that have it.
    private var deletions: [UInt64: [String]] = [:]
    /// Keys whose presence may have changed since the indexes were settled.
    private var pending: Set<String> = []
    /// Each key of `sortedKeys` under itself. `String` keys are compared by canonical
    /// equivalence (`é` and `e` + U+0301 are one key of `entries`, spelled as first added) while
    /// `sortedKeys` is in scalar order, so this finds the spelling `sortedKeys` holds for a key
    /// whatever spelling the change used.
    private var indexed: [String: String] = [:]

    init() {}

    /// A copy with the same contents, for an engine about to change a shared box.
    func copy() -> VocabularyIndex {
        let other = VocabularyIndex()
        lock.withLock { _ in
            other.sortedKeys = sortedKeys
            other.deletions = deletions
            other.pending = pending
            other.indexed = indexed
        }
        return other
    }

    /// Notes that `key` appeared in or disappeared from the entries. The caller holds the only
    /// reference (see the type's summary), so no lock is needed.
    func note(_ key: String) {
        pending.insert(key)
    }

    /// The indexes, settled against `entries` (`prefixLength`: the lexicon's deletion prefix;
    /// `inBase`: whether the lexicon has a key).
    func settled(entries: [String: VocabularyEntry], prefixLength: Int,
                 inBase: (String) -> Bool) -> (sortedKeys: [String], deletions: [UInt64: [String]]) {
        lock.withLock { _ in
            settle(entries: entries, prefixLength: prefixLength, inBase: inBase)
            return (sortedKeys, deletions)
        }
    }

    private func settle(entries: [String: VocabularyEntry], prefixLength: Int, inBase: (String) -> Bool) {
        guard !pending.isEmpty else { return }
        // Sorted, so the indexes are built in the same order in every process.
        let keys = pending.sorted(by: SuggestionCandidate.precedes)
        pending = []
        var added: [String] = []
        var removed: [String] = []
        for key in keys {
            let held = indexed[key]
            let stored = entries.index(forKey: key).map { entries[$0].key }
            if let held, let stored, held.unicodeScalars.elementsEqual(stored.unicodeScalars) { continue }
            if let held { removed.append(held) }
            if let stored { added.append(stored) }
        }
        if added.count + removed.count > 64 {
            sortedKeys = entries.keys.sorted(by: SuggestionCandidate.precedes)
            indexed = [:]
            for key in sortedKeys { indexed[key] = key }
        } else {
            for key in removed {
                sortedKeys.remove(at: lowerBound(key))
                indexed[key] = nil
            }
            for key in added {
                sortedKeys.insert(key, at: lowerBound(key))
                indexed[key] = key
            }
        }
        var hashes: [UInt64] = []
        for key in removed where !inBase(key) {
            hashes.removeAll(keepingCapacity: true)
            DeletionIndex.deletionHashes(key.unicodeScalars.map(\.value), maxDeletes: 2, prefixLength: prefixLength, into: &hashes)
            for hash in hashes {
                deletions[hash]?.removeAll { $0 == key }
                if deletions[hash]?.isEmpty == true { deletions[hash] = nil }
            }
        }
        for key in added where entries[key]?.baseID == nil {
            hashes.removeAll(keepingCapacity: true)
            DeletionIndex.deletionHashes(key.unicodeScalars.map(\.value), maxDeletes: 2, prefixLength: prefixLength, into: &hashes)
            for hash in hashes { deletions[hash, default: []].append(key) }
        }
    }

    /// The first index of `sortedKeys` whose key does not precede `key`.
    private func lowerBound(_ key: String) -> Int {
        SuggestionEngine.lowerBound(of: key, in: sortedKeys)
    }
}
