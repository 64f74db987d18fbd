import CaretCore
import CaretFormats
import CaretReplay

/// `caret convert TRACE --to lua`: a trace as an editable Lua script.
enum ConvertCommand {
    static let subcommand = Subcommand(
        name: "convert",
        summary: "turn a trace into an equivalent Lua script",
        help: """
        usage: caret convert TRACE --to lua [--out SCRIPT]

        Writes a Lua script doing what the trace does: editor:insert, editor:key, editor:select,
        editor:run, editor:paste, editor:undo/redo, editor:advance_clock, and caret.expect for
        each checkpoint. The initial document is not part of the script: it is quoted in a
        comment, and with --out a non-empty document is also written beside the script as
        SCRIPT-without-.lua + ".caret", which the script's first lines tell you to pass with --doc.
        Without --out the script goes to stdout.

        Exit codes: 0 ok, 64 usage, 65 the trace is malformed, 66 TRACE cannot be read,
        73 an output cannot be written.
        """,
        run: run
    )

    static func run(_ arguments: [String], _ terminal: inout Terminal) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, options: ["--to", "--out"])
        let path = try TraceCommandSupport.onePositional(parsed, "TRACE")
        guard let target = parsed.value("--to") else { throw CLIError.usage("missing --to lua") }
        guard target == "lua" else { throw CLIError.usage("unknown target '\(target)' (expected lua)") }
        let trace = try TraceCommandSupport.loadTrace(path)
        guard let output = parsed.value("--out") else {
            terminal.outRaw(TraceLuaConverter.script(for: trace))
            return .ok
        }
        var documentFile: String?
        let document = DocumentFiles.render(trace.header.document, format: .markup)
        if !trace.header.document.text.isEmpty {
            let base = output.hasSuffix(".lua") ? String(output.dropLast(4)) : output
            documentFile = base + ".caret"
            try FileIO.write(document, to: documentFile!)
        }
        let name = documentFile.map { String($0.split(separator: "/").last ?? Substring($0)) }
        let script = String(output.split(separator: "/").last ?? Substring(output))
        try FileIO.write(TraceLuaConverter.script(for: trace, documentFile: name, scriptName: script), to: output)
        return .ok
    }
}
