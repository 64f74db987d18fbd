// PROVISIONAL: the interface is fixed; the body is a placeholder until the UAX #29 implementation lands.

/// Word segmentation (Unicode UAX #29 word boundaries) over a window of scalars.
public enum WordSegmentation {
    /// The word boundaries of `scalars`, as ascending indices into the array; always contains 0 and
    /// `scalars.count` (just `[0]` for an empty array).
    public static func boundaries(_ scalars: [Unicode.Scalar]) -> [Int] {
        var result = [0]
        var i = 0
        while i < scalars.count {
            let word = isWordScalar(scalars[i])
            var j = i + 1
            while word, j < scalars.count, isWordScalar(scalars[j]) { j += 1 }
            result.append(j)
            i = j
        }
        return result
    }

    /// Whether a segment between two boundaries is word-like: it holds a letter, digit or
    /// ideograph (not only spaces, punctuation or symbols).
    public static func isWordLike(_ segment: ArraySlice<Unicode.Scalar>) -> Bool {
        segment.contains(where: isWordScalar)
    }

    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || s.properties.numericType != nil
    }
}
