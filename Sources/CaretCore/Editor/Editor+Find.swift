// Find and replace. Each search reads the document once and honours `workLimit`: a search the
// limit stops throws `WorkLimit.Exceeded`, and `perform` then leaves the editor as it was.

extension Editor {
    /// The UTF-16 ranges of every non-empty match of `query`, in document order.
    /// - Throws: `EditorError.badPattern` for a pattern that is empty or does not compile;
    ///   `WorkLimit.Exceeded` when `workLimit` stops the search.
    /// - Complexity: O(n × m) for a document of n scalars and a pattern of size m.
    public func matches(of query: FindQuery) throws -> [Range<Int>] {
        try TextSearch(query, in: text).ranges(workLimit: workLimit)
    }

    /// The first `limit` matches of `query`, and whether there are more: a caller with a memory
    /// budget asks for what it can hold instead of building every range first.
    /// - Throws: as `matches(of:)`.
    /// - Complexity: O(n × m) up to the `limit`-th match.
    public func matches(of query: FindQuery, limit: Int) throws -> (ranges: [Range<Int>], more: Bool) {
        var ranges: [Range<Int>] = []
        var more = false
        try TextSearch(query, in: text).forEachRange(workLimit: workLimit) { range in
            guard ranges.count < limit else { more = true; return false }
            ranges.append(range)
            return true
        }
        return (ranges, more)
    }

    func find(_ query: FindQuery, forward: Bool) throws {
        let selected = selection.range
        var fallback: Range<Int>?
        var chosen: Range<Int>?
        try TextSearch(query, in: text).forEachRange(workLimit: workLimit) { range in
            if forward {
                if fallback == nil { fallback = range }
                guard range.lowerBound >= selected.upperBound && range != selected else { return true }
                chosen = range
                return false  // the first match after the selection: the rest is not needed
            }
            if range.upperBound <= selected.lowerBound {
                if range != selected { chosen = range }
                return true
            }
            fallback = range
            // Later matches end after the selection's start; only the last one overall matters
            // then, and only when none ended before it.
            return chosen == nil
        }
        if let range = chosen ?? fallback { select(Selection(range)) }
    }

    func replaceNext(_ query: FindQuery, with template: String) throws {
        let search = try TextSearch(query, in: text)
        var current: Range<Int>?
        try search.forEachRange(workLimit: workLimit) { range in
            if range == selection.range { current = range }
            return range.lowerBound < selection.lowerBound
        }
        if let range = current {
            let groups = query.groups(in: template)
            let match = groups.contains { $0 > 0 }
                ? try search.match(at: range, groups: groups, workLimit: workLimit)
                : TextSearch.Match(range: range, groups: groups.isEmpty ? [] : [try text.string(in: range)])
            let attributes = try text.attributes(at: range.lowerBound)
            let replacement = AttributedText(query.replacement(template, for: match), attributes: attributes)
            try apply(TextEdit(range: range, replacement: replacement))
            select(Selection(caret: try snappedForward(range.lowerBound + replacement.utf16Count)))
        }
        let after = selection.upperBound
        var next: Range<Int>?
        var first: Range<Int>?
        try TextSearch(query, in: text).forEachRange(workLimit: workLimit) { range in
            if first == nil { first = range }
            guard range.lowerBound >= after else { return true }
            next = range
            return false
        }
        if let range = next ?? first { select(Selection(range)) }
    }

    func replaceAll(_ query: FindQuery, with template: String) throws {
        let found = try TextSearch(query, in: text).matches(groups: query.groups(in: template), workLimit: workLimit)
        var edits: [TextEdit] = []
        edits.reserveCapacity(found.count)
        for match in found.reversed() {
            let attributes = try text.attributes(at: match.range.lowerBound)
            edits.append(TextEdit(range: match.range, replacement: AttributedText(query.replacement(template, for: match), attributes: attributes)))
        }
        try replaceMapping(edits)
    }
}
