import CaretFormats
import CaretReplay

/// `caret import editing-trace FILE --out TRACE`: converts a public editing trace.
enum ImportCommand {
    static let subcommand = Subcommand(
        name: "import",
        summary: "convert an editing trace (josephg/editing-traces format) into a Caret trace",
        usage: "usage: caret import editing-trace FILE[.json.gz] --out TRACE",
        description: """
        Converts a trace in the public editing-trace format ({startContent, endContent, txns:
        [{patches: [[pos, del, ins], ...]}]}, positions in Unicode code points; gzip-compressed
        when the name ends in .gz) into a Caret trace: the start content as the document, one
        "edit" event per patch with positions converted to UTF-16, and a final checkpoint holding
        endContent. `caret replay --check TRACE` then checks that the edits reach it.
        """,
        options: [.value("--out", "TRACE", "the Caret trace to write (atomically)")],
        notes: "Errors in the input are reported as FILE:LINE:COL (in the decompressed JSON for .gz).",
        exitCodes: [
            .ok, .usage, ExitCodeHelp(.dataError, "the input is not an editing trace (or not valid gzip)"),
            ExitCodeHelp(.noInput, "FILE cannot be read"), .cannotCreate("TRACE"), .ioError("TRACE"),
        ],
        run: run
    )

    static func run(_ arguments: [String], _ terminal: inout Terminal) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, for: subcommand)
        guard parsed.positionals.count == 2 else { throw CLIError.usage("expected: editing-trace FILE --out TRACE") }
        guard parsed.positionals[0] == "editing-trace" else {
            throw CLIError.usage("unknown input format '\(parsed.positionals[0])' (expected editing-trace)")
        }
        let input = parsed.positionals[1]
        guard let output = parsed.value("--out") else { throw CLIError.usage("missing --out TRACE") }
        try FileIO.checkReadable(input)
        let bytes: [UInt8]
        do { bytes = try EditingTraceImporter.load(input) } catch { throw CLIError(.dataError, "\(error)") }
        let trace: Trace
        do {
            trace = try EditingTraceImporter.convert(bytes)
        } catch let error as JSONError {
            throw CLIError.data(file: input, line: error.line, column: error.column, error.message)
        } catch let error as EditingTraceImporter.ImportError {
            // Positions are in the JSON text (decompressed, for a .gz file).
            let (line, column) = JSONLocator.position(of: JSONLocator.components(error.path), in: bytes) ?? (1, 1)
            throw CLIError.data(file: input, line: line, column: column, error.description)
        }
        try FileIO.write(trace.serialized(), to: output)
        terminal.error("imported \(trace.events.count - 1) edits into \(output)")
        return .ok
    }
}
