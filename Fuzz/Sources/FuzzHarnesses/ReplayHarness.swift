import CaretCore
import CaretFormats
import CaretLua
import CaretReplay

/// A random trace — built by applying random events to an editor and recording the ones it
/// accepts, with checkpoints of what it showed — replays twice to byte-identical output, and
/// its `convert --to lua` script run through the Lua API ends in the same state with every
/// `caret.expect` met.
enum ReplayHarness {
    static let chords = ["cmd+b", "cmd+i", "cmd+u", "shift+left", "alt+right", "backspace", "delete", "return", "cmd+z",
                         "shift+cmd+z", "cmd+a", "tab", "alt+backspace", "cmd+left", "shift+down", "ctrl+t", "x", "😀", "f5"]

    static func event(_ s: inout ByteStream, _ editor: Editor) -> TraceEvent {
        switch s.below(12) {
        case 0, 1: return .text(s.pick(textPieces) + (s.bool() ? "" : s.pick(textPieces)))
        case 2, 3: return .key(try! KeyChord(parsing: s.pick(chords)))
        case 4: let a = s.below(editor.text.utf16Count + 2); return .select(anchor: a, head: s.bool() ? a : s.below(editor.text.utf16Count + 1))
        case 5, 6: return .command(EditorHarness.command(&s, editor))
        case 7:
            var pieces: [(String, Attributes)] = []
            for _ in 0...s.below(3) { pieces.append((s.pick(textPieces), s.pick(EditorHarness.attributeChoices))) }
            return .paste(AttributedText(runs: pieces), plain: s.bool())
        case 8: return s.bool() ? .undo(count: 1 + s.below(3)) : .redo(count: 1 + s.below(3))
        case 9: return .wait(s.pick([0.1, 0.5, 1.5, 30]))
        default:
            return .check(TracePlayer.checkpoint(of: editor, traits: s.bool(), typing: s.bool()))
        }
    }

    static func run(_ bytes: [UInt8]) {
        var s = ByteStream(bytes)
        let options = EditorOptions(traitToggle: s.bool() ? .uniform : .perRunFlip, undoCoalescingInterval: s.pick([1.0, 0.3]))
        let document = EditorHarness.start(&s)
        guard let editor = try? Editor(state: document, options: options) else { return }
        var events: [TraceEvent] = []
        while !s.isAtEnd && events.count < 120 {
            let event = event(&s, editor)
            if case .check = event { events.append(event); continue }
            let before = editor.state
            do { try TracePlayer.apply(event, to: editor) } catch {
                Harness.require(editor.state == before, "a refused event changed the editor")
                continue
            }
            events.append(event)
        }
        events.append(.check(TracePlayer.checkpoint(of: editor, traits: true, typing: true)))
        let trace = Trace(header: TraceHeader(document: document, options: options), events: events)
        let traceBytes = TraceHarness.bytes(of: trace)
        let traceText = String(decoding: traceBytes, as: UTF8.self)

        var outputs: [String] = []
        for _ in 0..<2 {
            let (player, failure): (TracePlayer, ReplayFailure?)
            do { (player, failure) = try TraceReplay.play(traceBytes, file: "random.trace", check: true) } catch {
                Harness.fail("a recorded trace does not read back: \(error)\n\(traceText)")
            }
            if let failure { Harness.fail("a recorded trace does not replay: \(failure)\n\(traceText)") }
            outputs.append(Markup.print(player.editor.state) + "\n" + DocumentJSON.encodeString(player.editor.state))
        }
        Harness.require(outputs[0] == outputs[1], "two replays of one trace differ:\n\(outputs[0])\n\(outputs[1])\n\(traceText)")
        Harness.require(outputs[0].hasPrefix(Markup.print(editor.state) + "\n"), "replay ends elsewhere than the recording:\n\(traceText)")

        let script = TraceLuaConverter.script(for: trace)
        let session: ScriptSession
        do { session = try ScriptSession(document: document, editorOptions: options) } catch {
            Harness.fail("no Lua session: \(error)")
        }
        do { try session.run(script, chunkName: "converted.lua") } catch {
            Harness.fail("the Lua conversion fails (\(error)):\n\(script)\nfrom\n\(traceText)")
        }
        Harness.require(session.failedExpectations.isEmpty, "the Lua conversion's expectations fail: \(session.failedExpectations)\n\(script)\nfrom\n\(traceText)")
        Harness.require(session.main.editor.state == editor.state,
                        "the Lua conversion ends in \(Markup.print(session.main.editor.state).debugDescription), the trace in \(Markup.print(editor.state).debugDescription):\n\(script)")
    }
}
