import CCaretPrefetch

/// A node of the B-tree rope. A leaf (height 0) holds up to `maxLeafBytes` of UTF-8 text and the
/// attribute runs over it; an internal node holds children of equal height and the sum of their
/// summaries. Leaf boundaries always fall on grapheme-cluster boundaries, so a leaf's text can be
/// segmented on its own and its cluster count adds up.
///
/// A node is one allocation: the header (summary, counts, hints) and, after it, a leaf's bytes
/// and runs or an internal node's children with their UTF-16 lengths. An edit in a large
/// document then touches one object per level instead of two or three: the leaf's header, its
/// bytes and its runs sit together, and the bytes start at a fixed offset, so the processor can
/// load them while it is still reading the header.
///
/// Nodes are shared between copies of an `AttributedText`; a mutation first makes the path it
/// touches uniquely referenced (`isKnownUniquelyReferenced`), so copies stay independent.
final class Node: ManagedBuffer<NodeHeader, UInt8> {
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

    deinit {
        // Bytes and runs are trivial; children are references to release.
        if head.pointee.height > 0 { entries.deinitialize() }
    }

    // MARK: - Header fields

    /// The header, by pointer: ManagedBuffer's `header` property checks exclusivity dynamically
    /// on every access, which the typing path cannot afford; a node's header is only changed by
    /// code that holds the node uniquely.
    var head: UnsafeMutablePointer<NodeHeader> {
        @inline(__always) get { withUnsafeMutablePointerToHeader { $0 } }
    }

    var summary: TextSummary {
        @inline(__always) get { head.pointee.summary }
        @inline(__always) _modify { yield &head.pointee.summary }
    }

    var height: Int { @inline(__always) get { Int(head.pointee.height) } }

    /// Where the last fast-path edit touched `runs`; reset by any other change to them.
    var runHint: RunHint {
        @inline(__always) get { head.pointee.runHint }
        @inline(__always) set { head.pointee.runHint = newValue }
    }

    /// A position in a leaf's text by UTF-16 and byte offset, where the last fast-path edit
    /// ended: the next edit of typing starts there, so finding its byte offset scans nothing.
    var offsetHint: OffsetHint {
        @inline(__always) get { head.pointee.offsetHint }
        @inline(__always) set { head.pointee.offsetHint = newValue }
    }

    var isLeaf: Bool { @inline(__always) get { head.pointee.height == 0 } }

    // MARK: - Layout

    /// Where the tail starts; bytes start there (a fixed offset from the object).
    @inline(__always)
    private var tail: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(withUnsafeMutablePointerToElements { $0 })
    }

    /// The room a leaf of `count` bytes gets: for a leaf of a document an eighth of a leaf more
    /// (up to a full leaf), or a full leaf's when `roomy` (leaves the general path cuts where
    /// someone is editing); about twice its size for a small text. Typing past the room first
    /// copies the leaf with a full leaf's room or splits it (`makeRoom`); a document's leaves do
    /// not all pay for a full leaf.
    @inline(__always)
    static func byteCapacity(for count: Int, roomy: Bool = false) -> Int {
        if count >= maxLeafBytes / 2 {
            return Swift.max(count, roomy ? maxLeafBytes : Swift.min(maxLeafBytes, (count + maxLeafBytes / 8 + 15) & ~15))
        }
        return Swift.max(16, (count * 2 + 15) & ~15)
    }

    /// The room for runs a new leaf with `count` runs gets before an edit has to copy it with more
    /// room: four splits of a run by styled typing for a leaf of a document being built, two for a
    /// leaf the general path cuts (`roomy`). A document's leaf sees a few edits, and there the copy
    /// (an allocation, a free and a leaf of bytes moved, at a random place in memory) cost more
    /// than the edits it served; where someone is editing, the copy is in cache and doubles the room.
    @inline(__always)
    static func runCapacity(for count: Int, roomy: Bool = false) -> Int { roomy ? count + 4 : count + 8 }

    @inline(__always)
    private static func runsOffset(byteCapacity: Int) -> Int { (byteCapacity + 15) & ~15 }

    /// In text longer than this (about a core's L2 cache), an edit outside the last edit's leaf
    /// (one the finger does not hold) asks for its leaf's lines ahead (`prefetchForEdit`). In
    /// shorter text the leaf is mostly in cache, and asking costs the edit more than it saves:
    /// about 7% of a random edit in 64 KiB.
    static let prefetchingTextBytes = 1 << 20

    /// Asks the processor to load, all at once, the lines of `leaf` that an edit at UTF-16
    /// `offset` will touch, given the leaf's UTF-16 length from its parent's entry: the header,
    /// the bytes from the edit to the end (which the edit moves) and the first runs after the
    /// bytes' room. Reads nothing of the leaf, and takes it unretained: a retain would wait for
    /// the header before the hints went out. In a large document the leaf is in memory, not in
    /// cache, and without this the edit would wait for it three times over, one load depending
    /// on another: the header for the byte count and the room, then the bytes, then the runs.
    /// The byte offset is at least the UTF-16 one; where the text is not ASCII the estimate ends
    /// early, and what is past it loads when it is read.
    @inline(__always)
    static func prefetchForEdit(_ leaf: Unmanaged<Node>, at offset: Int, utf16Length: Int) {
        let object = UnsafeRawPointer(leaf.toOpaque())
        caret_prefetch(object)
        caret_prefetch(object + 64)
        let bytes = UnsafeRawPointer(leaf._withUnsafeGuaranteedRef { $0.bytePointer })
        // The room after a document's leaf is an eighth of a leaf; a few runs follow it.
        var line = Swift.max(0, offset &- 16)
        let end = Swift.min(utf16Length, Node.maxLeafBytes) &+ Node.maxLeafBytes / 8 &+ 64
        while line < end {
            caret_prefetch(bytes + line)
            line &+= 64
        }
    }

    // MARK: - Leaf storage

    /// A leaf's byte count.
    var byteCount: Int { @inline(__always) get { head.pointee.count } }

    /// A leaf's room for bytes in place.
    var byteCapacity: Int { @inline(__always) get { Int(head.pointee.byteCapacity) } }

    /// A leaf's bytes, valid while the leaf lives and is not changed.
    @inline(__always)
    var bytePointer: UnsafeMutablePointer<UInt8> { tail.assumingMemoryBound(to: UInt8.self) }

    /// Calls `body` with a leaf's text.
    @inline(__always)
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: bytePointer, count: head.pointee.count))
    }

    /// A leaf's text, as a collection (for the paths that are not hot).
    var bytes: LeafBytes { LeafBytes(node: self) }

    /// The runs kept in place (when they have not outgrown their room).
    @inline(__always)
    var inlineRunPointer: UnsafeMutablePointer<LeafRun> {
        (tail + Node.runsOffset(byteCapacity: Int(head.pointee.byteCapacity))).assumingMemoryBound(to: LeafRun.self)
    }

    /// A leaf's attribute runs, covering its bytes exactly. Setting them keeps them in place when
    /// they fit, otherwise in a separate array.
    var runs: LeafRuns {
        get { LeafRuns(node: self) }
    }

    /// Calls `body` with a leaf's runs, in place or in their array, without copying them.
    @inline(__always)
    func withRuns<R>(_ body: (UnsafeBufferPointer<LeafRun>) -> R) -> R {
        if let overflow = head.pointee.overflowRuns { return overflow.withUnsafeBufferPointer(body) }
        return body(UnsafeBufferPointer(start: inlineRunPointer, count: Int(head.pointee.runCount)))
    }

    /// Replaces a leaf's runs (which must cover its bytes) and resets the run hint.
    func setRuns(_ runs: [LeafRun]) {
        if runs.count <= Int(head.pointee.runCapacity) {
            let base = inlineRunPointer
            runs.withUnsafeBufferPointer { source in
                if let start = source.baseAddress { base.update(from: start, count: source.count) }
            }
            head.pointee.runCount = Int32(runs.count)
            head.pointee.overflowRuns = nil
        } else {
            head.pointee.overflowRuns = runs
            head.pointee.runCount = 0
        }
        head.pointee.runHint = RunHint()
    }

    /// Applies `body` to a leaf's runs as one mutable list, in place when there is room for
    /// `growth` more runs, after moving them to a separate array otherwise.
    @inline(__always)
    func mutateRuns<R>(growth: Int, _ body: (inout InlineRuns) -> R, orArray arrayBody: (inout [LeafRun]) -> R) -> R {
        if head.pointee.overflowRuns == nil {
            if Int(head.pointee.runCount) &+ growth <= Int(head.pointee.runCapacity) {
                var list = InlineRuns(base: inlineRunPointer, count: Int(head.pointee.runCount))
                let result = body(&list)
                head.pointee.runCount = Int32(truncatingIfNeeded: list.count)
                return result
            }
            head.pointee.overflowRuns = Array(UnsafeBufferPointer(start: inlineRunPointer, count: Int(head.pointee.runCount)))
            head.pointee.runCount = 0
        }
        return arrayBody(&head.pointee.overflowRuns!)
    }

    /// Replaces bytes `lower..<upper` of a leaf with `inserted` in place, moving the tail once.
    /// The result must fit `byteCapacity`.
    @inline(__always)
    func spliceBytes(_ lower: Int, _ upper: Int, _ inserted: UnsafeBufferPointer<UInt8>) {
        let base = bytePointer
        let oldCount = head.pointee.count
        let growth = inserted.count &- (upper &- lower)
        let tailCount = oldCount &- upper
        if growth != 0 && tailCount > 0 {
            (base + upper + growth).update(from: base + upper, count: tailCount)
        }
        if let source = inserted.baseAddress, !inserted.isEmpty {
            // A typed key is a byte or a few: a loop costs less than a call to copy them.
            if inserted.count <= 8 {
                for i in 0..<inserted.count { base[lower &+ i] = source[i] }
            } else {
                (base + lower).update(from: source, count: inserted.count)
            }
        }
        head.pointee.count = oldCount &+ growth
    }

    // MARK: - Internal node storage

    /// The number of children of an internal node.
    var childCount: Int { @inline(__always) get { head.pointee.count } }

    /// An internal node's children with their UTF-16 lengths, in the node itself, so that finding
    /// the child for a position reads this node and no other buffer. Valid while the node lives.
    var entries: UnsafeMutableBufferPointer<ChildEntry> {
        @inline(__always) get { UnsafeMutableBufferPointer(start: tail.assumingMemoryBound(to: ChildEntry.self), count: head.pointee.count) }
    }

    /// The children of an internal node, for the paths that are not hot.
    var children: [Node] { entries.map(\.node) }

    // MARK: - Making nodes

    /// A leaf holding `bytes` and `runs` (which cover them). `summary` must describe `bytes`
    /// (graphemes included).
    static func leaf(
        _ bytes: UnsafeBufferPointer<UInt8>, runs: UnsafeBufferPointer<LeafRun>, summary: TextSummary, roomy: Bool = false
    ) -> Node {
        leaf(bytes, runs: runs, summary: summary, byteCapacity: Node.byteCapacity(for: bytes.count, roomy: roomy),
             runCapacity: Node.runCapacity(for: runs.count, roomy: roomy))
    }

    /// A leaf holding `bytes` and `runs` with the given room for each (at least their counts).
    static func leaf(
        _ bytes: UnsafeBufferPointer<UInt8>, runs: UnsafeBufferPointer<LeafRun>, summary: TextSummary, byteCapacity: Int, runCapacity: Int
    ) -> Node {
        precondition(byteCapacity >= bytes.count && runCapacity >= runs.count, "leaf room too small")
        let size = runsOffset(byteCapacity: byteCapacity) + runCapacity * MemoryLayout<LeafRun>.stride
        let node = unsafeDowncast(Node.create(minimumCapacity: size) { _ in
            NodeHeader(summary: summary, height: 0, runCount: Int32(runs.count), count: bytes.count,
                       byteCapacity: Int32(byteCapacity), runCapacity: Int32(runCapacity))
        }, to: Node.self)
        let tail = node.tail
        precondition(Int(bitPattern: tail) & 15 == 0, "node tail not aligned")
        if let source = bytes.baseAddress { tail.copyMemory(from: source, byteCount: bytes.count) }
        let runBase = (tail + runsOffset(byteCapacity: byteCapacity)).bindMemory(to: LeafRun.self, capacity: runCapacity)
        if let source = runs.baseAddress { runBase.initialize(from: source, count: runs.count) }
        return node
    }

    /// A leaf holding `bytes` and `runs`. `summary` must describe `bytes` (graphemes included).
    static func leaf(bytes: [UInt8], runs: [LeafRun], summary: TextSummary, roomy: Bool = false) -> Node {
        bytes.withUnsafeBufferPointer { bytes in runs.withUnsafeBufferPointer { leaf(bytes, runs: $0, summary: summary, roomy: roomy) } }
    }

    /// An internal node over `children`, which all have the same height.
    static func `internal`(_ children: some Collection<Node>) -> Node {
        precondition(!children.isEmpty)
        let count = children.count
        var total = TextSummary()
        for child in children { total += child.summary }
        let node = unsafeDowncast(Node.create(minimumCapacity: count * MemoryLayout<ChildEntry>.stride) { _ in
            NodeHeader(summary: total, height: Int32(children.first!.height + 1), runCount: 0, count: count, byteCapacity: 0, runCapacity: 0)
        }, to: Node.self)
        let tail = node.tail
        precondition(Int(bitPattern: tail) & 15 == 0, "node tail not aligned")
        var entry = tail.bindMemory(to: ChildEntry.self, capacity: count)
        for child in children {
            entry.initialize(to: ChildEntry(utf16: child.summary.utf16, node: child))
            entry += 1
        }
        return node
    }

    /// The root of an empty text, shared: any change copies it first.
    nonisolated(unsafe) private static let sharedEmptyLeaf = Node.leaf(bytes: [], runs: [], summary: .zero)

    /// An empty leaf: the root of an empty text.
    static func emptyLeaf() -> Node { sharedEmptyLeaf }

    /// A shallow copy: children are shared, bytes and runs copied.
    func clone() -> Node {
        guard isLeaf else { return Node.internal(entries.lazy.map(\.node)) }
        let copy = withRuns { runs in withBytes { Node.leaf($0, runs: runs, summary: summary) } }
        // The hints describe the same bytes and runs: typing into a copy scans no more than
        // typing into the original.
        copy.runHint = runHint
        copy.offsetHint = offsetHint
        return copy
    }

    /// Makes child `i` uniquely referenced, copying it if it is shared.
    @inline(__always)
    func makeChildUnique(_ i: Int) {
        let entries = self.entries
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
        return GraphemeCounting.count(bytes, isValid: true)
    }

    /// A leaf's summary computed from scratch.
    static func leafSummary(_ buffer: UnsafeBufferPointer<UInt8>) -> TextSummary {
        var (summary, isSimple) = TextSummary.measure(buffer)
        summary.graphemes = isSimple ? buffer.count : GraphemeCounting.count(buffer, isValid: true)
        return summary
    }

    /// A leaf's summary computed from scratch.
    static func leafSummary(_ bytes: [UInt8]) -> TextSummary {
        bytes.withUnsafeBufferPointer { leafSummary($0) }
    }

    // MARK: - Navigation

    /// The leftmost leaf of this subtree.
    var firstLeaf: Node {
        var node = self
        while !node.isLeaf { node = node.entries[0].node }
        return node
    }

    /// The rightmost leaf of this subtree.
    var lastLeaf: Node {
        var node = self
        while !node.isLeaf { node = node.entries[node.childCount - 1].node }
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

/// A node's header: what every node has, and the counts of what follows it in the same
/// allocation. Laid out so that the tail starts 16-byte aligned.
struct NodeHeader {
    var summary: TextSummary
    var height: Int32
    /// A leaf's runs in place (0 when they are in `overflowRuns`).
    var runCount: Int32
    /// A leaf's bytes, or an internal node's children.
    var count: Int
    /// A leaf's room for bytes; its runs start after it.
    var byteCapacity: Int32
    /// A leaf's room for runs in place.
    var runCapacity: Int32
    /// A leaf's runs once they have outgrown their room (heavily styled text); nil otherwise.
    var overflowRuns: [LeafRun]? = nil
    var runHint = RunHint()
    var offsetHint = OffsetHint()
    var padding = 0
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

/// A leaf's bytes as a collection, for the paths that are not hot (the hot ones use
/// `withBytes`). Holds the leaf.
struct LeafBytes: RandomAccessCollection {
    let node: Node
    var startIndex: Int { 0 }
    var endIndex: Int { node.byteCount }
    subscript(i: Int) -> UInt8 {
        precondition(i >= 0 && i < node.byteCount, "byte index out of range")
        return node.bytePointer[i]
    }
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try node.withBytes(body)
    }
    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try node.withBytes(body)
    }
}

/// A leaf's runs as a collection, wherever they are kept. Holds the leaf.
struct LeafRuns: RandomAccessCollection {
    let node: Node
    var startIndex: Int { 0 }
    var endIndex: Int { node.head.pointee.overflowRuns?.count ?? Int(node.head.pointee.runCount) }
    subscript(i: Int) -> LeafRun {
        if let overflow = node.head.pointee.overflowRuns { return overflow[i] }
        precondition(i >= 0 && i < Int(node.head.pointee.runCount), "run index out of range")
        return node.inlineRunPointer[i]
    }
}
