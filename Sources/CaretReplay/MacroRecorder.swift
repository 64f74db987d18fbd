import CaretCore

/// A named, recorded sequence of trace events that can be played back (Vim's `q`/`@q`).
public struct Macro: Equatable, Sendable {
    /// The macro's name (a register, in Vim's words).
    public var name: String
    /// The events, in order.
    public var events: [TraceEvent]

    /// A macro called `name` of `events`.
    public init(name: String, events: [TraceEvent]) {
        self.name = name
        self.events = events
    }

    /// The events as trace lines (JSON Lines without a header), for storing a macro.
    public var traceLines: String { events.map { TraceWriter.line($0) + "\n" }.joined() }

    /// The macro whose events are the trace lines `lines` (no header).
    /// - Throws: `TraceError` located in `lines`.
    public init(name: String, traceLines lines: String) throws(TraceError) {
        let trace = try TraceReader.read(TraceWriter.line(TraceHeader()) + "\n" + lines, file: "macro \(name)")
        self.init(name: name, events: trace.events)
    }
}

/// Why a macro could not be recorded or played.
public enum MacroError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `startRecording` while a recording is under way.
    case alreadyRecording(String)
    /// `stopRecording` with no recording under way.
    case notRecording
    /// No macro has this name.
    case unknownMacro(String)
    /// An event of the macro failed: the macro, the repetition (1-based), the step and why.
    case playbackFailed(macro: String, repetition: Int, step: Int, message: String)
    /// A count or position that cannot be used.
    case badArgument(String)

    /// A one-line message.
    public var description: String {
        switch self {
        case .alreadyRecording(let name): "already recording macro '\(name)'"
        case .notRecording: "not recording a macro"
        case .unknownMacro(let name): "no macro named '\(name)'"
        case .playbackFailed(let macro, let repetition, let step, let message): "macro '\(macro)', repetition \(repetition), step \(step): \(message)"
        case .badArgument(let message): message
        }
    }
}

/// Records macros from an editor and plays them back: `startRecording("q")`, edit through
/// `apply(_:)` (or directly on the editor: commands that change text or selection are heard),
/// `stopRecording()`, then `play("q", times: 3)` or `play("q", at: [10, 40, 90])` (Vim's
/// `:normal @q` over places: positions are given in the document as it is before playing and
/// follow the edits each playback makes).
public final class MacroRecorder {
    /// The editor macros act on.
    public let editor: Editor
    /// Stored macros by name.
    public private(set) var macros: [String: Macro] = [:]
    var recording: (name: String, recorder: TraceRecorder, sink: TraceMemorySink)?

    /// A macro recorder for `editor`.
    public init(editor: Editor) { self.editor = editor }

    /// The name of the macro being recorded, if any.
    public var recordingName: String? { recording?.name }

    /// Starts recording into the macro `name` (replacing any macro of that name when stopped).
    /// - Throws: `MacroError.alreadyRecording`.
    public func startRecording(_ name: String) throws {
        if let recording { throw MacroError.alreadyRecording(recording.name) }
        let sink = TraceMemorySink()
        let recorder = try TraceRecorder(editor: editor, sink: sink)
        recorder.observe()
        recording = (name, recorder, sink)
    }

    /// Stops recording and stores the macro.
    /// - Throws: `MacroError.notRecording`.
    @discardableResult
    public func stopRecording() throws -> Macro {
        guard let recording else { throw MacroError.notRecording }
        self.recording = nil
        let macro = try Macro(name: recording.name, traceLines: recording.sink.lines.dropFirst().map { $0 + "\n" }.joined())
        macros[macro.name] = macro
        return macro
    }

    /// Stores `macro` (replacing one of the same name).
    public func define(_ macro: Macro) { macros[macro.name] = macro }

    /// Applies `event` to the editor, recording it when a recording is under way.
    /// - Throws: `EditorError` when the editor refuses it.
    public func apply(_ event: TraceEvent) throws {
        if let recording {
            try recording.recorder.record(event)
        } else {
            try TracePlayer.apply(event, to: editor)
        }
    }

    /// How many times `play(_:times:)` plays a macro in one call, at most.
    public static let repetitions = 0...1_000_000

    /// Plays the macro `name` `times` times in a row (`repetitions` bounds `times`). Each
    /// repetition and each event is charged to the editor's `workLimit`, so its owner can stop a
    /// long playback.
    /// - Throws: `MacroError.unknownMacro`, `.badArgument`, `.playbackFailed` (the editor keeps
    ///   what the events before the failing one did) or `WorkLimit.Exceeded`.
    public func play(_ name: String, times: Int = 1) throws {
        guard let macro = macros[name] else { throw MacroError.unknownMacro(name) }
        guard MacroRecorder.repetitions.contains(times) else {
            throw MacroError.badArgument("a macro is played \(MacroRecorder.repetitions.lowerBound)...\(MacroRecorder.repetitions.upperBound) times, not \(times)")
        }
        for repetition in 0..<times { try playOnce(macro, repetition: repetition + 1) }
    }

    /// Plays the macro `name` once at each position (UTF-16 offsets in the document before
    /// playing), in ascending order, with a caret placed there first. Positions still to come
    /// move with the edits each playback makes.
    /// - Throws: like `play(_:times:)`; an invalid position is `.badArgument` before anything runs.
    public func play(_ name: String, at positions: [Int]) throws {
        guard let macro = macros[name] else { throw MacroError.unknownMacro(name) }
        for position in positions where !editor.text.isValidPosition(position) {
            throw MacroError.badArgument("position \(position) is not valid (0...\(editor.text.utf16Count), not inside a surrogate pair)")
        }
        var pending = positions.sorted()
        var edits: [TextEdit] = []
        let observation = editor.addObserver { event in
            if case .textChanged(let change) = event { edits += change.edits }
        }
        defer { editor.removeObserver(observation) }
        // Positions before `next` are done (no removeFirst: that would make many positions quadratic).
        var next = 0
        while next < pending.count {
            let position = pending[next]
            next += 1
            edits = []
            do { try apply(.select(anchor: position, head: position)) } catch {
                throw MacroError.playbackFailed(macro: name, repetition: next, step: 0, message: "\(error)")
            }
            try playOnce(macro, repetition: next)
            for edit in edits {
                // Mapping the positions still to come is work the script asked for: charged too.
                try editor.workLimit?.charge(pending.count - next)
                for k in next..<pending.count { pending[k] = edit.map(pending[k], bias: .after) }
            }
        }
    }

    func playOnce(_ macro: Macro, repetition: Int) throws {
        // One unit a repetition (an empty macro too), one an event, and one per undo or redo.
        try editor.workLimit?.charge()
        for (index, event) in macro.events.enumerated() {
            switch event {
            case .undo(let count), .redo(let count): try editor.workLimit?.charge(count)
            default: try editor.workLimit?.charge()
            }
            do {
                if case .check(let checkpoint) = event {
                    if let mismatch = TracePlayer.mismatch(checkpoint, editor) {
                        throw MacroError.playbackFailed(macro: macro.name, repetition: repetition, step: index + 1,
                                                        message: "checkpoint does not match\n" + UnifiedDiff.diff(mismatch.expected, mismatch.actual, from: "expected", to: "actual"))
                    }
                } else {
                    try apply(event)
                }
            } catch let error as MacroError {
                throw error
            } catch let error as WorkLimit.Exceeded {
                // The owner stopped the work: its reason, not a failure of the macro.
                throw error
            } catch {
                throw MacroError.playbackFailed(macro: macro.name, repetition: repetition, step: index + 1, message: "\(error)")
            }
        }
    }
}
