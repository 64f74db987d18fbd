import CaretCore
import CaretFormats
import CaretReplay

/// `caret replay TRACE`: plays a trace and prints the final (or an intermediate) state.
enum ReplayCommand {
    static let subcommand = Subcommand(
        name: "replay",
        summary: "play a trace and print the document it produces",
        usage: """
        usage: caret replay TRACE [--until STEP] [--print FMT] [--out FILE] [--lossy] [--check]
                    [--salvage]
        """,
        description: """
        Plays the trace TRACE (docs/trace-format.md) against a fresh editor and prints the state
        it ends in, as canonical markup by default.
        """,
        options: [
            .value("--until", "STEP", "stop after step STEP (0 is the header's document; steps count events)"),
            .value("--print", "FMT", "markup (default), json (document JSON) or text (the characters only; "
                + "docs/formats.md lists every format)"),
            .value("--out", "FILE", "write the state to FILE (atomically, and only when the replay succeeds) instead "
                + "of stdout; without --print, the format is the one its extension names (.caret, .markup, .json, "
                + ".txt, .md, .rtf, .html; another extension, or none, is a usage error)"),
            .flag("--lossy", "write even when the format cannot carry everything, printing each dropped kind to "
                + "stderr (without it, that is an error and nothing is written)"),
            .flag("--check", "check every checkpoint; on the first mismatch print the step, the event and a unified "
                + "diff of expected against actual to stderr, and exit 1"),
            .flag("--salvage", "drop a last line cut short (a recording that crashed mid-line)"),
        ],
        exitCodes: [
            .ok, ExitCodeHelp(.checkFailed, "a checkpoint failed (--check)"),
            ExitCodeHelp(.usage, "usage (an unknown extension or format too)"),
            ExitCodeHelp(.dataError, "the trace is malformed or an event cannot be applied (file:line:col: message) "
                + "or the format would lose something"),
            ExitCodeHelp(.noInput, "TRACE cannot be read"), .cannotCreate("FILE"), .ioError("FILE"),
        ],
        run: run
    )

    static func run(_ arguments: [String], _ terminal: inout Terminal) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, for: subcommand)
        let path = try TraceCommandSupport.onePositional(parsed, "TRACE")
        let until = try parsed.integer("--until", in: 0...Int.max)
        let formats = try FormatOptions(parsed, outputFlag: "--print")
        let format = try formats.outputFormat(parsed.value("--out"), otherwise: .markup)
        // The trace is read in chunks and played as it is read: memory is the editor, not the file.
        let result: TraceReplayOutcome
        do {
            result = try TraceCommandSupport.replayTrace(path, until: until, check: parsed.has("--check"), salvage: parsed.has("--salvage"))
        } catch let error as TraceError {
            throw CLIError(.dataError, error.description)
        }
        if let dropped = result.droppedLine {
            terminal.error("\(path):\(dropped):1: warning: dropped the last line, cut short")
        }
        if let failure = result.failure {
            terminal.error(TraceCommandSupport.render(failure, on: terminal.forErrors))
            return failure.isCheckFailure ? .checkFailed : .dataError
        }
        if let until, until > result.eventCount {
            throw CLIError.usage("--until \(until) is past the last step (\(result.eventCount))")
        }
        try DocumentFiles.save(result.player.editor.state, to: parsed.value("--out"), format: format, lossy: formats.lossy, terminal: terminal)
        // The process ends right after this: freeing a long trace's events and undo history one
        // object at a time would only delay the exit (by ~40 ms for automerge-paper).
        _ = Unmanaged.passRetained(result.player)
        return .ok
    }
}
