import Testing
@testable import CaretLua

@Suite struct LuaLimitTests {
    func failure(_ options: LuaRuntimeOptions, _ source: String, api: LuaAPI = LuaAPI()) throws -> (LuaScriptError, LuaRuntime) {
        let lua = try LuaRuntime(options: options, api: api)
        let error = try #require(throws: LuaScriptError.self) { try lua.run(source, chunkName: "limit.lua") }
        return (error, lua)
    }

    static let runaways = [
        "while true do end",
        "local i = 0\nwhile true do i = i + 1 end",
        "while true do pcall(function() while true do end end) end",
        "while true do xpcall(function() while true do end end, function() while true do end end) end",
        "local co = coroutine.create(function() while true do end end)\nwhile true do coroutine.resume(co) end",
        "local f = coroutine.wrap(function() while true do end end)\nwhile true do pcall(f) end",
        "for i = 1, 1e12 do local ok = pcall(error, 'x') end",
    ]

    @Test(arguments: runaways)
    func instructionLimitStopsRunaways(source: String) throws {
        let (error, lua) = try failure(LuaRuntimeOptions(instructionLimit: 1_000_000), source)
        #expect(error.kind == .instructionLimit(1_000_000))
        #expect(error.message == "instruction limit of 1000000 exceeded")
        #expect(error.chunkName == "limit.lua")
        #expect(lua.isStopped)
        let again = try #require(throws: LuaScriptError.self) { try lua.run("return 1") }
        #expect(again.kind == .stopped)
    }

    @Test(arguments: runaways)
    func timeoutStopsRunaways(source: String) throws {
        let (error, _) = try failure(LuaRuntimeOptions(timeout: 0.05), source)
        #expect(error.kind == .timeout(0.05))
        #expect(error.message == "time limit of 0.05 s exceeded")
    }

    @Test func instructionLimitIsPerEntryAndAllowsWorkBelowIt() throws {
        let lua = try LuaRuntime(options: LuaRuntimeOptions(instructionLimit: 100_000))
        for _ in 0..<5 {
            #expect(try lua.run("local s = 0 for i = 1, 1000 do s = s + i end return s") == [.number(500_500)])
        }
    }

    static let memoryHogs = [
        "local t = {}\nwhile true do t[#t + 1] = {} end",
        "local t = {}\nlocal i = 0\nwhile true do i = i + 1; t['key' .. i] = i end",
        "return string.rep('x', 1e9)",
        "return ('x'):rep(2^30)",
        "local s = 'x'\nwhile true do s = s .. s end",
        "local t = {}\nwhile true do pcall(function() t[#t + 1] = string.rep('y', 1e6) .. #t end) end",
        "while true do pcall(string.rep, 'x', 1e9) end",
        "local t = {}\nfor i = 1, 1e9 do t[i] = i end",
    ]

    @Test(arguments: memoryHogs, [true, false])
    func memoryLimitStopsHogs(source: String, jit: Bool) throws {
        let (error, lua) = try failure(LuaRuntimeOptions(memoryLimit: 32 << 20, jitEnabled: jit), source)
        #expect(error.kind == .memoryLimit(32 << 20))
        #expect(error.message == "memory limit of 32 MB exceeded")
        #expect(lua.isStopped)
        // Only the host's error reporting may allocate a little past the limit.
        #expect(lua.peakMemory <= (32 << 20) + (64 << 10))
    }

    @Test func hostOvershootTripsAfterTheHostReturns() throws {
        let big = LuaAPI(modules: [LuaModule("h", doc: "", functions: [
            LuaAPIEntry("big", doc: "A 16 MB string.") { call in
                call.push(String(repeating: "z", count: 16 << 20))
                return 1
            },
        ])])
        let (error, _) = try failure(LuaRuntimeOptions(memoryLimit: 8 << 20), "local ok = pcall(h.big)\nreturn 1", api: big)
        #expect(error.kind == .memoryLimit(8 << 20))
    }

    @Test(arguments: [true, false])
    func deepRecursionIsAStackOverflow(jit: Bool) throws {
        let (error, lua) = try failure(LuaRuntimeOptions(jitEnabled: jit), "local function f(n) return 1 + f(n + 1) end\nreturn f(1)")
        #expect(error.kind == .stackOverflow)
        #expect(error.message.contains("stack overflow"))
        #expect(error.chunkName == "limit.lua")
        // A stack overflow is an ordinary error: the runtime stays usable and pcall can catch it.
        #expect(!lua.isStopped)
        #expect(try lua.run("local function f() return 1 + f() end\nreturn (pcall(f))") == [.boolean(false)])
    }

    static let recursions = [
        "return setmetatable({}, {__index = function(t, k) return t[k] end}).x",
        "local function f(s) return (s:gsub('.', f)) end\nreturn f('ab')",
        "local function f(a, b) table.sort({3, 2, 1}, f) return a < b end\nreturn f(1, 2)",
        "local m = {}\nm.__tostring = function(x) return tostring(x) end\nreturn tostring(setmetatable({}, m))",
    ]

    /// Recursion through metamethods and C functions that call back into Lua is stopped with a
    /// stack overflow instead of crashing (string.gsub alone would exhaust the C stack first).
    @Test(arguments: recursions)
    func recursionThroughCFunctionsIsAStackOverflow(source: String) throws {
        let (error, _) = try failure(LuaRuntimeOptions(), source)
        #expect(error.kind == .stackOverflow)
    }

    @Test func gsubStillNamesItselfInArgumentErrors() throws {
        let lua = try LuaRuntime()
        let error = try #require(throws: LuaScriptError.self) { try lua.run("string.gsub('a', 'a', true)") }
        #expect(error.message == "bad argument #3 to 'gsub' (string/function/table expected)")
        #expect(try lua.run("return ('abc'):gsub('b', {b = 'B'}), string.gsub('x', 'x', function() return 'y' end)")
            == [.string("aBc"), .string("y"), .number(1)])
    }

    /// Entering again near the limit must not abort the process: the entry's own setup allocates
    /// outside protection, so it runs in the allocator's no-fail window.
    @Test func enteringNearTheLimitIsSafe() throws {
        let lua = try LuaRuntime(options: LuaRuntimeOptions(memoryLimit: 8 << 20))
        try lua.run("keep = {}\nwhile collectgarbage('count') < 8 * 1024 - 64 do keep[#keep + 1] = ('x'):rep(1000) .. #keep end")
        for _ in 0..<20 { _ = try? lua.run("local a = {} return #keep") }
        #expect(lua.memoryInUse <= (8 << 20) + (64 << 10))
    }

    @Test func limitsCombine() throws {
        let lua = try LuaRuntime(options: LuaRuntimeOptions(instructionLimit: 50_000_000, memoryLimit: 16 << 20, timeout: 5))
        let error = try #require(throws: LuaScriptError.self) { try lua.run("local t = {} while true do t[#t+1] = 'x' .. #t end") }
        #expect(error.kind == .memoryLimit(16 << 20))
    }
}
