import CaretCore
import CaretFormats
import CaretReplay
import Foundation
import Testing
@testable import CaretCLI

/// The editor core of `caret edit` without a terminal: events in, frames and a trace out.
@Suite struct EditSessionTests {
    final class Harness {
        let sink = TraceMemorySink()
        let session: EditSession
        var time = 100.0

        init(_ markup: String, columns: Int = 30, rows: Int = 6, keymap: EditKeymap = .standard, document: EditSession.DocumentTarget? = nil) throws {
            let editor = try Editor(state: DocumentState(text: try Markup.parseText(markup), selection: Selection(anchor: 0, head: 0)))
            let recorder = try TraceRecorder(editor: editor, sink: sink)
            session = EditSession(editor: editor, recorder: recorder, keymap: keymap, document: document, columns: columns, rows: rows)
        }

        func send(_ events: InputEvent..., after seconds: Double = 0.05) {
            for event in events {
                time += seconds
                session.handle(event, at: time)
            }
        }

        func key(_ chord: String, after seconds: Double = 0.05) { send(.key(try! KeyChord(parsing: chord)), after: seconds) }

        var markup: String { Markup.print(session.editor.state) }

        /// Replays what was recorded and returns the replayed state (checkpoints checked).
        func replayed() throws -> String {
            try session.finish()
            let trace = try TraceReader.read(sink.text)
            let player = try TracePlayer(trace: trace)
            try player.run()
            return Markup.print(player.editor.state)
        }

        func screenText(_ row: Int) -> String { session.frame().text(ofRow: row) }
    }

    @Test func typingFormattingAndUndoReplayTheSame() throws {
        let h = try Harness("")
        h.send(.text("Hello "))
        h.key("ctrl+b")
        h.send(.text("w"), .text("o"))
        h.key("ctrl+b")
        h.send(.text("!"), after: 2) // past the coalescing interval: its own undo step
        h.key("ctrl+z")
        #expect(Markup.print(DocumentState(text: h.session.editor.text)) == "Hello {bold:wo}")
        h.key("ctrl+shift+z")
        #expect(h.session.editor.text.string == "Hello wo!")
        #expect(try h.replayed() == h.markup)
        // The terminal's ctrl+b is not the trace keymap's (where it moves left): recorded as the command.
        #expect(h.sink.lines.contains(#"{"command":"toggleBold"}"#))
        #expect(h.sink.lines.contains(#"{"wait":2}"#))
    }

    @Test func theClockIsQuantizedSoCoalescingReplaysTheSame() throws {
        let h = try Harness("")
        h.send(.text("a"))
        h.send(.text("b"), after: 0.25)
        h.send(.text("c"), after: 1.5) // past the interval: a new undo group live and on replay
        h.key("ctrl+z")
        #expect(h.markup == "ab|")
        #expect(try h.replayed() == "ab|")
        // Whole tenths; the fraction left over carries to the next event.
        #expect(h.sink.lines.filter { $0.hasPrefix(#"{"wait""#) } == [#"{"wait":0.2}"#, #"{"wait":1.5}"#])
        // Twenty keys 0.05 s apart advance the clock by about 1 s in all, not by nothing.
        let fast = try Harness("")
        for _ in 0..<20 { fast.send(.text("x"), after: 0.05) }
        #expect(abs(fast.session.editor.clock - 0.9) < 1e-9 || abs(fast.session.editor.clock - 1.0) < 1e-9)
    }

    @Test func pasteIsOneEventWithTheTypingAttributes() throws {
        let h = try Harness("{bold:ab}")
        h.key("end")
        h.send(.paste("x\ny 😀"))
        #expect(h.markup == "{bold:abx\ny 😀}|")
        #expect(h.sink.lines.filter { $0.hasPrefix(#"{"paste""#) }.count == 1)
        #expect(try h.replayed() == h.markup)
    }

    @Test func mouseClickDragDoubleAndTripleClick() throws {
        let h = try Harness("one two three\nfour 😀 five")
        _ = h.session.frame()
        h.send(.mouse(MouseEvent(kind: .press, button: 0, column: 4, row: 0)))
        #expect(h.session.editor.selection == Selection(anchor: 4, head: 4))
        h.send(.mouse(MouseEvent(kind: .drag, button: 0, column: 8, row: 1)))
        h.send(.mouse(MouseEvent(kind: .release, button: 0, column: 8, row: 1)))
        // Row 1 is "four 😀 five": column 8 is after "four 😀 " (the emoji takes two columns).
        #expect(h.session.editor.selection == Selection(anchor: 4, head: 22))
        h.send(.mouse(MouseEvent(kind: .press, button: 0, column: 5, row: 0)), after: 1)
        h.send(.mouse(MouseEvent(kind: .release, button: 0, column: 5, row: 0)), after: 0.05)
        h.send(.mouse(MouseEvent(kind: .press, button: 0, column: 5, row: 0)), after: 0.1)
        #expect(h.session.editor.selection.range == 4..<7)
        h.send(.mouse(MouseEvent(kind: .press, button: 0, column: 5, row: 0)), after: 0.1)
        #expect(h.session.editor.selection.range == 0..<13)
        #expect(try h.replayed() == h.markup)
    }

    @Test func theStatusLineShowsSelectionTraitsAndTyping() throws {
        let h = try Harness("a{bold:bc}d", columns: 80)
        h.key("right")
        h.key("shift+right")
        h.key("shift+right")
        h.key("shift+right")
        let status = h.screenText(5)
        #expect(status.contains("{1, 3}"))
        #expect(status.contains("1:5"))
        #expect(status.contains("B:mixed I:off U:off"))
        #expect(status.contains("typing bold"))
        h.key("ctrl+i")
        #expect(h.screenText(5).contains("B:mixed I:on"))
    }

    @Test func selectionIsDrawnInverseAndTheCursorFollowsTheCaret() throws {
        let h = try Harness("abc\ndef")
        h.key("shift+right")
        let frame = h.session.frame()
        #expect(frame.rows[0][0].style.inverse && !frame.rows[0][1].style.inverse)
        #expect(frame.cursor?.row == 0 && frame.cursor?.column == 1)
        h.key("down")
        #expect(h.session.frame().cursor?.row == 1)
    }

    @Test func scrollingKeepsTheCaretInView() throws {
        let lines = (1...50).map { "line \($0)" }.joined(separator: "\n")
        let h = try Harness(lines, columns: 20, rows: 5)
        for _ in 0..<10 { h.key("down") }
        var frame = h.session.frame()
        #expect(frame.text(ofRow: 3).hasPrefix("line 11"))
        #expect(frame.cursor?.row == 3)
        h.key("pagedown")
        frame = h.session.frame()
        #expect(frame.cursor?.row == 3)
        #expect(frame.text(ofRow: 3).hasPrefix("line 14"))
        h.key("ctrl+home")
        #expect(h.session.frame().text(ofRow: 0).hasPrefix("line 1 "))
        h.session.resize(columns: 10, rows: 3)
        h.key("ctrl+end")
        #expect(h.session.frame().text(ofRow: 1).hasPrefix("line 50"))
        #expect(try h.replayed() == h.markup)
    }

    @Test func scrollingWithinAWrappedParagraph() throws {
        let words = (1...30).map { "w\($0)" }.joined(separator: " ")
        let h = try Harness("top\n" + words + "\nbottom", columns: 10, rows: 4)
        h.key("down")
        h.key("cmd+right") // the end of the long paragraph, many rows down
        var frame = h.session.frame()
        #expect(frame.cursor?.row == 2)
        #expect(frame.text(ofRow: 2).hasPrefix("w30 "))
        #expect(frame.text(ofRow: 1).hasPrefix("w28 w29 "))
        h.key("down")
        frame = h.session.frame()
        #expect(frame.cursor?.row == 2 && frame.text(ofRow: 2).hasPrefix("bottom"))
        h.key("cmd+up")
        frame = h.session.frame()
        #expect(frame.cursor?.row == 0 && frame.text(ofRow: 0).hasPrefix("top"))
        #expect(frame.text(ofRow: 1).hasPrefix("w1 w2 w3"))
        #expect(try h.replayed() == h.markup)
    }

    @Test func checkpointsAndErrorsGoToTheMessageArea() throws {
        let h = try Harness("x", columns: 60)
        h.key("ctrl+k")
        #expect(h.session.message == "checkpoint 1 written")
        #expect(h.sink.lines.last?.hasPrefix(#"{"check":"|x""#) == true)
        h.key("f5")
        #expect(h.session.message == "f5 is not bound")
    }

    @Test func quitAsksOnceWithUnsavedChanges() throws {
        let h = try Harness("")
        h.key("ctrl+q")
        #expect(h.session.wantsQuit)
        let changed = try Harness("")
        changed.send(.text("a"))
        changed.key("ctrl+q")
        #expect(!changed.session.wantsQuit)
        #expect(changed.session.message?.contains("ctrl+q again") == true)
        changed.key("ctrl+q")
        #expect(changed.session.wantsQuit)
    }

    @Test func savingIsAtomicAndAsksBeforeLosingAttributes() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/caret-edit-save-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/notes.md"
        try "old\n".write(toFile: path, atomically: true, encoding: .utf8)
        let h = try Harness("{foregroundColor=#ff0000:red}", document: .init(path: path, format: .markdown, lossy: false))
        h.send(.text("hi "))
        h.key("ctrl+s")
        // Markdown has no colours: refused, the file untouched, and the prompt says how to go on.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(h.session.message?.contains("ctrl+s again saves without it") == true)
        #expect(h.session.isModified)
        h.key("ctrl+s")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "hi red\n")
        #expect(!h.session.isModified)
        #expect(h.session.message?.hasPrefix("saved") == true)
    }

    @Test func aKeymapFileBindsCommandsAndActions() throws {
        let file = """
        # my keys
        ctrl+t toggleStrikethrough
        alt+1 setHeading level=1
        f2 save
        ctrl+k unbind
        """
        let keymap = try EditKeymap.standard.merging(file: file)
        #expect(keymap[try KeyChord(parsing: "ctrl+t")] == .command(.toggleTrait(.strikethrough)))
        #expect(keymap[try KeyChord(parsing: "alt+1")] == .command(.setHeading(1)))
        #expect(keymap[try KeyChord(parsing: "f2")] == .save)
        #expect(keymap[try KeyChord(parsing: "ctrl+k")] == nil)
        let h = try Harness("ab", keymap: keymap)
        h.key("shift+right")
        h.key("ctrl+t")
        #expect(h.markup == "^{strikethrough:a}|b")
        #expect(try h.replayed() == h.markup)
    }

    @Test func keymapFileErrorsAreLocated() {
        #expect(throws: EditKeymap.FileError.self) { try EditKeymap.standard.merging(file: "ctrl+lefft moveLeft") }
        do {
            _ = try EditKeymap.standard.merging(file: "\n  ctrl+t  toggleBlod")
            Issue.record("no error")
        } catch {
            #expect(error.line == 2 && error.column == 11)
            #expect(error.message.contains("unknown command 'toggleBlod'"))
        }
        do {
            _ = try EditKeymap.standard.merging(file: "ctrl+t")
            Issue.record("no error")
        } catch {
            #expect(error.line == 1 && error.column == 7)
        }
    }
}
