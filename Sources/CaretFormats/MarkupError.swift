/// Markup that does not parse, with the 1-based line and column (in Unicode scalars) where the
/// problem is. Prints as `line:col: message`.
public struct MarkupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line (lines end at LF).
    public let line: Int
    /// 1-based column, counted in Unicode scalars.
    public let column: Int
    /// What was expected.
    public let message: String

    /// An error at `line`:`column`.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:col: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
