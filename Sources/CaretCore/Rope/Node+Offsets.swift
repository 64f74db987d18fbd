/// UTF-16 positions to byte offsets inside one leaf, sixteen or eight bytes at a time: the hot
/// question of every edit and every position check in text that is not all ASCII.
extension Node {
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// The UTF-16 units that the scalars starting in the eight bytes of `word` count: one per
    /// byte that is not a continuation byte (10xxxxxx), and one more per 4-byte lead (11110xxx).
    @inline(__always)
    static func utf16Units(inWord word: UInt64) -> Int {
        // Bit 7 of each byte of `continuation` is set for a continuation byte (bit 7 set, bit 6
        // clear), of `astral` for a byte whose top four bits are set. Shifting left by k moves bit
        // 7 - k of a byte to its own bit 7, so nothing crosses a byte.
        let continuation = word & ~(word << 1) & highBits
        let astral = word & (word << 1) & (word << 2) & (word << 3) & highBits
        // Each byte's units (1, 0 for a continuation byte, 2 for a 4-byte lead; no byte is both),
        // summed by one multiplication into the top byte: the baseline x86-64 target has no
        // population count instruction, and its software form costs a dozen instructions.
        let perByte = ones &+ (astral &>> 7) &- (continuation &>> 7)
        return Int(truncatingIfNeeded: (perByte &* ones) &>> 56)
    }

    /// The UTF-16 units that the scalars starting in the sixteen bytes at `raw + i` count, as
    /// `utf16Units(inWord:)` counts a word's: a vector's comparisons classify all sixteen bytes at
    /// once, so long scans (a jump to another place in a leaf) take half the instructions.
    @inline(__always)
    static func utf16Units(in16 raw: UnsafeRawPointer, at i: Int) -> Int {
        let bytes = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<Int8>.self)
        // As signed bytes, continuation bytes (0x80...0xBF) are -128...-65 and bytes whose top
        // four bits are set (0xF0...0xFF) are -16...-1.
        let continuation = bytes .< SIMD16<Int8>(repeating: -64)
        let astral = (bytes .> SIMD16<Int8>(repeating: -17)) .& (bytes .< SIMD16<Int8>(repeating: 0))
        let perByte = SIMD16<Int8>(repeating: 1).replacing(with: 0, where: continuation).replacing(with: 2, where: astral)
        // Each byte of the two halves' sum is at most 4, so the multiplication's top byte holds the
        // sum of all sixteen without a carry.
        let halves = unsafeBitCast(perByte, to: SIMD2<UInt64>.self)
        return Int(truncatingIfNeeded: ((halves[0] &+ halves[1]) &* ones) &>> 56)
    }

    /// The byte offset, in the word of valid UTF-8 `word` loaded at byte `start`, of the scalar
    /// before which `need` UTF-16 units of the word's scalars come (the word's own units exceed
    /// `need`, so the scalar starts in it); nil when `need` falls inside a surrogate pair. Bytes
    /// before the word's first scalar start continue a scalar counted before it.
    @inline(__always)
    static func offset(ofUnit need: Int, inWord word: UInt64, at start: Int) -> Int? {
        let continuation = word & ~(word << 1) & highBits
        let astral = word & (word << 1) & (word << 2) & (word << 3) & highBits
        let perByte = ones &+ (astral &>> 7) &- (continuation &>> 7)
        // Byte k of `through` holds the units of bytes 0...k (at most 16: no carry between bytes).
        let through = perByte &* ones
        // The first byte whose count through it exceeds `need` (`need` is below 16): adding
        // 127 - need sets its bit 7, and no sum leaves its byte.
        let above = (through &+ ones &* UInt64(truncatingIfNeeded: 127 &- need)) & highBits
        let lane = above.trailingZeroBitCount &>> 3
        let shift = UInt64(truncatingIfNeeded: lane &* 8)
        let before = Int(truncatingIfNeeded: (through &>> shift) & 0xFF) &- Int(truncatingIfNeeded: (perByte &>> shift) & 0xFF)
        return before == need ? start &+ lane : nil
    }

    /// The number of bytes of `mask` whose bit 7 is set (`mask` has no other bits set).
    @inline(__always)
    static func countHighBits(_ mask: UInt64) -> Int {
        Int(truncatingIfNeeded: ((mask &>> 7) &* ones) &>> 56)
    }

    /// The `count` bytes at `raw + i` (1...7 of them) as the low lanes of a word, as the whole
    /// words the scans load (little-endian: lane k is byte k), its other lanes zero, read without
    /// touching a byte outside them: two loads that overlap (four bytes each, or one byte each
    /// below four bytes), whose shared bytes agree.
    @inline(__always)
    static func partialWord(_ raw: UnsafeRawPointer, at i: Int, count: Int) -> UInt64 {
        if count >= 4 {
            let first = UInt64(raw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            let last = UInt64(raw.loadUnaligned(fromByteOffset: i &+ count &- 4, as: UInt32.self))
            return first | last &<< UInt64(truncatingIfNeeded: (count &- 4) &* 8)
        }
        let middle = count &>> 1
        let first = UInt64(raw.load(fromByteOffset: i, as: UInt8.self))
        let second = UInt64(raw.load(fromByteOffset: i &+ middle, as: UInt8.self))
        let last = UInt64(raw.load(fromByteOffset: i &+ count &- 1, as: UInt8.self))
        return first | second &<< UInt64(truncatingIfNeeded: middle &* 8) | last &<< UInt64(truncatingIfNeeded: (count &- 1) &* 8)
    }

    /// The byte offset in valid UTF-8 `buffer` (from byte `start`, a scalar start, where `units`
    /// UTF-16 units have been counted) of UTF-16 offset `target`, or nil when `target` falls
    /// inside a surrogate pair or past the end.
    /// - Complexity: O(bytes scanned), sixteen at a time.
    @inline(__always)
    static func byteOffset(
        utf16 target: Int, in buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0, units counted: Int = 0
    ) -> Int? {
        guard let base = buffer.baseAddress else { return target == counted ? start : nil }
        let count = buffer.count
        let raw = UnsafeRawPointer(base)
        var i = start
        var units = counted
        // Sixteen bytes at a time while they cannot take the count past `target`, then words.
        while count &- i >= 16 {
            let blockUnits = utf16Units(in16: raw, at: i)
            if units &+ blockUnits > target { break }
            units &+= blockUnits
            i &+= 16
        }
        // Whole words while they cannot take the count past `target`; a scalar may straddle the
        // word's end, its lead counted, so step over its continuation bytes after. The count
        // has no branch on the word's bytes: in text that mixes ASCII and other scripts, which
        // words are all ASCII is unpredictable.
        while count &- i >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let wordUnits = utf16Units(inWord: word)
            // The scalar at `target` starts in this word: found in it without stepping scalar
            // by scalar, whose lengths are as unpredictable as the words.
            if units &+ wordUnits > target { return offset(ofUnit: target &- units, inWord: word, at: i) }
            units &+= wordUnits
            i &+= 8
        }
        while i < count && base[i] & 0xC0 == 0x80 { i &+= 1 }
        while units < target {
            guard i < count else { return nil }
            let length = sequenceLength(base[i])
            units &+= length == 4 ? 2 : 1
            i &+= length
        }
        return units == target ? i : nil
    }

    /// The byte offset in valid UTF-8 `buffer` of UTF-16 offset `target`, scanning backward from
    /// byte `start` (a scalar boundary, `units` UTF-16 units from the buffer's start, above
    /// `target`) sixteen bytes, then a word, at a time until the count is at or before `target`,
    /// then forward (the position may then be inside a scalar whose lead was counted; the forward
    /// scan steps over its continuation bytes).
    @inline(__always)
    static func byteOffset(utf16 target: Int, in buffer: UnsafeBufferPointer<UInt8>, backFrom start: Int, units counted: Int) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var i = start
        var units = counted
        while units > target && i >= 16 {
            units &-= utf16Units(in16: raw, at: i &- 16)
            i &-= 16
        }
        while units > target {
            guard i >= 8 else { return byteOffset(utf16: target, in: buffer) }
            units &-= utf16Units(inWord: raw.loadUnaligned(fromByteOffset: i &- 8, as: UInt64.self))
            i &-= 8
        }
        return byteOffset(utf16: target, in: buffer, from: i, units: units)
    }

    /// The byte offset in valid UTF-8 `buffer` (which holds `total` UTF-16 units) of UTF-16
    /// offset `target`, where `hint` is a known scalar boundary: scans from whichever of the
    /// start, the hint and the end is nearest.
    @inline(__always)
    static func byteOffset(utf16 target: Int, in buffer: UnsafeBufferPointer<UInt8>, hint: OffsetHint, total: Int) -> Int? {
        // Typing: the edit starts where the last one ended.
        if target == hint.utf16 { return hint.byte }
        let fromEnd = total &- target
        if target >= hint.utf16 {
            if fromEnd < target &- hint.utf16 { return byteOffset(utf16: target, in: buffer, backFrom: buffer.count, units: total) }
            return byteOffset(utf16: target, in: buffer, from: hint.byte, units: hint.utf16)
        }
        if target <= hint.utf16 &- target { return byteOffset(utf16: target, in: buffer) }
        if hint.utf16 &- target <= 4, let base = buffer.baseAddress {
            // Backspacing: a scalar or two back from the hint, without going back a word and
            // forward again.
            var i = hint.byte
            var units = hint.utf16
            while units > target {
                i &-= 1
                while base[i] & 0xC0 == 0x80 { i &-= 1 }
                units &-= base[i] >= 0xF0 ? 2 : 1
            }
            return units == target ? i : nil
        }
        return byteOffset(utf16: target, in: buffer, backFrom: hint.byte, units: hint.utf16)
    }

    /// The byte offset of UTF-16 `offset` in this leaf, or nil inside a surrogate pair.
    /// - Complexity: O(distance from the nearest of the start, the offset hint and the end), eight
    ///   bytes at a time; O(1) for an all-ASCII leaf.
    @inline(__always)
    func byteOffset(utf16 offset: Int) -> Int? {
        if summary.isASCII { return offset }
        let hint = offsetHint
        let total = summary.utf16
        return withBytes { Node.byteOffset(utf16: offset, in: $0, hint: hint, total: total) }
    }

    /// The byte offsets of UTF-16 `lower` and `upper` (`lower <= upper`) in this leaf, scanning
    /// once; nil if either falls inside a surrogate pair. Typing (an insertion at the offset hint)
    /// and backspacing an ASCII character there scan nothing; other backspacing (an edit ending at
    /// the hint) scans only back to its start.
    @inline(__always)
    func byteRange(utf16 lower: Int, _ upper: Int) -> (Int, Int)? {
        if summary.isASCII { return (lower, upper) }
        let hint = offsetHint
        if upper == hint.utf16 {
            if lower == upper { return (hint.byte, hint.byte) }
            // One unit back from the hint, an ASCII byte: that byte alone.
            if lower == upper &- 1 && hint.byte > 0 && bytePointer[hint.byte &- 1] < 0x80 { return (hint.byte &- 1, hint.byte) }
        }
        return byteRange(scanning: lower, upper, hint: hint)
    }

    /// `byteRange` past its checks for typing.
    private func byteRange(scanning lower: Int, _ upper: Int, hint: OffsetHint) -> (Int, Int)? {
        let total = summary.utf16
        return withBytes { buffer -> (Int, Int)? in
            guard let byteLower = Node.byteOffset(utf16: lower, in: buffer, hint: hint, total: total) else { return nil }
            if upper == lower { return (byteLower, byteLower) }
            if upper == hint.utf16 { return (byteLower, hint.byte) }
            guard let byteUpper = Node.byteOffset(utf16: upper, in: buffer, from: byteLower, units: lower) else { return nil }
            return (byteLower, byteUpper)
        }
    }
}
