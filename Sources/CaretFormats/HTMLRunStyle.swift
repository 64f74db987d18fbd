import CaretCore

/// The block form of one paragraph, from its paragraph attributes.
struct HTMLBlock: Equatable {
    /// Inside `<blockquote>`.
    var quote = false
    /// For a list item: whether its list is `<ol>`; nil when the paragraph is not a list item.
    var ordered: Bool?
    /// Nesting depth of a list item, from 1; 0 when not a list item.
    var level = 0
    /// A line of a `<pre><code>` block.
    var code = false
    /// `<h1>`…`<h6>`; 0 for none.
    var heading = 0
    /// The CSS `text-align` value, or nil for natural alignment.
    var alignment: String?
}

/// An inline element the writer opens around text, outermost first in `HTMLRunStyle.layers`.
enum HTMLLayer: Equatable {
    /// `<a href="…">`, the value already escaped for an attribute.
    case link([UInt8])
    /// `<span style="…">`, the declarations already escaped for an attribute.
    case span([UInt8])
    /// `<u>` and `<s>`, with the CSS `text-decoration-style` of a line that is not single and
    /// solid (empty for none).
    case u([UInt8]), s([UInt8])
    case strong, em, code

    func writeOpen(to out: inout [UInt8]) {
        switch self {
        case .link(let href): out += Array("<a href=\"".utf8); out += href; out += Array("\">".utf8)
        case .span(let style): out += Array("<span style=\"".utf8); out += style; out += Array("\">".utf8)
        case .strong: out += Array("<strong>".utf8)
        case .em: out += Array("<em>".utf8)
        case .u(let style): out += Array("<u".utf8); HTMLLayer.writeStyle(style, to: &out)
        case .s(let style): out += Array("<s".utf8); HTMLLayer.writeStyle(style, to: &out)
        case .code: out += Array("<code>".utf8)
        }
    }

    /// ` style="text-decoration-style:…">` or `>`.
    static func writeStyle(_ style: [UInt8], to out: inout [UInt8]) {
        if !style.isEmpty {
            out += Array(" style=\"text-decoration-style:".utf8)
            out += style
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: ">"))
    }

    /// The CSS `text-decoration-style` of a line style ("" for single solid), and what CSS cannot
    /// say of it: it has double, dotted and dashed lines, one style per line, and no thick,
    /// dash-dot or by-word lines.
    static func css(_ style: TextLineStyle, line: String) -> (String, String?) {
        var word = ""
        var written = TextLineStyle()
        if style.line == .double {
            word = "double"
            written.line = .double
        } else {
            switch style.pattern {
            case .dot, .dashDotDot: word = "dotted"; written.pattern = .dot
            case .dash, .dashDot: word = "dashed"; written.pattern = .dash
            case .solid: break
            }
        }
        if written == style { return (word, nil) }
        return (word, "CSS text-decoration-style has solid, double, dotted and dashed lines; the \(line) '\(style)' is written as '\(written)'")
    }

    func writeClose(to out: inout [UInt8]) {
        switch self {
        case .link: out += Array("</a>".utf8)
        case .span: out += Array("</span>".utf8)
        case .strong: out += Array("</strong>".utf8)
        case .em: out += Array("</em>".utf8)
        case .u: out += Array("</u>".utf8)
        case .s: out += Array("</s>".utf8)
        case .code: out += Array("</code>".utf8)
        }
    }
}

/// What the writer needs of one attribute set, worked out once per distinct set in a document.
struct HTMLRunStyle {
    /// Inline elements around text with these attributes: link, span, strong, em, u, s, code.
    var layers: [HTMLLayer] = []
    var block = HTMLBlock()
    /// The paragraph attributes alone, to check that a paragraph has one value of each.
    var paragraphAttributes = Attributes()
    /// The built-in character attributes (link included): what a line break with these
    /// attributes has, to compare with `breakAttributes` of the character before it.
    var characterAttributes = Attributes()
    /// The built-in character attributes without link: what the reader gives the line break
    /// after a character with these attributes.
    var breakAttributes = Attributes()
    /// What HTML cannot carry of the set, as (what, reason).
    var losses: [(String, String)] = []

    init(_ attributes: Attributes) {
        var bold = false, italic = false, code = false
        var underline: TextLineStyle?, strike: TextLineStyle?
        var link: String?
        var css: [String] = []
        var paragraph: [(AttributeKey, AttributeValue)] = []
        var character: [(AttributeKey, AttributeValue)] = []
        var listStyle: String?
        var listLevel: Int?
        for entry in attributes.entries {
            if entry.key.isParagraph { paragraph.append((entry.key, entry.value)) }
            switch entry.key {
            case .bold: bold = true
            case .italic: italic = true
            case .underline: underline = (try? TextLineStyle(value: entry.value)) ?? .single
            case .strikethrough: strike = (try? TextLineStyle(value: entry.value)) ?? .single
            case .code: code = true
            case .fontSize:
                if case .number(let n) = entry.value { css.append("font-size:\(AttributeValue.format(n))pt") }
            case .fontFamily:
                if case .string(let s) = entry.value {
                    css.append("font-family:" + HTMLEscaping.cssString(s))
                    if s.unicodeScalars.contains("\u{0}") { losses.append(("fontFamily", "HTML cannot hold U+0000 in a font name")) }
                }
            case .foregroundColor:
                if case .string(let s) = entry.value { css.append("color:" + s) }
            case .backgroundColor:
                if case .string(let s) = entry.value { css.append("background-color:" + s) }
            case .link:
                if case .string(let s) = entry.value {
                    link = s
                    if let bad = HTMLEscaping.droppedScalar(in: s) {
                        losses.append(("link", "HTML cannot hold \(HTMLEscaping.name(of: bad)) in a link"))
                    }
                }
            case .heading:
                if case .number(let n) = entry.value { block.heading = Int(n) }
            case .listStyle:
                if case .string(let s) = entry.value { listStyle = s }
            case .listLevel:
                if case .number(let n) = entry.value { listLevel = Int(n) }
            case .blockQuote: block.quote = true
            case .codeBlock: block.code = true
            case .alignment:
                if case .string(let s) = entry.value { block.alignment = s == "justified" ? "justify" : s }
            case .custom(let name):
                losses.append((name, "HTML has no place for a custom attribute"))
            }
            if !entry.key.isParagraph, !isCustom(entry.key) { character.append((entry.key, entry.value)) }
        }
        if let listStyle {
            block.ordered = listStyle == "ordered"
            block.level = listLevel ?? 1
        } else if listLevel != nil {
            losses.append(("listLevel", "a list level without a list style is not a list item"))
        }
        if block.code && block.heading != 0 {
            losses.append(("heading", "an HTML code block (<pre>) cannot be a heading"))
            block.heading = 0
        }
        if block.code && code {
            losses.append(("code", "text in an HTML code block is code already"))
            code = false
        }
        if let link { layers.append(.link(HTMLEscaping.attribute(link))) }
        if !css.isEmpty { layers.append(.span(HTMLEscaping.attribute(css.joined(separator: ";")))) }
        if bold { layers.append(.strong) }
        if italic { layers.append(.em) }
        for (style, key) in [(underline, AttributeKey.underline), (strike, .strikethrough)] {
            guard let style else { continue }
            let (css, loss) = HTMLLayer.css(style, line: key.name)
            if let loss { losses.append((key.name, loss)) }
            layers.append(key == .underline ? .u(Array(css.utf8)) : .s(Array(css.utf8)))
        }
        if code { layers.append(.code) }
        paragraphAttributes = (try? Attributes(paragraph)) ?? Attributes()
        characterAttributes = (try? Attributes(character)) ?? Attributes()
        breakAttributes = characterAttributes.removing(.link)
    }
}

private func isCustom(_ key: AttributeKey) -> Bool {
    if case .custom = key { return true }
    return false
}
