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
import CaretLua

/// `caret repl`: Lua lines against an editor, printing the editor's state after each.
enum ReplCommand {
    static let subcommand = Subcommand(
        name: "repl",
        summary: "explore the Lua API line by line, seeing the document after each line",
        usage: """
        usage: caret repl [--doc FILE | --text STRING] [--in-format FMT] [--lossy] [--in FILE]
                          [options of caret run]
        """,
        description: """
        Runs Lua against an editor, with the global `editor` showing the document and `caret` the API.

        On a terminal (stdin and stdout both TTYs): a line editor (Left/Right, Home/End, Ctrl-A/E,
        Alt-B/F, Ctrl-K/U/W/Y, Backspace by character as shown, é, 😀 and CJK included; Up/Down
        history) with history kept in $XDG_STATE_HOME/caret/history (~/.local/state/caret/history;
        the last 1000 lines, appended as entered so that sessions at once never corrupt it). A chunk
        that is not finished (`function f()`, `t = {`) goes on at a `>>` prompt. An expression's
        values print as Lua literals (tables with sorted keys, nested, cycles marked, strings
        quoted to paste back); the document prints after a chunk that changed it. `:help` lists
        the API, `:help NAME` shows one entry; Tab completes names (`editor:`, `caret.`, globals).
        Ctrl-C stops a running chunk (`while true do end`) and drops the line being typed; Ctrl-D on
        an empty line or `:quit` leaves. The JIT is off (a running chunk must be interruptible).
        Errors print `stdin:LINE: message` and their traceback to stderr and the session goes on.

        Otherwise (stdin a pipe or a file, or --in FILE): reads one line at a time, runs it, prints
        the values an expression gives (`= editor:length()` or just `editor:length()`), then the
        document as canonical markup. A line that fails prints `stdin:LINE: message` to stderr and
        the session goes on. See docs/repl.md.
        """,
        options: RunSupport.sessionOptions + [
            .value("--format", "FMT", "--doc's format where its name does not say (stdin, no extension); unlike "
                + "--in-format it never overrides an extension"),
            .value("--in", "FILE", "read lines from FILE instead of stdin (then --doc - may read the document from stdin)"),
        ],
        exitCodes: [
            .ok, ExitCodeHelp(.usage, "usage (an unknown extension or format too)"),
            ExitCodeHelp(.dataError, "some lines failed (only when stdin is not a terminal), a limit stopped the session, "
                + "or the document is malformed "
                + "or would lose something (without --lossy)"),
            ExitCodeHelp(.noInput, "an input cannot be read"),
        ],
        run: run
    )

    static func run(_ arguments: [String], _ terminal: inout Terminal) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, for: subcommand)
        guard parsed.positionals.isEmpty else { throw CLIError.usage("unexpected argument '\(parsed.positionals[0])'") }
        if parsed.value("--doc") == "-" && parsed.value("--in") == nil {
            throw CLIError.usage("--doc - would read stdin, which holds the Lua lines; give them with --in FILE")
        }
        let (document, _) = try RunSupport.document(parsed, formats: try FormatOptions(parsed, outputFlag: nil), terminal: terminal)
        let interactive = parsed.value("--in") == nil && isatty(STDIN_FILENO) == 1
        let lineEditing = interactive && isatty(STDOUT_FILENO) == 1
        var options = try RunSupport.runtimeOptions(parsed)
        // Interrupts turn the JIT off; without it the hot methods are better as plain trampolines
        // than as the compiled route's wrappers (docs/lua-embedding.md, "The compiled route").
        if lineEditing { options.jitEnabled = false }
        let session: ScriptSession
        do {
            session = try ScriptSession(document: document, options: options, scriptName: "stdin", arguments: parsed.rest)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError(.dataError, "\(error)")
        }
        let out = terminal
        session.runtime.printHandler = { line in out.out(line) }
        RunSupport.installLexicon(session, parsed, terminal: terminal)
        if lineEditing {
            return InteractiveRepl(session: session, terminal: terminal, environment: ProcessInfo.processInfo.environment).run()
        }
        var lines: [String]?
        if let path = parsed.value("--in") {
            lines = try FileIO.readText(path).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines?.last == "" { lines?.removeLast() }
        }
        var number = 0
        var failures = 0
        while true {
            if interactive { terminal.outRaw("> ") }
            let line: String
            if var pending = lines {
                guard !pending.isEmpty else { break }
                line = pending.removeFirst()
                lines = pending
            } else {
                guard let read = readLine(strippingNewline: true) else { break }
                line = read
            }
            number += 1
            if line.trimmingSpaces().isEmpty { continue }
            do {
                let values = try evaluate(line, number: number, session)
                if !values.isEmpty { terminal.out(values.map(describe).joined(separator: "\t")) }
                terminal.out(Markup.print(session.main.editor.state))
            } catch {
                failures += 1
                terminal.error(error.description)
                if session.runtime.isStopped { return .dataError }
            }
        }
        if interactive { terminal.out("") }
        return failures > 0 && !interactive ? .dataError : .ok
    }

    /// Runs `line` as an expression (`return line`) when it compiles as one, else as statements.
    static func evaluate(_ line: String, number: Int, _ session: ScriptSession) throws(LuaScriptError) -> [LuaValue] {
        // Blank lines before the code make errors name the input line: `stdin:3: message`.
        let padding = String(repeating: "\n", count: number - 1)
        var source = line
        if source.hasPrefix("=") { source = String(source.dropFirst()) }
        do {
            // Through `select`, so a failing call is not a tail call and keeps its position.
            return try session.run(padding + "return select(1, " + source + "\n)", chunkName: "stdin")
        } catch where error.kind == .syntax {
            return try session.run(padding + source, chunkName: "stdin")
        }
    }

    static func describe(_ value: LuaValue) -> String {
        if case .string(let text) = value { return "\"" + text + "\"" }
        return value.description
    }
}
