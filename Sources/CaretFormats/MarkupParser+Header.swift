import CaretCore

// The attribute header of a run (`{HEADER:text}`) or of typing attributes (`|<HEADER>`).
extension MarkupParser {
    /// Names the parser accepts for a trait standing alone, aliases included.
    static let traitNames: [String: AttributeKey] = [
        "bold": .bold, "italic": .italic, "underline": .underline, "strikethrough": .strikethrough, "code": .code,
        "b": .bold, "i": .italic, "u": .underline, "s": .strikethrough,
    ]

    /// Parses space-separated items up to `terminator` (consumed). `opener` is the index of the `{` or `<`.
    mutating func parseHeader(terminator: UInt8, opener: Int) throws(Failure) -> Attributes {
        var attributes = Attributes()
        var seen: [AttributeKey] = []
        // Built only when an error is reported: locating the opener is O(n).
        let what = HeaderEnd(terminator: terminator, opener: opener)
        while true {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            guard index < bytes.count else { throw Failure(index: index, message: "expected \(describe(what))") }
            if bytes[index] == terminator {
                index += 1
                return attributes
            }
            let itemStart = index
            let (key, quotedKey) = try parseKey(expecting: what)
            let value: AttributeValue
            let valueStart: Int
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                valueStart = index
                value = try parseValue()
            } else {
                valueStart = itemStart
                let name = key.name
                guard !quotedKey, let trait = MarkupParser.traitNames[name] else {
                    if key.isTrait || quotedKey || AttributeKey.builtIn.contains(key) {
                        throw Failure(index: index, message: "expected '=' and a value after '\(MarkupParser.quote(name))'")
                    }
                    throw Failure(index: itemStart, message: "expected a trait (bold italic underline strikethrough code, or b i u s) or key=value, found '\(MarkupParser.quote(name))'")
                }
                if seen.contains(trait) { throw duplicate(trait, at: itemStart) }
                seen.append(trait)
                attributes = try setting(trait, .bool(true), in: attributes, at: valueStart)
                try expectSeparator(terminator, what: what)
                continue
            }
            if seen.contains(key) { throw duplicate(key, at: itemStart) }
            seen.append(key)
            attributes = try setting(key, value, in: attributes, at: valueStart)
            try expectSeparator(terminator, what: what)
        }
    }

    /// The end of a header, described in error messages.
    struct HeaderEnd {
        var terminator: UInt8
        var opener: Int
    }

    func describe(_ end: HeaderEnd) -> String {
        end.terminator == UInt8(ascii: ":") ? "':' to end the attributes of the run opened at \(position(end.opener))"
            : "'>' to end the typing attributes opened at \(position(end.opener))"
    }

    func duplicate(_ key: AttributeKey, at index: Int) -> Failure {
        Failure(index: index, message: "expected each attribute once, '\(MarkupParser.quote(key.name))' appears twice")
    }

    func setting(_ key: AttributeKey, _ value: AttributeValue, in attributes: Attributes, at index: Int) throws(Failure) -> Attributes {
        do {
            return try attributes.setting(key, value)
        } catch let error as AttributeError {
            throw Failure(index: index, message: error.description)
        } catch {
            throw Failure(index: index, message: "\(error)")
        }
    }

    mutating func expectSeparator(_ terminator: UInt8, what: HeaderEnd) throws(Failure) {
        guard index < bytes.count else { throw Failure(index: index, message: "expected \(describe(what))") }
        let c = bytes[index]
        guard c == UInt8(ascii: " ") || c == terminator else {
            throw Failure(index: index, message: "expected a space or \(describe(what)), found '\(printable(scalar(at: index)))'")
        }
    }

    /// An identifier or a quoted name; returns the key and whether it was quoted.
    mutating func parseKey(expecting what: HeaderEnd) throws(Failure) -> (AttributeKey, Bool) {
        let start = index
        if bytes[index] == UInt8(ascii: "\"") {
            let name = try parseQuoted()
            guard let key = AttributeKey(name: name) else {
                throw Failure(index: start, message: "expected a non-empty attribute name")
            }
            return (key, true)
        }
        while index < bytes.count, MarkupPrinter.isIdentifierByte(bytes[index], first: index == start) {
            index += 1
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let key = AttributeKey(name: name) else {
            throw Failure(index: start, message: "expected an attribute (a trait, key=value, or a quoted \"key\"=value) or \(describe(what)), found '\(printable(scalar(at: start)))'")
        }
        return (key, false)
    }

    /// A value after `=`: a number, `true`/`false`, a colour `#…`, or a quoted string.
    mutating func parseValue() throws(Failure) -> AttributeValue {
        let start = index
        guard index < bytes.count else { throw badValue(at: start) }
        if bytes[index] == UInt8(ascii: "\"") { return .string(try parseQuoted()) }
        while index < bytes.count {
            let c = bytes[index]
            if c == UInt8(ascii: " ") || c == UInt8(ascii: ":") || c == UInt8(ascii: ">") { break }
            index += 1
        }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "inf": return .number(.infinity)
        case "-inf": return .number(-.infinity)
        case "nan": return .number(.nan)
        default: break
        }
        if word.hasPrefix("#"), word.utf8.count > 1, word.utf8.dropFirst().allSatisfy({ hexValue($0) != nil }) {
            return .string(word)
        }
        if let first = word.utf8.first, first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39),
           word.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 == 0x65 || $0 == 0x45 }),
           let number = Double(word) {
            return .number(number)
        }
        throw badValue(at: start)
    }

    func badValue(at index: Int) -> Failure {
        Failure(index: index, message: "expected a value: a number (14, 12.5, -3), true, false, a colour #rrggbb or #rrggbbaa, or a \"quoted string\"")
    }

    /// A double-quoted string starting at the quote; escapes `\"`, `\\` and `\u{hex}`.
    mutating func parseQuoted() throws(Failure) -> String {
        let open = index
        index += 1
        var result: [UInt8] = []
        while index < bytes.count {
            let c = bytes[index]
            switch c {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: result, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let start = index
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    result.append(bytes[index])
                    index += 1
                case UInt8(ascii: "u"):
                    index += 1
                    appendScalar(try parseScalarEscape(start: start), to: &result)
                default:
                    throw Failure(index: start, message: "expected an escape in a quoted string: \\\" \\\\ or \\u{hex}, found '\\\(printable(scalar(at: index)))'")
                }
            default:
                result.append(c)
                index += 1
            }
        }
        throw Failure(index: open, message: "expected '\"' to close this quoted string")
    }
}
