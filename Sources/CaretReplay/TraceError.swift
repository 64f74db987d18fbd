/// A trace that cannot be read or replayed, located in its file: `file:line:col: message`.
public struct TraceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file name as given (or `<trace>` for text read from memory).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column in Unicode scalars.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// An error at `file:line:column`.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:col: message`.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}
