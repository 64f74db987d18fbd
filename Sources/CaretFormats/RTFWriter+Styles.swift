import CaretCore

/// What one attribute set writes: the character group's opening and closing, and the
/// paragraph properties.
struct RTFRunStyle {
    var prefix: [UInt8] = []
    var suffix: [UInt8] = []
    /// Whether `prefix` ends in a control word (text after it needs a delimiter).
    var endsInWord = false
    var paragraph = RTFParagraphStyle()
}

/// The paragraph attributes of a run, as RTF writes them.
struct RTFParagraphStyle: Hashable {
    var heading = 0
    var ordered = false
    var listLevel = 0
    var blockQuote = false
    var codeBlock = false
    var alignment = ""
}

extension RTFWriter {
    /// The style of `attributes`, computed once per set; losses are noted at `offset`, the set's
    /// first use.
    mutating func runStyle(_ attributes: Attributes, at offset: Int) -> RTFRunStyle {
        if let known = styleCache[attributes] { return known }
        var style = RTFRunStyle()
        var words: [UInt8] = []
        func add(_ name: String, _ parameter: Int? = nil) {
            words.append(UInt8(ascii: "\\"))
            words.append(contentsOf: name.utf8)
            if let parameter { RTFWriter.appendNumber(parameter, to: &words) }
        }
        var link: String?
        for entry in attributes {
            switch (entry.key, entry.value) {
            case (.bold, _): add("b")
            case (.italic, _): add("i")
            case (.underline, let value):
                let (word, loss) = RTFLineStyle.underlineWord(for: (try? TextLineStyle(value: value)) ?? .single)
                add(word)
                if let loss { noteLoss("underline", at: offset, loss) }
            case (.strikethrough, let value):
                let (word, parameter, loss) = RTFLineStyle.strikeWord(for: (try? TextLineStyle(value: value)) ?? .single)
                add(word, parameter)
                if let loss { noteLoss("strikethrough", at: offset, loss) }
            case (.code, _):
                if codeFont == 0 { codeFont = fontNumber("Courier New") }
                add("f", codeFont)
                if attributes[.fontFamily] != nil {
                    noteLoss("fontFamily", at: offset, "code is written as the monospace font Courier New, which replaces the family")
                }
            case (.fontFamily, .string(let family)):
                if attributes.has(.code) { continue }
                if RTFFont.monospaceNames.contains(RTFFont.family(of: family).lowercased()) {
                    noteLoss("fontFamily", at: offset, "the monospace family \(family) reads back as code")
                } else if RTFFont.family(of: family) != family {
                    noteLoss("fontFamily", at: offset, "\(family) reads back as the family \(RTFFont.family(of: family)), its face being a trait")
                }
                add("f", fontNumber(family))
            case (.fontSize, .number(let size)):
                let halfPoints = (size * 2).rounded()
                let clamped = Int(max(1, min(halfPoints, 20_000)))
                if Double(clamped) != size * 2 {
                    noteLoss("fontSize", at: offset, "RTF sizes are in half-points; \(AttributeValue.format(size)) is written as \(AttributeValue.format(Double(clamped) / 2))")
                }
                add("fs", clamped)
            case (.foregroundColor, .string(let color)):
                add("cf", colorNumber(color, at: offset, "foregroundColor"))
            case (.backgroundColor, .string(let color)):
                let number = colorNumber(color, at: offset, "backgroundColor")
                add("cb", number)
                add("chcbpat", number)
            case (.link, .string(let url)): link = url
            case (.heading, .number(let level)): style.paragraph.heading = Int(level)
            case (.listStyle, .string(let kind)): style.paragraph.ordered = kind == "ordered"
            case (.listLevel, .number(let level)): style.paragraph.listLevel = Int(level)
            case (.blockQuote, _): style.paragraph.blockQuote = true
            case (.codeBlock, _): style.paragraph.codeBlock = true
            case (.alignment, .string(let alignment)):
                style.paragraph.alignment = alignment
                if alignment == "left" {
                    noteLoss("alignment", at: offset, "RTF's \\ql is also its default alignment; left reads back as natural")
                }
            case (.custom(let name), _):
                noteLoss(name, at: offset, "RTF has no place for custom attributes")
            default: break
            }
        }
        if attributes[.listStyle] == nil { style.paragraph.listLevel = 0 }
        if attributes[.listStyle] != nil && style.paragraph.listLevel == 0 { style.paragraph.listLevel = 1 }
        if style.paragraph.listLevel > 9 {
            noteLoss("listLevel", at: offset, "RTF lists have 9 levels; deeper items are written at level 9")
            style.paragraph.listLevel = 9
        }
        if style.paragraph.blockQuote && style.paragraph.codeBlock {
            noteLoss("codeBlock", at: offset, "a paragraph has one style in RTF; a code block in a block quote is written as a quote")
        }
        style.endsInWord = !words.isEmpty
        if let link {
            style.prefix = Array("{\\field{\\*\\fldinst{HYPERLINK \"".utf8) + RTFWriter.fieldEscaped(link)
                + Array("\"}}{\\fldrslt{".utf8) + words
            style.suffix = Array("}}}".utf8)
        } else if !words.isEmpty {
            style.prefix = [UInt8(ascii: "{")] + words
            style.suffix = [UInt8(ascii: "}")]
        }
        styleCache[attributes] = style
        return style
    }

    /// `url` as RTF text inside a quoted field argument: `"` and `\` escaped for the field, then
    /// for RTF.
    static func fieldEscaped(_ url: String) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in url.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: Array("\\\\\\\\".utf8))
            case "\"": out.append(contentsOf: Array("\\\\\"".utf8))
            default: appendEscaped(scalar, to: &out)
            }
        }
        return out
    }

    /// A character of a name or argument: `\`, `{`, `}` and `;` escaped, non-ASCII as `\uN?`.
    static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        let v = scalar.value
        if v == 0x5C || v == 0x7B || v == 0x7D {
            out.append(0x5C)
            out.append(UInt8(v))
        } else if v == 0x3B {
            out.append(contentsOf: Array("\\'3b".utf8))
        } else if v >= 0x20 && v < 0x7F {
            out.append(UInt8(v))
        } else {
            for unit in String(scalar).utf16 {
                out.append(contentsOf: Array("\\u".utf8))
                appendNumber(unit > 32767 ? Int(unit) - 65536 : Int(unit), to: &out)
                out.append(UInt8(ascii: "?"))
            }
        }
    }

    /// A table entry's name: as `appendEscaped` writes text, with the spaces before its first other
    /// character and after its last escaped too (`\u32?`), since a reader trims literal white
    /// space around names (tabs and line breaks are escaped anywhere).
    static func appendName(_ name: String, to out: inout [UInt8]) {
        let scalars = Array(name.unicodeScalars)
        let first = scalars.firstIndex { !RTFReader.isSpace(scalar: $0) } ?? scalars.count
        let last = scalars.lastIndex { !RTFReader.isSpace(scalar: $0) } ?? -1
        for (i, scalar) in scalars.enumerated() {
            if scalar == " " && (i < first || i > last) {
                out.append(contentsOf: Array("\\u32?".utf8))
            } else {
                appendEscaped(scalar, to: &out)
            }
        }
    }

    mutating func fontNumber(_ family: String) -> Int {
        if let known = fontNumbers[family] { return known }
        fontNames.append(family)
        fontNumbers[family] = fontNames.count
        return fontNames.count
    }

    mutating func colorNumber(_ color: String, at offset: Int, _ what: String) -> Int {
        let rgb = String(color.prefix(7))
        if color.utf8.count > 7 {
            noteLoss(what, at: offset, "RTF colours have no alpha; \(color) is written as \(rgb)")
        }
        if let known = colorNumbers[rgb] { return known }
        colorNames.append(rgb)
        colorNumbers[rgb] = colorNames.count
        return colorNames.count
    }

    /// `\pard` and the paragraph's properties, on a new line; a list item's marker text.
    mutating func startParagraph(_ paragraph: RTFParagraphStyle) {
        body.append(0x0A)
        word("pard")
        let style = paragraph.blockQuote ? 7 : paragraph.codeBlock ? 8 : paragraph.heading
        if style > 0 {
            usedStyles.insert(style)
            word("s", style)
        }
        if paragraph.heading > 0 { word("outlinelevel", paragraph.heading - 1) }
        switch paragraph.alignment {
        case "left": word("ql")
        case "center": word("qc")
        case "right": word("qr")
        case "justified": word("qj")
        default: break
        }
        let level = paragraph.listLevel
        guard level > 0 else {
            ordinals.removeAll()
            if paragraph.blockQuote { word("li", 720) }
            return
        }
        if paragraph.ordered { orderedLevels = max(orderedLevels, level) } else { bulletLevels = max(bulletLevels, level) }
        word("ls", paragraph.ordered ? 2 : 1)
        word("ilvl", level - 1)
        word("li", 720 * level)
        word("fi", -360)
        // The ordinal: consecutive items of the same style at the same level.
        if ordinals.count > level { ordinals.removeLast(ordinals.count - level) }
        while ordinals.count < level { ordinals.append((paragraph.ordered, 0)) }
        if ordinals[level - 1].ordered != paragraph.ordered { ordinals[level - 1] = (paragraph.ordered, 0) }
        ordinals[level - 1].count += 1
        body.append(contentsOf: Array("{\\listtext ".utf8))
        if paragraph.ordered {
            RTFWriter.appendNumber(ordinals[level - 1].count, to: &body)
            body.append(UInt8(ascii: "."))
        } else {
            body.append(contentsOf: Array("\\u8226?".utf8))
        }
        body.append(contentsOf: Array("\\tab}".utf8))
        needsDelimiter = false
    }
}
