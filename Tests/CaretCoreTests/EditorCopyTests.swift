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
}
