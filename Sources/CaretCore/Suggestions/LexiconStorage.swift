/// The tables behind a `Lexicon`; immutable once built.
final class LexiconStorage: Sendable {
    let keys: KeyTable
    /// Frequency per key index.
    let frequencies: [Int]
    /// Display forms that differ from the key (proper nouns), by key index.
    let displayOverrides: [Int: String]
    let completion: CompletionIndex
    let deletion: DeletionIndex
    let hasFrequencies: Bool
    /// Whether corrections scan every key (no correction index was built).
    let scansForCorrections: Bool

    init(wordList: WordList, frequencies frequencyList: WordList?, options: Lexicon.Options) {
        // Group the entries by key: display form and the largest frequency given.
        var variants: [String: (display: String, frequency: Int?)] = [:]
        for entry in wordList.entries {
            let word = entry.word
            if !options.includesPossessives && Lexicon.possessiveStem(word) != nil { continue }
            let key = word.lowercased()
            if key.isEmpty { continue }
            if var existing = variants[key] {
                if LexiconStorage.preferredDisplay(word, over: existing.display, key: key) {
                    existing.display = word
                }
                if let f = entry.frequency { existing.frequency = max(existing.frequency ?? 0, f) }
                variants[key] = existing
            } else {
                variants[key] = (word, entry.frequency)
            }
        }
        var listed: [String: Int] = [:]
        for entry in frequencyList?.entries ?? [] where entry.frequency != nil {
            let key = entry.word.lowercased()
            listed[key] = max(listed[key] ?? 0, entry.frequency!)
        }
        let sortedKeys = LexiconStorage.sortedByBytes(Array(variants.keys))
        let columnFrequencies = wordList.hasFrequencies
        let usesList = frequencyList?.hasFrequencies ?? false
        var frequencies: [Int] = []
        frequencies.reserveCapacity(sortedKeys.count)
        var overrides: [Int: String] = [:]
        var scalarKeys: [[UInt32]] = []
        scalarKeys.reserveCapacity(sortedKeys.count)
        for (id, key) in sortedKeys.enumerated() {
            let variant = variants[key]!
            if variant.display != key { overrides[id] = variant.display }
            var frequency = 1
            if usesList {
                frequency = listed[key] ?? (columnFrequencies ? (variant.frequency ?? 0) : 0)
            } else if columnFrequencies {
                frequency = variant.frequency ?? 0
            }
            frequencies.append(frequency)
            scalarKeys.append(key.unicodeScalars.map(\.value))
        }
        self.keys = KeyTable(sortedKeys: sortedKeys)
        self.frequencies = frequencies
        self.displayOverrides = overrides
        self.completion = CompletionIndex(frequencies: frequencies)
        self.deletion = DeletionIndex(keys: options.indexesCorrections ? scalarKeys : [],
                                      prefixLength: max(1, options.correctionPrefixLength))
        self.scansForCorrections = !options.indexesCorrections
        self.hasFrequencies = columnFrequencies || usesList
    }

    /// Whether `candidate` should replace `current` as a key's display form: the lowercase form wins,
    /// then the first in scalar order.
    static func preferredDisplay(_ candidate: String, over current: String, key: String) -> Bool {
        if current == key { return false }
        if candidate == key { return true }
        return candidate.unicodeScalars.lexicographicallyPrecedes(current.unicodeScalars) { $0.value < $1.value }
    }

    /// `keys` in UTF-8 byte order (which is Unicode scalar order), compared as byte buffers.
    static func sortedByBytes(_ keys: [String]) -> [String] {
        let bytes = keys.map { Array($0.utf8) }
        var order = Array(bytes.indices)
        order.sort { a, b in
            bytes[a].withUnsafeBufferPointer { x in
                bytes[b].withUnsafeBufferPointer { y in
                    let common = min(x.count, y.count)
                    var k = 0
                    while k < common {
                        if x[k] != y[k] { return x[k] < y[k] }
                        k += 1
                    }
                    return x.count < y.count
                }
            }
        }
        return order.map { keys[$0] }
    }

    func id(ofKey key: String) -> Int? {
        keys.index(of: Array(key.utf8))
    }

    func display(_ id: Int) -> String {
        displayOverrides[id] ?? keys.key(id)
    }

    /// Whether `typed` (whose key is key `id`) is cased acceptably: a word whose display form starts
    /// with a capital (a proper noun) needs a capital there too.
    func acceptsCasing(of typed: String, id: Int) -> Bool {
        guard let display = displayOverrides[id],
              let first = display.unicodeScalars.first, first.properties.isUppercase
        else { return true }
        return typed.unicodeScalars.first?.properties.isUppercase ?? false
    }

    var memoryBytes: Int {
        var overrideBytes = 0
        for (_, s) in displayOverrides { overrideBytes += 16 + 8 + s.utf8.count }
        return keys.memoryBytes + frequencies.capacity * 8 + completion.memoryBytes
            + deletion.memoryBytes + overrideBytes
    }
}
