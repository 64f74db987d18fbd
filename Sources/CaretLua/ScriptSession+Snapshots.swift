import CLuaJIT
import CaretCore
import CaretFormats
import CaretReplay

/// One `caret.expect`/`editor:expect` call a test made in update mode (`caret test --update`).
public struct ExpectationRecord: Equatable, Sendable {
    /// The Lua chunk source of the calling function (`@name`), as `lua_getinfo` gives it.
    public var source: String
    /// The line Lua reports for the call (1-based).
    public var line: Int
    /// The markup the call was given.
    public var expected: String
    /// What the editor showed, printed as the expectation compares it: the text and runs, plus the
    /// selection and typing attributes when `expected` had a selection. Nil when it held.
    public var actual: String?
    /// The failure message with its diff (nil when it held).
    public var failure: String?
}

extension ScriptSession {
    /// Logs an expectation instead of raising: its caller's position, what it expected and what
    /// the editor shows when they differ. Markup that does not parse fails like a mismatch (so
    /// that `--update` replaces it), with the whole state as what the editor shows.
    func logExpectation(_ markup: String, call: LuaCall, editor: Editor) throws {
        var failure: String?
        var actual: String?
        do {
            failure = try ScriptSession.expectation(markup, editor: editor)
            if failure != nil {
                let expected = try Markup.parse(markup)
                actual = expected.selection == nil ? Markup.print(DocumentState(text: editor.text)) : Markup.print(editor.state)
            }
        } catch let error as LuaCallError {
            failure = error.message
            actual = Markup.print(editor.state)
        }
        let (source, line) = ScriptSession.callerPosition(call.state)
        expectationLog?.append(ExpectationRecord(source: source, line: line, expected: markup, actual: actual, failure: failure))
    }

    /// The chunk and current line of the innermost Lua function on the stack (C functions and the
    /// runtime's own `[caret]` chunks skipped); ("", 0) when there is none.
    static func callerPosition(_ state: OpaquePointer) -> (source: String, line: Int) {
        var record = lua_Debug()
        var level: Int32 = 1
        while lua_getstack(state, level, &record) != 0 {
            level += 1
            guard lua_getinfo(state, "Sl", &record) != 0 else { break }
            let source = record.source.map { String(cString: $0) } ?? ""
            let what = record.what.map { String(cString: $0) } ?? ""
            if record.currentline <= 0 || what == "C" || source == "=[caret]" || source == "@[caret]" { continue }
            return (source, Int(record.currentline))
        }
        return ("", 0)
    }
}
