/// Word segmentation (Unicode UAX #29 word boundaries) over a window of scalars.
///
/// Implements every rule WB1–WB999 of UAX #29 with property tables generated from the Unicode
/// Character Database (see `scripts/gen-unicode-tables.py`; the version is `unicodeVersion`).
public enum WordSegmentation {
    /// The Unicode version whose `Word_Break` and `Extended_Pictographic` data the rules use.
    public static var unicodeVersion: String { WordBreakProperty.tableUnicodeVersion }

    /// The word boundaries of `scalars`, as ascending indices into the array; always contains 0 and
    /// `scalars.count` (just `[0]` for an empty array).
    ///
    /// - Complexity: O(n) with one table lookup per scalar; allocates only the result (and a
    ///   scratch buffer on the heap when the window is too large for the stack).
    public static func boundaries(_ scalars: [Unicode.Scalar]) -> [Int] {
        let count = scalars.count
        guard count > 0 else { return [0] }
        var result: [Int] = []
        result.reserveCapacity(count / 4 + 2)
        withPackedProperties(scalars[...]) { props in
            WordBreaker.forEachBoundary(props) { result.append($0) }
        }
        return result
    }

    /// Whether a segment between two boundaries is word-like: it holds a letter, digit, ideograph,
    /// Katakana or Hebrew letter (so `can't`, `3.14` and `e.g` count), not only spaces,
    /// punctuation, symbols or emoji (a keycap such as `1️⃣` is an emoji, not a digit).
    ///
    /// - Complexity: O(n) in the length of `segment`.
    public static func isWordLike(_ segment: ArraySlice<Unicode.Scalar>) -> Bool {
        let wordValues: UInt32 = (1 << WordBreakProperty.aLetter.rawValue)
            | (1 << WordBreakProperty.hebrewLetter.rawValue)
            | (1 << WordBreakProperty.numeric.rawValue)
            | (1 << WordBreakProperty.katakana.rawValue)
        var index = segment.startIndex
        while index < segment.endIndex {
            let packed = WordBreakProperty.packed(segment[index])
            let value = packed & WordBreakProperty.valueMask
            let isWordContent = (1 &<< UInt32(value)) & wordValues != 0
                || packed & WordBreakProperty.letterOtherBit != 0
            if isWordContent && !isKeycapBase(at: index, in: segment) { return true }
            index += 1
        }
        return false
    }

    /// Whether the scalar at `index` is followed by an optional VS16 and U+20E3 COMBINING
    /// ENCLOSING KEYCAP, which makes it an emoji keycap rather than a digit or symbol.
    private static func isKeycapBase(at index: Int, in segment: ArraySlice<Unicode.Scalar>) -> Bool {
        var next = index + 1
        if next < segment.endIndex, segment[next].value == 0xFE0F { next += 1 }
        return next < segment.endIndex && segment[next].value == 0x20E3
    }

    /// Calls `body` with the packed property byte of every scalar of `scalars`, in a temporary
    /// buffer (on the stack for small windows).
    static func withPackedProperties<R>(
        _ scalars: ArraySlice<Unicode.Scalar>, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scalars.count) { buffer in
            WordBreakProperty.latin1Table.withUnsafeBufferPointer { latin1 in
                WordBreakProperty.rangeTable.withUnsafeBufferPointer { ranges in
                    // The range of the last table hit: runs of one script mostly stay inside it.
                    var cachedStart: UInt32 = 1
                    var cachedEnd: UInt32 = 0
                    var cachedByte: UInt8 = 0
                    var out = 0
                    for scalar in scalars {
                        let value = scalar.value
                        if value < 0x100 {
                            buffer[out] = latin1[Int(value)]
                        } else if value >= cachedStart && value < cachedEnd {
                            buffer[out] = cachedByte
                        } else {
                            let entry = WordBreakProperty.entryIndex(value, in: ranges)
                            cachedStart = ranges[entry] &>> 8
                            cachedEnd = entry + 1 < ranges.count ? ranges[entry + 1] &>> 8 : 0x110000
                            cachedByte = UInt8(truncatingIfNeeded: ranges[entry])
                            buffer[out] = cachedByte
                        }
                        out += 1
                    }
                }
            }
            return body(UnsafeBufferPointer(buffer))
        }
    }
}
