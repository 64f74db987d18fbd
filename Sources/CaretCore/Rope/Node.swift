/// A node of the B-tree rope. A leaf (height 0) holds up to `maxLeafBytes` of UTF-8 text and the
/// attribute runs over it; an internal node holds children of equal height and the sum of their
/// summaries. Leaf boundaries always fall on grapheme-cluster boundaries, so a leaf's text can be
/// segmented on its own and its cluster count adds up.
///
/// Nodes are shared between copies of an `AttributedText`; a mutation first makes the path it
/// touches uniquely referenced (`isKnownUniquelyReferenced`), so copies stay independent.
final class Node: @unchecked Sendable {
    #if DEBUG
    // Small sizes so that ordinary tests exercise splits, merges and deep trees.
    static let maxLeafBytes = 32
    static let maxChildren = 4
    #else
    static let maxLeafBytes = 1024
    static let maxChildren = 16
    #endif
    /// A leaf smaller than this is merged with a neighbour when the general path touches it.
    static let minLeafBytes = maxLeafBytes / 4
    static let minChildren = 2
    /// The size the general path aims for when it cuts leaves, leaving room for typing.
    static let targetLeafBytes = maxLeafBytes * 3 / 4

    @exclusivity(unchecked) var summary: TextSummary
    let height: Int
    /// Children of an internal node with their UTF-16 lengths, in one array so that finding the
    /// child for a position reads one small buffer instead of touching every child node; empty
    /// for a leaf.
    @exclusivity(unchecked) var entries: [ChildEntry]
    /// A leaf's text; empty for an internal node.
    @exclusivity(unchecked) var bytes: [UInt8]
    /// A leaf's attribute runs, covering `bytes` exactly; empty for an internal node.
    @exclusivity(unchecked) var runs: [LeafRun]
    /// Where the last fast-path edit touched `runs`; reset by any other change to them.
    @exclusivity(unchecked) var runHint = RunHint()
    /// A position in a leaf's text by UTF-16 and byte offset, where the last fast-path edit
    /// ended: the next edit of typing starts there, so finding its byte offset scans nothing.
    @exclusivity(unchecked) var offsetHint = OffsetHint()

    var isLeaf: Bool { height == 0 }

    /// A leaf. `summary` must describe `bytes` (graphemes included).
    init(leafBytes bytes: [UInt8], runs: [LeafRun], summary: TextSummary) {
        self.bytes = bytes
        self.runs = runs
        self.summary = summary
        self.height = 0
        self.entries = []
    }

    /// An internal node over `children`, which all have the same height.
    init(children: [Node]) {
        precondition(!children.isEmpty)
        self.height = children[0].height + 1
        self.bytes = []
        self.runs = []
        var total = TextSummary()
        var entries: [ChildEntry] = []
        entries.reserveCapacity(children.count)
        for child in children {
            total += child.summary
            entries.append(ChildEntry(utf16: child.summary.utf16, node: child))
        }
        self.summary = total
        self.entries = entries
    }

    /// An empty leaf: the root of an empty text.
    static func emptyLeaf() -> Node { Node(leafBytes: [], runs: [], summary: .zero) }

    /// A shallow copy: children are shared, bytes and runs copied on write.
    func clone() -> Node {
        guard isLeaf else { return Node(children: children) }
        let copy = Node(leafBytes: bytes, runs: runs, summary: summary)
        // The hints describe the same bytes and runs: typing into a copy scans no more than
        // typing into the original.
        copy.runHint = runHint
        copy.offsetHint = offsetHint
        return copy
    }

    /// The children of an internal node, for the paths that are not hot.
    var children: [Node] { entries.map(\.node) }

    /// Makes child `i` uniquely referenced, copying it if it is shared.
    @inline(__always)
    func makeChildUnique(_ i: Int) {
        if !isKnownUniquelyReferenced(&entries[i].node) { entries[i].node = entries[i].node.clone() }
    }

    // MARK: - Grapheme counting

    /// The number of grapheme clusters in valid UTF-8 `bytes` that start and end on cluster
    /// boundaries. All-ASCII text without CR counts one cluster a byte.
    /// - Complexity: O(bytes.count).
    static func countGraphemes(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var simple = true
        for byte in bytes where byte >= 0x80 || byte == 0x0D {
            simple = false
            break
        }
        if simple { return bytes.count }
        return GraphemeSegmentation.clusterCount(utf8: bytes)
    }

    /// A leaf's summary computed from scratch.
    static func leafSummary(_ bytes: [UInt8]) -> TextSummary {
        bytes.withUnsafeBufferPointer { buffer in
            var summary = TextSummary(utf8: buffer)
            summary.graphemes = countGraphemes(buffer)
            return summary
        }
    }

    // MARK: - Navigation

    /// The leftmost leaf of this subtree.
    var firstLeaf: Node {
        var node = self
        while !node.isLeaf { node = node.entries[0].node }
        return node
    }

    /// The leaf holding position `offset` (in `metric`) and the summary of all text before it.
    /// At a leaf boundary, `preferRight` picks the leaf that starts there, otherwise the one that
    /// ends there. `offset` must be within `0...summary[metric]`.
    /// - Complexity: O(log n).
    func leaf(at offset: Int, in metric: TextMetric, preferRight: Bool) -> (leaf: Node, before: TextSummary) {
        var node = self
        var before = TextSummary()
        var remaining = offset
        while !node.isLeaf {
            let entries = node.entries
            var chosen = entries.count - 1
            for i in 0..<entries.count - 1 {
                let size = metric == .utf16 ? entries[i].utf16 : metric.measure(entries[i].node.summary)
                if remaining < size || (remaining == size && !preferRight) {
                    chosen = i
                    break
                }
                remaining -= size
                before += entries[i].node.summary
            }
            node = entries[chosen].node
        }
        return (node, before)
    }

    /// Calls `body` with every leaf whose UTF-16 span meets the non-empty `range`, in order, with
    /// the UTF-16 offset where the leaf starts; `body` returns false to stop.
    /// - Complexity: O(log n + leaves visited).
    @discardableResult
    func forEachLeaf(overlapping range: Range<Int>, start: Int = 0, _ body: (Node, Int) -> Bool) -> Bool {
        if isLeaf { return body(self, start) }
        var offset = start
        for entry in entries {
            if offset >= range.upperBound { break }
            let end = offset + entry.utf16
            if end > range.lowerBound, !entry.node.forEachLeaf(overlapping: range, start: offset, body) { return false }
            offset = end
        }
        return true
    }
}

/// A scalar boundary of a leaf by its UTF-16 and its byte offset; (0, 0), the start, is always
/// right. Set by the fast paths, the only code that changes a leaf's bytes in place.
struct OffsetHint: Sendable {
    var utf16 = 0
    var byte = 0
}

/// A child of an internal node and its UTF-16 length.
struct ChildEntry {
    var utf16: Int
    var node: Node
}
