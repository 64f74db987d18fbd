/// Positions inside one leaf: scanning its bytes from the start. Leaves are at most a few
/// kilobytes, and all-ASCII leaves answer without scanning.
extension Node {
    /// The length of the UTF-8 sequence a lead byte starts.
    @inline(__always)
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The summary of this leaf's prefix that ends at `offset` in `metric`, or nil when `offset`
    /// falls inside a unit of the leaf (inside a surrogate pair for UTF-16, inside a multi-byte
    /// sequence for UTF-8). For `.newlines`, the prefix ends just after the `offset`-th line feed.
    /// Graphemes are counted only when `metric` is `.graphemes` or `countGraphemes` is set.
    /// `offset` must be within the leaf.
    /// - Complexity: O(leaf bytes).
    func prefix(to offset: Int, in metric: TextMetric, countGraphemes: Bool = false) -> TextSummary? {
        if metric == .graphemes, summary.graphemes != summary.utf8 { return prefixByClusters(offset) }
        return withBytes { buffer -> TextSummary? in
            var end = 0
            if summary.isASCII && metric != .newlines {
                // Every unit is one byte (and, when graphemes equal bytes, one cluster).
                end = offset
            } else {
                var measured = TextSummary()
                while metric.measure(measured) < offset {
                    guard end < buffer.count else { return nil }
                    let length = Node.sequenceLength(buffer[end])
                    if buffer[end] == 0x0A { measured.newlines += 1 }
                    measured.utf16 += length == 4 ? 2 : 1
                    measured.utf8 += length
                    measured.scalars += 1
                    end += length
                }
                guard metric.measure(measured) == offset else { return nil }
            }
            let prefix = UnsafeBufferPointer(rebasing: buffer[0..<end])
            var result = TextSummary(utf8: prefix)
            if countGraphemes || metric == .graphemes { result.graphemes = Node.countGraphemes(prefix) }
            return result
        }
    }

    /// The summary of the first `count` grapheme clusters of this leaf.
    private func prefixByClusters(_ count: Int) -> TextSummary? {
        if count == 0 { return TextSummary() }
        return withBytes { buffer -> TextSummary? in
            var cursor = GraphemeCursor(utf8: buffer, isEnd: true)
            for _ in 0..<count {
                guard cursor.next() != nil else { return nil }
            }
            var result = TextSummary(utf8: UnsafeBufferPointer(rebasing: buffer[0..<cursor.offset]))
            result.graphemes = count
            return result
        }
    }
}
