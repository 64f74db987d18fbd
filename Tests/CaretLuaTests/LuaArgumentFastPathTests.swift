import Testing
@testable import CaretLua

/// The readers answer from what the C argument check saw of each argument (type, number, string
/// bytes) when the entry's parameters were checked, and from LuaJIT otherwise. Both ways must
/// agree at every edge: integral values at the ends of Int's range, -0, NaN, infinities, strings
/// with NUL and non-ASCII bytes, absent optionals, and entries with more parameters than the
/// buffer describes.
@Suite struct LuaArgumentFastPathTests {
    /// `echo(i, n, s, flag)` returns its arguments as the readers see them, its parameters
    /// checked before it runs; `loose` declares them `any`, so the readers' own checks decide from
    /// what the checker saw; `wide` declares ten `any` parameters (more than the checker
    /// describes), so the readers ask LuaJIT.
    static func api() -> LuaAPI {
        // Reads every argument before pushing (a pushed result takes the slot after the last
        // argument, where an absent one would be read).
        let echo: LuaHostFunction = { call in
            let values: [LuaValue] = [
                .number(Double(try call.integer(1))), .number(try call.number(2)), .string(try call.string(3)),
                call.isNil(4) ? .string("absent") : .number(Double(try call.integer(4))),
            ]
            for value in values { call.push(value) }
            return 4
        }
        let typed = [
            LuaParameter("i", .integer()), LuaParameter("n", .number()), LuaParameter("s", .string),
            LuaParameter("flag", .optional(.integer())),
        ]
        return LuaAPI(modules: [LuaModule("f", doc: "", functions: [
            LuaAPIEntry("echo", parameters: typed, doc: "Echoes.", function: echo),
            LuaAPIEntry("loose", parameters: (1...4).map { LuaParameter("a\($0)", .any) }, doc: "Echoes.", function: echo),
            LuaAPIEntry("wide", parameters: (1...10).map { LuaParameter("a\($0)", .any) }, doc: "Echoes.", function: echo),
        ])])
    }

    @Test(arguments: ["echo", "loose", "wide"])
    func goodArgumentsReadTheSameEveryWay(_ name: String) throws {
        let lua = try LuaRuntime(api: Self.api())
        #expect(try lua.run("return f.\(name)(-0.0, 1.5, 'a\\0b', nil)") == [.number(0), .number(1.5), .string("a\u{0}b"), .string("absent")])
        #expect(try lua.run("return f.\(name)(-2^63, -1/0, 'é😀', 7)") == [.number(-0x1p63), .number(-.infinity), .string("é😀"), .number(7)])
        #expect(try lua.run("return f.\(name)(2^53, 0, '')") == [.number(0x1p53), .number(0), .string(""), .string("absent")])
    }

    @Test func badArgumentsGetTheSameErrorsEveryWay() throws {
        let lua = try LuaRuntime(api: Self.api())
        // NaN is left out: its sign, and so its description, differs between machines.
        for (value, got) in [("2^63", "number 9.223372036854776e+18"), ("-2^63 - 2^11", "number -9.223372036854778e+18"), ("-1/0", "number -inf"),
                             ("1.5", "number 1.5"), ("'1'", "string"), ("nil", "nil")] {
            let checked = try #require(throws: LuaScriptError.self) { try lua.run("f.echo(\(value), 1, 's')") }
            #expect(checked.message == "bad argument #1 to 'echo' (integer expected, got \(got))", "echo(\(value))")
            for name in ["loose", "wide"] {
                let read = try #require(throws: LuaScriptError.self) { try lua.run("f.\(name)(\(value), 1, 's')") }
                #expect(read.message == "bad argument #1 to '\(name)' (value expected, got \(got))", "\(name)(\(value))")
            }
        }
        for name in ["echo", "loose", "wide"] {
            let nan = try #require(throws: LuaScriptError.self) { try lua.run("f.\(name)(0/0, 1, 's')") }
            #expect(nan.message.hasPrefix("bad argument #1 to '\(name)' (") && nan.message.hasSuffix("nan)"), "\(nan.message)")
        }
        for name in ["loose", "wide"] {
            let number = try #require(throws: LuaScriptError.self) { try lua.run("f.\(name)(1, '1', 's')") }
            #expect(number.message == "bad argument #2 to '\(name)' (value expected, got string)")
            let string = try #require(throws: LuaScriptError.self) { try lua.run("f.\(name)(1, 1, 2)") }
            #expect(string.message == "bad argument #3 to '\(name)' (value expected, got number)")
        }
        let string = try #require(throws: LuaScriptError.self) { try lua.run("f.echo(1, 1, 2)") }
        #expect(string.message == "bad argument #3 to 'echo' (string expected, got number)")
        let optional = try #require(throws: LuaScriptError.self) { try lua.run("f.echo(1, 1, 's', 0.5)") }
        #expect(optional.message == "bad argument #4 to 'echo' (integer or nil expected, got number 0.5)")
        let extra = try #require(throws: LuaScriptError.self) { try lua.run("f.echo(1, 1, 's', nil, 5)") }
        #expect(extra.message == "bad argument #5 to 'echo' (no value ('echo' takes at most 4 arguments) expected, got number)")
    }

    /// Editor methods take their receiver from the checker; called with `.` or on another object,
    /// the error is the one the receiver reader words.
    @Test func editorMethodsFindTheirReceiver() throws {
        let session = try ScriptSession()
        #expect(try session.run("editor:replace(0, 0, 'héllo') return editor:length(), editor:text()") == [.number(5), .string("héllo")])
        let dot = try #require(throws: LuaScriptError.self) { try session.run("editor.replace(0, 0, 'x')") }
        #expect(dot.message.contains("bad self to 'replace'"))
        let other = try #require(throws: LuaScriptError.self) { try session.run("editor.length({})") }
        #expect(other.message.contains("bad self to 'length'"))
    }
}
