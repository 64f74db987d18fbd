import CCmark
import CaretCore

/// Walks the tree cmark-gfm parses and builds Caret's text: leaf blocks (paragraphs, headings,
/// code blocks, HTML blocks, table rows) become lines separated by one plain "\n"; inline
/// emphasis, code, strikethrough, links and the HTML tags the writer uses become attributes.
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

    static let noParagraphs = "Caret has no paragraph attributes yet"

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
        source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
        }
        guard let document = cmark_parser_finish(parser) else {
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
        case CMARK_NODE_DOCUMENT, CMARK_NODE_ITEM:
            break
        case CMARK_NODE_PARAGRAPH:
            startLeaf()
        case CMARK_NODE_HEADING:
            startLeaf()
            note("heading", MarkdownReader.noParagraphs)
        case CMARK_NODE_BLOCK_QUOTE:
            pending.append(("blockQuote", MarkdownReader.noParagraphs))
        case CMARK_NODE_LIST:
            pending.append(("list", MarkdownReader.noParagraphs))
        case CMARK_NODE_THEMATIC_BREAK:
            pending.append(("thematicBreak", "Caret has no horizontal rules"))
        case CMARK_NODE_CODE_BLOCK:
            startLeaf()
            note("codeBlock", MarkdownReader.noParagraphs + "; its lines are read as code")
            appendLiteral(of: node, dropTrailingNewline: true, code: true)
        case CMARK_NODE_HTML_BLOCK:
            startLeaf()
            note("html", "Caret has no HTML; kept as literal text")
            appendLiteral(of: node, dropTrailingNewline: true, code: false)
        case CMARK_NODE_TEXT:
            appendLiteral(of: node, dropTrailingNewline: false, code: false)
        case CMARK_NODE_SOFTBREAK:
            output.append(" ", attributes: currentAttributes)
        case CMARK_NODE_LINEBREAK:
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

    /// A new leaf block: a plain "\n" after the previous one, HTML tags closed, pending
    /// structures noted here.
    private mutating func startLeaf() {
        if leaves > 0 { output.append("\n", attributes: Attributes()) }
        leaves += 1
        tags = MarkdownInlineTags()
        flushPending()
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
            if let cached, cached.flags == flags, cached.link == link { return cached.attributes }
            let attributes = MarkdownReader.attributes(flags: flags, link: link)
            cached = (flags, link, attributes)
            return attributes
        }
    }

    private var cached: (flags: Int, link: String?, attributes: Attributes)?

    private static func attributes(flags: Int, link: String?) -> Attributes {
        var pairs: [(AttributeKey, AttributeValue)] = []
        for (bit, key) in [(1, AttributeKey.bold), (2, .italic), (4, .underline), (8, .strikethrough), (16, .code)]
        where flags & bit != 0 {
            pairs.append((key, .bool(true)))
        }
        if let link { pairs.append((.link, .string(link))) }
        if pairs.isEmpty { return Attributes() }
        return (try? Attributes(pairs)) ?? Attributes()
    }
}
