import CaretCore

/// Parses canonical markup into a document state. Works on the Unicode scalars of the markup;
/// positions in errors are scalar indices, converted to line and column only when reported.
struct MarkupParser {
    struct Failure: Error {
        var index: Int
        var message: String
    }

    let scalars: [Unicode.Scalar]
    let allowsSelection: Bool
    var index = 0

    /// Finished pieces of text and their attributes.
    var pieces: [(String, Attributes)] = []
    var current = String.UnicodeScalarView()
    var currentAttributes = Attributes()
    /// UTF-16 length of everything parsed so far.
    var utf16Offset = 0

    var anchor: (offset: Int, index: Int)?
    var head: (offset: Int, index: Int)?
    var typing: Attributes?

    init(_ markup: String, allowsSelection: Bool) {
        scalars = Array(markup.unicodeScalars)
        self.allowsSelection = allowsSelection
    }

    mutating func parse() throws(MarkupError) -> DocumentState {
        do {
            return try parseDocument()
        } catch {
            throw locate(error)
        }
    }

    func locate(_ failure: Failure) -> MarkupError {
        var line = 1
        var column = 1
        for scalar in scalars[..<min(failure.index, scalars.count)] {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
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
        while index < scalars.count {
            switch scalars[index] {
            case "{": try parseRun()
            case "}": throw Failure(index: index, message: "expected text; a '}' outside a run is written \\}")
            default: try parseTextElement()
            }
        }
        flush()
        let text = AttributedText(runs: pieces)
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

    mutating func flush() {
        guard !current.isEmpty else { return }
        pieces.append((String(current), currentAttributes))
        current = String.UnicodeScalarView()
    }

    mutating func parseRun() throws(Failure) {
        let open = index
        index += 1
        let attributes = try parseHeader(terminator: ":", opener: open)
        flush()
        currentAttributes = attributes
        while true {
            guard index < scalars.count else {
                throw Failure(index: open, message: "expected '}' to close this run before the end of the markup")
            }
            switch scalars[index] {
            case "}":
                index += 1
                flush()
                currentAttributes = Attributes()
                return
            case "{":
                throw Failure(index: index, message: "expected '}' to close the run opened at \(position(open)) (runs do not nest); a literal brace is written \\{")
            default:
                try parseTextElement()
            }
        }
    }

    /// One scalar of text, one escape or one selection marker.
    mutating func parseTextElement() throws(Failure) {
        let scalar = scalars[index]
        switch scalar {
        case "\\":
            current.append(try parseEscape())
        case "|":
            guard allowsSelection else { throw Failure(index: index, message: "expected text without selection markers; a literal bar is written \\|") }
            if let head {
                throw Failure(index: index, message: "expected one '|' (the head) only, one is already at \(position(head.index)); a literal bar is written \\|")
            }
            head = (utf16Offset, index)
            index += 1
            if index < scalars.count, scalars[index] == "<" {
                let open = index
                index += 1
                typing = try parseHeader(terminator: ">", opener: open)
            }
        case "^":
            guard allowsSelection else { throw Failure(index: index, message: "expected text without selection markers; a literal caret is written \\^") }
            if let anchor {
                throw Failure(index: index, message: "expected one '^' (the anchor) only, one is already at \(position(anchor.index)); a literal caret is written \\^")
            }
            anchor = (utf16Offset, index)
            index += 1
        default:
            current.append(scalar)
            utf16Offset += scalar.utf16.count
            index += 1
        }
    }

    /// An escape in text: `\{ \} \| \^ \\ \<` or `\u{hex}`.
    mutating func parseEscape() throws(Failure) -> Unicode.Scalar {
        let start = index
        index += 1
        guard index < scalars.count else {
            throw Failure(index: start, message: "expected an escaped character after '\\': one of { } | ^ \\ < or u{hex}")
        }
        let c = scalars[index]
        switch c {
        case "{", "}", "|", "^", "\\", "<":
            index += 1
            utf16Offset += 1
            return c
        case "u":
            index += 1
            let scalar = try parseScalarEscape(start: start)
            utf16Offset += scalar.utf16.count
            return scalar
        default:
            throw Failure(index: start, message: "expected an escaped character after '\\': one of { } | ^ \\ < or u{hex}, found '\(printable(c))'")
        }
    }

    /// The `{hex}` part of `\u{hex}`; `index` is just after the `u`.
    mutating func parseScalarEscape(start: Int) throws(Failure) -> Unicode.Scalar {
        guard index < scalars.count, scalars[index] == "{" else {
            throw Failure(index: index, message: "expected '{' after \\u, as in \\u{7F}")
        }
        index += 1
        var value: UInt32 = 0
        var digits = 0
        while index < scalars.count, let d = hexValue(scalars[index]) {
            if value > 0x10FFFF { break }
            value = value << 4 | d
            digits += 1
            index += 1
        }
        guard digits > 0, index < scalars.count, scalars[index] == "}" else {
            throw Failure(index: index, message: "expected hex digits and '}' in \\u{...}")
        }
        index += 1
        guard let scalar = Unicode.Scalar(value) else {
            throw Failure(index: start, message: "expected a Unicode scalar value in \\u{...}, \(String(value, radix: 16, uppercase: true)) is not one")
        }
        return scalar
    }

    func hexValue(_ s: Unicode.Scalar) -> UInt32? {
        switch s.value {
        case 0x30...0x39: s.value - 0x30
        case 0x41...0x46: s.value - 0x37
        case 0x61...0x66: s.value - 0x57
        default: nil
        }
    }

    func printable(_ s: Unicode.Scalar) -> String {
        if s.value < 0x20 || s.value == 0x7F { return "\\u{\(String(s.value, radix: 16, uppercase: true))}" }
        return String(s)
    }
}
