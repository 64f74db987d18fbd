/// Positions inside one leaf: scanning its bytes from the start. Leaves are at most a few
/// kilobytes, and all-ASCII leaves answer without scanning.
extension Node {
    /// The length of the UTF-8 sequence a lead byte starts.
    @inline(__always)
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The summary of this leaf's prefix that ends at `offset` in `metric`, or nil when `offset`
    /// falls inside a unit of the leaf (inside a surrogate pair for UTF-16, inside a multi-byte
    /// sequence for UTF-8). For `.newlines`, the prefix ends just after the `offset`-th line feed.
    /// Graphemes are counted only when `metric` is `.graphemes` or `countGraphemes` is set (zero
    /// otherwise). `offset` must be within the leaf.
    ///
    /// What every conversion between units, line start and paragraph range asks once per call:
    /// the prefix's end is found a word at a time (`prefixEnd`), and of the prefix and the rest of
    /// the leaf the shorter is measured, the other following from the leaf's summary (in an
    /// all-ASCII leaf only its line feeds are counted).
    /// - Complexity: O(leaf bytes), a word at a time.
    func prefix(to offset: Int, in metric: TextMetric, countGraphemes: Bool = false) -> TextSummary? {
        if metric == .graphemes, summary.graphemes != summary.utf8 { return prefixByClusters(offset) }
        let whole = summary
        return withBytes { buffer -> TextSummary? in
            guard let end = Node.prefixEnd(offset, in: metric, of: buffer, isASCII: whole.isASCII) else { return nil }
            var result: TextSummary
            if whole.isASCII {
                // Every unit but a line is a byte: only the line feeds are counted, on the shorter
                // side (`lineFeedsInASCII` finds no byte that is not ASCII in an ASCII leaf).
                result = TextSummary()
                (result.utf8, result.utf16, result.scalars) = (end, end, end)
                if let base = buffer.baseAddress {
                    result.newlines = end &* 2 <= buffer.count
                        ? Node.lineFeedsInASCII(base, 0, end, rejectingCR: false)!
                        : whole.newlines &- Node.lineFeedsInASCII(base, end, buffer.count, rejectingCR: false)!
                }
            } else if end &* 2 <= buffer.count {
                result = TextSummary(utf8: UnsafeBufferPointer(rebasing: buffer[0..<end]))
            } else {
                result = whole - TextSummary(utf8: UnsafeBufferPointer(rebasing: buffer[end...]))
                result.graphemes = 0
            }
            if countGraphemes || metric == .graphemes { result.graphemes = Node.countGraphemes(UnsafeBufferPointer(rebasing: buffer[0..<end])) }
            return result
        }
    }

    /// The byte offset in a leaf's valid UTF-8 `buffer` where its prefix that ends at `offset` in
    /// `metric` ends (see `prefix(to:in:)`; `.graphemes` only when every byte is a cluster), or nil
    /// when `offset` falls inside a unit or past the end. `isASCII`: the leaf is all ASCII, where
    /// every unit but a line is one byte.
    @inline(__always)
    static func prefixEnd(_ offset: Int, in metric: TextMetric, of buffer: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Int? {
        let count = buffer.count
        guard offset >= 0 else { return nil }
        switch metric {
        case .newlines:
            return byteOffset(afterLineFeed: offset, in: buffer)
        case .utf8:
            guard offset <= count else { return nil }
            return offset == count || buffer[offset] & 0xC0 != 0x80 ? offset : nil
        case .graphemes:
            return offset <= count ? offset : nil
        case .utf16:
            if isASCII { return offset <= count ? offset : nil }
            return byteOffset(utf16: offset, in: buffer)
        case .scalars:
            if isASCII { return offset <= count ? offset : nil }
            return byteOffset(scalar: offset, in: buffer)
        }
    }

    /// The summary of the first `count` grapheme clusters of this leaf.
    private func prefixByClusters(_ count: Int) -> TextSummary? {
        if count == 0 { return TextSummary() }
        return withBytes { buffer -> TextSummary? in
            var cursor = GraphemeCursor(utf8: buffer, isEnd: true)
            for _ in 0..<count {
                guard cursor.next() != nil else { return nil }
            }
            var result = TextSummary(utf8: UnsafeBufferPointer(rebasing: buffer[0..<cursor.offset]))
            result.graphemes = count
            return result
        }
    }
}

/// Measuring text eight bytes at a time, for the general path, which measures whole pieces of
/// leaves.
extension Node {
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// The high bit of each byte of `word` that equals `byte` (exact: no borrow crosses a byte).
    @inline(__always)
    private static func matches(in word: UInt64, of byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return ~(((x & lowBits) &+ lowBits) | x) & highBits
    }

    /// The measures of valid UTF-8 `bytes` that start and end on cluster boundaries, clusters
    /// included: what `leafSummary` computes, counting UTF-16 units, scalars and line feeds a
    /// word at a time, and segmenting only text that has a byte other than ASCII or a CR.
    ///
    /// `clustersAreScalars` says that the bytes are a piece, cut at scalar boundaries, of a text
    /// whose every cluster is one scalar (`TextSummary.clustersAreScalars`): then so is every
    /// cluster of the piece taken on its own, and nothing is segmented. A rule that joins two
    /// scalars looks at the pair alone, or needs a join before it (a run of regional indicators
    /// joins its first two; the emoji and conjunct rules need an Extend, ZWJ or Linker, each
    /// joined to the scalar before it unless that is a control); a piece sees less before each
    /// pair than the whole did, so it joins nothing the whole did not.
    /// - Complexity: O(bytes.count).
    static func summarize(_ bytes: UnsafeBufferPointer<UInt8>, clustersAreScalars: Bool = false) -> TextSummary {
        var summary = TextSummary()
        guard let base = bytes.baseAddress else { return summary }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        var continuation = 0
        var astral = 0
        var newlines = 0
        // The high bit of every byte that is not ASCII or is a CR, in any word.
        var special: UInt64 = 0
        var i = 0
        while count &- i >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            // Bit 7 of a byte is set in `continuation` for 10xxxxxx, in `astral` for 1111xxxx
            // (see `utf16Units(inWord:)`).
            continuation &+= countHighBits(word & ~(word << 1) & highBits)
            astral &+= countHighBits(word & (word << 1) & (word << 2) & (word << 3) & highBits)
            newlines &+= countHighBits(matches(in: word, of: 0x0A))
            special |= (word & highBits) | matches(in: word, of: 0x0D)
            i &+= 8
        }
        while i < count {
            let byte = base[i]
            if byte & 0xC0 == 0x80 { continuation &+= 1 }
            if byte >= 0xF0 { astral &+= 1 }
            if byte == 0x0A { newlines &+= 1 }
            if byte >= 0x80 || byte == 0x0D { special = highBits }
            i &+= 1
        }
        summary.utf8 = count
        summary.scalars = count &- continuation
        summary.utf16 = summary.scalars &+ astral
        summary.newlines = newlines
        summary.graphemes = special == 0 || clustersAreScalars ? summary.scalars : GraphemeCounting.count(bytes, isValid: true)
        return summary
    }

    /// The byte offset just after the `target`-th line feed of `buffer` (0 when `target` is 0),
    /// or nil when it has fewer: eight bytes at a time, the word that holds it searched by its
    /// flags.
    static func byteOffset(afterLineFeed target: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        if target == 0 { return 0 }
        guard let base = buffer.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let count = buffer.count
        var i = 0
        var seen = 0
        while count &- i >= 8 {
            var feeds = matches(in: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self), of: 0x0A)
            let inWord = countHighBits(feeds)
            if seen &+ inWord >= target {
                // Drop the flags of the feeds before the one sought; the lowest left is it.
                for _ in 0..<(target &- seen &- 1) { feeds &= feeds &- 1 }
                return i &+ (feeds.trailingZeroBitCount &>> 3) &+ 1
            }
            seen &+= inWord
            i &+= 8
        }
        while i < count {
            if base[i] == 0x0A {
                seen &+= 1
                if seen == target { return i &+ 1 }
            }
            i &+= 1
        }
        return nil
    }

    /// The byte offset in valid UTF-8 `buffer` where its first `target` scalars end, or nil when
    /// it has fewer: whole words while the scalars starting in them cannot take the count past
    /// `target`, then scalar by scalar.
    static func byteOffset(scalar target: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = buffer.baseAddress else { return target == 0 ? 0 : nil }
        let raw = UnsafeRawPointer(base)
        let count = buffer.count
        var i = 0
        var scalars = 0
        while count &- i >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            // Scalars start at the bytes that are not continuation bytes (10xxxxxx).
            let starts = 8 &- countHighBits(word & ~(word &<< 1) & highBits)
            if scalars &+ starts > target { break }
            scalars &+= starts
            i &+= 8
        }
        // The last scalar counted may go on past the words stepped over.
        while i < count && base[i] & 0xC0 == 0x80 { i &+= 1 }
        while scalars < target {
            guard i < count else { return nil }
            i &+= sequenceLength(base[i])
            scalars &+= 1
        }
        return i
    }

    /// The line feeds in bytes `lower..<upper` at `base`, or nil if one of them is not ASCII, or
    /// (`rejectingCR`) is a CR: the check the ASCII fast paths make of the bytes they insert and
    /// delete, a word at a time, so a paste or a deleted selection costs an eighth of a loop.
    @inline(__always)
    static func lineFeedsInASCII(_ base: UnsafePointer<UInt8>, _ lower: Int, _ upper: Int, rejectingCR: Bool) -> Int? {
        let raw = UnsafeRawPointer(base)
        var i = lower
        var newlines = 0
        while upper &- i >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if (word & highBits) | (rejectingCR ? matches(in: word, of: 0x0D) : 0) != 0 { return nil }
            newlines &+= countHighBits(matches(in: word, of: 0x0A))
            i &+= 8
        }
        // The last few bytes as one word: a replaced word is often shorter than eight bytes, and a
        // loop over its bytes would end at an unpredictable count. The word's lanes past them are
        // zero, which matches neither LF nor CR. A key typed is one byte, checked as itself.
        if upper &- i == 1 {
            let byte = base[i]
            if byte >= 0x80 || (rejectingCR && byte == 0x0D) { return nil }
            return byte == 0x0A ? newlines &+ 1 : newlines
        }
        if i < upper {
            let word = partialWord(raw, at: i, count: upper &- i)
            if (word & highBits) | (rejectingCR ? matches(in: word, of: 0x0D) : 0) != 0 { return nil }
            newlines &+= countHighBits(matches(in: word, of: 0x0A))
        }
        return newlines
    }
}
