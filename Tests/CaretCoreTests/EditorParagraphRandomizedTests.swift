import Testing
import CaretCore

/// Documents with headings, nested lists, quotes, code and alignment, astral and combining text
/// inside them.
let paragraphDocuments = [
    "{heading=1:T😀tle\n}Body \(eAcute)|\n{listStyle=\"bullet\" listLevel=1:one\n}{listStyle=\"bullet\" listLevel=2:\(family)\n}{listStyle=\"bullet\" listLevel=1:two}",
    "{listStyle=\"ordered\" listLevel=1:a\nb|\n}{blockQuote=true:q\n}{codeBlock=true:let x\n\n}{alignment=\"center\":c}",
    "|{heading=2 bold:H\n}\n{listStyle=\"ordered\" listLevel=1:🇺🇸\n}",
]

/// Paragraph commands and the keys their rules attach to, mixed into the general drawer.
extension CommandDrawer {
    mutating func nextWithParagraphs(for editor: Editor) -> EditorCommand {
        guard rng.int(in: 0..<100) < 35 else { return next(for: editor) }
        return pick([
            .insertNewline, .insertNewline, .deleteBackward, .deleteBackward, .deleteForward,
            .setHeading(rng.int(in: 0...3)), .toggleList("bullet"), .toggleList("ordered"),
            .indentList, .outdentList,
            .setParagraphAttribute(.blockQuote, .bool(true)), .setParagraphAttribute(.codeBlock, .bool(true)),
            .setParagraphAttribute(.alignment, .string(pick(["left", "center", "justified"]))),
            .setParagraphAttribute(.listLevel, .number(Double(rng.int(in: 1...4)))),
            .removeParagraphAttribute(pick(AttributeKey.paragraphKeys)),
            .setAttribute(.heading, .number(1)), .removeAttribute(.listStyle),
        ])
    }
}

/// The list ordinal of every paragraph, computed naively from the paragraphs' attributes.
func referenceListOrdinals(_ text: AttributedText) throws -> [Int?] {
    var paragraphs: [Attributes] = []
    var start = 0
    for unit in Array(text.string.utf16).indices where Array(text.string.utf16)[unit] == 0x0A || unit == text.utf16Count - 1 {
        paragraphs.append(try text.attributes(at: start))
        start = unit + 1
    }
    func level(_ a: Attributes) -> Int? {
        guard a[.listStyle] != nil else { return nil }
        if case .number(let n) = a[.listLevel] { return Int(n) }
        return 1
    }
    return paragraphs.indices.map { i in
        guard let mine = level(paragraphs[i]) else { return nil }
        var ordinal = 1
        for j in stride(from: i - 1, through: 0, by: -1) {
            guard let other = level(paragraphs[j]), other >= mine else { break }
            if other > mine { continue }
            guard paragraphs[j][.listStyle] == paragraphs[i][.listStyle] else { break }
            ordinal += 1
        }
        return ordinal
    }
}

@Suite struct EditorParagraphRandomizedTests {
    /// Random sessions on paragraph documents: after every command the paragraphs are uniform
    /// (and the whole storage valid every 16 steps), typed text takes the typing attributes, list
    /// ordinals agree with a naive count, and every undo and redo restores the exact state.
    @Test(arguments: 0..<2)
    func randomSessionsKeepParagraphsUniform(batch: Int) throws {
        let base = SeededRandom.seed(fallback: 0x9A7A) &+ UInt64(batch * 1000)
        for session in 0..<12 {
            let seed = base &+ UInt64(session)
            try runParagraphSession(seed: seed, count: 600, start: paragraphDocuments[Int(seed % UInt64(paragraphDocuments.count))])
        }
    }

    func runParagraphSession(seed: UInt64, count: Int, start: String) throws {
        let editor = try makeEditor(start)
        var drawer = CommandDrawer(rng: SeededRandom(seed: seed))
        var past: [(before: DocumentState, after: DocumentState)] = []
        var future: [(before: DocumentState, after: DocumentState)] = []
        for step in 0..<count {
            let command = drawer.nextWithParagraphs(for: editor)
            let before = editor.state
            let typingBefore = editor.typingAttributes
            let undoCount = editor.undoCount
            do {
                try editor.perform(command)
            } catch {
                Issue.record("seed \(seed) (rerun with CARET_SEED=\(seed)), step \(step): \(command) on \(printMarkup(before)) threw \(error)")
                throw error
            }
            let after = editor.state
            func context() -> Comment { "seed \(seed) (rerun with CARET_SEED=\(seed)), step \(step), \(command) on \(printMarkup(before)) gave \(printMarkup(after))" }
            do {
                try editor.text.checkParagraphInvariants()
            } catch {
                Issue.record("\(error): \(context())")
                throw error
            }
            switch command {
            case .undo:
                if let last = past.popLast() {
                    #expect(after == last.before, context())
                    future.append(last)
                }
            case .redo:
                if let next = future.popLast() {
                    #expect(after == next.after, context())
                    past.append(next)
                }
            default:
                if editor.undoCount == undoCount + 1 {
                    past.append((before, after))
                    future.removeAll()
                } else if after.text != before.text {
                    #expect(editor.undoCount == undoCount && !past.isEmpty, context())
                    if !past.isEmpty { past[past.count - 1].after = after }
                    future.removeAll()
                }
                if case .insertText(let string) = command, !string.isEmpty {
                    let lower = before.selection!.lowerBound
                    let runs = try editor.text.runs(in: lower..<(lower + string.utf16.count))
                    #expect(runs.allSatisfy { $0.attributes == typingBefore }, context())
                }
            }
            // Typing attributes carry the caret paragraph's attributes (but in the empty last paragraph).
            let caret = editor.selection.lowerBound
            let atEnd = caret == editor.text.utf16Count
            let inEmptyLast = atEnd && (caret == 0 || editor.text.string.utf16.last == 0x0A)
            if !inEmptyLast {
                let expected = try editor.text.paragraphAttributes(at: caret)
                #expect(editor.typingAttributes.paragraphAttributes == expected, context())
            }
            if step % 16 == 0 {
                try editor.text.checkInvariants()
                let starts = try paragraphStarts(editor.text)
                #expect(try starts.map { try editor.text.listOrdinal(ofParagraphAt: $0) } == (try referenceListOrdinals(editor.text)), context())
            }
            if editor.text.utf16Count > 200 { try editor.perform(.selectAll) }
        }
        while let last = past.popLast() {
            try editor.perform(.undo)
            #expect(editor.state == last.before, "seed \(seed): final undo")
            future.append(last)
        }
        while let next = future.popLast() {
            try editor.perform(.redo)
            #expect(editor.state == next.after, "seed \(seed): final redo")
        }
        try editor.text.checkInvariants()
    }

    /// The start of every non-empty paragraph.
    func paragraphStarts(_ text: AttributedText) throws -> [Int] {
        var result: [Int] = []
        var offset = 0
        while offset < text.utf16Count {
            result.append(offset)
            offset = try text.paragraphRange(containing: offset).upperBound
        }
        return result
    }
}
