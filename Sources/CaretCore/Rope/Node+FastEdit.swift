/// The fast path of an edit: a replacement that stays inside one all-ASCII leaf, keeps the leaf
/// within its size bounds and cannot move any grapheme-cluster boundary beyond its own edges.
/// Most typing is this; everything else takes the general path (`Node+Edit.swift`).
extension Node {
    /// Replaces UTF-16 `lower..<upper` of this subtree with ASCII `inserted` carrying `attributes`,
    /// if the fast path applies. Returns the change in summary, or nil with nothing changed.
    ///
    /// `isFirst` says whether this subtree starts the document; `next` is the subtree that follows
    /// it (nil at the end of the document). The caller has made this node uniquely referenced.
    /// - Complexity: O(log n + leaf bytes).
    func replaceInLeaf(
        _ lower: Int, _ upper: Int, with inserted: UnsafeBufferPointer<UInt8>, newlines insertedNewlines: Int,
        attributes: Attributes, isFirst: Bool, next: Node?
    ) -> TextSummary? {
        if isLeaf {
            return replaceInThisLeaf(lower, upper, with: inserted, newlines: insertedNewlines,
                                     attributes: attributes, isFirst: isFirst, next: next)
        }
        // An insertion at a child boundary goes to the end of the left child; a replacement
        // starting at a boundary belongs to the right child.
        var offset = 0
        var i = 0
        let last = children.count - 1
        while i < last {
            let end = offset + children[i].summary.utf16
            if lower < end || (lower == end && lower == upper) { break }
            offset = end
            i += 1
        }
        guard upper - offset <= children[i].summary.utf16 else { return nil }
        makeChildUnique(i)
        let delta = children[i].replaceInLeaf(
            lower - offset, upper - offset, with: inserted, newlines: insertedNewlines, attributes: attributes,
            isFirst: isFirst && i == 0, next: i < last ? children[i + 1] : next)
        if let delta { summary += delta }
        return delta
    }

    private func replaceInThisLeaf(
        _ lower: Int, _ upper: Int, with inserted: UnsafeBufferPointer<UInt8>, newlines insertedNewlines: Int,
        attributes: Attributes, isFirst: Bool, next: Node?
    ) -> TextSummary? {
        guard summary.isASCII else { return nil }
        let count = bytes.count
        let newCount = count - (upper - lower) + inserted.count
        let onlyLeaf = isFirst && next == nil
        guard newCount <= Node.maxLeafBytes, newCount >= Node.minLeafBytes || (onlyLeaf && newCount > 0) else {
            return nil
        }
        let carriageReturn: UInt8 = 0x0D
        // The boundaries at both edges of the edit must be certain: ASCII on both sides and no CR
        // that could pair with an LF.
        let deletedNewlines: Int? = bytes.withUnsafeBufferPointer { buffer in
            if lower > 0 {
                if buffer[lower - 1] == carriageReturn { return nil }
            } else if !isFirst {
                return nil
            }
            var newlines = 0
            for i in lower..<upper {
                let byte = buffer[i]
                if byte == carriageReturn { return nil }
                if byte == 0x0A { newlines += 1 }
            }
            if upper == count, let next {
                let following = next.firstLeaf.bytes
                if following.isEmpty || following[0] >= 0x80 { return nil }
            }
            return newlines
        }
        guard let deletedNewlines else { return nil }
        for byte in inserted where byte == carriageReturn { return nil }

        bytes.replaceSubrange(lower..<upper, with: inserted)
        runs.replaceBytes(lower, upper, insertLength: inserted.count, attributes: attributes)
        let change = inserted.count - (upper - lower)
        var delta = TextSummary()
        delta.utf8 = change
        delta.utf16 = change
        delta.scalars = change
        delta.graphemes = change
        delta.newlines = insertedNewlines - deletedNewlines
        summary += delta
        return delta
    }
}
