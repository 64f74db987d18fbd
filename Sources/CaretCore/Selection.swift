/// A selection in UTF-16 offsets: the `anchor` stays put and the `head` moves (shift+arrow moves
/// the head). A caret when the two are equal; backward when the head is before the anchor.
public struct Selection: Hashable, Sendable, CustomStringConvertible {
    public var anchor: Int
    public var head: Int

    public init(anchor: Int, head: Int) {
        self.anchor = anchor
        self.head = head
    }

    /// A caret at `offset`.
    public init(caret offset: Int) {
        self.init(anchor: offset, head: offset)
    }

    /// A forward selection of `range`.
    public init(_ range: Range<Int>) {
        self.init(anchor: range.lowerBound, head: range.upperBound)
    }

    public var isCaret: Bool { anchor == head }
    /// Whether the head is before the anchor.
    public var isBackward: Bool { head < anchor }
    public var lowerBound: Int { min(anchor, head) }
    public var upperBound: Int { max(anchor, head) }
    /// The selected range, as `NSRange` would give it (`location = lowerBound`, `length = count`).
    public var range: Range<Int> { lowerBound..<upperBound }
    public var length: Int { upperBound - lowerBound }

    public var description: String { isCaret ? "caret \(head)" : "\(anchor)->\(head)" }
}
