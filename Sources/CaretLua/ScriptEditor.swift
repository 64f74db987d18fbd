import CaretCore
import CaretFormats
import CaretReplay

/// An editor as scripts hold it (the Lua type `Editor`): the `Editor`, its macros, and the trace
/// recorder of `caret run --record`. Every change a script makes goes through `perform` or
/// `apply`, so a recording sees exactly the script's commands, caret-only toggles included.
public final class ScriptEditor {
    /// The editor.
    public let editor: Editor
    /// Macros recorded and played on this editor.
    public let macros: MacroRecorder
    /// When set, every event the script applies is also written here (`caret run --record`).
    @exclusivity(unchecked) public private(set) var recorder: TraceRecorder?
    var recordingSink: TraceSink?
    /// Whether a macro is being recorded (kept here so the fast path need not ask). Read on every
    /// call; only API calls on this thread change it, so dynamic exclusivity checks are skipped.
    @exclusivity(unchecked) var isRecordingMacro = false
    /// Identifies this editor's handlers in the runtime's handler table.
    let id: Int
    /// Where the session lists this editor (`ScriptSession.editors`); -1 when it does not.
    var slot = -1
    /// The session whose runtime holds this editor's handlers.
    weak var session: ScriptSession?
    var observation: EditorObservation?

    init(editor: Editor, id: Int, session: ScriptSession?) {
        self.editor = editor
        self.macros = MacroRecorder(editor: editor)
        self.id = id
        self.session = session
    }

    deinit {
        if let observation { editor.removeObserver(observation) }
        session?.editorWentAway(self)
    }

    /// Starts writing a trace of everything scripts do to this editor into `sink` (the header,
    /// with the current state, is written now).
    /// - Throws: what the sink throws.
    public func startRecording(to sink: TraceSink, seed: UInt64 = 0) throws {
        recorder = try TraceRecorder(editor: editor, sink: sink, seed: seed)
        recordingSink = sink
    }

    /// Whether events must be routed through `apply` (a trace or a macro is being recorded).
    @inline(__always) var isRecording: Bool { recorder != nil || isRecordingMacro }

    /// Performs `command`; when recording, as `event` (what a trace writes for it).
    @inline(__always)
    func perform(_ command: EditorCommand, as event: @autoclosure () -> TraceEvent) throws {
        if isRecording { try apply(event()) } else { try editor.perform(command) }
    }

    /// Applies `event` to the editor, into the macro being recorded if any, and writes it to the
    /// trace recorder if any.
    func apply(_ event: TraceEvent) throws {
        if isRecordingMacro { try macros.apply(event) } else { try TracePlayer.apply(event, to: editor) }
        if let recorder { try recorder.write(event) }
    }

    /// Runs `body` (which plays macro events directly on the editor) with the trace recorder
    /// hearing what it does; observers hear only commands that change the text or the selection.
    func recordingObserved(_ body: () throws -> Void) throws {
        guard let recordingSink else { return try body() }
        let forward = ForwardingSink(sink: recordingSink)
        let observer = try TraceRecorder(editor: editor, sink: forward)
        observer.observe()
        defer { withExtendedLifetime(observer) {} }
        try body()
    }

    /// The state as canonical markup.
    var markup: String { Markup.print(editor.state) }
}

/// Passes lines (except the first, a header) on to another sink.
final class ForwardingSink: TraceSink {
    let sink: TraceSink
    var skippedHeader = false
    init(sink: TraceSink) { self.sink = sink }
    func writeLine(_ line: String) throws {
        guard skippedHeader else { skippedHeader = true; return }
        try sink.writeLine(line)
    }
}
