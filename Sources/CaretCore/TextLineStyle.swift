/// The style of an underline or strikethrough line, as `NSUnderlineStyle` has them: a line
/// (single, double, thick), a pattern (solid, dot, dash, dash-dot, dash-dot-dot) and whether the
/// line skips the spaces between words.
///
/// As an attribute value (`underline`, `strikethrough`): `true` is a single solid line, the
/// common case, and every other style is a string of its words — the line first, then the
/// pattern unless solid, then `byWord`: `"double"`, `"thick dash"`, `"single dot byWord"`.
/// Absent (or `false`) is no line. Readers also take the words in any order, `"solid"`, a
/// pattern or `byWord` without a line (single), `"none"`, and an `NSUnderlineStyle` raw value as
/// a number (`9` is double); the stored value is always the canonical one.
public struct TextLineStyle: Hashable, Sendable, CustomStringConvertible {
    /// How many lines, how heavy.
    public enum Line: String, Hashable, Sendable, CaseIterable {
        case single, double, thick
    }

    /// The line's dash pattern.
    public enum Pattern: String, Hashable, Sendable, CaseIterable {
        case solid, dot, dash, dashDot, dashDotDot
    }

    public var line: Line
    public var pattern: Pattern
    /// Whether the line is drawn under words only, not the spaces between them.
    public var byWord: Bool

    /// A style; the default is a single solid line.
    public init(line: Line = .single, pattern: Pattern = .solid, byWord: Bool = false) {
        self.line = line
        self.pattern = pattern
        self.byWord = byWord
    }

    /// A single solid line (what `true` means).
    public static let single = TextLineStyle()

    /// The canonical attribute value: `true` for a single solid line, else the words.
    public var value: AttributeValue {
        self == .single ? .bool(true) : .string(description)
    }

    /// The words: the line, the pattern unless solid, `byWord`.
    public var description: String {
        var words = [line.rawValue]
        if pattern != .solid { words.append(pattern.rawValue) }
        if byWord { words.append("byWord") }
        return words.joined(separator: " ")
    }

    /// The `NSUnderlineStyle` raw value: single 0x1, thick 0x2, double 0x9; dot 0x100, dash
    /// 0x200, dashDot 0x300, dashDotDot 0x400; byWord 0x8000.
    public var rawValue: Int {
        let lineBits = switch line { case .single: 0x01; case .thick: 0x02; case .double: 0x09 }
        let patternBits = switch pattern {
        case .solid: 0; case .dot: 0x100; case .dash: 0x200; case .dashDot: 0x300; case .dashDotDot: 0x400
        }
        return lineBits | patternBits | (byWord ? 0x8000 : 0)
    }

    /// The style of an `NSUnderlineStyle` raw value; nil for 0 (no line) and for values with bits
    /// outside those `rawValue` lists.
    public init?(rawValue: Int) {
        guard rawValue > 0, rawValue & ~0x870F == 0 else { return nil }
        switch rawValue & 0x0F {
        case 0x00, 0x01: line = .single
        case 0x02: line = .thick
        case 0x09: line = .double
        default: return nil
        }
        switch rawValue & 0x0700 {
        case 0: pattern = .solid
        case 0x100: pattern = .dot
        case 0x200: pattern = .dash
        case 0x300: pattern = .dashDot
        case 0x400: pattern = .dashDotDot
        default: return nil
        }
        byWord = rawValue & 0x8000 != 0
    }

    /// The style an attribute value names, or nil for no line (`false`, `"none"`, `0`).
    /// - Throws: `TextLineStyle.ParseError` for anything else that is not a style.
    public init?(value: AttributeValue) throws(ParseError) {
        switch value {
        case .bool(let on):
            guard on else { return nil }
            self = .single
        case .number(let n):
            if n == 0 { return nil }
            guard n.isFinite, let raw = Int(exactly: n), let style = TextLineStyle(rawValue: raw) else {
                throw ParseError("\(AttributeValue.format(n)) is not an NSUnderlineStyle value")
            }
            self = style
        case .string(let text):
            let quoted = AttributeValue.string(text).quotable
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
            if words.count == 1, words[0] == "none" { return nil }
            guard !words.isEmpty else { throw ParseError("empty style (expected \(TextLineStyle.wordList))") }
            var line: Line?
            var pattern: Pattern?
            var byWord = false
            for word in words {
                let w = String(word)
                if let l = Line(rawValue: w) {
                    guard line == nil else { throw ParseError("two line kinds in '\(quoted)'") }
                    line = l
                } else if let p = Pattern(rawValue: w) {
                    guard pattern == nil else { throw ParseError("two patterns in '\(quoted)'") }
                    pattern = p
                } else if w == "byWord" {
                    guard !byWord else { throw ParseError("'byWord' twice in '\(quoted)'") }
                    byWord = true
                } else {
                    throw ParseError("unknown style word '\(String(w).utf8Prefix(maxBytes: 64))' in '\(quoted)' (expected \(TextLineStyle.wordList))")
                }
            }
            self.init(line: line ?? .single, pattern: pattern ?? .solid, byWord: byWord)
        }
    }

    static let wordList = (Line.allCases.map(\.rawValue) + Pattern.allCases.map(\.rawValue) + ["byWord"]).joined(separator: ", ")

    /// Why a value is not a line style.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public let description: String
        init(_ message: String) { description = message }
    }
}

extension Attributes {
    /// The underline or strikethrough style of `key` in this set; nil when absent.
    public func lineStyle(_ key: AttributeKey) -> TextLineStyle? {
        guard let value = self[key] else { return nil }
        return (try? TextLineStyle(value: value)) ?? nil
    }
}
