#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import CaretCore

/// Pieces typed or pasted: ASCII, spaces, line breaks, astral, ZWJ, combining marks, flags and
/// lone regional indicators (which pair with their neighbours).
let randomPieces = ["a", "b", "xy", " ", "  ", "\n", "\r\n", ".", "😀", family, eAcute, "\u{301}", "🇺🇸", "🇫", "e", "कि", "\u{93F}", "กี่"]

/// Draws commands that a user or a script could issue, on grapheme boundaries.
struct CommandDrawer {
    var rng: SeededRandom

    mutating func pick<T>(_ items: [T]) -> T { items[rng.int(in: 0..<items.count)] }

    mutating func boundary(in text: AttributedText) -> Int {
        var offsets = [0]
        for c in text.string { offsets.append(offsets.last! + c.utf16.count) }
        return pick(offsets)
    }

    mutating func next(for editor: Editor) -> EditorCommand {
        let big = editor.text.utf16Count > 120
        let roll = rng.int(in: 0..<100)
        switch roll {
        case 0..<22: return .insertText(pick(randomPieces) + (rng.bool() ? "" : pick(randomPieces)))
        case 22..<24: return pick([.insertNewline, .insertTab, .openLine, .transpose])
        case 24..<32 where big: return pick([.selectAll, .selectParagraph])
        case 24..<32: return pick([.deleteBackward, .deleteForward, .deleteBackward, .deleteBackwardByDecomposing])
        case 32..<37: return pick([.deleteBackward, .deleteForward, .deleteWordBackward, .deleteWordForward, .deleteToLineStart, .deleteToLineEnd])
        case 37..<57: return .move(pick(Movement.allCases), extend: rng.bool())
        case 57..<61: return pick([.selectAll, .selectWord, .selectLine, .selectParagraph])
        case 61..<66:
            let a = boundary(in: editor.text)
            return .setSelection(anchor: a, head: rng.bool() ? a : boundary(in: editor.text))
        case 66..<72:
            let policy: TraitTogglePolicy? = pick([nil, nil, .uniform, .perRunFlip, .removeIfAny])
            return .toggleTrait(pick(AttributeKey.traits), policy: policy, skipEdgeWhitespace: rng.oneIn(4))
        case 72..<76:
            return pick([
                .setAttribute(.fontSize, .number(Double(rng.int(in: 8...30)))),
                .setAttribute(.foregroundColor, .string("#ff0000")), .removeAttribute(.bold),
                .increaseFontSize, .decreaseFontSize, .removeFormatting, .setLink("https://x"), .removeLink,
                .setAttribute(.custom("tag"), .string("t")), .setAttribute(.underline, .string("double")),
                .setAttribute(.strikethrough, .string("thick dash")),
            ])
        case 76..<81: return pick([.cut, .copy, .paste, .pasteAsPlainText])
        case 81..<84:
            let a = boundary(in: editor.text)
            let b = boundary(in: editor.text)
            return .replaceRange(min(a, b)..<max(a, b), with: pick(randomPieces))
        case 84..<88:
            let query = pick([FindQuery("a"), FindQuery("A", caseInsensitive: true), FindQuery("[ab]+", isRegex: true), FindQuery(family), FindQuery("😀")])
            return pick([.findNext(query), .findPrevious(query), .replaceNext(query, with: pick(randomPieces)), .replaceAll(query, with: pick(randomPieces))])
        default: return pick([.undo, .undo, .redo])
        }
    }
}

/// A reference model of the history: the state before and after every undo step.
struct HistoryModel {
    var past: [(before: DocumentState, after: DocumentState)] = []
    var future: [(before: DocumentState, after: DocumentState)] = []
    /// The typing group of the previous command when it changed the text, and the clock then.
    var lastGroup: String?
    var lastEditTime = 0.0

    /// Which commands coalesce with each other (docs/editor.md, "Undo coalescing").
    static func group(_ command: EditorCommand) -> String? {
        switch command {
        case .insertText, .insertNewline, .insertTab: "typing"
        case .deleteBackward, .deleteBackwardByDecomposing: "deleteBackward"
        case .deleteForward: "deleteForward"
        default: nil
        }
    }

    /// Whether `command`, run from `selection` at `clock`, must join the last step.
    func shouldCoalesce(_ command: EditorCommand, from selection: Selection?, clock: Double, interval: Double) -> Bool {
        guard let group = HistoryModel.group(command), group == lastGroup, let last = past.last else { return false }
        return last.after.selection == selection && clock - lastEditTime <= interval
    }
}

/// Runs `count` random commands from `start`, checking the invariants after each; returns the
/// number of commands run. Failures name the seed, the step and the command.
@discardableResult
func runRandomSession(seed: UInt64, count: Int, start: String, options: EditorOptions = EditorOptions()) throws -> Int {
    let editor = try makeEditor(start, options: options)
    var drawer = CommandDrawer(rng: SeededRandom(seed: seed))
    var model = HistoryModel()
    for step in 0..<count {
        let command = drawer.next(for: editor)
        let before = editor.state
        let typingBefore = editor.typingAttributes
        if drawer.rng.int(in: 0..<10) == 0 {
            try editor.advanceClock(by: pick(&drawer.rng, [0.2, 0.5, 2]))
        }
        let undoCount = editor.undoCount
        let mustCoalesce = model.shouldCoalesce(command, from: before.selection, clock: editor.clock, interval: options.undoCoalescingInterval)
        do {
            try editor.perform(command)
        } catch {
            Issue.record("seed \(seed) (rerun with CARET_SEED=\(seed)), step \(step): \(command) on \(printMarkup(before)) threw \(error)")
            throw error
        }
        let after = editor.state
        func context() -> Comment { "seed \(seed) (rerun with CARET_SEED=\(seed)), step \(step), \(command) on \(printMarkup(before)) gave \(printMarkup(after))" }
        try checkSelection(editor, context)
        #expect(!editor.typingAttributes.keys.contains(.link), context())

        switch command {
        case .undo:
            if let last = model.past.popLast() {
                #expect(after == last.before, context())
                model.future.append(last)
            } else {
                #expect(after == before, context())
            }
        case .redo:
            if let next = model.future.popLast() {
                #expect(after == next.after, context())
                model.past.append(next)
            } else {
                #expect(after == before, context())
            }
        default:
            if after.text != before.text {
                #expect((editor.undoCount == undoCount) == mustCoalesce, "coalescing: \(context())")
            }
            if editor.undoCount == undoCount + 1 {
                model.past.append((before, after))
                model.future.removeAll()
            } else {
                #expect(editor.undoCount == undoCount, context())
                if after.text != before.text {
                    // Coalesced into the last step.
                    #expect(!model.past.isEmpty, context())
                    if !model.past.isEmpty { model.past[model.past.count - 1].after = after }
                    model.future.removeAll()
                }
            }
            #expect(editor.redoCount == model.future.count, context())
            // Typing attributes: any selection change resets them to the inherited ones.
            if after.selection != before.selection { #expect(after.typingAttributes == nil, context()) }
            // The editor's quick answer (a known run, no lookups) agrees with the text's rule.
            if after.typingAttributes == nil {
                #expect(editor.typingAttributes == (try editor.text.inheritedTypingAttributes(for: editor.selection)), context())
            }
            // Typed text takes the typing attributes.
            if case .insertText(let string) = command, !string.isEmpty {
                let lower = before.selection!.lowerBound
                let runs = try editor.text.runs(in: lower..<(lower + string.utf16.count))
                #expect(runs.allSatisfy { $0.attributes == typingBefore }, context())
            }
        }
        #expect(editor.undoCount == model.past.count, context())
        let changed = after.text != before.text && command != .undo && command != .redo
        model.lastGroup = changed ? HistoryModel.group(command) : nil
        if changed { model.lastEditTime = editor.clock }
        if step % 64 == 0 { try editor.text.checkInvariants() }
    }
    // Undo everything, then redo everything.
    while let last = model.past.popLast() {
        try editor.perform(.undo)
        #expect(editor.state == last.before, "seed \(seed): final undo")
        model.future.append(last)
    }
    #expect(!editor.canUndo)
    while let next = model.future.popLast() {
        try editor.perform(.redo)
        #expect(editor.state == next.after, "seed \(seed): final redo")
    }
    return count
}

func pick<T>(_ rng: inout SeededRandom, _ items: [T]) -> T { items[rng.int(in: 0..<items.count)] }

/// The selection is in range, off surrogate halves and on grapheme boundaries.
func checkSelection(_ editor: Editor, _ context: () -> Comment) throws {
    for position in [editor.selection.anchor, editor.selection.head] {
        #expect(position >= 0 && position <= editor.text.utf16Count, context())
        #expect(editor.text.isValidPosition(position), context())
        #expect(try editor.text.isGraphemeBoundary(position), context())
    }
}

@Suite struct EditorRandomizedTests {
    // 80 sessions × 1000 + 10 × 2000 + 4000 = 104,000 commands.
    static let sessions = 80
    static let commandsPerSession = 1000
    static let starts = ["|", "hello {bold:world}|", "|😀 \(family) \(eAcute)\n🇺🇸🇫🇷 {italic:ab}", "{link=\"u\":ab|c}\r\nd"]

    @Test(arguments: 0..<4)
    func randomSessionsKeepTheInvariants(batch: Int) throws {
        let base = SeededRandom.seed(fallback: 0xC0FFEE) &+ UInt64(batch * 1000)
        var total = 0
        for session in 0..<(Self.sessions / 4) {
            // The start document follows from the seed, so CARET_SEED alone reproduces a session.
            let seed = base &+ UInt64(session)
            total += try runRandomSession(seed: seed, count: Self.commandsPerSession, start: Self.starts[Int(seed % 4)])
        }
        #expect(total == Self.sessions / 4 * Self.commandsPerSession)
    }

    @Test func perRunFlipSessions() throws {
        let base = SeededRandom.seed(fallback: 0xBEEF)
        for session in 0..<10 {
            try runRandomSession(seed: base &+ UInt64(session), count: 2000, start: "a{bold:b}c|", options: EditorOptions(traitToggle: .perRunFlip, undoCoalescingInterval: 0.3))
        }
    }

    @Test func explicitPositionsInsideClustersStayValid() throws {
        var rng = SeededRandom(seed: SeededRandom.seed(fallback: 7))
        let editor = try makeEditor("a\(family)\(eAcute)🇺🇸|")
        for step in 0..<4000 {
            let position = rng.int(in: -1...(editor.text.utf16Count + 1))
            let command: EditorCommand = pick(&rng, [
                .setSelection(anchor: position, head: position), .replaceRange(position..<position, with: pick(&rng, randomPieces)),
                .moveLeft, .moveRight, .extendLeft, .insertText(pick(&rng, randomPieces)), .deleteBackward, .deleteForward, .undo,
            ])
            let before = editor.state
            do {
                try editor.perform(command)
            } catch {
                #expect(editor.state == before, "step \(step): failed \(command) changed the editor")
            }
            #expect(editor.text.isValidPosition(editor.selection.anchor) && editor.text.isValidPosition(editor.selection.head), "step \(step) \(command)")
            if editor.text.utf16Count > 80 { try editor.perform(.selectAll) }
        }
    }
}
