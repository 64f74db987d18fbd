/// The fast path for text that is not all ASCII: an edit inside one leaf whose edges are certain
/// cluster boundaries by the scalars on either side, so the leaf's cluster count changes by the
/// clusters inserted minus the clusters deleted, each counted on its own. Typing precomposed
/// accented Latin, Cyrillic, CJK, Hangul syllables or emoji takes it; an edge that a cluster
/// rule could join (before a combining mark, ZWJ or spacing mark, after a Prepend, ZWJ before a
/// pictograph, two regional indicators, Hangul jamo that continue a syllable, CR LF) takes the
/// general path.
extension Node {
    /// Replaces UTF-16 `lower..<upper` of this leaf with `inserted`, if the edit's edges are
    /// certain boundaries; nil with nothing changed otherwise.
    ///
    /// `previous`, when given, is the subtree before this leaf (nil: not known, or none when
    /// `isFirst`): an edit at the leaf's start then looks at the text before it.
    func replaceUnicodeInThisLeaf(
        _ lower: Int, _ upper: Int, with inserted: InsertedText, attributes: Attributes, isFirst: Bool, next: Unmanaged<Node>?,
        previous previousNode: Unmanaged<Node>? = nil
    ) -> TextSummary? {
        guard let (byteLower, byteUpper) = byteRange(utf16: lower, upper) else { return nil }
        let count = byteCount
        let newCount = count - (byteUpper - byteLower) + inserted.bytes.count
        let onlyLeaf = isFirst && next == nil
        guard newCount <= Node.maxLeafBytes, newCount <= byteCapacity, newCount >= Node.minLeafBytes || (onlyLeaf && newCount > 0) else {
            return nil
        }
        if inserted.isSimple, let delta = replaceASCIIBetweenInert(lower, byteLower, byteUpper, with: inserted, attributes: attributes,
                                                                   isFirst: isFirst, next: next, previous: previousNode) {
            return delta
        }
        let deleted: TextSummary? = withBytes { buffer in
            let base = buffer.baseAddress!
            var previous: UInt32?
            if byteLower > 0 {
                previous = Node.scalar(endingAt: byteLower, in: base)
            } else if !isFirst {
                // Deleting forward from the leaf's start: the text before it decides the edge.
                guard let previousNode else { return nil }
                previous = previousNode._withUnsafeGuaranteedRef { $0.lastLeaf.lastScalar }
                if previous == nil { return nil }
            }
            var following: UInt32?
            if byteUpper < count {
                following = Node.scalar(at: byteUpper, in: base, count: count)
            } else if let next {
                following = next._withUnsafeGuaranteedRef { $0.firstLeaf.firstScalar }
                if following == nil { return nil }
            }
            // The old edges (around the deleted text, or the insertion point) and the new ones
            // must all be certain boundaries: a certain new edge says nothing about the old one
            // (CR b LF breaks twice where CR LF did not break at all).
            if byteUpper > byteLower {
                let firstDeleted = Node.scalar(at: byteLower, in: base, count: count)
                let lastDeleted = Node.scalar(endingAt: byteUpper, in: base)
                guard Node.isCertainBoundary(previous, firstDeleted), Node.isCertainBoundary(lastDeleted, following) else { return nil }
            } else if !Node.isCertainBoundary(previous, following) {
                return nil
            }
            if inserted.bytes.isEmpty {
                guard Node.isCertainBoundary(previous, following) else { return nil }
            } else {
                let (first, last) = inserted.edges
                guard Node.isCertainBoundary(previous, first), Node.isCertainBoundary(last, following) else { return nil }
            }
            // In a leaf whose every cluster is one scalar, so is every cluster of the deleted
            // piece, which is cut at scalar boundaries: it is measured without segmenting.
            return Node.measureClusters(UnsafeBufferPointer(rebasing: buffer[byteLower..<byteUpper]),
                                        clustersAreScalars: summary.clustersAreScalars)
        }
        guard let deleted else { return nil }
        let added = inserted.measure()
        spliceBytes(byteLower, byteUpper, inserted.bytes)
        replaceRunBytes(byteLower, byteUpper, insertLength: inserted.bytes.count, attributes: attributes)
        offsetHint = OffsetHint(utf16: lower + added.utf16, byte: byteLower + inserted.bytes.count)
        let delta = added - deleted
        summary += delta
        return delta
    }

    /// The commonest edit of text that is not all ASCII: ASCII without CR typed (`inserted` is
    /// simple) or deleted, between scalars that join nothing (`isInert`): letters next to letters
    /// in a document that has an emoji or an accent elsewhere in the leaf, or a key typed or
    /// backspaced right after an emoji, a CJK ideograph or an accented letter. No rule joins an
    /// ASCII scalar to such a neighbour, or two such neighbours to each other, but CR LF; so when
    /// there is no CR before or in the edit every unit is one cluster, and no edge moves. Nil,
    /// with nothing changed, when the edit is not that.
    @inline(__always)
    private func replaceASCIIBetweenInert(
        _ lower: Int, _ byteLower: Int, _ byteUpper: Int, with inserted: InsertedText, attributes: Attributes, isFirst: Bool,
        next: Unmanaged<Node>?, previous: Unmanaged<Node>?
    ) -> TextSummary? {
        let carriageReturn: UInt8 = 0x0D
        let deletedNewlines: Int? = withBytes { buffer in
            let base = buffer.baseAddress!
            if byteLower > 0 {
                let before = buffer[byteLower &- 1]
                if before == carriageReturn { return nil }
                if before >= 0x80 && !Node.isInert(Node.scalar(endingAt: byteLower, in: base)) { return nil }
            } else if !isFirst {
                guard let previous else { return nil }
                let inert = previous._withUnsafeGuaranteedRef { node -> Bool in
                    let leaf = node.lastLeaf
                    let before = leaf.lastByte
                    if before < 0x80 { return before != carriageReturn }
                    return leaf.lastScalar.map(Node.isInert) ?? false
                }
                if !inert { return nil }
            }
            // At the leaf's end the next leaf's first scalar decides (nothing at the document's
            // end, where typing mostly happens).
            if byteUpper < buffer.count {
                if buffer[byteUpper] >= 0x80 && !Node.isInert(Node.scalar(at: byteUpper, in: base, count: buffer.count)) { return nil }
            } else if let next {
                let inert = next._withUnsafeGuaranteedRef { node -> Bool in
                    let leaf = node.firstLeaf
                    if leaf.firstByte < 0x80 { return true }
                    return leaf.firstScalar.map(Node.isInert) ?? false
                }
                if !inert { return nil }
            }
            return Node.lineFeedsInASCII(base, byteLower, byteUpper, rejectingCR: true)
        }
        guard let deletedNewlines else { return nil }
        spliceBytes(byteLower, byteUpper, inserted.bytes)
        replaceRunBytes(byteLower, byteUpper, insertLength: inserted.bytes.count, attributes: attributes)
        offsetHint = OffsetHint(utf16: lower &+ inserted.bytes.count, byte: byteLower &+ inserted.bytes.count)
        let change = inserted.bytes.count &- (byteUpper &- byteLower)
        var delta = TextSummary()
        delta.utf8 = change
        delta.utf16 = change
        delta.scalars = change
        delta.graphemes = change
        delta.newlines = inserted.newlines &- deletedNewlines
        summary += delta
        return delta
    }

    /// Whether the position between scalars `x` and `y` is a cluster boundary whatever comes
    /// before `x` (nil: the start or end of the text). Only these pairs can be joined by a UAX #29
    /// rule: CR LF (GB3); Hangul jamo and syllables that continue one syllable, decided by the
    /// pair alone (GB6–GB8); anything before Extend, ZWJ or SpacingMark (GB9, GB9a); a Prepend
    /// before anything (GB9b); ZWJ before a pictograph (GB11, which also looks further back);
    /// and two regional indicators (GB12, GB13, which count the run before them). Every other
    /// pair breaks (GB999) whatever precedes it, and no rule looks back across such a break.
    @inline(__always)
    static func isCertainBoundary(_ x: UInt32?, _ y: UInt32?) -> Bool {
        guard let x, let y else { return true }
        // Neither can join across the pair when both are Other, CR, LF or Control (GB3 aside):
        // letters and emoji of plain blocks next to each other or to Latin text.
        if isInert(x) && isInert(y) { return !(x == 0x0D && y == 0x0A) }
        return isCertainBoundary(byProperty: x, y)
    }

    /// Whether scalar `x` has `Grapheme_Cluster_Break` Other, CR, LF or Control by its value
    /// alone: below U+0300 the classes are those four, and a plain block's scalars are all Other.
    @inline(__always)
    static func isInert(_ x: UInt32) -> Bool {
        x < 0x300 || GraphemePropertyCache.isInPlainBlock(x)
    }

    /// `isCertainBoundary` for a pair of which at least one scalar may join, by the
    /// scalars' properties.
    private static func isCertainBoundary(byProperty x: UInt32, _ y: UInt32) -> Bool {
        let packedY = GraphemePropertyCache.packed(y)
        guard let right = GraphemeBreakProperty(rawValue: packedY & GraphemeBreakProperty.valueMask) else { return false }
        switch right {
        case .extend, .zwj, .spacingMark: return false
        default: break
        }
        guard let left = GraphemeBreakProperty(rawValue: GraphemePropertyCache.packed(x) & GraphemeBreakProperty.valueMask) else {
            return false
        }
        switch left {
        case .cr: return right != .lf
        case .prepend: return false
        case .l: return !(right == .l || right == .v || right == .lv || right == .lvt)
        case .v, .lv: return !(right == .v || right == .t)
        case .t, .lvt: return right != .t
        case .zwj: return packedY & GraphemeBreakProperty.extendedPictographicBit == 0
        case .regionalIndicator: return right != .regionalIndicator
        default: return true
        }
    }

    /// The measures of valid UTF-8 `bytes` that start and end on cluster boundaries, clusters
    /// included. One scalar (a typed letter, an emoji, a backspaced one) is one cluster.
    /// `clustersAreScalars` says that the bytes are known to be a cluster a scalar (a piece, cut
    /// at scalar boundaries, of text that is: `TextSummary.clustersAreScalars`), so they are not
    /// segmented.
    @inline(__always)
    static func measureClusters(_ bytes: UnsafeBufferPointer<UInt8>, clustersAreScalars: Bool = false) -> TextSummary {
        let count = bytes.count
        if count == 0 { return TextSummary() }
        if count <= 4, let base = bytes.baseAddress, Node.sequenceLength(base[0]) == count {
            // One scalar: nothing to count but its units.
            var one = TextSummary()
            one.utf8 = count
            one.utf16 = count == 4 ? 2 : 1
            one.scalars = 1
            one.newlines = base[0] == 0x0A ? 1 : 0
            one.graphemes = 1
            return one
        }
        var (summary, nonASCII, carriageReturn) = TextSummary.measureFlagging(bytes)
        // Short text of scalars that join nothing (most replacements and pastes of a few words,
        // emoji or CJK among them) has a cluster per scalar; checking that takes a look at each
        // lead of U+0300 or above, where counting would run the rules over every scalar.
        if clustersAreScalars
            || !carriageReturn && (!nonASCII || count <= Node.inertCheckLimit && GraphemeCounting.scalarsAreInert(bytes.baseAddress!, count: count)) {
            summary.graphemes = summary.scalars
        } else {
            summary.graphemes = GraphemeCounting.count(bytes, isValid: true)
        }
        return summary
    }

    /// The longest text `measureClusters` checks for scalars that join nothing before counting:
    /// the count's own first stretch does the same check, so on longer text a failed check would
    /// cost a pass for nothing.
    static let inertCheckLimit = 64

    /// The scalar value starting at byte `i` of valid UTF-8 `base[0..<count]` (a leaf's bytes, or
    /// a string's): its continuation bytes are there and well formed, so only a debug build
    /// checks that they are within `count`.
    @inline(__always)
    static func scalar(at i: Int, in base: UnsafePointer<UInt8>, count: Int) -> UInt32 {
        let lead = UInt32(base[i])
        if lead < 0x80 { return lead }
        assert(i &+ sequenceLength(base[i]) <= count, "a scalar cut short at byte \(count)")
        let second = UInt32(base[i &+ 1] & 0x3F)
        if lead < 0xE0 { return (lead & 0x1F) &<< 6 | second }
        let third = UInt32(base[i &+ 2] & 0x3F)
        if lead < 0xF0 { return (lead & 0x0F) &<< 12 | second &<< 6 | third }
        return (lead & 0x07) &<< 18 | second &<< 12 | third &<< 6 | UInt32(base[i &+ 3] & 0x3F)
    }

    /// The scalar value ending just before byte `end` of valid UTF-8.
    @inline(__always)
    static func scalar(endingAt end: Int, in base: UnsafePointer<UInt8>) -> UInt32 {
        var start = end - 1
        while base[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(at: start, in: base, count: end)
    }
}

/// Text being inserted on the fast paths: its bytes, whether they are ASCII without CR (a
/// cluster a byte), and then their line feeds (what the ASCII paths need; the other path measures
/// the rest itself).
struct InsertedText {
    let bytes: UnsafeBufferPointer<UInt8>
    let isSimple: Bool
    let newlines: Int

    /// The measures, grapheme clusters counted on their own.
    @inline(__always)
    func measure() -> TextSummary {
        guard isSimple else { return Node.measureClusters(bytes) }
        var summary = TextSummary()
        summary.utf8 = bytes.count
        summary.utf16 = bytes.count
        summary.scalars = bytes.count
        summary.graphemes = bytes.count
        summary.newlines = newlines
        return summary
    }

    /// The first and last scalar values (nil when empty).
    var edges: (first: UInt32?, last: UInt32?) {
        @inline(__always) get {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return (nil, nil) }
            let first = Node.scalar(at: 0, in: base, count: bytes.count)
            // One scalar (a key typed) is both.
            if Node.sequenceLength(base[0]) == bytes.count { return (first, first) }
            return (first, Node.scalar(endingAt: bytes.count, in: base))
        }
    }
}

extension Node {
    /// A leaf's first byte; 0x80 (not ASCII) when it is empty.
    var firstByte: UInt8 {
        @inline(__always) get { byteCount == 0 ? 0x80 : bytePointer[0] }
    }

    /// A leaf's last byte; 0x80 (not ASCII) when it is empty.
    var lastByte: UInt8 {
        @inline(__always) get { byteCount == 0 ? 0x80 : bytePointer[byteCount &- 1] }
    }

    /// The scalar value starting a leaf's text; nil when it is empty.
    var firstScalar: UInt32? {
        @inline(__always) get { byteCount == 0 ? nil : Node.scalar(at: 0, in: bytePointer, count: byteCount) }
    }

    /// The scalar value ending a leaf's text; nil when it is empty.
    var lastScalar: UInt32? {
        @inline(__always) get { byteCount == 0 ? nil : Node.scalar(endingAt: byteCount, in: bytePointer) }
    }
}
