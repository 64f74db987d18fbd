import CaretCore

extension CellStyle {
    /// How text with `attributes` in a paragraph with `paragraph` attributes is drawn: traits as
    /// SGR, colours as 24-bit colours, links as OSC 8 hyperlinks (underlined), code (and code
    /// blocks) in a distinct colour on a dark background, headings bold.
    init(_ attributes: Attributes, paragraph: Attributes) {
        self.init()
        for entry in attributes {
            switch entry.key {
            case .bold: bold = entry.value.isOn
            case .italic: italic = entry.value.isOn
            case .underline: underline = Self.lineStyle(entry.value)
            case .strikethrough: strikethrough = entry.value.isOn
            case .code: if entry.value.isOn { foreground = Self.codeForeground; background = Self.codeBackground }
            case .foregroundColor: if let color = Self.rgb(entry.value) { foreground = color }
            case .backgroundColor: if let color = Self.rgb(entry.value) { background = color }
            case .link:
                if case .string(let url) = entry.value {
                    link = String(url.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }.map(Character.init))
                    if underline == 0 { underline = 1 }
                }
            default: break
            }
        }
        if paragraph.has(.heading) { bold = true }
        if paragraph.has(.codeBlock), foreground == nil {
            foreground = Self.codeForeground
            background = Self.codeBackground
        }
    }

    /// 256-colour indices for code: a light orange on a dark grey.
    static let codeForeground = -1 - 216
    static let codeBackground = -1 - 236

    /// SGR underline style for an underline value: double, thick (shown curly), dotted, dashed.
    static func lineStyle(_ value: AttributeValue) -> UInt8 {
        switch value {
        case .bool(let on): return on ? 1 : 0
        case .string(let words):
            if words.contains("double") { return 2 }
            if words.contains("dot") { return 4 }
            if words.contains("dash") { return 5 }
            if words.contains("thick") { return 3 }
            return words == "none" ? 0 : 1
        case .number(let n): return n == 0 ? 0 : 1
        }
    }

    /// `#rrggbb` or `#rrggbbaa` as 0xRRGGBB.
    static func rgb(_ value: AttributeValue) -> Int? {
        guard case .string(let text) = value, text.hasPrefix("#") else { return nil }
        let digits = text.dropFirst()
        guard digits.count == 6 || digits.count == 8, let number = Int(digits.prefix(6), radix: 16) else { return nil }
        return number
    }
}

extension AttributeValue {
    /// Whether a trait with this value is on (`true`, or a line style for underline).
    var isOn: Bool {
        switch self {
        case .bool(let on): on
        case .string(let words): words != "none"
        case .number(let n): n != 0
        }
    }
}
