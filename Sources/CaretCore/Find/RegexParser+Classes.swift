// Escapes and bracketed classes.

extension RegexParser {
    /// What an escape or a class member stands for.
    enum Item {
        case scalar(Unicode.Scalar)
        case scalarClass(RegexScalarClass)
    }

    /// An escape outside brackets; the `\` was at `start`.
    mutating func parseEscape(at start: Int) throws(RegexSyntaxError) -> RegexNode {
        guard let scalar = peek else { throw RegexSyntaxError("the pattern ends with a lone '\\'", at: start) }
        index += 1
        switch scalar {
        case "b": return .assertion(.wordBoundary)
        case "B": return .assertion(.notWordBoundary)
        case "A": return .assertion(.textStart)
        case "z": return .assertion(.textEnd)
        case "Z":
            throw RegexSyntaxError("'\\Z' is not supported (use \\z for the end of the text or $ for the end of a line)", at: start)
        default:
            switch try escapedItem(scalar, at: start) {
            case .scalar(let scalar): return .scalar(scalar)
            case .scalarClass(let set): return .scalarClass(set)
            }
        }
    }

    /// The meaning of `\` + `scalar` (the `\` at `start`, `scalar` already read), in or out of
    /// brackets; outside them the caller has already taken the assertions `\b \B \A \z`.
    mutating func escapedItem(_ scalar: Unicode.Scalar, at start: Int) throws(RegexSyntaxError) -> Item {
        switch scalar {
        case "d": return .scalarClass(.property(RegexScalarClass.digit))
        case "D": return .scalarClass(.property(RegexScalarClass.notDigit))
        case "w": return .scalarClass(.property(RegexScalarClass.word))
        case "W": return .scalarClass(.property(RegexScalarClass.notWord))
        case "s": return .scalarClass(.property(RegexScalarClass.space))
        case "S": return .scalarClass(.property(RegexScalarClass.notSpace))
        case "n": return .scalar("\n")
        case "t": return .scalar("\t")
        case "r": return .scalar("\r")
        case "u": return .scalar(try parseUnicodeEscape(at: start))
        case "1"..."9": throw RegexSyntaxError("backreference '\\\(scalar)' is not supported", at: start)
        case "0": throw RegexSyntaxError("octal escape '\\0' is not supported (use \\u{HHHH})", at: start)
        case "k", "g": throw RegexSyntaxError("backreference '\\\(scalar)' is not supported", at: start)
        case "p", "P": throw RegexSyntaxError("Unicode property '\\\(scalar)' is not supported", at: start)
        case "x": throw RegexSyntaxError("hex escape '\\x' is not supported (use \\u{HHHH})", at: start)
        case "Q", "E": throw RegexSyntaxError("quoting '\\Q…\\E' is not supported", at: start)
        case "b", "B", "A", "z", "Z":  // outside brackets parseEscape has taken them
            throw RegexSyntaxError("'\\\(scalar)' inside a class is not supported", at: start)
        default:
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                throw RegexSyntaxError("escape '\\\(scalar)' is not supported", at: start)
            }
            return .scalar(scalar)  // an escaped metacharacter or other punctuation stands for itself
        }
    }

    /// `\u{H…}` with one to six hex digits naming a Unicode scalar value; `\u` was at `start`.
    mutating func parseUnicodeEscape(at start: Int) throws(RegexSyntaxError) -> Unicode.Scalar {
        let form = "'\\u' needs the form \\u{HHHH} (one to six hex digits)"
        guard peek == "{" else { throw RegexSyntaxError(form, at: start) }
        index += 1
        var value: UInt32 = 0
        var digits = 0
        while let scalar = peek, let digit = scalar.isASCII ? Int(String(scalar), radix: 16) : nil {
            value = value &* 16 &+ UInt32(digit)
            digits += 1
            index += 1
            guard digits <= 6 else { throw RegexSyntaxError(form, at: start) }
        }
        guard digits > 0, peek == "}" else { throw RegexSyntaxError(form, at: start) }
        index += 1
        guard let scalar = Unicode.Scalar(value) else {
            throw RegexSyntaxError("'\\u{\(String(value, radix: 16, uppercase: true))}' is not a Unicode scalar value", at: start)
        }
        return scalar
    }

    /// A bracketed class; the `[` was at `start`.
    mutating func parseClass(openedAt start: Int) throws(RegexSyntaxError) -> RegexScalarClass {
        var result = RegexScalarClass()
        if peek == "^" {
            result.isNegated = true
            index += 1
        }
        if peek == "]" {
            throw RegexSyntaxError("an empty class '[]' is not allowed (write \\] for a literal ']')", at: index)
        }
        while true {
            guard let scalar = peek else { throw RegexSyntaxError("missing ']' for the class opened", at: start) }
            if scalar == "]" {
                index += 1
                return result
            }
            let itemStart = index
            switch try parseClassItem() {
            case .scalar(let lower):
                guard peek == "-", let after = peek(1), after != "]" else {
                    result.ranges.append(lower.value...lower.value)
                    continue
                }
                index += 1
                let upperStart = index
                guard case .scalar(let upper) = try parseClassItem() else {
                    throw RegexSyntaxError("a class escape cannot end a range", at: upperStart)
                }
                guard lower.value <= upper.value else {
                    throw RegexSyntaxError("range '\(lower)-\(upper)' is out of order", at: itemStart)
                }
                result.ranges.append(lower.value...upper.value)
                if peek == "-", let after = peek(1), after != "]" {
                    throw RegexSyntaxError("'-' after a range is ambiguous (write \\- for a literal '-')", at: index)
                }
            case .scalarClass(let set):
                result.properties |= set.properties
                if peek == "-", let after = peek(1), after != "]" {
                    throw RegexSyntaxError("a class escape cannot start a range", at: itemStart)
                }
            }
        }
    }

    /// One member of a bracketed class: a scalar or a class escape.
    mutating func parseClassItem() throws(RegexSyntaxError) -> Item {
        let start = index
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "\\":
            guard let next = peek else { throw RegexSyntaxError("the pattern ends with a lone '\\'", at: start) }
            index += 1
            return try escapedItem(next, at: start)
        case "[":
            throw RegexSyntaxError("'[' inside a class is not supported (POSIX classes, nested sets; write \\[ for a literal '[')", at: start)
        case "&" where peek == "&", "~" where peek == "~":
            throw RegexSyntaxError("set operation '\(scalar)\(scalar)' inside a class is not supported", at: start)
        default:
            return .scalar(scalar)
        }
    }
}
