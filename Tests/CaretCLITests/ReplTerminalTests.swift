import Foundation
import Testing

/// `caret repl` in a real terminal (tmux): what a person typing sees.
@Suite(.enabled(if: TmuxSession.executable != nil && builtCaret() != nil, "tmux or the built caret is missing"))
struct ReplTerminalTests {
    /// A REPL on `text` with its history in `state` (a fresh directory when nil).
    private func start(_ state: TempDirectory, text: String = "Hi", columns: Int = 80, rows: Int = 30) throws -> TmuxSession {
        let caret = try #require(builtCaret())
        // Through a shell that prints the status (see `exitStatus`). Ctrl-C reaches the shell too
        // (one process group): its trap keeps it alive, and the REPL starts with SIGINT's default.
        let command = ["/bin/sh", "-c", #"trap true INT; "$0" "$@"; echo "[caret exited $?]""#, caret, "repl", "--text", text]
        let tmux = try TmuxSession(command: command, columns: columns, rows: rows,
                                   environment: ["XDG_STATE_HOME": state.path + "/state"])
        try waitForPrompt(tmux)
        return tmux
    }

    /// The screen's rows with the trailing blank ones dropped.
    private func rows(_ screen: String) -> [String] {
        var rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows
    }

    /// Waits for an empty `>` prompt on the last row (capture-pane trims its trailing space).
    @discardableResult
    private func waitForPrompt(_ tmux: TmuxSession, _ prompt: String = ">") throws -> String {
        try tmux.waitFor("the prompt '\(prompt)'") { rows($0).last == prompt }
    }

    /// Types `line`, presses Enter and waits for the next empty prompt; returns the rows printed
    /// after the line.
    @discardableResult
    private func enter(_ tmux: TmuxSession, _ line: String, prompt: String = ">") throws -> [String] {
        let before = rows(try tmux.screen()).count
        try tmux.type(line)
        try tmux.send("Enter")
        let screen = try tmux.waitFor("the output of \(line)") { screen in
            let now = rows(screen)
            return now.last == prompt && (now.count > before || before >= 28)
        }
        let all = rows(screen)
        guard let echoed = all.lastIndex(where: { $0.hasSuffix(line) && ($0.hasPrefix(">") ) }) else { return all }
        return Array(all[(echoed + 1)..<(all.count - 1)])
    }

    /// Waits for the REPL to exit and returns its status, as the shell around it printed it
    /// (tmux may mark a pane dead before it has the status, and then never has it).
    private func exitStatus(_ tmux: TmuxSession) throws -> Int32? {
        let screen = try tmux.waitFor(text: "[caret exited ")
        guard let range = screen.range(of: "[caret exited ") else { return nil }
        return Int32(screen[range.upperBound...].prefix { $0.isNumber })
    }

    @Test func editingKeysWorkOnNonASCIIText() throws {
        let state = TempDirectory()
        defer { state.remove() }
        let tmux = try start(state)
        defer { tmux.close() }
        // Left over `"` and 中 (a wide character), Backspace deletes 😀 (one emoji), then type.
        try tmux.type(#"x = "é😀中""#)
        try tmux.send("Left", "Left", "BSpace")
        try tmux.type("ü")
        try tmux.waitFor(text: #"> x = "éü中""#)
        try tmux.send("End", "Enter")
        try waitForPrompt(tmux)
        #expect(try enter(tmux, "x") == [#""éü中""#])
        // Ctrl-A, Ctrl-K, Ctrl-W, Ctrl-U, and Home/End with a combining accent (e + U+0301).
        try tmux.type("return 'cafe\u{301}' -- zut")
        try tmux.send("C-a")
        try tmux.send("Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right")
        try tmux.send("C-k")
        try tmux.waitFor { rows($0).last == "> return 'cafe\u{301}'" }
        try tmux.type(" ..'!' tail")
        try tmux.send("C-w")
        // Backspace after é (e + U+0301) deletes both scalars.
        try tmux.send("Home")
        for _ in 0..<12 { try tmux.send("Right") }
        try tmux.send("BSpace")
        try tmux.waitFor { rows($0).last == "> return 'caf' ..'!'" }
        try tmux.send("End", "Enter")
        try tmux.waitFor(text: #""caf!""#)
        try waitForPrompt(tmux)
        try tmux.type("never run")
        try tmux.send("C-u")
        try tmux.type("2 + 3")
        try tmux.send("Enter")
        try tmux.waitFor { rows($0).suffix(2) == ["5", ">"] }
    }

    @Test func aLongLineWrapsAndStaysEditable() throws {
        let state = TempDirectory()
        defer { state.remove() }
        let tmux = try start(state, columns: 30)
        defer { tmux.close() }
        // 14 wide characters do not fit in the 28 columns after the prompt with the quotes.
        let wide = String(repeating: "中", count: 14)
        try tmux.type("return '\(wide)'")
        try tmux.send("Home", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right")
        try tmux.type("1")
        // The 1 went in after the quote, and 中 that no longer fits is drawn on the next row.
        try tmux.waitFor { rows($0).suffix(2) == ["> return '1" + String(repeating: "中", count: 9), "中中中中中'"] }
        try tmux.send("Enter")
        try tmux.waitFor(text: "\"1\(wide.prefix(13))")
    }

    @Test func pastedLinesAreEachRun() throws {
        let state = TempDirectory()
        defer { state.remove() }
        let tmux = try start(state)
        defer { tmux.close() }
        // Several lines in one write, as a paste arrives: none is lost, the unfinished one goes on.
        try tmux.type("a = 20\rfunction add(n)\rreturn a + n\rend\r")
        try tmux.waitFor("the pasted lines run") { rows($0).suffix(2) == [">> end", ">"] }
        #expect(try enter(tmux, "add(22)") == ["42"])
    }

    @Test func historyIsKeptAcrossSessions() throws {
        let state = TempDirectory()
        defer { state.remove() }
        do {
            let tmux = try start(state)
            defer { tmux.close() }
            try enter(tmux, "answer = 40 + 2")
            try enter(tmux, "answer")
            try tmux.send("C-d")
            #expect(try exitStatus(tmux) == 0)
        }
        #expect(state.read("state/caret/history") == "answer = 40 + 2\nanswer\n")
        let tmux = try start(state)
        defer { tmux.close() }
        try tmux.send("Up", "Up")
        try tmux.waitFor { rows($0).last == "> answer = 40 + 2" }
        try tmux.send("Down")
        try tmux.waitFor { rows($0).last == "> answer" }
        try tmux.send("Enter")
        try tmux.waitFor { rows($0).suffix(2) == ["nil", ">"] }
    }

    @Test func aChunkGoesOnWhileItIsIncomplete() throws {
        let state = TempDirectory()
        defer { state.remove() }
        let tmux = try start(state)
        defer { tmux.close() }
        try enter(tmux, "function twice(n)", prompt: ">>")
        try enter(tmux, "  return n * 2", prompt: ">>")
        try enter(tmux, "end")
        #expect(try enter(tmux, "twice(21)") == ["42"])
        try enter(tmux, "t = {", prompt: ">>")
        try enter(tmux, "'multi", prompt: ">>")
        // Ctrl-C drops the whole unfinished chunk.
        try tmux.send("C-c")
        try waitForPrompt(tmux)
        #expect(try enter(tmux, "t") == ["nil"])
        // An error in a later line of a chunk names that line.
        try enter(tmux, "do", prompt: ">>")
        let lines = try enter(tmux, "error('deep') end")
        #expect(lines.first == "stdin:9: deep")
    }

    @Test func resultsPrintAsLuaLiterals() throws {
        let state = TempDirectory()
        defer { state.remove() }
        let tmux = try start(state)
        defer { tmux.close() }
        #expect(try enter(tmux, #"{b = 1, a = {2, 1}, "x", ["k y"] = "q\"t"}"#) == [#"{"x", a = {2, 1}, b = 1, ["k y"] = "q\"t"}"#])
        try enter(tmux, "t = {name = 'loop'} t.self = t")
        #expect(try enter(tmux, "t") == [#"{name = "loop", self = nil --[[cycle: the table 1 level up]]}"#])
        // Several values: separated by tabs, which the terminal shows as spaces.
        let values = try enter(tmux, "1, 'two', nil")
        #expect(values.count == 1 && values[0].hasPrefix("1 ") && values[0].contains(#""two""#) && values[0].hasSuffix("nil"))
        // A chunk that changes the document shows it.
        #expect(try enter(tmux, "editor:insert(' there')") == ["Hi there|"])
    }

    @Test func helpListsTheAPIAndShowsOneEntry() throws {
        let state = TempDirectory()
        defer { state.remove() }
        let tmux = try start(state, rows: 60)
        defer { tmux.close() }
        try tmux.type(":help")
        try tmux.send("Enter")
        let screen = try tmux.waitFor(text: "editor:")
        #expect(screen.contains("caret."))
        #expect(screen.contains("replace"))
        try tmux.send("C-l")
        try tmux.waitFor("the cleared screen") { rows($0) == [">"] }
        let entry = try enter(tmux, ":help editor:replace")
        #expect(entry.first == "editor:replace(location, length, text)")
        #expect(entry.contains { $0.contains("location") && $0.contains("integer") })
        let missing = try enter(tmux, ":help no_such_thing")
        #expect(missing == [":help: no API entry is named 'no_such_thing' (:help lists them)"])
    }

    @Test func tabCompletesNames() throws {
        let state = TempDirectory()
        defer { state.remove() }
        let tmux = try start(state)
        defer { tmux.close() }
        try tmux.type("editor:leng")
        try tmux.send("Tab")
        try tmux.waitFor { rows($0).last == "> editor:length" }
        try tmux.type("()")
        try tmux.send("Enter")
        try tmux.waitFor { rows($0).suffix(2) == ["2", ">"] }
        try tmux.type("cor")
        try tmux.send("Tab")
        try tmux.waitFor { rows($0).last == "> coroutine" }
        try tmux.type(".")
        try tmux.send("Tab")
        // Several names: they are listed under the line, which is drawn again.
        let screen = try tmux.waitFor("the coroutine names") { $0.contains("resume") && $0.contains("yield") && rows($0).last == "> coroutine." }
        #expect(screen.contains("create"))
        try tmux.send("C-u")
        try tmux.type("string.upp")
        try tmux.send("Tab")
        try tmux.waitFor { rows($0).last == "> string.upper" }
    }

    @Test func ctrlCStopsARunningChunkAndTheSessionGoesOn() throws {
        let state = TempDirectory()
        defer { state.remove() }
        let tmux = try start(state)
        defer { tmux.close() }
        try tmux.type("while true do end")
        try tmux.send("Enter")
        usleep(300_000)
        try tmux.send("C-c")
        try tmux.waitFor(text: "stdin:1: interrupted")
        try waitForPrompt(tmux)
        #expect(try enter(tmux, "1 + 1") == ["2"])
        // A loop that catches errors is stopped too.
        try tmux.type("while true do pcall(function() while true do end end) end")
        try tmux.send("Enter")
        usleep(300_000)
        try tmux.send("C-c")
        try tmux.waitFor { $0.components(separatedBy: "interrupted").count == 3 && rows($0).last == ">" }
        // Ctrl-C at the prompt drops the line; Ctrl-D on an empty line leaves.
        try tmux.type("not sent")
        try tmux.send("C-c")
        try tmux.waitFor { rows($0).suffix(2) == ["> not sent^C", ">"] }
        #expect(try enter(tmux, "editor:text()") == [#""Hi""#])
        try tmux.send("C-d")
        #expect(try exitStatus(tmux) == 0)
    }

    @Test func anErrorPrintsItsOwnTraceback() throws {
        let state = TempDirectory()
        defer { state.remove() }
        let tmux = try start(state, rows: 40)
        defer { tmux.close() }
        try enter(tmux, "function first() error('one') end")
        let one = try enter(tmux, "first()")
        #expect(one.first == "stdin:1: one")
        #expect(one.contains { $0.contains("in function 'first'") })
        let syntax = try enter(tmux, "x = = 1")
        #expect(syntax == ["stdin:3: unexpected symbol near '='"])
        try enter(tmux, "function second() error('two') end")
        let two = try enter(tmux, "second()")
        #expect(two.first == "stdin:4: two")
        #expect(two.contains { $0.contains("in function 'second'") })
        #expect(!two.contains { $0.contains("first") })
    }
}
