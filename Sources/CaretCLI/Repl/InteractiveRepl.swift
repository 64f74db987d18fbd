import CaretCore
import CaretFormats
import CaretLua

/// `caret repl` on a terminal: line editing and history (`TerminalLineReader`, `ReplHistory`),
/// chunks that go on over several lines while they are incomplete, results printed as Lua
/// literals, `:help`, Tab completion of names, and Ctrl-C stopping a running chunk.
final class InteractiveRepl {
    let session: ScriptSession
    let terminal: Terminal
    private let reader: TerminalLineReader
    private let history: ReplHistory?
    private var historyFailure: String?
    /// Input lines read so far (errors name `stdin:LINE`).
    private var lineNumber = 0
    /// The lines of a chunk that is not complete yet, and the number of its first line.
    private var pending: [String] = []
    private var pendingStart = 1
    private var lastShown: String

    static let prompt = "> "
    static let continuationPrompt = ">> "

    init(session: ScriptSession, terminal: Terminal, environment: [String: String]) {
        self.session = session
        self.terminal = terminal
        let path = ReplHistory.defaultPath(environment: environment)
        var lines: [String] = []
        if let path {
            let history = ReplHistory(path: path)
            do {
                lines = try history.load()
                self.history = history
            } catch {
                self.history = nil
                historyFailure = "\(error)"
            }
        } else {
            history = nil
            historyFailure = "neither XDG_STATE_HOME nor HOME is an absolute path"
        }
        reader = TerminalLineReader(history: lines)
        lastShown = Markup.print(session.main.editor.state)
    }

    func run() -> ExitCode {
        let runtime = session.runtime
        let interrupts = runtime.enableInterrupts()
        defer { if interrupts { runtime.disableInterrupts() } }
        terminal.out("caret repl: `editor` is the document; :help for help, Ctrl-D to leave")
        if let historyFailure { terminal.error("caret repl: history is not saved (\(historyFailure))") }
        if !interrupts { terminal.error("caret repl: Ctrl-C cannot stop a running chunk here (SIGINT is taken); it ends the session") }
        terminal.out(lastShown)
        while true {
            let prompt = pending.isEmpty ? Self.prompt : Self.continuationPrompt
            switch reader.readLine(prompt: prompt, complete: complete) {
            case .endOfInput:
                return .ok
            case .cancel:
                pending = []
            case .accept(let line):
                lineNumber += 1
                remember(line)
                if pending.isEmpty, let command = colonCommand(line) {
                    if command == .quit { return .ok }
                    continue
                }
                if pending.isEmpty {
                    if line.allSatisfy(\.isWhitespace) { continue }
                    pendingStart = lineNumber
                }
                pending.append(line)
                if !evaluatePending() { return .dataError }
            default:
                continue
            }
        }
    }

    private func remember(_ line: String) {
        reader.editor.remember(line)
        guard let history, !line.allSatisfy(\.isWhitespace) else { return }
        if let reason = history.append(line), historyFailure == nil {
            historyFailure = reason
            terminal.error("caret repl: history is not saved (\(history.path): \(reason))")
        }
    }

    private enum ColonCommand { case quit, help }

    /// Runs `:help`, `:help NAME`, `:quit`; nil when `line` is Lua.
    private func colonCommand(_ line: String) -> ColonCommand? {
        let trimmed = line.trimmingSpaces()
        guard trimmed.hasPrefix(":") else { return nil }
        let words = trimmed.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        switch words.first ?? "" {
        case "q", "quit", "exit": return .quit
        case "h", "help":
            let api = session.runtime.api
            if words.count > 1 {
                let name = words[1].trimmingSpaces()
                if let text = ReplHelp.entry(name, in: api) {
                    terminal.out(text)
                } else {
                    terminal.error(":help: no API entry is named '\(name)' (:help lists them)")
                }
            } else {
                terminal.out(ReplHelp.overview(api))
            }
            return .help
        default:
            terminal.error("unknown REPL command '\(trimmed)' (:help, :help NAME, :quit)")
            return .help
        }
    }

    /// Runs the pending chunk unless it is incomplete. Returns false when a limit stopped the
    /// runtime (the session cannot go on).
    private func evaluatePending() -> Bool {
        let runtime = session.runtime
        let padding = String(repeating: "\n", count: pendingStart - 1)
        var source = pending.joined(separator: "\n")
        if source.hasPrefix("=") { source = String(source.dropFirst()) }
        runtime.takeInterrupt()
        defer { runtime.takeInterrupt() }
        do {
            let results: [String]
            do {
                // Through `select`, so that a failing call is not a tail call and keeps its position.
                results = try runtime.runShowingResults(padding + "return select(1, " + source + "\n)", chunkName: "stdin")
            } catch where error.kind == .syntax {
                results = try runtime.runShowingResults(padding + source, chunkName: "stdin")
            }
            pending = []
            if !results.isEmpty { terminal.out(results.joined(separator: "\t")) }
            let shown = Markup.print(session.main.editor.state)
            if shown != lastShown {
                terminal.out(shown)
                lastShown = shown
            }
        } catch {
            if error.kind == .syntax && error.message.hasSuffix("'<eof>'") { return true }
            pending = []
            // The terminal echoed `^C` where the output was: end that line first.
            if runtime.takeInterrupt() { terminal.out("") }
            terminal.error(error.description)
            if runtime.isStopped { return false }
        }
        return true
    }

    static let keywords = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "if", "in",
                           "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"]

    /// Names for the word before the cursor: after `a.b.` the fields of `a.b`, after `x:` the
    /// methods of `x`, else the globals and keywords.
    private func complete(_ word: String) -> TerminalLineReader.Completion {
        let runtime = session.runtime
        var names: [String]
        var partial = word
        if let separator = word.lastIndex(where: { $0 == "." || $0 == ":" }) {
            let base = String(word[..<separator])
            partial = String(word[word.index(after: separator)...])
            guard !base.isEmpty, !base.contains(":") else { return .init(candidates: [], replacing: 0) }
            names = runtime.completionNames(of: base, methodsOnly: word[separator] == ":")
        } else {
            names = Array(Set(runtime.completionNames(of: "") + Self.keywords)).sorted()
        }
        names = names.filter { $0.hasPrefix(partial) && !$0.hasPrefix("_") || (partial.hasPrefix("_") && $0.hasPrefix(partial)) }
        return .init(candidates: names, replacing: partial.count)
    }
}
