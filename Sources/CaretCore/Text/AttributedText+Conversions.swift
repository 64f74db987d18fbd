/// Conversions between units: a descent of the tree by one measure plus a scan of one leaf.
extension AttributedText {
    /// The number of Unicode scalars before UTF-16 `offset`.
    /// - Complexity: O(log n + leaf).
    public func scalarOffset(fromUTF16 offset: Int) throws -> Int {
        try validate(offset)
        return position(offset, in: .utf16).scalars
    }

    /// The UTF-16 offset after `offset` Unicode scalars.
    /// - Complexity: O(log n + leaf).
    public func utf16Offset(fromScalar offset: Int) throws -> Int {
        try checkRange(offset, count: unicodeScalarCount, unit: .scalars)
        return position(offset, in: .scalars).utf16
    }

    /// The number of UTF-8 bytes before UTF-16 `offset`.
    /// - Complexity: O(log n + leaf).
    public func utf8Offset(fromUTF16 offset: Int) throws -> Int {
        try validate(offset)
        return position(offset, in: .utf16).utf8
    }

    /// The UTF-16 offset of UTF-8 byte `offset`, which must start a scalar.
    /// - Complexity: O(log n + leaf).
    public func utf16Offset(fromUTF8 offset: Int) throws -> Int {
        try checkRange(offset, count: utf8Count, unit: .utf8)
        let (leaf, before) = root.leaf(at: offset, in: .utf8, preferRight: false)
        guard let inLeaf = leaf.prefix(to: offset - before.utf8, in: .utf8) else {
            throw TextError(.insideScalar, offset: offset, unit: .utf8, length: utf8Count)
        }
        return before.utf16 + inLeaf.utf16
    }

    /// The index of the grapheme cluster that contains UTF-16 `offset`; at a cluster boundary,
    /// the number of clusters before it. `characterCount` at the end.
    /// - Complexity: O(log n + leaf).
    public func characterIndex(fromUTF16 offset: Int) throws -> Int {
        try validate(offset)
        if offset == utf16Count { return characterCount }
        let (leaf, before) = root.leaf(at: offset, in: .utf16, preferRight: true)
        var index = before.graphemes
        leaf.forEachCluster { start, end in
            if offset - before.utf16 < end { return false }
            index += 1
            _ = start
            return true
        }
        return index
    }

    /// The UTF-16 offset where grapheme cluster `index` starts (`utf16Count` for `characterCount`).
    /// - Complexity: O(log n + leaf).
    public func utf16Offset(fromCharacter index: Int) throws -> Int {
        try checkRange(index, count: characterCount, unit: .characters)
        return position(index, in: .graphemes).utf16
    }

    /// 0-based line and UTF-16 column of `offset`. Lines end at LF.
    /// - Complexity: O(log n + leaf).
    public func lineColumn(fromUTF16 offset: Int) throws -> (line: Int, column: Int) {
        try validate(offset)
        let line = position(offset, in: .utf16).newlines
        return (line, offset - lineStart(line))
    }

    /// The UTF-16 offset of 0-based `line` and UTF-16 `column`; the column may reach the end of
    /// the line (before its LF) but not pass it.
    /// - Complexity: O(log n + leaf).
    public func utf16Offset(line: Int, column: Int) throws -> Int {
        try checkRange(line, count: lineCount - 1, unit: .lines)
        let start = lineStart(line)
        let end = line + 1 < lineCount ? lineStart(line + 1) - 1 : utf16Count
        try checkRange(column, count: end - start, unit: .utf16)
        try validate(start + column)
        return start + column
    }

    /// The UTF-16 range of 0-based `line`, without its line feed.
    public func lineRange(_ line: Int) throws -> Range<Int> {
        try checkRange(line, count: lineCount - 1, unit: .lines)
        let start = lineStart(line)
        let end = line + 1 < lineCount ? lineStart(line + 1) - 1 : utf16Count
        return start..<end
    }

    /// The UTF-16 offset where 0-based `line` (which exists) starts.
    func lineStart(_ line: Int) -> Int {
        line == 0 ? 0 : position(line, in: .newlines).utf16
    }

    /// The summary of the text before position `offset` in `metric` (which must be valid).
    func position(_ offset: Int, in metric: TextMetric) -> TextSummary {
        let (leaf, before) = root.leaf(at: offset, in: metric, preferRight: false)
        return before + leaf.prefix(to: offset - metric.measure(before), in: metric)!
    }

    func checkRange(_ offset: Int, count: Int, unit: TextUnit) throws {
        guard offset >= 0, offset <= count else { throw TextError(.outOfRange, offset: offset, unit: unit, length: count) }
    }
}
