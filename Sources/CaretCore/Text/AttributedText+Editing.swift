extension AttributedText {
    /// Replaces UTF-16 `range` with `text`.
    /// - Complexity: O(log n + leaf + text).
    public mutating func replaceSubrange(_ range: Range<Int>, with text: AttributedText) throws {
        try validate(range)
        let (bytes, runs) = text.slice(0..<text.utf16Count)
        if runs.count <= 1 {
            let attributes = runs.first?.attributes ?? Attributes()
            bytes.withUnsafeBufferPointer { replace(range, utf8: $0, attributes: attributes) }
        } else {
            root = Node.replacing(range.lowerBound, range.upperBound, in: root, with: bytes, runs: runs)
        }
    }

    /// Replaces UTF-16 `range` with `string` carrying `attributes`.
    /// - Complexity: O(log n + leaf + string); typing ASCII into ASCII text touches one leaf.
    public mutating func replaceSubrange(_ range: Range<Int>, with string: String, attributes: Attributes) throws {
        guard range.lowerBound >= 0, range.upperBound <= root.summary.utf16 else {
            try validate(range)
            return
        }
        // Checking that neither end splits a surrogate pair costs a descent and a leaf scan per
        // end in text that is not all ASCII. The in-leaf path finds the edit's byte offsets
        // anyway and declines a split pair, so validate only when it declines.
        // The string's own UTF-8 when it is contiguous (native and small strings: all typing),
        // without the copy of the string value that `withUTF8` needs.
        let done = try string.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            if replaceInLeaf(range, utf8: utf8, attributes: attributes) { return true }
            try validate(range)
            replaceGenerally(range, utf8: utf8, attributes: attributes)
            return true
        }
        guard done == nil else { return }
        var string = string
        try string.withUTF8 { utf8 in
            if replaceInLeaf(range, utf8: utf8, attributes: attributes) { return }
            try validate(range)
            replaceGenerally(range, utf8: utf8, attributes: attributes)
        }
    }

    /// Inserts `string` with `attributes` at UTF-16 `offset`.
    public mutating func insert(_ string: String, at offset: Int, attributes: Attributes) throws {
        try replaceSubrange(offset..<offset, with: string, attributes: attributes)
    }

    /// Appends `text`.
    public mutating func append(_ text: AttributedText) {
        try! replaceSubrange(utf16Count..<utf16Count, with: text)
    }

    /// Removes the text in UTF-16 `range`.
    public mutating func removeSubrange(_ range: Range<Int>) throws {
        try replaceSubrange(range, with: "", attributes: Attributes())
    }

    /// The replacement itself, on validated positions.
    mutating func replace(_ range: Range<Int>, utf8 inserted: UnsafeBufferPointer<UInt8>, attributes: Attributes) {
        if replaceInLeaf(range, utf8: inserted, attributes: attributes) { return }
        replaceGenerally(range, utf8: inserted, attributes: attributes)
    }

    /// The in-leaf path of `replace`, for in-range positions: returns false, with the text
    /// unchanged, when the edit needs the general path or an end splits a surrogate pair.
    @inline(__always)
    mutating func replaceInLeaf(_ range: Range<Int>, utf8 inserted: UnsafeBufferPointer<UInt8>, attributes: Attributes) -> Bool {
        guard inserted.count <= Node.maxLeafBytes else { return false }
        // Text of ASCII without CR (a cluster a byte) takes the ASCII paths, which need only its
        // line feeds; the others measure the text themselves. Read once here.
        let simpleNewlines = inserted.baseAddress.map { Node.lineFeedsInASCII($0, 0, inserted.count, rejectingCR: true) } ?? 0
        let simple = simpleNewlines != nil
        let newlines = simpleNewlines ?? 0
        // A copy of the root has the same shape: the finger stays right for it.
        if !isKnownUniquelyReferenced(&storage) { storage = storage.clone() }
        if Node.replaceInLeaf(root: &storage, finger: &finger, range.lowerBound, range.upperBound, with: inserted,
                              isSimple: simple, newlines: newlines, attributes: attributes) {
            return true
        }
        return replaceInLeafAfterMakingRoom(range, utf8: inserted, isSimple: simple, newlines: newlines, attributes: attributes)
    }

    /// The in-leaf path again once the leaf the declined edit found has room for it (a key typed
    /// into a full leaf: `Node.makeRoom`), or the edit as two in-leaf edits when it crosses into
    /// the next leaf (`replaceAcrossLeafBoundary`); false when neither was what it lacked. Out
    /// of line: a full leaf comes once in hundreds of keys.
    @inline(never)
    mutating func replaceInLeafAfterMakingRoom(
        _ range: Range<Int>, utf8 inserted: UnsafeBufferPointer<UInt8>, isSimple: Bool, newlines: Int, attributes: Attributes
    ) -> Bool {
        guard Node.makeRoom(root: &storage, finger: finger, upper: range.upperBound, insertedBytes: inserted.count) else {
            return replaceAcrossLeafBoundary(range, utf8: inserted, isSimple: isSimple, newlines: newlines, attributes: attributes)
        }
        finger = .none
        return Node.replaceInLeaf(root: &storage, finger: &finger, range.lowerBound, range.upperBound, with: inserted,
                                  isSimple: isSimple, newlines: newlines, attributes: attributes)
    }

    /// A replacement that the in-leaf path declined because it runs from the leaf the finger is
    /// at into the next one (a selection deleted or replaced across a leaf boundary), done as two
    /// in-leaf edits: the part in the next leaf deleted, then the part in this leaf replaced.
    /// Each checks its own edges and keeps the text's measures right, so their composition does;
    /// when the second declines after the first, the general path finishes it, on ends that are
    /// scalar boundaries. False, with nothing changed, when the first declines or an end splits
    /// a surrogate pair.
    private mutating func replaceAcrossLeafBoundary(
        _ range: Range<Int>, utf8 inserted: UnsafeBufferPointer<UInt8>, isSimple: Bool, newlines: Int, attributes: Attributes
    ) -> Bool {
        let depth = finger.depth
        guard range.lowerBound < range.upperBound, depth >= 0, depth == storage.height else { return false }
        let leaf = finger.node(under: storage, levels: depth)._withUnsafeGuaranteedRef { $0 }
        let boundary = finger.start + leaf.summary.utf16
        guard range.lowerBound < boundary, range.upperBound > boundary,
              leaf.byteOffset(utf16: range.lowerBound - finger.start) != nil else { return false }
        // Declines, with nothing changed, when the edit goes past the next leaf or its end splits
        // a surrogate pair.
        guard Node.replaceInLeaf(root: &storage, finger: &finger, boundary, range.upperBound, with: UnsafeBufferPointer(start: nil, count: 0),
                                 isSimple: true, newlines: 0, attributes: attributes) else { return false }
        if !Node.replaceInLeaf(root: &storage, finger: &finger, range.lowerBound, boundary, with: inserted,
                               isSimple: isSimple, newlines: newlines, attributes: attributes) {
            replaceGenerally(range.lowerBound..<boundary, utf8: inserted, attributes: attributes)
        }
        return true
    }

    /// The general path of `replace`, on validated positions.
    mutating func replaceGenerally(_ range: Range<Int>, utf8 inserted: UnsafeBufferPointer<UInt8>, attributes: Attributes) {
        let runs = inserted.isEmpty ? [] : [LeafRun(length: inserted.count, attributes: attributes)]
        root = Node.replacing(range.lowerBound, range.upperBound, in: root, with: Array(inserted), runs: runs)
    }

    // MARK: Attributes over a range

    /// Gives every character in `range` exactly `attributes`.
    /// - Complexity: O(log n + leaves and runs touched).
    public mutating func setAttributes(_ attributes: Attributes, in range: Range<Int>) throws {
        try validate(range)
        transformAttributes(unchecked: range) { _ in attributes }
    }

    /// Overlays `attributes` on every character in `range` (its keys win, other keys stay).
    /// - Complexity: O(log n + leaves and runs touched).
    public mutating func mergeAttributes(_ attributes: Attributes, in range: Range<Int>) throws {
        try validate(range)
        transformAttributes(unchecked: range) { $0.merging(attributes) }
    }

    /// Removes `key` from every character in `range`.
    /// - Complexity: O(log n + leaves and runs touched).
    public mutating func removeAttribute(_ key: AttributeKey, in range: Range<Int>) throws {
        try validate(range)
        transformAttributes(unchecked: range) { $0.removing(key) }
    }

    /// Replaces the attributes of every character in `range` with `transform` of them.
    /// - Complexity: O(log n + leaves and runs touched).
    public mutating func transformAttributes(in range: Range<Int>, _ transform: (Attributes) -> Attributes) throws {
        try validate(range)
        transformAttributes(unchecked: range, transform)
    }

    mutating func transformAttributes(unchecked range: Range<Int>, _ transform: (Attributes) -> Attributes) {
        guard !range.isEmpty else { return }
        if !isKnownUniquelyReferenced(&root) { root = root.clone() }
        // Runs share few distinct sets: transform each set once.
        var memo: [Attributes: Attributes] = [:]
        root.transformAttributes(range.lowerBound, range.upperBound) { attributes in
            if let known = memo[attributes] { return known }
            let result = transform(attributes)
            memo[attributes] = result
            return result
        }
    }
}

extension Node {
    /// Applies `transform` to the attributes over UTF-16 `lower..<upper` of this uniquely
    /// referenced subtree.
    func transformAttributes(_ lower: Int, _ upper: Int, _ transform: (Attributes) -> Attributes) {
        forEachLeafForRestyling(lower, upper) { leaf, lower, upper in leaf.transformLeafAttributes(lower, upper, transform) }
    }

    /// Calls `body` with every leaf over UTF-16 `lower..<upper` of this uniquely referenced subtree
    /// (and the range relative to the leaf), making each leaf and the path to it unique first.
    /// For changes to attributes, which never change a summary.
    func forEachLeafForRestyling(_ lower: Int, _ upper: Int, _ body: (Node, Int, Int) -> Void) {
        if isLeaf {
            body(self, lower, upper)
            return
        }
        var offset = 0
        let entries = self.entries
        for i in entries.indices {
            if offset >= upper { break }
            let end = offset + entries[i].utf16
            if end > lower {
                makeChildUnique(i)
                entries[i].node.forEachLeafForRestyling(max(lower, offset) - offset, min(upper, end) - offset, body)
            }
            offset = end
        }
    }

    private func transformLeafAttributes(_ lower: Int, _ upper: Int, _ transform: (Attributes) -> Attributes) {
        let byteLower = byteOffset(utf16: lower)!
        let byteUpper = byteOffset(utf16: upper)!
        var result: [LeafRun] = []
        result.reserveCapacity(runs.count + 2)
        var start = 0
        for run in runs {
            let end = start + run.length
            let inLower = max(start, byteLower)
            let inUpper = min(end, byteUpper)
            if inLower < inUpper {
                result.appendCoalescing(LeafRun(length: inLower - start, attributes: run.attributes))
                result.appendCoalescing(LeafRun(length: inUpper - inLower, attributes: transform(run.attributes)))
                result.appendCoalescing(LeafRun(length: end - inUpper, attributes: run.attributes))
            } else {
                result.appendCoalescing(run)
            }
            start = end
        }
        setRuns(result)
    }
}
