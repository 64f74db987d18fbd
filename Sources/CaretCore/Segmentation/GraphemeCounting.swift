/// The counting loop behind `GraphemeSegmentation.clusterCount(utf8:)`: between two ASCII bytes
/// other than CR LF there is always a boundary, so runs of ASCII count eight bytes at a time.
enum GraphemeCounting {
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// Whether any byte of `word` equals `byte`.
    @inline(__always)
    private static func contains(_ word: UInt64, _ byte: UInt8) -> Bool {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highBits != 0
    }

    /// The number of clusters in `utf8`, taken as a whole text.
    static func count(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress, utf8.count > 0 else { return 0 }
        let count = utf8.count
        let raw = UnsafeRawPointer(base)
        var state = GraphemeBreakState()
        var properties = GraphemePropertyCache()
        var clusters = 0
        var i = 0
        while i < count {
            let lead = base[i]
            if lead < 0x80 {
                // This word is ASCII without CR or LF and the previous scalar is not a Prepend:
                // one boundary before each byte (GB999, GB4/GB5 for controls).
                if state.breaksBeforeASCII && count &- i >= 8 {
                    // The ASCII bytes this word starts with (all eight, or those before its first
                    // byte with the high bit set: the word is loaded little-endian), when there
                    // is no CR or LF among them. Text with a non-ASCII scalar every few words
                    // still counts its ASCII stretches a word at a time.
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let high = word & highBits
                    let ascii = high == 0 ? 8 : high.trailingZeroBitCount &>> 3
                    if ascii >= 2 {
                        let prefix = ascii == 8 ? word : word & ((1 &<< UInt64(ascii &* 8)) &- 1)
                        // Bytes masked off become zero, which matches neither CR nor LF.
                        if !contains(prefix, 0x0D) && !contains(prefix, 0x0A) {
                            clusters &+= ascii
                            i &+= ascii
                            state.setASCII(base[i &- 1])
                            continue
                        }
                    }
                }
                if state.consumeASCII(lead) { clusters &+= 1 }
                i &+= 1
                continue
            }
            let decoded = UTF8Decoding.decode(base, at: i, count: count)
            let value = decoded.length > 0 ? decoded.value : 0xFFFD
            if state.consume(packed: properties.packed(value)) { clusters &+= 1 }
            i &+= max(decoded.length, 1)
        }
        return clusters
    }
}
