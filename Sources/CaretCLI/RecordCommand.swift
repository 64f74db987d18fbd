import CaretCore
import CaretFormats
import CaretReplay
import Foundation

/// `caret record --out TRACE`: builds a trace from typed instructions, line by line.
enum RecordCommand {
    static let subcommand = Subcommand(
        name: "record",
        summary: "record a trace from instructions typed on stdin",
        help: """
        usage: caret record --out TRACE [--doc FILE] [--in FILE]

        Reads one instruction a line from stdin (or --in FILE), applies it to an editor showing
        FILE (markup .caret, .json or text; empty without --doc) and appends the event to TRACE
        at once, so an interrupted session keeps everything but the line being written.

          type TEXT              text input (\\n, \\t, \\\\ escapes)
          key CHORD...           key chords: key cmd+b shift+alt+left
          select ANCHOR [HEAD]   an explicit selection (UTF-16 offsets)
          run NAME [k=v ...]     a command: run findNext pattern="a b" caseInsensitive=true
          paste MARKUP           paste attributed text; paste-plain MARKUP as plain text
          undo [N], redo [N]     undo or redo N times
          wait SECONDS           advance the virtual clock
          check [traits] [typing] a checkpoint of the current state (printed to stdout)
          print                  print the current state (not recorded)
          # ...                  a comment

        A line that is wrong or that the editor refuses is reported as `stdin:LINE:COL: message`
        and not recorded; recording goes on. Exit codes: 0 ok, 64 usage, 65 some lines were
        refused, 66 an input cannot be read, 73 TRACE cannot be created.
        """,
        run: run
    )

    static func run(_ arguments: [String], _ terminal: inout Terminal) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, options: ["--out", "--doc", "--in"])
        guard parsed.positionals.isEmpty else { throw CLIError.usage("unexpected argument '\(parsed.positionals[0])'") }
        guard let output = parsed.value("--out") else { throw CLIError.usage("missing --out TRACE") }
        let state = try parsed.value("--doc").map { try DocumentFiles.load($0) } ?? DocumentState(text: AttributedText())
        let inputName = parsed.value("--in") ?? "stdin"
        let lines: AnyIterator<String>
        if let input = parsed.value("--in") {
            let text = try FileIO.readText(input)
            var all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if all.last == "" { all.removeLast() }
            lines = AnyIterator(all.makeIterator())
        } else {
            lines = AnyIterator { readLine(strippingNewline: true) }
        }
        let editor: Editor
        do { editor = try Editor(state: state) } catch { throw CLIError(.dataError, "\(parsed.value("--doc") ?? ""): \(error)") }
        let recorder: TraceRecorder
        do { recorder = try TraceRecorder(editor: editor, sink: try TraceFileSink(path: output)) } catch {
            throw CLIError(.cannotCreate, "\(error)")
        }
        return try record(lines, name: inputName, recorder: recorder, terminal: &terminal)
    }

    /// Applies and records each line; returns 65 when some line was refused.
    static func record(_ lines: AnyIterator<String>, name: String, recorder: TraceRecorder, terminal: inout Terminal) throws -> ExitCode {
        var number = 0
        var refused = 0
        for line in lines {
            number += 1
            do {
                switch try RecordSyntax.parse(line) {
                case .nothing: break
                case .print: terminal.out(Markup.print(recorder.editor.state))
                case .check(let traits, let typing):
                    let checkpoint = try recorder.checkpoint(traits: traits, typing: typing)
                    terminal.out(Markup.print(checkpoint.expected))
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
