/// What an editor shows at one moment: the attributed text, the selection and the typing
/// attributes. The unit that canonical markup and JSON print and parse, and that checkpoints assert.
public struct DocumentState: Equatable, Sendable {
    public var text: AttributedText
    /// The selection, or nil when a printout or checkpoint does not speak of it.
    public var selection: Selection?
    /// The typing attributes when they differ from what the selection inherits; nil means "as
    /// inherited" (see `AttributedText.inheritedTypingAttributes(for:)`).
    public var typingAttributes: Attributes?

    public init(text: AttributedText, selection: Selection? = nil, typingAttributes: Attributes? = nil) {
        self.text = text
        self.selection = selection
        self.typingAttributes = typingAttributes
    }
}

extension AttributedText {
    /// The typing attributes a caret at `offset` inherits, by AppKit/UIKit's rule: the
    /// attributes of the character before the caret, except at the start of a paragraph (the
    /// document start included), where they are the paragraph's first character's — for an empty
    /// paragraph that is its own line break; at the end of a document ending in a line break (the
    /// empty last paragraph, which has no characters) the line break before it, so a Return at the
    /// end of a list item continues the list. None in an empty document. `link` is never inherited.
    /// - Throws: `TextError` when `offset` is not a valid position.
    /// - Complexity: O(log n + leaf).
    public func inheritedTypingAttributes(at offset: Int) throws -> Attributes {
        try validate(offset)
        if isEmpty { return Attributes() }
        return try attributes(at: typingSource(caret: offset)).removing(.link)
    }

    /// The typing attributes `selection` inherits: for a caret, `inheritedTypingAttributes(at:)`;
    /// for a range, its first selected character's (so text typed over a bold word is bold).
    /// `link` is never inherited.
    /// - Throws: `TextError` when an end of the selection is not a valid position.
    /// - Complexity: O(log n + leaf).
    public func inheritedTypingAttributes(for selection: Selection) throws -> Attributes {
        try validate(selection.anchor)
        try validate(selection.head)
        if selection.isCaret { return try inheritedTypingAttributes(at: selection.head) }
        return try attributes(at: selection.lowerBound).removing(.link)
    }

    /// The offset of the character whose attributes a caret at valid `offset` inherits, in a
    /// non-empty text (see `inheritedTypingAttributes(at:)`).
    /// - Complexity: O(log n + leaf).
    func typingSource(caret offset: Int) -> Int {
        if offset == 0 { return 0 }
        if offset < utf16Count {
            var afterBreak = false
            _ = try? forEachUTF8Chunk(in: (offset - 1)..<offset) { chunk in
                afterBreak = chunk.first == 0x0A
                return false
            }
            if afterBreak { return offset }
        }
        // The unit before `offset` may be the trailing half of a surrogate pair; step to its start.
        return isValidPosition(offset - 1) ? offset - 1 : offset - 2
    }
}
