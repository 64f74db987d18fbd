/// A parsed regular expression: the tree `RegexParser` builds and `RegexCompiler` turns into a
/// `RegexProgram`.
indirect enum RegexNode: Equatable {
    /// Matches the empty string (an empty pattern branch or group).
    case empty
    /// One scalar, literally (case-insensitively when the program is compiled so).
    case scalar(Unicode.Scalar)
    /// One scalar of a class (`.`, `\d`, `[a-z]`).
    case scalarClass(RegexScalarClass)
    /// A zero-width test of the position (`^`, `\b`).
    case assertion(RegexAssertion)
    /// A group; `capture` is its number (1 for the first `(`) or nil for `(?:…)`.
    case group(RegexNode, capture: Int?)
    /// The items one after another.
    case concatenation([RegexNode])
    /// One of the branches, preferring earlier ones.
    case alternation([RegexNode])
    /// `node` `min` to `max` (nil: unbounded) times, preferring more (greedy) or fewer (lazy).
    case repetition(RegexNode, min: Int, max: Int?, lazy: Bool)
}

/// A zero-width condition on the position between two scalars.
enum RegexAssertion: Int32, Equatable {
    /// `^`: the start of the text or just after a `\n`.
    case lineStart
    /// `$`: the end of the text or just before a `\n` or a `\r\n`.
    case lineEnd
    /// `\A`: the start of the text.
    case textStart
    /// `\z`: the end of the text.
    case textEnd
    /// `\b`: a word scalar on exactly one side.
    case wordBoundary
    /// `\B`: word scalars on both sides or on neither.
    case notWordBoundary
}
