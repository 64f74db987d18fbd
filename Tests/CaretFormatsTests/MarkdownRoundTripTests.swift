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
        if Int.random(in: 0..<3, using: &rng) == 0 { return attributes }
        for key in [AttributeKey.bold, .italic, .underline, .strikethrough, .code] where Int.random(in: 0..<3, using: &rng) == 0 {
            try! attributes.set(key, .bool(true))
        }
        if Int.random(in: 0..<5, using: &rng) == 0 {
            try! attributes.set(.link, .string(urls.randomElement(using: &rng)!))
        }
        return attributes
    }

    /// Attributes Markdown cannot put on a newline or carriage return are taken off them:
    /// code (a code span holds neither).
    static func text(_ rng: inout SeededRandom) -> AttributedText {
        let pool = (0..<4).map { _ in style(&rng) }
        var runs: [(String, Attributes)] = []
        for _ in 0..<Int.random(in: 0..<14, using: &rng) {
            let piece = (0..<Int.random(in: 1...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            var attributes = pool.randomElement(using: &rng)!
            if piece.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) { attributes.remove(.code) }
            runs.append((piece, attributes))
        }
        return AttributedText(runs: runs)
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
}
