import Testing
import CaretCore

/// Every command on an empty document, and on a selection at each end of an astral text.
@Suite struct EditorEmptyDocumentTests {
    @Test func everyCommandOnAnEmptyDocument() throws {
        let expected: [String: String] = [
            "insertText": "x😀|", "insertNewline": "\n|", "insertTab": "\t|", "openLine": "|\n",
            "toggleBold": "|<bold>", "toggleItalic": "|<italic>", "toggleUnderline": "|<underline>",
            "toggleStrikethrough": "|<strikethrough>", "toggleCode": "|<code>",
            "setFontSize": "|<fontSize=14>", "increaseFontSize": "|<fontSize=18>", "decreaseFontSize": "|<fontSize=16>",
        ]
        for command in sampleCommands {
            let editor = try makeEditor("|")
            do {
                try editor.perform(command)
            } catch let error as EditorError {
                // Only explicit positions beyond the empty text fail.
                #expect(["replaceRange", "setSelection", "applySuggestion"].contains(command.name), "\(command): \(error)")
                continue
            }
            var want = expected[command.name] ?? "|"
            if case .setAttribute(let key, _) = command {
                want = ["fontSize": "|<fontSize=12.5>", "tag": "|<tag=true>", "foregroundColor": "|<foregroundColor=#ff0000>",
                        "codeBlock": "|<codeBlock=true>", "underline": "|<underline=\"double dash byWord\">"][key.name]!
            }
            // The empty document is one empty last paragraph: paragraph commands change the
            // typing attributes, what the first typed character will be.
            switch command {
            case .setParagraphAttribute(.heading, _): want = "|<heading=2>"
            case .setParagraphAttribute(.alignment, _): want = "|<alignment=\"center\">"
            case .toggleList(let style): want = "|<listStyle=\"\(style)\" listLevel=1>"
            case .setHeading(let level) where level > 0: want = "|<heading=\(level)>"
            default: break
            }
            #expect(printMarkup(editor.state) == want, "\(command)")
        }
    }

    @Test func selectionsAtBothEndsAndBackwards() throws {
        // Forward and backward selections touching the start and the end of the document.
        try check("^😀|\(family)", .deleteBackward, "|\(family)")
        try check("|😀^\(family)", .deleteForward, "|\(family)")
        try check("😀^\(family)|", .deleteWordBackward, "😀|")
        try check("😀|\(family)^", .insertText(eAcute), "😀\(eAcute)|")
        try check("^😀|\(family)", .extendRight, "^😀\(family)|")
        try check("|😀^\(family)", .extendRight, "😀|\(family)")
        try check("😀|\(family)^", .extendLeft, "|😀\(family)^")
        try check("😀|\(family)^", .move(.documentEnd, extend: true), "😀\(family)|")
        try check("😀^\(family)|", .move(.documentStart, extend: true), "|😀^\(family)")
        try check("😀|\(family)^", .toggleBold, "😀|{bold:\(family)}^")
        try check("|🇺🇸^🇫🇷", .toggleItalic, "|{italic:🇺🇸}^🇫🇷")
        try check("🇺🇸|🇫🇷^", .selectWord, "🇺🇸|🇫🇷^")
        try check("🇺🇸^🇫🇷|", .selectParagraph, "^🇺🇸🇫🇷|")
        try check("\(eAcute)|\(eAcute)^", .cut, "\(eAcute)|")
        try check("\(eAcute)|\(eAcute)^", [.cut, .move(.documentStart, extend: false), .paste], "\(eAcute)|\(eAcute)")
        try check("|\(eAcute)x^", .replaceAll(FindQuery(eAcute), with: "y"), "|yx^")
        try check("\(eAcute)^x|", .findPrevious(FindQuery(eAcute)), "^\(eAcute)|x")
    }
}
