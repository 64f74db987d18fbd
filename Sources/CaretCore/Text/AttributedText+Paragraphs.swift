// Paragraphs and the paragraph attributes that cover them (see AttributeKey.paragraphKeys).
//
// A paragraph is the text from the document start or just after a "\n" through its terminating
// "\n" inclusive; the last paragraph has no "\n", and an empty last paragraph has no characters
// and so no attributes. A paragraph attribute has the same value on every character of its
// paragraph, terminating "\n" included. `listLevel` appears only with `listStyle`; a list item
// without `listLevel` is at level 1.
//
// The storage mutators (`replaceSubrange`, `setAttributes(_:in:)`, …) do not enforce this: they
// are storage. `Editor` normalizes after every command (docs/editor.md#paragraph-attributes).

extension Attributes {
    /// Only the paragraph attributes of this set.
    public var paragraphAttributes: Attributes {
        if isEmpty { return self }
        let entries = self.entries
        guard entries.contains(where: { $0.key.isParagraph }) else { return Attributes() }
        return Attributes(entries: entries.filter { $0.key.isParagraph })
    }

    /// This set without its paragraph attributes.
    public var characterAttributes: Attributes {
        if isEmpty { return self }
        let entries = self.entries
        guard entries.contains(where: { $0.key.isParagraph }) else { return self }
        return Attributes(entries: entries.filter { !$0.key.isParagraph })
    }

    /// Whether the set holds any paragraph attribute.
    public var hasParagraphAttributes: Bool {
        !isEmpty && entries.contains { $0.key.isParagraph }
    }

    /// The character attributes of this set with the paragraph attributes of `paragraph`.
    public func withParagraphAttributes(of paragraph: Attributes) -> Attributes {
        let own = characterAttributes
        let para = paragraph.paragraphAttributes
        return para.isEmpty ? own : own.merging(para)
    }

    /// The nesting level of a list item (`listLevel`, 1 when absent); nil when not a list item.
    public var listItemLevel: Int? {
        guard self[.listStyle] != nil else { return nil }
        if case .number(let n) = self[.listLevel], let level = Int(exactly: n) { return level }
        return 1
    }
}

extension AttributedText {
    /// The paragraph containing valid `offset`, its terminating "\n" included. An offset just
    /// after a "\n" is in the paragraph that starts there; the empty last paragraph is an empty
    /// range at the end.
    /// - Complexity: O(log n + leaf).
    public func paragraphRange(containing offset: Int) throws -> Range<Int> {
        let line = try lineColumn(fromUTF16: offset).line
        return paragraphRange(line: line)
    }

    /// The paragraphs `range` touches, from the start of the first through the end of the last
    /// (an empty range: the paragraph containing it).
    /// - Complexity: O(log n + leaf).
    public func paragraphRange(covering range: Range<Int>) throws -> Range<Int> {
        try validate(range)
        let first = try paragraphRange(containing: range.lowerBound)
        if range.isEmpty || range.upperBound <= first.upperBound { return first }
        // A range ending right after a "\n" does not touch the paragraph starting there.
        let line = try lineColumn(fromUTF16: range.upperBound).line
        var last = paragraphRange(line: line)
        if last.lowerBound == range.upperBound { last = paragraphRange(line: line - 1) }
        return first.lowerBound..<last.upperBound
    }

    /// The paragraph range of 0-based line `line`, which exists.
    func paragraphRange(line: Int) -> Range<Int> {
        let start = lineStart(line)
        let end = line + 1 < lineCount ? lineStart(line + 1) : utf16Count
        return start..<end
    }

    /// The paragraph attributes of the paragraph containing valid `offset` (those of its first
    /// character; none for the empty last paragraph).
    /// - Complexity: O(log n + leaf).
    public func paragraphAttributes(at offset: Int) throws -> Attributes {
        let range = try paragraphRange(containing: offset)
        return range.isEmpty ? Attributes() : try attributes(at: range.lowerBound).paragraphAttributes
    }

    /// The 1-based position of the list item containing valid `offset` in its list, or nil when
    /// that paragraph is not a list item. A list is a sequence of consecutive list-item
    /// paragraphs with the same `listStyle` at the same level; deeper items between them do not
    /// break it, anything else (a plain paragraph, a shallower item, another style at the same
    /// level) does.
    /// - Complexity: O((paragraphs from the list's start) × (log n + leaf)).
    public func listOrdinal(ofParagraphAt offset: Int) throws -> Int? {
        var line = try lineColumn(fromUTF16: offset).line
        let range = paragraphRange(line: line)
        guard !range.isEmpty else { return nil }
        let item = try attributes(at: range.lowerBound)
        guard let level = item.listItemLevel else { return nil }
        let style = item[.listStyle]
        var ordinal = 1
        while line > 0 {
            line -= 1
            let previous = try attributes(at: lineStart(line))
            guard let previousLevel = previous.listItemLevel, previousLevel >= level else { break }
            if previousLevel > level { continue }
            guard previous[.listStyle] == style else { break }
            ordinal += 1
        }
        return ordinal
    }

    /// Throws the first paragraph whose characters disagree on a paragraph attribute, or that
    /// has `listLevel` without `listStyle`.
    /// - Complexity: O(n).
    public func checkParagraphInvariants() throws {
        guard !isEmpty else { return }
        var paragraphStart = 0
        var expected: Attributes?
        var failure: InvariantViolation?
        try forEachRun(in: 0..<utf16Count) { run in
            // Walk the run's line breaks: each ends a paragraph.
            var start = run.range.lowerBound
            let own = run.attributes.paragraphAttributes
            if own[.listLevel] != nil && own[.listStyle] == nil {
                failure = InvariantViolation(description: "listLevel without listStyle at \(start)")
                return false
            }
            while start < run.range.upperBound {
                if expected == nil {
                    expected = own
                } else if expected != own {
                    failure = InvariantViolation(description: "paragraph at \(paragraphStart) has paragraph attributes \(expected!) and \(own) (at \(start))")
                    return false
                }
                var newline: Int?
                var scanned = start
                try forEachUTF8Chunk(in: start..<run.range.upperBound) { chunk in
                    for byte in chunk {
                        if byte == 0x0A { newline = scanned; return false }
                        // UTF-16 units of this byte: continuation bytes add none, 4-byte leads add two.
                        if byte & 0xC0 != 0x80 { scanned += byte >= 0xF0 ? 2 : 1 }
                    }
                    return true
                }
                guard let newline else { break }
                paragraphStart = newline + 1
                expected = nil
                start = newline + 1
            }
            return true
        }
        if let failure { throw failure }
    }
}
