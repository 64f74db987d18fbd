import CaretCore

/// Reads RTF in one pass over its UTF-8 bytes: a tokenizer (groups, control words and symbols,
/// `\'hh`, text) driving a state machine with a stack of group states. Time and memory are linear
/// in the input; group depth is bounded by `RTF.maximumGroupDepth`.
struct RTFReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    var state = RTFGroupState()
    var stack: [RTFGroupState] = []
    /// Set by `\*`: the next control word names a destination that may be skipped if unknown.
    var starred = false
    /// Fallback characters still to skip after a `\uN`.
    var pendingSkip = 0
    /// A high surrogate from a `\uN` waiting for its low half.
    var pendingHigh: UInt32 = 0
    var codePage = RTFCodePage.windows1252
    var defaultFont = 0
    var finished = false

    // Tables.
    var fonts: [Int: RTFFont] = [:]
    var fontNumber = -1
    var fontEntry = RTFFont()
    var colors: [String?] = []
    var color: (r: Int, g: Int, b: Int, set: Bool) = (0, 0, 0, false)
    var styles: [Int: RTFStyle] = [:]
    var styleNumber = -1
    var styleIsParagraph = true
    var styleOutline = -1
    var tableText = RTFTableText()
    var lists: [Int: [Int]] = [:]
    var listLevels: [Int] = []
    var overrideListID = -1
    var overrides: [Int: Int] = [:]
    var fields: [[UInt8]] = []
    var links: [String] = []
    var numbering: RTFNumbering?
    var listTextOrdered = false
    /// The first text byte of the group `skipGroup` last skipped (0: none).
    var skippedFirstText: UInt8 = 0

    // Output.
    var out = RTFOutput()
    var losses = FormatLossCollector()
    var attributeCache: [RTFRunKey: Attributes] = [:]
    var lossKinds: Set<String> = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func error(_ message: String, at offset: Int? = nil) -> RTFError {
        RTFError(at: offset ?? pos, in: bytes, message)
    }

    /// Reads the whole text.
    mutating func read() throws(RTFError) -> AttributedText {
        var start = 0
        while start < bytes.count, Self.isSpace(bytes[start]) { start += 1 }
        let header: [UInt8] = Array("{\\rtf".utf8)
        guard bytes.count - start >= header.count, (0..<header.count).allSatisfy({ bytes[start + $0] == header[$0] }) else {
            throw error("not RTF: the text does not start with {\\rtf", at: start)
        }
        pos = start
        while pos < bytes.count && !finished {
            let byte = bytes[pos]
            switch byte {
            case UInt8(ascii: "{"):
                try openGroup()
                pos += 1
            case UInt8(ascii: "}"):
                try closeGroup()
                pos += 1
            case UInt8(ascii: "\\"):
                try controlSequence()
            case 0x0A, 0x0D:
                pos += 1
            default:
                readText()
            }
        }
        if !finished {
            throw error("truncated: \(stack.count) group\(stack.count == 1 ? "" : "s") still open at the end", at: bytes.count)
        }
        while pos < bytes.count {
            if !Self.isSpace(bytes[pos]) && bytes[pos] != 0 {
                throw error("text after the document's closing brace")
            }
            pos += 1
        }
        return finish()
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// `isSpace` for a scalar.
    static func isSpace(scalar: Unicode.Scalar) -> Bool { scalar.value < 0x80 && isSpace(UInt8(scalar.value)) }

    mutating func openGroup() throws(RTFError) {
        if stack.count >= RTF.maximumGroupDepth {
            throw error("groups nested deeper than \(RTF.maximumGroupDepth)")
        }
        stack.append(state)
        pendingSkip = 0
    }

    mutating func closeGroup() throws(RTFError) {
        pendingSkip = 0
        starred = false
        endDestination()
        // The last paragraph, if it has no `\par`, takes the document group's properties.
        if stack.count == 1, !out.text.isEmpty { flushParagraph() }
        guard let outer = stack.popLast() else {
            throw error("unbalanced braces: } without a matching {")
        }
        state = outer
        if stack.isEmpty { finished = true }
    }

    /// A run of literal text: up to the next `\`, `{`, `}` or line break.
    mutating func readText() {
        let start = pos
        while pos < bytes.count {
            let byte = bytes[pos]
            if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == 0x0A || byte == 0x0D { break }
            pos += 1
        }
        var from = start
        // Fallback characters after `\uN`: one scalar each.
        while pendingSkip > 0 && from < pos {
            from += Self.sequenceLength(bytes[from])
            pendingSkip -= 1
        }
        from = min(from, pos)
        if from < pos { emitBytes(from, min(pos, bytes.count)) }
    }

    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// `\word[N]`, `\'hh` or a control symbol, from the backslash at `pos`.
    mutating func controlSequence() throws(RTFError) {
        let at = pos
        guard pos + 1 < bytes.count else { throw error("truncated: a backslash at the end of the text") }
        let next = bytes[pos + 1]
        if Self.isLetter(next) {
            var end = pos + 1
            while end < bytes.count, Self.isLetter(bytes[end]) { end += 1 }
            guard end - pos - 1 <= 32 else { throw error("control word longer than 32 letters") }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(pos + 1)..<end]), as: UTF8.self)
            var parameter: Int?
            var cursor = end
            var negative = false
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-"), cursor + 1 < bytes.count, Self.isDigit(bytes[cursor + 1]) {
                negative = true
                cursor += 1
            }
            if cursor < bytes.count, Self.isDigit(bytes[cursor]) {
                var value = 0
                let digitsStart = cursor
                while cursor < bytes.count, Self.isDigit(bytes[cursor]) {
                    value = value * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
                    cursor += 1
                    if cursor - digitsStart > 10 || value > 0xFFFF_FFFF {
                        throw error("the parameter of \\\(name) is out of range", at: at)
                    }
                }
                parameter = negative ? -value : value
            }
            if cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
            pos = cursor
            if pendingSkip > 0 && name != "bin" {
                pendingSkip -= 1
                return
            }
            try controlWord(name, parameter, at: at)
        } else if next == UInt8(ascii: "'") {
            guard pos + 4 <= bytes.count else { throw error("truncated: \\' needs two hex digits") }
            guard let high = Self.hexValue(bytes[pos + 2]), let low = Self.hexValue(bytes[pos + 3]) else {
                throw error("bad hex escape: \\' must be followed by two hex digits")
            }
            pos += 4
            if pendingSkip > 0 {
                pendingSkip -= 1
                return
            }
            emitScalar(codePage.scalar(high << 4 | low))
        } else {
            pos += 2
            if pendingSkip > 0 {
                pendingSkip -= 1
                return
            }
            try controlSymbol(next)
        }
    }

    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    mutating func controlSymbol(_ symbol: UInt8) throws(RTFError) {
        switch symbol {
        case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"): emitScalar(Unicode.Scalar(symbol))
        case UInt8(ascii: "~"): emitScalar("\u{A0}")
        case UInt8(ascii: "-"): emitScalar("\u{AD}")
        case UInt8(ascii: "_"): emitScalar("\u{2011}")
        case UInt8(ascii: "*"): starred = true
        case 0x0A, 0x0D: endParagraph()
        case UInt8(ascii: "\t"): emitScalar("\t")
        default: break // `\:`, `\|` and unknown symbols carry nothing Caret keeps
        }
    }

    /// Skips the rest of the current group (the destination word already read) and closes it.
    /// Returns whether the group held text (other than spaces and `;`).
    @discardableResult
    mutating func skipGroup() throws(RTFError) -> Bool {
        var depth = 0
        var heldText = false
        var firstText: UInt8 = 0
        while pos < bytes.count {
            let byte = bytes[pos]
            switch byte {
            case UInt8(ascii: "{"):
                depth += 1
                if stack.count + depth > RTF.maximumGroupDepth { throw error("groups nested deeper than \(RTF.maximumGroupDepth)") }
                pos += 1
            case UInt8(ascii: "}"):
                pos += 1
                if depth == 0 {
                    pendingSkip = 0
                    starred = false
                    if let outer = stack.popLast() { state = outer }
                    if stack.isEmpty { finished = true }
                    skippedFirstText = firstText
                    return heldText
                }
                depth -= 1
            case UInt8(ascii: "\\"):
                guard pos + 1 < bytes.count else { throw error("truncated: a backslash at the end of the text") }
                let next = bytes[pos + 1]
                if Self.isLetter(next) {
                    var end = pos + 1
                    while end < bytes.count, Self.isLetter(bytes[end]) { end += 1 }
                    let isBin = end - pos == 4 && bytes[pos + 1] == UInt8(ascii: "b") && bytes[pos + 2] == UInt8(ascii: "i") && bytes[pos + 3] == UInt8(ascii: "n")
                    var value = 0
                    if end < bytes.count, bytes[end] == UInt8(ascii: "-") { end += 1 }
                    while end < bytes.count, Self.isDigit(bytes[end]) {
                        value = min(value * 10 + Int(bytes[end] - UInt8(ascii: "0")), Int(Int32.max))
                        end += 1
                    }
                    if end < bytes.count, bytes[end] == 0x20 { end += 1 }
                    pos = end
                    if isBin {
                        guard value <= bytes.count - pos else { throw error("truncated: \\bin\(value) runs past the end") }
                        pos += value
                    }
                } else if next == UInt8(ascii: "'") {
                    guard pos + 4 <= bytes.count else { throw error("truncated: \\' needs two hex digits") }
                    guard Self.hexValue(bytes[pos + 2]) != nil, Self.hexValue(bytes[pos + 3]) != nil else {
                        throw error("bad hex escape: \\' must be followed by two hex digits")
                    }
                    heldText = true
                    pos += 4
                } else {
                    pos += 2
                }
            case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ";"):
                pos += 1
            default:
                heldText = true
                if firstText == 0 { firstText = byte }
                pos += 1
            }
        }
        throw error("truncated: \(stack.count + depth) groups still open at the end", at: bytes.count)
    }
}
