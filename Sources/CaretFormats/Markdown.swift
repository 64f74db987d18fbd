import CaretCore

/// Markdown (CommonMark with GitHub's strikethrough and autolinks), read through cmark-gfm's
/// parser and written by Caret's own emitter. See docs/formats-markdown.md for the mapping.
///
/// - Every "\n" in Caret's text is a paragraph break or a hard line break in Markdown; one newline
///   separates paragraphs (and every other block) when read back. A soft line break in the source
///   reads as a space, as a renderer shows it.
/// - bold `**`, italic `*`, strikethrough `~~`, code spans, links `[text](url)` and underline
///   `<u>…</u>` are carried; where CommonMark's delimiter rules would not pair `**`, `*` or `~~`
///   back to the same runs (spaces or punctuation at a run's edge) the writer uses `<strong>`,
///   `<em>` or `<del>` instead, which the reader reads back.
/// - Headings, bullet and ordered list items (with their nesting level), block quotes and code
///   blocks are the paragraph attributes `heading`, `listStyle` + `listLevel`, `blockQuote` and
///   `codeBlock`, each on every character of its paragraph (one line) and its "\n".
/// - `parse(print(x).0).0.text == x.text` for every text whose print reports no loss.
public enum Markdown {
    /// The document a Markdown text denotes, and what Caret could not keep of it (tables,
    /// images, raw HTML, a list's start number, nested quotes, code info strings, a list item's
    /// later blocks), each kind once with the UTF-16 offset of its first text. The state has no selection and no typing attributes.
    /// - Throws: `MarkdownError` when cmark-gfm cannot be set up (out of memory).
    /// - Complexity: O(n) in the length of the text.
    public static func parse(_ text: String) throws -> (DocumentState, [FormatLoss]) {
        var reader = MarkdownReader()
        let attributed = try reader.read(text)
        return (DocumentState(text: attributed), reader.losses.losses)
    }

    /// The Markdown of a document's text, ending with a newline unless empty, and what it could
    /// not carry (font size and family, colours, custom keys, alignment, code on a line break,
    /// inline attributes in a code block, an empty paragraph between blocks, U+0000), each kind
    /// once with its first UTF-16 offset. The selection and typing attributes are editor
    /// state, not part of a Markdown file, and are not reported.
    /// - Complexity: O(n) in the length of the text.
    public static func print(_ state: DocumentState) -> (String, [FormatLoss]) {
        var writer = MarkdownWriter(text: state.text)
        let (markdown, losses) = writer.write()
        // cmark-gfm drops a leading U+FEFF as a byte order mark: a text starting with one
        // starts with its character reference instead.
        guard markdown.unicodeScalars.first == "\u{FEFF}" else { return (markdown, losses) }
        return ("&#xFEFF;" + String(markdown.unicodeScalars.dropFirst()), losses)
    }

    /// The Markdown of `text`; see `print(_:)` for a document state.
    public static func print(_ text: AttributedText) -> (String, [FormatLoss]) {
        print(DocumentState(text: text))
    }
}

/// cmark-gfm could not be set up to parse (it returned no parser or no document).
public struct MarkdownError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What failed.
    public var message: String

    /// Creates the error.
    public init(message: String) { self.message = message }

    public var description: String { "markdown: \(message)" }
}
