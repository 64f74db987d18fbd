#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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

/// `caret edit FILE`: a full-screen terminal editor on Caret's editor model that can record what
/// a person does as a trace `caret replay --check` reproduces (docs/edit.md).
enum EditCommand {
    static let subcommand = Subcommand(
        name: "edit",
        summary: "edit a document in the terminal, optionally recording a trace",
        usage: "usage: caret edit FILE [--record TRACE [--force]] [--format FMT] [--lossy] [--keymap FILE]",
        description: """
        Opens FILE (any format Caret reads, by its extension or --format; a file that does not
        exist yet starts empty) full screen in the terminal's alternate screen, with its
        attributes shown: bold, italic, underline, strikethrough, colours, code, links as OSC 8
        hyperlinks. The status line shows the selection as {location, length} in UTF-16, the
        caret's line:column, the bold/italic/underline states (on, off, mixed), the typing
        attributes and messages. Keys go through Caret's standard keymap with the terminal
        defaults below over it, then --keymap FILE's bindings; the mouse clicks, drags and
        double- and triple-clicks; pastes arrive whole (bracketed paste).

        With --record TRACE every input event is appended to TRACE as it happens (one line each,
        flushed), with the time between events as `wait` events, ctrl+k writes a checkpoint and
        quitting writes a final one, so `caret replay TRACE --check` reproduces the session.
        TRACE must not exist unless --force (which replaces it when the session ends).
        """,
        options: [
            .value("--record", "TRACE", "append every input event to TRACE as it happens"),
            .flag("--force", "replace an existing TRACE when the session ends"),
            .value("--format", "FMT", "FILE's format where its extension does not say"),
            .flag("--lossy", "read what Caret cannot hold and save what the format cannot, dropping it"),
            .value("--keymap", "FILE", "bindings over the defaults: CHORD COMMAND [name=value ...] a line"),
        ],
        notes: """
        Keys (terminal defaults over the standard keymap of docs/editor.md):

          ctrl+s save           ctrl+q quit (twice with unsaved changes)   ctrl+k checkpoint
          ctrl+b bold           ctrl+i or alt+i italic                     ctrl+u underline
          ctrl+z undo           ctrl+shift+z or ctrl+y redo
          ctrl+c copy           ctrl+x cut                                 ctrl+v paste
          arrows, alt/ctrl+arrows by word, home/end line, ctrl+home/end document, page up/down;
          shift extends the selection. Terminal requirements and the keymap file: docs/edit.md.

        Set CARET_EDIT_STATS=FILE to write the CPU time per input batch and at startup to FILE.
        """,
        exitCodes: [
            .ok, ExitCodeHelp(.usage, "usage (not a terminal, an unknown format)"),
            ExitCodeHelp(.dataError, "FILE or the keymap is malformed"),
            ExitCodeHelp(.noInput, "FILE or the keymap cannot be read"), .cannotCreate("TRACE"), .ioError("TRACE"),
        ],
        run: run
    )

    static func run(_ arguments: [String], _ terminal: inout Terminal) throws -> ExitCode {
        let started = cpuTime(CLOCK_PROCESS_CPUTIME_ID)
        let parsed = try ArgumentParser.parse(arguments, for: subcommand)
        guard parsed.positionals.count == 1 else {
            throw CLIError.usage(parsed.positionals.isEmpty ? "missing FILE" : "unexpected argument '\(parsed.positionals[1])'")
        }
        let path = parsed.positionals[0]
        guard path != "-" else { throw CLIError.usage("caret edit needs a file to edit and save, not stdin") }
        let formats = try FormatOptions(parsed, outputFlag: nil)
        let format: DocumentFormat
        do { format = try formats.inputFormat(path) } catch let error as CLIError {
            // This command names the format with --format (it reads and writes the same file).
            throw CLIError(error.code, error.message.replacing("--in-format", with: "--format"))
        }
        guard format.codec.canWrite else {
            throw CLIError.usage("\(path): \(DocumentFormatError.notSupportedYet(format: format.name, reading: false).message)")
        }
        var keymap = EditKeymap.standard
        if let file = parsed.value("--keymap") {
            let text = try FileIO.text(try FileIO.read(file), name: file)
            do { keymap = try keymap.merging(file: text) } catch {
                throw CLIError.data(file: file, line: error.line, column: error.column, error.message)
            }
        }
        let shell = TerminalShell()
        guard shell.isTerminal else {
            throw CLIError.usage("caret edit needs a terminal on stdin and stdout (to record without one, use caret record)")
        }
        let state: DocumentState
        if FileManager.default.fileExists(atPath: path) {
            state = try DocumentFiles.load(path, format: format, lossy: formats.lossy, terminal: terminal)
        } else {
            state = DocumentState(text: AttributedText())
        }
        let editor: Editor
        do {
            editor = try Editor(state: DocumentState(text: state.text, selection: Selection(anchor: 0, head: 0)))
        } catch {
            throw CLIError(.dataError, "\(path): \(error)")
        }
        var recording: Recording?
        if let trace = parsed.value("--record") {
            recording = try Recording(path: trace, force: parsed.has("--force"), editor: editor)
        }
        let (columns, rows) = shell.size()
        let session = EditSession(editor: editor, recorder: recording?.recorder, keymap: keymap,
                                  document: .init(path: path, format: format, lossy: formats.lossy),
                                  columns: columns, rows: rows)
        var stats = ProcessInfo.processInfo.environment["CARET_EDIT_STATS"].map { EditStats(path: $0, started: started) }
        try shell.start()
        let outcome = loop(session, shell, &stats)
        // The final checkpoint first (the terminal may be gone, the file is not), then the tty.
        var finishError: Error?
        do { try session.finish() } catch { finishError = error }
        shell.stop()
        stats?.write()
        if let recording {
            if finishError == nil {
                do { try recording.commit() } catch { finishError = error }
            } else {
                recording.abandon()
            }
        }
        if let finishError { throw CLIError(.ioError, "\(parsed.value("--record") ?? ""): cannot write the trace (\(finishError))") }
        if case .signal(let number) = outcome {
            // Die of the signal, as a program killed by it does, now that the terminal is back.
            signal(number, SIG_DFL)
            raise(number)
        }
        return .ok
    }

    enum Outcome {
        case quit
        case signal(Int32)
        case closed
    }

    /// Reads, decodes, handles and draws until the session quits or the terminal goes away.
    static func loop(_ session: EditSession, _ shell: TerminalShell, _ stats: inout EditStats?) -> Outcome {
        var decoder = InputDecoder()
        var previous: ScreenFrame?
        var needsDraw = true
        while true {
            if needsDraw {
                // The renderer compares the frames row by row and writes only what differs.
                let frame = session.frame()
                shell.write(ScreenRenderer.render(from: previous, to: frame))
                previous = frame
                needsDraw = false
                stats?.frameDrawn()
            }
            if session.wantsQuit { return .quit }
            switch shell.wait(timeout: decoder.hasPending ? 30 : -1) {
            case .input(let bytes):
                stats?.batchStarted()
                let now = monotonicSeconds()
                for event in decoder.feed(bytes) {
                    session.handle(event, at: now)
                    stats?.events += 1
                    if session.wantsQuit { break }
                }
                needsDraw = true
            case .timeout:
                let events = decoder.flushPending()
                if !events.isEmpty { stats?.batchStarted() }
                for event in events { session.handle(event, at: monotonicSeconds()) }
                needsDraw = !events.isEmpty
            case .resized:
                let (columns, rows) = shell.size()
                session.resize(columns: columns, rows: rows)
                previous = nil
                needsDraw = true
            case .signal(let number):
                return .signal(number)
            case .closed:
                return .closed
            }
        }
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func cpuTime(_ clock: clockid_t) -> Double {
        var now = timespec()
        clock_gettime(clock, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The trace a session records into: a new file written in place, or with --force over an
    /// existing one, a temporary file beside it renamed over it at the end.
    final class Recording {
        let recorder: TraceRecorder
        private let replacing: TemporaryFile?
        private let path: String
        private var createdNew: Bool

        init(path: String, force: Bool, editor: Editor) throws {
            self.path = path
            let sink: TraceFileSink
            var replacing: TemporaryFile?
            do {
                sink = try TraceFileSink(path: path, exclusive: true)
                createdNew = true
            } catch let error as TraceFileError where error.message == TraceFileSink.alreadyExists {
                guard force else {
                    throw CLIError(.cannotCreate, "\(path): already exists; edit never overwrites a trace (pass --force to replace it once the session ends)")
                }
                guard case .regular(let target, let mode) = try OutputTarget.resolve(path) else {
                    throw CLIError(.cannotCreate, "\(path): cannot replace")
                }
                let file = try TemporaryFile(beside: target, named: path, mode: mode)
                sink = TraceFileSink(descriptor: file.descriptor, name: path)
                replacing = file
                createdNew = false
            } catch {
                throw CLIError(.cannotCreate, "\(error)")
            }
            self.replacing = replacing
            do { recorder = try TraceRecorder(editor: editor, sink: sink) } catch {
                replacing?.discard()
                if replacing == nil { unlink(path) }
                throw CLIError(.ioError, "\(path): \(error)")
            }
        }

        func commit() throws { try replacing?.commit() }

        /// After a failed write: the previous trace (with --force) stays as it was.
        func abandon() { replacing?.discard() }
    }
}

/// CPU time per input batch (read, decode, handle, draw) and at startup, written to the file
/// `CARET_EDIT_STATS` names when the session ends.
struct EditStats {
    let path: String
    let started: Double
    var startup: Double?
    var batches: [Double] = []
    var events = 0
    private var batchStart: Double?

    init(path: String, started: Double) {
        self.path = path
        self.started = started
    }

    mutating func batchStarted() { batchStart = EditCommand.cpuTime(CLOCK_THREAD_CPUTIME_ID) }

    mutating func frameDrawn() {
        if startup == nil { startup = EditCommand.cpuTime(CLOCK_PROCESS_CPUTIME_ID) }
        if let start = batchStart {
            batches.append(EditCommand.cpuTime(CLOCK_THREAD_CPUTIME_ID) - start)
            batchStart = nil
        }
    }

    func write() {
        let sorted = batches.sorted()
        func micro(_ seconds: Double) -> String { String(Int((seconds * 1e6).rounded())) }
        func percentile(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        let mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
        var text = "startup_cpu_us \(micro(startup ?? 0))\n"
        text += "batches \(sorted.count)\nevents \(events)\n"
        text += "batch_cpu_us mean \(micro(mean)) median \(micro(percentile(0.5))) p90 \(micro(percentile(0.9))) max \(micro(sorted.last ?? 0))\n"
        try? FileIO.write(text, to: path)
    }
}
