import Testing
@testable import CaretCLI

/// The REPL trims its lines' spaces and tabs as Foundation's `.whitespaces` did: Unicode's space
/// separators and the tab, not line breaks or other characters.
@Suite struct TrimmingSpacesTests {
    @Test(arguments: [
        ("  help  ", "help"), ("\thelp\t", "help"), ("\u{00A0}\u{3000}x y\u{2003}", "x y"), ("   ", ""), ("", ""),
        ("é😀", "é😀"), (" \u{0301}", "\u{0301}"), ("\nx\n", "\nx\n"),
    ])
    func trims(line: String, trimmed: String) {
        #expect(line.trimmingSpaces() == trimmed)
        #expect(line[...].trimmingSpaces() == trimmed)
    }
}
