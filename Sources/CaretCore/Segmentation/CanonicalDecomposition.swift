/// Full canonical decompositions (Unicode Decomposition_Mapping without a tag, applied until
/// nothing decomposes further), for `deleteBackwardByDecomposing`. Hangul syllables decompose by
/// the Unicode algorithm; the rest by the table `scripts/gen-unicode-tables.py` generates.
enum CanonicalDecomposition {
    static let hangulBase: UInt32 = 0xAC00
    static let hangulCount: UInt32 = 11172
    static let jamoL: UInt32 = 0x1100, jamoV: UInt32 = 0x1161, jamoT: UInt32 = 0x11A7
    static let vowelCount: UInt32 = 21, trailingCount: UInt32 = 28

    /// The full canonical decomposition of `scalar`; the scalar alone when it has none.
    /// - Complexity: O(log table size).
    static func decomposition(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        let value = scalar.value
        if value < 0xC0 { return [scalar] }
        if value >= hangulBase, value < hangulBase + hangulCount {
            let index = value - hangulBase
            var result = [jamoL + index / (vowelCount * trailingCount), jamoV + index % (vowelCount * trailingCount) / trailingCount]
            if index % trailingCount != 0 { result.append(jamoT + index % trailingCount) }
            return result.compactMap(Unicode.Scalar.init)
        }
        var low = 0
        var high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid] < value { low = mid + 1 } else { high = mid }
        }
        guard low < keys.count, keys[low] == value else { return [scalar] }
        return scalars[Int(starts[low])..<Int(starts[low + 1])].compactMap(Unicode.Scalar.init)
    }

    /// What is left of a Hangul syllable without its last jamo, recomposed: an LVT syllable
    /// becomes its LV syllable, an LV syllable its leading consonant. Nil for other scalars.
    static func hangulWithoutLastJamo(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = scalar.value
        guard value >= hangulBase, value < hangulBase + hangulCount else { return nil }
        let index = value - hangulBase
        if index % trailingCount != 0 { return Unicode.Scalar(value - index % trailingCount) }
        return Unicode.Scalar(jamoL + index / (vowelCount * trailingCount))
    }
}
