/// The general path of an edit. Between certain edges (nearly always) the region is only what the
/// edit changed and its measures come from the parts (`replacingBetweenCertainEdges`, below);
/// otherwise it grows (`replacingByGrowing`): take the region from the start of the leaf before
/// the edit to the end of the leaf after it, whose new text is the first leaf's head, the inserted text and the
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
        if let result = replacingBetweenCertainEdges(lower, upper, in: root, with: inserted, runs: insertedRuns) { return result }
        return replacingByGrowing(lower, upper, in: root, with: inserted, runs: insertedRuns)
    }

    /// The general path for any edit: the region grows to the right until its end is a cluster
    /// boundary, and all of it is cut and measured anew.
    static func replacingByGrowing(
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

/// The general path when the edit's edges are certain cluster boundaries (`isCertainBoundary`),
/// which is nearly every edit that leaves the in-leaf path for leaf structure: a full leaf
/// growing that `Node.makeRoom` could not split, an edit across two leaves, an edit at a leaf's
/// start, a leaf shrinking below its minimum.
///
/// With certain edges the clusters of the new text are those of its three parts counted on their
/// own: the head's text before the edit, the inserted text and the tail's text after it; and when
/// the old right edge was a certain boundary too, no boundary after the edit changes status, so
/// the region never grows for a cluster. A part's
/// measures come from its leaf's summary minus the measures of the rest of the leaf when that is
/// shorter and starts on a certain boundary; a leaf the edit only touches at an end is kept as
/// it is. When the region is cut into several leaves, the largest one's measures are the
/// region's minus the others', so only the smaller leaves are segmented.
extension Node {
    /// The tree after replacing UTF-16 `lower..<upper` with `inserted` (runs `insertedRuns`), or
    /// nil, having built nothing, when an edge of the edit is not a certain boundary (then the
    /// region must grow until its end is a boundary, which `replacing` does).
    static func replacingBetweenCertainEdges(
        _ lower: Int, _ upper: Int, in root: Node, with inserted: [UInt8], runs insertedRuns: [LeafRun]
    ) -> Node? {
        let total = root.summary.utf16
        // The leaf holding the unit before the edit, where it starts, and the edit's byte offset
        // in it; the leaf holding the unit after the edit, likewise.
        var head: (leaf: Node, start: Int, bytes: Int)?
        if lower > 0 {
            let (leaf, before) = root.leaf(at: lower - 1, in: .utf16, preferRight: true)
            guard let bytes = leaf.byteOffset(utf16: lower - before.utf16) else { return nil }
            head = (leaf, before.utf16, bytes)
        }
        var tail: (leaf: Node, start: Int, from: Int)?
        if upper < total {
            let (leaf, before) = root.leaf(at: upper, in: .utf16, preferRight: true)
            guard let from = leaf.byteOffset(utf16: upper - before.utf16) else { return nil }
            tail = (leaf, before.utf16, from)
        }
        if head == nil && tail == nil { return nil }

        // The new edges must be certain: then each part is counted on its own. Text longer than a
        // leaf is measured once, leaf by leaf, when the region is cut.
        let measured = inserted.count <= Node.maxLeafBytes
        let before = head.map { h in h.leaf.withBytes { Node.scalar(endingAt: h.bytes, in: $0.baseAddress!) } }
        let after = tail.map { t in t.leaf.withBytes { Node.scalar(at: t.from, in: $0.baseAddress!, count: $0.count) } }
        let insertedSummary: TextSummary? = inserted.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                return Node.isCertainBoundary(before, after) ? TextSummary() : nil
            }
            let first = Node.scalar(at: 0, in: base, count: buffer.count)
            let last = Node.scalar(endingAt: buffer.count, in: base)
            guard Node.isCertainBoundary(before, first), Node.isCertainBoundary(last, after) else { return nil }
            return measured ? Node.summarize(buffer) : TextSummary()
        }
        guard let insertedSummary else { return nil }
        // The old right edge must be a boundary too: then the status of every position after the
        // edit depends only on the text from the edit's end on, in the old text as in the new,
        // and the leaves there keep their measures. (A run of regional indicators that the edit
        // cuts into is re-paired: its old pairing depended on what was deleted.)
        if let tail, tail.from > 0 {
            let oldBefore = tail.leaf.withBytes { Node.scalar(endingAt: tail.from, in: $0.baseAddress!) }
            guard Node.isCertainBoundary(oldBefore, after) else { return nil }
        }

        // Room for every run the region can take from the two leaves, so that appending them
        // never grows the array.
        let runRoom = (head?.leaf.runs.count ?? 0) + (tail?.leaf.runs.count ?? 0) + insertedRuns.count
        var region = CertainRegion(isMeasured: measured, runCapacity: runRoom)
        region.summary = insertedSummary
        let insertedEnd = measured ? lower + insertedSummary.utf16 : nil
        // The parts of the head and tail leaves that stay; a leaf the edit only touches at an
        // end stays whole, outside the region. `regionStart` is where the replaced leaves start,
        // `textStart` where the region's bytes start (after `leading`, when there is one).
        var regionStart = lower
        var textStart = lower
        var regionEnd = upper
        var leading: Node?
        if let head, let tail, head.leaf === tail.leaf {
            regionStart = head.start
            textStart = head.start
            regionEnd = tail.start + tail.leaf.summary.utf16
            if measured {
                region.summary += head.leaf.withBytes { Node.keptSummary(of: $0, summary: head.leaf.summary, around: head.bytes, tail.from) }
            }
            region.append(head.leaf, bytes: 0..<head.bytes)
            region.appendInserted(inserted, runs: insertedRuns, utf16: insertedEnd.map { $0 - textStart })
            region.append(tail.leaf, bytes: tail.from..<tail.leaf.byteCount)
        } else {
            if let head, head.bytes == head.leaf.byteCount, lower < upper {
                // A deletion or replacement that starts at a leaf's start. Kept there, the leaf
                // boundary would send the next edit at the same place (deleting forward) to this
                // path again: the head's last few bytes move into the region, from a certain
                // boundary, and the rest of the head becomes a new leaf before it.
                regionStart = head.start
                let moved = head.leaf.withBytes { Node.certainBoundary(in: $0, before: $0.count - Node.maxLeafBytes / 16) }
                if let moved, moved >= Node.minLeafBytes {
                    let movedSummary = head.leaf.withBytes {
                        Node.summarize(UnsafeBufferPointer(rebasing: $0[moved...]), clustersAreScalars: head.leaf.summary.clustersAreScalars)
                    }
                    var runs: [LeafRun] = []
                    runs.appendRuns(of: head.leaf.runs, bytes: 0..<moved)
                    let kept = head.leaf.withBytes { bytes in
                        runs.withUnsafeBufferPointer {
                            Node.leaf(UnsafeBufferPointer(rebasing: bytes[..<moved]), runs: $0, summary: head.leaf.summary - movedSummary, roomy: true)
                        }
                    }
                    leading = kept
                    textStart = head.start + kept.summary.utf16
                    region.summary += movedSummary
                    region.append(head.leaf, bytes: moved..<head.leaf.byteCount)
                } else {
                    textStart = head.start
                    region.summary += head.leaf.summary
                    region.append(head.leaf, bytes: 0..<head.leaf.byteCount)
                }
            } else if let head, head.bytes < head.leaf.byteCount {
                regionStart = head.start
                textStart = head.start
                if measured {
                    region.summary += head.leaf.withBytes { Node.keptSummary(of: $0, summary: head.leaf.summary, around: head.bytes, $0.count) }
                }
                region.append(head.leaf, bytes: 0..<head.bytes)
            }
            region.appendInserted(inserted, runs: insertedRuns, utf16: insertedEnd.map { $0 - textStart })
            if let tail, tail.from > 0 {
                regionEnd = tail.start + tail.leaf.summary.utf16
                if measured {
                    region.summary += tail.leaf.withBytes { Node.keptSummary(of: $0, summary: tail.leaf.summary, around: 0, tail.from) }
                }
                region.append(tail.leaf, bytes: tail.from..<tail.leaf.byteCount)
            }
        }

        // A sliver takes in whole neighbours, the next leaf first: their measures add up, since
        // their boundaries keep their status. So does an insertion between two leaves kept
        // whole: the new leaves go in place of at least one old one.
        while (region.bytes.count < Node.minLeafBytes || regionStart == regionEnd) && (regionStart > 0 || regionEnd < total) {
            if regionEnd < total {
                let next = root.leaf(at: regionEnd, in: .utf16, preferRight: true).leaf
                region.summary += next.summary
                region.append(next, bytes: 0..<next.byteCount)
                regionEnd += next.summary.utf16
            } else if let kept = leading {
                region.prepend(kept)
                leading = nil
                textStart = regionStart
            } else {
                let (previous, start) = root.leaf(at: regionStart - 1, in: .utf16, preferRight: true)
                region.prepend(previous)
                regionStart = start.utf16
                textStart = regionStart
            }
        }

        guard var leaves = region.makeLeaves() else { return nil }
        if let leading { leaves.insert(leading, at: 0) }
        var pending: [Node]? = leaves
        var nodes = root.isLeaf ? leaves : root.replacingLeaves(from: regionStart, to: regionEnd, with: &pending)
        return Node.makeRoot(&nodes)
    }

    /// A position at or before byte `limit` of valid UTF-8 `buffer`, after its first scalar,
    /// that is a certain cluster boundary (`isCertainBoundary` of the scalars around it), found
    /// within a few scalars; nil when there is none there.
    static func certainBoundary(in buffer: UnsafeBufferPointer<UInt8>, before limit: Int) -> Int? {
        guard let base = buffer.baseAddress, limit > 0, limit < buffer.count else { return nil }
        var position = limit
        while position > 0 && base[position] & 0xC0 == 0x80 { position -= 1 }
        var tries = 0
        while position > 0 && tries < 16 {
            let before = Node.scalar(endingAt: position, in: base)
            if Node.isCertainBoundary(before, Node.scalar(at: position, in: base, count: buffer.count)) { return position }
            position -= 1
            while position > 0 && base[position] & 0xC0 == 0x80 { position -= 1 }
            tries += 1
        }
        return nil
    }

    /// The measures of `buffer` (a leaf whose measures are `summary`) without bytes
    /// `lower..<upper` (scalar boundaries), where the edges of the kept parts are certain new
    /// boundaries: measures what is kept, or when what is removed is shorter and its own edges
    /// are certain boundaries too, the leaf's measures minus it.
    static func keptSummary(of buffer: UnsafeBufferPointer<UInt8>, summary: TextSummary, around lower: Int, _ upper: Int) -> TextSummary {
        let count = buffer.count
        if lower == upper && (lower == 0 || upper == count) { return summary }
        // The pieces of a leaf whose clusters are single scalars need no segmenting.
        let singletons = summary.clustersAreScalars
        if upper - lower <= count - (upper - lower), let base = buffer.baseAddress {
            let x: UInt32? = lower > 0 ? Node.scalar(endingAt: lower, in: base) : nil
            let y: UInt32? = upper < count ? Node.scalar(at: upper, in: base, count: count) : nil
            let removedFirst: UInt32? = lower < upper ? Node.scalar(at: lower, in: base, count: count) : y
            let removedLast: UInt32? = lower < upper ? Node.scalar(endingAt: upper, in: base) : x
            if Node.isCertainBoundary(x, removedFirst) && Node.isCertainBoundary(removedLast, y) {
                return summary - Node.summarize(UnsafeBufferPointer(rebasing: buffer[lower..<upper]), clustersAreScalars: singletons)
            }
        }
        return Node.summarize(UnsafeBufferPointer(rebasing: buffer[0..<lower]), clustersAreScalars: singletons)
            + Node.summarize(UnsafeBufferPointer(rebasing: buffer[upper..<count]), clustersAreScalars: singletons)
    }
}

/// The new text of a general edit with certain edges, its runs and its measures, built up part
/// by part.
struct CertainRegion {
    var bytes: [UInt8] = []
    var runs: [LeafRun] = []
    /// The region's measures, kept when `isMeasured` (the inserted text is not longer than a
    /// leaf); otherwise every leaf is measured when it is cut.
    var summary = TextSummary()
    let isMeasured: Bool
    /// Where the inserted text ends, from the region's start, when it is measured: the next edit
    /// of typing starts there, so the leaf that holds it gets it as its offset hint.
    var editEnd: OffsetHint?

    /// `runCapacity`: the runs the region is expected to hold (more only grow the array).
    init(isMeasured: Bool, runCapacity: Int) {
        self.isMeasured = isMeasured
        bytes.reserveCapacity(Node.maxLeafBytes + 64)
        runs.reserveCapacity(runCapacity)
    }

    mutating func append(_ leaf: Node, bytes range: Range<Int>) {
        guard !range.isEmpty else { return }
        leaf.withBytes { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
        leaf.withRuns { runs.appendRuns(of: $0, bytes: range) }
    }

    /// Appends the inserted text, which ends `utf16` units after the region's start.
    mutating func appendInserted(_ inserted: [UInt8], runs insertedRuns: [LeafRun], utf16: Int?) {
        bytes += inserted
        for run in insertedRuns { runs.appendCoalescing(run) }
        editEnd = utf16.map { OffsetHint(utf16: $0, byte: bytes.count) }
    }

    /// Puts a whole leaf before the region, measures included.
    mutating func prepend(_ leaf: Node) {
        bytes.insert(contentsOf: leaf.bytes, at: 0)
        var merged = Array(leaf.runs)
        for run in runs { merged.appendCoalescing(run) }
        runs = merged
        summary += leaf.summary
        editEnd?.utf16 += leaf.summary.utf16
        editEnd?.byte += leaf.byteCount
    }

    /// The region cut into leaves with room for typing (nil when a cut cannot be placed, which
    /// only a cluster longer than a leaf causes). When the region is measured, all leaves but the
    /// largest are measured and the largest gets the rest of the region's measures.
    func makeLeaves() -> [Node]? {
        if bytes.isEmpty { return [] }
        if bytes.count <= Node.maxLeafBytes {
            let measures = isMeasured ? summary : bytes.withUnsafeBufferPointer { Node.summarize($0) }
            let leaf = Node.leaf(bytes: bytes, runs: runs, summary: measures, roomy: true)
            if let editEnd { leaf.offsetHint = editEnd }
            return [leaf]
        }
        return bytes.withUnsafeBufferPointer { buffer -> [Node]? in
            // Each leaf but the last takes at least `minLeafBytes`.
            var cuts: [Int] = []
            cuts.reserveCapacity(buffer.count / Node.minLeafBytes + 2)
            cuts.append(0)
            var start = 0
            while buffer.count - start > Node.maxLeafBytes {
                // The region's end is a cluster boundary: the text may be taken to end there.
                guard let end = Node.cut(buffer, from: start, isFinal: true), end > start else { return nil }
                cuts.append(end)
                start = end
            }
            if start < buffer.count { cuts.append(buffer.count) }
            var largest = -1
            if isMeasured {
                largest = 0
                for i in 0..<cuts.count - 1 where cuts[i + 1] - cuts[i] > cuts[largest + 1] - cuts[largest] { largest = i }
            }
            var summaries: [TextSummary] = []
            summaries.reserveCapacity(cuts.count - 1)
            var rest = summary
            // Measured, the region says whether its clusters are single scalars; then so are its
            // leaves', and they need no segmenting.
            let singletons = isMeasured && summary.clustersAreScalars
            for i in 0..<cuts.count - 1 {
                if i == largest {
                    summaries.append(TextSummary())
                } else {
                    let piece = Node.summarize(UnsafeBufferPointer(rebasing: buffer[cuts[i]..<cuts[i + 1]]), clustersAreScalars: singletons)
                    rest -= piece
                    summaries.append(piece)
                }
            }
            if largest >= 0 { summaries[largest] = rest }
            var leaves: [Node] = []
            leaves.reserveCapacity(cuts.count - 1)
            var runCursor = LeafRunCursor()
            var leafRuns: [LeafRun] = []
            leafRuns.reserveCapacity(runs.count)
            var utf16 = 0
            for i in 0..<cuts.count - 1 {
                runCursor.take(cuts[i + 1] - cuts[i], of: runs, into: &leafRuns)
                let piece = UnsafeBufferPointer(rebasing: buffer[cuts[i]..<cuts[i + 1]])
                let leaf = leafRuns.withUnsafeBufferPointer { Node.leaf(piece, runs: $0, summary: summaries[i], roomy: true) }
                if let editEnd, editEnd.byte >= cuts[i] && editEnd.byte <= cuts[i + 1] {
                    leaf.offsetHint = OffsetHint(utf16: editEnd.utf16 - utf16, byte: editEnd.byte - cuts[i])
                }
                utf16 += summaries[i].utf16
                leaves.append(leaf)
            }
            return leaves
        }
    }
}
