// Find and replace.

extension Editor {
    /// The UTF-16 ranges of every non-empty match of `query`, in document order.
    /// - Throws: `EditorError.badPattern` for a regular expression that does not compile.
    public func matches(of query: FindQuery) throws -> [Range<Int>] {
        try query.matches(in: text.string).map(\.range)
    }

    func find(_ query: FindQuery, forward: Bool) throws {
        let ranges = try matches(of: query)
        guard !ranges.isEmpty else { return }
        let chosen: Range<Int> = if forward {
            ranges.first { $0.lowerBound >= selection.upperBound && $0 != selection.range } ?? ranges[0]
        } else {
            ranges.last { $0.upperBound <= selection.lowerBound && $0 != selection.range } ?? ranges[ranges.count - 1]
        }
        select(Selection(chosen))
    }

    func replaceNext(_ query: FindQuery, with template: String) throws {
        let found = try query.matches(in: text.string)
        if let match = found.first(where: { $0.range == selection.range }) {
            let attributes = try text.attributes(at: match.range.lowerBound)
            let replacement = AttributedText(query.replacement(template, for: match), attributes: attributes)
            try apply(TextEdit(range: match.range, replacement: replacement))
            select(Selection(caret: try snappedForward(match.range.lowerBound + replacement.utf16Count)))
        }
        let after = try query.matches(in: text.string).map(\.range)
        guard !after.isEmpty else { return }
        select(Selection(after.first { $0.lowerBound >= selection.upperBound } ?? after[0]))
    }

    func replaceAll(_ query: FindQuery, with template: String) throws {
        let found = try query.matches(in: text.string)
        var edits: [TextEdit] = []
        for match in found.reversed() {
            let attributes = try text.attributes(at: match.range.lowerBound)
            edits.append(TextEdit(range: match.range, replacement: AttributedText(query.replacement(template, for: match), attributes: attributes)))
        }
        try replaceMapping(edits)
    }
}
