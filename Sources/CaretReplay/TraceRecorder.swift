import CaretCore

/// Records what happens to an editor as a trace, one line at a time. Events given to
/// `record(_:)` are applied to the editor and written as they are; with `observe()`, commands
/// performed on the editor directly by other code (scripts) are written too, as `command`,
/// `text` or `select` events. The header is written when the recorder is made.
///
/// Observers only hear commands that change the text or the selection: a caret toggle or a copy
/// made directly on the editor is invisible to them, so code that wants every event recorded
/// routes it through `record(_:)`.
public final class TraceRecorder {
    /// The editor recorded.
    public let editor: Editor
    let sink: TraceSink
    var observation: EditorObservation?
    /// The last text change heard, to skip the selection change the same command sends after it.
    var lastTextChange: EditorChange?
    /// Set while `record(_:)` applies an event, so the observer does not write it twice.
    var applying = false
    /// The number of events written (the header not counted).
    public private(set) var count = 0
    /// The first error the sink reported from an observer callback (observers cannot throw).
    public private(set) var sinkError: Error?

    /// Starts a trace of `editor` into `sink`, writing a header with the editor's current state,
    /// options and `seed`.
    /// - Throws: what the sink throws.
    public init(editor: Editor, sink: TraceSink, seed: UInt64 = 0) throws {
        self.editor = editor
        self.sink = sink
        try sink.writeLine(TraceWriter.line(TraceHeader(document: editor.state, seed: seed, options: editor.options)))
    }

    deinit {
        if let observation { editor.removeObserver(observation) }
    }

    /// Applies `event` to the editor (a checkpoint is checked first, see below) and writes it.
    /// An event the editor refuses is not written.
    /// - Throws: `EditorError` from the editor, or what the sink throws.
    public func record(_ event: TraceEvent) throws {
        applying = true
        defer { applying = false }
        try TracePlayer.apply(event, to: editor)
        try write(event)
    }

    /// Writes a checkpoint of what the editor shows now (optionally with every trait's state and
    /// the exact typing attributes) and returns it.
    /// - Throws: what the sink throws.
    @discardableResult
    public func checkpoint(traits: Bool = false, typing: Bool = false) throws -> Checkpoint {
        let checkpoint = TracePlayer.checkpoint(of: editor, traits: traits, typing: typing)
        try write(.check(checkpoint))
        return checkpoint
    }

    /// Writes `event` without applying it.
    /// - Throws: what the sink throws.
    public func write(_ event: TraceEvent) throws {
        try sink.writeLine(TraceWriter.line(event))
        count += 1
    }

    /// Also records commands other code performs on the editor directly.
    public func observe() {
        guard observation == nil else { return }
        observation = editor.addObserver { [weak self] change in self?.heard(change) }
    }

    func heard(_ change: EditorEvent) {
        guard !applying else { return }
        switch change {
        case .textChanged(let change):
            lastTextChange = change
            if let command = change.command { writeOrRemember(TraceRecorder.event(for: command)) }
        case .selectionChanged(let old, let new, let command):
            // A command that changed the text was written from `.textChanged` just before.
            if let last = lastTextChange, last.command == command, last.selectionBefore == old, last.selectionAfter == new {
                lastTextChange = nil
                return
            }
            writeOrRemember(command.map(TraceRecorder.event(for:)) ?? .select(anchor: new.anchor, head: new.head))
        }
    }

    func writeOrRemember(_ event: TraceEvent) {
        do { try write(event) } catch {
            if sinkError == nil { sinkError = error }
        }
    }

    static func event(for command: EditorCommand) -> TraceEvent {
        switch command {
        case .insertText(let text): .text(text)
        case .setSelection(let anchor, let head): .select(anchor: anchor, head: head)
        case .undo: .undo(count: 1)
        case .redo: .redo(count: 1)
        default: .command(command)
        }
    }
}
