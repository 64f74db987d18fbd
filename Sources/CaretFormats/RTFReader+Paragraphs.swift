import CaretCore

/// The reader's output: the current paragraph's bytes and character pieces, and the runs of the
/// paragraphs before it.
struct RTFOutput {
    /// The current paragraph's UTF-8.
    var text: [UInt8] = []
    /// Where each character state starts in `text`.
    var pieces: [(start: Int, char: RTFCharState)] = []
    /// Finished paragraphs' runs.
    var runs: [(String, Attributes)] = []
    /// UTF-16 length of the finished paragraphs.
    var utf16Flushed = 0

    static func utf16Count(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
        return count
    }
}

extension RTFReader {
    /// `\par` (and `\row`, `\sect`, `\` + line break): a line break, then the paragraph's
    /// attributes over all of it.
    mutating func endParagraph() {
        if state.destination != .document { return }
        emitScalar("\n")
        flushParagraph()
    }

    /// The text read, with the last paragraph's attributes when it has no final `\par`.
    mutating func finish() -> AttributedText {
        if !out.text.isEmpty { flushParagraph() }
        return AttributedText(runs: out.runs)
    }

    mutating func flushParagraph() {
        var key = paragraphKey()
        if key.listStyle == 0 && state.para.firstIndent < 0 && state.para.leftIndent > 0 {
            recogniseTextMarker(&key)
        }
        if key.listStyle == 0 && !key.blockQuote && state.para.leftIndent > 0 {
            noteLoss("indent", "paragraph indents are kept only as list levels and block quotes")
        }
        let text = out.text
        let pieces = out.pieces
        var offset = out.utf16Flushed
        for (index, piece) in pieces.enumerated() {
            let end = index + 1 < pieces.count ? pieces[index + 1].start : text.count
            guard end > piece.start else { continue }
            let attributes = runAttributes(RTFRunKey(char: piece.char, paragraph: key), at: offset)
            out.runs.append((String(decoding: text[piece.start..<end], as: UTF8.self), attributes))
            offset += RTFOutput.utf16Count(text[piece.start..<end])
        }
        out.utf16Flushed = offset
        out.text.removeAll(keepingCapacity: true)
        out.pieces.removeAll(keepingCapacity: true)
        listTextOrdered = false
    }

    /// What the paragraph properties in effect say about the paragraph.
    func paragraphKey() -> RTFParagraphKey {
        let para = state.para
        var key = RTFParagraphKey()
        key.alignment = para.alignment
        let style = para.style >= 0 ? styles[para.style] : nil
        if para.outlineLevel >= 0 && para.outlineLevel <= 5 {
            key.heading = para.outlineLevel + 1
        } else if para.outlineLevel < 0, let style {
            key.heading = style.heading
        }
        key.blockQuote = style?.blockQuote ?? false
        key.codeBlock = style?.codeBlock ?? false
        if para.list > 0 {
            key.listLevel = para.listLevel + 1
            let levels = overrides[para.list].flatMap { lists[$0] }
            if let levels, para.listLevel < levels.count {
                // 23: bullet; 255: no number (taken as a bullet item); others number.
                key.listStyle = levels[para.listLevel] == 23 || levels[para.listLevel] == 255 ? 1 : 2
            } else {
                key.listStyle = listTextOrdered ? 2 : 1
            }
        } else if let numbering {
            key.listStyle = numbering.ordered ? 2 : 1
            key.listLevel = numbering.level
        }
        return key
    }

    /// A paragraph with a hanging indent whose text starts with a bullet or a number and a tab
    /// is a list item written as text (as some writers do): the marker is taken off.
    mutating func recogniseTextMarker(_ key: inout RTFParagraphKey) {
        let text = out.text
        var i = 0
        var ordered = false
        let bullets: [[UInt8]] = ["\u{2022}", "\u{2013}", "\u{25E6}", "\u{25AA}", "\u{00B7}", "-", "*", "o"].map { Array($0.utf8) }
        if let bullet = bullets.first(where: { text.starts(with: $0) }) {
            i = bullet.count
        } else {
            while i < text.count, i < 9, Self.isDigit(text[i]) || (i == 0 && Self.isLetter(text[i])) { i += 1 }
            guard i > 0, i < text.count, text[i] == UInt8(ascii: ".") || text[i] == UInt8(ascii: ")") else { return }
            i += 1
            ordered = true
        }
        while i < text.count, text[i] == 0x20 { i += 1 }
        guard i < text.count, text[i] == UInt8(ascii: "\t") else { return }
        i += 1
        out.text.removeFirst(i)
        for k in out.pieces.indices { out.pieces[k].start = max(0, out.pieces[k].start - i) }
        key.listStyle = ordered ? 2 : 1
        key.listLevel = max(1, min(16, (state.para.leftIndent + 180) / 360))
    }

    /// The attributes of a character state in a paragraph, computed once per distinct pair.
    mutating func runAttributes(_ key: RTFRunKey, at offset: Int) -> Attributes {
        if let known = attributeCache[key] { return known }
        var pairs: [(AttributeKey, AttributeValue)] = []
        let char = key.char
        if char.bold { pairs.append((.bold, .bool(true))) }
        if char.italic { pairs.append((.italic, .bool(true))) }
        if let style = char.underline { pairs.append((.underline, style.value)) }
        if let style = char.strikethrough { pairs.append((.strikethrough, style.value)) }
        let number = char.font < 0 ? defaultFont : char.font
        if let font = fonts[number] {
            if font.isMonospace {
                pairs.append((.code, .bool(true)))
            } else if number != defaultFont, !font.family.isEmpty,
                      font.family == font.name || font.family != fonts[defaultFont]?.family {
                // A face of the default family (Cocoa's Helvetica-Bold beside Helvetica) sets no family.
                pairs.append((.fontFamily, .string(font.family)))
            }
        } else if char.font >= 0 && number != defaultFont {
            noteLoss("fontFamily", "font \(number) is not in the font table", at: offset)
        }
        if char.halfPoints > 0 { pairs.append((.fontSize, .number(Double(char.halfPoints) / 2))) }
        if let color = tableColor(char.foreground, "foregroundColor", at: offset) { pairs.append((.foregroundColor, .string(color))) }
        if let color = tableColor(char.background, "backgroundColor", at: offset) { pairs.append((.backgroundColor, .string(color))) }
        if char.link >= 0, !links[char.link].isEmpty { pairs.append((.link, .string(links[char.link]))) }
        let para = key.paragraph
        if para.heading > 0 { pairs.append((.heading, .number(Double(para.heading)))) }
        if para.listStyle > 0 {
            pairs.append((.listStyle, .string(para.listStyle == 1 ? "bullet" : "ordered")))
            pairs.append((.listLevel, .number(Double(para.listLevel))))
        }
        if para.blockQuote { pairs.append((.blockQuote, .bool(true))) }
        if para.codeBlock { pairs.append((.codeBlock, .bool(true))) }
        let alignments = ["", "center", "right", "justified"]
        if para.alignment > 0 { pairs.append((.alignment, .string(alignments[Int(para.alignment)]))) }
        let attributes = (try? Attributes(pairs)) ?? Attributes()
        attributeCache[key] = attributes
        return attributes
    }

    /// Colour-table entry `index`, nil for "auto" (and for an index past the table, noted).
    mutating func tableColor(_ index: Int, _ what: String, at offset: Int) -> String? {
        guard index > 0 || (index == 0 && colors.first != nil) else { return nil }
        guard index >= 0, index < colors.count else {
            noteLoss(what, "colour \(index) is not in the colour table", at: offset)
            return nil
        }
        return colors[index]
    }
}
