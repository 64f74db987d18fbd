/// The fast path of an edit: a replacement that stays inside one leaf, keeps the leaf within its
/// size bounds and cannot move any grapheme-cluster boundary beyond its own edges. Most typing is
/// this; everything else takes the general path (`Node+Edit.swift`). ASCII into ASCII is handled
/// here, other text in `Node+FastEditUnicode.swift`.
extension Node {
    /// Replaces UTF-16 `lower..<upper` of this subtree with `inserted` carrying `attributes`,
    /// if the fast path applies. Returns the change in summary, or nil with nothing changed.
    ///
    /// `isSimple` says that `inserted` is ASCII without CR (a cluster a byte), holding `newlines`
    /// line feeds. `isFirst` says whether this subtree starts the document; `next` is the subtree
    /// that follows it (nil at the end of the document). The caller has made this node uniquely
    /// referenced.
    /// - Complexity: O(log n + leaf bytes).
    func replaceInLeaf(
        _ lower: Int, _ upper: Int, with inserted: UnsafeBufferPointer<UInt8>, isSimple: Bool, newlines: Int,
        attributes: Attributes, isFirst: Bool, next: Unmanaged<Node>?
    ) -> TextSummary? {
        if isLeaf {
            // As `Node.replaceInLeaf(root:finger:...)` chooses.
            if isSimple && summary.isASCII,
               let delta = replaceInThisLeaf(lower, upper, with: inserted, newlines: newlines, attributes: attributes, isFirst: isFirst, next: next) {
                return delta
            }
            return replaceUnicodeInThisLeaf(lower, upper, with: InsertedText(bytes: inserted, isSimple: isSimple, newlines: newlines),
                                            attributes: attributes, isFirst: isFirst, next: next)
        }
        // An insertion at a child boundary goes to the end of the left child; a replacement
        // starting at a boundary belongs to the right child.
        let last = entries.count - 1
        // The first child whose end reaches `key`: `lower` itself for an insertion (so it may
        // end there), one past it otherwise.
        let key = lower == upper ? lower : lower &+ 1
        let kids = entries
        var offset = 0
        var i = 0
        while i < last {
            let end = offset &+ kids[i].utf16
            if end >= key { break }
            offset = end
            i &+= 1
        }
        guard upper - offset <= kids[i].utf16 else { return nil }
        if !isKnownUniquelyReferenced(&kids[i].node) { kids[i].node = kids[i].node.clone() }
        let following = i < last ? Unmanaged.passUnretained(kids[i + 1].node) : next
        let delta = kids[i].node.replaceInLeaf(
            lower - offset, upper - offset, with: inserted, isSimple: isSimple, newlines: newlines, attributes: attributes,
            isFirst: isFirst && i == 0, next: following)
        if let delta { kids[i].utf16 &+= delta.utf16 }
        if let delta { summary += delta }
        return delta
    }

    /// The same for this leaf, of ASCII text, and `inserted` ASCII without CR. `previous`, when
    /// given, is the subtree before this leaf (nil: not known, or none when `isFirst`): an edit at
    /// the leaf's start then looks at the text before it.
    func replaceInThisLeaf(
        _ lower: Int, _ upper: Int, with inserted: UnsafeBufferPointer<UInt8>, newlines insertedNewlines: Int,
        attributes: Attributes, isFirst: Bool, next: Unmanaged<Node>?, previous: Unmanaged<Node>? = nil
    ) -> TextSummary? {
        guard summary.isASCII else { return nil }
        let count = byteCount
        let newCount = count - (upper - lower) + inserted.count
        let onlyLeaf = isFirst && next == nil
        guard newCount <= Node.maxLeafBytes, newCount <= byteCapacity, newCount >= Node.minLeafBytes || (onlyLeaf && newCount > 0) else {
            return nil
        }
        let carriageReturn: UInt8 = 0x0D
        // The boundaries at both edges of the edit must be certain: ASCII on both sides and no CR
        // that could pair with an LF.
        let deletedNewlines: Int? = withBytes { buffer in
            if lower > 0 {
                if buffer[lower - 1] == carriageReturn { return nil }
            } else if !isFirst {
                // Backspacing the first letter of a leaf: certain when ASCII other than CR ends
                // the text before it.
                guard let previous else { return nil }
                let before = previous._withUnsafeGuaranteedRef { $0.lastLeaf.lastByte }
                if before >= 0x80 || before == carriageReturn { return nil }
            }
            guard let newlines = Node.lineFeedsInASCII(buffer.baseAddress!, lower, upper, rejectingCR: true) else { return nil }
            if upper == count, let next {
                guard next._withUnsafeGuaranteedRef({ $0.firstLeaf.firstByte }) < 0x80 else { return nil }
            }
            return newlines
        }
        guard let deletedNewlines else { return nil }

        spliceBytes(lower, upper, inserted)
        replaceRunBytes(lower, upper, insertLength: inserted.count, attributes: attributes)
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

extension Node {
    /// Replaces bytes `lower..<upper` of this leaf's runs with `insertLength` bytes carrying
    /// `attributes` (see `replaceBytes`), in place when there is room.
    @inline(__always)
    func replaceRunBytes(_ lower: Int, _ upper: Int, insertLength: Int, attributes: Attributes) {
        var hint = head.pointee.runHint
        if head.pointee.overflowRuns == nil, hint.index < Int(head.pointee.runCount) {
            // Typing and backspacing go on in the run the previous edit touched.
            if replaceRunBytesInPlace(lower, upper, insertLength: insertLength, attributes: attributes, in: hint) { return }
            // The caret moved: the run the edit starts in, from there.
            hint = runHint(for: lower, isInsertion: insertLength > 0, from: hint)
            if replaceRunBytesInPlace(lower, upper, insertLength: insertLength, attributes: attributes, in: hint) {
                head.pointee.runHint = hint
                return
            }
        }
        // One edit adds at most two runs (a split around the inserted text); it starts its search
        // at the hint.
        mutateRuns(growth: 2, { runs in
            runs.replaceBytes(lower, upper, insertLength: insertLength, attributes: attributes, hint: &hint)
        }, orArray: { runs in
            runs.replaceBytes(lower, upper, insertLength: insertLength, attributes: attributes, hint: &hint)
        })
        head.pointee.runHint = hint
    }

    /// Typing into a run of the same attributes after its start, or deleting from it without
    /// emptying it, when the run is `hint`'s: its length alone changes (no neighbour can become
    /// equal to it), and a hint to it stays right. False, with nothing changed, otherwise.
    @inline(__always)
    private func replaceRunBytesInPlace(_ lower: Int, _ upper: Int, insertLength: Int, attributes: Attributes, in hint: RunHint) -> Bool {
        let run = inlineRunPointer + hint.index
        let start = hint.start
        let end = start &+ run.pointee.length
        if insertLength == 0 {
            guard lower >= start && upper <= end && upper &- lower < run.pointee.length else { return false }
            run.pointee.length &-= upper &- lower
            return true
        }
        guard lower == upper && lower > start && lower <= end && run.pointee.attributes == attributes else { return false }
        run.pointee.length &+= insertLength
        return true
    }

    /// The hint to the inline run an edit at byte `lower` starts in (for an insertion the run it
    /// ends, start < lower <= end; for a deletion the run it begins, start <= lower < end), walked
    /// to from `hint` (valid). Runs keep their lengths, not their starts (an edit then changes one
    /// run, not all that follow it), so finding one is a walk, from where the last edit was.
    @inline(never)
    private func runHint(for lower: Int, isInsertion: Bool, from hint: RunHint) -> RunHint {
        let runs = inlineRunPointer
        let last = Int(head.pointee.runCount) &- 1
        var index = hint.index
        var start = hint.start
        // Four runs a step while the edit lies beyond all four: a styled leaf has dozens of runs
        // or hundreds, and one addition an iteration is a chain of dependent adds as long as the
        // walk. Starts and ends only grow with the index, so checking the farthest of the four
        // checks them all.
        while index >= 4 {
            let nearer = runs[index &- 1].length &+ runs[index &- 2].length &+ runs[index &- 3].length
            let farthest = start &- nearer
            guard lower < farthest || (isInsertion && lower == farthest) else { break }
            start = farthest &- runs[index &- 4].length
            index &-= 4
        }
        while last &- index >= 4 {
            let end = start &+ runs[index].length &+ runs[index &+ 1].length &+ runs[index &+ 2].length &+ runs[index &+ 3].length
            guard lower > end || (!isInsertion && lower == end) else { break }
            start = end
            index &+= 4
        }
        while index > 0 && (lower < start || (isInsertion && lower == start)) {
            index &-= 1
            start &-= runs[index].length
        }
        while index < last && (lower > start &+ runs[index].length || (!isInsertion && lower == start &+ runs[index].length)) {
            start &+= runs[index].length
            index &+= 1
        }
        return RunHint(index: index, start: start)
    }
}
