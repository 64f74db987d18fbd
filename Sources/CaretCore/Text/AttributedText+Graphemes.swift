/// Grapheme-cluster boundaries. Leaf boundaries are cluster boundaries, so every question is
/// answered inside one leaf.
extension AttributedText {
    /// Whether UTF-16 `offset` is a grapheme-cluster boundary.
    /// - Complexity: O(log n + leaf).
    public func isGraphemeBoundary(_ offset: Int) throws -> Bool {
        try validate(offset)
        if offset == 0 || offset == utf16Count { return true }
        let (leaf, before) = root.leaf(at: offset, in: .utf16, preferRight: true)
        let local = offset - before.utf16
        if local == 0 { return true }
        if leaf.summary.isASCII {
            // Between two ASCII bytes there is a boundary unless they are CR LF.
            return leaf.withBytes { !($0[local - 1] == 0x0D && $0[local] == 0x0A) }
        }
        var found = false
        leaf.forEachCluster { start, _ in
            if start == local { found = true }
            return start < local
        }
        return found
    }

    /// The nearest grapheme-cluster boundary strictly before `offset`, or nil at the start.
    /// - Complexity: O(log n + leaf).
    public func graphemeBoundary(before offset: Int) throws -> Int? {
        try validate(offset)
        guard offset > 0 else { return nil }
        let (leaf, before) = root.leaf(at: offset - 1, in: .utf16, preferRight: true)
        let local = offset - before.utf16
        // A cluster a byte (all ASCII, no CR): the unit before.
        if leaf.summary.graphemes == leaf.summary.utf8 { return offset - 1 }
        var best = 0
        leaf.forEachCluster { start, _ in
            guard start < local else { return false }
            best = start
            return true
        }
        return before.utf16 + best
    }

    /// The nearest grapheme-cluster boundary strictly after `offset`, or nil at the end.
    /// - Complexity: O(log n + leaf).
    public func graphemeBoundary(after offset: Int) throws -> Int? {
        try validate(offset)
        guard offset < utf16Count else { return nil }
        let (leaf, before) = root.leaf(at: offset, in: .utf16, preferRight: true)
        let local = offset - before.utf16
        if leaf.summary.graphemes == leaf.summary.utf8 { return offset + 1 }
        var best = leaf.summary.utf16
        leaf.forEachCluster { _, end in
            guard end <= local else {
                best = end
                return false
            }
            return true
        }
        return before.utf16 + best
    }

    /// The UTF-16 range of the grapheme cluster that contains `offset` (the one starting there at
    /// a boundary); nil at the end of the text.
    public func graphemeRange(containing offset: Int) throws -> Range<Int>? {
        try validate(offset)
        guard offset < utf16Count else { return nil }
        let (leaf, before) = root.leaf(at: offset, in: .utf16, preferRight: true)
        let local = offset - before.utf16
        if leaf.summary.graphemes == leaf.summary.utf8 { return offset..<(offset + 1) }
        var found = 0..<0
        leaf.forEachCluster { start, end in
            if local < end {
                found = start..<end
                return false
            }
            return true
        }
        return (before.utf16 + found.lowerBound)..<(before.utf16 + found.upperBound)
    }
}

extension Node {
    /// Calls `body` with the UTF-16 start and end (leaf-relative) of each grapheme cluster of this
    /// leaf in order; `body` returns false to stop.
    /// - Complexity: O(leaf).
    func forEachCluster(_ body: (Int, Int) -> Bool) {
        if summary.graphemes == summary.utf8 {
            // All ASCII without CR: a cluster a byte.
            for i in 0..<byteCount where !body(i, i + 1) { return }
            return
        }
        withBytes { buffer in
            var cursor = GraphemeCursor(utf8: buffer, isEnd: true)
            var start = 0
            while cursor.next() != nil {
                let end = cursor.utf16Offset
                if !body(start, end) { return }
                start = end
            }
        }
    }
}
