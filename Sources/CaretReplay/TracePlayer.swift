import CaretCore
import CaretFormats

/// Applies a trace to an `Editor` one event at a time, checking checkpoints as it goes (when
/// `checking`). The same trace always leaves the editor in the same state.
public final class TracePlayer {
    /// The trace being played.
    public let trace: Trace
    /// The file name used in failures.
    public let file: String
    /// The editor the trace acts on, made from the header.
    public let editor: Editor
    // Unchecked: a replay reads them on every event, and the dynamic exclusivity check of a class
    // property costs more than the rest of stepping (the player is not shared between threads).
    /// Whether checkpoints are checked (otherwise they are skipped).
    @exclusivity(unchecked) public var checking: Bool
    /// The number of events applied so far (the last step done).
    @exclusivity(unchecked) public private(set) var step = 0

    /// A player over a fresh editor showing the header's document with the header's options.
    /// - Throws: `ReplayFailure` at step 0 when the header's document cannot be shown.
    public init(trace: Trace, file: String = "<trace>", checking: Bool = true) throws(ReplayFailure) {
        self.trace = trace
        self.file = file
        self.checking = checking
        do {
            editor = try Editor(state: trace.header.document, options: trace.header.options)
        } catch {
            throw ReplayFailure(file: file, step: 0, line: 1, event: .check(Checkpoint(expected: trace.header.document)), kind: .error("\(error)"))
        }
    }

    /// A player for a trace read as a stream: it holds only the header (`trace.events` stays
    /// empty) and is handed each event in turn with `play(_:line:)`.
    /// - Throws: `ReplayFailure` at step 0 when the header's document cannot be shown.
    public convenience init(header: TraceHeader, file: String = "<trace>", checking: Bool = true) throws(ReplayFailure) {
        try self.init(trace: Trace(header: header), file: file, checking: checking)
    }

    /// Whether every event has been applied.
    public var isFinished: Bool { step >= trace.events.count }

    /// Applies the next event; returns false when there is none.
    /// - Throws: `ReplayFailure` for a refused event or (when checking) a failed checkpoint.
    @discardableResult
    public func stepForward() throws(ReplayFailure) -> Bool {
        guard step < trace.events.count else { return false }
        try perform(trace.events[step], line: trace.line(ofStep: step + 1))
        return true
    }

    /// Applies `event`, read from line `line` of the file, as the next step (a streaming player's
    /// way to advance; `trace.events` is not consulted).
    /// - Throws: `ReplayFailure` for a refused event or (when checking) a failed checkpoint.
    public func play(_ event: TraceEvent, line: Int) throws(ReplayFailure) {
        try perform(event, line: line)
    }

    /// `play(_:line:)`, returning its failure instead of throwing it.
    func playReportingFailure(_ event: TraceEvent, line: Int) -> ReplayFailure? {
        do throws(ReplayFailure) {
            try perform(event, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func perform(_ event: TraceEvent, line: Int) throws(ReplayFailure) {
        step += 1
        do {
            if case .check(let checkpoint) = event {
                if checking, let mismatch = TracePlayer.mismatch(checkpoint, editor) {
                    throw ReplayFailure(file: file, step: step, line: line, event: event,
                                        kind: .checkFailed(expected: mismatch.expected, actual: mismatch.actual))
                }
            } else {
                try TracePlayer.apply(event, to: editor)
            }
        } catch let failure as ReplayFailure {
            throw failure
        } catch {
            throw ReplayFailure(file: file, step: step, line: line, event: event, kind: .error("\(error)"))
        }
    }

    /// Applies events until step `until` is done (all when nil).
    /// - Throws: the first `ReplayFailure`.
    public func run(until: Int? = nil) throws(ReplayFailure) {
        let last = min(until ?? trace.events.count, trace.events.count)
        while step < last { try stepForward() }
    }

    /// Applies one event that is not a checkpoint (checkpoints do nothing here).
    /// - Throws: `EditorError` when the editor refuses it.
    public static func apply(_ event: TraceEvent, to editor: Editor) throws {
        switch event {
        case .text(let text): try editor.perform(.insertText(text))
        case .key(let chord): try editor.handle(chord)
        case .select(let anchor, let head): try editor.perform(.setSelection(anchor: anchor, head: head))
        case .command(let command): try editor.perform(command)
        case .paste(let content, let plain):
            editor.clipboard = content
            try editor.perform(plain ? .pasteAsPlainText : .paste)
        case .undo(let count): for _ in 0..<count { try editor.perform(.undo) }
        case .redo(let count): for _ in 0..<count { try editor.perform(.redo) }
        case .wait(let seconds): try editor.advanceClock(by: seconds)
        case .check: break
        }
    }

    /// The expected and actual text of a checkpoint that does not match the editor, else nil.
    /// Both are the canonical markup (without the selection when the checkpoint has none),
    /// followed by `trait NAME: STATE` and `typing: {…}` lines for what the checkpoint asserts.
    public static func mismatch(_ checkpoint: Checkpoint, _ editor: Editor) -> (expected: String, actual: String)? {
        let actualState = checkpoint.expected.selection == nil ? DocumentState(text: editor.text) : editor.state
        var expected = Markup.print(checkpoint.expected)
        var actual = Markup.print(actualState)
        for trait in checkpoint.traits {
            expected += "\ntrait \(trait.key.name): \(trait.state)"
            actual += "\ntrait \(trait.key.name): \(editor.traitState(trait.key))"
        }
        if let typing = checkpoint.typingAttributes {
            expected += "\ntyping: " + DocumentJSON.encode(typing).serialized()
            actual += "\ntyping: " + DocumentJSON.encode(editor.typingAttributes).serialized()
        }
        return expected == actual ? nil : (expected, actual)
    }

    /// A checkpoint of what `editor` shows now: its state as markup, and optionally every trait's
    /// state and the exact typing attributes.
    public static func checkpoint(of editor: Editor, traits: Bool = false, typing: Bool = false) -> Checkpoint {
        Checkpoint(
            expected: editor.state,
            traits: traits ? AttributeKey.traits.map { .init(key: $0, state: editor.traitState($0)) } : [],
            typingAttributes: typing ? editor.typingAttributes : nil
        )
    }
}
