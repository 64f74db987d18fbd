import Testing
@testable import CaretCLI

/// The REPL's line editor without a terminal: keys decoded from bytes, applied to the line.
@Suite struct ReplLineEditorTests {
    /// Feeds `bytes` and returns the line, the cursor and the last outcome.
    private func edit(_ editor: inout LineEditor, _ bytes: [UInt8]) -> LineEditor.Outcome? {
        var decoder = KeyDecoder()
        var last: LineEditor.Outcome?
        for key in decoder.feed(bytes) { last = editor.apply(key) }
        return last
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func movesAndDeletesByGraphemeCluster() {
        var editor = LineEditor()
        // "é" as e + combining acute, an emoji with a skin tone, a flag, CJK.
        _ = edit(&editor, bytes("ae\u{301}👍🏽🇫🇷中b"))
        #expect(editor.characters.count == 6)
        _ = edit(&editor, [0x7F])  // backspace: "b"
        _ = edit(&editor, bytes("\u{1B}[D\u{1B}[D"))  // left over 中 and the flag
        _ = edit(&editor, [0x7F])  // deletes 👍🏽 whole
        #expect(editor.text == "ae\u{301}🇫🇷中")
        #expect(editor.cursor == 2)
        _ = edit(&editor, [0x7F])  // deletes é whole (both scalars)
        #expect(editor.text == "a🇫🇷中")
        _ = edit(&editor, bytes("\u{1B}[3~"))  // delete under the cursor: the flag
        #expect(editor.text == "a中")
    }

    @Test func whatADeletionBringsTogetherIsOneCharacter() {
        var editor = LineEditor()
        // Two regional indicators apart, then together: one flag.
        _ = edit(&editor, bytes("\u{1F1EB}x\u{1F1F7}"))
        #expect(editor.characters.count == 3)
        _ = edit(&editor, bytes("\u{1B}[D"))
        _ = edit(&editor, [0x7F])
        #expect(editor.characters == ["🇫🇷"])
        #expect(editor.cursor == 1)
    }

    @Test func aCombiningMarkTypedAfterALetterJoinsIt() {
        var editor = LineEditor()
        _ = edit(&editor, bytes("e"))
        _ = edit(&editor, bytes("\u{301}"))
        #expect(editor.characters == ["e\u{301}"])
        #expect(editor.cursor == 1)
    }

    @Test func homeEndAndKills() {
        var editor = LineEditor()
        _ = edit(&editor, bytes("local x = 'é'"))
        _ = edit(&editor, [0x01])  // Ctrl-A
        #expect(editor.cursor == 0)
        _ = edit(&editor, [0x05])  // Ctrl-E
        #expect(editor.cursor == editor.characters.count)
        _ = edit(&editor, [0x17])  // Ctrl-W: the word before
        #expect(editor.text == "local x = ")
        _ = edit(&editor, bytes("\u{1B}[H"))  // Home
        _ = edit(&editor, bytes("\u{1B}[C\u{1B}[C"))
        _ = edit(&editor, [0x0B])  // Ctrl-K
        #expect(editor.text == "lo")
        _ = edit(&editor, [0x19])  // Ctrl-Y puts it back
        #expect(editor.text == "local x = ")
        _ = edit(&editor, bytes("\u{1B}[F"))  // End
        _ = edit(&editor, [0x15])  // Ctrl-U
        #expect(editor.text.isEmpty)
        _ = edit(&editor, bytes("one two"))
        _ = edit(&editor, bytes("\u{1B}b"))  // Alt-B
        #expect(editor.cursor == 4)
        _ = edit(&editor, bytes("\u{1B}[1;5D"))  // Ctrl-Left
        #expect(editor.cursor == 0)
        _ = edit(&editor, bytes("\u{1B}f"))
        #expect(editor.cursor == 3)
    }

    @Test func historyKeepsTheDraft() {
        var editor = LineEditor(history: ["first", "second"])
        _ = edit(&editor, bytes("draft"))
        _ = edit(&editor, bytes("\u{1B}[A"))
        #expect(editor.text == "second")
        _ = edit(&editor, bytes("\u{1B}[A\u{1B}[A"))
        #expect(editor.text == "first")
        _ = edit(&editor, bytes("\u{1B}[B\u{1B}[B"))
        #expect(editor.text == "draft")
        #expect(edit(&editor, [0x0D]) == .accept("draft"))
        editor.remember("draft")
        editor.remember("draft")
        editor.remember("   ")
        #expect(editor.history == ["first", "second", "draft"])
    }

    @Test func controlKeys() {
        var editor = LineEditor()
        #expect(edit(&editor, [0x04]) == .endOfInput)  // Ctrl-D on an empty line
        _ = edit(&editor, bytes("ab"))
        #expect(edit(&editor, [0x03]) == .cancel)
        #expect(editor.text.isEmpty)
        _ = edit(&editor, bytes("ab\u{1B}[D"))
        #expect(edit(&editor, [0x04]) == .redraw)  // Ctrl-D deletes under the cursor
        #expect(editor.text == "a")
        #expect(edit(&editor, [0x09]) == .complete)
        _ = edit(&editor, bytes("x\ty"))  // a tab is completion, never inserted
        #expect(editor.text == "axy")
    }

    @Test func sequencesCutBetweenReadsAreJoined() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
        #expect(decoder.hasPartialSequence)
        #expect(decoder.feed([0x41]) == [.up])
        let emoji = Array("😀".utf8)
        #expect(decoder.feed(Array(emoji[..<2])).isEmpty)
        #expect(decoder.feed(Array(emoji[2...])) == [.text("😀")])
        #expect(decoder.feed(bytes("ab\u{1B}[3~c")) == [.text("ab"), .delete, .text("c")])
        #expect(decoder.feed(bytes("\u{1B}[99~")) == [])
    }

    @Test func displayWidths() {
        #expect(DisplayWidth.of("a") == 1)
        #expect(DisplayWidth.of("e\u{301}" as Character) == 1)
        #expect(DisplayWidth.of("中" as Character) == 2)
        #expect(DisplayWidth.of("😀" as Character) == 2)
        #expect(DisplayWidth.of("👍🏽" as Character) == 2)
        #expect(DisplayWidth.of("🇫🇷" as Character) == 2)
        #expect(DisplayWidth.of("👩‍💻" as Character) == 2)
        #expect(DisplayWidth.of("ab中e\u{301}") == 5)
    }

    @Test func completionWord() {
        var editor = LineEditor()
        _ = edit(&editor, bytes("x = editor:sel"))
        #expect(editor.wordBeforeCursor == "editor:sel")
        _ = edit(&editor, bytes("(caret.op"))
        #expect(editor.wordBeforeCursor == "caret.op")
    }

    @Test func completionColumns() {
        #expect(TerminalLineReader.columns(["a", "bb", "ccc", "d"], width: 10) == "a    bb\r\nccc  d\r\n")
    }
}
