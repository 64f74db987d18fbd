/// A violated storage invariant, found by `AttributedText.checkInvariants()`.
public struct InvariantViolation: Error, CustomStringConvertible {
    public let description: String
}

extension AttributedText {
    /// Checks the storage's invariants and throws a description of the first violation: node
    /// summaries add up, the tree is balanced with children counts in bounds, leaves hold valid
    /// UTF-8 within size bounds, runs cover each leaf exactly and are non-empty and coalesced
    /// (and the typing path's run hint points at a run start), and every leaf boundary is a
    /// grapheme-cluster boundary; and every paragraph is uniform in its paragraph attributes
    /// (`checkParagraphInvariants()`). For tests.
    /// - Complexity: O(n).
    public func checkInvariants() throws {
        try check(root, isRoot: true)
        let whole = utf8Bytes(in: 0..<utf16Count)
        let wholeCount = whole.withUnsafeBufferPointer { GraphemeSegmentation.clusterCount(utf8: $0) }
        if wholeCount != characterCount {
            throw InvariantViolation(description: "cluster count \(characterCount) != \(wholeCount): a leaf boundary splits a cluster")
        }
        // Every leaf boundary is a boundary of the whole text's clusters (not only in number).
        var leafStarts: [Int] = []
        var leafStart = 0
        root.forEachLeaf(overlapping: 0..<max(1, utf16Count)) { leaf, _ in
            leafStarts.append(leafStart)
            leafStart += leaf.byteCount
            return true
        }
        var clusterStarts: Set<Int> = [0]
        whole.withUnsafeBufferPointer { buffer in
            var cursor = GraphemeCursor(utf8: buffer, isEnd: true)
            while let boundary = cursor.next() { clusterStarts.insert(boundary) }
        }
        for start in leafStarts where !clusterStarts.contains(start) {
            throw InvariantViolation(description: "the leaf starting at byte \(start) starts inside a cluster")
        }
        try checkFinger()
        try checkParagraphInvariants()
    }

    /// The finger, when there is one, names a leaf of this tree by indices in range and the
    /// offset where that leaf starts: the next in-leaf edit trusts both.
    private func checkFinger() throws {
        guard finger.depth >= 0 else { return }
        if finger.depth != root.height { throw InvariantViolation(description: "finger of depth \(finger.depth) in a tree of height \(root.height)") }
        var node = root
        var start = 0
        for level in 0..<finger.depth {
            let i = finger.index(at: level)
            if i >= node.childCount { throw InvariantViolation(description: "finger index \(i) at level \(level) of \(node.childCount) children") }
            for k in 0..<i { start += node.entries[k].utf16 }
            node = node.entries[i].node
        }
        if start != finger.start { throw InvariantViolation(description: "finger says its leaf starts at \(finger.start), it starts at \(start)") }
    }

    private func check(_ node: Node, isRoot: Bool) throws {
        func fail(_ message: String) -> InvariantViolation { InvariantViolation(description: message) }
        if node.isLeaf {
            let bytes = Array(node.bytes)
            let decoded = String(decoding: bytes, as: UTF8.self)
            if Array(decoded.utf8) != bytes { throw fail("leaf holds invalid UTF-8") }
            var expected = Node.leafSummary(bytes)
            let clusters = bytes.withUnsafeBufferPointer { GraphemeSegmentation.clusterCount(utf8: $0) }
            expected.graphemes = clusters
            if expected != node.summary { throw fail("leaf summary \(node.summary) != \(expected)") }
            if bytes.isEmpty && !isRoot { throw fail("empty leaf below the root") }
            if bytes.count > Node.maxLeafBytes && clusters > 1 { throw fail("leaf of \(bytes.count) bytes") }
            if bytes.count > node.byteCapacity { throw fail("leaf of \(bytes.count) bytes in room for \(node.byteCapacity)") }
            let runs = Array(node.runs)
            if runs.reduce(0, { $0 + $1.length }) != bytes.count { throw fail("runs do not cover the leaf") }
            for (i, run) in runs.enumerated() {
                if run.length <= 0 { throw fail("empty run") }
                if i > 0 && runs[i - 1].attributes == run.attributes { throw fail("uncoalesced runs") }
            }
            // The typing path starts its search at the hint: a stale one would misplace runs.
            let hint = node.runHint
            if hint.index < runs.count && runs[..<hint.index].reduce(0, { $0 + $1.length }) != hint.start {
                throw fail("run hint \(hint) does not match the runs")
            }
            // Offsets are found by scanning from the offset hint: it must name a scalar boundary.
            let offsetHint = node.offsetHint
            let hintByte = node.withBytes { Node.byteOffset(utf16: offsetHint.utf16, in: $0) }
            if hintByte != offsetHint.byte { throw fail("offset hint \(offsetHint) is not at byte \(hintByte.map(String.init) ?? "nil")") }
            return
        }
        if !isRoot && node.children.count < Node.minChildren { throw fail("node with \(node.children.count) children in tree \(shape(root))") }
        if node.children.count > Node.maxChildren { throw fail("node with \(node.children.count) children") }
        var total = TextSummary()
        for child in node.children {
            if child.height != node.height - 1 { throw fail("unbalanced tree") }
            try check(child, isRoot: false)
            total += child.summary
        }
        if total != node.summary { throw fail("node summary \(node.summary) != children's \(total)") }
        if node.entries.map(\.utf16) != node.children.map(\.summary.utf16) { throw fail("child sizes out of step") }
    }

    func shape(_ node: Node) -> String {
        node.isLeaf ? "\(node.byteCount)" : "[" + node.children.map(shape).joined(separator: " ") + "]"
    }
}
