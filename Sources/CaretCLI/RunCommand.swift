import CCaretProcess
import CaretCore
import CaretFormats
import CaretLua
import CaretReplay

/// `caret run SCRIPT`: runs a Lua script against a document and writes what it made.
enum RunCommand {
    static let subcommand = Subcommand(
        name: "run",
        summary: "run a Lua script against a document and print or write the result",
        usage: """
        usage: caret run SCRIPT [--doc FILE | --text STRING] [--out FILE] [--format FMT]
                                [--in-format FMT] [--out-format FMT] [--lossy]
                                [--seed N] [--clock SECONDS] [--allow-read DIR] [--allow-write DIR]
                                [--max-instructions N] [--max-memory MB] [--timeout SECONDS]
                                [--record TRACE] [--quiet] [-- ARGS...]
        """,
        description: """
        Runs SCRIPT in a sandbox with the global `editor` showing the document, then prints the
        document (or writes it to --out, atomically: on failure the previous file is intact).
        ARGS after `--` are the global `arg` table (arg[0] is SCRIPT). The API is docs/lua-api.md;
        how to write scripts is docs/scripting.md.
        """,
        options: RunSupport.sessionOptions + [
            .value("--out", "FILE", "write the document to FILE (in the format its extension names) instead of stdout; "
                + "nothing is written when the script fails or the format would lose something without --lossy"),
            .value("--out-format", "FMT", "write the document as FMT whatever --out's extension (default for stdout: "
                + "--doc's format, else markup)"),
            .value("--format", "FMT", "the format of both sides where no extension says (stdin, stdout, a name without "
                + "one); an extension it contradicts is an error"),
            .value("--record", "TRACE", "record every editor command the script performs as a trace"),
            .flag("--quiet", "do not print the document (the script's print output still appears)"),
        ],
        notes: """
        Formats: markup (.caret, .markup), json (.json), text (.txt; writing it drops attributes
        and the selection, as chosen), markdown (.md), rtf (.rtf) and html (.html). See
        docs/formats.md.
        """,
        exitCodes: [
            .ok, ExitCodeHelp(.checkFailed, "a caret.expect failed"), ExitCodeHelp(.usage, "usage (an unknown extension or format too)"),
            ExitCodeHelp(.dataError, "the script failed (script.lua:LINE: message and a traceback; a limit names its flag), "
                + "the document is malformed, or a format would lose something (without --lossy)"),
            ExitCodeHelp(.noInput, "an input cannot be read"), .cannotCreate("an output (--out, --record)"),
            .ioError("an output"),
        ],
        run: run
    )

    static func run(_ arguments: [String], _ terminal: inout Terminal) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, for: subcommand)
        let scriptPath = try TraceCommandSupport.onePositional(parsed, "SCRIPT")
        caret_crash_guard_set_activity(scriptPath)
        let formats = try FormatOptions(parsed)
        let source = try FileIO.readText(scriptPath)
        let (document, docFormat) = try RunSupport.document(parsed, formats: formats, terminal: terminal)
        // Settled before the script runs: a bad --out fails at once, not after the work.
        let format = try formats.outputFormat(parsed.value("--out"), otherwise: docFormat ?? .markup)
        let options = try RunSupport.runtimeOptions(parsed)
        let session: ScriptSession
        do {
            session = try ScriptSession(document: document, options: options, scriptName: scriptPath, arguments: parsed.rest)
        } catch let error as LuaScriptError {
            throw CLIError(.software, "caret run: \(error)")
        } catch {
            throw CLIError(.dataError, "\(parsed.value("--doc") ?? "document"): \(error)")
        }
        let out = terminal
        session.runtime.printHandler = { line in out.out(line) }
        RunSupport.installLexicon(session, parsed, terminal: terminal)
        // The trace goes beside the one it replaces until the run has succeeded: a failing
        // script, a full disk or a crash leaves the previous trace as it was.
        var trace: OutputTraceFile?
        if let tracePath = parsed.value("--record") {
            trace = try OutputTraceFile(tracePath)
            do { try session.main.startRecording(to: trace!, seed: options.seed) } catch {
                trace!.discard()
                throw trace!.failure ?? CLIError(.ioError, "\(tracePath): \(error)")
            }
        }
        do {
            try session.run(source, chunkName: scriptPath)
        } catch {
            trace?.discard()
            // A trace line that could not be written surfaces as a script error: report the cause.
            throw trace?.failure ?? RunSupport.failure(error, session: session)
        }
        let output = parsed.value("--out")
        if output != nil || !parsed.has("--quiet") {
            do { try DocumentFiles.save(session.main.editor.state, to: output, format: format, lossy: formats.lossy, terminal: terminal) } catch {
                trace?.discard()
                throw error
            }
        }
        try trace?.commit()
        // The process ends right after this: closing the Lua state and freeing the editor's undo
        // history object by object would only delay the exit (everything is written already).
        _ = Unmanaged.passRetained(session)
        return .ok
    }
}
