/// The fast path of an edit: a replacement that stays inside one leaf, keeps the leaf within its
/// size bounds and cannot move any grapheme-cluster boundary beyond its own edges. Most typing is
/// this; everything else takes the general path (`Node+Edit.swift`). ASCII into ASCII is handled
/// here, other text in `Node+FastEditUnicode.swift`.
extension Node {
    /// Replaces UTF-16 `lower..<upper` of this subtree with `inserted` carrying `attributes`,
    /// if the fast path applies. Returns the change in summary, or nil with nothing changed.
    ///
    /// `isFirst` says whether this subtree starts the document; `next` is the subtree that follows
    /// it (nil at the end of the document). The caller has made this node uniquely referenced.
    /// - Complexity: O(log n + leaf bytes).
    func replaceInLeaf(
        _ lower: Int, _ upper: Int, with inserted: UnsafeBufferPointer<UInt8>, isASCII: Bool, newlines: Int,
        attributes: Attributes, isFirst: Bool, next: Unmanaged<Node>?
    ) -> TextSummary? {
        if isLeaf {
            if isASCII && summary.isASCII {
                return replaceInThisLeaf(lower, upper, with: inserted, newlines: newlines,
                                         attributes: attributes, isFirst: isFirst, next: next)
            }
            return replaceUnicodeInThisLeaf(lower, upper, with: InsertedText(bytes: inserted, isASCII: isASCII, newlines: newlines),
                                            attributes: attributes, isFirst: isFirst, next: next)
        }
        // An insertion at a child boundary goes to the end of the left child; a replacement
        // starting at a boundary belongs to the right child.
        let last = entries.count - 1
        // The first child whose end reaches `key`: `lower` itself for an insertion (so it may
        // end there), one past it otherwise.
        let key = lower == upper ? lower : lower &+ 1
        let (i, offset) = entries.withUnsafeBufferPointer { entries -> (Int, Int) in
            var offset = 0
            var i = 0
            while i < last {
                let end = offset &+ entries[i].utf16
                if end >= key { break }
                offset = end
                i &+= 1
            }
            return (i, offset)
        }
        let delta = entries.withUnsafeMutableBufferPointer { kids -> TextSummary? in
            guard upper - offset <= kids[i].utf16 else { return nil }
            if !isKnownUniquelyReferenced(&kids[i].node) { kids[i].node = kids[i].node.clone() }
            let following = i < last ? Unmanaged.passUnretained(kids[i + 1].node) : next
            let delta = kids[i].node.replaceInLeaf(
                lower - offset, upper - offset, with: inserted, isASCII: isASCII, newlines: newlines, attributes: attributes,
                isFirst: isFirst && i == 0, next: following)
            if let delta { kids[i].utf16 &+= delta.utf16 }
            return delta
        }
        if let delta { summary += delta }
        return delta
    }

    private func replaceInThisLeaf(
        _ lower: Int, _ upper: Int, with inserted: UnsafeBufferPointer<UInt8>, newlines insertedNewlines: Int,
        attributes: Attributes, isFirst: Bool, next: Unmanaged<Node>?
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
                let following = next._withUnsafeGuaranteedRef { $0.firstLeaf.bytes }
                if following.isEmpty || following[0] >= 0x80 { return nil }
            }
            return newlines
        }
        guard let deletedNewlines else { return nil }
        for byte in inserted where byte == carriageReturn { return nil }

        bytes.splice(lower, upper, inserted)
        runs.replaceBytes(lower, upper, insertLength: inserted.count, attributes: attributes, hint: &runHint)
        offsetHint = OffsetHint(utf16: lower + inserted.count, byte: lower + inserted.count)
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

extension Array where Element == UInt8 {
    /// Replaces `lower..<upper` with `inserted` by moving the tail once; the typing path's
    /// replacement for the generic `replaceSubrange`.
    @inline(__always)
    mutating func splice(_ lower: Int, _ upper: Int, _ inserted: UnsafeBufferPointer<UInt8>) {
        let oldCount = count
        let growth = inserted.count - (upper - lower)
        if growth > 0 {
            // A leaf never holds more than `maxLeafBytes` on this path: reserve exactly that once,
            // rather than letting the array double its capacity.
            if oldCount + growth > capacity { reserveCapacity(Node.maxLeafBytes) }
            // Grow first (the appended bytes are overwritten below).
            if growth <= 8 {
                for _ in 0..<growth { append(0) }
            } else {
                append(contentsOf: UnsafeBufferPointer(rebasing: inserted[0..<growth]))
            }
        }
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let tail = oldCount - upper
            if growth != 0 && tail > 0 {
                (base + upper + growth).update(from: base + upper, count: tail)
            }
            if !inserted.isEmpty {
                (base + lower).update(from: inserted.baseAddress!, count: inserted.count)
            }
        }
        if growth < 0 { removeLast(-growth) }
    }
}
