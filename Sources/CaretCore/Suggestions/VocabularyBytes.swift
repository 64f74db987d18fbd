/// Word segmentation and cut points over UTF-8 bytes, for keeping an editor's vocabulary: the same
/// words as `SuggestionEngine.words(in:)` and the same cut points as `VocabularyWindow`, found
/// without a `String`, a scalar array or a boundary array per edit.
enum VocabularyBytes {
    /// Calls `body` with the byte range of each word of `bytes` (well-formed UTF-8), in order: the
    /// word-like segments of UAX #29 word segmentation that hold a letter, exactly as
    /// `SuggestionEngine.words(in:)` gives them.
    /// - Complexity: O(n); temporary buffers on the stack for small windows.
    static func forEachWord(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        let n = bytes.count
        guard n > 0, let base = bytes.baseAddress else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { props in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: n + 1) { offsets in
                // Per scalar: its packed word-break byte, its byte offset, and (in bit 7 of
                // `props`, which the rules ignore) whether it is a letter.
                var count = 0
                WordBreakProperty.latin1Table.withUnsafeBufferPointer { latin1 in
                    WordBreakProperty.rangeTable.withUnsafeBufferPointer { ranges in
                        var cachedStart: UInt32 = 1
                        var cachedEnd: UInt32 = 0
                        var cachedByte: UInt8 = 0
                        var i = 0
                        while i < n {
                            let lead = base[i]
                            offsets[count] = i
                            if lead < 0x80 {
                                let folded = lead | 0x20
                                let letter: UInt8 = folded >= 0x61 && folded <= 0x7A ? 0x80 : 0
                                props[count] = latin1[Int(lead)] | letter
                                i += 1
                            } else {
                                var (value, length) = UTF8Decoding.decode(base, at: i, count: n)
                                if length <= 0 { value = 0xFFFD; length = 1 }
                                let packed: UInt8
                                if value < 0x100 {
                                    packed = latin1[Int(value)]
                                } else if value >= cachedStart && value < cachedEnd {
                                    packed = cachedByte
                                } else {
                                    let entry = WordBreakProperty.entryIndex(value, in: ranges)
                                    cachedStart = ranges[entry] &>> 8
                                    cachedEnd = entry + 1 < ranges.count ? ranges[entry + 1] &>> 8 : 0x110000
                                    cachedByte = UInt8(truncatingIfNeeded: ranges[entry])
                                    packed = cachedByte
                                }
                                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                                props[count] = packed | (scalar.properties.isAlphabetic ? 0x80 : 0)
                                i += length
                            }
                            count += 1
                        }
                    }
                }
                offsets[count] = n
                let scalarProps = UnsafeBufferPointer(rebasing: props[0..<count])
                var previous = 0
                WordBreaker.forEachBoundary(scalarProps) { boundary in
                    guard boundary > previous else { return }
                    var k = previous
                    while k < boundary, scalarProps[k] & 0x80 == 0 { k += 1 }
                    if k < boundary { body(offsets[previous]..<offsets[boundary]) }
                    previous = boundary
                }
            }
        }
    }

    /// Whether a scalar starting at `j` (not a continuation byte) may follow a space, tab or line
    /// feed at a cut point: it is neither a space nor Extend, Format or ZWJ (see
    /// `VocabularyWindow.isCut`). The whole scalar is in `bytes`.
    @inline(__always)
    private static func startsCut(_ bytes: UnsafeBufferPointer<UInt8>, at j: Int) -> Bool {
        let lead = bytes[j]
        // No ASCII scalar is Extend, Format or ZWJ; the space is the only ASCII WSegSpace.
        if lead < 0x80 { return lead != 0x20 }
        let (value, length) = UTF8Decoding.decode(bytes.baseAddress!, at: j, count: bytes.count)
        guard length > 0, let scalar = Unicode.Scalar(value) else { return true }
        switch WordBreakProperty(scalar) {
        case .extend, .format, .zwj, .wSegSpace: return false
        default: return true
        }
    }

    @inline(__always)
    private static func isCutSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A
    }

    /// The UTF-16 units of the UTF-8 byte `byte` contributes: one per lead byte, two for a
    /// four-byte lead, none for a continuation byte.
    @inline(__always)
    private static func utf16Units(_ byte: UInt8) -> Int {
        byte & 0xC0 == 0x80 ? 0 : (byte >= 0xF0 ? 2 : 1)
    }

    /// The last cut point strictly before `offset` (0 when there is none), as
    /// `VocabularyWindow.cut(before:in:)`; `scratch` is a reused buffer.
    static func cut(before offset: Int, in document: AttributedText, scratch: inout [UInt8]) -> Int {
        var width = 64
        while true {
            var start = max(0, offset - width)
            if !document.isValidPosition(start) { start -= 1 }
            scratch.removeAll(keepingCapacity: true)
            document.appendUTF8(in: start..<offset, to: &scratch)
            let found: Int? = scratch.withUnsafeBufferPointer { bytes in
                var units = 0
                var j = bytes.count - 1
                while j >= 1 {
                    units += utf16Units(bytes[j])
                    if isCutSpace(bytes[j - 1]), startsCut(bytes, at: j) { return offset - units }
                    j -= 1
                }
                return nil
            }
            if let found { return found }
            if start == 0 { return 0 }
            width *= 4
        }
    }

    /// The first cut point strictly after `offset` (the document's length when there is none), as
    /// `VocabularyWindow.cut(after:in:)`; `scratch` is a reused buffer.
    static func cut(after offset: Int, in document: AttributedText, scratch: inout [UInt8]) -> Int {
        let length = document.utf16Count
        let offset = document.isValidPosition(offset) ? offset : offset - 1
        var width = 64
        while true {
            var end = min(length, offset + width)
            if !document.isValidPosition(end) { end += 1 }
            scratch.removeAll(keepingCapacity: true)
            document.appendUTF8(in: offset..<end, to: &scratch)
            let found: Int? = scratch.withUnsafeBufferPointer { bytes in
                var units = 0
                var j = 0
                while j < bytes.count {
                    if j >= 1, isCutSpace(bytes[j - 1]), startsCut(bytes, at: j) { return offset + units }
                    units += utf16Units(bytes[j])
                    j += 1
                }
                return nil
            }
            if let found { return found }
            if end == length { return length }
            width *= 4
        }
    }
}
