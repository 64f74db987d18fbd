/// One paragraph of the writer's output: its atoms nested into properly nested spans (a span that
/// must close while an outer one continues is closed and reopened), rendered with delimiters
/// where CommonMark pairs them back to the same runs and with HTML tags elsewhere.
struct MarkdownParagraph {
    enum Kind: Int, Comparable {
        // Outermost first when several open at once and end together.
        case link, underline, strike, bold, italic
        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
        static let all: [Kind] = [.link, .underline, .strike, .bold, .italic]
    }

    struct Span {
        var kind: Kind
        /// The link's index in the writer's URL table (-1 for other kinds).
        var link: Int32
        /// Written as an HTML tag rather than `**`, `*` or `~~` (links and underline ignore it).
        var html = false
        var delimited: Bool { !html && (kind == .bold || kind == .italic || kind == .strike) }
    }

    enum Token { case open(Int), close(Int), atom(Int) }

    private struct Pending {
        var kind: Kind
        var link: Int32
        var end: Int
    }

    /// The paragraph's atoms; the writer appends them, `render` writes them, `reset` empties
    /// everything keeping the storage for the next paragraph.
    var atoms: [MarkdownAtom] = []
    var spans: [Span] = []
    var tokens: [Token] = []
    private var ends: [Int] = []
    private var stack: [(span: Int, end: Int)] = []
    private var pending: [Pending] = []
    private var rendering = MarkdownRendering()
    private var check: MarkdownDelimiterCheck?

    mutating func reset() {
        atoms.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        tokens.removeAll(keepingCapacity: true)
    }

    private static func has(_ kind: Kind, _ style: MarkdownStyle) -> Bool {
        switch kind {
        case .link: style.link >= 0
        case .underline: style.underline
        case .strike: style.strike
        case .bold: style.bold
        case .italic: style.italic
        }
    }

    /// Whether atom `b` continues a span of `kind` that atom `a` is in.
    private static func continues(_ kind: Kind, _ a: MarkdownStyle, _ b: MarkdownStyle) -> Bool {
        kind == .link ? (a.link >= 0 && a.link == b.link) : has(kind, a) && has(kind, b)
    }

    private mutating func buildTokens() {
        let n = atoms.count
        // ends[k * n + i]: the atom index where the span of kind k through atom i ends (exclusive).
        ends.removeAll(keepingCapacity: true)
        ends.append(contentsOf: repeatElement(0, count: Kind.all.count * n))
        for (k, kind) in Kind.all.enumerated() {
            var end = n
            for i in atoms.indices.reversed() {
                if i + 1 < n, !MarkdownParagraph.continues(kind, atoms[i].style, atoms[i + 1].style) { end = i + 1 }
                ends[k * n + i] = end
            }
        }
        stack.removeAll(keepingCapacity: true)
        for i in atoms.indices {
            let style = atoms[i].style
            // The lowest open span that ends here; it and everything inside it close.
            if let lowest = stack.firstIndex(where: { $0.end == i }) {
                pending.removeAll(keepingCapacity: true)
                while stack.count > lowest {
                    let top = stack.removeLast()
                    tokens.append(.close(top.span))
                    if top.end > i { pending.append(Pending(kind: spans[top.span].kind, link: spans[top.span].link, end: top.end)) }
                }
                openPending(at: i)
            }
            pending.removeAll(keepingCapacity: true)
            for (k, kind) in Kind.all.enumerated() where MarkdownParagraph.has(kind, style) {
                if !stack.contains(where: { spans[$0.span].kind == kind }) {
                    pending.append(Pending(kind: kind, link: kind == .link ? style.link : -1, end: ends[k * n + i]))
                }
            }
            openPending(at: i)
            tokens.append(.atom(i))
        }
        while let top = stack.popLast() { tokens.append(.close(top.span)) }
    }

    /// Opens the pending spans, the longest-lasting outermost.
    private mutating func openPending(at i: Int) {
        guard !pending.isEmpty else { return }
        if pending.count > 1 { pending.sort { $0.end != $1.end ? $0.end > $1.end : $0.kind < $1.kind } }
        for item in pending {
            spans.append(Span(kind: item.kind, link: item.link))
            stack.append((spans.count - 1, item.end))
            tokens.append(.open(spans.count - 1))
        }
    }

    /// Renders the paragraph: tries delimiters, checks them against CommonMark's delimiter rules
    /// and turns the spans they would not pair into HTML tags until the check passes.
    mutating func render(document: UnsafeBufferPointer<UInt8>, links: [String], into out: inout [UInt8]) {
        buildTokens()
        // Taken out while in use, so that passing `self` does not share (and copy) its buffers.
        var rendering = self.rendering
        var check = self.check ?? MarkdownDelimiterCheck()
        self.rendering = MarkdownRendering()
        self.check = nil
        defer {
            self.rendering = rendering
            self.check = check
        }
        var rounds = 0
        while true {
            rendering.render(self, document: document, links: links)
            if !spans.contains(where: \.delimited) { break }
            let culprits = check.culprits(rendering, self)
            if culprits.isEmpty { break }
            rounds += 1
            if rounds > 12 {
                for i in spans.indices { spans[i].html = true }
            } else {
                for i in culprits { spans[i].html = true }
            }
        }
        out.append(contentsOf: rendering.bytes)
    }
}

/// A paragraph's bytes with where each delimiter and atom landed, for the delimiter check.
struct MarkdownRendering {
    struct Delimiter {
        var position: Int
        var length: Int
        var char: UInt8
        var span: Int
        var isOpen: Bool
        /// The link span the delimiter is inside, if any: link text is its own scope.
        var scope: Int
    }

    var bytes: [UInt8] = []
    var delimiters: [Delimiter] = []
    /// For each atom, the number of delimiters before it.
    var atomGaps: [Int] = []
    /// For each atom, the delimited spans (bold, italic, strike) that should cover it.
    var expected: [UInt8] = []

    static var boldBit: UInt8 { 1 }
    static var italicBit: UInt8 { 2 }
    static var strikeBit: UInt8 { 4 }

    private mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    mutating func render(_ paragraph: MarkdownParagraph, document: UnsafeBufferPointer<UInt8>, links: [String]) {
        bytes.removeAll(keepingCapacity: true)
        delimiters.removeAll(keepingCapacity: true)
        atomGaps.removeAll(keepingCapacity: true)
        atomGaps.append(contentsOf: repeatElement(0, count: paragraph.atoms.count))
        expected.removeAll(keepingCapacity: true)
        expected.append(contentsOf: repeatElement(0, count: paragraph.atoms.count))
        var open: UInt8 = 0
        var scope = -1
        var bareBang = false
        for token in paragraph.tokens {
            switch token {
            case .atom(let i):
                atomGaps[i] = delimiters.count
                expected[i] = open
                let atom = paragraph.atoms[i]
                switch atom.kind {
                case .lineBreak:
                    bytes.append(contentsOf: [0x5C, 0x0A])
                    bareBang = false
                case .finalNewline:
                    append("&#10;")
                    bareBang = false
                case .text:
                    if atom.style.code {
                        // In link text a code span's `]` could end a reference definition's label
                        // (labels ignore backticks), and code with backtick runs of every length a
                        // fence can have has no fence: then the code is a tag around escaped text.
                        let bracketInLinkText = scope >= 0 && document[atom.bytes].contains(0x5D)
                        if bracketInLinkText || !MarkdownEscaping.appendCode(document[atom.bytes], to: &bytes) {
                            append("<code>")
                            _ = MarkdownEscaping.appendText(document, atom.bytes, line: atom.line, to: &bytes)
                            append("</code>")
                        }
                        bareBang = false
                    } else {
                        bareBang = MarkdownEscaping.appendText(document, atom.bytes, line: atom.line, to: &bytes)
                    }
                }
            case .open(let s):
                let span = paragraph.spans[s]
                if span.kind == .link {
                    // `![` would start an image.
                    if bareBang { bytes.insert(0x5C, at: bytes.count - 1) }
                    bytes.append(0x5B)
                    scope = s
                } else {
                    emit(span, s, isOpen: true, scope: scope)
                    if span.delimited { open |= MarkdownRendering.bit(span.kind) }
                }
                bareBang = false
            case .close(let s):
                let span = paragraph.spans[s]
                if span.kind == .link {
                    bytes.append(contentsOf: [0x5D, 0x28])
                    MarkdownEscaping.appendDestination(links[Int(span.link)], to: &bytes)
                    bytes.append(0x29)
                    scope = -1
                } else {
                    emit(span, s, isOpen: false, scope: scope)
                    if span.delimited { open &= ~MarkdownRendering.bit(span.kind) }
                }
                bareBang = false
            }
        }
    }

    static func bit(_ kind: MarkdownParagraph.Kind) -> UInt8 {
        switch kind {
        case .bold: boldBit
        case .italic: italicBit
        case .strike: strikeBit
        default: 0
        }
    }

    private mutating func emit(_ span: MarkdownParagraph.Span, _ s: Int, isOpen: Bool, scope: Int) {
        if span.delimited {
            let (char, length): (UInt8, Int) = switch span.kind {
            case .bold: (0x2A, 2)
            case .italic: (0x2A, 1)
            default: (0x7E, 2)
            }
            delimiters.append(Delimiter(position: bytes.count, length: length, char: char, span: s, isOpen: isOpen, scope: scope))
            bytes.append(contentsOf: repeatElement(char, count: length))
            return
        }
        switch (span.kind, isOpen) {
        case (.bold, true): append("<strong>")
        case (.bold, false): append("</strong>")
        case (.italic, true): append("<em>")
        case (.italic, false): append("</em>")
        case (.strike, true): append("<del>")
        case (.strike, false): append("</del>")
        case (_, true): append("<u>")
        case (_, false): append("</u>")
        }
    }
}
