// Positions a user command moves to: grapheme clusters, logical lines and words. Everything
// reads bounded windows of the document, never the whole string.

extension Editor {
    /// Wraps `TextError` from the document in `EditorError.invalidPosition`.
    func checked<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TextError {
            throw EditorError.invalidPosition(error)
        }
    }

    var length: Int { text.utf16Count }

    func graphemeBefore(_ offset: Int) throws -> Int {
        try text.graphemeBoundary(before: offset) ?? 0
    }

    func graphemeAfter(_ offset: Int) throws -> Int {
        try text.graphemeBoundary(after: offset) ?? length
    }

    /// `offset` when it is a grapheme boundary, else the end of the cluster it is inside.
    func snappedForward(_ offset: Int) throws -> Int {
        // Text whose every byte is a cluster of its own (ASCII without CR): every valid position
        // is a boundary, no need to segment the leaf.
        if usesFastPaths, text.characterCount == text.utf8Count, offset >= 0, offset <= length { return offset }
        return try text.isGraphemeBoundary(offset) ? offset : graphemeAfter(offset)
    }

    /// `snappedForward(end)` for the end of just-inserted text whose last scalar is `last`.
    /// Decides from `last` and the next byte when that is enough, which costs much less than
    /// segmenting the leaf: after a scalar below U+0300 other than CR (never Prepend, a regional
    /// indicator, Hangul or pictographic), a following ASCII character always starts a cluster.
    func snappedForward(afterInserting last: Unicode.Scalar?, at end: Int) throws -> Int {
        if usesFastPaths, let last, last.value < 0x300, last != "\r" {
            if end == length || text.characterCount == text.utf8Count { return end }
            var nextIsASCII = false
            _ = try? text.forEachUTF8Chunk(in: end..<(end + 1)) { chunk in
                nextIsASCII = chunk.first.map { $0 < 0x80 } ?? false
                return false
            }
            if nextIsASCII { return end }
        }
        return try snappedForward(end)
    }

    /// The selection with both ends moved out of any grapheme cluster they are inside.
    func snapped(_ selection: Selection) throws -> Selection {
        if selection.isCaret { return Selection(caret: try snappedForward(selection.head)) }
        return Selection(anchor: try snappedForward(selection.anchor), head: try snappedForward(selection.head))
    }

    // MARK: Lines (lines end at LF; a CR before the LF belongs to the break)

    /// The start of the logical line containing `offset`.
    func lineStart(_ offset: Int) throws -> Int {
        offset - (try text.lineColumn(fromUTF16: offset)).column
    }

    /// The offset of the line break ending the line containing `offset` (the document end on the
    /// last line).
    func lineBreak(_ offset: Int) throws -> Int {
        let line = try text.lineColumn(fromUTF16: offset).line
        return line + 1 < text.lineCount ? try text.utf16Offset(line: line + 1, column: 0) - 1 : length
    }

    /// The end of the visible content of the line containing `offset`: before its `\n`, or before
    /// a `\r\n` pair, which is one grapheme cluster.
    func lineContentEnd(_ offset: Int) throws -> Int {
        let end = try lineBreak(offset)
        if end < length, end > 0, text.isValidPosition(end - 1), try text.string(in: (end - 1)..<end) == "\r" {
            let start = try lineStart(offset)
            if end - 1 >= start { return end - 1 }
        }
        return end
    }

    /// The end of the line containing `offset` including its line break.
    func lineEndIncludingBreak(_ offset: Int) throws -> Int {
        let end = try lineBreak(offset)
        return end < length ? end + 1 : end
    }

    // MARK: Words (UAX #29 segments of a window, kept to grapheme boundaries)

    struct WordSegment {
        var range: Range<Int>
        var isWordLike: Bool
    }

    /// The word segments of a window around `offset`, with whether the window reaches each end
    /// of the document.
    func wordSegments(around offset: Int, radius: Int) throws -> (segments: [WordSegment], window: Range<Int>) {
        var lower = max(0, offset - radius)
        if !text.isValidPosition(lower) { lower -= 1 }
        if try !text.isGraphemeBoundary(lower) { lower = try graphemeBefore(lower) }
        var upper = min(length, offset + radius)
        if !text.isValidPosition(upper) { upper += 1 }
        upper = try snappedForward(upper)
        let string = try text.string(in: lower..<upper)
        var graphemeEnds: Set<Int> = [0]
        var position = 0
        for character in string {
            position += character.utf16.count
            graphemeEnds.insert(position)
        }
        let scalars = Array(string.unicodeScalars)
        var scalarOffsets = [0]
        scalarOffsets.reserveCapacity(scalars.count + 1)
        for scalar in scalars { scalarOffsets.append(scalarOffsets.last! + scalar.utf16.count) }
        let boundaries = WordSegmentation.boundaries(scalars).filter { graphemeEnds.contains(scalarOffsets[$0]) }
        var segments: [WordSegment] = []
        for (a, b) in zip(boundaries, boundaries.dropFirst()) where a < b {
            segments.append(WordSegment(
                range: (lower + scalarOffsets[a])..<(lower + scalarOffsets[b]),
                isWordLike: WordSegmentation.isWordLike(scalars[a..<b])
            ))
        }
        return (segments, lower..<upper)
    }

    /// Runs `pick` on word segments of growing windows until it answers without touching an edge
    /// of the window that is not an edge of the document.
    func withWordSegments(around offset: Int, _ pick: ([WordSegment], Range<Int>) -> Int??) throws -> Int? {
        var radius = 256
        while true {
            let (segments, window) = try wordSegments(around: offset, radius: radius)
            if let answer = pick(segments, window) { return answer }
            if window.lowerBound == 0 && window.upperBound == length { return nil }
            radius *= 4
        }
    }

    /// The start of the word before `offset`, or of the word containing it (option+left).
    func wordLeft(_ offset: Int) throws -> Int {
        try withWordSegments(around: offset) { segments, window in
            guard let segment = segments.last(where: { $0.isWordLike && $0.range.lowerBound < offset }) else {
                return window.lowerBound == 0 ? .some(0) : nil
            }
            if segment.range.lowerBound == window.lowerBound && window.lowerBound > 0 { return nil }
            return .some(segment.range.lowerBound)
        } ?? 0
    }

    /// The end of the word after `offset`, or of the word containing it (option+right).
    func wordRight(_ offset: Int) throws -> Int {
        let end = length
        return try withWordSegments(around: offset) { segments, window in
            guard let segment = segments.first(where: { $0.isWordLike && $0.range.upperBound > offset }) else {
                return window.upperBound == end ? .some(end) : nil
            }
            if segment.range.upperBound == window.upperBound && window.upperBound < end { return nil }
            return .some(segment.range.upperBound)
        } ?? end
    }

    /// The segment a double-click at `offset` selects: the word after the caret, else the word
    /// before it, else the segment after (or before, at the end).
    func wordRange(at offset: Int) throws -> Range<Int> {
        var result = offset..<offset
        let end = length
        _ = try withWordSegments(around: offset) { segments, window in
            let after = segments.first { $0.range.contains(offset) }
            let before = segments.first { $0.range.upperBound == offset }
            let chosen: WordSegment? =
                if let after, after.isWordLike { after }
                else if let before, before.isWordLike { before }
                else { after ?? before }
            guard let chosen else { return .some(nil) }
            if (chosen.range.lowerBound == window.lowerBound && window.lowerBound > 0)
                || (chosen.range.upperBound == window.upperBound && window.upperBound < end) { return nil }
            result = chosen.range
            return .some(nil)
        }
        return result
    }

    /// The start of the segment containing `offset` and the end of the segment containing
    /// `offset - 1`: a range widened to word boundaries.
    func wordBoundary(atOrBefore offset: Int) throws -> Int {
        try withWordSegments(around: offset) { segments, window in
            guard let segment = segments.first(where: { $0.range.contains(offset) }) else { return .some(offset) }
            if segment.range.lowerBound == window.lowerBound && window.lowerBound > 0 { return nil }
            return .some(segment.range.lowerBound)
        } ?? offset
    }

    func wordBoundary(atOrAfter offset: Int) throws -> Int {
        let end = length
        return try withWordSegments(around: offset) { segments, window in
            guard let segment = segments.first(where: { $0.range.lowerBound < offset && offset <= $0.range.upperBound }) else {
                return .some(offset)
            }
            if segment.range.upperBound == window.upperBound && window.upperBound < end { return nil }
            return .some(segment.range.upperBound)
        } ?? offset
    }
}
