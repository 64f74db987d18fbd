/// Parses the pattern syntax of regex find and replace (docs/editor.md, "Regular expressions")
/// into a `RegexNode`. Every construct outside that syntax — backreferences, lookaround, named
/// groups, possessive quantifiers, inline options, POSIX classes — is an error naming it and its
/// position (in Unicode scalars from 0), never a different meaning.
///
/// Recursive descent; nesting is bounded (`maximumNesting`) so a hostile pattern cannot exhaust the
/// stack. Escapes and brackets are in RegexParser+Classes.swift.
struct RegexParser {
    /// The largest count `{n}`, `{n,}` or `{n,m}` may give.
    static let maximumRepetition = 1000
    /// How deep groups may nest.
    static let maximumNesting = 200

    let scalars: [Unicode.Scalar]
    var index = 0
    /// Capturing groups opened so far.
    var groupCount = 0
    var depth = 0

    /// The tree of `pattern` and its number of capturing groups.
    /// - Complexity: O(pattern length).
    static func parse(_ pattern: String) throws(RegexSyntaxError) -> (node: RegexNode, groupCount: Int) {
        var parser = RegexParser(scalars: Array(pattern.unicodeScalars))
        let node = try parser.parseAlternation()
        if parser.index < parser.scalars.count {
            // parseAlternation stops only at the end or at a ')' no group opened.
            throw RegexSyntaxError("unmatched ')'", at: parser.index)
        }
        return (node, parser.groupCount)
    }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    mutating func parseAlternation() throws(RegexSyntaxError) -> RegexNode {
        var branches = [try parseConcatenation()]
        while peek == "|" {
            index += 1
            branches.append(try parseConcatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    mutating func parseConcatenation() throws(RegexSyntaxError) -> RegexNode {
        var items: [RegexNode] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
            let start = index
            let atom = try parseAtom()
            items.append(try parseQuantifier(after: atom, at: start))
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .concatenation(items)
        }
    }

    mutating func parseAtom() throws(RegexSyntaxError) -> RegexNode {
        let start = index
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "(": return try parseGroup(openedAt: start)
        case "[": return .scalarClass(try parseClass(openedAt: start))
        case ".": return .scalarClass(.dot)
        case "^": return .assertion(.lineStart)
        case "$": return .assertion(.lineEnd)
        case "\\": return try parseEscape(at: start)
        case "*", "+", "?": throw RegexSyntaxError("'\(scalar)' has nothing to repeat", at: start)
        case "{": throw RegexSyntaxError("'{' has nothing to repeat (write \\{ for a literal brace)", at: start)
        default: return .scalar(scalar)
        }
    }

    /// `atom` with the quantifier that follows it, if any.
    mutating func parseQuantifier(after atom: RegexNode, at atomStart: Int) throws(RegexSyntaxError) -> RegexNode {
        let start = index
        guard let (min, max) = try parseCounts() else { return atom }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        if case .assertion = atom {
            throw RegexSyntaxError("'\(text)' cannot repeat an assertion", at: start)
        }
        var lazy = false
        if peek == "?" {
            lazy = true
            index += 1
        } else if peek == "+" {
            throw RegexSyntaxError("possessive quantifier '\(text)+' is not supported", at: start)
        }
        if let next = peek, next == "*" || next == "+" || next == "?" || next == "{" {
            throw RegexSyntaxError("'\(next)' follows another quantifier (put the repeated part in a group)", at: index)
        }
        return .repetition(atom, min: min, max: max, lazy: lazy)
    }

    /// The counts of a quantifier at the current position (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`),
    /// or nil when none starts here.
    mutating func parseCounts() throws(RegexSyntaxError) -> (Int, Int?)? {
        guard let scalar = peek else { return nil }
        switch scalar {
        case "*":
            index += 1
            return (0, nil)
        case "+":
            index += 1
            return (1, nil)
        case "?":
            index += 1
            return (0, 1)
        case "{": break
        default: return nil
        }
        let start = index
        index += 1
        guard let min = try parseNumber(quantifierAt: start) else {
            if peek == "," {
                throw RegexSyntaxError("repetition '{,m}' is not supported (write {0,m})", at: start)
            }
            throw RegexSyntaxError(Self.braceMessage, at: start)
        }
        var max: Int? = min
        if peek == "," {
            index += 1
            max = peek == "}" ? nil : try parseNumber(quantifierAt: start)
        }
        guard peek == "}" else { throw RegexSyntaxError(Self.braceMessage, at: start) }
        index += 1
        if let max, max < min {
            throw RegexSyntaxError("repetition {\(min),\(max)} has a minimum above its maximum", at: start)
        }
        return (min, max)
    }

    static let braceMessage = "'{' does not start a repetition {n}, {n,} or {n,m} (write \\{ for a literal brace)"

    /// Decimal digits at the current position, or nil when there are none.
    mutating func parseNumber(quantifierAt start: Int) throws(RegexSyntaxError) -> Int? {
        var digits = ""
        while let scalar = peek, scalar.isASCII, scalar.properties.numericType != nil {
            digits.unicodeScalars.append(scalar)
            index += 1
        }
        guard !digits.isEmpty else { return nil }
        guard digits.count <= 9, let value = Int(digits), value <= Self.maximumRepetition else {
            throw RegexSyntaxError("repetition count \(digits) is over the limit of \(Self.maximumRepetition)", at: start)
        }
        return value
    }

    mutating func parseGroup(openedAt start: Int) throws(RegexSyntaxError) -> RegexNode {
        var capture: Int?
        if peek == "?" {
            index += 1
            try checkGroupKind(openedAt: start)
            index += 1
        } else {
            groupCount += 1
            capture = groupCount
        }
        depth += 1
        guard depth <= Self.maximumNesting else {
            throw RegexSyntaxError("groups nested more than \(Self.maximumNesting) deep", at: start)
        }
        let body = try parseAlternation()
        depth -= 1
        guard peek == ")" else { throw RegexSyntaxError("missing ')' for the group opened", at: start) }
        index += 1
        return .group(body, capture: capture)
    }

    /// Accepts `(?:` (the scalar after `(?` is at the current position); names anything else.
    func checkGroupKind(openedAt start: Int) throws(RegexSyntaxError) {
        guard let kind = peek else { throw RegexSyntaxError("incomplete group '(?'", at: start) }
        let what: String
        switch kind {
        case ":": return
        case "=": what = "lookahead '(?='"
        case "!": what = "negative lookahead '(?!'"
        case "<" where peek(1) == "=": what = "lookbehind '(?<='"
        case "<" where peek(1) == "!": what = "negative lookbehind '(?<!'"
        case "<", "'": what = "named group '(?\(kind)name…)'"
        case "P": what = "named group or reference '(?P'"
        case ">": what = "atomic group '(?>'"
        case "#": what = "comment '(?#'"
        case "|": what = "branch reset '(?|'"
        case "(": what = "conditional '(?('"
        case "R", "&", "+", "0"..."9": what = "recursion or subroutine call '(?\(kind)'"
        default:
            if kind.properties.isAlphabetic || kind == "-" || kind == "^" {
                what = "inline option '(?\(kind)' (use the case-insensitive option)"
            } else {
                what = "group syntax '(?\(kind)'"
            }
        }
        throw RegexSyntaxError("\(what) is not supported", at: start)
    }
}
