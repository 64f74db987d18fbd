import Testing
@testable import CaretCore

/// The undo history keeps every step but the top one frozen in a compact byte log: these tests
/// check that freezing and thawing give back exactly the states the editor went through.
@Suite struct UndoLogTests {
    /// What each undo step went from and to, taken as the editor made it.
    struct Oracle {
        var undo: [(before: DocumentState, after: DocumentState)] = []
        var redo: [(before: DocumentState, after: DocumentState)] = []
    }

    /// Performs `command`, keeping `oracle` in step, and checks undo and redo land on the recorded states.
    static func perform(_ command: EditorCommand, on editor: Editor, _ oracle: inout Oracle, _ context: String) throws {
        let before = editor.state
        let undoCount = editor.undoCount
        switch command {
        case .undo:
            try editor.perform(command)
            if let step = oracle.undo.popLast() {
                #expect(editor.state == step.before, "undo: \(context)")
                oracle.redo.append(step)
            }
        case .redo:
            try editor.perform(command)
            if let step = oracle.redo.popLast() {
                #expect(editor.state == step.after, "redo: \(context)")
                oracle.undo.append(step)
            }
        default:
            do { try editor.perform(command) } catch is EditorError { return }
            let after = editor.state
            if editor.undoCount == undoCount + 1 {
                oracle.undo.append((before, after))
                oracle.redo = []
            } else if editor.undoCount == undoCount, after.text != before.text {
                // Coalesced into the top step.
                oracle.undo[oracle.undo.count - 1].after = after
                oracle.redo = []
            } else {
                #expect(editor.undoCount == undoCount, "\(command) changed the history unexpectedly: \(context)")
                #expect(after.text == before.text, "\(command): \(context)")
            }
        }
        #expect(editor.undoCount == oracle.undo.count, "\(context)")
        #expect(editor.redoCount == oracle.redo.count, "\(context)")
    }

    /// Undoes everything, then redoes everything, then undoes it all again, state by state.
    static func walk(_ editor: Editor, _ oracle: Oracle, _ context: String) throws {
        var oracle = oracle
        while editor.canUndo { try perform(.undo, on: editor, &oracle, "undo all, \(context)") }
        #expect(oracle.undo.isEmpty, "\(context)")
        while editor.canRedo { try perform(.redo, on: editor, &oracle, "redo all, \(context)") }
        #expect(oracle.redo.isEmpty, "\(context)")
        while editor.canUndo { try perform(.undo, on: editor, &oracle, "undo all again, \(context)") }
    }

    static let documents = paragraphDocuments + [
        "{bold:one} two {italic:thr\(eAcute)e} 😀\(family) {bold italic:four}|\n{underline:🇺🇸 six}",
        "|",
        "a\u{301}\u{302}b\r\nc🇫🇷d|",
    ]

    /// Random sessions mixing typing (coalesced or not, by the clock), deletion, explicit
    /// replacements, attributed pastes, restyles, paragraph commands, range commands and undo
    /// and redo; then the whole history walked both ways on the editor and on a copy of it.
    @Test(arguments: 0..<4)
    func randomSessionsUndoAndRedoToTheRecordedStates(batch: Int) throws {
        for seed in SeededRandom.seeds(default: [UInt64(batch) &* 104_729 &+ 17, UInt64(batch) &* 7_919 &+ 3]) {
            let start = UndoLogTests.documents[Int(seed % UInt64(UndoLogTests.documents.count))]
            let editor = try makeEditor(start)
            var drawer = CommandDrawer(rng: SeededRandom(seed: seed))
            var oracle = Oracle()
            for step in 0..<500 {
                let context = "seed \(seed), step \(step)"
                if drawer.rng.oneIn(3) { try editor.advanceClock(by: drawer.rng.bool() ? 0.05 : 5) }
                let roll = drawer.rng.int(in: 0..<100)
                if roll < 8 {
                    // A script's explicit-range command: one step, the user's selection restored.
                    let a = drawer.boundary(in: editor.text)
                    let b = drawer.boundary(in: editor.text)
                    let command = drawer.pick([EditorCommand.toggleBold, .toggleItalic, .insertText(drawer.pick(randomPieces)), .setHeading(1), .toggleList("bullet")])
                    let before = editor.state
                    let undoCount = editor.undoCount
                    try editor.perform([command], in: min(a, b)..<max(a, b))
                    if editor.undoCount == undoCount + 1 {
                        oracle.undo.append((before, editor.state))
                        oracle.redo = []
                    }
                    #expect(editor.undoCount == oracle.undo.count, "\(context)")
                    continue
                }
                let command = roll < 20
                    ? EditorCommand.replaceRange(
                        { let a = drawer.boundary(in: editor.text), b = drawer.boundary(in: editor.text); return min(a, b)..<max(a, b) }(),
                        with: drawer.pick(randomPieces) + (drawer.rng.bool() ? "" : drawer.pick(randomPieces)))
                    : drawer.nextWithParagraphs(for: editor)
                try UndoLogTests.perform(command, on: editor, &oracle, "\(command), \(context)")
            }
            let twin = editor.copy()
            try UndoLogTests.walk(editor, oracle, "seed \(seed)")
            // The copy shares the history's storage; the walk above must not have changed it.
            try UndoLogTests.walk(twin, oracle, "the copy, seed \(seed)")
        }
    }

    /// Long runs of one-character replacements, as a trace replay makes them, in plain and
    /// astral text: every step frozen and thawed across many log chunks.
    @Test(arguments: [false, true])
    func traceLikeHistoryWalksBothWays(astral: Bool) throws {
        let seed = SeededRandom.seed(fallback: astral ? 31 : 29)
        var rng = SeededRandom(seed: seed)
        let editor = try makeEditor("{italic:start}|")
        var oracle = Oracle()
        let pieces = astral ? ["😀", "e\u{301}", family, "🇺🇸", "x", "\u{10400}"] : ["a", "b", " ", "\n", "xyz"]
        for step in 0..<6_000 {
            let length = editor.text.utf16Count
            let command: EditorCommand
            if length > 0, rng.oneIn(3) {
                // Delete one character at a random boundary.
                let offsets = UndoLogTests.boundaries(editor.text)
                let i = rng.int(in: 0..<(offsets.count - 1))
                command = .replaceRange(offsets[i]..<offsets[i + 1], with: "")
            } else {
                let offsets = UndoLogTests.boundaries(editor.text)
                let at = offsets[rng.int(in: 0..<offsets.count)]
                command = .replaceRange(at..<at, with: rng.element(of: pieces)!)
            }
            try UndoLogTests.perform(command, on: editor, &oracle, "seed \(seed), step \(step)")
            if editor.text.utf16Count > 400 { try UndoLogTests.perform(.replaceRange(0..<200, with: ""), on: editor, &oracle, "trim, seed \(seed)") }
        }
        try UndoLogTests.walk(editor, oracle, "seed \(seed)")
    }

    /// A one-character edit's frozen step takes at most 24 bytes, and the figure the editor
    /// reports for its history is the storage it really holds.
    @Test func oneCharacterStepsAreCompact() throws {
        let editor = try makeEditor("{italic:x}|")
        let steps = 50_000
        var at = 0
        for i in 0..<steps {
            // Positions spread over a long document, as in a real trace.
            at = (at &+ 7_919) % (editor.text.utf16Count + 1)
            let range = i % 3 == 2 && at < editor.text.utf16Count ? at..<(at + 1) : at..<at
            try editor.perform(.replaceRange(range, with: range.isEmpty ? "q" : ""))
        }
        let history = editor.history.undoStack.estimatedBytes
        #expect(editor.undoCount == steps)
        #expect(history <= steps * 24, "\(history) bytes for \(steps) steps")
        #expect(history >= steps * 8, "\(history) bytes for \(steps) steps: too little to be true")
        #expect(editor.estimatedBytes == editor.text.utf8Count * 3 / 2 + history)
        // Undo all: the bytes move to the redo stack and the undo stack holds none.
        while editor.canUndo { try editor.perform(.undo) }
        #expect(editor.history.undoStack.estimatedBytes == 0)
        #expect(editor.history.redoStack.estimatedBytes <= steps * 24)
        #expect(editor.text.string == "x")
        try editor.perform(.insertText("y"))
        #expect(editor.history.redoStack.estimatedBytes == 0)
    }

    /// Steps that keep attributed text, restyle maps and runs hold them by value beside the
    /// bytes; freezing many and thawing them all gives every one back.
    @Test func boxedRecordsComeBackInOrder() throws {
        let editor = try makeEditor("{bold:ab}c{italic:de}😀 \(family) tail|")
        var oracle = Oracle()
        let commands: [EditorCommand] = [
            .selectAll, .toggleBold, .toggleItalic, .setAttribute(.fontSize, .number(20)),
            .setSelection(anchor: 0, head: 4), .copy, .setSelection(anchor: 3, head: 3), .paste, .setHeading(2), .toggleList("ordered"),
            .setSelection(anchor: 0, head: 5), .cut, .removeFormatting, .paste, .transpose,
        ]
        for round in 0..<40 {
            for command in commands { try UndoLogTests.perform(command, on: editor, &oracle, "\(command), round \(round)") }
        }
        try UndoLogTests.walk(editor, oracle, "boxed")
    }

    static func boundaries(_ text: AttributedText) -> [Int] {
        var offsets = [0]
        for c in text.string { offsets.append(offsets.last! + c.utf16.count) }
        return offsets
    }
}
