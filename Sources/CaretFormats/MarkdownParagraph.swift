/// One paragraph of the writer's output: its atoms nested into properly nested spans (a span that
/// must close while an outer one continues is closed and reopened), rendered with delimiters
/// where CommonMark pairs them back to the same runs and with HTML tags elsewhere.
struct MarkdownParagraph {
    enum Kind: Int, Comparable {
        // Outermost first when several open at once and end together.
        case link, underline, strike, bold, italic
        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    struct Span {
        var kind: Kind
        var url: String?
        /// Written as an HTML tag rather than `**`, `*` or `~~` (links and underline ignore it).
        var html = false
        var delimited: Bool { !html && (kind == .bold || kind == .italic || kind == .strike) }
    }

    enum Token { case open(Int), close(Int), atom(Int) }

    let atoms: [MarkdownAtom]
    var spans: [Span] = []
    var tokens: [Token] = []

    init(atoms: [MarkdownAtom]) {
        self.atoms = atoms
        buildTokens()
    }

    private static func has(_ kind: Kind, _ style: MarkdownStyle) -> Bool {
        switch kind {
        case .link: style.link != nil
        case .underline: style.underline
        case .strike: style.strike
        case .bold: style.bold
        case .italic: style.italic
        }
    }

    /// Whether atom `b` continues a span of `kind` that atom `a` is in.
    private static func continues(_ kind: Kind, _ a: MarkdownStyle, _ b: MarkdownStyle) -> Bool {
        kind == .link ? (a.link != nil && a.link == b.link) : has(kind, a) && has(kind, b)
    }

    private mutating func buildTokens() {
        let kinds: [Kind] = [.link, .underline, .strike, .bold, .italic]
        // ends[k][i]: the atom index where the span of kind k through atom i ends (exclusive).
        var ends = [[Int]](repeating: [Int](repeating: 0, count: atoms.count), count: kinds.count)
        for k in kinds.indices {
            var end = atoms.count
            for i in atoms.indices.reversed() {
                if i + 1 < atoms.count, !MarkdownParagraph.continues(kinds[k], atoms[i].style, atoms[i + 1].style) {
                    end = i + 1
                }
                ends[k][i] = end
            }
        }
        var stack: [(span: Int, end: Int)] = []
        for i in atoms.indices {
            let style = atoms[i].style
            // The lowest open span that ends here; it and everything inside it close.
            if let lowest = stack.firstIndex(where: { $0.end == i }) {
                var reopen: [(kind: Kind, url: String?, end: Int)] = []
                while stack.count > lowest {
                    let top = stack.removeLast()
                    tokens.append(.close(top.span))
                    if top.end > i { reopen.append((spans[top.span].kind, spans[top.span].url, top.end)) }
                }
                open(reopen, at: i, stack: &stack)
            }
            var starting: [(kind: Kind, url: String?, end: Int)] = []
            for k in kinds.indices where MarkdownParagraph.has(kinds[k], style) {
                if !stack.contains(where: { spans[$0.span].kind == kinds[k] }) {
                    starting.append((kinds[k], kinds[k] == .link ? style.link : nil, ends[k][i]))
                }
            }
            open(starting, at: i, stack: &stack)
            tokens.append(.atom(i))
        }
        while let top = stack.popLast() { tokens.append(.close(top.span)) }
    }

    /// Opens spans, the longest-lasting outermost.
    private mutating func open(_ list: [(kind: Kind, url: String?, end: Int)], at i: Int, stack: inout [(span: Int, end: Int)]) {
        let ordered = list.sorted { $0.end != $1.end ? $0.end > $1.end : $0.kind < $1.kind }
        for item in ordered {
            spans.append(Span(kind: item.kind, url: item.url))
            stack.append((spans.count - 1, item.end))
            tokens.append(.open(spans.count - 1))
        }
    }

    /// Renders the paragraph: tries delimiters, checks them against CommonMark's delimiter rules
    /// and turns the spans they would not pair into HTML tags until the check passes.
    mutating func render(document: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var rendering = MarkdownRendering()
        var rounds = 0
        while true {
            rendering.render(self, document: document)
            if !spans.contains(where: \.delimited) { break }
            var check = MarkdownDelimiterCheck(rendering: rendering, paragraph: self)
            let culprits = check.culprits()
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

    static let boldBit: UInt8 = 1, italicBit: UInt8 = 2, strikeBit: UInt8 = 4

    mutating func render(_ paragraph: MarkdownParagraph, document: UnsafeBufferPointer<UInt8>) {
        bytes.removeAll(keepingCapacity: true)
        delimiters.removeAll(keepingCapacity: true)
        atomGaps = [Int](repeating: 0, count: paragraph.atoms.count)
        expected = [UInt8](repeating: 0, count: paragraph.atoms.count)
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
                    bytes.append(contentsOf: Array("&#10;".utf8))
                    bareBang = false
                case .text:
                    if atom.style.code {
                        MarkdownEscaping.appendCode(document[atom.bytes], to: &bytes)
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
                    MarkdownEscaping.appendDestination(span.url ?? "", to: &bytes)
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
        let name = switch span.kind {
        case .bold: "strong"
        case .italic: "em"
        case .strike: "del"
        default: "u"
        }
        bytes.append(contentsOf: Array(((isOpen ? "<" : "</") + name + ">").utf8))
    }
}
