import Testing
@testable import CaretLua

@Suite struct LuaSandboxTests {
    func message(_ lua: LuaRuntime, _ source: String) throws -> String {
        let error = try #require(throws: LuaScriptError.self) { try lua.run(source) }
        return error.message
    }

    @Test(arguments: [
        ("io.open('x')", "io.open is not available in the sandbox"),
        ("os.execute('ls')", "os.execute is not available in the sandbox"),
        ("os.getenv('HOME')", "os.getenv is not available in the sandbox"),
        ("package.path = ''", "the package table is read-only in the sandbox"),
        ("local x = package.loaded", "package.loaded is not available in the sandbox"),
        ("require('os')", "require is not available in the sandbox"),
        ("dofile('x.lua')", "dofile is not available in the sandbox"),
        ("loadfile('x.lua')", "loadfile is not available in the sandbox"),
        ("debug.getinfo(1)", "debug.getinfo is not available in the sandbox"),
        ("ffi.cdef('int x;')", "ffi.cdef is not available in the sandbox"),
        ("jit.off()", "jit.off is not available in the sandbox"),
        ("string.dump(print)", "string.dump is not available in the sandbox"),
        ("setfenv(1, {})", "setfenv is not available in the sandbox"),
        ("getfenv(1)", "getfenv is not available in the sandbox"),
        ("newproxy(true)", "newproxy is not available in the sandbox"),
        ("module('m')", "module is not available in the sandbox"),
        ("collectgarbage()", "collectgarbage(\"collect\") is not available in the sandbox (only \"count\" is)"),
        ("collectgarbage('stop')", "collectgarbage(\"stop\") is not available in the sandbox (only \"count\" is)"),
    ])
    func blockedThingsSayWhy(source: String, expected: String) throws {
        let lua = try LuaRuntime()
        #expect(try message(lua, source) == expected)
    }

    /// The functions the sandbox wraps still report errors under their own names, at the user's line.
    @Test(arguments: [
        ("local x = string.format('%d', 'x')", "script.lua:1: bad argument #2 to 'format' (number expected, got string)"),
        ("local x = ('%s %s'):format(1)", "script.lua:1: bad argument #3 to 'format' (value expected)"),
        ("local x = tostring()", "script.lua:1: bad argument #1 to 'tostring' (value expected)"),
        ("local x = pcall()", "script.lua:1: bad argument #1 to 'pcall' (value expected)"),
        ("local x = xpcall(print)", "script.lua:1: bad argument #2 to 'xpcall' (value expected)"),
        ("local x = coroutine.resume(1)", "script.lua:1: bad argument #1 to 'resume' (coroutine expected, got number)"),
        ("local x = ('x'):gsub()", "script.lua:1: bad argument #1 to 'gsub' (string expected, got no value)"),
    ])
    func wrappedFunctionsKeepTheirNames(source: String, expected: String) throws {
        let lua = try LuaRuntime()
        let error = try #require(throws: LuaScriptError.self) { try lua.run(source) }
        #expect(error.headline == expected)
    }

    @Test func coroutinesMayYieldAcrossPcall() throws {
        let lua = try LuaRuntime()
        let values = try lua.run("""
            local co = coroutine.wrap(function()
              local ok, v = pcall(function() return coroutine.yield(1) + 1 end)
              local ok2, v2 = xpcall(function() return coroutine.yield(v) * 10 end, debug and print)
              return v2
            end)
            return co(), co(5), co(7)
            """)
        #expect(values == [.number(1), .number(6), .number(70)])
    }

    @Test func blockedMetatablesAreProtected() throws {
        let lua = try LuaRuntime()
        #expect(try lua.run("return getmetatable(io)") == [.string("the io table is protected")])
        #expect(try message(lua, "setmetatable(io, nil)").contains("cannot change a protected metatable"))
    }

    @Test func allowedLibrariesWork() throws {
        let lua = try LuaRuntime()
        let values = try lua.run("""
            return string.format('%d-%s', 4, ('ab'):upper()), table.concat({1, 2}, ','), math.floor(2.5),
                   bit.band(6, 3), coroutine.wrap(function() coroutine.yield(7) end)(), select('#', 1, 2),
                   type(collectgarbage('count'))
            """)
        #expect(values == [.string("4-AB"), .string("1,2"), .number(2), .number(2), .number(7), .number(2), .string("number")])
    }

    @Test func globalsAreAnAllowList() throws {
        let lua = try LuaRuntime()
        let names = try lua.run("""
            local names = {}
            for k in pairs(_G) do names[#names + 1] = k end
            table.sort(names)
            return table.concat(names, ' ')
            """)
        #expect(names == [.string(
            "_G _VERSION assert bit caret collectgarbage coroutine debug dofile error ffi gcinfo getfenv getmetatable io ipairs jit load loadfile loadstring math module newproxy next os package pairs pcall print rawequal rawget rawset require select setfenv setmetatable string table tonumber tostring type unpack xpcall"
        )])
    }

    @Test func stringMetatableCannotBeTamperedWith() throws {
        let lua = try LuaRuntime()
        #expect(try lua.run("return getmetatable('')") == [.string("the string metatable is protected")])
        // Replacing a function in the global string table does not change string methods.
        #expect(try lua.run("string.upper = function() return 'evil' end\nreturn ('x'):upper()") == [.string("X")])
        #expect(try message(lua, "return ('x'):dump()") == "string.dump is not available in the sandbox")
    }

    @Test func virtualOsReadsTheHostClock() throws {
        let lua = try LuaRuntime(options: LuaRuntimeOptions(virtualTime: 1_700_000_000))
        #expect(try lua.run("return os.time(), os.clock()") == [.number(1_700_000_000), .number(0)])
        lua.virtualTime += 2.5
        #expect(try lua.run("return os.time(), os.clock()") == [.number(1_700_000_002), .number(2.5)])
        #expect(try lua.run("return os.date('%Y-%m-%d %H:%M:%S')") == [.string("2023-11-14 22:13:22")])
        #expect(try lua.run("return os.date('!%Y', 0), os.date('*t', 86400).day, os.date('*t').year") == [.string("1970"), .number(2), .number(2023)])
        #expect(try lua.run("return os.time({year = 2000, month = 1, day = 1, hour = 0})") == [.number(946_684_800)])
        #expect(try lua.run("return os.time({year = 2024, month = 14, day = 1, hour = 0}) == os.time({year = 2025, month = 2, day = 1, hour = 0})") == [.boolean(true)])
        #expect(try message(lua, "os.date('%Ez')").contains("invalid conversion specifier '%E'"))
    }

    @Test func randomIsSeededByTheHost() throws {
        let script = "local t = {} for i = 1, 5 do t[i] = math.random(1000) end return table.concat(t, ',')"
        let a = try LuaRuntime(options: LuaRuntimeOptions(seed: 42)).run(script)
        let b = try LuaRuntime(options: LuaRuntimeOptions(seed: 42)).run(script)
        let c = try LuaRuntime(options: LuaRuntimeOptions(seed: 43)).run(script)
        #expect(a == b)
        #expect(a != c)
    }
}
