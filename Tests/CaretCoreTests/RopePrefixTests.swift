import Testing
@testable import CaretCore

/// `Node.prefix(to:in:)`, the leaf scan under every conversion between units, line start and
/// paragraph range: it finds the prefix's end a word at a time and measures the shorter of the
/// prefix and the rest. Checked against a byte-by-byte reference, at every offset of every metric
/// and the offsets just past the end, on random leaves of ASCII, line breaks and scalars of two,
/// three and four bytes, long enough that both sides of the measuring and whole words are taken.
@Suite struct RopePrefixTests {
    static let alphabet: [String] = ["a", "b", " ", "\n", "\r", "\r\n", "é", "中", "😀", "\u{301}", "\n\n", "abcdefgh"]

    /// The reference: for each metric, the end and summary of each prefix, walked scalar by
    /// scalar, by the offset that names it (graphemes left at zero). A metric's offset missing
    /// from its table falls inside a unit or past the end.
    static func expectedPrefixes(_ bytes: [UInt8]) -> [TextMetric: [Int: (end: Int, summary: TextSummary)]] {
        var tables: [TextMetric: [Int: (end: Int, summary: TextSummary)]] = [:]
        func note(_ end: Int, _ summary: TextSummary, endsLine: Bool) {
            for metric in [TextMetric.utf8, .utf16, .scalars] { tables[metric, default: [:]][metric.measure(summary)] = (end, summary) }
            // A line's prefix ends just after its line feed (the text's start for line 0).
            if endsLine || end == 0 { tables[.newlines, default: [:]][summary.newlines] = (end, summary) }
        }
        var measured = TextSummary()
        note(0, measured, endsLine: false)
        var i = 0
        while i < bytes.count {
            let length = Node.sequenceLength(bytes[i])
            let isLineFeed = bytes[i] == 0x0A
            measured.utf8 += length
            measured.utf16 += length == 4 ? 2 : 1
            measured.scalars += 1
            if isLineFeed { measured.newlines += 1 }
            i += length
            note(i, measured, endsLine: isLineFeed)
        }
        return tables
    }

    @Test func everyOffsetInEveryMetricAgreesWithTheReference() {
        var random = SeededRandom.forTest(fallback: 2026_12_04)
        for round in 0..<200 {
            var text = ""
            let pieces = random.int(in: 0...(round % 4 == 0 ? 400 : 40))
            for _ in 0..<pieces { text += Self.alphabet[random.int(in: 0..<Self.alphabet.count)] }
            let bytes = Array(text.utf8)
            let leaf = Node.leaf(bytes: bytes, runs: bytes.isEmpty ? [] : [LeafRun(length: bytes.count, attributes: Attributes())],
                                 summary: Node.leafSummary(bytes))
            let tables = Self.expectedPrefixes(bytes)
            for metric in [TextMetric.utf8, .utf16, .scalars, .newlines] {
                for offset in 0...(metric.measure(leaf.summary) + 2) {
                    let context = "seed \(random.seed), round \(round), \(metric) offset \(offset) of \(text.debugDescription)"
                    guard let (end, expected) = tables[metric]?[offset] else {
                        #expect(leaf.prefix(to: offset, in: metric) == nil, "\(context)")
                        continue
                    }
                    #expect(leaf.prefix(to: offset, in: metric) == expected, "\(context)")
                    // The prefix's clusters, counted as a text of its own, at some offsets (a count
                    // at every one would make the check quadratic).
                    if offset % 5 == 0 || end == bytes.count {
                        var counted = expected
                        counted.graphemes = Array(bytes[0..<end]).withUnsafeBufferPointer { GraphemeSegmentation.clusterCount(utf8: $0) }
                        #expect(leaf.prefix(to: offset, in: metric, countGraphemes: true) == counted, "\(context)")
                    }
                }
            }
        }
    }
}
