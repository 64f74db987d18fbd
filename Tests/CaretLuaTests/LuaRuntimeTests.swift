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
        #expect(error.headline == "script.lua:2: bad argument #1 to 'select' (integer UTF-16 offset expected, got string)")
        #expect(error.chunkName == "script.lua")
        #expect(error.line == 2)
        let second = try #require(throws: LuaScriptError.self) { try lua.run("t.select(1, 2.5)") }
        #expect(second.message == "bad argument #2 to 'select' (integer UTF-16 length or nil expected, got number 2.5)")
        let missing = try #require(throws: LuaScriptError.self) { try lua.run("t.upper()") }
        #expect(missing.message == "bad argument #1 to 'upper' (string expected, got no value)")
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

/// Host functions called from JIT-compiled Lua loops, in the shapes caret-bench's call-overhead
/// benchmark times (no arguments returning an integer, a string, an integer and a string): every
/// call arrives with its arguments, results come back, and a bad argument in the middle of a hot
/// loop stops it there with a located error.
@Suite struct LuaHostCallLoopTests {
    final class Sink {
        var reads = 0
        var bytes = 0
        var offsets = 0
    }

    static func runtime(_ sink: Sink) throws -> LuaRuntime {
        let api = LuaAPI(modules: [LuaModule("probe", doc: "Probes.", functions: [
            LuaAPIEntry("read", returns: [LuaReturn(.integer())], doc: "Counts and returns the count.") { call in
                sink.reads += 1
                call.push(sink.reads)
                return 1
            },
            LuaAPIEntry("write", parameters: [LuaParameter("text", .string)], doc: "Adds up UTF-8 bytes.") { call in
                sink.bytes += try call.withUTF8(1) { $0.count }
                return 0
            },
            LuaAPIEntry("insert", parameters: [LuaParameter("offset", .integer(unit: "UTF-16 offset")), LuaParameter("text", .string)],
                        doc: "Adds up offsets and bytes.") { call in
                let offset = try call.integer(1)
                sink.bytes += try call.withUTF8(2) { $0.count }
                sink.offsets += offset
                return 0
            },
        ])])
        let lua = try LuaRuntime(options: LuaRuntimeOptions(memoryLimit: nil), api: api)
        try lua.run("""
            function loop(n, bad)
              local read, write, insert = probe.read, probe.write, probe.insert
              local last = 0
              for i = 1, n do
                last = read()
                write("é😀")
                if i == bad then insert("x", i) else insert(i, "x") end
              end
              return last
            end
            """, chunkName: "loop.lua")
        return lua
    }

    /// 20,000 iterations: far past LuaJIT's hot-loop threshold, so most calls come from compiled code.
    @Test func everyCallArrivesWithItsArguments() throws {
        let sink = Sink()
        let lua = try Self.runtime(sink)
        let n = 20_000
        #expect(try lua.call("loop", [.number(Double(n)), .number(-1)]) == [.number(Double(n))])
        #expect(sink.reads == n)
        #expect(sink.bytes == n * ("é😀".utf8.count + 1))
        #expect(sink.offsets == n * (n + 1) / 2)
    }

    @Test func aBadArgumentStopsTheLoopWhereItIs() throws {
        let sink = Sink()
        let lua = try Self.runtime(sink)
        #expect {
            try lua.call("loop", [.number(20_000), .number(12_345)])
        } throws: { error in
            guard let error = error as? LuaScriptError else { return false }
            return error.message.contains("offset") && error.message.contains("string") && error.line == 7
        }
        #expect(sink.reads == 12_345)
        #expect(sink.offsets == 12_344 * 12_345 / 2)
        // The runtime is still usable after the error.
        #expect(try lua.call("loop", [.number(3), .number(-1)]) == [.number(12_348)])
    }
}
