import CaretCore

/// Writes attributed text as compact, deterministic RTF: the body first (collecting the fonts,
/// colours, styles and lists it uses), then a header declaring only those.
///
/// Every paragraph starts on its own line with `\pard` and its properties; each run of
/// characters with attributes is one group (`{\b\i text}`); a link is a HYPERLINK field around
/// its run; `code` is the monospace font Courier New; headings are "heading N" styles with
/// `\outlinelevel`; lists are Word's list table (`\ls1` bullets, `\ls2` numbers) with `\listtext`
/// markers for readers without one.
struct RTFWriter {
    let text: AttributedText
    var body: [UInt8] = []
    var losses = FormatLossCollector()
    var lossKinds: Set<String> = []
    /// User font families in order of first use; font N+1 is `fontNames[N]` (f0 is the default).
    var fontNames: [String] = []
    var fontNumbers: [String: Int] = [:]
    var codeFont = 0
    var colorNames: [String] = []
    var colorNumbers: [String: Int] = [:]
    var styleCache: [Attributes: RTFRunStyle] = [:]
    var usedStyles: Set<Int> = []
    /// The deepest bullet and numbered list levels used (0: none), for the list table.
    var bulletLevels = 0
    var orderedLevels = 0
    /// Ordinals of the open ordered lists, by level (1-based index 0 unused).
    var ordinals: [(ordered: Bool, count: Int)] = []
    /// Whether the last thing written was a control word that needs a delimiter before text.
    var needsDelimiter = false
    /// Whether the last thing written was a `\uN?` escape.
    var afterUnicode = false
    /// UTF-16 offset of what is being written, for losses.
    var offset = 0

    init(text: AttributedText) { self.text = text }

    mutating func write() -> (String, [FormatLoss]) {
        let bytes = Array(text.string.utf8)
        var byte = 0
        var paragraph: RTFParagraphStyle?
        var atParagraphStart = true
        for run in text.runs {
            let style = runStyle(run.attributes, at: run.range.lowerBound)
            var units = run.range.count
            var groupOpen = false
            while units > 0 {
                if atParagraphStart {
                    paragraph = style.paragraph
                    startParagraph(style.paragraph)
                    atParagraphStart = false
                } else if style.paragraph != paragraph {
                    noteLoss("paragraphAttributes", at: offset, "paragraph attributes differ within one paragraph; the first character's are written")
                }
                if !groupOpen && !style.prefix.isEmpty {
                    body.append(contentsOf: style.prefix)
                    needsDelimiter = style.endsInWord
                    afterUnicode = false
                    groupOpen = true
                }
                // Characters up to the end of the run or the paragraph.
                while units > 0 {
                    let lead = bytes[byte]
                    if lead == 0x0A {
                        word("par")
                        byte += 1
                        units -= 1
                        offset += 1
                        atParagraphStart = true
                        break
                    }
                    if lead >= 0x20 && lead < 0x7F && lead != 0x5C && lead != 0x7B && lead != 0x7D && !needsDelimiter && !afterUnicode {
                        // A stretch of plain ASCII, copied at once.
                        var end = byte + 1
                        let limit = byte + units
                        while end < limit {
                            let next = bytes[end]
                            if next < 0x20 || next >= 0x7F || next == 0x5C || next == 0x7B || next == 0x7D { break }
                            end += 1
                        }
                        body.append(contentsOf: bytes[byte..<end])
                        units -= end - byte
                        offset += end - byte
                        byte = end
                        continue
                    }
                    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                    writeCharacter(bytes, byte, length)
                    byte += length
                    units -= length == 4 ? 2 : 1
                    offset += length == 4 ? 2 : 1
                }
                if groupOpen && (atParagraphStart || units == 0) {
                    body.append(contentsOf: style.suffix)
                    needsDelimiter = false
                    afterUnicode = false
                    groupOpen = false
                }
            }
        }
        var out = header()
        out.append(contentsOf: body)
        out.append(contentsOf: Array("\n}\n".utf8))
        return (String(decoding: out, as: UTF8.self), losses.losses)
    }

    /// One character (not a line break) from its UTF-8 bytes.
    mutating func writeCharacter(_ bytes: [UInt8], _ at: Int, _ length: Int) {
        let lead = bytes[at]
        if length == 1 {
            switch lead {
            case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                afterUnicode = false
                body.append(UInt8(ascii: "\\"))
                body.append(lead)
                needsDelimiter = false
            case 0x09:
                word("tab")
            case 0x20...0x7E:
                if needsDelimiter { body.append(0x20) }
                // pandoc (2.17) skips one character more than `\uc1` says after `\uN?`; an empty
                // group, which every reader ignores, ends the fallback explicitly.
                if afterUnicode { body.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")]) }
                needsDelimiter = false
                afterUnicode = false
                body.append(lead)
            default:
                unicodeEscape(UInt32(lead))
            }
            return
        }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { value = value << 6 | UInt32(bytes[at + k] & 0x3F) }
        if value == 0x2028 {
            word("line")
        } else if value >= 0x10000 {
            let v = value - 0x10000
            unicodeEscape(0xD800 + (v >> 10))
            unicodeEscape(0xDC00 + (v & 0x3FF))
        } else {
            unicodeEscape(value)
        }
    }

    /// `\uN?`, N signed 16-bit as RTF wants it.
    mutating func unicodeEscape(_ unit: UInt32) {
        let signed = unit > 32767 ? Int(unit) - 65536 : Int(unit)
        body.append(UInt8(ascii: "\\"))
        body.append(UInt8(ascii: "u"))
        RTFWriter.appendNumber(signed, to: &body)
        body.append(UInt8(ascii: "?"))
        needsDelimiter = false
        afterUnicode = true
    }

    /// `\name`, delimited from whatever follows.
    mutating func word(_ name: String, _ parameter: Int? = nil) {
        afterUnicode = false
        body.append(UInt8(ascii: "\\"))
        body.append(contentsOf: name.utf8)
        if let parameter { RTFWriter.appendNumber(parameter, to: &body) }
        needsDelimiter = true
    }

    static func appendNumber(_ n: Int, to out: inout [UInt8]) {
        if n < 0 { out.append(UInt8(ascii: "-")) }
        var m = n.magnitude
        let start = out.count
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(m % 10))
            m /= 10
        } while m > 0
        out[start...].reverse()
    }

    mutating func noteLoss(_ what: String, at offset: Int, _ reason: String) {
        guard lossKinds.insert(what).inserted else { return }
        losses.note(FormatLoss(what: what, offset: offset, reason: reason))
    }
}
