/// What find and replace look for: literal text or a regular expression (Caret's own syntax,
/// docs/editor.md "Regular expressions"), optionally ignoring case.
///
/// Matching runs over the Unicode scalars of the document in time linear in the text length times
/// the pattern size — there is no backtracking, so no pattern can make a search explode. Matches
/// are leftmost-first (Perl-style greedy and lazy preferences), non-overlapping, left to right;
/// they start and end on grapheme-cluster boundaries (a candidate that would split a cluster is
/// not a match); empty matches are skipped.
public struct FindQuery: Hashable, Sendable {
    /// The literal text or the regular expression.
    public var pattern: String
    /// Whether `pattern` is a regular expression rather than literal text.
    public var isRegex: Bool
    /// Whether letters match regardless of case (simple case folding of scalars).
    public var caseInsensitive: Bool

    /// A query for `pattern`.
    public init(_ pattern: String, isRegex: Bool = false, caseInsensitive: Bool = false) {
        self.pattern = pattern
        self.isRegex = isRegex
        self.caseInsensitive = caseInsensitive
    }

    /// The capture groups (0…9) `template` refers to with `$0`…`$9`; none for literal queries.
    func groups(in template: String) -> [Int] {
        guard isRegex else { return [] }
        var groups: [Int] = []
        var iterator = template.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "$", let next = iterator.next() else { continue }
            if let digit = Self.digit(next), !groups.contains(digit) { groups.append(digit) }
        }
        return groups.sorted()
    }

    /// The replacement text for `match`: for regular expressions `$0`…`$9` stand for capture
    /// groups (empty for a group that did not take part) and `$$` for a dollar sign; literal
    /// queries use `template` as is.
    func replacement(_ template: String, for match: TextSearch.Match) -> String {
        guard isRegex else { return template }
        var out = ""
        var iterator = template.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "$" else { out.unicodeScalars.append(scalar); continue }
            guard let next = iterator.next() else { out.unicodeScalars.append(scalar); break }
            if next == "$" {
                out += "$"
            } else if let digit = Self.digit(next) {
                if digit < match.groups.count, let group = match.groups[digit] { out += group }
            } else {
                out.unicodeScalars.append(scalar)
                out.unicodeScalars.append(next)
            }
        }
        return out
    }

    private static func digit(_ scalar: Unicode.Scalar) -> Int? {
        scalar.value >= 0x30 && scalar.value <= 0x39 ? Int(scalar.value - 0x30) : nil
    }
}
