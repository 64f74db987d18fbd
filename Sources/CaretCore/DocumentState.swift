/// What an editor shows at one moment: the attributed text, the selection and the typing
/// attributes. The unit that canonical markup and JSON print and parse, and that checkpoints assert.
public struct DocumentState: Equatable, Sendable {
    public var text: AttributedText
    /// The selection, or nil when a printout or checkpoint does not speak of it.
    public var selection: Selection?
    /// The typing attributes when they differ from what the selection inherits; nil means "as
    /// inherited" (see `AttributedText.inheritedTypingAttributes(at:)`).
    public var typingAttributes: Attributes?

    public init(text: AttributedText, selection: Selection? = nil, typingAttributes: Attributes? = nil) {
        self.text = text
        self.selection = selection
        self.typingAttributes = typingAttributes
    }
}

extension AttributedText {
    /// The typing attributes a caret or selection whose lower bound is `offset` inherits, by
    /// UIKit's rule: the attributes of the character before `offset`; of the character after it
    /// at the start of the document; none in an empty document. `link` is never inherited.
    /// Paragraph attributes are the paragraph's: at the start of a non-empty paragraph those of
    /// its first character, not the line break before it (in the empty last paragraph, which has
    /// no characters, the line break's, so a Return at the end of a list item continues the list).
    /// - Throws: `TextError` when `offset` is not a valid position.
    public func inheritedTypingAttributes(at offset: Int) throws -> Attributes {
        try validate(offset)
        if isEmpty { return Attributes() }
        let source = offset > 0 ? offset - 1 : 0
        // A position before `offset` may be the trailing half of a surrogate pair; step to its start.
        let start = isValidPosition(source) ? source : source - 1
        return paragraphAdjusted(try attributes(at: start).removing(.link), at: offset)
    }

    /// `inherited`, the attributes of the character before valid `offset`, with the paragraph
    /// attributes of the paragraph starting at `offset` when the character before is its
    /// preceding line break.
    /// - Complexity: O(log n + leaf).
    func paragraphAdjusted(_ inherited: Attributes, at offset: Int) -> Attributes {
        guard offset > 0, offset < utf16Count else { return inherited }
        var afterBreak = false
        _ = try? forEachUTF8Chunk(in: (offset - 1)..<offset) { chunk in
            afterBreak = chunk.first == 0x0A
            return false
        }
        guard afterBreak, let here = try? attributes(at: offset) else { return inherited }
        if !inherited.hasParagraphAttributes && !here.hasParagraphAttributes { return inherited }
        return inherited.withParagraphAttributes(of: here)
    }
}
