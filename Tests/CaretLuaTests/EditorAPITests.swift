import CaretCore
import CaretFormats
import Testing
@testable import CaretLua

/// A session over `markup` that runs `script` and returns the editor's markup afterwards.
func session(_ markup: String = "", options: LuaRuntimeOptions = LuaRuntimeOptions(), arguments: [String] = []) throws -> ScriptSession {
    try ScriptSession(document: try Markup.parse(markup), options: options, arguments: arguments)
}

func scriptError(_ session: ScriptSession, _ source: String) -> LuaScriptError? {
    do { try session.run(source) } catch { return error }
    return nil
}

@Suite struct EditorAPIReadingTests {
    @Test func textLengthSelectionAreUTF16() throws {
        let s = try session("h😀^llo|")
        #expect(try s.run("return editor:text(), editor:length(), #editor:text()") == [.string("h😀llo"), .number(6), .number(8)])
        #expect(try s.run("return editor:selection()") == [.number(3), .number(6)])
        #expect(try s.run("return editor:selected_range()") == [.number(3), .number(3)])
        #expect(try s.run("return editor:selected_text(), editor:text(1, 2)") == [.string("llo"), .string("😀")])
    }

    @Test func runsAndAttributes() throws {
        let s = try session("ab{bold fontSize=14:cd}e|")
        let source = """
        local out = {}
        for _, run in ipairs(editor:runs()) do
          local keys = {}
          for k, v in pairs(run.attributes) do keys[#keys + 1] = k .. '=' .. tostring(v) end
          out[#out + 1] = run.location .. ':' .. run.length .. ':' .. run.text .. ':' .. table.concat(keys, ',')
        end
        return table.concat(out, ' ')
        """
        #expect(try s.run(source) == [.string("0:2:ab: 2:2:cd:bold=true,fontSize=14 4:1:e:")])
        #expect(try s.run("return #editor:runs(1, 2), editor:runs(1, 2)[2].text") == [.number(2), .string("c")])
        #expect(try s.run("return editor:attributes_at(2).bold, editor:attributes_at(0).bold") == [.boolean(true), .nil])
        #expect(try s.run("editor:select(1, 3) return editor:trait_state('bold')") == [.string("mixed")])
        #expect(try s.run("editor:select(3) return editor:typing_attributes().fontSize") == [.number(14)])
    }

    @Test func linesAndConversions() throws {
        let s = try session("ab\ncd😀e|")
        #expect(try s.run("return editor:line_column(5)") == [.number(1), .number(2)])
        #expect(try s.run("return editor:offset_at(1, 4), editor:line_count()") == [.number(7), .number(2)])
        #expect(try s.run("return editor:line_range(1)") == [.number(3), .number(5)])
        #expect(try s.run("return caret.utf16_to_byte('a😀b', 3), caret.byte_to_utf16('a😀b', 6), caret.utf16_length('a😀b')")
                == [.number(6), .number(3), .number(4)])
        #expect(try s.run("return editor:utf16_to_byte(5), editor:byte_to_utf16(10)") == [.number(6), .number(7)])
        #expect(scriptError(s, "editor:byte_to_utf16(8)")?.message == "bad argument #1 to 'byte_to_utf16' (byte index 8 is not the start of a character (valid 1...11, 1-based bytes))")
        #expect(scriptError(s, "caret.utf16_to_byte('a😀b', 2)")?.message == "bad argument #2 to 'utf16_to_byte' (offset 2 is inside a surrogate pair (valid 0...4, UTF-16))")
        #expect(scriptError(s, "caret.byte_to_utf16('a😀b', 3)")?.message == "bad argument #2 to 'byte_to_utf16' (byte index 3 is not the start of a character (valid 1...7, 1-based bytes))")
    }

    @Test func findReturnsRanges() throws {
        let s = try session("one two One|")
        #expect(try s.run("local m = editor:find('one', {case_insensitive = true}) return #m, m[2].location, m[2].length") == [.number(2), .number(8), .number(3)])
        #expect(try s.run("return #editor:find('o.', {regex = true})") == [.number(2)])
    }
}

@Suite struct EditorAPIWritingTests {
    @Test func convertedTraceCallsWork() throws {
        let s = try session("Hello|")
        try s.run("""
        editor:insert(' world')
        editor:key('shift+alt+left')
        editor:key('cmd+b')
        editor:select(0, 5)
        editor:run('replaceRange', { location = 0, length = 5, text = 'Howdy' })
        editor:paste('{underline:!}')
        editor:undo()
        editor:redo()
        editor:advance_clock(2.5)
        editor:insert('x')
        """)
        #expect(s.main.markup == "{underline:!x}| {bold:world}")
        #expect(s.runtime.virtualTime == 2.5)
    }

    @Test func offsetErrorsSayTheUnit() throws {
        let s = try session("Hello world!|")
        #expect(scriptError(s, "editor:select(40)")?.headline == "script.lua:1: bad argument #1 to 'select' (offset 40 is past the end (length 12, UTF-16))")
        #expect(scriptError(s, "editor:select(0, -1)")?.message == "bad argument #2 to 'select' (offset -1 is negative (valid 0...12, UTF-16))")
        #expect(scriptError(s, "editor:select('1')")?.message == "bad argument #1 to 'select' (integer UTF-16 offset expected, got string)")
        #expect(scriptError(s, "editor:replace(10, 5, 'x')")?.message.hasPrefix("bad argument #2 to 'replace' (the range 10..<15 ends outside the text") == true)
        #expect(scriptError(s, "editor:toggle('bolt')")?.message == "bad argument #1 to 'toggle' (unknown trait 'bolt' (expected one of bold, italic, underline, strikethrough, code))")
        #expect(scriptError(s, "editor:run('moveLefft')")?.message == "unknown command 'moveLefft'; did you mean 'moveLeft'?")
        let surrogate = try session("a😀|")
        #expect(scriptError(surrogate, "editor:select(2)")?.message == "bad argument #1 to 'select' (offset 2 is inside a surrogate pair (valid 0...3, UTF-16))")
    }

    @Test func formattingOverRanges() throws {
        let s = try session("Hello world|")
        try s.run("editor:set_attribute(0, 5, 'bold', true) editor:merge_attributes(6, 5, {italic = true, fontSize = 20})")
        #expect(s.main.markup == "{bold:Hello} {italic fontSize=20:world}|<>")
        try s.run("editor:set_attributes(0, 11, {underline = true})")
        #expect(s.main.markup == "{underline:Hello world}|<>")
        try s.run("editor:remove_attribute(0, 5, 'underline')")
        #expect(s.main.markup == "Hello{underline: world}|<>")
        try s.run("editor:select(0, 5) editor:toggle('italic')")
        #expect(try s.run("return editor:trait_state('italic')") == [.string("on")])
        #expect(scriptError(s, "editor:set_attribute(0, 1, 'fontSize', 'big')")?.message.hasPrefix("bad argument #4 to 'set_attribute'") == true)
    }

    @Test func documentsFromTextMarkupAndJSON() throws {
        let s = try session()
        #expect(try s.run("return caret.document{text = 'a{b'}:markup()") == [.string("a\\{b|")])
        #expect(try s.run("return caret.document{markup = '{bold:x}|y'}:selection()") == [.number(1), .number(1)])
        #expect(try s.run(#"return caret.document{json = '{"text":"hi","runs":[{"length":2,"attributes":{"bold":true}}]}'}:markup()"#) == [.string("{bold:hi}|")])
        #expect(scriptError(s, "caret.document{markup = '{bold:x'}")?.message.hasPrefix("bad argument #1 to 'document' (the markup does not parse: 1:") == true)
        #expect(try s.run("local d = caret.document{text = 'x'} d:insert('y') return d:text(), editor:text()") == [.string("xy"), .string("")])
    }
}
