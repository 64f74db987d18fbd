/// The counting loop behind `GraphemeSegmentation.clusterCount(utf8:)`: between two ASCII bytes
/// other than CR LF there is always a boundary, so runs of ASCII count eight bytes at a time.
enum GraphemeCounting {
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// The high bit of bytes of `word` that equal `byte`: exact for the lowest set bit, which is
    /// the first such byte; a byte after it may be flagged falsely. Zero when there is none.
    @inline(__always)
    private static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highBits
    }

    /// The number of clusters in `utf8`, taken as a whole text.
    static func count(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress, utf8.count > 0 else { return 0 }
        let count = utf8.count
        let raw = UnsafeRawPointer(base)
        var state = GraphemeBreakState()
        var properties = GraphemePropertyCache()
        // First the stretch of scalars that join nothing on either side: ASCII but CR, Latin up
        // to U+02FF and the scalars of plain blocks (`GraphemePropertyCache.plainBlocks`: emoji,
        // CJK, most letters). Each is a cluster of its own (GB4, GB5, GB999), so the stretch
        // counts scalars without the rules. Text of ASCII and emoji or CJK is counted whole so.
        var (clusters, i) = inertPrefix(base, count: count)
        if i == count { return clusters }
        if i > 0 {
            // The rules go on from the stretch's last scalar, a cluster already counted.
            var start = i &- 1
            while start > 0 && base[start] & 0xC0 == 0x80 { start &-= 1 }
            if base[start] < 0x80 {
                state.setASCII(base[start])
            } else {
                _ = state.consume(packed: properties.packed(UTF8Decoding.decode(base, at: start, count: count).value))
            }
        }
        while i < count {
            let lead = base[i]
            if lead < 0x80 {
                // The ASCII bytes this word starts with (all eight, or those before its first
                // byte with the high bit set: the word is loaded little-endian), up to the first
                // CR or LF, when the previous scalar is not a Prepend: one boundary before each
                // (GB999, GB4/GB5 after a control). Text with a non-ASCII scalar or a line feed
                // every few words still counts its ASCII stretches a word at a time.
                if state.breaksBeforeASCII && count &- i >= 8 {
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let high = word & highBits
                    let ascii = high == 0 ? 8 : high.trailingZeroBitCount &>> 3
                    // Bytes masked off become zero, which matches neither CR nor LF. The lowest
                    // match is exact (a false one can only follow a true one).
                    let prefix = ascii == 8 ? word : word & ((1 &<< UInt64(ascii &* 8)) &- 1)
                    let controls = matches(prefix, 0x0D) | matches(prefix, 0x0A)
                    let plain = controls == 0 ? ascii : controls.trailingZeroBitCount &>> 3
                    if plain > 0 {
                        clusters &+= plain
                        i &+= plain
                        state.setASCII(base[i &- 1])
                        continue
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

    /// The clusters of the longest prefix of `base[0..<count]` whose scalars cannot join any
    /// neighbour (see `count`), and where it ends: at `count`, or at the first CR, ill-formed
    /// sequence or scalar that may join.
    @inline(__always)
    private static func inertPrefix(_ base: UnsafePointer<UInt8>, count: Int) -> (clusters: Int, end: Int) {
        let raw = UnsafeRawPointer(base)
        var clusters = 0
        var i = 0
        // The bitmap read once: a static's every access checks that it is initialised.
        let plainBlocks = GraphemePropertyCache.plainBlocks
        return plainBlocks.withUnsafeBufferPointer { plain -> (Int, Int) in
            while i < count {
                if count &- i >= 8 {
                    // The ASCII bytes the word starts with, up to the first CR.
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let stops = (word & highBits) | matches(word, 0x0D)
                    let ascii = stops == 0 ? 8 : stops.trailingZeroBitCount &>> 3
                    if ascii > 0 {
                        clusters &+= ascii
                        i &+= ascii
                        continue
                    }
                }
                let lead = base[i]
                if lead < 0x80 {
                    if lead == 0x0D { break }
                    clusters &+= 1
                    i &+= 1
                    continue
                }
                let decoded = UTF8Decoding.decode(base, at: i, count: count)
                guard decoded.length > 0 else { break }
                if decoded.value >= 0x300 {
                    // Values are below U+110000, so the block's word is in the bitmap.
                    let block = Int(truncatingIfNeeded: decoded.value &>> 8)
                    guard (plain[block &>> 6] &>> UInt64(block & 63)) & 1 != 0 else { break }
                }
                clusters &+= 1
                i &+= decoded.length
            }
            return (clusters, i)
        }
    }
}
