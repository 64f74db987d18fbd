import CaretCore
import Testing
@testable import CaretFormats

/// Random documents with only what Markdown carries, over text rich in Markdown's own
/// characters, spaces at run edges, punctuation, non-ASCII, emoji and newlines.
struct RandomMarkdownDocuments {
    static let pieces = [
        "a", "b", "xyz", "word", "1", "42", " ", "  ", "\t", "*", "**", "_", "__", "`", "``", "[", "]", "(", ")",
        "#", ">", "+", "-", "=", "!", "<", "&", "&amp;", "&#35;", "~", "~~", "|", "\\", ".", ":", "@", "a@b.c",
        "www.", "http://x.y", "<u>", "</u>", "<b>", "\"", "'", "$", ",", ";", "?", "%", "é", "e\u{301}", "😀",
        "👩‍👩‍👧", "𝔸", "—", "«", "»", "中文", "\u{A0}", "\u{3000}", "\u{200D}", "\r", "\n", "\n", "\n\n",
        "1.", "2)", "---", "***", "   ", "    code", "\u{B}", "\u{C}", "™", "# ", "1. ", "+ ", "- ", "> ", "#x", "]:", "[x]: y", "\\\\", "<!--", "-->", "&#10;",
    ]

    static let urls = ["https://a.b/c", "https://a.b/c?x=1&y=2", "a b", "(x)", "<y>", "\\q", "&amp;", " e ",
                       "x\ny", "😀", "mailto:a@b.c"]

    static func style(_ rng: inout SeededRandom) -> Attributes {
        var attributes = Attributes()
        if rng.int(in: 0..<3) == 0 { return attributes }
        for key in [AttributeKey.bold, .italic, .underline, .strikethrough, .code] where rng.int(in: 0..<3) == 0 {
            try! attributes.set(key, .bool(true))
        }
        if rng.int(in: 0..<5) == 0 {
            try! attributes.set(.link, .string(rng.element(of: urls)!))
        }
        return attributes
    }

    /// Attributes Markdown cannot put on a newline or carriage return are taken off them:
    /// code (a code span holds neither).
    static func text(_ rng: inout SeededRandom) -> AttributedText {
        AttributedText(runs: runs(&rng))
    }

    static func runs(_ rng: inout SeededRandom) -> [(String, Attributes)] {
        let pool = (0..<4).map { _ in style(&rng) }
        var runs: [(String, Attributes)] = []
        for _ in 0..<rng.int(in: 0..<14) {
            let piece = (0..<rng.int(in: 1...3)).map { _ in rng.element(of: pieces)! }.joined()
            var attributes = rng.element(of: pool)!
            if piece.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) { attributes.remove(.code) }
            runs.append((piece, attributes))
        }
        return runs
    }

    /// A paragraph context Markdown carries: plain half the time, else a heading, a list item
    /// (levels 1–4), a quote or a code block line, or a combination of them.
    static func context(_ rng: inout SeededRandom, allowCode: Bool) -> MarkdownParagraphContext {
        var context = MarkdownParagraphContext()
        if rng.int(in: 0..<2) == 0 { return context }
        context.quote = rng.int(in: 0..<3) == 0
        if rng.int(in: 0..<2) == 0 {
            context.listLevel = rng.int(in: 1...4)
            context.ordered = rng.bool()
        }
        switch rng.int(in: 0..<4) {
        case 0: context.heading = rng.int(in: 1...6)
        case 1 where allowCode: context.code = true
        default: break
        }
        if context == MarkdownParagraphContext() { context.quote = true }
        return context
    }

    static func attributes(_ context: MarkdownParagraphContext) -> [(AttributeKey, AttributeValue)] {
        var pairs: [(AttributeKey, AttributeValue)] = []
        if context.heading > 0 { pairs.append((.heading, .number(Double(context.heading)))) }
        if context.listLevel > 0 {
            pairs.append((.listStyle, .string(context.ordered ? "ordered" : "bullet")))
            pairs.append((.listLevel, .number(Double(context.listLevel))))
        }
        if context.quote { pairs.append((.blockQuote, .bool(true))) }
        if context.code { pairs.append((.codeBlock, .bool(true))) }
        return pairs
    }

    /// Random text with random paragraph attributes, uniform over each paragraph (its "\n"
    /// included). What Markdown cannot put there is taken off: inline attributes in code block
    /// lines and on the line break ending a block (a heading, a list item, code, the end of a
    /// quote); code blocks hold no carriage return.
    static func document(_ rng: inout SeededRandom) -> AttributedText {
        // Split the runs at newlines: (text, attributes, paragraph, is the newline).
        var pieces: [(String, Attributes, Int, Bool)] = []
        var paragraph = 0
        for (string, attributes) in runs(&rng) {
            var current = ""
            for scalar in string.unicodeScalars {
                if scalar == "\n" {
                    if !current.isEmpty { pieces.append((current, attributes, paragraph, false)) }
                    pieces.append(("\n", attributes, paragraph, true))
                    paragraph += 1
                    current = ""
                } else {
                    current.unicodeScalars.append(scalar)
                }
            }
            if !current.isEmpty { pieces.append((current, attributes, paragraph, false)) }
        }
        var hasReturn = [Bool](repeating: false, count: paragraph + 1)
        for piece in pieces where piece.0.unicodeScalars.contains("\r") { hasReturn[piece.2] = true }
        let contexts = (0...paragraph).map { context(&rng, allowCode: !hasReturn[$0]) }
        var result: [(String, Attributes)] = []
        for (index, piece) in pieces.enumerated() {
            let (string, inline, p, isNewline) = piece
            var attributes = inline
            let context = contexts[p]
            let last = index == pieces.count - 1
            if context.code || (isNewline && !last && !context.groups(with: contexts[p + 1])) {
                attributes = Attributes()
            }
            for (key, value) in self.attributes(context) { try! attributes.set(key, value) }
            result.append((string, attributes))
        }
        return AttributedText(runs: result)
    }
}

@Suite struct MarkdownRoundTripTests {
    @Test func parseOfPrintIsIdentity() throws {
        var rng = SeededRandom.fromEnvironment(label: "markdown round trip")
        var failures = 0
        for _ in 0..<3000 {
            let text = RandomMarkdownDocuments.text(&rng)
            let (markdown, losses) = Markdown.print(text)
            #expect(losses.isEmpty, "seed \(rng.seed): \(losses) for \(Markup.print(text).debugDescription)")
            let (back, readLosses) = try Markdown.parse(markdown)
            if back.text != text || !readLosses.isEmpty {
                failures += 1
                Issue.record("""
                    seed \(rng.seed): round trip differs
                    document: \(Markup.print(text).debugDescription)
                    markdown: \(markdown.debugDescription)
                    read:     \(Markup.print(back.text).debugDescription)
                    losses:   \(readLosses)
                    """)
                if failures >= 5 { return }
            }
        }
    }

    /// Losses the writer reports for paragraph structures Markdown has no form for.
    static let structuralLosses: Set<String> = ["emptyParagraph", "emptyListItem"]

    @Test func parseOfPrintIsIdentityWithParagraphAttributes() throws {
        var rng = SeededRandom.fromEnvironment(label: "markdown paragraph round trip")
        var failures = 0, skipped = 0
        let count = 3000
        for _ in 0..<count {
            let text = RandomMarkdownDocuments.document(&rng)
            let (markdown, losses) = Markdown.print(text)
            if !losses.isEmpty {
                #expect(Set(losses.map(\.what)).isSubset(of: MarkdownRoundTripTests.structuralLosses),
                        "seed \(rng.seed): \(losses) for \(Markup.print(text).debugDescription)")
                skipped += 1
                continue
            }
            let (back, readLosses) = try Markdown.parse(markdown)
            if back.text != text || !readLosses.isEmpty {
                failures += 1
                Issue.record("""
                    seed \(rng.seed): round trip differs
                    document: \(Markup.print(text).debugDescription)
                    markdown: \(markdown.debugDescription)
                    read:     \(Markup.print(back.text).debugDescription)
                    losses:   \(readLosses)
                    """)
                if failures >= 5 { return }
            }
        }
        // Most documents are carried whole.
        #expect(skipped < count / 3, "seed \(rng.seed): \(skipped) of \(count) lossy")
    }
}
