import CaretCore

extension DocumentState {
    /// The state that canonical markup denotes, as `Markup.parse(_:)` reads it: `"he^llo|"`.
    /// - Throws: `MarkupError` (`line:col: what was expected`).
    public init(markup: String) throws(MarkupError) {
        self = try Markup.parse(markup)
    }

    /// The canonical markup of this state, as `Markup.print(_:)` writes it.
    public var markup: String { Markup.print(self) }
}

extension AttributedText {
    /// The text that canonical markup without selection markers denotes: `"a {bold:b}"`.
    /// - Throws: `MarkupError`, also for a `|` or `^` marker.
    public init(markup: String) throws(MarkupError) {
        self = try Markup.parseText(markup)
    }

    /// The canonical markup of this text, with no selection.
    public var markup: String { Markup.print(self) }
}
