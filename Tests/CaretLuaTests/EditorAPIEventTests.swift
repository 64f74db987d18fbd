import CaretCore
import CaretFormats
import CaretReplay
import Testing
@testable import CaretLua

@Suite struct EditorAPIEventTests {
    @Test func changeAndSelectionEventsArriveAfterTheCommand() throws {
        let s = try session("ab|")
        try s.run("""
        log = {}
        editor:on('change', function(e)
          -- The command has returned: the editor is complete and may be read and changed.
          log[#log + 1] = e.type .. ' ' .. e.command .. ' ' .. e.edits[1].location .. '+' .. e.edits[1].length .. ' ' .. e.edits[1].text .. ' -> ' .. editor:text()
        end)
        editor:on('selection', function(e)
          log[#log + 1] = e.type .. ' ' .. tostring(e.command) .. ' ' .. e.old_head .. '->' .. e.head
        end)
        editor:insert('c')
        editor:select(0)
        editor:key('shift+right')
        """)
        #expect(try s.run("return table.concat(log, '; ')") == [.string("change insertText 2+0 c -> abc; selection insertText 2->3; selection setSelection 3->0; selection moveRight 0->1")])
    }

    @Test func handlersMayEditAndErrorsReachTheScript() throws {
        let s = try session("|")
        try s.run("""
        editor:on('change', function(e)
          if e.command == 'insertText' and editor:text():sub(-1) == '!' then editor:run('insertNewline') end
        end)
        editor:insert('hi!')
        """)
        #expect(s.main.markup == "hi!\n|")
        let failing = try session("|")
        let error = scriptError(failing, """
        editor:on('change', function() error('handler failed') end)
        editor:insert('x')
        """)
        #expect(error?.headline == "script.lua:1: handler failed")
        #expect(error?.traceback.contains { $0.hasPrefix("script.lua:2:") } == true)
    }

    @Test func limitsApplyInsideHandlers() throws {
        let s = try session("|", options: LuaRuntimeOptions(instructionLimit: 100_000))
        let error = scriptError(s, """
        editor:on('change', function() while true do end end)
        pcall(editor.insert, editor, 'x')
        """)
        #expect(error?.kind == .instructionLimit(100_000))
        #expect(s.runtime.isStopped)
    }

    @Test func handlersOfOtherDocumentsStaySeparate() throws {
        let s = try session("|")
        try s.run("""
        seen = {}
        local doc = caret.document{text = 'x'}
        doc:on('change', function(e) seen[#seen + 1] = 'doc ' .. e.edits[1].text end)
        editor:on('change', function(e) seen[#seen + 1] = 'editor ' .. e.edits[1].text end)
        doc:insert('1') editor:insert('2') doc:insert('3')
        """)
        #expect(try s.run("return table.concat(seen, ',')") == [.string("doc 1,editor 2,doc 3")])
    }

    @Test func offRemovesAHandler() throws {
        let s = try session("|")
        try s.run("""
        count = 0
        local function f() count = count + 1 end
        local function g() count = count + 100 end
        editor:on('change', f) editor:on('change', g) editor:on('change', f)
        editor:insert('a')
        assert(editor:off('change', f) == 2)
        editor:insert('b')
        assert(editor:off('change', f) == 0)
        """)
        #expect(try s.run("return count") == [.number(202)])
    }

    @Test func unknownEventIsAnArgumentError() throws {
        let s = try session()
        #expect(scriptError(s, "editor:on('chnage', print)")?.message == "bad argument #1 to 'on' (unknown event 'chnage' (expected \"change\" or \"selection\"))")
    }

    @Test func macrosRecordAndPlay() throws {
        let s = try session("a\nb\nc|")
        try s.run("""
        editor:select(0)
        editor:macro_start('q')
        editor:key('cmd+right')
        editor:insert(';')
        editor:toggle('bold')
        editor:insert('!')
        assert(editor:macro_stop() == 4)
        editor:macro_play('q', {at = {6, 4}})
        """)
        #expect(Markup.print(s.main.editor.text) == "a;{bold:!}\nb;{bold:!}\nc;{bold:!}")
        try s.run("editor:select(0) editor:macro_play('q', {times = 2})")
        #expect(s.main.editor.text.string.hasPrefix("a;!;!;!\n"))
        #expect(scriptError(s, "editor:macro_play('zz')")?.message == "no macro named 'zz'")
    }

    @Test func expectComparesTheWholeStateWithADiff() throws {
        let s = try session("ab|")
        try s.run("caret.expect('ab|') caret.expect('ab') editor:expect('ab|')")
        let error = scriptError(s, "editor:insert('c')\ncaret.expect('abX|')")
        #expect(error?.description.hasPrefix("""
        script.lua:2: expectation failed: the editor does not show the expected document (the text differs)
        --- expected
        +++ actual
        @@ -1 +1 @@
        -abX|
        +abc|
        """) == true)
        #expect(s.failedExpectations.count == 1)
        // The message names what differs: attributes, selection (direction included), typing attributes.
        let t = try session("ab|")
        func failure(_ markup: String) -> String? {
            scriptError(t, "caret.expect('\(markup)')")?.message.split(separator: "\n").first.map(String.init)
        }
        #expect(failure("{bold:a}b|") == "expectation failed: the editor does not show the expected document (the attributes differ)")
        #expect(failure("a|b") == "expectation failed: the editor does not show the expected document (the selection differs)")
        #expect(failure("ab|<bold>") == "expectation failed: the editor does not show the expected document (the typing attributes differ)")
        #expect(failure("{bold:a}|b") == "expectation failed: the editor does not show the expected document (the attributes and the selection differ)")
        #expect(failure("a😀") == "expectation failed: the editor does not show the expected document (the text differs)")
        try t.run("editor:select(2, 0)")
        #expect(failure("|ab^") == nil)
        #expect(failure("^ab|") == "expectation failed: the editor does not show the expected document (the selection differs)")
    }

    @Test func recordingWritesEveryCommandTheScriptRuns() throws {
        let s = try session("hello|")
        let sink = TraceMemorySink()
        try s.main.startRecording(to: sink)
        try s.run("editor:toggle('bold') editor:insert('!') editor:select(0, 5) editor:run('toggleItalic') editor:advance_clock(1) editor:undo()")
        #expect(sink.lines.dropFirst().joined(separator: "\n") == """
        {"command":"toggleBold"}
        {"text":"!"}
        {"select":[0,5]}
        {"command":"toggleItalic"}
        {"wait":1}
        {"undo":1}
        """)
        let replayed = try TraceReplay.play(Array(sink.text.utf8), file: "t", check: true).player.editor
        #expect(Markup.print(replayed.state) == s.main.markup)
    }

    @Test func unknownMethodsAndFieldsAreErrors() throws {
        let s = try session()
        #expect(scriptError(s, "editor:lenght()")?.message == "Editor has no field or method 'lenght'; did you mean 'length'?")
        #expect(scriptError(s, "editor.x = 1")?.message == "Editor has no field 'x'")
        #expect(try s.run("return getmetatable(editor), tostring(editor)") == [.string("Editor"), .string("Editor(length 0, selection 0->0)")])
        #expect(scriptError(s, "editor.length(1)")?.message == "bad self to 'length' (Editor expected, got number; call methods with ':')")
    }

    @Test func argumentsBecomeTheArgTable() throws {
        let s = try session(arguments: ["one", "two"])
        #expect(try s.run("return arg[0], #arg, arg[1], arg[2]") == [.string("script.lua"), .number(2), .string("one"), .string("two")])
    }
}
