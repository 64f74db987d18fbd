import Testing
import CaretCore

/// Documents at the edges: empty, astral, ZWJ sequences, combining marks, flags, CR LF, selections
/// at both ends and backwards.
let edgeDocuments = [
    "|", "😀|😀", "^😀😀|", "|😀😀^", "\(family)|\(family)", "^\(family)|", "|\(family)^",
    "\(eAcute)|\(eAcute)", "|\(eAcute)^x", "🇺🇸|🇫🇷", "^🇺🇸🇫🇷|", "|🇺🇸🇫🇷^", "|ab", "ab|", "^ab|", "|ab^",
    "{bold:a😀}|\n{italic:\(family)}", "a\r\n|b", "{link=\"u\":^a}\n|", "a|<bold>",
    // Paragraph attributes: headings, list items (empty ones too), quotes, code, astral text in them.
    "{heading=1:T😀|tle\n}Body", "{heading=2:^Title\n}B|ody", "{listStyle=\"bullet\" listLevel=1:a\n}|",
    "{listStyle=\"ordered\" listLevel=2:\(family)\n|\n}x", "{blockQuote=true:q\n|\n}", "{codeBlock=true:co|de}",
    "{listStyle=\"bullet\" listLevel=1:a\n}|<listStyle=\"bullet\" listLevel=1>",
]

/// Every command on every edge document: either a clean `EditorError` that leaves the editor
/// unchanged, or a result whose selection sits on grapheme boundaries and whose undo and redo
/// restore the states exactly.
@Suite struct EditorCommandMatrixTests {
    @Test(arguments: edgeDocuments)
    func everyCommandOnEdgeDocuments(document: String) throws {
        for command in sampleCommands {
            let editor = try makeEditor(document)
            let before = editor.state
            #expect(editor.undoCount == 0)
            do {
                try editor.perform(command)
            } catch is EditorError {
                #expect(editor.state == before, "\(command) on \(document)")
                continue
            }
            let after = editor.state
            let context: Comment = "\(command) on \(document) gave \(printMarkup(after))"
            if case .setSelection = command {
                // Explicit positions need only be off surrogate halves.
                #expect(editor.text.isValidPosition(editor.selection.anchor) && editor.text.isValidPosition(editor.selection.head), context)
            } else {
                try checkSelection(editor) { context }
            }
            if command == .undo || command == .redo {
                #expect(after == before, context)
            } else if editor.undoCount == 1 {
                #expect(after.text != before.text, context)
                try editor.perform(.undo)
                #expect(editor.state == before, context)
                try editor.perform(.redo)
                #expect(editor.state == after, context)
            } else {
                #expect(after.text == before.text, context)
            }
        }
    }
}
