import CaretCore

/// Canonical attributed markup: the readable, unambiguous text form of a `DocumentState` that
/// tests, checkpoints and diffs use. See docs/markup.md for the syntax.
///
/// `Hello {bold:wor|ld} and {italic fontSize=14 link="https://a.b/c":this}.`
///
/// `parse(print(state)) == state` for every state whose typing attributes are nil or differ from
/// the inherited ones (the printer omits typing attributes equal to the inherited ones, and the
/// parser turns them back into nil).
public enum Markup {
    /// The markup of `state`: runs, the selection (`^` anchor, `|` head) and, after the head, the
    /// typing attributes when they are set and differ from those the selection inherits.
    ///
    /// A selection that is not valid for the text (past the end or inside a surrogate pair) is
    /// printed at the nearest valid position before it; typing attributes without a selection are
    /// not printed.
    /// - Complexity: O(n) in the length of the text.
    public static func print(_ state: DocumentState) -> String {
        var printer = MarkupPrinter(state: state)
        return printer.print()
    }

    /// The markup of `state`, as `print(_:)` gives it, handed to `sink` as UTF-8 in pieces of
    /// about 1 MiB, so that writing a large document to a file never holds its whole markup.
    /// - Complexity: O(n) in the length of the text.
    public static func write(_ state: DocumentState, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        var printer = MarkupPrinter(state: state)
        printer.write(to: sink)
    }

    /// The markup of `text` with no selection.
    public static func print(_ text: AttributedText) -> String {
        print(DocumentState(text: text))
    }

    /// The document state that `markup` denotes. Typing attributes equal to those the selection
    /// inherits are returned as nil.
    /// - Throws: `MarkupError` (`line:col: what was expected`, columns in Unicode scalars).
    /// - Complexity: O(n) in the length of the markup.
    public static func parse(_ markup: String) throws(MarkupError) -> DocumentState {
        try MarkupParser.parse(markup, allowsSelection: true)
    }

    /// `parse(_:)` of a slice, read in place (reading a file drops its final line break this way).
    static func parse(_ markup: Substring) throws(MarkupError) -> DocumentState {
        try MarkupParser.parse(markup, allowsSelection: true)
    }

    /// The attributed text that `markup` denotes; selection markers are an error.
    /// - Throws: `MarkupError`, also for a `|` or `^` marker.
    public static func parseText(_ markup: String) throws(MarkupError) -> AttributedText {
        try MarkupParser.parse(markup, allowsSelection: false).text
    }

    /// The header items of `attributes` as markup prints them, space-separated in canonical order
    /// (`bold fontSize=14 link="https://a.b"`); empty for no attributes.
    public static func header(_ attributes: Attributes) -> String {
        var out: [UInt8] = []
        MarkupPrinter.writeHeader(attributes, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
