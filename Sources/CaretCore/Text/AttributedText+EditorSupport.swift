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
        // The leaf the last in-leaf edit touched, when it holds the range (a deletion next to the
        // last edit, the common case), else the one a descent finds.
        let leaf: Node
        let leafStart: Int
        if let fingered = fingerLeaf(holding: range) {
            (leaf, leafStart) = fingered
        } else {
            let found = root.leaf(at: range.lowerBound, in: .utf16, preferRight: true)
            (leaf, leafStart) = (found.leaf, found.before.utf16)
        }
        let start = range.lowerBound - leafStart
        let end = range.upperBound - leafStart
        guard end <= leaf.summary.utf16, let lower = leaf.byteOffset(utf16: start),
              let upper = leaf.byteOffset(utf16: end) else { return nil }
        var runStart = 0
        for run in leaf.runs {
            let runEnd = runStart + run.length
            if lower < runEnd {
                guard upper <= runEnd else { return nil }
                let string = leaf.bytes.withUnsafeBufferPointer {
                    String(decoding: UnsafeBufferPointer(rebasing: $0[lower..<upper]), as: UTF8.self)
                }
                return (string, run.attributes)
            }
            runStart = runEnd
        }
        return nil
    }

    /// The finger's leaf and where it starts, when the finger is set and the leaf holds `range`
    /// (starting at or after the leaf's start, ending at or before its end). Reads the tree only.
    /// - Complexity: O(depth).
    func fingerLeaf(holding range: Range<Int>) -> (leaf: Node, start: Int)? {
        let depth = storage.height
        guard finger.depth == depth, range.lowerBound >= finger.start else { return nil }
        let leaf = finger.node(under: storage, levels: depth).takeUnretainedValue()
        guard range.upperBound <= finger.start + leaf.summary.utf16 else { return nil }
        return (leaf, finger.start)
    }
}
