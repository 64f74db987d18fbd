import CaretCore
import CaretFormats
import CaretReplay
import Foundation
import Testing
@testable import CaretCLI

/// `caret edit` in a real terminal (tmux): what a person types, pastes and clicks reaches the
/// editor, the screen shows it with its attributes, and the recorded trace replays to the saved
/// document. Skipped, saying why, only where tmux is not installed.
@Suite(.serialized) struct EditTerminalTests {
    static let unavailable: String? = TmuxSession.unavailableReason ?? (builtCaret() == nil ? "the caret executable is not built" : nil)

    func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/caret-edit-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The state a trace replays to, checked by `caret replay --check` (exit status) and read
    /// back in process.
    func replay(_ trace: String) throws -> (status: Int32, text: AttributedText) {
        let (status, _) = try spawn(builtCaret()!, ["replay", trace, "--check"])
        let played = try TraceReplay.play(try TraceReplay.readFile(trace), file: trace, check: true)
        if let failure = played.failure { Issue.record("\(failure)") }
        return (status, played.player.editor.text)
    }

    @Test(.enabled(if: unavailable == nil, "\(unavailable ?? "")"))
    func editsFormatsPastesClicksAndSaves() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "abc é 日本\n".write(toFile: dir + "/doc.caret", atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(command: [builtCaret()!, "edit", "doc.caret", "--record", "t.caret-trace"],
                                   columns: 60, rows: 10, directory: dir)
        defer { tmux.close() }
        try tmux.waitFor(text: "typing plain")
        // Typing and a bold toggle: the bold text is drawn with SGR 1.
        try tmux.type("Hi ")
        try tmux.send("C-b")
        try tmux.type("bold")
        try tmux.send("C-b")
        try tmux.waitFor(text: "Hi boldabc é 日本")
        let styled = try tmux.waitFor("bold drawn bold", escapes: true) { Self.sgr(before: "bold", in: $0).contains("1") }
        #expect(!Self.sgr(before: "Hi", in: styled).contains("1"))
        // A bracketed paste arrives whole, line break included.
        try tmux.paste("P1\nP2 😀")
        try tmux.waitFor(text: "P2 😀abc é 日本")
        #expect(try tmux.screen().split(separator: "\n").first == "Hi boldP1")
        // A click puts the caret; a drag selects; ctrl+u underlines the selection.
        try tmux.sendRaw("\u{1B}[<0;1;1M\u{1B}[<0;1;1m")
        try tmux.waitFor(text: "{0, 0}  1:1")
        try tmux.sendRaw("\u{1B}[<0;4;1M\u{1B}[<32;8;1M\u{1B}[<0;8;1m")
        try tmux.waitFor(text: "{3, 4}")
        try tmux.send("C-u")
        try tmux.waitFor("underlined", escapes: true) { Self.sgr(before: "bold", in: $0).contains("4") }
        try tmux.waitFor(text: "U:on")
        // Undo takes the underline back.
        try tmux.send("C-z")
        try tmux.waitFor(text: "U:off")
        #expect(!Self.sgr(before: "bold", in: try tmux.screen(escapes: true)).contains("4"))
        // A double click selects a word.
        try tmux.sendRaw("\u{1B}[<0;3;2M\u{1B}[<0;3;2m\u{1B}[<0;3;2M\u{1B}[<0;3;2m")
        try tmux.waitFor(text: "{10, 2}")
        // A resize redraws at the new size, soft wrapping the long second line.
        try tmux.resize(columns: 12, rows: 6)
        let small = try tmux.waitFor("the status line on the new last row") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 6 && lines[5].hasPrefix("doc.caret")
        }
        #expect(small.contains("P2 😀abc é\n日本"))
        #expect(small.contains("日本"))
        try tmux.send("C-s")
        try tmux.waitFor(text: "saved")
        try tmux.send("C-q")
        #expect(try tmux.waitForExit() == 0)
        let saved = try String(contentsOfFile: dir + "/doc.caret", encoding: .utf8)
        #expect(saved == "Hi {bold:bold}P1\nP2 😀abc é 日本\n")
        let (status, text) = try replay(dir + "/t.caret-trace")
        #expect(status == 0)
        #expect(Markup.print(DocumentState(text: text)) + "\n" == saved)
        let trace = try String(contentsOfFile: dir + "/t.caret-trace", encoding: .utf8)
        #expect(trace.contains(#"{"paste":"P1\nP2 😀","plain":true}"#))
        #expect(trace.split(separator: "\n").last?.hasPrefix(#"{"check":"#) == true)
    }

    /// SIGTERM and SIGHUP: the final checkpoint is written, the terminal restored, and the
    /// process dies of the signal. A crash signal: the terminal is restored from the handler and
    /// caret's crash report exits 70. The trace replays in every case.
    @Test(.enabled(if: unavailable == nil, "\(unavailable ?? "")"), arguments: [(SIGTERM, 143), (SIGHUP, 129), (SIGSEGV, 70)])
    func signalsRestoreTheTerminalAndKeepTheTrace(signal: Int32, status: Int) throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = "stty -g > before.txt; \(builtCaret()!) edit new.md --record t.caret-trace 2> stderr.txt; echo $? > status.txt; stty -g > after.txt; echo finished; sleep 30"
        let tmux = try TmuxSession(command: ["/bin/sh", "-c", script], columns: 50, rows: 8, directory: dir)
        defer { tmux.close() }
        try tmux.waitFor(text: "new.md")
        try tmux.type("typed 😀")
        try tmux.waitFor(text: "new.md *")
        let shell = try #require(try tmux.panePID())
        let editor = try #require(Self.child(of: shell))
        kill(editor, signal)
        try tmux.waitFor(text: "finished")
        let before = try String(contentsOfFile: dir + "/before.txt", encoding: .utf8)
        #expect(try String(contentsOfFile: dir + "/after.txt", encoding: .utf8) == before)
        #expect(try String(contentsOfFile: dir + "/status.txt", encoding: .utf8) == "\(status)\n")
        // The alternate screen is gone: the shell's screen is back.
        #expect(!(try tmux.screen()).contains("typing"))
        let (replayed, text) = try replay(dir + "/t.caret-trace")
        #expect(replayed == 0)
        #expect(text.string == "typed 😀")
        let trace = try String(contentsOfFile: dir + "/t.caret-trace", encoding: .utf8)
        #expect(trace.split(separator: "\n").last?.hasPrefix(#"{"check":"typed 😀|""#) == (signal != SIGSEGV))
        if signal == SIGSEGV {
            #expect(try String(contentsOfFile: dir + "/stderr.txt", encoding: .utf8).hasPrefix("caret: internal error (signal 11)"))
        }
        // Nothing was saved: the file was never created.
        #expect(!FileManager.default.fileExists(atPath: dir + "/new.md"))
    }

    /// With tmux's extended keys (xterm modifyOtherKeys, which caret edit asks for),
    /// ctrl+shift+z reaches the keymap as itself: redo, not undo.
    @Test(.enabled(if: unavailable == nil, "\(unavailable ?? "")"))
    func extendedKeysTellCtrlShiftZFromCtrlZ() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tmux = try TmuxSession(command: [builtCaret()!, "edit", "k.caret"], columns: 60, rows: 5, directory: dir,
                                   serverOptions: [("extended-keys", "on")])
        defer { tmux.close() }
        try tmux.waitFor(text: "typing plain")
        try tmux.type("undone")
        try tmux.waitFor(text: "{6, 0}")
        try tmux.send("C-z")
        try tmux.waitFor(text: "{0, 0}")
        try tmux.send("C-S-z")
        try tmux.waitFor(text: "undone")
        try tmux.send("C-q", "C-q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test(.enabled(if: unavailable == nil, "\(unavailable ?? "")"))
    func refusesToRunWithoutATerminal() throws {
        let (status, _) = try spawn(builtCaret()!, ["edit", "/tmp/caret-edit-never.caret"])
        #expect(status == 64)
        #expect(try spawn(builtCaret()!, ["edit"]).status == 64)
        #expect(try spawn(builtCaret()!, ["edit", "notes.unknown"]).status == 64)
        // A keymap file's error is found before the terminal is touched: bad data, located.
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "ctrl+t toggleBlod\n".write(toFile: dir + "/bad.keys", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: builtCaret()!)
        process.arguments = ["edit", dir + "/x.caret", "--keymap", dir + "/bad.keys"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 65)
        #expect(message.hasPrefix(dir + "/bad.keys:1:8: unknown command 'toggleBlod'"))
    }

    /// The SGR parameters in effect where `text` first appears on an escaped screen
    /// (capture-pane -e): those of the last `ESC [ … m` before it on its line, since that line's start.
    static func sgr(before text: String, in screen: String) -> Set<String> {
        guard let found = screen.range(of: text) else { return [] }
        let lineStart = screen[..<found.lowerBound].lastIndex(of: "\n").map { screen.index(after: $0) } ?? screen.startIndex
        let prefix = screen[lineStart..<found.lowerBound]
        var codes: Set<String> = []
        var rest = prefix[...]
        while let start = rest.range(of: "\u{1B}[") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "m") else { break }
            let parameters = after[..<end].split(separator: ";").map(String.init)
            if parameters.isEmpty || parameters.contains("0") { codes = [] }
            codes.formUnion(parameters.filter { $0 != "0" })
            rest = after[after.index(after: end)...]
        }
        return codes
    }

    /// The first child process of `parent`, for signalling the editor a shell runs.
    static func child(of parent: pid_t) -> pid_t? { TmuxSession.child(of: parent) }
}
