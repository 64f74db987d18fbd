/// Decoding of one multi-byte UTF-8 sequence, for the segmenters that walk UTF-8 buffers.
enum UTF8Decoding {
    /// The scalar value and length of the sequence whose lead byte (0x80 or above) is at `i`,
    /// length 0 when the sequence is ill-formed, or length -1 when its bytes up to `count` are a
    /// well-formed beginning that the next buffer may complete.
    @inline(__always)
    static func decode(
        _ base: UnsafePointer<UInt8>, at i: Int, count: Int
    ) -> (value: UInt32, length: Int) {
        let lead = UInt32(base[i])
        let length: Int
        var value: UInt32
        if lead & 0xE0 == 0xC0 && lead >= 0xC2 {
            length = 2
            value = lead & 0x1F
        } else if lead & 0xF0 == 0xE0 {
            length = 3
            value = lead & 0x0F
        } else if lead & 0xF8 == 0xF0 && lead <= 0xF4 {
            length = 4
            value = lead & 0x07
        } else {
            return (0, 0)
        }
        let available = min(length, count &- i)
        var j = 1
        while j < available {
            let byte = UInt32(base[i &+ j])
            guard byte & 0xC0 == 0x80 else { return (0, 0) }
            value = value &<< 6 | byte & 0x3F
            j &+= 1
        }
        if available < length { return (0, -1) }
        // Overlong three- and four-byte forms, surrogates and values past U+10FFFF.
        if length == 3 && (value < 0x800 || (value >= 0xD800 && value < 0xE000)) { return (0, 0) }
        if length == 4 && (value < 0x10000 || value > 0x10FFFF) { return (0, 0) }
        return (value, length)
    }
}
