import CaretCore

/// HTML: written by Caret's own writer, read through libxml2's HTML parser. See
/// docs/formats-html.md for the mapping table and what is lost each way.
///
/// - Every paragraph is one block: `<p>`, `<h1>`–`<h6>`, an `<li>` of nested `<ul>`/`<ol>`
///   lists, a line of a `<pre><code>` block; consecutive block-quote paragraphs share one
///   `<blockquote>`, consecutive code lines with the same alignment one `<pre><code>`.
/// - An empty paragraph is `<p><br></p>`; a `<br>` at the end of a block ends that block's
///   paragraph, as a browser shows it; an empty block (`<p></p>`) reads as nothing.
/// - Whitespace: a paragraph whose spaces HTML would collapse (a space at either end, two in a
///   row, a tab, a carriage return) gets `style="white-space:pre-wrap"`; the reader collapses
///   whitespace as a browser does except where `white-space` preserves it and in `<pre>`.
/// - The reader's text ends without the "\n" of its last block, so `parse(print(x)) == x` for
///   every document whose print reports no loss (list items with `listLevel` set).
public enum HTML {
    /// The HTML of a document's text — a whole document
    /// (`<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>…</body></html>` and a
    /// line break) or, with `fragment`, the body's content alone — and what it could not carry
    /// (custom keys, inline formatting on a line break that differs from the text before it,
    /// controls HTML cannot hold, …), each kind once at its first UTF-16 offset. The selection
    /// and typing attributes are editor state and are not reported.
    /// - Complexity: O(n) in the length of the text.
    public static func print(_ state: DocumentState, fragment: Bool = false) -> (String, [FormatLoss]) {
        var writer = HTMLWriter(text: state.text)
        return writer.write(fragment: fragment)
    }

    /// The document an HTML text denotes, and what Caret could not keep of it (images, tables,
    /// rules, sub- and superscripts, list numbering, styles it does not understand), each kind once at the UTF-16
    /// offset where it would have been. The state has no selection and no typing attributes.
    /// - Throws: `HTMLError` for text holding U+0000, or when libxml2 cannot parse at all.
    /// - Complexity: O(n) in the length of the text.
    public static func parse(_ text: String) throws -> (DocumentState, [FormatLoss]) {
        var reader = HTMLReader()
        let attributed = try reader.read(text)
        return (DocumentState(text: attributed), reader.losses.losses)
    }
}

/// HTML that Caret cannot read, located in the text (line and column from 1, columns in
/// Unicode scalars).
public struct HTMLError: Error, Equatable, Sendable, CustomStringConvertible, LocatedFormatError {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int
    /// What is wrong, without the place.
    public var message: String

    /// Creates the error.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `3:7: HTML cannot hold U+0000`.
    public var description: String { "\(line):\(column): \(message)" }
}
