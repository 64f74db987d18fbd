import Testing
import CaretCore

/// `Editor.perform(_:in:)`: commands over an explicit range, recorded with the user's selection.
@Suite struct EditorRangeCommandTests {
    @Test func undoAndRedoRestoreTheSelectionTheUserSaw() throws {
        let editor = try makeEditor("he|llo w^orld")
        try editor.perform([.setAttribute(.bold, .bool(true))], in: 0..<5)
        // The typing attributes stay the user's (plain), though the selection's first character is now bold.
        #expect(printMarkup(editor.state) == "{bold:he|<>llo} w^orld")
        #expect(editor.undoCount == 1)
        try editor.perform(.undo)
        #expect(printMarkup(editor.state) == "he|llo w^orld")
        try editor.perform(.redo)
        #expect(printMarkup(editor.state) == "{bold:he|<>llo} w^orld")
        try editor.perform(.undo)
        #expect(editor.selection == Selection(anchor: 7, head: 2))
    }

    @Test func severalCommandsAreOneStepAndTypingAttributesStay() throws {
        // A caret after an emoji: the range helpers never touch it or what it would type.
        let editor = try makeEditor("{italic:😀e\u{301}}| tail")
        let typing = editor.typingAttributes
        try editor.perform([.setAttribute(.fontSize, .number(20)), .removeAttribute(.italic), .setAttribute(.underline, .bool(true))], in: 0..<2)
        #expect(printMarkup(editor.state) == "{underline fontSize=20:😀}{italic:e\u{301}}| tail")
        #expect(editor.typingAttributes == typing)
        #expect(editor.undoCount == 1)
        try editor.perform(.undo)
        #expect(printMarkup(editor.state) == "{italic:😀e\u{301}}| tail")
        #expect(editor.typingAttributes == typing)
        try editor.perform(.redo)
        #expect(printMarkup(editor.state) == "{underline fontSize=20:😀}{italic:e\u{301}}| tail")
    }

    @Test func explicitTypingAttributesSurviveTheStepAndItsUndo() throws {
        let editor = try makeEditor("ab|")
        try editor.perform(.toggleBold)
        #expect(printMarkup(editor.state) == "ab|<bold>")
        try editor.perform([.setAttribute(.italic, .bool(true))], in: 0..<1)
        #expect(printMarkup(editor.state) == "{italic:a}b|<bold>")
        try editor.perform(.undo)
        #expect(printMarkup(editor.state) == "ab|<bold>")
    }

    @Test func anEditMapsTheUserSelection() throws {
        let editor = try makeEditor("one two^ thr|ee")
        try editor.perform([.insertText("1")], in: 0..<3)
        #expect(printMarkup(editor.state) == "1 two^ thr|ee")
        try editor.perform(.undo)
        #expect(printMarkup(editor.state) == "one two^ thr|ee")
    }

    @Test func observersHearOneChangeAndNoSelectionMove() throws {
        let editor = try makeEditor("abc|")
        var events: [EditorEvent] = []
        editor.addObserver { events.append($0) }
        try editor.perform([.setAttribute(.bold, .bool(true))], in: 1..<2)
        #expect(events.count == 1)
        if case .textChanged(let change) = events.first {
            #expect(change.command == .setAttribute(.bold, .bool(true)))
            #expect(change.selectionBefore == Selection(caret: 3) && change.selectionAfter == Selection(caret: 3))
        } else {
            Issue.record("expected a text change, got \(events)")
        }
    }

    @Test func badInputLeavesTheEditorAsItWas() throws {
        let editor = try makeEditor("a😀|b")
        #expect(throws: EditorError.self) { try editor.perform([.toggleBold], in: 0..<2) }
        #expect(throws: EditorError.self) { try editor.perform([.toggleBold], in: 0..<9) }
        #expect(throws: EditorError.self) { try editor.perform([.undo], in: 0..<1) }
        #expect(throws: EditorError.self) {
            try editor.perform([.setAttribute(.bold, .bool(true)), .setAttribute(.fontSize, .string("big"))], in: 0..<1)
        }
        #expect(printMarkup(editor.state) == "a😀|b")
        #expect(editor.undoCount == 0)
        try editor.perform([], in: 0..<1)
        #expect(editor.undoCount == 0)
    }
}
