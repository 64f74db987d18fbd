import CaretCore
import CaretFormats
import CaretReplay

/// `caret convert TRACE --to lua`: a trace as an editable Lua script; `caret convert DOCUMENT
/// --to FORMAT`: a document in another format.
enum ConvertCommand {
    static let subcommand = Subcommand(
        name: "convert",
        summary: "turn a trace into a Lua script, or a document into another format",
        usage: """
        usage: caret convert TRACE --to lua [--out SCRIPT]
               caret convert DOCUMENT [--to FORMAT] [--out FILE] [--in-format FMT] [--lossy]
        """,
        description: """
        With --to lua, TRACE is a trace: writes a Lua script doing what the trace does:
        editor:insert, editor:key, editor:select, editor:run, editor:paste, editor:undo/redo,
        editor:advance_clock, and caret.expect for each checkpoint. The initial document is not
        part of the script: it is quoted in a comment, and with --out a non-empty document is also
        written beside the script as SCRIPT-without-.lua + ".caret", which the script's first lines
        tell you to pass with --doc. Without --out the script goes to stdout.

        Otherwise DOCUMENT is a document, read in the format its extension names (.caret/.markup,
        .json, .txt, .md, .rtf, .html; docs/formats.md) and written in FORMAT to FILE (atomically)
        or stdout:
        """,
        options: [
            .value("--to", "FORMAT", "lua for a trace; markup, json, text, … for a document; default: the format "
                + "--out's extension names"),
            .value("--out", "FILE", "write FILE instead of stdout"),
            .value("--in-format", "FMT", "read DOCUMENT as FMT whatever its extension (needed for - , stdin)"),
            .flag("--lossy", "write even what FORMAT cannot carry, printing each dropped kind to stderr; without it "
                + "that is an error (65) and nothing is written"),
        ],
        notes: """
        Writing text drops attributes and the selection: choosing text is choosing that. An
        unknown extension, or none, is a usage error; a trace (.caret-trace) converts only to lua.
        """,
        exitCodes: [
            .ok, ExitCodeHelp(.usage, "usage (an unknown extension or format too)"),
            ExitCodeHelp(.dataError, "the input is malformed or FORMAT would lose something"),
            ExitCodeHelp(.noInput, "the input cannot be read"), .cannotCreate("an output"), .ioError("an output"),
        ],
        run: run
    )

    static func run(_ arguments: [String], _ terminal: inout Terminal) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, for: subcommand)
        let path = try TraceCommandSupport.onePositional(parsed, "TRACE or DOCUMENT")
        let output = parsed.value("--out")
        let target = parsed.value("--to")
            ?? output.flatMap { DocumentFormat.pathExtension(of: $0)?.lowercased() == "lua" ? "lua" : nil }
        if target == "lua" {
            if parsed.value("--in-format") != nil || parsed.has("--lossy") {
                throw CLIError.usage("--in-format and --lossy are for documents; a trace converts with --to lua alone")
            }
            return try traceToLua(path, output: output, terminal: terminal)
        }
        let targets = "lua for a trace, or \(DocumentFormat.knownNames) for a document"
        guard target != nil || output != nil else { throw CLIError.usage("missing --to FORMAT (\(targets))") }
        if let target, DocumentFormat(name: target) == nil { throw CLIError.usage("unknown target '\(target)' (\(targets))") }
        if parsed.value("--in-format") == nil, DocumentFormat.pathExtension(of: path)?.lowercased() == "caret-trace" {
            throw CLIError.usage("\(path) is a trace: it converts to lua only (--to lua); "
                + "`caret replay \(path) --out FILE` writes the document it produces")
        }
        let formats = try FormatOptions(parsed, outputFlag: "--to")
        let inputFormat = try formats.inputFormat(path)
        let outputFormat = try formats.outputFormat(output, otherwise: inputFormat)
        let state = try DocumentFiles.load(path, format: inputFormat, lossy: formats.lossy, terminal: terminal)
        try DocumentFiles.save(state, to: output, format: outputFormat, lossy: formats.lossy, terminal: terminal)
        return .ok
    }

    /// The trace at `path` as a Lua script (and its initial document beside it).
    static func traceToLua(_ path: String, output: String?, terminal: Terminal) throws -> ExitCode {
        let trace = try TraceCommandSupport.loadTrace(path)
        guard let output else {
            terminal.outRaw(TraceLuaConverter.script(for: trace))
            return .ok
        }
        var documentFile: String?
        if !trace.header.document.text.isEmpty {
            let base = output.hasSuffix(".lua") ? String(output.dropLast(4)) : output
            documentFile = base + ".caret"
            try DocumentFiles.save(trace.header.document, to: documentFile!, format: .markup, lossy: false, terminal: terminal)
        }
        let name = documentFile.map { String($0.split(separator: "/").last ?? Substring($0)) }
        let script = String(output.split(separator: "/").last ?? Substring(output))
        try FileIO.write(TraceLuaConverter.script(for: trace, documentFile: name, scriptName: script), to: output)
        return .ok
    }
}
