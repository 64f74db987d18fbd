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

/// Writes a document as Markdown: Caret paragraphs with a heading, list item or code block are
/// blocks of their own (consecutive code block lines one block); plain paragraphs with the same
/// block quote run together, split into Markdown paragraphs at newlines that can be paragraph
/// breaks (plain newlines between two non-empty lines), the others becoming hard breaks. Each
/// Markdown paragraph's atoms go to `MarkdownParagraph`, each block through `MarkdownLayout`.
struct MarkdownWriter {
    private let text: AttributedText
    private var bytes: [UInt8] = []
    private var out: [UInt8] = []
    private var losses = FormatLossCollector()
    /// What Markdown carries of each attribute set, and of each run in order.
    private var infos: [Attributes: (MarkdownStyle, MarkdownParagraphContext)] = [:]
    private var runInfo: [(MarkdownStyle, MarkdownParagraphContext)] = []
    private var links: [String] = []
    private var linkIndex: [String: Int32] = [:]
    private var paragraph = MarkdownParagraph()
    private var paragraphs: [MarkdownParagraphInfo] = []
    /// The Caret paragraph being written.
    private var current = 0
    private var layout = MarkdownLayout()
    private var scratch: [UInt8] = []

    init(text: AttributedText) { self.text = text }

    mutating func write() -> (String, [FormatLoss]) {
        bytes.reserveCapacity(text.utf8Count)
        try? text.forEachUTF8Chunk(in: 0..<text.utf16Count) { chunk in
            bytes.append(contentsOf: chunk)
            return true
        }
        out.reserveCapacity(bytes.count + bytes.count / 8 + 16)
        findParagraphs()
        var byte = 0
        var utf16 = 0
        var lineStart = 0
        var lineEnd = lineEndFrom(0)
        for (index, run) in text.runs.enumerated() {
            let (style, context) = runInfo[index]
            checkUniform(context, at: run.range.lowerBound)
            var pieceStart = byte
            var pieceUTF16 = utf16
            while utf16 < run.range.upperBound {
                let lead = bytes[byte]
                if lead == 0x0A {
                    addText(pieceStart..<byte, line: lineStart..<lineEnd, style: style, utf16: pieceUTF16)
                    addNewline(at: byte, style: style, utf16: utf16)
                    current += 1
                    byte += 1
                    utf16 += 1
                    if utf16 < run.range.upperBound { checkUniform(context, at: utf16) }
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
        finishBlock()
        if !out.isEmpty { out.append(0x0A) }
        return (String(decoding: out, as: UTF8.self), losses.losses)
    }

    static let nulReason = "CommonMark reads U+0000 as U+FFFD"

    private func lineEndFrom(_ start: Int) -> Int {
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return end
    }

    /// The paragraphs' byte ranges and UTF-16 starts, and each one's context from its first
    /// character (or its "\n"); the empty last paragraph has no attributes.
    private mutating func findParagraphs() {
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0, startUTF16 = 0, utf16 = 0
            for i in buffer.indices {
                let b = buffer[i]
                if b == 0x0A {
                    paragraphs.append(MarkdownParagraphInfo(start: start, end: i, utf16: startUTF16))
                    start = i + 1
                    startUTF16 = utf16 + 1
                }
                // Every byte that is not a continuation starts a scalar; a 4-byte one is two units.
                utf16 &+= (b & 0xC0 != 0x80 ? 1 : 0) &+ (b >= 0xF0 ? 1 : 0)
            }
            paragraphs.append(MarkdownParagraphInfo(start: start, end: buffer.count, utf16: startUTF16))
        }
        // Every run's style and context, in order (so that losses name first offsets), once.
        var p = 0
        for run in text.runs {
            let info: (MarkdownStyle, MarkdownParagraphContext)
            if let known = infos[run.attributes] {
                info = known
            } else {
                info = (style(for: run.attributes, at: run.range.lowerBound), context(for: run.attributes, at: run.range.lowerBound))
                infos[run.attributes] = info
            }
            runInfo.append(info)
            while p < paragraphs.count, paragraphs[p].utf16 < run.range.upperBound {
                if paragraphs[p].utf16 >= run.range.lowerBound { paragraphs[p].context = info.1 }
                p += 1
            }
        }
    }

    /// A paragraph attribute must have one value over its whole paragraph; a run that differs
    /// from its paragraph's first character loses the difference.
    private mutating func checkUniform(_ context: MarkdownParagraphContext, at offset: Int) {
        guard current < paragraphs.count, context != paragraphs[current].context else { return }
        for name in context.differences(from: paragraphs[current].context) {
            losses.note(FormatLoss(what: name, offset: offset, reason: "a paragraph attribute must have one value over its paragraph"))
        }
    }

    /// Inline attributes inside a code block (or on the line break after a block, which Markdown
    /// does not have) cannot be written.
    private mutating func noteInline(_ style: MarkdownStyle, at offset: Int, reason: String) {
        for (on, name) in [(style.bold, "bold"), (style.italic, "italic"), (style.underline, "underline"),
                           (style.strike, "strikethrough"), (style.code, "code"), (style.link >= 0, "link")] where on {
            losses.note(FormatLoss(what: name, offset: offset, reason: reason))
        }
    }

    static let inCodeBlockReason = "a code block holds text without inline attributes"
    static let blockBreakReason = "the line break after a heading, list item, block quote or code block carries no inline attributes"

    /// Adds text, splitting a code run around carriage returns: a code span cannot hold one.
    private mutating func addText(_ range: Range<Int>, line: Range<Int>, style: MarkdownStyle, utf16: Int) {
        guard !range.isEmpty else { return }
        if paragraphs[current].context.code {
            noteInline(style, at: utf16, reason: MarkdownWriter.inCodeBlockReason)
            if bytes[range].contains(0x0D) {
                losses.note(FormatLoss(what: "codeBlock", offset: utf16, reason: "a carriage return in a code block is a line end in Markdown"))
            }
            return
        }
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
        let this = paragraphs[current].context, next = paragraphs[current + 1].context
        if this.code {
            noteInline(style, at: utf16, reason: MarkdownWriter.inCodeBlockReason)
            if next != this { finishBlock() }
            return
        }
        var style = style
        if style.code {
            losses.note(FormatLoss(what: "code", offset: utf16, reason: MarkdownWriter.codeBreakReason))
            style.code = false
        }
        let line = byte..<byte
        let groups = this.groups(with: next)
        // A newline before an empty paragraph that ends its group (or the text) is a character
        // reference: a Markdown paragraph cannot end in a hard break.
        let nextEmpty = bytes.count > byte + 1 && bytes[byte + 1] == 0x0A
        if byte == bytes.count - 1
            || (groups && nextEmpty && (current + 2 >= paragraphs.count || !next.groups(with: paragraphs[current + 2].context))) {
            paragraph.atoms.append(MarkdownAtom(kind: .finalNewline, bytes: byte..<(byte + 1), line: line, style: style))
            if !groups { finishBlock() }
            return
        }
        guard groups else {
            if style.hasSpans { noteInline(style, at: utf16, reason: MarkdownWriter.blockBreakReason) }
            finishBlock()
            return
        }
        let previousEmpty = byte == 0 || bytes[byte - 1] == 0x0A
        if !style.hasSpans, !previousEmpty, !nextEmpty {
            finishBlock()
        } else {
            paragraph.atoms.append(MarkdownAtom(kind: .lineBreak, bytes: byte..<(byte + 1), line: line, style: style))
        }
    }

    /// Writes the block that ends with the current paragraph: a Markdown paragraph of the atoms
    /// collected, a heading, a list item, or the code block of the code lines up to here.
    private mutating func finishBlock() {
        let info = paragraphs[current]
        let context = info.context
        if context.code {
            var first = current
            while first > 0, paragraphs[first - 1].context == context { first -= 1 }
            var lines = paragraphs[first...current].map { $0.start..<$0.end }
            // A "\n" that ends the text is kept as an empty last line of the block.
            if info.end == bytes.count - 1 { lines.append(info.end..<info.end) }
            let block = MarkdownLayout.codeBlock(bytes, lines: lines)
            let (firstPrefix, rest) = layout.prefixes(for: context, out: &out)
            MarkdownLayout.append(block, first: firstPrefix, rest: rest, to: &out)
            return
        }
        if context == MarkdownParagraphContext(), !paragraph.atoms.isEmpty {
            // A plain paragraph has no prefixes: rendered straight into the output.
            _ = layout.prefixes(for: context, out: &out)
            bytes.withUnsafeBufferPointer { document in
                paragraph.render(document: document, links: links, into: &out)
            }
            paragraph.reset()
            return
        }
        scratch.removeAll(keepingCapacity: true)
        if !paragraph.atoms.isEmpty {
            bytes.withUnsafeBufferPointer { document in
                paragraph.render(document: document, links: links, into: &scratch)
            }
            paragraph.reset()
        } else if context.heading == 0 && context.listLevel == 0 {
            // Markdown has no empty paragraph; the empty last paragraph needs none.
            if current + 1 < paragraphs.count {
                losses.note(FormatLoss(what: "emptyParagraph", offset: info.utf16,
                                       reason: "Markdown has no empty paragraph between two blocks"))
            }
            return
        }
        if context.listLevel > 0, scratch.isEmpty, current + 1 < paragraphs.count {
            let next = paragraphs[current + 1].context
            if next.listLevel > context.listLevel, next.quote == context.quote {
                losses.note(FormatLoss(what: "emptyListItem", offset: info.utf16,
                                       reason: "an empty list item followed by a deeper one reads as that item's parent"))
            }
        }
        if context.heading > 0 { scratch = MarkdownLayout.heading(context.heading, scratch) }
        let (firstPrefix, rest) = layout.prefixes(for: context, out: &out)
        MarkdownLayout.append(scratch, first: firstPrefix, rest: rest, to: &out)
    }

    /// The paragraph attributes Markdown carries; alignment and values out of range are lost.
    private mutating func context(for attributes: Attributes, at offset: Int) -> MarkdownParagraphContext {
        var context = MarkdownParagraphContext()
        var style: String?, level: Int?
        func invalid(_ key: AttributeKey) {
            losses.note(FormatLoss(what: key.name, offset: offset, reason: "not a value Markdown has syntax for"))
        }
        for entry in attributes.entries {
            switch (entry.key, entry.value) {
            case (.heading, .number(let n)):
                if n >= 1, n <= 6, n == n.rounded() { context.heading = Int(n) } else { invalid(.heading) }
            case (.listStyle, .string(let s)) where s == "bullet" || s == "ordered":
                style = s
            case (.listLevel, .number(let n)):
                if n >= 1, n <= 16, n == n.rounded() { level = Int(n) } else { invalid(.listLevel) }
            case (.blockQuote, .bool(let b)):
                context.quote = b
            case (.codeBlock, .bool(let b)):
                context.code = b
            case (.alignment, _):
                losses.note(FormatLoss(what: "alignment", offset: offset, reason: "Markdown has no syntax for alignment"))
            case (.heading, _), (.listStyle, _), (.listLevel, _), (.blockQuote, _), (.codeBlock, _):
                invalid(entry.key)
            default:
                break
            }
        }
        if let style, let level {
            context.listLevel = level
            context.ordered = style == "ordered"
        } else if style != nil {
            losses.note(FormatLoss(what: "listStyle", offset: offset, reason: "a list item needs both listStyle and listLevel"))
        } else if level != nil {
            losses.note(FormatLoss(what: "listLevel", offset: offset, reason: "a list item needs both listStyle and listLevel"))
        }
        if context.code, context.heading > 0 {
            losses.note(FormatLoss(what: "heading", offset: offset, reason: "a code block cannot be a heading"))
            context.heading = 0
        }
        return context
    }

    /// The carried part of `attributes`; the keys Markdown has no syntax for are noted as lost
    /// the first time each attribute set occurs (runs come in order, so that is its first offset;
    /// `findParagraphs` caches the result).
    private mutating func style(for attributes: Attributes, at offset: Int) -> MarkdownStyle {
        var style = MarkdownStyle()
        for entry in attributes.entries {
            switch entry.key {
            case .bold: style.bold = true
            case .italic: style.italic = true
            case .underline, .strikethrough:
                if entry.key == .underline { style.underline = true } else { style.strike = true }
                if entry.value != .bool(true) {
                    let syntax = entry.key == .underline ? "<u>" : "~~"
                    losses.note(FormatLoss(what: entry.key.name, offset: offset,
                                           reason: "Markdown has a single \(entry.key.name) only (\(syntax)); '\(entry.value)' is written as single"))
                }
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
                break // see `context(for:at:)`
            case .custom(let name):
                losses.note(FormatLoss(what: name, offset: offset, reason: "Markdown has no syntax for custom attributes"))
            }
        }
        return style
    }
}
