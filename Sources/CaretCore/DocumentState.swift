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
    /// - Throws: `TextError` when `offset` is not a valid position.
    public func inheritedTypingAttributes(at offset: Int) throws -> Attributes {
        try validate(offset)
        if isEmpty { return Attributes() }
        let source = offset > 0 ? offset - 1 : 0
        // A position before `offset` may be the trailing half of a surrogate pair; step to its start.
        let start = isValidPosition(source) ? source : source - 1
        return try attributes(at: start).removing(.link)
    }
}
