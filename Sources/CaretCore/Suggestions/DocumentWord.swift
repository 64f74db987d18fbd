/// A word of an editor's document: its UTF-16 range and its characters, as
/// `Editor.wordAtSelection()` finds it.
public struct DocumentWord: Hashable, Sendable, CustomStringConvertible {
    /// The UTF-16 range of the word in the document.
    public var range: Range<Int>
    /// The word's characters.
    public var string: String

    /// A word at `range` spelled `string`.
    public init(range: Range<Int>, string: String) {
        self.range = range
        self.string = string
    }

    /// `"word" at 3..<7`, for logs and tests.
    public var description: String { "\(string.debugDescription) at \(range)" }
}
