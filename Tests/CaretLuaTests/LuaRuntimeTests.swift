import Testing
@testable import CaretLua

/// A tiny module for exercising calls and argument errors.
func testModule() -> LuaAPI {
    LuaAPI(modules: [
        LuaModule("t", doc: "Test helpers.", functions: [
            LuaAPIEntry(
                "select",
                parameters: [
                    LuaParameter("start", .integer(unit: "UTF-16 offset")),
                    LuaParameter("length", .optional(.integer(unit: "UTF-16 length"))),
                ],
                returns: [LuaReturn(.integer())],
                doc: "Returns start + length."
            ) { call in
                call.push(try call.integer(1) + (try call.optionalInteger(2) ?? 0))
                return 1
            },
            LuaAPIEntry("upper", parameters: [LuaParameter("text", .string)], returns: [LuaReturn(.string)], doc: "Uppercases.") { call in
                call.push(try call.string(1).uppercased())
                return 1
            },
            LuaAPIEntry("fail", doc: "Always fails.") { _ in throw LuaCallError("it failed") },
        ]),
    ])
}

@Suite struct LuaRuntimeTests {
    @Test func runReturnsValues() throws {
        let lua = try LuaRuntime()
        let values = try lua.run("return 1 + 2, 'x', true, nil, {}")
        #expect(values == [.number(3), .string("x"), .boolean(true), .nil, .other("table")])
    }

    @Test func printGoesToTheHost() throws {
        let lua = try LuaRuntime()
        try lua.run("print('a', 1, nil, true)\nprint()")
        #expect(lua.printedLines == ["a\t1\tnil\ttrue", ""])
        var lines: [String] = []
        lua.printHandler = { lines.append($0) }
        try lua.run("print('to handler')")
        #expect(lines == ["to handler"])
    }

    @Test func hostFunctionsReceiveAndReturn() throws {
        let lua = try LuaRuntime(api: testModule())
        #expect(try lua.run("return t.select(3, 4), t.select(5), t.upper('abc')") == [.number(7), .number(5), .string("ABC")])
    }

    @Test func argumentErrorsNameFunctionNumberAndType() throws {
        let lua = try LuaRuntime(api: testModule())
        let error = try #require(throws: LuaScriptError.self) { try lua.run("local x = 1\nt.select('a')", chunkName: "script.lua") }
        #expect(error.kind == .runtime)
        #expect(error.headline == "script.lua:2: bad argument #1 to 'select': expected an integer UTF-16 offset, got string")
        #expect(error.chunkName == "script.lua")
        #expect(error.line == 2)
        let second = try #require(throws: LuaScriptError.self) { try lua.run("t.select(1, 2.5)") }
        #expect(second.message == "bad argument #2 to 'select': expected an integer UTF-16 length or nil, got number 2.5")
        let missing = try #require(throws: LuaScriptError.self) { try lua.run("t.upper()") }
        #expect(missing.message == "bad argument #1 to 'upper': expected a string, got no value")
    }

    @Test func thrownHostErrorsCarryTheCallersLine() throws {
        let lua = try LuaRuntime(api: testModule())
        let error = try #require(throws: LuaScriptError.self) {
            try lua.run("local function f()\n  t.fail()\nend\nf()\n", chunkName: "fix.lua")
        }
        #expect(error.headline == "fix.lua:2: it failed")
        #expect(error.traceback == ["fix.lua:2: in function 'f'", "fix.lua:4: in main chunk"])
        #expect(error.description == "fix.lua:2: it failed\nstack traceback:\n\tfix.lua:2: in function 'f'\n\tfix.lua:4: in main chunk")
    }

    @Test func hostErrorsAreCatchableByPcall() throws {
        let lua = try LuaRuntime(api: testModule())
        let values = try lua.run("local ok, err = pcall(t.fail)\nreturn ok, err")
        #expect(values == [.boolean(false), .string("it failed")])
    }

    @Test func syntaxErrors() throws {
        let lua = try LuaRuntime()
        let error = try #require(throws: LuaScriptError.self) { try lua.run("x = = 1", chunkName: "bad.lua") }
        #expect(error.kind == .syntax)
        #expect(error.chunkName == "bad.lua")
        #expect(error.line == 1)
        #expect(error.message.contains("unexpected symbol"))
    }

    @Test func errorWithTableValueAndLevels() throws {
        let lua = try LuaRuntime()
        let table = try #require(throws: LuaScriptError.self) { try lua.run("error({})") }
        #expect(table.message == "(error object is a table value)")
        #expect(table.line == 1)
        let leveled = try #require(throws: LuaScriptError.self) {
            try lua.run("local function check(x)\n  error('bad x', 2)\nend\ncheck(1)\n", chunkName: "s.lua")
        }
        #expect(leveled.headline == "s.lua:4: bad x")
    }

    @Test func callGlobalFunctions() throws {
        let lua = try LuaRuntime()
        try lua.run("function add(a, b) return a + b end")
        #expect(try lua.call("add", [.number(2), .number(3)]) == [.number(5)])
        let error = try #require(throws: LuaScriptError.self) { try lua.call("missing") }
        #expect(error.message == "global 'missing' is not a function (a nil value)")
        lua.setGlobal("name", .string("caret"))
        #expect(try lua.run("return name") == [.string("caret")])
        #expect(lua.global("name") == .string("caret"))
    }

    @Test func errorsInsideLoadedChunksPointAtTheUsersFrame() throws {
        let lua = try LuaRuntime()
        let error = try #require(throws: LuaScriptError.self) {
            try lua.run("local f = load('error(\\'inner\\')', '=inner')\nf()\n", chunkName: "outer.lua")
        }
        #expect(error.message == "inner:1: inner")
        #expect(error.chunkName == "outer.lua")
        #expect(error.line == 2)
        #expect(error.traceback == ["inner:1: in function 'f'", "outer.lua:2: in main chunk"])
    }

    @Test func longChunkNamesSurviveLuaJITsTruncation() throws {
        let lua = try LuaRuntime()
        let path = "/very/long/directory/name/that/goes/on/and/on/for/a/while/scripts/fix-headings.lua"
        let error = try #require(throws: LuaScriptError.self) {
            try lua.run("local function f()\n  error('boom')\nend\nf()", chunkName: path)
        }
        #expect(error.headline == "\(path):2: boom")
        #expect(error.traceback == ["\(path):2: in function 'f'", "\(path):4: in main chunk"])
    }

    @Test func hostFunctionsCannotReenter() throws {
        let api = LuaAPI(modules: [LuaModule("r", doc: "", functions: [
            LuaAPIEntry("again", doc: "Re-enters.") { call in
                do { try call.runtime.run("return 1") } catch { throw LuaCallError("\(error)") }
                return 0
            },
        ])])
        let lua = try LuaRuntime(api: api)
        let error = try #require(throws: LuaScriptError.self) { try lua.run("r.again()") }
        #expect(error.message == "run/call cannot be used from inside a host function")
    }

    @Test func bytecodeIsRefused() throws {
        let lua = try LuaRuntime()
        let error = try #require(throws: LuaScriptError.self) { try lua.run("\u{1B}LuaJ") }
        #expect(error.message == "binary chunks are not available in the sandbox")
        #expect(try lua.run("return load('\\27LuaJ')") == [.nil, .string("binary chunks are not available in the sandbox")])
        #expect(try lua.run("return load('return 1 + 1')()") == [.number(2)])
        #expect(try lua.run("return loadstring('return 3')()") == [.number(3)])
        #expect(try lua.run("local parts = {'return ', '4'}; local i = 0\nreturn load(function() i = i + 1; return parts[i] end)()") == [.number(4)])
    }
}

@Suite struct LuaBenchmarkSmokeTests {
    /// Only checks that the benchmark runs; timings are measured in release builds, never asserted.
    @Test func callOverheadRuns() throws {
        let result = try LuaRuntimeBenchmarks.callOverhead(iterations: 1000)
        #expect(result.readNs > 0 && result.writeNs > 0 && result.insertNs > 0)
    }
}
