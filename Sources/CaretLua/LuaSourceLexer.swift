/// A small lexer of Lua 5.1/LuaJIT source, enough to find calls and their string literals:
/// names, strings (short with either quote and every escape LuaJIT reads, long brackets of any
/// level) with their decoded bytes, and single punctuation; comments and whitespace are skipped,
/// numbers are kept as opaque tokens. Lines count as Lua counts them (`\n`, `\r`, `\r\n`, `\n\r`).
struct LuaSourceLexer {
    /// One token of the source.
    struct Token: Equatable {
        enum Kind: Equatable {
            case name(String)
            /// A string literal: its decoded value and how it is written.
            case string([UInt8], StringForm)
            /// Punctuation: one or more bytes (`(`, `..`, `::`).
            case punctuation(String)
            case number
        }
        var kind: Kind
        /// Byte offsets of the token in the source.
        var start: Int
        var end: Int
        /// 1-based lines of its first and last byte.
        var line: Int
        var endLine: Int
    }

    /// How a string literal is written.
    enum StringForm: Equatable {
        /// `"…"` or `'…'`: the quote byte.
        case short(quote: UInt8)
        /// `[==[…]==]`: the number of `=` and whether a line break follows the opening bracket
        /// (Lua skips it, so it is layout, not content).
        case long(level: Int, leadingNewline: Bool)
    }

    /// Where lexing stopped early: the source does not lex (Lua would refuse it too).
    struct Failure: Error, Equatable {
        var line: Int
        var message: String
    }

    let bytes: [UInt8]
    private var position = 0
    private var line = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Every token of `bytes`.
    static func tokens(_ bytes: [UInt8]) throws(Failure) -> [Token] {
        var lexer = LuaSourceLexer(bytes)
        var out: [Token] = []
        while let token = try lexer.next() { out.append(token) }
        return out
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        position + ahead < bytes.count ? bytes[position + ahead] : nil
    }

    private static func isNewline(_ byte: UInt8?) -> Bool { byte == 0x0A || byte == 0x0D }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        // LuaJIT takes every byte >= 0x80 as part of a name.
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
    }

    private static func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }

    /// Skips one line break (`\n`, `\r`, `\r\n` or `\n\r`) at the position.
    private mutating func skipNewline() {
        let first = bytes[position]
        position += 1
        if let second = peek(), Self.isNewline(second), second != first { position += 1 }
        line += 1
    }

    /// The next token, nil at the end.
    mutating func next() throws(Failure) -> Token? {
        if position == 0, peek() == 0x23 {   // a `#!` first line
            while let byte = peek(), !Self.isNewline(byte) { position += 1 }
        }
        while let byte = peek() {
            if Self.isNewline(byte) {
                skipNewline()
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C {
                position += 1
            } else if byte == 0x2D, peek(1) == 0x2D {   // a comment
                position += 2
                if peek() == 0x5B, let level = longBracketLevel() {
                    _ = try longString(level: level)
                } else {
                    while let byte = peek(), !Self.isNewline(byte) { position += 1 }
                }
            } else {
                break
            }
        }
        guard let byte = peek() else { return nil }
        let start = position
        let startLine = line
        let kind: Token.Kind
        if byte == 0x22 || byte == 0x27 {
            kind = .string(try shortString(quote: byte), .short(quote: byte))
        } else if byte == 0x5B, let level = longBracketLevel() {
            let (value, leading) = try longString(level: level)
            kind = .string(value, .long(level: level, leadingNewline: leading))
        } else if Self.isDigit(byte) || (byte == 0x2E && Self.isDigit(peek(1))) {
            while let next = peek(), Self.isNameByte(next) || next == 0x2E
                    || ((next == 0x2B || next == 0x2D) && [0x65, 0x45, 0x70, 0x50].contains(bytes[position - 1])) {
                position += 1
            }
            kind = .number
        } else if Self.isNameByte(byte) {
            while let next = peek(), Self.isNameByte(next) { position += 1 }
            kind = .name(String(decoding: bytes[start..<position], as: UTF8.self))
        } else {
            position += 1
            var text = String(UnicodeScalar(byte))
            if byte == 0x2E, peek() == 0x2E {
                position += 1
                text = ".."
                if peek() == 0x2E { position += 1; text = "..." }
            } else if byte == 0x3A, peek() == 0x3A {
                position += 1
                text = "::"
            } else if [0x3D, 0x7E, 0x3C, 0x3E].contains(byte), peek() == 0x3D {
                position += 1
                text.append("=")
            }
            kind = .punctuation(text)
        }
        return Token(kind: kind, start: start, end: position, line: startLine, endLine: line)
    }

    /// At a `[`: the level of the long bracket that opens here (`[[` 0, `[=[` 1…), or nil when
    /// this `[` opens none. Does not move.
    private func longBracketLevel() -> Int? {
        var ahead = 1
        while peek(ahead) == 0x3D { ahead += 1 }
        return peek(ahead) == 0x5B ? ahead - 1 : nil
    }

    /// Reads a long bracket string or comment at its `[`: the content with line breaks as `\n`,
    /// and whether a line break right after the opening bracket was skipped.
    private mutating func longString(level: Int) throws(Failure) -> ([UInt8], Bool) {
        let startLine = line
        position += level + 2
        var leading = false
        if Self.isNewline(peek()) {
            skipNewline()
            leading = true
        }
        var value: [UInt8] = []
        while let byte = peek() {
            if byte == 0x5D {
                var ahead = 1
                while peek(ahead) == 0x3D { ahead += 1 }
                if ahead - 1 == level, peek(ahead) == 0x5D {
                    position += ahead + 1
                    return (value, leading)
                }
                value.append(byte)
                position += 1
            } else if Self.isNewline(byte) {
                skipNewline()
                value.append(0x0A)
            } else {
                value.append(byte)
                position += 1
            }
        }
        throw Failure(line: startLine, message: "unfinished long string or comment")
    }

    /// Reads a short string at its quote, decoding its escapes.
    private mutating func shortString(quote: UInt8) throws(Failure) -> [UInt8] {
        let startLine = line
        position += 1
        var value: [UInt8] = []
        while let byte = peek() {
            if byte == quote {
                position += 1
                return value
            }
            if Self.isNewline(byte) { break }
            position += 1
            guard byte == 0x5C else {
                value.append(byte)
                continue
            }
            guard let escaped = peek() else { break }
            switch escaped {
            case 0x61: value.append(0x07); position += 1           // \a
            case 0x62: value.append(0x08); position += 1           // \b
            case 0x66: value.append(0x0C); position += 1           // \f
            case 0x6E: value.append(0x0A); position += 1           // \n
            case 0x72: value.append(0x0D); position += 1           // \r
            case 0x74: value.append(0x09); position += 1           // \t
            case 0x76: value.append(0x0B); position += 1           // \v
            case 0x0A, 0x0D: skipNewline(); value.append(0x0A)     // \ and a line break
            case 0x78:                                             // \xXX
                position += 1
                guard let high = peek().flatMap(Self.hexValue), let low = peek(1).flatMap(Self.hexValue) else {
                    throw Failure(line: line, message: "invalid escape \\x: expected two hexadecimal digits")
                }
                value.append(UInt8(high * 16 + low))
                position += 2
            case 0x7A:                                             // \z skips the whitespace after it
                position += 1
                while let next = peek(), next == 0x20 || next == 0x09 || next == 0x0B || next == 0x0C || Self.isNewline(next) {
                    if Self.isNewline(next) { skipNewline() } else { position += 1 }
                }
            case 0x75:                                             // \u{XXX}
                position += 1
                guard peek() == 0x7B else { throw Failure(line: line, message: "invalid escape \\u: expected '{'") }
                position += 1
                var code: UInt32 = 0
                var digits = 0
                while let next = peek(), let digit = Self.hexValue(next) {
                    code = code &* 16 &+ UInt32(digit)
                    digits += 1
                    position += 1
                    guard code <= 0x7FFF_FFFF else { break }
                }
                guard digits > 0, peek() == 0x7D, let scalar = Unicode.Scalar(code) else {
                    throw Failure(line: line, message: "invalid escape \\u{…}")
                }
                position += 1
                value += Array(String(scalar).utf8)
            default:
                if Self.isDigit(escaped) {                         // \ddd, up to three digits
                    var code = 0
                    var digits = 0
                    while digits < 3, Self.isDigit(peek()) {
                        code = code * 10 + Int(peek()! - 0x30)
                        position += 1
                        digits += 1
                    }
                    guard code <= 255 else { throw Failure(line: line, message: "decimal escape \\\(code) is above 255") }
                    value.append(UInt8(code))
                } else {
                    // `\\`, `\"`, `\'` and (as LuaJIT does) any other byte stand for themselves.
                    value.append(escaped)
                    position += 1
                }
            }
        }
        throw Failure(line: startLine, message: "unfinished string")
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        default: nil
        }
    }
}
