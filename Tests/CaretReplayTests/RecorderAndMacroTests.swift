import CaretCore
import CaretFormats
import Foundation
import Testing
@testable import CaretReplay

@Suite struct RecorderTests {
    @Test func recordedTraceReplaysToTheSameState() throws {
        let editor = try Editor(state: try DocumentState(markup: "Hello {bold:world}|"))
        let sink = TraceMemorySink()
        let recorder = try TraceRecorder(editor: editor, sink: sink)
        try recorder.record(.text("!"))
        try recorder.record(.key(try KeyChord(parsing: "shift+alt+left")))
        try recorder.record(.key(try KeyChord(parsing: "cmd+i")))
        try recorder.record(.paste(try AttributedText(markup: "{underline:u}"), plain: false))
        try recorder.checkpoint(traits: true, typing: true)
        #expect(throws: EditorError.self) { try recorder.record(.select(anchor: 99, head: 99)) }
        #expect(sink.lines.count == 6)
        let trace = try TraceReader.read(sink.text)
        let player = try TracePlayer(trace: trace)
        try player.run()
        #expect(player.editor.state == editor.state)
    }

    @Test func observedCommandsAreRecorded() throws {
        let editor = try Editor(state: try DocumentState(markup: "ab|"))
        let sink = TraceMemorySink()
        let recorder = try TraceRecorder(editor: editor, sink: sink)
        recorder.observe()
        try editor.perform(.insertText("c"))
        try editor.perform(.move(.left, extend: true))
        try editor.perform(.toggleBold)
        try editor.perform(.undo)
        #expect(Array(sink.lines.dropFirst()) == [#"{"text":"c"}"#, #"{"command":"moveLeft","args":{"extend":true}}"#, #"{"command":"toggleBold"}"#, #"{"undo":1}"#])
        let player = try TracePlayer(trace: try TraceReader.read(sink.text))
        try player.run()
        #expect(player.editor.state == editor.state)
    }

    @Test func fileSinkWritesEachLineAtOnce() throws {
        let path = NSTemporaryDirectory() + "caret-recorder-\(getpid()).caret-trace"
        defer { unlink(path) }
        let editor = try Editor()
        let recorder = try TraceRecorder(editor: editor, sink: try TraceFileSink(path: path))
        try recorder.record(.text("a"))
        // Without closing or flushing anything, the file already holds both lines.
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 2)
        try recorder.record(.text("b"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("{\"text\":\"b\"}\n"))
    }
}

@Suite struct MacroTests {
    @Test func recordAndPlayTimes() throws {
        let editor = try Editor(state: try DocumentState(markup: "|one\ntwo\nthree\n"))
        let macros = MacroRecorder(editor: editor)
        try macros.startRecording("q")
        try macros.apply(.text("- "))
        try macros.apply(.command(.move(.down, extend: false)))
        try macros.apply(.command(.move(.lineStart, extend: false)))
        let macro = try macros.stopRecording()
        #expect(macro.events.count == 3)
        try macros.play("q", times: 2)
        #expect(Markup.print(editor.state) == "- one\n- two\n- three\n|")
        #expect(try Macro(name: "q", traceLines: macro.traceLines) == macro)
    }

    @Test func directEditsAreRecordedToo() throws {
        let editor = try Editor(state: try DocumentState(markup: "ab|"))
        let macros = MacroRecorder(editor: editor)
        try macros.startRecording("w")
        try editor.perform(.insertText("!"))
        try macros.stopRecording()
        try macros.play("w", times: 3)
        #expect(Markup.print(editor.state) == "ab!!!!|")
    }

    @Test func playAtPositionsFollowsEdits() throws {
        let editor = try Editor(state: try DocumentState(markup: "cat dog cow|"))
        let macros = MacroRecorder(editor: editor)
        macros.define(Macro(name: "b", events: [.text("<"), .command(.move(.wordRight, extend: false)), .text(">")]))
        try macros.play("b", at: [8, 0, 4])
        #expect(editor.text.string == "<cat> <dog> <cow>")
        #expect(throws: MacroError.self) { try macros.play("b", at: [999]) }
        #expect(throws: MacroError.self) { try macros.play("nope") }
        #expect(throws: MacroError.self) { try macros.stopRecording() }
    }

    @Test func playbackFailureNamesTheStep() throws {
        let editor = try Editor()
        let macros = MacroRecorder(editor: editor)
        macros.define(Macro(name: "x", events: [.text("a"), .select(anchor: 5, head: 5)]))
        do {
            try macros.play("x")
            Issue.record("no error")
        } catch let error as MacroError {
            #expect(error.description.hasPrefix("macro 'x', repetition 1, step 2: invalid position"))
        }
    }
}
