import CaretCore
import CaretFormats
import Foundation
import Testing
@testable import CaretReplay

/// The golden traces under Tests/GoldenTraces: each passes, together they cover every command and
/// event kind, and replaying is deterministic.
@Suite struct GoldenTraceTests {
    @Test func goldenTracesExist() {
        #expect(Fixtures.goldenFiles.count >= 50)
    }

    @Test(arguments: Fixtures.goldenFiles.map { String($0.dropFirst(Fixtures.traces.count + 1)) })
    func goldenTracePasses(_ name: String) {
        let outcome = TestRunner.runTrace(Fixtures.traces + "/" + name)
        #expect(outcome == .passed, "\(outcome.message)")
    }

    @Test func everyCommandAndEventKindIsCovered() throws {
        var commands: Set<String> = []
        var kinds: Set<String> = []
        for path in Fixtures.goldenFiles {
            let trace = try TraceReader.read(try Fixtures.text(path), file: path)
            for event in trace.events {
                kinds.insert(event.kind)
                switch event {
                case .command(let command): commands.insert(command.name)
                case .key(let chord): if let command = Keymap.standard[chord] { commands.insert(command.name) }
                case .undo: commands.insert("undo")
                case .redo: commands.insert("redo")
                case .text: commands.insert("insertText")
                case .select: commands.insert("setSelection")
                case .paste(_, let plain): commands.insert(plain ? "pasteAsPlainText" : "paste")
                default: break
                }
            }
        }
        #expect(Set(EditorCommand.allNames).subtracting(commands).sorted() == [])
        #expect(TraceDecoder.kinds.subtracting(kinds).sorted() == [])
    }

    /// Replays every trace in the repository twice, in markup and JSON, and compares bytes; the
    /// canonical serialization of a parsed trace reads back to the same trace.
    @Test(arguments: Fixtures.goldenFiles.map { String($0.dropFirst(Fixtures.traces.count + 1)) })
    func replayIsDeterministic(_ name: String) throws {
        let bytes = Array(try Fixtures.text(Fixtures.traces + "/" + name).utf8)
        func output() throws -> String {
            let (player, failure) = try TraceReplay.play(bytes, file: name, check: false)
            #expect(failure == nil)
            return Markup.print(player.editor.state) + "\n" + DocumentJSON.encodeString(player.editor.state)
        }
        #expect(try output() == output())
        let trace = try TraceReader.read(bytes, file: name)
        let again = try TraceReader.read(trace.serialized(), file: name)
        #expect(again.events == trace.events)
        #expect(again.header == trace.header)
        #expect(again.serialized() == trace.serialized())
    }
}
