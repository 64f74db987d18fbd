// The word under the selection, for spelling suggestions: UAX #29 word segments of a bounded window
// around the selection (grown only when a word reaches the window's edge), kept to grapheme
// cluster boundaries. A "word" is a word-like segment: one holding a letter, digit, ideograph or
// Katakana (`can't`, `3.14`, `中`), never only spaces, punctuation or emoji.

extension Editor {
    /// The word at the selection, or nil when there is none.
    ///
    /// For a caret: the word the caret is inside, else the word ending at the caret (a caret just
    /// after a typed word), else the word starting at it. For a range: the word it covers or
    /// touches; when it touches several, one `DocumentWord` from the start of the first to the end
    /// of the last (the text between included).
    /// - Complexity: O(w) for a window w of a few hundred UTF-16 units around the selection (plus
    ///   the selection's length), never the whole document.
    public func wordAtSelection() -> DocumentWord? {
        if selection.isCaret { return try? word(at: selection.head) }
        let words = (try? words(in: selection.range)) ?? []
        guard let first = words.first, let last = words.last else { return nil }
        if words.count == 1 { return first }
        let span = first.range.lowerBound..<last.range.upperBound
        guard let string = try? text.string(in: span) else { return nil }
        return DocumentWord(range: span, string: string)
    }

    /// Every word the selection covers or touches, in order (for a caret, the word `wordAtSelection()`
    /// gives, if any).
    public func wordsAtSelection() -> [DocumentWord] {
        if selection.isCaret { return (try? word(at: selection.head)).flatMap { $0 }.map { [$0] } ?? [] }
        return (try? words(in: selection.range)) ?? []
    }

    /// The word a caret at `offset` is inside, else the one ending at it, else the one starting at it.
    /// - Throws: `EditorError.invalidPosition` for an offset outside the document or inside a
    ///   surrogate pair.
    public func word(at offset: Int) throws -> DocumentWord? {
        try checked { try text.validate(offset) }
        var radius = 64
        while true {
            let (segments, window) = try wordSegments(around: offset, radius: radius)
            let words = segments.filter(\.isWordLike)
            let chosen = words.first { $0.range.lowerBound < offset && offset < $0.range.upperBound }
                ?? words.first { $0.range.upperBound == offset }
                ?? words.first { $0.range.lowerBound == offset }
            // Segments touching the caret that reach a window edge inside the document may be cut.
            let touching = segments.filter { $0.range.lowerBound <= offset && offset <= $0.range.upperBound }
            if touching.contains(where: { reachesInnerEdge($0.range, of: window) }) {
                radius *= 4
                continue
            }
            guard let chosen else { return nil }
            return DocumentWord(range: chosen.range, string: try text.string(in: chosen.range))
        }
    }

    /// The words that overlap `range` (for an empty range, the word at that caret), in order.
    /// - Throws: `EditorError.invalidPosition` for a range outside the document or an end inside a
    ///   surrogate pair.
    public func words(in range: Range<Int>) throws -> [DocumentWord] {
        try checked { try text.validate(range) }
        if range.isEmpty { return try word(at: range.lowerBound).map { [$0] } ?? [] }
        var radius = range.count / 2 + 64
        let middle = range.lowerBound + range.count / 2
        while true {
            let (segments, window) = try wordSegments(around: middle, radius: radius)
            let words = segments.filter {
                $0.isWordLike && $0.range.lowerBound < range.upperBound && range.lowerBound < $0.range.upperBound
            }
            let edges = segments.filter { $0.range.contains(range.lowerBound) || $0.range.contains(range.upperBound - 1) }
            if (words + edges).contains(where: { reachesInnerEdge($0.range, of: window) }) {
                radius *= 4
                continue
            }
            return try words.map { DocumentWord(range: $0.range, string: try text.string(in: $0.range)) }
        }
    }

    /// Whether `range` starts at the window's lower edge or ends at its upper edge where that edge
    /// is not the document's.
    private func reachesInnerEdge(_ range: Range<Int>, of window: Range<Int>) -> Bool {
        (range.lowerBound == window.lowerBound && window.lowerBound > 0)
            || (range.upperBound == window.upperBound && window.upperBound < length)
    }
}
