import CaretCore

/// Underline and strikethrough styles as RTF control words.
enum RTFLineStyle {
    /// The underline control words and the styles they stand for.
    static let underlineWords: [(String, TextLineStyle)] = [
        ("ul", .single),
        ("uld", TextLineStyle(pattern: .dot)),
        ("uldash", TextLineStyle(pattern: .dash)),
        ("uldashd", TextLineStyle(pattern: .dashDot)),
        ("uldashdd", TextLineStyle(pattern: .dashDotDot)),
        ("uldb", TextLineStyle(line: .double)),
        ("ulth", TextLineStyle(line: .thick)),
        ("ulthd", TextLineStyle(line: .thick, pattern: .dot)),
        ("ulthdash", TextLineStyle(line: .thick, pattern: .dash)),
        ("ulthdashd", TextLineStyle(line: .thick, pattern: .dashDot)),
        ("ulthdashdd", TextLineStyle(line: .thick, pattern: .dashDotDot)),
        ("ulw", TextLineStyle(byWord: true)),
    ]

    static let styleOfWord: [String: TextLineStyle] = Dictionary(uniqueKeysWithValues: underlineWords)

    /// The control word for an underline `style`, and what it cannot say (nil when exact). RTF has
    /// no double line with a pattern or by word, and no thick or patterned line by word: those
    /// are written without the part RTF lacks.
    static func underlineWord(for style: TextLineStyle) -> (String, String?) {
        if let exact = underlineWords.first(where: { $0.1 == style }) { return (exact.0, nil) }
        var nearest = style
        if nearest.byWord, nearest != TextLineStyle(byWord: true) { nearest.byWord = false }
        if nearest.line == .double { nearest.pattern = .solid }
        let word = underlineWords.first(where: { $0.1 == nearest })?.0 ?? "ul"
        return (word, "RTF has no '\(style)' underline; written as \\\(word) ('\(nearest)')")
    }

    /// The control words for a strikethrough `style` (`\strike`, or `\striked1` for double), and
    /// what they cannot say.
    static func strikeWord(for style: TextLineStyle) -> (String, Int?, String?) {
        let double = style.line == .double
        let written = TextLineStyle(line: double ? .double : .single)
        let note = style == written ? nil : "RTF strikes through with a single or double line only; '\(style)' is written as '\(written)'"
        return double ? ("striked", 1, note) : ("strike", nil, note)
    }
}
