/// A symmetric-deletion index for edit distance ≤ 2 (the idea SymSpell popularised): every key is
/// stored under the hash of each string obtained by deleting up to two of its scalars. Two strings
/// within optimal-string-alignment distance d share a string reachable by ≤ d deletions from each, so
/// looking up the query's own deletions finds every candidate; candidates are then verified with the
/// real distance, which also discards hash collisions.
///
/// Only the first `prefixLength` scalars of a key (and of a query) are used for the deletions, which
/// halves the index for a 7-scalar prefix and loses nothing: in an alignment of two words, each
/// edit costs at most one deletion on each side of their prefixes (an insertion near the front of one
/// word pushes a scalar out of the other's prefix, which one deletion at its end makes up for), so
/// prefixes of words within distance d still share a string ≤ d deletions from each. The full words
/// are compared afterwards.
///
/// Storage is one sorted array of `UInt64`: the top 40 bits of a 64-bit FNV-1a hash, then a 24-bit
/// key index.
struct DeletionIndex: Sendable {
    static let idBits: UInt64 = 24
    static let idMask: UInt64 = (1 << idBits) - 1
    static let hashMask: UInt64 = ~idMask
    /// The largest number of keys the index can hold.
    static let capacity = 1 << 24

    private let entries: [UInt64]
    /// How many leading scalars of a word its deletions are taken from.
    let prefixLength: Int

    /// Builds the index for the keys (as scalar values) of a lexicon.
    /// - Complexity: O(n × P³) for n keys and prefix length P, then a sort.
    init(keys: [[UInt32]], maxDeletes: Int = 2, prefixLength: Int) {
        self.prefixLength = prefixLength
        precondition(keys.count <= DeletionIndex.capacity, "too many words for the deletion index")
        var entries: [UInt64] = []
        var scratch: [UInt64] = []
        for (id, key) in keys.enumerated() {
            scratch.removeAll(keepingCapacity: true)
            DeletionIndex.deletionHashes(key, maxDeletes: maxDeletes, prefixLength: prefixLength,
                                         into: &scratch)
            for hash in scratch { entries.append((hash & DeletionIndex.hashMask) | UInt64(id)) }
        }
        RadixSort.sort(&entries)
        var write = 0
        for read in 0..<entries.count where write == 0 || entries[write - 1] != entries[read] {
            entries[write] = entries[read]
            write += 1
        }
        entries.removeLast(entries.count - write)
        self.entries = entries
    }

    /// Appends the hashes of every string obtained from the first `prefixLength` scalars of `word` by
    /// deleting up to `maxDeletes` scalars (0, 1 or 2), sorted and without duplicates.
    static func deletionHashes(_ word: [UInt32], maxDeletes: Int, prefixLength: Int, into out: inout [UInt64]) {
        let s = word.count > prefixLength ? Array(word[..<prefixLength]) : word
        let start = out.count
        out.append(hash(s, skipping: -1, -1))
        if maxDeletes >= 1 {
            for i in 0..<s.count { out.append(hash(s, skipping: i, -1)) }
        }
        if maxDeletes >= 2 && s.count >= 2 {
            for i in 0..<(s.count - 1) {
                for j in (i + 1)..<s.count { out.append(hash(s, skipping: i, j)) }
            }
        }
        out[start...].sort()
        var write = start
        for read in start..<out.count where write == start || out[write - 1] != out[read] {
            out[write] = out[read]
            write += 1
        }
        out.removeLast(out.count - write)
    }

    /// FNV-1a over the scalars of `s` except positions `i` and `j`.
    static func hash(_ s: [UInt32], skipping i: Int, _ j: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for k in 0..<s.count where k != i && k != j {
            var v = s[k]
            for _ in 0..<3 {
                h = (h ^ UInt64(v & 0xFF)) &* 0x0000_0100_0000_01B3
                v >>= 8
            }
        }
        return h
    }

    /// Calls `body` with every key index stored under one of `hashes` (maybe more than once).
    /// - Complexity: O(h log n + matches).
    func forEachCandidate(hashes: [UInt64], _ body: (Int) -> Void) {
        for hash in hashes {
            let probe = hash & DeletionIndex.hashMask
            var low = 0
            var high = entries.count
            while low < high {
                let mid = (low + high) / 2
                if entries[mid] < probe { low = mid + 1 } else { high = mid }
            }
            while low < entries.count && entries[low] & DeletionIndex.hashMask == probe {
                body(Int(entries[low] & DeletionIndex.idMask))
                low += 1
            }
        }
    }

    /// The number of stored (deletion, key) pairs.
    var count: Int { entries.count }

    /// Bytes held by the index's buffer.
    var memoryBytes: Int { entries.capacity * 8 }
}
