import CLibXML2
import CaretCore

/// What each element means: blocks, lists, inline formatting, `style` and presentational
/// attributes, and what is skipped or lost.
extension HTMLReader {
    static let blockNames: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "dir",
        "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
        "header", "hgroup", "hr", "html", "legend", "li", "listing", "main", "menu", "nav", "ol", "p", "plaintext",
        "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "xmp",
    ]
    /// Elements whose content is not text of the document.
    static let skippedNames: Set<String> = [
        "head", "script", "style", "template", "title", "noscript", "meta", "link", "base", "iframe", "object",
        "embed", "canvas", "video", "audio", "svg", "math", "select", "datalist", "textarea", "input",
    ]
    /// Skipped elements that show something Caret cannot hold.
    static let embeddedNames: [String: String] = [
        "iframe": "embedded content", "object": "embedded content", "embed": "embedded content",
        "canvas": "embedded content", "video": "embedded content", "audio": "embedded content",
        "svg": "image", "math": "math", "select": "form control", "textarea": "form control", "input": "form control",
    ]

    /// Opens an element; returns whether its children are read.
    mutating func enter(_ node: xmlNodePtr) -> Bool {
        let name = node.pointee.name.map { String(cString: $0) } ?? ""
        let isBlock = Self.blockNames.contains(name)
        frames.append((inline, context, whiteSpace, isBlock, name == "li" ? .some(itemNumber) : nil))
        if Self.skippedNames.contains(name) {
            if let what = Self.embeddedNames[name] {
                losses.note(FormatLoss(what: what, offset: utf16, reason: "Caret has no place for <\(name)>"))
            }
            return false
        }
        if Self.attribute(node, "hidden") != nil { return false }
        if isBlock { breakBlock() }
        switch name {
        case "br":
            endParagraph()
            return false
        case "img":
            losses.note(FormatLoss(what: "image", offset: utf16, reason: "Caret keeps an image's alt text only"))
            if let alt = Self.attribute(node, "alt"), !alt.isEmpty { appendAlt(alt) }
            return false
        case "hr":
            losses.note(FormatLoss(what: "horizontal rule", offset: utf16, reason: "Caret has no horizontal rules"))
        case "table":
            losses.note(FormatLoss(what: "table", offset: utf16, reason: "Caret keeps a table's cell text, one paragraph a cell"))
        case "sub", "sup":
            let what = name == "sub" ? "subscript" : "superscript"
            losses.note(FormatLoss(what: what, offset: utf16, reason: "Caret has no \(what)s"))
        case "h1", "h2", "h3", "h4", "h5", "h6":
            context.heading = Int(String(name.dropFirst()))!
        case "ul", "ol", "dir", "menu":
            context.listDepth += 1
            context.listOrdered = name == "ol"
            let start = Self.attribute(node, "start").flatMap { Int(HTMLCSS.trim($0)) } ?? 1
            listNumbers.append(start)
            let type = Self.attribute(node, "type").map(HTMLCSS.trim)
            if name == "ol", (type != nil && type != "1") || Self.attribute(node, "reversed") != nil {
                losses.note(FormatLoss(what: "list numbering", offset: utf16,
                                       reason: "Caret numbers ordered lists 1, 2, 3 in decimal"))
            }
        case "li":
            if !listNumbers.isEmpty {
                if let value = Self.attribute(node, "value").flatMap({ Int(HTMLCSS.trim($0)) }) { listNumbers[listNumbers.count - 1] = value }
                itemNumber = listNumbers[listNumbers.count - 1]
                listNumbers[listNumbers.count - 1] += 1
            }
            if context.listDepth > 0 {
                context.itemLevel = context.listDepth
                context.itemOrdered = context.listOrdered
            }
        case "blockquote":
            context.quote = true
        case "pre", "listing", "xmp", "plaintext":
            context.code = true
            whiteSpace = .preserve
            // Text in a code block is code already, also under a <code> opened outside it.
            inline.remove(.code)
        case "center":
            context.alignment = "center"
        case "b", "strong": set(.bold, .bool(true))
        case "i", "em", "cite", "var", "dfn": set(.italic, .bool(true))
        case "u", "ins": set(.underline, .bool(true))
        case "s", "strike", "del": set(.strikethrough, .bool(true))
        case "code", "tt", "kbd", "samp":
            // Inside <pre> code is the block's, not the text's.
            if !context.code { set(.code, .bool(true)) }
        case "a":
            if let href = Self.attribute(node, "href"), !href.isEmpty { set(.link, .string(href)) }
        case "font":
            if let color = Self.attribute(node, "color") { applyColor(.foregroundColor, color) }
            if let face = Self.attribute(node, "face"), let family = HTMLCSS.fontFamily(face) { set(.fontFamily, .string(family)) }
            if let size = Self.attribute(node, "size") {
                if let points = HTMLCSS.legacyFontSize(size) { set(.fontSize, .number(points)) } else { lostStyle(.fontSize, size) }
            }
        default:
            break
        }
        if isBlock, let align = Self.attribute(node, "align") { applyAlignment(align) }
        if let style = Self.attribute(node, "style") { return applyStyle(style, isBlock: isBlock) }
        return true
    }

    /// Closes the innermost open element.
    mutating func exit() {
        guard let frame = frames.popLast() else { return }
        if frame.isBlock { breakBlock() }
        if frame.context.listDepth != context.listDepth { listNumbers.removeLast() }
        inline = frame.inline
        context = frame.context
        if let saved = frame.item { itemNumber = saved }
        whiteSpace = frame.whiteSpace
    }

    /// An image's alt text, read as text is.
    private mutating func appendAlt(_ alt: String) {
        alt.withCString { $0.withMemoryRebound(to: UInt8.self, capacity: 1) { readBytes($0) } }
    }

    /// Applies a `style` attribute; returns false for `display:none`.
    private mutating func applyStyle(_ style: String, isBlock: Bool) -> Bool {
        var lineStyle: String?
        for (property, value) in HTMLCSS.declarations(style) {
            let lower = value.lowercased()
            if HTMLCSS.isGlobalKeyword(lower) { continue }
            switch property {
            case "display" where lower == "none":
                return false
            case "font-weight":
                if lower == "bold" || lower == "bolder" || (Int(lower).map { $0 >= 600 } ?? false) {
                    set(.bold, .bool(true))
                } else if lower == "normal" || lower == "lighter" || (Int(lower).map { $0 < 600 } ?? false) {
                    inline.remove(.bold)
                }
            case "font-style":
                if lower.hasPrefix("italic") || lower.hasPrefix("oblique") { set(.italic, .bool(true)) } else if lower == "normal" { inline.remove(.italic) }
            case "text-decoration", "text-decoration-line":
                if lower.contains("underline") { set(.underline, .bool(true)) }
                if lower.contains("line-through") { set(.strikethrough, .bool(true)) }
                if property == "text-decoration" {
                    for word in lower.split(separator: " ") where HTMLReader.lineStyleWords.contains(String(word)) { lineStyle = String(word) }
                }
            case "text-decoration-style":
                lineStyle = HTMLCSS.trim(lower)
            case "font-size":
                let base: Double
                if case .number(let n) = inline[.fontSize] { base = n } else { base = 12 }
                if let points = HTMLCSS.fontSize(lower, base: base) { set(.fontSize, .number(points)) } else { lostStyle(.fontSize, value) }
            case "font-family":
                if let family = HTMLCSS.fontFamily(value) { set(.fontFamily, .string(family)) }
            case "color":
                applyColor(.foregroundColor, value)
            case "background-color", "background":
                if lower == "transparent" || lower == "none" { inline.remove(.backgroundColor); continue }
                if property == "background", HTMLCSS.color(lower) == nil { continue }
                applyColor(.backgroundColor, value)
            case "text-align" where isBlock:
                applyAlignment(lower)
            case "white-space":
                switch lower {
                case "pre", "pre-wrap", "break-spaces": whiteSpace = .preserve
                case "pre-line": whiteSpace = .preserveLines
                case "normal", "nowrap": whiteSpace = .collapse
                default: break
                }
            case "vertical-align" where lower == "sub" || lower == "super":
                let what = lower == "sub" ? "subscript" : "superscript"
                losses.note(FormatLoss(what: what, offset: utf16, reason: "Caret has no \(what)s"))
            default:
                break
            }
        }
        if let lineStyle { applyLineStyle(lineStyle) }
        return true
    }

    static let lineStyleWords: Set<String> = ["solid", "double", "dotted", "dashed", "wavy"]

    /// A CSS `text-decoration-style` on an element styles the lines that element draws: those
    /// on now that were not on outside it.
    private mutating func applyLineStyle(_ word: String) {
        let style: TextLineStyle
        switch word {
        case "double": style = TextLineStyle(line: .double)
        case "dotted": style = TextLineStyle(pattern: .dot)
        case "dashed": style = TextLineStyle(pattern: .dash)
        case "solid": style = .single
        default:
            losses.note(FormatLoss(what: "text-decoration-style", offset: utf16, reason: "Caret has no '\(word)' lines; read as solid"))
            return
        }
        let outside = frames.last?.inline ?? Attributes()
        for key in [AttributeKey.underline, .strikethrough] where inline.has(key) && !outside.has(key) {
            set(key, style.value)
        }
    }

    private mutating func applyAlignment(_ value: String) {
        switch HTMLCSS.trim(value).lowercased() {
        case "left": context.alignment = "left"
        case "center", "-webkit-center", "middle": context.alignment = "center"
        case "right": context.alignment = "right"
        case "justify": context.alignment = "justified"
        case "start": context.alignment = nil
        default: break
        }
    }

    private mutating func applyColor(_ key: AttributeKey, _ value: String) {
        if HTMLCSS.isGlobalKeyword(value) { return }
        if let color = HTMLCSS.color(value) { set(key, .string(color)) } else { lostStyle(key, value) }
    }

    private mutating func lostStyle(_ key: AttributeKey, _ value: String) {
        losses.note(FormatLoss(what: key.name, offset: utf16, reason: "Caret does not understand '\(value)'"))
    }

    /// Sets a character attribute for the element's content; a value Caret refuses is a loss.
    private mutating func set(_ key: AttributeKey, _ value: AttributeValue) {
        do {
            try inline.set(key, value)
        } catch {
            losses.note(FormatLoss(what: key.name, offset: utf16, reason: "\(error)"))
        }
    }

    /// The value of attribute `name` of an element, or nil.
    static func attribute(_ node: xmlNodePtr, _ name: StaticString) -> String? {
        var property = node.pointee.properties
        while let p = property {
            if let attributeName = p.pointee.name, strcmpBytes(attributeName, name) {
                guard let child = p.pointee.children else { return "" }
                var value = ""
                var text: xmlNodePtr? = child
                while let t = text {
                    if let content = t.pointee.content { value += String(cString: content) }
                    text = t.pointee.next
                }
                return value
            }
            property = p.pointee.next
        }
        return nil
    }
}
