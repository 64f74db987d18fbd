import CCmark
import CaretCore

/// Walks the tree cmark-gfm parses and builds Caret's text: leaf blocks (paragraphs, headings,
/// code block lines, HTML blocks, table rows) become lines separated by one "\n" that carries the
/// paragraph attributes of the block it ends; inline emphasis, code, strikethrough, links and the
/// HTML tags the writer uses become attributes; headings, lists, block quotes and code blocks
/// become paragraph attributes on every character of their lines.
struct MarkdownReader {
    var losses = FormatLossCollector()
    private var output = MarkdownTextBuilder()
    private var bold = 0, italic = 0, strike = 0, images = 0
    private var links: [String?] = []
    /// Depths of inline HTML tags, reset at every leaf block (raw HTML never spans blocks).
    private var tags = MarkdownInlineTags()
    private var leaves = 0
    private var tableCell = 0
    /// Structures that start before their first text (lists, quotes, tables): noted at that text.
    private var pending: [(what: String, reason: String)] = []
    /// The enclosing lists (innermost last): whether each is ordered.
    private var lists: [Bool] = []
    /// The enclosing list items (innermost last): how many leaf blocks each holds so far.
    private var items: [Int] = []
    private var quotes = 0
    /// The paragraph attributes of the current leaf block, and a number that changes with them.
    private var paragraph: [(AttributeKey, AttributeValue)] = []
    private var paragraphGeneration = 0
    private var heading = 0

    mutating func read(_ text: String) throws -> AttributedText {
        _ = MarkdownReader.registration
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else {
            throw MarkdownError(message: "cmark-gfm returned no parser")
        }
        defer { cmark_parser_free(parser) }
        for name in ["strikethrough", "autolink", "table"] {
            guard let extension_ = cmark_find_syntax_extension(name) else {
                throw MarkdownError(message: "cmark-gfm has no \(name) extension")
            }
            cmark_parser_attach_syntax_extension(parser, extension_)
        }
        var source = text
        let parsed: OpaquePointer? = MarkdownParserLock.withLock {
            source.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
                }
            }
            return cmark_parser_finish(parser)
        }
        guard let document = parsed else {
            throw MarkdownError(message: "cmark-gfm returned no document")
        }
        defer { cmark_node_free(document) }
        guard let iterator = cmark_iter_new(document) else {
            throw MarkdownError(message: "cmark-gfm returned no iterator")
        }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_ENTER { enter(node) } else if event == CMARK_EVENT_EXIT { exit(node) }
        }
        flushPending()
        return output.finish()
    }

    /// The core extensions register once per process (their registration is not thread-safe).
    private static let registration: Void = cmark_gfm_core_extensions_ensure_registered()

    private mutating func enter(_ node: OpaquePointer) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT:
            break
        case CMARK_NODE_ITEM:
            items.append(0)
            // An empty item is an empty paragraph of the list.
            if cmark_node_first_child(node) == nil { startLeaf() }
        case CMARK_NODE_PARAGRAPH:
            startLeaf()
        case CMARK_NODE_HEADING:
            heading = Int(cmark_node_get_heading_level(node))
            startLeaf()
        case CMARK_NODE_BLOCK_QUOTE:
            quotes += 1
            if quotes == 2 { pending.append(("blockQuoteDepth", "Caret has one level of block quote; nested quotes read as one")) }
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            lists.append(ordered)
            if ordered, cmark_node_get_list_start(node) != 1 {
                pending.append(("listStart", "Caret numbers every ordered list from 1"))
            }
        case CMARK_NODE_THEMATIC_BREAK:
            pending.append(("thematicBreak", "Caret has no horizontal rules"))
        case CMARK_NODE_CODE_BLOCK:
            startLeaf(code: true)
            if let info = cmark_node_get_fence_info(node), info[0] != 0 {
                note("codeInfo", "Caret code blocks have no info string (language)")
            }
            appendLiteral(of: node, dropTrailingNewline: true, code: false)
        case CMARK_NODE_HTML_BLOCK:
            startLeaf()
            note("html", "Caret has no HTML; kept as literal text")
            appendLiteral(of: node, dropTrailingNewline: true, code: false)
        case CMARK_NODE_TEXT:
            appendLiteral(of: node, dropTrailingNewline: false, code: false)
        case CMARK_NODE_SOFTBREAK:
            output.append(" ", attributes: currentAttributes)
        case CMARK_NODE_LINEBREAK:
            lineBreakInBlock()
            output.append("\n", attributes: currentAttributes)
        case CMARK_NODE_CODE:
            appendLiteral(of: node, dropTrailingNewline: false, code: true)
        case CMARK_NODE_HTML_INLINE:
            inlineHTML(node)
        case CMARK_NODE_EMPH:
            italic += 1
        case CMARK_NODE_STRONG:
            bold += 1
        case CMARK_NODE_LINK:
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            if url.isEmpty { note("link", "a link with an empty destination has no URL for Caret") }
            if let title = cmark_node_get_title(node), title[0] != 0 { note("linkTitle", "Caret links have no title") }
            links.append(url.isEmpty ? nil : url)
        case CMARK_NODE_IMAGE:
            images += 1
            note("image", "Caret has no images; its description is kept as text")
        default:
            enterExtension(node)
        }
    }

    private mutating func exit(_ node: OpaquePointer) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_EMPH: italic -= 1
        case CMARK_NODE_STRONG: bold -= 1
        case CMARK_NODE_LINK: links.removeLast()
        case CMARK_NODE_IMAGE: images -= 1
        case CMARK_NODE_HEADING: heading = 0
        case CMARK_NODE_BLOCK_QUOTE: quotes -= 1
        case CMARK_NODE_LIST: lists.removeLast()
        case CMARK_NODE_ITEM: items.removeLast()
        default:
            if typeName(node) == "strikethrough" { strike -= 1 }
        }
    }

    /// Nodes of the extensions: strikethrough, and tables read row by row, cells split by tabs.
    private mutating func enterExtension(_ node: OpaquePointer) {
        switch typeName(node) {
        case "strikethrough":
            strike += 1
        case "table":
            pending.append(("table", "Caret has no tables; rows are read as lines, cells split by tabs"))
        case "table_header", "table_row":
            startLeaf()
            tableCell = 0
        case "table_cell":
            if tableCell > 0 { output.append("\t", attributes: Attributes()) }
            tableCell += 1
        default:
            break
        }
    }

    /// The name of an extension's node type; the numbers are given out when the extensions
    /// register, so each is looked up once.
    private mutating func typeName(_ node: OpaquePointer) -> String {
        let type = cmark_node_get_type(node).rawValue
        if let known = extensionNames[type] { return known }
        let name = cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
        extensionNames[type] = name
        return name
    }

    private var extensionNames: [UInt32: String] = [:]

    private mutating func inlineHTML(_ node: OpaquePointer) {
        guard let literal = cmark_node_get_literal(node) else { return }
        let html = String(cString: literal)
        switch tags.apply(html) {
        case .attribute:
            break
        case .lineBreak:
            lineBreakInBlock()
            output.append("\n", attributes: currentAttributes)
        case .separator:
            break
        case .unknown:
            note("html", "Caret has no HTML; kept as literal text")
            output.append(html, attributes: currentAttributes)
        }
    }

    private mutating func appendLiteral(of node: OpaquePointer, dropTrailingNewline: Bool, code: Bool) {
        guard let literal = cmark_node_get_literal(node) else { return }
        var count = 0
        while literal[count] != 0 { count += 1 }
        if dropTrailingNewline, count > 0, literal[count - 1] == 0x0A { count -= 1 }
        guard count > 0 else { return }
        let attributes = code ? (try? currentAttributes.setting(.code, .bool(true))) ?? currentAttributes : currentAttributes
        literal.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
            output.append(UnsafeBufferPointer(start: bytes, count: count), attributes: attributes)
        }
    }

    /// A new leaf block: a "\n" with the previous block's paragraph attributes after it, HTML
    /// tags closed, pending structures noted here, and this block's paragraph attributes.
    private mutating func startLeaf(code: Bool = false) {
        if leaves > 0 {
            if separator.generation != paragraphGeneration {
                separator = (paragraphGeneration, MarkdownReader.attributes(flags: 0, link: nil, paragraph: paragraph))
            }
            output.append("\n", attributes: separator.attributes)
        }
        leaves += 1
        tags = MarkdownInlineTags()
        flushPending()
        if !items.isEmpty {
            if items[items.count - 1] > 0 {
                note("listContinuation", MarkdownReader.continuationReason)
            }
            items[items.count - 1] += 1
        }
        var pairs: [(AttributeKey, AttributeValue)] = []
        if heading > 0 { pairs.append((.heading, .number(Double(heading)))) }
        if let ordered = lists.last {
            pairs.append((.listStyle, .string(ordered ? "ordered" : "bullet")))
            pairs.append((.listLevel, .number(Double(min(lists.count, 16)))))
            if lists.count > 16 { note("listLevel", "Caret lists nest at most 16 deep") }
        }
        if quotes > 0 { pairs.append((.blockQuote, .bool(true))) }
        if code { pairs.append((.codeBlock, .bool(true))) }
        if !MarkdownReader.same(pairs, paragraph) {
            paragraph = pairs
            paragraphGeneration += 1
        }
    }

    private static func same(_ a: [(AttributeKey, AttributeValue)], _ b: [(AttributeKey, AttributeValue)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    static let continuationReason = "a Caret list item is one paragraph: the item's line breaks and later blocks read as items of their own"

    /// A hard line break starts a new Caret paragraph: inside a heading it makes two headings,
    /// inside a list item two items.
    private mutating func lineBreakInBlock() {
        if heading > 0 { note("headingLineBreak", "a line break inside a heading reads as two headings") }
        if !items.isEmpty { note("listContinuation", MarkdownReader.continuationReason) }
    }

    private mutating func flushPending() {
        for (what, reason) in pending { note(what, reason) }
        pending.removeAll()
    }

    private mutating func note(_ what: String, _ reason: String) {
        losses.note(FormatLoss(what: what, offset: output.utf16Count, reason: reason))
    }

    /// The attributes text gets here; rebuilt only when the flags or the link change.
    private var currentAttributes: Attributes {
        mutating get {
            let flags = (bold > 0 || tags.bold > 0 ? 1 : 0) | (italic > 0 || tags.italic > 0 ? 2 : 0)
                | (tags.underline > 0 ? 4 : 0) | (strike > 0 || tags.strike > 0 ? 8 : 0) | (tags.code > 0 ? 16 : 0)
            let link = links.last ?? nil
            if let cached, cached.flags == flags, cached.link == link, cached.generation == paragraphGeneration {
                return cached.attributes
            }
            let attributes = MarkdownReader.attributes(flags: flags, link: link, paragraph: paragraph)
            cached = (flags, link, paragraphGeneration, attributes)
            return attributes
        }
    }

    private var cached: (flags: Int, link: String?, generation: Int, attributes: Attributes)?
    /// The attributes of the "\n" after a leaf block: its paragraph attributes only.
    private var separator = (generation: 0, attributes: Attributes())

    private static func attributes(flags: Int, link: String?, paragraph: [(AttributeKey, AttributeValue)]) -> Attributes {
        var pairs: [(AttributeKey, AttributeValue)] = []
        for (bit, key) in [(1, AttributeKey.bold), (2, .italic), (4, .underline), (8, .strikethrough), (16, .code)]
        where flags & bit != 0 {
            pairs.append((key, .bool(true)))
        }
        if let link { pairs.append((.link, .string(link))) }
        pairs.append(contentsOf: paragraph)
        if pairs.isEmpty { return Attributes() }
        return (try? Attributes(pairs)) ?? Attributes()
    }
}
