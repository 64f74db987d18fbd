import Testing
@testable import CaretCore

/// The editor's specialised paths (plain-string edits, attribute maps, ASCII snapping) must do
/// exactly what the general path (attributed-text edits) does: the same document, selection,
/// typing attributes, history and observer events after every command of seeded random sessions.
@Suite struct EditorFastPathTests {
    /// Runs the same commands on a fast and a general editor and compares them after each.
    /// `observed: false` leaves both unobserved, as most hosts do: `replaceRange` then takes its
    /// one-pass lane (`performPlainReplacement`).
    func compare(seed: UInt64, count: Int, start: String, pieces: [String], options: EditorOptions = EditorOptions(),
                 formatting: Bool = false, observed: Bool = true) throws {
        let fast = try makeEditor(start, options: options)
        let general = try makeEditor(start, options: options)
        general.usesFastPaths = false
        var fastEvents: [EditorEvent] = []
        var generalEvents: [EditorEvent] = []
        if observed {
            fast.addObserver { fastEvents.append($0) }
            general.addObserver { generalEvents.append($0) }
        }
        var drawer = CommandDrawer(rng: SeededRandom(seed: seed))
        for step in 0..<count {
            var command = drawer.next(for: fast)
            let roll = drawer.rng.int(in: 0..<10)
            if roll < 3 {
                // replaceRange anywhere valid, inside grapheme clusters too, often at the caret.
                let length = fast.text.utf16Count
                var a = roll == 0 ? fast.selection.head : drawer.rng.int(in: 0...length)
                var b = roll == 0 ? a : drawer.rng.int(in: 0...length)
                a = fast.text.clamped(a)
                b = fast.text.clamped(b)
                command = .replaceRange(min(a, b)..<max(a, b), with: drawer.pick(pieces))
            } else if roll == 3 {
                command = .insertText(drawer.pick(pieces))
            } else if formatting, roll < 8 {
                // Restyle a random range: select it first (on both), then format it.
                let length = fast.text.utf16Count
                let a = fast.text.clamped(drawer.rng.int(in: 0...length))
                let b = fast.text.clamped(drawer.rng.int(in: 0...length))
                try fast.perform(.setSelection(anchor: a, head: b))
                try general.perform(.setSelection(anchor: a, head: b))
                fastEvents = []
                generalEvents = []
                command = drawer.pick([
                    .toggleBold, .toggleItalic, .toggleUnderline, .removeFormatting, .increaseFontSize,
                    .setAttribute(.foregroundColor, .string("#00ff00")), .removeAttribute(.italic), .setLink("https://y"),
                    .undo, .redo,
                ])
            }
            if drawer.rng.int(in: 0..<8) == 0 {
                let seconds = drawer.pick([0.2, 0.5, 2.0])
                try fast.advanceClock(by: seconds)
                try general.advanceClock(by: seconds)
            }
            let before = printMarkup(fast.state)
            var fastError: String?
            var generalError: String?
            do { try fast.perform(command) } catch { fastError = "\(error)" }
            do { try general.perform(command) } catch { generalError = "\(error)" }
            let context: Comment = "seed \(seed) (rerun with CARET_SEED=\(seed)), step \(step): \(command) on \(before)"
            #expect(fastError == generalError, context)
            #expect(fast.text == general.text, context)
            #expect(fast.selection == general.selection, context)
            // `state` does not force lazily inherited typing attributes; reading them does, so
            // read them only now and then, leaving the lazy path to later edits.
            #expect(fast.state == general.state, context)
            if step % 7 == 0 { #expect(fast.typingAttributes == general.typingAttributes, context) }
            #expect(fast.undoCount == general.undoCount && fast.redoCount == general.redoCount, context)
            #expect(fastEvents == generalEvents, context)
            fastEvents = []
            generalEvents = []
            if fast.text != general.text { return }
        }
        // Take the whole history back and forth on both.
        for command in [EditorCommand.undo, .redo] {
            while command == .undo ? fast.canUndo : fast.canRedo {
                try fast.perform(command)
                try general.perform(command)
                #expect(fast.state == general.state, "seed \(seed): \(command) through the history")
                #expect(fastEvents == generalEvents, "seed \(seed): \(command) events")
                fastEvents = []
                generalEvents = []
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomSessionsAgree(seed: UInt64) throws {
        for seed in SeededRandom.seeds(default: [seed &* 7919]) {
            try compare(seed: seed, count: 1_500, start: "{bold:he^llo} wor|ld\nsecond line", pieces: randomPieces)
        }
    }

    @Test(arguments: [5, 6] as [UInt64])
    func asciiSessionsAgree(seed: UInt64) throws {
        // All-ASCII text without CR takes the snapping shortcut; a CR now and then leaves it.
        let pieces = ["a", "bc", " ", "\n", "xyz ", ".", "\r"]
        for seed in SeededRandom.seeds(default: [seed &* 7919]) {
            try compare(seed: seed, count: 1_500, start: "plain ^text| here\nand more", pieces: pieces)
            try compare(seed: seed, count: 300, start: "|", pieces: pieces, options: EditorOptions(traitToggle: .perRunFlip))
        }
    }

    @Test(arguments: [7, 8] as [UInt64])
    func formattingSessionsAgree(seed: UInt64) throws {
        let start = "{bold:one} two {italic:three} {bold italic:four} five\n{underline:six} 😀 seven {code:eight}|"
        for seed in SeededRandom.seeds(default: [seed &* 7919]) {
            try compare(seed: seed, count: 1_500, start: start, pieces: randomPieces, formatting: true)
            try compare(seed: seed, count: 500, start: start, pieces: randomPieces, options: EditorOptions(traitToggle: .perRunFlip), formatting: true)
        }
    }

    @Test(arguments: [9, 10] as [UInt64])
    func unobservedSessionsAgree(seed: UInt64) throws {
        // Without observers a plain `replaceRange` skips the command machinery; emoji, combining
        // marks, several runs and restyling around it must not tell the difference.
        let start = "{bold:one} two {italic:thr\u{301}ee} 👩‍👩‍👧 {bold italic:four}|\n{underline:six} 😀 seven"
        for seed in SeededRandom.seeds(default: [seed &* 7919]) {
            try compare(seed: seed, count: 1_500, start: start, pieces: randomPieces, formatting: true, observed: false)
            try compare(seed: seed, count: 1_000, start: "plain ^text| here\nand more", pieces: ["a", "bc", " ", "\n", "é", "😀", ""],
                        observed: false)
        }
    }

    /// A replacement that leaves the caret where it is must not change the typing attributes the
    /// caret inherited, even when it replaces the character they came from (at a line start the
    /// caret inherits from the character after it).
    @Test(arguments: [
        ("{bold:a}b\nc|", 0, 0..<1, ""), ("x\n{bold:a}b|", 2, 2..<3, ""), ("x\n{bold:a}b|", 2, 2..<3, "é"),
        ("{italic:é}b|", 0, 0..<1, ""), ("{bold:ab}c|", 1, 3..<3, "z"), ("{bold:a}\r\nb|", 3, 3..<4, ""),
    ] as [(String, Int, Range<Int>, String)])
    func unmovedCaretKeepsItsTypingAttributes(start: String, caret: Int, range: Range<Int>, replacement: String) throws {
        let fast = try makeEditor(start)
        let general = try makeEditor(start)
        general.usesFastPaths = false
        for editor in [fast, general] {
            // Moving the caret leaves its typing attributes to be inherited when asked.
            try editor.perform(.setSelection(anchor: caret, head: caret))
            try editor.perform(.replaceRange(range, with: replacement))
        }
        #expect(fast.selection == general.selection)
        #expect(fast.typingAttributes == general.typingAttributes, "\(start): \(range) -> \(replacement)")
        #expect(fast.state == general.state)
        try fast.perform(.undo)
        try general.perform(.undo)
        #expect(fast.state == general.state)
    }

    @Test func historyLongerThanAChunkOfSteps() throws {
        // Frozen undo steps are stored in chunks of at most `StepLog.chunkBytes` (a one-character
        // step takes well under 16 bytes); cross many chunk boundaries both ways.
        let editor = try makeEditor("|")
        let chunk = StepLog.chunkBytes / 16
        let steps = chunk * 2 + 100
        var final = ""
        for i in 0..<steps {
            try editor.perform(.replaceRange(editor.text.utf16Count..<editor.text.utf16Count, with: String(i % 10)))
            final += String(i % 10)
        }
        #expect(editor.text.string == final)
        #expect(editor.undoCount == steps)
        func check(_ length: Int) {
            #expect(editor.text.utf16Count == length)
            if length % 997 == 0 { #expect(editor.text.string == String(final.prefix(length))) }
        }
        for back in 1...(chunk + 50) {
            try editor.perform(.undo)
            check(steps - back)
        }
        #expect(editor.redoCount == chunk + 50)
        for back in 0..<chunk {
            try editor.perform(.redo)
            check(steps - chunk - 49 + back)
        }
        #expect(editor.text.string == String(final.prefix(steps - 50)))
        try editor.perform(.insertText("x"))
        #expect(editor.redoCount == 0 && editor.undoCount == steps - 49)
        while editor.canUndo { try editor.perform(.undo) }
        #expect(editor.text.string == "")
    }

    @Test func wholeDocumentRestyleUndoesToTheSameRuns() throws {
        let editor = try makeEditor("^{bold:ab}c{italic:de}😀|")
        let original = editor.state
        try editor.perform(.toggleBold)
        try editor.perform(.toggleUnderline)
        try editor.perform(.undo)
        try editor.perform(.undo)
        #expect(editor.state == original)
        try editor.perform(.redo)
        try editor.perform(.redo)
        #expect(editor.text.runs.allSatisfy { $0.attributes.has(.bold) && $0.attributes.has(.underline) })
        #expect(editor.text.string == "abcde😀")
    }
}
