/// The fast path for text that is not all ASCII: an edit inside one leaf whose edges are certain
/// cluster boundaries by the scalars on either side, so the leaf's cluster count changes by the
/// clusters inserted minus the clusters deleted, each counted on its own. Typing precomposed
/// accented Latin, Cyrillic or CJK takes it; edits next to combining marks, ZWJ, regional
/// indicators, prepend characters or Hangul (whose syllables and jamo may join the next scalar,
/// so `isCertainBoundary` refuses an edge with Hangul on its left) take the general path.
extension Node {
    /// Replaces UTF-16 `lower..<upper` of this leaf with `inserted`, if the edit's edges are
    /// certain boundaries; nil with nothing changed otherwise.
    func replaceUnicodeInThisLeaf(
        _ lower: Int, _ upper: Int, with inserted: InsertedText, attributes: Attributes, isFirst: Bool, next: Unmanaged<Node>?
    ) -> TextSummary? {
        guard let (byteLower, byteUpper) = byteRange(utf16: lower, upper) else { return nil }
        let count = bytes.count
        let newCount = count - (byteUpper - byteLower) + inserted.bytes.count
        let onlyLeaf = isFirst && next == nil
        guard newCount <= Node.maxLeafBytes, newCount >= Node.minLeafBytes || (onlyLeaf && newCount > 0) else {
            return nil
        }
        let deleted: TextSummary? = bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            let previous: UInt32? = byteLower > 0 ? Node.scalar(endingAt: byteLower, in: base) : nil
            if byteLower == 0 && !isFirst { return nil }
            var following: UInt32?
            if byteUpper < count {
                following = Node.scalar(at: byteUpper, in: base, count: count)
            } else if let next {
                following = next._withUnsafeGuaranteedRef { node -> UInt32? in
                    node.firstLeaf.bytes.withUnsafeBufferPointer { $0.isEmpty ? nil : Node.scalar(at: 0, in: $0.baseAddress!, count: $0.count) }
                }
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
            let deletedBytes = UnsafeBufferPointer(rebasing: buffer[byteLower..<byteUpper])
            var summary = TextSummary(utf8: deletedBytes)
            summary.graphemes = Node.countGraphemes(deletedBytes)
            return summary
        }
        guard let deleted else { return nil }
        bytes.splice(byteLower, byteUpper, inserted.bytes)
        runs.replaceBytes(byteLower, byteUpper, insertLength: inserted.bytes.count, attributes: attributes, hint: &runHint)
        let delta = inserted.measure() - deleted
        summary += delta
        return delta
    }

    /// The byte offsets of UTF-16 `lower` and `upper` in this leaf, scanning once; nil if either
    /// falls inside a surrogate pair.
    func byteRange(utf16 lower: Int, _ upper: Int) -> (Int, Int)? {
        if summary.isASCII { return (lower, upper) }
        return bytes.withUnsafeBufferPointer { buffer -> (Int, Int)? in
            var units = 0
            var i = 0
            var byteLower = -1
            while true {
                if units == lower && byteLower < 0 { byteLower = i }
                if units == upper { return byteLower < 0 ? nil : (byteLower, i) }
                if units > upper || i >= buffer.count { return nil }
                let length = Node.sequenceLength(buffer[i])
                units &+= length == 4 ? 2 : 1
                i &+= length
            }
        }
    }

    /// Whether the position between scalars `x` and `y` is a cluster boundary whatever comes
    /// before `x` (nil: the start or end of the text). UAX #29's rules that join `x` and `y`
    /// need `x` to be CR, a Hangul jamo or syllable, Prepend, ZWJ or a regional indicator, or `y`
    /// to be Extend, ZWJ or SpacingMark; any other pair breaks (GB999), and no rule looks back
    /// across a boundary.
    static func isCertainBoundary(_ x: UInt32?, _ y: UInt32?) -> Bool {
        guard let x, let y else { return true }
        if x < 0x80 && y < 0x80 { return !(x == 0x0D && y == 0x0A) }
        switch GraphemeBreakProperty(rawValue: GraphemeBreakProperty.packed(x) & GraphemeBreakProperty.valueMask)! {
        case .cr, .l, .v, .t, .lv, .lvt, .prepend, .zwj, .regionalIndicator: return false
        default: break
        }
        switch GraphemeBreakProperty(rawValue: GraphemeBreakProperty.packed(y) & GraphemeBreakProperty.valueMask)! {
        case .extend, .zwj, .spacingMark: return false
        default: return true
        }
    }

    /// The scalar value starting at byte `i` of valid UTF-8.
    @inline(__always)
    static func scalar(at i: Int, in base: UnsafePointer<UInt8>, count: Int) -> UInt32 {
        let lead = base[i]
        if lead < 0x80 { return UInt32(lead) }
        return UTF8Decoding.decode(base, at: i, count: count).value
    }

    /// The scalar value ending just before byte `end` of valid UTF-8.
    @inline(__always)
    static func scalar(endingAt end: Int, in base: UnsafePointer<UInt8>) -> UInt32 {
        var start = end - 1
        while base[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(at: start, in: base, count: end)
    }
}

/// Text being inserted on the fast paths: its bytes, whether they are all ASCII, and their line
/// feeds (what the ASCII path needs; the other path measures the rest itself).
struct InsertedText {
    let bytes: UnsafeBufferPointer<UInt8>
    let isASCII: Bool
    let newlines: Int

    /// The measures, grapheme clusters counted on their own.
    func measure() -> TextSummary {
        var summary = TextSummary(utf8: bytes)
        summary.graphemes = Node.countGraphemes(bytes)
        return summary
    }

    /// The first and last scalar values (nil when empty).
    var edges: (first: UInt32?, last: UInt32?) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return (nil, nil) }
        return (Node.scalar(at: 0, in: base, count: bytes.count), Node.scalar(endingAt: bytes.count, in: base))
    }
}
