/// A malformed line in a word-list file.
public struct WordListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// What is wrong with the line.
    public var reason: String

    /// Creates an error.
    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// `line N: reason`.
    public var description: String { "line \(line): \(reason)" }
}
