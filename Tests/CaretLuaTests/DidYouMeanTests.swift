import CaretCore
import CaretFormats
import Testing
@testable import CaretLua

/// A missing method or field of an editor, a host object or the `caret` table names the nearest
/// valid one; the editor command names `editor:run` takes do too.
@Suite struct DidYouMeanTests {
    @Test func editorMethodsAndFields() throws {
        let s = try session("ab|")
        #expect(scriptError(s, "editor:toogle_bold()")?.message == "Editor has no field or method 'toogle_bold'; did you mean 'toggle_bold'?")
        #expect(scriptError(s, "editor:selct_all()")?.message == "Editor has no field or method 'selct_all'; did you mean 'select_all'?")
        #expect(scriptError(s, "return editor.lenght")?.message == "Editor has no field or method 'lenght'; did you mean 'length'?")
        #expect(scriptError(s, "editor:frobnicate()")?.message == "Editor has no field or method 'frobnicate'")
        #expect(scriptError(s, "return editor[1]")?.message == "Editor cannot be indexed with a number")
        // The error is located in the script, with its traceback.
        let error = scriptError(s, "\n\neditor:toogle_bold()")
        #expect(error?.line == 3)
    }

    @Test func commandNamesThatRunTakes() throws {
        let s = try session("ab|")
        #expect(scriptError(s, "editor:run('selct_all')")?.message == "unknown command 'selct_all'; did you mean 'selectAll'?")
        #expect(scriptError(s, "editor:run('moveLeftt')")?.message == "unknown command 'moveLeftt'; did you mean 'moveLeft'?")
    }

    @Test func theCaretTable() throws {
        let s = try session()
        #expect(scriptError(s, "caret.opne('x.caret')")?.message == "caret has no field 'opne'; did you mean 'open'?")
        #expect(scriptError(s, "return caret.nothing_like_this")?.message == "caret has no field 'nothing_like_this'")
        // Known fields, rawget and pairs are untouched; a script may still add its own.
        #expect(try s.run("return type(caret.open), rawget(caret, 'opne')") == [.string("function"), .nil])
        #expect(try s.run("caret.mine = 1; return caret.mine") == [.number(1)])
        #expect(try s.run("local n = 0; for _ in pairs(caret) do n = n + 1 end; return n > 5") == [.boolean(true)])
    }

    @Test func keyNames() throws {
        let s = try session("ab|")
        #expect(scriptError(s, "editor:key('cmd+bb')")?.message.contains("unknown key 'bb' in 'cmd+bb'; did you mean 'b'?") == true)
    }
}
