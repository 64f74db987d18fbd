/// Text that does not parse — canonical markup or JSON — with the 1-based line and column (in
/// Unicode scalars) where the parser stopped. Prints as `line:col: message`.
public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line (lines end at LF).
    public let line: Int
    /// 1-based column, counted in Unicode scalars.
    public let column: Int
    /// What was expected, e.g. `expected ',' or '}' after an object member`.
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

/// A JSON text that is not valid (`JSONValue.parse`): a `SyntaxError`.
public typealias JSONError = SyntaxError

/// Markup that does not parse (`Markup.parse`): a `SyntaxError`.
public typealias MarkupError = SyntaxError
