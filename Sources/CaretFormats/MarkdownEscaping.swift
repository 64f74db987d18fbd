/// How the writer spells text, code and link destinations so that CommonMark reads back exactly
/// the characters it was given. See docs/formats-markdown.md for the rules.
enum MarkdownEscaping {
    private static func isAlphanumeric(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    /// Spaces, tabs, vertical tabs and form feeds: CommonMark strips them at a line's edges.
    private static func isEdgeSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0B || b == 0x0C }

    private static func appendReference(_ b: UInt8, to out: inout [UInt8]) {
        out.append(contentsOf: Array("&#\(b);".utf8))
    }

    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Appends the text of `range` (within the Caret line `line`) escaped; returns whether the
    /// last byte written is an unescaped `!` (which a following `[` would turn into an image).
    static func appendText(_ doc: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Range<Int>, to out: inout [UInt8]) -> Bool {
        // Where a leading run of digits on the line ends: a `.` or `)` there starts a list item.
        var digitsEnd = line.lowerBound
        while digitsEnd < line.upperBound, doc[digitsEnd] >= 0x30, doc[digitsEnd] <= 0x39 { digitsEnd += 1 }
        var i = range.lowerBound
        while i < range.upperBound {
            // Copy a stretch of bytes that need nothing in one go.
            var j = i
            while j < range.upperBound, isPlain(doc[j], j, line) { j += 1 }
            if j > i {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: doc[i..<j]))
                i = j
                if i == range.upperBound { break }
            }
            let b = doc[i]
            defer { i += 1 }
            let atLineStart = i == line.lowerBound
            switch b {
            case 0x00:
                out.append(contentsOf: replacement)
            case 0x0A, 0x0D:
                appendReference(b, to: &out)
            case 0x20, 0x09, 0x0B, 0x0C:
                if atLineStart || i == line.upperBound - 1 { appendReference(b, to: &out) } else { out.append(b) }
            case UInt8(ascii: "\\"):
                // A backslash is literal unless punctuation (or a line end) follows it.
                let next = i + 1 < range.upperBound ? doc[i + 1] : 0x21
                if next >= 0x80 || isAlphanumeric(next) { out.append(b) } else { out.append(0x5C); out.append(0x5C) }
            case UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"),
                 UInt8(ascii: "~"), UInt8(ascii: "|"):
                out.append(0x5C); out.append(b)
            case UInt8(ascii: "_"):
                // Between two letters or digits `_` can neither open nor close emphasis.
                let intraword = i > range.lowerBound && i + 1 < range.upperBound
                    && isAlphanumeric(doc[i - 1]) && isAlphanumeric(doc[i + 1])
                if intraword { out.append(b) } else { out.append(0x5C); out.append(b) }
            case UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "="):
                // A block quote, a list item, a thematic break, a setext underline, a table row.
                if atLineStart { out.append(0x5C) }
                out.append(b)
            case UInt8(ascii: "#"), UInt8(ascii: "+"):
                // A heading (`#` to `######` then a space) or a list item (`+` then a space).
                var end = i + 1
                while b == 0x23, end < line.upperBound, doc[end] == 0x23 { end += 1 }
                if atLineStart, endsMarker(doc, end, line.upperBound) { out.append(0x5C) }
                out.append(b)
            case UInt8(ascii: ":"):
                // At a line start it could begin a table's delimiter row; before `//` an autolink.
                let slashes = i + 2 < line.upperBound && doc[i + 1] == 0x2F && doc[i + 2] == 0x2F
                if atLineStart || slashes { out.append(0x5C) }
                out.append(b)
            case UInt8(ascii: "&"):
                if startsReference(doc, i + 1, line.upperBound) { out.append(0x5C) }
                out.append(b)
            case UInt8(ascii: "."), UInt8(ascii: ")"):
                let listMarker = i == digitsEnd && i > line.lowerBound && endsMarker(doc, i + 1, line.upperBound)
                if listMarker || (b == 0x2E && followsWWW(doc, i, line.lowerBound)) {
                    out.append(0x5C)
                }
                out.append(b)
            case UInt8(ascii: "@"):
                // An empty comment keeps a preceding word out of the email autolink cmark-gfm
                // finds in merged text (escapes do not prevent it).
                if i > line.lowerBound, isEmailLocal(doc[i - 1]) { out.append(contentsOf: separator) }
                out.append(b)
            default:
                out.append(b)
            }
        }
        return doc[range.upperBound - 1] == UInt8(ascii: "!")
    }

    /// Bytes the escaper may copy as they are: most of any text. The rest (`specialLow` for
    /// 0x00–0x3F, `specialHigh` for 0x40–0x7F, and spaces at a line's edges) go through the rules.
    @inline(__always)
    private static func isPlain(_ b: UInt8, _ i: Int, _ line: Range<Int>) -> Bool {
        if b >= 0x80 { return true }
        if b == 0x20 { return i != line.lowerBound && i != line.upperBound - 1 }
        return b < 0x40 ? specialLow & (1 << UInt64(b)) == 0 : specialHigh & (1 << UInt64(b - 0x40)) == 0
    }

    /// NUL, tab to CR, `# & ) * + - . : < = >`.
    private static var specialLow: UInt64 { 0x74006E4800003E01 }
    /// `@ [ \\ ] _`, the backtick, `| ~`.
    private static var specialHigh: UInt64 { 0x50000001B8000001 }

    static let separator: [UInt8] = Array("<!---->".utf8)

    /// Whether a block marker ending before `i` is followed by a space, a tab or the line end.
    private static func endsMarker(_ doc: UnsafeBufferPointer<UInt8>, _ i: Int, _ lineEnd: Int) -> Bool {
        i >= lineEnd || doc[i] == 0x20 || doc[i] == 0x09
    }

    private static func isEmailLocal(_ b: UInt8) -> Bool {
        isAlphanumeric(b) || b == 0x2E || b == 0x2B || b == 0x2D || b == 0x5F
    }

    private static func followsWWW(_ doc: UnsafeBufferPointer<UInt8>, _ i: Int, _ lineStart: Int) -> Bool {
        guard i - 3 >= lineStart else { return false }
        return (0..<3).allSatisfy { doc[i - 3 + $0] | 0x20 == 0x77 }
    }

    /// Whether `&` followed by the bytes from `start` could be read as a character reference:
    /// `#` or a letter or digit, then letters, digits or `#`, then `;`.
    private static func startsReference(_ doc: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start
        while i < end, i - start < 40 {
            let b = doc[i]
            if b == 0x3B { return i > start }
            guard isAlphanumeric(b) || b == 0x23 else { return false }
            i += 1
        }
        return false
    }

    /// The longest backtick string cmark-gfm takes for a code span's delimiter (its
    /// `MAXBACKTICKS`): a longer one is literal text, so a span fenced with it would read back as
    /// backticks around plain text.
    static let longestCodeSpanFence = 80

    /// A code span: backticks one longer than the longest run inside, padded with a space on
    /// each side when the code starts or ends with a backtick, or starts and ends with a space.
    /// When that fence would be longer than `longestCodeSpanFence`, the shortest length that no
    /// run inside has (no run can then close the span early). False, with nothing written, when
    /// every length up to the limit occurs inside: the caller writes the code another way.
    static func appendCode(_ code: Slice<UnsafeBufferPointer<UInt8>>, to out: inout [UInt8]) -> Bool {
        var longest = 0, current = 0
        var allSpaces = true
        for b in code {
            current = b == 0x60 ? current + 1 : 0
            longest = max(longest, current)
            if b != 0x20 { allSpaces = false }
        }
        var fenceLength = longest + 1
        if fenceLength > longestCodeSpanFence {
            guard let free = shortestFreeFence(code) else { return false }
            fenceLength = free
        }
        let first = code.first!, last = code.last!
        let pad = first == 0x60 || last == 0x60 || (first == 0x20 && last == 0x20 && !allSpaces)
        let fence = [UInt8](repeating: 0x60, count: fenceLength)
        out.append(contentsOf: fence)
        if pad { out.append(0x20) }
        for b in code {
            if b == 0 { out.append(contentsOf: replacement) } else { out.append(b) }
        }
        if pad { out.append(0x20) }
        out.append(contentsOf: fence)
        return true
    }

    /// The shortest backtick string, up to `longestCodeSpanFence`, whose length no run of
    /// backticks in `code` has; nil when every such length occurs.
    private static func shortestFreeFence(_ code: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        var occurs = [Bool](repeating: false, count: longestCodeSpanFence + 1)
        var current = 0
        for b in code {
            if b == 0x60 {
                current += 1
                continue
            }
            if current <= longestCodeSpanFence { occurs[current] = true }
            current = 0
        }
        if current <= longestCodeSpanFence { occurs[current] = true }
        return (1...longestCodeSpanFence).first { !occurs[$0] }
    }

    /// A link destination: bare when it has nothing CommonMark would change or end it at,
    /// otherwise in `<…>` with `<`, `>` and `\` escaped, `&` as `&amp;`, line ends and edge
    /// spaces as character references.
    static func appendDestination(_ url: String, to out: inout [UInt8]) {
        let utf8 = Array(url.utf8)
        let bare = !utf8.isEmpty && utf8.indices.allSatisfy { i in
            let b = utf8[i]
            if b == 0x26 { return !utf8.withUnsafeBufferPointer { startsReference($0, i + 1, utf8.count) } }
            return b >= 0x80 || (b > 0x20 && b != 0x7F && b != 0x3C && b != 0x3E && b != 0x28 && b != 0x29 && b != 0x5C)
        }
        if bare {
            out.append(contentsOf: utf8)
            return
        }
        out.append(0x3C)
        for (i, b) in utf8.enumerated() {
            switch b {
            case 0x00: out.append(contentsOf: replacement)
            case 0x0A, 0x0D: appendReference(b, to: &out)
            case 0x3C, 0x3E, 0x5C: out.append(0x5C); out.append(b)
            case 0x26: out.append(contentsOf: Array("&amp;".utf8))
            case 0x20, 0x09, 0x0B, 0x0C:
                if i == 0 || i == utf8.count - 1 { appendReference(b, to: &out) } else { out.append(b) }
            default: out.append(b)
            }
        }
        out.append(0x3E)
    }
}
