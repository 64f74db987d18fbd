/// Where the last in-leaf edit of a text happened: the child index taken at each level from the
/// root down to the leaf, and the UTF-16 offset where that leaf starts. Typing edits the same
/// leaf edit after edit, so the next edit can walk those indices instead of scanning children
/// and summing their lengths at every level.
///
/// A finger belongs to one `AttributedText` value and describes the tree under its root as the
/// last in-leaf edit left it. Anything else that changes the tree replaces the root or takes it
/// `inout` (both forget the finger, see `AttributedText.root`); an in-leaf edit keeps the shape
/// and the leaf's start. A copy of the value carries the same finger over the same nodes: it stays
/// right for both, because neither can change a node the other sees: the walk makes every node
/// on the path uniquely referenced (copying shared ones) before anything is changed, as the scan
/// does.
struct EditFinger: Sendable {
    /// Deeper trees (text of terabytes, or megabytes in a debug build's tiny nodes) scan.
    static let maxDepth = 8

    /// The root's height when the finger was taken; -1 for no finger.
    var depth = -1
    /// The child index at level `k` (0 is the root's) in bits `8k..<8k+8`.
    var path: UInt64 = 0
    /// The UTF-16 offset where the leaf starts.
    var start = 0

    static let none = EditFinger()

    @inline(__always)
    func index(at level: Int) -> Int { Int(truncatingIfNeeded: (path &>> UInt64(level &* 8)) & 0xFF) }

    /// The node `levels` steps down from `root` along the finger's indices, unretained (the tree
    /// holds it). Reads the tree only.
    @inline(__always)
    func node(under root: Node, levels: Int) -> Unmanaged<Node> {
        var node = Unmanaged.passUnretained(root)
        for level in 0..<levels {
            node = Unmanaged.passUnretained(node._withUnsafeGuaranteedRef { $0.entries }[index(at: level)].node)
        }
        return node
    }

    /// Puts `replacement` in place of the node `levels` steps down from `root` along the finger's
    /// indices (the root itself when `levels` is 0), in its parent's entry. The replacement must
    /// hold the same text length, as the entry's is kept.
    @inline(__always)
    func replaceNode(levels: Int, under root: inout Node, with replacement: Node) {
        if levels == 0 {
            root = replacement
        } else {
            node(under: root, levels: levels &- 1)._withUnsafeGuaranteedRef { $0.entries }[index(at: levels &- 1)].node = replacement
        }
    }
}

extension Node {
    /// Replaces UTF-16 `lower..<upper` of the uniquely referenced tree `root` with `inserted`
    /// carrying `attributes` if the fast path applies (`replaceInLeaf`), finding the leaf by
    /// `finger` when it holds the edit and by scanning otherwise, and leaves `finger` at the leaf
    /// edited. Returns false, with the text unchanged, when the edit needs the general path.
    /// - Complexity: O(log n + leaf bytes); O(depth + leaf bytes) when the finger holds the edit.
    static func replaceInLeaf(
        root: inout Node, finger: inout EditFinger, _ lower: Int, _ upper: Int, with inserted: UnsafeBufferPointer<UInt8>,
        isSimple: Bool, newlines: Int, attributes: Attributes
    ) -> Bool {
        let depth = root.height
        guard depth <= EditFinger.maxDepth else {
            finger = .none
            return root.replaceInLeaf(lower, upper, with: inserted, isSimple: isSimple, newlines: newlines,
                                      attributes: attributes, isFirst: true, next: nil) != nil
        }
        // The leaf the scan would choose: the first whose end reaches `key` (an insertion at a
        // leaf boundary goes to the end of the left leaf; a replacement starting at a boundary to
        // the right one), or the last leaf.
        let key = lower == upper ? lower : lower &+ 1
        var path: UInt64 = 0
        var start = 0
        var isFirst = true
        var next: Unmanaged<Node>?
        var previous: Unmanaged<Node>?
        // Nodes by unretained reference: the tree holds every one of them throughout, and
        // retaining each on the way down and releasing it on the way out is most of a descent.
        var leaf = Unmanaged.passUnretained(root)
        var found = false
        if finger.depth == depth {
            // Walk the finger's indices, making the path unique as the scan would.
            for level in 0..<depth {
                let kids = leaf._withUnsafeGuaranteedRef { $0.entries }
                let i = finger.index(at: level)
                if !isKnownUniquelyReferenced(&kids[i].node) { kids[i].node = kids[i].node.clone() }
                if i &+ 1 < kids.count { next = Unmanaged.passUnretained(kids[i &+ 1].node) }
                if i != 0 {
                    isFirst = false
                    previous = Unmanaged.passUnretained(kids[i &- 1].node)
                }
                leaf = Unmanaged.passUnretained(kids[i].node)
            }
            start = finger.start
            let length = leaf._withUnsafeGuaranteedRef { $0.summary.utf16 }
            if key <= start &+ length && (key > start || start == 0) {
                path = finger.path
                found = true
            }
        }
        if !found {
            // An edit outside the last edit's leaf, in a text too large to stay in cache: the
            // leaf is likely in memory.
            let prefetches = root.summary.utf8 > Node.prefetchingTextBytes
            start = 0
            isFirst = true
            next = nil
            previous = nil
            leaf = Unmanaged.passUnretained(root)
            for level in 0..<depth {
                let kids = leaf._withUnsafeGuaranteedRef { $0.entries }
                let last = kids.count &- 1
                var i = 0
                while i < last {
                    let end = start &+ kids[i].utf16
                    if end >= key { break }
                    start = end
                    i &+= 1
                }
                if prefetches && level &+ 1 == depth {
                    Node.prefetchForEdit(Unmanaged.passUnretained(kids[i].node), at: key &- start, utf16Length: kids[i].utf16)
                }
                if !isKnownUniquelyReferenced(&kids[i].node) { kids[i].node = kids[i].node.clone() }
                if i < last { next = Unmanaged.passUnretained(kids[i &+ 1].node) }
                if i != 0 {
                    isFirst = false
                    previous = Unmanaged.passUnretained(kids[i &- 1].node)
                }
                path |= UInt64(i) &<< UInt64(level &* 8)
                leaf = Unmanaged.passUnretained(kids[i].node)
            }
        }
        finger = EditFinger(depth: depth, path: path, start: start)
        let leafLower = lower &- start
        let leafUpper = upper &- start
        guard leafUpper <= leaf._withUnsafeGuaranteedRef({ $0.summary.utf16 }) else { return false }
        // Runs that would outgrow their room in place get a leaf with more room first, so that
        // styled typing never moves them to an array (which costs more on every edit).
        if leaf._withUnsafeGuaranteedRef({ $0.needsRunRoom }) {
            let roomier = leaf._withUnsafeGuaranteedRef { $0.withMoreRunRoom() }
            finger.replaceNode(levels: depth, under: &root, with: roomier)
            leaf = Unmanaged.passUnretained(roomier)
        }
        let edited = leaf._withUnsafeGuaranteedRef { leaf -> TextSummary? in
            // ASCII into ASCII, unless a neighbour is not ASCII or CR (the next leaf starts with
            // an emoji, say): then the other path decides by the scalars.
            if isSimple && leaf.summary.isASCII,
               let delta = leaf.replaceInThisLeaf(leafLower, leafUpper, with: inserted, newlines: newlines,
                                                  attributes: attributes, isFirst: isFirst, next: next, previous: previous) {
                return delta
            }
            return leaf.replaceUnicodeInThisLeaf(leafLower, leafUpper, with: InsertedText(bytes: inserted, isSimple: isSimple, newlines: newlines),
                                                 attributes: attributes, isFirst: isFirst, next: next, previous: previous)
        }
        guard let delta = edited else { return false }
        // The leaf counted its own change; its ancestors add it up.
        var node = Unmanaged.passUnretained(root)
        for level in 0..<depth {
            let kids = node._withUnsafeGuaranteedRef { node in
                node.summary += delta
                return node.entries
            }
            let i = finger.index(at: level)
            kids[i].utf16 &+= delta.utf16
            node = Unmanaged.passUnretained(kids[i].node)
        }
        return true
    }
}

extension Node {
    /// Whether an edit of this leaf's runs could need more than their room in place (one edit adds
    /// at most two runs), or they are in an array already.
    var needsRunRoom: Bool {
        @inline(__always) get {
            head.pointee.overflowRuns != nil || head.pointee.runCount &+ 2 > head.pointee.runCapacity
        }
    }

    /// A copy of this leaf with room for twice its runs in place (and the same room for bytes).
    func withMoreRunRoom() -> Node {
        copy(byteCapacity: byteCapacity, runCapacity: runs.count * 2 + 4)
    }

    /// A copy of this leaf, hints included, with the given room for bytes and runs (at least what
    /// it holds).
    func copy(byteCapacity: Int, runCapacity: Int) -> Node {
        let copy = withRuns { runs in
            withBytes { Node.leaf($0, runs: runs, summary: summary, byteCapacity: byteCapacity, runCapacity: runCapacity) }
        }
        copy.runHint = runHint
        copy.offsetHint = offsetHint
        return copy
    }

    /// After `replaceInLeaf` declined an edit ending at UTF-16 `upper` that inserts
    /// `insertedBytes` bytes, gives the leaf it left `finger` at room for them, if room was what
    /// it lacked: a copy with a full leaf's room when that is enough, otherwise the leaf split at a
    /// certain cluster boundary near its middle, its right half a new leaf after it under the same
    /// parent. The split changes no sum above the parent, so only the parent is rebuilt (with one
    /// more child), unless it is full: then it splits too, as a B-tree's nodes do. `root` is
    /// uniquely referenced and so is the path to the leaf (the declined edit made it so). False,
    /// with nothing changed, when room was not the trouble, or neither remedy applies: the leaf
    /// would still be too long, or no certain boundary is near its middle; the general path then
    /// rebuilds the region.
    static func makeRoom(root: inout Node, finger: EditFinger, upper: Int, insertedBytes: Int) -> Bool {
        let depth = finger.depth
        guard depth >= 0, depth == root.height else { return false }
        let leaf = finger.node(under: root, levels: depth)._withUnsafeGuaranteedRef { $0 }
        let needed = leaf.byteCount &+ insertedBytes
        guard needed > leaf.byteCapacity, upper &- finger.start <= leaf.summary.utf16 else { return false }
        if needed <= maxLeafBytes {
            let roomier = leaf.copy(byteCapacity: maxLeafBytes, runCapacity: Swift.max(Int(leaf.head.pointee.runCapacity), leaf.runs.count))
            finger.replaceNode(levels: depth, under: &root, with: roomier)
            return true
        }
        guard needed <= 2 * targetLeafBytes else { return false }
        let count = leaf.byteCount
        guard let cut = leaf.withBytes({ Node.certainBoundary(in: $0, before: count / 2) }),
              cut >= minLeafBytes, count - cut >= minLeafBytes else { return false }
        var leftRuns: [LeafRun] = []
        var rightRuns: [LeafRun] = []
        leaf.withRuns { runs in
            leftRuns.appendRuns(of: runs, bytes: 0..<cut)
            rightRuns.appendRuns(of: runs, bytes: cut..<count)
        }
        let right = leaf.withBytes { bytes in
            let rightBytes = UnsafeBufferPointer(rebasing: bytes[cut...])
            let summary = Node.summarize(rightBytes, clustersAreScalars: leaf.summary.clustersAreScalars)
            return rightRuns.withUnsafeBufferPointer { Node.leaf(rightBytes, runs: $0, summary: summary, roomy: true) }
        }
        // The left half stays in the node, which keeps its room; its offset hint stays if it is
        // before the cut.
        leaf.head.pointee.count = cut
        leaf.summary -= right.summary
        leaf.setRuns(leftRuns)
        if leaf.offsetHint.byte > cut { leaf.offsetHint = OffsetHint() }
        // The two halves take the leaf's place in its parent. A parent that overflows splits in
        // two in its own parent's place, and so on up: a root that splits gets a root above it.
        var replacement = [leaf, right]
        var level = depth &- 1
        while level >= 0 {
            let node = finger.node(under: root, levels: level)._withUnsafeGuaranteedRef { $0 }
            let index = finger.index(at: level)
            var children = node.children
            children.replaceSubrange(index...index, with: replacement)
            // One node, or two when it overflows.
            let rebuilt = Node.group(children)
            if rebuilt.count == 1 {
                // Its sums are the old node's: it takes the old one's place, and nothing above changes.
                finger.replaceNode(levels: level, under: &root, with: rebuilt[0])
                return true
            }
            replacement = rebuilt
            level &-= 1
        }
        root = Node.internal(replacement)
        return true
    }
}
