import CaretCore

/// Parses canonical markup into a document state. Works on the UTF-8 bytes of the markup: text
/// between markers is found by a byte scan and handed to the rope builder a run at a time, so
/// reading costs a few passes over the bytes and no work per character. Positions in errors are
/// byte offsets (always at a scalar's first byte), converted to line and column (in scalars) only
/// when reported.
struct MarkupParser {
    struct Failure: Error {
        var index: Int
        var message: String
    }

    /// The markup; valid UTF-8 (it comes from a `String`), alive while the parser runs.
    let bytes: UnsafeBufferPointer<UInt8>
    let allowsSelection: Bool
    var index = 0

    /// The text parsed so far, in runs; equal neighbours coalesce.
    var builder = AttributedText.Builder()
    /// The bytes of the run being read (its text so far), handed to `builder` at its end.
    var current: [UInt8] = []
    var currentAttributes = Attributes()
    /// UTF-16 length of everything parsed so far.
    var utf16Offset = 0

    var anchor: (offset: Int, index: Int)?
    var head: (offset: Int, index: Int)?
    var typing: Attributes?

    init(_ bytes: UnsafeBufferPointer<UInt8>, allowsSelection: Bool) {
        self.bytes = bytes
        self.allowsSelection = allowsSelection
    }

    /// Parses `markup`'s UTF-8 bytes in place (a native string is not copied).
    static func parse(_ markup: String, allowsSelection: Bool) throws(MarkupError) -> DocumentState {
        try parse(markup[...], allowsSelection: allowsSelection)
    }

    /// Parses the UTF-8 bytes of the slice in place (a slice of a native string is not copied).
    static func parse(_ markup: Substring, allowsSelection: Bool) throws(MarkupError) -> DocumentState {
        var markup = markup
        let result = markup.withUTF8 { buffer -> Result<DocumentState, MarkupError> in
            var parser = MarkupParser(buffer, allowsSelection: allowsSelection)
            do throws(MarkupError) { return .success(try parser.parse()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    mutating func parse() throws(MarkupError) -> DocumentState {
        do {
            return try parseDocument()
        } catch {
            throw locate(error)
        }
    }

    /// Line and column (1-based, the column in Unicode scalars) of the byte at `failure.index`.
    func locate(_ failure: Failure) -> MarkupError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(failure.index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return MarkupError(line: line, column: column, message: failure.message)
    }

    /// What an error quotes of the markup: at most 64 UTF-8 bytes, cut on a character boundary.
    static func quote(_ text: String) -> String {
        text.quotedForError
    }

    func position(_ index: Int) -> String {
        let e = locate(Failure(index: index, message: ""))
        return "\(e.line):\(e.column)"
    }

    mutating func parseDocument() throws(Failure) -> DocumentState {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"): try parseRun()
            case UInt8(ascii: "}"): throw Failure(index: index, message: "expected text; a '}' outside a run is written \\}")
            default: try parseText()
            }
        }
        flush()
        let text = builder.finish()
        var state = DocumentState(text: text)
        if let anchor, head == nil {
            throw Failure(index: anchor.index, message: "expected a '|' (the head) to go with this '^' (the anchor); a literal caret is written \\^")
        }
        if let head {
            state.selection = Selection(anchor: anchor?.offset ?? head.offset, head: head.offset)
            if let typing, typing != (try? text.inheritedTypingAttributes(for: state.selection!)) {
                state.typingAttributes = typing
            }
        }
        return state
    }

    /// Hands the run read so far to the builder.
    mutating func flush() {
        guard !current.isEmpty else { return }
        builder.append(String(decoding: current, as: UTF8.self), attributes: currentAttributes)
        current.removeAll(keepingCapacity: true)
    }

    mutating func parseRun() throws(Failure) {
        let open = index
        index += 1
        let attributes = try parseHeader(terminator: UInt8(ascii: ":"), opener: open)
        flush()
        currentAttributes = attributes
        while true {
            guard index < bytes.count else {
                throw Failure(index: open, message: "expected '}' to close this run before the end of the markup")
            }
            switch bytes[index] {
            case UInt8(ascii: "}"):
                index += 1
                flush()
                currentAttributes = Attributes()
                return
            case UInt8(ascii: "{"):
                throw Failure(index: index, message: "expected '}' to close the run opened at \(position(open)) (runs do not nest); a literal brace is written \\{")
            default:
                try parseText()
            }
        }
    }

    /// Whether `byte` ends a stretch of literal text: `{ } \ | ^`.
    @inline(__always)
    static func isMarkup(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\"), UInt8(ascii: "|"), UInt8(ascii: "^"): true
        default: false
        }
    }

    /// Whether any byte of `word` is `byte` (the classic zero-byte test on `word ^ byte…byte`).
    @inline(__always)
    static func contains(_ word: UInt64, _ byte: UInt8) -> Bool {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
    }

    /// Literal text up to the next markup byte, in one copy, or else one escape or selection marker.
    mutating func parseText() throws(Failure) {
        let start = index
        var end = start
        var units = 0
        // Eight ASCII bytes at a time while none of them is markup; otherwise byte by byte for
        // the next eight, then words again.
        let raw = bytes.baseAddress.map { UnsafeRawPointer($0) }
        scan: while end < bytes.count {
            if let raw {
                while end + 8 <= bytes.count {
                    let word = raw.loadUnaligned(fromByteOffset: end, as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 != 0 || Self.contains(word, UInt8(ascii: "{")) || Self.contains(word, UInt8(ascii: "}"))
                        || Self.contains(word, UInt8(ascii: "\\")) || Self.contains(word, UInt8(ascii: "|")) || Self.contains(word, UInt8(ascii: "^")) {
                        break
                    }
                    end += 8
                    units += 8
                }
            }
            let stop = min(end + 8, bytes.count)
            while end < stop {
                let byte = bytes[end]
                if byte < 0x80 {
                    if Self.isMarkup(byte) { break scan }
                    units += 1
                } else {
                    // A scalar's first byte counts one UTF-16 unit, a four-byte scalar's two.
                    units &+= (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
                }
                end += 1
            }
        }
        if end > start {
            current.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            utf16Offset += units
            index = end
            return
        }
        try parseMarker()
    }

    /// An escape or a selection marker at `index`.
    mutating func parseMarker() throws(Failure) {
        switch bytes[index] {
        case UInt8(ascii: "\\"):
            let scalar = try parseEscape()
            appendScalar(scalar, to: &current)
            utf16Offset += scalar.utf16.count
        case UInt8(ascii: "|"):
            guard allowsSelection else { throw Failure(index: index, message: "expected text without selection markers; a literal bar is written \\|") }
            if let head {
                throw Failure(index: index, message: "expected one '|' (the head) only, one is already at \(position(head.index)); a literal bar is written \\|")
            }
            head = (utf16Offset, index)
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "<") {
                let open = index
                index += 1
                typing = try parseHeader(terminator: UInt8(ascii: ">"), opener: open)
            }
        default: // "^"; parseText stops only at markup bytes, and "{" "}" are handled by the callers
            guard allowsSelection else { throw Failure(index: index, message: "expected text without selection markers; a literal caret is written \\^") }
            if let anchor {
                throw Failure(index: index, message: "expected one '^' (the anchor) only, one is already at \(position(anchor.index)); a literal caret is written \\^")
            }
            anchor = (utf16Offset, index)
            index += 1
        }
    }

    /// An escape in text: `\{ \} \| \^ \\ \<` or `\u{hex}`.
    mutating func parseEscape() throws(Failure) -> Unicode.Scalar {
        let start = index
        index += 1
        guard index < bytes.count else {
            throw Failure(index: start, message: "expected an escaped character after '\\': one of { } | ^ \\ < or u{hex}")
        }
        let c = bytes[index]
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "\\"), UInt8(ascii: "<"):
            index += 1
            return Unicode.Scalar(c)
        case UInt8(ascii: "u"):
            index += 1
            return try parseScalarEscape(start: start)
        default:
            throw Failure(index: start, message: "expected an escaped character after '\\': one of { } | ^ \\ < or u{hex}, found '\(printable(scalar(at: index)))'")
        }
    }

    /// The `{hex}` part of `\u{hex}`; `index` is just after the `u`.
    mutating func parseScalarEscape(start: Int) throws(Failure) -> Unicode.Scalar {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
            throw Failure(index: index, message: "expected '{' after \\u, as in \\u{7F}")
        }
        index += 1
        var value: UInt32 = 0
        var digits = 0
        while index < bytes.count, let d = hexValue(bytes[index]) {
            if value > 0x10FFFF { break }
            value = value << 4 | d
            digits += 1
            index += 1
        }
        guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
            throw Failure(index: index, message: "expected hex digits and '}' in \\u{...}")
        }
        index += 1
        guard let scalar = Unicode.Scalar(value) else {
            throw Failure(index: start, message: "expected a Unicode scalar value in \\u{...}, \(String(value, radix: 16, uppercase: true)) is not one")
        }
        return scalar
    }

    func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x37)
        case 0x61...0x66: UInt32(byte - 0x57)
        default: nil
        }
    }

    /// The scalar whose first byte is at `i` (a scalar boundary of the valid UTF-8 markup).
    func scalar(at i: Int) -> Unicode.Scalar {
        let b0 = UInt32(bytes[i])
        func next(_ k: Int) -> UInt32 { i + k < bytes.count ? UInt32(bytes[i + k] & 0x3F) : 0 }
        let value: UInt32 = switch b0 {
        case ..<0x80: b0
        case ..<0xE0: (b0 & 0x1F) << 6 | next(1)
        case ..<0xF0: (b0 & 0x0F) << 12 | next(1) << 6 | next(2)
        default: (b0 & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3)
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// The UTF-8 length of the scalar whose first byte is `byte`.
    static func scalarLength(_ byte: UInt8) -> Int {
        switch byte {
        case ..<0xC0: 1
        case ..<0xE0: 2
        case ..<0xF0: 3
        default: 4
        }
    }

    func appendScalar(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        if scalar.isASCII {
            out.append(UInt8(scalar.value))
        } else {
            out.append(contentsOf: UTF8.encode(scalar)!)
        }
    }

    func printable(_ s: Unicode.Scalar) -> String {
        if s.value < 0x20 || s.value == 0x7F { return "\\u{\(String(s.value, radix: 16, uppercase: true))}" }
        return String(s)
    }
}
