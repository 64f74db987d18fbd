import Testing
@testable import CaretCore

/// A coalesced run of typing is one edit in the undo history: undo and redo change the document
/// once, observers hear one edit, and the result is the same as undoing key by key would give.
@Suite struct EditorTypingUndoTests {
    /// The edits observers hear for `command`.
    static func heardEdits(_ editor: Editor, _ command: EditorCommand) throws -> [TextEdit] {
        var edits: [TextEdit] = []
        let observation = editor.addObserver { event in
            if case .textChanged(let change) = event { edits += change.edits }
        }
        defer { editor.removeObserver(observation) }
        try editor.perform(command)
        return edits
    }

    @Test func aTypingRunUndoesAsOneEdit() throws {
        let editor = try makeEditor("Say |!")
        for key in ["h", "é", "l", "l", "o", "👋🏽", "a\u{301}"] { try editor.perform(.insertText(key)) }
        #expect(editor.undoCount == 1)
        #expect(editor.history.undoStack.last?.edits.count == 1)
        let undo = try Self.heardEdits(editor, .undo)
        #expect(undo == [TextEdit(range: 4..<(4 + "héllo👋🏽a\u{301}".utf16.count), replacement: AttributedText())])
        #expect(printMarkup(editor.state) == "Say |!")
        let redo = try Self.heardEdits(editor, .redo)
        #expect(redo == [TextEdit(range: 4..<4, replacement: AttributedText("héllo👋🏽a\u{301}"))])
        #expect(printMarkup(editor.state) == "Say héllo👋🏽a\u{301}|!")
    }

    @Test func typingOverASelectionUndoesToTheSelection() throws {
        let editor = try makeEditor("one ^two| three")
        for key in ["2", "2", "😀"] { try editor.perform(.insertText(key)) }
        #expect(editor.history.undoStack.last?.edits.count == 1)
        #expect(editor.history.undoStack.last?.inverses.count == 1)
        try editor.perform(.undo)
        #expect(printMarkup(editor.state) == "one ^two| three")
        try editor.perform(.redo)
        #expect(printMarkup(editor.state) == "one 22😀| three")
    }

    @Test func aRunKeepsItsAttributesApart() throws {
        // Bold typing attributes end the run (toggling is another command); a line break in a
        // plain document still coalesces, as typing.
        let editor = try makeEditor("|")
        try editor.perform(.insertText("a"))
        try editor.perform(.insertText("\n"))
        try editor.perform(.insertText("b"))
        try editor.perform(.toggleBold)
        try editor.perform(.insertText("c"))
        #expect(editor.undoCount == 2)
        try editor.perform(.undo)
        #expect(printMarkup(editor.state) == "a\nb|<bold>")
        try editor.perform(.undo)
        #expect(printMarkup(editor.state) == "|")
        try editor.perform(.redo)
        try editor.perform(.redo)
        #expect(editor.text.string == "a\nbc")
        #expect(try editor.text.attributes(at: 3) == .traits(.bold))
    }

    @Test func pausesSplitARunIntoSteps() throws {
        let editor = try makeEditor("|")
        try editor.perform(.insertText("ab"))
        try editor.advanceClock(by: 5)
        try editor.perform(.insertText("cd"))
        try editor.perform(.insertText("ef"))
        #expect(editor.undoCount == 2)
        try editor.perform(.undo)
        #expect(printMarkup(editor.state) == "ab|")
        try editor.perform(.undo)
        #expect(printMarkup(editor.state) == "|")
    }

    @Test(arguments: SeededRandom.seeds(default: [21, 22, 23]))
    func undoAndRedoOfMergedRunsRestoreEachStep(seed: UInt64) throws {
        print("EditorTypingUndoTests: seed \(seed) (replay with CARET_SEED=\(seed))")
        var rng = SeededRandom(seed: seed)
        let keys = ["a", "b", " ", "\n", "é", "😀", "🇺🇸", "\u{301}", "\r", "\r\n", "字"]
        let editor = try makeEditor("start| end")
        // states[k]: what the editor showed just before the command that began step k + 1, which
        // is what undoing back to k steps must show.
        var states: [String] = []
        for _ in 0..<300 {
            let before = printMarkup(editor.state)
            let count = editor.undoCount
            switch rng.int(in: 0..<20) {
            case 0: try editor.advanceClock(by: 2)
            case 1: try editor.perform(.moveLeft)
            case 2: try editor.perform(.deleteBackward)
            default: try editor.perform(.insertText(keys[rng.int(in: 0..<keys.count)]))
            }
            if editor.undoCount > count { states.append(before) }
            #expect(states.count == editor.undoCount)
        }
        let final = printMarkup(editor.state)
        while editor.canUndo {
            try editor.perform(.undo)
            #expect(printMarkup(editor.state) == states[editor.undoCount], "seed \(seed), undo to step \(editor.undoCount)")
        }
        while editor.canRedo { try editor.perform(.redo) }
        #expect(printMarkup(editor.state) == final, "seed \(seed): redo all")
    }
}
