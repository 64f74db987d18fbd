import CaretCore

extension RTFReader {
    /// Literal text bytes `from..<to` of the input, for the current destination.
    mutating func emitBytes(_ from: Int, _ to: Int) {
        if pendingHigh != 0 { emitLoneSurrogate() }
        if state.destination == .document {
            startPieceIfNeeded()
            out.text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<to]))
            return
        }
        for i in from..<to { tableByte(bytes[i]) }
    }

    /// One character, for the current destination.
    mutating func emitScalar(_ scalar: Unicode.Scalar) {
        if pendingHigh != 0 { emitLoneSurrogate() }
        if state.destination == .document {
            startPieceIfNeeded()
            if scalar.value < 0x80 {
                out.text.append(UInt8(scalar.value))
            } else {
                out.text.append(contentsOf: UTF8.encode(scalar)!)
            }
            return
        }
        // Escaped characters are part of names: an escaped `;` does not end a table entry.
        if state.destination == .fontTable || state.destination == .styleSheet {
            tableText.appendEscaped(scalar)
        } else if state.destination == .fieldInstruction, state.field >= 0 {
            fields[state.field].append(contentsOf: UTF8.encode(scalar)!)
        }
    }

    mutating func emitLoneSurrogate() {
        pendingHigh = 0
        noteLoss("surrogate", "a \\u high surrogate without its low half is read as U+FFFD")
        emitScalar("\u{FFFD}")
    }

    mutating func startPieceIfNeeded() {
        if out.pieces.isEmpty || out.pieces[out.pieces.count - 1].char != state.char {
            out.pieces.append((out.text.count, state.char))
        }
    }

    /// A byte of text in a table or field instruction: `;` ends table entries.
    mutating func tableByte(_ byte: UInt8) {
        switch state.destination {
        case .document: break
        case .fontTable:
            if byte == UInt8(ascii: ";") {
                if fontNumber >= 0 { finishFont() }
            } else {
                tableText.appendLiteral(byte)
            }
        case .styleSheet:
            if byte == UInt8(ascii: ";") {
                if styleNumber >= 0 { finishStyle() }
            } else {
                tableText.appendLiteral(byte)
            }
        case .colorTable:
            if byte == UInt8(ascii: ";") {
                colors.append(color.set ? Self.hexColor(color.r, color.g, color.b) : nil)
                color = (0, 0, 0, false)
            }
        case .fieldInstruction:
            if state.field >= 0 { fields[state.field].append(byte) }
        case .listTable, .listOverrideTable, .paragraphNumbering: break
        }
    }

    mutating func finishFont() {
        var font = fontEntry
        font.name = tableText.trimmed
        font.family = RTFFont.family(of: font.name)
        if RTFFont.monospaceNames.contains(font.family.lowercased()) { font.isMonospace = true }
        fonts[fontNumber] = font
        fontNumber = -1
        fontEntry = RTFFont()
        tableText = RTFTableText()
    }

    mutating func finishStyle() {
        let name = tableText.trimmed.lowercased()
        var style = RTFStyle()
        if name.hasPrefix("heading "), let level = Int(name.dropFirst(8)), (1...6).contains(level) {
            style.heading = level
        } else if styleOutline >= 0 && styleOutline <= 5 {
            style.heading = styleOutline + 1
        }
        style.blockQuote = ["quote", "quotations", "block quote", "block text", "blockquote"].contains(name)
        style.codeBlock = ["source code", "preformatted text", "html preformatted", "code", "code block"].contains(name)
        if styleIsParagraph { styles[styleNumber] = style }
        styleNumber = -1
        styleOutline = -1
        tableText = RTFTableText()
    }

    static func hexColor(_ r: Int, _ g: Int, _ b: Int) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [UInt8(ascii: "#")]
        for component in [r, g, b] {
            let c = max(0, min(component, 255))
            out.append(digits[c >> 4])
            out.append(digits[c & 15])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Notes a loss of kind `what` at the current output offset, once per kind.
    mutating func noteLoss(_ what: String, _ reason: String, at offset: Int? = nil) {
        guard lossKinds.insert(what).inserted else { return }
        let at = offset ?? out.utf16Flushed + RTFOutput.utf16Count(out.text[...])
        losses.note(FormatLoss(what: what, offset: at, reason: reason))
    }
}

/// What a HYPERLINK field instruction links to.
enum RTFFieldInstruction {
    /// The target of `HYPERLINK "url"` (`\l "name"` adds `#name`), or nil for other fields.
    static func hyperlink(_ instruction: [UInt8]) -> String? {
        var tokens: [(text: String, quoted: Bool)] = []
        var i = 0
        let n = instruction.count
        while i < n {
            while i < n, RTFReader.isSpace(instruction[i]) { i += 1 }
            guard i < n else { break }
            var token: [UInt8] = []
            if instruction[i] == UInt8(ascii: "\"") {
                i += 1
                while i < n, instruction[i] != UInt8(ascii: "\"") {
                    if instruction[i] == UInt8(ascii: "\\"), i + 1 < n { i += 1 }
                    token.append(instruction[i])
                    i += 1
                }
                i += 1
                tokens.append((String(decoding: token, as: UTF8.self), true))
            } else {
                while i < n, !RTFReader.isSpace(instruction[i]) {
                    token.append(instruction[i])
                    i += 1
                }
                tokens.append((String(decoding: token, as: UTF8.self), false))
            }
        }
        guard let first = tokens.first, !first.quoted, first.text.uppercased() == "HYPERLINK" else { return nil }
        var url: String?
        var anchor: String?
        var k = 1
        while k < tokens.count {
            let token = tokens[k]
            if !token.quoted && token.text.hasPrefix("\\") {
                let option = token.text.lowercased()
                if option == "\\l" || option == "\\o" || option == "\\t" {
                    if option == "\\l", k + 1 < tokens.count { anchor = tokens[k + 1].text }
                    k += 1
                }
            } else if url == nil {
                url = token.text
            }
            k += 1
        }
        let target = (url ?? "") + (anchor.map { "#" + $0 } ?? "")
        return target.isEmpty ? nil : target
    }
}
