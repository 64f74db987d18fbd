// Entry points the editor uses on its hot paths.

extension AttributedText {
    /// `replaceSubrange(_:with:attributes:)` for a range the caller knows to be valid positions:
    /// the editor's selection, boundaries it found in this text, ranges it checked, or an undo
    /// step's range in the state it recorded. Skips the check, which on non-ASCII text reads a leaf.
    /// - Complexity: as `replaceSubrange(_:with:attributes:)`.
    mutating func replaceValidated(_ range: Range<Int>, with string: String, attributes: Attributes) {
        var string = string
        string.withUTF8 { replace(range, utf8: $0, attributes: attributes) }
    }

    /// The text of valid, non-empty `range` and its attributes, when the range lies in one leaf
    /// and one run; nil otherwise (the caller then reads it the general way). What the editor keeps
    /// of a deleted range for undo, found in one descent instead of two.
    /// - Complexity: O(log n + leaf).
    func plainContent(in range: Range<Int>) -> (string: String, attributes: Attributes)? {
        withPlainContent(in: range) { bytes, attributes in (String(decoding: bytes, as: UTF8.self), attributes) }
    }

    /// Copies the UTF-8 of valid, non-empty `range` to `target` (room for `range.count * 3`
    /// bytes, the most its UTF-16 units can take) when the range lies in one leaf and one run;
    /// returns how many bytes it copied and their attributes, or nil (nothing copied).
    ///
    /// Mutating, though it changes nothing: the editor calls it on its own `text` in place. Called
    /// as a non-mutating method on a class's stored property, the value is copied for the call,
    /// and the copy retains and releases the tree's root: two atomic operations a deletion.
    /// - Complexity: O(log n + leaf).
    mutating func copyPlainContent(in range: Range<Int>, to target: UnsafeMutablePointer<UInt8>) -> (count: Int, attributes: Attributes)? {
        withPlainContent(in: range) { bytes, attributes in
            if let base = bytes.baseAddress { target.update(from: base, count: bytes.count) }
            return (bytes.count, attributes)
        }
    }

    /// `body` with the bytes of valid, non-empty `range` (valid only during the call) and their
    /// attributes, when the range lies in one leaf and one run.
    @inline(__always)
    private func withPlainContent<R>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>, Attributes) -> R) -> R? {
        // The leaf the last in-leaf edit touched, when it holds the range (a deletion next to the
        // last edit, the common case), else the one a descent finds. The finger's leaf is read
        // unretained (the tree holds it throughout): a deletion's old text is copied on every
        // one, and a retain and release of the leaf would be two atomic operations each time.
        if let (leaf, start) = fingerLeaf(holding: range) {
            return leaf._withUnsafeGuaranteedRef { AttributedText.plainContent(of: $0, startingAt: start, in: range, body) }
        }
        let found = root.leaf(at: range.lowerBound, in: .utf16, preferRight: true)
        return AttributedText.plainContent(of: found.leaf, startingAt: found.before.utf16, in: range, body)
    }

    /// `withPlainContent` in `leaf`, which starts at UTF-16 offset `leafStart`; its runs are read
    /// in place.
    @inline(__always)
    private static func plainContent<R>(
        of leaf: Node, startingAt leafStart: Int, in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>, Attributes) -> R
    ) -> R? {
        let start = range.lowerBound - leafStart
        let end = range.upperBound - leafStart
        guard end <= leaf.summary.utf16, let lower = leaf.byteOffset(utf16: start),
              let upper = leaf.byteOffset(utf16: end) else { return nil }
        return leaf.withRuns { runs -> R? in
            var runStart = 0
            for run in runs {
                let runEnd = runStart &+ run.length
                if lower < runEnd {
                    guard upper <= runEnd else { return nil }
                    return leaf.withBytes { body(UnsafeBufferPointer(rebasing: $0[lower..<upper]), run.attributes) }
                }
                runStart = runEnd
            }
            return nil
        }
    }

    /// The finger's leaf, unretained, and where it starts, when the finger is set and the leaf
    /// holds `range` (starting at or after the leaf's start, ending at or before its end). Reads
    /// the tree only.
    /// - Complexity: O(depth).
    func fingerLeaf(holding range: Range<Int>) -> (leaf: Unmanaged<Node>, start: Int)? {
        let depth = storage.height
        guard finger.depth == depth, range.lowerBound >= finger.start else { return nil }
        let leaf = finger.node(under: storage, levels: depth)
        guard range.upperBound <= finger.start + leaf._withUnsafeGuaranteedRef({ $0.summary.utf16 }) else { return nil }
        return (leaf, finger.start)
    }
}
