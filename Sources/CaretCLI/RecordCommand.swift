#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CaretCore
import CaretFormats
import CaretReplay

/// `caret record --out TRACE`: builds a trace from typed instructions, line by line.
enum RecordCommand {
    static let subcommand = Subcommand(
        name: "record",
        summary: "record a trace from instructions typed on stdin",
        usage: "usage: caret record --out TRACE [--force] [--doc FILE [--in-format FMT] [--lossy]] [--in FILE]",
        description: """
        Reads one instruction a line from stdin (or --in FILE), applies it to an editor showing
        FILE (empty without --doc) and appends the event to TRACE at once, so an interrupted
        session keeps everything but the line being written. FILE is read in the format its
        extension names (.caret/.markup, .json, .txt; docs/formats.md), or as --in-format FMT
        whatever its extension (--format FMT names it only where no extension does); --lossy
        reads a document that has what Caret cannot hold, printing each dropped kind to stderr.
        With --in FILE, --doc - reads the document from stdin.

        TRACE must not exist: a recording never truncates an earlier one. With --force an
        existing TRACE is replaced when the input ends (the new recording is written beside it
        until then, so an interrupted session leaves the old TRACE as it was). With --out -
        the trace goes to stdout, and what check and print show goes to stderr.
        """,
        options: [
            .value("--out", "TRACE", "the trace to write; - for stdout"),
            .flag("--force", "replace an existing TRACE when the input ends"),
            .value("--doc", "FILE", "the document the editor starts with (empty without it); - reads stdin (with --in)"),
            .value("--in-format", "FMT", "read --doc as FMT whatever its extension"),
            .value("--format", "FMT", "--doc's format where its name does not say (stdin, no extension)"),
            .flag("--lossy", "read a document that has what Caret cannot hold, printing each dropped kind to stderr"),
            .value("--in", "FILE", "read the instructions from FILE instead of stdin"),
        ],
        notes: """
        Instructions:

          type TEXT              text input (\\n, \\t, \\\\ escapes)
          key CHORD...           key chords: key cmd+b shift+alt+left
          select ANCHOR [HEAD]   an explicit selection (UTF-16 offsets)
          run NAME [k=v ...]     a command: run findNext pattern="a b" caseInsensitive=true
          paste MARKUP           paste attributed text; paste-plain MARKUP as plain text
          undo [N], redo [N]     undo or redo N times (N <= 100000)
          wait SECONDS           advance the virtual clock
          check [traits] [typing] a checkpoint of the current state (printed to stdout)
          print                  print the current state (not recorded)
          # ...                  a comment

        A line that is wrong or that the editor refuses is reported as `stdin:LINE:COL: message`
        and not recorded; recording goes on.
        """,
        exitCodes: [
            .ok, ExitCodeHelp(.usage, "usage (an unknown extension or format too)"),
            ExitCodeHelp(.dataError, "some lines were refused or the document is malformed"),
            ExitCodeHelp(.noInput, "an input cannot be read"), .cannotCreate("TRACE"), .ioError("TRACE"),
        ],
        run: run
    )

    static func run(_ arguments: [String], _ terminal: inout Terminal) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, for: subcommand)
        guard parsed.positionals.isEmpty else { throw CLIError.usage("unexpected argument '\(parsed.positionals[0])'") }
        guard let output = parsed.value("--out") else { throw CLIError.usage("missing --out TRACE") }
        if parsed.value("--doc") == "-" && parsed.value("--in") == nil {
            throw CLIError.usage("--doc - would read stdin, which holds the instructions; give them with --in FILE")
        }
        let formats = try FormatOptions(parsed, outputFlag: nil)
        let state = try parsed.value("--doc").map {
            try DocumentFiles.load($0, format: try formats.inputFormat($0), lossy: formats.lossy, terminal: terminal)
        } ?? DocumentState(text: AttributedText())
        let inputName = parsed.value("--in") ?? "stdin"
        let lines: AnyIterator<[UInt8]>
        if let input = parsed.value("--in") {
            var reader = LineReader(bytes: try FileIO.read(input))
            lines = AnyIterator { reader.next() }
        } else {
            var reader = LineReader(descriptor: STDIN_FILENO)
            lines = AnyIterator { reader.next() }
        }
        let editor: Editor
        do { editor = try Editor(state: state) } catch { throw CLIError(.dataError, "\(parsed.value("--doc") ?? ""): \(error)") }
        // A new trace is written in place, line by line, so a crash loses at most the last line.
        // An existing one is never truncated: without --force that is an error, with --force the
        // new recording goes to a temporary file beside it that replaces it when the input ends.
        if output == "-" {
            // The trace on stdout: states that `check` and `print` show go to stderr instead.
            let sink = TraceFileSink(descriptor: STDOUT_FILENO, name: "-")
            return try record(lines, name: inputName, recorder: try recorder(editor, sink), statesToStderr: true, terminal: &terminal)
        }
        var replacing: TemporaryFile?
        let sink: TraceFileSink
        do {
            sink = try TraceFileSink(path: output, exclusive: true)
        } catch let error as TraceFileError where error.message == TraceFileSink.alreadyExists {
            var info = stat()
            if stat(output, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
                // A device or a pipe (/dev/stdout, a FIFO): nothing there to lose.
                do { sink = try TraceFileSink(path: output) } catch { throw CLIError(.cannotCreate, "\(error)") }
                return try record(lines, name: inputName, recorder: try recorder(editor, sink), terminal: &terminal)
            }
            guard parsed.has("--force") else {
                throw CLIError(.cannotCreate, "\(output): already exists; record never overwrites a trace (pass --force to replace it once the recording ends)")
            }
            // Beside the file the path leads to (through symbolic links), renamed over it at the end.
            guard case .regular(let target, let mode) = try OutputTarget.resolve(output) else {
                throw CLIError(.cannotCreate, "\(output): cannot replace")
            }
            let file = try TemporaryFile(beside: target, named: output, mode: mode)
            sink = TraceFileSink(descriptor: file.descriptor, name: output)
            replacing = file
        } catch {
            throw CLIError(.cannotCreate, "\(error)")
        }
        // A write that fails (a full disk) removes what this run created: the new trace, or the
        // temporary file beside the old one, which stays as it was. A retry then starts afresh.
        let code: ExitCode
        do {
            code = try record(lines, name: inputName, recorder: try recorder(editor, sink), terminal: &terminal)
        } catch let error as CLIError where error.code == .ioError {
            if let replacing { replacing.discard() } else { unlink(output) }
            throw CLIError(.ioError, "\(error.message); \(replacing == nil ? "nothing was recorded" : "the previous trace is unchanged")")
        } catch {
            replacing?.discard()
            throw error
        }
        try replacing?.commit()
        return code
    }

    /// A recorder writing its header to `sink`.
    static func recorder(_ editor: Editor, _ sink: TraceFileSink) throws -> TraceRecorder {
        do { return try TraceRecorder(editor: editor, sink: sink) } catch { throw CLIError(.ioError, "\(error)") }
    }

    /// Applies and records each line; returns 65 when some line was refused.
    static func record(_ lines: AnyIterator<[UInt8]>, name: String, recorder: TraceRecorder, statesToStderr: Bool = false,
                       terminal: inout Terminal) throws -> ExitCode {
        let show = { [terminal] (text: String) in statesToStderr ? terminal.error(text) : terminal.out(text) }
        var number = 0
        var refused = 0
        for bytes in lines {
            number += 1
            guard bytes.count <= RecordSyntax.maximumLineBytes else {
                refused += 1
                terminal.error("\(name):\(number):1: a line of \(bytes.count) bytes is longer than the limit of \(RecordSyntax.maximumLineBytes) (1 MiB)")
                continue
            }
            guard let line = String(validUTF8: bytes) else {
                refused += 1
                let (_, column, byte) = FileIO.firstInvalidUTF8(bytes) ?? (1, 1, 0)
                terminal.error("\(name):\(number):\(column): not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)))")
                continue
            }
            do {
                switch try RecordSyntax.parse(line) {
                case .nothing: break
                case .print: show(Markup.print(recorder.editor.state))
                case .check(let traits, let typing):
                    let checkpoint = try recorder.checkpoint(traits: traits, typing: typing)
                    show(Markup.print(checkpoint.expected))
                case .events(let events):
                    for event in events { try recorder.record(event) }
                }
            } catch let error as RecordSyntax.SyntaxError {
                refused += 1
                terminal.error("\(name):\(number):\(error.column): \(error.message)")
            } catch let error as EditorError {
                refused += 1
                terminal.error("\(name):\(number):1: \(error)")
            } catch {
                throw CLIError(.ioError, "\(error)")
            }
        }
        return refused == 0 ? .ok : .dataError
    }
}
