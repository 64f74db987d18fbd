/// Looks up packed `GraphemeBreakProperty` bytes fast for a walk over text: ASCII by arithmetic,
/// Latin-1 from the direct table, Hangul syllables by their LV/LVT arithmetic, and the rest by
/// binary search, remembering the last range found (runs of one script mostly stay inside it).
///
/// Every answer equals the generated table's; `GraphemeSegmentationTests` checks each fast path
/// against `GraphemeBreakProperty.packed(_:)` over its whole range.
struct GraphemePropertyCache {
    private var cachedStart: UInt32 = 1
    private var cachedEnd: UInt32 = 0
    private var cachedByte: UInt8 = 0

    /// The packed byte of an ASCII scalar: CR, LF, Control for the other C0 controls and DEL,
    /// Other (not pictographic) for the rest.
    @inline(__always)
    static func asciiPacked(_ byte: UInt8) -> UInt8 {
        if byte >= 0x20 && byte != 0x7F { return GraphemeBreakProperty.other.rawValue }
        if byte == 0x0D { return GraphemeBreakProperty.cr.rawValue }
        if byte == 0x0A { return GraphemeBreakProperty.lf.rawValue }
        return GraphemeBreakProperty.control.rawValue
    }

    /// The packed byte of a precomposed Hangul syllable U+AC00...U+D7A3: LV when it has no
    /// trailing consonant (every 28th), LVT otherwise.
    @inline(__always)
    static func hangulSyllablePacked(_ value: UInt32) -> UInt8 {
        (value &- 0xAC00) % 28 == 0 ? GraphemeBreakProperty.lv.rawValue : GraphemeBreakProperty.lvt.rawValue
    }

    /// The packed byte of the scalar value `value`, without a remembered range.
    @inline(__always)
    static func packed(_ value: UInt32) -> UInt8 {
        if value < 0x80 { return asciiPacked(UInt8(truncatingIfNeeded: value)) }
        if value >= 0xAC00 && value <= 0xD7A3 { return hangulSyllablePacked(value) }
        return GraphemeBreakProperty.rangeTable.withUnsafeBufferPointer { ranges in
            UInt8(truncatingIfNeeded: ranges[entryIndex(value, in: ranges)])
        }
    }

    /// The packed byte of the scalar value `value`.
    @inline(__always)
    mutating func packed(_ value: UInt32) -> UInt8 {
        if value < 0x80 { return Self.asciiPacked(UInt8(truncatingIfNeeded: value)) }
        if value < 0x100 {
            return GraphemeBreakProperty.latin1Table.withUnsafeBufferPointer { $0[Int(value)] }
        }
        if value >= cachedStart && value < cachedEnd { return cachedByte }
        if value >= 0xAC00 && value <= 0xD7A3 { return Self.hangulSyllablePacked(value) }
        return GraphemeBreakProperty.rangeTable.withUnsafeBufferPointer { ranges in
            let entry = Self.entryIndex(value, in: ranges)
            cachedStart = ranges[entry] &>> 8
            cachedEnd = entry + 1 < ranges.count ? ranges[entry + 1] &>> 8 : 0x110000
            cachedByte = UInt8(truncatingIfNeeded: ranges[entry])
            return cachedByte
        }
    }

    /// Whether `value`'s 256-scalar block is plain: every scalar of it has `Grapheme_Cluster_Break`
    /// Other (pictographic or not), by the generated `GraphemeBreakProperty.plainBlockTable`. Such a
    /// scalar joins what follows it only before Extend, ZWJ or SpacingMark, and what precedes it
    /// only after a Prepend or, when pictographic, a ZWJ: the in-leaf edit path decides most pairs
    /// of emoji, CJK or Latin letters with this bit instead of a table search.
    @inline(__always)
    static func isInPlainBlock(_ value: UInt32) -> Bool {
        let block = Int(truncatingIfNeeded: value &>> 8)
        return GraphemeBreakProperty.plainBlockTable.withUnsafeBufferPointer { words in
            block &>> 6 < words.count && (words[block &>> 6] &>> UInt64(block & 63)) & 1 != 0
        }
    }

    /// For each 256-scalar block, the index of the range-table entry in force at its start, plus
    /// one final entry: a block's scalars are found among a few entries instead of all of them.
    static let blockIndex: [UInt16] = GraphemeBreakProperty.rangeTable.withUnsafeBufferPointer { ranges in
        precondition(ranges.count < Int(UInt16.max))
        return (0...0x1100).map { block in
            UInt16(WordBreakProperty.entryIndex(UInt32(min(block, 0x10FF)) << 8, in: ranges))
        }
    }

    /// The index of the last entry of `ranges` whose start is not above `value`, searching only
    /// the entries of `value`'s 256-scalar block.
    @inline(__always)
    static func entryIndex(_ value: UInt32, in ranges: UnsafeBufferPointer<UInt32>) -> Int {
        let block = Int(value &>> 8)
        var (low, high) = blockIndex.withUnsafeBufferPointer { (Int($0[block]), Int($0[block &+ 1]) &+ 1) }
        while high - low > 1 {
            let mid = (low &+ high) &>> 1
            if ranges[mid] &>> 8 <= value {
                low = mid
            } else {
                high = mid
            }
        }
        return low
    }
}
