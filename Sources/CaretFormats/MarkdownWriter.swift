import CaretCore

/// What Markdown carries of one run's attributes; the link is an index into the writer's table
/// of URLs (-1 for none), so that a style is plain data.
struct MarkdownStyle: Hashable {
    var bold = false, italic = false, underline = false, strike = false, code = false
    var link: Int32 = -1

    /// Whether any attribute other than code is on (code never spans a line break).
    var hasSpans: Bool { bold || italic || underline || strike || link >= 0 }
}

/// One piece of a paragraph: text with one style, a hard line break, or the document's final
/// newline, which is written as a character reference because a paragraph cannot end in a break.
struct MarkdownAtom {
    enum Kind { case text, lineBreak, finalNewline }
    var kind: Kind
    /// Byte range in the document's UTF-8 (for a break, the newline itself).
    var bytes: Range<Int>
    /// Byte range of the Caret line the text is on (without its newline), for line-start rules.
    var line: Range<Int>
    var style: MarkdownStyle
}

/// Writes a document as Markdown: splits the text into paragraphs at newlines that can be
/// paragraph breaks (plain newlines between two non-empty lines), the others becoming hard
/// breaks, and hands each paragraph's atoms to `MarkdownParagraph`.
struct MarkdownWriter {
    private let text: AttributedText
    private var bytes: [UInt8] = []
    private var out: [UInt8] = []
    private var losses = FormatLossCollector()
    private var styles: [Attributes: MarkdownStyle] = [:]
    private var links: [String] = []
    private var linkIndex: [String: Int32] = [:]
    private var paragraph = MarkdownParagraph()

    init(text: AttributedText) { self.text = text }

    mutating func write() -> (String, [FormatLoss]) {
        bytes.reserveCapacity(text.utf8Count)
        try? text.forEachUTF8Chunk(in: 0..<text.utf16Count) { chunk in
            bytes.append(contentsOf: chunk)
            return true
        }
        out.reserveCapacity(bytes.count + bytes.count / 8 + 16)
        var byte = 0
        var utf16 = 0
        var lineStart = 0
        var lineEnd = lineEndFrom(0)
        for run in text.runs {
            let style = style(for: run.attributes, at: run.range.lowerBound)
            var pieceStart = byte
            var pieceUTF16 = utf16
            while utf16 < run.range.upperBound {
                let lead = bytes[byte]
                if lead == 0x0A {
                    addText(pieceStart..<byte, line: lineStart..<lineEnd, style: style, utf16: pieceUTF16)
                    addNewline(at: byte, style: style, utf16: utf16)
                    byte += 1
                    utf16 += 1
                    pieceStart = byte
                    pieceUTF16 = utf16
                    lineStart = byte
                    lineEnd = lineEndFrom(byte)
                    continue
                }
                if lead == 0 { losses.note(FormatLoss(what: "U+0000", offset: utf16, reason: MarkdownWriter.nulReason)) }
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                byte += length
                utf16 += length == 4 ? 2 : 1
            }
            addText(pieceStart..<byte, line: lineStart..<lineEnd, style: style, utf16: pieceUTF16)
        }
        flushParagraph()
        if !out.isEmpty { out.append(0x0A) }
        return (String(decoding: out, as: UTF8.self), losses.losses)
    }

    static let nulReason = "CommonMark reads U+0000 as U+FFFD"

    private func lineEndFrom(_ start: Int) -> Int {
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return end
    }

    /// Adds text, splitting a code run around carriage returns: a code span cannot hold one.
    private mutating func addText(_ range: Range<Int>, line: Range<Int>, style: MarkdownStyle, utf16: Int) {
        guard !range.isEmpty else { return }
        guard style.code, bytes[range].contains(0x0D) else {
            paragraph.atoms.append(MarkdownAtom(kind: .text, bytes: range, line: line, style: style))
            return
        }
        var plain = style
        plain.code = false
        var start = range.lowerBound
        var offset = utf16
        for i in range where bytes[i] == 0x0D {
            if start < i { paragraph.atoms.append(MarkdownAtom(kind: .text, bytes: start..<i, line: line, style: style)) }
            offset += MarkdownWriter.utf16Count(bytes[start..<i])
            losses.note(FormatLoss(what: "code", offset: offset, reason: MarkdownWriter.codeBreakReason))
            paragraph.atoms.append(MarkdownAtom(kind: .text, bytes: i..<(i + 1), line: line, style: plain))
            offset += 1
            start = i + 1
        }
        if start < range.upperBound {
            paragraph.atoms.append(MarkdownAtom(kind: .text, bytes: start..<range.upperBound, line: line, style: style))
        }
    }

    static let codeBreakReason = "a code span cannot hold a line break or carriage return"

    private static func utf16Count(_ bytes: ArraySlice<UInt8>) -> Int {
        var units = 0
        for byte in bytes where byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
        return units
    }

    /// A newline: a paragraph break when it is plain and both its lines have text, otherwise a
    /// hard break inside the paragraph (or, ending the document, a character reference).
    private mutating func addNewline(at byte: Int, style: MarkdownStyle, utf16: Int) {
        var style = style
        if style.code {
            losses.note(FormatLoss(what: "code", offset: utf16, reason: MarkdownWriter.codeBreakReason))
            style.code = false
        }
        let line = byte..<byte
        if byte == bytes.count - 1 {
            paragraph.atoms.append(MarkdownAtom(kind: .finalNewline, bytes: byte..<(byte + 1), line: line, style: style))
            return
        }
        let previousEmpty = byte == 0 || bytes[byte - 1] == 0x0A
        let nextEmpty = bytes[byte + 1] == 0x0A
        if !style.hasSpans, !previousEmpty, !nextEmpty {
            flushParagraph()
            out.append(contentsOf: [0x0A, 0x0A])
        } else {
            paragraph.atoms.append(MarkdownAtom(kind: .lineBreak, bytes: byte..<(byte + 1), line: line, style: style))
        }
    }

    private mutating func flushParagraph() {
        guard !paragraph.atoms.isEmpty else { return }
        bytes.withUnsafeBufferPointer { document in
            paragraph.render(document: document, links: links, into: &out)
        }
        paragraph.reset()
    }

    /// The carried part of `attributes`; the keys Markdown has no syntax for are noted as lost
    /// the first time each attribute set occurs (runs come in order, so that is its first offset).
    private mutating func style(for attributes: Attributes, at offset: Int) -> MarkdownStyle {
        if let known = styles[attributes] { return known }
        var style = MarkdownStyle()
        for entry in attributes.entries {
            switch entry.key {
            case .bold: style.bold = true
            case .italic: style.italic = true
            case .underline: style.underline = true
            case .strikethrough: style.strike = true
            case .code: style.code = true
            case .link:
                guard case .string(let url) = entry.value else { break }
                if let known = linkIndex[url] {
                    style.link = known
                } else {
                    style.link = Int32(links.count)
                    linkIndex[url] = style.link
                    links.append(url)
                }
                if url.utf8.contains(0) {
                    losses.note(FormatLoss(what: "U+0000", offset: offset, reason: MarkdownWriter.nulReason))
                }
            case .fontSize, .fontFamily, .foregroundColor, .backgroundColor:
                losses.note(FormatLoss(what: entry.key.name, offset: offset, reason: "Markdown has no syntax for \(entry.key.name)"))
            case .heading, .listStyle, .listLevel, .blockQuote, .codeBlock, .alignment:
                // Paragraph attributes are not written yet: say so rather than drop them.
                losses.note(FormatLoss(what: entry.key.name, offset: offset, reason: "the Markdown writer does not write paragraph attributes yet"))
            case .custom(let name):
                losses.note(FormatLoss(what: name, offset: offset, reason: "Markdown has no syntax for custom attributes"))
            }
        }
        styles[attributes] = style
        return style
    }
}
