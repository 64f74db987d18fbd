import CaretCore

/// One paragraph as the writer gathers it: byte ranges of its text (its "\n" excluded) with
/// their attributes, and what its text needs.
struct HTMLParagraph {
    /// (UTF-8 range in the document, attributes), in order, none empty.
    var segments: [(Range<Int>, Attributes)] = []
    /// The attributes of its terminating "\n"; nil for the last paragraph, which has none.
    var breakAttributes: Attributes?
    /// UTF-16 offset of its first character and of its "\n" (its end when unterminated).
    var start = 0
    var end = 0
    /// Whether its text has whitespace that HTML would collapse: a space at either end, two
    /// spaces in a row, a tab or a carriage return.
    var needsPreservedSpace = false
    var isEmpty: Bool { segments.isEmpty }
}

/// Writes a document as HTML: one block element per paragraph (see `HTML` for the mapping), the
/// inline elements of each run opened and closed as the runs change.
struct HTMLWriter {
    let text: AttributedText
    var out: [UInt8] = []
    var losses = FormatLossCollector()
    var styles: [Attributes: HTMLRunStyle] = [:]
    /// Open containers: a blockquote, then one entry per open list level (its `<li>` open too):
    /// whether that list is ordered, and the number HTML shows on its open item.
    var quoteOpen = false
    var lists: [(ordered: Bool, count: Int)] = []
    /// An open `<pre><code>` group outside lists: its alignment and whether its last line is empty.
    var pre: (alignment: String?, lastLineEmpty: Bool)?
    /// Caret's numbering of list items so far.
    var numbering = HTMLListNumbering()
    /// The inline elements open now, outermost first.
    var open: [HTMLLayer] = []
    /// The document's UTF-8, while `write` runs.
    var source = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    init(text: AttributedText) { self.text = text }

    mutating func write(fragment: Bool) -> (String, [FormatLoss]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8Count)
        try? text.forEachUTF8Chunk(in: 0..<text.utf16Count) { bytes.append(contentsOf: $0); return true }
        out.reserveCapacity(bytes.count + bytes.count / 4 + 128)
        if !fragment {
            out += Array("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>".utf8)
        }
        bytes.withUnsafeBufferPointer { buffer in
            source = buffer
            writeParagraphs(buffer)
            source = UnsafeBufferPointer(start: nil, count: 0)
        }
        closeContainers()
        if !fragment { out += Array("</body></html>\n".utf8) }
        return (String(decoding: out, as: UTF8.self), losses.losses)
    }

    /// Splits the text into paragraphs and writes each.
    private mutating func writeParagraphs(_ bytes: UnsafeBufferPointer<UInt8>) {
        var paragraph = HTMLParagraph()
        var i = 0
        var utf16 = 0
        var previousSpace = false
        let n = bytes.count
        for run in text.runs {
            let attributes = run.attributes
            noteStyleLosses(attributes, at: utf16)
            var segmentStart = i
            while i < n && (utf16 < run.range.upperBound || bytes[i] & 0xC0 == 0x80) {
                let b = bytes[i]
                if b >= 0x80 {
                    if b >= 0xC0 { utf16 += b >= 0xF0 ? 2 : 1 }
                    if b == 0xEF, i + 2 < n, bytes[i + 1] == 0xBF, bytes[i + 2] >= 0xBE { noteDropped(bytes, i, utf16 - 1) }
                    previousSpace = false
                    i += 1
                    continue
                }
                if b == 0x0A {
                    if segmentStart < i { paragraph.segments.append((segmentStart..<i, attributes)) }
                    paragraph.breakAttributes = attributes
                    paragraph.end = utf16
                    if previousSpace { paragraph.needsPreservedSpace = true }
                    writeParagraph(paragraph)
                    utf16 += 1
                    i += 1
                    segmentStart = i
                    paragraph = HTMLParagraph()
                    paragraph.start = utf16
                    previousSpace = false
                    continue
                }
                if b == 0x20 {
                    if previousSpace || utf16 == paragraph.start { paragraph.needsPreservedSpace = true }
                    previousSpace = true
                } else {
                    if b == 0x09 || b == 0x0D { paragraph.needsPreservedSpace = true }
                    if b < 0x20 && b != 0x09 && b != 0x0D { noteDropped(bytes, i, utf16) }
                    previousSpace = false
                }
                utf16 += 1
                i += 1
            }
            if segmentStart < i { paragraph.segments.append((segmentStart..<i, attributes)) }
        }
        paragraph.end = utf16
        if previousSpace { paragraph.needsPreservedSpace = true }
        // The last paragraph: written when it has text, or when the text ends with "\n" (an
        // empty paragraph, which the reader's dropping of the final "\n" gives back).
        if !paragraph.isEmpty || utf16 > 0 { writeParagraph(paragraph) }
    }

    private mutating func noteDropped(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ offset: Int) {
        let scalar: Unicode.Scalar = bytes[i] == 0xEF ? (bytes[i + 2] == 0xBE ? "\u{FFFE}" : "\u{FFFF}") : Unicode.Scalar(bytes[i])
        losses.note(FormatLoss(what: "control character", offset: offset,
                               reason: "HTML cannot hold \(HTMLEscaping.name(of: scalar))"))
    }

    mutating func style(_ attributes: Attributes) -> HTMLRunStyle {
        if let known = styles[attributes] { return known }
        let style = HTMLRunStyle(attributes)
        styles[attributes] = style
        return style
    }

    private mutating func noteStyleLosses(_ attributes: Attributes, at offset: Int) {
        let losses = style(attributes).losses
        for (what, reason) in losses { self.losses.note(FormatLoss(what: what, offset: offset, reason: reason)) }
    }

    /// Checks what the paragraph's block and line break can carry, then writes it.
    private mutating func writeParagraph(_ paragraph: HTMLParagraph) {
        let first = paragraph.segments.first?.1 ?? paragraph.breakAttributes ?? Attributes()
        let firstStyle = style(first)
        // A paragraph attribute that changes inside the paragraph is reported at its start.
        for (_, attributes) in paragraph.segments.dropFirst() where attributes != first {
            checkSameParagraph(style(attributes), firstStyle, at: paragraph.start)
        }
        if let breakAttributes = paragraph.breakAttributes {
            let breakStyle = style(breakAttributes)
            if breakAttributes != first { checkSameParagraph(breakStyle, firstStyle, at: paragraph.end) }
            let expected = paragraph.segments.last.map { style($0.1).breakAttributes } ?? Attributes()
            if breakStyle.characterAttributes != expected {
                for key in Self.differingKeys(breakStyle.characterAttributes, expected) {
                    losses.note(FormatLoss(what: key.name, offset: paragraph.end,
                                           reason: "HTML cannot format a line break apart from the text before it"))
                }
            }
        }
        writeBlock(paragraph, firstStyle.block)
    }

    private mutating func checkSameParagraph(_ style: HTMLRunStyle, _ first: HTMLRunStyle, at offset: Int) {
        guard style.paragraphAttributes != first.paragraphAttributes else { return }
        for key in Self.differingKeys(style.paragraphAttributes, first.paragraphAttributes) {
            losses.note(FormatLoss(what: key.name, offset: offset,
                                   reason: "a paragraph attribute differs within one paragraph; HTML gives a paragraph one value"))
        }
    }

    /// The keys whose values differ between `a` and `b`, in key order.
    static func differingKeys(_ a: Attributes, _ b: Attributes) -> [AttributeKey] {
        let keys = Set(a.keys).union(b.keys).sorted()
        return keys.filter { a[$0] != b[$0] }
    }
}
