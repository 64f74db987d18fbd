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
        var scalars = 0
        var astral = 0
        var newlines = 0
        for byte in bytes {
            // Every byte but a continuation byte (10xxxxxx) starts a scalar.
            if byte & 0xC0 != 0x80 { scalars += 1 }
            if byte >= 0xF0 { astral += 1 }
            if byte == 0x0A { newlines += 1 }
        }
        self.utf8 = bytes.count
        self.scalars = scalars
        self.utf16 = scalars + astral
        self.newlines = newlines
    }

    init() {}

    /// Whether the text is all ASCII (then every offset in every unit is the same number).
    var isASCII: Bool { utf8 == utf16 }

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
