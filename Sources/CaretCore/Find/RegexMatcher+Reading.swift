// Reading the UTF-8 text one scalar at a time, with grapheme-cluster boundaries.

extension RegexMatcher {
    /// Moves `here` to the next scalar.
    @inline(__always)
    func advance(
        _ here: inout Position, _ length: inout Int, _ grapheme: inout GraphemeBreakState,
        _ properties: inout GraphemePropertyCache
    ) {
        here.previous = here.current
        here.offset &+= length
        load(&here, &length, &grapheme, &properties)
    }

    /// Moves `here` past the scalars that cannot start a non-empty match (at least one), up to the
    /// end of the text; returns how many it passed. Runs of ASCII take a tight loop.
    func skip(
        _ here: inout Position, _ length: inout Int, _ grapheme: inout GraphemeBreakState,
        _ properties: inout GraphemePropertyCache
    ) -> Int {
        var skipped = 0
        while true {
            var offset = here.offset &+ length
            let runStart = offset
            while offset < textCount {
                let byte = text[offset]
                if byte >= 0x80 || firstBytes[Int(byte)] { break }
                offset &+= 1
            }
            if offset > runStart {
                // After a run of ASCII the rule state depends on its last scalar only.
                let last = text[offset &- 1]
                grapheme.setASCII(last)
                here.previous = UInt32(last)
                skipped &+= offset &- runStart
                here.offset = offset
                load(&here, &length, &grapheme, &properties)
            } else {
                advance(&here, &length, &grapheme, &properties)
            }
            skipped &+= 1
            if here.offset >= textCount || firstBytes[Int(text[here.offset])] { return skipped }
        }
    }

    /// Reads the scalar at `here.offset` and whether a cluster boundary comes before it.
    @inline(__always)
    func load(
        _ here: inout Position, _ length: inout Int, _ grapheme: inout GraphemeBreakState,
        _ properties: inout GraphemePropertyCache
    ) {
        guard here.offset < textCount else {
            here.current = Self.none
            length = 0
            here.isBoundary = true  // GB2
            return
        }
        let lead = text[here.offset]
        if lead < 0x80 {
            here.current = UInt32(lead)
            length = 1
            here.isBoundary = grapheme.consumeASCII(lead)
        } else {
            let decoded = UTF8Decoding.decode(text, at: here.offset, count: textCount)
            let value: UInt32 = decoded.length > 0 ? decoded.value : 0xFFFD
            length = max(decoded.length, 1)
            here.current = value
            here.isBoundary = grapheme.consume(packed: properties.packed(value))
        }
    }

    /// The scalar that ends just before byte `offset`, or `none` at the start.
    func scalar(before offset: Int) -> UInt32 {
        guard offset > 0 else { return Self.none }
        var start = offset - 1
        while start > 0 && offset - start < 4 && text[start] & 0xC0 == 0x80 { start -= 1 }
        if text[start] < 0x80 { return UInt32(text[start]) }
        let decoded = UTF8Decoding.decode(text, at: start, count: textCount)
        return decoded.length > 0 ? decoded.value : 0xFFFD
    }
}
