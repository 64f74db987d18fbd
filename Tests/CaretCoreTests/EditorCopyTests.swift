import CaretCore
import Testing
@testable import CaretCore

/// `Editor.copy()`: an independent editor in the same state, that the same commands change the
/// same way (the shrinker starts candidates from copies).
@Suite struct EditorCopyTests {
    @Test func copyAccountsForEveryStoredProperty() throws {
        let count = Mirror(reflecting: try Editor()).children.count
        #expect(count == Editor.copiedPropertyCount, "Editor has \(count) stored properties: copy() must copy the new one (and copiedPropertyCount be updated)")
    }

    @Test func theSameCommandsDoTheSameToACopy() throws {
        var random = SeededRandom(seed: SeededRandom.seed(fallback: 99))
        let commands: [EditorCommand] = [
            .insertText("ab "), .insertText("😀"), .insertText("e\u{301}\n"), .toggleTrait(.bold),
            .move(.left, extend: true), .move(.up, extend: false), .move(.down, extend: false), .deleteBackward, .undo, .redo,
            .move(.wordLeft, extend: true), .copy, .paste,
        ]
        let editor = try Editor()
        for round in 0..<300 {
            if round % 30 == 0 { try editor.advanceClock(by: 2) }
            try? editor.perform(commands[random.int(in: 0..<commands.count)])
            if round % 50 != 49 { continue }
            let copy = editor.copy()
            for _ in 0..<40 {
                let command = commands[random.int(in: 0..<commands.count)]
                let a = Result { try editor.perform(command) }
                let b = Result { try copy.perform(command) }
                let (aDone, bDone) = ((try? a.get()) != nil, (try? b.get()) != nil)
                #expect(aDone == bDone)
                #expect(copy.state == editor.state, "after \(command)")
                #expect(copy.undoCount == editor.undoCount && copy.redoCount == editor.redoCount)
            }
            // Changing one leaves the other alone.
            let before = editor.state
            try copy.perform(.insertText("only in the copy"))
            #expect(editor.state == before)
            while copy.canUndo { try copy.perform(.undo) }
            #expect(editor.state == before)
        }
    }

    @Test func copiesWriteTheirOwnFrozenSteps() throws {
        // Plain replaceRange steps are frozen into the undo log at once; a copy shares the log's
        // chunks, so each side's next steps must land in storage of its own, and each side then
        // undoes exactly its own history.
        let seed = SeededRandom.seed(fallback: 41)
        var random = SeededRandom(seed: seed)
        let editor = try Editor(text: AttributedText("héllo 😀 wörld\n"))
        /// A random plain replacement; the state before it when it made an undo step.
        func edit(_ editor: Editor, _ random: inout SeededRandom) throws -> DocumentState? {
            let length = editor.text.utf16Count
            let start = random.int(in: 0..<(length + 1))
            var end = min(length, start + random.int(in: 0..<3))
            let pieces = ["a", "é", "😀", "", "\n", "xyz"]
            let piece = pieces[random.int(in: 0..<pieces.count)]
            guard editor.text.isValidPosition(start) else { return nil }
            if !editor.text.isValidPosition(end) { end = start }
            let before = editor.state
            let steps = editor.undoCount
            try editor.perform(.replaceRange(start..<end, with: piece))
            return editor.undoCount > steps ? before : nil
        }
        var shared: [DocumentState] = []
        for _ in 0..<200 {
            if let before = try edit(editor, &random) { shared.append(before) }
        }
        let copy = editor.copy()
        var original = shared
        var copied = shared
        var otherRandom = SeededRandom(seed: seed &+ 1)
        for _ in 0..<300 {
            if let before = try edit(editor, &random) { original.append(before) }
            if let before = try edit(copy, &otherRandom) { copied.append(before) }
        }
        for (editor, states) in [(editor, original), (copy, copied)] {
            #expect(editor.undoCount == states.count, "seed \(seed)")
            for expected in states.reversed() {
                try editor.perform(.undo)
                #expect(editor.state == expected, "seed \(seed)")
            }
            #expect(!editor.canUndo)
        }
    }
}
