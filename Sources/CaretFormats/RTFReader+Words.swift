import CaretCore
extension RTFReader {
    /// Acts on one control word (its parameter, if any, already read).
    mutating func controlWord(_ name: String, _ parameter: Int?, at offset: Int) throws(RTFError) {
        let wasStarred = starred
        starred = false
        guard let word = RTFWord.byName[name] else {
            // An unknown destination after `\*` is skipped whole; say so when it held text.
            if wasStarred, try skipGroup() { noteLoss("destination \\\(name)", "RTF destination Caret does not know; its text is skipped") }
            return
        }
        let value = parameter ?? 1
        switch word {
        case .rtf, .bin:
            if word == .bin { try skipBinary(parameter ?? 0) }
        case .ansi: codePage = .windows1252
        case .mac: codePage = .macRoman
        case .pc, .pca:
            codePage = .windows1252
            noteLoss("codePage", "\\\(name) (DOS code pages) is read as Windows-1252")
        case .ansicpg:
            if let page = RTFCodePage(number: value) {
                codePage = page
            } else {
                noteLoss("codePage", "code page \(value) is not known; \\'hh escapes are read as Windows-1252")
            }
        case .deff: defaultFont = value
        case .uc: state.unicodeSkip = max(0, min(value, 16))
        case .u: unicode(value)

        case .fonttbl: state.destination = .fontTable
        case .colortbl:
            state.destination = .colorTable
            colors = []
            color = (0, 0, 0, false)
        case .stylesheet: state.destination = .styleSheet
        case .listtable: state.destination = .listTable
        case .listoverridetable: state.destination = .listOverrideTable
        case .list: listLevels = []
        case .listlevel: listLevels.append(0)
        case .levelnfc: if !listLevels.isEmpty { listLevels[listLevels.count - 1] = value }
        case .listid:
            if state.destination == .listTable { lists[value] = listLevels } else { overrideListID = value }
        case .listoverride: overrideListID = -1
        case .ls:
            if state.destination == .listOverrideTable {
                overrides[value] = overrideListID
            } else {
                state.para.list = value
            }
        case .ilvl: state.para.listLevel = max(0, min(value, 15))
        case .pn:
            state.destination = .paragraphNumbering
            if numbering == nil { numbering = RTFNumbering() }
        case .pnlvlblt: numbering = RTFNumbering(ordered: false, level: 1)
        case .pnlvlbody: numbering = RTFNumbering(ordered: true, level: 1)
        case .pnlvl: numbering = RTFNumbering(ordered: true, level: max(1, min(value, 9)))
        case .pnlvlcont: numbering = nil
        case .field:
            fields.append([])
            state.field = fields.count - 1
        case .fldinst: state.destination = .fieldInstruction
        case .fldrslt:
            state.destination = .document
            if state.field >= 0, let url = RTFFieldInstruction.hyperlink(fields[state.field]) {
                links.append(url)
                state.char.link = links.count - 1
            }
        case .skipQuietly: try skipGroup()
        case .listtext, .pntext:
            try skipGroup()
            listTextOrdered = Self.isDigit(skippedFirstText) || Self.isLetter(skippedFirstText)
        case .pict, .shppict:
            try skipGroup()
            noteLoss("picture", "Caret documents hold no pictures")
        case .object:
            try skipGroup()
            noteLoss("object", "Caret documents hold no embedded objects")
        case .footnote:
            try skipGroup()
            noteLoss("footnote", "Caret documents have no footnotes; the footnote's text is skipped")
        case .annotation:
            try skipGroup()
            noteLoss("annotation", "Caret documents have no comments; the comment's text is skipped")
        case .header:
            if try skipGroup() { noteLoss("header", "Caret documents have no page headers or footers") }

        case .f:
            if state.destination == .fontTable {
                fontNumber = value
                fontEntry = RTFFont()
                tableText = RTFTableText()
            } else {
                state.char.font = value
            }
        case .fcharset:
            // 0 ANSI, 1 default, 2 symbol, 77 Mac: single-byte pages Caret reads; others are not.
            if ![0, 1, 2, 77].contains(value) {
                noteLoss("codePage", "font character set \(value) is not known; its \\'hh escapes are read as Windows-1252")
            }
        case .fmodern: fontEntry.isMonospace = true
        case .fprq: if value == 1 { fontEntry.isMonospace = true }
        case .fnil, .froman, .fswiss, .fscript, .fdecor, .ftech, .fbidi: break
        case .red: color.r = value; color.set = true
        case .green: color.g = value; color.set = true
        case .blue: color.b = value; color.set = true
        case .ctint, .cshade: noteLoss("colorTint", "theme colour tints and shades are read without them")
        case .s, .cs, .ds, .ts:
            if state.destination == .styleSheet {
                styleNumber = value
                styleIsParagraph = word == .s
                styleOutline = -1
                tableText = RTFTableText()
            } else if word == .s {
                state.para.style = value
            }
        case .outlinelevel:
            if state.destination == .styleSheet { styleOutline = value } else { state.para.outlineLevel = value }

        case .b: state.char.bold = value != 0
        case .i: state.char.italic = value != 0
        case .ul: state.char.underline = value != 0 ? .single : nil
        case .ulnone: state.char.underline = nil
        case .ulOther:
            if value == 0 {
                state.char.underline = nil
            } else if let style = RTFLineStyle.styleOfWord[name] {
                state.char.underline = style
            } else {
                state.char.underline = .single
                noteLoss("underlineStyle", "\\\(name) (a wavy or long-dash line) is read as a single underline")
            }
        case .strike: state.char.strikethrough = value != 0 ? .single : nil
        case .striked: state.char.strikethrough = value != 0 ? TextLineStyle(line: .double) : nil
        case .fs: state.char.halfPoints = max(0, min(value, 20_000))
        case .cf: state.char.foreground = value
        case .cb, .highlight, .chcbpat: state.char.background = value
        case .plain: state.char = RTFCharState(link: state.char.link)

        case .par: endParagraph()
        case .pard:
            state.para = RTFParaState()
            numbering = nil
        case .ql: state.para.alignment = 0
        case .qc: state.para.alignment = 1
        case .qr: state.para.alignment = 2
        case .qj: state.para.alignment = 3
        case .li: state.para.leftIndent = value
        case .fi: state.para.firstIndent = value
        case .intbl, .cell, .nestcell:
            noteLoss("table", "Caret documents have no tables; cells are read as tab-separated text")
            if word != .intbl { emitScalar("\t") }
        case .row, .nestrow, .sect: endParagraph()
        case .page, .column: noteLoss("pageBreak", "Caret documents have no page or column breaks")
        case .line: emitScalar("\u{2028}")
        case .tab: emitScalar("\t")
        case .emdash: emitScalar("\u{2014}")
        case .endash: emitScalar("\u{2013}")
        case .lquote: emitScalar("\u{2018}")
        case .rquote: emitScalar("\u{2019}")
        case .ldblquote: emitScalar("\u{201C}")
        case .rdblquote: emitScalar("\u{201D}")
        case .bullet: emitScalar("\u{2022}")
        case .emspace: emitScalar("\u{2003}")
        case .enspace: emitScalar("\u{2002}")
        case .qmspace: emitScalar("\u{2005}")
        case .zwj: emitScalar("\u{200D}")
        case .zwnj: emitScalar("\u{200C}")
        case .ltrmark: emitScalar("\u{200E}")
        case .rtlmark: emitScalar("\u{200F}")
        }
    }

    /// `\uN`: N is a signed 16-bit value (RTF writes units above 32767 negative); two in a row
    /// may be a surrogate pair. The next `\ucN` characters are fallbacks and are skipped.
    mutating func unicode(_ value: Int) {
        let unit = UInt32(truncatingIfNeeded: value < 0 ? value + 65536 : value) & 0xFFFF
        if unit >= 0xDC00 && unit <= 0xDFFF && pendingHigh != 0 {
            let scalar = 0x10000 + ((pendingHigh - 0xD800) << 10) + (unit - 0xDC00)
            pendingHigh = 0
            emitScalar(Unicode.Scalar(scalar)!)
        } else if unit >= 0xD800 && unit <= 0xDBFF {
            if pendingHigh != 0 {
                pendingHigh = 0
                emitScalar("\u{FFFD}")
            }
            pendingHigh = unit
        } else if unit >= 0xDC00 && unit <= 0xDFFF {
            emitScalar("\u{FFFD}")
        } else {
            emitScalar(Unicode.Scalar(unit)!)
        }
        pendingSkip = state.unicodeSkip
    }

    /// `\binN`: N raw bytes that are never text.
    mutating func skipBinary(_ count: Int) throws(RTFError) {
        guard count >= 0, count <= bytes.count - pos else { throw error("truncated: \\bin\(count) runs past the end") }
        pos += count
    }

    /// Ends the destination the group being closed was filling, when the group was its last.
    mutating func endDestination() {
        switch state.destination {
        case .fontTable:
            if fontNumber >= 0, !tableText.isEmpty { finishFont() }
        case .styleSheet:
            if styleNumber >= 0, !tableText.isEmpty { finishStyle() }
        default: break
        }
    }
}
