import Testing
import CaretCore

@Suite struct EditorUndoTests {
    @Test func typingCoalesces() throws {
        try check("|", [.insertText("a"), .insertText("b"), .insertText("c"), .undo], "|")
        try check("x|", [.insertText("a"), .insertNewline, .insertTab, .undo], "x|")
        try check("abc|", [.deleteBackward, .deleteBackward, .undo], "abc|")
        try check("|abc", [.deleteForward, .deleteForward, .undo], "|abc")
        try check("ab|", [.insertText("c"), .deleteBackward, .undo], "abc|")
    }

    @Test func movingOrAnotherCommandBreaksCoalescing() throws {
        try check("|", [.insertText("a"), .moveLeft, .moveRight, .insertText("b"), .undo], "a|")
        try check("|", [.insertText("a"), .toggleBold, .insertText("b"), .undo], "a|<bold>")
        try check("|", [.insertText("a"), .copy, .insertText("b"), .undo], "a|")
    }

    @Test func virtualTimeBreaksCoalescing() throws {
        let editor = try makeEditor("|")
        try editor.perform(.insertText("a"))
        try editor.advanceClock(by: 0.5)
        try editor.perform(.insertText("b"))
        try editor.advanceClock(by: 1.5)
        try editor.perform(.insertText("c"))
        #expect(editor.undoCount == 2)
        try editor.perform(.undo)
        #expect(printMarkup(editor.state) == "ab|")
        #expect(throws: EditorError.self) { try editor.advanceClock(by: -1) }
    }

    @Test func undoRestoresTextAttributesAndSelection() throws {
        try check("a^bc|d", [.deleteBackward, .undo], "a^bc|d")
        try check("a|bc^d", [.deleteBackward, .undo], "a|bc^d")
        try check("a^bc|d", [.deleteBackward, .undo, .redo], "a|d")
        try check("^ab|", [.toggleBold, .undo], "^ab|")
        try check("^ab|", [.toggleBold, .undo, .redo], "^{bold:ab}|")
        try check("ab|", [.toggleBold, .insertText("c"), .undo], "ab|<bold>")
        try check("^😀\(family)|", [.cut, .paste, .paste, .undo, .undo, .undo], "^😀\(family)|")
        try check("a-b|", [.replaceAll(FindQuery("-"), with: "😀"), .undo], "a-b|")
        try check("|", [.undo, .redo], "|")
        try check("\(eAcute)|", [.deleteBackward, .insertText("x"), .undo, .undo], "\(eAcute)|")
    }

    @Test func aNewEditClearsRedo() throws {
        let editor = try makeEditor("ab|")
        try editor.perform(.deleteBackward)
        try editor.perform(.undo)
        #expect(editor.canRedo)
        try editor.perform(.insertText("x"))
        #expect(!editor.canRedo)
        try editor.perform(.redo)
        #expect(printMarkup(editor.state) == "abx|")
    }

    @Test func commandsWithoutEditsAddNoSteps() throws {
        let editor = try makeEditor("ab|")
        for command in [EditorCommand.moveLeft, .selectAll, .copy, .moveRight, .deleteForward, .toggleBold, .findNext(FindQuery("z"))] {
            try editor.perform(command)
        }
        #expect(editor.undoCount == 0)
    }
}

@Suite struct EditorObserverTests {
    @Test func observersHearEditsCommandsAndSelections() throws {
        let editor = try makeEditor("a^bc|d")
        var events: [EditorEvent] = []
        let observation = editor.addObserver { events.append($0) }
        try editor.perform(.insertText("X"))
        #expect(events == [
            .textChanged(EditorChange(command: .insertText("X"), edits: [TextEdit(range: 1..<3, replacement: AttributedText("X"))], selectionBefore: Selection(1..<3), selectionAfter: Selection(caret: 2))),
            .selectionChanged(old: Selection(1..<3), new: Selection(caret: 2), command: .insertText("X")),
        ])
        events = []
        try editor.perform(.undo)
        #expect(events == [
            .textChanged(EditorChange(command: .undo, edits: [TextEdit(range: 1..<2, replacement: AttributedText("bc"))], selectionBefore: Selection(caret: 2), selectionAfter: Selection(1..<3))),
            .selectionChanged(old: Selection(caret: 2), new: Selection(1..<3), command: .undo),
        ])
        events = []
        try editor.perform(.moveLeft)
        #expect(events == [.selectionChanged(old: Selection(1..<3), new: Selection(caret: 1), command: .moveLeft)])
        editor.removeObserver(observation)
        events = []
        try editor.perform(.insertText("Y"))
        #expect(events.isEmpty)
    }

    @Test func editsReplayOntoACopy() throws {
        let editor = try makeEditor("{bold:h^ello} wor|ld")
        var copy = editor.text
        editor.addObserver { event in
            if case .textChanged(let change) = event {
                for edit in change.edits { try! copy.replaceSubrange(edit.range, with: edit.replacement) }
            }
        }
        for command: EditorCommand in [.toggleItalic, .replaceAll(FindQuery("o"), with: "0"), .deleteWordBackward, .undo, .undo, .redo] {
            try editor.perform(command)
            #expect(copy == editor.text)
        }
    }
}
