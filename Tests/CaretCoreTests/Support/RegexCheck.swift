import Testing
import CaretCore

/// The text of each match of `pattern` in `text`.
func matched(_ pattern: String, in text: String, regex: Bool = true, caseInsensitive: Bool = false) throws -> [String] {
    let editor = try Editor(text: AttributedText(text))
    return try editor.matches(of: FindQuery(pattern, isRegex: regex, caseInsensitive: caseInsensitive)).map {
        try editor.text.string(in: $0)
    }
}

/// The UTF-16 ranges of the matches of `pattern` in `text`.
func matchedRanges(_ pattern: String, in text: String, regex: Bool = true, caseInsensitive: Bool = false) throws -> [Range<Int>] {
    try Editor(text: AttributedText(text)).matches(of: FindQuery(pattern, isRegex: regex, caseInsensitive: caseInsensitive))
}

/// `text` after replacing every match of `pattern` with `template`.
func replacedAll(_ pattern: String, in text: String, with template: String, caseInsensitive: Bool = false) throws -> String {
    let editor = try Editor(text: AttributedText(text))
    try editor.perform(.replaceAll(FindQuery(pattern, isRegex: true, caseInsensitive: caseInsensitive), with: template))
    return editor.text.string
}

/// The message of the `badPattern` error `pattern` gives, or nil when it compiles.
func patternError(_ pattern: String, regex: Bool = true) -> String? {
    do {
        _ = try Editor(text: AttributedText("x")).matches(of: FindQuery(pattern, isRegex: regex))
        return nil
    } catch EditorError.badPattern(let reported, let message) {
        #expect(reported == pattern)
        return message
    } catch {
        return "unexpected error \(error)"
    }
}
