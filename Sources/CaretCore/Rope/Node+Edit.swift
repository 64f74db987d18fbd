/// The general path of an edit: take the region from the start of the leaf before the edit to the
/// end of the leaf after it, whose new text is the first leaf's head, the inserted text and the
/// last leaf's tail; grow the region until its end is a grapheme-cluster boundary (and it is not
/// a sliver), cut it into leaves at cluster boundaries, and splice those leaves into the tree in
/// place of the old ones.
///
/// Why the region end is enough: a cluster boundary's status depends only on the text before it
/// and the one scalar after it. Positions before the edit keep their status; and once a position
/// after the edit is a boundary, no rule can look back across it (a regional-indicator pair, an
/// emoji ZWJ chain or an Indic conjunct never contains a boundary), so every later position keeps
/// its status too.
extension Node {
    /// The tree that results from replacing UTF-16 `lower..<upper` of the tree rooted here with
    /// `inserted` (valid UTF-8) whose attributes are `insertedRuns`. Positions must be valid.
    /// - Complexity: O(log n + region bytes), where the region is the inserted text plus about
    ///   two leaves.
    static func replacing(
        _ lower: Int, _ upper: Int, in root: Node, with inserted: [UInt8], runs insertedRuns: [LeafRun]
    ) -> Node {
        let total = root.summary.utf16
        // The region starts where the leaf holding the unit before the edit starts and ends where
        // the leaf holding the unit after it ends. Only those two leaves contribute bytes: the
        // text between them is replaced, so deleting a megabyte copies none of it.
        var head: (leaf: Node, bytes: Int)?
        var regionStart = 0
        if lower > 0 {
            let (leaf, before) = root.leaf(at: lower - 1, in: .utf16, preferRight: true)
            regionStart = before.utf16
            head = (leaf, leaf.byteOffset(utf16: lower - regionStart)!)
        }
        var tail: (leaf: Node, from: Int)?
        var regionEnd = total
        if upper < total {
            let (leaf, before) = root.leaf(at: upper, in: .utf16, preferRight: true)
            regionEnd = before.utf16 + leaf.summary.utf16
            tail = (leaf, leaf.byteOffset(utf16: upper - before.utf16)!)
        }

        var bytes: [UInt8] = []
        bytes.reserveCapacity((head?.bytes ?? 0) + inserted.count + (tail.map { $0.leaf.byteCount - $0.from } ?? 0))
        var runs: [LeafRun] = []
        if let head {
            head.leaf.withBytes { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<head.bytes])) }
            runs.appendRuns(of: head.leaf.runs, bytes: 0..<head.bytes)
        }
        bytes += inserted
        for run in insertedRuns { runs.appendCoalescing(run) }
        if let tail {
            tail.leaf.withBytes { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[tail.from...])) }
            runs.appendRuns(of: tail.leaf.runs, bytes: tail.from..<Int.max)
        }

        // Grow to the right until the region ends on a cluster boundary and is not a sliver.
        // Each check segments only from the last boundary the previous check found (a boundary,
        // once the scalar after it is known, stays one whatever follows), so a run of regional
        // indicators re-paired across many leaves costs the run's length, not its square.
        var segmentFrom = 0
        while regionEnd < total {
            let next = root.leaf(at: regionEnd, in: .utf16, preferRight: true).leaf
            if bytes.count >= Node.minLeafBytes {
                let (isBoundary, lastBoundary) = next.withBytes { Node.clusterBoundary(after: bytes, from: segmentFrom, before: $0) }
                if isBoundary { break }
                segmentFrom = lastBoundary
            }
            next.withBytes { bytes.append(contentsOf: $0) }
            for run in next.runs { runs.appendCoalescing(run) }
            regionEnd += next.summary.utf16
        }
        // A sliver at the end of the document merges into the leaf before it.
        if bytes.count < Node.minLeafBytes, regionStart > 0 {
            let previous = root.leaf(at: regionStart - 1, in: .utf16, preferRight: true)
            bytes = Array(previous.leaf.bytes) + bytes
            var merged = Array(previous.leaf.runs)
            for run in runs { merged.appendCoalescing(run) }
            runs = merged
            regionStart = previous.before.utf16
        }

        // Someone is editing here: the new leaves get room to type into.
        let leaves = Node.makeLeaves(bytes, runs: runs, roomy: true)
        var pending: [Node]? = leaves
        var nodes = root.isLeaf ? leaves : root.replacingLeaves(from: regionStart, to: regionEnd, with: &pending)
        return Node.makeRoot(&nodes)
    }

    /// A root over `nodes` (all of one height): groups them level by level and drops
    /// single-child internal roots.
    static func makeRoot(_ nodes: inout [Node]) -> Node {
        while nodes.count > 1 { nodes = Node.group(nodes) }
        var root = nodes.first ?? Node.emptyLeaf()
        while !root.isLeaf && root.childCount == 1 { root = root.entries[0].node }
        return root
    }

    /// The nodes, of this node's height, that take this node's place once the leaves spanning
    /// UTF-16 `regionStart..<regionEnd` (leaf boundaries, relative to this node) are replaced by
    /// `pending` (taken by the first leaf replaced). Never mutates a node: untouched subtrees are
    /// shared, touched ones rebuilt.
    func replacingLeaves(from regionStart: Int, to regionEnd: Int, with pending: inout [Node]?) -> [Node] {
        var out: [Node] = []
        out.reserveCapacity(childCount + 4)
        var offset = 0
        for entry in entries {
            let child = entry.node
            let end = offset + entry.utf16
            if end <= regionStart || offset >= regionEnd {
                out.append(child)
            } else if child.isLeaf {
                if let leaves = pending {
                    out += leaves
                    pending = nil
                }
            } else if pending != nil || offset < regionStart || end > regionEnd {
                out += child.replacingLeaves(from: regionStart - offset, to: regionEnd - offset, with: &pending)
            }
            // Otherwise a subtree wholly inside the region after the new leaves went in: dropped
            // without a visit.
            offset = end
        }
        if height > 1 { Node.mergeUnderfull(&out) }
        return out.isEmpty ? [] : Node.group(out)
    }

    /// Merges internal nodes with fewer than `minChildren` children into a neighbour.
    private static func mergeUnderfull(_ nodes: inout [Node]) {
        var i = 0
        while i < nodes.count {
            if nodes[i].childCount < minChildren, nodes.count > 1 {
                let j = i + 1 < nodes.count ? i + 1 : i - 1
                let (left, right) = (min(i, j), max(i, j))
                var merged = nodes[left].children + nodes[right].children
                // The grandchildren may be underfull too: a rebuilt subtree passes its own
                // underfull nodes up for the level with neighbours to fix.
                if merged[0].height > 0 { mergeUnderfull(&merged) }
                let replacement = merged.count > maxChildren
                    ? [Node.internal(merged[..<(merged.count / 2)]), Node.internal(merged[(merged.count / 2)...])]
                    : [Node.internal(merged)]
                nodes.replaceSubrange(left...right, with: replacement)
                // Look again: merging grandchildren may have left the merged node underfull too.
                i = left
            } else {
                i += 1
            }
        }
    }

    /// Groups nodes of one height under parents of at most `maxChildren` children each, as evenly
    /// as possible.
    static func group(_ nodes: [Node]) -> [Node] {
        let groups = (nodes.count + maxChildren - 1) / maxChildren
        var result: [Node] = []
        result.reserveCapacity(groups)
        var start = 0
        for g in 0..<groups {
            let end = nodes.count * (g + 1) / groups
            result.append(Node.internal(nodes[start..<end]))
            start = end
        }
        return result
    }

    /// Whether the end of `before` is a cluster boundary when `after` follows it, segmenting
    /// `before` from `start`, a cluster boundary whose following scalar is in `before` (0 when
    /// `before` starts on a boundary). Also returns the last boundary found before the end,
    /// where the next question about the same text, longer, may start.
    /// - Complexity: O(1) for ASCII on both sides, otherwise O(before.count - start).
    static func clusterBoundary(after before: [UInt8], from start: Int, before after: UnsafeBufferPointer<UInt8>) -> (Bool, lastBoundary: Int) {
        guard let last = before.last, let first = after.first else { return (true, start) }
        if last == 0x0A { return (true, start) }
        if last < 0x80, first < 0x80, !(last == 0x0D && first == 0x0A) { return (true, start) }
        var joined = Array(before[start...])
        joined.append(contentsOf: UnsafeBufferPointer(rebasing: after[0..<sequenceLength(first)]))
        let end = before.count - start
        var position = 0
        return joined.withUnsafeBufferPointer { buffer in
            // Not the end of the text: the scalar after `end` is all that decides `end`.
            var cursor = GraphemeCursor(utf8: buffer, isEnd: false)
            while let next = cursor.next() {
                if next == end { return (true, start + next) }
                if next > end { break }
                position = next
            }
            return (false, start + position)
        }
    }
}
