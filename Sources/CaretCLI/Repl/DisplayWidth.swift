/// How many terminal columns the REPL's line takes, per grapheme cluster: `caret edit`'s width
/// table (TerminalWidth, generated from the UCD), except that a control character takes none, as
/// the line editor never prints one. Decided here rather than by `wcwidth`, whose answer depends on
/// the process's locale (`C` knows no character past ASCII).
enum DisplayWidth {
    /// The columns of one grapheme cluster (0 for a lone control character).
    static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x20 || (first.value >= 0x7F && first.value < 0xA0) { return 0 }
        return TerminalWidth.columns(character)
    }

    /// The columns of `text`.
    static func of<S: Sequence>(_ text: S) -> Int where S.Element == Character {
        text.reduce(0) { $0 + of($1) }
    }
}
