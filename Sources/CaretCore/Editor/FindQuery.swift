/// What find and replace look for: a literal string or a Swift `Regex` pattern, optionally
/// ignoring case. Matches follow `Regex`'s default grapheme-cluster semantics, so they start and
/// end on character boundaries; empty matches are skipped.
public struct FindQuery: Hashable, Sendable {
    /// The literal text or the regular expression.
    public var pattern: String
    /// Whether `pattern` is a regular expression (Swift `Regex` syntax) rather than literal text.
    public var isRegex: Bool
    /// Whether letters match regardless of case.
    public var caseInsensitive: Bool

    /// A query for `pattern`.
    public init(_ pattern: String, isRegex: Bool = false, caseInsensitive: Bool = false) {
        self.pattern = pattern
        self.isRegex = isRegex
        self.caseInsensitive = caseInsensitive
    }

    func regex() throws -> Regex<AnyRegexOutput> {
        guard !pattern.isEmpty else { throw EditorError.badPattern(pattern: pattern, message: "empty pattern") }
        var regex: Regex<AnyRegexOutput>
        if isRegex {
            do {
                regex = try Regex(pattern)
            } catch {
                throw EditorError.badPattern(pattern: pattern, message: "\(error)")
            }
        } else {
            regex = Regex(verbatim: pattern)
        }
        if caseInsensitive { regex = regex.ignoresCase() }
        return regex
    }

    /// A match: its UTF-16 range and, for regular expressions, its capture groups (group 0 is the
    /// whole match; nil for a group that did not take part).
    struct Match {
        var range: Range<Int>
        var groups: [String?]
    }

    /// Every non-empty match in `string`, in order, with UTF-16 ranges.
    func matches(in string: String) throws -> [Match] {
        let regex = try regex()
        var result: [Match] = []
        var lastIndex = string.startIndex
        var lastOffset = 0
        for match in string.matches(of: regex) where !match.range.isEmpty {
            let lower = lastOffset + string.utf16.distance(from: lastIndex, to: match.range.lowerBound)
            let upper = lower + string.utf16.distance(from: match.range.lowerBound, to: match.range.upperBound)
            lastIndex = match.range.upperBound
            lastOffset = upper
            var groups: [String?] = []
            if isRegex {
                for i in 0..<match.output.count { groups.append(match.output[i].substring.map(String.init)) }
            }
            result.append(Match(range: lower..<upper, groups: groups))
        }
        return result
    }

    /// The replacement text for `match`: for regular expressions `$0`…`$9` stand for capture
    /// groups and `$$` for a dollar sign; literal queries use `template` as is.
    func replacement(_ template: String, for match: Match) -> String {
        guard isRegex else { return template }
        var out = ""
        var iterator = template.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "$" else { out.unicodeScalars.append(scalar); continue }
            guard let next = iterator.next() else { out.unicodeScalars.append(scalar); break }
            if next == "$" {
                out += "$"
            } else if let digit = next.properties.numericType.flatMap({ _ in Int(String(next)) }), digit < 10 {
                if digit < match.groups.count, let group = match.groups[digit] { out += group }
            } else {
                out.unicodeScalars.append(scalar)
                out.unicodeScalars.append(next)
            }
        }
        return out
    }
}
