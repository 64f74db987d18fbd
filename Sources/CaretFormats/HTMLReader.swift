import CLibXML2
import CaretCore

/// The block context text is read in: what the paragraph attributes of a paragraph ending here
/// are.
struct HTMLReadContext: Hashable {
    var quote = false
    /// Open `<ul>`/`<ol>` elements, and whether the innermost is ordered.
    var listDepth = 0
    var listOrdered = false
    /// The list item the text is in: its level (0 for none) and whether its list is ordered.
    var itemLevel = 0
    var itemOrdered = false
    var code = false
    var heading = 0
    /// `AttributeKey.alignment`'s value.
    var alignment: String?
}

/// How white space in text reads (CSS `white-space`).
enum HTMLWhiteSpace { case collapse, preserve, preserveLines }

/// Reads HTML through libxml2's HTML parser, walking the tree it builds: block elements end
/// paragraphs, inline elements and `style` attributes set character attributes, white space
/// collapses as a browser collapses it.
struct HTMLReader {
    var losses = FormatLossCollector()
    /// The document's UTF-8 so far, and its length in UTF-16.
    var out: [UInt8] = []
    var utf16 = 0
    /// Finished paragraphs' runs: (end in `out`, attributes).
    var runs: [(end: Int, attributes: Attributes)] = []
    /// The open paragraph: where it starts in `out`, and its pieces (end, character attributes).
    var paragraphStart = 0
    var segments: [(end: Int, attributes: Attributes)] = []
    /// A collapsible space waiting for text after it, with the attributes of where it was.
    var pendingSpace: Attributes?
    /// What text is read with now.
    var inline = Attributes()
    var context = HTMLReadContext()
    var whiteSpace = HTMLWhiteSpace.collapse
    /// Saved state of each open element, restored when it closes (`item`: an `<li>`'s saved
    /// `itemNumber`, nil for other elements).
    var frames: [(inline: Attributes, context: HTMLReadContext, whiteSpace: HTMLWhiteSpace, isBlock: Bool, item: Int??)] = []
    /// The number the next item of each open `<ol>` shows (`<ul>` too, unused), innermost last.
    var listNumbers: [Int] = []
    /// The number the current `<li>` of an `<ol>` shows, until its first paragraph takes it.
    var itemNumber: Int?
    /// Caret's numbering of the paragraphs read so far, to compare with HTML's.
    var numbering = HTMLListNumbering()
    var blockAttributes: [HTMLReadContext: Attributes] = [:]
    var merged: [Attributes: [Attributes: Attributes]] = [:]

    /// libxml2's one-time set-up, done once before the first parse on any thread.
    static let initialized: Void = xmlInitParser()

    mutating func read(_ text: String) throws -> AttributedText {
        Self.initialized
        var input = try Self.preprocessed(text)
        guard input.count < Int(Int32.max) else {
            throw HTMLError(line: 1, column: 1, message: "HTML text of \(input.count) bytes is too long for libxml2")
        }
        // HUGE: without it libxml2 stops at 256 levels of nesting and cuts text nodes at 10 MB,
        // silently; with it neither limit applies.
        let options = Int32(bitPattern: HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_IGNORE_ENC.rawValue | HTML_PARSE_COMPACT.rawValue | XML_PARSE_HUGE.rawValue)
        guard let parser = htmlNewParserCtxt() else {
            throw HTMLError(line: 1, column: 1, message: "libxml2 could not set up a parser (out of memory)")
        }
        defer { htmlFreeParserCtxt(parser) }
        let document: htmlDocPtr? = input.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlCtxtReadMemory(parser, $0, Int32(buffer.count - 1), nil, "UTF-8", options)
            }
        }
        // libxml2 recovers from every error in HTML but a fatal one, after which it reads no more.
        let error = parser.pointee.lastError
        if error.level == XML_ERR_FATAL {
            if let document { xmlFreeDoc(document) }
            let message = error.message.map { HTMLCSS.trim(String(cString: $0)) } ?? "error \(error.code)"
            throw HTMLError(line: max(1, Int(error.line)), column: max(1, Int(error.int2)),
                            message: "libxml2 stopped reading the HTML: \(message)")
        }
        guard let document else {
            // libxml2 gives no document for text without anything in it.
            if input.allSatisfy({ $0 == 0 || $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C }) { return AttributedText() }
            throw HTMLError(line: 1, column: 1, message: "libxml2 could not parse the HTML")
        }
        defer { xmlFreeDoc(document) }
        walk(document.pointee.children, stoppingAt: UnsafeMutableRawPointer(document))
        return finish()
    }

    /// The text as UTF-8 with a terminating 0 and line breaks normalized as HTML's input stream
    /// normalizes them (CR LF and CR to LF), so that only `&#13;` gives a carriage return.
    /// - Throws: `HTMLError` at the first U+0000, which HTML cannot hold.
    static func preprocessed(_ text: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 1)
        var line = 1
        var column = 1
        var previousCR = false
        for b in text.utf8 {
            if b == 0 {
                throw HTMLError(line: line, column: column, message: "HTML cannot hold U+0000 (NUL)")
            }
            if b == 0x0D {
                bytes.append(0x0A)
                previousCR = true
                line += 1
                column = 1
                continue
            }
            if b == 0x0A {
                if !previousCR { bytes.append(0x0A); line += 1; column = 1 }
                previousCR = false
                continue
            }
            previousCR = false
            bytes.append(b)
            if b & 0xC0 != 0x80 { column += 1 }
        }
        bytes.append(0)
        return bytes
    }

    /// Visits the tree in document order without recursion (its depth is the document's).
    private mutating func walk(_ first: xmlNodePtr?, stoppingAt top: UnsafeMutableRawPointer) {
        var node = first
        while let current = node {
            var descend = false
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                descend = enter(current)
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { readText(content, in: current) }
            default:
                break
            }
            if descend, let child = current.pointee.children {
                node = child
                continue
            }
            if current.pointee.type == XML_ELEMENT_NODE { exit() }
            // Next sibling, else close parents until one has a next sibling.
            var cursor = current
            node = nil
            while true {
                if let next = cursor.pointee.next { node = next; break }
                guard let parent = cursor.pointee.parent, UnsafeMutableRawPointer(parent) != top else { break }
                exit()
                cursor = parent
            }
        }
    }

    /// Text from a text node: white space collapsed, or kept where `white-space` or `<pre>` says.
    private mutating func readText(_ content: UnsafeMutablePointer<xmlChar>, in node: xmlNodePtr) {
        var p = UnsafePointer(content)
        // A line feed right after <pre>'s start tag is not content.
        if p.pointee == 0x0A, node.pointee.prev == nil, whiteSpace != .collapse, let parent = node.pointee.parent,
           let name = parent.pointee.name, Self.isPreName(name) {
            p += 1
        }
        readBytes(p)
    }

    /// Reads NUL-terminated text under the current white-space rule.
    mutating func readBytes(_ text: UnsafePointer<UInt8>) {
        var p = text
        var start = p
        while true {
            let b = p.pointee
            if b == 0 { break }
            let isSpace = b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
            if !isSpace || (whiteSpace == .preserve && b != 0x0A) {
                p += 1
                continue
            }
            if start < p { appendText(start, p - start) }
            if b == 0x0A && whiteSpace != .collapse {
                pendingSpace = nil
                endParagraph()
            } else if pendingSpace == nil, out.count > paragraphStart {
                pendingSpace = inline
            }
            p += 1
            start = p
        }
        if start < p { appendText(start, p - start) }
    }

    static func isPreName(_ name: UnsafePointer<xmlChar>) -> Bool {
        strcmpBytes(name, "pre") || strcmpBytes(name, "listing") || strcmpBytes(name, "textarea")
    }

    static func strcmpBytes(_ name: UnsafePointer<xmlChar>, _ s: StaticString) -> Bool {
        s.withUTF8Buffer { expected in
            for i in 0..<expected.count where name[i] != expected[i] { return false }
            return name[expected.count] == 0
        }
    }

    /// Appends text with no collapsible white space in it, after any pending space.
    mutating func appendText(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        if let space = pendingSpace {
            pendingSpace = nil
            append(CollectionOfOne(0x20), count: 1, attributes: space)
        }
        append(UnsafeBufferPointer(start: bytes, count: count), count: count, attributes: inline)
    }

    mutating func appendString(_ s: String) {
        var s = s
        s.withUTF8 { if let base = $0.baseAddress { appendText(base, $0.count) } }
    }

    private mutating func append<C: Collection>(_ bytes: C, count: Int, attributes: Attributes) where C.Element == UInt8 {
        out.append(contentsOf: bytes)
        for b in bytes where b & 0xC0 != 0x80 { utf16 += b >= 0xF0 ? 2 : 1 }
        if let last = segments.last, last.attributes == attributes {
            segments[segments.count - 1].end = out.count
        } else {
            segments.append((out.count, attributes))
        }
    }

    /// Ends the open paragraph with "\n": the line break takes the character attributes of the
    /// text before it (link aside, none in an empty paragraph); every character gets the
    /// paragraph attributes of the context.
    mutating func endParagraph() {
        pendingSpace = nil
        let breakAttributes = segments.last.map { $0.attributes.removing(.link) } ?? Attributes()
        append(CollectionOfOne(0x0A), count: 1, attributes: breakAttributes)
        let paragraph = paragraphAttributes()
        let level = min(16, context.itemLevel)
        let ordinal = numbering.next(level: level, ordered: level > 0 ? context.itemOrdered : nil)
        if level > 0 && context.itemOrdered && ordinal != itemNumber {
            losses.note(FormatLoss(what: "list numbering", offset: utf16 - 1, reason: itemNumber == nil
                ? "Caret numbers every paragraph of a list item as an item of its own"
                : "Caret numbers this item \(ordinal ?? 1), HTML \(itemNumber!)"))
        }
        itemNumber = nil
        for segment in segments {
            let attributes = merge(segment.attributes, paragraph)
            if let last = runs.last, last.attributes == attributes {
                runs[runs.count - 1].end = segment.end
            } else {
                runs.append((segment.end, attributes))
            }
        }
        segments.removeAll(keepingCapacity: true)
        paragraphStart = out.count
    }

    /// Ends the open paragraph if it has text: what a block's start and end do.
    mutating func breakBlock() {
        pendingSpace = nil
        if out.count > paragraphStart { endParagraph() }
    }

    private mutating func merge(_ character: Attributes, _ paragraph: Attributes) -> Attributes {
        if paragraph.isEmpty { return character }
        if let known = merged[paragraph]?[character] { return known }
        let result = character.merging(paragraph)
        merged[paragraph, default: [:]][character] = result
        return result
    }

    private mutating func paragraphAttributes() -> Attributes {
        if let known = blockAttributes[context] { return known }
        var pairs: [(AttributeKey, AttributeValue)] = []
        if context.heading > 0 {
            if context.code {
                losses.note(FormatLoss(what: "heading", offset: utf16, reason: "Caret's code blocks are not headings"))
            } else {
                pairs.append((.heading, .number(Double(context.heading))))
            }
        }
        if context.itemLevel > 0 {
            if context.itemLevel > 16 {
                losses.note(FormatLoss(what: "listLevel", offset: utf16, reason: "lists nest at most 16 levels deep in Caret"))
            }
            pairs.append((.listStyle, .string(context.itemOrdered ? "ordered" : "bullet")))
            pairs.append((.listLevel, .number(Double(min(16, context.itemLevel)))))
        }
        if context.quote { pairs.append((.blockQuote, .bool(true))) }
        if context.code { pairs.append((.codeBlock, .bool(true))) }
        if let alignment = context.alignment { pairs.append((.alignment, .string(alignment))) }
        let attributes = (try? Attributes(pairs)) ?? Attributes()
        blockAttributes[context] = attributes
        return attributes
    }

    /// The text: the open paragraph ended, then the last "\n" dropped (every block ends with
    /// one; the document's last paragraph has none).
    private mutating func finish() -> AttributedText {
        breakBlock()
        if out.last == 0x0A {
            out.removeLast()
            utf16 -= 1
            runs[runs.count - 1].end -= 1
            if runs.count > 1 ? runs[runs.count - 1].end == runs[runs.count - 2].end : runs[0].end == 0 { runs.removeLast() }
        }
        var builder = AttributedText.Builder()
        var start = 0
        out.withUnsafeBufferPointer { bytes in
            for run in runs {
                builder.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<run.end]), as: UTF8.self),
                               attributes: run.attributes)
                start = run.end
            }
        }
        return builder.finish()
    }
}
