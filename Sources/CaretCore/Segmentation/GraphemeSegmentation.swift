/// Grapheme-cluster segmentation (Unicode UAX #29 extended grapheme clusters), the unit a user
/// deletes and moves over.
///
/// Implements the rules of the Unicode version of its generated tables (`unicodeVersion`, 15.0:
/// GB1–GB13 and GB999; GB9c and `Indic_Conjunct_Break` arrived in 15.1 and are not among them)
/// and passes every line of that version's GraphemeBreakTest.txt. Swift's `Character` differs
/// from it only where the standard library's data does (see the conformance tests).
/// `GraphemeCursor` walks UTF-8 buffers such as rope leaves; the functions here are conveniences.
public enum GraphemeSegmentation {
    /// The Unicode version whose `Grapheme_Cluster_Break` and `Extended_Pictographic` data the
    /// rules use.
    public static var unicodeVersion: String { GraphemeBreakProperty.tableUnicodeVersion }

    /// The first boundary after `start` (itself a boundary) in `utf8`, or `nil` when there is none
    /// — at the end, or, when `isEnd` is false, because the cluster may continue past the buffer.
    ///
    /// - Complexity: O(length of the cluster).
    public static func nextBoundary(
        in utf8: UnsafeBufferPointer<UInt8>, from start: Int, isEnd: Bool
    ) -> Int? {
        var cursor = GraphemeCursor(utf8: utf8, from: start, isEnd: isEnd)
        return cursor.next()
    }

    /// The grapheme clusters of `utf8`, a whole text or a piece that starts and ends on cluster
    /// boundaries (a rope leaf).
    ///
    /// - Complexity: O(n); eight ASCII bytes at a time where the text is ASCII without CR or LF.
    public static func clusterCount(utf8: UnsafeBufferPointer<UInt8>) -> Int {
        GraphemeCounting.count(utf8)
    }

    /// The cluster boundaries of `scalars`, as ascending indices into the array; always contains
    /// 0 and `scalars.count` (just `[0]` for an empty array).
    ///
    /// - Complexity: O(n).
    public static func boundaries(_ scalars: [Unicode.Scalar]) -> [Int] {
        var result = [0]
        var state = GraphemeBreakState()
        for (index, scalar) in scalars.enumerated() where state.consume(scalar) && index > 0 {
            result.append(index)
        }
        if !scalars.isEmpty { result.append(scalars.count) }
        return result
    }

    /// Whether a cluster boundary comes between `before` and `next`, where `before` holds the
    /// scalars since a known boundary (an empty `before` is a boundary: the start of text).
    ///
    /// - Complexity: O(before.count).
    public static func isBoundary(between before: [Unicode.Scalar], and next: Unicode.Scalar) -> Bool {
        var state = GraphemeBreakState()
        for scalar in before { _ = state.consume(scalar) }
        return state.consume(next)
    }
}
