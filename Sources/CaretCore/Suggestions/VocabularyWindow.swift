/// The words one edit removed and inserted, found by segmenting only a window around the edit.
///
/// The window runs between two cut points where UAX #29 word segmentation cannot look across: a
/// position right after a space, tab or line feed whose next scalar is neither a space nor one that
/// attaches to the character before it (Extend, Format, ZWJ). No rule WB3–WB16 relates scalars on
/// the two sides of such a position, so segmenting the window alone gives the same words as
/// segmenting the whole document there — before the edit and after it, since the cut points lie
/// outside the replaced text.
enum VocabularyWindow {
    /// The words of the window around an edit that wrote the UTF-16 range `replaced` of
    /// `document` (the text just after it) in place of `removed`, before and after the edit;
    /// reads the window once.
    /// - Complexity: O(w) for the window w: the edit plus the text back to a cut point before it and
    ///   on to one after it (usually the neighbouring words).
    static func difference(replaced: Range<Int>, removed: String,
                           in document: AttributedText) -> (removed: [String], inserted: [String]) {
        let lower = cut(before: replaced.lowerBound, in: document)
        let upper = cut(after: replaced.upperBound, in: document)
        let window = (try? document.string(in: lower..<upper)) ?? ""
        let units = window.utf16
        let headEnd = units.index(units.startIndex, offsetBy: replaced.lowerBound - lower)
        let tailStart = units.index(headEnd, offsetBy: replaced.count)
        var before = String(window[..<headEnd])
        before += removed
        before += window[tailStart...]
        return (SuggestionEngine.words(in: before), SuggestionEngine.words(in: window))
    }

    /// Calls `body` with the words of `document` in order, segmenting chunks of about `chunk` UTF-16
    /// units that end at cut points, so a large document is never copied out whole.
    static func forEachWord(in document: AttributedText, chunk: Int = 1 << 16, _ body: (String) -> Void) {
        let length = document.utf16Count
        var start = 0
        while start < length {
            let end = start + chunk >= length ? length : cut(after: start + chunk, in: document)
            let text = (try? document.string(in: start..<end)) ?? ""
            for word in SuggestionEngine.words(in: text) { body(word) }
            start = end
        }
    }

    /// Whether segmentation cannot look across the position between `before` and `after`.
    static func isCut(_ before: Unicode.Scalar, _ after: Unicode.Scalar) -> Bool {
        guard before == " " || before == "\t" || before == "\n" else { return false }
        switch WordBreakProperty(after) {
        case .extend, .format, .zwj, .wSegSpace: return false
        default: return true
        }
    }

    /// The last cut point strictly before `offset` (0 when there is none).
    static func cut(before offset: Int, in document: AttributedText) -> Int {
        var width = 64
        while true {
            var start = max(0, offset - width)
            if !document.isValidPosition(start) { start -= 1 }
            guard let scalars = try? document.unicodeScalars(in: start..<offset) else { return 0 }
            // Cut at scalar index i of the chunk: between scalars[i - 1] and scalars[i].
            var position = offset
            var i = scalars.count - 1
            while i >= 1 {
                position -= scalars[i].utf16.count
                if isCut(scalars[i - 1], scalars[i]) { return position }
                i -= 1
            }
            if start == 0 { return 0 }
            width *= 4
        }
    }

    /// The first cut point strictly after `offset` (the document's length when there is none).
    static func cut(after offset: Int, in document: AttributedText) -> Int {
        let length = document.utf16Count
        // Inside a surrogate pair, start from the pair: no cut point is inside it.
        let offset = document.isValidPosition(offset) ? offset : offset - 1
        var width = 64
        while true {
            var end = min(length, offset + width)
            if !document.isValidPosition(end) { end += 1 }
            guard let scalars = try? document.unicodeScalars(in: offset..<end) else { return length }
            var position = offset
            var i = 1
            while i < scalars.count {
                position += scalars[i - 1].utf16.count
                if isCut(scalars[i - 1], scalars[i]) { return position }
                i += 1
            }
            if end == length { return length }
            width *= 4
        }
    }
}
