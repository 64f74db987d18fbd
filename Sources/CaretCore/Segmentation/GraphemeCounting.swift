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

    /// The number of clusters in `utf8`, taken as a whole text. `isValid`: the bytes are known to
    /// be valid UTF-8 (a rope leaf's), so the stretch of scalars that join nothing is counted a
    /// word at a time through emoji, CJK and accented letters too, not only through ASCII.
    static func count(_ utf8: UnsafeBufferPointer<UInt8>, isValid: Bool = false) -> Int {
        guard let base = utf8.baseAddress, utf8.count > 0 else { return 0 }
        let count = utf8.count
        let raw = UnsafeRawPointer(base)
        var state = GraphemeBreakState()
        var properties = GraphemePropertyCache()
        // First the stretch of scalars that join nothing on either side: ASCII but CR, Latin up
        // to U+02FF and the scalars of plain blocks (`GraphemeBreakProperty.plainBlockTable`: emoji,
        // CJK, most letters). Each is a cluster of its own (GB4, GB5, GB999), so the stretch
        // counts scalars without the rules. Text of ASCII and emoji or CJK is counted whole so.
        var (clusters, i) = inertPrefix(base, count: count, isValid: isValid)
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
    /// sequence or scalar that may join. With `isValid`, a word holding other scalars is counted
    /// whole when every lead byte in it that may start a joining scalar (U+0300 and above) is in
    /// a plain block: its scalars are its bytes that are not continuation bytes.
    @inline(__always)
    private static func inertPrefix(_ base: UnsafePointer<UInt8>, count: Int, isValid: Bool) -> (clusters: Int, end: Int) {
        let raw = UnsafeRawPointer(base)
        var clusters = 0
        var i = 0
        return GraphemeBreakProperty.plainBlockTable.withUnsafeBufferPointer { plain -> (Int, Int) in
            while i < count {
                if count &- i >= 8 {
                    // The ASCII bytes the word starts with, up to the first CR.
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let high = word & highBits
                    let carriageReturns = matches(word, 0x0D)
                    let stops = high | carriageReturns
                    if isValid && high != 0 {
                        // Scalars start at the bytes that are not continuation bytes.
                        let starts = ~(word & ~(word &<< 1)) & highBits
                        if let stop = plainWordStop(word, at: i, in: base, count: count, carriageReturns: carriageReturns, plain: plain) {
                            let below: UInt64 = (1 &<< UInt64(stop &* 8)) &- 1
                            clusters &+= Node.countHighBits(starts & below)
                            return (clusters, i &+ stop)
                        }
                        clusters &+= Node.countHighBits(starts)
                        i &+= 8
                        // The last scalar may go on into the next word: its continuation bytes
                        // there are not counted again.
                        continue
                    }
                    let ascii = stops == 0 ? 8 : stops.trailingZeroBitCount &>> 3
                    if ascii > 0 {
                        clusters &+= ascii
                        i &+= ascii
                        continue
                    }
                }
                // After a word counted whole, the rest of a scalar it ended in.
                if isValid && base[i] & 0xC0 == 0x80 {
                    i &+= 1
                    continue
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
                    guard isPlain(block: block, in: plain) else { break }
                }
                clusters &+= 1
                i &+= decoded.length
            }
            return (clusters, i)
        }
    }

    /// The first byte of the word of valid UTF-8 `word`, loaded at `i`, where the inert stretch
    /// stops: a CR (`carriageReturns`, whose lowest flag is exact), or the lead of a scalar of
    /// U+0300 or above outside the plain blocks (or too near the end to hold its scalar). Nil
    /// when the whole word is inert.
    @inline(__always)
    private static func plainWordStop(
        _ word: UInt64, at i: Int, in base: UnsafePointer<UInt8>, count: Int, carriageReturns: UInt64,
        plain: UnsafeBufferPointer<UInt64>
    ) -> Int? {
        let crLane = carriageReturns == 0 ? 8 : carriageReturns.trailingZeroBitCount &>> 3
        // Bytes of 0xCC and above: each lane's low seven bits plus 0x34 reach bit 7 exactly when
        // they are 0x4C or more, and no sum leaves its lane.
        var leads = ((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x3434_3434_3434_3434) & word & highBits
        while leads != 0 {
            let lane = leads.trailingZeroBitCount &>> 3
            if lane >= crLane { break }
            let p = i &+ lane
            // A scalar's lead and continuation bytes are all in the text when it is whole.
            guard p &+ Node.sequenceLength(base[p]) <= count else { return lane }
            let block = self.block(ofScalarAt: p, in: base)
            if !isPlain(block: block, in: plain) { return lane }
            leads &= leads &- 1
        }
        return crLane == 8 ? nil : crLane
    }

    /// The 256-scalar block (the value shifted right by eight) of the scalar of valid UTF-8
    /// whose lead, 0xCC or above, is at `p`.
    @inline(__always)
    private static func block(ofScalarAt p: Int, in base: UnsafePointer<UInt8>) -> Int {
        let lead = Int(base[p])
        if lead < 0xE0 { return (lead & 0x1F) &>> 2 }
        if lead < 0xF0 { return (lead & 0x0F) &<< 4 | Int(base[p &+ 1] & 0x3F) &>> 2 }
        return (lead & 0x07) &<< 10 | Int(base[p &+ 1] & 0x3F) &<< 4 | Int(base[p &+ 2] & 0x3F) &>> 2
    }

    /// Whether no scalar of valid UTF-8 `base[0..<count]` without CR can join a neighbour in it:
    /// each one of U+0300 or above is in a plain block. Then every scalar is a cluster. A word at
    /// a time, the last few bytes as one word: most text typed or replaced is shorter than eight
    /// bytes.
    @inline(__always)
    static func scalarsAreInert(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
        let raw = UnsafeRawPointer(base)
        return GraphemeBreakProperty.plainBlockTable.withUnsafeBufferPointer { plain in
            var i = 0
            while i < count {
                let lanes = Swift.min(8, count &- i)
                let word = lanes == 8 ? raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) : Node.partialWord(raw, at: i, count: lanes)
                // The text has no CR; a partial word's zero lanes are no leads.
                if plainWordStop(word, at: i, in: base, count: count, carriageReturns: 0, plain: plain) != nil { return false }
                i &+= 8
            }
            return true
        }
    }

    /// Whether 256-scalar block `block` is plain, by the bitmap `GraphemeBreakProperty.plainBlockTable`.
    @inline(__always)
    private static func isPlain(block: Int, in plain: UnsafeBufferPointer<UInt64>) -> Bool {
        (plain[block &>> 6] &>> UInt64(block & 63)) & 1 != 0
    }
}
