import Testing
import CaretCore

/// Random sessions mixing user commands with commands over explicit ranges
/// (`Editor.perform(_:in:)`): a range step never moves the user's selection or typing
/// attributes (formatting keeps the length), and undoing every step restores, step by step, exactly
/// the state the user saw before it — then redo every state after it.
@Suite struct EditorRangeCommandRandomizedTests {
    @Test(arguments: [UInt64(11), 12, 13, 14])
    func undoAndRedoRestoreWhatTheUserSaw(defaultSeed: UInt64) throws {
        let seed = SeededRandom.seed(fallback: defaultSeed)
        var drawer = CommandDrawer(rng: SeededRandom(seed: seed))
        let editor = try makeEditor("Hello 😀 wor\u{301}ld\n🇺🇸 flag|")
        var past: [(before: DocumentState, after: DocumentState)] = []
        for step in 0..<300 {
            let before = editor.state
            let undoCount = editor.undoCount
            var label: String
            if drawer.rng.oneIn(3) {
                let a = drawer.boundary(in: editor.text)
                let b = drawer.boundary(in: editor.text)
                let commands: [EditorCommand] = (0..<drawer.rng.int(in: 1...3)).map { _ in
                    drawer.pick([
                        .setAttribute(.bold, .bool(true)), .removeAttribute(.bold), .toggleTrait(.italic),
                        .setAttribute(.fontSize, .number(Double(drawer.rng.int(in: 8...30)))),
                        .setAttribute(.custom("tag"), .string("t")), .removeFormatting, .setLink("https://x"),
                    ])
                }
                label = "\(commands) in \(min(a, b))..<\(max(a, b))"
                try editor.perform(commands, in: min(a, b)..<max(a, b))
                let after = editor.state
                #expect(after.selection == before.selection, "seed \(seed), step \(step): \(label) moved the selection")
                #expect(editor.typingAttributes == (try Editor(state: before)).typingAttributes,
                        "seed \(seed), step \(step): \(label) changed the typing attributes")
            } else {
                var command = drawer.next(for: editor)
                while command == .undo || command == .redo { command = drawer.next(for: editor) }
                label = "\(command)"
                do { try editor.perform(command) } catch { continue }
            }
            let after = editor.state
            if editor.undoCount > undoCount {
                past.append((before, after))
            } else if editor.undoCount == undoCount, after.text != before.text, !past.isEmpty {
                past[past.count - 1].after = after  // typing coalesced into the last step
            }
            #expect(editor.undoCount == past.count, "seed \(seed), step \(step): \(label)")
        }
        var future: [(before: DocumentState, after: DocumentState)] = []
        while let last = past.popLast() {
            try editor.perform(.undo)
            #expect(editor.state == last.before, "seed \(seed): undo of step \(past.count)")
            future.append(last)
        }
        while let next = future.popLast() {
            try editor.perform(.redo)
            #expect(editor.state == next.after, "seed \(seed): redo")
        }
    }
}
