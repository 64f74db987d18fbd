import Testing
import CaretCore

/// The stand-in markup the editor tests are written in must itself be right.
@Suite struct EditorMarkupShimTests {
    @Test func parsesRunsSelectionsAndTypingAttributes() throws {
        let state = try parseMarkup("{bold:he^l}lo|<italic>")
        #expect(state.text == AttributedText(runs: [("hel", .traits(.bold)), ("lo", Attributes())]))
        #expect(state.selection == Selection(anchor: 2, head: 5))
        #expect(state.typingAttributes == .traits(.italic))
        let backward = try parseMarkup("a|😀^")
        #expect(backward.selection == Selection(anchor: 3, head: 1))
        #expect(try parseMarkup("abc").selection == nil)
        let values = try parseMarkup("{fontSize=14 link=\"https://x\" foregroundColor=#FF0000 custom=\"v\\\"w\" flag:x}")
        #expect(values.text.runs.first?.attributes == (try Attributes([
            (.fontSize, .number(14)), (.link, .string("https://x")), (.foregroundColor, .string("#ff0000")),
            (.custom("custom"), .string("v\"w")), (.custom("flag"), .bool(true)),
        ])))
    }

    @Test func escapesRoundTrip() throws {
        let state = try parseMarkup("\\{a\\}\\|\\^\\\\\\<|")
        #expect(state.text.string == "{a}|^\\<")
        #expect(printMarkup(state) == "\\{a\\}\\|\\^\\\\\\<|")
    }

    @Test func printsCanonically() throws {
        for markup in [
            "|", "he^{bold:ll}|<bold>o", "{bold:h}^el|<>{bold:lo}", "a|<strikethrough>{strikethrough:b}^",
            "{bold fontSize=21:ab}{fontSize=18:c}|", "{link=\"u\" custom=\"v\":ab}|", "😀\(family)|\n\(eAcute)",
            "🇺🇸🇦🇫|🇷", "{foregroundColor=#ff0000:x}",
        ] {
            #expect(printMarkup(try parseMarkup(markup)) == markup)
        }
        #expect(printMarkup(try parseMarkup("{bold:ab|}c")) == "{bold:ab}|c")
    }

    @Test func reportsErrors() {
        for bad in ["{bold:ab", "a}b", "|a|", "^a^|", "{bold:{italic:a}}", "a\\", "^ab", "{fontSize=x:a}"] {
            #expect(throws: MarkupError.self, "\(bad)") { try parseMarkup(bad) }
        }
    }
}
