import CaretCore

/// What Markdown carries of one paragraph's paragraph attributes.
struct MarkdownParagraphContext: Equatable {
    var quote = false
    var ordered = false
    var code = false
    // Bytes, so that the writer's table of every paragraph stays small.
    private var level: UInt8 = 0
    private var headingLevel: UInt8 = 0

    /// 0 for a paragraph that is not a list item, else its level 1–16.
    var listLevel: Int {
        get { Int(level) }
        set { level = UInt8(clamping: newValue) }
    }

    /// 0 for none, else 1–6.
    var heading: Int {
        get { Int(headingLevel) }
        set { headingLevel = UInt8(clamping: newValue) }
    }

    /// Plain text paragraphs (no heading, list or code) with the same quote group together:
    /// their newlines are paragraph or hard breaks.
    func groups(with other: MarkdownParagraphContext) -> Bool {
        self == other && listLevel == 0 && heading == 0 && !code
    }

    /// The names of the keys whose values differ between two contexts.
    func differences(from other: MarkdownParagraphContext) -> [String] {
        var names: [String] = []
        if heading != other.heading { names.append("heading") }
        if listLevel != other.listLevel || ordered != other.ordered { names.append("listStyle") }
        if quote != other.quote { names.append("blockQuote") }
        if code != other.code { names.append("codeBlock") }
        return names
    }
}

/// One Caret paragraph of the document being written: its content bytes (without the "\n"),
/// whether a "\n" ends it, its UTF-16 start and its context.
struct MarkdownParagraphInfo {
    var start: Int
    var end: Int
    var utf16: Int
    var context = MarkdownParagraphContext()
    var isEmpty: Bool { start == end }
}

/// Lays out the writer's blocks: block quote prefixes, list markers and the indentation of their
/// content, blank lines between blocks.
struct MarkdownLayout {
    private struct OpenList {
        var level: Int
        var ordered: Bool
        var counter: Int
        var markerColumn: Int
        var contentColumn: Int
    }

    private var lists: [OpenList] = []
    private var previousQuote = false
    private var blocks = 0

    /// The first line's prefix (quote, indentation, list markers) and the following lines'.
    mutating func prefixes(for context: MarkdownParagraphContext, out: inout [UInt8]) -> (first: [UInt8], rest: [UInt8]) {
        if blocks > 0 {
            out.append(0x0A)
            if previousQuote && context.quote { out.append(0x3E) }
            out.append(0x0A)
        }
        blocks += 1
        if context.listLevel == 0 || context.quote != previousQuote { lists.removeAll() }
        previousQuote = context.quote
        let quote: [UInt8] = context.quote ? [0x3E, 0x20] : []
        guard context.listLevel > 0 else { return (quote, quote) }
        let level = context.listLevel
        while let top = lists.last, top.level > level { lists.removeLast() }
        if let top = lists.last, top.level == level {
            if top.ordered == context.ordered {
                var entry = top
                entry.counter += 1
                let marker = MarkdownLayout.marker(ordered: entry.ordered, counter: entry.counter)
                entry.contentColumn = entry.markerColumn + marker.count + 1
                lists[lists.count - 1] = entry
                let first = quote + [UInt8](repeating: 0x20, count: entry.markerColumn) + marker + [0x20]
                return (first, quote + [UInt8](repeating: 0x20, count: entry.contentColumn))
            }
            lists.removeLast()
        }
        var column = lists.last?.contentColumn ?? 0
        var first = quote + [UInt8](repeating: 0x20, count: column)
        // Levels with no item of their own open in empty items on the same line (`- - b`).
        for l in ((lists.last?.level ?? 0) + 1)...level {
            // `+` for the empty ones: `- - -` would be a thematic break.
            let marker = !context.ordered && l < level ? [0x2B] : MarkdownLayout.marker(ordered: context.ordered, counter: 1)
            lists.append(OpenList(level: l, ordered: context.ordered, counter: 1, markerColumn: column,
                                  contentColumn: column + marker.count + 1))
            first += marker + [0x20]
            column += marker.count + 1
        }
        return (first, quote + [UInt8](repeating: 0x20, count: column))
    }

    private static func marker(ordered: Bool, counter: Int) -> [UInt8] {
        ordered ? Array("\(counter).".utf8) : [0x2D]
    }

    /// Appends `content` (lines separated by "\n") with the prefixes; trailing spaces of a
    /// prefix are dropped on an empty line.
    static func append(_ content: [UInt8], first: [UInt8], rest: [UInt8], to out: inout [UInt8]) {
        var lineStart = 0
        var isFirst = true
        func line(_ range: Range<Int>) {
            let prefix = isFirst ? first : rest
            isFirst = false
            if range.isEmpty {
                var trimmed = prefix[...]
                while trimmed.last == 0x20 { trimmed = trimmed.dropLast() }
                out.append(contentsOf: trimmed)
            } else {
                out.append(contentsOf: prefix)
                out.append(contentsOf: content[range])
            }
        }
        for i in content.indices where content[i] == 0x0A {
            line(lineStart..<i)
            out.append(0x0A)
            lineStart = i + 1
        }
        line(lineStart..<content.count)
    }

    /// A heading's content with `#` and a space before it; a run of `#` ending the content that
    /// would read as the optional closing sequence is escaped.
    static func heading(_ level: Int, _ content: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0x23, count: level)
        guard !content.isEmpty else { return result }
        result.append(0x20)
        var run = content.count
        while run > 0, content[run - 1] == 0x23 { run -= 1 }
        if run < content.count, run == 0 || content[run - 1] == 0x20 || content[run - 1] == 0x09 {
            result.append(contentsOf: content[..<run])
            result.append(0x5C)
            result.append(contentsOf: content[run...])
        } else {
            result.append(contentsOf: content)
        }
        return result
    }

    /// A fenced code block of `lines`: a backtick fence longer than any run inside (at least 3).
    static func codeBlock(_ document: [UInt8], lines: [Range<Int>]) -> [UInt8] {
        var longest = 0
        for line in lines {
            var current = 0
            for b in document[line] {
                current = b == 0x60 ? current + 1 : 0
                longest = max(longest, current)
            }
        }
        let fence = [UInt8](repeating: 0x60, count: max(3, longest + 1))
        var result = fence
        for line in lines {
            result.append(0x0A)
            for b in document[line] {
                switch b {
                case 0x00: result.append(contentsOf: [0xEF, 0xBF, 0xBD])
                case 0x0D: break // a line end in Markdown; reported as a loss
                default: result.append(b)
                }
            }
        }
        result.append(0x0A)
        result.append(contentsOf: fence)
        return result
    }
}
