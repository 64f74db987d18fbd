extension AttributedText {
    /// Appends the UTF-8 bytes of the UTF-16 `range` (both ends valid positions) to `bytes`, a
    /// leaf at a time, for the vocabulary upkeep that segments a few words around each edit and
    /// must not build a `String` for them.
    /// - Complexity: O(log n + range).
    func appendUTF8(in range: Range<Int>, to bytes: inout [UInt8]) {
        guard !range.isEmpty else { return }
        try? forEachUTF8Chunk(in: range) { chunk in
            bytes.append(contentsOf: chunk)
            return true
        }
    }
}
