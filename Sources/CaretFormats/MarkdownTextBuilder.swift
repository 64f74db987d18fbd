import CaretCore

/// Collects the reader's text as UTF-8 pieces with attributes, counting UTF-16 units as it goes
/// so that losses can name offsets; equal neighbours share one piece.
struct MarkdownTextBuilder {
    private var pieces: [(String, Attributes)] = []
    private var bytes: [UInt8] = []
    private var attributes = Attributes()
    /// UTF-16 length of everything appended so far.
    private(set) var utf16Count = 0

    mutating func append(_ string: String, attributes: Attributes) {
        var string = string
        string.withUTF8 { append($0, attributes: attributes) }
    }

    mutating func append(_ utf8: UnsafeBufferPointer<UInt8>, attributes: Attributes) {
        guard !utf8.isEmpty else { return }
        if attributes != self.attributes {
            flush()
            self.attributes = attributes
        }
        bytes.append(contentsOf: utf8)
        var units = 0
        for byte in utf8 {
            // Every byte that is not a continuation starts a scalar; a 4-byte one is two units.
            if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
        }
        utf16Count += units
    }

    private mutating func flush() {
        guard !bytes.isEmpty else { return }
        pieces.append((String(decoding: bytes, as: UTF8.self), attributes))
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func finish() -> AttributedText {
        flush()
        return AttributedText(runs: pieces)
    }
}

/// The inline HTML tags the reader understands: the writer's `<u>`, `<strong>`, `<em>`,
/// `<del>` and `<code>` (and their common synonyms `<ins>`, `<b>`, `<i>`, `<s>`, `<strike>`),
/// `<br>`, and the empty comment `<!---->` the writer uses to keep text apart.
struct MarkdownInlineTags {
    var bold = 0, italic = 0, underline = 0, strike = 0, code = 0

    enum Effect { case attribute, lineBreak, separator, unknown }

    /// Applies one inline HTML node; `.unknown` leaves the depths as they were.
    mutating func apply(_ html: String) -> Effect {
        if html == "<!---->" { return .separator }
        let utf8 = html.utf8
        guard utf8.count >= 3, utf8.first == UInt8(ascii: "<"), utf8.last == UInt8(ascii: ">") else { return .unknown }
        var name = utf8.dropFirst().dropLast()
        let closing = name.first == UInt8(ascii: "/")
        if closing { name = name.dropFirst() }
        var selfClosing = false
        while let last = name.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "/") {
            if last == UInt8(ascii: "/") { selfClosing = true }
            name = name.dropLast()
        }
        // The longest name known here is six letters (`strong`, `strike`).
        guard name.count <= 6 else { return .unknown }
        let lower = String(decoding: name.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
        if lower == "br" && !closing { return .lineBreak }
        if selfClosing { return .unknown }
        let delta = closing ? -1 : 1
        func adjust(_ depth: inout Int) -> Effect {
            if depth + delta < 0 { return .unknown }
            depth += delta
            return .attribute
        }
        switch lower {
        case "strong", "b": return adjust(&bold)
        case "em", "i": return adjust(&italic)
        case "u", "ins": return adjust(&underline)
        case "del", "s", "strike": return adjust(&strike)
        case "code": return adjust(&code)
        default: return .unknown
        }
    }
}
