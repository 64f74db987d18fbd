/// Why a pattern does not compile: a message naming the construct and, where there is one, its
/// position (counted in Unicode scalars from 0). `FindQuery` reports it as `EditorError.badPattern`.
struct RegexSyntaxError: Error, Equatable {
    /// What is wrong, including the position ("backreference '\1' is not supported at position 3").
    var message: String

    /// An error about the construct at scalar `position` of the pattern.
    init(_ what: String, at position: Int) {
        message = "\(what) at position \(position)"
    }

    /// An error about the pattern as a whole.
    init(_ message: String) {
        self.message = message
    }
}
