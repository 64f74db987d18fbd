/// The measures of a stretch of text that add up: a B-tree node stores the sum over its subtree,
/// so converting between units is a descent by one measure while adding up the others.
struct TextSummary: Equatable, Sendable {
    var utf8 = 0
    var utf16 = 0
    var scalars = 0
    /// Line feeds (U+000A). Lines end at LF; a CR LF pair counts once, through its LF.
    var newlines = 0
    /// Grapheme clusters. Leaf boundaries are always cluster boundaries, so leaf counts add up.
    var graphemes = 0

    static let zero = TextSummary()

    /// The measures of valid UTF-8 `bytes`, with `graphemes` left at zero (see `Node.countGraphemes`).
    /// - Complexity: O(bytes.count).
    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        self = TextSummary.measure(bytes).summary
    }

    /// The measures of valid UTF-8 `bytes` (graphemes left at zero), and whether they are all
    /// ASCII without CR (then every byte is one cluster).
    /// - Complexity: O(bytes.count).
    @inline(__always)
    static func measure(_ bytes: UnsafeBufferPointer<UInt8>) -> (summary: TextSummary, isSimple: Bool) {
        let measured = measureFlagging(bytes)
        return (measured.summary, !measured.nonASCII && !measured.carriageReturn)
    }

    /// The measures of valid UTF-8 `bytes` (graphemes left at zero), whether any byte is not ASCII
    /// and whether any is CR. Eight bytes at a time, each count a few word operations, the last
    /// few bytes as one word too: text typed or replaced is mostly shorter than eight bytes, and a
    /// loop over its bytes would end at an unpredictable count.
    /// - Complexity: O(bytes.count).
    static func measureFlagging(_ bytes: UnsafeBufferPointer<UInt8>) -> (summary: TextSummary, nonASCII: Bool, carriageReturn: Bool) {
        var scalars = 0
        var astral = 0
        var newlines = 0
        var carriageReturns = 0
        var high: UInt64 = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return (TextSummary(), false, false) }
        let raw = UnsafeRawPointer(base)
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        /// The number of lanes of `word` equal to `pattern`'s.
        @inline(__always) func matches(_ word: UInt64, _ pattern: UInt64) -> Int {
            let x = word ^ pattern
            // A lane's high bit ends up set exactly when the lane is zero: its low seven bits plus
            // 0x7F carry into bit 7 unless they are all clear (and never past it), and a lane with
            // bit 7 set is not zero anyway.
            return Node.countHighBits(~(((x & low) &+ low) | x) & highBits)
        }
        /// Counts the `lanes` bytes of `word` (the lanes above them zero, which count nothing).
        /// Without a branch on whether the word is all ASCII: in text that mixes ASCII with emoji
        /// or accented letters, which words are is unpredictable, and a mispredicted branch costs
        /// more than the few word operations it would skip (an ASCII word counts zero of both).
        @inline(__always) func countWord(_ word: UInt64, lanes: Int) {
            high |= word & highBits
            // Bit 7 of a lane of `continuation` is set for a continuation byte (bit 7 set, bit 6
            // clear), of `astral` for a 4-byte lead (top four bits set): shifting left by k moves
            // a lane's bit 7 - k to its own bit 7, so nothing crosses a lane.
            let continuation = word & ~(word &<< 1) & highBits
            let astralLeads = word & (word &<< 1) & (word &<< 2) & (word &<< 3) & highBits
            // Counted by a multiplication: the baseline x86-64 target has no population count
            // instruction.
            scalars &+= lanes &- Node.countHighBits(continuation)
            astral &+= Node.countHighBits(astralLeads)
            // A lane equal to LF or CR, whatever the other lanes hold.
            newlines &+= matches(word, 0x0A0A_0A0A_0A0A_0A0A)
            carriageReturns &+= matches(word, 0x0D0D_0D0D_0D0D_0D0D)
        }
        var i = 0
        while i &+ 8 <= count {
            countWord(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self), lanes: 8)
            i &+= 8
        }
        if i < count { countWord(Node.partialWord(raw, at: i, count: count &- i), lanes: count &- i) }
        var summary = TextSummary()
        summary.utf8 = count
        summary.scalars = scalars
        summary.utf16 = scalars &+ astral
        summary.newlines = newlines
        return (summary, high != 0, carriageReturns != 0)
    }

    init() {}

    /// Whether the text is all ASCII (then every offset in every unit is the same number).
    var isASCII: Bool { utf8 == utf16 }

    /// Whether every grapheme cluster of the text is one scalar (a cluster holds at least one),
    /// as in ASCII without CR LF, most CJK, precomposed Latin and emoji without modifiers: then
    /// so is every cluster of any piece of it cut at a scalar boundary (`Node.summarize`).
    var clustersAreScalars: Bool { graphemes == scalars }

    static func + (lhs: TextSummary, rhs: TextSummary) -> TextSummary {
        var result = lhs
        result += rhs
        return result
    }

    static func - (lhs: TextSummary, rhs: TextSummary) -> TextSummary {
        var result = lhs
        result -= rhs
        return result
    }

    static func += (lhs: inout TextSummary, rhs: TextSummary) {
        lhs.utf8 &+= rhs.utf8
        lhs.utf16 &+= rhs.utf16
        lhs.scalars &+= rhs.scalars
        lhs.newlines &+= rhs.newlines
        lhs.graphemes &+= rhs.graphemes
    }

    static func -= (lhs: inout TextSummary, rhs: TextSummary) {
        lhs.utf8 &-= rhs.utf8
        lhs.utf16 &-= rhs.utf16
        lhs.scalars &-= rhs.scalars
        lhs.newlines &-= rhs.newlines
        lhs.graphemes &-= rhs.graphemes
    }
}

/// One measure of text, for descending the tree by it.
enum TextMetric: Sendable {
    case utf8, utf16, scalars, newlines, graphemes

    @inline(__always)
    func measure(_ s: TextSummary) -> Int {
        switch self {
        case .utf8: s.utf8
        case .utf16: s.utf16
        case .scalars: s.scalars
        case .newlines: s.newlines
        case .graphemes: s.graphemes
        }
    }
}
